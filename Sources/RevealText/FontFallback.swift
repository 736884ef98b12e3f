import CText

/// A font for the characters a run's own face lacks, in a regular and a bold file, as iOS falls back from
/// SF Pro to PingFang, Geeza Pro or Hiragino for the scripts SF Pro does not cover.
public struct FallbackFont: Equatable, Sendable {
    /// The file for weights below semibold.
    public var regular: String
    /// The file for semibold and heavier.
    public var bold: String

    /// A fallback in `regular` and `bold` files.
    public init(regular: String, bold: String) {
        self.regular = regular
        self.bold = bold
    }

    /// The file for `font`'s weight.
    func file(for font: ResolvedFont) -> String {
        font.weight.axisValue >= FontWeight.semibold.axisValue ? bold : regular
    }

    /// Noto Color Emoji (fonts-noto-color-emoji): its glyphs are pictures, as Apple Color Emoji's are.
    public static let emoji = FallbackFont(
        regular: "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf",
        bold: "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf")

    /// Debian's Noto families for the scripts Inter lacks: CJK (fonts-noto-cjk; its first face, Japanese,
    /// draws Chinese too), Arabic, Hebrew, Devanagari and Thai (fonts-noto-core), and color emoji.
    public static let noto: [FallbackFont] =
        [
            FallbackFont(
                regular: "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
                bold: "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc")
        ]
        + ["Arabic", "Hebrew", "Devanagari", "Thai"].map { script in
            FallbackFont(
                regular: "/usr/share/fonts/truetype/noto/NotoSans\(script)-Regular.ttf",
                bold: "/usr/share/fonts/truetype/noto/NotoSans\(script)-Bold.ttf")
        } + [emoji]
}

extension FontFiles {
    /// `run` set in `font`, split where its characters need a fallback font: each character in the run's own
    /// face when it has the glyph, else in the first fallback that has it, else in the own face (its missing
    /// glyph box). Marks, joiners, variation selectors and emoji modifiers stay with the character before. A
    /// character shown as an emoji (Unicode's Emoji_Presentation, or followed by the emoji variation selector
    /// U+FE0F) is set in the emoji font first, as iOS sets it in Apple Color Emoji.
    package func setRuns(_ run: TextRun, font: ResolvedFont) throws(FontError) -> [TextBlock.SetRun] {
        let own = try FontLibrary.shared.instance(for: font, files: self)
        let slanted = slants(font)
        let scalars = Array(run.string.unicodeScalars)
        func asEmoji(_ index: Int) -> Bool {
            scalars[index].properties.isEmojiPresentation
                || (index + 1 < scalars.count && scalars[index + 1].value == 0xFE0F)
        }
        guard !fallbacks.isEmpty,
            scalars.indices.contains(where: {
                (!own.hasGlyph(for: scalars[$0]) && !Self.joinsPrevious(scalars[$0])) || asEmoji($0)
            })
        else { return [TextBlock.SetRun(run: run, font: font, instance: own, slanted: slanted)] }
        var opened: [Int: FontInstance?] = [:]
        func fallback(_ index: Int) -> FontInstance? {
            if let instance = opened[index] { return instance }
            let instance = try? FontLibrary.shared.instance(
                path: fallbacks[index].file(for: font), weight: font.weight.axisValue)
            opened[index] = instance
            return instance
        }
        var pieces: [(instance: FontInstance, text: String.UnicodeScalarView)] = []
        let emoji = fallbacks.firstIndex(of: FallbackFont.emoji)
        for (index, scalar) in scalars.enumerated() {
            var instance = own
            if let last = pieces.last, Self.joinsPrevious(scalar) {
                instance = last.instance
            } else if asEmoji(index), let emoji, let found = fallback(emoji), found.hasGlyph(for: scalar) {
                instance = found
            } else if !own.hasGlyph(for: scalar),
                let found = fallbacks.indices.lazy.compactMap({ fallback($0) }).first(where: {
                    $0.hasGlyph(for: scalar)
                })
            {
                instance = found
            }
            if let last = pieces.last, last.instance === instance {
                pieces[pieces.count - 1].text.append(scalar)
            } else {
                pieces.append((instance, String.UnicodeScalarView([scalar])))
            }
        }
        return pieces.map { piece in
            var part = run
            part.string = String(piece.text)
            // A fallback face has no italic of its own here: it is slanted when the text is italic.
            return TextBlock.SetRun(
                run: part, font: font, instance: piece.instance,
                slanted: piece.instance === own ? slanted : font.italic)
        }
    }

    /// A character drawn with the one before it: a combining mark, a format character (a joiner), a variation
    /// selector, an emoji skin-tone modifier or a tag.
    private static func joinsPrevious(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .format: return true
        default: return (0x1F3FB...0x1F3FF).contains(scalar.value)
        }
    }
}

/// The Unicode bidirectional algorithm, by FriBidi.
enum Bidi {
    /// Each Unicode scalar's embedding level in `text` as one paragraph, its direction from its first strong
    /// letter; empty when the text has no right-to-left letter (every level would be 0).
    static func levels(of text: String) -> [UInt8] {
        // Hebrew's block is the first right-to-left one: text below it is all left to right.
        guard text.unicodeScalars.contains(where: { $0.value >= 0x0590 }) else { return [] }
        let scalars = text.unicodeScalars.map(\.value)
        var levels = [UInt8](repeating: 0, count: scalars.count)
        let highest = ctext_bidi_levels(scalars, Int32(clamping: scalars.count), &levels)
        return highest > 0 ? levels : []
    }
}
