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
    static func appending(key: String, to path: String) -> String {
        if isIdentifier(key) {
            return path.isEmpty ? key : path + "." + key
        }
        return path + "[" + jsonQuoted(key) + "]"
    }

    static func appending(index: Int, to path: String) -> String {
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
    static func check(_ value: Double, in bounds: ClosedRange<Double>, _ what: String, at path: ScenePath)
        throws(SceneError)
    {
        guard bounds.contains(value) else { throw SceneError(path, range(what, value, bounds)) }
    }

    /// A number in (0, max]: "scale 20 is outside (0, 16]".
    static func checkPositive(_ value: Double, max: Double, _ what: String, at path: ScenePath) throws(SceneError) {
        guard value > 0, value <= max else {
            throw SceneError(path, "\(what) \(formatNumber(value)) is outside (0, \(formatNumber(max))]")
        }
    }

    /// A time: from 0 up to a day (`SceneLimits.maxTime`), and not before `previous`.
    static func checkTime(
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
    init(_ path: ScenePath, _ message: String) {
        self.init(file: "", path: path.description, message: message)
    }

    /// The same error, naming `file`.
    public func inFile(_ file: String) -> SceneError {
        SceneError(file: file, path: path, message: message)
    }
}

extension Paint {
    /// Opacity in 0…1; a gradient's stops (at least one, at most 1024, locations ascending in 0…1) and
    /// points; an image within the pixel limit. Colors are taken as they are (SwiftUI clamps them too).
    func validate(_ limits: SceneLimits, at path: ScenePath) throws(SceneError) {
        try SceneRules.check(opacity, in: 0...1, "opacity", at: path.key("opacity"))
        switch kind {
        case .color:
            break
        case .linearGradient(let stops, let startPoint, let endPoint):
            let gradient = path.key("linearGradient")
            try Paint.validate(stops, at: gradient)
            try startPoint.validate(at: gradient.key("startPoint"))
            try endPoint.validate(at: gradient.key("endPoint"))
        case .radialGradient(let stops, let center, let startRadius, let endRadius):
            let gradient = path.key("radialGradient")
            try Paint.validate(stops, at: gradient)
            try center.validate(at: gradient.key("center"))
            try SceneRules.check(startRadius, in: 0...1e6, "startRadius", at: gradient.key("startRadius"))
            try SceneRules.check(endRadius, in: 0...1e6, "endRadius", at: gradient.key("endRadius"))
        case .ellipticalGradient(let stops, let center, let startFraction, let endFraction):
            let gradient = path.key("ellipticalGradient")
            try Paint.validate(stops, at: gradient)
            try center.validate(at: gradient.key("center"))
            try SceneRules.check(
                startFraction, in: 0...1e3, "startRadiusFraction", at: gradient.key("startRadiusFraction"))
            try SceneRules.check(endFraction, in: 0...1e3, "endRadiusFraction", at: gradient.key("endRadiusFraction"))
        case .angularGradient(let stops, let center, let startAngle, let endAngle):
            let gradient = path.key("angularGradient")
            try Paint.validate(stops, at: gradient)
            try center.validate(at: gradient.key("center"))
            try SceneRules.check(startAngle, in: -1e6...1e6, "startAngle", at: gradient.key("startAngle"))
            try SceneRules.check(endAngle, in: -1e6...1e6, "endAngle", at: gradient.key("endAngle"))
        case .image(let image, _):
            guard image.width * image.height <= limits.maxImagePixels else {
                throw SceneError(
                    path.key("image"),
                    "image is \(image.width)×\(image.height) pixels, more than the limit of \(limits.maxImagePixels)")
            }
        }
    }

    /// A gradient's stops: at least one, at most 1024, locations ascending in 0…1.
    private static func validate(_ stops: [GradientStop], at gradient: ScenePath) throws(SceneError) {
        guard !stops.isEmpty else { throw SceneError(gradient, "a gradient needs at least one color") }
        guard stops.count <= SceneLimits.maxGradientStops else {
            throw SceneError(gradient.key("stops"), SceneRules.count(stops.count, max: SceneLimits.maxGradientStops))
        }
        var previous: Double?
        for (i, stop) in stops.enumerated() {
            let location = gradient.key("stops").index(i).key("location")
            try SceneRules.check(stop.location, in: 0...1, "location", at: location)
            if let previous, stop.location < previous {
                throw SceneError(
                    location,
                    "location \(formatNumber(stop.location)) is before the previous stop's \(formatNumber(previous))")
            }
            previous = stop.location
        }
    }
}

extension UnitPoint {
    /// Both coordinates within ±1000 of the view's unit square.
    func validate(at path: ScenePath) throws(SceneError) {
        try SceneRules.check(x, in: -1000...1000, "x", at: path.component("x", 0))
        try SceneRules.check(y, in: -1000...1000, "y", at: path.component("y", 1))
    }
}

extension AnimationSpec {
    /// A duration within an hour and a timing curve's control points in range; a spring's response and
    /// damping in range, and damping enough to settle.
    func validate(at path: ScenePath) throws(SceneError) {
        switch self {
        case .timing(let curve, let duration):
            try SceneRules.check(duration, in: 0...3600, "duration", at: path.key("duration"))
            if case .bezier(let x1, let y1, let x2, let y2) = curve {
                let at = path.key(file: "curve.timingCurve", swift: "curve")
                try SceneRules.check(x1, in: 0...1, "x1", at: at.component("x1", 0))
                try SceneRules.check(y1, in: -10...10, "y1", at: at.component("y1", 1))
                try SceneRules.check(x2, in: 0...1, "x2", at: at.component("x2", 2))
                try SceneRules.check(y2, in: -10...10, "y2", at: at.component("y2", 3))
            }
        case .spring(let spring):
            let at = path.key(file: "curve.spring", swift: "spring")
            try SceneRules.check(spring.response, in: 0.001...60, "response", at: at.key("response"))
            try SceneRules.check(spring.dampingFraction, in: 0...100, "dampingFraction", at: at.key("dampingFraction"))
            guard spring.dampingFraction >= 0.01 else {
                throw SceneError(at.key("dampingFraction"), SceneRules.barelyDamps(spring.dampingFraction))
            }
        }
    }
}
