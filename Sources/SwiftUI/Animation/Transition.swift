/// Where a view is in its transition, as SwiftUI's `TransitionPhase`.
public enum TransitionPhase: Equatable, Sendable {
    /// About to be inserted: the state it animates in from.
    case willAppear
    /// In the hierarchy, at rest.
    case identity
    /// Removed: the state it animates out to.
    case didDisappear

    /// Whether the view is at rest.
    public var isIdentity: Bool { self == .identity }

    /// -1 before insertion, 0 at rest, 1 after removal.
    public var value: Double {
        switch self {
        case .willAppear: return -1
        case .identity: return 0
        case .didDisappear: return 1
        }
    }
}

/// What a transition does, for the system: whether it moves (Reduce Motion replaces a moving transition).
public struct TransitionProperties: Sendable {
    public var hasMotion: Bool
    public init(hasMotion: Bool = true) { self.hasMotion = hasMotion }
}

/// How a view is inserted and removed, as SwiftUI's `Transition`: its body at each phase.
@MainActor @preconcurrency public protocol Transition {
    associatedtype Body: View
    /// The view at `phase`; the runtime animates the difference between phases.
    @ViewBuilder func body(content: Content, phase: TransitionPhase) -> Body
    /// Whether the transition moves the view.
    static var properties: TransitionProperties { get }
    typealias Content = PlaceholderContentView<Self>
}

extension Transition {
    public static var properties: TransitionProperties { TransitionProperties() }
}

/// Stands for the view a transition is applied to.
nonisolated public struct PlaceholderContentView<Value>: _PrimitiveView {}

/// Fades the view in and out.
public struct OpacityTransition: Transition {
    public init() {}
    public func body(content: Content, phase: TransitionPhase) -> some View {
        content.opacity(phase.isIdentity ? 1 : 0)
    }
    public static var properties: TransitionProperties { TransitionProperties(hasMotion: false) }
}

/// No change on insertion or removal.
public struct IdentityTransition: Transition {
    public init() {}
    public func body(content: Content, phase: TransitionPhase) -> some View { content }
    public static var properties: TransitionProperties { TransitionProperties(hasMotion: false) }
}

extension Transition where Self == OpacityTransition {
    public static var opacity: OpacityTransition { OpacityTransition() }
}

extension Transition where Self == IdentityTransition {
    public static var identity: IdentityTransition { IdentityTransition() }
}

/// A type-erased transition, as SwiftUI's `AnyTransition`.
public struct AnyTransition: @unchecked Sendable {
    let transition: any Transition
    /// `transition`, type-erased.
    public init<T: Transition>(_ transition: T) { self.transition = transition }
    @MainActor public static var opacity: AnyTransition { AnyTransition(OpacityTransition()) }
    @MainActor public static var identity: AnyTransition { AnyTransition(IdentityTransition()) }
}

extension View {
    /// How the view is inserted and removed.
    nonisolated public func transition(_ t: AnyTransition) -> some View { builtin(.transition(t)) }
    /// How the view is inserted and removed.
    nonisolated public func transition<T: Transition>(_ transition: T) -> some View {
        builtin(.transition(AnyTransition(transition)))
    }
}
