/// Animated PNG: `APNGWriter` against our own reader and an independent chunk walk (Pillow and ffmpeg read
/// it in IntegrationTests), the changed-rectangle optimisation, temporary files, delays,
/// malformed input for the reader, and the zlib and filter functions of the C shim.
import CPNG
import Foundation
import RevealTestSupport
import XCTest

@testable import RevealRender

final class APNGTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        try super.setUpWithError()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "APNGTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        if let folder { try? FileManager.default.removeItem(at: folder) }
        try super.tearDownWithError()
    }

    // MARK: - Fixtures

    private func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// Writes `frames` into the test folder as `name` (APNGSample.write) and returns the file's bytes.
    private func write(
        _ frames: [Pixmap] = APNGSample.frames, to name: String = "anim.png", fps: Double = 30, loops: Int = 0,
        opaque: Bool = false, options: PNGEncodingOptions? = nil,
        configure: (APNGWriter) -> Void = { _ in }
    ) throws -> [UInt8] {
        try APNGSample.write(
            frames, to: path(name), fps: fps, loops: loops, opaque: opaque, options: options, configure: configure)
    }

    /// Names in the test folder, sorted.
    private func folderContents() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    // MARK: - An independent chunk walk

    /// The plain bitwise CRC-32 of PNG (polynomial 0xEDB88320), independent of zlib.
    private func bitwiseCRC(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    private struct RawChunk {
        var type: String
        var data: [UInt8]
        var crcIsValid: Bool

        func u32(_ i: Int) -> Int {
            Int(data[i]) << 24 | Int(data[i + 1]) << 16 | Int(data[i + 2]) << 8 | Int(data[i + 3])
        }
        func u16(_ i: Int) -> Int { Int(data[i]) << 8 | Int(data[i + 1]) }
    }

    /// Splits a PNG file into chunks by its length fields alone and checks each CRC with `bitwiseCRC`.
    private func rawChunks(_ png: [UInt8]) -> [RawChunk] {
        XCTAssertEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var result: [RawChunk] = []
        var i = 8
        while i + 12 <= png.count {
            let length = Int(png[i]) << 24 | Int(png[i + 1]) << 16 | Int(png[i + 2]) << 8 | Int(png[i + 3])
            guard i + 12 + length <= png.count else { break }
            let stored =
                UInt32(png[i + 8 + length]) << 24 | UInt32(png[i + 9 + length]) << 16
                | UInt32(png[i + 10 + length]) << 8 | UInt32(png[i + 11 + length])
            result.append(
                RawChunk(
                    type: String(decoding: png[(i + 4)..<(i + 8)], as: UTF8.self),
                    data: Array(png[(i + 8)..<(i + 8 + length)]),
                    crcIsValid: stored == bitwiseCRC(png[(i + 4)..<(i + 8 + length)])))
            i += 12 + length
        }
        XCTAssertEqual(i, png.count, "the chunks end exactly where the file does")
        return result
    }

    /// Rebuilds a PNG from chunks, with correct CRCs (for making files that are wrong in other ways).
    private func assemble(_ chunks: [RawChunk]) -> [UInt8] {
        var out = PNGChunk.signature
        for chunk in chunks { PNGChunk.append(chunk.type, to: &out) { $0 += chunk.data } }
        return out
    }

    /// The bounding box of the pixels that differ, computed pixel by pixel.
    private func naiveChangedRect(_ a: Pixmap, _ b: Pixmap) -> (x: Int, y: Int, width: Int, height: Int)? {
        var minX = Int.max
        var minY = Int.max
        var maxX = -1
        var maxY = -1
        for y in 0..<a.height {
            for x in 0..<a.width where a[x, y] != b[x, y] {
                minX = min(minX, x)
                maxX = max(maxX, x)
                minY = min(minY, y)
                maxY = max(maxY, y)
            }
        }
        return maxX < 0 ? nil : (minX, minY, maxX - minX + 1, maxY - minY + 1)
    }

    // MARK: - Round trip and the changed rectangles

    func testDecodesExactlyTheFramesWritten() throws {
        let png = try write(loops: 3)
        let animation = try APNGReader.decode(png)
        XCTAssertEqual(animation.width, 64)
        XCTAssertEqual(animation.height, 48)
        XCTAssertEqual(animation.plays, 3)
        XCTAssertTrue(animation.hasAlpha)
        XCTAssertTrue(animation.stillIsFirstFrame)
        XCTAssertEqual(animation.frames.count, APNGSample.frames.count)
        for (i, frame) in animation.frames.enumerated() {
            XCTAssertEqual(frame.pixmap, APNGSample.frames[i], "frame \(i)")
        }
        XCTAssertEqual(try APNGReader.decodeFrames(png), APNGSample.frames)
        // The still image that viewers without APNG support show is frame 0.
        XCTAssertEqual(try PNG.decode(png), APNGSample.frames[0])
    }

    /// Frames large enough that their rectangles are compressed in several strips on all cores (one
    /// stream of strips joined): still decoded exactly, translucent and offset rectangles included.
    func testFramesCompressedInSeveralStripsDecodeExactly() throws {
        let big = try TestImages.gradient(700, 400)
        let frames = [
            big, big.nudged(x: 650, y: 390, by: 3), try TestImages.gradient(700, 400).nudged(x: 10, y: 5, by: 40), big,
        ]
        XCTAssertGreaterThan(400, (1 << 18) / (700 * 4) * 3, "the whole frame is more than three strips")
        XCTAssertEqual(try APNGReader.decodeFrames(try write(frames, to: "strips.png")), frames)
    }

    func testChangedRectanglesChangeNoDecodedPixelAndShrinkTheFile() throws {
        let optimised = try write(to: "optimised.png")
        let whole = try write(to: "whole.png") { $0.storesFullFrames = true }
        XCTAssertEqual(try APNGReader.decodeFrames(optimised), APNGSample.frames)
        XCTAssertEqual(try APNGReader.decodeFrames(whole), APNGSample.frames)
        XCTAssertEqual(try APNGReader.decodeFrames(optimised), try APNGReader.decodeFrames(whole))

        let controls = try APNGReader.decode(optimised).frames.map(\.control)
        for i in 1..<APNGSample.frameCount {
            let c = controls[i]
            if let expected = naiveChangedRect(APNGSample.frames[i - 1], APNGSample.frames[i]) {
                XCTAssertEqual(
                    [c.x, c.y, c.width, c.height], [expected.x, expected.y, expected.width, expected.height],
                    "frame \(i)")
            } else {
                XCTAssertTrue(APNGSample.repeats.contains(i))
                XCTAssertEqual([c.x, c.y, c.width, c.height], [0, 0, 1, 1], "repeated frame \(i) stores one pixel")
            }
        }
        let separatePNGs = try APNGSample.frames.reduce(0) { $0 + (try PNG.encode($1).count) }
        XCTAssertLessThan(
            optimised.count * 3, whole.count, "rectangles: \(optimised.count) bytes, whole frames: \(whole.count)")
        XCTAssertLessThan(
            optimised.count * 10, separatePNGs, "rectangles: \(optimised.count) bytes, separate PNGs: \(separatePNGs)")
    }

    func testChunkLayoutFieldsSequenceNumbersAndCRCs() throws {
        for chunkLimit in [1 << 20, 97] {
            let png = try write(fps: 30, loops: 2) { $0.maxChunkData = chunkLimit }
            let chunks = rawChunks(png)
            XCTAssertTrue(chunks.allSatisfy(\.crcIsValid), "every CRC matches a bitwise CRC-32")
            XCTAssertEqual(chunks.prefix(4).map(\.type), ["IHDR", "acTL", "sRGB", "fcTL"])
            XCTAssertEqual(chunks.last?.type, "IEND")
            let ihdr = chunks[0]
            XCTAssertEqual([ihdr.u32(0), ihdr.u32(4)], [64, 48])
            XCTAssertEqual(Array(ihdr.data[8...]), [8, 6, 0, 0, 0], "8-bit RGBA, not interlaced")
            XCTAssertEqual([chunks[1].u32(0), chunks[1].u32(4)], [30, 2], "acTL: num_frames, num_plays")

            // fcTL, IDAT… for frame 0, then fcTL, fdAT… for each later frame; one sequence for both.
            var sequence = 0
            var frames: [RawChunk] = []
            var dataChunks: [[String]] = []
            for chunk in chunks.dropFirst(3).dropLast() {
                switch chunk.type {
                case "fcTL":
                    XCTAssertEqual(chunk.u32(0), sequence, "fcTL sequence number")
                    sequence += 1
                    frames.append(chunk)
                    dataChunks.append([])
                case "IDAT", "fdAT":
                    if chunk.type == "fdAT" {
                        XCTAssertEqual(chunk.u32(0), sequence, "fdAT sequence number")
                        sequence += 1
                    }
                    dataChunks[dataChunks.count - 1].append(chunk.type)
                    XCTAssertLessThanOrEqual(chunk.data.count, chunkLimit + (chunk.type == "fdAT" ? 4 : 0))
                default:
                    XCTFail("unexpected chunk \(chunk.type)")
                }
            }
            XCTAssertEqual(frames.count, 30)
            XCTAssertTrue(dataChunks[0].allSatisfy { $0 == "IDAT" } && !dataChunks[0].isEmpty)
            XCTAssertTrue(dataChunks.dropFirst().allSatisfy { !$0.isEmpty && $0.allSatisfy { $0 == "fdAT" } })
            if chunkLimit < 1000 {
                XCTAssertGreaterThan(dataChunks[0].count, 1, "frame 0's data is split into several IDAT chunks")
            }
            XCTAssertEqual(
                Array(frames[0].data[4..<20]), [0, 0, 0, 64, 0, 0, 0, 48] + [UInt8](repeating: 0, count: 8),
                "frame 0 covers the whole canvas")
            for (i, fcTL) in frames.enumerated() {
                XCTAssertEqual([fcTL.u16(20), fcTL.u16(22)], [1, 30], "frame \(i): delay 1/30 s")
                // OVER (its unchanged pixels clear) where every changed pixel is opaque, else SOURCE.
                let changed =
                    i == 0
                    ? []
                    : (0..<64 * 48).filter {
                        APNGSample.frames[i].bytes[$0 * 4..<$0 * 4 + 4]
                            != APNGSample.frames[i - 1].bytes[$0 * 4..<$0 * 4 + 4]
                    }
                let over = i > 0 && changed.allSatisfy { APNGSample.frames[i].bytes[$0 * 4 + 3] == 255 }
                XCTAssertEqual(
                    Array(fcTL.data[24...]), [0, over ? 1 : 0],
                    "frame \(i): dispose NONE, blend \(over ? "OVER" : "SOURCE")")
            }
            XCTAssertEqual(frames.filter { $0.data[25] == 0 }.count, 2, "frame 0 and the translucent frame")
            XCTAssertEqual(try APNGReader.decodeFrames(png), APNGSample.frames)
        }
    }

    func testFrameDelayFractions() {
        func delay(_ fps: Double) -> [Int]? {
            APNGWriter.frameDelay(fps: fps).map { [Int($0.numerator), Int($0.denominator)] }
        }
        XCTAssertEqual(delay(60), [1, 60])
        XCTAssertEqual(delay(24), [1, 24])
        XCTAssertEqual(delay(240), [1, 240])
        XCTAssertEqual(delay(1), [1, 1])
        XCTAssertEqual(delay(65_535), [1, 65_535])
        XCTAssertEqual(delay(29.97), [100, 2997])
        XCTAssertEqual(delay(30_000.0 / 1001), [1001, 30_000])
        XCTAssertEqual(delay(24_000.0 / 1001), [1001, 24_000])
        XCTAssertEqual(delay(12.5), [2, 25])
        XCTAssertEqual(delay(0.5), [2, 1])
        XCTAssertEqual(delay(1.0 / 65_535), [65_535, 1])
        for fps in [0, -1, .nan, .infinity, 1.0 / 70_000, 65_536] { XCTAssertNil(delay(fps), "fps \(fps)") }
        // Any rate in 1...240: the stored delay is within 1e-7 s of 1/fps, with both terms in range.
        var state: UInt64 = 12_345
        for _ in 0..<2000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let fps = 1 + Double(state >> 11) / Double(1 << 53) * 239
            guard let d = APNGWriter.frameDelay(fps: fps) else { return XCTFail("no delay for \(fps)") }
            XCTAssertTrue(d.numerator >= 1 && d.denominator >= 1)
            XCTAssertLessThan(abs(Double(d.numerator) / Double(d.denominator) - 1 / fps), 1e-7, "fps \(fps)")
        }
    }

    // MARK: - Colour type

    func testOpaqueWriterStoresRGBAndRefusesTranslucentFrames() throws {
        let opaqueFrames = APNGSample.frames.enumerated().filter { $0.offset != APNGSample.translucentFrame }.map(
            \.element)
        let rgb = try write(opaqueFrames, to: "rgb.png", opaque: true)
        XCTAssertEqual(rgb[25], 2, "colour type RGB")
        let animation = try APNGReader.decode(rgb)
        XCTAssertFalse(animation.hasAlpha)
        XCTAssertEqual(animation.frames.map(\.pixmap), opaqueFrames)
        let rgba = try write(opaqueFrames, to: "rgba.png")
        XCTAssertEqual(rgba[25], 6, "colour type RGBA unless told the frames are opaque")
        // RGB has no clear pixel to leave the canvas with: every frame replaces its rectangle.
        XCTAssertTrue(try APNGReader.decode(rgb).frames.allSatisfy { $0.control.blend == .source })
        XCTAssertTrue(try APNGReader.decode(rgba).frames.dropFirst().allSatisfy { $0.control.blend == .over })

        let writer = try APNGWriter(
            path: path("refused.png"), width: 64, height: 48, fps: 30, frameCount: 30, opaque: true)
        for frame in APNGSample.frames.prefix(APNGSample.translucentFrame) { try writer.append(frame) }
        XCTAssertThrowsError(try writer.append(APNGSample.frames[APNGSample.translucentFrame])) { error in
            XCTAssertTrue("\(error)".contains("translucent"), "\(error)")
        }
        XCTAssertEqual(try folderContents(), ["rgb.png", "rgba.png"], "the refused animation left nothing behind")
    }

    // MARK: - Files

    func testNoTemporaryFileRemainsAfterFinishOrAnyFailure() throws {
        let frames = Array(APNGSample.frames.prefix(3))
        let target = path("out.png")
        func start(_ count: Int = 3) throws -> APNGWriter {
            try APNGWriter(path: target, width: 64, height: 48, fps: 30, frameCount: count)
        }
        // While writing, only the temporary file exists; after finish, only the animation.
        let writer = try start()
        try writer.append(frames[0])
        XCTAssertEqual(try folderContents(), [AtomicFile.temporaryPrefix + "\(getpid())-out.png"])
        try writer.append(frames[1])
        try writer.append(frames[2])
        try writer.finish()
        XCTAssertEqual(try folderContents(), ["out.png"])
        let good = try Data(contentsOf: URL(fileURLWithPath: target))
        XCTAssertThrowsError(try writer.append(frames[0]), "a finished writer takes no more frames")
        XCTAssertThrowsError(try writer.finish(), "nor finishes twice")
        XCTAssertEqual(try folderContents(), ["out.png"])

        // Each failure removes the temporary file and leaves the earlier animation untouched.
        let failures: [(String, () throws -> Void)] = [
            ("a frame of the wrong size", { try start().append(try Pixmap(width: 10, height: 10)) }),
            (
                "too many frames",
                {
                    let w = try start(1)
                    try w.append(frames[0])
                    try w.append(frames[1])
                }
            ),
            (
                "too few frames",
                {
                    let w = try start()
                    try w.append(frames[0])
                    try w.finish()
                }
            ),
        ]
        for (name, body) in failures {
            XCTAssertThrowsError(try body(), name)
            XCTAssertEqual(try folderContents(), ["out.png"], name)
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: target)), good)

        // Abandoning a writer (the renderer threw, say) removes its temporary file too.
        do {
            let w = try start()
            try w.append(frames[0])
        }
        XCTAssertEqual(try folderContents(), ["out.png"])
        let cancelled = try start()
        try cancelled.append(frames[0])
        cancelled.cancel()
        XCTAssertEqual(try folderContents(), ["out.png"])
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: target)), good)

        // Bad settings and unwritable places fail at once and create nothing.
        XCTAssertThrowsError(try APNGWriter(path: target, width: 64, height: 48, fps: 0, frameCount: 3))
        XCTAssertThrowsError(try APNGWriter(path: target, width: 64, height: 48, fps: 30, frameCount: 0))
        XCTAssertThrowsError(try APNGWriter(path: target, width: 64, height: 48, fps: 30, loops: -1, frameCount: 3))
        XCTAssertThrowsError(try APNGWriter(path: target, width: 0, height: 48, fps: 30, frameCount: 3))
        XCTAssertThrowsError(
            try APNGWriter(
                path: target, width: 64, height: 48, fps: 30, frameCount: 3,
                options: PNGEncodingOptions(compressionLevel: 10)))
        XCTAssertThrowsError(
            try APNGWriter(path: path("missing/out.png"), width: 64, height: 48, fps: 30, frameCount: 3)
        ) { error in
            XCTAssertTrue("\(error)".hasPrefix(self.path("missing/out.png") + ": cannot create a file"), "\(error)")
        }
        XCTAssertEqual(try folderContents(), ["out.png"])
    }

    // MARK: - Other decoders

    // MARK: - The reader on other files

    /// One zlib stream of stored (uncompressed) blocks with its Adler-32: compressed data made
    /// without the code under test.
    private func storedZlib(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let end = min(start + 65_535, bytes.count)
            let n = end - start
            out += [
                end == bytes.count ? 1 : 0, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8((~n >> 8) & 0xFF),
            ]
            out += bytes[start..<end]
            start = end
        } while start < bytes.count
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        out.appendBigEndian(b << 16 | a)
        return out
    }

    /// Straight RGBA rows with filter type 0, compressed with `storedZlib`.
    private func imageData(_ pixels: [[UInt8]], width: Int) -> [UInt8] {
        var rows: [UInt8] = []
        for row in 0..<(pixels.count / width) {
            rows.append(0)
            for pixel in pixels[(row * width)..<((row + 1) * width)] { rows += pixel }
        }
        return storedZlib(rows)
    }

    private func be32(_ v: Int) -> [UInt8] {
        [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
    }

    private func fcTL(_ seq: Int, _ w: Int, _ h: Int, _ x: Int, _ y: Int, dispose: UInt8 = 0, blend: UInt8 = 0)
        -> RawChunk
    {
        RawChunk(
            type: "fcTL", data: be32(seq) + be32(w) + be32(h) + be32(x) + be32(y) + [0, 1, 0, 10, dispose, blend],
            crcIsValid: true)
    }

    private func chunk(_ type: String, _ data: [UInt8]) -> RawChunk {
        RawChunk(type: type, data: data, crcIsValid: true)
    }

    private func header(_ w: Int, _ h: Int, frames: Int, colorType: UInt8 = 6, interlace: UInt8 = 0) -> [RawChunk] {
        [chunk("IHDR", be32(w) + be32(h) + [8, colorType, 0, 0, interlace]), chunk("acTL", be32(frames) + be32(0))]
    }

    func testReaderHonoursOffsetsDisposeAndBlendOps() throws {
        let red: [UInt8] = [255, 0, 0, 255]
        let blue: [UInt8] = [0, 0, 255, 128]
        let green: [UInt8] = [0, 255, 0, 255]
        let white: [UInt8] = [255, 255, 255, 255]
        let file = assemble(
            header(4, 2, frames: 4) + [
                fcTL(0, 4, 2, 0, 0), chunk("IDAT", imageData(Array(repeating: red, count: 8), width: 4)),
                // Half-transparent blue over red at (1, 0) and (2, 0); then cleared.
                fcTL(1, 2, 1, 1, 0, dispose: 1, blend: 1), chunk("fdAT", be32(2) + imageData([blue, blue], width: 2)),
                // Green at (0, 1); then put back as it was.
                fcTL(3, 1, 1, 0, 1, dispose: 2), chunk("fdAT", be32(4) + imageData([green], width: 1)),
                fcTL(5, 1, 1, 3, 0), chunk("fdAT", be32(6) + imageData([white], width: 1)),
                chunk("IEND", []),
            ])
        let frames = try APNGReader.decodeFrames(file)
        let r = PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255)
        let clear = PremultipliedRGBA8.transparent
        let blended = PremultipliedRGBA8(r: 127, g: 0, b: 128, a: 255)  // (0, 0, 128, 128) over red, premultiplied
        let g = PremultipliedRGBA8(r: 0, g: 255, b: 0, a: 255)
        let w = PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255)
        let expected: [[PremultipliedRGBA8]] = [
            [r, r, r, r, r, r, r, r],
            [r, blended, blended, r, r, r, r, r],
            [r, clear, clear, r, g, r, r, r],
            [r, clear, clear, w, r, r, r, r],
        ]
        XCTAssertEqual(frames.count, 4)
        for (i, frame) in frames.enumerated() {
            XCTAssertEqual((0..<8).map { frame[$0 % 4, $0 / 4] }, expected[i], "frame \(i)")
        }
    }

    func testReaderSkipsAStillThatIsNotAFrame() throws {
        let gray: [UInt8] = [9, 9, 9, 255]
        let lime: [UInt8] = [0, 200, 0, 255]
        let file = assemble(
            header(2, 1, frames: 1) + [
                chunk("IDAT", imageData([gray, gray], width: 2)),
                fcTL(0, 2, 1, 0, 0), chunk("fdAT", be32(1) + imageData([lime, lime], width: 2)),
                chunk("IEND", []),
            ])
        let animation = try APNGReader.decode(file)
        XCTAssertFalse(animation.stillIsFirstFrame)
        XCTAssertEqual(
            animation.frames.map(\.pixmap),
            [try Pixmap(width: 2, height: 1, fill: PremultipliedRGBA8(r: 0, g: 200, b: 0, a: 255))])
    }

    private func decodeError(_ bytes: [UInt8], maxPixels: Int = 100_000_000) -> String? {
        do {
            _ = try APNGReader.decode(bytes, maxPixels: maxPixels)
            return nil
        } catch {
            return error.message
        }
    }

    func testReaderRejectsDamagedFilesWithoutTrapping() throws {
        // 7×5 crops of the first frames, around the moving square: a file small enough to damage everywhere.
        var small: [Pixmap] = []
        for frame in APNGSample.frames.prefix(4) {
            var crop = try Pixmap(width: 7, height: 5)
            for y in 0..<5 { for x in 0..<7 { crop[x, y] = frame[x + 8, y + 4] } }
            small.append(crop)
        }
        let png = try write(small, to: "small.png")
        XCTAssertEqual(try APNGReader.decodeFrames(png), small)
        for cut in 0..<png.count {
            XCTAssertNotNil(decodeError(Array(png.prefix(cut))), "cut at \(cut)")
        }
        for i in 0..<png.count {
            var damaged = png
            damaged[i] ^= 0x10
            XCTAssertNotNil(decodeError(damaged), "byte \(i) flipped")
        }
    }

    func testReaderRejectsWellFormedChunksThatBreakTheRules() throws {
        let png = try write(Array(APNGSample.frames.prefix(3)), to: "three.png")
        let chunks = rawChunks(png)
        XCTAssertEqual(
            chunks.map(\.type), ["IHDR", "acTL", "sRGB", "fcTL", "IDAT", "fcTL", "fdAT", "fcTL", "fdAT", "IEND"])
        func edited(_ edit: (inout [RawChunk]) -> Void) -> [UInt8] {
            var copy = chunks
            edit(&copy)
            return assemble(copy)
        }
        /// Where chunk `index` starts in a file made of `chunks`.
        func offset(_ index: Int, in chunks: [RawChunk] = chunks) -> Int {
            chunks.prefix(index).reduce(8) { $0 + 12 + $1.data.count }
        }
        func expectError(_ bytes: [UInt8], _ fragment: String, maxPixels: Int = 100_000_000, line: UInt = #line) {
            guard let message = decodeError(bytes, maxPixels: maxPixels) else { return XCTFail("accepted", line: line) }
            XCTAssertTrue(message.contains(fragment), "\(message) should mention \(fragment)", line: line)
        }
        expectError(
            edited { $0[6].data[3] = 9 }, "fdAT at byte \(offset(6)) has sequence number 9 where 2 was expected")
        expectError(
            edited { $0[5].data[3] = 5 }, "fcTL at byte \(offset(5)) has sequence number 5 where 1 was expected")
        expectError(edited { $0[1].data[3] = 4 }, "acTL declares 4 frames, but the file has 3")
        expectError(edited { $0[1].data[3] = 2 }, "more frames than the 2")
        expectError(edited { $0[1].data[0...3] = [0, 0, 0, 0] }, "acTL declares 0 frames")
        expectError(edited { $0[5].data[12...15] = [0, 0, 0, 60] }, "does not fit the 64×48 canvas")  // x offset 60
        expectError(edited { $0[3].data[7] = 63 }, "must cover the whole canvas")
        expectError(edited { $0[5].data[24] = 3 }, "unknown dispose or blend op")
        expectError(edited { $0.remove(at: 1) }, "fcTL before acTL")
        expectError(edited { $0.swapAt(1, 4) }, "not an animated PNG (no acTL chunk before IDAT)")
        expectError(
            edited {
                $0.remove(at: 6)
                $0[6].data[3] = 2
                $0[7].data[3] = 3
            }, "frame 1 has no image data")
        expectError(edited { $0.removeSubrange(4...5) }, "fdAT before IDAT")
        expectError(
            edited {
                $0.remove(at: 5)
                for (i, number) in [(5, 1), (6, 2), (7, 3)] { $0[i].data[3] = UInt8(number) }
            }, "fdAT at byte \(offset(5)) follows no fcTL")
        expectError(edited { $0[0].data[9] = 3 }, "colour type 3 is not supported")
        expectError(edited { $0[0].data[12] = 1 }, "interlaced")
        expectError(edited { $0.insert(self.chunk("tRNS", [0, 0, 0, 0, 0, 0]), at: 2) }, "tRNS")
        expectError(edited { $0.insert(self.chunk("QUUX", []), at: 2) }, "unknown critical chunk QUUX")
        expectError(edited { $0.insert(self.chunk("IDAT", []), at: 6) }, "IDAT chunks are not consecutive")
        expectError(edited { $0[0].data[0...7] = [0, 1, 0, 0, 0, 1, 0, 0] }, "more than the limit")
        expectError(png, "more than the limit of 5000", maxPixels: 5000)  // 3 frames of 64×48 = 9216 pixels
        XCTAssertNoThrow(try APNGReader.decode(png, maxPixels: 9216))
        expectError(edited { $0.removeLast() }, "truncated")
        // Image data that inflates to more than the frame's rectangle is cut off at the rectangle's size.
        let bomb = storedZlib([UInt8](repeating: 0, count: 2_000_000))
        expectError(edited { $0[8].data = Array($0[8].data.prefix(4)) + bomb }, "more than the expected")
        expectError(
            edited { $0[8].data = Array($0[8].data.prefix(4)) + self.storedZlib([0, 1, 2]) },
            "bytes of image data where")
        let rect = (chunks[7].u32(4), chunks[7].u32(8))
        var badFilter = [UInt8](repeating: 0, count: rect.1 * (1 + rect.0 * 4))
        badFilter[0] = 7
        expectError(
            edited { $0[8].data = Array($0[8].data.prefix(4)) + self.storedZlib(badFilter) }, "unknown filter type")
        expectError(
            edited { $0[8].data = Array($0[8].data.prefix(4)) + [0x78, 0x01, 0xFF] }, "damaged compressed data")
        expectError(edited { $0[8].data += [0] }, "data continues after the end")
        expectError(edited { $0[8].data = Array($0[8].data.dropLast(3)) }, "compressed data ends early")
        XCTAssertEqual(
            decodeError(try PNG.encode(APNGSample.frames[0])), "APNG: not an animated PNG (no acTL chunk before IDAT)")
        XCTAssertEqual(decodeError([]), "not a PNG file (no data)")
    }

    // MARK: - The C shim's zlib and filter functions

    func testInflateRoundTripsStripStreamsWithinHardLimits() throws {
        // A 50,000-byte stream: 125 rows of 100 RGBA pixels in strips, filtered as the PNG encoder does.
        let width = 100
        let height = 125
        let pixels = (0..<(4 * width * height)).map { i in UInt8(truncatingIfNeeded: (i % 4 == 3) ? 255 : (i * i) >> 7)
        }
        let image = try Pixmap(width: width, height: height, premultipliedBytes: pixels)
        for (level, strategy) in [
            (0, CPNG_STRATEGY_DEFAULT), (6, CPNG_STRATEGY_RLE), (9, CPNG_STRATEGY_FIXED),
            (1, CPNG_STRATEGY_HUFFMAN_ONLY),
        ] {
            let compressed = try zlibStream(of: image, level: level, strategy: strategy, stripHeights: [40, 40, 45])
            let input = filteredRows(of: image, filter: CPNG_FILTER_PAETH)
            var output = [UInt8](repeating: 0, count: input.count)
            var produced = 0
            XCTAssertEqual(
                cpng_inflate(compressed, compressed.count, &output, output.count, &produced, nil, 0), CPNG_OK)
            XCTAssertEqual(produced, input.count)
            XCTAssertEqual(output, input, "level \(level), strategy \(strategy)")
            // One byte less room is refused, and nothing is written past the buffer.
            var short = [UInt8](repeating: 0xAB, count: input.count)
            XCTAssertEqual(
                cpng_inflate(compressed, compressed.count, &short, input.count - 1, &produced, nil, 0),
                CPNG_ERR_TOO_LARGE)
            XCTAssertEqual(short.last, 0xAB)
            XCTAssertEqual(produced, 0)
            // More room than needed is fine: the caller checks the count.
            var roomy = [UInt8](repeating: 0, count: input.count + 10)
            XCTAssertEqual(cpng_inflate(compressed, compressed.count, &roomy, roomy.count, &produced, nil, 0), CPNG_OK)
            XCTAssertEqual(produced, input.count)
        }
        XCTAssertEqual(cpng_crc32(0, Array("IEND".utf8), 4), 0xAE42_6082)
    }

    func testStripCompressorRefusesInvalidStrips() throws {
        let image = try Pixmap(width: 4, height: 4, fill: PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255))
        let compressor = cpng_strip_compressor_create()
        defer { cpng_strip_compressor_destroy(compressor) }
        func status(_ edit: (inout cpng_strip) -> Void) -> (Int32, String) {
            image.bytes.withUnsafeBufferPointer { pixels in
                var strip = cpng_strip(
                    image: pixels.baseAddress, stride: 16, width: 4, height: 4, first_row: 0, row_count: 4,
                    channels: 4, filter: CPNG_FILTER_NONE, compression_level: 6, strategy: CPNG_STRATEGY_DEFAULT)
                edit(&strip)
                var data: UnsafePointer<UInt8>?
                var size = 0
                var adler: UInt32 = 0
                var message = [CChar](repeating: 0, count: Int(CPNG_MESSAGE_CAPACITY))
                let status = cpng_strip_compress(compressor, &strip, &data, &size, &adler, &message, message.count)
                return (
                    status, String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                )
            }
        }
        XCTAssertEqual(status { _ in }.0, CPNG_OK)
        for edit: (inout cpng_strip) -> Void in [
            { $0.compression_level = 10 }, { $0.strategy = 99 }, { $0.channels = 2 },
            { $0.filter = 6 }, { $0.row_count = 0 },
            {
                $0.first_row = 3
                $0.row_count = 2
            },
            { $0.stride = 12 }, { $0.image = nil },
        ] {
            let (code, message) = status(edit)
            XCTAssertEqual(code, CPNG_ERR_INVALID_ARGUMENT)
            XCTAssertTrue(message.hasSuffix("is not valid"), message)
        }
    }

    func testRowFiltersRoundTripAndAdaptivePicksTheSmallestSum() {
        let width = 33
        let bpp = 4
        let rowBytes = width * bpp
        let rows = (0..<6).map { y in (0..<rowBytes).map { UInt8(truncatingIfNeeded: ($0 * 37 + y * 11) ^ ($0 >> 3)) } }
        for filter in [
            CPNG_FILTER_NONE, CPNG_FILTER_SUB, CPNG_FILTER_UP, CPNG_FILTER_AVERAGE, CPNG_FILTER_PAETH,
            CPNG_FILTER_ADAPTIVE,
        ] {
            var previous: [UInt8]?
            for row in rows {
                var filtered = [UInt8](repeating: 0, count: rowBytes + 1)
                XCTAssertEqual(cpng_filter_row(filter, row, previous, rowBytes, bpp, &filtered), CPNG_OK)
                if filter != CPNG_FILTER_ADAPTIVE { XCTAssertEqual(Int32(filtered[0]), filter) }
                var restored = Array(filtered[1...])
                XCTAssertEqual(cpng_unfilter_row(filtered[0], &restored, previous, rowBytes, bpp), CPNG_OK)
                XCTAssertEqual(restored, row, "filter \(filter)")
                previous = row
            }
        }
        // A row equal to the one above: Up makes it all zeros, which adaptive must choose.
        var out = [UInt8](repeating: 0, count: rowBytes + 1)
        XCTAssertEqual(cpng_filter_row(CPNG_FILTER_ADAPTIVE, rows[3], rows[3], rowBytes, bpp, &out), CPNG_OK)
        XCTAssertEqual(out, [UInt8(CPNG_FILTER_UP)] + [UInt8](repeating: 0, count: rowBytes))
        var row = rows[0]
        XCTAssertEqual(cpng_unfilter_row(5, &row, nil, rowBytes, bpp), CPNG_ERR_CORRUPT)
        XCTAssertEqual(cpng_filter_row(6, rows[0], nil, rowBytes, bpp, &out), CPNG_ERR_INVALID_ARGUMENT)
    }
}
