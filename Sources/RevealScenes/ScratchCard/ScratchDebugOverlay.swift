import RevealCore
import RevealLayout
import RevealOutput
import RevealRaster
import RevealText

/// What an author needs to see why a card revealed when it did, drawn over each frame: the coverage
/// grid's cleared cells tinted, the brush path as a thin line, every touch sample as a dot, and a bar
/// along the bottom filling up to the reveal threshold (green once revealed).
package struct ScratchDebugOverlay {
    private let timeline: ScratchTimeline
    private var coverage = ScratchCoverage()
    private var replayed = 0
    private var rasterizer = Rasterizer()
    private var mask: Mask

    package static let cellTint = RGBAColor(rgb8: 0x00, 0xC7, 0xBE, alpha: 0.28)
    package static let pathColor = RGBAColor(rgb8: 0x00, 0x7A, 0xFF, alpha: 0.9)
    package static let sampleColor = RGBAColor(white: 1, alpha: 0.95)
    package static let barBackground = RGBAColor(white: 0, alpha: 0.45)
    package static let barFill = RGBAColor.white
    package static let barRevealed = RGBAColor(rgb8: 0x34, 0xC7, 0x59)

    public init(timeline: ScratchTimeline) throws {
        self.timeline = timeline
        mask = try Mask(width: timeline.scene.pixelSize.width, height: timeline.scene.pixelSize.height)
    }

    /// Draws the overlay for `state` onto `frame` (the view, before any card presentation).
    public mutating func draw(_ state: ScratchFrameState, on frame: inout Pixmap) {
        let scene = timeline.scene
        let s = scene.scale
        advanceCoverage(to: state.samplesHandled, roundStart: state.roundStart)
        var cells = PixelPath()
        let cellWidth = scene.width / Double(coverage.columns) * s
        let cellHeight = scene.height / Double(coverage.rows) * s
        for index in 0..<(coverage.columns * coverage.rows) where coverage.isCleared(index) {
            cells.addRect(
                x: Double(index % coverage.columns) * cellWidth, y: Double(index / coverage.columns) * cellHeight,
                width: cellWidth, height: cellHeight)
        }
        paint(cells, Self.cellTint, on: &frame)
        var path = PixelPath()
        var dots = PixelPath()
        for stroke in timeline.pixelStrokes(upTo: state.samplesHandled) {
            append(Stroker.roundStroke(stroke, width: 1.5), to: &path)
            for p in stroke { dots.addCircle(center: p, radius: 2.5) }
        }
        paint(path, Self.pathColor, on: &frame)
        paint(dots, Self.sampleColor, on: &frame)
        // Inset enough to stay clear of a card's rounded corners.
        let barHeight = (4 * s).rounded()
        let side = (16 * s).rounded()
        let bottom = (8 * s).rounded()
        let width = Double(frame.width) - 2 * side
        let top = Double(frame.height) - bottom - barHeight
        var background = PixelPath()
        var fill = PixelPath()
        background.addRect(x: side, y: top, width: width, height: barHeight)
        let progress = min(state.coverage / scene.clampedThreshold, 1)
        if progress > 0 { fill.addRect(x: side, y: top, width: width * progress, height: barHeight) }
        paint(background, Self.barBackground, on: &frame)
        paint(fill, state.revealed ? Self.barRevealed : Self.barFill, on: &frame)
    }

    /// Replays the seed's coverage model of the round that starts at sample `roundStart` up to
    /// `samples` (afresh when going backwards or into a new round).
    private mutating func advanceCoverage(to samples: Int, roundStart: Int) {
        if samples < replayed || replayed < roundStart {
            coverage = ScratchCoverage()
            replayed = roundStart
        }
        let size = (width: timeline.scene.width, height: timeline.scene.height)
        while replayed < samples {
            let sample = timeline.samples[replayed]
            let previous = timeline.startsStroke[replayed] ? sample : timeline.samples[replayed - 1]
            coverage.scratch(
                from: Point(x: previous.x, y: previous.y), to: Point(x: sample.x, y: sample.y),
                brushWidth: timeline.scene.maskBrushWidth, in: size)
            replayed += 1
        }
    }

    private func append(_ other: PixelPath, to path: inout PixelPath) {
        for (c, start) in other.contourStarts.enumerated() {
            let end = c + 1 < other.contourStarts.count ? other.contourStarts[c + 1] : other.points.count
            path.move(to: other.points[start])
            for p in other.points[(start + 1)..<end] { path.line(to: p) }
        }
    }

    private mutating func paint(_ path: PixelPath, _ color: RGBAColor, on frame: inout Pixmap) {
        guard let bounds = path.bounds else { return }
        let rows = RowRange(Int(bounds.minY.rounded(.down)) - 1, Int(bounds.maxY.rounded(.up)) + 1).clamped(
            to: frame.height)
        rasterizer.fill(path, into: &mask, rows: rows)
        Compositor.fill(color.premultiplied, mask: mask, onto: &frame, rows: rows)
    }
}
