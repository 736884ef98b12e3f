import CPNG
import Foundation
import RevealCore
import RevealRaster

/// Streams frames into an animated PNG file (APNG), written atomically: under a hidden temporary name
/// in the same folder, renamed into place by `finish()`.
///
/// Layout: `IHDR`, `acTL`, `sRGB`, `pHYs` (when the options ask for it), then for frame 0 an `fcTL`
/// and `IDAT` (frame 0 is also the still image that viewers without APNG support show), and for each
/// later frame an `fcTL` and `fdAT` chunks, then `IEND`. Every frame after the first stores only the
/// bounding rectangle of the pixels that differ from the previous frame, with dispose op `NONE`. When
/// every changed pixel is opaque, the unchanged ones in the rectangle are stored clear with blend op
/// `OVER`, so they leave the canvas as it was and compress to almost nothing (the scratch docs demo:
/// 0.61 to 0.37 MB); otherwise blend op `SOURCE` replaces the canvas with the rectangle. Either way the
/// decoded frames equal the appended pixmaps byte for byte, translucent pixels included. A frame
/// identical to the previous one stores a 1×1 rectangle (the unchanged top-left pixel), so that frame
/// *i* is still shown at *i*/fps and decoders report exactly `frameCount` frames.
///
/// Pixels are 8-bit straight alpha (RGBA, colour type 6), demultiplied as `PNG.encode` does, or RGB
/// (colour type 2) when the writer is created `opaque`: the `IHDR` comes before any frame, so the
/// colour type has to be chosen up front. Memory stays the same whatever the number of frames: the
/// writer keeps the previous frame and scratch buffers of one frame's size.
///
/// Each frame is compressed (in strips, on all cores) and written on a queue of the writer's own while
/// the caller renders the next one, so a failure to compress or write frame *i* is thrown by the
/// `append` of frame *i*+1 or by `finish()`. Any failure removes the temporary file before throwing,
/// and so does `cancel()` or releasing an unfinished writer; an existing file at `path` is replaced
/// only by `finish()`.
// Sendable: the caller and the writing queue take turns (every caller entry waits for the frame in flight).
public final class APNGWriter: @unchecked Sendable {
    /// The file the animation ends up in once `finish()` renames the temporary file into place.
    public let path: String
    /// The width of the canvas and of every appended frame, in pixels.
    public let width: Int
    /// The height of the canvas and of every appended frame, in pixels.
    public let height: Int
    /// How many frames `append` must be given before `finish()`; written in `acTL`.
    public let frameCount: Int
    /// Times the animation plays; 0 means forever.
    public let loops: Int
    /// Whether frames are stored as RGB (every pixel must be opaque) rather than RGBA.
    public let isOpaque: Bool
    /// Every frame's delay in seconds, `numerator / denominator` (see `frameDelay(fps:)`).
    public let delay: (numerator: UInt16, denominator: UInt16)
    /// The number of frames appended so far.
    public private(set) var framesWritten = 0

    /// Compression settings used when the caller passes none: our own deflate for rows at level 9,
    /// no row filter (`PNGEncodingOptions.smallest`). With the frames stored over the canvas, that is
    /// 0.986 to 1.0003 times zlib's level 9 bytes on the docs and 3x demos; every filter, adaptive
    /// included, made these flat and gradient-filled rectangles larger.
    public static let defaultOptions = PNGEncodingOptions.smallest

    /// Testing aid: store every frame whole instead of its changed rectangle (set before `append`).
    package var storesFullFrames = false
    /// Image data is split into chunks of at most this many bytes (testing may lower it).
    package var maxChunkData = 1 << 20

    private let options: PNGEncodingOptions
    private let channels: Int
    private var file: OutputFile?
    private var previous: Pixmap?
    /// Compresses frames on `compressing` and writes them in order on `queue`, at most two behind the
    /// caller, so that the next frame renders meanwhile and a frame whose change is one strip does not
    /// wait for the last; `pending` holds the frames in flight. It does not hold the writer, so
    /// releasing an unfinished writer cancels it at once.
    private var frames: FrameChunks?
    private let queue = DispatchQueue(label: "reveal-render.apng-writer")
    private let compressing = DispatchQueue(label: "reveal-render.apng-compress", attributes: .concurrent)
    private let inFlight = DispatchSemaphore(value: 2)
    private let pending = DispatchGroup()

