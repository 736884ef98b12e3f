import Foundation
import XCTest

/// The article "Supported SwiftUI" (`Sources/SwiftUI/SwiftUI.docc/SupportedSwiftUI.md`) against the module's
/// public declarations: each type, function and macro `Sources/SwiftUI` declares is named there, so the list
/// cannot fall behind the code.
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

    static let article = "Sources/SwiftUI/SwiftUI.docc/SupportedSwiftUI.md"

    func testEveryPublicDeclarationIsListedInTheSupportedList() throws {
        let text = try String(contentsOf: root.appendingPathComponent(Self.article), encoding: .utf8)
        guard let start = text.range(of: "## Overview"),
            let end = text.range(of: "The rules it follows", range: start.upperBound..<text.endIndex)
        else { return XCTFail("\(Self.article) has no list between \"## Overview\" and \"The rules it follows\"") }
        let section = text[start.upperBound..<end.lowerBound]
        let words = Set(section.split(whereSeparator: { !($0.isLetter || $0.isNumber) }).map(String.init))
        let declared = try publicNames().subtracting(plumbing)
        XCTAssertGreaterThan(declared.count, 100)
        let missing = declared.subtracting(words).sorted()
        XCTAssertEqual(missing, [], "declared in Sources/SwiftUI, not listed in \(Self.article)")
    }

    /// SwiftUI names we keep: the everyday API the issues and the corpus name, each either drawn (declared in
    /// the module) or declared unavailable (`Fixtures/swiftui/unavailable.txt`), never both or neither.
    private let kept = [
        "VStack", "HStack", "ZStack", "Text", "Image", "Button", "Toggle", "Slider", "Picker", "ProgressView", "Label",
        "Spacer", "Divider", "ForEach", "GeometryReader", "Canvas", "TimelineView", "ScrollView", "ScrollViewReader",
        "List", "Form", "Section", "LazyVGrid", "LazyHGrid", "GridItem", "NavigationStack", "NavigationView",
        "NavigationSplitView", "NavigationLink", "TabView", "TextField", "SecureField", "TextEditor", "Stepper",
        "DatePicker", "ColorPicker", "Table", "Menu", "DisclosureGroup", "GroupBox", "Link", "ContentUnavailableView",
        "ToolbarItem", "navigationTitle", "navigationBarTitleDisplayMode", "navigationDestination", "toolbar",
        "sheet", "fullScreenCover", "alert", "confirmationDialog", "inspector", "searchable", "refreshable",
        "swipeActions", "listRowInsets", "listRowBackground", "listRowSeparator", "scrollIndicators", "tabItem",
        "padding", "frame", "background", "overlay", "foregroundStyle", "font", "animation", "transition",
        "onTapGesture",
        "gesture", "onAppear", "task", "listStyle", "textFieldStyle", "AppStorage", "PreferenceKey", "EnvironmentKey",
        "LabeledContent", "NavigationPath", "scrollTargetBehavior", "containerRelativeFrame",
    ]

    /// The unavailable list's names (its types, top-level enums and modifiers), and its generated declarations in step.
    func testTheUnavailableListAndTheSupportedListNeverShareANameAndCoverWhatWeKeep() throws {
        let check = Process()
        check.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        check.arguments = ["python3", root.appendingPathComponent("Scripts/generate-unavailable").path, "--check"]
        try check.run()
        check.waitUntilExit()
        XCTAssertEqual(
            check.terminationStatus, 0, "Unavailable.swift is not what Fixtures/swiftui/unavailable.txt gives")
        let data = try String(
            contentsOf: root.appendingPathComponent("Fixtures/swiftui/unavailable.txt"), encoding: .utf8)
        var unavailable = Set<String>()
        for line in data.split(separator: "\n") where !line.hasPrefix("#") {
            let words = line.split(separator: " ", maxSplits: 1)
            let kinds = ["type", "value", "enum", "modifier", "wrapper", "protocol", "style"]
            guard words.count == 2, kinds.contains(String(words[0])) else { continue }
            let name = words[1].prefix(while: { $0.isLetter || $0.isNumber || $0 == "_" })
            if words[0] != "enum" || !words[1].prefix(while: { $0 != ":" }).contains(".") {
                unavailable.insert(String(name))
            }
            // A style's own types: `style ListStyle: plain PlainListStyle, …`.
            if words[0] == "style" {
                for member in words[1].split(separator: ":", maxSplits: 1).last?.split(separator: ",") ?? [] {
                    if let type = member.split(separator: " ").last { unavailable.insert(String(type)) }
                }
            }
        }
        XCTAssertGreaterThan(unavailable.count, 5, "the list is read (it shrinks as the module draws more)")
        let supported = try publicNames()
        XCTAssertEqual(unavailable.intersection(supported).sorted(), [], "both drawn and declared unavailable")
        XCTAssertEqual(
            kept.filter { !supported.contains($0) && !unavailable.contains($0) }, [],
            "neither drawn nor declared unavailable")
    }

    /// The names after `public [static] struct|enum|protocol|class|func|macro|typealias` in the module, but for
    /// its unavailable declarations.
    private func publicNames() throws -> Set<String> {
        let folder = root.appendingPathComponent("Sources/SwiftUI")
        let kinds: Set<Substring> = ["struct", "enum", "protocol", "class", "func", "macro", "typealias"]
        var names = Set<String>()
        let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
        for file in files where file.hasSuffix(".swift") && !file.hasPrefix("Unavailable/") {
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
