// A strict RFC 8259 JSON parser for hand-written scene files.
//
// Every malformed input produces a `JSONSyntaxError` with a 1-based line and column
// (the column counts Unicode scalars, not bytes) and a one-line message. Hostile input
// — deep nesting, huge arrays, invalid UTF-8, `NaN`-like tokens — is refused cleanly:
// the parser does not recurse (open containers live on an explicit stack) and nesting is
// limited to `JSON.maxDepth`. Object keys are compared as Swift strings (canonical
// equivalence), so "é" and "e\u0301" count as the same key, as they would when looked up.

/// A parsed JSON value. Numbers are always finite.
///
/// An array whose elements are all arrays of the same few numbers (a stroke's `[x, y, t]` points) is
/// held as a `table`: 8 bytes a number instead of a value and an array each. It equals the same
/// elements held as an `array`, and `arrayElements` gives either as plain values.
package enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)
    case table(JSONTable)

    /// The elements of an array or a table; nil for anything else.
    public var arrayElements: [JSONValue]? {
        switch self {
        case .array(let elements): return elements
        case .table(let table): return table.rows
        default: return nil
        }
    }

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.object(let a), .object(let b)): return a == b
        case (.table(let a), .table(let b)): return a == b
        case (.array, .array), (.array, .table), (.table, .array):
            return lhs.arrayElements == rhs.arrayElements
        default: return false
        }
    }

    /// "a number", "a string", "an array", "an object", "true", "false", "null" —
    /// for messages like `expected a number, found a string`.
    public var kindDescription: String {
        switch self {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number: return "a number"
        case .string: return "a string"
        case .array, .table: return "an array"
        case .object: return "an object"
        }
    }
}

/// A JSON object that keeps its members in document order.
///
/// Two objects are equal when they have the same members in the same order.
package struct JSONObject: Equatable, Sendable, ExpressibleByDictionaryLiteral {
    public var entries: [(key: String, value: JSONValue)]

    public init(_ entries: [(key: String, value: JSONValue)] = []) {
        self.entries = entries
    }

    /// `["a": .number(1), "b": .null]`, in the order written.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.entries = elements.map { (key: $0.0, value: $0.1) }
    }

    /// The value of the first member named `key`, or nil.
    public subscript(key: String) -> JSONValue? {
        for entry in entries where entry.key == key {
            return entry.value
        }
        return nil
    }

    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.entries.count == rhs.entries.count else { return false }
        for (l, r) in zip(lhs.entries, rhs.entries) {
            if l.key != r.key || l.value != r.value { return false }
        }
        return true
    }
}

/// An array of equal-length arrays of numbers, stored flat, row after row. Elements that are not such
/// a row (a point with a string in it, say) are kept as they are in `exceptions`, their row's numbers
/// left as NaN (never a parsed number), so one odd element does not turn the whole array back into
/// values.
package struct JSONTable: Equatable, Sendable {
    /// Numbers in each row (1 or more).
    public let columns: Int
    /// `count * columns` numbers.
    public let values: [Double]
    /// The elements that are not rows, by index.
    public let exceptions: [Int: JSONValue]

    public init(columns: Int, values: [Double], exceptions: [Int: JSONValue] = [:]) {
        self.columns = columns
        self.values = values
        self.exceptions = exceptions
    }

    public var count: Int { values.count / columns }

    /// Element `index` as a plain value.
    public func row(_ index: Int) -> JSONValue {
        if let exception = exceptions[index] { return exception }
        return .array(values[index * columns..<(index + 1) * columns].map { .number($0) })
    }

    /// Every element as a plain value.
    public var rows: [JSONValue] { (0..<count).map(row) }
}

/// Counts that a document may not exceed, checked while it is parsed, so that an over-limit file is
/// refused before its values fill memory.
package struct JSONLimits: Sendable {
    /// A limit on the arrays at one place in the document.
    public struct ArrayLimit: Sendable {
        /// Object keys and `"[]"` (any array element) from the root, e.g. `["strokes", "[]", "points"]`.
        public var path: [String]
        /// The most elements allowed: in each such array, or with `inAll`, in all of them together.
        public var maxCount: Int
        public var inAll: Bool
        /// The message when there are more, e.g. "more than 1000000 points in all strokes".
        public var message: String

        public init(path: [String], maxCount: Int, inAll: Bool = false, message: String) {
            self.path = path
            self.maxCount = maxCount
            self.inAll = inAll
            self.message = message
        }
    }

    public var arrays: [ArrayLimit]
    /// An estimate of the memory the parsed values may take, in bytes (values, strings, containers).
    public var maxValueBytes: Int

    public init(arrays: [ArrayLimit] = [], maxValueBytes: Int = .max) {
        self.arrays = arrays
        self.maxValueBytes = maxValueBytes
    }

    public static let none = JSONLimits()
}

