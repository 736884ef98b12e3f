import CPNG
import Foundation
import RevealCore
import RevealRaster

/// Encodes images of one size to PNG, compressing rows in strips and keeping each strip's bytes
/// for the next image: a strip whose rows (and the two rows above it) are unchanged is not
/// compressed again, and changed strips are compressed on all cores. At levels 7–9 of the rows
/// strategy what is kept is each strip's parse, and the image's strips are coded together.
///
/// Two images may be on their way at once: `stage` returns a `Job` without compressing anything,
/// and the next image can be staged while that job compresses, so that a core left idle by the last
/// strips of one image can start on the next. The bytes depend only on the image and the options,
/// never on what was encoded before, so a frame of a sequence encodes exactly as the same image
/// would on its own. `stage` is for one thread at a time; jobs may run on any.
package final class PNGEncoder: @unchecked Sendable {
    public let width: Int
    public let height: Int
    public let options: PNGEncodingOptions
    /// Rows per strip, at least 8, unless a test asks otherwise: about 64 KiB of pixels at levels
    /// 0–6, where small strips mean less to compress again after a small change and more
    /// to share among cores; about 256 KiB at 7–9, where a strip's longer reach makes the files
    /// smaller. On the bench scenes at level 3, 64 KiB against 256 KiB took 0.60 against 0.65 s
    /// (scratch) and 0.30 against 0.33 s (circle), for 1.00x and 1.11x the bytes; at level 9, 128
    /// KiB made the scratch scene's files 4 % larger at the same speed, 512 KiB 3 % smaller but
    /// 15 % slower.
    package let stripHeight: Int

    /// What every strip of one image is compressed with; a change recompresses all strips.
    private struct Mode: Equatable {
        var channels: Int32
        var filter: PNGFilter
        var strategy: PNGStrategy
    }

    /// The facts about one strip's rows that choose the image's mode.
    private struct StripMeasure {
        var rows: Range<Int>
        var isOpaque = true
        /// Pixels equal to their left neighbour, and neighbour pairs, on rows whose index is a multiple of 8.
        var flatPairs = 0
        var pairs = 0
    }

    /// The last two images staged, taking turns: a job compresses from one while the next image is
    /// staged into the other. `newest` is the last one's index.
    private var images: [Pixmap?] = [nil, nil]
    private var newest = 0
    /// The rows the last staging changed, which the other image does not have yet.
    private var changedLast: [Bool]?
    private var measures: [StripMeasure]
    private var mode: Mode?
    /// The jobs of the last two images staged; the older one reads the image staged next.
    private var older: Job?
    private var newer: Job?
    private let book: StripBook
    private let compressors = CompressorPool()

    /// How many strips the last image staged has to compress (the others are kept).
    package private(set) var stripsCompressed = 0

    /// Throws for a size outside `Pixmap`'s limits or a compression level outside 0...9.
    public convenience init(width: Int, height: Int, options: PNGEncodingOptions) throws(PNGError) {
        let rowBytes = 4 * max(1, width)
        let stripBytes = options.compressionLevel >= 7 ? 1 << 18 : 1 << 16
        try self.init(
            width: width, height: height, options: options, stripHeight: max(8, (stripBytes + rowBytes - 1) / rowBytes))
    }

    /// `stripHeight` rows per strip (tests use small ones).
    package init(width: Int, height: Int, options: PNGEncodingOptions, stripHeight: Int) throws(PNGError) {
        guard (1...Pixmap.maxSide).contains(width), (1...Pixmap.maxSide).contains(height) else {
            throw PNGError(message: "cannot encode a \(width)×\(height) image")
        }
        guard (0...9).contains(options.compressionLevel) else {
            throw PNGError(message: "compression level \(options.compressionLevel) is outside 0...9")
        }
        self.width = width
        self.height = height
        self.options = options
        self.stripHeight = stripHeight
        let rows = stride(from: 0, to: height, by: stripHeight).map { $0..<min(height, $0 + stripHeight) }
        measures = rows.map { StripMeasure(rows: $0) }
        book = StripBook(width: width, height: height, options: options, rows: rows)
    }

    /// Encodes one image (its size must be the encoder's).
    public func encode(_ image: Pixmap) throws(PNGError) -> [UInt8] {
        try stage(image).encode()
    }

    /// Takes a copy of the rows of `image` that differ from the image staged before, so that the
    /// caller may draw into `image` again at once, and returns the job that makes its PNG. Cheap: a
    /// comparison and a copy of changed rows; the compressing is left to the job. Waits while two
    /// jobs are unfinished (running the older itself if nothing has started it). A caller that knows
    /// the rows outside `mayDiffer` equal the image staged before saves comparing them.
    @discardableResult
    public func stage(_ image: Pixmap, mayDiffer: Range<Int>? = nil) throws(PNGError) -> Job {
        guard image.width == width, image.height == height else {
            throw PNGError(
                message: "a \(image.width)×\(image.height) image given to an encoder of \(width)×\(height) images")
        }
        guard image.bytes.count == 4 * width * height else {
            throw PNGError(
                message:
                    "pixel buffer holds \(image.bytes.count) bytes, but a \(width)×\(height) image needs \(4 * width * height)"
            )
        }
        _ = try? older?.encode()  // its image is the one written next; its own caller sees any error
        older = nil
        let target = 1 - newest
        let changed =
            images[newest]?.rowsDiffering(from: image, rows: mayDiffer) ?? Array(repeating: true, count: height)
        var copy = images[target]
        images[target] = nil  // one reference, so the rows below are written in place
        if copy == nil {
            copy = image.ownCopy()
        } else if let last = changedLast {
            copy?.copyRows(from: image, where: zip(changed, last).map { $0 || $1 })
        }
        images[target] = copy
        newest = target
        changedLast = changed

        for k in measures.indices where changed[measures[k].rows].contains(true) { measure(&measures[k], in: image) }
        let mode = chooseMode()
        let stale = measures.indices.filter { k in
            let rows = measures[k].rows
            return mode != self.mode || changed[max(0, rows.lowerBound - 2)..<rows.upperBound].contains(true)
        }
        self.mode = mode
        stripsCompressed = stale.count
        let requests = stale.map { k in
            cpng_strip(
                image: nil, stride: 4 * width, width: UInt32(width), height: UInt32(height),
                first_row: UInt32(measures[k].rows.lowerBound), row_count: UInt32(measures[k].rows.count),
                channels: mode.channels, filter: mode.filter.cValue,
                compression_level: Int32(options.compressionLevel), strategy: mode.strategy.cValue)
        }
        let job = Job(
            pixels: copy, strips: stale, requests: requests, channels: Int(mode.channels),
            keptParses: PNGEncoder.keepsParses(strategy: mode.strategy, level: options.compressionLevel), after: newer,
            book: book, compressors: compressors)
        older = newer
        newer = job
        return job
    }

    /// Records whether a strip's rows are opaque and how flat they are.
    private func measure(_ strip: inout StripMeasure, in image: Pixmap) {
        strip.isOpaque = true
        strip.flatPairs = 0
        strip.pairs = 0
        image.bytes.withUnsafeBytes { raw in
            let pixels = raw.bindMemory(to: UInt32.self)
            let alpha = UInt32(littleEndian: 0xFF00_0000)  // a pixel's fourth byte
            for y in strip.rows {
                let row = pixels[(y * width)..<(y * width + width)]
                if strip.isOpaque {
                    // One AND over the row, which the compiler vectorises, rather than a search.
                    var all = alpha
                    for pixel in row { all &= pixel }
                    strip.isOpaque = all == alpha
                }
                guard y % 8 == 0 else { continue }
                var flat = 0
                for x in row.indices.dropFirst() where pixels[x] == pixels[x - 1] { flat += 1 }
                strip.flatPairs += flat
                strip.pairs += width - 1
            }
        }
    }

    /// RGB when every pixel is opaque; for `automatic`, Sub with run-length deflate (or `rows`) when at least 98 %
    /// of sampled pixels equal their left neighbour (vertical gradients, where Sub leaves runs of
    /// zeros), otherwise None (diagonal 8-bit gradients leave ±1 noise that filters make larger).
    private func chooseMode() -> Mode {
        let channels: Int32 = measures.allSatisfy(\.isOpaque) ? 3 : 4
        guard options.filter == .automatic else {
            return Mode(channels: channels, filter: options.filter, strategy: options.strategy)
        }
        let flat = measures.reduce(0) { $0 + $1.flatPairs }
        let pairs = measures.reduce(0) { $0 + $1.pairs }
        let mostlyFlat = pairs > 0 && flat * 50 >= pairs * 49
        let flatStrategy: PNGStrategy = options.strategy == .rows ? .rows : .rle
        return Mode(
            channels: channels, filter: mostlyFlat ? .sub : .none,
            strategy: mostlyFlat ? flatStrategy : options.strategy)
    }

    /// One staged image on its way to PNG bytes: its stale strips compressed (on all cores), then the
    /// file put together once the job before it is done, since it keeps that image's other strips.
    /// The first `encode` runs it, on any thread; later calls wait for it and get the same bytes.
    package final class Job: @unchecked Sendable {
        private let lock = NSLock()
        private let done = DispatchSemaphore(value: 0)
        private var started = false
        private var result: Result<[UInt8], PNGError> = .failure(PNGError(message: "the image was not encoded"))
        // What running needs, dropped as soon as it is used: the image, so that the encoder can
        // stage into it again in place, and the job before, so that jobs do not hold each other.
        private var pixels: Pixmap?
        private var previous: Job?
        private let strips: [Int]
        private let requests: [cpng_strip]
        private let channels: Int
        private let keptParses: Bool
        private let book: StripBook
        private let compressors: CompressorPool

        fileprivate init(
            pixels: Pixmap?, strips: [Int], requests: [cpng_strip], channels: Int, keptParses: Bool,
            after previous: Job?, book: StripBook, compressors: CompressorPool
        ) {
            self.pixels = pixels
            self.strips = strips
            self.requests = requests
            self.channels = channels
            self.keptParses = keptParses
            self.previous = previous
            self.book = book
            self.compressors = compressors
        }

        /// The image's PNG file; throws what compressing it (or an image before it) threw.
        package func encode() throws(PNGError) -> [UInt8] {
            let first = lock.withLock {
                defer { started = true }
                return !started
            }
            if first {
                run()
            } else {
                done.wait()
            }
            done.signal()
            return try result.get()
        }

        private func run() {
            let compressed = Result { () throws(PNGError) -> [([UInt8], UInt32)] in
                guard !requests.isEmpty else { return [] }
                guard let image = pixels else {
                    throw PNGError(message: "the image was released before it was encoded")
                }
                return try image.bytes.withUnsafeBufferPointer { pixels throws(PNGError) in
                    var requests = requests
                    for k in requests.indices { requests[k].image = pixels.baseAddress }
                    return try PNGEncoder.compress(requests, pool: compressors)
                }
            }
            pixels = nil
            let before = previous.map { job in Result { () throws(PNGError) in try job.encode() } }
            previous = nil
            if case .failure(let error) = before {
                book.failure = book.failure ?? error
            }
            result = book.assemble(compressed, strips: strips, channels: channels, keptParses: keptParses)
        }
    }

    /// Every strip's latest bytes, which jobs update in image order.
    fileprivate final class StripBook: @unchecked Sendable {
        let width: Int
        let height: Int
        let options: PNGEncodingOptions
        private var strips: [(rows: Range<Int>, data: [UInt8], adler: UInt32, filteredCount: Int)]
        /// The first failure; every image after it fails too, since its kept strips may be missing.
        var failure: PNGError?

        init(width: Int, height: Int, options: PNGEncodingOptions, rows: [Range<Int>]) {
            self.width = width
            self.height = height
            self.options = options
            strips = rows.map { ($0, [], 1, 0) }
        }

        /// The file: the strips at `indices` replaced by `compressed`, the others kept.
        func assemble(
            _ compressed: Result<[([UInt8], UInt32)], PNGError>, strips indices: [Int], channels: Int, keptParses: Bool
        ) -> Result<[UInt8], PNGError> {
            if let failure { return .failure(failure) }
            switch compressed {
            case .failure(let error):
                failure = error
                return .failure(error)
            case .success(let results):
                for (k, result) in zip(indices, results) {
                    (strips[k].data, strips[k].adler) = result
                    strips[k].filteredCount = strips[k].rows.count * (1 + width * channels)
                }
                do throws(PNGError) {
                    return .success(try file(channels: channels, keptParses: keptParses))
                } catch {
                    failure = error
                    return .failure(error)
                }
            }
        }

        /// The whole file: signature, IHDR, sRGB, pHYs, the zlib stream in IDAT chunks of at most
        /// `idatLimit` bytes, IEND.
        private func file(channels: Int, keptParses: Bool) throws(PNGError) -> [UInt8] {
            let stream = try PNGEncoder.zlibStream(
                headerLevel: options.headerLevel, keptParses: keptParses,
                strips: strips.map { ($0.data, $0.adler, $0.filteredCount) })
            var file: [UInt8] = []
            file.reserveCapacity(stream.count + 128)
            PNGChunk.appendHeader(
                width: width, height: height, channels: channels, pixelsPerMeter: options.pixelsPerMeter, to: &file)
            PNGChunk.append("IDAT", split: stream, limit: PNGEncoder.idatLimit, to: &file)
            PNGChunk.append("IEND", to: &file) { _ in }
            return file
        }
    }

    /// Compresses `requests` (whose image pointers stay valid for the call) on all cores, one
    /// compressor from `pool` per worker; the results in the requests' order.
    package static func compress(_ requests: [cpng_strip], pool: CompressorPool) throws(PNGError) -> [([UInt8], UInt32)]
    {
        var results = [([UInt8], UInt32)](repeating: ([], 1), count: requests.count)
        let work = StripWork(Array(requests.indices))
        let workers = min(requests.count, max(1, ProcessInfo.processInfo.activeProcessorCount))
        results.withUnsafeMutableBufferPointer { results in
            // The requests' image pointers are only read, each strip's result written by one worker.
            let shared = UnsafeSendable((results, requests))
            DispatchQueue.concurrentPerform(iterations: workers) { _ in
                let compressor = pool.take()
                defer { pool.give(compressor) }
                while let k = work.next() {
                    do throws(PNGError) {
                        shared.value.0[k] = try compress(shared.value.1[k], with: compressor)
                    } catch {
                        work.fail(error)
                    }
                }
            }
        }
        if let failure = work.failure { throw failure }
        return results
    }

    /// One strip's raw deflate bytes and the Adler-32 of its filtered rows.
    package static func compress(_ strip: cpng_strip, with compressor: OpaquePointer?) throws(PNGError) -> (
        [UInt8], UInt32
    ) {
        var strip = strip
        var data: UnsafePointer<UInt8>?
        var size = 0
        var adler: UInt32 = 1
        var message = [CChar](repeating: 0, count: Int(CPNG_MESSAGE_CAPACITY))
        let status = message.withUnsafeMutableBufferPointer { text in
            cpng_strip_compress(compressor, &strip, &data, &size, &adler, text.baseAddress, text.count)
        }
        guard status == CPNG_OK, let data else {
            throw PNGError(
                message: PNGChunk.message(message, fallback: "could not compress image rows (status \(status))"))
        }
        return (Array(UnsafeBufferPointer(start: data, count: size)), adler)
    }

    /// Whether strips compressed with these settings are kept parses for `cpng_rows_join` rather
    /// than deflate bytes: the rows strategy at levels 7–9, where one image's strips share blocks.
    package static func keepsParses(strategy: PNGStrategy, level: Int) -> Bool {
        strategy == .rows && level >= 7
    }

    /// A zlib stream from an image's strips in order: header (FLEVEL as zlib writes it for
    /// `headerLevel`), their bytes (kept parses coded together first), and the Adler-32 of all
    /// filtered rows.
    package static func zlibStream(
        headerLevel level: Int, keptParses: Bool, strips: [(data: [UInt8], adler: UInt32, filteredCount: Int)]
    ) throws(PNGError) -> [UInt8] {
        var stream: [UInt8] = []
        // Deflate with a 32 KiB window; FCHECK makes the header a multiple of 31.
        let flevel: UInt16 = level < 2 ? 0 : level < 6 ? 1 : level == 6 ? 2 : 3
        var header: UInt16 = 0x7800 | flevel << 6
        header += 31 - header % 31
        if keptParses {
            stream = try joined(strips.map(\.data), after: 2)
            stream[0] = UInt8(header >> 8)
            stream[1] = UInt8(header & 0xff)
        } else {
            stream.reserveCapacity(strips.reduce(6) { $0 + $1.data.count })
            stream.appendBigEndian(header)
            for strip in strips { stream += strip.data }
        }
        var adler: UInt32 = 1
        for strip in strips { adler = cpng_adler32_combine(adler, strip.adler, strip.filteredCount) }
        stream.appendBigEndian(adler)
        return stream
    }

    /// Kept parses coded as one raw deflate stream, after `offset` zero bytes left for the caller.
    /// The parses are copied end to end first (no larger than the image's rows), so that one
    /// buffer's pointers stay valid for the C call; the output's bound (twice that) is reserved,
    /// not written, so memory holds only the bytes coded.
    private static func joined(_ parses: [[UInt8]], after offset: Int) throws(PNGError) -> [UInt8] {
        let sizes = parses.map(\.count)
        var all: [UInt8] = []
        all.reserveCapacity(sizes.reduce(0, +))
        for parse in parses { all += parse }
        let bound = cpng_rows_join_bound(sizes, sizes.count)
        var status = CPNG_ERR_NO_MEMORY
        var message = [CChar](repeating: 0, count: Int(CPNG_MESSAGE_CAPACITY))
        let out = [UInt8](unsafeUninitializedCapacity: offset + bound + 4) { out, count in
            count = 0
            guard let base = out.baseAddress else { return }
            base.initialize(repeating: 0, count: offset)
            var size = 0
            status = all.withUnsafeBufferPointer { all in
                var start = 0
                let pointers = sizes.map { count -> UnsafePointer<UInt8>? in
                    defer { start += count }
                    return all.baseAddress.map { $0 + start }
                }
                return message.withUnsafeMutableBufferPointer { text in
                    cpng_rows_join(
                        pointers, sizes, sizes.count, base + offset, bound, &size, text.baseAddress, text.count)
                }
            }
            count = status == CPNG_OK ? offset + size : offset
        }
        guard status == CPNG_OK else {
            throw PNGError(message: PNGChunk.message(message, fallback: "could not join image rows (status \(status))"))
        }
        return out
    }

    /// The largest IDAT chunk written.
    package static let idatLimit = 1 << 20
}

/// Strip compressors, one per thread at work, kept for their owner's lifetime.
package final class CompressorPool: @unchecked Sendable {
    private let lock = NSLock()
    private var idle: [OpaquePointer] = []

    package func take() -> OpaquePointer? {
        lock.withLock { idle.popLast() } ?? cpng_strip_compressor_create()
    }

    package func give(_ compressor: OpaquePointer?) {
        guard let compressor else { return }
        lock.withLock { idle.append(compressor) }
    }

    deinit {
        for compressor in idle { cpng_strip_compressor_destroy(compressor) }
    }
}

/// The strips left to compress, taken one at a time by the threads at work; the first error stops them.
private final class StripWork: @unchecked Sendable {
    private let lock = NSLock()
    private let indices: [Int]
    private var taken = 0
    private(set) var failure: PNGError?
    var count: Int { indices.count }

    init(_ indices: [Int]) {
        self.indices = indices
    }

    func next() -> Int? {
        lock.withLock {
            guard taken < indices.count, failure == nil else { return nil }
            defer { taken += 1 }
            return indices[taken]
        }
    }

    func fail(_ error: PNGError) {
        lock.withLock { if failure == nil { failure = error } }
    }
}
