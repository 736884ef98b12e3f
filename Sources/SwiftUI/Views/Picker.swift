import RevealCore
import RevealLayout
import RevealRaster
import RevealText

/// A control that picks one of its tagged views, as SwiftUI's `Picker`: `.segmented` draws iOS's segmented
/// control; the default (`.menu`) draws the chosen option's label in the tint, as the closed menu button.
nonisolated public struct Picker<Label: View, SelectionValue: Hashable, Content: View>: _PrimitiveView {
    let selection: Binding<SelectionValue>
    let label: Label
    let content: Content

    /// A picker of `selection` among the views `content` builds, each marked with `.tag(_:)`.
    public init(
        selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label
    ) {
        self.selection = selection
        self.content = content()
        self.label = label()
    }
}

extension Picker where Label == Text {
    /// A picker titled with a localized key.
    public init(_ titleKey: LocalizedStringKey, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content)
    {
        self.init(selection: selection, content: content, label: { Text(titleKey) })
    }

    /// A picker titled `title`.
    @_disfavoredOverload public init<S: StringProtocol>(
        _ title: S, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content
    ) {
        self.init(selection: selection, content: content, label: { Text(title) })
    }
}

/// How pickers inside draw themselves.
@MainActor @preconcurrency public protocol PickerStyle {}

/// iOS's default: a menu button.
nonisolated public struct DefaultPickerStyle: PickerStyle {
    public init() {}
}

/// A button showing the choice, opening a menu (the menu is not drawn: a render shows the closed button).
nonisolated public struct MenuPickerStyle: PickerStyle {
    public init() {}
}

/// iOS's segmented control: the options side by side on a track, the chosen one on a white thumb.
nonisolated public struct SegmentedPickerStyle: PickerStyle {
    public init() {}
}

/// The options as rows, the chosen one with a checkmark in the tint (in a list, each option a row of it).
nonisolated public struct InlinePickerStyle: PickerStyle {
    public init() {}
}

extension PickerStyle where Self == InlinePickerStyle {
    public static var inline: InlinePickerStyle { InlinePickerStyle() }
}

extension PickerStyle where Self == DefaultPickerStyle {
    public static var automatic: DefaultPickerStyle { DefaultPickerStyle() }
}

extension PickerStyle where Self == MenuPickerStyle {
    public static var menu: MenuPickerStyle { MenuPickerStyle() }
}

extension PickerStyle where Self == SegmentedPickerStyle {
    public static var segmented: SegmentedPickerStyle { SegmentedPickerStyle() }
}

extension View {
    /// How pickers inside draw themselves.
    nonisolated public func pickerStyle<S: PickerStyle>(_ style: S) -> some View {
        let segmented = style is SegmentedPickerStyle
        let inline = style is InlinePickerStyle
        return environmentChange {
            $0.pickerIsSegmented = segmented
            $0.pickerIsInline = inline
        }
    }

    /// The value a picker chooses when this view is picked; outside a picker it changes nothing.
    nonisolated public func tag<V: Hashable>(_ tag: V) -> some View {
        builtin(.tag(AnyHashable(tag)))
    }
}

/// UISegmentedControl's measures: 32 points tall, a track of the system's tertiary fill with 9-point corners,
/// a thumb 2 points in with 7-point corners (white; (99, 99, 102) in dark mode), titles in 13-point medium.
enum SegmentedMetrics {
    static let height: CGFloat = 32
    static let track = Color.tertiarySystemFill
    static let trackRadius: CGFloat = 9
    static let inset: CGFloat = 2
    static let thumbRadius: CGFloat = 7
    static let separator = Color.adaptive((60, 60, 67, 0.3), (84, 84, 88, 0.6))
    static let thumb = Color.adaptive((255, 255, 255, 1), (99, 99, 102, 1))
    /// The thumb slides to a new choice whatever the transaction, as UIKit animates it.
    static let animation = Animation.easeInOut(duration: 0.25)
}

/// A view the runtime has already lowered.
nonisolated struct _LoweredView: _PrimitiveView {
    let views: [ViewNode]
}

extension _LoweredView: @MainActor Lowerable {
    @MainActor func lower(in graph: ViewGraph, path: String, _ environment: EnvironmentValues) -> [ViewNode] {
        views
    }
}