    /// Starts the file and writes its header.
    ///
    /// `fps` sets every frame's delay (exact for whole numbers, see `frameDelay(fps:)`); `loops` is
    /// 0 (forever) or a count of plays; `frameCount` is the exact number of frames that will be
    /// appended. `opaque` stores RGB instead of RGBA; `append` then refuses a translucent frame.
    /// `options` nil means `defaultOptions`; a `pixelsPerMeter` there adds a `pHYs` chunk.
    /// Throws for a size outside `Pixmap`'s limits, an fps with no 16-bit delay fraction, a
    /// negative `loops`, a `frameCount` below 1, an invalid compression level, or when the
    /// temporary file cannot be created or written.
    public init(
        path: String, width: Int, height: Int, fps: Double, loops: Int = 0, frameCount: Int,
        opaque: Bool = false, options: PNGEncodingOptions? = nil
    ) throws(OutputError) {
        self.path = path
        self.width = width
        self.height = height
        self.frameCount = frameCount
        self.loops = loops
        self.isOpaque = opaque
        self.options = options ?? APNGWriter.defaultOptions
        channels = opaque ? 3 : 4
        func invalid(_ reason: String) -> OutputError { OutputError(path: path, reason: reason) }
        guard (1...Pixmap.maxSide).contains(width), (1...Pixmap.maxSide).contains(height) else {
            throw invalid("cannot write a \(width)×\(height) animation")
        }
        guard let delay = APNGWriter.frameDelay(fps: fps) else {
            throw invalid("cannot write an animation at \(fps) frames per second")
        }
        self.delay = delay
        guard (0...PNGChunk.maxLength).contains(loops) else {
            throw invalid("loop count \(loops) is outside 0...\(PNGChunk.maxLength)")
        }
        guard (1...PNGChunk.maxLength).contains(frameCount) else {
            throw invalid("frame count \(frameCount) is outside 1...\(PNGChunk.maxLength)")
        }
        guard (0...9).contains(self.options.compressionLevel) else {
            throw invalid("compression level \(self.options.compressionLevel) is outside 0...9")
        }

        let file = try OutputFile(path: path)
        self.file = file
        frames = FrameChunks(
            file: file, path: path, channels: channels, options: self.options, delay: delay)
        var header: [UInt8] = []
        PNGChunk.appendHeader(
            width: width, height: height, channels: channels, pixelsPerMeter: self.options.pixelsPerMeter,
            to: &header
        ) {
            PNGChunk.append("acTL", to: &$0) {
                $0.appendBigEndian(UInt32(frameCount))
                $0.appendBigEndian(UInt32(loops))
            }
        }
        try file.write(header)
    }

    deinit { cancel() }

    /// Adds the next frame, which differs from the one before it at most in `changedRows` (nil: in any
    /// row).
    ///
    /// Throws (and removes the temporary file, so the writer is then finished) when the pixmap's
    /// size differs from the writer's, when `frameCount` frames were already appended, when an
    /// `opaque` writer is given a translucent pixel, or when compressing or writing fails.
    public func append(_ pixmap: Pixmap, changedRows: Range<Int>? = nil) throws(OutputError) {
        guard file != nil else {
            throw OutputError(path: path, reason: "the animation is already finished or abandoned")
        }
        do throws(OutputError) {
            if let failure = frames?.failure { throw failure }
            guard pixmap.width == width, pixmap.height == height else {
                throw OutputError(
                    path: path,
                    reason:
                        "frame \(framesWritten) is \(pixmap.width)×\(pixmap.height), but the animation is \(width)×\(height)"
                )
            }
            guard framesWritten < frameCount else {
                throw OutputError(
                    path: path, reason: "more frames than the \(frameCount) the animation was started with")
            }
            if isOpaque && !pixmap.isOpaque {
                throw OutputError(
                    path: path,
                    reason: "frame \(framesWritten) has translucent pixels, but the animation was started opaque (RGB)")
            }
            // The writer follows the frames in a buffer of its own and hands the background writer
            // a copy of the changed rectangle: holding the caller's pixmap would make the renderer
            // copy its whole frame on its next draw.
            var rect = PixelRect(x: 0, y: 0, width: width, height: height)
            if let kept = previous, !storesFullFrames {
                rect = kept.changedRect(to: pixmap, rows: changedRows) ?? PixelRect(x: 0, y: 0, width: 1, height: 1)
            }
            let pixels: Pixmap
            let blends: Bool
            do {
                // RGB has no clear pixel to leave the canvas with.
                (pixels, blends) = try Pixmap.advance(
                    &previous, to: pixmap, in: rect, clearing: !storesFullFrames && channels == 4)
            } catch {
                throw OutputError(path: path, reason: "cannot hold frame \(framesWritten): \(error)")
            }
            let index = framesWritten
            let changed = rect
            let chunkLimit = maxChunkData
            framesWritten += 1
            guard let frames else { return }
            inFlight.wait()
            pending.enter()
            let compressed = PendingResult<[UInt8]>()
            compressing.async { [pixels] in
                compressed.finish(frames.compress(pixels, changed, frame: index))
            }
            queue.async { [pending, inFlight, blends] in
                defer {
                    pending.leave()
                    inFlight.signal()
                }
                frames.write(compressed.wait(), changed, blends: blends, frame: index, chunkLimit: chunkLimit)
            }
        } catch {
            cancel()
            throw error
        }
    }

