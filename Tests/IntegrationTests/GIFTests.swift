/// Animated GIF: `GIFTiming`'s hundredths, and `GIFWriter`'s files read back by ffmpeg and walked
/// block by block by a reader written here from the GIF89a specification.
import Foundation
import RevealMedia
import RevealRender
import RevealTestSupport
import XCTest

final class GIFTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        IntegrationRun.watch(self)
    }

    private var folder: URL!

    override func setUpWithError() throws {
        folder = URL(fileURLWithPath: try TestImages.temporaryFolder(self, "GIFTests"))
    }

    // MARK: - Timing

    func testAt60FPSAFrameEveryTwoHundredthsAndTheDurationExact() throws {
        let timing = try XCTUnwrap(GIFTiming(fps: 60, frameCount: 361))
        XCTAssertEqual(timing.end, 602)  // 361 / 60 s = 6.0167 s
        let starts = (0..<361).compactMap { timing.start(ofFrame: $0) }
        XCTAssertEqual(starts.count, 301)
        XCTAssertEqual(timing.shownFrameCount, 301)
        XCTAssertEqual(starts.first, 0)
        XCTAssertEqual(timing.start(ofFrame: 360), 600, "the last frame is always shown")
        let delays = zip(starts.dropFirst() + [timing.end], starts).map { $0 - $1 }
        XCTAssertEqual(delays.reduce(0, +), 602)
        XCTAssertTrue(delays.allSatisfy { $0 == 2 }, "\(delays)")
        // Each frame shown is the one nearest its tick: frame 3 (5 cs) is left out for 2 (3.3 cs) at 4
        // and 4 (6.7 cs) at 6.
        XCTAssertEqual((0..<7).map { timing.start(ofFrame: $0) }, [0, 2, 4, nil, 6, 8, 10])
    }

    func testUpTo50FPSEveryFrameAtItsOwnHundredth() throws {
        for (fps, count) in [(24.0, 50), (30, 31), (50, 100), (29.97, 90), (1, 3)] {
            let timing = try XCTUnwrap(GIFTiming(fps: fps, frameCount: count))
            let starts = (0..<count).map { timing.start(ofFrame: $0) }
            XCTAssertEqual(starts, (0..<count).map { Int((100 * Double($0) / fps).rounded()) }, "\(fps) fps")
            XCTAssertEqual(timing.end, Int((100 * Double(count) / fps).rounded()))
            let all = starts.compactMap { $0 } + [timing.end]
            XCTAssertTrue(zip(all.dropFirst(), all).allSatisfy { $0 - $1 >= 2 }, "\(fps) fps: a delay under 2 cs")
        }
    }

    func testRatesAboveFiftyKeepEveryDelayAtTwoOrMore() throws {
        for fps in [50.5, 59.94, 60, 75, 120, 144, 240] {
            for count in [1, 2, 3, 7, 100, 241] {
                let timing = try XCTUnwrap(GIFTiming(fps: fps, frameCount: count))
                let starts = (0..<count).compactMap { timing.start(ofFrame: $0) }
                XCTAssertEqual(timing.start(ofFrame: count - 1), starts.last, "\(fps) fps, \(count) frames")
                let all = starts + [timing.end]
                if timing.end < 2 {
                    XCTAssertEqual(starts, [0], "shorter than 2 cs: the last frame alone")
                } else {
                    XCTAssertTrue(
                        zip(all.dropFirst(), all).allSatisfy { $0 - $1 >= 2 }, "\(fps) fps, \(count) frames: \(all)")
                }
                // Within a hundredth of its own time, or the last frame moved earlier to last 2 cs.
                for k in 0..<count - 1 {
                    guard let start = timing.start(ofFrame: k) else { continue }
                    XCTAssertLessThanOrEqual(
                        abs(Double(start) - 100 * Double(k) / fps), 1.0 + 1e-9, "\(fps) fps, frame \(k)")
                }
            }
        }
        XCTAssertNil(GIFTiming(fps: 60, frameCount: 0))
        XCTAssertNil(GIFTiming(fps: .nan, frameCount: 3))
    }

    // MARK: - Files

    /// 40×30 frames: a red box on a clear canvas that moves (its old place must turn clear again),
    /// stays, gives way to a gradient of more than 256 colors, then to translucent bands.
    static func frames() throws -> [Pixmap] {
        func box(at left: Int) -> (Int, Int) -> (Int, Int, Int, Int) {
            { x, y in (left..<left + 12).contains(x) && (5..<15).contains(y) ? (230, 20, 40, 255) : (0, 0, 0, 0) }
        }
        let moved = try frame(box(at: 8))
        return [
            try frame(box(at: 5)), moved, moved, try frame(gradient),
            try frame { x, y in y < 10 ? (0, 90, 200, 100) : y < 20 ? (0, 90, 200, 200) : (250, 250, 250, 255) },
        ]
    }

    /// 40×30 colors, no two alike.
    static func gradient(_ x: Int, _ y: Int) -> (Int, Int, Int, Int) { (x * 6, y * 8, 255 - x * 3, 255) }

    /// A 40×30 frame of straight colors.
    static func frame(_ color: (Int, Int) -> (Int, Int, Int, Int)) throws -> Pixmap {
        var bytes: [UInt8] = []
        for y in 0..<30 {
            for x in 0..<40 {
                let (r, g, b, a) = color(x, y)
                bytes += [r, g, b].map { UInt8(($0 * a + 127) / 255) } + [UInt8(a)]
            }
        }
        return try Pixmap(width: 40, height: 30, premultipliedBytes: bytes)
    }

    private func write(_ frames: [Pixmap], fps: Double = 30, loops: Int = 0, name: String = "anim.gif") throws -> URL {
        let url = folder.appendingPathComponent(name)
        let writer = try GIFWriter(
            path: url.path, width: frames[0].width, height: frames[0].height, fps: fps, frameCount: frames.count,
            loops: loops)
        for (k, frame) in frames.enumerated() { try writer.observe(frame, frame: k) }
        try writer.finish()
        return url
    }

    /// What a GIF can show of `pixmap`: under half opaque is clear, the rest opaque in its own color.
    private func expected(_ pixmap: Pixmap) -> [UInt8] {
        var out = pixmap.straightRGBA
        for i in stride(from: 0, to: out.count, by: 4) {
            if out[i + 3] < 128 { out.replaceSubrange(i..<i + 4, with: [0, 0, 0, 0]) } else { out[i + 3] = 255 }
        }
        return out
    }

    func testFFmpegDecodesEveryFrameWithinThePaletteError() throws {
        let frames = try GIFTests.frames()
        let url = try write(frames)
        let decoded = try MediaTools.decode(url, width: 40, height: 30, scratch: folder)
        // Frame 2 repeats frame 1, which lasts until frame 3's time.
        XCTAssertEqual(decoded.count, 4)
        XCTAssertEqual(decoded.map { $0.time }, [0, 0.03, 0.10, 0.13])
        for (k, frame) in decoded.enumerated() {
            let source = [0, 1, 3, 4][k]
            let want = expected(frames[source])
            var worst = 0
            for i in want.indices where want[i | 3] != 0 || i & 3 == 3 {  // a clear pixel's color is no color
                worst = max(worst, abs(Int(want[i]) - Int(frame.rgba[i])))
            }
            // Frames of fewer than 256 colors come back exactly; the gradient within a palette step.
            XCTAssertLessThanOrEqual(worst, source == 3 ? 12 : 0, "frame \(source)")
        }
    }

    func testFramesStoreTheirChangedRectangleAndClearWhatTurnsClear() throws {
        let blocks = try GIFBlocks(Data(contentsOf: write(GIFTests.frames(), loops: 3)))
        XCTAssertEqual(blocks.repeats, 2, "3 plays: the NETSCAPE count is the repeats after the first")
        XCTAssertEqual(blocks.frames.map(\.delay), [3, 7, 3, 4])  // 0, 3, (7), 10, 13 and the end at 17 cs
        XCTAssertEqual(blocks.frames[0].rect, PixelRect(x: 0, y: 0, width: 40, height: 30))
        // The box moved 3 to the right: columns 5-7 turn clear, so frame 0 clears its (whole) rectangle
        // and frame 1 draws the box and every pixel of what was cleared.
        XCTAssertEqual(blocks.frames[0].disposal, 2)
        XCTAssertEqual(blocks.frames[1].rect, PixelRect(x: 0, y: 0, width: 40, height: 30))
        // The gradient clears too: the translucent bands after it are under half opaque.
        XCTAssertEqual(blocks.frames.map(\.disposal), [2, 1, 2, 1])
        XCTAssertTrue(blocks.frames.allSatisfy { $0.hasLocalPalette && $0.transparentIndex != nil })
    }

    func testOnlyTheChangedRectangleWhenNothingTurnsClear() throws {
        let still = try GIFTests.frame(GIFTests.gradient)
        let changed = try GIFTests.frame { x, y in
            (10..<15).contains(x) && (4..<7).contains(y) ? (0, 0, 0, 255) : GIFTests.gradient(x, y)
        }
        let blocks = try GIFBlocks(Data(contentsOf: write([still, still, changed])))
        XCTAssertEqual(blocks.frames.map(\.rect.description), ["x 0…39, y 0…29 (40×30)", "x 10…14, y 4…6 (5×3)"])
        XCTAssertEqual(blocks.frames.map(\.disposal), [1, 1])
        XCTAssertEqual(blocks.frames.map(\.delay), [7, 3], "the repeat lengthens the first frame")
        XCTAssertNil(blocks.repeats.flatMap { $0 == 0 ? nil : $0 }, "plays forever: a NETSCAPE count of 0")
    }

    func testTheSameFramesGiveTheSameBytes() throws {
        let frames = try GIFTests.frames()
        let a = try Data(contentsOf: write(frames, name: "a.gif"))
        let b = try Data(contentsOf: write(frames, name: "b.gif"))
        XCTAssertEqual(a, b)
    }

    func testAnUnfinishedGIFLeavesNothingBehind() throws {
        let url = folder.appendingPathComponent("gone.gif")
        do {
            let writer = try GIFWriter(path: url.path, width: 40, height: 30, fps: 30, frameCount: 5)
            try writer.observe(try GIFTests.frames()[0], frame: 0)
            XCTAssertThrowsError(try writer.finish())
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [])
    }
}