extension Picker: @MainActor Lowerable {
    @MainActor func lower(in graph: ViewGraph, path: String, _ environment: EnvironmentValues) -> [ViewNode] {
        graph.pickerOptions.append([])
        _ = graph.lowerContainer(content, path: path + "/options", environment)
        let options = graph.pickerOptions.removeLast()
        let binding = selection
        let chosen = options.firstIndex { $0.tag == AnyHashable(binding.wrappedValue) }
        if environment.pickerIsInline {
            // Each option a row (a list's rows, in a list), the chosen one with UITableView's checkmark in the
            // tint; a tap on a row chooses it.
            let rows = options.indices.map { index in
                HStack {
                    _LoweredView(views: options[index].views)
                    Spacer(minLength: 8)
                    if index == chosen {
                        Image(systemName: "checkmark").font(.body.weight(.semibold))
                            .foregroundStyle(environment.tint ?? .accentColor)
                    }
                }
                .contentShape(Rectangle())
                .onTapGesture {
                    if let value = options[index].tag.base as? SelectionValue { binding.wrappedValue = value }
                }
                .accessibilityElement(children: .combine)
                .accessibilityAddTraits(index == chosen ? [.isButton, .isSelected] : [.isButton])
            }
            let header: [ViewNode] =
                environment.labelsHidden || environment.isInList
                ? [] : graph.lower(label, path: path + "/label", environment)
            return header
                + rows.enumerated().flatMap { index, row in
                    graph.lower(row, path: path + "/row\(index)", environment)
                }
        }
        guard environment.pickerIsSegmented, !options.isEmpty else {
            // The closed menu: the chosen option in the tint. In a list's row, iOS draws the label, and at the
            // trailing edge the choice with an up-and-down chevron, in the secondary label color.
            let shown = chosen.map { options[$0].views } ?? []
            guard environment.isInList else {
                let button = _LoweredView(views: shown).foregroundStyle(environment.tint ?? .accentColor)
                return graph.lower(button, path: path + "/menu", environment)
            }
            let row = HStack {
                if !environment.labelsHidden { label }
                Spacer()
                HStack(spacing: 4) {
                    _LoweredView(views: shown)
                    VStack(spacing: -1) {
                        Image(systemName: "chevron.up")
                        Image(systemName: "chevron.down")
                    }
                    .font(.system(size: 10, weight: .semibold))
                }
                .foregroundStyle(.secondary)
            }
            return graph.lower(row, path: path + "/menu", environment)
        }
        let count = options.count
        let target = Double(chosen ?? 0)
        let position = graph.present(target, key: path + "/thumb", animatedBy: SegmentedMetrics.animation)
        let segments = HStack(spacing: 0) {
            ForEach(0..<count, id: \.self) { index in
                _LoweredView(views: options[index].views)
                    .font(.system(size: 13, weight: .medium))
                    .lineLimit(1)
                    .frame(maxWidth: .infinity, maxHeight: .infinity)
                    .contentShape(Rectangle())
                    .onTapGesture {
                        if let value = options[index].tag.base as? SelectionValue { binding.wrappedValue = value }
                    }
                    .accessibilityElement(children: .combine)
                    .accessibilityAddTraits(index == chosen ? [.isButton, .isSelected] : [.isButton])
            }
        }
        let control =
            segments
            .background(alignment: .topLeading) {
                GeometryReader { proxy in
                    let width = proxy.size.width / CGFloat(count)
                    ZStack(alignment: .topLeading) {
                        // Separators between segments the thumb is not beside.
                        ForEach(1..<max(count, 1), id: \.self) { index in
                            if chosen != index, chosen != index - 1 {
                                SegmentedMetrics.separator
                                    .frame(width: 1, height: proxy.size.height - 2 * 6)
                                    .offset(x: width * CGFloat(index), y: 6)
                            }
                        }
                        RoundedRectangle(cornerRadius: SegmentedMetrics.thumbRadius)
                            .fill(SegmentedMetrics.thumb)
                            .shadow(color: Color(white: 0, opacity: 0.12), radius: 4, x: 0, y: 3)
                            .frame(width: width, height: proxy.size.height)
                            .offset(x: width * CGFloat(position))
                    }
                }
            }
            .padding(SegmentedMetrics.inset)
            .background(RoundedRectangle(cornerRadius: SegmentedMetrics.trackRadius).fill(SegmentedMetrics.track))
            .frame(height: SegmentedMetrics.height)
        return graph.lower(control, path: path, environment)
    }
}
