/// A key for a localized string; here the key is the text (there are no string tables on Linux).
public struct LocalizedStringKey: Equatable, Sendable, ExpressibleByStringInterpolation {
    let key: String

    /// The key `value`.
    public init(_ value: String) { key = value }
    public init(stringLiteral value: String) { key = value }
    public init(stringInterpolation: StringInterpolation) { key = stringInterpolation.text }

    /// Interpolations as `String(describing:)` writes them.
    public struct StringInterpolation: StringInterpolationProtocol {
        var text = ""
        public init(literalCapacity: Int, interpolationCount: Int) {}
        public mutating func appendLiteral(_ literal: String) { text += literal }
        public mutating func appendInterpolation<T>(_ value: T) { text += String(describing: value) }
    }
}

/// A string drawn in the inherited font, as SwiftUI's `Text`, shaped with HarfBuzz and wrapped between
/// words at the width offered.
nonisolated public struct Text: _PrimitiveView, Equatable, Sendable {
    let string: String
    var font: Font?

    /// The text for a localized key (the key itself: no string tables here).
    public init(_ key: LocalizedStringKey) { string = key.key }
    /// `content` as it is. Ranked below the key initialiser, as in SwiftUI, so a literal is a key.
    @_disfavoredOverload public init<S: StringProtocol>(_ content: S) { string = String(content) }
    /// `content` as it is, never localized.
    public init(verbatim content: String) { string = content }

    /// This text in `font`.
    public func font(_ font: Font?) -> Text {
        var text = self
        text.font = font
        return text
    }

    /// This text in its font's bold weight.
    public func bold() -> Text {
        var text = self
        text.font = (font ?? .body).bold()
        return text
    }
}
