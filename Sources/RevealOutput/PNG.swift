import CPNG
import RevealCore
import RevealRaster

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a PNG could not be encoded, decoded or read.
///
/// `message` is meant for people: our own wording for common cases (truncated data, bad
/// signature, size limits, unreadable files), libpng's own message otherwise.
public struct PNGError: Error, Equatable, CustomStringConvertible {
    /// What went wrong, in words for the user.
    public let message: String

    package init(message: String) {
        self.message = message
    }
    public var description: String { message }
}

/// The PNG row filter applied before compression.
///
/// `adaptive` tries all five filters on every row and keeps the one with the smallest sum of
/// bytes read as signed magnitudes (libpng's heuristic).
public enum PNGFilter: Sendable {
    /// No filter, one of PNG's filter types (Sub, Up, Average, Paeth) on every row, or `adaptive`: chosen per row.
    case none, sub, up, average, paeth, adaptive
    /// Per image: Sub with run-length deflate when at least 98 % of the pixels on every eighth row
    /// equal their left neighbour (vertical gradients, where Sub leaves runs of zeros), otherwise None
    /// with the given strategy (slow diagonal 8-bit gradients repeat each value over ~10 pixels,
    /// about 90 %, and leave ±1 noise that filters make larger, not smaller).
    case automatic
}

/// How the image data is compressed: one of zlib's strategies, or our own deflate for image rows.
///
/// `default` is zlib's `Z_DEFAULT_STRATEGY`, whatever the filter.
public enum PNGStrategy: Sendable {
    /// zlib's `Z_DEFAULT_STRATEGY`, `Z_FILTERED`, `Z_HUFFMAN_ONLY`, `Z_RLE` and `Z_FIXED`, in that order.
    case `default`, filtered, huffmanOnly, rle, fixed
    /// Our own deflate, which looks for repeats where image rows have them first (the pixel to
    /// the left, the row above and one pixel either side of it) and keeps the longest greedily.
    /// zlib's fast levels rarely reach the row above in a wide image: on the bench scenes this is
    /// about twice as fast as zlib's level 3 and 0.75–0.83 times its bytes. Level 0 stores; levels
    /// 1–6 all mean this greedy parse; 7, 8 and 9 also walk 16, 64 and 256 earlier positions with
    /// the same next four bytes and parse lazily, for smaller files at more cost, and code the
    /// image's strips together: a run of strips shares one Huffman block while that is smaller.
    case rows
}

/// How `PNG.encode` compresses and what metadata it adds.
///
/// None of these settings changes the decoded pixels, only the size of the file and its
/// pHYs chunk.
public struct PNGEncodingOptions: Sendable, Equatable, CustomStringConvertible {
    /// zlib's level, 0 (store) through 9 (smallest); anything else makes encoding throw.
    public var compressionLevel: Int
    /// The row filter applied before compression; `none` by default.
    public var filter: PNGFilter
    /// The strategy; `default` by default (`automatic` filtering may pick `rle` for an image).
    public var strategy: PNGStrategy
    /// Written as a pHYs chunk (same value on both axes, unit: meter) when not nil.
    public var pixelsPerMeter: UInt32?

    /// Options as given; the defaults are zlib level 6, no filter, zlib's default strategy and no pHYs chunk.
    public init(
        compressionLevel: Int = 6, filter: PNGFilter = .none, strategy: PNGStrategy = .default,
        pixelsPerMeter: UInt32? = nil
    ) {
        self.compressionLevel = compressionLevel
        self.filter = filter
        self.strategy = strategy
        self.pixelsPerMeter = pixelsPerMeter
    }

    /// "level 3, filter automatic, strategy rows, pHYs none": what a manifest's `sceneDigest` hashes, spelled
    /// by us rather than by Swift's reflection (which names the module the types live in).
    public var description: String {
        "level \(compressionLevel), filter \(filter), strategy \(strategy), pHYs \(pixelsPerMeter.map(String.init) ?? "none")"
    }

    /// The default for frames: fast to write, about the size of zlib's level 6 (measured with
    /// `Scripts/bench`), with our own deflate for image rows (`PNGStrategy.rows`).
    public static let fast = PNGEncodingOptions(compressionLevel: 3, filter: .automatic, strategy: .rows)
    /// Small files, fast: our own deflate for rows at level 9 (its lazy parse over hash chains,
    /// strips sharing blocks), unfiltered. On the bench scenes that is 1.05 (scratch) and 0.95
    /// (circle) times the bytes of zlib's level 9 in two thirds of its time; zlib's own level 9 is
    /// `PNGEncodingOptions(compressionLevel: 9)` (`--png-level 9`). The adaptive filter made the
    /// scratch scene's files 3 % larger and encoding six times slower
    /// (`reveal-bench speed --filter adaptive`).
    public static let smallest = PNGEncodingOptions(compressionLevel: 9, filter: .none, strategy: .rows)

