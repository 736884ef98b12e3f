// The `#Preview` macro's plugin: an executable that speaks the compiler's plugin protocol on its standard input
// and output, with no SwiftSyntax, so that SwiftPM builds it as a `.macro` target of ours (a user's package
// fetches nothing) and `reveal-render swiftui` builds it with a bare `swiftc`.
import Foundation

/// Expands `#Preview(…) { body }` to a function the CLI's generated `main.swift` can call, named by the file and
/// the line of the `#Preview` so that several previews in a module do not clash:
/// `@MainActor func __revealPreview(preview_Card_swift_12: Void = ()) -> any View { SwiftUI._previewContent(…) { body } }`.
/// The macro's own arguments are passed on unchanged to `SwiftUI._previewContent`, which takes what Apple's
/// `#Preview` takes, so the body is type-checked as Apple's is (a `@ViewBuilder` closure) without this plugin
/// parsing it.
enum PreviewMacro {
    /// The declaration that replaces `source`, the text of a `#Preview` (from its leading trivia, which starts at
    /// `line` of `fileID`); nil when the text holds no `#Preview` expansion this plugin understands.
    static func expansion(of source: String, fileID: String, line: Int) -> String? {
        let text = Array(source.utf8)
        var index = SwiftText.skipTrivia(text, from: 0)
        // Attributes before the macro (`@available(iOS 17, *)`) stay on the declaration that replaces it.
        while index < text.count, text[index] == UInt8(ascii: "@") {
            index = SwiftText.skipIdentifier(text, from: index + 1)
            let next = SwiftText.skipTrivia(text, from: index)
            if next < text.count, text[next] == UInt8(ascii: "("), let close = SwiftText.matching(text, open: next) {
                index = close + 1
            }
            index = SwiftText.skipTrivia(text, from: index)
        }
        guard index < text.count, text[index] == UInt8(ascii: "#") else { return nil }
        let attributes = String(decoding: text[..<index], as: UTF8.self)
        // `#Preview` or `#SwiftUI.Preview`.
        var end = SwiftText.skipIdentifier(text, from: index + 1)
        while end < text.count, text[end] == UInt8(ascii: "."), end + 1 < text.count {
            end = SwiftText.skipIdentifier(text, from: end + 1)
        }
        let arguments = String(decoding: text[end...], as: UTF8.self)
        // The text starts with the node's leading trivia, where `line` is counted: the label names the line of
        // the `#`, as the CLI finds it.
        let hashLine = line + text[..<index].filter { $0 == 0x0A }.count
        let label = previewLabel(file: fileID, line: String(hashLine))
        let header = attributes + "@MainActor func __revealPreview(\(label): Void = ()) -> any SwiftUI.View {\n"
        if let previewable = previewableSplit(Array(arguments.utf8)) {
            // `@Previewable` declarations become the stored properties of a view made for the preview (so
            // `@State` keeps its value), its body the rest of the closure, as Xcode's `#Preview` does.
            return header + "struct __RevealPreviewable: SwiftUI.View {\n" + previewable.declarations
                + "\n@SwiftUI.ViewBuilder var body: some SwiftUI.View {\n" + previewable.body + "\n}\n}\n"
                + "return SwiftUI._previewContent\(previewable.call) { __RevealPreviewable() }\n}"
        }
        // The closing brace on a line of its own: the arguments may end in a `//` comment.
        return header + "SwiftUI._previewContent\(arguments)\n}"
    }

