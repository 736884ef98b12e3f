import RevealCore
import RevealLayout

/// A value within a range, as SwiftUI's `Gauge` in iOS's default (linear capacity) style: its label over a
/// capsule bar filled with the tint to the value's fraction, the current value's label on the label's
/// line, the minimum and maximum labels under the bar's ends in the caption style.
nonisolated public struct Gauge<Label: View, CurrentValueLabel: View, MinimumValueLabel: View, MaximumValueLabel: View>:
    _PrimitiveView
{
    let fraction: Double
    let label: Label
    let currentValueLabel: CurrentValueLabel?
    let minimumValueLabel: MinimumValueLabel?
    let maximumValueLabel: MaximumValueLabel?

    /// A gauge of `value` in `bounds` with all its labels.
    public init<V: BinaryFloatingPoint>(
        value: V, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label,
        @ViewBuilder currentValueLabel: () -> CurrentValueLabel,
        @ViewBuilder minimumValueLabel: () -> MinimumValueLabel,
        @ViewBuilder maximumValueLabel: () -> MaximumValueLabel
    ) {
        let span = Double(bounds.upperBound - bounds.lowerBound)
        fraction = span > 0 ? min(max(Double(value - bounds.lowerBound) / span, 0), 1) : 0
        self.label = label()
        self.currentValueLabel = currentValueLabel()
        self.minimumValueLabel = minimumValueLabel()
        self.maximumValueLabel = maximumValueLabel()
    }
}

extension Gauge where CurrentValueLabel == EmptyView, MinimumValueLabel == EmptyView, MaximumValueLabel == EmptyView {
    /// A gauge of `value` in `bounds`.
    public init<V: BinaryFloatingPoint>(value: V, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label) {
        self.init(
            value: value, in: bounds, label: label, currentValueLabel: { EmptyView() },
            minimumValueLabel: { EmptyView() }, maximumValueLabel: { EmptyView() })
    }
}

extension Gauge where MinimumValueLabel == EmptyView, MaximumValueLabel == EmptyView {
    /// A gauge of `value` in `bounds` showing its current value.
    public init<V: BinaryFloatingPoint>(
        value: V, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label,
        @ViewBuilder currentValueLabel: () -> CurrentValueLabel
    ) {
        self.init(
            value: value, in: bounds, label: label, currentValueLabel: currentValueLabel,
            minimumValueLabel: { EmptyView() }, maximumValueLabel: { EmptyView() })
    }
}

/// iOS's linear capacity gauge: a bar 4 points tall (UIProgressView's track), 4 points between the lines.
enum GaugeMetrics {
    static let barHeight: CGFloat = 4
    static let spacing: CGFloat = 4
}

extension Gauge: @MainActor Lowerable {
    @MainActor func lower(in graph: ViewGraph, path: String, _ environment: EnvironmentValues) -> [ViewNode] {
        let fraction = fraction
        let bar = GeometryReader { proxy in
            ZStack(alignment: .leading) {
                Capsule().fill(Color.tertiarySystemFill)
                Capsule().fill(TintShapeStyle()).frame(width: proxy.size.width * fraction)
            }
        }
        .frame(height: GaugeMetrics.barHeight)
        let gauge = VStack(alignment: .leading, spacing: GaugeMetrics.spacing) {
            HStack {
                label
                Spacer(minLength: 0)
                if let currentValueLabel { currentValueLabel.foregroundStyle(.secondary) }
            }
            bar
            if minimumValueLabel != nil || maximumValueLabel != nil {
                HStack {
                    if let minimumValueLabel { minimumValueLabel }
                    Spacer(minLength: 0)
                    if let maximumValueLabel { maximumValueLabel }
                }
                .font(.caption)
                .foregroundStyle(.secondary)
            }
        }
        .accessibilityElement(children: .combine)
        .accessibilityValue(Text("\(Int((fraction * 100).rounded())) percent"))
        return graph.lower(gauge, path: path, environment)
    }
}