/// A document over one of its `JSONLimits`: where (a JSON path such as `strokes[3].points`) and why.
package struct JSONLimitError: Error, Equatable, CustomStringConvertible {
    public let path: String
    public let message: String

    package init(path: String, message: String) {
        self.path = path
        self.message = message
    }
    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}

/// Why a document could not be parsed.
package enum JSONError: Error, Equatable, CustomStringConvertible {
    case syntax(JSONSyntaxError)
    case limit(JSONLimitError)

    public var description: String {
        switch self {
        case .syntax(let error): return error.description
        case .limit(let error): return error.description
        }
    }
}

/// A syntax error with its 1-based position; the column counts characters (Unicode scalars).
package struct JSONSyntaxError: Error, Equatable, CustomStringConvertible {
    public let line: Int
    public let column: Int
    public let message: String

    public init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    /// "line 3, column 7: expected ',' or '}' after an object member"
    public var description: String { "line \(line), column \(column): \(message)" }
}

package enum JSON {
    /// The deepest nesting of arrays and objects accepted.
    public static let maxDepth = 128

    /// Parses one JSON document (RFC 8259, UTF-8, optional BOM).
    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        do {
            return try parse(bytes, limits: .none)
        } catch {
            switch error {
            case .syntax(let syntax): throw syntax
            case .limit(let limit): throw JSONSyntaxError(line: 1, column: 1, message: limit.description)
            }
        }
    }

    /// Parses one JSON document, refusing it as soon as it goes over one of `limits`.
    public static func parse(_ bytes: [UInt8], limits: JSONLimits) throws(JSONError) -> JSONValue {
        try bytes.withUnsafeBufferPointer { (buffer) throws(JSONError) -> JSONValue in
            var parser = JSONParser(buffer, limits: limits)
            do throws(JSONSyntaxError) {
                return try parser.parseDocument()
            } catch {
                // A limit stops the parse with a placeholder syntax error; the real reason is kept aside.
                if let limit = parser.limitError { throw .limit(limit) }
                throw .syntax(error)
            }
        }
    }
}

// MARK: - Parser

private enum Byte {
    package static let tab: UInt8 = 0x09
    package static let newline: UInt8 = 0x0A
    package static let carriageReturn: UInt8 = 0x0D
    package static let space: UInt8 = 0x20
    package static let quote: UInt8 = 0x22  // "
    package static let apostrophe: UInt8 = 0x27  // '
    package static let plus: UInt8 = 0x2B
    package static let comma: UInt8 = 0x2C
    package static let minus: UInt8 = 0x2D
    package static let dot: UInt8 = 0x2E
    package static let slash: UInt8 = 0x2F
    package static let zero: UInt8 = 0x30
    package static let nine: UInt8 = 0x39
    package static let colon: UInt8 = 0x3A
    package static let star: UInt8 = 0x2A
    package static let backslash: UInt8 = 0x5C
    package static let openBracket: UInt8 = 0x5B
    package static let closeBracket: UInt8 = 0x5D
    package static let openBrace: UInt8 = 0x7B
    package static let closeBrace: UInt8 = 0x7D
    package static let lowerE: UInt8 = 0x65
    package static let upperE: UInt8 = 0x45
}

/// Exact powers of ten for the fast number path (10^22 is the largest exactly representable).
private let exactPowersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
]

private struct JSONParser {
    package let buffer: UnsafeBufferPointer<UInt8>
    package let end: Int
    /// Where line 1, column 1 is (after a BOM).
    package var textStart = 0
    package var pos = 0

    /// The limits' paths as a tree of components; node 0 is the document's root.
    package let limitTree: LimitTree
    /// Elements counted so far under each `inAll` limit, by tree node.
    package var totals: [Int]
    /// Estimated bytes of the values parsed so far, against `limits.maxValueBytes`.
    package var valueBytes = 0
    package let maxValueBytes: Int
    /// Set when a limit stopped the parse (which then throws a placeholder syntax error).
    package var limitError: JSONLimitError?

    package init(_ buffer: UnsafeBufferPointer<UInt8>, limits: JSONLimits = .none) {
        self.buffer = buffer
        self.end = buffer.count
        limitTree = LimitTree(limits.arrays)
        totals = [Int](repeating: 0, count: limitTree.nodes.count)
        maxValueBytes = limits.maxValueBytes
    }

    // MARK: Errors

    /// An error at byte `offset`, with the position converted to line and column.
    package func error(_ message: String, at offset: Int) -> JSONSyntaxError {
        var line = 1
        var column = 1
        var i = textStart
        let stop = min(offset, end)
        while i < stop {
            let b = buffer[i]
            if b == Byte.newline {
                line += 1
                column = 1
            } else if b == Byte.carriageReturn {
                if i + 1 < end && buffer[i + 1] == Byte.newline {
                    // CRLF: the LF ends the line.
                } else {
                    line += 1
                    column = 1
                }
            } else if b & 0xC0 != 0x80 {
                column += 1  // continuation bytes belong to the previous character
            }
            i += 1
        }
        return JSONSyntaxError(line: line, column: column, message: message)
    }

