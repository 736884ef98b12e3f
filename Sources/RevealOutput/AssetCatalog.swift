import Foundation
import RevealCore
import RevealRaster

/// Why an asset catalog could not be read: the file, the JSON path in it, and what is wrong.
package struct AssetCatalogError: Error, CustomStringConvertible {
    package let description: String
}

/// The app's asset catalogs (`.xcassets` folders), as Xcode compiles them for `Image("name")` and
/// `Color("name")`: image sets of PNG and JPEG files at 1×, 2× and 3×, and color sets, each with its dark
/// appearance. Read once, before the view runs; images are decoded when first drawn. Follows Apple's "Asset
/// Catalog Format Reference": a folder's `Contents.json` with `provides-namespace` prefixes the names inside
/// it with its own; an entry for another idiom (iPad, Mac, watch, TV, car, vision) or for high contrast is
/// passed over.
package final class AssetCatalog: @unchecked Sendable {
    /// The catalogs the running view reads (empty until the host loads some).
    package static let shared = AssetCatalog()

    /// One file of an image set: its scale, and whether it is the dark appearance's.
    package struct ImageFileEntry {
        let path: String
        let scale: Double
        let dark: Bool
    }

    private let lock = NSLock()

    /// An empty catalog (`load(folder:)` fills it).
    package init() {}
    private var colors: [String: (light: RGBAColor, dark: RGBAColor?)] = [:]
    private var images: [String: [ImageFileEntry]] = [:]
    private var decoded: [String: Result<Pixmap, ImageFileError>] = [:]

    /// Reads the catalog at `folder`, adding its sets to those read before (a later catalog's name wins).
    package func load(folder: String) throws(AssetCatalogError) {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw AssetCatalogError(description: "\(displayPath(folder)): no asset catalog folder there")
        }
        var found = (colors: [String: (light: RGBAColor, dark: RGBAColor?)](), images: [String: [ImageFileEntry]]())
        try Self.walk(folder, namespace: "", into: &found)
        lock.withLock {
            colors.merge(found.colors) { $1 }
            images.merge(found.images) { $1 }
        }
    }

    /// The color set `name`, light and dark.
    package func color(named name: String) -> (light: RGBAColor, dark: RGBAColor?)? {
        lock.withLock { colors[name] }
    }

    /// The image of the set `name` for a screen of `scale` in the dark appearance or not: among the files of
    /// that appearance (else the light ones), the file of that scale, else the nearest larger, else the largest
    /// (an appearance's own design before another's sharper pixels); its pixels and its scale. A file that
    /// cannot be decoded gives its error.
    package func image(named name: String, scale: Double, dark: Bool) -> Result<
        (pixmap: Pixmap, scale: Double), ImageFileError
    >? {
        lock.withLock {
            guard let entries = images[name], !entries.isEmpty else { return nil }
            let appearance = entries.filter { $0.dark == dark }
            let pool = appearance.isEmpty ? entries.filter { !$0.dark } : appearance
            let sorted = (pool.isEmpty ? entries : pool).sorted { $0.scale < $1.scale }
            guard let entry = sorted.first(where: { $0.scale >= scale }) ?? sorted.last else { return nil }
            let result =
                decoded[entry.path]
                ?? Result { () throws(ImageFileError) -> Pixmap in try ImageFile.decode(contentsOf: entry.path) }
            decoded[entry.path] = result
            return result.map { ($0, entry.scale) }
        }
    }

    // MARK: Reading

    private static func walk(
        _ folder: String, namespace: String,
        into found: inout (colors: [String: (light: RGBAColor, dark: RGBAColor?)], images: [String: [ImageFileEntry]])
    ) throws(AssetCatalogError) {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
        for name in names {
            let path = folder + "/" + name
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
                continue
            }
            if name.hasSuffix(".colorset") {
                let setName = namespace + String(name.dropLast(".colorset".count))
                found.colors[setName] = try colorSet(at: path)
            } else if name.hasSuffix(".imageset") {
                let setName = namespace + String(name.dropLast(".imageset".count))
                found.images[setName] = try imageSet(at: path)
            } else if !name.contains(".") {
                // A group: its names are in its namespace when its Contents.json provides one.
                let contents = try json(at: path + "/Contents.json", required: false)
                let provides = ((contents?["properties"] as? [String: Any])?["provides-namespace"] as? Bool) ?? false
                try walk(path, namespace: provides ? namespace + name + "/" : namespace, into: &found)
            }
        }
    }

    private static func json(at path: String, required: Bool = true) throws(AssetCatalogError) -> [String: Any]? {
        guard FileManager.default.fileExists(atPath: path) else {
            if required { throw AssetCatalogError(description: "\(displayPath(path)): missing") }
            return nil
        }
        let read = BoundedFileReader.read(path, maxBytes: 1 << 20, kind: "an asset's Contents.json") {
            "file is \($0) bytes, more than a Contents.json holds"
        }
        let bytes: [UInt8]
        switch read {
        case .success(let contents): bytes = contents
        case .failure(let error): throw AssetCatalogError(description: error.description)
        }
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)),
            let dictionary = object as? [String: Any]
        else {
            throw AssetCatalogError(description: "\(displayPath(path)): not a JSON object")
        }
        return dictionary
    }

    /// Whether an entry is for an iPhone (`universal` or `iphone`) in the standard contrast, and whether it is
    /// the dark appearance's.
    private static func entryAppearance(_ entry: [String: Any]) -> (use: Bool, dark: Bool) {
        let idiom = entry["idiom"] as? String ?? "universal"
        guard idiom == "universal" || idiom == "iphone" else { return (false, false) }
        var dark = false
        for appearance in entry["appearances"] as? [[String: Any]] ?? [] {
            let kind = appearance["appearance"] as? String
            let value = appearance["value"] as? String
            if kind == "luminosity" { dark = value == "dark" }
            if kind == "contrast", value == "high" { return (false, false) }
        }
        return (true, dark)
    }

    private static func colorSet(at folder: String) throws(AssetCatalogError) -> (light: RGBAColor, dark: RGBAColor?) {
        let file = folder + "/Contents.json"
        let contents = try json(at: file) ?? [:]
        guard let entries = contents["colors"] as? [[String: Any]] else {
            throw AssetCatalogError(description: "\(displayPath(file)): colors: missing, or not a list")
        }
        var light: RGBAColor?
        var dark: RGBAColor?
        for (index, entry) in entries.enumerated() {
            let (use, isDark) = entryAppearance(entry)
            guard use, let color = entry["color"] as? [String: Any] else { continue }
            let value = try colorValue(color, at: "\(displayPath(file)): colors[\(index)].color")
            if isDark { dark = value } else { light = light ?? value }
        }
        guard let light = light ?? dark else {
            throw AssetCatalogError(description: "\(displayPath(file)): colors: no color for an iPhone")
        }
        return (light, dark)
    }

    /// A color's components as Xcode writes them: "0.500" (a fraction), "128" (of 255), "0x80" (hex of 255),
    /// or JSON numbers; sRGB and Display P3 values are taken as sRGB, as `Color` takes them; a gray by its
    /// `white`.
    private static func colorValue(_ color: [String: Any], at path: String) throws(AssetCatalogError) -> RGBAColor {
        guard let components = color["components"] as? [String: Any] else {
            throw AssetCatalogError(description: "\(path).components: missing")
        }
        func component(_ key: String, default fallback: Double? = nil) throws(AssetCatalogError) -> Double {
            let raw = components[key]
            var value: Double?
            if let number = raw as? NSNumber {
                let double = number.doubleValue
                value = double <= 1 ? double : double / 255
            } else if let text = (raw as? String)?.trimmingCharacters(in: .whitespaces) {
                if text.lowercased().hasPrefix("0x") {
                    value = UInt8(text.dropFirst(2), radix: 16).map { Double($0) / 255 }
                } else if text.contains(".") {
                    value = Double(text)
                } else {
                    value = Int(text).map { Double($0) / 255 }
                }
            } else if raw == nil {
                value = fallback
            }
            guard let value, value.isFinite, value >= 0, value <= 1 else {
                throw AssetCatalogError(
                    description: "\(path).components.\(key): not a component (0…1, 0…255 or 0x00…0xFF)")
            }
            return value
        }
        let alpha = try component("alpha", default: 1)
        if components["white"] != nil {
            let white = try component("white")
            return RGBAColor(red: white, green: white, blue: white, alpha: alpha)
        }
        return RGBAColor(
            red: try component("red"), green: try component("green"), blue: try component("blue"), alpha: alpha)
    }

    private static func imageSet(at folder: String) throws(AssetCatalogError) -> [ImageFileEntry] {
        let file = folder + "/Contents.json"
        let contents = try json(at: file) ?? [:]
        guard let entries = contents["images"] as? [[String: Any]] else {
            throw AssetCatalogError(description: "\(displayPath(file)): images: missing, or not a list")
        }
        var found: [ImageFileEntry] = []
        for (index, entry) in entries.enumerated() {
            let (use, dark) = entryAppearance(entry)
            guard use, let name = entry["filename"] as? String else { continue }
            guard !name.contains("/"), FileManager.default.fileExists(atPath: folder + "/" + name) else {
                throw AssetCatalogError(
                    description:
                        "\(displayPath(file)): images[\(index)].filename: no file \(jsonQuoted(name)) in the set")
            }
            // A set with one scale-less file (a single-scale PNG) is drawn at 1×.
            let scaleText = (entry["scale"] as? String) ?? "1x"
            guard let scale = Double(scaleText.dropLast()), scaleText.hasSuffix("x"), scale >= 1, scale <= 3 else {
                throw AssetCatalogError(description: "\(displayPath(file)): images[\(index)].scale: not 1x, 2x or 3x")
            }
            let lower = name.lowercased()
            guard lower.hasSuffix(".png") || lower.hasSuffix(".jpg") || lower.hasSuffix(".jpeg") else { continue }
            found.append(ImageFileEntry(path: folder + "/" + name, scale: scale, dark: dark))
        }
        return found
    }
}
