import RevealCore
import RevealDisplay
import RevealLayout
import RevealOutput
import RevealRaster
import RevealText

/// Draws scratch-card frames: content, then the cover masked by the seed's `Canvas` (opaque minus every
/// stroke, destination-out) at the cover's opacity.
///
/// Frames asked for in order are drawn incrementally: the stroke in progress grows as a `StrokeOutline`,
/// its coverage is recomputed only in the tiles its new segments reach (from the pieces of the stroke
/// there, not the whole stroke), and only the box around those tiles is composited again. Any other
/// order starts over. Either way the pixels are those of filling each whole stroke's outline (a test
/// checks every frame), so a frame costs what changed in it, however long the stroke behind it.
package struct ScratchCardRenderer {
    public let timeline: ScratchTimeline
    /// Background with the content over it: what shows where the cover is gone.
    private let base: Pixmap
    private let cover: Pixmap
    /// Opaque minus every finished stroke.
    private var committed: Mask
    /// `committed` minus the stroke in progress: the cover's mask as it shows.
    private var visible: Mask
    /// Scratch space for one stroke's coverage.
    private var strokeCoverage: Mask
    private var rasterizer = Rasterizer()
    /// The stroke in progress, grown sample by sample.
    private var outline: StrokeOutline
    /// The cover's mask as last drawn: opaque minus every stroke so far.
    public var coverMask: Mask { visible }
    /// The frame as last drawn.
    public private(set) var frame: Pixmap
    /// While the cover fades: the cover through its mask, before its opacity; and clear pixels to start it from.
    private var maskedCover: Pixmap
    private let clear: Pixmap
    /// What the last `render` drew again; the other pixels are as the render before left them.
    package private(set) var lastDamage: DamageRegion
    private var drawnSamples = 0
    private var drawnOpacity: UInt8?
    private var drawnRound = 0
    /// Flat index of the first sample of the stroke `visible` holds in progress.
    private var currentStrokeStart = 0

    public init(timeline: ScratchTimeline) throws {
        self.timeline = timeline
        let scene = timeline.scene
        let width = scene.pixelSize.width
        let height = scene.pixelSize.height
        let size = scene.pixelSize
        var base = try DisplayRenderer.render(
            scene.background.view, size: size, scale: scene.scale, fonts: scene.fonts, offset: scene.pixelOffset)
        let content = try DisplayRenderer.render(
            scene.content.view, size: size, scale: scene.scale, fonts: scene.fonts, offset: scene.pixelOffset)
        Compositor.sourceOver(content, onto: &base, rows: RowRange(0, height))
        self.base = base
        cover = try DisplayRenderer.render(
            scene.cover.view, size: size, scale: scene.scale, fonts: scene.fonts, offset: scene.pixelOffset)
        committed = try Mask(width: width, height: height, value: 255)
        visible = committed
        strokeCoverage = try Mask(width: width, height: height)
        outline = StrokeOutline(width: scene.maskBrushWidth * scene.scale, size: size)
        frame = base
        maskedCover = try Pixmap(width: width, height: height)
        clear = maskedCover
        lastDamage = .whole(width: width, height: height)
    }

    /// Draws frame `index` and returns it.
    public mutating func render(frame index: Int) -> Pixmap {
        render(timeline.frame(index))
    }

    /// Draws the frame for `state` (from this renderer's timeline) and returns it.
    public mutating func render(_ state: ScratchFrameState) -> Pixmap {
        var dirty = PixelBox.empty
        if state.samplesHandled < drawnSamples || state.round != drawnRound {
            // An earlier frame, or a new card: the mask starts over from the round's first sample.
            committed.fill(255)
            visible = committed
            drawnSamples = state.roundStart
            currentStrokeStart = state.roundStart
            outline = newOutline()
            strokeCoverage.fill(0)
            drawnOpacity = nil
            drawnRound = state.round
        }
        if state.samplesHandled > drawnSamples {
            dirty = addSamples(upTo: state.samplesHandled)
        }
        let opacity = RGBAColor.level(state.coverOpacity)
        if opacity != drawnOpacity {
            dirty = PixelBox(x: 0, y: 0, width: frame.width, height: frame.height)
            drawnOpacity = opacity
        }
        composite(dirty, opacity: opacity)
        lastDamage = DamageRegion(width: frame.width, height: frame.height)
        lastDamage.add(dirty)
        return frame
    }

    /// Brings `visible` up to date with samples `drawnSamples..<end`; returns the box that changed.
    private mutating func addSamples(upTo end: Int) -> PixelBox {
        var dirty = PixelBox.empty
        var k = drawnSamples
        while k < end {
            if timeline.startsStroke[k] && k > currentStrokeStart {
                // The stroke in progress is finished: bake it into the committed mask.
                committed = visible
                currentStrokeStart = k
                outline = newOutline()
                strokeCoverage.fill(0)
            }
            // The new samples of this stroke, up to the next stroke or the end.
            var stop = k + 1
            while stop < end && !timeline.startsStroke[stop] { stop += 1 }
            for j in k..<stop { outline.add(timeline.pixelPoint(j)) }
            let box = rasterizer.fillChangedTiles(of: &outline, into: &strokeCoverage)
            Compositor.destinationOut(
                strokeCoverage, from: committed, into: &visible, rows: RowRange(box.rows),
                columns: box.columns)
            dirty = dirty.union(box)
            k = stop
        }
        drawnSamples = end
        return dirty
    }

    private func newOutline() -> StrokeOutline {
        StrokeOutline(width: timeline.scene.maskBrushWidth * timeline.scene.scale, size: timeline.scene.pixelSize)
    }

    private mutating func composite(_ box: PixelBox, opacity: UInt8) {
        guard !box.isEmpty else { return }
        let (rows, columns) = (RowRange(box.rows), box.columns)
        guard opacity < 255 else {
            Compositor.sourceOver(cover, mask: visible, over: base, onto: &frame, rows: rows, columns: columns)
            return
        }
        // Fading, as the seed's layers compose it: the cover through its mask (a layer, so rounded), then
        // that at the transition's opacity. One pass with the two factors multiplied first rounds the
        // stroke's antialiased edges a level apart.
        Compositor.sourceOver(cover, mask: visible, over: clear, onto: &maskedCover, rows: rows, columns: columns)
        Compositor.sourceOver(maskedCover, opacity: opacity, over: base, onto: &frame, rows: rows, columns: columns)
    }
}
