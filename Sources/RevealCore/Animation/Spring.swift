import Foundation

/// SwiftUI's spring: a unit mass on a spring of stiffness (2π/response)² with damping
/// 4π·dampingFraction/response, starting at rest. `value(at:)` is its step response: 0 at the start,
/// settling at 1, possibly overshooting.
public struct SpringParameters: Equatable, Hashable, Sendable {
    /// The period of the undamped spring in seconds; smaller is stiffer and faster.
    public var response: Double
    /// The damping as a fraction of critical damping: 1 settles without overshoot, below 1 bounces,
    /// 0 (or less) never settles, above 1 is overdamped.
    public var dampingFraction: Double

    /// SwiftUI's `Spring(response:dampingFraction:)`: `response` in seconds, damping relative to critical.
    public init(response: Double, dampingFraction: Double) {
        self.response = response
        self.dampingFraction = dampingFraction
    }

    /// `Spring(duration:bounce:)`: the perceptual duration is the response; bounce 0 is critically
    /// damped, up to 1 (undamped); negative bounce is overdamped.
    public init(duration: Double, bounce: Double) {
        response = duration
        dampingFraction = bounce < 0 ? 1 / (1 + bounce) : 1 - bounce
    }

    /// `.smooth`, `.snappy` and `.bouncy`: SwiftUI's presets, 0.5 s with bounce 0, 0.15 and 0.3.
    public static let smooth = SpringParameters(duration: 0.5, bounce: 0)
    /// SwiftUI's `.snappy`: 0.5 s with bounce 0.15, a slight overshoot.
    public static let snappy = SpringParameters(duration: 0.5, bounce: 0.15)
    /// SwiftUI's `.bouncy`: 0.5 s with bounce 0.3, a visible overshoot.
    public static let bouncy = SpringParameters(duration: 0.5, bounce: 0.3)

    /// Distance from the target within which a spring counts as settled.
    public static let settleThreshold = 0.001

    /// Progress `t` seconds after the start: the closed-form solution of x'' + c·x' + k·x = 0 with
    /// x(0) = -1, x'(0) = 0, plus one.
    public func value(at t: Double) -> Double {
        guard t > 0 else { return 0 }
        let omega = 2 * Double.pi / response
        let zeta = dampingFraction
        let x: Double
        if zeta < 1 {
            let omegaD = omega * (1 - zeta * zeta).squareRoot()
            let b = -zeta * omega / omegaD
            x = exp(-zeta * omega * t) * (-cos(omegaD * t) + b * sin(omegaD * t))
        } else if zeta == 1 {
            x = (-1 - omega * t) * exp(-omega * t)
        } else {
            let root = (zeta * zeta - 1).squareRoot()
            let r1 = -omega * (zeta - root)
            let r2 = -omega * (zeta + root)
            let c1 = (0 - r2 * -1) / (r1 - r2)
            let c2 = -1 - c1
            x = c1 * exp(r1 * t) + c2 * exp(r2 * t)
        }
        return 1 + x
    }

    /// The displacement `t` seconds after a unit velocity kick from rest at the target: the same equation's
    /// solution with x(0) = 0, x'(0) = 1. A spring keyframe adds it, times the velocity a value arrives with,
    /// to `value(at:)`.
    public func impulseResponse(at t: Double) -> Double {
        let omega = 2 * Double.pi / response
        let zeta = dampingFraction
        guard t > 0, omega.isFinite, omega > 0 else { return 0 }
        if zeta < 1 {
            let omegaD = omega * (1 - zeta * zeta).squareRoot()
            return exp(-zeta * omega * t) * sin(omegaD * t) / omegaD
        } else if zeta == 1 {
            return t * exp(-omega * t)
        }
        let root = (zeta * zeta - 1).squareRoot()
        let (r1, r2) = (-omega * (zeta - root), -omega * (zeta + root))
        return (exp(r1 * t) - exp(r2 * t)) / (r1 - r2)
    }

