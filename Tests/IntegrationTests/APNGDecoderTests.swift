import Foundation
import RevealRender
import RevealTestSupport
import XCTest

/// The animated PNG that RevealOutputTests reads back with our reader, decoded by Pillow and by ffmpeg.
final class APNGDecoderTests: XCTestCase {
    private var folder: URL!

    override class func setUp() {
        super.setUp()
        IntegrationRun.watch(self)
    }

    override func setUpWithError() throws {
        try super.setUpWithError()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "APNGDecoderTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        if let folder { try? FileManager.default.removeItem(at: folder) }
        try super.tearDownWithError()
    }

    private func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// Runs a program, returning its exit status and standard error (nil when it cannot be started).
    private func run(_ arguments: [String]) -> (status: Int32, stderr: String)? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        let stderr = Pipe()
        process.standardError = stderr
        do { try process.run() } catch { return nil }
        let text = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    func testPillowDecodesEveryFrame() throws {
        guard let probe = run(["python3", "-c", "import PIL"]), probe.status == 0 else {
            throw IntegrationRun.skip("python3 with Pillow is not installed")
        }
        let png = try APNGSample.write(to: path("anim.png"), loops: 2)
        let script = """
            import json, sys
            from PIL import Image
            im = Image.open(sys.argv[1])
            meta = {"frames": im.n_frames, "loop": im.info.get("loop"), "durations": []}
            with open(sys.argv[2], "wb") as out:
                for i in range(im.n_frames):
                    im.seek(i)
                    meta["durations"].append(im.info.get("duration"))
                    out.write(im.convert("RGBA").tobytes())
            with open(sys.argv[3], "w") as f:
                json.dump(meta, f)
            """
        let result = run(["python3", "-c", script, path("anim.png"), path("pillow.rgba"), path("pillow.json")])
        XCTAssertEqual(result?.status, 0, result?.stderr ?? "")
        let meta =
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path("pillow.json"))))
            as! [String: Any]
        XCTAssertEqual(meta["frames"] as? Int, 30)
        XCTAssertEqual(meta["loop"] as? Int, 2)
        for duration in meta["durations"] as! [Double] { XCTAssertEqual(duration, 1000.0 / 30, accuracy: 1e-6) }
        let raw = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path("pillow.rgba"))))
        let frameBytes = 64 * 48 * 4
        XCTAssertEqual(raw.count, frameBytes * 30)
        XCTAssertGreaterThan(png.count, 0)
        for i in 0..<min(30, raw.count / frameBytes) {
            let frame = try APNGSample.premultiplied(
                raw[(i * frameBytes)..<((i + 1) * frameBytes)], width: 64, height: 48)
            XCTAssertEqual(frame, APNGSample.frames[i], "Pillow's frame \(i)")
        }
    }

    func testFFmpegDecodesEveryFrame() throws {
        guard let probe = run(["ffmpeg", "-version"]), probe.status == 0 else {
            throw IntegrationRun.skip("ffmpeg is not installed")
        }
        _ = try APNGSample.write(to: path("anim.png"))
        let result = run([
            "ffmpeg", "-nostdin", "-v", "error", "-i", path("anim.png"), "-f", "rawvideo", "-pix_fmt", "rgba",
            "-fps_mode", "passthrough", path("ffmpeg.rgba"),
        ])
        XCTAssertEqual(result?.status, 0, result?.stderr ?? "")
        let raw = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path("ffmpeg.rgba"))))
        let frameBytes = 64 * 48 * 4
        XCTAssertEqual(raw.count, frameBytes * 30)
        for i in 0..<min(30, raw.count / frameBytes) {
            let frame = try APNGSample.premultiplied(
                raw[(i * frameBytes)..<((i + 1) * frameBytes)], width: 64, height: 48)
            XCTAssertEqual(frame, APNGSample.frames[i], "ffmpeg's frame \(i)")
        }
    }
}
