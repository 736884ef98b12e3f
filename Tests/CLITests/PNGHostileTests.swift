/// PNG input that libpng did not write: every file here is built byte by byte by `PNGForge` (chunks,
/// CRCs, zlib streams and filters written out in the test), and every expected pixel is worked out
/// from the PNG specification's rules, not by decoding.
///
/// Covers what `PNGTests` does not: sub-byte, 16-bit and palette depths with and without tRNS,
/// interlacing with odd sizes and with alpha, every row filter, gAMA/iCCP/cHRM (ignored), damaged
/// ancillary chunks (dropped), bad CRCs in IHDR/IDAT/IEND, invalid headers and chunk orders,
/// truncation and single-bit damage at every byte, and decompression bombs: an IHDR claiming
/// 60000×60000, and a 4 MB file whose IDAT inflates to 4 GiB behind a small IHDR, which must be
/// refused without inflating it all. A scene whose image paint is such a bomb must exit 2 naming the
/// file, the JSON path and the reason.
import Foundation
import RevealTestSupport
import XCTest

@testable import RevealRender

/// Writes PNG files from their parts, independently of libpng and zlib.
enum PNGForge {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    private static let crcTable: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    /// CRC-32 as PNG chunks use it (ISO 3309, reflected, initial and final XOR 0xFFFFFFFF).
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes { c = crcTable[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }

    static func be32(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
    }

    /// A chunk: length, type, data, CRC (or `crc` when given, to damage it).
    static func chunk(_ type: String, _ data: [UInt8], crc: UInt32? = nil) -> [UInt8] {
        let body = Array(type.utf8) + data
        return be32(UInt32(data.count)) + body + be32(crc ?? crc32(body))
    }

    static func ihdr(
        _ width: UInt32, _ height: UInt32, depth: UInt8 = 8, color: UInt8 = 0, interlace: UInt8 = 0,
        compression: UInt8 = 0, filter: UInt8 = 0
    ) -> [UInt8] {
        chunk("IHDR", be32(width) + be32(height) + [depth, color, compression, filter, interlace])
    }

    static let iend = chunk("IEND", [])

    static func file(_ chunks: [[UInt8]]) -> [UInt8] { signature + chunks.flatMap { $0 } }

    static func adler32(_ data: [UInt8]) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return b << 16 | a
    }

    /// A zlib stream of stored (uncompressed) deflate blocks holding `data`.
    static func zlibStored(_ data: [UInt8], blockSize: Int = 65535) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let end = min(start + blockSize, data.count)
            let n = end - start
            out.append(end == data.count ? 1 : 0)  // BFINAL, BTYPE 00
            out += [UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8(~n >> 8 & 0xFF)]
            out += data[start..<end]
            start = end
        } while start < data.count
        return out + be32(adler32(data))
    }

    /// Deflate's bit order: values least significant bit first, Huffman codes most significant first.
    private struct BitWriter {
        var bytes: [UInt8] = []
        var bit = 0

        mutating func value(_ v: Int, bits: Int) {
            for i in 0..<bits { one((v >> i) & 1) }
        }

        mutating func code(_ c: Int, length: Int) {
            for i in stride(from: length - 1, through: 0, by: -1) { one((c >> i) & 1) }
        }

        mutating func one(_ b: Int) {
            if bit == 0 { bytes.append(0) }
            bytes[bytes.count - 1] |= UInt8(b) << bit
            bit = (bit + 1) & 7
        }

        mutating func zeros(_ count: Int) {
            var n = count
            while n > 0 && bit != 0 {
                one(0)
                n -= 1
            }
            bytes += [UInt8](repeating: 0, count: n / 8)
            for _ in 0..<(n % 8) { one(0) }
        }
    }

    /// A zlib stream that inflates to `count` zero bytes at about 1000:1 (one dynamic-Huffman block:
    /// literal 0 and end-of-block get 2-bit codes, length 258 a 1-bit code, distance 1 a 1-bit code,
    /// so each 258 zeros cost 2 bits). Bombs are built with it; `testZeroStreamIsValid` decodes one.
    static func zlibZeros(_ count: Int) -> [UInt8] {
        precondition(count >= 1)
        var w = BitWriter()
        w.value(1, bits: 1)  // BFINAL
        w.value(2, bits: 2)  // BTYPE 10: dynamic Huffman
        w.value(286 - 257, bits: 5)  // HLIT: literal/length codes 0...285
        w.value(0, bits: 5)  // HDIST: one distance code
        w.value(18 - 4, bits: 4)  // HCLEN: 18 code length code lengths
        // Code length code lengths in the order 16 17 18 0 8 7 9 6 10 5 11 4 12 3 13 2 14 1: 18 → 1, 2 → 2, 1 → 2.
        for length in [0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 2] { w.value(length, bits: 3) }
        // Canonical codes: 18 = 0, 1 = 10, 2 = 11.
        func cl(_ symbol: Int) {
            switch symbol {
            case 18: w.code(0, length: 1)
            case 1: w.code(0b10, length: 2)
            default: w.code(0b11, length: 2)
            }
        }
        // Lengths of literal/length codes 0...285 then distance code 0: 2, 255 × 0, 2, 28 × 0, 1, then 1.
        cl(2)
        cl(18)
        w.value(138 - 11, bits: 7)
        cl(18)
        w.value(117 - 11, bits: 7)
        cl(2)
        cl(18)
        w.value(28 - 11, bits: 7)
        cl(1)
        cl(1)
        // Canonical literal/length codes: 285 = 0, literal 0 = 10, end of block = 11; distance 0 = 0.
        w.code(0b10, length: 2)  // one literal zero, for the matches to copy
        let matches = (count - 1) / 258
        w.zeros(2 * matches)  // each match: length 258 (0) at distance 1 (0)
        for _ in 0..<((count - 1) % 258) { w.code(0b10, length: 2) }
        w.code(0b11, length: 2)
        // Adler-32 of n zeros: a stays 1, b adds 1 per byte.
        return [0x78, 0x01] + w.bytes + be32(UInt32(count % 65521) << 16 | 1)
    }

    /// Packs one row of samples at `depth` bits, most significant first, padded to a whole byte.
    static func pack(_ samples: [Int], depth: Int) -> [UInt8] {
        if depth == 16 { return samples.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] } }
        if depth == 8 { return samples.map { UInt8($0) } }
        var out: [UInt8] = []
        var bit = 0
        for s in samples {
            if bit == 0 { out.append(0) }
            out[out.count - 1] |= UInt8(s << (8 - depth - bit))
            bit = (bit + depth) & 7
        }
        return out
    }

    /// The five row filters of the PNG specification, applied to `row` with `previous` above it.
    static func filter(_ type: UInt8, _ row: [UInt8], previous: [UInt8], bpp: Int) -> [UInt8] {
        func paeth(_ a: Int, _ b: Int, _ c: Int) -> Int {
            let p = a + b - c
            let pa = abs(p - a)
            let pb = abs(p - b)
            let pc = abs(p - c)
            return pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
        }
        var out: [UInt8] = [type]
        for i in 0..<row.count {
            let x = Int(row[i])
            let a = i >= bpp ? Int(row[i - bpp]) : 0
            let b = Int(previous[i])
            let c = i >= bpp ? Int(previous[i - bpp]) : 0
            let predictor: Int
            switch type {
            case 0: predictor = 0
            case 1: predictor = a
            case 2: predictor = b
            case 3: predictor = (a + b) / 2
            default: predictor = paeth(a, b, c)
            }
            out.append(UInt8((x - predictor) & 0xFF))
        }
        return out
    }

    /// Adam7's passes: first column and row, then the steps between.
    static let adam7 = [
        (0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2),
    ]

    /// The filtered scanlines of an image whose pixel (x, y) has the samples `pixel(x, y)`; interlaced
    /// with Adam7 when asked, each row filtered with `filters[row % filters.count]`.
    static func scanlines(
        width: Int, height: Int, depth: Int, interlaced: Bool = false, filters: [UInt8] = [0],
        pixel: (Int, Int) -> [Int]
    ) -> [UInt8] {
        let passes = interlaced ? adam7 : [(0, 0, 1, 1)]
        var out: [UInt8] = []
        var rowIndex = 0
        for (x0, y0, dx, dy) in passes {
            let xs = Array(stride(from: x0, to: width, by: dx))
            let ys = Array(stride(from: y0, to: height, by: dy))
            guard !xs.isEmpty && !ys.isEmpty else { continue }
            let channels = pixel(0, 0).count
            let bpp = max(1, channels * depth / 8)
            var previous: [UInt8]? = nil
            for y in ys {
                let raw = pack(xs.flatMap { pixel($0, y) }, depth: depth)
                out += filter(
                    filters[rowIndex % filters.count], raw,
                    previous: previous ?? [UInt8](repeating: 0, count: raw.count), bpp: bpp)
                previous = raw
                rowIndex += 1
            }
        }
        return out
    }

    /// A whole PNG of `color` type at `depth`, optional chunks before the IDAT (PLTE, tRNS, gAMA …).
    static func png(
        width: Int, height: Int, depth: Int = 8, color: UInt8 = 0, interlaced: Bool = false,
        filters: [UInt8] = [0], before: [[UInt8]] = [], pixel: (Int, Int) -> [Int]
    ) -> [UInt8] {
        let data = scanlines(
            width: width, height: height, depth: depth, interlaced: interlaced, filters: filters, pixel: pixel)
        return file(
            [ihdr(UInt32(width), UInt32(height), depth: UInt8(depth), color: color, interlace: interlaced ? 1 : 0)]
                + before + [chunk("IDAT", zlibStored(data)), iend])
    }
}

