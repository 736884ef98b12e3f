import Foundation
import RevealCore
import RevealLayout
import RevealRaster

/// A field of editable text, as SwiftUI's `TextField`: its text, or its placeholder in the placeholder
/// color while empty, across the width offered; with a caret when focused. No keyboard is drawn.
nonisolated public struct TextField<Label: View>: _PrimitiveView {
    let label: Label
    let shown: () -> String
    let placeholder: Text?
    let axis: Axis
    /// Adds typed text to the field's value (nil: a field of a formatted value, which a script does not type
    /// into).
    let type: ((String) -> Void)?

    init(
        label: Label, shown: @escaping () -> String, placeholder: Text?, axis: Axis = .horizontal,
        type: ((String) -> Void)? = nil
    ) {
        self.label = label
        self.shown = shown
        self.placeholder = placeholder
        self.axis = axis
        self.type = type
    }

    /// A field editing `text`, labelled by `label`, with `prompt` as its placeholder.
    public init(text: Binding<String>, prompt: Text? = nil, axis: Axis = .horizontal, @ViewBuilder label: () -> Label) {
        self.init(
            label: label(), shown: { text.wrappedValue }, placeholder: prompt, axis: axis,
            type: { text.wrappedValue += $0 })
    }
}

extension TextField where Label == Text {
    /// A field editing `text`, its title as the placeholder.
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>) {
        self.init(
            label: Text(titleKey), shown: { text.wrappedValue }, placeholder: Text(titleKey),
            type: { text.wrappedValue += $0 })
    }

    /// A field editing `text`, its title as the placeholder.
    @_disfavoredOverload public init<S: StringProtocol>(_ title: S, text: Binding<String>) {
        self.init(
            label: Text(title), shown: { text.wrappedValue }, placeholder: Text(title),
            type: { text.wrappedValue += $0 })
    }

    /// A field editing `text` with a placeholder of its own (else the title).
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>, prompt: Text?) {
        self.init(
            label: Text(titleKey), shown: { text.wrappedValue }, placeholder: prompt ?? Text(titleKey),
            type: { text.wrappedValue += $0 })
    }

    /// A field editing `text` with a placeholder of its own (else the title).
    @_disfavoredOverload public init<S: StringProtocol>(_ title: S, text: Binding<String>, prompt: Text?) {
        self.init(
            label: Text(title), shown: { text.wrappedValue }, placeholder: prompt ?? Text(title),
            type: { text.wrappedValue += $0 })
    }

    /// A field editing `text` that grows along `axis` (vertical: it wraps onto more lines).
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>, axis: Axis) {
        self.init(
            label: Text(titleKey), shown: { text.wrappedValue }, placeholder: Text(titleKey), axis: axis,
            type: { text.wrappedValue += $0 })
    }

    /// A field editing `text` that grows along `axis` (vertical: it wraps onto more lines).
    @_disfavoredOverload public init<S: StringProtocol>(_ title: S, text: Binding<String>, axis: Axis) {
        self.init(
            label: Text(title), shown: { text.wrappedValue }, placeholder: Text(title), axis: axis,
            type: { text.wrappedValue += $0 })
    }

    /// A field editing `text`, calling `onEditingChanged` as editing starts and ends and `onCommit` on Return
    /// (Apple's older spelling; no editing happens in a render).
    public init(
        _ titleKey: LocalizedStringKey, text: Binding<String>, onEditingChanged: @escaping (Bool) -> Void = { _ in },
        onCommit: @escaping () -> Void = {}
    ) {
        self.init(titleKey, text: text)
    }

    /// A field editing `text`, calling `onEditingChanged` as editing starts and ends and `onCommit` on Return
    /// (Apple's older spelling; no editing happens in a render).
    @_disfavoredOverload public init<S: StringProtocol>(
        _ title: S, text: Binding<String>, onEditingChanged: @escaping (Bool) -> Void = { _ in },
        onCommit: @escaping () -> Void = {}
    ) {
        self.init(title, text: text)
    }

    /// A field editing `value`, shown as `formatter` writes it.
    public init<V>(_ titleKey: LocalizedStringKey, value: Binding<V>, formatter: Formatter, prompt: Text? = nil) {
        self.init(
            label: Text(titleKey), shown: { formatter.string(for: value.wrappedValue) ?? "" },
            placeholder: prompt ?? Text(titleKey))
    }

    /// A field editing `value`, shown as `formatter` writes it.
    @_disfavoredOverload public init<S: StringProtocol, V>(
        _ title: S, value: Binding<V>, formatter: Formatter, prompt: Text? = nil
    ) {
        self.init(
            label: Text(title), shown: { formatter.string(for: value.wrappedValue) ?? "" },
            placeholder: prompt ?? Text(title))
    }

    /// A field editing `value`, shown as `format` formats it.
    public init<F: ParseableFormatStyle>(
        _ titleKey: LocalizedStringKey, value: Binding<F.FormatInput>, format: F, prompt: Text? = nil
    ) where F.FormatOutput == String {
        self.init(
            label: Text(titleKey), shown: { format.format(value.wrappedValue) }, placeholder: prompt ?? Text(titleKey))
    }

    /// A field editing `value`, shown as `format` formats it.
    @_disfavoredOverload public init<S: StringProtocol, F: ParseableFormatStyle>(
        _ title: S, value: Binding<F.FormatInput>, format: F, prompt: Text? = nil
    ) where F.FormatOutput == String {
        self.init(label: Text(title), shown: { format.format(value.wrappedValue) }, placeholder: prompt ?? Text(title))
    }
}

