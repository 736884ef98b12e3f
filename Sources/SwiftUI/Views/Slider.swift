import RevealCore
import RevealLayout
import RevealRaster
import RevealText

/// A control that picks a value from a range by dragging a thumb along a track, drawn as iOS draws a
/// slider (UISlider): a 4-point track, the part before the thumb in the tint, a 28-point white thumb.
nonisolated public struct Slider<Label: View, ValueLabel: View>: _PrimitiveView {
    let value: Binding<Double>
    let bounds: ClosedRange<Double>
    let step: Double?
    let label: Label
    let minimumValueLabel: ValueLabel
    let maximumValueLabel: ValueLabel
    let onEditingChanged: (Bool) -> Void

    /// A slider of `value` in `bounds` (in steps of `step` where given), labelled for VoiceOver by `label`,
    /// with the views at its ends.
    public init<V: BinaryFloatingPoint>(
        value: Binding<V>, in bounds: ClosedRange<V> = 0...1, step: V.Stride? = nil,
        @ViewBuilder label: () -> Label, @ViewBuilder minimumValueLabel: () -> ValueLabel,
        @ViewBuilder maximumValueLabel: () -> ValueLabel, onEditingChanged: @escaping (Bool) -> Void = { _ in }
    ) where V.Stride: BinaryFloatingPoint {
        self.value = Binding(get: { Double(value.wrappedValue) }, set: { value.wrappedValue = V($0) })
        self.bounds = Double(bounds.lowerBound)...Double(bounds.upperBound)
        self.step = step.map { Double($0) }
        self.label = label()
        self.minimumValueLabel = minimumValueLabel()
        self.maximumValueLabel = maximumValueLabel()
        self.onEditingChanged = onEditingChanged
    }
}

extension Slider {
    /// A slider with the views at its ends given as values (Apple's older spelling).
    public init<V: BinaryFloatingPoint>(
        value: Binding<V>, in bounds: ClosedRange<V> = 0...1, step: V.Stride? = nil,
        onEditingChanged: @escaping (Bool) -> Void = { _ in }, minimumValueLabel: ValueLabel,
        maximumValueLabel: ValueLabel, @ViewBuilder label: () -> Label
    ) where V.Stride: BinaryFloatingPoint {
        self.init(
            value: value, in: bounds, step: step, label: label, minimumValueLabel: { minimumValueLabel },
            maximumValueLabel: { maximumValueLabel }, onEditingChanged: onEditingChanged)
    }
}

extension Slider where ValueLabel == EmptyView {
    /// A slider of `value` in `bounds`, labelled for VoiceOver by `label`.
    public init<V: BinaryFloatingPoint>(
        value: Binding<V>, in bounds: ClosedRange<V> = 0...1, step: V.Stride? = nil,
        @ViewBuilder label: () -> Label, onEditingChanged: @escaping (Bool) -> Void = { _ in }
    ) where V.Stride: BinaryFloatingPoint {
        self.init(
            value: value, in: bounds, step: step, label: label, minimumValueLabel: { EmptyView() },
            maximumValueLabel: { EmptyView() }, onEditingChanged: onEditingChanged)
    }
}

extension Slider where Label == EmptyView, ValueLabel == EmptyView {
    /// A slider of `value` in `bounds`, in steps of `step` where given.
    public init<V: BinaryFloatingPoint>(
        value: Binding<V>, in bounds: ClosedRange<V> = 0...1, step: V.Stride? = nil,
        onEditingChanged: @escaping (Bool) -> Void = { _ in }
    ) where V.Stride: BinaryFloatingPoint {
        self.init(value: value, in: bounds, step: step, label: { EmptyView() }, onEditingChanged: onEditingChanged)
    }
}

/// UISlider's measures: a 4-point track, a 28-point thumb; the track after the thumb in the system's fill
/// (120, 120, 128 at 20 %).
enum SliderMetrics {
    static let track: CGFloat = 4
    static let thumb: CGFloat = 28
    static let maximumTrack = Color.systemFill
}

extension Slider: @MainActor Lowerable {
    /// Where `value` sits in the bounds, 0…1 (0 for an empty range).
    private var fraction: Double {
        let span = bounds.upperBound - bounds.lowerBound
        guard span > 0 else { return 0 }
        return min(max((value.wrappedValue - bounds.lowerBound) / span, 0), 1)
    }

    /// The value for `fraction` of the range, on a step where there are steps.
    private func value(at fraction: Double) -> Double {
        var v = bounds.lowerBound + min(max(fraction, 0), 1) * (bounds.upperBound - bounds.lowerBound)
        if let step, step > 0 { v = bounds.lowerBound + ((v - bounds.lowerBound) / step).rounded() * step }
        return min(max(v, bounds.lowerBound), bounds.upperBound)
    }

    @MainActor func lower(in graph: ViewGraph, path: String, _ environment: EnvironmentValues) -> [ViewNode] {
        let fraction = fraction
        let tint = environment.tint ?? .accentColor
        let slider = self
        let binding = value
        let thumb = SliderMetrics.thumb
        // The track takes the width offered; the thumb's centre travels from half a thumb in at each end.
        let control = GeometryReader { proxy in
            let travel = max(proxy.size.width - thumb, 0)
            ZStack(alignment: .leading) {
                Capsule().fill(SliderMetrics.maximumTrack).frame(height: SliderMetrics.track)
                Capsule().fill(tint).frame(width: thumb / 2 + travel * fraction, height: SliderMetrics.track)
                Circle().fill(Color.white)
                    .shadow(color: Color(white: 0, opacity: 0.15), radius: 8, x: 0, y: 3)
                    .frame(width: thumb, height: thumb)
                    .offset(x: travel * fraction)
            }
            .frame(width: proxy.size.width, height: thumb)
            .contentShape(Rectangle())
            .gesture(
                DragGesture(minimumDistance: 0)
                    .onChanged { drag in
                        if drag.location == drag.startLocation { slider.onEditingChanged(true) }
                        guard travel > 0 else { return }
                        binding.wrappedValue = slider.value(at: (drag.location.x - thumb / 2) / travel)
                    }
                    .onEnded { _ in slider.onEditingChanged(false) })
        }
        .frame(height: thumb)
        let row = HStack(spacing: 8) {
            minimumValueLabel
            control
            maximumValueLabel
        }
        // VoiceOver reads a slider's value as a percentage of its range.
        .accessibilityElement(children: .ignore)
        .accessibilityLabel(Text(verbatim: "\(Int((fraction * 100).rounded()))%"))
        return graph.lower(row, path: path, environment)
    }
}
