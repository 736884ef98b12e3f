import Foundation
import RevealCore
import RevealLayout
import RevealRaster

/// Effects that change how a view is drawn, not where it is laid out, as SwiftUI's `VisualEffect`: what a
/// `visualEffect` or `scrollTransition` closure returns, built from `EmptyVisualEffect` with the modifiers
/// below.
public protocol VisualEffect: Sendable {}

/// No effect: the start of every chain.
public struct EmptyVisualEffect: VisualEffect {
    public init() {}
}

/// A chain of effects, in the order they were asked for.
public struct VisualEffectChain: VisualEffect {
    let effects: [DrawingEffect]
}

/// One effect of a chain, with its numbers (interpolated between two chains of the same shape).
enum DrawingEffect: Sendable {
    case opacity(Double)
    case scale(width: Double, height: Double, anchor: UnitPoint)
    case offset(width: Double, height: Double)
    case rotation(degrees: Double, anchor: UnitPoint)
    case rotation3D(degrees: Double, axis: [Double], anchor: UnitPoint, anchorZ: Double, perspective: Double)
    case blur(Double)
    case brightness(Double)
    case saturation(Double)
    case grayscale(Double)
    case hueRotation(degrees: Double)

    /// This effect `fraction` of the way to `other` when both are of one kind; else `other` from half way.
    func mixed(with other: DrawingEffect, _ fraction: Double) -> DrawingEffect {
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * fraction }
        switch (self, other) {
        case (.opacity(let a), .opacity(let b)): return .opacity(mix(a, b))
        case (.scale(let aw, let ah, _), .scale(let bw, let bh, let anchor)):
            return .scale(width: mix(aw, bw), height: mix(ah, bh), anchor: anchor)
        case (.offset(let aw, let ah), .offset(let bw, let bh)): return .offset(width: mix(aw, bw), height: mix(ah, bh))
        case (.rotation(let a, _), .rotation(let b, let anchor)): return .rotation(degrees: mix(a, b), anchor: anchor)
        case (.rotation3D(let a, _, _, _, _), .rotation3D(let b, let axis, let anchor, let anchorZ, let perspective)):
            return .rotation3D(
                degrees: mix(a, b), axis: axis, anchor: anchor, anchorZ: anchorZ, perspective: perspective)
        case (.blur(let a), .blur(let b)): return .blur(mix(a, b))
        case (.brightness(let a), .brightness(let b)): return .brightness(mix(a, b))
        case (.saturation(let a), .saturation(let b)): return .saturation(mix(a, b))
        case (.grayscale(let a), .grayscale(let b)): return .grayscale(mix(a, b))
        case (.hueRotation(let a), .hueRotation(let b)): return .hueRotation(degrees: mix(a, b))
        default: return fraction < 0.5 ? self : other
        }
    }

    /// `view` with this effect, through the view modifier of the same name.
    @MainActor func apply(to view: AnyView) -> AnyView {
        switch self {
        case .opacity(let o): AnyView(view.opacity(o))
        case .scale(let w, let h, let anchor): AnyView(view.scaleEffect(x: w, y: h, anchor: anchor))
        case .offset(let w, let h): AnyView(view.offset(x: w, y: h))
        case .rotation(let d, let anchor): AnyView(view.rotationEffect(.degrees(d), anchor: anchor))
        case .rotation3D(let d, let axis, let anchor, let anchorZ, let perspective):
            AnyView(
                view.rotation3DEffect(
                    .degrees(d), axis: (axis[0], axis[1], axis[2]), anchor: anchor, anchorZ: anchorZ,
                    perspective: perspective))
        case .blur(let r): AnyView(view.blur(radius: r))
        case .brightness(let a): AnyView(view.brightness(a))
        case .saturation(let a): AnyView(view.saturation(a))
        case .grayscale(let a): AnyView(view.grayscale(a))
        case .hueRotation(let d): AnyView(view.hueRotation(.degrees(d)))
        }
    }
}

extension VisualEffect {
    private func adding(_ effect: DrawingEffect) -> VisualEffectChain {
        VisualEffectChain(effects: ((self as? VisualEffectChain)?.effects ?? []) + [effect])
    }

