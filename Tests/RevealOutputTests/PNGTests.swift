import Foundation
import RevealTestSupport
import XCTest

@testable import RevealRender

final class PNGTests: XCTestCase {
    // MARK: - Helpers

    /// A deterministic pseudo-random premultiplied pixmap whose alphas include 0, 1, 255 and everything between.
    private func variedPixmap(width: Int = 37, height: Int = 23) throws -> Pixmap {
        var state: UInt32 = 0x1234_5678
        func next() -> UInt32 {
            state = state &* 1_664_525 &+ 1_013_904_223
            return state >> 8
        }
        var bytes: [UInt8] = []
        for i in 0..<(width * height) {
            let a: UInt32
            switch i % 6 {
            case 0: a = 255
            case 1: a = 0
            case 2: a = 1 + next() % 3
            default: a = next() % 256
            }
            for _ in 0..<3 { bytes.append(UInt8(next() % (a + 1))) }
            bytes.append(UInt8(a))
        }
        return try Pixmap(width: width, height: height, premultipliedBytes: bytes)
    }

    /// A smooth opaque gradient: compresses well, so the compression level shows.
    private func opaqueGradient(width: Int = 64, height: Int = 48) throws -> Pixmap {
        var p = try Pixmap(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                p[x, y] = PremultipliedRGBA8(r: UInt8(x * 4), g: UInt8(y * 5), b: UInt8((x + y) % 256), a: 255)
            }
        }
        return p
    }

    /// The chunks of a PNG file as (type, data), verified against nothing but the length fields.
    private func chunks(_ png: [UInt8]) -> [(type: String, data: [UInt8])] {
        var result: [(String, [UInt8])] = []
        var i = 8
        while i + 12 <= png.count {
            let length = Int(png[i]) << 24 | Int(png[i + 1]) << 16 | Int(png[i + 2]) << 8 | Int(png[i + 3])
            let type = String(decoding: png[(i + 4)..<(i + 8)], as: UTF8.self)
            guard i + 12 + length <= png.count else { break }
            result.append((type, Array(png[(i + 8)..<(i + 8 + length)])))
            i += 12 + length
        }
        return result
    }

    /// The concatenated IDAT payload of a level-0 PNG, unpacked from zlib's stored (uncompressed) blocks.
    private func storedPayload(_ png: [UInt8]) throws -> [UInt8] {
        let stream = chunks(png).filter { $0.type == "IDAT" }.flatMap(\.data)
        XCTAssertEqual(stream.first.map { $0 & 0x0F }, 8, "zlib header: deflate")
        var out: [UInt8] = []
        var i = 2
        while i + 5 <= stream.count {
            let header = stream[i]
            guard header & 0b110 == 0 else {
                XCTFail("block at \(i) is not stored")
                return out
            }
            let length = Int(stream[i + 1]) | Int(stream[i + 2]) << 8
            let check = Int(stream[i + 3]) | Int(stream[i + 4]) << 8
            XCTAssertEqual(length ^ 0xFFFF, check)
            out += stream[(i + 5)..<(i + 5 + length)]
            i += 5 + length
            if header & 1 == 1 { break }
        }
        return out
    }

    private func decodeError(_ bytes: [UInt8], maxPixels: Int = 100_000_000) -> PNGError? {
        do {
            _ = try PNG.decode(bytes, maxPixels: maxPixels)
            return nil
        } catch {
            return error
        }
    }

    private func fixture(_ base64: String) -> [UInt8] {
        [UInt8](Data(base64Encoded: base64)!)
    }

    // MARK: - Encoding

    func testRoundTripWithVariedAlpha() throws {
        let original = try variedPixmap()
        let decoded = try PNG.decode(PNG.encode(original))
        XCTAssertEqual(decoded.width, original.width)
        XCTAssertEqual(decoded.height, original.height)
        for i in stride(from: 0, to: original.bytes.count, by: 4) {
            let a = Double(original.bytes[i + 3])
            XCTAssertEqual(decoded.bytes[i + 3], original.bytes[i + 3], "alpha at byte \(i)")
            for c in 0..<3 {
                let premultiplied = Double(original.bytes[i + c])
                let got = decoded.bytes[i + c]
                if a == 255 {
                    XCTAssertEqual(got, original.bytes[i + c], "opaque pixel must be exact at byte \(i + c)")
                } else if a == 0 {
                    XCTAssertEqual(got, 0, "transparent pixel must be zero at byte \(i + c)")
                } else {
                    // Straight value rounded half up and clamped, then premultiplied rounded to nearest.
                    let straight = min(255, (premultiplied * 255 / a + 0.5).rounded(.down))
                    let expected = UInt8((straight * a / 255).rounded(.toNearestOrAwayFromZero))
                    XCTAssertEqual(got, expected, "pixel byte \(i + c): premultiplied \(premultiplied), alpha \(a)")
                }
            }
        }
        // Premultiplied → straight → premultiplied is lossless for valid input: the straight value is off by
        // at most 0.5, which moves the premultiplied one by at most 0.5 * a / 255 < 0.5 before rounding.
        XCTAssertEqual(decoded, original)
    }

    func testOpaqueImageIsRGBAndExact() throws {
        let image = try opaqueGradient()
        let png = try PNG.encode(image)
        XCTAssertEqual(Array(png[0..<8]), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        XCTAssertEqual(png[24], 8, "bit depth")
        XCTAssertEqual(png[25], 2, "color type RGB")
        XCTAssertEqual(try PNG.decode(png), image)
    }

    func testTranslucentImageIsRGBA() throws {
        var image = try opaqueGradient()
        image[5, 7] = PremultipliedRGBA8(r: 10, g: 20, b: 30, a: 254)
        let png = try PNG.encode(image)
        XCTAssertEqual(png[24], 8, "bit depth")
        XCTAssertEqual(png[25], 6, "color type RGBA")
    }

    func testStraightAlphaIsWrittenDemultiplied() throws {
        // Premultiplied (64, 32, 0, 128) is straight (128, 64, 0): (64*255 + 64) / 128 = 128, (32*255 + 64) / 128 = 64.
        // Level 0 stores the data uncompressed, so the filtered row can be read from the IDAT.
        let image = try Pixmap(width: 1, height: 1, premultipliedBytes: [64, 32, 0, 128])
        let png = try PNG.encode(image, options: .init(compressionLevel: 0))
        let idat = try XCTUnwrap(chunks(png).first { $0.type == "IDAT" }).data
        // zlib header (2) + stored block header (5), then filter byte 0 and the pixel.
        XCTAssertEqual(Array(idat[7..<12]), [0, 128, 64, 0, 128])
    }

    func testEveryStoredRowIsStraightAlpha() throws {
        // At level 0 with no filter the IDAT holds the rows as written; check them against the formula.
        let image = try variedPixmap()
        let png = try PNG.encode(image, options: .init(compressionLevel: 0, filter: .none))
        XCTAssertEqual(png[25], 6)
        let raw = try storedPayload(png)
        let rowLength = 1 + image.width * 4
        XCTAssertEqual(raw.count, rowLength * image.height)
        for y in 0..<image.height {
            XCTAssertEqual(raw[y * rowLength], 0, "filter byte of row \(y)")
            for x in 0..<image.width {
                let p = image[x, y]
                let a = Double(p.a)
                func straight(_ c: UInt8) -> UInt8 {
                    a == 0 ? 0 : UInt8(min(255, (Double(c) * 255 / a + 0.5).rounded(.down)))
                }
                let at = y * rowLength + 1 + x * 4
                XCTAssertEqual(
                    Array(raw[at..<(at + 4)]), [straight(p.r), straight(p.g), straight(p.b), p.a], "pixel \(x),\(y)")
            }
        }
    }

    func testChannelAboveAlphaIsClampedNotWrapped() throws {
        // 150 > alpha 100: (150*255 + 50) / 100 = 383 would wrap to 127 in a byte; it must clamp to 255.
        let image = try Pixmap(width: 1, height: 1, premultipliedBytes: [150, 50, 0, 100])
        let decoded = try PNG.decode(PNG.encode(image))
        XCTAssertEqual(decoded.bytes, [100, 50, 0, 100])
    }

    func testSRGBChunkPresentAndNoTimeOrText() throws {
        let png = try PNG.encode(try variedPixmap())
        let list = chunks(png)
        let types = list.map(\.type)
        XCTAssertEqual(types.first, "IHDR")
        XCTAssertEqual(types.last, "IEND")
        let srgb = try XCTUnwrap(list.first { $0.type == "sRGB" })
        XCTAssertEqual(srgb.data, [0], "perceptual rendering intent")
        XCTAssertLessThan(types.firstIndex(of: "sRGB")!, types.firstIndex(of: "IDAT")!)
        for forbidden in ["tIME", "tEXt", "zTXt", "iTXt", "pHYs"] {
            XCTAssertFalse(types.contains(forbidden), "\(forbidden) must not be written")
        }
    }

    func testPHYsChunkWhenRequested() throws {
        // 2× scale: round(72 * 2 / 0.0254) = 5669 = 0x1625 pixels per meter.
        let ppm = UInt32((72.0 * 2 / 0.0254).rounded())
        let png = try PNG.encode(try opaqueGradient(), options: .init(pixelsPerMeter: ppm))
        let phys = try XCTUnwrap(chunks(png).first { $0.type == "pHYs" })
        XCTAssertEqual(phys.data, [0x00, 0x00, 0x16, 0x25, 0x00, 0x00, 0x16, 0x25, 0x01])
    }

    func testEncodingIsDeterministic() throws {
        let first = try PNG.encode(try variedPixmap())
        let second = try PNG.encode(try variedPixmap())
        XCTAssertEqual(first, second)
        XCTAssertNotEqual(first, try PNG.encode(try variedPixmap(width: 37, height: 22)))
    }

    func testCompressionLevelChangesSize() throws {
        // 8×8 tiles in four colors: very compressible.
        var image = try Pixmap(width: 64, height: 48)
        let colors = [
            PremultipliedRGBA8(r: 255, g: 45, b: 85, a: 255), PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255),
            PremultipliedRGBA8(r: 10, g: 200, b: 30, a: 255), PremultipliedRGBA8(r: 1, g: 2, b: 3, a: 255),
        ]
        for y in 0..<48 {
            for x in 0..<64 { image[x, y] = colors[(x / 8 + y / 8 * 3) % 4] }
        }
        let stored = try PNG.encode(image, options: .init(compressionLevel: 0))
        let fast = try PNG.encode(image, options: .init(compressionLevel: 1))
        let best = try PNG.encode(image, options: .init(compressionLevel: 9))
        // Level 0 stores raw rows: at least 3 * 64 * 48 bytes of pixels.
        XCTAssertGreaterThan(stored.count, 3 * 64 * 48)
        XCTAssertLessThan(best.count, stored.count / 10)
        XCTAssertNotEqual(fast, best)
        XCTAssertEqual(try PNG.decode(stored), image)
    }

    func testEveryFilterAndStrategyRoundTrips() throws {
        let image = try opaqueGradient()
        let filters: [PNGFilter] = [.none, .sub, .up, .average, .paeth, .adaptive]
        let strategies: [PNGStrategy] = [.default, .filtered, .huffmanOnly, .rle, .fixed, .rows]
        var outputs: [String: [UInt8]] = [:]
        for filter in filters {
            for strategy in strategies {
                let png = try PNG.encode(image, options: .init(filter: filter, strategy: strategy))
                XCTAssertEqual(try PNG.decode(png), image, "\(filter) \(strategy)")
                outputs["\(filter) \(strategy)"] = png
            }
        }
        // The options must actually reach the filters and zlib.
        for filter in filters.dropFirst() {
            XCTAssertNotEqual(outputs["none default"], outputs["\(filter) default"], "\(filter)")
        }
        for strategy in [PNGStrategy.huffmanOnly, .rle, .fixed, .rows] {
            XCTAssertNotEqual(outputs["paeth default"], outputs["paeth \(strategy)"], "\(strategy)")
        }
    }

    func testInvalidCompressionLevelThrows() throws {
        let image = try opaqueGradient()
        XCTAssertThrowsError(try PNG.encode(image, options: .init(compressionLevel: 10))) { error in
            XCTAssertEqual(error as? PNGError, PNGError(message: "compression level 10 is outside 0...9"))
        }
        XCTAssertThrowsError(try PNG.encode(image, options: .init(compressionLevel: -1)))
    }

    func testPixmapWithWrongByteCountThrows() throws {
        var image = try Pixmap(width: 2, height: 2)
        image.bytes.removeLast()
        XCTAssertThrowsError(try PNG.encode(image)) { error in
            XCTAssertEqual((error as? PNGError)?.message, "pixel buffer holds 15 bytes, but a 2×2 image needs 16")
        }
    }

    // MARK: - Decoding errors

    func testEmptyDataIsRejected() {
        XCTAssertEqual(decodeError([])?.message, "not a PNG file (no data)")
    }

    func testWrongSignatureIsRejected() {
        let gif = Array("GIF89a\u{1}\0\u{1}\0\0\0\0".utf8)
        XCTAssertEqual(decodeError(gif)?.message, "not a PNG file (bad signature)")
        // A PNG whose CRLF went through a newline conversion.
        var mangled = fixture(Fixtures.gray8)
        mangled.remove(at: 4)
        XCTAssertEqual(decodeError(mangled)?.message, "not a PNG file (bad signature)")
    }

    func testTruncatedDataIsRejectedAtEveryCut() throws {
        let png = try PNG.encode(try variedPixmap())
        let idatStart = 8 + 25 + 13  // signature, IHDR, sRGB
        let cuts = [
            1, 7, 8, 12, 20, 32, 33, idatStart + 4, idatStart + 100, png.count / 2, png.count - 12, png.count - 1,
        ]
        for cut in cuts {
            XCTAssertEqual(
                decodeError(Array(png[0..<cut]))?.message, "truncated PNG data", "cut at \(cut) of \(png.count)")
        }
        XCTAssertNil(decodeError(png))
    }

    func testCorruptedCRCIsRejected() throws {
        let png = try PNG.encode(try opaqueGradient())
        var badHeader = png
        badHeader[29] ^= 0x01  // first byte of the IHDR CRC
        XCTAssertEqual(decodeError(badHeader)?.message, "IHDR: CRC error")

        var badData = png
        badData[png.count - 16] ^= 0x40  // first byte of the IDAT CRC (IEND is the last 12 bytes)
        XCTAssertEqual(decodeError(badData)?.message, "IDAT: CRC error")

        var badPixels = png
        badPixels[png.count - 20] ^= 0x40  // zlib's own Adler-32 check, just before the IDAT CRC
        XCTAssertNotNil(decodeError(badPixels))
    }

    func testHugeIHDRIsRefusedBeforeAllocating() {
        let expected = "image is 100000×100000 pixels, more than the limit of 100000000"
        for data in [Fixtures.hugeIHDR, Fixtures.hugeIHDROnly] {
            let start = Date()
            XCTAssertEqual(decodeError(fixture(data))?.message, expected)
            XCTAssertLessThan(Date().timeIntervalSince(start), 0.5)
        }
    }

    func testPixelLimitIsTheCallers() throws {
        XCTAssertEqual(
            decodeError(fixture(Fixtures.gray8), maxPixels: 11)?.message,
            "image is 4×3 pixels, more than the limit of 11")
        XCTAssertEqual(try PNG.decode(fixture(Fixtures.gray8), maxPixels: 12).width, 4)
    }

    func testSideLongerThanPixmapMaximumIsRefused() throws {
        // 70000×1 gray, hand-built: fits the pixel limit but not Pixmap.maxSide (65536).
        var png = fixture(Fixtures.gray8)
        png.replaceSubrange(16..<24, with: [0x00, 0x01, 0x11, 0x70, 0x00, 0x00, 0x00, 0x01])
        XCTAssertEqual(decodeError(png)?.message, "image is 70000×1 pixels, but a side may be at most 65536")
    }

    // MARK: - Decoding other PNG flavours (expected values worked out by hand)

    func testDecodesGray8() throws {
        let p = try PNG.decode(fixture(Fixtures.gray8))
        XCTAssertEqual(p.width, 4)
        XCTAssertEqual(p.height, 3)
        let grays: [UInt8] = [0, 85, 170, 255, 1, 2, 3, 4, 128, 64, 32, 16]
        XCTAssertEqual(p.bytes, grays.flatMap { [$0, $0, $0, 255] })
    }

    func testDecodesGrayAlpha8() throws {
        // (200, a 255), (200, a 128) → 200*128/255 = 100.4, (77, a 0).
        let p = try PNG.decode(fixture(Fixtures.grayAlpha8))
        XCTAssertEqual(p.width, 3)
        XCTAssertEqual(p.bytes, [200, 200, 200, 255, 100, 100, 100, 128, 0, 0, 0, 0])
    }

    func testDecodesTwoBitPaletteWithShortTRNS() throws {
        // Palette: red a 0, green a 128 (255*128/255 = 128), blue a 255, (200,100,50) opaque (no tRNS entry).
        let p = try PNG.decode(fixture(Fixtures.palette2TRNS))
        XCTAssertEqual(p.width, 4)
        XCTAssertEqual(p.height, 3)
        let clear: [UInt8] = [0, 0, 0, 0]
        let green: [UInt8] = [0, 128, 0, 128]
        let blue: [UInt8] = [0, 0, 255, 255]
        let brown: [UInt8] = [200, 100, 50, 255]
        let expected = [
            clear, green, blue, brown,
            brown, blue, green, clear,
            green, green, brown, brown,
        ].flatMap { $0 }
        XCTAssertEqual(p.bytes, expected)
    }

    func testDecodes16BitRGBAWithRounding() throws {
        // v/257 rounded: 0x10F0 → 16.87 → 17 (taking the high byte would give 16), 0x7F00 → 126.5 → 127,
        // 0x00FF → 1, 0x8000 → 127.5 → 128, 0x0101 → 1. Then premultiplied:
        // (128, 127, 1) at a 128 → (64.3, 63.8, 0.5) → (64, 64, 1); (255, 128, 0) at a 1 → (1, 0.5, 0) → (1, 1, 0).
        let p = try PNG.decode(fixture(Fixtures.rgba16))
        XCTAssertEqual(p.width, 2)
        XCTAssertEqual(p.height, 2)
        XCTAssertEqual(
            p.bytes,
            [
                255, 0, 17, 255, 64, 64, 1, 128,
                0, 0, 0, 0, 1, 1, 0, 1,
            ])
    }

    func testDecodesAdam7Interlaced() throws {
        // Pixel (x, y) = (10 + 60x, 5 + 100y, 7x + 3y), opaque; passes 2 and 3 are empty at 4×3.
        let p = try PNG.decode(fixture(Fixtures.interlacedRGB))
        XCTAssertEqual(p.width, 4)
        XCTAssertEqual(p.height, 3)
        XCTAssertEqual(
            p.bytes,
            [
                10, 5, 0, 255, 70, 5, 7, 255, 130, 5, 14, 255, 190, 5, 21, 255,
                10, 105, 3, 255, 70, 105, 10, 255, 130, 105, 17, 255, 190, 105, 24, 255,
                10, 205, 6, 255, 70, 205, 13, 255, 130, 205, 20, 255, 190, 205, 27, 255,
            ])
    }

    // MARK: - Files

    func testDecodeContentsOfFile() throws {
        let path = NSTemporaryDirectory() + "png-tests-\(getpid()).png"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let image = try variedPixmap()
        try Data(PNG.encode(image)).write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(try PNG.decode(contentsOf: path), try PNG.decode(PNG.encode(image)))

        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try PNG.decode(contentsOf: path)) { error in
            XCTAssertEqual((error as? PNGError)?.message, "\(path): not a PNG file (bad signature)")
        }
    }

    func testMissingFileErrorNamesTheFile() {
        let path = "/nonexistent-dir/missing.png"
        XCTAssertThrowsError(try PNG.decode(contentsOf: path)) { error in
            XCTAssertEqual(
                (error as? PNGError)?.message,
                "\(path): cannot open: No such file or directory")
        }
    }
}

