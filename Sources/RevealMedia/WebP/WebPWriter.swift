import CWebP
import Foundation
import RevealRender

/// Streams a sequence's frames into an animated WebP, written atomically (a hidden temporary name,
/// renamed into place by `finish()`): lossless by default, lossy at a `quality` from 0 to 100.
///
/// The container is written here as Google's "WebP Container Specification" lays it out (`VP8X`,
/// `ANIM`, then one `ANMF` a frame) and each frame is encoded by libwebp's `WebPEncode` as it comes,
/// so memory stays the size of a frame whatever the sequence's length. A frame stores the rectangle
/// around its changes (grown to even offsets, which `ANMF` requires). When every changed pixel is
/// opaque, the unchanged pixels inside it are made transparent and the frame is alpha-blended over the
/// canvas, which compresses better and shows the same pixels; otherwise the rectangle replaces the
/// canvas as it is. A frame that changes nothing lengthens the one before (as libwebp's own animation
/// encoder does): a frame lasts from its time to the next change, in whole milliseconds, each rounded
/// from the sequence's own times so that the total is the sequence's to the millisecond. The `RIFF`
/// size and the alpha flag are filled in by `finish()`, so the destination must be a file that can
/// seek, not a pipe.
public final class WebPWriter: FrameObserver {
    /// The file the animation ends up in.
    public let path: String
    /// The canvas, in pixels.
    public let width: Int, height: Int
    /// The sequence's rate and length.
    public let fps: Double, frameCount: Int
    /// Nil for lossless; 0 to 100 for lossy (libwebp's quality factor).
    public let quality: Double?

    private var file: OutputFile?
    private var shown: Pixmap?
    private var written = 0
    private var observed = 0
    /// The frames the file holds so far: fewer than the sequence's where a frame changes nothing.
    public private(set) var framesWritten = 0
    private var translucent = false
    /// Frames not yet written, oldest first, each encoding on `encoding` meanwhile: a frame's duration
    /// lasts until the next change, and at most `inFlight` wait.
    private var pending: [(frame: Frame, start: Int)] = []
    private let encoding = DispatchQueue(label: "reveal-render.webp-encode", attributes: .concurrent)
    private let inFlight = 2 * max(1, ProcessInfo.processInfo.activeProcessorCount)

    /// Starts the file: `frameCount` frames at `fps`, played `loops` times (0: forever).
    public init(
        path: String, width: Int, height: Int, fps: Double, frameCount: Int, loops: Int = 0, quality: Double? = nil
    ) throws(OutputError) {
        (self.path, self.width, self.height, self.fps, self.frameCount, self.quality) =
            (path, width, height, fps, frameCount, quality)
        func invalid(_ reason: String) -> OutputError { OutputError(path: path, reason: reason) }
        // The canvas's sides are 24-bit; a frame's are bounded by VP8L's 14 bits.
        guard (1...16_383).contains(width), (1...16_383).contains(height) else {
            throw invalid("cannot write a \(width)×\(height) WebP (its sides are at most 16383)")
        }
        guard fps.isFinite, fps > 0, 1000 / fps < Double(1 << 24), frameCount >= 1 else {
            throw invalid("cannot write \(frameCount) frames at \(fps) frames per second as a WebP")
        }
        guard (0...Int(UInt16.max)).contains(loops) else {
            throw invalid("loop count \(loops) is outside 0...65535")
        }
        if let quality, !(0...100).contains(quality) { throw invalid("quality \(quality) is outside 0...100") }
        let file = try OutputFile(path: path)
        guard file.canSeek else {
            file.discard()
            throw invalid("an animated WebP needs a file it can seek in (its size comes first), not a pipe")
        }
        self.file = file
        var header = Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBP".utf8)
        WebPWriter.append(chunk: "VP8X", to: &header) {
            $0 += [0x02, 0, 0, 0]  // animation; the alpha flag is set by finish() when a frame needs it
            $0.append24(width - 1)
            $0.append24(height - 1)
        }
        WebPWriter.append(chunk: "ANIM", to: &header) {
            $0 += [0, 0, 0, 0]  // background: transparent
            $0 += [UInt8(loops & 0xFF), UInt8(loops >> 8)]
        }
        try file.write(header)
        written = header.count
    }

