import Foundation
import RevealRender

/// The frames of a user's view, from the program `ViewBuild` made, run as a child process: it plays the
/// script and streams the frames (`FrameStream`); this side keeps the frame and hands it to the writers.
/// A crash in the user's code ends the stream: the export stops with the signal and the last event. The
/// child never outlives this side (`ChildProcess`), and this side never waits on a child that may be waiting
/// on it: whatever ends the stream early kills the child before it is waited for.
final class ViewProcess {
    private let child: ChildProcess
    private let stream: Int32
    private let runtime: RuntimeReport
    private var buffer: [UInt8] = []
    private var start = 0
    /// Whether the stream reached its end (as opposed to bytes that are not a message).
    private var streamEnded = false
    private(set) var header: FrameStream.Header
    /// The event the view was handling last ("touches[0] moved at (52, 35) at t = 0.117 s").
    private(set) var lastEvent: String?
    /// What VoiceOver reads in the frame read last.
    private(set) var accessibility: [AccessibilityElement] = []
    private var reader: FrameStream.Reader!

    /// Names a script error's place: the script file, or "the default script".
    private let scriptName: String
    /// The ceiling the program's memory was given (`--max-memory`), named when it is reached.
    private let memoryCeiling: UInt64

    /// Starts `program` with `arguments` (its memory held under `memoryCeiling` bytes) and reads its header;
    /// `script` names the script in errors, and `files`, the user's, name the places of a crash.
    init(program: String, arguments: [String], script: String?, files: [String], memoryCeiling: UInt64) throws {
        scriptName = script.map { displayPath($0) } ?? "the default script"
        self.memoryCeiling = memoryCeiling
        let streamPipe = try makePipe()
        let errorPipe: [Int32]
        do {
            errorPipe = try makePipe()
        } catch {
            close(streamPipe[0])
            close(streamPipe[1])
            throw error
        }
        runtime = RuntimeReport(reading: errorPipe[0], files: files)
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = runtime.backtraceSetting
        // Sets and dictionaries iterate in the same order on every run (the Swift runtime's documented switch
        // for deterministic hashing); the view's random numbers come from the scene's stream (CSceneHooks).
        environment["SWIFT_DETERMINISTIC_HASHING"] = "1"
        let null = open("/dev/null", O_RDONLY | O_CLOEXEC)
        let started = Result {
            try ChildProcess(
                program, arguments + ["--max-memory", "\(memoryCeiling)"], environment: environment, stdin: null,
                stdout: streamPipe[1], stderr: errorPipe[1])
        }
        // Only the child holds the write ends now: its end is the streams' end.
        close(null)
        close(streamPipe[1])
        close(errorPipe[1])
        do {
            child = try started.get()
        } catch {
            close(streamPipe[0])
            throw error
        }
        stream = streamPipe[0]
        header = FrameStream.Header(width: 1, height: 1, scale: 1, fps: 1, frameCount: 0)
        reader = FrameStream.Reader { [unowned self] count in self.read(count) }
        switch try next() {
        case .header(let header): self.header = header
        default: throw ended()
        }
    }

    deinit {
        // The child ends on its own once it has sent its frames (after its --timings line, which a kill would
        // cut off) or once its stream is closed; a child that does neither is stopped.
        close(stream)
        finish(within: 2)
        runtime.close()
    }

    /// Waits up to `seconds` for the child to end, then kills it.
    private func finish(within seconds: Double) {
        let deadline = Date().addingTimeInterval(seconds)
        while child.isRunning && Date() < deadline { usleep(2_000) }
        child.kill(SIGKILL)
        child.wait()
    }

    /// The next message that is not an event (events are noted as the last one handled).
    func next() throws -> FrameStream.Message {
        while let message = reader.next() {
            switch message {
            case .event(let event): lastEvent = event
            case .accessibility(let elements): accessibility = elements
            case .failure(let text): throw CommandFailure(description: "\(scriptName): \(text)", code: 2)
            case .stopped(let text):
                finish(within: 2)
                throw CommandFailure(description: "reveal-render: \(text); no manifest was written", code: 1)
            default: return message
            }
        }
        throw ended()
    }

    /// Ends the run for a message this side will not take (a frame count past the limit): the child is
    /// stopped first.
    func refuse(_ failure: CommandFailure) -> CommandFailure {
        child.kill(SIGKILL)
        child.wait()
        return failure
    }

