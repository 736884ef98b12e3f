import CPNG
import RevealTestSupport
import XCTest

@testable import RevealRender

/// Our own deflate for image rows (`PNGStrategy.rows`), checked against zlib's inflate (through
/// libpng's decoder) on images chosen to reach each of its paths.
final class RowsDeflateTests: XCTestCase {
    private let rows = PNGEncodingOptions(compressionLevel: 3, filter: .none, strategy: .rows)

    /// Opaque noise from a linear congruential generator, the same on every machine.
    private func noise(_ width: Int, _ height: Int, seed: UInt32) throws -> Pixmap {
        var state = seed
        return try TestImages.opaque(width, height) { _, _ in
            state = state &* 1_664_525 &+ 1_013_904_223
            return (
                UInt8(truncatingIfNeeded: state >> 24), UInt8(truncatingIfNeeded: state >> 16),
                UInt8(truncatingIfNeeded: state >> 8)
            )
        }
    }

    /// Bands of 16 rows: noise, a flat colour, noise, so that strips of it are stored and coded in turn.
    private func bands(_ width: Int, _ height: Int) throws -> Pixmap {
        var image = try noise(width, height, seed: 5)
        for y in 16..<min(32, height) {
            for x in 0..<width { image[x, y] = PremultipliedRGBA8(r: 200, g: 40, b: 90, a: 255) }
        }
        return image
    }

    /// What the encoder keeps at level 9 of an opaque image as one strip: its parse, or its rows stored.
    private func keptStrip(of image: Pixmap, filter: Int32) throws -> [UInt8] {
        let compressor = cpng_strip_compressor_create()
        defer { cpng_strip_compressor_destroy(compressor) }
        return try image.bytes.withUnsafeBufferPointer { pixels in
            try PNGEncoder.compress(
                cpng_strip(
                    image: pixels.baseAddress, stride: 4 * image.width, width: UInt32(image.width),
                    height: UInt32(image.height), first_row: 0, row_count: UInt32(image.height), channels: 3,
                    filter: filter, compression_level: 9, strategy: CPNG_STRATEGY_ROWS),
                with: compressor)
        }.0
    }

    private func roundTrip(_ image: Pixmap, _ options: PNGEncodingOptions, _ what: String, line: UInt = #line) throws {
        let png = try PNG.encode(image, options: options)
        XCTAssertEqual(try PNG.decode(png), image, what, line: line)
    }

    /// Gradients, flat runs, translucent pixels, noise, single rows and columns, through every
    /// filter, in strips of one to many rows: every image decodes to itself.
    func testImagesDecodeToThemselves() throws {
        let translucent = try TestImages.opaque(37, 29) { x, y in (UInt8(x * 6), UInt8(y * 8), 90) }
        var alpha = translucent
        for y in 0..<alpha.height {
            for x in 0..<alpha.width where (x + y) % 3 == 0 {
                alpha[x, y] = PremultipliedRGBA8(r: UInt8(x), g: 0, b: UInt8(y), a: 100)
            }
        }
        let images: [(String, Pixmap)] = [
            ("gradient", try TestImages.gradient(101, 67)),
            ("flat", try TestImages.solid(90, 40, PremultipliedRGBA8(r: 20, g: 200, b: 90, a: 255))),
            ("translucent", alpha),
            ("noise", try noise(64, 48, seed: 3)),
            ("noise between flat bands", try bands(64, 48)),
            ("one pixel", try TestImages.solid(1, 1, PremultipliedRGBA8(r: 1, g: 2, b: 3, a: 255))),
            ("one row", try TestImages.gradient(300, 1)),
            ("one column", try TestImages.gradient(1, 300)),
        ]
        for (name, image) in images {
            for filter: PNGFilter in [.none, .sub, .up, .average, .paeth, .adaptive, .automatic] {
                for level in [3, 7, 9] {
                    var options = rows
                    options.filter = filter
                    options.compressionLevel = level
                    for stripHeight in [1, 3, 8, 1000] {
                        let encoder = try PNGEncoder(
                            width: image.width, height: image.height, options: options, stripHeight: stripHeight)
                        XCTAssertEqual(
                            try PNG.decode(encoder.encode(image)), image,
                            "\(name), \(filter), level \(level), strips of \(stripHeight)")
                    }
                }
            }
        }
    }