    deinit { cancel() }

    public func observe(_ pixmap: Pixmap, frame index: Int, changedRows: Range<Int>) throws {
        do throws(OutputError) {
            guard file != nil else { throw failure("the WebP is already finished or abandoned") }
            guard pixmap.width == width, pixmap.height == height else {
                throw failure("frame \(index) is \(pixmap.width)×\(pixmap.height), but the WebP is \(width)×\(height)")
            }
            guard observed < frameCount else {
                throw failure("more frames than the \(frameCount) the WebP was started with")
            }
            let start = Int((1000 * Double(observed) / fps).rounded())
            observed += 1
            // An unchanged frame lengthens the one before, as libwebp's own animation encoder does.
            let changed = shown?.changedRect(to: pixmap, rows: changedRows)
            if shown != nil && changed == nil { return }
            pending.append((try frameData(pixmap, changed: changed, index: index), start))
            while pending.count > inFlight { try writeOldest(until: pending[1].start) }
        } catch {
            cancel()
            throw error
        }
    }

    public func finish() throws {
        do throws(OutputError) {
            guard let file else { throw failure("the WebP is already finished or abandoned") }
            guard observed == frameCount else {
                throw failure("only \(observed) of the WebP's \(frameCount) frames were given")
            }
            while !pending.isEmpty {
                try writeOldest(
                    until: pending.count > 1 ? pending[1].start : Int((1000 * Double(frameCount) / fps).rounded()))
            }
            guard written - 8 <= Int(UInt32.max) else { throw failure("the WebP would be larger than 4 GiB") }
            var size: [UInt8] = []
            size.append32(written - 8)
            try file.write(size, at: 4)
            if translucent { try file.write([0x12], at: 20) }  // VP8X flags: alpha and animation
            self.file = nil
            try file.commit()
        } catch {
            cancel()
            throw error
        }
    }

    public func cancel() {
        file?.discard()
        file = nil
        shown = nil
        for (frame, _) in pending { _ = frame.bitstream.wait() }  // the encoders hold no file
        pending = []
    }

    private func failure(_ reason: String) -> OutputError { OutputError(path: path, reason: reason) }

    /// Writes the oldest frame held back, shown until `end` (in milliseconds).
    private func writeOldest(until end: Int) throws(OutputError) {
        guard let file, !pending.isEmpty else { return }
        let (frame, start) = pending.removeFirst()
        let bitstream = try frame.bitstream.wait().get()
        var chunk: [UInt8] = []
        WebPWriter.append(chunk: "ANMF", to: &chunk) {
            $0.append24(frame.rect.x / 2)
            $0.append24(frame.rect.y / 2)
            $0.append24(frame.rect.width - 1)
            $0.append24(frame.rect.height - 1)
            $0.append24(end - start)
            $0.append(frame.blends ? 0 : 0x02)  // blending bit set: do not blend; disposal: none
            $0 += bitstream
        }
        try file.write(chunk)
        written += chunk.count
        framesWritten += 1
    }

    /// What one frame stores: its rectangle, whether it blends, and its image chunks (once encoded).
    private struct Frame {
        var rect: PixelRect
        var blends: Bool
        var bitstream: PendingResult<[UInt8]>
    }