final class PNGHostileTests: XCTestCase {
    // MARK: - Expected values, from the specification

    /// Premultiplied as the decoder documents: c·a/255 rounded to nearest (never a tie: 255 is odd).
    private func premultiplied(_ r: Int, _ g: Int, _ b: Int, _ a: Int) -> [UInt8] {
        [r, g, b].map { UInt8((Double($0 * a) / 255).rounded()) } + [UInt8(a)]
    }

    /// A 16-bit sample scaled to 8 bits, rounded (v/257 is never a tie: 257 is odd).
    private func eight(_ v: Int) -> Int { Int((Double(v) / 257).rounded()) }

    /// A sample of `depth` bits scaled to 8 by the specification's rule (multiply by 255/(2^depth − 1)).
    private func scaled(_ v: Int, depth: Int) -> Int { v * 255 / ((1 << depth) - 1) }

    private func decode(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) -> Pixmap? {
        do {
            return try PNG.decode(bytes)
        } catch {
            XCTFail("decode failed: \(error.message)", file: file, line: line)
            return nil
        }
    }

    private func decodeError(_ bytes: [UInt8], maxPixels: Int = 100_000_000) -> String? {
        do {
            _ = try PNG.decode(bytes, maxPixels: maxPixels)
            return nil
        } catch {
            return error.message
        }
    }

    private func assertPixels(
        _ bytes: [UInt8], width: Int, height: Int, _ expected: (Int, Int) -> [UInt8],
        file: StaticString = #filePath, line: UInt = #line
    ) {
        guard let p = decode(bytes, file: file, line: line) else { return }
        XCTAssertEqual(p.width, width, file: file, line: line)
        XCTAssertEqual(p.height, height, file: file, line: line)
        guard p.width == width, p.height == height else { return }
        var mismatches: [String] = []
        for y in 0..<height {
            for x in 0..<width {
                let actual = Array(p.bytes[(4 * (y * width + x))..<(4 * (y * width + x) + 4)])
                if actual != expected(x, y) { mismatches.append("(\(x), \(y)): \(actual) ≠ \(expected(x, y))") }
            }
        }
        XCTAssert(
            mismatches.isEmpty, "\(mismatches.count) pixels differ: \(mismatches.prefix(8).joined(separator: "; "))",
            file: file, line: line)
    }

