import Foundation

/// A timing curve maps the fraction of an animation's duration that has elapsed to its progress.
public enum TimingCurve: Equatable, Sendable {
    /// Progress equal to the elapsed fraction, as SwiftUI's `.linear`.
    case linear
    /// A cubic Bézier from (0, 0) to (1, 1) with control points (x1, y1) and (x2, y2), as CSS and
    /// Core Animation define it.
    case bezier(x1: Double, y1: Double, x2: Double, y2: Double)

    /// SwiftUI's `.easeIn`: starts slowly and ends at full speed, the Bézier (0.42, 0), (1, 1).
    public static let easeIn = TimingCurve.bezier(x1: 0.42, y1: 0, x2: 1, y2: 1)
    /// SwiftUI's `.easeOut`: starts at full speed and slows to a stop, the Bézier (0, 0), (0.58, 1).
    public static let easeOut = TimingCurve.bezier(x1: 0, y1: 0, x2: 0.58, y2: 1)
    /// SwiftUI's `.easeInOut`: slow at both ends, the Bézier (0.42, 0), (0.58, 1).
    public static let easeInOut = TimingCurve.bezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1)

    /// Progress at `fraction` of the duration, clamped to 0...1 outside the curve.
    public func progress(at fraction: Double) -> Double {
        if fraction <= 0 { return 0 }
        if fraction >= 1 { return 1 }
        switch self {
        case .linear:
            return fraction
        case .bezier(let x1, let y1, let x2, let y2):
            let s = TimingCurve.solve(fraction, x1, x2)
            return TimingCurve.bezier(s, y1, y2)
        }
    }

    /// One coordinate of the curve at parameter `s`.
    private static func bezier(_ s: Double, _ c1: Double, _ c2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * s * c1 + 3 * u * s * s * c2 + s * s * s
    }

    /// The parameter whose x is `x`: Newton's method, then bisection if it strays, to 1e-12 in x.
    private static func solve(_ x: Double, _ x1: Double, _ x2: Double) -> Double {
        var s = x
        for _ in 0..<8 {
            let error = bezier(s, x1, x2) - x
            if abs(error) < 1e-12 { return s }
            let u = 1 - s
            let derivative = 3 * u * u * x1 + 6 * u * s * (x2 - x1) + 3 * s * s * (1 - x2)
            if abs(derivative) < 1e-9 { break }
            s -= error / derivative
            if s < 0 || s > 1 { break }
        }
        var lo = 0.0
        var hi = 1.0
        s = x
        for _ in 0..<100 {
            let value = bezier(s, x1, x2)
            if abs(value - x) < 1e-12 { break }
            if value < x { lo = s } else { hi = s }
            s = (lo + hi) / 2
        }
        return s
    }
}
