import Foundation
import RevealTestSupport
import XCTest

@testable import RevealRender

/// What reveal-render must never destroy: devices, FIFOs and links it is pointed at, the inputs of a
/// comparison or a render, and the meaning of a folder's manifest. Devices need root: DeviceSafetyTests, among
/// the integration tests.
final class OutputSafetyTests: CLITestCase {
    func testAFIFOIsStreamedToOrRefusedNeverReplaced() throws {
        let workspace = try makeWorkspace(scene: Self.tinyStrokeScene)
        let fifo = workspace.appendingPathComponent("pipe.png").path
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        // Nobody reads: refused at once, the FIFO stays.
        let unread = try run(["--stroke", "strokes.json", "--frame", "0", "--out", fifo], in: workspace)
        XCTAssertEqual(unread.status, 1, unread.stderr)
        XCTAssertTrue(unread.stderr.contains("no program is reading from it"), unread.stderr)
        XCTAssertEqual(fileKind(fifo), S_IFIFO)
        // A reader gets the PNG as it is written.
        let received = LockedBytes()
        let reader = Thread {
            let fd = open(fifo, O_RDONLY)
            var chunk = [UInt8](repeating: 0, count: 4096)
            while fd >= 0 {
                let n = read(fd, &chunk, chunk.count)
                if n <= 0 { break }
                received.append(chunk[0..<n])
            }
            close(fd)
        }
        reader.start()
        var streamed = try run(["--stroke", "strokes.json", "--frame", "0", "--out", fifo], in: workspace)
        for _ in 0..<50 where streamed.status == 1 && streamed.stderr.contains("no program is reading") {
            usleep(20_000)  // the reader thread had not opened its end yet
            streamed = try run(["--stroke", "strokes.json", "--frame", "0", "--out", fifo], in: workspace)
        }
        XCTAssertEqual(streamed.status, 0, streamed.stderr)
        for _ in 0..<500 where !reader.isFinished { usleep(2_000) }
        let image = try PNG.decode(received.bytes)
        XCTAssertEqual(image.width, 8)
        XCTAssertEqual(fileKind(fifo), S_IFIFO, "the FIFO is still a FIFO")
    }

    func testAVideoOrWebPThatMustSeekRefusesAFIFO() throws {
        let workspace = try makeWorkspace(scene: Self.tinyStrokeScene)
        for name in ["pipe.mp4", "pipe.webp"] {
            let fifo = workspace.appendingPathComponent(name).path
            XCTAssertEqual(mkfifo(fifo, 0o644), 0)
            let reader = open(fifo, O_RDONLY | O_NONBLOCK)
            defer { close(reader) }
            let flag = name.hasSuffix("mp4") ? "--video" : "--webp"
            let result = try run(["--stroke", "strokes.json", flag, fifo, "--quiet"], in: workspace)
            XCTAssertEqual(result.status, name.hasSuffix("mp4") ? 2 : 1, result.stderr)
            XCTAssertTrue(result.stderr.contains("needs a file it can seek in"), result.stderr)
            XCTAssertEqual(result.stderrLines.count, 1, result.stderr)
            XCTAssertEqual(fileKind(fifo), S_IFIFO)
        }
    }

    func testALinkToAProcessFileIsFollowedNotReplaced() throws {
        let workspace = try makeWorkspace(scene: Self.tinyStrokeScene)
        let link = workspace.appendingPathComponent("out.png").path
        XCTAssertEqual(symlink("/proc/self/fd/1", link), 0)
        let result = try run(["--stroke", "strokes.json", "--frame", "0", "--out", link, "--quiet"], in: workspace)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(fileKind(link), S_IFLNK, "the link is still a link")
        XCTAssertTrue(
            result.stdout.hasPrefix("\u{FFFD}PNG") && result.stdout.contains("IHDR"),
            "the PNG went where the link points")
    }