    /// A description of the character at `offset` for messages ("'x'", "U+0007", "end of file"),
    /// or an invalid-UTF-8 error if it does not start a valid sequence.
    package func describeCharacter(at offset: Int) throws(JSONSyntaxError) -> String {
        guard offset < end else { return "end of file" }
        let b = buffer[offset]
        if b < 0x20 || b == 0x7F { return "control character \(hexScalar(UInt32(b)))" }
        if b < 0x80 { return "'\(Character(Unicode.Scalar(b)))'" }
        let length = try validateUTF8(at: offset)
        let text = String(decoding: UnsafeBufferPointer(rebasing: buffer[offset..<offset + length]), as: UTF8.self)
        return "'\(text)' (\(hexScalar(text.unicodeScalars.first!.value)))"
    }

    /// The error for an unexpected character at `pos`, where `expectation` is e.g. "a value".
    /// Common mistakes (comments, single quotes, NaN, ...) get a specific message.
    package func unexpected(expecting expectation: String) -> JSONSyntaxError {
        guard pos < end else {
            return error("unexpected end of file, expected \(expectation)", at: pos)
        }
        if let special = commonMistake(at: pos) { return special }
        do {
            let found = try describeCharacter(at: pos)
            return error("expected \(expectation), found \(found)", at: pos)
        } catch {
            return error
        }
    }

    /// A specific error for well-known non-JSON syntax at `offset`, if any.
    package func commonMistake(at offset: Int) -> JSONSyntaxError? {
        guard offset < end else { return nil }
        let b = buffer[offset]
        switch b {
        case Byte.slash:
            if offset + 1 < end, buffer[offset + 1] == Byte.slash || buffer[offset + 1] == Byte.star {
                return error("comments are not allowed in JSON", at: offset)
            }
            return nil
        case Byte.apostrophe:
            return error("strings must use double quotes, not single quotes", at: offset)
        case Byte.plus:
            return error("numbers must not start with '+'", at: offset)
        case Byte.dot:
            if offset + 1 < end, isDigit(buffer[offset + 1]) {
                return error("numbers must start with a digit, not '.' (write 0\(wordText(at: offset)))", at: offset)
            }
            return nil
        case 0xE2
        where offset + 2 < end && buffer[offset + 1] == 0x80
            && (0x9C...0x9D).contains(buffer[offset + 2]):
            return error("curly quotes are not allowed, use straight double quotes (\")", at: offset)
        default:
            if isLetter(b) {
                return bareWordError(at: offset)
            }
            return nil
        }
    }

    /// The error for an unquoted word such as `NaN`, `Infinity`, `True` or `none`.
    package func bareWordError(at offset: Int) -> JSONSyntaxError {
        let word = wordText(at: offset)
        let lower = word.lowercased()
        switch lower {
        case "nan", "infinity", "inf", "-infinity", "-inf", "-nan":
            return error("\(word) is not a valid JSON number (numbers must be finite)", at: offset)
        case "true", "false", "null":
            return error("\(word) must be written in lowercase as \(lower)", at: offset)
        default:
            return error("unexpected word \(word) (strings must be in double quotes)", at: offset)
        }
    }

    /// The run of letters, digits and `_ . + -` at `offset`, shortened for messages.
    package func wordText(at offset: Int) -> String {
        func isWordByte(_ b: UInt8) -> Bool {
            isLetter(b) || isDigit(b) || b == 0x5F || b == Byte.dot || b == Byte.plus || b == Byte.minus
        }
        var i = offset
        while i < end && i - offset < 40 && isWordByte(buffer[i]) { i += 1 }
        var text = String(decoding: UnsafeBufferPointer(rebasing: buffer[offset..<i]), as: UTF8.self)
        if i < end && isWordByte(buffer[i]) { text += "…" }
        return text
    }

    // MARK: Document

    package mutating func parseDocument() throws(JSONSyntaxError) -> JSONValue {
        if end == 0 { throw error("file is empty", at: 0) }
        if let encoding = nonUTF8Encoding() {
            throw error("file is not UTF-8 (looks like \(encoding))", at: 0)
        }
        if end >= 3 && buffer[0] == 0xEF && buffer[1] == 0xBB && buffer[2] == 0xBF {
            textStart = 3
            pos = 3
        }
        skipWhitespace()
        if pos == end { throw error("file is empty", at: pos) }
        let value = try parseValue()
        skipWhitespace()
        if pos < end {
            if let special = commonMistake(at: pos), buffer[pos] == Byte.slash { throw special }
            let found = try describeCharacter(at: pos)
            throw error("unexpected \(found) after the end of the JSON value", at: pos)
        }
        return value
    }

