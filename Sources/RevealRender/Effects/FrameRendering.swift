/// Why a frame cannot be rendered.
public struct FrameRequestError: Error, Equatable, CustomStringConvertible {
    public let description: String
}

extension FrameClock {
    /// The frame showing `time`: the last frame at or before it (within `tolerance`), as `--time` picks.
    public func frameIndex(at time: Double) throws(FrameRequestError) -> Int {
        guard time.isFinite, time >= 0 else {
            throw FrameRequestError(description: "time \(time) is not a time in the sequence (0 or later)")
        }
        var index = Int((time * fps).rounded(.down))
        while index > 0 && self.time(ofFrame: index) > time + FrameClock.tolerance { index -= 1 }
        while self.time(ofFrame: index + 1) <= time + FrameClock.tolerance { index += 1 }
        return index
    }
}

/// In-memory rendering of single frames, for tests and tools: nothing is written anywhere.
///
/// Frames are drawn by the same sequences as an export, card presentation included, so a frame
/// rendered here is byte for byte the frame `reveal-render` writes. Frames past the end show the final
/// state, as `--hold` would.
/// A scene that renders as a frame sequence: the scratch card or the circle reveal.
public protocol RevealScene {
    var fps: Double { get }
    /// The frames as `reveal-render` draws them: the view alone, or on its page when `card` is not plain.
    func frameSequence(hold: Double) throws -> any FrameSequence
}

extension RevealScene {
    /// Frame `index` (0-based) as a premultiplied pixmap.
    public func renderFrame(_ index: Int) throws -> Pixmap {
        guard index >= 0 else { throw FrameRequestError(description: "frame \(index) is before the first frame (0)") }
        var sequence = try frameSequence(hold: 0)
        return try sequence.render(frame: index)
    }

    /// The frame showing `time` seconds: the last frame at or before it.
    public func renderFrame(at time: Double) throws -> Pixmap {
        try renderFrame(try FrameClock(fps: fps).frameIndex(at: time))
    }
}

extension CardStyle {
    /// `sequence` as this card presents it (or as it is, when the style is plain).
    public func present<S: FrameSequence>(_ sequence: S) throws -> any FrameSequence {
        isPlain ? sequence : try CardPresentation(sequence, style: self)
    }
}

extension ScratchScene: RevealScene {
    public func frameSequence(hold: Double = 0) throws -> any FrameSequence {
        try frameSequence(hold: hold, debugOverlay: false)
    }

    /// The frames, with the debug overlay drawn on each when asked.
    public func frameSequence(hold: Double, debugOverlay: Bool) throws -> any FrameSequence {
        try card.present(ScratchSequence(scene: self, hold: hold, debugOverlay: debugOverlay))
    }
}

extension CircleRevealScene: RevealScene {
    public func frameSequence(hold: Double = 0) throws -> any FrameSequence {
        try card.present(CircleRevealSequence(scene: self, hold: hold))
    }
}

extension FrameSequence {
    /// Renders the frames `indices` (in any order; each once) and returns them in the order asked.
    ///
    /// They are drawn in increasing order, so the renderers' incremental work is reused, as in an export.
    public mutating func renderFrames(_ indices: [Int]) throws -> [Pixmap] {
        var drawn: [Int: Pixmap] = [:]
        for index in Set(indices).sorted() {
            guard index >= 0 else { throw FrameRequestError(description: "frame \(index) is before the first frame (0)") }
            drawn[index] = try render(frame: index)
        }
        return indices.map { drawn[$0]! }
    }
}
