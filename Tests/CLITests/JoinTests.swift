import Foundation
import RevealTestSupport
import XCTest

@testable import RevealRender

/// `reveal-render join`: shards of one run, named in any order, join into exactly the whole run's
/// folder; parts of other scenes or settings, gaps and overlaps are refused; parts never change.
final class JoinTests: CLITestCase {
    private static let scene = """
        {"width": 20, "height": 10, "scale": 1, "fps": 60, "brushWidth": 6, "revealThreshold": 0.5,
         "strokes": [{"points": [[2, 5, 0], [10, 5, 0.05], [18, 5, 0.1]]}]}
        """

    private func render(_ args: [String], in workspace: URL) throws {
        let result = try run(["--stroke", "strokes.json", "--quiet"] + args, in: workspace)
        XCTAssertEqual(result.status, 0, result.stderr)
    }

    func testShardsJoinIntoTheWholeRunByteForByte() throws {
        let workspace = try makeWorkspace(scene: JoinTests.scene)
        try render(["--out", "whole"], in: workspace)
        let whole = try snapshot(workspace.appendingPathComponent("whole"))
        let count = whole.keys.filter { $0.hasPrefix("frame-") }.count
        XCTAssertGreaterThan(count, 8)
        try render(["--out", "part-b", "--frames", "5-\(count - 1)"], in: workspace)
        try render(["--out", "part-a", "--frames", "0-4"], in: workspace)
        let parts = try ["part-a", "part-b"].map { try snapshot(workspace.appendingPathComponent($0)) }
        let joined = try run(["join", "part-b", "part-a", "--out", "joined"], in: workspace)
        XCTAssertEqual(joined.status, 0, joined.stderr)
        XCTAssertTrue(
            joined.stderr.hasPrefix("joined 2 parts into \(count) frames (all linked) in joined in "), joined.stderr)
        XCTAssertEqual(
            try snapshot(workspace.appendingPathComponent("joined")), whole,
            "the whole run's frames and manifest, byte for byte")
        XCTAssertEqual(
            try ["part-a", "part-b"].map { try snapshot(workspace.appendingPathComponent($0)) }, parts,
            "the parts are unchanged")
        // Linked, not copied: the joined frame is the part's file.
        let linked = try FileManager.default.attributesOfItem(
            atPath: workspace.appendingPathComponent("joined/frame-00000.png").path)
        XCTAssertEqual(linked[.referenceCount] as? Int, 2)
        // The manifest says which run it is; a part's lists totalFrames as well.
        let manifest = try XCTUnwrap(
            JSONSerialization.jsonObject(
                with: Data(contentsOf: workspace.appendingPathComponent("part-a/manifest.json"))) as? [String: Any])
        XCTAssertEqual((manifest["sceneDigest"] as? String)?.count, 64)
        XCTAssertEqual(manifest["totalFrames"] as? Int, count)
    }

    func testGapsOverlapsAndOtherScenesAreRefusedNamingThePart() throws {
        let workspace = try makeWorkspace(scene: JoinTests.scene)
        try render(["--out", "whole"], in: workspace)
        let count = try names(in: workspace.appendingPathComponent("whole")).filter { $0.hasPrefix("frame-") }.count
        try render(["--out", "a", "--frames", "0-4"], in: workspace)
        try render(["--out", "b", "--frames", "4-\(count - 1)"], in: workspace)
        try render(["--out", "c", "--frames", "6-\(count - 1)"], in: workspace)
        try render(["--out", "d", "--frames", "5-6", "--fps", "30"], in: workspace)
        try render(["--out", "e", "--frames", "5-6", "--reduce-motion"], in: workspace)
        func refusal(_ args: [String]) throws -> String {
            let result = try run(["join"] + args + ["--out", "out"], in: workspace)
            XCTAssertEqual(result.status, 2, args.joined(separator: " "))
            XCTAssertFalse(
                FileManager.default.fileExists(atPath: workspace.appendingPathComponent("out/manifest.json").path))
            return result.stderrLines.first ?? ""
        }
        XCTAssertEqual(
            try refusal(["a", "b"]), "reveal-render join: b/manifest.json: frame 4 is also in a: the parts overlap")
        XCTAssertEqual(
            try refusal(["a", "c"]),
            "reveal-render join: frames 5-5 are in no part: a gap (render them with --frames 5-5)")
        XCTAssertEqual(
            try refusal(["c"]), "reveal-render join: frames 0-5 are in no part: a gap (render them with --frames 0-5)")
        XCTAssertTrue(
            try refusal(["a", "d"]).hasPrefix("reveal-render join: d/manifest.json: fps: differs from a/manifest.json"))
        XCTAssertTrue(
            try refusal(["a", "e"]).hasPrefix(
                "reveal-render join: e/manifest.json: sceneDigest: differs from a/manifest.json: the parts are of another scene or other settings (the scene file, its images or the flags differ)"
            ))
        XCTAssertTrue(
            try refusal(["whole"]).hasPrefix(
                "reveal-render join: whole/manifest.json: totalFrames: missing or not a frame count"))
        XCTAssertTrue(try refusal(["nowhere"]).hasPrefix("reveal-render join: nowhere: no readable manifest"))
        let into = try run(["join", "a", "b", "--out", "a/inner"], in: workspace)
        XCTAssertEqual(into.status, 2)
        XCTAssertTrue(into.stderr.contains("lies inside the part \"a\"; join never changes its parts"), into.stderr)
        XCTAssertEqual(try run(["join", "a"], in: workspace).status, 2, "no --out")
        XCTAssertEqual(
            try run(["join", "--ot", "x", "a"], in: workspace).stderrLines.first,
            "reveal-render join: unknown option --ot (did you mean --out?)")
    }
}
