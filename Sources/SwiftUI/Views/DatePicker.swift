import Foundation
import RevealCore
import RevealLayout
import RevealRaster

/// A control that picks a date, as SwiftUI's `DatePicker` in iOS's compact style: the label leading, and
/// trailing the date (and the time) each in a gray rounded box, in the body font. The wheel and graphical
/// styles are drawn compact too; the chosen value is the binding's (the scene's clock's date for `Date()`).
nonisolated public struct DatePicker<Label: View>: _PrimitiveView {
    let label: Label
    let selection: Binding<Date>
    let components: DatePickerComponents

    /// A picker of `selection` showing `displayedComponents`, labelled by `label`.
    public init(
        selection: Binding<Date>, displayedComponents: DatePickerComponents = [.hourAndMinute, .date],
        @ViewBuilder label: () -> Label
    ) {
        self.label = label()
        self.selection = selection
        components = displayedComponents
    }

    /// A picker of `selection` within `range` (the range is accepted: the value is shown as it is).
    public init(
        selection: Binding<Date>, in range: ClosedRange<Date>,
        displayedComponents: DatePickerComponents = [.hourAndMinute, .date], @ViewBuilder label: () -> Label
    ) {
        self.init(selection: selection, displayedComponents: displayedComponents, label: label)
    }

    /// A picker of `selection` from a date on.
    public init(
        selection: Binding<Date>, in range: PartialRangeFrom<Date>,
        displayedComponents: DatePickerComponents = [.hourAndMinute, .date], @ViewBuilder label: () -> Label
    ) {
        self.init(selection: selection, displayedComponents: displayedComponents, label: label)
    }

    /// A picker of `selection` up to a date.
    public init(
        selection: Binding<Date>, in range: PartialRangeThrough<Date>,
        displayedComponents: DatePickerComponents = [.hourAndMinute, .date], @ViewBuilder label: () -> Label
    ) {
        self.init(selection: selection, displayedComponents: displayedComponents, label: label)
    }
}

extension DatePicker where Label == Text {
    /// A picker of `selection` titled `titleKey`.
    public init(
        _ titleKey: LocalizedStringKey, selection: Binding<Date>,
        displayedComponents: DatePickerComponents = [.hourAndMinute, .date]
    ) {
        self.init(selection: selection, displayedComponents: displayedComponents) { Text(titleKey) }
    }

    /// A picker of `selection` titled `title`.
    @_disfavoredOverload public init<S: StringProtocol>(
        _ title: S, selection: Binding<Date>, displayedComponents: DatePickerComponents = [.hourAndMinute, .date]
    ) {
        self.init(selection: selection, displayedComponents: displayedComponents) { Text(title) }
    }

    /// A picker of `selection` within `range`, titled `titleKey`.
    public init(
        _ titleKey: LocalizedStringKey, selection: Binding<Date>, in range: ClosedRange<Date>,
        displayedComponents: DatePickerComponents = [.hourAndMinute, .date]
    ) {
        self.init(selection: selection, displayedComponents: displayedComponents) { Text(titleKey) }
    }

    /// A picker of `selection` within `range`, titled `title`.
    @_disfavoredOverload public init<S: StringProtocol>(
        _ title: S, selection: Binding<Date>, in range: ClosedRange<Date>,
        displayedComponents: DatePickerComponents = [.hourAndMinute, .date]
    ) {
        self.init(selection: selection, displayedComponents: displayedComponents) { Text(title) }
    }

    /// A picker of `selection` from a date on, titled `titleKey`.
    public init(
        _ titleKey: LocalizedStringKey, selection: Binding<Date>, in range: PartialRangeFrom<Date>,
        displayedComponents: DatePickerComponents = [.hourAndMinute, .date]
    ) {
        self.init(selection: selection, displayedComponents: displayedComponents) { Text(titleKey) }
    }

    /// A picker of `selection` up to a date, titled `titleKey`.
    public init(
        _ titleKey: LocalizedStringKey, selection: Binding<Date>, in range: PartialRangeThrough<Date>,
        displayedComponents: DatePickerComponents = [.hourAndMinute, .date]
    ) {
        self.init(selection: selection, displayedComponents: displayedComponents) { Text(titleKey) }
    }
}

