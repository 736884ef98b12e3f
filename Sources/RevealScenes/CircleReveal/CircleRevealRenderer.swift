import RevealCore
import RevealLayout
import RevealOutput
import RevealRaster
import RevealText

/// Draws circle-reveal frames: the base view, and while present, the revealed view clipped to the
/// circle at the frame's radius and opacity.
///
/// The frame is kept between calls. When only the radius changes, a row is redrawn only between the
/// old and new edges (pixels fully inside or fully outside both circles cannot change), so a
/// full-phone frame costs the band around the edge, not the whole screen.
package struct CircleRevealRenderer {
    public let timeline: CircleRevealTimeline
    /// Background with the base view over it.
    private let under: Layer
    private let revealed: Layer
    private let center: Point
    public private(set) var frame: Pixmap
    /// What the last `render` drew again; the other pixels are as the render before left them.
    package private(set) var lastDamage: DamageRegion
    private var drawn: (disc: DiscCoverage, opacity: UInt8)?
    private var coverage: [UInt8]
    private var scratch: [UInt8] = []

    public init(timeline: CircleRevealTimeline) throws {
        self.timeline = timeline
        let scene = timeline.scene
        let width = scene.pixelSize.width
        let size = scene.pixelSize
        under = try Layer(
            scene.base.view, size: size, scale: scene.scale, fonts: scene.fonts, offset: scene.pixelOffset
        )
        .over(
            Layer(scene.background.view, size: size, scale: scene.scale, fonts: scene.fonts, offset: scene.pixelOffset))
        revealed = try Layer(
            scene.revealed.view, size: size, scale: scene.scale, fonts: scene.fonts, offset: scene.pixelOffset)
        center = Point(x: scene.origin.x * scene.width * scene.scale, y: scene.origin.y * scene.height * scene.scale)
        frame = try under.materialized()
        coverage = [UInt8](repeating: 0, count: width)
        lastDamage = .whole(width: size.width, height: size.height)
    }

    public mutating func render(frame index: Int) -> Pixmap {
        render(timeline.frame(index))
    }

    public mutating func render(_ state: CircleRevealFrameState) -> Pixmap {
        let (radius, opacity) = CircleRevealRenderer.drawn(state)
        let disc = DiscCoverage(center: center, radius: radius)
        let width = frame.width
        if let previous = drawn, previous.opacity == opacity || previous.disc.radius == 0 && disc.radius == 0 {
            lastDamage = DamageRegion(width: width, height: frame.height)
            if previous.disc.radius == disc.radius { return frame }
            // Only the band between the two edges changes.
            for y in 0..<frame.height {
                let old = previous.disc.rowSpan(y, width: width)
                let new = disc.rowSpan(y, width: width)
                let touched = hull(old.touched, new.touched)
                guard !touched.isEmpty else { continue }
                let keep = old.full.clamped(to: new.full)
                if keep.isEmpty {
                    drawRow(y, columns: touched, disc: disc, span: new, opacity: opacity)
                    lastDamage.add(touched, toBand: y / DamageRegion.bandHeight)
                } else {
                    let left = touched.lowerBound..<keep.lowerBound
                    let right = keep.upperBound..<touched.upperBound
                    drawRow(y, columns: left, disc: disc, span: new, opacity: opacity)
                    drawRow(y, columns: right, disc: disc, span: new, opacity: opacity)
                    lastDamage.add(left, toBand: y / DamageRegion.bandHeight)
                    lastDamage.add(right, toBand: y / DamageRegion.bandHeight)
                }
            }
        } else {
            for y in 0..<frame.height {
                drawRow(y, columns: 0..<width, disc: disc, span: disc.rowSpan(y, width: width), opacity: opacity)
            }
            lastDamage = .whole(width: width, height: frame.height)
        }
        drawn = (disc, opacity)
        return frame
    }

    /// What the renderer draws for a state: the clip radius and the 8-bit opacity (both 0 when hidden).
    package static func drawn(_ state: CircleRevealFrameState) -> (radius: Double, opacity: UInt8) {
        let opacity = state.visible ? RGBAColor.level(state.opacity) : 0
        return (opacity == 0 ? 0 : state.radius, opacity)
    }

    /// Redraws `columns` of row `y`: the base view, then the revealed view through the disc.
    private mutating func drawRow(
        _ y: Int, columns: Range<Int>, disc: DiscCoverage,
        span: (touched: Range<Int>, full: Range<Int>), opacity: UInt8
    ) {
        guard !columns.isEmpty else { return }
        frame.copy(under, rows: y..<y + 1, columns: columns)
        let blend = columns.clamped(to: span.touched)
        guard opacity > 0, !blend.isEmpty else { return }
        for x in blend { coverage[x - blend.lowerBound] = disc.level(x: x, y: y, full: span.full) }
        Compositor.sourceOver(
            revealed, row: y, columns: blend, coverage: coverage, opacity: opacity, onto: &frame, scratch: &scratch)
    }

    private func hull(_ a: Range<Int>, _ b: Range<Int>) -> Range<Int> {
        if a.isEmpty { return b }
        if b.isEmpty { return a }
        return min(a.lowerBound, b.lowerBound)..<max(a.upperBound, b.upperBound)
    }
}

/// The circle reveal as a frame sequence.
public struct CircleRevealSequence: FrameSequence, DamageReporting {
    /// The timeline the frames show, worked out once.
    public let timeline: CircleRevealTimeline
    /// The number of frames, any hold included.
    public let frameCount: Int
    private var renderer: CircleRevealRenderer

    /// The scene's frames with `hold` seconds of still frames at the end; the scene is validated first.
    public init(scene: CircleRevealScene, hold: Double = 0) throws {
        try scene.validate()
        let timeline = CircleRevealTimeline(scene: scene)
        try self.init(timeline: timeline, frameCount: timeline.frameCount(hold: hold))
    }

    /// The first `frameCount` frames of a timeline already worked out, of a scene already validated.
    package init(timeline: CircleRevealTimeline, frameCount: Int) throws {
        self.timeline = timeline
        self.frameCount = frameCount
        renderer = try CircleRevealRenderer(timeline: timeline)
    }

    /// The view's width in pixels: its width in points times the scale, rounded.
    public var pixelWidth: Int { timeline.scene.pixelSize.width }
    /// The view's height in pixels: its height in points times the scale, rounded.
    public var pixelHeight: Int { timeline.scene.pixelSize.height }
    public var scale: Double { timeline.scene.scale }

    public var fps: Double { timeline.scene.fps }
    public var summary: [(String, FrameMetadata)] { timeline.scene.fontSummary }

    public mutating func render(frame index: Int) throws -> Pixmap {
        renderer.render(frame: index)
    }

    package var lastDamage: DamageRegion { renderer.lastDamage }

    public func frame(_ index: Int, looksLike other: Int) -> Bool {
        CircleRevealRenderer.drawn(timeline.frame(index)) == CircleRevealRenderer.drawn(timeline.frame(other))
    }

    public func metadata(frame index: Int) -> [(String, FrameMetadata)] {
        let state = timeline.frame(index)
        return [
            ("progress", .number(state.progress)), ("radius", .number(state.radius)),
            ("opacity", .number(state.opacity)), ("visible", .bool(state.visible)),
        ]
    }
}
