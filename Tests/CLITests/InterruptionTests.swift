import Foundation
import RevealTestSupport
import XCTest

@testable import RevealRender

/// Runs that are killed, interrupted, starved of disk, pointed at symbolic links or run many at once
/// must leave only whole files and never touch what is not ours.
final class InterruptionTests: CLITestCase {
    /// Starts the CLI, waits until it has written `frames` frame files, then sends `signal`.
    private func interrupt(_ args: [String], in directory: URL, afterFrames frames: Int, signal: Int32) throws -> Int32
    {
        let process = Process()
        process.executableURL = try executableURL()
        process.arguments = args
        process.currentDirectoryURL = directory
        process.standardError = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        usleep(20_000)  // file times are coarse: keep this run's apart from an earlier run's
        let started = Date()
        try process.run()
        let out = directory.appendingPathComponent("out")
        let deadline = Date().addingTimeInterval(30)
        // Frames of an earlier run in the folder do not count: only files this run wrote.
        func written() -> Int {
            ((try? frameNames(in: out)) ?? []).filter { name in
                let date =
                    try? FileManager.default.attributesOfItem(atPath: out.appendingPathComponent(name).path)[
                        .modificationDate] as? Date
                return (date ?? .distantPast) > started
            }.count
        }
        while Date() < deadline, process.isRunning, written() < frames {
            usleep(2_000)
        }
        XCTAssertTrue(process.isRunning, "the render finished before it could be interrupted")
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        return process.terminationStatus
    }

    private let longRender = ["--demo", "circle", "--scale", "1", "--out", "out", "--quiet"]

    private func assertWholeFrames(in folder: URL, file: StaticString = #filePath, line: UInt = #line) throws {
        for name in try frameNames(in: folder) {
            XCTAssertNoThrow(
                try PNG.decode(contentsOf: folder.appendingPathComponent(name).path), name, file: file, line: line)
        }
    }

    func testSIGINTStopsCleanlyWithExit130AndNoManifest() throws {
        let workspace = try makeWorkspace()
        let status = try interrupt(longRender, in: workspace, afterFrames: 3, signal: SIGINT)
        XCTAssertEqual(status, 130)
        let out = workspace.appendingPathComponent("out")
        XCTAssertFalse(exists(out.appendingPathComponent("manifest.json")))
        try assertNoTemporaryFiles(in: out)
        try assertWholeFrames(in: out)
    }

    func testSIGTERMExits143() throws {
        let workspace = try makeWorkspace()
        XCTAssertEqual(try interrupt(longRender, in: workspace, afterFrames: 3, signal: SIGTERM), 143)
        try assertNoTemporaryFiles(in: workspace.appendingPathComponent("out"))
    }

    func testSIGKILLLeavesWholeFramesAndTheNextRunCompletes() throws {
        let workspace = try makeWorkspace()
        let out = workspace.appendingPathComponent("out")
        // A complete earlier run, so a manifest exists while the killed run works.
        XCTAssertEqual(
            try run(["--demo", "circle", "--scale", "0.25", "--out", "out", "--quiet"], in: workspace).status, 0)
        XCTAssertTrue(exists(out.appendingPathComponent("manifest.json")))
        _ = try interrupt(longRender, in: workspace, afterFrames: 5, signal: SIGKILL)
        try assertWholeFrames(in: out)
        XCTAssertFalse(
            exists(out.appendingPathComponent("manifest.json")),
            "the earlier run's manifest is gone before the first new frame: it would describe other frames")
        XCTAssertTrue(try frameNames(in: out).allSatisfy(FrameFolder.isFrameName))
        let rerun = try run(longRender, in: workspace)
        XCTAssertEqual(rerun.status, 0, rerun.stderr)
        try assertNoTemporaryFiles(in: out)
        XCTAssertEqual(try frameNames(in: out).count, 169)
    }

    func testAFileSizeLimitIsAnErrorWithNoPartialFrames() throws {
        let workspace = try makeWorkspace()
        let binary = try executableURL().path
        // Under `Scripts/test --coverage` the binary writes a profile at exit, which the limit would
        // stop (and report on standard error): that one goes nowhere.
        let result = try run(
            ["-c", "ulimit -f 20; LLVM_PROFILE_FILE=/dev/null exec '\(binary)' --demo scratch --out out --quiet"],
            in: workspace,
            executable: URL(fileURLWithPath: "/bin/sh"))
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderrLines.count, 1, result.stderr)
        XCTAssertTrue(
            result.stderr.contains("out/frame-00000.png") && result.stderr.contains("File too large"), result.stderr)
        let out = workspace.appendingPathComponent("out")
        XCTAssertEqual(try frameNames(in: out), [])
        try assertNoTemporaryFiles(in: out)
    }

    func testASymbolicLinkNamedLikeAFrameIsReplacedNotFollowed() throws {
        let workspace = try makeWorkspace()
        let out = workspace.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let victim = workspace.appendingPathComponent("precious.txt")
        try Data("keep me".utf8).write(to: victim)
        try FileManager.default.createSymbolicLink(
            at: out.appendingPathComponent("frame-00000.png"), withDestinationURL: victim)
        try FileManager.default.createSymbolicLink(
            at: out.appendingPathComponent("frame-09999.png"), withDestinationURL: victim)
        XCTAssertEqual(
            try run(["--demo", "scratch", "--scale", "0.25", "--out", "out", "--quiet"], in: workspace).status, 0)
        XCTAssertEqual(try Data(contentsOf: victim), Data("keep me".utf8))
        let attributes = try FileManager.default.attributesOfItem(
            atPath: out.appendingPathComponent("frame-00000.png").path)
        XCTAssertEqual(attributes[.type] as? FileAttributeType, .typeRegular)
        XCTAssertFalse(
            exists(out.appendingPathComponent("frame-09999.png")), "a stale frame name is removed, as a link")
    }

    func testManyParallelRunsGiveByteIdenticalFrames() throws {
        let workspace = try makeWorkspace()
        let scene = Repository.fixture("bench/bench-scratch.json")
        let args = { (out: String) in ["--stroke", scene, "--scale", "0.25", "--out", out, "--quiet"] }
        XCTAssertEqual(try run(args("single"), in: workspace).status, 0)
        let reference = try snapshot(workspace.appendingPathComponent("single"))
        let processes = try (0..<20).map { k -> Process in
            let process = Process()
            process.executableURL = try executableURL()
            process.arguments = args("parallel-\(k)")
            process.currentDirectoryURL = workspace
            try process.run()
            return process
        }
        for process in processes {
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0)
        }
        for k in 0..<20 {
            XCTAssertTrue(
                try snapshot(workspace.appendingPathComponent("parallel-\(k)")) == reference, "run \(k) differs")
        }
    }
}
