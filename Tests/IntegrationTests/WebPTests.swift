/// Animated WebP: `WebPWriter`'s files checked by libwebp's own `webpinfo`, and read back frame by
/// frame by Pillow, a decoder that is not ours.
import Foundation
import RevealMedia
import RevealRender
import RevealTestSupport
import XCTest

final class WebPTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        IntegrationRun.watch(self)
    }

    private var folder: URL!

    override func setUpWithError() throws {
        folder = URL(fileURLWithPath: try TestImages.temporaryFolder(self, "WebPTests"))
    }

    private func write(
        _ frames: [Pixmap], fps: Double = 30, loops: Int = 0, quality: Double? = nil, name: String = "anim.webp"
    )
        throws -> URL
    {
        let url = folder.appendingPathComponent(name)
        let writer = try WebPWriter(
            path: url.path, width: frames[0].width, height: frames[0].height, fps: fps, frameCount: frames.count,
            loops: loops, quality: quality)
        for (k, frame) in frames.enumerated() { try writer.observe(frame, frame: k) }
        try writer.finish()
        return url
    }

    /// Pillow's frames (straight RGBA) and durations in milliseconds, and the file's loop count.
    private func pillow(_ url: URL) throws -> (frames: [[UInt8]], durations: [Int], loop: Int) {
        let script = """
            import json, sys
            from PIL import Image
            im = Image.open(sys.argv[1])
            meta = {"durations": [], "loop": im.info.get("loop")}
            with open(sys.argv[2], "wb") as out:
                for i in range(im.n_frames):
                    im.seek(i)
                    out.write(im.convert("RGBA").tobytes())
                    meta["durations"].append(im.info.get("duration"))  # known once the frame is loaded
            json.dump(meta, open(sys.argv[3], "w"))
            """
        let raw = folder.appendingPathComponent("pillow.rgba")
        let meta = folder.appendingPathComponent("pillow.json")
        try MediaTools.run("python3", ["-c", script, url.path, raw.path, meta.path], scratch: folder)
        let info = try JSONSerialization.jsonObject(with: Data(contentsOf: meta)) as! [String: Any]
        let bytes = [UInt8](try Data(contentsOf: raw))
        let durations = (info["durations"] as! [Any]).map { ($0 as? Int) ?? Int(($0 as? Double) ?? -1) }
        let size = bytes.count / max(1, durations.count)
        return (
            (0..<durations.count).map { Array(bytes[$0 * size..<($0 + 1) * size]) }, durations,
            info["loop"] as? Int ?? -1
        )
    }

    /// The frames of GIFTests (a box that moves and leaves clear pixels, a repeat, a gradient, translucent
    /// bands) come back exactly from the lossless file, the repeat merged into its frame's duration.
    func testLosslessFramesComeBackExactlyThroughPillow() throws {
        let frames = try GIFTests.frames()
        let url = try write(frames, loops: 2)
        try MediaTools.run("webpinfo", ["-quiet", url.path], scratch: folder)
        let decoded = try pillow(url)
        XCTAssertEqual(decoded.loop, 2)
        // 0, 33, 67, 100, 133 ms and the end at 167: frame 2 repeats frame 1, which lasts until 100.
        XCTAssertEqual(decoded.durations, [33, 67, 33, 34])
        for (k, source) in [0, 1, 3, 4].enumerated() {
            let want = frames[source].straightRGBA
            let got = decoded.frames[k]
            XCTAssertEqual(got.count, want.count)
            let wrong = want.indices.filter { i in (want[i | 3] != 0 || i & 3 == 3) && want[i] != got[i] }
            XCTAssertEqual(
                wrong.count, 0, "frame \(source): \(wrong.prefix(8).map { "\($0): \(want[$0]) ≠ \(got[$0])" })")
        }
    }

    func testLossyFramesComeBackWithinTheQuality() throws {
        let frames = try GIFTests.frames()
        let lossy = try write(frames, quality: 90, name: "lossy.webp")
        try MediaTools.run("webpinfo", ["-quiet", lossy.path], scratch: folder)
        let decoded = try pillow(lossy)
        XCTAssertEqual(decoded.frames.count, 4)
        for (k, source) in [0, 1, 3, 4].enumerated() {
            let want = frames[source].straightRGBA
            var squared = 0.0
            var count = 0
            for i in want.indices where want[i | 3] == 255 && i & 3 != 3 {
                squared += pow(Double(want[i]) - Double(decoded.frames[k][i]), 2)
                count += 1
            }
            let psnr = 10 * log10(255 * 255 / max(squared / Double(max(count, 1)), 1e-9))
            XCTAssertGreaterThan(psnr, 30, "frame \(source)")
        }
    }

    func testTheSameFramesGiveTheSameBytesAndTheFileEndsWhereRIFFSays() throws {
        let frames = try GIFTests.frames()
        let a = try Data(contentsOf: write(frames, name: "a.webp"))
        let b = try Data(contentsOf: write(frames, name: "b.webp"))
        XCTAssertEqual(a, b)
        let size = Int(a[4]) | Int(a[5]) << 8 | Int(a[6]) << 16 | Int(a[7]) << 24
        XCTAssertEqual(size + 8, a.count)
        XCTAssertEqual(a[20] & 0x12, 0x12, "animation, and alpha: the box's frames are translucent")
    }

    func testAnUnfinishedWebPLeavesNothingBehind() throws {
        do {
            let writer = try WebPWriter(
                path: folder.appendingPathComponent("gone.webp").path, width: 40, height: 30, fps: 30, frameCount: 5)
            try writer.observe(try GIFTests.frames()[0], frame: 0)
            XCTAssertThrowsError(try writer.finish())
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [])
    }
}