/// A field whose text shows as dots, as SwiftUI's `SecureField`.
nonisolated public struct SecureField<Label: View>: _PrimitiveView {
    let field: TextField<Label>

    /// A field editing `text`, labelled by `label`, with `prompt` as its placeholder.
    public init(text: Binding<String>, prompt: Text? = nil, @ViewBuilder label: () -> Label) {
        field = TextField(
            label: label(), shown: { String(repeating: "•", count: text.wrappedValue.count) }, placeholder: prompt,
            type: { text.wrappedValue += $0 })
    }
}

extension SecureField where Label == Text {
    /// A secure field editing `text`, its title as the placeholder.
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>, prompt: Text? = nil) {
        field = TextField(
            label: Text(titleKey), shown: { String(repeating: "•", count: text.wrappedValue.count) },
            placeholder: prompt ?? Text(titleKey), type: { text.wrappedValue += $0 })
    }

    /// A secure field editing `text`, its title as the placeholder.
    @_disfavoredOverload public init<S: StringProtocol>(_ title: S, text: Binding<String>, prompt: Text? = nil) {
        field = TextField(
            label: Text(title), shown: { String(repeating: "•", count: text.wrappedValue.count) },
            placeholder: prompt ?? Text(title), type: { text.wrappedValue += $0 })
    }
}

/// Many lines of editable text, as SwiftUI's `TextEditor`: the text from the top leading corner of all the
/// room offered.
nonisolated public struct TextEditor: _PrimitiveView {
    let text: Binding<String>
    /// An editor of `text`.
    public init(text: Binding<String>) { self.text = text }
}

/// A text field a script can type into: the names it is found by (its label, its placeholder), its identity,
/// and what adds typed text to its value.
package struct TextInputTarget {
    package let names: [String]
    let path: String
    let type: (String) -> Void
}

// MARK: Focus

/// Where the focus is, as SwiftUI's `FocusState`: a value a view owns, bound to fields with `focused`.
/// Focused, a field draws its caret; no keyboard is drawn.
@propertyWrapper public struct FocusState<Value: Hashable>: DynamicProperty {
    let state: State<Value>

    /// Whether a field bound with `focused(_:)` has the focus.
    public init() where Value == Bool { state = State(wrappedValue: false) }
    /// Which field bound with `focused(_:equals:)` has the focus (nil: none).
    public init<T: Hashable>() where Value == T? { state = State(wrappedValue: nil) }

    public var wrappedValue: Value {
        get { state.wrappedValue }
        nonmutating set { state.wrappedValue = newValue }
    }

    /// The binding `focused` takes.
    public var projectedValue: Binding { Binding(value: state.projectedValue) }

    /// A focus state as `focused(_:)` takes it.
    @propertyWrapper public struct Binding {
        let value: SwiftUI.Binding<Value>
        public var wrappedValue: Value {
            get { value.wrappedValue }
            nonmutating set { value.wrappedValue = newValue }
        }
        public var projectedValue: Binding { self }
    }
}

