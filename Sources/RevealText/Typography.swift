import RevealCore
import RevealRaster

/// SwiftUI's text styles at iOS's default Dynamic Type size ("Large"): point size and weight, from
/// Apple's Human Interface Guidelines, Typography › Specifications › iOS Dynamic Type sizes.
package enum TypeStyle: String, Equatable, Sendable, CaseIterable {
    /// SwiftUI's styles by their names, from the largest (`largeTitle`, 34 pt) to the smallest (`caption2`, 11 pt).
    case largeTitle, title, title2, title3, headline, body, callout, subheadline, footnote, caption, caption2

    /// The style's size in points, e.g. 17 for `body`.
    package var size: Double {
        switch self {
        case .largeTitle: return 34
        case .title: return 28
        case .title2: return 22
        case .title3: return 20
        case .headline, .body: return 17
        case .callout: return 16
        case .subheadline: return 15
        case .footnote: return 13
        case .caption: return 12
        case .caption2: return 11
        }
    }

    /// The style's weight: semibold for `headline`, regular for every other style.
    package var weight: FontWeight { self == .headline ? .semibold : .regular }
}

/// Font weights by SwiftUI's names, with the `wght` axis value each sets in a variable font.
public enum FontWeight: String, Equatable, Sendable, CaseIterable {
    /// SwiftUI's weights from the lightest (`ultraLight`, `wght` 100) to the heaviest (`black`, 900).
    case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black

    /// OpenType's usWeightClass scale: ultraLight 100 … black 900.
    public var axisValue: Double { Double((FontWeight.allCases.firstIndex(of: self) ?? 3) + 1) * 100 }
}

/// `Font.Design`: the default face, or rounded (SF Pro Rounded on iOS).
public enum FontDesign: String, Equatable, Sendable, CaseIterable {
    /// The default face, or the rounded one: `FontFiles.rounded`, or the default face's files when none is named.
    case `default`, rounded
}

/// A font as text is set in it: the size in points, the weight, the design and whether it is italic.
public struct ResolvedFont: Hashable, Sendable {
    /// The size in points.
    public var size: Double
    /// The weight, set on the font's `wght` axis.
    public var weight: FontWeight
    /// The design, which picks the rounded file when there is one.
    public var design: FontDesign
    /// Whether the italic face is used (or, without one, the upright face slanted).
    public var italic: Bool

    /// A font of `size` points at `weight` in `design`, upright unless `italic`.
    public init(size: Double, weight: FontWeight, design: FontDesign, italic: Bool = false) {
        self.size = size
        self.weight = weight
        self.design = design
        self.italic = italic
    }

    /// SwiftUI's default font: `.body`.
    public static let body = ResolvedFont(size: TypeStyle.body.size, weight: .regular, design: .default)

    /// This font with `spec` applied over it: a style sets size and weight, then explicit parts win.
    package func applying(_ spec: FontSpec) -> ResolvedFont {
        var font = self
        if let style = spec.style {
            font.size = style.size
            font.weight = style.weight
        }
        if let size = spec.size { font.size = size }
        if let weight = spec.weight { font.weight = weight }
        if let design = spec.design { font.design = design }
        if let italic = spec.italic { font.italic = italic }
        return font
    }
}

/// The font files text is set in. iOS sets text in SF Pro Text below 20 points and SF Pro Display
/// from 20 (Apple, "SF Pro" in the HIG's Typography); the free stand-in is Inter and Inter Display
/// (Debian's fonts-inter-variable, OFL), whose `wght` axis gives every weight. No free rounded face
/// ships with Debian, so `rounded` uses the same files unless a scene names one. Italic text uses the italic
/// files; without them the upright face is slanted, as Core Text synthesizes an oblique.
public struct FontFiles: Equatable, Sendable {
    /// The font file for text smaller than `displayFrom` points (Inter in `inter`).
    public var text: String
    /// The font file for text of `displayFrom` points or more (Inter Display in `inter`).
    public var display: String
    /// The font file for the rounded design at every size; nil (the default) uses `text` and `display`.
    public var rounded: String?
    /// The italic face of `text`; nil slants the upright face instead.
    public var italic: String?
    /// The italic face of `display`; nil slants the upright face instead.
    public var displayItalic: String?
    /// The size from which `display` is used.
    public var displayFrom: Double
    /// The fonts, in order, for characters the face chosen for a run lacks (CJK, Arabic, Hebrew, …); a file
    /// that cannot be opened is passed over.
    public var fallbacks: [FallbackFont] = []