    /// The time from which the spring stays within `settleThreshold` of its target for good: the end of
    /// its last excursion beyond it. Infinite for an undamped spring (`dampingFraction` <= 0).
    ///
    /// An underdamped spring's displacement turns only at t = nπ/ω_d, where it is ±exp(−nπζ/√(1−ζ²)),
    /// and is monotone in between; a critically damped or overdamped one approaches monotonically.
    /// So the answer lies between the last turning point beyond the threshold and the next one (or,
    /// without overshoot, wherever the approach crosses it), and bisection there finds it. Scanning
    /// for it in fixed steps instead misses a last turning point that is only just beyond the threshold.
    public var settlingTime: Double { settlingTime(within: SpringParameters.settleThreshold) }

    /// The time from which the spring stays within `threshold` of its target for good.
    public func settlingTime(within threshold: Double) -> Double {
        let zeta = dampingFraction
        // No finite answer for a spring that does not move, does not damp, or a threshold of nothing.
        guard zeta > 0, zeta.isFinite, response > 0, response.isFinite, threshold > 0, threshold.isFinite else {
            return .infinity
        }
        let omega = 2 * Double.pi / response
        func outside(_ t: Double) -> Bool { abs(1 - value(at: t)) > threshold }
        // Outside at `lo` (the start counts: the value is 0 there), inside from `hi` on, monotone between.
        var lo = 0.0
        var hi: Double
        if zeta < 1 {
            let omegaD = omega * (1 - zeta * zeta).squareRoot()
            let decay = Double.pi * zeta / (1 - zeta * zeta).squareRoot()
            func turn(_ n: Int) -> Double { Double(n) * Double.pi / omegaD }
            // The last turning point beyond the threshold: estimated from its height, then confirmed
            // with `value(at:)` itself so that rounding cannot put the two at odds.
            let estimate = -log(threshold) / decay
            guard estimate.isFinite else { return .infinity }
            var n = Int(min(max(estimate, 0), 1e9))
            var steps = 0
            while n > 0 && !outside(turn(n)) && steps < 1_000_000 {
                n -= 1
                steps += 1
            }
            while outside(turn(n + 1)) && steps < 1_000_000 {
                n += 1
                steps += 1
            }
            lo = turn(n)
            hi = turn(n + 1)
        } else {
            hi = response
            var doublings = 0
            while outside(hi) {
                lo = hi
                hi *= 2
                doublings += 1
                if doublings > 2000 || !hi.isFinite { return .infinity }
            }
        }
        for _ in 0..<100 where hi - lo > 0 {
            let mid = (lo + hi) / 2
            if mid <= lo || mid >= hi { break }
            if outside(mid) { lo = mid } else { hi = mid }
        }
        return hi
    }
}

/// How a value animates from one state to the next: a timing curve over a duration, or a spring.
public enum AnimationSpec: Equatable, Sendable {
    /// A timing curve over `duration` seconds, as SwiftUI's `.easeInOut(duration:)` and the like; a
    /// duration of 0 or less jumps straight to the end.
    case timing(TimingCurve, duration: Double)
    /// A spring, as SwiftUI's `.spring(_:)`: it has no fixed duration and runs until it settles.
    case spring(SpringParameters)

    /// Progress `elapsed` seconds after the animation started: 0 before, 1 once finished (a spring
    /// may overshoot on the way).
    public func progress(after elapsed: Double) -> Double {
        switch self {
        case .timing(let curve, let duration):
            guard duration > 0 else { return elapsed >= 0 ? 1 : 0 }
            return curve.progress(at: elapsed / duration)
        case .spring(let spring):
            return spring.value(at: elapsed)
        }
    }

    /// How long until the animation is done: its duration, or a spring's settling time.
    public var settlingTime: Double { settlingTime(within: SpringParameters.settleThreshold) }

    /// How long until the animation is done, a spring counting as done within `threshold` of its target.
    public func settlingTime(within threshold: Double) -> Double {
        switch self {
        case .timing(_, let duration): return duration
        case .spring(let spring): return spring.settlingTime(within: threshold)
        }
    }

    /// The scratch card's fade: `.easeOut(duration: 0.35)`.
    public static let scratchFade = AnimationSpec.timing(.easeOut, duration: 0.35)
    /// The circle reveal demo's `.easeInOut(duration: 0.8)`.
    public static let circleDemo = AnimationSpec.timing(.easeInOut, duration: 0.8)
}
