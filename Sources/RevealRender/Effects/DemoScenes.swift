import Foundation

/// Generated finger strokes, for demos and tests: nobody should have to type coordinates.
public enum StrokePattern {
    /// A finger zig-zagging across `xRange`, from `yFrom` to `yTo` and back, starting at `start`
    /// seconds, moving at `speed` points per second, sampled `rate` times a second, with a small
    /// deterministic wobble like a real hand. Coordinates are rounded to 0.01 pt as a trace would be.
    public static func zigzag(xRange: ClosedRange<Double>, yFrom: Double, yTo: Double, legs: Int,
                              start: Double, speed: Double = 700, rate: Double = 120) -> [TouchSample] {
        var corners: [Point] = []
        for leg in 0...legs {
            let x = xRange.lowerBound + (xRange.upperBound - xRange.lowerBound) * Double(leg) / Double(max(legs, 1))
            corners.append(Point(x: x, y: leg % 2 == 0 ? yFrom : yTo))
        }
        var samples: [TouchSample] = []
        var elapsed = 0.0
        var segment = 0, travelled = 0.0
        while segment < corners.count - 1 {
            let a = corners[segment], b = corners[segment + 1]
            let length = (b - a).length
            let f = min(travelled / length, 1)
            let t = start + elapsed
            let x = a.x + (b.x - a.x) * f + 3 * sin(7.3 * elapsed)
            let y = a.y + (b.y - a.y) * f + 2 * sin(11.1 * elapsed)
            samples.append(TouchSample(x: (x * 100).rounded() / 100, y: (y * 100).rounded() / 100,
                                       time: (t * 10_000).rounded() / 10_000))
            elapsed += 1 / rate
            travelled += speed / rate
            while segment < corners.count - 1 && travelled >= (corners[segment + 1] - corners[segment]).length {
                travelled -= (corners[segment + 1] - corners[segment]).length
                segment += 1
            }
        }
        return samples
    }
}

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
