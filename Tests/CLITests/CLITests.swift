/// End-to-end tests of the `reveal-render` command line, run as a subprocess from the products folder.
///
/// Covers bad stroke files (malformed JSON, wrong types, missing fields, out-of-range numbers, sizes,
/// scale, fps, the pixel and frame limits, times going backwards, overlapping strokes, unknown colors,
/// actions and fields, empty gradients, missing and non-PNG images): each must exit 2 with exactly one
/// line on standard error naming the file, the JSON path and the reason, and must write nothing, neither
/// creating a new `--out` folder nor touching an existing one. Also covers command-line mistakes (exit 2,
/// pointing at --help), an `--out` that cannot be a folder (exit 1), and the good paths: frame folders
/// and their manifest, byte-identical reruns, removal of an earlier run's extra frames, stills, --help,
/// --version, the demo with a frame range and raised limits. No run may leave a temporary file behind.
import Foundation
import RevealRender
import RevealTestSupport
import XCTest

final class CLITests: CLITestCase {
    /// The tiny scene the good paths render: 20×10 pixels, one short stroke, 4 frames at 60 fps.
    private static let tinyScene = """
        {"width": 20, "height": 10, "scale": 1, "brushWidth": 6,
         "strokes": [{"points": [[2, 5, 0], [10, 5, 0.02], [18, 5, 0.05]]}]}
        """

    func testMalformedJSONIsRejectedWithLineAndColumn() throws {
        let cases = [
            BadScene(
                name: "truncated", json: #"{"width": 20, "height": 10"#,
                location: "line 1, column 27", reason: "unexpected end of file"),
            BadScene(
                name: "trailing comma", json: "{\n  \"width\": 20,\n  \"height\": 10,\n}",
                location: "line 3, column 15", reason: "trailing comma"),
            BadScene(
                name: "comment", json: "{\n  \"width\": 20, // the view\n  \"height\": 10\n}",
                location: "line 2, column 16", reason: "comments are not allowed"),
            BadScene(
                name: "NaN", json: #"{"width": NaN, "height": 10}"#,
                location: "line 1, column 11", reason: "NaN is not a valid JSON number"),
            BadScene(
                name: "Infinity", json: #"{"width": 20, "height": 10, "strokes": [{"points": [[1, 2, Infinity]]}]}"#,
                location: "line 1, column 60", reason: "Infinity is not a valid JSON number"),
            BadScene(
                name: "overflowing number", json: #"{"width": 20, "height": 1e400}"#,
                location: "line 1, column 25", reason: "number 1e400 is out of range"),
            BadScene(name: "empty file", json: "", location: "line 1, column 1", reason: "file is empty"),
        ]
        for scene in cases { try assertRejected(scene) }
    }

    func testWrongTypesAreRejected() throws {
        let cases = [
            BadScene(
                name: "width as string", json: #"{"width": "20", "height": 10}"#,
                location: "width", reason: "expected a number, found a string"),
            BadScene(
                name: "points as object", json: #"{"width": 20, "height": 10, "strokes": [{"points": {}}]}"#,
                location: "strokes[0].points", reason: "expected an array, found an object"),
            BadScene(
                name: "point with 2 numbers",
                json: #"{"width": 20, "height": 10, "strokes": [{"points": [[1, 2, 0], [3, 4]]}]}"#,
                location: "strokes[0].points[1]", reason: "a point is [x, y, t] (3 numbers), found 2"),
            BadScene(
                name: "reduceMotion as number", json: #"{"width": 20, "height": 10, "reduceMotion": 1}"#,
                location: "reduceMotion", reason: "expected true or false, found a number"),
            BadScene(name: "root array", json: "[20, 10]", location: nil, reason: "expected an object, found an array"),
        ]
        for scene in cases { try assertRejected(scene) }
    }