    public func opacity(_ opacity: Double) -> VisualEffectChain { adding(.opacity(opacity)) }
    public func scaleEffect(_ scale: CGFloat, anchor: UnitPoint = .center) -> VisualEffectChain {
        adding(.scale(width: Double(scale), height: Double(scale), anchor: anchor))
    }
    public func scaleEffect(_ scale: CGSize, anchor: UnitPoint = .center) -> VisualEffectChain {
        adding(.scale(width: Double(scale.width), height: Double(scale.height), anchor: anchor))
    }
    public func scaleEffect(x: CGFloat = 1, y: CGFloat = 1, anchor: UnitPoint = .center) -> VisualEffectChain {
        adding(.scale(width: Double(x), height: Double(y), anchor: anchor))
    }
    public func offset(_ offset: CGSize) -> VisualEffectChain {
        adding(.offset(width: Double(offset.width), height: Double(offset.height)))
    }
    public func offset(x: CGFloat = 0, y: CGFloat = 0) -> VisualEffectChain {
        adding(.offset(width: Double(x), height: Double(y)))
    }
    public func rotationEffect(_ angle: Angle, anchor: UnitPoint = .center) -> VisualEffectChain {
        adding(.rotation(degrees: angle.degrees, anchor: anchor))
    }
    public func rotation3DEffect(
        _ angle: Angle, axis: (x: CGFloat, y: CGFloat, z: CGFloat), anchor: UnitPoint = .center, anchorZ: CGFloat = 0,
        perspective: CGFloat = 1
    ) -> VisualEffectChain {
        adding(
            .rotation3D(
                degrees: angle.degrees, axis: [Double(axis.x), Double(axis.y), Double(axis.z)], anchor: anchor,
                anchorZ: Double(anchorZ), perspective: Double(perspective)))
    }
    public func blur(radius: CGFloat, opaque: Bool = false) -> VisualEffectChain { adding(.blur(Double(radius))) }
    public func brightness(_ amount: Double) -> VisualEffectChain { adding(.brightness(amount)) }
    public func saturation(_ amount: Double) -> VisualEffectChain { adding(.saturation(amount)) }
    public func grayscale(_ amount: Double) -> VisualEffectChain { adding(.grayscale(amount)) }
    public func hueRotation(_ angle: Angle) -> VisualEffectChain { adding(.hueRotation(degrees: angle.degrees)) }
}

/// Where a view is against the viewport of the scroll view it is in, as SwiftUI's `ScrollTransitionPhase`.
public enum ScrollTransitionPhase: Hashable, Sendable {
    /// Going out past the top (or leading) edge.
    case topLeading
    /// Inside the viewport.
    case identity
    /// Going out past the bottom (or trailing) edge.
    case bottomTrailing

    public var isIdentity: Bool { self == .identity }
    /// -1 past the top or leading edge, 0 inside, 1 past the bottom or trailing edge.
    public var value: Double {
        switch self {
        case .topLeading: -1
        case .identity: 0
        case .bottomTrailing: 1
        }
    }
}

/// How a scroll transition follows the view, as SwiftUI's `ScrollTransitionConfiguration`.
public struct ScrollTransitionConfiguration: Sendable {
    enum Kind: Sendable { case interactive, animated, identity }
    let kind: Kind
    /// The effect follows the view across the edge: none while it is inside, all of it once it is out.
    public static let interactive = ScrollTransitionConfiguration(kind: .interactive)
    /// The effect plays (with the default animation) once the view starts to cross the edge.
    public static let animated = ScrollTransitionConfiguration(kind: .animated)
    /// No effect.
    public static let identity = ScrollTransitionConfiguration(kind: .identity)
    /// Animated (the animation is the default one).
    public static func animated(_ animation: Animation = .default) -> ScrollTransitionConfiguration { .animated }
    /// Interactive (the timing curve is taken as linear).
    public static func interactive(timingCurve: UnitCurve = .linear) -> ScrollTransitionConfiguration { .interactive }
}

extension View {
    /// Draws this view with the effects `effect` makes of its geometry, as SwiftUI's `visualEffect(_:)`: the
    /// proxy gives the view's size and its frame in any coordinate space as laid out, and the effects change
    /// how it is drawn, not its layout. When the view moves (a scroll), the effects follow in the same frame.
    nonisolated public func visualEffect(
        _ effect: @escaping @Sendable (EmptyVisualEffect, GeometryProxy) -> some VisualEffect
    ) -> some View {
        VisualEffectView(content: self, effect: { effect($0, $1) })
    }
}

/// A view drawn with the effects its geometry makes.
nonisolated struct VisualEffectView<Content: View>: _PrimitiveView {
    let content: Content
    let effect: @Sendable (EmptyVisualEffect, GeometryProxy) -> any VisualEffect
}

extension VisualEffectView: @MainActor Lowerable {
    @MainActor func lower(in graph: ViewGraph, path: String, _ environment: EnvironmentValues) -> [ViewNode] {
        // Code that asks where the view is follows its every move; code that reads its size alone, its size.
        let reads = GeometryReads()
        let (anchor, geometry) = graph.watchGeometry(key: path + "/visualEffect") { geometry in
            reads.wereAsked ? AnyHashable(geometry) : AnyHashable(geometry.map { [$0.frame.width, $0.frame.height] })
        }
        let size = geometry.map { CGSize(width: $0.frame.width, height: $0.frame.height) } ?? .zero
        let proxy = GeometryProxy(size: size, geometry: geometry, reads: reads)
        let effects = (effect(EmptyVisualEffect(), proxy) as? VisualEffectChain)?.effects ?? []
        let view = effects.reduce(AnyView(content)) { $1.apply(to: $0) }
        // The mark is outside the effects: the proxy describes the laid-out frame, not where the effects draw.
        return graph.lower(view, path: path, environment).map { $0.modifier(.anchor(anchor)) }
    }
}

