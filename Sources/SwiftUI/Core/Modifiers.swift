import RevealCore
import RevealLayout
import RevealRaster
import RevealText

/// A modifier that you apply to a view, as SwiftUI's `ViewModifier`: `body(content:)` makes the
/// modified view out of a placeholder for the original.
@MainActor @preconcurrency public protocol ViewModifier {
    /// The type of the modified view.
    associatedtype Body: View
    /// The modified view; `content` stands for the view the modifier is applied to.
    @ViewBuilder @MainActor @preconcurrency func body(content: Content) -> Body
    /// The placeholder for the view the modifier is applied to.
    typealias Content = _ViewModifier_Content<Self>
}

/// A modifier whose `animatableData` animates, as SwiftUI's `AnimatableModifier` (deprecated for conforming
/// to `Animatable` and `ViewModifier`, which does the same). Like `Shape`, a conforming type has no inferred
/// isolation, so its `animatableData` meets `Animatable` unisolated.
public protocol AnimatableModifier: Animatable, ViewModifier, _RemoveGlobalActorIsolation {}

/// Stands for the view a `ViewModifier` is applied to, inside its `body(content:)`.
nonisolated public struct _ViewModifier_Content<Modifier: ViewModifier>: _PrimitiveView {}

/// A view with a modifier applied, as SwiftUI's `ModifiedContent`: the order of modifiers is the
/// structure of the tree.
public struct ModifiedContent<Content, Modifier> {
    /// The view the modifier is applied to.
    public var content: Content
    /// The modifier.
    public var modifier: Modifier

    /// `content` with `modifier` applied.
    public init(content: Content, modifier: Modifier) {
        self.content = content
        self.modifier = modifier
    }
}

extension ModifiedContent: View where Content: View, Modifier: ViewModifier {
    public typealias Body = Never
    /// Never evaluated: the runtime lowers the content and the modifier itself.
    public var body: Never { fatalError("ModifiedContent has no body") }
}

extension ModifiedContent: Sendable where Content: Sendable, Modifier: Sendable {}

extension View {
    /// This view with `modifier` applied.
    @inlinable nonisolated public func modifier<T>(_ modifier: T) -> ModifiedContent<Self, T> {
        ModifiedContent(content: self, modifier: modifier)
    }
}

/// A built-in modifier: what it is and its arguments, lowered by the runtime onto the engine's modifiers.
nonisolated public struct _BuiltinModifier: ViewModifier {
    enum Kind {
        case frame(width: CGFloat?, height: CGFloat?, alignment: Alignment)
        case flexibleFrame(
            minWidth: CGFloat?, idealWidth: CGFloat?, maxWidth: CGFloat?, minHeight: CGFloat?, idealHeight: CGFloat?,
            maxHeight: CGFloat?, alignment: Alignment)
        case padding(Edge.Set, CGFloat?)
        case position(CGPoint)
        case offset(CGSize)
        /// An engine modifier applied to each of the content's views as it is (layout: `fixedSize`, …).
        case layout(NodeModifier)
        case blendMode(BlendMode)
        case colorEffect(ColorEffect)
        case alignmentGuide(AlignmentGuide, horizontal: Bool, (ViewDimensions) -> CGFloat)
        case overlay(any View, Alignment)
        case background(any View, Alignment)
        case backgroundStyle(any ShapeStyle)
        case mask(any View, Alignment)
        case clipShape(any Shape, FillStyle = FillStyle())
        case contentShape(any Shape)
        case opacity(Double)
        case shadow(Color, CGFloat, CGFloat, CGFloat)
        case blur(CGFloat, opaque: Bool)
        /// An environment change, and the engine modifier that makes the same change to the engine's layout
        /// (fonts, foreground, tint), when there is one.
        case environment((inout EnvironmentValues) -> Void, NodeModifier?)
        case ignoresSafeArea
        case preferredColorScheme(ColorScheme?)
        case id(AnyHashable)
        case transition(AnyTransition)
        /// A gesture recognized on the view; `enabled` false (a mask without `.gesture`) leaves it out.
        case gesture(any Gesture, simultaneous: Bool, enabled: Bool)
        case accessibilityHidden(Bool)
        case accessibilityElement(AccessibilityChildBehavior)
        case accessibilityLabel(Text)
        case accessibilityHint(Text)
        case accessibilityValue(Text)
        case accessibilityAddTraits(AccessibilityTraits)
        case accessibilityAction(AccessibilityActionKind, @MainActor () -> Void)
        case lifecycle(appear: (@MainActor () -> Void)?, disappear: (@MainActor () -> Void)?)
        case onChange(ValueWatch, initial: Bool, @MainActor (Any, Any) -> Void)
        case matchedGeometry(MatchedGeometryKey, MatchedGeometryProperties, UnitPoint, isSource: Bool)
        case task(id: ValueWatch?, TaskPriority, @isolated(any) @Sendable () async -> Void)
        case animation(Animation?, ValueWatch?)
        case transaction((inout Transaction) -> Void)
        case tap(count: Int, @MainActor () -> Void)
        case transform(rotation: Angle, scale: CGSize, anchor: UnitPoint, move: CGSize)
        case rotation3D(
            Angle, axis: (x: CGFloat, y: CGFloat, z: CGFloat), anchor: UnitPoint, anchorZ: CGFloat, perspective: CGFloat
        )
        case foregroundStyle(any ShapeStyle)
        case tag(AnyHashable)
        /// A publisher whose values run an action (`onReceive`).
        case receive(PublisherReceiver)
        /// A sheet or cover to present over the screen.
        case presentation(PresentationRequest)
        /// What a sheet's content asks of its sheet (detents, drag indicator, …).
        case presentationSettings(@MainActor (PresentationSettings) -> Void)
        /// What a tab asks of its tab view (`tabItem`, the tab bar's background).
        case tab(TabSettings)
        /// What a list's row asks of the list (`listRowInsets`, `listRowBackground`, `listRowSeparator`).
        case listRow(ListRowSettings)
        /// What a screen's views ask of its navigation bar (title, display mode, toolbar items).
        case navigation(@MainActor (NavigationEntry) -> Void)
        case longPress(
            minimumDuration: Double, maximumDistance: Double, @MainActor () -> Void, (@MainActor (Bool) -> Void)?)
    }
    let kind: Kind
    public typealias Body = Never
    /// Never evaluated: the runtime applies a built-in modifier itself.
    public func body(content: Content) -> Never { fatalError("built-in modifiers have no body") }
}

extension View {
    nonisolated func builtin(_ kind: _BuiltinModifier.Kind) -> ModifiedContent<Self, _BuiltinModifier> {
        ModifiedContent(content: self, modifier: _BuiltinModifier(kind: kind))
    }

    nonisolated func environmentChange(
        _ engine: NodeModifier? = nil, _ change: @escaping (inout EnvironmentValues) -> Void
    ) -> ModifiedContent<Self, _BuiltinModifier> {
        builtin(.environment(change, engine))
    }
}
