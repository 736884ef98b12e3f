import RevealCore
import RevealLayout
import RevealRaster
import RevealText

/// How a change plays over time, as SwiftUI's `Animation`: a timing curve over a duration, or a spring.
public struct Animation: Equatable, Sendable {
    let curve: AnimationCurve

    init(spec: AnimationSpec) { curve = .base(spec) }
    init(curve: AnimationCurve) { self.curve = curve }

    /// SwiftUI's default animation: a smooth spring (iOS 17; SwiftUI's `Animation.default`).
    public static let `default` = Animation(spec: .spring(.smooth))
    public static let linear = Animation.linear(duration: 0.35)
    public static let easeIn = Animation.easeIn(duration: 0.35)
    public static let easeOut = Animation.easeOut(duration: 0.35)
    public static let easeInOut = Animation.easeInOut(duration: 0.35)
    public static let smooth = Animation(spec: .spring(.smooth))
    public static let snappy = Animation(spec: .spring(.snappy))
    public static let bouncy = Animation(spec: .spring(.bouncy))
    public static let spring = Animation(spec: .spring(.smooth))

    public static func linear(duration: TimeInterval) -> Animation {
        Animation(spec: .timing(.linear, duration: duration))
    }
    public static func easeIn(duration: TimeInterval) -> Animation {
        Animation(spec: .timing(.easeIn, duration: duration))
    }
    public static func easeOut(duration: TimeInterval) -> Animation {
        Animation(spec: .timing(.easeOut, duration: duration))
    }
    public static func easeInOut(duration: TimeInterval) -> Animation {
        Animation(spec: .timing(.easeInOut, duration: duration))
    }
    public static func timingCurve(
        _ p1x: Double, _ p1y: Double, _ p2x: Double, _ p2y: Double, duration: TimeInterval = 0.35
    ) -> Animation {
        Animation(spec: .timing(.bezier(x1: p1x, y1: p1y, x2: p2x, y2: p2y), duration: duration))
    }
    public static func spring(response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: Double = 0)
        -> Animation
    {
        Animation(spec: .spring(SpringParameters(response: response, dampingFraction: dampingFraction)))
    }
    /// Disfavoured, as in Apple's SDK, so that `.spring()` is the response/damping spring it always was.
    @_disfavoredOverload
    public static func spring(duration: TimeInterval = 0.5, bounce: Double = 0, blendDuration: Double = 0)
        -> Animation
    {
        Animation(spec: .spring(SpringParameters(duration: duration, bounce: bounce)))
    }
    /// A smooth spring of `duration`, with no bounce but `extraBounce` (SwiftUI: `spring(duration:bounce:)`
    /// with a bounce of 0 plus the extra).
    public static func smooth(duration: TimeInterval = 0.5, extraBounce: Double = 0) -> Animation {
        .spring(duration: duration, bounce: extraBounce)
    }
    /// A snappy spring: a bounce of 0.15 plus `extraBounce`.
    public static func snappy(duration: TimeInterval = 0.5, extraBounce: Double = 0) -> Animation {
        .spring(duration: duration, bounce: 0.15 + extraBounce)
    }
    /// A bouncy spring: a bounce of 0.3 plus `extraBounce`.
    public static func bouncy(duration: TimeInterval = 0.5, extraBounce: Double = 0) -> Animation {
        .spring(duration: duration, bounce: 0.3 + extraBounce)
    }
    /// SwiftUI's `interactiveSpring`: a stiff, lightly damped spring (response 0.15, damping 0.86).
    public static func interactiveSpring(
        response: Double = 0.15, dampingFraction: Double = 0.86, blendDuration: Double = 0.25
    ) -> Animation {
        .spring(response: response, dampingFraction: dampingFraction)
    }
    /// SwiftUI's `interactiveSpring` in duration and bounce (disfavoured, as `spring(duration:bounce:)`).
    @_disfavoredOverload
    public static func interactiveSpring(
        duration: TimeInterval = 0.15, extraBounce: Double = 0, blendDuration: Double = 0.25
    )
        -> Animation
    {
        .spring(duration: duration, bounce: 0.15 + extraBounce)
    }
    public static let interactiveSpring = Animation.spring(response: 0.15, dampingFraction: 0.86)

    /// A spring of `spring`'s motion.
    public static func spring(_ spring: Spring, blendDuration: TimeInterval = 0) -> Animation {
        Animation(spec: .spring(spring.engine))
    }

    /// A damped mass on a spring, as SwiftUI's `interpolatingSpring(mass:stiffness:damping:initialVelocity:)`
    /// (response 2π·√(mass/stiffness), damping fraction damping / (2·√(stiffness·mass)), see `Spring`).
    public static func interpolatingSpring(
        mass: Double = 1, stiffness: Double, damping: Double, initialVelocity: Double = 0
    ) -> Animation {
        .spring(Spring(mass: mass, stiffness: stiffness, damping: damping))
    }

    /// An interpolating spring of a perceptual `duration` and `bounce`.
    public static func interpolatingSpring(
        duration: TimeInterval = 0.5, bounce: Double = 0, initialVelocity: Double = 0
    ) -> Animation {
        .spring(Spring(duration: duration, bounce: bounce))
    }

    /// An interpolating spring of `spring`'s motion.
    public static func interpolatingSpring(_ spring: Spring, initialVelocity: Double = 0) -> Animation {
        .spring(spring)
    }

