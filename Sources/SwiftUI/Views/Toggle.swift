import RevealRender

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

/// UISwitch's measures (UIKit documents the switch's size as 51×31 points; the thumb is 27 points, 2 points
/// in from the track's edge).
enum SwitchMetrics {
    static let size = CGSize(width: 51, height: 31)
    static let thumb: CGFloat = 27
    static let inset: CGFloat = 2
    /// The track when off: the system's secondary fill (120, 120, 128 at 16 %).
    static let offTrack = Color(red: 120 / 255, green: 120 / 255, blue: 128 / 255, opacity: 0.16)
    /// UISwitch animates its thumb itself, whatever the transaction: a quarter second, easing in and out.
    static let animation = Animation.easeInOut(duration: 0.25)
}

extension Toggle: @MainActor Lowerable {
    @MainActor func lower(in graph: ViewGraph, path: String, _ environment: EnvironmentValues) -> [RevealRender.View] {
        let binding = isOn
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
        let row = HStack {
            label.frame(maxWidth: .infinity, alignment: .leading)
            control
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
    @MainActor func lower(in graph: ViewGraph, path: String, _ environment: EnvironmentValues) -> [RevealRender.View] {
        // UIColor.separator: (60, 60, 67) at 29 %.
        let line = Color(red: 60 / 255, green: 60 / 255, blue: 67 / 255, opacity: 0.29)
        let thickness = 1 / max(environment.displayScale, 1)
        let view: any View =
            environment.stackAxis == .horizontal
            ? line.frame(width: thickness).frame(maxHeight: .infinity)
            : line.frame(height: thickness).frame(maxWidth: .infinity)
        return graph.lower(view, path: path, environment)
    }
}

/// A bar that shows how much of a task is done, drawn as iOS draws a linear progress view (UIProgressView:
/// a 4-point bar, the done part in the tint color over a track of the system's fill).
nonisolated public struct ProgressView<Label: View>: _PrimitiveView {
    let fraction: Double
    let label: Label?

    /// A bar `value` of `total` done, labelled by the view `label` builds above it.
    public init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0, @ViewBuilder label: () -> Label) {
        fraction = ProgressView.fraction(value, total)
        self.label = label()
    }

    static func fraction<V: BinaryFloatingPoint>(_ value: V?, _ total: V) -> Double {
        guard let value, total > 0 else { return 0 }
        return min(max(Double(value) / Double(total), 0), 1)
    }
}

extension ProgressView where Label == EmptyView {
    /// A bar `value` of `total` done.
    public init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0) {
        fraction = ProgressView.fraction(value, total)
        label = nil
    }
}

extension ProgressView where Label == Text {
    /// A bar `value` of `total` done, with the title `titleKey` above it.
    public init<V: BinaryFloatingPoint>(_ titleKey: LocalizedStringKey, value: V?, total: V = 1.0) {
        fraction = ProgressView.fraction(value, total)
        label = Text(titleKey)
    }
}

extension ProgressView: @MainActor Lowerable {
    @MainActor func lower(in graph: ViewGraph, path: String, _ environment: EnvironmentValues) -> [RevealRender.View] {
        let shown = graph.present(fraction, key: path + "/value")
        let tint = environment.tint ?? .accentColor
        let bar = GeometryReader { proxy in
            ZStack(alignment: .leading) {
                Capsule().fill(Color(red: 120 / 255, green: 120 / 255, blue: 128 / 255, opacity: 0.2))
                Capsule().fill(tint).frame(width: proxy.size.width * CGFloat(shown))
            }
        }
        .frame(height: 4)
        let view = VStack(alignment: .leading, spacing: 8) {
            label
            bar
        }
        return graph.lower(view, path: path, environment)
    }
}
