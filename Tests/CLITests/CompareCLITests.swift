import Foundation
import RevealTestSupport
import XCTest

@testable import RevealRender

/// `reveal-render compare`, run as a subprocess (through `CLITestCase`): exit 0 when the images or
/// folders match, 1 when they differ (report on standard output), 2 on bad input with one line on
/// standard error.
final class CompareCLITests: CLITestCase {
    private var work = ""

    override func setUpWithError() throws {
        try super.setUpWithError()
        work = try makeWorkspace().path
    }

    private func run(_ args: [String], file: StaticString = #filePath, line: UInt = #line) throws -> RunResult {
        try run(["compare"] + args, in: URL(fileURLWithPath: work), file: file, line: line)
    }

    private func png(_ name: String, _ image: Pixmap) throws -> String {
        let path = work + "/" + name
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try TestImages.writePNG(image, to: path)
        return path
    }

    private func assertBadInput(
        _ args: [String], says fragment: String, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let result = try run(args)
        XCTAssertEqual(result.status, 2, "\(args): \(result.stderr)", file: file, line: line)
        XCTAssertEqual(result.stdout, "", "\(args)", file: file, line: line)
        XCTAssertEqual(
            result.stderr.split(separator: "\n").count, 1, "\(args): \(result.stderr)", file: file, line: line)
        XCTAssertTrue(
            result.stderr.hasPrefix("reveal-render compare: ") && result.stderr.contains(fragment),
            "\(args): \"\(result.stderr)\" should say \"\(fragment)\"", file: file, line: line)
    }

