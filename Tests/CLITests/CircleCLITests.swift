/// End-to-end tests of `reveal-render --circle FILE` and `--demo circle`, run as a subprocess.
///
/// Bad circle scene files (wrong types, origins, toggles, curves, springs, unknown fields) must exit 2
/// with one line naming the file, the JSON path and the reason, and write nothing; so must bad
/// `--origin`, `--curve` and `--duration` values. A good tiny scene renders the frames the library
/// renders, with a manifest giving each frame's progress, radius, opacity and visibility.
import Foundation
import RevealTestSupport
import XCTest

@testable import RevealRender

final class CircleCLITests: CLITestCase {
    /// 8×6 pixels at 10 fps, growing from the top-leading corner (cover radius hypot(8, 6) = 10) on a
    /// linear 0.2 s animation: inserted at 0, removed at 0.3, gone at 0.5: frames 0…5.
    private static let tinyScene = """
        {"width": 8, "height": 6, "scale": 1, "fps": 10, "origin": "topLeading",
         "animation": {"curve": "linear", "duration": 0.2}, "toggles": [0, 0.3]}
        """

    private func assertCircleRejected(_ scene: BadScene, file: StaticString = #filePath, line: UInt = #line) throws {
        try assertRejected(scene, flag: "--circle", fileName: "scene.json", file: file, line: line)
    }

    // MARK: - Bad scene files

    func testWrongTypesAreRejected() throws {
        let cases = [
            BadScene(
                name: "width as string", json: #"{"width": "20", "height": 10}"#,
                location: "width", reason: "expected a number, found a string"),
            BadScene(
                name: "toggles as object", json: #"{"width": 20, "height": 10, "toggles": {}}"#,
                location: "toggles", reason: "expected an array, found an object"),
            BadScene(
                name: "toggle as string", json: #"{"width": 20, "height": 10, "toggles": [0.5, "1"]}"#,
                location: "toggles[1]", reason: "expected a number, found a string"),
            BadScene(
                name: "reduceMotion as string", json: #"{"width": 20, "height": 10, "reduceMotion": "yes"}"#,
                location: "reduceMotion", reason: "expected true or false, found a string"),
            BadScene(
                name: "animation as array", json: #"{"width": 20, "height": 10, "animation": []}"#,
                location: "animation", reason: "expected an object, found an array"),
            BadScene(
                name: "base as number", json: #"{"width": 20, "height": 10, "base": 3}"#,
                location: "base", reason: "found a number"),
        ]
        for scene in cases { try assertCircleRejected(scene) }
    }