    func testDestinationsByKind() throws {
        let folder = try makeWorkspace()
        let file = folder.appendingPathComponent("file").path
        let dangling = folder.appendingPathComponent("dangling").path
        let linkToFile = folder.appendingPathComponent("link").path
        let fifo = folder.appendingPathComponent("fifo").path
        XCTAssertTrue(FileManager.default.createFile(atPath: file, contents: Data("x".utf8)))
        XCTAssertEqual(symlink("missing", dangling), 0)
        XCTAssertEqual(symlink("file", linkToFile), 0)
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        let absent = folder.appendingPathComponent("absent").path
        XCTAssertEqual(try Destination.of(absent, replacingLinks: false), .replace(path: absent))
        XCTAssertEqual(try Destination.of(file, replacingLinks: false), .replace(path: file))
        XCTAssertEqual(
            try Destination.of(linkToFile, replacingLinks: false), .replace(path: realpathOf(file)),
            "written where it points")
        XCTAssertEqual(
            try Destination.of(linkToFile, replacingLinks: true), .replace(path: linkToFile),
            "a frame's link is replaced")
        XCTAssertEqual(try Destination.of(fifo, replacingLinks: false), .stream)
        XCTAssertThrowsError(try Destination.of(dangling, replacingLinks: false))
        XCTAssertThrowsError(try Destination.of(folder.path, replacingLinks: false))
        if getuid() == 0 {
            let block = folder.appendingPathComponent("block").path
            if mknod(block, S_IFBLK | 0o600, deviceNumber(7, 250)) == 0 {
                XCTAssertThrowsError(try Destination.of(block, replacingLinks: false)) { error in
                    XCTAssertTrue("\(error)".contains("block device"), "\(error)")
                }
            }
        }
        // Through a link to a file the link itself stays.
        try AtomicFile.write(Array("new".utf8), to: linkToFile)
        XCTAssertEqual(fileKind(linkToFile), S_IFLNK)
        XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), "new")
    }

    private func realpathOf(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    // MARK: - compare never changes its inputs

    private func goldenFolders(in workspace: URL) throws -> (expected: String, actual: String) {
        let image = try TestImages.gradient(6, 4)
        let expected = workspace.appendingPathComponent("expected").path
        let actual = workspace.appendingPathComponent("actual").path
        for folder in [expected, actual] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for index in 0..<3 { try TestImages.writePNG(image, to: folder + "/" + FrameFolder.frameName(index)) }
        }
        return (expected, actual)
    }

    func testCompareRefusesADiffThatIsOrLiesInsideAnInput() throws {
        let workspace = try makeWorkspace()
        let (expected, actual) = try goldenFolders(in: workspace)
        XCTAssertEqual(symlink("expected", workspace.appendingPathComponent("alias").path), 0)
        let before = try snapshot(workspace)
        for diff in [
            expected, actual, expected + "/diffs", actual + "/diff.png", workspace.appendingPathComponent("alias").path,
            workspace.appendingPathComponent("alias/sub/deeper").path,
        ] {
            let result = try run(["compare", expected, actual, "--diff", diff], in: workspace)
            XCTAssertEqual(result.status, 2, "--diff \(diff): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("compare never changes its inputs"), result.stderr)
        }
        let image = expected + "/frame-00000.png"
        let other = actual + "/frame-00001.png"
        for diff in [image, other] {
            let result = try run(["compare", image, other, "--diff", diff], in: workspace)
            XCTAssertEqual(result.status, 2, "--diff \(diff): \(result.stderr)")
        }
        XCTAssertEqual(try snapshot(workspace), before, "no input changed, nothing was written")
    }

    func testCompareNeverRemovesFilesItDidNotWrite() throws {
        let workspace = try makeWorkspace()
        let (expected, actual) = try goldenFolders(in: workspace)
        try TestImages.writePNG(
            try TestImages.gradient(6, 4).nudged(x: 1, y: 1, by: 3), to: actual + "/frame-00001.png")
        let diffs = workspace.appendingPathComponent("diffs")
        try FileManager.default.createDirectory(at: diffs, withIntermediateDirectories: true)
        let keep = Data("an old diff".utf8)
        try keep.write(to: diffs.appendingPathComponent("frame-00007.png"))
        let result = try run(["compare", expected, actual, "--diff", diffs.path], in: workspace)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(try names(in: diffs), ["frame-00001.png", "frame-00007.png"])
        XCTAssertEqual(try Data(contentsOf: diffs.appendingPathComponent("frame-00007.png")), keep)
        XCTAssertTrue(result.stderr.contains("also holds 1 frame file this run did not write"), result.stderr)
    }

    // MARK: - a render never writes over its inputs

    func testARenderNeverWritesOverItsInputs() throws {
        let image = try PNG.encode(try TestImages.gradient(4, 4))
        let scene = #"{"width": 8, "height": 6, "scale": 1, "content": {"image": "prize.png"}}"#
        let workspace = try makeWorkspace(scene: scene, files: ["prize.png": Data(image)])
        XCTAssertEqual(symlink("strokes.json", workspace.appendingPathComponent("alias.png").path), 0)
        let before = try snapshot(workspace)
        for args in [
            ["--frame", "0", "--out", "strokes.json"], ["--frame", "0", "--out", "prize.png"],
            ["--apng", "prize.png"], ["--filmstrip", "strokes.json"], ["--frame", "0", "--out", "alias.png"],
            ["--gif", "prize.png"],
        ] {
            let result = try run(["--stroke", "strokes.json"] + args, in: workspace)
            XCTAssertEqual(result.status, 2, "\(args): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("never writes over its inputs"), result.stderr)
        }
        XCTAssertEqual(try snapshot(workspace), before)
        // A scene kept in the output folder under the manifest's name.
        let folder = try makeWorkspace()
        let frames = folder.appendingPathComponent("frames")
        try FileManager.default.createDirectory(at: frames, withIntermediateDirectories: true)
        try Data(Self.tinyStrokeScene.utf8).write(to: frames.appendingPathComponent("manifest.json"))
        let kept = try snapshot(folder)
        let result = try run(["--stroke", "frames/manifest.json", "--out", "frames"], in: folder)
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertEqual(try snapshot(folder), kept)
    }

    // MARK: - one manifest, one run

    func testAStoppedRunLeavesNoManifestOfAnotherRun() throws {
        let workspace = try makeWorkspace()
        XCTAssertEqual(
            try run(["--demo", "circle", "--scale", "0.25", "--out", "out", "--quiet"], in: workspace).status, 0)
        XCTAssertTrue(exists(workspace.appendingPathComponent("out/manifest.json")))
        let process = Process()
        process.executableURL = try executableURL()
        process.arguments = ["--demo", "circle", "--scale", "2", "--out", "out", "--quiet"]
        process.currentDirectoryURL = workspace
        try process.run()
        let manifest = workspace.appendingPathComponent("out/manifest.json")
        for _ in 0..<5000 where exists(manifest) && process.isRunning { usleep(1_000) }
        XCTAssertFalse(exists(manifest), "the old manifest is removed before the first new frame")
        // A second run into the same folder is refused at once, naming the first.
        let second = try run(["--demo", "scratch", "--scale", "0.5", "--out", "out", "--quiet"], in: workspace)
        XCTAssertEqual(second.status, 1, second.stderr)
        XCTAssertTrue(second.stderr.contains("process \(process.processIdentifier)"), second.stderr)
        XCTAssertTrue(second.stderr.contains("is writing into this folder"), second.stderr)
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 143)
        XCTAssertFalse(exists(manifest))
        XCTAssertFalse(exists(workspace.appendingPathComponent("out/" + FolderLock.fileName)), "the lock is released")
        let after = try run(["--demo", "scratch", "--scale", "0.5", "--out", "out", "--quiet"], in: workspace)
        XCTAssertEqual(after.status, 0, after.stderr)
    }

    func testTheFolderLockWorksWithinOneProcess() throws {
        let folder = try makeWorkspace().path
        do {
            let lock = try FolderLock(folder: folder)
            XCTAssertThrowsError(try FolderLock(folder: folder)) { error in
                XCTAssertTrue("\(error)".contains("another export in this process"), "\(error)")
            }
            XCTAssertTrue(exists(URL(fileURLWithPath: folder + "/" + FolderLock.fileName)))
            withExtendedLifetime(lock) {}
        }
        XCTAssertFalse(exists(URL(fileURLWithPath: folder + "/" + FolderLock.fileName)), "released with its value")
        XCTAssertNoThrow(try FolderLock(folder: folder))
    }

    // MARK: - inputs read as they are

    func testAnImageUsedByFourPaintsIsDecodedOnce() throws {
        let folder = try makeWorkspace()
        try TestImages.writePNG(try TestImages.gradient(30, 20), to: folder.appendingPathComponent("photo.png").path)
        let json =
            #"{"width": 10, "height": 10, "content": {"image": "photo.png"}, "cover": {"image": "./photo.png"}, "#
            + #""background": {"image": "photo.png", "opacity": 0.5}, "canvas": {"image": "photo.png"}, "padding": 1}"#
        let inputs = SceneInputs()
        let scene = try ScratchSceneFile.decode(
            Array(json.utf8), file: "s.json", baseDirectory: folder.path, inputs: inputs)
        func storage(_ paint: Paint) -> UnsafeRawPointer? {
            guard case .image(let image, _) = paint.kind else { return nil }
            return image.bytes.withUnsafeBytes { $0.baseAddress }
        }
        let first = scene.content.view.plainPaint.flatMap(storage)
        XCTAssertNotNil(first)
        for paint in [scene.cover.view.plainPaint, scene.background.view.plainPaint, scene.card.canvas].compactMap({
            $0
        }) {
            XCTAssertEqual(storage(paint), first, "one decoded image, shared")
        }
        XCTAssertEqual(inputs.paths.count, 1)
    }

    func testACompareNeedsTheTwoImagesAndADiffOnlyWhenAsked() throws {
        let workspace = try makeWorkspace()
        let side = 3000
        let pixels = side * side
        let image = try TestImages.solid(side, side, PremultipliedRGBA8(r: 10, g: 200, b: 30, a: 255))
        let a = workspace.appendingPathComponent("a.png").path
        let b = workspace.appendingPathComponent("b.png").path
        try TestImages.writePNG(image, to: a)
        try TestImages.writePNG(image.nudged(x: 5, y: 7, by: 3), to: b)
        let baseline = try run(["compare", a, a], in: workspace)  // the program itself, two images of this size
        let plain = try run(["compare", a, b], in: workspace)
        XCTAssertEqual(plain.status, 1)
        let withDiff = try run(["compare", a, b, "--diff", "d.png"], in: workspace)
        XCTAssertEqual(withDiff.status, 1)
        let megabyte = 1 << 20
        // Two images of 4 bytes a pixel; with --diff a byte a pixel to sort them and four for the diff image
        // (README states 8 and 13; this debug build copies the diff once more).
        XCTAssertLessThan(plain.peakMemory, 8 * pixels + 32 * megabyte, "peak \(plain.peakMemory >> 20) MiB")
        XCTAssertLessThan(withDiff.peakMemory, 17 * pixels + 32 * megabyte, "peak \(withDiff.peakMemory >> 20) MiB")
        XCTAssertGreaterThan(withDiff.peakMemory, plain.peakMemory + 4 * pixels, "the diff's memory is counted")
        XCTAssertLessThan(abs(baseline.peakMemory - plain.peakMemory), 8 * megabyte)
    }

    func testAPipedSceneIsRead() throws {
        let workspace = try makeWorkspace(scene: Self.tinyStrokeScene)
        let result = try run(
            ["-c", "exec \"$0\" --stroke <(cat strokes.json) --frame 0 --out still.png", try executableURL().path],
            in: workspace, executable: URL(fileURLWithPath: "/bin/bash"))
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try PNG.decode(contentsOf: workspace.appendingPathComponent("still.png").path).width, 8)
    }

    /// A sequence from a scene in a named FIFO finishes, and its manifest still records a scene digest
    /// (`join` needs one), although the FIFO cannot be read a second time for it.
    func testASequenceFromAFIFOFinishesWithItsDigest() throws {
        let workspace = try makeWorkspace(scene: Self.tinyStrokeScene)
        let result = try run(
            [
                "-c",
                "mkfifo scene.fifo && { cat strokes.json > scene.fifo & } && exec \"$0\" --stroke scene.fifo --out frames --quiet",
                try executableURL().path,
            ],
            in: workspace, executable: URL(fileURLWithPath: "/bin/bash"))
        XCTAssertEqual(result.status, 0, result.stderr)
        let manifest = try XCTUnwrap(
            JSONSerialization.jsonObject(
                with: Data(contentsOf: workspace.appendingPathComponent("frames/manifest.json")))
                as? [String: Any])
        XCTAssertEqual((manifest["sceneDigest"] as? String)?.count, 64)
    }

    func testMessagesQuoteAtMostEightyCharactersOfAnyName() throws {
        let name = String(repeating: "n", count: 100_000) + ".png"
        let scene = #"{"width": 8, "height": 6, "content": {"image": "\#(name)"}}"#
        let workspace = try makeWorkspace(scene: scene)
        let result = try run(["--stroke", "strokes.json", "--out", "frames"], in: workspace)
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderrLines.count, 1)
        XCTAssertLessThan(result.stderr.count, 400, result.stderr)
        let long = String(repeating: "d/", count: 20_000) + "x.png"
        let compare = try run(["compare", long, long], in: workspace)
        XCTAssertEqual(compare.status, 2)
        XCTAssertLessThan(compare.stderr.count, 300, compare.stderr)
    }
}

/// Bytes collected by another thread.
private final class LockedBytes: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [UInt8] = []
    func append(_ bytes: ArraySlice<UInt8>) { lock.withLock { storage += bytes } }
    var bytes: [UInt8] { lock.withLock { storage } }
}
