import Foundation
import RevealCore
import RevealLayout
import RevealOutput
import RevealRaster
import RevealText

/// Decodes the PAINT values that every scene file shares.
///
/// A paint is `"#RRGGBB"`, `"#RRGGBBAA"`, a SwiftUI system color name, `{"white": W}`,
/// `{"linearGradient": {...}}` or `{"image": "file.png", "contentMode": ...}`, each object with an
/// optional `"opacity"`. Image paths are relative to the scene file's folder.
package struct PaintDecoder {
    /// The folder that image paths are relative to.
    public var baseDirectory: String
    /// Images larger than this many pixels are refused.
    public var maxImagePixels: Int
    /// The files read, each image decoded once however many paints use it.
    public let inputs: SceneInputs

    public init(
        baseDirectory: String, maxImagePixels: Int = SceneLimits().maxImagePixels, inputs: SceneInputs = SceneInputs()
    ) {
        self.baseDirectory = baseDirectory
        self.maxImagePixels = maxImagePixels
        self.inputs = inputs
    }

    /// A PAINT; `extraKeys` are keys the caller reads from the same object (a view's "modifiers").
    public func paint(_ node: JSONNode, extraKeys: [String] = []) throws(SceneError) -> Paint {
        if case .string = node.value { return .color(try color(node)) }
        guard case .object(let object) = node.value else {
            throw node.error("expected a color string or a paint object, found \(node.value.kindDescription)")
        }
        // A paint object's opacity is checked by the scene's `validate`; a gray's is part of its color.
        if object["white"] != nil {
            _ = try node.object(allowedKeys: ["white", "opacity"] + extraKeys)
            return .color(try color(node, extraKeys: extraKeys))
        }
        if let gradient = node["linearGradient"] {
            _ = try node.object(allowedKeys: ["linearGradient", "opacity"] + extraKeys)
            return Paint(try linearGradient(gradient), opacity: try node["opacity"]?.number() ?? 1)
        }
        if let image = node["image"] {
            _ = try node.object(allowedKeys: ["image", "contentMode", "opacity"] + extraKeys)
            let mode =
                try node["contentMode"].map { (m: JSONNode) throws(SceneError) -> ContentFit in
                    let name = try m.string()
                    guard let mode = ContentFit(rawValue: name) else {
                        throw m.error("unknown content mode \(jsonQuoted(name)) (use fill, fit or stretch)")
                    }
                    return mode
                } ?? .fill
            return Paint(.image(try loadImage(image), mode), opacity: try node["opacity"]?.number() ?? 1)
        }
        _ = try node.object(allowedKeys: ["white", "linearGradient", "image", "contentMode", "opacity"] + extraKeys)
        throw node.error("a paint object needs \"white\", \"linearGradient\" or \"image\"")
    }

    /// A solid color: hex string, system color name, or `{"white": W, "opacity": A}`.
    public func color(_ node: JSONNode, extraKeys: [String] = []) throws(SceneError) -> RGBAColor {
        switch node.value {
        case .string(let text):
            if text.hasPrefix("#") {
                guard let color = PaintDecoder.hexColor(text) else {
                    throw node.error("\(jsonQuoted(text)) is not a color: use #RRGGBB or #RRGGBBAA")
                }
                return color
            }
            guard let color = SystemColor.named[text] else {
                let names = SystemColor.named.keys.sorted().joined(separator: ", ")
                throw node.error("unknown color \(jsonQuoted(text)) (use #RRGGBB, #RRGGBBAA or one of \(names))")
            }
            return color
        case .object:
            _ = try node.object(allowedKeys: ["white", "opacity"] + extraKeys)
            let white = try node.required("white").number(in: 0...1, what: "white")
            let opacity = try node["opacity"]?.number(in: 0...1, what: "opacity") ?? 1
            return RGBAColor(white: white, alpha: opacity)
        default:
            throw node.error("expected a color, found \(node.value.kindDescription)")
        }
    }

    package static func hexColor(_ text: String) -> RGBAColor? {
        let digits = Array(text.utf8.dropFirst())
        guard digits.count == 6 || digits.count == 8 else { return nil }
        // Only hex digits: UInt8(_:radix:) alone would take "+F" or "-0" as a byte.
        let isHexDigit = { (b: UInt8) in
            (0x30...0x39).contains(b) || (0x41...0x46).contains(b) || (0x61...0x66).contains(b)
        }
        guard digits.allSatisfy(isHexDigit) else { return nil }
        var bytes: [UInt8] = []
        for i in stride(from: 0, to: digits.count, by: 2) {
            guard let byte = UInt8(String(decoding: digits[i..<i + 2], as: UTF8.self), radix: 16) else { return nil }
            bytes.append(byte)
        }
        return RGBAColor(rgb8: bytes[0], bytes[1], bytes[2], alpha: bytes.count == 4 ? Double(bytes[3]) / 255 : 1)
    }

    private func linearGradient(_ node: JSONNode) throws(SceneError) -> Paint.Kind {
        _ = try node.object(allowedKeys: ["colors", "stops", "startPoint", "endPoint"])
        let entries: [JSONNode]
        if let colors = node["colors"] {
            if node["stops"] != nil { throw node.error("give either \"colors\" or \"stops\", not both") }
            entries = try colors.array(maxCount: SceneLimits.maxGradientStops)
        } else {
            entries = try node.required("stops").array(maxCount: SceneLimits.maxGradientStops)
        }
        var stops: [GradientStop] = []
        let last = Double(max(entries.count - 1, 1))
        for (i, entry) in entries.enumerated() {
            if case .object(let object) = entry.value, object["color"] != nil || object["location"] != nil {
                _ = try entry.object(allowedKeys: ["color", "location"])
                let location = try entry.required("location").number()
                stops.append(GradientStop(color: try color(entry.required("color")), location: location))
            } else {
                stops.append(GradientStop(color: try color(entry), location: entries.count == 1 ? 0 : Double(i) / last))
            }
        }
        let start = try node["startPoint"].map(unitPoint) ?? .top
        let end = try node["endPoint"].map(unitPoint) ?? .bottom
        return .linearGradient(stops: stops, startPoint: start, endPoint: end)
    }

    /// A UnitPoint: one of SwiftUI's nine names or `[x, y]`.
    public func unitPoint(_ node: JSONNode) throws(SceneError) -> RelativePoint {
        if case .string(let name) = node.value {
            guard let point = RelativePoint.named[name] else {
                throw node.error(
                    "unknown unit point \(jsonQuoted(name)) (use [x, y] or one of \(RelativePoint.named.keys.sorted().joined(separator: ", ")))"
                )
            }
            return point
        }
        guard case .array(let items) = node.value else {
            throw node.error(
                "expected a unit point, [x, y] or a name such as \"center\", found \(node.value.kindDescription)")
        }
        guard items.count == 2 else {
            throw node.error("a unit point is [x, y] or a name, found \(items.count) numbers")
        }
        let pair = try node.array(maxCount: 2)
        return RelativePoint(x: try pair[0].number(), y: try pair[1].number())
    }

    /// A path from the scene file, relative to its folder.
    package func resolve(_ name: String) -> String {
        name.hasPrefix("/") ? name : (baseDirectory == "." ? name : baseDirectory + "/" + name)
    }

    private func loadImage(_ node: JSONNode) throws(SceneError) -> Pixmap {
        let name = try node.filePath(of: "image")
        let path = resolve(name)
        do {
            let limit = maxImagePixels
            return try inputs.image(at: path) { (path) throws(PNGError) -> Pixmap in
                try PNG.decode(contentsOf: path, maxPixels: limit)
            }
        } catch {
            throw node.error("cannot use image \(jsonQuoted(name)): \(error.message)")
        }
    }
}
