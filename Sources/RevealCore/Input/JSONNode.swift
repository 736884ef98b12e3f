// Path-aware decoding of parsed JSON, so every problem in a scene file is reported as one line
// naming the file, the JSON path and what is wrong:
//
//     strokes.json: strokes[2].points[14]: time 1.2 is earlier than 1.3

/// A value inside a scene file together with its JSON path, for decoding with precise errors.
///
/// Paths look like `width`, `strokes[2].points[14]`, `[3]` (an element of a root array) and
/// `colors["my key"]` (keys that are not identifiers are quoted with JSON escapes).
package struct JSONNode: Sendable {
    public let value: JSONValue
    public let path: String
    public let file: String
    /// Set on the node `subscript(index:)` returns for an element that does not exist:
    /// every accessor of that node throws it.
    private let absence: SceneError?

    public init(value: JSONValue, path: String, file: String) {
        self.init(value: value, path: path, file: file, absence: nil)
    }

    private init(value: JSONValue, path: String, file: String, absence: SceneError?) {
        self.value = value
        self.path = path
        self.file = file
        self.absence = absence
    }

    /// Parses bytes; syntax errors become `SceneError(file, path: "", message: "line L, column C: …")`,
    /// a count over `limits` an error at the path of the array that went over.
    public static func parse(file: String, bytes: [UInt8], limits: JSONLimits = .none) throws(SceneError) -> JSONNode {
        do {
            return JSONNode(value: try JSON.parse(bytes, limits: limits), path: "", file: file)
        } catch {
            switch error {
            case .syntax(let syntax): throw SceneError(file: file, path: "", message: syntax.description)
            case .limit(let limit): throw SceneError(file: file, path: limit.path, message: limit.message)
            }
        }
    }

    /// An error at this node's path.
    public func error(_ message: String) -> SceneError {
        SceneError(file: file, path: path, message: message)
    }

    /// "expected a number, found a string"
    private func mismatch(_ expected: String) -> SceneError {
        error("expected \(expected), found \(value.kindDescription)")
    }

    // MARK: Children

    /// The member `key`; nil when it is absent or when this is not an object. Child path "a.key" (root: "key").
    public subscript(key: String) -> JSONNode? {
        guard absence == nil, case .object(let object) = value, let child = object[key] else { return nil }
        return JSONNode(value: child, path: childPath(key: key), file: file)
    }

    /// The element at `index`, child path "a[3]".
    ///
    /// Never traps: if this is not an array or the index is out of range, the returned node is null
    /// and all its accessors throw a precise error ("expected an array, found an object" at this path,
    /// or "missing element: the array has 2 elements" at the child path).
    public subscript(index: Int) -> JSONNode {
        let child = childPath(index: index)
        if let absence {
            return JSONNode(value: .null, path: child, file: file, absence: absence)
        }
        let count: Int
        switch value {
        case .array(let elements): count = elements.count
        case .table(let table): count = table.count
        default: return JSONNode(value: .null, path: child, file: file, absence: mismatch("an array"))
        }
        guard index >= 0 && index < count else {
            let missing = SceneError(
                file: file, path: child,
                message: "missing element: the array has \(count) element\(count == 1 ? "" : "s")")
            return JSONNode(value: .null, path: child, file: file, absence: missing)
        }
        if case .table(let table) = value { return JSONNode(value: table.row(index), path: child, file: file) }
        guard case .array(let elements) = value else { return JSONNode(value: .null, path: child, file: file) }
        return JSONNode(value: elements[index], path: child, file: file)
    }

    /// The member `key`, which must exist: `missing required field "width"` at this node's path.
    public func required(_ key: String) throws(SceneError) -> JSONNode {
        if let absence { throw absence }
        guard case .object = value else { throw mismatch("an object") }
        guard let child = self[key] else { throw error("missing required field \(jsonQuoted(key))") }
        return child
    }

    /// This value as an object whose keys are all in `allowedKeys`. An unknown key is reported at
    /// that key's path: `unknown field "brushwidth" (did you mean "brushWidth"?)`.
    public func object(allowedKeys: [String]) throws(SceneError) -> JSONObject {
        if let absence { throw absence }
        guard case .object(let object) = value else { throw mismatch("an object") }
        for entry in object.entries where !allowedKeys.contains(entry.key) {
            throw SceneError(
                file: file, path: childPath(key: entry.key), message: unknownFieldMessage(entry.key, allowedKeys))
        }
        return object
    }

    /// All elements with their paths; more than `maxCount` is an error.
    public func array(maxCount: Int = 1_000_000) throws(SceneError) -> [JSONNode] {
        let elements = try elements(maxCount: maxCount)
        var nodes: [JSONNode] = []
        nodes.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            nodes.append(JSONNode(value: element, path: childPath(index: index), file: file))
        }
        return nodes
    }

    /// The elements as plain values, checked as `array(maxCount:)` checks them. For loops over
    /// millions of elements: `self[i]` makes the node (and its path) for an element only when
    /// there is something to report.
    public func elements(maxCount: Int = 1_000_000) throws(SceneError) -> [JSONValue] {
        if let absence { throw absence }
        guard let elements = value.arrayElements else { throw mismatch("an array") }
        guard elements.count <= maxCount else {
            throw error("array has \(elements.count) elements, more than \(maxCount)")
        }
        return elements
    }

    /// An array of `columns`-number rows as a flat table (row after row), when it is one: what a
    /// stroke's points are. Nil for anything else, so that the caller reads it element by element and
    /// reports what is wrong where.
    public func table(columns: Int) -> JSONTable? {
        guard absence == nil, case .table(let table) = value, table.columns == columns else { return nil }
        return table
    }

    // MARK: Scalars

    public var isNull: Bool {
        if case .null = value { return true }
        return false
    }

    /// A (always finite) number: "expected a number, found a string".
    public func number() throws(SceneError) -> Double {
        if let absence { throw absence }
        guard case .number(let x) = value else { throw mismatch("a number") }
        guard x.isFinite else { throw error("number \(formatNumber(x)) is not finite") }
        return x
    }

    /// A number within `range`, named `what` in the message: "scale 20 is outside 0…16"
    /// ("… is less than 0" / "… is greater than 16" when the other bound is infinite).
    public func number(in range: ClosedRange<Double>, what: String) throws(SceneError) -> Double {
        let x = try number()
        guard range.contains(x) else { throw error(SceneRules.range(what, x, range)) }
        return x
    }

    /// An integral number within `Int`'s range: "expected a whole number, found 2.5".
    public func integer() throws(SceneError) -> Int {
        if let absence { throw absence }
        guard case .number(let x) = value else { throw mismatch("a whole number") }
        guard x.isFinite, x.rounded(.towardZero) == x else {
            throw error("expected a whole number, found \(formatNumber(x))")
        }
        // Double(Int.max) rounds up to 2^63, which is out of range.
        guard x >= -9_223_372_036_854_775_808.0 && x < 9_223_372_036_854_775_808.0 else {
            throw error("whole number \(formatNumber(x)) is out of range")
        }
        return Int(x)
    }

    /// An integer within `range`, named `what` in the message: "width 0 is outside 1…16384".
    public func integer(in range: ClosedRange<Int>, what: String) throws(SceneError) -> Int {
        let n = try integer()
        guard range.contains(n) else {
            throw error("\(what) \(n) is outside \(range.lowerBound)…\(range.upperBound)")
        }
        return n
    }

    /// "expected true or false, found a string"
    public func bool() throws(SceneError) -> Bool {
        if let absence { throw absence }
        guard case .bool(let b) = value else { throw mismatch("true or false") }
        return b
    }

    /// "expected a string, found a number"
    public func string() throws(SceneError) -> String {
        if let absence { throw absence }
        guard case .string(let s) = value else { throw mismatch("a string") }
        return s
    }

    /// A file path: a non-empty string with no control characters (a NUL would cut the path short
    /// where the system reads it, so `"a.png\u0000/../x"` would open `a.png`).
    public func filePath(of what: String) throws(SceneError) -> String {
        let path = try string()
        guard !path.isEmpty else { throw error("the \(what) path is empty") }
        if let (offset, scalar) = path.unicodeScalars.enumerated().first(where: {
            $0.element.value < 0x20 || $0.element.value == 0x7F
        }) {
            throw error(
                "the path holds a control character (U+\(hex4(scalar.value))) at character \(offset + 1); paths may not"
            )
        }
        return path
    }

    // MARK: Paths

    private func childPath(key: String) -> String { ScenePath.appending(key: key, to: path) }

    private func childPath(index: Int) -> String { ScenePath.appending(index: index, to: path) }
}

// MARK: - Helpers

private func unknownFieldMessage(_ key: String, _ allowedKeys: [String]) -> String {
    let head = "unknown field \(jsonQuoted(key))"
    if let suggestion = closestName(to: key, in: allowedKeys) {
        return head + " (did you mean \(jsonQuoted(suggestion))?)"
    }
    if allowedKeys.isEmpty { return head + " (no fields are allowed here)" }
    // Every allowed field: a list cut short would hide the one the writer meant.
    return head + " (allowed: \(allowedKeys.map { jsonQuoted($0) }.joined(separator: ", ")))"
}
