import CPNG
import CText
import Foundation
import RevealCore
import RevealRaster

/// A font file that cannot be used: missing, unreadable, or not a font.
public struct FontError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The font file that could not be used, as it was named.
    public var path: String
    /// Why, in the text library's words ("cannot open the font" when it gives none).
    public var reason: String
    public var description: String { "\(displayPath(path)): \(reason)" }
}

/// A font's vertical metrics in ems (the font's own, with its variations applied).
package struct FontMetrics: Equatable, Sendable {
    package var ascender: Double
    /// Negative below the baseline.
    package var descender: Double
    package var lineGap: Double
    package var capHeight: Double
    /// The top of an underline above the baseline (negative: below it), and its thickness.
    package var underlineOffset = -0.1
    package var underlineSize = 0.05
    /// The top of a strikethrough line above the baseline, and its thickness.
    package var strikeoutOffset = 0.3
    package var strikeoutSize = 0.05

    /// The height of one line: ascender to descender plus the line gap.
    package var lineHeight: Double { ascender - descender + lineGap }
}

/// One shaped glyph, positions in ems.
package struct ShapedGlyph: Equatable, Sendable {
    package var glyph: UInt32
    /// Byte offset in the UTF-8 text of the first character of the glyph's cluster.
    package var cluster: Int
    package var advance: Double
    package var offsetX: Double
    package var offsetY: Double
}

/// An OpenType feature switched on or off for a whole run, as `monospacedDigit()` switches on `tnum`.
package struct OpenTypeFeature: Hashable, Sendable {
    /// The four-letter tag, such as "tnum" or "liga".
    package var tag: String
    package var isOn: Bool

    /// Tabular (fixed-width) figures, for `monospacedDigit()`.
    package static let tabularFigures = OpenTypeFeature(tag: "tnum", isOn: true)
    /// No standard ligatures: tracking turns off "nonessential ligatures" (Apple, NSAttributedString.Key.tracking).
    package static let noLigatures = OpenTypeFeature(tag: "liga", isOn: false)
}

/// A glyph's outline in ems, y up from the baseline: verbs M L Q C Z and their coordinates.
package struct GlyphOutline: Sendable {
    package var verbs: [UInt8]
    package var coordinates: [Double]
}

