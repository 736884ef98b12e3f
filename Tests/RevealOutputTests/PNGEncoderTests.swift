import CPNG
import Foundation
import RevealTestSupport
import XCTest

@testable import RevealRender

/// Filter byte + straight-alpha row for every row of `image`, built row by row with the C shim's
/// filter (no strips, no zlib): what a PNG's zlib stream must inflate to.
func filteredRows(of image: Pixmap, filter: Int32, channels: Int = 4) -> [UInt8] {
    let rowBytes = image.width * channels
    var out: [UInt8] = []
    var above: [UInt8]?
    image.bytes.withUnsafeBufferPointer { pixels in
        for y in 0..<image.height {
            var row = [UInt8](repeating: 0, count: rowBytes)
            cpng_straight_from_premultiplied(
                pixels.baseAddress! + 4 * image.width * y, image.width, Int32(channels), &row)
            var filtered = [UInt8](repeating: 0, count: rowBytes + 1)
            if let above {
                cpng_filter_row(filter, row, above, rowBytes, channels, &filtered)
            } else {
                cpng_filter_row(filter, row, nil, rowBytes, channels, &filtered)
            }
            out += filtered
            above = row
        }
    }
    return out
}

/// The zlib stream of `image` compressed in strips of the given heights (RGBA, Paeth), put together
/// as the encoder does.
func zlibStream(of image: Pixmap, level: Int, strategy: Int32, stripHeights: [Int]) throws -> [UInt8] {
    precondition(stripHeights.reduce(0, +) == image.height)
    let compressor = cpng_strip_compressor_create()
    defer { cpng_strip_compressor_destroy(compressor) }
    var strips: [(data: [UInt8], adler: UInt32, filteredCount: Int)] = []
    var first = 0
    for rows in stripHeights {
        let (data, adler) = try image.bytes.withUnsafeBufferPointer { pixels in
            try PNGEncoder.compress(
                cpng_strip(
                    image: pixels.baseAddress, stride: 4 * image.width, width: UInt32(image.width),
                    height: UInt32(image.height), first_row: UInt32(first), row_count: UInt32(rows),
                    channels: 4, filter: CPNG_FILTER_PAETH, compression_level: Int32(level),
                    strategy: strategy), with: compressor)
        }
        strips.append((data, adler, rows * (1 + 4 * image.width)))
        first += rows
    }
    let kept = PNGEncoder.keepsParses(strategy: strategy == CPNG_STRATEGY_ROWS ? .rows : .default, level: level)
    return try PNGEncoder.zlibStream(headerLevel: level, keptParses: kept, strips: strips)
}

/// The IDAT chunks of a PNG file.
func imageDataChunks(_ png: [UInt8]) throws -> [PNGChunk] {
    var reader = try PNGChunkReader(png)
    var chunks: [PNGChunk] = []
    while let chunk = try reader.next() {
        if chunk.type == "IDAT" { chunks.append(chunk) }
    }
    return chunks
}

/// Each row's filter type in a PNG we wrote, read back from its inflated image data.
func rowFilterTypes(_ png: [UInt8], width: Int, height: Int, channels: Int) throws -> [UInt8] {
    let stream = try imageDataChunks(png).flatMap { Array($0.data) }
    let rowBytes = 1 + width * channels
    var raw = [UInt8](repeating: 0, count: rowBytes * height)
    var size = 0
    XCTAssertEqual(cpng_inflate(stream, stream.count, &raw, raw.count, &size, nil, 0), CPNG_OK)
    XCTAssertEqual(size, raw.count)
    return stride(from: 0, to: raw.count, by: rowBytes).map { raw[$0] }
}

final class PNGEncoderTests: XCTestCase {
    /// A diagonal gradient with some noise: every row differs, nothing is flat.
    private func picture(width: Int = 61, height: Int = 45, seed: UInt32 = 7) throws -> Pixmap {
        var image = try Pixmap(width: width, height: height)
        var state = seed
        for y in 0..<height {
            for x in 0..<width {
                state = state &* 1_664_525 &+ 1_013_904_223
                let v = UInt8(truncatingIfNeeded: 2 * x + 3 * y + Int(state >> 29))
                image[x, y] = PremultipliedRGBA8(r: v, g: 255 - v, b: UInt8(truncatingIfNeeded: x * y), a: 255)
            }
        }
        return image
    }

