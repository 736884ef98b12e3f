import RevealCore
import RevealLayout
import RevealRaster
import RevealText

/// A control that turns a setting on and off, drawn as iOS draws a switch (SwiftUI's `Toggle` with the
/// default `.switch` style): the label leading, the switch trailing, the row as wide as it is offered.
nonisolated public struct Toggle<Label: View>: _PrimitiveView {
    let isOn: Binding<Bool>
    let label: Label

    /// A toggle of `isOn`, labelled by the view `label` builds.
    public init(isOn: Binding<Bool>, @ViewBuilder label: () -> Label) {
        self.isOn = isOn
        self.label = label()
    }
}

extension Toggle where Label == Text {
    /// A toggle of `isOn` labelled `titleKey`.
    public init(_ titleKey: LocalizedStringKey, isOn: Binding<Bool>) {
        self.init(isOn: isOn) { Text(titleKey) }
    }

    /// A toggle of `isOn` labelled `title`.
    @_disfavoredOverload public init<S: StringProtocol>(_ title: S, isOn: Binding<Bool>) {
        self.init(isOn: isOn) { Text(title) }
    }
}

/// How toggles inside draw themselves, as SwiftUI's `ToggleStyle`: `makeBody` builds a toggle's view from its
/// label and its binding.
@MainActor @preconcurrency public protocol ToggleStyle {
    associatedtype Body: View
    /// The view of a toggle with `configuration`'s label and state.
    @ViewBuilder func makeBody(configuration: Configuration) -> Body
    typealias Configuration = ToggleStyleConfiguration
}

/// What a `ToggleStyle` builds a toggle from, as SwiftUI's `ToggleStyleConfiguration`.
public struct ToggleStyleConfiguration {
    /// The toggle's label, as a view.
    nonisolated public struct Label: _PrimitiveView {
        let content: AnyView
    }
    /// The label the toggle was given.
    public let label: Label
    /// Whether the toggle is on; writing it turns the toggle.
    @Binding public var isOn: Bool
    /// Whether the toggle stands for several values, some on and some off (never, here).
    public var isMixed: Bool { false }
}

/// The switch iOS draws (`.switch`).
nonisolated public struct SwitchToggleStyle: ToggleStyle {
    public init() {}
    /// A switch: the runtime draws it (see `Toggle`).
    public func makeBody(configuration: Configuration) -> some View {
        Toggle(isOn: configuration.$isOn) { configuration.label }.toggleStyle(DefaultToggleStyle())
    }
}

/// The platform's default: on iOS, the switch.
nonisolated public struct DefaultToggleStyle: ToggleStyle {
    public init() {}
    /// A switch: the runtime draws it (see `Toggle`).
    public func makeBody(configuration: Configuration) -> some View {
        Toggle(isOn: configuration.$isOn) { configuration.label }.toggleStyle(self)
    }
}

extension ToggleStyle where Self == SwitchToggleStyle {
    public static var `switch`: SwitchToggleStyle { SwitchToggleStyle() }
}

extension ToggleStyle where Self == DefaultToggleStyle {
    public static var automatic: DefaultToggleStyle { DefaultToggleStyle() }
}

extension View {
    /// How toggles inside draw themselves: the switch (`.switch`, `.automatic`) or a style of your own.
    nonisolated public func toggleStyle<S: ToggleStyle>(_ style: S) -> some View {
        let custom: (any ToggleStyle)? = (style is DefaultToggleStyle || style is SwitchToggleStyle) ? nil : style
        return environmentChange { $0.toggleStyle = custom }
    }
}

extension ToggleStyleConfiguration.Label: @MainActor Lowerable, ErasedContent {}

/// UISwitch's measures (UIKit documents the switch's size as 51×31 points; the thumb is 27 points, 2 points
/// in from the track's edge).
enum SwitchMetrics {
    static let size = CGSize(width: 51, height: 31)
    static let thumb: CGFloat = 27
    static let inset: CGFloat = 2
    /// The track when off: the system's secondary fill.
    static let offTrack = Color.secondarySystemFill
    /// UISwitch animates its thumb itself, whatever the transaction: a quarter second, easing in and out.
    static let animation = Animation.easeInOut(duration: 0.25)
}

extension Toggle: @MainActor Lowerable {
    @MainActor func lower(in graph: ViewGraph, path: String, _ environment: EnvironmentValues) -> [ViewNode] {
        let binding = isOn
        if let style = environment.toggleStyle {
            // A style of the user's: its body, built from the label and the binding (inside it, a Toggle
            // is a switch again, as in SwiftUI, where a style's body sees the default style).
            var inner = environment
            inner.toggleStyle = nil
            let configuration = ToggleStyleConfiguration(label: .init(content: AnyView(label)), isOn: binding)
            return graph.lower(AnyView(style.makeBody(configuration: configuration)), path: path + "/style", inner)
        }
        let on = binding.wrappedValue
        let position = graph.evaluating(
            in:
                EvaluationTransaction(animation: SwitchMetrics.animation.curve, start: graph.transaction.start)
        ) { graph.present(on ? 1.0 : 0.0, key: path + "/switch") }
        let travel = SwitchMetrics.size.width - SwitchMetrics.thumb - 2 * SwitchMetrics.inset
        let onColor = environment.tint ?? .green
        let control = ZStack(alignment: .leading) {
            Capsule().fill(SwitchMetrics.offTrack)
            Capsule().fill(onColor).opacity(position)
            Circle().fill(Color.white)
                .shadow(color: Color(white: 0, opacity: 0.15), radius: 8, x: 0, y: 3)
                .frame(width: SwitchMetrics.thumb, height: SwitchMetrics.thumb)
                .offset(x: SwitchMetrics.inset + travel * CGFloat(position))
        }
        .frame(width: SwitchMetrics.size.width, height: SwitchMetrics.size.height)
        .onTapGesture { binding.wrappedValue.toggle() }
        // The label takes the room the switch leaves, leading (iOS lays a switch row out so; a plain Spacer
        // would take a share of it in the stack's algorithm).
        // With `labelsHidden()`, the switch alone: the label still names it to VoiceOver.
        let row = HStack {
            if environment.labelsHidden {
                if let text = label as? Text { control.accessibilityLabel(text) } else { control }
            } else {
                label.frame(maxWidth: .infinity, alignment: .leading)
                control
            }
        }
        .accessibilityElement(children: .combine)
        .accessibilityAction { binding.wrappedValue.toggle() }
        .accessibilityAddTraits(on ? [.isButton, .isToggle, .isSelected] : [.isButton, .isToggle])
        return graph.lower(row, path: path, environment)
    }
}

/// A thin line between views: horizontal in a vertical stack, vertical in a horizontal one (SwiftUI's
/// `Divider`), one pixel thick in the system's separator color.
nonisolated public struct Divider: _PrimitiveView {
    public init() {}
}

extension Divider: @MainActor Lowerable {
    @MainActor func lower(in graph: ViewGraph, path: String, _ environment: EnvironmentValues) -> [ViewNode] {
        let line = Color.separator
        let thickness = 1 / max(environment.displayScale, 1)
        let view: any View =
            environment.stackAxis == .horizontal
            ? line.frame(width: thickness).frame(maxHeight: .infinity)
            : line.frame(height: thickness).frame(maxWidth: .infinity)
        return graph.lower(view, path: path, environment)
    }
}