    // MARK: - The forge itself

    func testForgeMatchesKnownValues() {
        // CRC-32 check value of the ASCII digits, and the CRC of an empty IEND (in every PNG).
        XCTAssertEqual(PNGForge.crc32(Array("123456789".utf8)), 0xCBF4_3926)
        XCTAssertEqual(PNGForge.iend, [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82])
        XCTAssertEqual(PNGForge.adler32(Array("Wikipedia".utf8)), 0x11E6_0398)
        XCTAssertEqual(PNGForge.pack([1, 0, 1, 1, 0], depth: 1), [0b1011_0000])
        XCTAssertEqual(PNGForge.pack([3, 0, 2], depth: 2), [0b1100_1000])
    }

    func testZeroStreamIsValid() throws {
        // 700×500 gray: 500 rows of a filter byte and 700 zeros = 350,500 zeros (not a multiple of 258).
        let stream = PNGForge.zlibZeros(500 * 701)
        XCTAssertLessThan(stream.count, 500 * 701 / 800)
        let png = PNGForge.file([PNGForge.ihdr(700, 500), PNGForge.chunk("IDAT", stream), PNGForge.iend])
        let p = try PNG.decode(png)
        XCTAssertEqual(p.width, 700)
        XCTAssertEqual(
            p.bytes, [UInt8](repeating: 0, count: 700 * 500 * 4).enumerated().map { $0.offset % 4 == 3 ? 255 : 0 })
        // One zero short of the image: refused.
        let short = PNGForge.file([
            PNGForge.ihdr(700, 500), PNGForge.chunk("IDAT", PNGForge.zlibZeros(500 * 701 - 1)), PNGForge.iend,
        ])
        XCTAssertNotNil(decodeError(short))
    }

