import Foundation
import RevealCore
import RevealLayout
import RevealRaster
import RevealText

/// A view of a task's progress, drawn as iOS draws one: with a value, a linear bar (UIProgressView: a
/// 4-point bar, the done part in the tint over a track of the system's fill); without one, or in the
/// circular style, the activity indicator (UIActivityIndicatorView's medium spinner). Apple documents for
/// `CircularProgressViewStyle` that outside watchOS and widgets "the circular style may appear as an
/// indeterminate indicator instead", which is what iOS draws.
nonisolated public struct ProgressView<Label: View>: _PrimitiveView {
    /// The fraction done (0…1), or nil for a task of unknown length.
    let fraction: Double?
    let label: Label?

    /// A bar `value` of `total` done, labelled by the view `label` builds above it.
    public init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0, @ViewBuilder label: () -> Label) {
        fraction = ProgressView.fraction(value, total)
        self.label = label()
    }

    /// A spinner for a task of unknown length, labelled by the view `label` builds below it.
    public init(@ViewBuilder label: () -> Label) {
        fraction = nil
        self.label = label()
    }

    static func fraction<V: BinaryFloatingPoint>(_ value: V?, _ total: V) -> Double? {
        guard let value else { return nil }
        guard total > 0 else { return 0 }
        return min(max(Double(value) / Double(total), 0), 1).finite(or: 0)
    }
}

extension ProgressView where Label == EmptyView {
    /// A bar `value` of `total` done (a spinner when `value` is nil).
    public init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0) {
        fraction = ProgressView.fraction(value, total)
        label = nil
    }

    /// A spinner for a task of unknown length.
    public init() {
        fraction = nil
        label = nil
    }
}

extension ProgressView where Label == Text {
    /// A bar `value` of `total` done, with the title `titleKey` above it.
    public init<V: BinaryFloatingPoint>(_ titleKey: LocalizedStringKey, value: V?, total: V = 1.0) {
        fraction = ProgressView.fraction(value, total)
        label = Text(titleKey)
    }

    /// A spinner with the title `titleKey` below it.
    public init(_ titleKey: LocalizedStringKey) {
        fraction = nil
        label = Text(titleKey)
    }
}

/// How progress views inside draw themselves, as SwiftUI's `ProgressViewStyle`: `makeBody` builds one from
/// its fraction done and its label.
@MainActor @preconcurrency public protocol ProgressViewStyle {
    associatedtype Body: View
    /// The view of a progress view with `configuration`'s progress and label.
    @ViewBuilder func makeBody(configuration: Configuration) -> Body
    typealias Configuration = ProgressViewStyleConfiguration
}

/// What a `ProgressViewStyle` builds a progress view from.
public struct ProgressViewStyleConfiguration {
    /// The progress view's label, as a view.
    nonisolated public struct Label: _PrimitiveView {
        let content: AnyView
    }
    /// The fraction done (0…1), nil for a task of unknown length.
    public let fractionCompleted: Double?
    /// The label the progress view was given, if any.
    public let label: Label?
}

/// The bar (UIProgressView).
nonisolated public struct LinearProgressViewStyle: ProgressViewStyle {
    public init() {}
    /// A bar: the runtime draws it (see `ProgressView`).
    public func makeBody(configuration: Configuration) -> some View {
        ProgressView(value: configuration.fractionCompleted) { configuration.label }.progressViewStyle(self)
    }
}

/// The spinner (UIActivityIndicatorView), whatever the value, as iOS draws it.
nonisolated public struct CircularProgressViewStyle: ProgressViewStyle {
    public init() {}
    /// A spinner: the runtime draws it (see `ProgressView`).
    public func makeBody(configuration: Configuration) -> some View {
        ProgressView(value: configuration.fractionCompleted) { configuration.label }.progressViewStyle(self)
    }
}

/// The platform's default: a bar with a value, a spinner without.
nonisolated public struct DefaultProgressViewStyle: ProgressViewStyle {
    public init() {}
    /// The bar or the spinner: the runtime draws it (see `ProgressView`).
    public func makeBody(configuration: Configuration) -> some View {
        ProgressView(value: configuration.fractionCompleted) { configuration.label }.progressViewStyle(self)
    }
}

extension ProgressViewStyle where Self == LinearProgressViewStyle {
    public static var linear: LinearProgressViewStyle { LinearProgressViewStyle() }
}

extension ProgressViewStyle where Self == CircularProgressViewStyle {
    public static var circular: CircularProgressViewStyle { CircularProgressViewStyle() }
}

