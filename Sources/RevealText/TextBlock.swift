import Foundation
import RevealCore
import RevealRaster

/// Runs of text set as one, wrapped into lines at the width offered, as SwiftUI's `Text` lays out:
/// it breaks between words, takes the widest line's width, and with `minimumScaleFactor` below 1
/// shrinks (down to that factor) before it would need more lines than allowed or be cut. Sizes are in
/// the block's `font` (its first run's); a run in another size is scaled against it.
package final class TextBlock {
    package let string: String
    package let font: ResolvedFont
    /// The first run's font instance.
    package let instance: FontInstance
    package let runs: [SetRun]
    package let lineLimit: Int?
    package let alignment: LineAlignment
    package let minimumScaleFactor: Double
    /// Points between one line's bottom and the next one's top, as SwiftUI's `lineSpacing`.
    package let lineSpacing: Double
    /// Drawn as placeholder bars, one a line, instead of glyphs (`redacted(reason: .placeholder)`).
    package let redacted: Bool
    /// Pixels per point: sizes are rounded up to whole pixels, as SwiftUI's text frames are.
    package let scale: Double
    package let metrics: FontMetrics
    /// Every run's glyphs in order, advances and offsets in ems of `font`, kerning and tracking included.
    private let glyphs: [ShapedGlyph]
    /// The run each glyph is from.
    private let runOfGlyph: [Int]
    /// The tracking after each glyph, in ems of `font`: trailing whitespace, not counted at a line's end.
    private let trailing: [Double]
    /// Whether each glyph is a space, where lines may break.
    private let isSpace: [Bool]
    /// Whether each glyph is a line feed, where a line must end (the glyph itself is not drawn).
    private let isBreak: [Bool]
    /// Each glyph's bidirectional embedding level (odd: right to left); empty when the text is all left to right.
    private let levels: [UInt8]

    /// A run as it is set: its resolved font and instance, slanted when there is no italic face.
    package struct SetRun: Equatable {
        package var run: TextRun
        package var font: ResolvedFont
        package var instance: FontInstance
        package var slanted: Bool

        package init(run: TextRun, font: ResolvedFont, instance: FontInstance, slanted: Bool) {
            self.run = run
            self.font = font
            self.instance = instance
            self.slanted = slanted
        }

        package static func == (a: SetRun, b: SetRun) -> Bool {
            a.run == b.run && a.font == b.font && a.instance === b.instance && a.slanted == b.slanted
        }
    }

    /// One laid-out line: a range of glyphs and its width in ems; a line cut short ends in an ellipsis, in
    /// the font of the run it follows.
    package struct Line {
        var glyphs: Range<Int>
        var width: Double
        var ellipsis: (glyph: ShapedGlyph, run: Int)? = nil
    }

    package convenience init(
        _ string: String, font: ResolvedFont, instance: FontInstance, lineLimit: Int?, alignment: LineAlignment,
        minimumScaleFactor: Double, scale: Double
    ) {
        self.init(
            runs: [SetRun(run: TextRun(string), font: font, instance: instance, slanted: false)], lineLimit: lineLimit,
            alignment: alignment, minimumScaleFactor: minimumScaleFactor, lineSpacing: 0, redacted: false, scale: scale)
    }

    /// `runs` (at least one) set as one text.
    package init(
        runs: [SetRun], lineLimit: Int?, alignment: LineAlignment, minimumScaleFactor: Double, lineSpacing: Double,
        redacted: Bool, scale: Double
    ) {
        self.lineSpacing = lineSpacing
        self.redacted = redacted
        self.runs = runs
        font = runs[0].font
        instance = runs[0].instance
        string = runs.map(\.run.string).joined()
        self.lineLimit = lineLimit
        self.alignment = alignment
        self.minimumScaleFactor = min(max(minimumScaleFactor, 0.01), 1)
        self.scale = max(scale, 1e-6)
        let base = max(runs[0].font.size, 1e-9)
        var glyphs: [ShapedGlyph] = []
        var runOfGlyph: [Int] = []
        var trailing: [Double] = []
        var isSpace: [Bool] = []
        var isBreak: [Bool] = []
        var metrics = runs[0].instance.metrics
        var levels: [UInt8] = []
        // Each scalar's level by the bidirectional algorithm, found only for text with right-to-left letters.
        let scalarLevels = Bidi.levels(of: string)
        var levelIndex = 0
        for (index, set) in runs.enumerated() {
            let ratio = set.font.size / base
            let m = set.instance.metrics
            if index > 0 {
                metrics.ascender = max(metrics.ascender, m.ascender * ratio)
                metrics.descender = min(metrics.descender, m.descender * ratio)
                metrics.lineGap = max(metrics.lineGap, m.lineGap * ratio)
            }
            let bytes = Array(set.run.string.utf8)
            let extra = (set.run.kerning + set.run.tracking) / base
            // The run in pieces of one level each, shaped in its direction; clusters stay offsets in the run.
            var pieces: [(text: Substring, offset: Int, level: UInt8)] = []
            if scalarLevels.isEmpty {
                pieces = [(set.run.string[...], 0, 0)]
            } else {
                // The levels are the joined runs' scalars', one each, so each run takes the next of them.
                let scalars = set.run.string.unicodeScalars
                var start = scalars.startIndex
                var offset = 0
                while start < scalars.endIndex {
                    let level = scalarLevels[min(levelIndex, scalarLevels.count - 1)]
                    var end = start
                    while end < scalars.endIndex, scalarLevels[min(levelIndex, scalarLevels.count - 1)] == level {
                        levelIndex += 1
                        end = scalars.index(after: end)
                    }
                    let text = set.run.string[start..<end]
                    pieces.append((text, offset, level))
                    offset += text.utf8.count
                    start = end
                }
            }
            for piece in pieces {
                let shaped = set.instance.shape(
                    String(piece.text), features: set.run.features, rightToLeft: piece.level % 2 == 1)
                for g in shaped {
                    let cluster = g.cluster + piece.offset
                    glyphs.append(
                        ShapedGlyph(
                            glyph: g.glyph, cluster: cluster, advance: g.advance * ratio + extra,
                            offsetX: g.offsetX * ratio, offsetY: g.offsetY * ratio + set.run.baselineOffset / base))
                    runOfGlyph.append(index)
                    trailing.append(set.run.tracking / base)
                    isSpace.append(cluster < bytes.count && bytes[cluster] == 0x20)
                    isBreak.append(cluster < bytes.count && bytes[cluster] == 0x0A)
                    if !scalarLevels.isEmpty { levels.append(piece.level) }
                }
            }
        }
        self.levels = levels
        self.metrics = metrics
        self.glyphs = glyphs
        self.runOfGlyph = runOfGlyph
        self.trailing = trailing
        self.isSpace = isSpace
        self.isBreak = isBreak
    }

    /// The lines at `size` points within `width` points (nil: no wrapping): words are taken while the line
    /// without its trailing space fits; a word too long for any line stands alone; a line feed ends a line
    /// (two make an empty one between, and one at the end an empty last line, as UIKit sets text).
    package func lines(size: Double, width: Double?) -> [Line] {
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
                while j < count && !isSpace[j] && !isBreak[j] {
                    word += glyphs[j].advance
                    j += 1
                }
                let end = j > i ? word - trailing[j - 1] : word
                guard x + end <= limit || fit.end == start else { break }
                fit = (j, x + end)
                if x + end > limit || j == count || isBreak[j] { break }
                x += word + glyphs[j].advance
                i = j + 1
            }
            lines.append(Line(glyphs: start..<fit.end, width: fit.width))
            start = fit.end
            if start < count && isBreak[start] {
                start += 1
                if start == count { lines.append(Line(glyphs: count..<count, width: 0)) }
            } else {
                while start < count && isSpace[start] { start += 1 }
            }
        } while start < count
        return lines
    }

    /// The font size used for a proposal: the full size, or smaller down to the minimum scale
    /// factor when the text would otherwise need more lines than `lineLimit` or the height offered.
    package func fittedSize(for p: ProposedSize) -> Double {
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
        if let h = p.height, height(lines: lines.count, size: size) > h + 1e-9 { return false }
        return true
    }

    /// The font size laid out for `p` and the lines shown at it: at most `lineLimit` of them, the last cut
    /// short with an ellipsis when text is left over (SwiftUI's default `truncationMode`, `.tail`).
    private func shownLines(for p: ProposedSize) -> (size: Double, lines: [Line]) {
        let size = fittedSize(for: p)
        var lines = lines(size: size, width: p.width)
        guard let lineLimit, lines.count > lineLimit else { return (size, lines) }
        lines = Array(lines.prefix(max(lineLimit, 1)))
        lines[lines.count - 1] = truncated(from: lines[lines.count - 1].glyphs.lowerBound, size: size, width: p.width)
        return (size, lines)
    }

    /// The text from glyph `start` to the next line feed as one line that fits `width` points with an
    /// ellipsis after it: as many glyphs as fit, less the spaces before the ellipsis.
    private func truncated(from start: Int, size: Double, width: Double?) -> Line {
        guard !glyphs.isEmpty else { return Line(glyphs: start..<start, width: 0) }
        let run = runOfGlyph[min(start, glyphs.count - 1)]
        let set = runs[run]
        let ratio = set.font.size / max(font.size, 1e-9)
        guard var dots = set.instance.shape("\u{2026}").first else {
            return Line(glyphs: start..<start, width: 0)
        }
        dots.advance *= ratio
        let limit = width.map { $0 / max(size, 1e-9) + 1e-9 } ?? .infinity
        var end = start
        var used = 0.0
        while end < glyphs.count, !isBreak[end], used + glyphs[end].advance + dots.advance <= limit {
            used += glyphs[end].advance
            end += 1
        }
        while end > start && isSpace[end - 1] {
            end -= 1
            used -= glyphs[end].advance
        }
        let last = end > start ? runOfGlyph[end - 1] : run
        if last != run, let own = runs[last].instance.shape("\u{2026}").first {
            dots = own
            dots.advance *= runs[last].font.size / max(font.size, 1e-9)
        }
        return Line(glyphs: start..<end, width: used + dots.advance, ellipsis: (dots, last))
    }

    /// Where a line `width` points wide starts in `frame`, as the text's alignment places it.
    private func lineStart(width: Double, in frame: Rect) -> Double {
        let slack = frame.width - width
        return frame.x + (alignment == .leading ? 0 : alignment == .center ? slack / 2 : slack)
    }

    package func size(for p: ProposedSize) -> Size {
        let (size, lines) = shownLines(for: p)
        let width = lines.map(\.width).max() ?? 0
        return Size(width: roundUp(width * size), height: roundUp(height(lines: lines.count, size: size)))
    }

    /// From one line's baseline to the next, in points at `size`: the font's line height and the spacing.
    private func lineStep(size: Double) -> Double { metrics.lineHeight * size + lineSpacing }

    /// The height of `count` lines at `size`, in points.
    private func height(lines count: Int, size: Double) -> Double {
        Double(count) * metrics.lineHeight * size + Double(max(count - 1, 0)) * lineSpacing
    }

    private func roundUp(_ points: Double) -> Double { (points * scale - 1e-7).rounded(.up) / scale }

    /// The first baseline below the frame's top, in points, at `size`.
    package func firstBaseline(size: Double) -> Double { (metrics.ascender + metrics.lineGap / 2) * size }

    /// The first and last lines' baselines below the frame's top, in points, laid out for `p`.
    package func baselines(for p: ProposedSize) -> (first: Double, last: Double) {
        let (size, lines) = shownLines(for: p)
        let first = firstBaseline(size: size)
        return (first, first + Double(max(lines.count - 1, 0)) * lineStep(size: size))
    }

    /// Each line's box in `frame` (points) for `proposal`: from where its text starts, as wide as it, and as
    /// tall as a line.
    package func lineBoxes(in frame: Rect, proposal: ProposedSize) -> [Rect] {
        let (size, lines) = shownLines(for: proposal)
        return lines.enumerated().map { n, line in
            let width = line.width * size
            return Rect(
                x: lineStart(width: width, in: frame), y: frame.y + Double(n) * lineStep(size: size), width: width,
                height: metrics.lineHeight * size)
        }
    }

    /// A glyph placed: its id in its run's font and its origin on its baseline, in points.
    package struct PlacedGlyph {
        package var glyph: UInt32
        package var x: Double
        package var y: Double
        package var run: Int
        /// The UTF-8 offset in its run's string of the first character the glyph draws.
        package var cluster: Int = 0
    }

    /// An underline or strikethrough placed, in points.
    package struct PlacedLine {
        package var rect: Rect
        package var run: Int
        /// The line's own color; nil is the run's.
        package var color: RGBAColor?
    }

    /// A line's glyphs from left to right: the text's order, with each sequence at a level of at least n
    /// reversed, from the highest level down to the lowest odd one (UAX #9, rule L2).
    private func visualOrder(_ range: Range<Int>) -> [Int] {
        var order = Array(range)
        guard !levels.isEmpty, let highest = levels[range].max(), highest > 0 else { return order }
        var lineLevels = Array(levels[range])
        let lowestOdd = max((lineLevels.min() ?? 1) | 1, 1)
        for level in stride(from: highest, through: lowestOdd, by: -1) {
            var i = 0
            while i < order.count {
                guard lineLevels[i] >= level else {
                    i += 1
                    continue
                }
                var j = i
                while j < order.count && lineLevels[j] >= level { j += 1 }
                order[i..<j].reverse()
                lineLevels[i..<j].reverse()
                i = j
            }
        }
        return order
    }

    /// The glyphs placed in `frame` (points), the size they are set at, and the lines drawn along them.
    package func placed(in frame: Rect, proposal: ProposedSize) -> (
        size: Double, glyphs: [PlacedGlyph], lines: [PlacedLine]
    ) {
        let (size, lines) = shownLines(for: proposal)
        var placed: [PlacedGlyph] = []
        var decorations: [PlacedLine] = []
        let k = size / max(font.size, 1e-9)
        for (n, line) in lines.enumerated() {
            var x = lineStart(width: line.width * size, in: frame)
            let baseline = frame.y + firstBaseline(size: size) + Double(n) * lineStep(size: size)
            var spanStart = x
            let order = visualOrder(line.glyphs)
            for (position, i) in order.enumerated() {
                let g = glyphs[i]
                let run = runOfGlyph[i]
                placed.append(
                    PlacedGlyph(
                        glyph: g.glyph, x: x + g.offsetX * size, y: baseline - g.offsetY * size, run: run,
                        cluster: g.cluster))
                x += g.advance * size
                // A run's lines end with its last glyph on the line, short of the line's trailing tracking.
                let isLast = position + 1 == order.count
                if isLast || runOfGlyph[order[position + 1]] != run {
                    let end = isLast ? x - trailing[i] * size : x
                    let set = runs[run]
                    let m = set.instance.metrics
                    let em = set.font.size * k
                    let raise = set.run.baselineOffset * k
                    for (decoration, top, thickness) in [
                        (set.run.underline, m.underlineOffset, m.underlineSize),
                        (set.run.strikethrough, m.strikeoutOffset, m.strikeoutSize),
                    ] where end > spanStart {
                        guard let decoration else { continue }
                        let rect = Rect(
                            x: spanStart, y: baseline - raise - top * em, width: end - spanStart,
                            height: max(thickness * em, 0))
                        decorations.append(PlacedLine(rect: rect, run: run, color: decoration.color))
                    }
                    spanStart = x
                }
            }
            if let (dots, run) = line.ellipsis {
                placed.append(
                    PlacedGlyph(
                        glyph: dots.glyph, x: x + dots.offsetX * size, y: baseline - dots.offsetY * size, run: run))
            }
        }
        return (size, placed, decorations)
    }
}
