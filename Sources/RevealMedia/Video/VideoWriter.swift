import CVideo
import Foundation
import RevealRender

/// A video container and the codec we write in it.
public enum VideoFormat: String, CaseIterable, Sendable {
    /// MP4 with H.264 (libx264), its index first ("faststart") so that a browser starts playing early.
    case mp4
    /// WebM with VP9 (libvpx).
    case webm

    /// The format a file's extension names (`.mp4`, `.webm`, any case); nil for another.
    public init?(path: String) {
        let name = (path as NSString).pathExtension.lowercased()
        self.init(rawValue: name)
    }

    /// The container, as people write it.
    public var name: String { self == .mp4 ? "MP4" : "WebM" }

    /// The codec, as people call it.
    public var codec: String { self == .mp4 ? "H.264" : "VP9" }

    /// FFmpeg's name for the encoder.
    var encoder: String { self == .mp4 ? "libx264" : "libvpx-vp9" }

    /// The encoder's constant rate factor: its largest (worst) value, and the default. For H.264 that
    /// is 23, libx264's own and FFmpeg's guide's. For VP9 it is 33: at the speed we encode at (see
    /// cvideo.c), it matches the bytes and PSNR of the guide's 32 at FFmpeg's slower default speed.
    public var crfRange: ClosedRange<Int> { self == .mp4 ? 0...51 : 0...63 }
    public var defaultCRF: Int { self == .mp4 ? 23 : 33 }

    /// The encoder's threads: fixed, since x264's bytes depend on the count (libvpx's rows are shared
    /// out to two, the machines' usual cores; more only wait on each other there).
    var threads: Int32 { self == .mp4 ? 4 : 2 }

    /// The encoder's CRF for a quality from 0 (worst) to 100 (best); the recommended one for nil.
    public func crf(quality: Double?) -> Int {
        guard let quality else { return defaultCRF }
        return Int(((100 - min(max(quality, 0), 100)) / 100 * Double(crfRange.upperBound)).rounded())
    }

    /// The frame size in the video: H.264 in 4:2:0 needs even sides, VP9 does not.
    public func codedSize(width: Int, height: Int) -> (width: Int, height: Int) {
        (Int(cvideo_coded_size(encoder, Int32(width))), Int(cvideo_coded_size(encoder, Int32(height))))
    }
}

/// Why a video cannot be written.
public struct VideoError: Error, CustomStringConvertible {
    /// Whether the input or the installed libraries are at fault (a bad request: exit 2), or writing.
    public enum Kind: Sendable { case unsupported, writing }
    public var kind: Kind
    public var path: String
    public var reason: String

    public var description: String { "\(displayPath(path)): \(reason)" }
}

/// Streams a sequence's frames into a video (MP4 with H.264, or WebM with VP9) through FFmpeg's
/// libraries, written atomically (a hidden temporary name, renamed into place by `finish()`).
///
/// Frames are converted to BT.709 limited-range 4:2:0 (`yuv420p`, what every browser plays), shown
/// over black where they are translucent, and tagged BT.709 in the stream. H.264's sides are made even
/// by repeating the last column or row. The frame rate is the sequence's, as an exact fraction in
/// the stream (MP4 keeps it exactly; WebM stores times in milliseconds). Quality is constant (a CRF),
/// and the encoders run on a fixed number of threads and without version strings. A WebM's bytes are
/// the same for the same frames with the same libvpx. An MP4's are the same when the same command
/// runs again, but not always when the process did other work first: Debian's libx264 (0.164) reads
/// memory it never wrote, and its output changes with glibc's `MALLOC_PERTURB_`, in ffmpeg's own
/// command as in ours; the pixels then differ by a few levels here and there. Another version of libx264
/// or libvpx may encode the frames differently.
public final class VideoWriter: FrameObserver {
    /// The file the video ends up in.
    public let path: String
    public let format: VideoFormat
    /// The frames' size, and the video's (even for H.264).
    public let width: Int, height: Int
    public let codedWidth: Int, codedHeight: Int
    /// The encoder's constant rate factor.
    public let crf: Int
    public let frameCount: Int

    private var file: OutputFile?
    private var encoder: Encoder?
    private var observed = 0
    /// Frames handed to the encoder's thread, oldest first; at most `inFlight` wait, so the next frame
    /// renders while one is converted and encoded.
    private var pending: [(done: PendingResult<Bool>, pixels: FrameCopy)] = []
    private static let inFlight = 2
    /// Copies of frames whose encoding has ended, for the next ones: a frame handed on as a `Pixmap`
    /// would be copied by the renderer's next write into it, in new memory every frame.
    private var spare: [FrameCopy] = []

