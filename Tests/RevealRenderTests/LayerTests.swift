import Foundation
import RevealTestSupport
import XCTest

/// The engine's layers, as Package.swift declares them and as their files import them: each layer depends on
/// layers below it only, and no file imports a module its target does not declare. SwiftPM lets a file import
/// any module already built, so the declaration alone does not hold the direction; this test does.
final class LayerTests: XCTestCase {
    /// Lowest first: each may use only those before it (and the C targets and the system's modules).
    static let layers = [
        "RevealCore", "RevealRaster", "RevealText", "RevealOutput", "RevealDisplay", "RevealLayout",
        "RevealComparison", "RevealScenes", "RevealRender",
    ]
    /// Modules any file may import: the toolchain's.
    static let system: Set<String> = [
        "Foundation", "Glibc", "Darwin", "Dispatch", "_Concurrency", "XCTest", "Testing", "Observation",
        "Synchronization",
    ]

    func testEachLayerDependsOnlyOnLayersBelowIt() throws {
        let targets = try Self.declaredTargets()
        for (index, layer) in Self.layers.enumerated() {
            let dependencies = try XCTUnwrap(targets[layer], "Package.swift declares no target \(layer)")
            let below = Set(Self.layers[..<index])
            for dependency in dependencies where Self.layers.contains(dependency) {
                XCTAssertTrue(below.contains(dependency), "\(layer) depends on \(dependency), a layer above it")
            }
        }
    }

    /// Every target in `Sources`, the layers and what stands on them: a file imports only its target's
    /// declared dependencies.
    func testEveryFileImportsOnlyWhatItsTargetDeclares() throws {
        let targets = try Self.declaredTargets()
        var checked = 0
        for (target, dependencies) in targets.sorted(by: { $0.key < $1.key }) {
            let folder = Repository.root + "/Sources/" + target
            guard FileManager.default.fileExists(atPath: folder) else { continue }
            let allowed = Set(dependencies).union(Self.system)
            for file in try Self.swiftFiles(in: folder) {
                for module in try Self.imports(of: file) {
                    XCTAssertTrue(
                        allowed.contains(module),
                        "\(file.dropFirst(Repository.root.count + 1)) imports \(module), which \(target) does not depend on"
                    )
                }
                checked += 1
            }
        }
        let all = try Self.swiftFiles(in: Repository.root + "/Sources").count
        XCTAssertEqual(checked, all, "a Swift file in Sources belongs to no target Package.swift names")
    }

    /// Our SwiftUI lowers views onto the layout layer: it stands on no layer above it (not on the port).
    func testTheSwiftUIFrontEndStandsOnTheLayoutLayer() throws {
        let dependencies = try XCTUnwrap(try Self.declaredTargets()["SwiftUI"])
        let ceiling = try XCTUnwrap(Self.layers.firstIndex(of: "RevealLayout"))
        for dependency in dependencies {
            guard let index = Self.layers.firstIndex(of: dependency) else { continue }
            XCTAssertLessThanOrEqual(index, ceiling, "SwiftUI depends on \(dependency)")
        }
    }

    /// What an upward import looks like to these checks: a raster file that imports the scenes is named.
    func testAnUpwardImportIsFound() throws {
        let targets = try Self.declaredTargets()
        let allowed = Set(targets["RevealRaster"] ?? []).union(Self.system)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("LayerTests-\(getpid()).swift").path
        try "import Foundation\n@testable import RevealScenes\nimport RevealCore\n".write(
            toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        XCTAssertEqual(try Self.imports(of: file).filter { !allowed.contains($0) }, ["RevealScenes"])
    }

    /// Each target's name and the names in its `dependencies:` list, read from Package.swift's text.
    static func declaredTargets() throws -> [String: [String]] {
        let manifest = try String(contentsOfFile: Repository.root + "/Package.swift", encoding: .utf8)
        var targets: [String: [String]] = [:]
        let declaration = try NSRegularExpression(
            pattern:
                #"\.(?:target|executableTarget|testTarget|macro)\(\s*name:\s*"([^"]+)"(?:,\s*dependencies:\s*\[([^\]]*)\])?"#
        )
        let text = manifest as NSString
        for match in declaration.matches(in: manifest, range: NSRange(location: 0, length: text.length)) {
            let name = text.substring(with: match.range(at: 1))
            let list = match.range(at: 2).location == NSNotFound ? "" : text.substring(with: match.range(at: 2))
            targets[name] = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
                .filter { !$0.isEmpty }.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
        }
        return targets
    }

    /// The modules a Swift file imports (`import X`, `@testable import X`, `@_exported import X`, `import struct X.Y`).
    static func imports(of file: String) throws -> [String] {
        try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ").filter { !$0.hasPrefix("@") }
            guard words.first == "import", words.count >= 2 else { return nil }
            let kinds: Set<Substring> = ["struct", "class", "enum", "protocol", "func", "var", "let", "typealias"]
            let name = kinds.contains(words[1]) && words.count >= 3 ? words[2] : words[1]
            return String(name.split(separator: ".")[0])
        }
    }

    /// The Swift files below `folder` that belong to its target: not those of a `Template` folder, which a
    /// target excludes (RevealViewHost's `main.swift`, compiled by reveal-render with a user's files).
    static func swiftFiles(in folder: String) throws -> [String] {
        try FileManager.default.subpathsOfDirectory(atPath: folder)
            .filter { $0.hasSuffix(".swift") && !$0.split(separator: "/").contains("Template") }
            .sorted().map { folder + "/" + $0 }
    }
}