    /// Rows whose repeat lies at or past deflate's 32 KiB window: in an image that is constant along
    /// diagonals, each row repeats the row above one pixel over, 32,770 bytes back in RGB rows of
    /// 32,767 (and 32,769 in RGBA rows of 32,765), past the window, so it must not be used.
    func testRowsAtTheEdgeOfTheWindow() throws {
        for (width, opaque) in [(10922, true), (8191, false), (8192, false), (11000, true)] {
            var image = try TestImages.opaque(width, 4) { x, y in
                let d = x - y + 8
                return (UInt8(d % 251), UInt8(d % 13), UInt8(d % 7))
            }
            if !opaque { image[5, 2] = PremultipliedRGBA8(r: 1, g: 1, b: 1, a: 9) }
            try roundTrip(image, rows, "\(width) pixels wide")
            try roundTrip(image, .smallest, "\(width) pixels wide, smallest")
        }
    }

    /// 200 byte values equally often and 13 more with counts 1, 2, 4, … 4096: the optimal Huffman
    /// code for them is 17 bits deep, deflate allows 15, so the code must be limited, and the image
    /// still decode. Shuffled noise, so that hardly any bytes are matched.
    func testSkewedBytesGetCodesOfAtMost15Bits() throws {
        let (width, height) = (200, 230)
        var bytes = (0...12).flatMap { k in [UInt8](repeating: UInt8(200 + k), count: 1 << k) }
        bytes += (0..<(3 * width * height - bytes.count)).map { UInt8($0 % 200) }
        var state: UInt64 = 99
        for i in stride(from: bytes.count - 1, to: 0, by: -1) {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            bytes.swapAt(i, Int(state >> 33) % (i + 1))
        }
        let image = try TestImages.opaque(width, height) { x, y in
            let i = 3 * (y * width + x)
            return (bytes[i], bytes[i + 1], bytes[i + 2])
        }
        let encoder = try PNGEncoder(width: width, height: height, options: rows, stripHeight: height)
        XCTAssertEqual(try PNG.decode(encoder.encode(image)), image)
    }

    /// Noise does not compress: it is stored, in no more bytes than zlib's level 0 writes.
    func testNoiseIsStoredNoLargerThanZlibStores() throws {
        let image = try noise(300, 200, seed: 11)
        let stored = try PNG.encode(image, options: PNGEncodingOptions(compressionLevel: 0))
        for options in [rows, .smallest] {
            let ours = try PNG.encode(image, options: options)
            XCTAssertLessThanOrEqual(ours.count, stored.count)
            XCTAssertEqual(try PNG.decode(ours), image)
        }
    }

    /// The reason for it: on a frame of the bench scratch scene (a wide diagonal gradient under a
    /// scratched cover) it finds the repeats in the row above that zlib's level 3 misses (0.77–0.86
    /// times its bytes), and comes within 1.25 times the bytes of zlib's level 6.
    func testBenchFramesAreSmallerThanZlibsFastLevel() throws {
        var scene = try Bench.scratchScene()
        scene.scale = 3
        var renderer = try ScratchCardRenderer(timeline: ScratchTimeline(scene: scene))
        for index in [0, 60, 120] {
            let frame = renderer.render(frame: index)
            let ours = try PNG.encode(frame, options: .fast)
            let zlib3 = try PNG.encode(frame, options: PNGEncodingOptions(compressionLevel: 3, filter: .automatic))
            let zlib6 = try PNG.encode(frame, options: PNGEncodingOptions(compressionLevel: 6, filter: .automatic))
            XCTAssertLessThan(Double(ours.count), 0.9 * Double(zlib3.count), "frame \(index)")
            XCTAssertLessThan(Double(ours.count), 1.25 * Double(zlib6.count), "frame \(index)")
            XCTAssertEqual(try PNG.decode(ours), frame, "frame \(index)")
        }
    }

    /// Level 0 stores, as zlib's does; levels 1–6 are the greedy parse; 7, 8 and 9 search further
    /// and parse lazily, each making smaller files than the level before on a bench frame.
    func testLevelsMeanStoredGreedyOrLazy() throws {
        var scene = try Bench.scratchScene()
        scene.scale = 1
        var renderer = try ScratchCardRenderer(timeline: ScratchTimeline(scene: scene))
        let image = renderer.render(frame: 60)
        var options = rows
        let levels = try (0...9).map { level in
            options.compressionLevel = level
            return try PNG.encode(image, options: options)
        }
        XCTAssertEqual(levels[0], try PNG.encode(image, options: PNGEncodingOptions(compressionLevel: 0)))
        for level in 2...6 { XCTAssertEqual(levels[level], levels[1], "level \(level)") }
        XCTAssertLessThan(levels[1].count, levels[0].count / 2)
        for level in 7...9 {
            XCTAssertLessThan(levels[level].count, levels[level - 1].count, "level \(level)")
            XCTAssertEqual(try PNG.decode(levels[level]), image, "level \(level)")
        }
    }

