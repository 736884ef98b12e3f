import RevealCore
import RevealLayout
import RevealRaster
import RevealText

extension View {
    /// The weight of text inside, whatever font it is set in (SwiftUI keeps the weight apart from the
    /// font, so `.font(.caption).fontWeight(.semibold)` is a semibold caption); nil keeps the font's own.
    nonisolated public func fontWeight(_ weight: Font.Weight?) -> some View {
        environmentChange { $0.fontWeight = weight }
    }

    /// Text inside in bold (SwiftUI's `View.bold(_:)`).
    nonisolated public func bold(_ isActive: Bool = true) -> some View { fontWeight(isActive ? .bold : nil) }

    /// Text inside in italics (SwiftUI's `View.italic(_:)`).
    nonisolated public func italic(_ isActive: Bool = true) -> some View {
        environmentChange { $0.textStyle.italic = isActive }
    }

    /// Text inside in `design` (SwiftUI's `View.fontDesign(_:)`), over its font's own.
    nonisolated public func fontDesign(_ design: Font.Design?) -> some View {
        environmentChange { $0.textStyle.design = design }
    }

    /// Text inside underlined, in `color` or the text's own (SwiftUI's `View.underline(_:color:)`).
    nonisolated public func underline(_ isActive: Bool = true, color: Color? = nil) -> some View {
        environmentChange { $0.textStyle.underline = isActive ? .some(color) : nil }
    }

    /// Text inside struck through, in `color` or the text's own (SwiftUI's `View.strikethrough(_:color:)`).
    nonisolated public func strikethrough(_ isActive: Bool = true, color: Color? = nil) -> some View {
        environmentChange { $0.textStyle.strikethrough = isActive ? .some(color) : nil }
    }

    /// Text inside with `kerning` points after every character (SwiftUI's `View.kerning(_:)`).
    nonisolated public func kerning(_ kerning: CGFloat) -> some View {
        environmentChange { $0.textStyle.kerning = kerning }
    }

    /// Text inside with `tracking` points after every character (SwiftUI's `View.tracking(_:)`).
    nonisolated public func tracking(_ tracking: CGFloat) -> some View {
        environmentChange { $0.textStyle.tracking = tracking }
    }

    /// Text inside raised `offset` points (SwiftUI's `View.baselineOffset(_:)`).
    nonisolated public func baselineOffset(_ offset: CGFloat) -> some View {
        environmentChange { $0.textStyle.baselineOffset = offset }
    }

    /// Text inside with digits all one width (SwiftUI's `View.monospacedDigit()`).
    nonisolated public func monospacedDigit() -> some View {
        environmentChange { $0.textStyle.monospacedDigit = true }
    }

    /// Text inside in capitals or small letters (SwiftUI's `textCase(_:)`); nil leaves it as written.
    nonisolated public func textCase(_ textCase: Text.Case?) -> some View {
        environmentChange { $0.textCase = textCase }
    }
}

extension Text {
    /// How `textCase` sets text.
    public enum Case: Hashable, Sendable {
        case uppercase, lowercase
    }
}