extension FocusState: DynamicPropertyLink {
    func link(to node: GraphNode, slot index: Int) { state.link(to: node, slot: index) }
}

extension View {
    /// Focuses the fields inside while `condition` is true.
    nonisolated public func focused(_ condition: FocusState<Bool>.Binding) -> some View {
        let focused = condition.wrappedValue
        return environmentChange { $0.isFocused = focused }
    }

    /// Focuses the fields inside while the focus state equals `value`.
    nonisolated public func focused<Value: Hashable>(_ binding: FocusState<Value>.Binding, equals value: Value)
        -> some View
    {
        let focused = binding.wrappedValue == value
        return environmentChange { $0.isFocused = focused }
    }

    /// The style of text fields inside (SwiftUI's `textFieldStyle(_:)`).
    nonisolated public func textFieldStyle<S: TextFieldStyle>(_ style: S) -> some View {
        environmentChange { $0.textFieldHasBorder = style is RoundedBorderTextFieldStyle }
    }

    /// The keyboard a field shows (accepted: no keyboard is drawn).
    nonisolated public func keyboardType(_ type: UIKeyboardType) -> some View { self }
    /// The return key's title (accepted: no keyboard is drawn).
    nonisolated public func submitLabel(_ submitLabel: SubmitLabel) -> some View { self }
    /// How typed text is capitalized (accepted: text is typed by the script as it is).
    nonisolated public func textInputAutocapitalization(_ autocapitalization: TextInputAutocapitalization?) -> some View
    {
        self
    }
    /// Whether typed text is autocorrected (accepted: text is typed by the script as it is).
    nonisolated public func autocorrectionDisabled(_ disable: Bool = true) -> some View { self }
    /// What runs when the return key is pressed (accepted: no keyboard is drawn).
    nonisolated public func onSubmit(of triggers: SubmitTriggers = .text, _ action: @escaping () -> Void) -> some View {
        self
    }
}

/// What submits a field (accepted), as SwiftUI's `SubmitTriggers`.
public struct SubmitTriggers: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let text = SubmitTriggers(rawValue: 1)
    public static let search = SubmitTriggers(rawValue: 2)
}

/// The return key's title, as SwiftUI's `SubmitLabel` (accepted: no keyboard is drawn).
public struct SubmitLabel: Sendable {
    let name: String
    public static let done = SubmitLabel(name: "done")
    public static let go = SubmitLabel(name: "go")
    public static let send = SubmitLabel(name: "send")
    public static let join = SubmitLabel(name: "join")
    public static let route = SubmitLabel(name: "route")
    public static let search = SubmitLabel(name: "search")
    public static let `return` = SubmitLabel(name: "return")
    public static let next = SubmitLabel(name: "next")
    public static let `continue` = SubmitLabel(name: "continue")
}

/// The keyboards a field can ask for, as UIKit's `UIKeyboardType` (accepted: no keyboard is drawn). Its case
/// names are UIKit's, `URL` too.
// swift-format-ignore: AlwaysUseLowerCamelCase
public enum UIKeyboardType: Int, Sendable {
    case `default`, asciiCapable, numbersAndPunctuation, URL, numberPad, phonePad, namePhonePad, emailAddress,
        decimalPad, twitter, webSearch, asciiCapableNumberPad
}

/// How typed text is capitalized, as SwiftUI's `TextInputAutocapitalization` (accepted).
public struct TextInputAutocapitalization: Sendable {
    let name: String
    public static let never = TextInputAutocapitalization(name: "never")
    public static let words = TextInputAutocapitalization(name: "words")
    public static let sentences = TextInputAutocapitalization(name: "sentences")
    public static let characters = TextInputAutocapitalization(name: "characters")
}

