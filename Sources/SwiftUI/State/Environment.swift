/// The values that flow down a view tree, as SwiftUI's `EnvironmentValues`: set by modifiers, read with
/// `@Environment`.
public struct EnvironmentValues: @unchecked Sendable {
    /// Whether the system's Reduce Motion setting is on (from the script's `reduceMotion`).
    public var accessibilityReduceMotion = false
    /// The font of text inside (nil: `.body`).
    public var font: Font?
    /// The tint of controls (nil: the accent color).
    public var tint: Color?
    /// The control size.
    public var controlSize = ControlSize.regular
    /// The symbol scale.
    public var imageScale = Image.Scale.medium
    /// How far text may shrink to fit.
    public var minimumScaleFactor: CGFloat = 1
    /// The most lines text wraps to.
    public var lineLimit: Int?
    /// How the lines of text inside line up with each other (`multilineTextAlignment(_:)`).
    public var multilineTextAlignment = TextAlignment.leading
    /// Points between the lines of text inside (`lineSpacing(_:)`).
    public var lineSpacing: CGFloat = 0
    /// Why content inside is redacted (`redacted(reason:)`).
    public var redactionReasons: RedactionReasons = []
    /// Pixels per point of the screen the view is drawn on (the script's `scale`).
    public var displayScale: CGFloat = 1
    /// Light or dark: the script's `colorScheme`, or what `preferredColorScheme(_:)` asks for.
    public var colorScheme = ColorScheme.light
    /// Left to right, or right to left: the views inside are laid out mirrored (`environment(\.layoutDirection,
    /// .rightToLeft)`).
    public var layoutDirection = LayoutDirection.leftToRight
    var foregroundStyle: (any ShapeStyle)?
    /// The second style of `foregroundStyle(_:_:)`: a layered symbol's enclosure in palette rendering.
    var secondaryForegroundStyle: (any ShapeStyle)?
    /// The rendering mode and the variant of symbols inside (`symbolRenderingMode(_:)`, `symbolVariant(_:)`).
    var symbolRendering: SymbolRenderingMode?
    var symbolVariant = SymbolVariants.none
    /// The weight text inside is set in, over its font's (`fontWeight(_:)`).
    public var fontWeight: Font.Weight?
    /// Whether controls and gestures take touches (`disabled(_:)`).
    public var isEnabled = true
    /// How text inside is set in capitals or small letters (`textCase(_:)`).
    public var textCase: Text.Case?
    /// How content inside changes in an animation (`contentTransition`).
    var contentTransitionValue = ContentTransition.opacity
    /// Styles every text inside takes where it sets none of its own (`italic()`, `underline()`, `kerning(_:)`, …).
    var textStyle = Text.Run("")
    /// Whether touches reach the views inside (`allowsHitTesting(_:)`).
    var allowsHitTesting = true
    /// Whether scroll views inside take drags (`scrollDisabled(_:)`).
    public var isScrollEnabled = true
    /// Whether scroll views inside show their indicators on each axis (`scrollIndicators(_:axes:)`).
    var showsVerticalScrollIndicator = true
    var showsHorizontalScrollIndicator = true
    /// How lists inside look (`listStyle(_:)`).
    var listLook = ListLook.insetGrouped
    /// Whether the fields inside have the focus (`focused(_:)`): they draw their caret.
    var isFocused = false
    /// Whether text fields inside are drawn in a rounded, bordered box (`.roundedBorder`).
    var textFieldHasBorder = false
    /// Whether the views are a list's rows (a menu picker shows its label and its choice, as a row does).
    var isInList = false
    /// Whether lists and forms inside draw their background (`scrollContentBackground(_:)`).
    var listDrawsBackground = true
    /// The axis of the stack a view is directly in, for `Divider`.
    var stackAxis: Axis?
    var buttonIsBordered = false
    /// `.borderedProminent`: a bordered button filled with the tint, its label white.
    var buttonIsProminent = false
    /// The outline of bordered buttons (`buttonBorderShape`).
    var buttonBorderShape = ButtonBorderShape.automatic
    /// `.plain`: the label as it is, untinted.
    var buttonIsPlain = false
    /// `.pickerStyle(.segmented)`.
    var pickerIsSegmented = false
    /// `.pickerStyle(.inline)`.
    var pickerIsInline = false
    /// `.tabViewStyle(.page)`: when its dots show (nil: a tab bar).
    var pageDots: PageTabViewStyle.IndexDisplayMode?
    /// What `dismiss` does: closes the presentation or pops the pushed screen the views are in.
    var dismissAction: (@MainActor () -> Void)?
    /// Inside a dialog's actions: where its buttons hand themselves over instead of drawing.
    var dialogActions: DialogActions?
    /// What `openURL` does, when a view sets it.
    var openURLAction: OpenURLAction?
    /// `labelsHidden()`: controls inside draw without their labels.
    var labelsHidden = false
    /// The values of `EnvironmentKey`s of the user's, by key type.
    var custom: [ObjectIdentifier: Any] = [:]
    /// The objects `environmentObject(_:)` put here, by type.
    var objects: [ObjectIdentifier: AnyObject] = [:]
    /// `.scrollTargetBehavior(.paging)`: scroll views inside come to rest on a page.
    var scrollPaging = false
    /// The binding to the id a scroll view inside shows, and where (`scrollPosition(id:anchor:)`).
    var scrollPosition: (binding: any ErasedHashableBinding, anchor: UnitPoint?)?
    /// What a pull on a scroll view inside runs (`refreshable`).
    var refreshAction: (@isolated(any) @Sendable () async -> Void)?
    /// Which parts of a label iOS's label styles show, and a `LabelStyle` of the user's (`labelStyle`).
    var labelParts = LabelParts.both
    var labelStyle: (any LabelStyle)?
    /// A `ToggleStyle` of the user's (nil: the switch).
    var toggleStyle: (any ToggleStyle)?
    /// The `ProgressViewStyle` set (nil: the default, a bar with a value and a spinner without).
    var progressViewStyle: (any ProgressViewStyle)?
    /// The `GaugeStyle` set (nil: the default, the linear capacity bar).
    var gaugeStyle: (any GaugeStyle)?

