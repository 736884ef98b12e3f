import RevealCore
import RevealRaster

/// A line drawn along a run of text, as `.underline()` and `.strikethrough()` draw it: at the font's own
/// position and thickness (OpenType's post and OS/2 tables), in `color` or else the text's own color.
public struct TextLine: Equatable, Sendable {
    /// The line's color; nil draws it in the run's color.
    public var color: RGBAColor?

    /// A line in `color` (default: the run's color).
    public init(color: RGBAColor? = nil) { self.color = color }
}

/// A run of text with its own style, as one `Text` in a `Text + Text` concatenation. What it leaves unset
/// (a nil font part, a nil color) is the surrounding view's.
package struct TextRun: Equatable, Sendable {
    /// The run's characters.
    package var string: String
    /// Font parts over the inherited font (a style, a size, a weight, a design, italic).
    package var font: FontSpec
    /// The run's fill; nil takes the foreground style.
    package var paint: Paint?
    /// A line under the run, as `.underline()`; nil: none.
    package var underline: TextLine?
    /// A line through the run, as `.strikethrough()`; nil: none.
    package var strikethrough: TextLine?
    /// Points added after every glyph, counted in the text's width (SwiftUI's `kerning(_:)`: "the kerning
    /// affects the trailing edge of the text view as well").
    package var kerning: Double
    /// Points added after every glyph, but, as trailing whitespace, not after a line's last, and with
    /// ligatures off (Apple, NSAttributedString.Key.tracking).
    package var tracking: Double
    /// Points the run is raised above the baseline, as `baselineOffset(_:)`.
    package var baselineOffset: Double
    /// Whether digits are set at one width (OpenType `tnum`), as `monospacedDigit()`.
    package var monospacedDigits: Bool

    /// A run of `string`, every style part inherited unless given.
    package init(
        _ string: String, font: FontSpec = FontSpec(), paint: Paint? = nil, underline: TextLine? = nil,
        strikethrough: TextLine? = nil, kerning: Double = 0, tracking: Double = 0, baselineOffset: Double = 0,
        monospacedDigits: Bool = false
    ) {
        self.string = string
        self.font = font
        self.paint = paint
        self.underline = underline
        self.strikethrough = strikethrough
        self.kerning = kerning
        self.tracking = tracking
        self.baselineOffset = baselineOffset
        self.monospacedDigits = monospacedDigits
    }

    /// The OpenType features the run is shaped with.
    package var features: [OpenTypeFeature] {
        (monospacedDigits ? [.tabularFigures] : []) + (tracking != 0 ? [.noLigatures] : [])
    }
}
