import Foundation

/// A string set in one font, wrapped into lines at the width offered, as SwiftUI's `Text` lays out:
/// it breaks between words, takes the widest line's width, and with `minimumScaleFactor` below 1
/// shrinks (down to that factor) before it would need more lines than allowed or be cut.
final class TextBlock {
    let string: String
    let font: ResolvedFont
    let instance: FontInstance
    let lineLimit: Int?
    let alignment: TextAlignment
    let minimumScaleFactor: Double
    /// Pixels per point: sizes are rounded up to whole pixels, as SwiftUI's text frames are.
    let scale: Double
    private let glyphs: [ShapedGlyph]
    /// Whether each glyph is a space, where lines may break.
    private let isSpace: [Bool]

    /// One laid-out line: a range of glyphs and its width in ems.
    struct Line {
        var glyphs: Range<Int>
        var width: Double
    }

    init(
        _ string: String, font: ResolvedFont, instance: FontInstance, lineLimit: Int?, alignment: TextAlignment,
        minimumScaleFactor: Double, scale: Double
    ) {
        self.string = string
        self.font = font
        self.instance = instance
        self.lineLimit = lineLimit
        self.alignment = alignment
        self.minimumScaleFactor = min(max(minimumScaleFactor, 0.01), 1)
        self.scale = max(scale, 1e-6)
        glyphs = instance.shape(string)
        let bytes = Array(string.utf8)
        isSpace = glyphs.map { $0.cluster < bytes.count && bytes[$0.cluster] == 0x20 }
    }

    var metrics: FontMetrics { instance.metrics }

    /// The lines at `size` points within `width` points (nil: one line): words are taken while
    /// the line without its trailing space fits; a word too long for any line stands alone.
    func lines(size: Double, width: Double?) -> [Line] {
        let limit = width.map { $0 / max(size, 1e-9) + 1e-9 } ?? .infinity
        let count = glyphs.count
        var lines: [Line] = []
        var start = 0
        repeat {
            var fit = (end: start, width: 0.0)
            var x = 0.0
            var i = start
            while i < count {
                var j = i
                var word = 0.0
                while j < count && !isSpace[j] {
                    word += glyphs[j].advance
                    j += 1
                }
                guard x + word <= limit || fit.end == start else { break }
                fit = (j, x + word)
                if x + word > limit || j == count { break }
                x += word + glyphs[j].advance
                i = j + 1
            }
            lines.append(Line(glyphs: start..<fit.end, width: fit.width))
            start = fit.end
            while start < count && isSpace[start] { start += 1 }
        } while start < count
        return lines
    }

    /// The font size used for a proposal: the full size, or smaller down to the minimum scale
    /// factor when the text would otherwise need more lines than `lineLimit` or the height offered.
    func fittedSize(for p: ProposedSize) -> Double {
        guard minimumScaleFactor < 1 else { return font.size }
        var size = font.size
        let floor = font.size * minimumScaleFactor
        while size > floor {
            if fits(size: size, p) { return size }
            size = max(size * 0.98, floor)
            if size == floor { break }
        }
        return size
    }

    private func fits(size: Double, _ p: ProposedSize) -> Bool {
        let lines = lines(size: size, width: p.width)
        if let lineLimit, lines.count > lineLimit { return false }
        if let w = p.width, lines.contains(where: { $0.width * size > w + 1e-9 }) { return false }
        if let h = p.height, Double(lines.count) * metrics.lineHeight * size > h + 1e-9 { return false }
        return true
    }

    func size(for p: ProposedSize) -> Size {
        let size = fittedSize(for: p)
        var lines = lines(size: size, width: p.width)
        if let lineLimit, lines.count > lineLimit { lines = Array(lines.prefix(max(lineLimit, 1))) }
        let width = lines.map(\.width).max() ?? 0
        return Size(width: roundUp(width * size), height: roundUp(Double(lines.count) * metrics.lineHeight * size))
    }

    private func roundUp(_ points: Double) -> Double { (points * scale - 1e-7).rounded(.up) / scale }

    /// The first baseline below the frame's top, in points, at `size`.
    func firstBaseline(size: Double) -> Double { (metrics.ascender + metrics.lineGap / 2) * size }

    /// The glyphs placed in `frame` (points): each glyph's id and its origin on its baseline.
    func placedGlyphs(in frame: Rect, proposal: ProposedSize) -> (
        size: Double, glyphs: [(glyph: UInt32, x: Double, y: Double)]
    ) {
        let size = fittedSize(for: proposal)
        var lines = lines(size: size, width: proposal.width)
        if let lineLimit, lines.count > lineLimit { lines = Array(lines.prefix(max(lineLimit, 1))) }
        var placed: [(UInt32, Double, Double)] = []
        for (n, line) in lines.enumerated() {
            let slack = frame.width - line.width * size
            let shift = alignment == .leading ? 0 : alignment == .center ? slack / 2 : slack
            var x = frame.x + shift
            let baseline = frame.y + firstBaseline(size: size) + Double(n) * metrics.lineHeight * size
            for g in glyphs[line.glyphs] {
                placed.append((g.glyph, x + g.offsetX * size, baseline - g.offsetY * size))
                x += g.advance * size
            }
        }
        return (size, placed)
    }
}
