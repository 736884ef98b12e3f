import Foundation
import XCTest

@testable import RevealRender

/// The seeds' own code, compiled unchanged from `../shared/seeds/` against our SwiftUI module and played by
/// `reveal-render swiftui`, against the hand port (`--demo`): the same frames, the same frame count and the
/// same accessibility elements in every frame. Pixels may differ by at most 2 levels anywhere and 1 level
/// at the 99.9th percentile (the port composites the card in its own pixmap, rounding differently).
///
/// Runs the release binary, which `Scripts/test` builds: a debug build takes seconds a frame at 3×.
final class SeedAgreementTests: XCTestCase {
    private var root: URL { ReleaseBinary.root }

    func testTheScratchSeedMatchesTheDemoFrameForFrame() throws {
        // The demo's strokes, moved from the card into screen points, and its reset as a tap on "Try again".
        let fixture = try ScratchSceneFile.load(
            path: root.appendingPathComponent("Fixtures/docs/scratch-demo.json").path)
        let prepared = try ScratchScene.demo.prepare()
        let screen = try XCTUnwrap(ScratchScene.demo.screen)
        let card = try ScreenLayout(screen, fonts: .inter, scale: 3, conditions: [:]).effectFrame
        XCTAssertEqual(fixture.strokes.count, ScratchScene.demo.strokes.count)
        let touches = fixture.strokes.map { stroke in
            ["points": stroke.points.map { [$0.x + card.x, $0.y + card.y, $0.t] }]
        }
        let taps = fixture.actions.filter { $0.type == .reset }.map {
            ["t": $0.t, "label": "Try again"] as [String: Any]
        }
        try agree(
            seed: "ScratchToReveal.swift", view: "ScratchToRevealDemo", demo: "scratch",
            script: [
                "width": 393, "height": 852, "scale": 3, "fps": 60, "safeArea": "phone", "touches": touches,
                "taps": taps, "until": prepared.timeline.endTime,
            ], frames: prepared.frameCount)
    }

    func testTheCircleSeedMatchesTheDemoFrameForFrame() throws {
        // The demo's toggles as taps on its button, by its title at the time.
        let demo = CircleRevealScene.demo
        let prepared = try demo.prepare()
        let taps = demo.toggles.enumerated().map { k, t in
            ["t": t, "label": k % 2 == 0 ? "Sunset" : "Sunrise"] as [String: Any]
        }
        try agree(
            seed: "CircleRevealTransition.swift", view: "CircleRevealTransitionDemo", demo: "circle",
            script: [
                "width": 393, "height": 852, "scale": 3, "fps": 60, "safeArea": "phone", "taps": taps,
            ], frames: prepared.frameCount)
    }

    /// Plays `view` from the seed file through `script` and holds its frames against `--demo demo`'s.
    private func agree(seed: String, view: String, demo: String, script: [String: Any], frames: Int) throws {
        let binary = try ReleaseBinary.url()
        let seedFile = root.deletingLastPathComponent().appendingPathComponent("shared/seeds/\(seed)")
        guard FileManager.default.fileExists(atPath: seedFile.path) else {
            return XCTFail("the seed \(seedFile.path) is missing: it belongs beside the repository, in ../shared")
        }
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("seed-\(demo)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let scriptFile = work.appendingPathComponent("script.json")
        try JSONSerialization.data(withJSONObject: script).write(to: scriptFile)
        let port = work.appendingPathComponent("port")
        let played = work.appendingPathComponent("seed")
        try ReleaseBinary.run(binary, ["--demo", demo, "--out", port.path, "--quiet"], expecting: 0)
        try ReleaseBinary.run(
            binary,
            ["swiftui", seedFile.path, "--view", view, "--script", scriptFile.path, "--out", played.path, "--quiet"],
            expecting: 0)

        // The same frames, each read the same by VoiceOver.
        let portFrames = try manifestFrames(port)
        let playedFrames = try manifestFrames(played)
        XCTAssertEqual(portFrames.count, frames)
        XCTAssertEqual(playedFrames.count, frames)
        for (index, (a, b)) in zip(portFrames, playedFrames).enumerated() {
            let expected = a["accessibility"] as? [[String: Any]] ?? []
            let actual = b["accessibility"] as? [[String: Any]] ?? []
            XCTAssertEqual(expected.map(describe), actual.map(describe), "frame \(index)'s accessibility elements")
        }

        // The pixels, without the manifests (which differ in what only the port knows, such as coverage).
        try FileManager.default.removeItem(at: port.appendingPathComponent("manifest.json"))
        try FileManager.default.removeItem(at: played.appendingPathComponent("manifest.json"))
        try ReleaseBinary.run(binary, ["compare", port.path, played.path, "--level-tolerance", "2"], expecting: 0)
        try ReleaseBinary.run(
            binary, ["compare", port.path, played.path, "--level-tolerance", "1", "--max-diff-ratio", "0.001"],
            expecting: 0)
    }

    /// An element as label, hint, traits, actions and its frame to a hundredth of a point.
    private func describe(_ element: [String: Any]) -> String {
        let frame = element["frame"] as? [String: Double] ?? [:]
        let box = ["x", "y", "width", "height"].map { String(format: "%.2f", frame[$0] ?? .nan) }
        return "\(element["label"] ?? "") | \(element["hint"] ?? "-") | \(element["traits"] ?? "") | "
            + "\(element["actions"] ?? "") | \(box.joined(separator: " "))"
    }

    private func manifestFrames(_ folder: URL) throws -> [[String: Any]] {
        let data = try Data(contentsOf: folder.appendingPathComponent("manifest.json"))
        let manifest = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try XCTUnwrap(manifest["frames"] as? [[String: Any]])
    }
}
