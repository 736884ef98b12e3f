import RevealCore
import RevealLayout

/// A control that picks a color, as SwiftUI's `ColorPicker`: its label leading, and trailing iOS's color
/// well, a 28-point circle of the chosen color inside a ring of the hues (measured on iOS 17's rendering).
/// The picker it opens is not drawn.
nonisolated public struct ColorPicker<Label: View>: _PrimitiveView {
    let label: Label
    let selection: Color

    /// A picker of `selection` labelled by `label`.
    public init(selection: Binding<Color>, supportsOpacity: Bool = true, @ViewBuilder label: () -> Label) {
        self.selection = selection.wrappedValue
        self.label = label()
    }
}

extension ColorPicker where Label == Text {
    /// A picker titled with a localized key.
    public init(_ titleKey: LocalizedStringKey, selection: Binding<Color>, supportsOpacity: Bool = true) {
        self.init(selection: selection, supportsOpacity: supportsOpacity) { Text(titleKey) }
    }

    /// A picker titled with a string.
    @_disfavoredOverload public init<S: StringProtocol>(
        _ title: S, selection: Binding<Color>, supportsOpacity: Bool = true
    ) {
        self.init(selection: selection, supportsOpacity: supportsOpacity) { Text(title) }
    }
}

enum ColorWellMetrics {
    static let size: CGFloat = 28
    static let ring: CGFloat = 3
    static let gap: CGFloat = 2.5
    /// The ring's hues, round from red at the top.
    static let hues: [Color] = [.red, .yellow, .green, .cyan, .blue, .purple, .red]
}

extension ColorPicker: @MainActor Lowerable {
    @MainActor func lower(in graph: ViewGraph, path: String, _ environment: EnvironmentValues) -> [ViewNode] {
        let well = ZStack {
            Circle().strokeBorder(
                AngularGradient(colors: ColorWellMetrics.hues, center: .center, angle: .degrees(-90)),
                lineWidth: ColorWellMetrics.ring)
            Circle().fill(selection).padding(ColorWellMetrics.ring + ColorWellMetrics.gap)
        }
        .frame(width: ColorWellMetrics.size, height: ColorWellMetrics.size)
        let row = HStack {
            if !environment.labelsHidden { label.frame(maxWidth: .infinity, alignment: .leading) }
            well
        }
        .accessibilityElement(children: .combine)
        .accessibilityAddTraits(.isButton)
        return graph.lower(row, path: path, environment)
    }
}