    /// "UTF-16" or "UTF-32" when the byte order mark or NUL bytes give it away (RFC 4627 §3).
    package func nonUTF8Encoding() -> String? {
        let b0 = buffer[0]
        let b1: UInt8? = end > 1 ? buffer[1] : nil
        if end >= 4 && b0 == 0 && buffer[1] == 0 && buffer[2] == 0xFE && buffer[3] == 0xFF { return "UTF-32" }
        if end >= 4 && b0 == 0xFF && buffer[1] == 0xFE && buffer[2] == 0 && buffer[3] == 0 { return "UTF-32" }
        if (b0 == 0xFE && b1 == 0xFF) || (b0 == 0xFF && b1 == 0xFE) { return "UTF-16" }
        if end >= 4 {
            if b0 == 0 && buffer[1] == 0 && buffer[2] == 0 { return "UTF-32" }
            if b0 != 0 && buffer[1] == 0 && buffer[2] == 0 && buffer[3] == 0 { return "UTF-32" }
        }
        if end >= 2 && (b0 == 0 || b1 == 0) { return "UTF-16" }
        return nil
    }

    @inline(__always)
    package mutating func skipWhitespace() {
        while pos < end {
            let b = buffer[pos]
            guard b == Byte.space || b == Byte.newline || b == Byte.carriageReturn || b == Byte.tab else { return }
            pos += 1
        }
    }

    // MARK: Values

    /// An array or object being parsed. The parser keeps these on an explicit stack, so nesting
    /// costs heap, not call stack: no recursion at all.
    package struct Frame {
        let isObject: Bool
        /// Offset of the opening bracket or brace.
        let open: Int
        /// This container's node in `limitTree`, or -1 when no limit lies at or below it.
        let node: Int
        var elements: [JSONValue] = []
        /// An array's rows, when its first element is an array of `columns` numbers.
        var table: [Double] = []
        /// Elements of a table that are not such rows.
        var exceptions: [Int: JSONValue] = [:]
        /// 0 before the first element, then the table's width, or -1 when it is not a table.
        var columns = 0
        var entries: [(key: String, value: JSONValue)] = []
        /// Keys seen so far, filled once the object has 8 members (linear search before that).
        var seenKeys: Set<String> = []
        /// The key whose value is being parsed.
        var key = ""

        /// Members or elements so far.
        var count: Int { isObject ? entries.count : (columns > 0 ? table.count / columns : elements.count) }

        /// The finished container.
        func value() -> JSONValue {
            if isObject { return .object(JSONObject(entries)) }
            return columns > 0
                ? .table(JSONTable(columns: columns, values: table, exceptions: exceptions)) : .array(elements)
        }
    }

    /// The bytes a value takes beyond its slot in its container, for the memory estimate: long
    /// strings their text, containers their storage (their contents are counted as they are added).
    package static func payloadBytes(_ value: JSONValue) -> Int {
        switch value {
        case .string(let text): return text.utf8.count > 15 ? text.utf8.count : 0
        case .array, .object, .table: return 48
        default: return 0
        }
    }

    /// Bytes of one value's slot in an array (one member's in an object is this plus its key).
    package static let slotBytes = 24

    /// Adds `value` to the array or object on top of the stack, counting it against the limits.
    package mutating func add(_ value: JSONValue, to stack: inout [Frame]) throws(JSONSyntaxError) {
        let top = stack.count - 1
        var grows = false
        if stack[top].isObject {
            valueBytes +=
                2 * JSONParser.slotBytes + JSONParser.payloadBytes(value)
                + JSONParser.payloadBytes(.string(stack[top].key))
            stack[top].entries.append((key: stack[top].key, value: value))
        } else if stack[top].columns >= 0, case .array(let row) = value, let width = JSONParser.rowWidth(row),
            stack[top].columns == 0 || stack[top].columns == width
        {
            // One more row of a table: its numbers were counted as values of the row; keep 8 bytes each.
            stack[top].columns = width
            for case .number(let x) in row { stack[top].table.append(x) }
            valueBytes += 8 * width - JSONParser.slotBytes * width
        } else if stack[top].columns > 0 {
            let columns = stack[top].columns
            stack[top].exceptions[stack[top].table.count / columns] = value
            stack[top].table.append(contentsOf: repeatElement(.nan, count: columns))
            valueBytes += 8 * columns + 2 * JSONParser.slotBytes + JSONParser.payloadBytes(value)
        } else {
            stack[top].columns = -1
            valueBytes += JSONParser.slotBytes + JSONParser.payloadBytes(value)
            // A full array doubles its storage on the next append, the old kept while it copies: that
            // growth is counted before it happens (a refused document once peaked at 100 MiB in it).
            let capacity = stack[top].elements.capacity
            grows =
                stack[top].elements.count == capacity
                && 3 * max(capacity, 1) * MemoryLayout<JSONValue>.stride
                    > maxValueBytes
            if !grows { stack[top].elements.append(value) }
        }
        if valueBytes > maxValueBytes || grows {
            throw limit(
                stack,
                "the document holds more values than a scene can use (their memory would pass \(maxValueBytes >> 20) MiB)"
            )
        }
        let node = stack[top].node
        guard node >= 0, let index = limitTree.nodes[node].limit else { return }
        let rule = limitTree.limits[index]
        var count = stack[top].count
        if rule.inAll {
            totals[node] += 1
            count = totals[node]
        }
        if count > rule.maxCount { throw limit(stack, rule.message) }
    }