    /// Encodes `image` with `encoder` and checks the bytes against a fresh encoder's, the pixels
    /// against the image, and (when given) how many strips had to be compressed.
    private func check(
        _ encoder: PNGEncoder, _ image: Pixmap, compressing expected: Int?,
        _ message: String, line: UInt = #line
    ) throws {
        let png = try encoder.encode(image)
        if let expected { XCTAssertEqual(encoder.stripsCompressed, expected, message, line: line) }
        let fresh = try PNGEncoder(
            width: image.width, height: image.height, options: encoder.options, stripHeight: encoder.stripHeight)
        XCTAssertEqual(png, try fresh.encode(image), "a fresh encoder writes other bytes: \(message)", line: line)
        XCTAssertEqual(try PNG.decode(png), image, message, line: line)
    }

    /// The strips' Adler-32 against its definition (a byte at a time, modulo 65521), at every length
    /// around its 32-byte groups and 5536-byte blocks, from several starting values; and on bytes of
    /// 255, the largest sums.
    /// Every premultiplied pixel (a clear one with stray color too) demultiplies as the definition
    /// says, the opaque and clear ones on their fast path included: c·255/a to nearest, 255 from c ≥ a.
    /// The options as a manifest's `sceneDigest` hashes them: our spelling, the same whichever module holds the
    /// types (Swift's reflection named the module, so moving a type changed every digest).
    func testOptionsAreSpelledWithoutModuleNames() {
        XCTAssertEqual(PNGEncodingOptions.fast.description, "level 3, filter automatic, strategy rows, pHYs none")
        XCTAssertEqual(
            PNGEncodingOptions(compressionLevel: 9, filter: .paeth, pixelsPerMeter: 3780).description,
            "level 9, filter paeth, strategy default, pHYs 3780")
    }

    func testStraightAlphaFollowsItsDefinitionForEveryPixel() throws {
        var pixels: [UInt8] = []
        for a in 0...255 {
            for c in 0...a { pixels += [UInt8(c), UInt8(a - c), UInt8(c / 2), UInt8(a)] }
        }
        pixels += [7, 0, 255, 0]
        let image = try Pixmap(width: pixels.count / 4, height: 1, premultipliedBytes: pixels)
        var straight = [UInt8](repeating: 1, count: pixels.count)
        XCTAssertEqual(cpng_straight_from_premultiplied(pixels, pixels.count / 4, 4, &straight), CPNG_OK)
        XCTAssertEqual(straight, image.straightRGBA)
        XCTAssertEqual(straight.suffix(4), [0, 0, 0, 0], "a clear pixel has no color")
    }

    func testAdler32FollowsItsDefinition() {
        func reference(_ adler: UInt32, _ bytes: ArraySlice<UInt8>) -> UInt32 {
            var (s1, s2) = (adler & 0xFFFF, adler >> 16)
            for b in bytes {
                s1 = (s1 + UInt32(b)) % 65521
                s2 = (s2 + s1) % 65521
            }
            return s1 | s2 << 16
        }
        var state: UInt32 = 12345
        let random = (0..<12000).map { _ -> UInt8 in
            state = state &* 1_103_515_245 &+ 12345
            return UInt8(truncatingIfNeeded: state >> 16)
        }
        let full = [UInt8](repeating: 255, count: 40000)
        let lengths = Array(0..<70) + [5535, 5536, 5537, 5567, 5568, 11072, 11073, 11999]
        for bytes in [random, full] {
            for length in lengths where length <= bytes.count {
                for start: UInt32 in [1, 0xFFF0_FFF0, 0x1234_5678] {
                    let ours = bytes.withUnsafeBufferPointer { cpng_adler32(start, $0.baseAddress, length) }
                    XCTAssertEqual(ours, reference(start, bytes[0..<length]), "\(length) bytes from \(start)")
                }
            }
        }
        let ours = full.withUnsafeBufferPointer { cpng_adler32(1, $0.baseAddress, $0.count) }
        XCTAssertEqual(ours, reference(1, full[...]))
    }

    /// zlib's level 3 looks far enough back to find the row above in a wide gradient (`deflateTune`
    /// in the C shim): zlib's own settings made the bench scratch scene's frames 1.6 times the size
    /// level 6 makes, beyond the 1.5 times our files may be of the references'.
    func testZlibsLevel3FindsMatchesInTheRowAbove() throws {
        var scene = try Bench.scratchScene()
        scene.scale = 3
        var renderer = try ScratchCardRenderer(timeline: ScratchTimeline(scene: scene))
        let frame = renderer.render(frame: 60)
        let fast = try PNG.encode(frame, options: PNGEncodingOptions(compressionLevel: 3, filter: .automatic)).count
        let level6 = try PNG.encode(frame, options: PNGEncodingOptions(compressionLevel: 6, filter: .automatic)).count
        XCTAssertLessThan(Double(fast), 1.5 * Double(level6), "fast \(fast) bytes, level 6 \(level6)")
    }