    /// The PNG fuzzer's seeds (Scripts/make-corpus) are valid, of every color type and depth.
    func testFuzzSeedsDecode() throws {
        let folder = CorpusCase.folder.appendingPathComponent("png")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".png") }
        XCTAssertGreaterThanOrEqual(names.count, 30)
        for name in names {
            XCTAssertNoThrow(try PNG.decode(contentsOf: folder.appendingPathComponent(name).path), name)
        }
    }

    // MARK: - Depths, color types, transparency

    func testGraySubByteDepths() {
        for depth in [1, 2, 4] {
            let top = (1 << depth) - 1
            // 13 wide, so rows end mid-byte.
            let value = { (x: Int, y: Int) in (x * 3 + y) % (top + 1) }
            let png = PNGForge.png(width: 13, height: 3, depth: depth) { [value($0, $1)] }
            assertPixels(png, width: 13, height: 3) { x, y in
                let v = UInt8(self.scaled(value(x, y), depth: depth))
                return [v, v, v, 255]
            }
        }
    }

    func testGray16AndGrayAlpha16AndRGB16Round() {
        let values = [0, 1, 128, 129, 0x7F80, 0x8080, 0xFEFF, 0xFF00, 0xFFFF, 0x1234]
        let gray = PNGForge.png(width: values.count, height: 1, depth: 16, color: 0) { x, _ in [values[x]] }
        assertPixels(gray, width: values.count, height: 1) { x, _ in
            let v = UInt8(self.eight(values[x]))
            return [v, v, v, 255]
        }
        let grayAlpha = PNGForge.png(width: values.count, height: 1, depth: 16, color: 4) { x, _ in
            [values[x], values[values.count - 1 - x]]
        }
        assertPixels(grayAlpha, width: values.count, height: 1) { x, _ in
            let v = self.eight(values[x])
            return self.premultiplied(v, v, v, self.eight(values[values.count - 1 - x]))
        }
        let rgb = PNGForge.png(width: values.count, height: 2, depth: 16, color: 2) { x, y in
            [values[x], values[(x + 3 + y) % values.count], values[(x + 7) % values.count]]
        }
        assertPixels(rgb, width: values.count, height: 2) { x, y in
            [
                UInt8(self.eight(values[x])), UInt8(self.eight(values[(x + 3 + y) % values.count])),
                UInt8(self.eight(values[(x + 7) % values.count])), 255,
            ]
        }
    }

    func testPalettesAtEveryDepthWithAndWithoutTRNS() {
        let palette: [[Int]] = [
            [255, 0, 0], [0, 255, 0], [0, 0, 255], [200, 100, 50], [1, 2, 3], [250, 250, 250],
            [9, 99, 199], [77, 0, 77], [0, 0, 0], [255, 255, 255], [10, 20, 30], [40, 50, 60],
            [70, 80, 90], [100, 110, 120], [130, 140, 150], [160, 170, 180],
        ]
        let alphas = [0, 128, 255, 1, 254, 77]  // shorter than the palette: the rest are opaque
        for depth in [1, 2, 4, 8] {
            let entries = min(palette.count, 1 << depth)
            let plte = PNGForge.chunk("PLTE", palette.prefix(entries).flatMap { $0.map(UInt8.init) })
            let index = { (x: Int, y: Int) in (x + 2 * y) % entries }
            for withTRNS in [false, true] {
                let trns = PNGForge.chunk("tRNS", alphas.prefix(entries).map(UInt8.init))
                let png = PNGForge.png(
                    width: 11, height: 4, depth: depth, color: 3, before: withTRNS ? [plte, trns] : [plte]
                ) { [index($0, $1)] }
                assertPixels(png, width: 11, height: 4) { x, y in
                    let i = index(x, y)
                    let c = palette[i]
                    let a = withTRNS && i < min(alphas.count, entries) ? alphas[i] : 255
                    return self.premultiplied(c[0], c[1], c[2], a)
                }
            }
        }
    }

    func testTRNSOnGrayAndRGBMakesExactlyThatValueTransparent() {
        // 8-bit gray: 7 is transparent, 6 and 8 are not.
        let gray = PNGForge.png(width: 3, height: 1, before: [PNGForge.chunk("tRNS", [0, 7])]) { x, _ in [6 + x] }
        assertPixels(gray, width: 3, height: 1) { x, _ in
            x == 1 ? [0, 0, 0, 0] : [UInt8(6 + x), UInt8(6 + x), UInt8(6 + x), 255]
        }
        // 2-bit gray: the key is a 2-bit value.
        let gray2 = PNGForge.png(width: 4, height: 1, depth: 2, before: [PNGForge.chunk("tRNS", [0, 2])]) { x, _ in [x]
        }
        assertPixels(gray2, width: 4, height: 1) { x, _ in
            let v = UInt8(self.scaled(x, depth: 2))
            return x == 2 ? [0, 0, 0, 0] : [v, v, v, 255]
        }
        // 8-bit RGB: only (1, 2, 3).
        let rgb = PNGForge.png(width: 3, height: 1, color: 2, before: [PNGForge.chunk("tRNS", [0, 1, 0, 2, 0, 3])]) {
            x, _ in [1, 2, 3 + x]
        }
        assertPixels(rgb, width: 3, height: 1) { x, _ in x == 0 ? [0, 0, 0, 0] : [1, 2, UInt8(3 + x), 255] }
        // 16-bit: the key is compared at 16 bits, before scaling. 0x1234 is transparent; 0x1235 scales to
        // the same 8-bit value (18) and stays opaque.
        let gray16 = PNGForge.png(width: 2, height: 1, depth: 16, before: [PNGForge.chunk("tRNS", [0x12, 0x34])]) {
            x, _ in [0x1234 + x]
        }
        assertPixels(gray16, width: 2, height: 1) { x, _ in x == 0 ? [0, 0, 0, 0] : [18, 18, 18, 255] }
        let rgb16 = PNGForge.png(
            width: 2, height: 1, depth: 16, color: 2,
            before: [PNGForge.chunk("tRNS", [0xAB, 0xCD, 0x00, 0x01, 0xFF, 0xFF])]
        ) { x, _ in [0xABCD, 1 + x, 0xFFFF] }
        assertPixels(rgb16, width: 2, height: 1) { x, _ in
            x == 0 ? [0, 0, 0, 0] : [UInt8(self.eight(0xABCD)), 0, 255, 255]
        }
    }

    func testEveryFilterTypeDecodes() {
        // RGBA 8-bit and RGB 16-bit, rows cycling through none, sub, up, average, paeth.
        let rgba = { (x: Int, y: Int) in
            [(x * 37 + y * 11) % 256, (x * x + y) % 256, (255 - x * 9) & 0xFF, (x * 50 + y * 30) % 256]
        }
        let png = PNGForge.png(width: 9, height: 10, color: 6, filters: [0, 1, 2, 3, 4]) { rgba($0, $1) }
        assertPixels(png, width: 9, height: 10) { x, y in
            let c = rgba(x, y)
            return self.premultiplied(c[0], c[1], c[2], c[3])
        }
        let rgb16 = { (x: Int, y: Int) in
            [(x * 7919 + y * 104_729) & 0xFFFF, (x * 65_521 + y) & 0xFFFF, (y * 4099) & 0xFFFF]
        }
        let png16 = PNGForge.png(width: 6, height: 10, depth: 16, color: 2, filters: [4, 3, 2, 1, 0]) { rgb16($0, $1) }
        assertPixels(png16, width: 6, height: 10) { x, y in rgb16(x, y).map { UInt8(self.eight($0)) } + [255] }
    }

    func testInterlacedOddSizesWithAlphaAndSixteenBits() {
        // Sizes that leave some of Adam7's seven passes empty and others partly filled.
        for (width, height) in [(1, 1), (2, 3), (5, 5), (9, 9), (17, 3), (3, 17)] {
            let bit = { (x: Int, y: Int) in (x * 5 + y * 3) % 7 < 3 ? 1 : 0 }
            let gray1 = PNGForge.png(width: width, height: height, depth: 1, interlaced: true) { [bit($0, $1)] }
            assertPixels(gray1, width: width, height: height) { x, y in
                bit(x, y) == 1 ? [255, 255, 255, 255] : [0, 0, 0, 255]
            }

            let rgba = { (x: Int, y: Int) in [x * 13 % 256, y * 17 % 256, (x + y) * 29 % 256, (x * 31 + y * 7) % 256] }
            let color = PNGForge.png(width: width, height: height, color: 6, interlaced: true, filters: [1, 4, 2, 3]) {
                rgba($0, $1)
            }
            assertPixels(color, width: width, height: height) { x, y in
                let c = rgba(x, y)
                return self.premultiplied(c[0], c[1], c[2], c[3])
            }

            let ga16 = { (x: Int, y: Int) in [(x * 4111 + y * 257) & 0xFFFF, (x * 9001 + y * 3) & 0xFFFF] }
            let sixteen = PNGForge.png(
                width: width, height: height, depth: 16, color: 4, interlaced: true, filters: [3]
            ) { ga16($0, $1) }
            assertPixels(sixteen, width: width, height: height) { x, y in
                let s = ga16(x, y)
                let v = self.eight(s[0])
                return self.premultiplied(v, v, v, self.eight(s[1]))
            }
        }
    }

    func testColorChunksAreIgnoredAndDamagedAncillaryChunksDropped() {
        let pixel = { (x: Int, y: Int) in [x * 40, y * 60, 100] }
        let expected = { (x: Int, y: Int) -> [UInt8] in pixel(x, y).map(UInt8.init) + [255] }
        let iccp = PNGForge.chunk(
            "iCCP", Array("junk".utf8) + [0, 0] + PNGForge.zlibStored(Array("not an ICC profile".utf8)))
        let extras: [(String, [UInt8])] = [
            ("gAMA 1.0", PNGForge.chunk("gAMA", PNGForge.be32(100_000))),
            ("gAMA 1/2.2", PNGForge.chunk("gAMA", PNGForge.be32(45455))),
            ("gAMA 0 (invalid)", PNGForge.chunk("gAMA", PNGForge.be32(0))),
            ("gAMA of the wrong length", PNGForge.chunk("gAMA", [1, 2])),
            ("cHRM", PNGForge.chunk("cHRM", [UInt32](repeating: 50_000, count: 8).flatMap(PNGForge.be32))),
            ("an invalid iCCP", iccp),
            ("sRGB", PNGForge.chunk("sRGB", [0])),
            ("gAMA with a bad CRC", PNGForge.chunk("gAMA", PNGForge.be32(45455), crc: 0)),
            ("tEXt with a bad CRC", PNGForge.chunk("tEXt", Array("Comment\0hello".utf8), crc: 1)),
            ("an unknown ancillary chunk", PNGForge.chunk("teSt", [1, 2, 3])),
            ("a zero-length tEXt", PNGForge.chunk("tEXt", [])),
        ]
        for (name, chunk) in extras {
            let png = PNGForge.png(width: 4, height: 3, color: 2, before: [chunk]) { pixel($0, $1) }
            assertPixels(png, width: 4, height: 3, expected)
            XCTAssertNoThrow(try PNG.decode(png), name)
        }
    }

    func testSplitAndEmptyIDATChunksDecode() throws {
        let data = PNGForge.scanlines(width: 5, height: 4, depth: 8) { x, y in [x * 50 + y] }
        let stream = PNGForge.zlibStored(data)
        // One byte per IDAT, with an empty IDAT after each.
        let chunks = stream.flatMap { [PNGForge.chunk("IDAT", [$0]), PNGForge.chunk("IDAT", [])] }
        let png = PNGForge.file([PNGForge.ihdr(5, 4)] + chunks + [PNGForge.iend])
        assertPixels(png, width: 5, height: 4) { x, y in
            let v = UInt8(x * 50 + y)
            return [v, v, v, 255]
        }
    }

    // MARK: - Damage

    private var smallColorPNG: [UInt8] {
        PNGForge.png(
            width: 6, height: 5, color: 6, filters: [0, 1, 2, 3, 4],
            before: [PNGForge.chunk("gAMA", PNGForge.be32(45455))]
        ) { x, y in [x * 40, y * 50, 7, 255 - x * y] }
    }

    func testBadCRCsInCriticalChunksAreRefused() {
        let png = smallColorPNG
        var badIHDR = png
        badIHDR[8 + 8 + 13] ^= 0x80  // first CRC byte of the IHDR
        XCTAssertEqual(decodeError(badIHDR), "IHDR: CRC error")
        let idat = findChunk("IDAT", in: png)!
        var badIDAT = png
        badIDAT[idat.end - 1] ^= 1
        XCTAssertEqual(decodeError(badIDAT), "IDAT: CRC error")
        var badIEND = png
        badIEND[png.count - 1] ^= 1
        XCTAssertEqual(decodeError(badIEND), "IEND: CRC error")
        var badData = png
        badData[idat.start + 8 + 10] ^= 0x10  // inside the stored block: the Adler-32 no longer matches
        XCTAssertNotNil(decodeError(badData))
    }

    /// Where the chunk `type` starts (its length field) and ends (after its CRC).
    private func findChunk(_ type: String, in png: [UInt8]) -> (start: Int, end: Int)? {
        var i = 8
        while i + 12 <= png.count {
            let length = png[i..<i + 4].reduce(0) { $0 << 8 | Int($1) }
            if String(decoding: png[(i + 4)..<(i + 8)], as: UTF8.self) == type { return (i, i + 12 + length) }
            i += 12 + length
        }
        return nil
    }

    func testTruncationAtEveryByteIsRefused() {
        let png = smallColorPNG
        var failures: [String] = []
        for cut in 0..<png.count {
            guard let message = decodeError(Array(png[0..<cut])) else {
                failures.append("cut at \(cut): decoded")
                continue
            }
            let expected = cut == 0 ? "not a PNG file (no data)" : "truncated PNG data"
            if message != expected { failures.append("cut at \(cut): \(message)") }
        }
        XCTAssert(failures.isEmpty, failures.joined(separator: "\n"))
    }

    func testEveryByteFlippedNeverCrashes() throws {
        // Each byte of the file damaged in turn: refused, or (only where the damage is in the
        // ancillary gAMA chunk, whose CRC then fails and which is dropped) decoded as the original.
        let png = smallColorPNG
        let original = try PNG.decode(png)
        let gama = findChunk("gAMA", in: png)!
        let start = Date()
        var unexpected: [String] = []
        for i in 0..<png.count {
            for mask: UInt8 in [0xFF, 0x01, 0x80] {
                var damaged = png
                damaged[i] ^= mask
                guard let p = try? PNG.decode(damaged) else { continue }
                if !(gama.start + 4..<gama.end).contains(i) || p != original {
                    unexpected.append("byte \(i) ^ \(mask) decoded")
                }
            }
        }
        XCTAssert(unexpected.isEmpty, unexpected.joined(separator: "; "))
        XCTAssertLessThan(Date().timeIntervalSince(start), 10)
    }

    func testInvalidHeadersAndChunkOrdersAreRefused() {
        let row = PNGForge.chunk("IDAT", PNGForge.zlibStored([0, 0, 0]))
        let plte = PNGForge.chunk("PLTE", [1, 2, 3])
        let cases: [(String, [UInt8])] = [
            ("bit depth 3", PNGForge.file([PNGForge.ihdr(2, 1, depth: 3), row, PNGForge.iend])),
            ("RGB at 4 bits", PNGForge.file([PNGForge.ihdr(2, 1, depth: 4, color: 2), row, PNGForge.iend])),
            ("color type 1", PNGForge.file([PNGForge.ihdr(2, 1, color: 1), row, PNGForge.iend])),
            ("color type 7", PNGForge.file([PNGForge.ihdr(2, 1, color: 7), row, PNGForge.iend])),
            (
                "palette at 16 bits",
                PNGForge.file([PNGForge.ihdr(2, 1, depth: 16, color: 3), plte, row, PNGForge.iend])
            ),
            ("interlace method 2", PNGForge.file([PNGForge.ihdr(2, 1, interlace: 2), row, PNGForge.iend])),
            ("compression method 1", PNGForge.file([PNGForge.ihdr(2, 1, compression: 1), row, PNGForge.iend])),
            ("filter method 1", PNGForge.file([PNGForge.ihdr(2, 1, filter: 1), row, PNGForge.iend])),
            ("width 0", PNGForge.file([PNGForge.ihdr(0, 1), row, PNGForge.iend])),
            ("height 0", PNGForge.file([PNGForge.ihdr(2, 0), row, PNGForge.iend])),
            ("width 2^31", PNGForge.file([PNGForge.ihdr(1 << 31, 1), row, PNGForge.iend])),
            (
                "IHDR of 12 bytes",
                PNGForge.file([
                    PNGForge.chunk("IHDR", PNGForge.be32(2) + PNGForge.be32(1) + [8, 0, 0, 0]), row, PNGForge.iend,
                ])
            ),
            ("IDAT before IHDR", PNGForge.file([row, PNGForge.ihdr(2, 1), PNGForge.iend])),
            ("two IHDRs", PNGForge.file([PNGForge.ihdr(2, 1), PNGForge.ihdr(2, 1), row, PNGForge.iend])),
            ("no IDAT", PNGForge.file([PNGForge.ihdr(2, 1), PNGForge.iend])),
            ("palette image without PLTE", PNGForge.file([PNGForge.ihdr(2, 1, color: 3), row, PNGForge.iend])),
            (
                "PLTE of 257 entries",
                PNGForge.file([
                    PNGForge.ihdr(2, 1, color: 3), PNGForge.chunk("PLTE", [UInt8](repeating: 9, count: 771)), row,
                    PNGForge.iend,
                ])
            ),
            (
                "PLTE not a multiple of 3",
                PNGForge.file([
                    PNGForge.ihdr(2, 1, color: 3), PNGForge.chunk("PLTE", [1, 2, 3, 4]), row, PNGForge.iend,
                ])
            ),
            (
                "unknown critical chunk",
                PNGForge.file([PNGForge.ihdr(2, 1), PNGForge.chunk("TEST", [1]), row, PNGForge.iend])
            ),
            (
                "filter type 5",
                PNGForge.file([
                    PNGForge.ihdr(2, 1), PNGForge.chunk("IDAT", PNGForge.zlibStored([5, 0, 0])), PNGForge.iend,
                ])
            ),
            ("too little image data", PNGForge.file([PNGForge.ihdr(2, 2), row, PNGForge.iend])),
            (
                "a chunk length of 2^31",
                PNGForge.file([PNGForge.ihdr(2, 1)]) + PNGForge.be32(1 << 31) + Array("tEXt".utf8) + [0, 0, 0, 0]
            ),
            (
                "a 100 MB tEXt in a short file",
                PNGForge.file([PNGForge.ihdr(2, 1)]) + PNGForge.be32(100_000_000) + Array("tEXt".utf8) + [1, 2, 3]
            ),
            (
                "not zlib",
                PNGForge.file([PNGForge.ihdr(2, 1), PNGForge.chunk("IDAT", [0xFF, 0xFF, 0, 0, 0]), PNGForge.iend])
            ),
        ]
        for (name, png) in cases {
            let start = Date()
            XCTAssertNotNil(decodeError(png), name)
            XCTAssertLessThan(Date().timeIntervalSince(start), 0.5, name)
        }
    }

    func testPaletteIndexBeyondThePaletteIsDecodedOrRefusedNotRead() {
        // Index 3 of a 2-entry palette: libpng keeps a zeroed 256-entry palette, so it is opaque black;
        // anything but reading past the PLTE is acceptable.
        let png = PNGForge.png(
            width: 4, height: 1, depth: 2, color: 3, before: [PNGForge.chunk("PLTE", [10, 20, 30, 40, 50, 60])]
        ) { x, _ in [x] }
        if let p = try? PNG.decode(png) {
            XCTAssertEqual(Array(p.bytes[0..<8]), [10, 20, 30, 255, 40, 50, 60, 255])
            XCTAssertEqual(Array(p.bytes[8..<16]), [0, 0, 0, 255, 0, 0, 0, 255])
        }
    }

    // MARK: - Bombs

    func testHugeIHDRIsRefusedWithoutReadingFurther() {
        for (width, height) in [(60000, 60000), (65536, 65536), (0x7FFF_FFFF, 0x7FFF_FFFF), (100_001, 1000)] {
            let png = PNGForge.file([
                PNGForge.ihdr(UInt32(width), UInt32(height), depth: 16, color: 6),
                PNGForge.chunk("IDAT", PNGForge.zlibZeros(1 << 20)), PNGForge.iend,
            ])
            let start = Date()
            XCTAssertEqual(decodeError(png), "image is \(width)×\(height) pixels, more than the limit of 100000000")
            XCTAssertLessThan(Date().timeIntervalSince(start), 0.5)
        }
    }

    /// 1000×1000 gray, whose IDAT goes on to inflate to 4 GiB of zeros: 4.2 MB on disk.
    static func inflatingBomb() -> [UInt8] {
        PNGForge.file([PNGForge.ihdr(1000, 1000), PNGForge.chunk("IDAT", PNGForge.zlibZeros(4 << 30)), PNGForge.iend])
    }

    func testIDATThatInflatesToGigabytesIsRefusedQuickly() {
        let bomb = PNGHostileTests.inflatingBomb()
        XCTAssertLessThan(bomb.count, 4_300_000)
        let start = Date()
        let message = decodeError(bomb)
        let seconds = Date().timeIntervalSince(start)
        XCTAssertEqual(
            message, "IDAT: the compressed data inflates to more than the 1001000 bytes a 1000×1000 image needs")
        XCTAssertLessThan(seconds, 1, "inflating 4 GiB takes seconds; the decoder must stop long before")

        // The same stream behind an IHDR that would need it all: refused from the IHDR.
        let honest = PNGForge.file([
            PNGForge.ihdr(65536, 65535), PNGForge.chunk("IDAT", PNGForge.zlibZeros(4 << 30)), PNGForge.iend,
        ])
        XCTAssertEqual(decodeError(honest), "image is 65536×65535 pixels, more than the limit of 100000000")
    }

    func testZTXtAndICCPBombsAreNotInflated() {
        // A 1 MB chunk that inflates to 1 GiB: libpng stops at its ancillary-chunk memory limit.
        let stream = PNGForge.zlibZeros(1 << 30)
        for chunk in [
            PNGForge.chunk("zTXt", Array("Comment".utf8) + [0, 0] + stream),
            PNGForge.chunk("iCCP", Array("bomb".utf8) + [0, 0] + stream),
            PNGForge.chunk("iTXt", Array("Comment".utf8) + [0, 1, 0, 0, 0] + stream),
        ] {
            let png = PNGForge.png(width: 2, height: 2, before: [chunk]) { x, y in [x + y] }
            let start = Date()
            _ = try? PNG.decode(png)
            XCTAssertLessThan(Date().timeIntervalSince(start), 1, String(decoding: chunk[4..<8], as: UTF8.self))
        }
    }

    func testThousandsOfAncillaryChunksDecodeQuickly() {
        let texts = (0..<5000).map { PNGForge.chunk("tEXt", Array("Comment\0number \($0)".utf8)) }
        let png = PNGForge.png(width: 2, height: 2, before: texts) { x, _ in [x * 255] }
        let start = Date()
        assertPixels(png, width: 2, height: 2) { x, _ in x == 0 ? [0, 0, 0, 255] : [255, 255, 255, 255] }
        XCTAssertLessThan(Date().timeIntervalSince(start), 2)
    }

    func testDevicesAndFoldersAreNotRead() {
        for path in ["/dev/zero", "/dev/urandom", "/dev/null"] {
            let start = Date()
            XCTAssertThrowsError(try PNG.decode(contentsOf: path)) { error in
                XCTAssertEqual(
                    (error as? PNGError)?.message,
                    "\(path): is a device, not a PNG file (devices are never read: they may not end)")
            }
            XCTAssertLessThan(Date().timeIntervalSince(start), 0.5)
        }
        XCTAssertThrowsError(try PNG.decode(contentsOf: "/tmp")) { error in
            XCTAssertEqual((error as? PNGError)?.message, "/tmp: is a folder, not a PNG file")
        }
    }

    func testFileLargerThanThePixelLimitAllowsIsNotRead() throws {
        let folder = try HostileInput.scratchFolder("PNGHostileTests")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("huge.png").path
        _ = FileManager.default.createFile(atPath: path, contents: Data(PNGForge.file([PNGForge.ihdr(2, 2)])))
        XCTAssertEqual(truncate(path, off_t(PNG.maxFileBytes(maxPixels: 1000) + 1)), 0)  // sparse
        XCTAssertThrowsError(try PNG.decode(contentsOf: path, maxPixels: 1000)) { error in
            XCTAssertEqual(
                (error as? PNGError)?.message,
                "\(path): file is \(PNG.maxFileBytes(maxPixels: 1000) + 1) bytes, more than any PNG within the pixel limit needs (\(PNG.maxFileBytes(maxPixels: 1000)))"
            )
        }
    }

    // MARK: - Files, decoded as their bytes arrive

    /// A file decodes to what its bytes decode to: interlaced, palette, 16-bit, split IDAT, ancillary
    /// chunks before and after.
    func testAFileDecodesAsItsBytesDo() throws {
        let folder = try HostileInput.scratchFolder("PNGHostileTests")
        defer { try? FileManager.default.removeItem(at: folder) }
        let texts = (0..<50).map { PNGForge.chunk("tEXt", Array("Comment\0note \($0)".utf8)) }
        let files: [[UInt8]] = [
            PNGForge.png(width: 33, height: 17, color: 6, interlaced: true, before: texts) { x, y in
                [x * 7, y * 15, 99, 200]
            },
            PNGForge.png(width: 5, height: 3, depth: 16, color: 2, filters: [1, 2, 3, 4]) { x, y in
                [x * 9000, y * 20000, 65535]
            },
            PNGForge.file([
                PNGForge.ihdr(3, 2), PNGForge.chunk("IDAT", []),
                PNGForge.chunk("IDAT", PNGForge.zlibStored([0, 1, 2, 3, 0, 4, 5, 6])),
                PNGForge.chunk("tEXt", Array("a\0b".utf8)),
                PNGForge.iend,
            ]),
        ]
        for (k, bytes) in files.enumerated() {
            let path = folder.appendingPathComponent("\(k).png").path
            _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
            XCTAssertEqual(try PNG.decode(contentsOf: path), try PNG.decode(bytes), "file \(k)")
        }
        // Truncated anywhere: refused as the bytes are, the message naming the file.
        let whole = files[0]
        for cut in stride(from: 1, to: whole.count - 12, by: max(1, whole.count / 40)) {
            let path = folder.appendingPathComponent("cut.png").path
            _ = FileManager.default.createFile(atPath: path, contents: Data(whole[0..<cut]))
            let expected = decodeError(Array(whole[0..<cut]))
            XCTAssertThrowsError(try PNG.decode(contentsOf: path), "cut at \(cut)") { error in
                XCTAssertEqual((error as? PNGError)?.message, expected.map { "\(path): \($0)" }, "cut at \(cut)")
            }
        }
    }

    /// No PNG at all: refused after its first bytes, however long the file (a /proc file reports no
    /// size and goes on for gigabytes; it was once read to its 867 MB limit first).
    func testAFileThatIsNoPNGIsRefusedAfterItsFirstBytes() {
        let start = Date()
        XCTAssertThrowsError(try PNG.decode(contentsOf: "/proc/self/pagemap")) { error in
            XCTAssertEqual((error as? PNGError)?.message, "/proc/self/pagemap: not a PNG file (bad signature)")
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 0.5)
    }

    /// A PNG from a pipe that never ends is read up to what its own image may need, never held whole:
    /// refused within a second, the memory no more than its pixels and a buffer.
    func testAPNGThatNeverEndsIsRefusedWithinItsImagesBudget() throws {
        let folder = try HostileInput.scratchFolder("PNGHostileTests")
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("endless.png").path
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        // A 2×2 image, then private ancillary chunks of 1 MiB each that libpng skips, without end.
        let head = PNGForge.signature + PNGForge.ihdr(2, 2)
        let filler = PNGForge.chunk("prIv", [UInt8](repeating: 7, count: 1 << 20))
        // The decoder must find the writer there: a FIFO opened before its writer reads as empty. A read
        // end of the test's own lets the writer open first; it reads nothing.
        let held = open(fifo, O_RDONLY | O_NONBLOCK)
        XCTAssertGreaterThanOrEqual(held, 0)
        defer { close(held) }
        let writerOpened = DispatchSemaphore(value: 0)
        let writer = Thread {
            let fd = open(fifo, O_WRONLY)
            writerOpened.signal()
            guard fd >= 0 else { return }
            signal(SIGPIPE, SIG_IGN)
            var ok = head.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) } > 0
            while ok { ok = filler.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) } > 0 }
            close(fd)
        }
        writer.start()
        writerOpened.wait()
        let before = residentPeak(reset: true)
        let start = Date()
        XCTAssertThrowsError(try PNG.decode(contentsOf: fifo)) { error in
            XCTAssertEqual(
                (error as? PNGError)?.message, "\(fifo): file goes on past the bytes any PNG of its size needs")
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 5)
        if let before, let after = residentPeak() {
            XCTAssertLessThan(
                after - before, 32 << 20, "the file's \(PNG.maxFileBytes(maxPixels: 4) >> 20) MiB were held")
        }
        for _ in 0..<500 where !writer.isFinished { usleep(2_000) }
    }

    /// After the last row, IDAT data that goes on is refused rather than inflated (a 4 MB file can hold
    /// 4 GiB of zeros, which libpng's end would inflate).
    func testAFileWhoseIDATGoesOnPastItsRowsIsRefusedQuickly() throws {
        let folder = try HostileInput.scratchFolder("PNGHostileTests")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("inflates.png").path
        _ = FileManager.default.createFile(atPath: path, contents: Data(PNGHostileTests.inflatingBomb()))
        let start = Date()
        XCTAssertThrowsError(try PNG.decode(contentsOf: path)) { error in
            XCTAssertEqual(
                (error as? PNGError)?.message, "\(path): IDAT: the compressed data goes on past what the image needs")
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 2)
    }

    /// The process's peak resident memory in bytes (VmHWM), after resetting it to the current
    /// resident size when `reset` is set; nil where Linux's /proc does not offer that.
    private func residentPeak(reset: Bool = false) -> Int? {
        if reset {
            guard let clear = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return nil }
            defer { try? clear.close() }
            guard (try? clear.write(contentsOf: Data("5".utf8))) != nil else { return nil }
        }
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kB = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
        else { return nil }
        return kB * 1024
    }

    func testDecodingNeedsThePixelMemoryOnce() throws {
        // 7000×7000 gray from a 48 KB file: 196 MB of premultiplied pixels. Decoding into a buffer of
        // its own and copying that into the pixmap would peak at twice that.
        let png = PNGForge.file([
            PNGForge.ihdr(7000, 7000), PNGForge.chunk("IDAT", PNGForge.zlibZeros(7000 * 7001)), PNGForge.iend,
        ])
        guard let before = residentPeak(reset: true) else { throw XCTSkip("no /proc/self/clear_refs to measure with") }
        let pixmap = try PNG.decode(png)
        let peak = try XCTUnwrap(residentPeak()) - before
        XCTAssertEqual(pixmap.bytes.count, 196_000_000)
        XCTAssertEqual(pixmap.bytes[pixmap.bytes.count - 1], 255)
        XCTAssertLessThan(peak, 196_000_000 * 5 / 4, "peak \(peak / 1_000_000) MB for 196 MB of pixels")
    }

    // MARK: - Through the command line

    func testSceneWithABombImageExits2NamingFilePathAndReason() throws {
        let folder = try HostileInput.scratchFolder("PNGHostileTests")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(PNGHostileTests.inflatingBomb()).write(to: folder.appendingPathComponent("inflates.png"))
        try Data(
            PNGForge.file([
                PNGForge.ihdr(60000, 60000, color: 6), PNGForge.chunk("IDAT", PNGForge.zlibZeros(1 << 24)),
                PNGForge.iend,
            ])
        )
        .write(to: folder.appendingPathComponent("huge.png"))
        let cases: [(scene: String, flag: String, path: String, reason: String)] = [
            (
                #"{"width": 20, "height": 10, "content": {"image": "inflates.png", "contentMode": "fit"}}"#, "--stroke",
                "content.image",
                #"cannot use image "inflates.png": "# + folder.path
                    + "/inflates.png: IDAT: the compressed data goes on past what the image needs"
            ),
            (
                #"{"width": 20, "height": 10, "cover": {"image": "huge.png"}}"#, "--stroke",
                "cover.image", "huge.png: image is 60000×60000 pixels, more than the limit of 100000000"
            ),
            (
                #"{"width": 20, "height": 10, "revealed": {"image": "inflates.png", "opacity": 0.5}}"#, "--circle",
                "revealed.image", "inflates.png: IDAT: the compressed data goes on past what the image needs"
            ),
        ]
        for (index, c) in cases.enumerated() {
            let scene = folder.appendingPathComponent("scene-\(index).json")
            try Data(c.scene.utf8).write(to: scene)
            let out = folder.appendingPathComponent("out-\(index)")
            let run = try HostileInput.run([c.flag, scene.path, "--out", out.path], scratch: folder)
            let problems = HostileInput.problems(run, file: scene.path, path: c.path, reason: c.reason, out: out)
            XCTAssert(problems.isEmpty, "scene \(index): " + problems.joined(separator: "; "))
            XCTAssertLessThan(run.seconds, 3, "scene \(index)")
        }
    }
}