extension View {
    /// Effects that follow this view as it crosses the edges of the scroll view it is in, as SwiftUI's
    /// `scrollTransition(_:axis:transition:)`: `transition` is given the phase, and the view is drawn with
    /// what it returns for its phase (interactive: mixed with the identity's by how far out the view is).
    /// The phase comes from the last layout: where the view is in the viewport along `axis` (the scroll view's
    /// own by default).
    nonisolated public func scrollTransition<Effect: VisualEffect>(
        _ configuration: ScrollTransitionConfiguration = .interactive, axis: Axis? = nil,
        transition: @escaping @Sendable (EmptyVisualEffect, ScrollTransitionPhase) -> Effect
    ) -> some View {
        ScrollTransitionView(
            content: self, topLeading: configuration, bottomTrailing: configuration, axis: axis,
            transition: { transition($0, $1) })
    }

    /// Scroll transition effects configured apart for each edge.
    nonisolated public func scrollTransition<Effect: VisualEffect>(
        topLeading: ScrollTransitionConfiguration, bottomTrailing: ScrollTransitionConfiguration, axis: Axis? = nil,
        transition: @escaping @Sendable (EmptyVisualEffect, ScrollTransitionPhase) -> Effect
    ) -> some View {
        ScrollTransitionView(
            content: self, topLeading: topLeading, bottomTrailing: bottomTrailing, axis: axis,
            transition: { transition($0, $1) })
    }
}

/// A view drawn with its scroll transition's effects.
nonisolated struct ScrollTransitionView<Content: View>: _PrimitiveView {
    let content: Content
    let topLeading: ScrollTransitionConfiguration
    let bottomTrailing: ScrollTransitionConfiguration
    let axis: Axis?
    let transition: @Sendable (EmptyVisualEffect, ScrollTransitionPhase) -> any VisualEffect
}

extension ScrollTransitionView: @MainActor Lowerable {
    @MainActor func lower(in graph: ViewGraph, path: String, _ environment: EnvironmentValues) -> [ViewNode] {
        // How far out the view was at the last layout: -1 … 0 … 1, along the axis asked (else its scroll
        // view's own).
        let (anchor, geometry) = graph.watchGeometry(key: path + "/scrollTransition") { geometry in
            AnyHashable(ScrollTransitionView.out(geometry, axis: axis))
        }
        let out = Self.out(geometry, axis: axis)
        let phase: ScrollTransitionPhase = out < 0 ? .topLeading : out > 0 ? .bottomTrailing : .identity
        let configuration = out < 0 ? topLeading : bottomTrailing
        func effects(_ phase: ScrollTransitionPhase) -> [DrawingEffect] {
            (transition(EmptyVisualEffect(), phase) as? VisualEffectChain)?.effects ?? []
        }
        var drawn: [DrawingEffect] = []
        switch configuration.kind {
        case .identity:
            drawn = []
        case .interactive:
            let inside = effects(.identity)
            let outside = effects(phase)
            drawn =
                inside.count == outside.count
                ? zip(inside, outside).map { $0.mixed(with: $1, abs(out)) } : abs(out) < 0.5 ? inside : outside
        case .animated:
            drawn = effects(phase)
        }
        let view = drawn.reduce(AnyView(content)) { $1.apply(to: $0) }
        let lowered: [ViewNode]
        if configuration.kind == .animated {
            lowered = graph.evaluating(in: EvaluationTransaction(animation: Animation.default.curve, start: graph.time))
            {
                graph.lower(view, path: path, environment)
            }
        } else {
            lowered = graph.lower(view, path: path, environment)
        }
        // The mark is outside the effects: the frame measured is the view's laid-out frame, not where an offset
        // or a scale draws it.
        return lowered.map { $0.modifier(.anchor(anchor)) }
    }
}

extension ScrollTransitionView {
    /// How far out of its innermost scroll view's viewport a view laid out in `geometry` is along `axis` (the
    /// scroll view's own when nil), in thousandths of its length: -1 past the top or leading edge, 0 inside,
    /// 1 past the bottom or trailing edge.
    static func out(_ geometry: LaidOutGeometry?, axis: Axis?) -> Double {
        guard let geometry, let scroll = geometry.scrolls.last else { return 0 }
        let vertical = axis.map { $0 == .vertical } ?? !scroll.horizontal
        let (frame, viewport) = (geometry.frame, scroll.viewport)
        let (start, length, low, high) =
            vertical
            ? (frame.y, frame.height, viewport.y, viewport.maxY) : (frame.x, frame.width, viewport.x, viewport.maxX)
        guard length > 0 else { return 0 }
        var out = 0.0
        if start < low {
            out = -min((low - start) / length, 1)
        } else if start + length > high {
            out = min((start + length - high) / length, 1)
        }
        return (out * 1000).rounded() / 1000
    }
}
