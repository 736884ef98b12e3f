/// A value in what a sequence or a frame says of itself (the manifest's fields): a number, a whole
/// number, a flag, some text, nothing, a list, or named values (a JSON object, in order).
public indirect enum FrameMetadata: Equatable, Sendable {
    /// A number, fraction allowed (a time in seconds, a coverage fraction); JSON `null` when not finite.
    case number(Double)
    /// A whole number (a count, an index).
    case int(Int)
    /// A flag: JSON `true` or `false`.
    case bool(Bool)
    /// Some text: a JSON string.
    case string(String)
    /// Nothing: JSON `null` (a card that never revealed).
    case null
    /// A list of values: a JSON array.
    case list([FrameMetadata])
    /// Named values, a JSON object with its members in order: `keys[i]` names `values[i]`.
    case object(keys: [String], values: [FrameMetadata])
}

extension FrameMetadata {
    /// JSON text: integers without a fraction, other numbers in Swift's shortest round-trip form.
    package var json: String {
        switch self {
        case .number(let x):
            if x == x.rounded() && abs(x) < 1e15 { return String(Int(x)) }
            return x.isFinite ? String(x) : "null"
        case .int(let i): return String(i)
        case .bool(let b): return b ? "true" : "false"
        case .null: return "null"
        case .string(let s): return jsonQuoted(s, limit: .max)
        case .list(let items): return "[" + items.map(\.json).joined(separator: ", ") + "]"
        case .object(let keys, let values):
            return "{" + zip(keys, values).map { "\(jsonQuoted($0, limit: .max)): \($1.json)" }.joined(separator: ", ")
                + "}"
        }
    }
}
