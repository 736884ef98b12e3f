import Foundation
import RevealTestSupport
import XCTest

@testable import RevealRender

/// The command line's less travelled options: compression settings, conflicting flags, a still asked
/// into a folder, each subcommand's help, the summary of an animated PNG, and the progress bar, which
/// is drawn on a terminal only.
final class CLIOptionsTests: CLITestCase {
    private static let scene = """
        {"width": 40, "height": 20, "scale": 1, "fps": 30, "brushWidth": 8,
         "strokes": [{"points": [[2, 10, 0], [20, 10, 0.1], [38, 10, 0.2]]}]}
        """

    func testCompressionSettingsChangeBytesNotPixels() throws {
        let workspace = try makeWorkspace(scene: CLIOptionsTests.scene)
        for (folder, flags) in [
            ("fast", ["--compression", "fast"]), ("smallest", ["--compression", "smallest"]),
            ("stored", ["--png-level", "0"]), ("zlib3", ["--png-level", "3"]),
        ] {
            let result = try run(["--stroke", "strokes.json", "--out", folder, "--quiet"] + flags, in: workspace)
            XCTAssertEqual(result.status, 0, result.stderr)
        }
        func bytes(_ folder: String) throws -> Int {
            try names(in: workspace.appendingPathComponent(folder)).filter { $0.hasPrefix("frame-") }.reduce(0) {
                $0 + (try Data(contentsOf: workspace.appendingPathComponent(folder + "/" + $1)).count)
            }
        }
        let frame = "frame-00003.png"
        let pixels = try ["fast", "smallest", "stored"].map {
            try PNG.decode(contentsOf: workspace.appendingPathComponent($0 + "/" + frame).path)
        }
        XCTAssertEqual(pixels[0], pixels[1])
        XCTAssertEqual(pixels[0], pixels[2])
        XCTAssertLessThanOrEqual(try bytes("smallest"), try bytes("fast"))
        XCTAssertGreaterThan(try bytes("stored"), try bytes("fast"), "level 0 stores the rows uncompressed")
        // A level asks for zlib's: the same pixels in other bytes than our own deflate's at that level.
        let zlib3 = try Data(contentsOf: workspace.appendingPathComponent("zlib3/" + frame))
        XCTAssertNotEqual(zlib3, try Data(contentsOf: workspace.appendingPathComponent("fast/" + frame)))
        XCTAssertEqual(try PNG.decode([UInt8](zlib3)), pixels[0])
        for (flags, message) in [
            (["--compression", "tiny"], "reveal-render: --compression: expected fast or smallest, got \"tiny\""),
            (["--png-level", "10"], "reveal-render: --png-level 10 is outside 0…9"),
        ] {
            let refused = try run(["--stroke", "strokes.json", "--out", "x"] + flags, in: workspace)
            XCTAssertEqual(refused.status, 2)
            XCTAssertEqual(refused.stderrLines.first, message)
        }
    }

    func testConflictingRequestsAreNamed() throws {
        let workspace = try makeWorkspace(scene: CLIOptionsTests.scene)
        for (args, message) in [
            (
                ["--demo", "sparkles", "--out", "x"],
                "reveal-render: unknown demo \"sparkles\" (available: scratch, circle)"
            ),
            (
                ["--stroke", "strokes.json", "--time", "0", "--apng", "a.png", "--out", "s.png"],
                "reveal-render: --apng makes a sequence; --time and --frame render one still"
            ),
            (
                ["--stroke", "strokes.json", "--time", "0", "--frames", "0-1", "--out", "s.png"],
                "reveal-render: --frames renders a sequence; --time and --frame render one still"
            ),
        ] {
            let result = try run(args, in: workspace)
            XCTAssertEqual(result.status, 2, args.joined(separator: " "))
            XCTAssertEqual(result.stderrLines.first, message)
        }
        try FileManager.default.createDirectory(
            at: workspace.appendingPathComponent("stills"), withIntermediateDirectories: true)
        let intoFolder = try run(["--stroke", "strokes.json", "--time", "0", "--out", "stills"], in: workspace)
        XCTAssertEqual(intoFolder.status, 2)
        XCTAssertEqual(
            intoFolder.stderrLines.first,
            "reveal-render: --out \"stills\" is a folder; a still needs a file name such as stills/still.png")
        XCTAssertEqual(try names(in: workspace.appendingPathComponent("stills")), [])
    }

