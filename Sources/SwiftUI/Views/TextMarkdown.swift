import Foundation

/// The inline Markdown SwiftUI reads in a localized key (`Text("**Note:** …")`), as Foundation's
/// `AttributedString(markdown:)` with its inline-only syntax does: `**strong**` and `__strong__` bold,
/// `*emphasis*` and `_emphasis_` italic, `` `code` `` monospaced, `~~strike~~` struck through, and
/// `[title](url)` a link in the tint. A backslash escapes the character after it; a delimiter with no
/// partner stays as it is written. `Text(verbatim:)` and a `String` variable are never read as Markdown.
enum InlineMarkdown {
    /// `key`'s runs, each styled by the delimiters around it.
    static func runs(_ key: String) -> [Text.Run] {
        guard key.contains(where: { "*_`~[\\".contains($0) }) else { return [Text.Run(key)] }
        var runs: [Text.Run] = []
        parse(Array(key), style: Text.Run(""), into: &runs)
        return runs.isEmpty ? [Text.Run("")] : runs
    }

    private static func parse(_ text: [Character], style: Text.Run, into runs: inout [Text.Run]) {
        var literal = ""
        func flush() {
            guard !literal.isEmpty else { return }
            var run = style
            run.string = literal
            runs.append(run)
            literal = ""
        }
        var i = 0
        while i < text.count {
            let c = text[i]
            if c == "\\", i + 1 < text.count, isPunctuation(text[i + 1]) {
                literal.append(text[i + 1])
                i += 2
                continue
            }
            if c == "`", let close = find(["`"], in: text, from: i + 1), close > i + 1 {
                flush()
                var run = style
                run.design = .monospaced
                run.string = String(text[(i + 1)..<close])
                runs.append(run)
                i = close + 1
                continue
            }
            if c == "[", let link = linkEnd(text, from: i) {
                flush()
                var inner = style
                inner.style = TintShapeStyle()
                parse(Array(text[(i + 1)..<link.titleEnd]), style: inner, into: &runs)
                i = link.end
                continue
            }
            // Two-character delimiters before one-character ones, so `**` is not two `*`.
            var matched = false
            for delimiter in [["*", "*"], ["_", "_"], ["~", "~"], ["*"], ["_"]] as [[Character]] {
                guard text.count >= i + delimiter.count, Array(text[i..<(i + delimiter.count)]) == delimiter,
                    canOpen(text, at: i, delimiter),
                    let close = find(delimiter, in: text, from: i + delimiter.count),
                    close > i + delimiter.count, canClose(text, at: close, delimiter)
                else { continue }
                flush()
                var inner = style
                switch delimiter.first {
                case "~": inner.strikethrough = .some(nil)
                case _ where delimiter.count == 2: inner.weight = .bold
                default: inner.italic = true
                }
                parse(Array(text[(i + delimiter.count)..<close]), style: inner, into: &runs)
                i = close + delimiter.count
                matched = true
                break
            }
            if matched { continue }
            literal.append(c)
            i += 1
        }
        flush()
    }

    /// ASCII punctuation, which a backslash escapes (CommonMark).
    private static func isPunctuation(_ c: Character) -> Bool {
        guard let ascii = c.asciiValue else { return false }
        return (33...47).contains(ascii) || (58...64).contains(ascii) || (91...96).contains(ascii)
            || (123...126).contains(ascii)
    }

    /// The next unescaped `delimiter` at or after `start`.
    private static func find(_ delimiter: [Character], in text: [Character], from start: Int) -> Int? {
        var i = start
        while i + delimiter.count <= text.count {
            if text[i] == "\\" {
                i += 2
                continue
            }
            if Array(text[i..<(i + delimiter.count)]) == delimiter, delimiter != ["*"] || !isDouble(text, i) {
                return i
            }
            i += 1
        }
        return nil
    }

    /// Whether a single `*` at `i` is half of `**`.
    private static func isDouble(_ text: [Character], _ i: Int) -> Bool {
        (i + 1 < text.count && text[i + 1] == "*") || (i > 0 && text[i - 1] == "*")
    }

    /// A delimiter opens when a non-space follows it; `_` also only where no letter or digit precedes it.
    private static func canOpen(_ text: [Character], at i: Int, _ delimiter: [Character]) -> Bool {
        let after = i + delimiter.count
        guard after < text.count, !text[after].isWhitespace else { return false }
        if delimiter.first == "_", i > 0, text[i - 1].isLetter || text[i - 1].isNumber { return false }
        return true
    }

    /// A delimiter closes when a non-space precedes it; `_` also only where no letter or digit follows it.
    private static func canClose(_ text: [Character], at i: Int, _ delimiter: [Character]) -> Bool {
        guard i > 0, !text[i - 1].isWhitespace else { return false }
        let after = i + delimiter.count
        if delimiter.first == "_", after < text.count, text[after].isLetter || text[after].isNumber { return false }
        return true
    }

    /// For `[title](destination)` at `start`: where the title ends and where the link ends.
    private static func linkEnd(_ text: [Character], from start: Int) -> (titleEnd: Int, end: Int)? {
        guard let close = find(["]"], in: text, from: start + 1), close + 1 < text.count, text[close + 1] == "(",
            let end = find([")"], in: text, from: close + 2)
        else { return nil }
        return (close, end + 1)
    }
}

extension LocalizedStringKey.StringInterpolation {
    /// An integer as `%lld` writes it in the scene's locale (`Text.locale`, en_US): grouped by thousands, as
    /// iOS shows `Text("\(1_000)")` ("1,000").
    public mutating func appendInterpolation<T: BinaryInteger>(_ value: T) {
        appendVerbatim(Int64(clamping: value).formatted(.number.locale(Text.locale).grouping(.automatic)))
    }

    /// A floating-point number as `%lf` writes it: six digits after the point (`"\(76.0)"` is "76.000000").
    public mutating func appendInterpolation<T: BinaryFloatingPoint>(_ value: T) {
        appendVerbatim(String(format: "%f", Double(value)))
    }

    /// A string as it is (`%@`), never read as Markdown.
    public mutating func appendInterpolation(_ string: String) { appendVerbatim(string) }
}
