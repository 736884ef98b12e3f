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
nonisolated public struct OpacityTransition: Transition {
    public init() {}
    public func body(content: Content, phase: TransitionPhase) -> some View {
        content.opacity(phase.isIdentity ? 1 : 0)
    }
    public static var properties: TransitionProperties { TransitionProperties(hasMotion: false) }
}

/// No change on insertion or removal.
nonisolated public struct IdentityTransition: Transition {
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

/// A type-erased transition, as SwiftUI's `AnyTransition`: transitions applied one inside the other
/// (`combined(with:)`), each of them possibly different on insertion and on removal (`asymmetric`).
public struct AnyTransition: @unchecked Sendable {
    enum Step {
        case one(any Transition)
        case asymmetric(insertion: AnyTransition, removal: AnyTransition)
    }
    let steps: [Step]

    init(steps: [Step]) { self.steps = steps }
    /// `transition`, type-erased.
    public init<T: Transition>(_ transition: T) {
        steps = (transition as? CombinedTransition)?.combined.steps ?? [.one(transition)]
    }

    public static var opacity: AnyTransition { AnyTransition(OpacityTransition()) }
    public static var identity: AnyTransition { AnyTransition(IdentityTransition()) }
    /// Scales the view from nothing on insertion and to nothing on removal, about its centre.
    public static var scale: AnyTransition { AnyTransition(ScaleTransition(0)) }
    /// Blurred, scaled and faded in and out (`BlurReplaceTransition`).
    public static var blurReplace: AnyTransition { AnyTransition(BlurReplaceTransition(configuration: .downUp)) }
    /// Blurred, scaled and faded in and out, scaling as `configuration` says.
    public static func blurReplace(_ configuration: BlurReplaceTransition.Configuration = .downUp)
        -> AnyTransition
    {
        AnyTransition(BlurReplaceTransition(configuration: configuration))
    }
    /// Scales the view from `scale` on insertion and to it on removal, about `anchor`.
    public static func scale(scale: CGFloat, anchor: UnitPoint = .center) -> AnyTransition {
        AnyTransition(ScaleTransition(scale, anchor: anchor))
    }
    /// Moves the view in from `offset` and out to it.
    public static func offset(_ offset: CGSize) -> AnyTransition { AnyTransition(OffsetTransition(offset)) }
    /// Moves the view in from (`x`, `y`) and out to it.
    public static func offset(x: CGFloat = 0, y: CGFloat = 0) -> AnyTransition {
        offset(CGSize(width: x, height: y))
    }
    /// Moves the view in from `edge` and out to it, by its own size.
    public static func move(edge: Edge) -> AnyTransition { AnyTransition(MoveTransition(edge: edge)) }
    /// Moves the view in from the leading edge and out to the trailing one.
    public static var slide: AnyTransition {
        .asymmetric(insertion: .move(edge: .leading), removal: .move(edge: .trailing))
    }
    /// Moves the view in from `edge` and out to the opposite edge, fading as it goes (SwiftUI's `push(from:)`).
    public static func push(from edge: Edge) -> AnyTransition {
        let opposite: [Edge: Edge] = [.top: .bottom, .bottom: .top, .leading: .trailing, .trailing: .leading]
        return .asymmetric(
            insertion: AnyTransition.move(edge: edge).combined(with: .opacity),
            removal: AnyTransition.move(edge: opposite[edge] ?? edge).combined(with: .opacity))
    }
    /// The view under `active` while inserted or removed, and under `identity` at rest (SwiftUI's
    /// `modifier(active:identity:)`); the two are one modifier type, so what they set animates between them.
    public static func modifier<E: ViewModifier>(active: E, identity: E) -> AnyTransition {
        AnyTransition(ModifierTransition(active: active, identity: identity))
    }
    /// `insertion` when the view is inserted, `removal` when it is removed.
    public static func asymmetric(insertion: AnyTransition, removal: AnyTransition) -> AnyTransition {
        AnyTransition(steps: [.asymmetric(insertion: insertion, removal: removal)])
    }
    /// This transition and `other` at once.
    public func combined(with other: AnyTransition) -> AnyTransition { AnyTransition(steps: steps + other.steps) }
}

/// A transition of two states of one modifier: `active` away from rest, `identity` at rest.
nonisolated struct ModifierTransition<E: ViewModifier>: Transition {
    let active: E
    let identity: E
    func body(content: Content, phase: TransitionPhase) -> some View {
        content.modifier(phase.isIdentity ? identity : active)
    }
}

/// Scales the view about an anchor (SwiftUI's `ScaleTransition`).
nonisolated public struct ScaleTransition: Transition {
    public var scale: Double
    public var anchor: UnitPoint
    public init(_ scale: Double, anchor: UnitPoint = .center) {
        self.scale = scale
        self.anchor = anchor
    }
    public func body(content: Content, phase: TransitionPhase) -> some View {
        content.scaleEffect(phase.isIdentity ? 1 : CGFloat(scale), anchor: anchor)
    }
}

/// Moves the view by a fixed offset (SwiftUI's `OffsetTransition`).
nonisolated public struct OffsetTransition: Transition {
    public var offset: CGSize
    public init(_ offset: CGSize) { self.offset = offset }
    public func body(content: Content, phase: TransitionPhase) -> some View {
        content.offset(phase.isIdentity ? .zero : offset)
    }
}

/// Moves the view by its own size toward an edge (SwiftUI's `MoveTransition`).
nonisolated public struct MoveTransition: Transition {
    public var edge: Edge
    public init(edge: Edge) { self.edge = edge }
    public func body(content: Content, phase: TransitionPhase) -> some View {
        let away: CGSize
        switch edge {
        case .leading: away = CGSize(width: -1, height: 0)
        case .trailing: away = CGSize(width: 1, height: 0)
        case .top: away = CGSize(width: 0, height: -1)
        case .bottom: away = CGSize(width: 0, height: 1)
        }
        return content.moved(by: phase.isIdentity ? .zero : away)
    }
}

extension Transition where Self == ScaleTransition {
    public static var scale: ScaleTransition { ScaleTransition(0) }
    public static func scale(_ scale: Double, anchor: UnitPoint = .center) -> ScaleTransition {
        ScaleTransition(scale, anchor: anchor)
    }
}

extension Transition where Self == MoveTransition {
    public static func move(edge: Edge) -> MoveTransition { MoveTransition(edge: edge) }
}

extension Transition where Self == OffsetTransition {
    public static func offset(_ offset: CGSize) -> OffsetTransition { OffsetTransition(offset) }
}

extension View {
    /// How the view is inserted and removed.
    nonisolated public func transition(_ t: AnyTransition) -> some View { builtin(.transition(t)) }
    /// How the view is inserted and removed.
    nonisolated public func transition<T: Transition>(_ transition: T) -> some View {
        builtin(.transition(AnyTransition(transition)))
    }
}

/// Blurs, scales and fades the view in and out, as SwiftUI's `BlurReplaceTransition`: away from identity it is
/// transparent, blurred with a radius of 7 points and scaled to 0.9 (on removal, to 1.1 with `.upUp`): the
/// values OpenSwiftUI reads from SwiftUI's implementation.
nonisolated public struct BlurReplaceTransition: Transition {
    /// Which way the view scales as it leaves.
    public struct Configuration: Equatable, Sendable {
        let grows: Bool
        /// Shrinking as it leaves, as it grew coming in.
        public static let downUp = Configuration(grows: false)
        /// Growing as it leaves.
        public static let upUp = Configuration(grows: true)
    }

    public var configuration: Configuration

    /// The transition in `configuration`.
    public init(configuration: Configuration) { self.configuration = configuration }

    public func body(content: Content, phase: TransitionPhase) -> some View {
        let scale: CGFloat = phase == .identity ? 1 : phase == .didDisappear && configuration.grows ? 1.1 : 0.9
        return content.opacity(phase.isIdentity ? 1 : 0).blur(radius: phase.isIdentity ? 0 : 7).scaleEffect(scale)
    }
}

extension Transition where Self == BlurReplaceTransition {
    /// Blurred, scaled and faded in and out.
    public static var blurReplace: BlurReplaceTransition { BlurReplaceTransition(configuration: .downUp) }
    /// Blurred, scaled and faded in and out, scaling as `configuration` says.
    public static func blurReplace(_ configuration: BlurReplaceTransition.Configuration = .downUp)
        -> BlurReplaceTransition
    {
        BlurReplaceTransition(configuration: configuration)
    }
}

extension Transition {
    /// This transition and `other` at once (SwiftUI's `Transition.combined(with:)`).
    public func combined<T: Transition>(with other: T) -> some Transition {
        CombinedTransition(combined: AnyTransition(self).combined(with: AnyTransition(other)))
    }
}

/// Two transitions at once: the runtime applies its steps as `AnyTransition.combined(with:)`'s.
nonisolated struct CombinedTransition: Transition {
    let combined: AnyTransition
    /// Not used: `AnyTransition(_:)` takes the steps instead.
    func body(content: Content, phase: TransitionPhase) -> some View { content }
}
