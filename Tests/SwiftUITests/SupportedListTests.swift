import Foundation
import XCTest

/// README's "What the module covers" against the module's public declarations: each type, function and
/// macro `Sources/SwiftUI` declares is named there, so the list cannot fall behind the code.
final class SupportedListTests: XCTestCase {
    private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../..").standardized

    /// Protocol plumbing a component never spells: result-builder and string-interpolation entry points,
    /// associated types, `VectorArithmetic`'s and `SetAlgebra`'s members.
    private let plumbing: Set<String> = [
        "Body", "Value", "body", "buildArray", "buildBlock", "buildEither", "buildExpression", "buildFinalResult",
        "buildIf", "buildOptional",
        "buildLimitedAvailability", "appendInterpolation", "appendLiteral", "scale", "contains", "intersection",
        "symmetricDifference", "union", "formIntersection", "formSymmetricDifference", "formUnion", "insert",
        "remove", "update", "next",
    ]

    func testEveryPublicDeclarationIsListedInTheReadme() throws {
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        guard let start = readme.range(of: "### What the module covers"),
            let end = readme.range(of: "The rules it follows", range: start.upperBound..<readme.endIndex)
        else { return XCTFail("README has no \"What the module covers\" section") }
        let section = readme[start.upperBound..<end.lowerBound]
        let words = Set(section.split(whereSeparator: { !($0.isLetter || $0.isNumber) }).map(String.init))
        let declared = try publicNames().subtracting(plumbing)
        XCTAssertGreaterThan(declared.count, 100)
        let missing = declared.subtracting(words).sorted()
        XCTAssertEqual(missing, [], "declared in Sources/SwiftUI, not listed in README")
    }

    /// The names after `public [static] struct|enum|protocol|class|func|macro|typealias` in the module.
    private func publicNames() throws -> Set<String> {
        let folder = root.appendingPathComponent("Sources/SwiftUI")
        let kinds: Set<Substring> = ["struct", "enum", "protocol", "class", "func", "macro", "typealias"]
        var names = Set<String>()
        let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
        for file in files where file.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            let tokens = text.split(whereSeparator: { $0 == " " || $0 == "\n" })
            for i in tokens.indices.dropLast(2) where tokens[i] == "public" {
                var j = i + 1
                while ["static", "final", "nonisolated", "mutating"].contains(tokens[j]), j + 1 < tokens.count {
                    j += 1
                }
                guard kinds.contains(tokens[j]), j + 1 < tokens.count else { continue }
                let name = tokens[j + 1].prefix(while: { $0.isLetter || $0.isNumber || $0 == "_" })
                if let first = name.first, first != "_" { names.insert(String(name)) }
            }
        }
        return names
    }
}
