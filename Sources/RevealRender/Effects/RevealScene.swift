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