    /// Ends the file and renames it into place.
    ///
    /// Throws (and removes the temporary file) when fewer than `frameCount` frames were appended,
    /// or when writing or renaming fails.
    public func finish() throws(OutputError) {
        guard let file else { throw OutputError(path: path, reason: "the animation is already finished or abandoned") }
        do throws(OutputError) {
            try waitForFramesInFlight()
        } catch {
            cancel()
            throw error
        }
        guard framesWritten == frameCount else {
            cancel()
            throw OutputError(
                path: path, reason: "only \(framesWritten) of the animation's \(frameCount) frames were given")
        }
        var end: [UInt8] = []
        PNGChunk.append("IEND", to: &end) { _ in }
        self.file = nil
        previous = nil
        frames = nil
        try file.write(end)
        try file.commit()
    }

    /// Abandons the animation: removes the temporary file and leaves `path` as it was.
    /// Does nothing after `finish()`.
    public func cancel() {
        pending.wait()
        file?.discard()
        file = nil
        previous = nil
        frames = nil
    }

    /// The delay of one frame at `fps` as a fraction of seconds with 16-bit terms, as `fcTL` stores it.
    ///
    /// Exactly `1/fps` when `fps` is a whole number up to 65,535; otherwise the closest fraction
    /// with both terms in 1...65,535 (a continued-fraction best approximation: 29.97 gives
    /// 100/2997, and for fps in 1...240 the error is below 1e-7 s per frame). Nil when fps is
    /// not finite or outside 1/65,535...65,535.
    public static func frameDelay(fps: Double) -> (numerator: UInt16, denominator: UInt16)? {
        let limit = 65_535.0
        guard fps.isFinite, fps >= 1 / limit, fps <= limit else { return nil }
        if fps == fps.rounded(), fps <= limit { return (1, UInt16(fps)) }
        // Convergents h/k of fps's continued fraction; the delay is k/h.
        var (h0, k0, h1, k1) = (0.0, 1.0, 1.0, 0.0)
        var x = fps
        var best: (h: Double, k: Double)?
        for _ in 0..<64 {
            let a = x.rounded(.down)
            let h = a * h1 + h0
            let k = a * k1 + k0
            if h > limit || k > limit {
                // The largest semiconvergent within the limits may beat the last convergent.
                let steps = min((limit - h0) / h1, k1 > 0 ? (limit - k0) / k1 : limit).rounded(.down)
                if steps >= 1 {
                    let candidate = (h: steps * h1 + h0, k: steps * k1 + k0)
                    if best == nil || abs(candidate.h / candidate.k - fps) < abs(best!.h / best!.k - fps) {
                        best = candidate
                    }
                }
                break
            }
            best = (h, k)
            (h0, k0, h1, k1) = (h1, k1, h, k)
            let fraction = x - a
            if fraction < 1e-12 * x { break }
            x = 1 / fraction
        }
        guard let best, best.h >= 1, best.k >= 1 else { return nil }
        return (UInt16(best.k), UInt16(best.h))
    }

    // MARK: - Encoding one frame

    /// Waits until the frames in flight are written; throws what writing one of them threw.
    private func waitForFramesInFlight() throws(OutputError) {
        pending.wait()
        if let failure = frames?.failure { throw failure }
    }
}

/// The frames' chunks: compressed on any thread, written in turn on the writer's queue (never two at
/// once).
private final class FrameChunks: @unchecked Sendable {
    let file: OutputFile
    let path: String
    let channels: Int
    let options: PNGEncodingOptions
    let delay: (numerator: UInt16, denominator: UInt16)
    private let compressors = CompressorPool()
    /// The chunks about to be written, reused for every frame.
    private var output: [UInt8] = []
    private var sequenceNumber: UInt32 = 0
    private let lock = NSLock()
    private var firstFailure: OutputError?
    /// What writing a frame threw; the frames after it are not written.
    var failure: OutputError? {
        get { lock.withLock { firstFailure } }
        set { lock.withLock { firstFailure = newValue } }
    }