/// How a text field looks, as SwiftUI's `TextFieldStyle`.
public protocol TextFieldStyle: Sendable {}
/// The platform's: on iOS, plain.
public struct DefaultTextFieldStyle: TextFieldStyle {
    public init() {}
}
/// The text alone.
public struct PlainTextFieldStyle: TextFieldStyle {
    public init() {}
}
/// The text in a rounded, bordered box, as UITextField's `roundedRect` border style.
public struct RoundedBorderTextFieldStyle: TextFieldStyle {
    public init() {}
}
extension TextFieldStyle where Self == DefaultTextFieldStyle {
    public static var automatic: DefaultTextFieldStyle { DefaultTextFieldStyle() }
}
extension TextFieldStyle where Self == PlainTextFieldStyle {
    public static var plain: PlainTextFieldStyle { PlainTextFieldStyle() }
}
extension TextFieldStyle where Self == RoundedBorderTextFieldStyle {
    public static var roundedBorder: RoundedBorderTextFieldStyle { RoundedBorderTextFieldStyle() }
}

// MARK: Lowering

/// The numbers of iOS's text fields: the placeholder in UIKit's `placeholderText` color; the caret 2 points
/// wide in the tint; the rounded border style as UITextField's `roundedRect` (a 5-point corner, a hairline
/// border in `systemGray4`, 7 points of padding across and 6 down) — these sizes are our estimates from iOS 17
/// screenshots, as UIKit publishes none.
enum TextFieldMetrics {
    static let placeholder = Color.adaptive((60, 60, 67, 0.3), (235, 235, 245, 0.3))
    static let border = Color.adaptive((209, 209, 214, 1), (58, 58, 60, 1))
    static let caretWidth = 2.0
    static let cornerRadius = 5.0
    static let padding = EdgeInsets(top: 6, leading: 7, bottom: 6, trailing: 7)
}

extension TextField: @MainActor Lowerable {
    @MainActor func lower(in graph: ViewGraph, path: String, _ environment: EnvironmentValues) -> [ViewNode] {
        // A field of text a script can type into, found by its label or placeholder; the one typed into last
        // has the caret, as the field with the keyboard's focus does.
        var environment = environment
        if let type, environment.isEnabled {
            let names = [(label as? Text)?.string, placeholder?.string].compactMap { $0 }
            graph.textInputs.append(TextInputTarget(names: names, path: path, type: type))
            if graph.typedField == path { environment.isFocused = true }
        }
        let text = shown()
        let content: AnyView
        if text.isEmpty {
            let placeholder = (placeholder ?? (label as? Text) ?? Text(""))
            content = AnyView(placeholder.foregroundStyle(TextFieldMetrics.placeholder))
        } else {
            content = AnyView(Text(verbatim: text).lineLimit(axis == .vertical ? nil : 1))
        }
        // Focused, the caret stands after the text (steady: iOS blinks it only while nothing is typed).
        let line = HStack(spacing: 0) {
            if environment.isFocused && text.isEmpty {
                caret
            }
            content
            if environment.isFocused && !text.isEmpty {
                caret
            }
        }
        .frame(maxWidth: .infinity, alignment: .leading)
        guard environment.textFieldHasBorder else { return graph.lower(line, path: path + "/field", environment) }
        let boxed =
            line
            .padding(TextFieldMetrics.padding)
            .background(
                RoundedRectangle(cornerRadius: TextFieldMetrics.cornerRadius)
                    .fill(ListMetrics.cellBackground)
            )
            .overlay(
                RoundedRectangle(cornerRadius: TextFieldMetrics.cornerRadius)
                    .strokeBorder(TextFieldMetrics.border, lineWidth: 0.5)
            )
        return graph.lower(boxed, path: path + "/field", environment)
    }

    private var caret: some View {
        Rectangle().fill(.tint).frame(width: TextFieldMetrics.caretWidth, height: 20)
    }
}

extension SecureField: @MainActor Lowerable {
    @MainActor func lower(in graph: ViewGraph, path: String, _ environment: EnvironmentValues) -> [ViewNode] {
        graph.lower(field, path: path, environment)
    }
}

extension TextEditor: @MainActor Lowerable {
    @MainActor func lower(in graph: ViewGraph, path: String, _ environment: EnvironmentValues) -> [ViewNode] {
        // UITextView's text container is inset 8 points top and bottom, 5 across (its line fragment padding).
        let editor = Text(verbatim: text.wrappedValue)
            .padding(EdgeInsets(top: 8, leading: 5, bottom: 8, trailing: 5))
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        return graph.lower(editor, path: path + "/editor", environment)
    }
}
