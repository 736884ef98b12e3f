import Foundation

/// The seeds' demos, ready to render without a file.
public enum DemoScenes {
    /// `ScratchToRevealDemo`'s card: 337×240 points (a 393-point phone less 28 points each side) at 3×,
    /// brush 56, threshold 0.7, corner radius 28 and the demo's shadow, with two zig-zag strokes that
    /// uncover it.
    public static var scratch: ScratchScene {
        var scene = ScratchScene(width: 337, height: 240)
        scene.scale = 3
        scene.brushWidth = 56
        scene.revealThreshold = 0.7
        let first = StrokePattern.zigzag(xRange: 30...190, yFrom: 25, yTo: 215, legs: 5, start: 0.1)
        let second = StrokePattern.zigzag(xRange: 205...315, yFrom: 215, yTo: 25, legs: 4,
                                          start: (first.last?.time ?? 0) + 0.25)
        scene.strokes = [first, second]
        scene.card = .scratchDemo
        return scene
    }

    /// `CircleRevealTransitionDemo`: a 393×852-point phone at 3×, origin (0.5, 0.78), easeInOut 0.8 s,
    /// Day → Night at 0.25 s and back at 2 s.
    public static var circle: CircleRevealScene {
        var scene = CircleRevealScene(width: 393, height: 852)
        scene.scale = 3
        scene.origin = UnitPoint(x: 0.5, y: 0.78)
        scene.toggles = [0.25, 2.0]
        return scene
    }
}
