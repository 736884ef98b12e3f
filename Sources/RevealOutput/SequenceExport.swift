import CPNG
import Foundation
import RevealCore
import RevealRaster

extension FrameSequence {
    /// PNG settings with this sequence's pixel density.
    public func pngOptions(_ base: PNGEncodingOptions = .init()) -> PNGEncodingOptions {
        var options = base
        options.pixelsPerMeter = UInt32((72 * scale / 0.0254).rounded())
        return options
    }
}

/// Where an export's time went, for benchmarks. Encoding runs on several threads, so `encode` and
/// `write` add up the time of each frame, not the wall clock.
public struct ExportTimings: Sendable {
    /// Seconds spent rendering frames on the calling thread (a repeated frame is not counted: it is not
    /// drawn again, or only for observers, where drawing it changes nothing).
    public var render = 0.0
    /// Seconds spent compressing frames to PNG, summed over frames.
    public var encode = 0.0
    /// Seconds spent writing frame files, summed over frames.
    public var write = 0.0
    /// The total size of the frame files written, in bytes.
    public var bytes = 0
    /// The number of frame files written.
    public var frames = 0

    /// Timings of zero: nothing rendered, encoded or written yet.
    public init() {}
}

/// One frame's PNG, filled in by whichever thread encodes it.
private final class EncodedFrame: @unchecked Sendable {
    private let ready = DispatchSemaphore(value: 0)
    private var value: [UInt8]?

    func set(_ bytes: [UInt8]?) {
        value = bytes
        ready.signal()
    }

    /// Waits until the frame is encoded (nil if that failed).
    func wait() -> [UInt8]? {
        ready.wait()
        ready.signal()
        return value
    }
}

/// An export stopped on request: the frames written are whole, and no manifest was written.
public struct ExportInterrupted: Error, Sendable {
    /// How many frames were begun before the stop; each of them was finished and written whole.
    public var framesWritten: Int
    /// How many frames the export was asked for.
    public var framesWanted: Int
}

/// State shared by the encoding threads: the first error and the time spent.
private final class ExportState: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var error: Error?
    private(set) var timings = ExportTimings()

    func fail(_ error: Error) {
        lock.withLock { if self.error == nil { self.error = error } }
    }

    func record(encode: Double, write: Double, bytes: Int) {
        lock.withLock {
            timings.encode += encode
            timings.write += write
            timings.bytes += bytes
            timings.frames += 1
        }
    }
}

/// Something else made from a sequence's frames as they are rendered: an animated PNG, a filmstrip.
public protocol FrameObserver: AnyObject {
    /// Receives every frame in order (a repeated frame as the same pixels again), which differs from
    /// the frame before it at most in `changedRows`.
    func observe(_ pixmap: Pixmap, frame index: Int, changedRows: Range<Int>) throws
    /// Called once all frames were observed: write the result.
    func finish() throws
    /// Called instead of `finish` when the export stops early: leave nothing behind.
    func cancel()
}

extension FrameObserver {
    /// Hands on a frame that may differ from the one before it in any row.
    public func observe(_ pixmap: Pixmap, frame index: Int) throws {
        try observe(pixmap, frame: index, changedRows: 0..<pixmap.height)
    }
}

extension APNGWriter: FrameObserver {
    public func observe(_ pixmap: Pixmap, frame index: Int, changedRows: Range<Int>) throws {
        try append(pixmap, changedRows: changedRows)
    }
}