    func testKeptStripsGiveTheBytesOfAFreshEncode() throws {
        // 45 rows in strips of 8: rows 0–7, 8–15, … 40–44 (six strips). Paeth makes each row depend
        // on the one above, and each strip's dictionary is the filtered row above it.
        let options = PNGEncodingOptions(compressionLevel: 6, filter: .paeth)
        let encoder = try PNGEncoder(width: 61, height: 45, options: options, stripHeight: 8)
        XCTAssertEqual(encoder.stripHeight, 8)
        var image = try picture()
        try check(encoder, image, compressing: 6, "first image")
        try check(encoder, image, compressing: 0, "same image again")
        let black = PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255)
        let white = PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255)
        let edits: [(x: Int, y: Int, pixel: PremultipliedRGBA8, strips: Int, what: String)] = [
            (30, 12, black, 1, "a pixel inside the second strip"),
            (0, 15, white, 2, "the last row of a strip: the next one's dictionary"),
            (5, 14, white, 2, "the row two above the third strip (Paeth reads it)"),
            (60, 44, black, 1, "the image's last row (final block)"),
            (
                1, 1, PremultipliedRGBA8(r: 10, g: 10, b: 10, a: 128), 6,
                "one translucent pixel: RGBA for the whole image"
            ),
            (1, 1, black, 6, "opaque again: RGB"),
        ]
        for edit in edits {
            image[edit.x, edit.y] = edit.pixel
            try check(encoder, image, compressing: edit.strips, edit.what)
        }
        try check(encoder, try picture(seed: 99), compressing: 6, "another picture")
    }

    func testRandomEditsNeverLeaveAStaleStrip() throws {
        // Random edits of random size and kind, under every filter: after each, the kept-strip bytes
        // must equal a fresh encode. Strips of 5 rows over 47 rows: ten strips, the last of 2 rows.
        var random = SplitMix64(seed: 2026)
        func next(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
        for filter in [PNGFilter.automatic, .none, .sub, .up, .average, .paeth, .adaptive] {
            let encoder = try PNGEncoder(
                width: 23, height: 47, options: .init(compressionLevel: 1 + next(9), filter: filter), stripHeight: 5)
            var image = try Paint.linearGradient([SystemColor.cyan, SystemColor.blue], from: .top, to: .bottom).render(
                width: 23, height: 47)
            var compressed = 0
            for step in 0..<60 {
                switch next(4) {
                case 0:  // one pixel, sometimes translucent
                    let a = UInt8(next(3) == 0 ? next(256) : 255)
                    image[next(23), next(47)] = PremultipliedRGBA8(r: UInt8(next(Int(a) + 1)), g: 0, b: a, a: a)
                case 1:  // a row made flat or noisy
                    let y = next(47)
                    let v = UInt8(next(256))
                    for x in 0..<23 {
                        image[x, y] = PremultipliedRGBA8(r: v, g: next(2) == 0 ? v : UInt8(x), b: 0, a: 255)
                    }
                case 2:  // a run of rows copied from elsewhere
                    let from = next(47)
                    let to = next(47)
                    let count = 1 + next(12)
                    for k in 0..<count where from + k < 47 && to + k < 47 {
                        for x in 0..<23 { image[x, to + k] = image[x, from + k] }
                    }
                default:  // nothing changes
                    break
                }
                try check(encoder, image, compressing: nil, "\(filter), step \(step)")
                compressed += encoder.stripsCompressed
            }
            // Edits touch few strips: most are kept.
            XCTAssertLessThan(compressed, 60 * 10 / 2, "\(filter)")
        }
    }

    /// Two images in flight: each image is staged before the one before it is encoded, jobs are
    /// encoded in and out of order and some only by the encoder itself, on other threads too; every
    /// job's bytes must equal a fresh encode of its image. Each staging writes into the image two
    /// stagings back, so it must bring over the rows the last staging changed as well as its own.
    func testJobsInFlightGiveTheBytesOfFreshEncodes() throws {
        for options in [PNGEncodingOptions.fast, .smallest] { try jobsInFlight(options) }
    }

    private func jobsInFlight(_ options: PNGEncodingOptions) throws {
        var random = SplitMix64(seed: 77)
        func next(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
        let encoder = try PNGEncoder(width: 23, height: 47, options: options, stripHeight: 5)
        var image = try picture(width: 23, height: 47)
        var waiting: [(job: PNGEncoder.Job, expected: [UInt8], step: Int)] = []
        func check(_ entry: (job: PNGEncoder.Job, expected: [UInt8], step: Int)) throws {
            XCTAssertEqual(try entry.job.encode(), entry.expected, "step \(entry.step)")
        }
        for step in 0..<80 {
            for _ in 0..<next(3) {  // a few rows repainted, or nothing
                let y = next(47)
                let v = UInt8(next(256))
                for x in 0..<23 { image[x, y] = PremultipliedRGBA8(r: v, g: UInt8(x), b: 0, a: 255) }
            }
            let fresh = try PNGEncoder(width: 23, height: 47, options: options, stripHeight: 5).encode(image)
            // With two jobs waiting, this staging runs the older itself; its bytes are then ready.
            waiting.append((try encoder.stage(image), fresh, step))
            if waiting.count == 3 { try check(waiting.removeFirst()) }
            switch next(4) {
            case 0 where waiting.count == 2:  // the newer first: it runs the older itself
                try check(waiting[1])
                try check(waiting[0])
                waiting.removeAll()
            case 1 where waiting.count == 2:  // both at once on other threads
                let pair = UnsafeSendable(waiting)
                let results = UnsafeSendable(UnsafeMutableBufferPointer<[UInt8]>.allocate(capacity: 2))
                defer { results.value.deallocate() }
                DispatchQueue.concurrentPerform(iterations: 2) { k in
                    results.value.initializeElement(at: k, to: (try? pair.value[1 - k].job.encode()) ?? [])
                }
                XCTAssertEqual(results.value[1], waiting[0].expected, "step \(waiting[0].step)")
                XCTAssertEqual(results.value[0], waiting[1].expected, "step \(waiting[1].step)")
                waiting.removeAll()
            case 2 where waiting.count == 2:  // in order, the newer left in flight
                try check(waiting.removeFirst())
            default:  // nothing: left to the next staging
                break
            }
        }
        for entry in waiting { try check(entry) }
    }

    func testAutomaticModeIsChosenForTheWholeImage() throws {
        let encoder = try PNGEncoder(width: 80, height: 40, options: .fast, stripHeight: 8)
        let vertical = try Paint.linearGradient([SystemColor.cyan, SystemColor.blue], from: .top, to: .bottom)
            .render(width: 80, height: 40)
        try check(encoder, vertical, compressing: 5, "vertical gradient")
        XCTAssertEqual(
            try rowFilterTypes(encoder.encode(vertical), width: 80, height: 40, channels: 3),
            Array(repeating: 1, count: 40))
        // Noise in one strip's sampled row makes the image no longer mostly flat: every strip changes mode.
        var noisy = vertical
        for x in 0..<80 { noisy[x, 16] = PremultipliedRGBA8(r: UInt8(x * 3), g: 0, b: UInt8(x), a: 255) }
        try check(encoder, noisy, compressing: 5, "not flat any more")
        XCTAssertEqual(
            try rowFilterTypes(encoder.encode(noisy), width: 80, height: 40, channels: 3),
            Array(repeating: 0, count: 40))
        // The same noise on a row that is not sampled (not a multiple of 8) keeps the mode.
        var unsampled = vertical
        for x in 0..<80 { unsampled[x, 17] = noisy[x, 16] }
        try check(encoder, unsampled, compressing: 5, "flat again, noise unsampled")
        XCTAssertEqual(
            try rowFilterTypes(encoder.encode(unsampled), width: 80, height: 40, channels: 3),
            Array(repeating: 1, count: 40))
    }

    func testLargeImageDataIsSplitIntoChunksOfAtMostOneMebibyte() throws {
        // Noise does not compress: 700 × 600 RGB is 1.26 MB of image data.
        var state: UInt32 = 1
        let bytes = (0..<(700 * 600)).flatMap { _ -> [UInt8] in
            state = state &* 1_664_525 &+ 1_013_904_223
            return [UInt8(state >> 24), UInt8(state >> 16 & 0xFF), UInt8(state >> 8 & 0xFF), 255]
        }
        let image = try Pixmap(width: 700, height: 600, premultipliedBytes: bytes)
        let png = try PNG.encode(image, options: .init(compressionLevel: 1))
        let chunks = try imageDataChunks(png)
        XCTAssertEqual(chunks.count, 2)
        XCTAssertEqual(chunks[0].data.count, PNGEncoder.idatLimit)
        XCTAssertEqual(try PNG.decode(png), image)
    }

    func testStagingRefusesAnotherSizeAndLeavesTheEncoderUsable() throws {
        let encoder = try PNGEncoder(width: 61, height: 45, options: .fast)
        XCTAssertThrowsError(try encoder.encode(try picture(width: 60))) { error in
            XCTAssertEqual((error as? PNGError)?.message, "a 60×45 image given to an encoder of 61×45 images")
        }
        let image = try picture()
        XCTAssertEqual(try PNG.decode(encoder.encode(image)), image)
        XCTAssertThrowsError(try PNGEncoder(width: 0, height: 5, options: .fast))
        XCTAssertThrowsError(try PNGEncoder(width: 5, height: 5, options: .init(compressionLevel: 10)))
    }
}