    /// The macro's arguments split around `@Previewable` declarations at the top of its trailing closure: the
    /// declarations without the attribute, the rest of the closure, and the arguments before the closure;
    /// nil when the closure declares none.
    static func previewableSplit(_ text: [UInt8]) -> (declarations: String, body: String, call: String)? {
        var index = SwiftText.skipTrivia(text, from: 0)
        var call = ""
        if index < text.count, text[index] == UInt8(ascii: "("), let close = SwiftText.matching(text, open: index) {
            call = String(decoding: text[index...close], as: UTF8.self)
            index = SwiftText.skipTrivia(text, from: close + 1)
        }
        guard index < text.count, text[index] == UInt8(ascii: "{"),
            let end = SwiftText.matching(text, open: index, close: UInt8(ascii: "}"))
        else { return nil }
        let marker = Array("@Previewable".utf8)
        var declarations: [String] = []
        var body: [UInt8] = []
        var position = index + 1
        while position < end {
            let start = SwiftText.skipTrivia(text, from: position)
            // A statement runs to the end of its line, or further while a bracket it opened is open.
            var stop = start
            var depth = 0
            while stop < end {
                let after = SwiftText.skipString(text, from: stop)
                if after != stop {
                    stop = after
                    continue
                }
                let byte = text[stop]
                if byte == UInt8(ascii: "/"), stop + 1 < end, text[stop + 1] == UInt8(ascii: "/") {
                    while stop < end, text[stop] != 0x0A { stop += 1 }
                    continue
                }
                if byte == UInt8(ascii: "/"), stop + 1 < end, text[stop + 1] == UInt8(ascii: "*") {
                    stop = SwiftText.skipTrivia(text, from: stop)
                    continue
                }
                if byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") { depth += 1 }
                if byte == UInt8(ascii: ")") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") { depth -= 1 }
                if byte == 0x0A, depth <= 0 { break }
                stop += 1
            }
            let statement = Array(text[start..<min(stop, end)])
            if statement.starts(with: marker),
                statement.count == marker.count || !SwiftText.isIdentifierByte(statement[marker.count])
            {
                declarations.append(String(decoding: statement[marker.count...], as: UTF8.self))
            } else {
                body += text[position..<min(stop, end)]
                body.append(0x0A)
            }
            position = stop + 1
        }
        guard !declarations.isEmpty else { return nil }
        return (declarations.joined(separator: "\n"), String(decoding: body, as: UTF8.self), call)
    }

    /// `preview_ScratchToReveal_swift_172` for line 172 of `Module/ScratchToReveal.swift`: the file's name with
    /// every character that is not a letter or digit as `_`, then the line, after a prefix that makes any file
    /// name an identifier (`03-badges.swift`, `3-card view.swift`).
    static func previewLabel(file: String, line: String) -> String {
        let name = file.split(separator: "/").last.map(String.init) ?? file
        let safe = String(
            name.unicodeScalars.map { scalar -> Character in
                let isAlphanumeric =
                    (scalar.value >= 48 && scalar.value <= 57)
                    || (scalar.value | 0x20 >= 97 && scalar.value | 0x20 <= 122)
                return isAlphanumeric ? Character(scalar) : "_"
            })
        return "preview_\(safe)_\(line)"
    }
}

/// Just enough of Swift's lexical structure to find where a `#Preview`'s arguments start: whitespace,
/// comments, identifiers, and balanced parentheses around string literals.
enum SwiftText {
    /// The index after whitespace and comments from `index`.
    static func skipTrivia(_ text: [UInt8], from index: Int) -> Int {
        var index = index
        while index < text.count {
            let byte = text[index]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                index += 1
            } else if starts(text, index, "//") {
                while index < text.count, text[index] != 0x0A { index += 1 }
            } else if starts(text, index, "/*") {
                // Block comments nest in Swift.
                var depth = 0
                repeat {
                    if starts(text, index, "/*") {
                        depth += 1
                        index += 2
                    } else if starts(text, index, "*/") {
                        depth -= 1
                        index += 2
                    } else {
                        index += 1
                    }
                } while depth > 0 && index < text.count
            } else {
                break
            }
        }
        return index
    }

    /// The index after the identifier (letters, digits, `_` and any non-ASCII byte) at `index`.
    static func skipIdentifier(_ text: [UInt8], from index: Int) -> Int {
        var index = index
        while index < text.count, isIdentifierByte(text[index]) { index += 1 }
        return index
    }

    /// The index of the bracket that closes the one at `open` (`)` by default), skipping string literals and
    /// comments; nil when the text ends first.
    static func matching(_ text: [UInt8], open: Int, close: UInt8 = UInt8(ascii: ")")) -> Int? {
        let opening = text[open]
        var depth = 0
        var index = open
        while index < text.count {
            let after = skipString(text, from: skipTrivia(text, from: index))
            if after != index {
                index = after
                continue
            }
            if text[index] == opening {
                depth += 1
            } else if text[index] == close {
                depth -= 1
                if depth == 0 { return index }
            }
            index += 1
        }
        return nil
    }

    /// The index after the string literal at `index` (or `index` when none starts there).
    static func skipString(_ text: [UInt8], from index: Int) -> Int {
        guard index < text.count, text[index] == UInt8(ascii: "\"") else { return index }
        var index = index + 1
        while index < text.count, text[index] != UInt8(ascii: "\"") {
            index += text[index] == UInt8(ascii: "\\") ? 2 : 1
        }
        return min(index + 1, text.count)
    }

    /// Whether `byte` can continue an identifier.
    static func isIdentifierByte(_ byte: UInt8) -> Bool {
        byte >= 0x80 || byte == UInt8(ascii: "_") || (byte >= 0x30 && byte <= 0x39)
            || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
    }

    private static func starts(_ text: [UInt8], _ index: Int, _ prefix: String) -> Bool {
        let bytes = Array(prefix.utf8)
        guard index + bytes.count <= text.count else { return false }
        return text[index..<index + bytes.count].elementsEqual(bytes)
    }
}