    /// Why the stream ended early: a stop signal, bytes that are not a frame stream, the memory ceiling, the
    /// signal or exit status, with the last event handled.
    private func ended() -> CommandFailure {
        let garbled = !streamEnded
        if garbled { child.kill(SIGKILL) }
        let termination = child.wait()
        let event = lastEvent.map { " while handling \($0)" } ?? " before the first event"
        if let stop = SignalWatch.shared.stopBeforeFrames() { return stop }
        if garbled {
            return CommandFailure(
                description:
                    "reveal-render: the view's program sent bytes that are not part of a frame\(event) (did its code write to a descriptor it did not open?); no manifest was written",
                code: 1)
        }
        let details = runtime.crashDetails()
        if runtime.ranOutOfMemory {
            return CommandFailure(
                description: ([
                    "reveal-render: the view's program ran out of memory under its ceiling of \(ByteCount(memoryCeiling)) (--max-memory)\(event); no manifest was written"
                ] + details).joined(separator: "\n"),
                code: 1)
        }
        if case .signaled(let signal) = termination {
            return CommandFailure(
                description: ([
                    "reveal-render: the view's code crashed (\(signalName(signal)))\(event); no manifest was written"
                ] + details).joined(separator: "\n"),
                code: 1)
        }
        let status: Int32 = if case .exited(let status) = termination { status } else { 0 }
        return CommandFailure(
            description: (["reveal-render: the view's program stopped (exit status \(status))\(event)"] + details)
                .joined(separator: "\n"),
            code: 1)
    }

    /// Exactly `count` bytes, or nil at the end of the stream.
    private func read(_ count: Int) -> [UInt8]? {
        while buffer.count - start < count {
            if start > 0 {
                buffer.removeFirst(start)
                start = 0
            }
            guard let chunk = readChunk() else {
                streamEnded = true
                return nil
            }
            buffer += chunk
        }
        defer { start += count }
        return Array(buffer[start..<start + count])
    }

    /// What the stream has now (waiting for some), or nil at its end.
    private func readChunk() -> ArraySlice<UInt8>? {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(stream, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            return n > 0 ? chunk[0..<n] : nil
        }
    }
}

/// SIGSEGV, SIGILL (a Swift runtime trap), …
private func signalName(_ signal: Int32) -> String {
    let names: [Int32: String] = [
        SIGILL: "SIGILL, a Swift runtime error such as a failed precondition",
        SIGTRAP: "SIGTRAP, a Swift runtime error",
        SIGSEGV: "SIGSEGV", SIGBUS: "SIGBUS", SIGFPE: "SIGFPE", SIGABRT: "SIGABRT", SIGKILL: "SIGKILL",
        SIGTERM: "SIGTERM",
    ]
    return names[signal] ?? "signal \(signal)"
}

/// A byte count as people read it: "8 GiB", "512 MiB", "1000 bytes".
struct ByteCount: CustomStringConvertible {
    let bytes: UInt64
    init(_ bytes: UInt64) { self.bytes = bytes }

    var description: String {
        for (unit, size) in [("GiB", UInt64(1) << 30), ("MiB", UInt64(1) << 20), ("KiB", UInt64(1) << 10)]
        where bytes >= size {
            let value = Double(bytes) / Double(size)
            return (value == value.rounded() ? "\(Int(value))" : String(format: "%.1f", value)) + " " + unit
        }
        return "\(bytes) bytes"
    }
}

/// The child's frames as a sequence for the writers: each frame is the one before with the rows sent.
struct ViewProcessSequence: FrameSequence, DamageReporting {
    let child: ViewProcess
    private var frame: Pixmap
    private var last = -1
    /// What the frames read by the last `render` replaced.
    private(set) var lastDamage = DamageRegion(width: 0, height: 0)

    init(_ child: ViewProcess) throws {
        self.child = child
        frame = try Pixmap(width: child.header.width, height: child.header.height)
    }

    var pixelWidth: Int { child.header.width }
    var pixelHeight: Int { child.header.height }
    var scale: Double { child.header.scale }
    var fps: Double { child.header.fps }
    var frameCount: Int { child.header.frameCount }
    var summary: [(String, FrameMetadata)] { [] }

    mutating func render(frame index: Int) throws -> Pixmap {
        lastDamage =
            last < 0
            ? .whole(width: frame.width, height: frame.height) : DamageRegion(width: frame.width, height: frame.height)
        while last < index {
            guard case .frame(let number, let patches) = try child.next() else { continue }
            for patch in patches {
                guard frame.replace(patch) else {
                    throw CommandFailure(
                        description: "reveal-render: the view's program sent a frame that does not fit", code: 1)
                }
                lastDamage.add(PixelBox(x: patch.x, y: patch.y, width: patch.width, height: patch.height))
            }
            last = number
        }
        return frame
    }

    /// What VoiceOver reads in the frame, asked right after it is rendered (as the export does).
    func metadata(frame index: Int) -> [(String, FrameMetadata)] {
        [("accessibility", .list(child.accessibility.map(\.metadata)))]
    }

    func frame(_ index: Int, looksLike other: Int) -> Bool { false }
}