extension ProgressViewStyle where Self == DefaultProgressViewStyle {
    public static var automatic: DefaultProgressViewStyle { DefaultProgressViewStyle() }
}

extension View {
    /// How progress views inside draw themselves: `.linear`, `.circular`, `.automatic` or a style of your own.
    nonisolated public func progressViewStyle<S: ProgressViewStyle>(_ style: S) -> some View {
        environmentChange { $0.progressViewStyle = style }
    }
}

extension ProgressViewStyleConfiguration.Label: @MainActor Lowerable, ErasedContent {}

/// UIActivityIndicatorView's medium spinner: 8 spokes in a 20-point square, the leading one darkest and
/// each one behind it fainter, the lead moving one spoke on eight times a second. Apple publishes no
/// measures; these are our estimates from iOS 17 screenshots.
enum SpinnerMetrics {
    static let size: CGFloat = 20
    static let spokes = 8
    static let spoke = CGSize(width: 2.5, height: 6)
    /// From the centre to a spoke's middle.
    static let radius: CGFloat = 6.25
    static let stepsPerSecond = 8.0
    /// The spokes' color: the system's secondary label gray, (60, 60, 67); (235, 235, 245) in dark mode.
    static let color = Color.adaptive((60, 60, 67, 1), (235, 235, 245, 1))
    /// A spoke's opacity `behind` steps behind the lead.
    static func opacity(behind: Int) -> Double { max(1 - 0.12 * Double(behind), 0.2) }
}

extension ProgressView: @MainActor Lowerable {
    @MainActor func lower(in graph: ViewGraph, path: String, _ environment: EnvironmentValues) -> [ViewNode] {
        let style = environment.progressViewStyle
        if let style,
            !(style is LinearProgressViewStyle || style is CircularProgressViewStyle
                || style is DefaultProgressViewStyle)
        {
            // A style of the user's: its body, built from the progress and the label (inside it, a progress
            // view draws as the default again, as in SwiftUI).
            var inner = environment
            inner.progressViewStyle = nil
            let configuration = ProgressViewStyleConfiguration(
                fractionCompleted: fraction, label: label.map { .init(content: AnyView($0)) })
            return graph.lower(AnyView(style.makeBody(configuration: configuration)), path: path + "/style", inner)
        }
        if let fraction, !(style is CircularProgressViewStyle) {
            return graph.lower(bar(fraction, in: graph, path: path, environment), path: path, environment)
        }
        return graph.lower(spinner, path: path, environment)
    }

    @MainActor private func bar(_ fraction: Double, in graph: ViewGraph, path: String, _ environment: EnvironmentValues)
        -> some View
    {
        let shown = graph.present(fraction, key: path + "/value")
        let tint = environment.tint ?? .accentColor
        let bar = GeometryReader { proxy in
            ZStack(alignment: .leading) {
                Capsule().fill(Color.systemFill)
                Capsule().fill(tint).frame(width: proxy.size.width * CGFloat(shown))
            }
        }
        .frame(height: 4)
        return VStack(alignment: .leading, spacing: 8) {
            label
            bar
        }
    }

    /// The spinner, its lead spoke stepping on the scene clock; a label goes below it in the secondary color.
    private var spinner: some View {
        VStack(spacing: 8) {
            TimelineView(.periodic(from: SceneClock.epoch, by: 1 / SpinnerMetrics.stepsPerSecond)) { context in
                let step = Int((SceneClock.time(of: context.date) * SpinnerMetrics.stepsPerSecond).rounded(.down))
                let lead = ((step % SpinnerMetrics.spokes) + SpinnerMetrics.spokes) % SpinnerMetrics.spokes
                ZStack {
                    ForEach(0..<SpinnerMetrics.spokes, id: \.self) { index in
                        let behind = (lead - index + SpinnerMetrics.spokes) % SpinnerMetrics.spokes
                        Capsule()
                            .fill(SpinnerMetrics.color.opacity(SpinnerMetrics.opacity(behind: behind)))
                            .frame(width: SpinnerMetrics.spoke.width, height: SpinnerMetrics.spoke.height)
                            .offset(y: -SpinnerMetrics.radius)
                            .rotationEffect(.degrees(Double(index) * 360 / Double(SpinnerMetrics.spokes)))
                    }
                }
                .frame(width: SpinnerMetrics.size, height: SpinnerMetrics.size)
            }
            label.foregroundStyle(.secondary)
        }
    }
}
