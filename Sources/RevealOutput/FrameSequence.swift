import RevealCore
import RevealRaster

/// Anything that yields numbered frames of one size: the effects' sequences, and a sequence presented
/// as a card.
public protocol FrameSequence {
    /// Every frame's width in pixels.
    var pixelWidth: Int { get }
    /// Every frame's height in pixels.
    var pixelHeight: Int { get }
    /// Pixels per point (the PNGs' density is 72 dpi per point).
    var scale: Double { get }
    /// Frames per second: frame i shows time i / fps.
    var fps: Double { get }
    /// The number of frames; their indices run 0..<frameCount.
    var frameCount: Int { get }
    /// What the sequence says of itself beyond its size and rate (the scratch card: when it revealed).
    var summary: [(String, FrameMetadata)] { get }
    /// Draws frame `index`. Called in increasing order during an export, so it may reuse work.
    mutating func render(frame index: Int) throws -> Pixmap
    /// What frame `index` shows, beyond its index, time and file (the scratch card: its coverage).
    func metadata(frame index: Int) -> [(String, FrameMetadata)]
    /// True when frame `index` is certain to have exactly the pixels of frame `other` (their states
    /// are equal), so its PNG can be reused. False when unsure.
    func frame(_ index: Int, looksLike other: Int) -> Bool
}

/// A sequence that knows where its last `render(frame:)` may have changed the frame, so that what follows
/// it (the encoder, a screen around it) compares and copies only those pixels.
package protocol DamageReporting {
    /// The pixels of the frame last rendered that may differ from the frame rendered before it; every other
    /// pixel equals it. The whole frame after the first render.
    var lastDamage: DamageRegion { get }
}

extension FrameSequence {
    /// Where the last render may have changed the frame: as the sequence reports it, else everywhere.
    package var damageOfTheLastRender: DamageRegion {
        (self as? any DamageReporting)?.lastDamage ?? .whole(width: pixelWidth, height: pixelHeight)
    }

    /// The rows the last render may have changed.
    package var rowsTheLastRenderMayHaveChanged: Range<Int> { damageOfTheLastRender.rows }

    /// The time of frame `index` in seconds.
    public func time(ofFrame index: Int) -> Double { FrameClock(fps: fps).time(ofFrame: index) }

    /// Renders the frames `indices` (in any order; each once) and returns them in the order asked.
    ///
    /// They are drawn in increasing order, so the renderers' incremental work is reused, as in an export.
    public mutating func renderFrames(_ indices: [Int]) throws -> [Pixmap] {
        var drawn: [Int: Pixmap] = [:]
        for index in Set(indices).sorted() {
            guard index >= 0 else {
                throw FrameRequestError(description: "frame \(index) is before the first frame (0)")
            }
            drawn[index] = try render(frame: index)
        }
        return try indices.map { index in
            guard let frame = drawn[index] else { throw FrameRequestError(description: "frame \(index) was not drawn") }
            return frame
        }
    }
}
