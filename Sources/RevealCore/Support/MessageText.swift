// How user-supplied text appears in messages: quoted, escaped, and cut to a readable length, so that
// an error is always one line of sensible size whatever the input (a 100 KB file name included).

/// The most characters of any one user string that a message quotes.
public let messageQuoteLimit = 80

/// `text` in double quotes with JSON escapes, cut to `limit` characters — for keys in messages and paths.
public func jsonQuoted(_ text: String, limit: Int = messageQuoteLimit) -> String {
    var out = "\""
    var count = 0
    for scalar in text.unicodeScalars {
        if count == limit {
            out += "…"
            break
        }
        count += 1
        appendEscaped(scalar, quoting: true, to: &out)
    }
    return out + "\""
}

/// A path for messages, unquoted: control characters escaped, and when longer than `limit` characters
/// its start and its end kept around a "…" — the end being the whole file name when that fits in half.
public func displayPath(_ path: String, limit: Int = messageQuoteLimit) -> String {
    shortened(path, limit: limit, quoting: false)
}

/// A path in double quotes for messages, shortened as `displayPath` does, quotes escaped.
public func quoted(_ path: String) -> String {
    "\"" + shortened(path, limit: messageQuoteLimit, quoting: true) + "\""
}

private func shortened(_ text: String, limit: Int, quoting: Bool) -> String {
    let scalars = Array(text.unicodeScalars)
    var out = ""
    guard scalars.count > limit else {
        for scalar in scalars { appendEscaped(scalar, quoting: quoting, to: &out) }
        return out
    }
    let name = scalars.count - 1 - (scalars.lastIndex(of: "/") ?? -1)
    let tail = name > limit / 2 && name <= limit * 3 / 4 ? name + 1 : limit / 2
    let head = limit - tail - 1
    for scalar in scalars[..<head] { appendEscaped(scalar, quoting: quoting, to: &out) }
    out += "…"
    for scalar in scalars[(scalars.count - tail)...] { appendEscaped(scalar, quoting: quoting, to: &out) }
    return out
}

/// Four uppercase hex digits, for `U+0041` and `\u0041`.
package func hex4(_ value: UInt32) -> String {
    let s = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - s.count)) + s
}

/// Control characters as escapes; with `quoting`, quotes and backslashes too (text inside quotes).
private func appendEscaped(_ scalar: Unicode.Scalar, quoting: Bool, to out: inout String) {
    switch scalar {
    case "\"" where quoting: out += "\\\""
    case "\\" where quoting: out += "\\\\"
    case "\n": out += "\\n"
    case "\r": out += "\\r"
    case "\t": out += "\\t"
    default:
        if scalar.value < 0x20 || scalar.value == 0x7F {
            out += "\\u\(hex4(scalar.value))"
        } else {
            out.unicodeScalars.append(scalar)
        }
    }
}

/// Formats a number for messages: 1.0 → "1", 0.25 → "0.25", 1e-7 → "1e-07", 1e20 → "1e+20".
public func formatNumber(_ x: Double) -> String {
    if x.isNaN { return "NaN" }
    if x.isInfinite { return x < 0 ? "-infinity" : "infinity" }
    if x == x.rounded(.towardZero) && abs(x) < 1e16 {
        return String(Int64(x))
    }
    var text = x.description
    if text.hasSuffix(".0") { text.removeLast(2) }
    return text
}

/// The name among `allowedKeys` equal to `key` ignoring case, else the first one within
/// case-insensitive edit distance 2 (and not more than half the length, so "x" does not suggest "y"):
/// the "did you mean" of JSON fields and command-line flags.
public func closestName(to key: String, in allowedKeys: [String]) -> String? {
    let lowered = Array(key.lowercased().unicodeScalars)
    var best: (key: String, distance: Int)? = nil
    for candidate in allowedKeys {
        let other = Array(candidate.lowercased().unicodeScalars)
        if other == lowered { return candidate }
        guard abs(other.count - lowered.count) <= 2 else { continue }
        let d = editDistance(lowered, other)
        guard d <= 2 && 2 * d <= max(lowered.count, other.count) else { continue }
        if d < best?.distance ?? .max { best = (candidate, d) }
    }
    return best?.key
}

/// Optimal string alignment distance (insertions, deletions, substitutions, adjacent transpositions).
private func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous2 = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            var d = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d = min(d, previous2[j - 2] + 1)
            }
            current[j] = d
        }
        (previous2, previous, current) = (previous, current, previous2)
    }
    return previous[b.count]
}
