import CPNG
import RevealCore
import RevealRaster

/// One chunk of a PNG file, as `PNGChunkReader` found it: its type and its data (CRC already checked).
package struct PNGChunk: Sendable {
    /// The four ASCII letters, for example `"IHDR"` or `"fdAT"`.
    public let type: String
    /// The chunk's data, without its length, type and CRC; indices are those of the whole file.
    public let data: ArraySlice<UInt8>
    /// Where the chunk (its length field) starts in the file.
    public let offset: Int

    /// Critical chunks (upper-case first letter) must be understood; ancillary ones may be skipped.
    public var isCritical: Bool { type.utf8.first.map { $0 & 0x20 == 0 } ?? false }

    /// The big-endian 32-bit integer at `index` bytes into the data (the caller checks the length).
    package func uint32(at index: Int) -> UInt32 {
        let i = data.startIndex + index
        return UInt32(data[i]) << 24 | UInt32(data[i + 1]) << 16 | UInt32(data[i + 2]) << 8 | UInt32(data[i + 3])
    }

    /// The big-endian 16-bit integer at `index` bytes into the data (the caller checks the length).
    package func uint16(at index: Int) -> UInt16 {
        let i = data.startIndex + index
        return UInt16(data[i]) << 8 | UInt16(data[i + 1])
    }

    /// The 8 bytes every PNG file starts with.
    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// PNG's limit on a chunk's length and on every 4-byte integer it stores: 2³¹ − 1.
    public static let maxLength = Int(Int32.max)

    /// Appends a whole chunk (length, type, the bytes `body` appends, CRC) to `buffer`.
    package static func append(_ type: String, to buffer: inout [UInt8], body: (inout [UInt8]) -> Void) {
        let start = buffer.count
        buffer.appendBigEndian(UInt32(0))
        buffer.append(contentsOf: type.utf8)
        body(&buffer)
        // Types are our own four-letter names; lengths are bounded by the pixel limits (split IDATs).
        let length = min(buffer.count - start - 8, maxLength)
        withUnsafeBytes(of: UInt32(length).bigEndian) { buffer.replaceSubrange(start..<start + 4, with: $0) }
        let crc = buffer.withUnsafeBufferPointer { all in
            all.baseAddress.map { cpng_crc32(0, $0 + start + 4, length + 4) } ?? 0
        }
        buffer.appendBigEndian(crc)
    }

    /// Appends the signature and the chunks that start every file we write: IHDR (8-bit RGB or RGBA),
    /// then `extra` (an animation's acTL), sRGB (perceptual) and pHYs when `pixelsPerMeter` is given.
    package static func appendHeader(
        width: Int, height: Int, channels: Int, pixelsPerMeter: UInt32?, to buffer: inout [UInt8],
        extra: (inout [UInt8]) -> Void = { _ in }
    ) {
        buffer += signature
        append("IHDR", to: &buffer) {
            $0.appendBigEndian(UInt32(width))
            $0.appendBigEndian(UInt32(height))
            $0 += [8, channels == 3 ? 2 : 6, 0, 0, 0]  // bit depth, colour type, compression, filter, interlace
        }
        extra(&buffer)
        append("sRGB", to: &buffer) { $0.append(0) }  // perceptual
        if let pixelsPerMeter {
            append("pHYs", to: &buffer) {
                $0.appendBigEndian(pixelsPerMeter)
                $0.appendBigEndian(pixelsPerMeter)
                $0.append(1)  // unit: meter
            }
        }
    }

    /// The NUL-terminated message the C layer wrote into `buffer`, or `fallback` when it wrote none.
    package static func message(_ buffer: [CChar], fallback: String) -> String {
        let utf8 = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return utf8.isEmpty ? fallback : String(decoding: utf8, as: UTF8.self)
    }

    /// Appends `data` as one or more chunks of `type` holding at most `limit` bytes of it each;
    /// `prefix` writes what each chunk holds before its share (fdAT's sequence number).
    package static func append(
        _ type: String, split data: [UInt8], limit: Int, to buffer: inout [UInt8],
        prefix: (inout [UInt8]) -> Void = { _ in }
    ) {
        var start = 0
        repeat {
            let end = min(start + limit, data.count)
            append(type, to: &buffer) {
                prefix(&$0)
                $0 += data[start..<end]
            }
            start = end
        } while start < data.count
    }
}

extension [UInt8] {
    package mutating func appendBigEndian(_ value: UInt32) {
        Swift.withUnsafeBytes(of: value.bigEndian) { append(contentsOf: $0) }
    }

    package mutating func appendBigEndian(_ value: UInt16) {
        Swift.withUnsafeBytes(of: value.bigEndian) { append(contentsOf: $0) }
    }
}

/// Walks the chunks of a PNG file in order, checking the signature, every length and every CRC.
///
/// Stops after `IEND` (anything after it is ignored, as libpng does). Throws for a bad signature,
/// a length beyond 2³¹ − 1 or beyond the data, a type that is not four ASCII letters, a CRC that
/// does not match, or data that ends before `IEND`. It never interprets chunk contents.
package struct PNGChunkReader {
    private let bytes: [UInt8]
    private var offset = 8
    private var ended = false

    public init(_ bytes: [UInt8]) throws(PNGError) {
        guard bytes.count >= 8, Array(bytes[0..<8]) == PNGChunk.signature else {
            throw PNGError(message: bytes.isEmpty ? "not a PNG file (no data)" : "not a PNG file (bad signature)")
        }
        self.bytes = bytes
    }

    /// The next chunk, or nil after `IEND`.
    public mutating func next() throws(PNGError) -> PNGChunk? {
        guard !ended else { return nil }
        guard offset + 12 <= bytes.count else {
            throw PNGError(message: "truncated PNG data: the file ends at byte \(bytes.count) before its IEND chunk")
        }
        let length =
            Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8
            | Int(bytes[offset + 3])
        let typeBytes = bytes[(offset + 4)..<(offset + 8)]
        guard typeBytes.allSatisfy({ (65...90).contains($0) || (97...122).contains($0) }) else {
            throw PNGError(message: "damaged PNG data: the chunk at byte \(offset) has no valid type")
        }
        let type = String(decoding: typeBytes, as: UTF8.self)
        guard length <= PNGChunk.maxLength else {
            throw PNGError(message: "damaged PNG data: \(type) chunk at byte \(offset) claims \(length) bytes")
        }
        guard length <= bytes.count - offset - 12 else {
            throw PNGError(message: "truncated PNG data: the \(type) chunk at byte \(offset) needs \(length) bytes")
        }
        let end = offset + 8 + length
        let stored =
            UInt32(bytes[end]) << 24 | UInt32(bytes[end + 1]) << 16 | UInt32(bytes[end + 2]) << 8
            | UInt32(bytes[end + 3])
        let computed = bytes.withUnsafeBufferPointer { cpng_crc32(0, $0.baseAddress! + offset + 4, length + 4) }
        guard stored == computed else {
            throw PNGError(message: "damaged PNG data: CRC error in the \(type) chunk at byte \(offset)")
        }
        let chunk = PNGChunk(type: type, data: bytes[(offset + 8)..<end], offset: offset)
        offset = end + 4
        ended = type == "IEND"
        return chunk
    }
}
