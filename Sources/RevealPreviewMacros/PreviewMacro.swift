// The `#Preview` macro's plugin. Built by `reveal-render swiftui` with swiftc against the toolchain's own
// SwiftSyntax host libraries (usr/lib/swift/host), so no swift-syntax package is fetched; not a SwiftPM target.
import SwiftSyntax
import SwiftSyntaxMacros

/// Expands `#Preview { body }` to a function the generated `main.swift` can call:
/// `@MainActor func __revealPreview(FILE_LINE: Void = ()) -> any View { body }`, named by the file and the
/// line of the `#Preview`, so that several previews in a module do not clash. The body is type-checked as
/// the function's.
public struct PreviewMacro: DeclarationMacro {
    public static func expansion(
        of node: some FreestandingMacroExpansionSyntax, in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let body = node.trailingClosure ?? node.arguments.last?.expression.as(ClosureExprSyntax.self) else {
            return []
        }
        var label = "preview"
        if let location = context.location(of: node, at: .afterLeadingTrivia, filePathMode: .fileID),
            let file = location.file.as(StringLiteralExprSyntax.self)?.representedLiteralValue,
            let line = location.line.as(IntegerLiteralExprSyntax.self)?.literal.text
        {
            label = previewLabel(file: file, line: line)
        }
        return ["@MainActor func __revealPreview(\(raw: label): Void = ()) -> any View { \(body.statements) }"]
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