/// One font file at one weight, shaped by HarfBuzz at 2^20 units per em (so results are exact to
/// 1e-6 em whatever the size), with its shaped strings and glyph outlines cached.
package final class FontInstance: @unchecked Sendable {
    package static let unitsPerEm: Int32 = 1 << 20
    package let path: String
    package let weight: Double
    package let metrics: FontMetrics
    /// Whether the font has a `wght` axis the weight was set on.
    package let isVariable: Bool
    private let handle: OpaquePointer
    private let lock = NSLock()
    private var shaped: [ShapingKey: [ShapedGlyph]] = [:]

    /// A string, the features and the direction it was shaped with.
    private struct ShapingKey: Hashable {
        var text: String
        var features: [OpenTypeFeature]
        var rightToLeft: Bool
    }
    private var outlines: [UInt32: GlyphOutline] = [:]
    private var images: [UInt32: GlyphImage?] = [:]

    package init(path: String, weight: Double) throws(FontError) {
        var message = [CChar](repeating: 0, count: 256)
        guard let font = ctext_font_open(path, &message, message.count) else {
            let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw FontError(path: path, reason: reason.isEmpty ? "cannot open the font" : reason)
        }
        handle = font
        self.path = path
        self.weight = weight
        let wght = FontInstance.tag("wght")
        isVariable = ctext_font_has_axis(font, wght, nil, nil, nil) == 1
        if isVariable {
            var tag = wght
            var value = Float(weight)
            ctext_font_set_variations(font, &tag, &value, 1)
        }
        ctext_font_set_scale(font, FontInstance.unitsPerEm)
        var m = ctext_metrics()
        ctext_font_metrics(font, &m)
        let em = Double(max(m.units_per_em, 1))
        metrics = FontMetrics(
            ascender: Double(m.ascender) / em, descender: Double(m.descender) / em,
            lineGap: Double(m.line_gap) / em, capHeight: Double(m.cap_height) / em,
            underlineOffset: Double(m.underline_offset) / em, underlineSize: Double(m.underline_size) / em,
            strikeoutOffset: Double(m.strikeout_offset) / em, strikeoutSize: Double(m.strikeout_size) / em)
    }

    deinit { ctext_font_close(handle) }

    package static func tag(_ text: String) -> UInt32 {
        text.utf8.reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// Whether the font has a glyph of its own for `scalar` (its cmap maps it).
    package func hasGlyph(for scalar: Unicode.Scalar) -> Bool { ctext_font_has_glyph(handle, scalar.value) == 1 }

    /// `text` shaped as one line with the font's default features and `features` over them, left to right or,
    /// for a right-to-left run, right to left; either way the glyphs are given in the text's order (an
    /// Arabic word's first letter first), for lines to be broken before they are put in visual order.
    package func shape(_ text: String, features: [OpenTypeFeature] = [], rightToLeft: Bool = false) -> [ShapedGlyph] {
        lock.lock()
        defer { lock.unlock() }
        let key = ShapingKey(text: text, features: features, rightToLeft: rightToLeft)
        if let glyphs = shaped[key] { return glyphs }
        var utf8 = Array(text.utf8)
        let length = Int32(clamping: utf8.count)
        let tags = features.map { FontInstance.tag($0.tag) }
        let values = features.map { UInt32($0.isOn ? 1 : 0) }
        var buffer = [ctext_glyph](repeating: ctext_glyph(), count: max(utf8.count + 8, 16))
        func shape() -> Int {
            Int(
                ctext_shape_directed(
                    handle, &utf8, length, tags, values, UInt32(tags.count), rightToLeft ? 1 : 0, &buffer,
                    Int32(clamping: buffer.count)))
        }
        var count = shape()
        if count > buffer.count {
            buffer = [ctext_glyph](repeating: ctext_glyph(), count: count)
            count = shape()
        }
        let scale = Double(FontInstance.unitsPerEm)
        let produced = buffer.prefix(max(0, min(count, buffer.count)))
        let glyphs = (rightToLeft ? Array(produced.reversed()) : Array(produced)).map {
            ShapedGlyph(
                glyph: $0.glyph, cluster: Int($0.cluster), advance: Double($0.x_advance) / scale,
                offsetX: Double($0.x_offset) / scale, offsetY: Double($0.y_offset) / scale)
        }
        shaped[key] = glyphs
        return glyphs
    }

    /// The outline of `glyph` in ems.
    /// A color bitmap font's picture of the glyph (an emoji of Noto Color Emoji), decoded once; nil for a
    /// glyph drawn by its outline.
    package func image(_ glyph: UInt32) -> GlyphImage? {
        lock.lock()
        defer { lock.unlock() }
        if let image = images[glyph] { return image }
        var box: (x: Int32, y: Int32, width: Int32, height: Int32) = (0, 0, 0, 0)
        let size = ctext_glyph_png(handle, glyph, nil, 0, &box.x, &box.y, &box.width, &box.height)
        var image: GlyphImage?
        if size > 0, size < 1 << 24 {
            var png = [UInt8](repeating: 0, count: size)
            _ = ctext_glyph_png(handle, glyph, &png, size, nil, nil, nil, nil)
            var pixels: UnsafeMutablePointer<UInt8>?
            var width: UInt32 = 0
            var height: UInt32 = 0
            // An emoji's strike is 136 × 128 pixels; a far larger one is not an emoji font's.
            if cpng_decode_rgba8(png, png.count, 1 << 22, 4096, &pixels, &width, &height, nil, 0) == 0,
                let pixels
            {
                let bytes = Array(UnsafeBufferPointer(start: pixels, count: Int(width * height * 4)))
                cpng_free(pixels)
                let em = Double(FontInstance.unitsPerEm)
                if let pixmap = try? Pixmap(width: Int(width), height: Int(height), premultipliedBytes: bytes) {
                    image = GlyphImage(
                        pixmap: pixmap, x: Double(box.x) / em, top: Double(box.y) / em, width: Double(box.width) / em,
                        height: -Double(box.height) / em)
                }
            }
        }
        images[glyph] = .some(image)
        return image
    }

    package func outline(_ glyph: UInt32) -> GlyphOutline {
        lock.lock()
        defer { lock.unlock() }
        if let outline = outlines[glyph] { return outline }
        var verbs = [UInt8](repeating: 0, count: 64)
        var coords = [Float](repeating: 0, count: 256)
        var verbCount: Int32 = 0
        var coordCount: Int32 = 0
        var status = ctext_glyph_outline(
            handle, glyph, &verbs, Int32(verbs.count), &coords, Int32(coords.count),
            &verbCount, &coordCount)
        if status == 1 {
            verbs = [UInt8](repeating: 0, count: Int(verbCount))
            coords = [Float](repeating: 0, count: Int(coordCount))
            status = ctext_glyph_outline(handle, glyph, &verbs, verbCount, &coords, coordCount, &verbCount, &coordCount)
        }
        let scale = Double(FontInstance.unitsPerEm)
        let outline =
            status == 0
            ? GlyphOutline(
                verbs: Array(verbs.prefix(Int(verbCount))),
                coordinates: coords.prefix(Int(coordCount)).map { Double($0) / scale })
            : GlyphOutline(verbs: [], coordinates: [])
        outlines[glyph] = outline
        return outline
    }
}

/// A glyph drawn as a picture, and its box in ems from the pen: `x` across, `top` up from the baseline.
package struct GlyphImage: Sendable {
    package let pixmap: Pixmap
    package let x: Double
    package let top: Double
    package let width: Double
    package let height: Double
}

/// Every font instance opened in this process, by file and weight, so shaping and outlines are
/// computed once however many views and frames use them.
package final class FontLibrary: @unchecked Sendable {
    package static let shared = FontLibrary()
    fileprivate let lock = NSLock()
    private var instances: [String: FontInstance] = [:]
    fileprivate var records: [String: FrameMetadata] = [:]

    package func instance(path: String, weight: Double) throws(FontError) -> FontInstance {
        let key = "\(weight)|\(path)"
        lock.lock()
        defer { lock.unlock() }
        if let instance = instances[key] { return instance }
        let instance = try FontInstance(path: path, weight: weight)
        instances[key] = instance
        return instance
    }

    package func instance(for font: ResolvedFont, files: FontFiles) throws(FontError) -> FontInstance {
        try instance(path: files.file(for: font), weight: font.weight.axisValue)
    }
}

extension FontLibrary {
    /// A font file as a manifest names it: its path, size in bytes and SHA-256, so that frames made
    /// with another file can be told apart from frames that really changed.
    package static func record(_ path: String) -> FrameMetadata {
        shared.lock.lock()
        defer { shared.lock.unlock() }
        if let record = shared.records[path] { return record }
        let bytes =
            (try? BoundedFileReader.read(path, maxBytes: 64 << 20, kind: "a font file") { "\($0) bytes" }.get()) ?? []
        let record = FrameMetadata.object(
            keys: ["path", "bytes", "sha256"], values: [.string(path), .int(bytes.count), .string(SHA256.hex(bytes))])
        shared.records[path] = record
        return record
    }
}
