/// `--gif`, `--webp` and `--video` on the command line: files that ffprobe reads as the manifest
/// describes the sequence, and the summary that says what was written.
import Foundation
import RevealTestSupport
import XCTest

final class MediaCLITests: CLITestCase {
    override class func setUp() {
        super.setUp()
        IntegrationRun.watch(self)
    }

    func testAGIFOfTheCircleDemoAsFFprobeReadsIt() throws {
        let workspace = try makeWorkspace()
        let result = try run(
            ["--demo", "circle", "--scale", "0.5", "--gif", "demo.gif", "--out", "frames"], in: workspace,
            timeout: 60)
        XCTAssertEqual(result.status, 0, result.stderr)
        let (frames, width, height) = try sequence(in: workspace.appendingPathComponent("frames"))
        // 60 fps: at most 50 frames a second, and a still stretch is one frame.
        let summary = try XCTUnwrap(
            result.stderr.firstMatch(
                of:
                    /a GIF of ([0-9.]+) s \(([0-9]+)×([0-9]+), ([0-9]+) frames: still stretches are one frame, and a GIF shows at most 50 a second\)/
            ),
            result.stderr)
        XCTAssertEqual(Double(summary.1), (Double(frames) / 60 * 10_000).rounded() / 10_000)
        XCTAssertEqual([Int(summary.2), Int(summary.3)], [width, height])
        let gif = workspace.appendingPathComponent("demo.gif")
        let stream = try MediaTools.stream(gif, scratch: root)
        XCTAssertEqual(stream["width"], "\(width)")
        XCTAssertEqual(stream["height"], "\(height)")
        XCTAssertEqual(stream["nb_read_frames"], String(summary.4))
        XCTAssertEqual(Double(stream["duration"] ?? ""), (Double(frames) / 60 * 100).rounded() / 100)
        XCTAssertLessThan(Int(summary.4)!, frames * 5 / 6)
    }

    func testAVideoOfAnUnknownFormatIsRefusedNamingTheFormatsWeWrite() throws {
        let workspace = try makeWorkspace()
        let result = try run(["--demo", "circle", "--video", "demo.avi"], in: workspace)
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertEqual(
            result.stderrLines.first,
            "reveal-render: --video \"demo.avi\": unknown video format; reveal-render writes .mp4 (H.264) and .webm (VP9)"
        )
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: workspace.path), [])
    }

    /// FFmpeg's libraries missing, as an empty file where the loader looks first stands in for them:
    /// exit 2, naming the library and the Debian packages, and nothing written.
    func testAVideoWithoutFFmpegsLibrariesIsRefusedNamingThePackages() throws {
        let workspace = try makeWorkspace()
        let libraries = root.appendingPathComponent("no-ffmpeg", isDirectory: true)
        try FileManager.default.createDirectory(at: libraries, withIntermediateDirectories: true)
        for major in 50...70 {
            FileManager.default.createFile(
                atPath: libraries.appendingPathComponent("libavutil.so.\(major)").path, contents: nil)
        }
        let result = try run(
            [
                "LD_LIBRARY_PATH=\(libraries.path)", try executableURL().path, "--demo", "circle", "--video",
                "demo.webm",
            ],
            in: workspace, executable: URL(fileURLWithPath: "/usr/bin/env"))
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertEqual(result.stderrLines.count, 1, result.stderr)
        XCTAssertTrue(
            result.stderr.hasPrefix("reveal-render: --video demo.webm: cannot load FFmpeg's libavutil.so."),
            result.stderr)
        XCTAssertTrue(
            result.stderr.hasSuffix(": install Debian's libavcodec59 and libavformat59 to write video\n"), result.stderr
        )
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: workspace.path), [])
    }

    func testAnMP4OfTheDemoAtTheSequencesRateAndLength() throws {
        let workspace = try makeWorkspace()
        let result = try run(
            ["--demo", "scratch", "--scale", "0.5", "--fps", "30", "--video", "demo.mp4", "--out", "frames"],
            in: workspace, timeout: 60)
        XCTAssertEqual(result.status, 0, result.stderr)
        let (frames, width, height) = try sequence(in: workspace.appendingPathComponent("frames"))
        XCTAssertTrue(result.stderr.contains("a video of 6.0333 s (MP4 with H.264, \(width)×\(height),"), result.stderr)
        let stream = try MediaTools.stream(workspace.appendingPathComponent("demo.mp4"), scratch: root)
        XCTAssertEqual(stream["nb_read_frames"], "\(frames)")
        XCTAssertEqual(stream["r_frame_rate"], "30/1")
        XCTAssertEqual(stream["width"], "\(width + width % 2)")
        XCTAssertEqual(stream["height"], "\(height + height % 2)")
        XCTAssertEqual(Double(stream["duration"] ?? "") ?? 0, Double(frames) / 30, accuracy: 1e-6)
    }
}