    /// The font files named; `display` is used from `displayFrom` points (default 20, as iOS's SF Pro Display).
    public init(
        text: String, display: String, rounded: String? = nil, italic: String? = nil, displayItalic: String? = nil,
        displayFrom: Double = 20, fallbacks: [FallbackFont] = []
    ) {
        self.fallbacks = fallbacks
        self.text = text
        self.display = display
        self.rounded = rounded
        self.italic = italic
        self.displayItalic = displayItalic
        self.displayFrom = displayFrom
    }

    /// The default: Inter and Inter Display from Debian's fonts-inter-variable with their italics, no rounded face.
    public static let inter = FontFiles(
        text: "/usr/share/fonts/truetype/inter-vf/Inter-roman.var.ttf",
        display: "/usr/share/fonts/truetype/inter-vf/InterDisplay-roman.var.ttf",
        italic: "/usr/share/fonts/truetype/inter-vf/Inter-italic.var.ttf",
        displayItalic: "/usr/share/fonts/truetype/inter-vf/InterDisplay-italic.var.ttf",
        fallbacks: FallbackFont.noto)

    /// The file a font is set in.
    public func file(for font: ResolvedFont) -> String {
        if font.design == .rounded, let rounded { return rounded }
        let display = font.size >= displayFrom
        if font.italic, let file = display ? displayItalic : italic { return file }
        return display ? self.display : text
    }

    /// Whether italic text in `font` is the upright face slanted, for want of an italic file.
    package func slants(_ font: ResolvedFont) -> Bool { font.italic && file(for: font) == file(for: upright(font)) }

    private func upright(_ font: ResolvedFont) -> ResolvedFont {
        var font = font
        font.italic = false
        return font
    }

    /// Every file named, for validation.
    public var all: [String] { [text, display] + [rounded, italic, displayItalic].compactMap { $0 } }
}

extension FontFiles {
    /// Each named file opens as a font.
    package func validate(at path: ScenePath) throws(SceneError) {
        for (name, file) in [
            ("text", text), ("display", display), ("rounded", rounded), ("italic", italic),
            ("displayItalic", displayItalic),
        ] {
            guard let file else { continue }
            do {
                _ = try FontLibrary.shared.instance(path: file, weight: FontWeight.regular.axisValue)
            } catch {
                throw SceneError(path.key(name), "\(displayPath(file)): \(error.reason)")
            }
        }
    }
}

/// The font a `font` modifier sets: a text style or a size, and optionally a weight and a design.
/// Unset parts are inherited, as `.fontWeight` and `.bold()` keep the style.
package struct FontSpec: Equatable, Sendable {
    /// A text style, as SwiftUI's `.font(.headline)`: it sets both the size and the weight (`TextStyle.size`,
    /// `TextStyle.weight`); nil keeps the inherited ones.
    package var style: TypeStyle?
    /// The size in points, as `Font.system(size:)`; applied after `style`, so it overrides the style's size. Nil
    /// keeps the style's or the inherited size.
    package var size: Double?
    /// The weight, as `.fontWeight(_:)`; applied after `style`, so it overrides the style's own weight. Nil keeps
    /// the style's or the inherited weight.
    package var weight: FontWeight?
    /// The design, as `.fontDesign(_:)` (`.rounded`); nil keeps the inherited design.
    package var design: FontDesign?
    /// Italic or upright, as `.italic()`; nil keeps the inherited slant.
    package var italic: Bool?

    /// A font spec; every part defaults to nil, inherited.
    package init(
        style: TypeStyle? = nil, size: Double? = nil, weight: FontWeight? = nil, design: FontDesign? = nil,
        italic: Bool? = nil
    ) {
        self.style = style
        self.size = size
        self.weight = weight
        self.design = design
        self.italic = italic
    }
}

/// Text alignment between the lines of wrapped text.
package enum LineAlignment: String, Equatable, Sendable, CaseIterable {
    /// As SwiftUI's `TextAlignment` cases: lines flush with the leading edge, centred, or flush with the trailing
    /// edge; `.leading` is the default.
    case leading, center, trailing
}
