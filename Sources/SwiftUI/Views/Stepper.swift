import RevealCore
import RevealLayout

/// A control that adds or takes away a step, as SwiftUI's `Stepper`: its label leading, and UIStepper's two
/// segments trailing. A tap on the right one increments, on the left one decrements; a segment at its
/// bound is dimmed and does nothing. VoiceOver reads the segments as UIKit names them, "Increment" and
/// "Decrement".
nonisolated public struct Stepper<Label: View>: _PrimitiveView {
    let label: Label
    let increment: (() -> Void)?
    let decrement: (() -> Void)?

    /// A stepper of `value` within `bounds` by `step`.
    public init<V: Strideable>(
        value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1,
        onEditingChanged: @escaping (Bool) -> Void = { _ in }, @ViewBuilder label: () -> Label
    ) {
        self.label = label()
        let current = value.wrappedValue
        if current < bounds.upperBound {
            increment = { value.wrappedValue = min(value.wrappedValue.advanced(by: step), bounds.upperBound) }
        } else {
            increment = nil
        }
        if current > bounds.lowerBound {
            decrement = { value.wrappedValue = max(value.wrappedValue.advanced(by: -step), bounds.lowerBound) }
        } else {
            decrement = nil
        }
    }

    /// A stepper of `value` by `step`, without bounds.
    public init<V: Strideable>(
        value: Binding<V>, step: V.Stride = 1, onEditingChanged: @escaping (Bool) -> Void = { _ in },
        @ViewBuilder label: () -> Label
    ) {
        self.label = label()
        increment = { value.wrappedValue = value.wrappedValue.advanced(by: step) }
        decrement = { value.wrappedValue = value.wrappedValue.advanced(by: -step) }
    }

    /// A stepper running `onIncrement` and `onDecrement` (a nil one is dimmed).
    public init(
        @ViewBuilder label: () -> Label, onIncrement: (() -> Void)?, onDecrement: (() -> Void)?,
        onEditingChanged: @escaping (Bool) -> Void = { _ in }
    ) {
        self.label = label()
        if let onIncrement { increment = { onIncrement() } } else { increment = nil }
        if let onDecrement { decrement = { onDecrement() } } else { decrement = nil }
    }
}

extension Stepper where Label == Text {
    /// A stepper titled with a localized key.
    public init<V: Strideable>(
        _ titleKey: LocalizedStringKey, value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1,
        onEditingChanged: @escaping (Bool) -> Void = { _ in }
    ) {
        self.init(value: value, in: bounds, step: step) { Text(titleKey) }
    }

    /// A stepper titled with a string.
    @_disfavoredOverload public init<S: StringProtocol, V: Strideable>(
        _ title: S, value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1,
        onEditingChanged: @escaping (Bool) -> Void = { _ in }
    ) {
        self.init(value: value, in: bounds, step: step) { Text(title) }
    }

    /// A stepper without bounds, titled with a localized key.
    public init<V: Strideable>(
        _ titleKey: LocalizedStringKey, value: Binding<V>, step: V.Stride = 1,
        onEditingChanged: @escaping (Bool) -> Void = { _ in }
    ) {
        self.init(value: value, step: step) { Text(titleKey) }
    }

    /// A stepper without bounds, titled with a string.
    @_disfavoredOverload public init<S: StringProtocol, V: Strideable>(
        _ title: S, value: Binding<V>, step: V.Stride = 1, onEditingChanged: @escaping (Bool) -> Void = { _ in }
    ) {
        self.init(value: value, step: step) { Text(title) }
    }

    /// A stepper titled with a localized key, running `onIncrement` and `onDecrement`.
    public init(
        _ titleKey: LocalizedStringKey, onIncrement: (() -> Void)?, onDecrement: (() -> Void)?,
        onEditingChanged: @escaping (Bool) -> Void = { _ in }
    ) {
        self.init(label: { Text(titleKey) }, onIncrement: onIncrement, onDecrement: onDecrement)
    }
}

/// UIStepper's measures: 94 × 32 points, corners of 8, on the tertiary system fill, a 1-point divider 18
/// points tall between its segments, the minus and plus glyphs in the label color (the tertiary one at a
/// bound), as iOS 17/18 draw it (UIKit documents the control, not its numbers: measured on screenshots).
enum StepperMetrics {
    static let size = CGSize(width: 94, height: 32)
    static let cornerRadius: CGFloat = 8
    static let dividerHeight: CGFloat = 18
    static let glyph = Font.system(size: 17, weight: .medium)
}

extension Stepper: @MainActor Lowerable {
    @MainActor func lower(in graph: ViewGraph, path: String, _ environment: EnvironmentValues) -> [ViewNode] {
        func segment(_ symbol: String, _ name: String, _ action: (() -> Void)?) -> some View {
            Image(systemName: symbol)
                .font(StepperMetrics.glyph)
                .foregroundStyle(action == nil || !environment.isEnabled ? HierarchicalShapeStyle.tertiary : .primary)
                .frame(width: StepperMetrics.size.width / 2, height: StepperMetrics.size.height)
                .contentShape(Rectangle())
                .onTapGesture { action?() }
                .accessibilityElement(children: .ignore)
                .accessibilityLabel(Text(name))
                .accessibilityAddTraits(.isButton)
        }
        let control = HStack(spacing: 0) {
            segment("minus", "Decrement", decrement)
            Color.separator.frame(width: 1, height: StepperMetrics.dividerHeight)
            segment("plus", "Increment", increment)
        }
        .frame(width: StepperMetrics.size.width, height: StepperMetrics.size.height)
        .background(
            RoundedRectangle(cornerRadius: StepperMetrics.cornerRadius, style: .continuous)
                .fill(Color.tertiarySystemFill))
        let row = HStack {
            if !environment.labelsHidden { label.frame(maxWidth: .infinity, alignment: .leading) }
            control
        }
        return graph.lower(row, path: path, environment)
    }
}