    /// The level a zlib header names for these options (its FLEVEL field): `rows` is one encoder
    /// at levels 1–6, and names itself a fast one there.
    package var headerLevel: Int { strategy == .rows && (1...6).contains(compressionLevel) ? 3 : compressionLevel }
}

/// PNG encoding (our own strip encoder over zlib) and decoding (libpng); pixels on the Swift side are always premultiplied.
public enum PNG {
    /// Encodes to PNG bytes: 8-bit, RGB (color type 2) when every pixel is opaque, else RGBA (6), straight alpha (demultiply: c' = (c*255 + a/2)/a, 0 when a == 0), an sRGB chunk (perceptual), pHYs if requested, no tIME/text: byte-identical output for identical input.
    ///
    /// A color channel larger than its alpha (not valid premultiplied data) is written as 255.
    /// The same bytes as a `PNGEncoder` gives for this image in a sequence. Throws when
    /// `compressionLevel` is outside 0...9 or when zlib or memory fails.
    public static func encode(_ pixmap: Pixmap, options: PNGEncodingOptions = .init()) throws(PNGError) -> [UInt8] {
        try PNGEncoder(width: pixmap.width, height: pixmap.height, options: options).encode(pixmap)
    }

    /// Decodes any PNG libpng reads (gray, gray+alpha, palette, tRNS, 16-bit → 8-bit, interlaced) into a premultiplied pixmap (c*a/255 rounded).
    ///
    /// gAMA (and cHRM, iCCP) is ignored: stored samples are taken to be sRGB as they are.
    /// 16-bit samples are scaled to 8 bits with rounding (v / 257). Images with more than
    /// `maxPixels` pixels, or a side longer than `Pixmap.maxSide`, are refused from the IHDR
    /// before pixel memory is allocated, and libpng's own limits stop a small file from
    /// inflating huge ancillary chunks. Truncated data, a bad signature and CRC errors in
    /// critical chunks throw; CRC errors in ancillary chunks only drop that chunk.
    public static func decode(_ bytes: [UInt8], maxPixels: Int = SceneLimits.defaultMaxPixels) throws(PNGError)
        -> Pixmap
    {
        try decodePixels(count: headerPixelCount(bytes, maxPixels: maxPixels)) { pixels, count, width, height, text in
            bytes.withUnsafeBufferPointer { data in
                cpng_decode_rgba8_into(
                    data.baseAddress, data.count, UInt64(max(0, maxPixels)), UInt32(Pixmap.maxSide), pixels, count,
                    &width, &height, text.baseAddress, text.count)
            }
        }
    }