/// Small PNGs written by a Python script (zlib + struct) so that the decoder meets files libpng did not write.
private enum Fixtures {
    /// 4×3 8-bit gray: 0 85 170 255 / 1 2 3 4 / 128 64 32 16.
    static let gray8 =
        "iVBORw0KGgoAAAANSUhEUgAAAAQAAAADCAAAAACRn/EaAAAAF0lEQVR42mNgCF31n4GRiZmFocFBQQAAGqMC+Y2x2psAAAAASUVORK5CYII="
    /// 3×1 8-bit gray+alpha: (200, 255) (200, 128) (77, 0).
    static let grayAlpha8 =
        "iVBORw0KGgoAAAANSUhEUgAAAAMAAAABCAQAAACx6dw/AAAAD0lEQVR42mM48f9Egy8DAA7sA10WGY8hAAAAAElFTkSuQmCC"
    /// 4×3 2-bit palette (255,0,0) (0,255,0) (0,0,255) (200,100,50), tRNS 0 128 255; indices 0123 / 3210 / 1133.
    static let palette2TRNS =
        "iVBORw0KGgoAAAANSUhEUgAAAAQAAAADAgMAAADJmkZVAAAADFBMVEX/AAAA/wAAAP/IZDKtRH4/AAAAA3RSTlMAgP/s97MYAAAADklEQVR42mOQZnjCEA8AA5gBX3mJ1XcAAAAASUVORK5CYII="
    /// 2×2 16-bit RGBA: (FFFF,0000,10F0,FFFF) (8080,7F00,00FF,8080) / (1234,5678,9ABC,0000) (FFFF,8000,0000,0101).
    static let rgba16 =
        "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACEAYAAAAiJtFnAAAAKElEQVR42mP4/5+BQeDD//8NDfUMDECSQcgkrGLWHiD7fwMDAwMjIwAMWA1llVnV1wAAAABJRU5ErkJggg=="
    /// 4×3 8-bit RGB, Adam7-interlaced, pixel (x, y) = (10 + 60x, 5 + 100y, 7x + 3y).
    static let interlacedRGB =
        "iVBORw0KGgoAAAANSUhEUgAAAAQAAAADCAIAAAFMkQkHAAAAM0lEQVR42mPgYmVgaGLlY+A6y9Z0VoTBjZV9H6sog9tZ3n1npRm4MpndMrmaMgX3ZUoAALkrCj+Pn6FXAAAAAElFTkSuQmCC"
    /// IHDR claiming 100000×100000 RGBA with a valid CRC, a 16-byte IDAT and IEND.
    static let hugeIHDR = "iVBORw0KGgoAAAANSUhEUgABhqAAAYagCAYAAACoUgvIAAAAC0lEQVR42mNgQAUAABAAAaoZ+IIAAAAASUVORK5CYII="
    /// The same file cut right after the IHDR.
    static let hugeIHDROnly = "iVBORw0KGgoAAAANSUhEUgABhqAAAYagCAYAAACoUgvI"
}