    func testEverySubcommandTeachesItsUsage() throws {
        let workspace = try makeWorkspace()
        for (command, heading) in [
            ("join", "reveal-render join PART_DIR… --out DIR"),
            ("layout", "reveal-render layout (--stroke FILE"),
            ("strokes", "reveal-render strokes zigzag|spiral|taps"),
        ] {
            let help = try run([command, "--help"], in: workspace)
            XCTAssertEqual(help.status, 0, command)
            XCTAssertTrue(help.stdout.hasPrefix(heading), help.stdout)
            XCTAssertEqual(help.stderr, "")
        }
    }

    /// `--duration` alone keeps the scene's curve and changes how long it runs.
    func testADurationAloneKeepsTheCurve() throws {
        let workspace = try makeWorkspace()
        try Data(
            #"{"width": 8, "height": 6, "scale": 1, "fps": 10, "animation": {"curve": "linear", "duration": 0.2}, "toggles": [0]}"#
                .utf8
        )
        .write(to: workspace.appendingPathComponent("circle.json"))
        let short = try run(["--circle", "circle.json", "--out", "short", "--quiet"], in: workspace)
        let long = try run(["--circle", "circle.json", "--duration", "1", "--out", "long", "--quiet"], in: workspace)
        XCTAssertEqual([short.status, long.status], [0, 0], short.stderr + long.stderr)
        XCTAssertEqual(try names(in: workspace.appendingPathComponent("short")).count - 1, 3)
        XCTAssertEqual(try names(in: workspace.appendingPathComponent("long")).count - 1, 11)
        // Linear still: frame 5 of 10 shows the circle at half its radius, as 0.5 s of 1 s.
        let scene = CircleRevealScene(
            width: 8, height: 6, scale: 1, fps: 10, animation: .timing(.linear, duration: 1), toggles: [0])
        XCTAssertEqual(
            try PNG.decode(contentsOf: workspace.appendingPathComponent("long/frame-00005.png").path),
            try scene.renderFrame(5))
    }

    func testTheSummaryNamesAnAnimatedPNGAsOne() throws {
        let workspace = try makeWorkspace(scene: CLIOptionsTests.scene)
        let result = try run(["--stroke", "strokes.json", "--apng", "card.png"], in: workspace)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(
            result.stderrLines.first?.hasPrefix("wrote an animated PNG of 7 frames (40×20) to card.png in ") ?? false,
            result.stderr)
    }

    /// On a terminal (a pseudo-terminal from `script`) the progress bar is drawn and cleared; piped, it
    /// never is.
    func testTheProgressBarIsDrawnOnATerminalOnly() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else {
            throw XCTSkip("no /usr/bin/script")
        }
        let workspace = try makeWorkspace(scene: CLIOptionsTests.scene)
        let binary = try executableURL().path
        let terminal = try run(
            ["-qec", "'\(binary)' --stroke strokes.json --out tty", "/dev/null"], in: workspace,
            executable: URL(fileURLWithPath: "/usr/bin/script"))
        XCTAssertEqual(terminal.status, 0, terminal.stderr)
        XCTAssertTrue(terminal.stdout.contains("7/7 frames"), terminal.stdout)
        XCTAssertTrue(terminal.stdout.contains("\r\u{1B}[K"), "the bar is cleared at the end")
        let piped = try run(["--stroke", "strokes.json", "--out", "piped"], in: workspace)
        XCTAssertFalse(piped.stderr.contains("frames, "), piped.stderr)
        XCTAssertFalse(piped.stderr.contains("\r"), piped.stderr)
    }
}
