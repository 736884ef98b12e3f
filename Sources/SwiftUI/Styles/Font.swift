import RevealCore
import RevealLayout
import RevealRaster
import RevealText

/// A font: a text style or a size, with a weight and a design, as SwiftUI's `Font`. Text styles have
/// their iOS sizes and weights at the default Dynamic Type size (the engine's `TextStyle` table).
public struct Font: Hashable, Sendable {
    /// The text styles iOS scales with Dynamic Type.
    public enum TextStyle: CaseIterable, Hashable, Sendable {
        case largeTitle, title, title2, title3, headline, subheadline, body, callout, footnote, caption, caption2
    }

    /// A font's family of shapes; serif and monospaced are drawn in the default design here.
    public enum Design: Hashable, Sendable {
        case `default`, serif, rounded, monospaced
    }

    /// A font's weight.
    public struct Weight: Hashable, Sendable {
        let engine: FontWeight
        public static let ultraLight = Weight(engine: .ultraLight)
        public static let thin = Weight(engine: .thin)
        public static let light = Weight(engine: .light)
        public static let regular = Weight(engine: .regular)
        public static let medium = Weight(engine: .medium)
        public static let semibold = Weight(engine: .semibold)
        public static let bold = Weight(engine: .bold)
        public static let heavy = Weight(engine: .heavy)
        public static let black = Weight(engine: .black)
    }

    var style: TextStyle?
    var size: CGFloat?
    var design: Design?
    var weight: Weight?

    public static let largeTitle = Font(style: .largeTitle)
    public static let title = Font(style: .title)
    public static let title2 = Font(style: .title2)
    public static let title3 = Font(style: .title3)
    public static let headline = Font(style: .headline)
    public static let subheadline = Font(style: .subheadline)
    public static let body = Font(style: .body)
    public static let callout = Font(style: .callout)
    public static let footnote = Font(style: .footnote)
    public static let caption = Font(style: .caption)
    public static let caption2 = Font(style: .caption2)

    /// The system font in a text style.
    public static func system(_ style: TextStyle, design: Design? = nil, weight: Weight? = nil) -> Font {
        Font(style: style, design: design, weight: weight)
    }

    /// The system font at `size` points.
    public static func system(size: CGFloat, weight: Weight? = nil, design: Design? = nil) -> Font {
        Font(size: size, design: design, weight: weight)
    }

    /// This font in bold.
    public func bold() -> Font { weight(.bold) }

    /// This font at `weight`.
    public func weight(_ weight: Weight) -> Font {
        var font = self
        font.weight = weight
        return font
    }

    /// What the engine's `font` modifier takes.
    var spec: FontSpec {
        FontSpec(
            style: style.map(\.engine), size: size.map(Double.init), weight: weight?.engine,
            design: design == .rounded ? .rounded : (design == nil ? nil : .default))
    }
}

extension Font.TextStyle {
    var engine: TypeStyle {
        switch self {
        case .largeTitle: return .largeTitle
        case .title: return .title
        case .title2: return .title2
        case .title3: return .title3
        case .headline: return .headline
        case .subheadline: return .subheadline
        case .body: return .body
        case .callout: return .callout
        case .footnote: return .footnote
        case .caption: return .caption
        case .caption2: return .caption2
        }
    }
}

extension View {
    /// The font of text and symbols inside (nil: the inherited one).
    nonisolated public func font(_ font: Font?) -> some View {
        environmentChange(.font((font ?? .body).spec)) { $0.font = font }
    }

    /// The size of symbols inside relative to their font.
    nonisolated public func imageScale(_ scale: Image.Scale) -> some View {
        environmentChange(.imageScale(scale.engine)) { $0.imageScale = scale }
    }

    /// How far text inside may shrink to fit (0.01…1).
    nonisolated public func minimumScaleFactor(_ factor: CGFloat) -> some View {
        environmentChange(.minimumScaleFactor(min(max(Double(factor), 0.01), 1))) { $0.minimumScaleFactor = factor }
    }

    /// How the lines of text inside line up: along the leading edge, centred, or along the trailing edge.
    nonisolated public func multilineTextAlignment(_ alignment: TextAlignment) -> some View {
        environmentChange(.multilineTextAlignment(alignment.engine)) { $0.multilineTextAlignment = alignment }
    }

    /// `lineSpacing` points between the lines of text inside.
    nonisolated public func lineSpacing(_ lineSpacing: CGFloat) -> some View {
        let points = min(max(Double(lineSpacing).finite(or: 0), -1e6), 1e6)
        return environmentChange(.lineSpacing(points)) { $0.lineSpacing = CGFloat(points) }
    }

    /// The most lines text inside wraps to.
    nonisolated public func lineLimit(_ number: Int?) -> some View {
        environmentChange(number.map { .lineLimit(max($0, 1)) }) { $0.lineLimit = number }
    }
}

/// How the lines of a text line up with each other.
public enum TextAlignment: Hashable, CaseIterable, Sendable {
    case leading, center, trailing

    nonisolated var engine: LineAlignment {
        switch self {
        case .leading: return .leading
        case .center: return .center
        case .trailing: return .trailing
        }
    }
}

extension Image.Scale {
    nonisolated var engine: ImageScale {
        switch self {
        case .small: return .small
        case .medium: return .medium
        case .large: return .large
        }
    }
}
