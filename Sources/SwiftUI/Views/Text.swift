import RevealCore
import RevealLayout
import RevealRaster
import RevealText

/// A key for a localized string; here the key is the text (there are no string tables on Linux).
public struct LocalizedStringKey: Equatable, Sendable, ExpressibleByStringInterpolation {
    /// The text, interpolations written in.
    let key: String
    /// The same with the interpolated values' Markdown characters escaped: what `Text` reads as Markdown.
    let markdown: String

    /// The key `value`.
    public init(_ value: String) {
        key = value
        markdown = value
    }
    public init(stringLiteral value: String) { self.init(value) }
    public init(stringInterpolation: StringInterpolation) {
        key = stringInterpolation.text
        markdown = stringInterpolation.markdown
    }

    /// Interpolations as `String(describing:)` writes them, or a value in a `FormatStyle`.
    public struct StringInterpolation: StringInterpolationProtocol {
        var text = ""
        var markdown = ""
        public init(literalCapacity: Int, interpolationCount: Int) {}
        public mutating func appendLiteral(_ literal: String) {
            text += literal
            markdown += literal
        }
        public mutating func appendInterpolation<T>(_ value: T) { appendVerbatim(String(describing: value)) }
        /// `value` as `format` writes it in the scene's locale (`Text.locale`), as `"\(score, format: .number)"`.
        public mutating func appendInterpolation<F: FormatStyle>(_ value: F.FormatInput, format: F)
        where F.FormatOutput == String {
            appendVerbatim(format.locale(Text.locale).format(value))
        }

        /// An interpolated value: part of the text, never of its Markdown.
        mutating func appendVerbatim(_ value: String) {
            text += value
            for c in value {
                if "\\`*_~[]()".contains(c) { markdown.append("\\") }
                markdown.append(c)
            }
        }
    }
}

/// A string drawn in the inherited font, as SwiftUI's `Text`, shaped with HarfBuzz and wrapped between
/// words at the width offered. Texts joined with `+` are one text of several runs, each in its own style.
nonisolated public struct Text: _PrimitiveView, Equatable, Sendable {
    var runs: [Run]

    /// A part of a text with its own style; what it leaves nil is the environment's.
    struct Run: Equatable, Sendable {
        var string: String
        var font: Font?
        var weight: Font.Weight?
        var design: Font.Design?
        var italic: Bool?
        var style: (any ShapeStyle)?
        /// An underline or strike-through line, in its own color (nil: the text's).
        var underline: Color??
        var strikethrough: Color??
        var kerning: CGFloat?
        var tracking: CGFloat?
        var baselineOffset: CGFloat?
        var monospacedDigit: Bool?
        /// A date the run writes as time passes (`Text(_:style:)`, `Text(timerInterval:)`); nil: fixed text.
        var live: LiveDate?

        init(_ string: String) { self.string = string }

        /// Styles compare by what they are written as, as there is no equality between any two styles.
        static func == (a: Run, b: Run) -> Bool {
            a.string == b.string && a.font == b.font && a.weight == b.weight && a.design == b.design
                && a.italic == b.italic && a.underline == b.underline && a.strikethrough == b.strikethrough
                && a.kerning == b.kerning && a.tracking == b.tracking && a.baselineOffset == b.baselineOffset
                && a.monospacedDigit == b.monospacedDigit && a.live == b.live
                && a.style.map { String(reflecting: $0) } == b.style.map { String(reflecting: $0) }
        }
    }

    /// The locale numbers and dates are formatted in: en_US, so that frames are the same on every machine
    /// (SwiftUI uses the environment's locale, the device's).
    public static let locale = Locale(identifier: "en_US")

    /// The text for a localized key (the key itself: no string tables here).
    public init(_ key: LocalizedStringKey) { runs = InlineMarkdown.runs(key.markdown) }
    /// The text for a localized key in `tableName` of `bundle`, with a comment for translators: the key itself,
    /// as there are no string tables here.
    public init(
        _ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil, comment: StaticString? = nil
    ) {
        runs = InlineMarkdown.runs(key.markdown)
    }
    /// `content` as it is. Ranked below the key initialiser, as in SwiftUI, so a literal is a key.
    @_disfavoredOverload public init<S: StringProtocol>(_ content: S) { runs = [Run(String(content))] }
    /// `content` as it is, never localized.
    public init(verbatim content: String) { runs = [Run(content)] }
    /// `input` as `format` writes it in `Text.locale`, as `Text(price, format: .currency(code: "EUR"))`.
    public init<F: FormatStyle>(_ input: F.FormatInput, format: F)
    where F.FormatInput: Equatable, F.FormatOutput == String {
        runs = [Run(format.locale(Text.locale).format(input))]
    }

    /// The whole string, every run's in order.
    var string: String { runs.map(\.string).joined() }

    /// The two texts as one, each part keeping its own style (SwiftUI's `Text.+`).
    public static func + (lhs: Text, rhs: Text) -> Text { Text(runs: lhs.runs + rhs.runs) }

    init(runs: [Run]) { self.runs = runs }

    /// This text with `change` made to every run.
    private func styled(_ change: (inout Run) -> Void) -> Text {
        var text = self
        for i in text.runs.indices { change(&text.runs[i]) }
        return text
    }

    /// This text in `font` (runs joined before keep their own fonts).
    public func font(_ font: Font?) -> Text { styled { if $0.font == nil { $0.font = font } } }
    /// This text at `weight`.
    public func fontWeight(_ weight: Font.Weight?) -> Text { styled { if $0.weight == nil { $0.weight = weight } } }
    /// This text in bold.
    public func bold(_ isActive: Bool = true) -> Text { isActive ? fontWeight(.bold) : self }
    /// This text in italics: the font's italic face.
    public func italic(_ isActive: Bool = true) -> Text { styled { if $0.italic == nil { $0.italic = isActive } } }
    /// This text in `design`.
    public func fontDesign(_ design: Font.Design?) -> Text { styled { if $0.design == nil { $0.design = design } } }
    /// This text in `color` (nil: the foreground style).
    public func foregroundColor(_ color: Color?) -> Text { styled { if $0.style == nil { $0.style = color } } }
    /// This text filled with `style`, a gradient laid over the whole text's frame.
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> Text {
        styled { if $0.style == nil { $0.style = style } }
    }
    /// This text underlined at the font's underline position and thickness, in `color` or the text's own.
    public func underline(_ isActive: Bool = true, color: Color? = nil) -> Text {
        styled { if $0.underline == nil, isActive { $0.underline = .some(color) } }
    }
    /// This text struck through at the font's strikeout position and thickness, in `color` or the text's own.
    public func strikethrough(_ isActive: Bool = true, color: Color? = nil) -> Text {
        styled { if $0.strikethrough == nil, isActive { $0.strikethrough = .some(color) } }
    }
    /// This text with `kerning` points after every character, the last one's counted in its width.
    public func kerning(_ kerning: CGFloat) -> Text { styled { if $0.kerning == nil { $0.kerning = kerning } } }
    /// This text with `tracking` points after every character, ligatures off, a line's last one not counted.
    public func tracking(_ tracking: CGFloat) -> Text { styled { if $0.tracking == nil { $0.tracking = tracking } } }
    /// This text raised `offset` points above the baseline.
    public func baselineOffset(_ offset: CGFloat) -> Text {
        styled { if $0.baselineOffset == nil { $0.baselineOffset = offset } }
    }
    /// This text with digits all one width (OpenType tabular figures), so changing numbers do not shift.
    public func monospacedDigit() -> Text { styled { if $0.monospacedDigit == nil { $0.monospacedDigit = true } } }
}