    func testMissingRequiredFieldsAreRejected() throws {
        try assertRejected(
            BadScene(
                name: "no width", json: #"{"height": 10}"#,
                location: nil, reason: #"missing required field "width""#))
        try assertRejected(
            BadScene(
                name: "no height", json: #"{"width": 20, "scale": 1}"#,
                location: nil, reason: #"missing required field "height""#))
        try assertRejected(
            BadScene(
                name: "stroke without points", json: #"{"width": 20, "height": 10, "strokes": [{}]}"#,
                location: "strokes[0]", reason: #"missing required field "points""#))
    }

    func testAbsurdCoordinatesAndTimesAreRejected() throws {
        let cases = [
            BadScene(
                name: "x 2e6", json: #"{"width": 20, "height": 10, "strokes": [{"points": [[2e6, 5, 0]]}]}"#,
                location: "strokes[0].points[0][0]", reason: "x 2000000 is outside"),
            BadScene(
                name: "y -2e6", json: #"{"width": 20, "height": 10, "strokes": [{"points": [[5, -2e6, 0]]}]}"#,
                location: "strokes[0].points[0][1]", reason: "y -2000000 is outside"),
            BadScene(
                name: "time 1e6", json: #"{"width": 20, "height": 10, "strokes": [{"points": [[1, 2, 1e6]]}]}"#,
                location: "strokes[0].points[0][2]", reason: "time 1000000 is more than a day"),
            BadScene(
                name: "negative time", json: #"{"width": 20, "height": 10, "strokes": [{"points": [[1, 2, -0.5]]}]}"#,
                location: "strokes[0].points[0][2]", reason: "time -0.5 is negative"),
            BadScene(
                name: "width 2e6", json: #"{"width": 2e6, "height": 10}"#,
                location: "width", reason: "width 2000000 is outside"),
        ]
        for scene in cases { try assertRejected(scene) }
    }

    func testZeroAndNegativeSizesAreRejected() throws {
        let cases = [
            BadScene(
                name: "width 0", json: #"{"width": 0, "height": 10}"#, location: "width", reason: "width 0 is outside"),
            BadScene(
                name: "height -3", json: #"{"width": 20, "height": -3}"#, location: "height",
                reason: "height -3 is outside"),
            BadScene(
                name: "width -1", json: #"{"width": -1, "height": 10}"#, location: "width",
                reason: "width -1 is outside"),
            BadScene(
                name: "under one pixel", json: #"{"width": 0.1, "height": 10, "scale": 1}"#,
                location: nil, reason: "is less than one pixel"),
        ]
        for scene in cases { try assertRejected(scene) }
    }

    func testScaleOutsideZeroToSixteenIsRejected() throws {
        for scale in ["0", "-1", "17"] {
            try assertRejected(
                BadScene(
                    name: "scale \(scale)", json: #"{"width": 20, "height": 10, "scale": \#(scale)}"#,
                    location: "scale", reason: "scale \(scale) is outside (0, 16]"))
        }
    }

    func testFPSOutsideOneTo240IsRejected() throws {
        for fps in ["0", "241", "-30", "0.5", "1e-320"] {
            try assertRejected(
                BadScene(
                    name: "fps \(fps)", json: #"{"width": 20, "height": 10, "fps": \#(fps)}"#,
                    location: "fps", reason: "fps \(fps) is outside 1…240"))
        }
    }

    func testMoreThan100MegapixelsIsRejected() throws {
        try assertRejected(
            BadScene(
                name: "20000×20000 at 1×", json: #"{"width": 20000, "height": 20000, "scale": 1}"#,
                location: nil, reason: "20000×20000 pixels",
                details: ["more than the limit of 100000000", "--max-pixels"]))
        try assertRejected(
            BadScene(
                name: "6000×6000 at the file's 2×", json: #"{"width": 6000, "height": 6000, "scale": 2}"#,
                location: nil, reason: "12000×12000 pixels", details: ["--max-pixels"]))
        try assertRejected(
            BadScene(
                name: "1000×1000 at --scale 16", json: #"{"width": 1000, "height": 1000, "scale": 1}"#,
                location: nil, reason: "16000×16000 pixels", arguments: ["--scale", "16"]))
        // The page counts, not only the view: a small card with a wide padding is a huge frame.
        try assertRejected(
            BadScene(
                name: "100×100 card padded by 10000",
                json: #"{"width": 100, "height": 100, "scale": 1, "padding": 10000}"#,
                location: nil, reason: "20100×20100 pixels", details: ["--max-pixels"]))
    }

    func testMaxPixelsMovesThePixelLimit() throws {
        try assertRejected(
            BadScene(
                name: "200 pixels over --max-pixels 199", json: CLITests.tinyScene,
                location: nil, reason: "20×10 pixels", details: ["more than the limit of 199"],
                arguments: ["--max-pixels", "199"]))

        try assertRejected(
            BadScene(
                name: "400 MP under --max-pixels, then too many frames",
                json:
                    #"{"width": 20000, "height": 20000, "scale": 1, "brushWidth": 1, "strokes": [{"points": [[1, 2, 0.1]]}]}"#,
                location: nil, reason: "the sequence would have 7 frames",
                details: ["more than the limit of 1", "--max-frames"],
                arguments: ["--max-pixels", "400000000", "--max-frames", "1"]))

        let workspace = try makeWorkspace(scene: CLITests.tinyScene)
        let result = try run(
            ["--stroke", "strokes.json", "--out", "frames", "--max-pixels", "200", "--quiet"], in: workspace)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try frameNames(in: workspace.appendingPathComponent("frames")), expectedFrameNames(0...3))
    }

    func testMoreThan100000FramesIsRejected() throws {
        try assertRejected(
            BadScene(
                name: "t = 2000 at 60 fps",
                json:
                    #"{"width": 200, "height": 100, "scale": 0.1, "brushWidth": 1, "strokes": [{"points": [[1, 2, 2000]]}]}"#,
                location: nil, reason: "the sequence would have 120001 frames",
                details: ["more than the limit of 100000", "--max-frames"]))
        try assertRejected(
            BadScene(
                name: "t = 500 at the file's 240 fps",
                json:
                    #"{"width": 200, "height": 100, "scale": 0.1, "fps": 240, "brushWidth": 1, "strokes": [{"points": [[1, 2, 500]]}]}"#,
                location: nil, reason: "the sequence would have 120001 frames"))
        try assertRejected(
            BadScene(
                name: "4 frames over --max-frames 3", json: CLITests.tinyScene,
                location: nil, reason: "the sequence would have 4 frames",
                details: ["more than the limit of 3"], arguments: ["--max-frames", "3"]))
    }

    func testMaxFramesRaisesTheFrameLimit() throws {
        let workspace = try makeWorkspace(
            scene:
                #"{"width": 200, "height": 100, "scale": 0.1, "brushWidth": 1, "strokes": [{"points": [[1, 2, 2000]]}]}"#
        )
        let out = workspace.appendingPathComponent("frames")
        let result = try run(
            [
                "--stroke", "strokes.json", "--out", "frames", "--max-frames", "200000",
                "--frames", "0-0", "--quiet",
            ], in: workspace)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try frameNames(in: out), expectedFrameNames(0...0))
        XCTAssertEqual(try readManifest(in: out)["totalFrames"] as? Int, 120_001)
    }

    func testTimeGoingBackwardsWithinAStrokeIsRejected() throws {
        let json = #"{"width": 20, "height": 10, "strokes": [{"points": [[1, 2, 1.0], [3, 4, 1.3], [5, 6, 1.2]]}]}"#
        try assertRejected(
            BadScene(
                name: "backwards", json: json, location: "strokes[0].points[2]",
                reason: "time 1.2 is earlier than 1.3"))

        let workspace = try makeWorkspace(scene: json)
        let result = try run(["--stroke", "strokes.json", "--out", "frames"], in: workspace)
        XCTAssertEqual(result.stderr, "strokes.json: strokes[0].points[2]: time 1.2 is earlier than 1.3\n")
    }

    func testOverlappingStrokesAreRejected() throws {
        try assertRejected(
            BadScene(
                name: "second stroke starts before the first ends",
                json:
                    #"{"width": 20, "height": 10, "strokes": [{"points": [[1, 2, 0.1], [3, 4, 0.3]]}, {"points": [[5, 6, 0.2]]}]}"#,
                location: "strokes[1].points[0]", reason: "time 0.2 is earlier than 0.3",
                details: ["strokes[0]", "overlap"]))
    }

    func testUnknownColorNamesAreRejected() throws {
        try assertRejected(
            BadScene(
                name: "content", json: #"{"width": 20, "height": 10, "content": "pinkk"}"#,
                location: "content", reason: #"unknown color "pinkk""#, details: ["pink"]))
        try assertRejected(
            BadScene(
                name: "gradient color",
                json: #"{"width": 20, "height": 10, "cover": {"linearGradient": {"colors": ["red", "magenta"]}}}"#,
                location: "cover.linearGradient.colors[1]", reason: #"unknown color "magenta""#))
        try assertRejected(
            BadScene(
                name: "bad hex", json: ##"{"width": 20, "height": 10, "background": "#12345"}"##,
                location: "background", reason: ##""#12345" is not a color"##))
    }

    func testUnknownActionTypesAreRejected() throws {
        try assertRejected(
            BadScene(
                name: "hide", json: #"{"width": 20, "height": 10, "actions": [{"t": 1, "type": "hide"}]}"#,
                location: "actions[0].type", reason: #"unknown action type "hide""#,
                details: [#""reveal""#]))
    }

    func testUnknownFieldsAreRejectedWithASuggestion() throws {
        let cases = [
            BadScene(
                name: "brushwidth", json: #"{"width": 20, "height": 10, "brushwidth": 3}"#,
                location: "brushwidth", reason: #"unknown field "brushwidth" (did you mean "brushWidth"?)"#),
            BadScene(
                name: "revealTreshold", json: #"{"width": 20, "height": 10, "revealTreshold": 0.5}"#,
                location: "revealTreshold", reason: #"unknown field "revealTreshold" (did you mean "revealThreshold"?)"#
            ),
            BadScene(
                name: "point", json: #"{"width": 20, "height": 10, "strokes": [{"point": [[1, 2, 0]]}]}"#,
                location: "strokes[0].point", reason: #"unknown field "point" (did you mean "points"?)"#),
        ]
        for scene in cases { try assertRejected(scene) }
    }

    func testEmptyGradientsAreRejected() throws {
        try assertRejected(
            BadScene(
                name: "no colors",
                json: #"{"width": 20, "height": 10, "content": {"linearGradient": {"colors": []}}}"#,
                location: "content.linearGradient", reason: "a gradient needs at least one color"))
        try assertRejected(
            BadScene(
                name: "no stops",
                json: #"{"width": 20, "height": 10, "cover": {"linearGradient": {"stops": []}}}"#,
                location: "cover.linearGradient", reason: "a gradient needs at least one color"))
    }

    func testMissingImageIsRejected() throws {
        try assertRejected(
            BadScene(
                name: "missing.png",
                json: #"{"width": 20, "height": 10, "content": {"image": "missing.png"}}"#,
                location: "content.image", reason: #"cannot use image "missing.png""#,
                details: ["No such file"]))
    }

    func testNonPNGImageIsRejected() throws {
        try assertRejected(
            BadScene(
                name: "text named .png",
                json: #"{"width": 20, "height": 10, "content": {"image": "photo.png"}}"#,
                location: "content.image", reason: #"cannot use image "photo.png""#,
                details: ["not a PNG"], files: ["photo.png": Data("this is not a PNG\n".utf8)]))
        let truncated = Data(CLITests.pngSignature + [0, 0, 0, 13] + Array("IHDR".utf8) + [0, 0])
        try assertRejected(
            BadScene(
                name: "truncated PNG",
                json: #"{"width": 20, "height": 10, "cover": {"image": "cut.png"}}"#,
                location: "cover.image", reason: #"cannot use image "cut.png""#,
                details: ["truncated"], files: ["cut.png": truncated]))
    }

    func testBadSceneWritesNoStill() throws {
        let workspace = try makeWorkspace(scene: #"{"width": 20, "height": 10, "fps": 0}"#)
        let before = try snapshot(workspace)
        let result = try run(["--stroke", "strokes.json", "--time", "0", "--out", "still.png"], in: workspace)
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderrLines, ["strokes.json: fps: fps 0 is outside 1…240"])
        XCTAssertFalse(exists(workspace.appendingPathComponent("still.png")))
        XCTAssertEqual(try snapshot(workspace), before)
    }

    // MARK: - Command-line mistakes and unwritable output

    func testCommandLineMistakesExit2AndPointToHelp() throws {
        let cases: [(name: String, args: [String], mentions: String)] = [
            ("unknown flag", ["--stroke", "strokes.json", "--out", "frames", "--bogus"], "--bogus"),
            ("missing --out", ["--stroke", "strokes.json"], "--out"),
            ("--fps abc", ["--stroke", "strokes.json", "--out", "frames", "--fps", "abc"], "abc"),
            ("--frames 5-2", ["--stroke", "strokes.json", "--out", "frames", "--frames", "5-2"], "5-2"),
            ("--scale 17", ["--stroke", "strokes.json", "--out", "frames", "--scale", "17"], "--scale 17"),
            ("no input", ["--out", "frames"], "--stroke"),
            ("flag without value", ["--out", "frames", "--stroke"], "--stroke"),
        ]
        for (name, args, mentions) in cases {
            let workspace = try makeWorkspace(scene: CLITests.tinyScene)
            let before = try snapshot(workspace)
            let result = try run(args, in: workspace)
            XCTAssertEqual(result.status, 2, "\(name): exit status; stderr: \(result.stderr)")
            XCTAssertEqual(result.stdout, "", "\(name): standard output")
            XCTAssertTrue(result.stderr.contains(mentions), "\(name): \"\(result.stderr)\" should mention \(mentions)")
            XCTAssertTrue(result.stderr.contains("--help"), "\(name): \"\(result.stderr)\" should point to --help")
            XCTAssertFalse(exists(workspace.appendingPathComponent("frames")), "\(name): --out folder created")
            XCTAssertEqual(try snapshot(workspace), before, "\(name): files were written")
        }
    }

    func testFramesRangeBeyondTheSequenceIsRejected() throws {
        let workspace = try makeWorkspace(scene: CLITests.tinyScene)
        let result = try run(["--stroke", "strokes.json", "--out", "frames", "--frames", "2-9"], in: workspace)
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertEqual(result.stderrLines.count, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("2-9"), result.stderr)
        XCTAssertTrue(result.stderr.contains("0-3"), result.stderr)
        XCTAssertFalse(exists(workspace.appendingPathComponent("frames")))
    }

    func testFramesRenderedInPartsAreTheBytesOfTheWholeRun() throws {
        // 337 × 240 at scale 1: two strips of rows, so the encoder keeps strips from frame to frame.
        let workspace = try makeWorkspace()
        let scene = Repository.fixture("bench/bench-scratch.json")
        for (folder, frames) in [("whole", []), ("first", ["--frames", "0-40"]), ("rest", ["--frames", "41-128"])] {
            let result = try run(
                ["--stroke", scene, "--scale", "1", "--out", folder, "--quiet"] + frames, in: workspace)
            XCTAssertEqual(result.status, 0, result.stderr)
        }
        for index in 0...128 {
            let name = String(format: "frame-%05d.png", index)
            let whole = try Data(contentsOf: workspace.appendingPathComponent("whole/" + name))
            let part = try Data(contentsOf: workspace.appendingPathComponent((index <= 40 ? "first/" : "rest/") + name))
            XCTAssertEqual(whole, part, name)
        }
    }

    func testOneLetterPathsWork() throws {
        // Foundation's NSString path methods crash on one-character paths on Linux; we must not.
        let workspace = try makeWorkspace(scene: CLITests.tinyScene, named: "s")
        for args in [
            ["--stroke", "s", "--out", "f"], ["--stroke", "s", "--time", "0", "--out", "g"],
            ["--stroke", "s", "--apng", "a", "--quiet"], ["--stroke", "s", "--out", "f/", "--frames", "0-0"],
        ] {
            let result = try run(args, in: workspace)
            XCTAssertEqual(result.status, 0, "\(args): \(result.stderr)")
        }
        XCTAssertEqual(try names(in: workspace), ["a", "f", "g", "s"])
        for file in ["a", "g", "f/frame-00000.png"] {
            let bytes = try Data(contentsOf: workspace.appendingPathComponent(file))
            XCTAssertEqual(Array(bytes.prefix(4)), [0x89, 0x50, 0x4E, 0x47], "\(file) is a PNG")
        }
    }

    func testOutThatIsARegularFileExits1() throws {
        let workspace = try makeWorkspace(scene: CLITests.tinyScene)
        let blocker = workspace.appendingPathComponent("frames")
        try Data("not a folder\n".utf8).write(to: blocker)
        let before = try snapshot(workspace)

        let result = try run(["--stroke", "strokes.json", "--out", "frames"], in: workspace)

        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(result.stderrLines.count, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("frames"), "names the path: \(result.stderr)")
        XCTAssertTrue(result.stderr.contains("not a folder"), "says why: \(result.stderr)")
        XCTAssertEqual(try snapshot(workspace), before)
    }

    func testStillIntoAMissingFolderExits1() throws {
        let workspace = try makeWorkspace(scene: CLITests.tinyScene)
        let result = try run(["--stroke", "strokes.json", "--time", "0", "--out", "nowhere/still.png"], in: workspace)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("nowhere/still.png"), "names the path: \(result.stderr)")
        XCTAssertTrue(result.stderr.contains("No such file or directory"), "says why: \(result.stderr)")
        XCTAssertEqual(try names(in: workspace), ["strokes.json"])
    }

    // MARK: - Good paths

    func testTinySceneRendersFramesAndManifest() throws {
        let workspace = try makeWorkspace(scene: CLITests.tinyScene)
        let out = workspace.appendingPathComponent("frames")

        let result = try run(["--stroke", "strokes.json", "--out", "frames"], in: workspace)

        XCTAssertEqual(result.status, 0, result.stderr)
        let frames = try frameNames(in: out)
        XCTAssertEqual(frames, expectedFrameNames(0...3))
        XCTAssertEqual(try names(in: out), frames + ["manifest.json"])
        let manifest = try readManifest(in: out)
        XCTAssertEqual(manifest["width"] as? Int, 20)
        XCTAssertEqual(manifest["height"] as? Int, 10)
        XCTAssertEqual(manifest["fps"] as? Double, 60)
        XCTAssertNil(manifest["totalFrames"], "a whole sequence has no totalFrames")
        let entries = manifestFrames(manifest)
        XCTAssertEqual(entries.count, frames.count)
        XCTAssertEqual(entries.compactMap { $0["file"] as? String }, frames)
        XCTAssertEqual(entries.compactMap { $0["index"] as? Int }, Array(0..<frames.count))
        for name in frames {
            try assertPNG(out.appendingPathComponent(name), width: 20, height: 10)
        }
        try assertNoTemporaryFiles(in: workspace)
    }

    func testRenderingTwiceGivesIdenticalFiles() throws {
        let workspace = try makeWorkspace(scene: CLITests.tinyScene)
        let first = try run(["--stroke", "strokes.json", "--out", "first", "--quiet"], in: workspace)
        let second = try run(["--stroke", "strokes.json", "--out", "second", "--quiet"], in: workspace)
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertEqual(second.status, 0, second.stderr)

        let firstFiles = try snapshot(workspace.appendingPathComponent("first"))
        XCTAssertEqual(firstFiles.count, 5)
        XCTAssertEqual(try snapshot(workspace.appendingPathComponent("second")), firstFiles)

        let again = try run(["--stroke", "strokes.json", "--out", "first", "--quiet"], in: workspace)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(try snapshot(workspace.appendingPathComponent("first")), firstFiles)
        try assertNoTemporaryFiles(in: workspace)
    }

    func testRerunRemovesStaleFramesAndKeepsOtherFiles() throws {
        let workspace = try makeWorkspace(scene: CLITests.tinyScene)
        let out = workspace.appendingPathComponent("frames")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: false)
        let notes = Data("keep me\n".utf8)
        try notes.write(to: out.appendingPathComponent("notes.txt"))
        try Data("stale".utf8).write(to: out.appendingPathComponent("frame-00099.png"))
        try Data("stale".utf8).write(to: out.appendingPathComponent("frame-00001.png"))

        let result = try run(["--stroke", "strokes.json", "--out", "frames", "--quiet"], in: workspace)

        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertFalse(exists(out.appendingPathComponent("frame-00099.png")), "an earlier run's extra frame stays")
        XCTAssertEqual(try Data(contentsOf: out.appendingPathComponent("notes.txt")), notes)
        XCTAssertEqual(try names(in: out), expectedFrameNames(0...3) + ["manifest.json", "notes.txt"])
        try assertPNG(out.appendingPathComponent("frame-00001.png"), width: 20, height: 10)
        try assertNoTemporaryFiles(in: workspace)
    }

    /// `--frames 1-2` over an earlier full run: the folder holds exactly what its manifest lists,
    /// the frames written byte for byte as the full run wrote them.
    func testPartOfASequenceOverAnEarlierRunLeavesJustThatPart() throws {
        let workspace = try makeWorkspace(scene: CLITests.tinyScene)
        let out = workspace.appendingPathComponent("frames")
        XCTAssertEqual(try run(["--stroke", "strokes.json", "--out", "frames", "--quiet"], in: workspace).status, 0)
        let whole = try snapshot(out)
        XCTAssertEqual(try names(in: out), expectedFrameNames(0...3) + ["manifest.json"])
        let part = try run(
            ["--stroke", "strokes.json", "--out", "frames", "--frames", "1-2", "--quiet"], in: workspace)
        XCTAssertEqual(part.status, 0, part.stderr)
        XCTAssertEqual(try names(in: out), expectedFrameNames(1...2) + ["manifest.json"])
        let manifest = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("manifest.json")))
                as? [String: Any])
        XCTAssertEqual(
            (manifest["frames"] as? [[String: Any]])?.compactMap { $0["file"] as? String }, expectedFrameNames(1...2))
        XCTAssertEqual(manifest["totalFrames"] as? Int, 4)
        for name in expectedFrameNames(1...2) { XCTAssertEqual(try snapshot(out)[name], whole[name], name) }
    }

    func testTimeWritesOneStillEqualToThatFrame() throws {
        let workspace = try makeWorkspace(scene: CLITests.tinyScene)

        let still = try run(["--stroke", "strokes.json", "--time", "0.05", "--out", "still.png"], in: workspace)

        XCTAssertEqual(still.status, 0, still.stderr)
        XCTAssertEqual(try names(in: workspace), ["still.png", "strokes.json"])
        try assertPNG(workspace.appendingPathComponent("still.png"), width: 20, height: 10)

        let sequence = try run(["--stroke", "strokes.json", "--out", "frames", "--quiet"], in: workspace)
        XCTAssertEqual(sequence.status, 0, sequence.stderr)
        XCTAssertEqual(
            try Data(contentsOf: workspace.appendingPathComponent("still.png")),
            try Data(contentsOf: workspace.appendingPathComponent("frames/frame-00003.png")),
            "--time 0.05 at 60 fps is frame 3")
        try assertNoTemporaryFiles(in: workspace)
    }

    /// One rule for a time past the end, on the command line and in the library: the final state,
    /// the frame `renderFrame(at:)` returns; the summary says so.
    func testATimePastTheEndIsTheFinalStateAsInTheLibrary() throws {
        let workspace = try makeWorkspace(scene: CLITests.tinyScene)
        let still = try run(["--stroke", "strokes.json", "--time", "99", "--out", "late.png"], in: workspace)
        XCTAssertEqual(still.status, 0, still.stderr)
        XCTAssertEqual(
            still.stderrLines.first.map {
                $0.hasPrefix("wrote frame 5940 (t = 99 s, after the sequence's end at 0.05 s: its final state, 20×10)")
            }, true,
            still.stderr)
        let scene = try ScratchSceneFile.load(path: workspace.appendingPathComponent("strokes.json").path)
        XCTAssertEqual(
            try PNG.decode(contentsOf: workspace.appendingPathComponent("late.png").path), try scene.renderFrame(at: 99)
        )
        XCTAssertEqual(try scene.renderFrame(at: 99), try scene.renderFrame(3), "the last frame")
        let frame = try run(
            ["--stroke", "strokes.json", "--frame", "40", "--out", "frame.png", "--quiet"], in: workspace)
        XCTAssertEqual(frame.status, 0, frame.stderr)
        XCTAssertEqual(
            try PNG.decode(contentsOf: workspace.appendingPathComponent("frame.png").path), try scene.renderFrame(3))
        let layout = try run(["layout", "--stroke", "strokes.json", "--time", "99"], in: workspace)
        XCTAssertEqual(layout.status, 0, layout.stderr)
        XCTAssertTrue(layout.stdout.hasPrefix("{\"frame\": 5940, \"time\": 99,"), layout.stdout)
    }

    /// `--out still` without `.png` writes the PNG asked for, and says that its name lacks the extension.
    func testAStillWithoutThePNGExtensionIsWrittenAndNoted() throws {
        let workspace = try makeWorkspace(scene: CLITests.tinyScene)
        let still = try run(["--stroke", "strokes.json", "--time", "0", "--out", "still"], in: workspace)
        XCTAssertEqual(still.status, 0, still.stderr)
        XCTAssertEqual(
            still.stderrLines.first, "reveal-render: note: still has no .png extension; it is a PNG file all the same")
        try assertPNG(workspace.appendingPathComponent("still"), width: 20, height: 10)
        let named = try run(["--stroke", "strokes.json", "--time", "0", "--out", "still.png"], in: workspace)
        XCTAssertFalse(named.stderr.contains("note:"), named.stderr)
        let strip = try run(["--stroke", "strokes.json", "--filmstrip", "strip", "--count", "2"], in: workspace)
        XCTAssertTrue(strip.stderr.contains("note: strip has no .png extension"), strip.stderr)
    }

    func testHelpListsTheStrokeFileFields() throws {
        let workspace = try makeWorkspace()
        let result = try run(["--help"], in: workspace)
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stderr, "")
        for field in [
            "width", "height", "scale", "fps", "brushWidth", "revealThreshold", "reduceMotion",
            "strokes", "actions", "content", "cover", "background",
        ] {
            XCTAssertTrue(result.stdout.contains("\"\(field)\""), "--help should show the field \"\(field)\"")
        }
        for flag in ["--stroke", "--out", "--time", "--frames", "--max-pixels", "--max-frames"] {
            XCTAssertTrue(result.stdout.contains(flag), "--help should show \(flag)")
        }
        XCTAssertEqual(try names(in: workspace), [])
    }

    func testVersion() throws {
        let workspace = try makeWorkspace()
        let result = try run(["--version"], in: workspace)
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stderr, "")
        XCTAssertNotNil(
            result.stdout.range(of: #"^reveal-render \d+\.\d+\.\d+\n$"#, options: .regularExpression),
            "unexpected version output: \(result.stdout)")
    }

    /// A new user's slips, named for what they are: a misspelled flag gets a did-you-mean, a scene file
    /// of the other kind names the flag that reads it, and a filmstrip is reported as the one image it is.
    func testSlipsAreNamedAndOutputsReportedAsWhatTheyAre() throws {
        let workspace = try makeWorkspace()
        let typo = try run(["--demo", "circle", "--frmes", "1-2", "--out", "x"], in: workspace)
        XCTAssertEqual(typo.status, 2)
        XCTAssertEqual(typo.stderrLines.first, "reveal-render: unknown option --frmes (did you mean --frames?)")
        let scratchFile = Repository.fixture("docs/scratch-demo.json")
        let circleFile = Repository.fixture("docs/circle-demo.json")
        let wrongKind = try run(["--stroke", circleFile, "--out", "x"], in: workspace)
        XCTAssertEqual(wrongKind.status, 2)
        XCTAssertEqual(
            wrongKind.stderrLines,
            [
                "\(displayPath(circleFile)): this is a circle scene file (the circle reveal), not a scratch one: use --circle"
            ])
        let other = try run(["--circle", scratchFile, "--out", "x"], in: workspace)
        XCTAssertTrue(other.stderr.contains("not a circle one: use --stroke"), other.stderr)
        let strip = try run(
            ["--demo", "circle", "--scale", "0.25", "--filmstrip", "strip.png", "--count", "8"], in: workspace)
        XCTAssertEqual(strip.status, 0, strip.stderr)
        let image = try PNG.decode(contentsOf: workspace.appendingPathComponent("strip.png").path)
        XCTAssertTrue(
            strip.stderr.hasPrefix(
                "wrote a filmstrip of 8 frames (\(image.width)×\(image.height), one image) to strip.png"), strip.stderr)
    }

    /// `reveal-render layout` prints the views' frames as JSON: the demo card where the seed puts it,
    /// the title changing after the reveal, and usage errors as exit 2.
    func testLayoutPrintsEveryViewsFrame() throws {
        let workspace = try makeWorkspace()
        func views(_ args: [String]) throws -> [[String: Any]] {
            let result = try run(["layout"] + args, in: workspace)
            XCTAssertEqual(result.status, 0, result.stderr)
            let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            return try XCTUnwrap(json["views"] as? [[String: Any]])
        }
        func number(_ value: Any?) -> Double? { (value as? Double) ?? (value as? Int).map(Double.init) }
        let start = try views(["--demo", "scratch"])
        let effect = try XCTUnwrap(start.first { $0["kind"] as? String == "effect" })
        XCTAssertEqual(number(effect["x"]), 28)
        XCTAssertEqual(number(effect["width"]), 337)
        XCTAssertEqual(number(effect["height"]), 240)
        let title = try XCTUnwrap(start.first { $0["text"] as? String == "Scratch the card" })
        XCTAssertEqual(number(title["size"]), 28)
        XCTAssertEqual(title["weight"] as? String, "bold")
        XCTAssertEqual(title["font"] as? String, "/usr/share/fonts/truetype/inter-vf/InterDisplay-roman.var.ttf")
        XCTAssertTrue(
            try views(["--demo", "scratch", "--time", "2.6"]).contains { $0["text"] as? String == "You found it!" })
        XCTAssertTrue(
            try views(["--demo", "scratch", "--time", "3"]).contains { $0["text"] as? String == "Scratch the card" },
            "\"Try again\" at 3 s: a new card, the title as it was")
        XCTAssertTrue(try views(["--demo", "circle"]).contains { $0["text"] as? String == "Sunset" })
        let bad = try run(["layout", "--demo", "scratch", "--out", "x"], in: workspace)
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("layout prints to standard output"), bad.stderr)
    }

    func testDemoFrameRangeWritesJustThoseFrames() throws {
        let workspace = try makeWorkspace()
        let out = workspace.appendingPathComponent("demo")

        let result = try run(["--demo", "scratch", "--frames", "0-2", "--out", "demo"], in: workspace)

        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try names(in: out), expectedFrameNames(0...2) + ["manifest.json"])
        let manifest = try readManifest(in: out)
        let total = manifest["totalFrames"] as? Int
        XCTAssertNotNil(total, "a partial sequence's manifest has totalFrames")
        XCTAssertGreaterThan(total ?? 0, 3)
        XCTAssertEqual(manifestFrames(manifest).compactMap { $0["file"] as? String }, expectedFrameNames(0...2))
        let width = manifest["width"] as? Int ?? 0
        let height = manifest["height"] as? Int ?? 0
        // The seed demo's whole 393×852-point screen at 3×.
        XCTAssertEqual([width, height], [1179, 2556])
        for name in expectedFrameNames(0...2) {
            try assertPNG(out.appendingPathComponent(name), width: width, height: height)
        }
        try assertNoTemporaryFiles(in: workspace)
    }
}
