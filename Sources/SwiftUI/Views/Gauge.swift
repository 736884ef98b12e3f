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

/// How gauges inside draw themselves, as SwiftUI's `GaugeStyle`: `makeBody` builds one from its value and
/// its labels.
@MainActor @preconcurrency public protocol GaugeStyle {
    associatedtype Body: View
    /// The view of a gauge with `configuration`'s value and labels.
    @ViewBuilder func makeBody(configuration: Configuration) -> Body
    typealias Configuration = GaugeStyleConfiguration
}

/// What a `GaugeStyle` builds a gauge from.
public struct GaugeStyleConfiguration {
    /// The gauge's label, as a view.
    nonisolated public struct Label: _PrimitiveView {
        let content: AnyView
    }
    /// The label showing the gauge's current value, as a view.
    nonisolated public struct CurrentValueLabel: _PrimitiveView {
        let content: AnyView
    }
    /// The label of one end of the gauge's range, as a view.
    nonisolated public struct MarkedValueLabel: _PrimitiveView {
        let content: AnyView
    }
    /// Where the value lies in the gauge's range, from 0 at its lower bound to 1 at its upper.
    public var value: Double
    /// What the gauge shows.
    public var label: Label
    /// The current value's label, if the gauge has one.
    public var currentValueLabel: CurrentValueLabel?
    /// The lower bound's label, if the gauge has one.
    public var minimumValueLabel: MarkedValueLabel?
    /// The upper bound's label, if the gauge has one.
    public var maximumValueLabel: MarkedValueLabel?
}

/// iOS's default gauge, a bar filled to the value with the labels around it.
nonisolated public struct LinearCapacityGaugeStyle: GaugeStyle {
    /// The style.
    public init() {}
    /// The bar: the runtime draws it (see `Gauge`).
    public func makeBody(configuration: Configuration) -> some View {
        Gauge(value: configuration.value) {
            configuration.label
        } currentValueLabel: {
            if let label = configuration.currentValueLabel { label }
        } minimumValueLabel: {
            if let label = configuration.minimumValueLabel { label }
        } maximumValueLabel: {
            if let label = configuration.maximumValueLabel { label }
        }
        .gaugeStyle(self)
    }
}

/// The platform's default gauge style; on iOS, the linear capacity bar.
public typealias DefaultGaugeStyle = LinearCapacityGaugeStyle

extension GaugeStyle where Self == LinearCapacityGaugeStyle {
    /// A bar filled to the value (iOS's default).
    public static var linearCapacity: LinearCapacityGaugeStyle { LinearCapacityGaugeStyle() }
    /// The platform's default: on iOS, the linear capacity bar.
    public static var automatic: LinearCapacityGaugeStyle { LinearCapacityGaugeStyle() }
}

extension View {
    /// How gauges inside draw themselves: `.linearCapacity`, `.automatic` or a style of your own.
    nonisolated public func gaugeStyle<S: GaugeStyle>(_ style: S) -> some View {
        environmentChange { $0.gaugeStyle = style }
    }
}

extension GaugeStyleConfiguration.Label: @MainActor Lowerable, ErasedContent {}

extension GaugeStyleConfiguration.CurrentValueLabel: @MainActor Lowerable, ErasedContent {}

extension GaugeStyleConfiguration.MarkedValueLabel: @MainActor Lowerable, ErasedContent {}

extension Gauge: @MainActor Lowerable {
    @MainActor func lower(in graph: ViewGraph, path: String, _ environment: EnvironmentValues) -> [ViewNode] {
        if let style = environment.gaugeStyle, !(style is LinearCapacityGaugeStyle) {
            // A style of the user's: its body, built from the value and the labels (inside it, a gauge draws
            // as the default again, as in SwiftUI).
            var inner = environment
            inner.gaugeStyle = nil
            let configuration = GaugeStyleConfiguration(
                value: fraction, label: .init(content: AnyView(label)),
                currentValueLabel: currentValueLabel.map { .init(content: AnyView($0)) },
                minimumValueLabel: minimumValueLabel.map { .init(content: AnyView($0)) },
                maximumValueLabel: maximumValueLabel.map { .init(content: AnyView($0)) })
            return graph.lower(AnyView(style.makeBody(configuration: configuration)), path: path + "/style", inner)
        }
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