    /// A pixmap decoded by `decode` (a cpng call given the pixel buffer and its capacity, the size to
    /// return and the message buffer) straight into its own array, sized from the IHDR: the image needs
    /// its memory once, not once in C and again for a copy. Without a usable IHDR (`count` nil) the
    /// array is empty and the C layer says what is wrong with the file.
    private static func decodePixels(
        count pixelCount: Int?,
        _ decode: (
            UnsafeMutablePointer<UInt8>?, Int, inout UInt32, inout UInt32, UnsafeMutableBufferPointer<CChar>
        ) -> Int32
    ) throws(PNGError) -> Pixmap {
        var message = [CChar](repeating: 0, count: Int(CPNG_MESSAGE_CAPACITY))
        var width: UInt32 = 0
        var height: UInt32 = 0
        let count = pixelCount.map { 4 * $0 } ?? 0
        var status = CPNG_OK
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            status = message.withUnsafeMutableBufferPointer { text in
                decode(count > 0 ? buffer.baseAddress : nil, count, &width, &height, text)
            }
            initialized = status == CPNG_OK ? count : 0
        }
        guard status == CPNG_OK else {
            throw PNGError(message: PNGChunk.message(message, fallback: "PNG operation failed (status \(status))"))
        }
        do {
            return try Pixmap(width: Int(width), height: Int(height), premultipliedBytes: pixels)
        } catch {
            throw PNGError(message: "\(error)")
        }
    }

    /// Width × height from an IHDR at the start of `bytes`, when it is there and within the limits.
    private static func headerPixelCount(_ bytes: [UInt8], maxPixels: Int) -> Int? {
        guard bytes.count >= 24, bytes[12..<16].elementsEqual("IHDR".utf8) else { return nil }
        func be32(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        let width = be32(16)
        let height = be32(20)
        guard width >= 1, height >= 1, width <= Pixmap.maxSide, height <= Pixmap.maxSide,
            width * height <= maxPixels
        else { return nil }
        return width * height
    }

    /// The bytes of a PNG file, undecoded: regular files and pipes, never devices or folders (see
    /// `BoundedFileReader`), and only up to `maxFileBytes(maxPixels:)` bytes.
    public static func readFile(_ path: String, maxPixels: Int = SceneLimits.defaultMaxPixels) throws(PNGError)
        -> [UInt8]
    {
        let maxBytes = maxFileBytes(maxPixels: maxPixels)
        let read = BoundedFileReader.read(path, maxBytes: maxBytes, kind: "a PNG file") {
            "file is \($0) bytes, more than any PNG within the pixel limit needs (\(maxBytes))"
        }
        switch read {
        case .success(let contents): return contents
        case .failure(let error): throw PNGError(message: error.description)
        }
    }

    /// Reads a file and decodes it as its bytes arrive; errors name the file.
    ///
    /// Memory holds the decoded pixels and libpng's buffers, never the file: the signature and IHDR are
    /// read first (a file that is no PNG, or an image over `maxPixels`, is refused after 33 bytes), the
    /// pixmap is sized from them, and the rest is decoded from the file, at most
    /// `maxFileBytes(maxPixels:)` of the image's own pixel count. Files are opened as `readFile` opens
    /// them (never devices or folders); every error message starts with `path`.
    public static func decode(contentsOf path: String, maxPixels: Int = SceneLimits.defaultMaxPixels) throws(PNGError)
        -> Pixmap
    {
        let maxBytes = maxFileBytes(maxPixels: maxPixels)
        let file: BoundedFileReader.OpenFile
        switch BoundedFileReader.open(
            path, maxBytes: maxBytes, kind: "a PNG file",
            tooLarge: {
                "file is \($0) bytes, more than any PNG within the pixel limit needs (\(maxBytes))"
            })
        {
        case .success(let opened): file = opened
        case .failure(let error): throw PNGError(message: error.description)
        }
        defer { close(file.fd) }
        func failure(_ reason: String) -> PNGError { PNGError(message: "\(displayPath(path)): \(reason)") }
        // The signature (8 bytes) and the IHDR chunk (25): what the pixmap's size comes from. Read as
        // 64 bytes: some files (/proc/self/pagemap) only read in multiples of 8.
        guard let prefix = BoundedFileReader.read(file.fd, upTo: 64) else {
            throw failure("cannot read: \(String(cString: strerror(errno)))")
        }
        let pixelCount = headerPixelCount(prefix, maxPixels: maxPixels)
        let budget = pixelCount.map { min(maxBytes, maxFileBytes(maxPixels: $0)) } ?? maxBytes
        do {
            return try decodePixels(count: pixelCount) { pixels, count, width, height, text in
                prefix.withUnsafeBufferPointer { data in
                    cpng_decode_rgba8_stream(
                        file.fd, data.baseAddress, data.count, UInt64(budget), Int64(file.size ?? -1),
                        UInt64(max(0, maxPixels)), UInt32(Pixmap.maxSide), pixels, count, &width, &height,
                        text.baseAddress, text.count)
                }
            }
        } catch {
            throw failure(error.message)
        }
    }

    /// Decodes the bytes of the file at `path` (from `readFile`); errors name the file.
    public static func decode(
        _ bytes: [UInt8], readFrom path: String, maxPixels: Int = SceneLimits.defaultMaxPixels
    ) throws(PNGError) -> Pixmap {
        do {
            return try decode(bytes, maxPixels: maxPixels)
        } catch {
            throw PNGError(message: "\(displayPath(path)): \(error.message)")
        }
    }

    /// The largest PNG file `decode(contentsOf:maxPixels:)` reads: room for every pixel at 16-bit RGBA
    /// stored without compression (8 bytes a pixel, a filter byte a row), plus 64 MiB for chunk
    /// overhead and ancillary chunks.
    public static func maxFileBytes(maxPixels: Int) -> Int {
        let pixels = min(max(0, maxPixels), Int.max / 16)
        return 8 * pixels + Pixmap.maxSide + (64 << 20)
    }
}

extension PNGFilter {
    package var cValue: Int32 {
        switch self {
        case .none: CPNG_FILTER_NONE
        case .sub: CPNG_FILTER_SUB
        case .up: CPNG_FILTER_UP
        case .average: CPNG_FILTER_AVERAGE
        case .paeth: CPNG_FILTER_PAETH
        case .adaptive: CPNG_FILTER_ADAPTIVE
        case .automatic: CPNG_FILTER_NONE
        }
    }
}

extension PNGStrategy {
    package var cValue: Int32 {
        switch self {
        case .default: CPNG_STRATEGY_DEFAULT
        case .filtered: CPNG_STRATEGY_FILTERED
        case .huffmanOnly: CPNG_STRATEGY_HUFFMAN_ONLY
        case .rle: CPNG_STRATEGY_RLE
        case .fixed: CPNG_STRATEGY_FIXED
        case .rows: CPNG_STRATEGY_ROWS
        }
    }
}