    func testBadOriginsAreRejected() throws {
        let cases = [
            BadScene(
                name: "unknown name", json: #"{"width": 20, "height": 10, "origin": "middle"}"#,
                location: "origin", reason: #"unknown unit point "middle""#, details: ["topLeading", "[x, y]"]),
            BadScene(
                name: "one number", json: #"{"width": 20, "height": 10, "origin": [0.5]}"#,
                location: "origin", reason: "a unit point is [x, y] or a name"),
            BadScene(
                name: "three numbers", json: #"{"width": 20, "height": 10, "origin": [0.5, 0.5, 0.5]}"#,
                location: "origin", reason: "a unit point is [x, y] or a name, found 3 numbers"),
            BadScene(
                name: "a number", json: #"{"width": 20, "height": 10, "origin": 5}"#,
                location: "origin", reason: "expected a unit point, [x, y] or a name such as \"center\", found a number"
            ),
            BadScene(
                name: "an object", json: #"{"width": 20, "height": 10, "origin": {"x": 0.5, "y": 0.5}}"#,
                location: "origin",
                reason: "expected a unit point, [x, y] or a name such as \"center\", found an object"),
            BadScene(
                name: "y not a number", json: #"{"width": 20, "height": 10, "origin": [0.5, "top"]}"#,
                location: "origin[1]", reason: "expected a number, found a string"),
        ]
        for scene in cases { try assertCircleRejected(scene) }
    }

    func testBadTogglesAreRejected() throws {
        try assertCircleRejected(
            BadScene(
                name: "backwards", json: #"{"width": 20, "height": 10, "toggles": [0.5, 1, 0.75]}"#,
                location: "toggles[2]", reason: "time 0.75 is earlier than 1"))
        try assertCircleRejected(
            BadScene(
                name: "negative", json: #"{"width": 20, "height": 10, "toggles": [-1]}"#,
                location: "toggles[0]", reason: "time -1 is negative"))
        try assertCircleRejected(
            BadScene(
                name: "more than a day", json: #"{"width": 20, "height": 10, "toggles": [1e6]}"#,
                location: "toggles[0]", reason: "time 1000000 is more than a day"))
    }

    func testBadAnimationsAreRejected() throws {
        let cases = [
            BadScene(
                name: "unknown curve", json: #"{"width": 20, "height": 10, "animation": {"curve": "wobbly"}}"#,
                location: "animation.curve", reason: #"unknown curve "wobbly""#,
                details: ["easeInOut", "bouncy", "timingCurve"]),
            BadScene(
                name: "spring with response and duration",
                json:
                    #"{"width": 20, "height": 10, "animation": {"curve": {"spring": {"response": 0.5, "duration": 0.5}}}}"#,
                location: "animation.curve.spring",
                reason: "give response and dampingFraction, or duration and bounce, not both"),
            BadScene(
                name: "dampingFraction 0",
                json:
                    #"{"width": 20, "height": 10, "animation": {"curve": {"spring": {"response": 0.5, "dampingFraction": 0}}}}"#,
                location: "animation.curve.spring.dampingFraction", reason: "dampingFraction 0",
                details: ["at least 0.01"]),
            BadScene(
                name: "spring with the animation's duration",
                json:
                    #"{"width": 20, "height": 10, "animation": {"curve": {"spring": {"response": 0.5, "dampingFraction": 0.5}}, "duration": 1}}"#,
                location: "animation.duration", reason: "a spring's timing comes from its own parameters"),
            BadScene(
                name: "timing curve x1 1.5",
                json: #"{"width": 20, "height": 10, "animation": {"curve": {"timingCurve": [1.5, 0, 0.5, 1]}}}"#,
                location: "animation.curve.timingCurve[0]", reason: "x1 1.5 is outside 0…1"),
            BadScene(
                name: "timing curve of three numbers",
                json: #"{"width": 20, "height": 10, "animation": {"curve": {"timingCurve": [0.5, 0, 0.5]}}}"#,
                location: "animation.curve.timingCurve", reason: "a timing curve is [x1, y1, x2, y2]"),
            BadScene(
                name: "negative duration",
                json: #"{"width": 20, "height": 10, "animation": {"curve": "easeIn", "duration": -1}}"#,
                location: "animation.duration", reason: "duration -1 is outside"),
        ]
        for scene in cases { try assertCircleRejected(scene) }
    }

    func testUnknownFieldsAreRejected() throws {
        try assertCircleRejected(
            BadScene(
                name: "orign", json: #"{"width": 20, "height": 10, "orign": [0.5, 0.5]}"#,
                location: "orign", reason: #"unknown field "orign" (did you mean "origin"?)"#))
        // A stroke file given to --circle is named as one, with the flag that reads it.
        try assertCircleRejected(
            BadScene(
                name: "a stroke file", json: #"{"width": 20, "height": 10, "brushWidth": 3}"#,
                location: nil, reason: "this is a scratch scene file (the scratch card), not a circle one: use --stroke"
            ))
        // A field that neither kind has stays an unknown field.
        try assertCircleRejected(
            BadScene(
                name: "a field of no kind", json: #"{"width": 20, "height": 10, "brushWidth": 3, "wobble": 1}"#,
                location: "brushWidth", reason: #"unknown field "brushWidth""#))
        try assertCircleRejected(
            BadScene(
                name: "in the animation",
                json: #"{"width": 20, "height": 10, "animation": {"curve": "linear", "delay": 1}}"#,
                location: "animation.delay", reason: #"unknown field "delay""#))
    }

    // MARK: - Bad flags

    func testBadOriginCurveAndDurationFlagsExit2() throws {
        let cases: [(args: [String], mentions: [String])] = [
            (["--origin", "middle"], ["--origin", "\"middle\"", "topLeading"]),
            (["--origin", "0.5"], ["--origin", "\"0.5\""]),
            (["--origin", "0.5,abc"], ["--origin", "\"0.5,abc\""]),
            (["--origin", "0.5,0.5,0.5"], ["--origin"]),
            (["--origin", "2000,0"], ["--origin", "2000,0"]),
            (["--curve", "wobbly"], ["--curve", "\"wobbly\"", "easeInOut"]),
            (["--curve"], ["--curve needs a value"]),
            (["--duration", "-1"], ["--duration -1"]),
        ]
        for source in [["--circle", "scene.json"], ["--demo", "circle"]] {
            for (args, mentions) in cases {
                let name = (source + args).joined(separator: " ")
                let workspace = try makeWorkspace(scene: CircleCLITests.tinyScene, named: "scene.json")
                let before = try snapshot(workspace)
                let result = try run(source + ["--out", "frames"] + args, in: workspace)
                XCTAssertEqual(result.status, 2, "\(name): exit status; stderr: \(result.stderr)")
                XCTAssertEqual(result.stdout, "", name)
                for fragment in mentions + ["--help"] {
                    XCTAssertTrue(
                        result.stderr.contains(fragment), "\(name): \"\(result.stderr)\" should mention \(fragment)")
                }
                XCTAssertEqual(try snapshot(workspace), before, "\(name): files were written")
            }
        }
        // --origin belongs to the circle reveal.
        let workspace = try makeWorkspace()
        let result = try run(["--demo", "scratch", "--origin", "center", "--out", "frames"], in: workspace)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("--origin applies to the circle reveal"), result.stderr)
        XCTAssertEqual(try names(in: workspace), [])
    }

    // MARK: - Good paths

    func testTinySceneRendersFramesAndManifest() throws {
        let workspace = try makeWorkspace(scene: CircleCLITests.tinyScene, named: "scene.json")
        let out = workspace.appendingPathComponent("frames")

        let result = try run(["--circle", "scene.json", "--out", "frames", "--quiet"], in: workspace)

        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(try names(in: out), expectedFrameNames(0...5) + ["manifest.json"])
        let manifest = try readManifest(in: out)
        XCTAssertEqual(manifest["width"] as? Int, 8)
        XCTAssertEqual(manifest["height"] as? Int, 6)
        XCTAssertEqual(manifest["fps"] as? Double, 10)
        let frames = manifestFrames(manifest)
        XCTAssertEqual(frames.compactMap { $0["index"] as? Int }, Array(0...5))
        XCTAssertEqual(frames.compactMap { $0["file"] as? String }, expectedFrameNames(0...5))
        // Linear over 0.2 s from t 0, back from t 0.3; the radius in pixels is progress × 10.
        let progress = [0, 0.5, 1, 1, 0.5, 0]
        let visible = [true, true, true, true, true, false]
        for (i, entry) in frames.enumerated() {
            XCTAssertEqual(entry["time"] as? Double ?? -1, Double(i) / 10, accuracy: 1e-9, "frame \(i)")
            XCTAssertEqual(entry["progress"] as? Double ?? -1, progress[i], accuracy: 1e-9, "frame \(i)")
            XCTAssertEqual(entry["radius"] as? Double ?? -1, progress[i] * 10, accuracy: 1e-8, "frame \(i)")
            XCTAssertEqual(entry["opacity"] as? Double, 1, "frame \(i)")
            XCTAssertEqual(entry["visible"] as? Bool, visible[i], "frame \(i)")
        }
        // The PNGs are the library's frames.
        let scene = try CircleSceneFile.load(path: workspace.appendingPathComponent("scene.json").path)
        var renderer = try CircleRevealRenderer(timeline: CircleRevealTimeline(scene: scene))
        for i in 0...5 {
            let png = try PNG.decode(contentsOf: out.appendingPathComponent(FrameFolder.frameName(i)).path)
            XCTAssertEqual(png, renderer.render(frame: i), "frame \(i)")
        }
        XCTAssertNotEqual(
            try PNG.decode(contentsOf: out.appendingPathComponent("frame-00002.png").path),
            try PNG.decode(contentsOf: out.appendingPathComponent("frame-00000.png").path))
        try assertNoTemporaryFiles(in: workspace)
    }

    func testFlagsOverrideTheScene() throws {
        let workspace = try makeWorkspace(scene: CircleCLITests.tinyScene, named: "scene.json")
        let result = try run(
            [
                "--circle", "scene.json", "--out", "frames", "--quiet", "--origin", "0.5,1",
                "--curve", "easeIn", "--duration", "0.5", "--scale", "2", "--fps", "20",
            ], in: workspace)
        XCTAssertEqual(result.status, 0, result.stderr)
        let manifest = try readManifest(in: workspace.appendingPathComponent("frames"))
        XCTAssertEqual([manifest["width"] as? Int, manifest["height"] as? Int, manifest["fps"] as? Int], [16, 12, 20])
        let frames = manifestFrames(manifest)
        XCTAssertEqual(frames.count, 17, "removed at 0.3, gone at 0.8: frame 16 at 20 fps")
        // Frame 4 is t 0.2, 0.4 of the way through easeIn; origin (0.5, 1): cover radius hypot(4, 6), at 2×.
        let progress = CSSEasing.cubicBezier(0.42, 0, 1, 1, at: 0.4)
        XCTAssertEqual(frames[4]["progress"] as? Double ?? -1, progress, accuracy: 1e-6)
        XCTAssertEqual(frames[4]["radius"] as? Double ?? -1, progress * hypot(4, 6) * 2, accuracy: 1e-5)
        XCTAssertEqual(frames[16]["visible"] as? Bool, false)
        XCTAssertEqual(frames[15]["visible"] as? Bool, true)

        let reduced = try run(
            ["--circle", "scene.json", "--out", "reduced", "--quiet", "--reduce-motion"], in: workspace)
        XCTAssertEqual(reduced.status, 0, reduced.stderr)
        let fades = manifestFrames(try readManifest(in: workspace.appendingPathComponent("reduced")))
        XCTAssertEqual(fades.compactMap { $0["progress"] as? Double }, [1, 1, 1, 1, 1, 1])
        let opacities = fades.compactMap { $0["opacity"] as? Double }
        XCTAssertEqual(opacities.count, 6)
        for (opacity, expected) in zip(opacities, [0, 0.5, 1, 1, 0.5, 0]) {
            XCTAssertEqual(opacity, expected, accuracy: 1e-9, "\(opacities)")
        }
        XCTAssertEqual(fades.compactMap { $0["visible"] as? Bool }, [true, true, true, true, true, false])
    }

    func testDemoCircleFrameRange() throws {
        let workspace = try makeWorkspace()
        let result = try run(
            ["--demo", "circle", "--scale", "0.05", "--frames", "38-39", "--out", "demo", "--quiet"],
            in: workspace)
        XCTAssertEqual(result.status, 0, result.stderr)
        let out = workspace.appendingPathComponent("demo")
        XCTAssertEqual(try names(in: out), expectedFrameNames(38...39) + ["manifest.json"])
        let manifest = try readManifest(in: out)
        XCTAssertEqual(manifest["totalFrames"] as? Int, 169, "toggled at 0.25 and 2, easeInOut 0.8 s: frames 0…168")
        XCTAssertEqual([manifest["width"] as? Int, manifest["height"] as? Int], [20, 43], "393×852 at 0.05, rounded")
        XCTAssertEqual(manifestFrames(manifest).last?["progress"] as? Double ?? -1, 0.5, accuracy: 1e-9)
        try assertPNG(out.appendingPathComponent("frame-00039.png"), width: 20, height: 43)

        // A spring preset ends the sequence when the spring has settled.
        let spring = try run(
            [
                "--demo", "circle", "--scale", "0.05", "--curve", "bouncy", "--frames", "0-0",
                "--out", "spring", "--quiet",
            ], in: workspace)
        XCTAssertEqual(spring.status, 0, spring.stderr)
        // Two toggles add two springs: each must settle within half the threshold for their sum to.
        let end = 2.0 + SpringParameters.bouncy.settlingTime(within: SpringParameters.settleThreshold / 2)
        XCTAssertEqual(
            try readManifest(in: workspace.appendingPathComponent("spring"))["totalFrames"] as? Int,
            Int((end * 60).rounded(.up)) + 1)
        try assertNoTemporaryFiles(in: workspace)
    }
}
