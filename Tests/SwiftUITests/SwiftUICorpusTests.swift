import Foundation
import RevealRender
import RevealRenderTesting
import XCTest

/// The real-world SwiftUI corpus (`../shared/corpus/swiftui`, read in place): every item README does not list
/// as "not yet" compiles unchanged and renders its frame, so an item that works cannot stop working unnoticed;
/// and the list names only items there are.
final class SwiftUICorpusTests: XCTestCase {
    private var corpus: URL { ReleaseBinary.root.appendingPathComponent("../shared/corpus/swiftui").standardized }

    /// The items README lists between its corpus markers, by number.
    private func notYet() throws -> Set<String> {
        let readme = try String(contentsOf: ReleaseBinary.root.appendingPathComponent("README.md"), encoding: .utf8)
        guard let start = readme.range(of: "<!-- corpus: not yet -->"),
            let end = readme.range(of: "<!-- /corpus -->", range: start.upperBound..<readme.endIndex)
        else { throw ReleaseBinary.Missing(description: "README.md has no corpus markers") }
        let section = String(readme[start.upperBound..<end.lowerBound])
        let pattern = try NSRegularExpression(pattern: "`([0-9]{3})`")
        let range = NSRange(section.startIndex..., in: section)
        return Set(
            pattern.matches(in: section, range: range).compactMap { Range($0.range(at: 1), in: section) }
                .map { String(section[$0]) })
    }

    private struct Item: Decodable {
        var files: [String]
        var view: String?
        var time: Double?
    }

    func testEveryItemNotListedAsNotYetCompilesAndRenders() throws {
        guard FileManager.default.fileExists(atPath: corpus.path) else {
            throw XCTSkip("no corpus at \(corpus.path)")
        }
        let binary = try ReleaseBinary.url()
        let names = try FileManager.default.contentsOfDirectory(atPath: corpus.path)
            .filter { $0.range(of: "^[0-9]{3}-", options: .regularExpression) != nil }.sorted()
        let skipped = try notYet()
        XCTAssertEqual(
            skipped.subtracting(names.map { String($0.prefix(3)) }).sorted(), [],
            "README lists items the corpus does not have")
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("corpus-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        var rendered = 0
        for name in names where !skipped.contains(String(name.prefix(3))) {
            let folder = corpus.appendingPathComponent(name)
            let item = try JSONDecoder().decode(
                Item.self, from: Data(contentsOf: folder.appendingPathComponent("item.json")))
            let out = scratch.appendingPathComponent(name + ".png")
            var arguments = ["swiftui"] + item.files.map { folder.appendingPathComponent($0).path }
            if let view = item.view { arguments += ["--view", view] }
            arguments += ["--frame", String(Int(((item.time ?? 0) * 60).rounded())), "--out", out.path, "--quiet"]
            try ReleaseBinary.run(binary, arguments, expecting: 0)
            XCTAssertTrue(FileManager.default.fileExists(atPath: out.path), "\(name): no frame written")
            rendered += 1
        }
        // The everyday screens (001–030) render but for those listed: 28 of 30 now (014 and 018 need what
        // Foundation lacks on Linux).
        XCTAssertGreaterThanOrEqual(names.filter { $0 < "031" && !skipped.contains(String($0.prefix(3))) }.count, 28)
        XCTAssertGreaterThan(rendered, 30)
    }

    /// `Fixtures/corpus/key-frames`: each item's number and the times of its golden frames, played through its
    /// script `Fixtures/corpus/NNN.script.json` (a scroll, a tap, a push, a sheet, text typed, a drag, a press).
    private func keyFrames() throws -> [(number: String, times: [Double])] {
        let list = try String(
            contentsOf: ReleaseBinary.root.appendingPathComponent("Fixtures/corpus/key-frames"), encoding: .utf8)
        return list.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }.map { line in
            let words = line.split(separator: " ")
            return (String(words[0]), words.dropFirst().compactMap { Double($0) })
        }
    }

    func testEachItemPlaysItsScriptToItsGoldenFrames() throws {
        guard FileManager.default.fileExists(atPath: corpus.path) else {
            throw XCTSkip("no corpus at \(corpus.path)")
        }
        let binary = try ReleaseBinary.url()
        let names = try FileManager.default.contentsOfDirectory(atPath: corpus.path)
        let skipped = try notYet()
        let listed = try keyFrames()
        // Every item that renders has its script and frames.
        XCTAssertEqual(
            listed.map(\.number).sorted(),
            names.filter { $0.range(of: "^[0-9]{3}-", options: .regularExpression) != nil }
                .filter { !skipped.contains(String($0.prefix(3))) }.map { String($0.prefix(3)) }.sorted())
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("items-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        for (number, times) in listed {
            let name = try XCTUnwrap(names.first { $0.hasPrefix(number + "-") }, "no corpus item \(number)")
            let folder = corpus.appendingPathComponent(name)
            let item = try JSONDecoder().decode(
                Item.self, from: Data(contentsOf: folder.appendingPathComponent("item.json")))
            let script = ReleaseBinary.root.appendingPathComponent("Fixtures/corpus/\(number).script.json")
            var arguments = ["swiftui"] + item.files.map { folder.appendingPathComponent($0).path }
            if let view = item.view { arguments += ["--view", view] }
            // At one pixel a point, to keep the goldens small.
            arguments += ["--script", script.path, "--scale", "1", "--quiet"]
            XCTAssertFalse(times.isEmpty, "\(number): no times")
            for time in times {
                let out = scratch.appendingPathComponent("\(number)-\(time).png")
                try ReleaseBinary.run(binary, arguments + ["--time", String(time), "--out", out.path], expecting: 0)
                let frame = try PNG.decode(Array(Data(contentsOf: out)))
                assertGolden(
                    frame, named: "\(number)-" + String(format: "%.2f", time).replacingOccurrences(of: ".", with: "_"))
            }
        }
    }
}