    /// The default environment.
    public init() {}
}

/// A value read from the environment, as SwiftUI's `@Environment`.
@propertyWrapper public struct Environment<Value>: DynamicProperty {
    let keyPath: KeyPath<EnvironmentValues, Value>
    let cell = EnvironmentCell()

    /// The environment value at `keyPath`.
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { self.keyPath = keyPath }

    /// The value, as the environment where the view is holds it.
    public var wrappedValue: Value { cell.values[keyPath: keyPath] }
}

extension Environment: DynamicPropertyLink {
    func link(to node: GraphNode, slot index: Int) { cell.values = node.environment }
}

/// The environment an `@Environment` reads, set by the runtime before the body is evaluated.
final class EnvironmentCell: @unchecked Sendable {
    var values = EnvironmentValues()
}

/// A key for a value of your own in the environment, as SwiftUI's `EnvironmentKey`: read and written through
/// `EnvironmentValues`' subscript, usually by a property of your own in an extension.
public protocol EnvironmentKey {
    associatedtype Value
    /// The value where none is set.
    static var defaultValue: Value { get }
}

extension EnvironmentValues {
    /// The value for `key`: the nearest set around the view, else its default.
    public subscript<K: EnvironmentKey>(key: K.Type) -> K.Value {
        get { (custom[ObjectIdentifier(key)] as? K.Value) ?? K.defaultValue }
        set { custom[ObjectIdentifier(key)] = newValue }
    }
}

extension View {
    /// Sets the environment value at `keyPath` for the views inside.
    nonisolated public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some View {
        environmentChange { $0[keyPath: keyPath] = value }
    }

    /// Hides the labels of the controls inside (toggles, pickers, sliders, steppers, date pickers); VoiceOver
    /// still reads them.
    nonisolated public func labelsHidden() -> some View {
        environmentChange { $0.labelsHidden = true }
    }

    /// Changes the environment value at `keyPath` for the views inside with `transform`.
    nonisolated public func transformEnvironment<V>(
        _ keyPath: WritableKeyPath<EnvironmentValues, V>, transform: @escaping (inout V) -> Void
    ) -> some View {
        environmentChange { transform(&$0[keyPath: keyPath]) }
    }
}

/// The direction views are laid out in, as SwiftUI's `LayoutDirection`.
public enum LayoutDirection: CaseIterable, Hashable, Sendable {
    case leftToRight, rightToLeft
}

/// The color scheme views are drawn in, as SwiftUI's `ColorScheme`.
public enum ColorScheme: CaseIterable, Hashable, Sendable {
    case light, dark
}

extension View {
    /// Draws the whole screen in `colorScheme` (nil: as the script says), as SwiftUI's
    /// `preferredColorScheme(_:)`: "The color scheme preference applies to the nearest enclosing
    /// presentation", here the screen, its background included. The innermost preference wins.
    nonisolated public func preferredColorScheme(_ colorScheme: ColorScheme?) -> some View {
        builtin(.preferredColorScheme(colorScheme))
    }
}