/// The compiler's side of the conversation: each message is a little-endian 64-bit length, then that many
/// bytes of JSON, in both directions (swift-syntax's `PluginMessages.swift`, protocol version 7).
enum PluginConnection {
    struct Capability: Codable { var protocolVersion: Int }
    struct Location: Codable {
        var fileID: String
        var fileName: String
        var offset: Int
        var line: Int
    }
    struct Syntax: Codable {
        var source: String
        var location: Location
    }
    struct Expansion: Codable { var syntax: Syntax }
    struct AttachedExpansion: Decodable {}
    /// The messages this plugin answers; any other is answered with an error diagnostic.
    struct Request: Decodable {
        var getCapability: [String: Capability?]?
        var expandFreestandingMacro: Expansion?
        /// `@Previewable`'s: it adds nothing beside its declaration (the `#Preview` around it moves it).
        var expandAttachedMacro: AttachedExpansion?
        var loadPluginLibrary: [String: String]?
    }
    struct Position: Codable {
        var fileName: String
        var offset: Int
    }
    struct Diagnostic: Codable {
        var message: String
        var severity = "error"
        var position: Position
        var highlights: [Position] = []
        var notes: [Position] = []
        var fixIts: [Position] = []
    }
    struct Result: Codable {
        var expandedSource: String?
        var diagnostics: [Diagnostic]
    }
    struct Loaded: Codable {
        var loaded: Bool
        var diagnostics: [Diagnostic]
    }

    /// The answer to one request, as JSON.
    static func answer(_ json: [UInt8]) -> [UInt8] {
        let encoder = JSONEncoder()
        let request = try? JSONDecoder().decode(Request.self, from: Data(json))
        let reply: Data?
        if request?.getCapability != nil {
            reply = try? encoder.encode(["getCapabilityResult": ["capability": Capability(protocolVersion: 7)]])
        } else if request?.loadPluginLibrary != nil {
            reply = try? encoder.encode(["loadPluginLibraryResult": Loaded(loaded: false, diagnostics: [])])
        } else if request?.expandAttachedMacro != nil {
            reply = try? encoder.encode(["expandMacroResult": Result(expandedSource: "", diagnostics: [])])
        } else if let expansion = request?.expandFreestandingMacro {
            let syntax = expansion.syntax
            let expanded = PreviewMacro.expansion(
                of: syntax.source, fileID: syntax.location.fileID, line: syntax.location.line)
            let diagnostics =
                expanded == nil
                ? [
                    Diagnostic(
                        message: "reveal-render's #Preview expects #Preview(…) { view }",
                        position: Position(fileName: syntax.location.fileName, offset: syntax.location.offset))
                ] : []
            reply = try? encoder.encode(
                ["expandMacroResult": Result(expandedSource: expanded, diagnostics: diagnostics)])
        } else {
            let unknown = Diagnostic(
                message: "reveal-render's #Preview plugin expands only #Preview",
                position: Position(fileName: "", offset: 0))
            reply = try? encoder.encode(["expandMacroResult": Result(expandedSource: nil, diagnostics: [unknown])])
        }
        return Array(reply ?? Data("{}".utf8))
    }

    /// Answers messages on standard input until it closes.
    static func serve() {
        while let header = read(count: 8) {
            let length = header.enumerated().reduce(0) { $0 | Int($1.element) << (8 * $1.offset) }
            guard length >= 0, length < 1 << 30, let body = read(count: length) else { return }
            let reply = answer(body)
            var frame = (0..<8).map { UInt8(truncatingIfNeeded: reply.count >> (8 * $0)) }
            frame += reply
            guard write(frame) else { return }
        }
    }

    /// `count` bytes of standard input, or nil at its end.
    private static func read(count: Int) -> [UInt8]? {
        guard count > 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let got = bytes.withUnsafeMutableBytes { Foundation.read(0, $0.baseAddress! + filled, count - filled) }
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { return nil }
            filled += got
        }
        return bytes
    }

    private static func write(_ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let wrote = bytes.withUnsafeBytes { Foundation.write(1, $0.baseAddress! + sent, bytes.count - sent) }
            if wrote < 0 && errno == EINTR { continue }
            guard wrote > 0 else { return false }
            sent += wrote
        }
        return true
    }
}

@main
enum PreviewPlugin {
    static func main() { PluginConnection.serve() }
}
