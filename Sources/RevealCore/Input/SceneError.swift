// The vocabulary every scene kind shares: where a rule broke (`ScenePath`, spelled as the scene file or
// as Swift spells it), the error that says so (`SceneError`), and the rules' wording (`SceneRules`), so
// that a scene built in code and the same scene read from a file are refused with the same message.

/// Why a scene cannot be rendered: the file (empty for a scene built in code), the path of what is
/// wrong and the reason, printed as one line.
public struct SceneError: Error, Equatable, CustomStringConvertible {
    /// The file as the user named it; empty for a scene built in code.
    public var file: String
    /// "strokes[2].points[14]" (a scene file's JSON path) or "strokes[2].points[14].t" (a property
    /// path, for a scene built in code), or "" for the scene as a whole.
    public var path: String
    /// What is wrong, in the rules' words ("scale 20 is outside (0, 16]").
    public var message: String

    /// An error in `file` (empty for a scene built in code) at `path` (empty for the scene as a whole).
    public init(file: String, path: String, message: String) {
        self.file = file
        self.path = path
        self.message = message
    }

    /// "file: path: message", or "file: message" when the path is empty; always one line, with any
    /// control character (a newline in a file name, say) shown as an escape.
    public var description: String {
        let line = [displayPath(file), path, message].filter { !$0.isEmpty }.joined(separator: ": ")
        var out = ""
        for scalar in line.unicodeScalars {
            if scalar.value < 0x20 || scalar.value == 0x7F {
                out += scalar == "\n" ? "\\n" : "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

/// Where in a scene a rule broke, spelled as its scene file spells it (JSON paths: `strokes[2].points[14][2]`)
/// or as Swift does (property paths: `strokes[2].points[14].t`). The two differ only where the file has a
/// positional array (a point's `[x, y, t]`, a unit point's `[x, y]`) or nests a value differently.
public struct ScenePath: Sendable, CustomStringConvertible {
    /// Which way a path is spelled: as the scene file does, or as Swift does.
    public enum Spelling: Sendable {
        /// As the scene file spells it: JSON paths.
        case file
        /// As Swift spells it: property paths.
        case swift
    }

    /// How this path and every path built from it are spelled.
    public let spelling: Spelling
    public let description: String

    /// The empty path (the scene as a whole), spelled as `spelling` says.
    public init(_ spelling: Spelling) {
        self.spelling = spelling
        description = ""
    }

    private init(_ spelling: Spelling, _ text: String) {
        self.spelling = spelling
        description = text
    }

    /// The member `key`, the same in both spellings.
    public func key(_ key: String) -> ScenePath { ScenePath(spelling, ScenePath.appending(key: key, to: description)) }

    /// A member named differently in the file and in Swift (each may hold dots: `curve.timingCurve`).
    public func key(file: String, swift: String) -> ScenePath {
        var path = self
        for part in (spelling == .file ? file : swift).split(separator: ".") { path = path.key(String(part)) }
        return path
    }

    /// Element `index` of an array.
    public func index(_ index: Int) -> ScenePath {
        ScenePath(spelling, ScenePath.appending(index: index, to: description))
    }

    /// A component that the file writes by position (`[2]`) and Swift by name (`.t`).
    public func component(_ name: String, _ position: Int) -> ScenePath {
        spelling == .file ? index(position) : key(name)
    }

    /// `path.key`, or `path["key"]` (JSON escapes) when the key is not an identifier.
    package static func appending(key: String, to path: String) -> String {
        if isIdentifier(key) {
            return path.isEmpty ? key : path + "." + key
        }
        return path + "[" + jsonQuoted(key) + "]"
    }

    package static func appending(index: Int, to path: String) -> String {
        path + "[\(index)]"
    }

    /// ASCII identifiers (`[A-Za-z_][A-Za-z0-9_]*`, at most 80 characters) appear bare in paths.
    private static func isIdentifier(_ key: String) -> Bool {
        let utf8 = key.utf8
        guard let first = utf8.first, utf8.count <= 80 else { return false }
        func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A || b == 0x5F }
        guard isLetter(first) else { return false }
        return utf8.allSatisfy { isLetter($0) || ($0 >= 0x30 && $0 <= 0x39) }
    }
}

/// The rules every scene checks, in one wording for the file decoders and for `validate`.
public enum SceneRules {
    /// "scale 20 is outside 0…16", or "… is less than 0" / "… is greater than 16" when the other bound
    /// is infinite.
    public static func range(_ what: String, _ value: Double, _ range: ClosedRange<Double>) -> String {
        let shown = formatNumber(value)
        let lower = range.lowerBound
        let upper = range.upperBound
        if upper == .infinity && lower != -.infinity { return "\(what) \(shown) is less than \(formatNumber(lower))" }
        if lower == -.infinity && upper != .infinity {
            return "\(what) \(shown) is greater than \(formatNumber(upper))"
        }
        return "\(what) \(shown) is outside \(formatNumber(lower))…\(formatNumber(upper))"
    }

    /// Throws `range`'s message at `path` unless `value` lies in `bounds`.
    package static func check(_ value: Double, in bounds: ClosedRange<Double>, _ what: String, at path: ScenePath)
        throws(SceneError)
    {
        guard bounds.contains(value) else { throw SceneError(path, range(what, value, bounds)) }
    }

    /// A number in (0, max]: "scale 20 is outside (0, 16]".
    package static func checkPositive(_ value: Double, max: Double, _ what: String, at path: ScenePath)
        throws(SceneError)
    {
        guard value > 0, value <= max else {
            throw SceneError(path, "\(what) \(formatNumber(value)) is outside (0, \(formatNumber(max))]")
        }
    }

    /// A time: from 0 up to a day (`SceneLimits.maxTime`), and not before `previous`.
    package static func checkTime(
        _ t: Double, notBefore previous: Double? = nil, at path: ScenePath, orderAt orderPath: ScenePath? = nil
    ) throws(SceneError) {
        guard !t.isNaN else { throw SceneError(path, "time NaN is not a number of seconds") }
        guard t >= 0 else { throw SceneError(path, "time \(formatNumber(t)) is negative") }
        guard t <= SceneLimits.maxTime else {
            throw SceneError(
                path, "time \(formatNumber(t)) is more than a day (\(formatNumber(SceneLimits.maxTime)) s)")
        }
        if let previous, t < previous {
            throw SceneError(orderPath ?? path, "time \(formatNumber(t)) is earlier than \(formatNumber(previous))")
        }
    }

    /// "array has 1025 elements, more than 1024".
    public static func count(_ count: Int, max: Int) -> String {
        "array has \(count) elements, more than \(max)"
    }

    /// "this spring barely damps …": a damping fraction under 0.01 would ring for minutes.
    public static func barelyDamps(_ dampingFraction: Double) -> String {
        "this spring barely damps (dampingFraction \(formatNumber(dampingFraction))) and would ring for minutes; keep dampingFraction at least 0.01 (bounce below 0.99)"
    }
}

extension SceneError {
    /// An error at `path` in a scene not yet tied to a file.
    package init(_ path: ScenePath, _ message: String) {
        self.init(file: "", path: path.description, message: message)
    }

    /// The same error, naming `file`.
    public func inFile(_ file: String) -> SceneError {
        SceneError(file: file, path: path, message: message)
    }
}