/// The last stage of the pipeline: frames → PNG → files in a folder, manifest last.
///
/// Frames are rendered in order on the calling thread; one `PNGEncoder` compresses the changed
/// strips of up to two frames on all cores while the next frame is rendered, and files are written
/// with at most twice as many frames in flight as there are cores, so memory stays flat. A frame
/// whose state equals the previous one's reuses its PNG bytes instead of staging the same pixels again.
public enum SequenceExport {
    /// Renders `frames` of `sequence` into `folder` (when given) and hands each to `observers`. Frame
    /// files of earlier runs outside `frames` are removed before the manifest is written: the folder
    /// holds the frames its manifest lists. `identity` adds fields that tell runs apart (the command
    /// line's `sceneDigest`); without `wholeSequence` the manifest adds `totalFrames`. `progress` is called after each frame is handed on, with the number so
    /// far. When `shouldStop` turns true the frames already started are finished, observers are
    /// cancelled, no manifest is written, and `ExportInterrupted` is thrown. Returns where the time went.
    @discardableResult
    public static func run<S: FrameSequence>(
        _ sequence: inout S, frames: Range<Int>, folder: FrameFolder?,
        png: PNGEncodingOptions = .fast, wholeSequence: Bool,
        identity: [(String, FrameMetadata)] = [],
        observers: [FrameObserver] = [],
        shouldStop: () -> Bool = { false },
        progress: (Int) -> Void = { _ in }
    ) throws -> ExportTimings {
        var fields: [(String, FrameMetadata)] =
            [
                ("fps", .number(sequence.fps)), ("width", .int(sequence.pixelWidth)),
                ("height", .int(sequence.pixelHeight)),
            ] + sequence.summary + identity
        if !wholeSequence { fields.append(("totalFrames", .int(sequence.frameCount))) }
        // Held until this function returns, on every path.
        let lock = try folder.map { try $0.beginSequence() }
        defer { withExtendedLifetime(lock) {} }
        let manifest = try folder.map { try ManifestWriter(folder: $0, fields: fields) }
        var finished = false
        defer {
            if !finished {
                for observer in observers { observer.cancel() }
            }
        }
        let encoder = try PNGEncoder(
            width: sequence.pixelWidth, height: sequence.pixelHeight, options: sequence.pngOptions(png))
        // The encoder compresses up to two frames while the next is rendered; writes overlap them.
        let workers = max(1, ProcessInfo.processInfo.activeProcessorCount)
        let slots = DispatchSemaphore(value: 2 * workers)
        let group = DispatchGroup()
        let queue = DispatchQueue(label: "reveal-render.encode", attributes: .concurrent)
        let state = ExportState()
        // Whatever ends the loop, encoders still at work finish (their files stay whole) first.
        defer { group.wait() }
        cpng_return_large_buffers_to_the_system()
        var renderTime = 0.0
        var previous: (index: Int, frame: EncodedFrame)?
        var started = 0
        for (done, index) in frames.enumerated() {
            if state.error != nil { break }
            if shouldStop() { throw ExportInterrupted(framesWritten: started, framesWanted: frames.count) }
            started += 1
            let encoded = EncodedFrame()
            if let previous, sequence.frame(index, looksLike: previous.index) {
                if !observers.isEmpty {
                    // Drawn again for the observers, which changes nothing and costs next to
                    // nothing; keeping the last frame instead would make the renderer copy its
                    // frame on every draw.
                    let repeated = try sequence.render(frame: index)
                    let rows = sequence.rowsTheLastRenderMayHaveChanged
                    for observer in observers { try observer.observe(repeated, frame: index, changedRows: rows) }
                }
                if let folder {
                    let source = previous.frame
                    dispatch(queue, group, slots) {
                        guard let bytes = source.wait() else { return encoded.set(nil) }
                        write(bytes, frame: index, to: folder, encodeTime: 0, state: state, result: encoded)
                    }
                }
            } else {
                let t0 = DispatchTime.now().uptimeNanoseconds
                let rendered: Pixmap
                do {
                    rendered = try sequence.render(frame: index)
                } catch  where shouldStop() {
                    // A render the stop cut short (its source ended with the signal) is the stop itself.
                    throw ExportInterrupted(framesWritten: started - 1, framesWanted: frames.count)
                }
                renderTime += Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e9
                let rows = sequence.rowsTheLastRenderMayHaveChanged
                for observer in observers { try observer.observe(rendered, frame: index, changedRows: rows) }
                if let folder {
                    let t1 = DispatchTime.now().uptimeNanoseconds
                    let job = try encoder.stage(rendered, mayDiffer: sequence.rowsTheLastRenderMayHaveChanged)
                    let staging = Double(DispatchTime.now().uptimeNanoseconds - t1) / 1e9
                    dispatch(queue, group, slots) {
                        let t1 = DispatchTime.now().uptimeNanoseconds
                        let bytes: [UInt8]
                        do {
                            bytes = try job.encode()
                        } catch {
                            state.fail(error)
                            return encoded.set(nil)
                        }
                        let encodeTime = staging + Double(DispatchTime.now().uptimeNanoseconds - t1) / 1e9
                        write(bytes, frame: index, to: folder, encodeTime: encodeTime, state: state, result: encoded)
                    }
                }
            }
            previous = (index, encoded)
            try manifest?.append(
                [
                    ("index", .int(index)), ("time", .number(sequence.time(ofFrame: index))),
                    ("file", .string(FrameFolder.frameName(index))),
                ] + sequence.metadata(frame: index))
            progress(done + 1)
        }
        group.wait()
        if let error = state.error { throw error }
        var timings = state.timings
        timings.render = renderTime
        for observer in observers { try observer.finish() }
        finished = true
        if let folder {
            try folder.removeFrames(notIn: frames)
            try manifest?.finish()
        }
        return timings
    }

    /// Runs `work` on `queue` once one of the in-flight slots is free.
    private static func dispatch(
        _ queue: DispatchQueue, _ group: DispatchGroup, _ slots: DispatchSemaphore,
        _ work: @escaping @Sendable () -> Void
    ) {
        slots.wait()
        queue.async(group: group) {
            work()
            slots.signal()
        }
    }

    private static func write(
        _ bytes: [UInt8], frame index: Int, to folder: FrameFolder, encodeTime: Double,
        state: ExportState, result: EncodedFrame
    ) {
        let t0 = DispatchTime.now().uptimeNanoseconds
        do {
            try folder.write(frame: index, png: bytes)
            result.set(bytes)
            state.record(
                encode: encodeTime, write: Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e9, bytes: bytes.count)
        } catch {
            state.fail(error)
            result.set(nil)
        }
    }

    /// Renders one frame to a PNG file, written atomically.
    public static func still<S: FrameSequence>(
        _ sequence: inout S, frame index: Int, to path: String,
        png: PNGEncodingOptions = .fast
    ) throws {
        let pixmap = try sequence.render(frame: index)
        try AtomicFile.write(try PNG.encode(pixmap, options: sequence.pngOptions(png)), to: path)
    }
}
