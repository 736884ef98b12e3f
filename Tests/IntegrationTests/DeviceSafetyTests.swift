import Foundation
import RevealTestSupport
import XCTest

/// Devices reveal-render is pointed at are written to, never replaced: private nodes made with `mknod` in the
/// test's own folder (root only); the real `/dev` is never touched.
final class DeviceSafetyTests: CLITestCase {
    override class func setUp() {
        super.setUp()
        IntegrationRun.watch(self)
    }

    /// A private character device with the numbers of /dev/null (1, 3) or /dev/full (1, 7).
    private func device(_ name: String, minor: UInt32, in folder: URL) throws -> String {
        guard getuid() == 0 else { throw IntegrationRun.skip("making a device node needs root") }
        let path = folder.appendingPathComponent(name).path
        guard mknod(path, S_IFCHR | 0o666, deviceNumber(1, minor)) == 0 else {
            throw IntegrationRun.skip("mknod is not allowed here: \(String(cString: strerror(errno)))")
        }
        return path
    }

    func testADeviceIsWrittenToNotReplaced() throws {
        let workspace = try makeWorkspace(scene: Self.tinyStrokeScene)
        let null = try device("null", minor: 3, in: workspace)
        let still = try run(["--stroke", "strokes.json", "--frame", "1", "--out", null], in: workspace)
        XCTAssertEqual(still.status, 0, still.stderr)
        XCTAssertEqual(fileKind(null), S_IFCHR, "the device is still a device")
        let full = try device("full", minor: 7, in: workspace)
        let apng = try run(["--stroke", "strokes.json", "--apng", full, "--quiet"], in: workspace)
        XCTAssertEqual(apng.status, 1, apng.stderr)
        XCTAssertTrue(apng.stderr.contains("No space left on device"), apng.stderr)
        XCTAssertEqual(fileKind(full), S_IFCHR)
        // The other formats, a video through a link named for its format.
        for name in ["full.mp4", "full.webm"] {
            XCTAssertEqual(symlink(full, workspace.appendingPathComponent(name).path), 0)
        }
        for (flag, path) in [("--gif", full), ("--video", "full.mp4"), ("--video", "full.webm")] {
            let result = try run(["--stroke", "strokes.json", flag, path, "--quiet"], in: workspace)
            XCTAssertEqual(result.status, 1, result.stderr)
            XCTAssertTrue(result.stderr.contains("No space left on device"), "\(flag) \(path): \(result.stderr)")
            XCTAssertEqual(result.stderrLines.count, 1, result.stderr)
        }
        XCTAssertEqual(fileKind(workspace.appendingPathComponent("full.mp4").path), S_IFLNK)
        XCTAssertEqual(fileKind(full), S_IFCHR)
        XCTAssertEqual(
            try names(in: workspace), ["full", "full.mp4", "full.webm", "null", "strokes.json"],
            "nothing else was written")
    }
}
