import RevealRender

/// How a change plays over time, as SwiftUI's `Animation`: a timing curve over a duration, or a spring.
public struct Animation: Equatable, Sendable {
    let spec: AnimationSpec

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
        Animation(spec: .spring(Spring(response: response, dampingFraction: dampingFraction)))
    }
    public static func spring(duration: TimeInterval = 0.5, bounce: Double = 0, blendDuration: Double = 0)
        -> Animation
    {
        Animation(spec: .spring(Spring(duration: duration, bounce: bounce)))
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

/// Runs `body` with its state changes carried by `transaction`.
@MainActor @preconcurrency
public func withTransaction<Result>(_ transaction: Transaction, _ body: () throws -> Result) rethrows -> Result {
    let saved = Transaction.current
    Transaction.current = transaction
    defer { Transaction.current = saved }
    return try body()
}