    /// Starts the file: `frameCount` frames at `fps`, at a `quality` from 0 to 100 (nil: the codec's
    /// recommended CRF).
    public init(
        path: String, format: VideoFormat, width: Int, height: Int, fps: Double, frameCount: Int,
        quality: Double? = nil
    ) throws {
        (self.path, self.format, self.width, self.height, self.frameCount) = (path, format, width, height, frameCount)
        (codedWidth, codedHeight) = format.codedSize(width: width, height: height)
        crf = format.crf(quality: quality)
        func unsupported(_ reason: String) -> VideoError { VideoError(kind: .unsupported, path: path, reason: reason) }
        guard let delay = APNGWriter.frameDelay(fps: fps) else {
            throw unsupported("cannot write a video at \(fps) frames per second")
        }
        var message = [CChar](repeating: 0, count: 512)
        if cvideo_load(&message, message.count) != CVIDEO_OK {
            throw unsupported(
                "cannot load FFmpeg's \(text(message)): install Debian's libavcodec59 and libavformat59 to write video"
            )
        }
        if cvideo_has_encoder(format.encoder) == 0 {
            throw unsupported(
                format == .mp4
                    ? "the installed libavcodec has no H.264 encoder (libx264): install Debian's libavcodec59 with libx264-164, or libavcodec-extra59, or write WebM (VP9) instead"
                    : "the installed libavcodec has no VP9 encoder (libvpx-vp9): install Debian's libavcodec59 with libvpx7, or write MP4 instead"
            )
        }
        let file = try OutputFile(path: path)
        if format == .mp4 && !file.canSeek {
            file.discard()
            throw unsupported("an MP4 needs a file it can seek in, not a pipe; write WebM to a pipe")
        }
        var status = CVIDEO_OK
        let opened = file.writingPath.withCString { reread in
            format.rawValue.withCString { container in
                format.encoder.withCString { encoderName in
                    var settings = cvideo_settings(
                        container: container, encoder: encoderName, fd: file.descriptor,
                        reread_path: reread, width: Int32(width), height: Int32(height),
                        rate_num: Int32(delay.denominator), rate_den: Int32(delay.numerator), crf: Int32(crf),
                        threads: format.threads)
                    return cvideo_open(&settings, &status, &message, message.count)
                }
            }
        }
        guard let opened else {
            file.discard()
            let reason = text(message)
            throw status == CVIDEO_WRITE_FAILED
                ? VideoError(kind: .writing, path: path, reason: reason)
                : unsupported("\(format.codec) cannot encode \(width)×\(height) frames: \(reason)")
        }
        self.file = file
        encoder = Encoder(handle: opened)
    }

    deinit { cancel() }

    /// Starts loading FFmpeg's libraries on another thread, so that a writer made once the scene is read
    /// finds them loaded: loading takes 20–30 ms, a tenth of a small video's time. A writer made before
    /// they are loaded waits for them.
    public static func preloadLibraries() {
        DispatchQueue.global().async {
            var message = [CChar](repeating: 0, count: 256)
            _ = cvideo_load(&message, message.count)
        }
    }

    public func observe(_ pixmap: Pixmap, frame index: Int, changedRows _: Range<Int>) throws {
        guard let encoder, file != nil else { throw failure("the video is already finished or abandoned") }
        guard pixmap.width == width, pixmap.height == height else {
            cancel()
            throw failure("frame \(index) is \(pixmap.width)×\(pixmap.height), but the video is \(width)×\(height)")
        }
        do {
            while pending.count >= Self.inFlight { try settleOldest() }
        } catch {
            cancel()
            throw error
        }
        let (done, pts, stride, path) = (PendingResult<Bool>(), Int64(observed), width * 4, path)
        let pixels = spare.popLast() ?? FrameCopy(count: pixmap.bytes.count)
        pixels.bytes.withUnsafeMutableBytes { copy in pixmap.bytes.withUnsafeBytes { copy.copyMemory(from: $0) } }
        observed += 1
        pending.append((done, pixels))
        encoder.queue.async {
            var message = [CChar](repeating: 0, count: 512)
            let status = pixels.bytes.withUnsafeBufferPointer {
                cvideo_write(encoder.handle, $0.baseAddress, stride, pts, &message, message.count)
            }
            done.finish(status == CVIDEO_OK ? .success(true) : .failure(OutputError(path: path, reason: text(message))))
        }
    }

    public func finish() throws {
        guard let encoder, let file else { throw failure("the video is already finished or abandoned") }
        guard observed == frameCount else {
            cancel()
            throw failure("only \(observed) of the video's \(frameCount) frames were given")
        }
        var message = [CChar](repeating: 0, count: 512)
        do {
            while !pending.isEmpty { try settleOldest() }
            guard cvideo_finish(encoder.handle, &message, message.count) == CVIDEO_OK else {
                throw failure(text(message))
            }
        } catch {
            cancel()
            throw error
        }
        self.encoder = nil
        self.file = nil
        try file.commit()
    }

    public func cancel() {
        // The encoder writes to the file's descriptor: every frame handed to it ends before the file does.
        for frame in pending { _ = frame.done.wait() }
        pending = []
        spare = []
        encoder = nil
        file?.discard()
        file = nil
    }

    /// Waits for the oldest frame handed to the encoder; throws why it failed.
    private func settleOldest() throws {
        let oldest = pending.removeFirst()
        if case .failure(let error) = oldest.done.wait() { throw failure(error.reason) }
        spare.append(oldest.pixels)
    }

    private func failure(_ reason: String) -> VideoError { VideoError(kind: .writing, path: path, reason: reason) }
}

/// FFmpeg's encoder for one file, used on its own serial queue, one frame at a time; freed with it.
private final class Encoder: @unchecked Sendable {
    let handle: OpaquePointer
    let queue = DispatchQueue(label: "reveal-render.video-encode")

    init(handle: OpaquePointer) { self.handle = handle }

    deinit { cvideo_free(handle) }
}

/// One frame's bytes on their way to the encoder, written by the rendering thread and then read by
/// the encoder's, never both at once (`pending` orders them).
private final class FrameCopy: @unchecked Sendable {
    var bytes: [UInt8]

    init(count: Int) { bytes = [UInt8](repeating: 0, count: count) }
}

/// A C message buffer's text, up to its terminating zero.
private func text(_ buffer: [CChar]) -> String {
    String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
