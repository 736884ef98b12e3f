import Foundation
import RevealCore
import RevealLayout
import RevealRaster

/// Effects that change how a view is drawn, not where it is laid out, as SwiftUI's `VisualEffect`: what a
/// `scrollTransition` closure returns, built from `EmptyVisualEffect` with the modifiers below.
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

/// A scroll transition met in an evaluation: where its view's frame and its scroll view's are found after
/// layout, and the axis it follows.
struct ScrollTransitionMark {
    let key: String
    let anchor: Int
    let scroll: Int
    let vertical: Bool
}

extension ScrollTransitionView: @MainActor Lowerable {
    @MainActor func lower(in graph: ViewGraph, path: String, _ environment: EnvironmentValues) -> [ViewNode] {
        let key = path + "/scrollTransition"
        graph.watchedSeen.insert(key)
        // How far out the view was at the last layout: -1 … 0 … 1.
        let out = graph.scrollTransitionValues[key] ?? 0
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
        let anchor = graph.anchor()
        if let scroll = graph.scrollClips.last {
            let vertical = axis.map { $0 == .vertical } ?? !(graph.scrollAxes.last?.horizontal ?? false)
            graph.scrollTransitionsMet.append(
                ScrollTransitionMark(key: key, anchor: anchor, scroll: scroll, vertical: vertical))
        }
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

extension ViewGraph {
    /// After a layout: how far out each scroll transition's view is; when that changed, the view is evaluated
    /// again at once (its effects follow the frame just laid out). True when it is.
    package func scrollTransitionsLaidOut(anchors: () -> [Int: Rect]) -> Bool {
        let met = scrollTransitionsMet
        scrollTransitionsMet = []
        guard !met.isEmpty else { return false }
        let frames = anchors()
        var again = false
        for mark in met {
            guard let frame = frames[mark.anchor], let viewport = frames[mark.scroll] else { continue }
            let (start, length, low, high) =
                mark.vertical
                ? (frame.y, frame.height, viewport.y, viewport.maxY) : (frame.x, frame.width, viewport.x, viewport.maxX)
            guard length > 0 else { continue }
            var out = 0.0
            if start < low {
                out = -min((low - start) / length, 1)
            } else if start + length > high {
                out = min((start + length - high) / length, 1)
            }
            out = (out * 1000).rounded() / 1000
            if (scrollTransitionValues[mark.key] ?? 0) != out {
                scrollTransitionValues[mark.key] = out
                again = true
            }
        }
        if again { invalidate() }
        return again
    }
}