    func testIdenticalFilesExit0() throws {
        let image = try TestImages.gradient(20, 10)
        let result = try run([try png("a.png", image), try png("b.png", image)])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "identical: 20×10, every pixel the same\n")
        XCTAssertEqual(result.stderr, "")
    }

    func testDifferentFilesExit1WithTheReportAndTheDiff() throws {
        let image = try TestImages.gradient(20, 10)
        let expected = try png("a.png", image)
        let actual = try png("b.png", image.nudged(x: 7, y: 3, by: 1))
        let result = try run([expected, actual])
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(result.stdout, compare(expected: image, actual: image.nudged(x: 7, y: 3, by: 1)).report + "\n")
        XCTAssertTrue(result.stdout.hasPrefix("DIFFERENT: 1 pixel differs"), result.stdout)
        XCTAssertEqual(result.stderr, "")
        let written = try run([expected, actual, "--diff", "diff.png"])
        XCTAssertEqual(written.status, 1, written.stderr)
        let diff = try PNG.decode(contentsOf: work + "/diff.png")
        XCTAssertEqual(diff[7, 3], Comparison.differenceColor)
        XCTAssertNotEqual(diff[6, 3], Comparison.differenceColor)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: work).filter { $0.hasPrefix(".reveal-render-tmp-") }, []
        )
    }

    func testUnwritableDiffExits2() throws {
        let image = try TestImages.gradient(4, 4)
        try assertBadInput(
            [try png("a.png", image), try png("b.png", image.nudged(x: 1, y: 1, by: 1)), "--diff", "missing/diff.png"],
            says: "missing/diff.png: cannot create a file")
    }

    func testToleranceOptions() throws {
        let image = try TestImages.gradient(10, 10)
        var changed = image
        for k in 0..<3 { changed = changed.nudged(x: k, y: k, by: 2) }
        let a = try png("a.png", image)
        let b = try png("b.png", changed)
        XCTAssertEqual(try run([a, b]).status, 1)
        XCTAssertEqual(try run([a, b, "--max-diff-pixels", "3"]).status, 0)
        XCTAssertEqual(try run([a, b, "--max-diff-pixels", "2"]).status, 1)
        XCTAssertEqual(try run([a, b, "--max-diff-ratio", "0.03"]).status, 0)
        XCTAssertEqual(try run([a, b, "--max-diff-ratio", "0.02"]).status, 1)
        XCTAssertEqual(try run([a, b, "--threshold", "0.05"]).status, 0)
        XCTAssertEqual(try run([a, b, "--threshold", "0.001"]).status, 1)
        let passed = try run([a, b, "--threshold", "0.05"])
        XCTAssertTrue(passed.stdout.hasPrefix("passed: 0 pixels differ"), passed.stdout)
    }

    func testSizeMismatchExits1() throws {
        let result = try run([
            try png("a.png", try TestImages.gradient(4, 4)), try png("b.png", try TestImages.gradient(5, 4)),
            "--diff", "diff.png",
        ])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stdout, "size mismatch: expected 4×4, actual 5×4; no pixel was compared\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: work + "/diff.png"))
    }

    /// Two renders of one scene with another fade: the manifests' differences are reported and fail the
    /// comparison even for frames whose pixels match.
    func testFolderComparisonReportsManifestDifferences() throws {
        let here = URL(fileURLWithPath: work)
        XCTAssertEqual(
            try run(["--demo", "scratch", "--scale", "0.25", "--frames", "0-1", "--out", "a", "--quiet"], in: here)
                .status, 0)
        XCTAssertEqual(
            try run(
                [
                    "--demo", "scratch", "--scale", "0.25", "--frames", "0-1", "--reduce-motion", "--out", "b",
                    "--quiet",
                ], in: here
            ).status, 0)
        let result = try run(["a", "b"])
        XCTAssertEqual(result.status, 1, result.stderr)
        // The flag is in the scene's digest, and the sequence is shorter.
        XCTAssertTrue(
            result.stdout.hasPrefix(
                "DIFFERENT: 0 of 2 frames differ, 0 missing, 0 extra\n"
                    + "the manifests differ in 2 fields; first: sceneDigest: expected \""), result.stdout)
        XCTAssertTrue(result.stdout.hasSuffix("\n  totalFrames: expected 361, actual 340\n"), result.stdout)
    }

    func testFoldersExit0Or1AndWriteSideBySideFrames() throws {
        let image = try TestImages.gradient(8, 6)
        for k in 0..<3 {
            _ = try png("golden/\(FrameFolder.frameName(k))", image)
            _ = try png("run/\(FrameFolder.frameName(k))", k == 2 ? image.nudged(x: 1, y: 1, by: 3) : image)
            _ = try png("same/\(FrameFolder.frameName(k))", image)
        }
        XCTAssertEqual(try run(["golden", "same"]).stdout, "match: 3 frames, all identical\n")
        let result = try run(["golden", "run", "--diff", "diffs"])
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(
            result.stdout.hasPrefix(
                "DIFFERENT: 1 of 3 frames differ, 0 missing, 0 extra\nfirst differing frame: frame-00002.png\n"),
            result.stdout)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: work + "/diffs"), ["frame-00002.png"])
        let side = try PNG.decode(contentsOf: work + "/diffs/frame-00002.png")
        XCTAssertEqual(
            PixelSize(side), PixelSize(width: 24 + 2 * SequenceDiff.gap, height: 6 + SequenceDiff.captionHeight))
        // As an animated PNG: one frame per differing frame.
        XCTAssertEqual(try run(["golden", "run", "--diff", "diff.png"]).status, 1)
        let animation = try APNGReader.decodeFrames(
            [UInt8](try Data(contentsOf: URL(fileURLWithPath: work + "/diff.png"))))
        XCTAssertEqual(animation, [side])
        // A missing frame alone makes folders differ.
        try FileManager.default.removeItem(atPath: work + "/same/frame-00001.png")
        let missing = try run(["golden", "same"])
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stdout.contains("missing from same: frame-00001.png"), missing.stdout)
    }

    func testBadInputExits2WithOneLine() throws {
        let image = try TestImages.gradient(4, 4)
        let a = try png("a.png", image)
        try Data("not a PNG at all".utf8).write(to: URL(fileURLWithPath: work + "/text.png"))
        try FileManager.default.createDirectory(atPath: work + "/folder", withIntermediateDirectories: true)
        _ = try png("empty/notes.png", image)  // a folder without frame files
        try assertBadInput([a, "nowhere.png"], says: "nowhere.png: cannot open: No such file or directory")
        try assertBadInput([a, "text.png"], says: "text.png: not a PNG")
        try assertBadInput([a, "folder"], says: "folder is a folder but \(a) is not")
        try assertBadInput(["folder", a], says: "folder is a folder but \(a) is not")
        try assertBadInput(["folder", "empty"], says: "hold no frame files")
        try assertBadInput([a], says: "compare needs EXPECTED and ACTUAL")
        try assertBadInput([a, a, a], says: "compare takes two paths, got 3")
        try assertBadInput([a, a, "--fuzz"], says: "unknown option --fuzz")
        try assertBadInput([a, a, "--threshold", "2"], says: "--threshold: expected a number from 0 to 1, got \"2\"")
        try assertBadInput([a, a, "--max-diff-pixels", "-1"], says: "--max-diff-pixels: expected a whole number")
        try assertBadInput([a, a, "--max-diff-pixels", "1", "--max-diff-ratio", "0.1"], says: "not both")
        try assertBadInput([a, a, "--diff"], says: "--diff needs a value")
    }

    func testHelp() throws {
        let result = try run(["--help"])
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(
            result.stdout.contains("reveal-render compare EXPECTED.png ACTUAL.png [--diff OUT.png]"), result.stdout)
        XCTAssertTrue(result.stdout.contains("--max-diff-ratio"), result.stdout)
    }
}