    /// The width of `row` as a table row: 1 to 8 numbers; nil otherwise.
    package static func rowWidth(_ row: [JSONValue]) -> Int? {
        guard (1...8).contains(row.count) else { return nil }
        for element in row {
            guard case .number = element else { return nil }
        }
        return row.count
    }

    /// Stops the parse for a limit, at the JSON path of the container on top of `stack`.
    package mutating func limit(_ stack: [Frame], _ message: String) -> JSONSyntaxError {
        var path = ""
        for k in 1..<max(stack.count, 1) {
            let parent = stack[k - 1]
            path =
                parent.isObject
                ? ScenePath.appending(key: parent.key, to: path) : ScenePath.appending(index: parent.count, to: path)
        }
        limitError = JSONLimitError(path: path, message: message)
        return JSONSyntaxError(line: 1, column: 1, message: message)
    }

    /// Parses the value at `pos` (no leading whitespace) and any values nested in it.
    package mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
        var stack: [Frame] = []
        nextValue: while true {
            // Parse one value, or open a container and go on with its first member.
            guard pos < end else {
                if let top = stack.last { throw unclosed(top) }
                throw unexpected(expecting: "a value")
            }
            var value: JSONValue
            switch buffer[pos] {
            case Byte.openBracket, Byte.openBrace:
                let isObject = buffer[pos] == Byte.openBrace
                if stack.count >= JSON.maxDepth {
                    throw error("nesting deeper than \(JSON.maxDepth) levels", at: pos)
                }
                stack.append(Frame(isObject: isObject, open: pos, node: limitNode(under: stack)))
                pos += 1
                skipWhitespace()
                if pos < end && buffer[pos] == (isObject ? Byte.closeBrace : Byte.closeBracket) {
                    pos += 1
                    stack.removeLast()
                    value = isObject ? .object(JSONObject()) : .array([])
                } else {
                    if isObject { try parseKey(into: &stack[stack.count - 1]) }
                    continue nextValue
                }
            case Byte.quote: value = .string(try parseString())
            case Byte.minus, Byte.zero...Byte.nine: value = .number(try parseNumber())
            case 0x74:
                try parseLiteral("true")
                value = .bool(true)
            case 0x66:
                try parseLiteral("false")
                value = .bool(false)
            case 0x6E:
                try parseLiteral("null")
                value = .null
            default: throw unexpected(expecting: "a value")
            }

            // Hand the finished value to the enclosing containers, closing those that end here.
            while !stack.isEmpty {
                let top = stack.count - 1
                let isObject = stack[top].isObject
                try add(value, to: &stack)
                skipWhitespace()
                guard pos < end else { throw unclosed(stack[top]) }
                let b = buffer[pos]
                if b == Byte.comma {
                    let comma = pos
                    pos += 1
                    skipWhitespace()
                    if pos < end && buffer[pos] == (isObject ? Byte.closeBrace : Byte.closeBracket) {
                        throw error("trailing comma at the end of \(isObject ? "an object" : "an array")", at: comma)
                    }
                    if isObject { try parseKey(into: &stack[top]) }
                    continue nextValue
                }
                if b == (isObject ? Byte.closeBrace : Byte.closeBracket) {
                    pos += 1
                    value = stack.removeLast().value()
                    continue
                }
                if b == Byte.slash, let comment = commonMistake(at: pos) { throw comment }
                throw error(
                    isObject
                        ? "expected ',' or '}' after an object member" : "expected ',' or ']' after an array element",
                    at: pos)
            }
            return value
        }
    }

    /// The limit-tree node of a container opened as the next value in the container on top of `stack`.
    package func limitNode(under stack: [Frame]) -> Int {
        guard let parent = stack.last else { return limitTree.nodes.count > 1 ? 0 : -1 }
        guard parent.node >= 0 else { return -1 }
        return limitTree.child(of: parent.node, parent.isObject ? parent.key : "[]")
    }

    /// Parses `"key" :` at `pos` (after whitespace) for `frame`, leaving `pos` at the member's value.
    package mutating func parseKey(into frame: inout Frame) throws(JSONSyntaxError) {
        guard pos < end else { throw unclosed(frame) }
        guard buffer[pos] == Byte.quote else {
            if isLetter(buffer[pos]) {
                throw error("object key \(wordText(at: pos)) must be in double quotes", at: pos)
            }
            throw unexpected(expecting: "a string key in double quotes")
        }
        let keyStart = pos
        let key = try parseString()
        // Linear search for small objects, a set for large ones: never quadratic.
        let duplicate: Bool
        if frame.entries.count < 8 {
            duplicate = frame.entries.contains { $0.key == key }
        } else {
            if frame.seenKeys.isEmpty { frame.seenKeys = Set(frame.entries.map(\.key)) }
            duplicate = !frame.seenKeys.insert(key).inserted
        }
        if duplicate { throw error("duplicate key \(jsonQuoted(key))", at: keyStart) }
        skipWhitespace()
        guard pos < end else { throw unclosed(frame) }
        guard buffer[pos] == Byte.colon else {
            if buffer[pos] == Byte.slash, let comment = commonMistake(at: pos) { throw comment }
            throw error("expected ':' after key \(jsonQuoted(key))", at: pos)
        }
        pos += 1
        skipWhitespace()
        frame.key = key
    }

    package mutating func parseLiteral(_ literal: StaticString) throws(JSONSyntaxError) {
        let count = literal.utf8CodeUnitCount
        let start = pos
        var matches = end - pos >= count
        if matches {
            let expected = literal.utf8Start
            for i in 0..<count where buffer[pos + i] != expected[i] {
                matches = false
                break
            }
        }
        // The literal must not run into more letters ("nullx", "trueish").
        if matches && pos + count < end {
            let next = buffer[pos + count]
            if isLetter(next) || isDigit(next) || next == 0x5F { matches = false }
        }
        guard matches else { throw bareWordError(at: start) }
        pos += count
    }

    /// End of file inside a container: point at the end, name where the container began.
    package func unclosed(_ frame: Frame) -> JSONSyntaxError {
        let start = error("", at: frame.open)
        return error(
            "unexpected end of file: the \(frame.isObject ? "object" : "array") opened at line \(start.line), "
                + "column \(start.column) is not closed",
            at: end)
    }

    // MARK: Strings

    /// Parses a string starting at the opening quote at `pos`.
    package mutating func parseString() throws(JSONSyntaxError) -> String {
        let open = pos
        pos += 1
        let contentStart = pos
        // Fast path: plain ASCII without escapes needs no copy.
        while pos < end {
            let b = buffer[pos]
            if b == Byte.quote {
                let text = String(decoding: UnsafeBufferPointer(rebasing: buffer[contentStart..<pos]), as: UTF8.self)
                pos += 1
                return text
            }
            if b == Byte.backslash || b < 0x20 || b >= 0x80 { break }
            pos += 1
        }
        // General path: validate UTF-8, decode escapes into a byte buffer only if there are any.
        var decoded: [UInt8]? = nil
        var runStart = contentStart  // start of bytes not yet copied into `decoded`
        while true {
            guard pos < end else { throw error("unterminated string", at: open) }
            let b = buffer[pos]
            if b == Byte.quote {
                let run = UnsafeBufferPointer(rebasing: buffer[runStart..<pos])
                pos += 1
                if var bytes = decoded {
                    bytes.append(contentsOf: run)
                    return String(decoding: bytes, as: UTF8.self)
                }
                return String(decoding: run, as: UTF8.self)
            } else if b == Byte.backslash {
                if decoded == nil { decoded = [] }
                decoded!.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[runStart..<pos]))
                try parseEscape(into: &decoded!)
                runStart = pos
            } else if b < 0x20 {
                if b == Byte.newline || b == Byte.carriageReturn {
                    throw error("line break inside a string (missing closing quote?)", at: pos)
                }
                throw error("unescaped control character \(hexScalar(UInt32(b))) in string", at: pos)
            } else if b < 0x80 {
                pos += 1
            } else {
                pos += try validateUTF8(at: pos)
            }
        }
    }

    /// Decodes the escape at `pos` (a backslash) and appends its UTF-8 bytes.
    package mutating func parseEscape(into bytes: inout [UInt8]) throws(JSONSyntaxError) {
        let escapeStart = pos
        pos += 1
        guard pos < end else { throw error("unterminated string", at: escapeStart) }
        let c = buffer[pos]
        pos += 1
        switch c {
        case Byte.quote: bytes.append(Byte.quote)
        case Byte.backslash: bytes.append(Byte.backslash)
        case Byte.slash: bytes.append(Byte.slash)
        case 0x62: bytes.append(0x08)  // \b
        case 0x66: bytes.append(0x0C)  // \f
        case 0x6E: bytes.append(0x0A)  // \n
        case 0x72: bytes.append(0x0D)  // \r
        case 0x74: bytes.append(0x09)  // \t
        case 0x75:  // \u
            let unit = try parseHex4(escapeStart: escapeStart)
            var scalar: UInt32
            if (0xD800...0xDBFF).contains(unit) {
                // A high surrogate must be followed by an escaped low surrogate.
                guard end - pos >= 6, buffer[pos] == Byte.backslash, buffer[pos + 1] == 0x75 else {
                    throw error("unpaired surrogate \\u\(hex4(unit)) in string", at: escapeStart)
                }
                let lowStart = pos
                pos += 2
                let low = try parseHex4(escapeStart: lowStart)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw error("unpaired surrogate \\u\(hex4(unit)) in string", at: escapeStart)
                }
                scalar = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(unit) {
                throw error("unpaired surrogate \\u\(hex4(unit)) in string", at: escapeStart)
            } else {
                scalar = unit
            }
            appendUTF8(scalar, to: &bytes)
        default:
            pos = escapeStart
            let found: String
            if c < 0x20 || c == 0x7F {
                found = hexScalar(UInt32(c))
            } else if c < 0x80 {
                found = "\\\(Character(Unicode.Scalar(c)))"
            } else {
                let length = try validateUTF8(at: escapeStart + 1)
                let text = String(
                    decoding: UnsafeBufferPointer(rebasing: buffer[escapeStart + 1..<escapeStart + 1 + length]),
                    as: UTF8.self)
                found = "\\\(text)"
            }
            throw error("invalid escape \(found) in string", at: escapeStart)
        }
    }

    /// Four hex digits at `pos` (after `\u`).
    package mutating func parseHex4(escapeStart: Int) throws(JSONSyntaxError) -> UInt32 {
        guard end - pos >= 4 else {
            throw error("invalid \\u escape in string: expected 4 hex digits", at: escapeStart)
        }
        var value: UInt32 = 0
        for i in 0..<4 {
            let b = buffer[pos + i]
            let digit: UInt32
            switch b {
            case 0x30...0x39: digit = UInt32(b - 0x30)
            case 0x41...0x46: digit = UInt32(b - 0x41 + 10)
            case 0x61...0x66: digit = UInt32(b - 0x61 + 10)
            default: throw error("invalid \\u escape in string: expected 4 hex digits", at: escapeStart)
            }
            value = value << 4 | digit
        }
        pos += 4
        return value
    }

    /// The length of the valid UTF-8 sequence at `offset` (whose first byte is >= 0x80),
    /// following Unicode Table 3-7: no overlong forms, no surrogates, nothing above U+10FFFF.
    package func validateUTF8(at offset: Int) throws(JSONSyntaxError) -> Int {
        let b0 = buffer[offset]
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch b0 {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            secondRange = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            secondRange = 0x80...0x9F
        case 0xF0:
            length = 4
            secondRange = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            secondRange = 0x80...0x8F
        default:
            throw error("invalid UTF-8 byte \(hexByte(b0))", at: offset)
        }
        for i in 1..<length {
            let range: ClosedRange<UInt8> = i == 1 ? secondRange : 0x80...0xBF
            guard offset + i < end, range.contains(buffer[offset + i]) else {
                let shown = (0...min(i, end - 1 - offset)).map { hexByte(buffer[offset + $0]) }
                throw error("invalid UTF-8 sequence \(shown.joined(separator: " "))", at: offset)
            }
        }
        return length
    }

    // MARK: Numbers

    /// Parses a number at `pos` with RFC 8259 grammar; the value is what `Double(String)` gives.
    package mutating func parseNumber() throws(JSONSyntaxError) -> Double {
        let start = pos
        var negative = false
        if buffer[pos] == Byte.minus {
            negative = true
            pos += 1
            guard pos < end, isDigit(buffer[pos]) else {
                if pos < end && isLetter(buffer[pos]) { throw bareWordError(at: start) }
                throw error("expected a digit after '-'", at: pos)
            }
        }
        // Digits are accumulated for the exact fast path while they fit.
        var mantissa: UInt64 = 0
        var significantDigits = 0
        var fractionDigits = 0
        if buffer[pos] == Byte.zero {
            pos += 1
            if pos < end && isDigit(buffer[pos]) {
                throw error("leading zeros are not allowed in numbers (\(wordText(at: start)))", at: start)
            }
        } else {
            while pos < end && isDigit(buffer[pos]) {
                accumulate(buffer[pos], &mantissa, &significantDigits)
                pos += 1
            }
        }
        if pos < end && buffer[pos] == Byte.dot {
            pos += 1
            guard pos < end, isDigit(buffer[pos]) else {
                throw error("expected a digit after the decimal point", at: pos)
            }
            while pos < end && isDigit(buffer[pos]) {
                accumulate(buffer[pos], &mantissa, &significantDigits)
                fractionDigits += 1
                pos += 1
            }
        }
        var exponent = 0
        if pos < end && (buffer[pos] == Byte.lowerE || buffer[pos] == Byte.upperE) {
            pos += 1
            var exponentNegative = false
            if pos < end && (buffer[pos] == Byte.plus || buffer[pos] == Byte.minus) {
                exponentNegative = buffer[pos] == Byte.minus
                pos += 1
            }
            guard pos < end, isDigit(buffer[pos]) else {
                throw error("expected a digit in the exponent", at: pos)
            }
            // Saturates far beyond any double's range: such a number is then read by `Double(String)`,
            // which finds it out of range (or zero), however many digits its exponent has.
            while pos < end && isDigit(buffer[pos]) {
                if exponent < 1 << 40 { exponent = exponent * 10 + Int(buffer[pos] - Byte.zero) }
                pos += 1
            }
            if exponentNegative { exponent = -exponent }
        }
        // Something number-like glued on ("0x1F", "1.2.3", "12abc") makes the whole token invalid.
        if pos < end {
            let b = buffer[pos]
            if isLetter(b) || isDigit(b) || b == Byte.dot {
                throw error("invalid number \(wordText(at: start))", at: start)
            }
        }

        // Fast path (Clinger): at most 19 significant digits forming an exact double,
        // scaled by an exact power of ten — one correctly rounded operation.
        if significantDigits <= 19 && mantissa <= (1 << 53) {
            let scale = exponent - fractionDigits
            let m = Double(mantissa)
            if scale == 0 || mantissa == 0 { return negative ? -m : m }
            if scale > 0 && scale <= 22 {
                let v = m * exactPowersOfTen[scale]
                if v.isFinite { return negative ? -v : v }
            } else if scale < 0 && scale >= -22 {
                let v = m / exactPowersOfTen[-scale]
                return negative ? -v : v
            }
        }
        let token = String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<pos]), as: UTF8.self)
        guard let value = Double(token), value.isFinite else {
            throw error("number \(shortened(token)) is out of range", at: start)
        }
        return value
    }

    @inline(__always)
    package func accumulate(_ digit: UInt8, _ mantissa: inout UInt64, _ significantDigits: inout Int) {
        if significantDigits == 0 && digit == Byte.zero { return }  // leading zeros are not significant
        significantDigits += 1
        if significantDigits <= 19 { mantissa = mantissa &* 10 &+ UInt64(digit - Byte.zero) }
    }
}