    /// At levels 7–9 the image's strips share Huffman blocks: a vertical gradient (each row one
    /// colour) in 50 strips of 8 rows comes within a twentieth of its bytes as one strip, where a block
    /// and a sync marker per strip would cost some 30 bytes each, more than the whole image's codes.
    func testStripsShareBlocksAcrossTheImage() throws {
        let image = try TestImages.opaque(300, 400) { _, y in (UInt8(20 + y / 7), UInt8(90 + y / 5), 200) }
        let one = try PNGEncoder(width: 300, height: 400, options: .smallest, stripHeight: 400).encode(image)
        let strips = try PNGEncoder(width: 300, height: 400, options: .smallest, stripHeight: 8).encode(image)
        XCTAssertLessThan(Double(strips.count), 1.05 * Double(one.count) + 16, "\(strips.count) against \(one.count)")
        XCTAssertEqual(try PNG.decode(strips), image)
    }

    /// The join is public C: bytes that are not strips kept by the encoder, or a buffer short of
    /// the bound, are refused with a message, never read past or coded into a broken stream.
    func testTheJoinRefusesWhatIsNotAKeptStrip() throws {
        let kept = try keptStrip(of: TestImages.gradient(40, 16), filter: CPNG_FILTER_NONE)
        func join(_ strip: [UInt8], capacity: Int? = nil) -> (Int32, String) {
            var sizes = [strip.count]
            let bound = cpng_rows_join_bound(&sizes, 1)
            var out = [UInt8](repeating: 0, count: bound)
            var size = 0
            var message = [CChar](repeating: 0, count: Int(CPNG_MESSAGE_CAPACITY))
            let status = strip.withUnsafeBufferPointer { bytes in
                var pointers: [UnsafePointer<UInt8>?] = [bytes.baseAddress]
                return cpng_rows_join(&pointers, &sizes, 1, &out, capacity ?? bound, &size, &message, message.count)
            }
            return (status, PNGChunk.message(message, fallback: ""))
        }
        XCTAssertEqual(join(kept).0, CPNG_OK)
        var unknownKind = kept
        unknownKind[0] = 7
        var noCode = kept
        // The first record is a run of literals: its first byte loses its frequency, so the block
        // has no code for it.
        let header = 4 * (1 + 286 + 30)
        XCTAssertLessThan(kept[header], 128, "the parse starts with literals")
        let first = Int(kept[header + 1])
        for k in 0..<4 { noCode[4 + 4 * first + k] = 0 }
        for (bytes, expected) in [
            (unknownKind, "not a kept strip"), (Array(kept.prefix(header - 1)), "not a kept strip"),
            (Array(kept.prefix(3)), "not a kept strip"), (Array(kept.dropLast(2)), "cut short"),
            (noCode, "its frequencies do not"),
        ] {
            let (status, message) = join(bytes)
            XCTAssertEqual(status, CPNG_ERR_INVALID_ARGUMENT, message)
            XCTAssertTrue(message.contains(expected), message)
        }
        let (status, message) = join(kept, capacity: 10)
        XCTAssertEqual(status, CPNG_ERR_INVALID_ARGUMENT)
        XCTAssertTrue(message.contains("too small"), message)
    }

    /// What the encoder keeps of a strip at levels 7–9 stays within the size of its rows (plus a
    /// byte in 127 and the frequencies), even for rows of literals: a photo-like image of random
    /// steps (64 sizes, which the Sub filter leaves), which Huffman codes compress but hardly any
    /// match does, is kept, not stored.
    func testAKeptParseIsNoLargerThanItsRows() throws {
        var state: UInt32 = 7
        var levels = [128, 60, 200]
        let image = try TestImages.opaque(200, 60) { _, _ in
            for c in 0..<3 {
                state = state &* 1_664_525 &+ 1_013_904_223
                levels[c] = (levels[c] + Int(state >> 26) - 32) & 255
            }
            return (UInt8(levels[0]), UInt8(levels[1]), UInt8(levels[2]))
        }
        let kept = try keptStrip(of: image, filter: CPNG_FILTER_SUB)
        let rows = 60 * (1 + 3 * 200)
        XCTAssertEqual(kept.prefix(4), [1, 0, 0, 0], "kept as a parse, not stored")
        XCTAssertLessThanOrEqual(kept.count, 4 * (1 + 286 + 30) + rows + rows / 127 + 1)
        XCTAssertGreaterThan(kept.count, 4 * (1 + 286 + 30) + rows / 2, "mostly literals")
        XCTAssertEqual(try PNG.decode(PNG.encode(image, options: .smallest)), image)
    }
}
