import Foundation
import RevealTestSupport
import XCTest

@testable import RevealRender

/// `reveal-render strokes …` writes stroke files that load and render, the same for the same seed.
final class StrokesCommandTests: CLITestCase {
    func testEveryPatternMakesAValidStrokeFile() throws {
        let workspace = try makeWorkspace()
        for pattern in ["zigzag", "spiral", "taps"] {
            let generated = try run(["strokes", pattern, "--jitter", "0.5", "--seed", "7"], in: workspace)
            XCTAssertEqual(generated.status, 0, generated.stderr)
            let scene = try ScratchSceneFile.decode(Array(generated.stdout.utf8), file: pattern, baseDirectory: ".")
            XCTAssertEqual(scene.width, 337)
            XCTAssertEqual(scene.brushWidth, 56)
            XCTAssertFalse(scene.strokes.isEmpty, pattern)
            XCTAssertEqual(
                try run(["strokes", pattern, "--jitter", "0.5", "--seed", "7"], in: workspace).stdout, generated.stdout)
        }
        let taps = try ScratchSceneFile.decode(
            Array(try run(["strokes", "taps", "--count", "5"], in: workspace).stdout.utf8),
            file: "taps", baseDirectory: ".")
        XCTAssertEqual(taps.strokes.map(\.points.count), [1, 1, 1, 1, 1])
        XCTAssertNotEqual(
            try run(["strokes", "taps", "--seed", "1"], in: workspace).stdout,
            try run(["strokes", "taps", "--seed", "2"], in: workspace).stdout)
    }

    /// What the help promises: the zigzag and the spiral, with their defaults, reveal the demo card.
    func testTheZigzagAndTheSpiralRevealTheDemoCard() throws {
        let workspace = try makeWorkspace()
        for pattern in ["zigzag", "spiral"] {
            let generated = try run(["strokes", pattern], in: workspace)
            try Data(generated.stdout.utf8).write(to: workspace.appendingPathComponent(pattern + ".json"))
            let scene = try ScratchSceneFile.load(path: workspace.appendingPathComponent(pattern + ".json").path)
            XCTAssertNotNil(ScratchTimeline(scene: scene).revealTime, pattern)
        }
    }

    func testBadOptionsExit2() throws {
        let workspace = try makeWorkspace()
        for args in [
            ["strokes"], ["strokes", "circles"], ["strokes", "zigzag", "--speed", "fast"],
            ["strokes", "zigzag", "--colour", "1"], ["strokes", "zigzag", "--rate", "0"],
        ] {
            let result = try run(args, in: workspace)
            XCTAssertEqual(result.status, 2, args.joined(separator: " "))
            XCTAssertTrue(result.stdout.isEmpty)
        }
    }
}