/// The blocks of a GIF89a file, walked as the specification lays them out: the loop count of the
/// NETSCAPE2.0 extension, and for each image its rectangle and its graphic control (delay, disposal,
/// transparent index).
struct GIFBlocks {
    struct Frame {
        var rect: PixelRect
        var delay: Int, disposal: Int
        var transparentIndex: Int?
        var hasLocalPalette: Bool
    }

    var width = 0, height = 0
    var repeats: Int?
    var frames: [Frame] = []

    struct Malformed: Error {}

    init(_ data: Data) throws {
        let b = [UInt8](data)
        guard b.count > 13, String(decoding: b[0..<6], as: UTF8.self) == "GIF89a" else { throw Malformed() }
        func u16(_ i: Int) -> Int { Int(b[i]) | Int(b[i + 1]) << 8 }
        width = u16(6)
        height = u16(8)
        var i = 13 + (b[10] & 0x80 != 0 ? 3 << (Int(b[10] & 7) + 1) : 0)
        var control: (delay: Int, disposal: Int, transparent: Int?) = (0, 0, nil)
        func subBlocks(from start: Int) throws -> (data: [UInt8], end: Int) {
            var j = start
            var out: [UInt8] = []
            while j < b.count, b[j] != 0 {
                guard j + 1 + Int(b[j]) <= b.count else { throw Malformed() }
                out += b[j + 1..<j + 1 + Int(b[j])]
                j += 1 + Int(b[j])
            }
            guard j < b.count else { throw Malformed() }
            return (out, j + 1)
        }
        while i < b.count {
            switch b[i] {
            case 0x21:
                let label = b[i + 1]
                let (body, end) = try subBlocks(from: i + 2)
                if label == 0xF9, body.count == 4 {
                    control = (
                        Int(body[1]) | Int(body[2]) << 8, Int(body[0] >> 2 & 7), body[0] & 1 != 0 ? Int(body[3]) : nil
                    )
                } else if label == 0xFF, body.count == 14,
                    String(decoding: body[0..<11], as: UTF8.self) == "NETSCAPE2.0"
                {
                    repeats = Int(body[12]) | Int(body[13]) << 8
                }
                i = end
            case 0x2C:
                let rect = PixelRect(x: u16(i + 1), y: u16(i + 3), width: u16(i + 5), height: u16(i + 7))
                let flags = b[i + 9]
                let local = flags & 0x80 != 0
                i += 10 + (local ? 3 << (Int(flags & 7) + 1) : 0) + 1  // and the LZW minimum code size
                i = try subBlocks(from: i).end
                frames.append(
                    Frame(
                        rect: rect, delay: control.delay, disposal: control.disposal,
                        transparentIndex: control.transparent, hasLocalPalette: local))
                control = (0, 0, nil)
            case 0x3B:
                return
            default:
                throw Malformed()
            }
        }
        throw Malformed()
    }
}