    /// The `changed` rectangle of `pixmap` (since the frame shown; nil: the first frame, whole), encoded.
    private func frameData(_ pixmap: Pixmap, changed: PixelRect?, index: Int) throws(OutputError) -> Frame {
        var rect = changed ?? PixelRect(x: 0, y: 0, width: width, height: height)
        // ANMF offsets are stored halved.
        rect = PixelRect(
            x: rect.x & ~1, y: rect.y & ~1, width: rect.width + (rect.x & 1), height: rect.height + (rect.y & 1))
        let pixels: Pixmap
        let blends: Bool
        do {
            // Blended over the canvas, as the APNG writer stores its frames, when every changed pixel is opaque.
            (pixels, blends) = try Pixmap.advance(&shown, to: pixmap, in: rect, clearing: true)
        } catch {
            throw failure("cannot hold frame \(index): \(error)")
        }
        // The frame's own pixels have alpha, which the VP8X flags must declare.
        translucent = translucent || blends || !pixels.isOpaque
        var rgba = [UInt8](repeating: 0, count: rect.width * rect.height * 4)
        pixels.writeStraight(
            PixelRect(x: 0, y: 0, width: rect.width, height: rect.height), to: &rgba, offset: 0, stride: rect.width * 4)
        let frame = Frame(rect: rect, blends: blends, bitstream: PendingResult())
        let (quality, path) = (quality, path)
        encoding.async { [rgba, rect] in
            frame.bitstream.finish(
                Result { () throws(OutputError) in
                    try WebPWriter.encode(
                        rgba, width: rect.width, height: rect.height, quality: quality, frame: index, path: path)
                })
        }
        return frame
    }

    /// The image chunks (`VP8L`, or `ALPH` and `VP8 `) of `rgba` as libwebp encodes it.
    private static func encode(
        _ rgba: [UInt8], width: Int, height: Int, quality: Double?, frame index: Int, path: String
    ) throws(OutputError) -> [UInt8] {
        func failure(_ reason: String) -> OutputError { OutputError(path: path, reason: reason) }
        var config = WebPConfig()
        var picture = WebPPicture()
        guard WebPConfigInit(&config) != 0, WebPPictureInit(&picture) != 0 else {
            throw failure("cannot start libwebp")
        }
        // As cwebp and img2webp by default: method 4; lossless at effort 75.
        config.lossless = quality == nil ? 1 : 0
        config.quality = Float(quality ?? 75)
        config.method = 4
        picture.use_argb = 1
        picture.width = Int32(width)
        picture.height = Int32(height)
        var memory = WebPMemoryWriter()
        WebPMemoryWriterInit(&memory)
        defer {
            WebPPictureFree(&picture)
            WebPMemoryWriterClear(&memory)
        }
        let imported = rgba.withUnsafeBufferPointer {
            WebPPictureImportRGBA(&picture, $0.baseAddress, Int32(width * 4))
        }
        guard imported != 0 else { throw failure("cannot hold frame \(index) for libwebp") }
        picture.writer = WebPMemoryWrite
        withUnsafeMutablePointer(to: &memory) { picture.custom_ptr = UnsafeMutableRawPointer($0) }
        guard WebPEncode(&config, &picture) != 0, let out = memory.mem, memory.size > 12 else {
            throw failure("libwebp cannot encode frame \(index) (error \(picture.error_code.rawValue))")
        }
        // A whole WebP file: the chunks after its RIFF header, without the VP8X of a lossy frame with alpha.
        var chunks = Array(UnsafeBufferPointer(start: out + 12, count: memory.size - 12))
        if chunks.starts(with: Array("VP8X".utf8)) { chunks.removeFirst(8 + 10) }
        return chunks
    }

    /// Appends a chunk: its fourCC, its size, its payload and a pad byte when the size is odd.
    static func append(chunk fourCC: String, to out: inout [UInt8], payload: (inout [UInt8]) -> Void) {
        var body: [UInt8] = []
        payload(&body)
        out += Array(fourCC.utf8)
        out.append32(body.count)
        out += body
        if body.count % 2 == 1 { out.append(0) }
    }
}

extension [UInt8] {
    /// Little-endian, as RIFF stores numbers.
    fileprivate mutating func append24(_ v: Int) {
        self += [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF)]
    }
    fileprivate mutating func append32(_ v: Int) {
        append24(v)
        append(UInt8(v >> 24 & 0xFF))
    }
}