/// `JSONLimits.ArrayLimit` paths as a tree: each node a path prefix, children by component.
package struct LimitTree {
    package struct Node {
        var children: [String: Int] = [:]
        /// Index into `limits` of the limit on arrays at this node's path.
        var limit: Int?
    }

    package let limits: [JSONLimits.ArrayLimit]
    package private(set) var nodes = [Node()]

    package init(_ limits: [JSONLimits.ArrayLimit]) {
        self.limits = limits
        for (index, limit) in limits.enumerated() {
            var node = 0
            for component in limit.path {
                if let next = nodes[node].children[component] {
                    node = next
                } else {
                    nodes.append(Node())
                    nodes[node].children[component] = nodes.count - 1
                    node = nodes.count - 1
                }
            }
            nodes[node].limit = index
        }
    }

    /// The child of `node` for an object key or `"[]"`, or -1.
    package func child(of node: Int, _ component: String) -> Int {
        nodes[node].children[component] ?? -1
    }
}

// MARK: - Helpers

@inline(__always) private func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
@inline(__always) private func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A }

private func hexByte(_ b: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return "0x\(digits[Int(b >> 4)])\(digits[Int(b & 0xF)])"
}

private func hexScalar(_ value: UInt32) -> String { "U+\(hex4(value))" }

private func appendUTF8(_ scalar: UInt32, to bytes: inout [UInt8]) {
    switch scalar {
    case 0..<0x80:
        bytes.append(UInt8(scalar))
    case 0x80..<0x800:
        bytes.append(UInt8(0xC0 | scalar >> 6))
        bytes.append(UInt8(0x80 | scalar & 0x3F))
    case 0x800..<0x10000:
        bytes.append(UInt8(0xE0 | scalar >> 12))
        bytes.append(UInt8(0x80 | scalar >> 6 & 0x3F))
        bytes.append(UInt8(0x80 | scalar & 0x3F))
    default:
        bytes.append(UInt8(0xF0 | scalar >> 18))
        bytes.append(UInt8(0x80 | scalar >> 12 & 0x3F))
        bytes.append(UInt8(0x80 | scalar >> 6 & 0x3F))
        bytes.append(UInt8(0x80 | scalar & 0x3F))
    }
}

/// Long tokens are cut for messages so an error stays one readable line.
private func shortened(_ text: String, limit: Int = 40) -> String {
    text.count <= limit ? text : String(text.prefix(limit)) + "…"
}