    /// SwiftUI's `interpolatingSpring`: the spring of mass 1, stiffness 170 and damping 15 that its
    /// documentation gives as the default.
    public static let interpolatingSpring = Animation.interpolatingSpring(stiffness: 170, damping: 15)

    /// This animation starting `delay` seconds later ("Delays the start of the animation by the specified
    /// number of seconds").
    public func delay(_ delay: TimeInterval) -> Animation { Animation(curve: .delay(delay, curve)) }

    /// This animation played `speed` times as fast ("Changes the duration of an animation by adjusting
    /// its speed").
    public func speed(_ speed: Double) -> Animation { Animation(curve: .speed(speed, curve)) }

    /// This animation played `repeatCount` times, each other time backwards when `autoreverses`; the
    /// value then jumps to its end, as SwiftUI's does after an even count of reversed plays.
    public func repeatCount(_ repeatCount: Int, autoreverses: Bool = true) -> Animation {
        Animation(curve: .repeating(count: max(repeatCount, 0), autoreverses: autoreverses, curve))
    }

    /// This animation played for ever, each other time backwards when `autoreverses`.
    public func repeatForever(autoreverses: Bool = true) -> Animation {
        Animation(curve: .repeating(count: nil, autoreverses: autoreverses, curve))
    }
}

/// An animation's progress over time: a curve or spring of the engine, with the modifiers SwiftUI's
/// `Animation` has, in the order they were applied (a delay inside a repeat delays each play).
indirect enum AnimationCurve: Equatable, Sendable {
    case base(AnimationSpec)
    case delay(Double, AnimationCurve)
    case speed(Double, AnimationCurve)
    case repeating(count: Int?, autoreverses: Bool, AnimationCurve)

    /// Progress `elapsed` seconds after the change: 0 before it starts, 1 once done.
    func progress(after elapsed: Double) -> Double {
        switch self {
        case .base(let spec):
            return elapsed <= 0 ? 0 : spec.progress(after: elapsed)
        case .delay(let delay, let inner):
            return inner.progress(after: elapsed - delay)
        case .speed(let speed, let inner):
            return speed > 0 ? inner.progress(after: elapsed * speed) : 0
        case .repeating(let count, let autoreverses, let inner):
            let play = inner.duration
            guard elapsed > 0, play > 0, play.isFinite else { return inner.progress(after: elapsed) }
            let index = (elapsed / play).rounded(.down)
            if let count, index >= Double(count) { return 1 }
            let p = inner.progress(after: elapsed - index * play)
            return autoreverses && index.truncatingRemainder(dividingBy: 2) == 1 ? 1 - p : p
        }
    }

    /// How long until it is done: infinite for an animation that repeats for ever.
    var duration: Double {
        switch self {
        case .base(let spec): return spec.settlingTime(within: SpringParameters.settleThreshold)
        case .delay(let delay, let inner): return max(delay, 0) + inner.duration
        case .speed(let speed, let inner): return speed > 0 ? inner.duration / speed : .infinity
        case .repeating(let count, _, let inner):
            guard let count else { return .infinity }
            return Double(count) * inner.duration
        }
    }
}

/// The context of a state change, as SwiftUI's `Transaction`: the animation it carries.
public struct Transaction: Sendable {
    /// The animation the change plays with; nil: it happens at once.
    public var animation: Animation?
    /// Whether animations inside are turned off.
    public var disablesAnimations = false

    public init() {}
    public init(animation: Animation?) { self.animation = animation }

    /// The transaction state changes carry now: `withAnimation` sets it for the changes inside.
    @MainActor static var current = Transaction()
}

/// Runs `body` with its state changes carried by a transaction with `animation`, as SwiftUI's
/// `withAnimation(_:_:)`; writes outside it happen at once.
@MainActor @preconcurrency
public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result {
    try withTransaction(Transaction(animation: animation), body)
}

/// When an animation counts as complete for `withAnimation`'s completion.
public struct AnimationCompletionCriteria: Hashable, Sendable {
    let removed: Bool
    /// When the animation has played its logical course.
    public static let logicallyComplete = AnimationCompletionCriteria(removed: false)
    /// When the animation has settled and is removed.
    public static let removed = AnimationCompletionCriteria(removed: true)
}

/// Runs `body` with its state changes animated by `animation`, then `completion` once the animation is
/// complete (SwiftUI's `withAnimation(_:completionCriteria:_:completion:)`): here when its curve ends,
/// or a spring has settled, on the scene's clock; at once without an animation.
@MainActor @preconcurrency
public func withAnimation<Result>(
    _ animation: Animation? = .default, completionCriteria: AnimationCompletionCriteria = .logicallyComplete,
    _ body: () throws -> Result, completion: @escaping @MainActor () -> Void
) rethrows -> Result {
    let result = try withAnimation(animation, body)
    if let graph = ViewGraph.current {
        let duration = animation?.curve.duration ?? 0
        // An animation that never ends never completes.
        if duration.isFinite { graph.schedule(at: graph.time + duration, completion) }
    }
    return result
}

/// Runs `body` with its state changes carried by `transaction`.
@MainActor @preconcurrency
public func withTransaction<Result>(_ transaction: Transaction, _ body: () throws -> Result) rethrows -> Result {
    let saved = Transaction.current
    Transaction.current = transaction
    defer { Transaction.current = saved }
    return try body()
}
