import Foundation
import XCTest

@testable import RevealRender

/// The seeds' own code, compiled unchanged from `../shared/seeds/` against our SwiftUI module and played by
/// `reveal-render swiftui`, against the hand port (`--demo`): the same frames, the same frame count and the
/// same accessibility elements in every frame. The scratch demo's pixels are the same, byte for byte. The
/// circle demo's may differ by one level in 0.1 % of a frame: the button's title cross-fades on the port's
/// timeline and on the seed's transaction, and at a few frames the two opacities round to adjacent levels.
///
/// Runs the release binary, which `Scripts/test` builds: a debug build takes seconds a frame at 3×.
final class SeedAgreementTests: XCTestCase {
    private var root: URL { ReleaseBinary.root }

    func testTheScratchSeedMatchesTheDemoFrameForFrame() throws {
        try agree(
            seed: "ScratchToReveal.swift", view: "ScratchToRevealDemo", demo: "scratch",
            script: try scratchScript(), frames: try ScratchScene.demo.prepare().frameCount, exactly: true)
    }

    func testTheCircleSeedMatchesTheDemoFrameForFrame() throws {
        try agree(
            seed: "CircleRevealTransition.swift", view: "CircleRevealTransitionDemo", demo: "circle",
            script: try circleScript(), frames: try CircleRevealScene.demo.prepare().frameCount, exactly: false)
    }

    /// Frames drawn from the frame before (what changed only: a canvas's new stroke, a ring of a growing
    /// clip, a fading layer kept) are byte for byte the frames drawn whole, in both seeds.
    func testFramesDrawnFromTheFrameBeforeEqualFramesDrawnWhole() throws {
        for (seed, view, script) in [
            ("ScratchToReveal.swift", "ScratchToRevealDemo", try scratchScript()),
            ("CircleRevealTransition.swift", "CircleRevealTransitionDemo", try circleScript()),
        ] {
            let work = try workFolder("redraw")
            defer { try? FileManager.default.removeItem(at: work) }
            let incremental = work.appendingPathComponent("incremental")
            let whole = work.appendingPathComponent("whole")
            try play(seed: seed, view: view, script: script, out: incremental)
            try play(seed: seed, view: view, script: script, out: whole, ["--redraw-all"])
            let names = try FileManager.default.contentsOfDirectory(atPath: whole.path).filter { $0.hasSuffix(".png") }
            XCTAssertGreaterThan(names.count, 100, seed)
            var differing: [String] = []
            for name in names.sorted() {
                let a = try Data(contentsOf: incremental.appendingPathComponent(name))
                let b = try Data(contentsOf: whole.appendingPathComponent(name))
                if a != b { differing.append(name) }
            }
            XCTAssertEqual(differing, [], "\(seed): frames drawn from the frame before differ from frames drawn whole")
        }
    }

    /// `Fixtures/swiftui/scratch-demo.script.json`, checked against the port's demo: its strokes moved from
    /// the card into screen points, its reset a tap on "Try again", its end the demo's.
    private func scratchScript() throws -> URL {
        let url = root.appendingPathComponent("Fixtures/swiftui/scratch-demo.script.json")
        let script = try ViewScriptFile.load(path: url.path)
        let fixture = try ScratchSceneFile.load(
            path: root.appendingPathComponent("Fixtures/docs/scratch-demo.json").path)
        let screen = try XCTUnwrap(ScratchScene.demo.screen)
        let card = try ScreenLayout(screen, fonts: .inter, scale: 3, conditions: [:]).effectFrame
        XCTAssertEqual(script.touches.count, fixture.strokes.count)
        for (touch, stroke) in zip(script.touches, fixture.strokes) {
            XCTAssertEqual(
                touch.points.map { [$0.x, $0.y, $0.t] }, stroke.points.map { [$0.x + card.x, $0.y + card.y, $0.t] })
        }
        XCTAssertEqual(
            script.taps.map(\.t), fixture.actions.filter { $0.type == .reset }.map(\.t))
        XCTAssertTrue(script.taps.allSatisfy { $0.target == .label("Try again") })
        XCTAssertEqual(script.until, try ScratchScene.demo.prepare().timeline.endTime)
        return url
    }

    /// `Fixtures/swiftui/circle-demo.script.json`, checked against the port's demo: its toggles as taps on
    /// the button, by its title at the time.
    private func circleScript() throws -> URL {
        let url = root.appendingPathComponent("Fixtures/swiftui/circle-demo.script.json")
        let script = try ViewScriptFile.load(path: url.path)
        let demo = CircleRevealScene.demo
        XCTAssertEqual(script.taps.map(\.t), demo.toggles)
        XCTAssertEqual(
            script.taps.map(\.target), demo.toggles.indices.map { .label($0 % 2 == 0 ? "Sunset" : "Sunrise") })
        return url
    }

    /// Plays `view` from the seed file through `script` and holds its frames against `--demo demo`'s: byte
    /// for byte `exactly`, else within a level in 0.1 % of each frame.
    private func agree(seed: String, view: String, demo: String, script: URL, frames: Int, exactly: Bool) throws {
        let binary = try ReleaseBinary.url()
        let work = try workFolder("seed-\(demo)")
        defer { try? FileManager.default.removeItem(at: work) }
        let port = work.appendingPathComponent("port")
        let played = work.appendingPathComponent("seed")
        try ReleaseBinary.run(binary, ["--demo", demo, "--out", port.path, "--quiet"], expecting: 0)
        try play(seed: seed, view: view, script: script, out: played)

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
        try ReleaseBinary.run(
            binary,
            ["compare", port.path, played.path]
                + (exactly ? [] : ["--level-tolerance", "1"]), expecting: 0)
        if !exactly {
            try ReleaseBinary.run(
                binary, ["compare", port.path, played.path, "--max-diff-ratio", "0.001"], expecting: 0)
        }
    }

    /// Renders `view` from the seed file (read from ../shared/seeds, never copied) through `script` into `out`.
    private func play(seed: String, view: String, script: URL, out: URL, _ extra: [String] = []) throws {
        let seedFile = root.deletingLastPathComponent().appendingPathComponent("shared/seeds/\(seed)")
        _ = try XCTUnwrap(
            FileManager.default.fileExists(atPath: seedFile.path) ? seedFile : nil,
            "the seed \(seedFile.path) is missing: it belongs beside the repository, in ../shared")
        try ReleaseBinary.run(
            try ReleaseBinary.url(),
            ["swiftui", seedFile.path, "--view", view, "--script", script.path, "--out", out.path, "--quiet"] + extra,
            expecting: 0)
    }

    private func workFolder(_ name: String) throws -> URL {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        return work
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