/// The parts of a date a picker shows, as SwiftUI's `DatePickerComponents`.
public struct DatePickerComponents: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The day, month and year.
    public static let date = DatePickerComponents(rawValue: 1)
    /// The hour and minute.
    public static let hourAndMinute = DatePickerComponents(rawValue: 2)
}

/// How a date picker is drawn, as SwiftUI's `DatePickerStyle` (each drawn compact here).
public protocol DatePickerStyle {}
/// The platform's style: compact on iOS.
public struct DefaultDatePickerStyle: DatePickerStyle { public init() {} }
/// The date in a box that opens a calendar.
public struct CompactDatePickerStyle: DatePickerStyle { public init() {} }
/// Spinning wheels (drawn compact here).
public struct WheelDatePickerStyle: DatePickerStyle { public init() {} }
/// A calendar (drawn compact here).
public struct GraphicalDatePickerStyle: DatePickerStyle { public init() {} }

extension DatePickerStyle where Self == DefaultDatePickerStyle {
    public static var automatic: DefaultDatePickerStyle { DefaultDatePickerStyle() }
}
extension DatePickerStyle where Self == CompactDatePickerStyle {
    public static var compact: CompactDatePickerStyle { CompactDatePickerStyle() }
}
extension DatePickerStyle where Self == WheelDatePickerStyle {
    public static var wheel: WheelDatePickerStyle { WheelDatePickerStyle() }
}
extension DatePickerStyle where Self == GraphicalDatePickerStyle {
    public static var graphical: GraphicalDatePickerStyle { GraphicalDatePickerStyle() }
}

extension View {
    /// How date pickers inside are drawn (each compact here).
    nonisolated public func datePickerStyle<S: DatePickerStyle>(_ style: S) -> some View { self }
}

/// UIDatePicker's compact style: each part in a box of the tertiary system fill with 6-point corners, 11
/// points in and 7 above and below its text, the boxes 6 points apart; the date in the medium style
/// ("Jan 1, 2026"), the time in the short style ("9:41 AM"), in the en-US locale and the scene's time zone
/// (UTC). Our measures of iOS's screenshots: UIKit publishes none.
enum DatePickerMetrics {
    static let cornerRadius = 6.0
    static let padding = EdgeInsets(top: 7, leading: 11, bottom: 7, trailing: 11)
    static let spacing = 6.0

    /// The text of each part `components` names, as the compact style shows `date`.
    @MainActor static func parts(of date: Date, _ components: DatePickerComponents) -> [String] {
        var parts: [String] = []
        if components.contains(.date) { parts.append(dateFormatter.string(from: date)) }
        if components.contains(.hourAndMinute) { parts.append(timeFormatter.string(from: date)) }
        return parts
    }

    /// The formatters, made once: a picker is drawn every frame it is on screen.
    @MainActor private static let dateFormatter = formatter(date: .medium, time: .none)
    @MainActor private static let timeFormatter = formatter(date: .none, time: .short)

    /// A formatter in the scene's locale (en_US) and time zone (UTC), so frames are the same everywhere.
    static func formatter(date: DateFormatter.Style, time: DateFormatter.Style) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateStyle = date
        formatter.timeStyle = time
        return formatter
    }
}

extension DatePicker: @MainActor Lowerable {
    @MainActor func lower(in graph: ViewGraph, path: String, _ environment: EnvironmentValues) -> [ViewNode] {
        let parts = DatePickerMetrics.parts(of: selection.wrappedValue, components)
        let boxes = HStack(spacing: DatePickerMetrics.spacing) {
            ForEach(parts.indices, id: \.self) { index in
                Text(verbatim: parts[index])
                    .lineLimit(1)
                    .padding(DatePickerMetrics.padding)
                    .background(
                        RoundedRectangle(cornerRadius: DatePickerMetrics.cornerRadius).fill(Color.tertiarySystemFill))
            }
        }
        .fixedSize()
        let row = HStack {
            if !environment.labelsHidden {
                label
                Spacer(minLength: 8)
            }
            boxes
        }
        .accessibilityElement(children: .combine)
        return graph.lower(row, path: path, environment)
    }
}
