import RevealCore
import RevealLayout
import RevealRaster
import RevealText

/// How a view's content changes inside an animation, as SwiftUI's `ContentTransition`: "content transitions
/// only take effect within transactions that apply an animation".
public struct ContentTransition: Equatable, Sendable {
    enum Kind: Equatable, Sendable {
        case identity, opacity, interpolate
        case numeric(countsDown: Bool?, value: Double?)
    }

    let kind: Kind

    /// No transition: the new content at once.
    public static let identity = ContentTransition(kind: .identity)
    /// The old content fading out as the new fades in: the default.
    public static let opacity = ContentTransition(kind: .opacity)
    /// SwiftUI interpolates glyph shapes; drawn here as `.opacity` draws it.
    public static let interpolate = ContentTransition(kind: .interpolate)

    /// A symbol effect's replacement of one symbol by another (drawn as the default cross-fade).
    public static func symbolEffect<T: ContentTransitionSymbolEffect & SymbolEffect>(
        _ effect: T, options: SymbolEffectOptions = .default
    ) -> ContentTransition {
        .opacity
    }

    /// The symbol effect SwiftUI picks for the change (drawn as the default cross-fade).
    public static var symbolEffect: ContentTransition { .opacity }

    /// Each character that changes rolls: the old one out upward and the new one in from below (the other
    /// way when `countsDown`), each fading; characters that stay put, lined up from the end, stay.
    public static func numericText(countsDown: Bool = false) -> ContentTransition {
        ContentTransition(kind: .numeric(countsDown: countsDown, value: nil))
    }

    /// As `numericText(countsDown:)`, counting down when `value` is less than it was at the change before.
    public static func numericText(value: Double) -> ContentTransition {
        ContentTransition(kind: .numeric(countsDown: nil, value: value))
    }
}

extension EnvironmentValues {
    /// How content inside changes inside an animation (`contentTransition(_:)`).
    public var contentTransition: ContentTransition {
        get { contentTransitionValue }
        set { contentTransitionValue = newValue }
    }
}

extension View {
    /// Sets how the content of the views inside changes inside an animation.
    nonisolated public func contentTransition(_ transition: ContentTransition) -> some View {
        environmentChange { $0.contentTransition = transition }
    }
}

extension Text {
    /// This text taking over from `previous`, `fraction` of the way, as `transition` draws it; nil when it
    /// shows alone (`.identity`).
    @MainActor func lowered(
        from previous: Text, fraction: Double, countsDown: Bool, _ transition: ContentTransition,
        _ environment: EnvironmentValues
    ) -> ViewNode? {
        switch transition.kind {
        case .identity:
            return nil
        case .numeric:
            if let roll = rolled(from: previous, fraction: fraction, countsDown: countsDown, environment) {
                return roll
            }
            fallthrough
        case .opacity, .interpolate:
            return ViewNode(
                .crossfade(from: previous.lowered(environment), to: lowered(environment), fraction: fraction))
        }
    }

    /// The numeric roll: one character a column, lined up from the end, each changed column the old
    /// character moving a line up and out while the new one comes up from a line below (down when counting
    /// down). Nil unless both texts are one run in one style, so that their characters can stand apart.
    @MainActor private func rolled(
        from previous: Text, fraction f: Double, countsDown: Bool, _ environment: EnvironmentValues
    ) -> ViewNode? {
        guard runs.count == 1, previous.runs.count == 1 else { return nil }
        var style = runs[0]
        var previousStyle = previous.runs[0]
        style.string = ""
        previousStyle.string = ""
        guard style == previousStyle else { return nil }
        func character(_ c: Character) -> ViewNode {
            var run = style
            run.string = String(c)
            return Text(runs: [run]).lowered(environment)
        }
        func moved(_ view: ViewNode, lines: Double, opacity: Double) -> ViewNode {
            view.modifier(.transform(ViewTransform(translateX: 0, translateY: lines))).modifier(.opacity(opacity))
        }
        let old = Array(previous.runs[0].string)
        let new = Array(runs[0].string)
        let columns = max(old.count, new.count)
        let direction: Double = countsDown ? -1 : 1
        var children: [ViewNode] = []
        for column in 0..<columns {
            let before = column - (columns - old.count)
            let after = column - (columns - new.count)
            let was = before >= 0 ? old[before] : nil
            let now = after >= 0 ? new[after] : nil
            if let was, let now, was == now {
                children.append(character(now))
                continue
            }
            var layers: [ViewNode] = []
            if let was { layers.append(moved(character(was), lines: -direction * f, opacity: 1 - f)) }
            if let now { layers.append(moved(character(now), lines: direction * (1 - f), opacity: f)) }
            children.append(ViewNode(.stack(.depth, spacing: nil, alignment: .center, children: layers)))
        }
        // VoiceOver reads the new text as one element, as it reads a text.
        return ViewNode(.stack(.horizontal, spacing: 0, alignment: .center, children: children))
            .modifier(.accessibilityElement(.ignore)).modifier(.accessibilityLabel(runs[0].string))
    }
}