    init(
        file: OutputFile, path: String, channels: Int, options: PNGEncodingOptions,
        delay: (numerator: UInt16, denominator: UInt16)
    ) {
        self.file = file
        self.path = path
        self.channels = channels
        self.options = options
        self.delay = delay
    }

    /// Writes the chunks of frame `index`, whose pixels in `rect` compressed to `data`, blended over the
    /// canvas or replacing it.
    func write(_ data: Result<[UInt8], OutputError>, _ rect: PixelRect, blends: Bool, frame index: Int, chunkLimit: Int)
    {
        guard failure == nil else { return }
        do throws(OutputError) {
            writeFrameChunks(rect, blends: blends, data: try data.get(), frame: index, chunkLimit: chunkLimit)
            try file.write(output)
        } catch {
            failure = error
        }
    }

    /// Frame `index`'s image data: its pixels in `rect` (`pixmap`, of the rectangle's size) compressed.
    func compress(_ pixmap: Pixmap, _ rect: PixelRect, frame index: Int) -> Result<[UInt8], OutputError> {
        do throws(OutputError) {
            return .success(try compressStrips(pixmap, rect, frame: index))
        } catch {
            return .failure(error)
        }
    }

    /// Demultiplies, filters and compresses the pixels of `rect` into one zlib stream, in strips
    /// compressed on all cores (each primed with the row above it, as `PNGEncoder`'s): two per core,
    /// and at least 256 KiB each, since every strip boundary costs the compressor its context.
    private func compressStrips(_ pixmap: Pixmap, _ rect: PixelRect, frame index: Int) throws(OutputError) -> [UInt8] {
        let perCore =
            (rect.height + 2 * ProcessInfo.processInfo.activeProcessorCount - 1)
            / (2 * ProcessInfo.processInfo.activeProcessorCount)
        let rowsPerStrip = max(8, (1 << 18) / max(1, rect.width * 4), perCore)
        let starts = Array(Swift.stride(from: 0, to: rect.height, by: rowsPerStrip))
        do {
            let results = try pixmap.bytes.withUnsafeBufferPointer { pixels throws(PNGError) in
                let requests = starts.map { first in
                    cpng_strip(
                        image: pixels.baseAddress, stride: 4 * pixmap.width, width: UInt32(rect.width),
                        height: UInt32(rect.height),
                        first_row: UInt32(first), row_count: UInt32(min(rowsPerStrip, rect.height - first)),
                        channels: Int32(channels), filter: options.filter.cValue,
                        compression_level: Int32(options.compressionLevel), strategy: options.strategy.cValue)
                }
                return try PNGEncoder.compress(requests, pool: compressors)
            }
            let strips = zip(starts, results).map { first, result in
                (result.0, result.1, min(rowsPerStrip, rect.height - first) * (1 + rect.width * channels))
            }
            return try PNGEncoder.zlibStream(
                headerLevel: options.headerLevel,
                keptParses: PNGEncoder.keepsParses(strategy: options.strategy, level: options.compressionLevel),
                strips: strips)
        } catch {
            throw OutputError(path: path, reason: "cannot compress frame \(index): \(error.message)")
        }
    }

    /// Puts the frame's `fcTL` and its image data chunks (`IDAT` for frame 0, else `fdAT`) in `output`.
    private func writeFrameChunks(_ rect: PixelRect, blends: Bool, data: [UInt8], frame index: Int, chunkLimit: Int) {
        output.removeAll(keepingCapacity: true)
        PNGChunk.append("fcTL", to: &output) { [self] in
            $0.appendBigEndian(nextSequenceNumber())
            $0.appendBigEndian(UInt32(rect.width))
            $0.appendBigEndian(UInt32(rect.height))
            $0.appendBigEndian(UInt32(rect.x))
            $0.appendBigEndian(UInt32(rect.y))
            $0.appendBigEndian(delay.numerator)
            $0.appendBigEndian(delay.denominator)
            $0 += [0, blends ? 1 : 0]  // dispose op NONE; blend op OVER or SOURCE
        }
        if index == 0 {
            PNGChunk.append("IDAT", split: data, limit: chunkLimit, to: &output)
        } else {
            PNGChunk.append("fdAT", split: data, limit: chunkLimit, to: &output) { [self] in
                $0.appendBigEndian(nextSequenceNumber())
            }
        }
    }

    private func nextSequenceNumber() -> UInt32 {
        defer { sequenceNumber += 1 }
        return sequenceNumber
    }
}
