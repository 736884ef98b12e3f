import Foundation
import RevealRender

/// The frames of a user's view, from the program `ViewBuild` made, run as a child process: it plays the
/// script and streams the frames (`FrameStream`); this side keeps the frame and hands it to the writers.
/// A crash in the user's code ends the stream: the export stops with the signal and the last event.
final class ViewProcess {
    private let process = Process()
    private let input: FileHandle
    private var buffer: [UInt8] = []
    private var start = 0
    private(set) var header: FrameStream.Header
    /// The event the view was handling last ("touches[0] moved at (52, 35) at t = 0.117 s").
    private(set) var lastEvent: String?
    /// What VoiceOver reads in the frame read last.
    private(set) var accessibility: [AccessibilityElement] = []
    private var reader: FrameStream.Reader!

    /// Names a script error's place: the script file, or "the default script".
    private let scriptName: String

    /// Starts `program` with `arguments` and reads its header; `script` names the script in errors.
    init(program: String, arguments: [String], script: String?) throws {
        scriptName = script.map { displayPath($0) } ?? "the default script"
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        // The runtime's own backtrace is for debugging the runner; the user gets the error and our summary.
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardInput = FileHandle.nullDevice
        input = pipe.fileHandleForReading
        header = FrameStream.Header(width: 1, height: 1, scale: 1, fps: 1, frameCount: 0)
        try process.run()
        reader = FrameStream.Reader { [unowned self] count in self.read(count) }
        switch try next() {
        case .header(let header): self.header = header
        default: throw ended()
        }
    }

    deinit {
        // The child ends on its own once it has sent its frames (after its --timings line, which a
        // terminate would cut off) or once its pipe is closed; a child that does neither is stopped.
        try? input.close()
        let deadline = Date().addingTimeInterval(2)
        while process.isRunning && Date() < deadline { usleep(2_000) }
        if process.isRunning { process.terminate() }
    }

    /// The next message that is not an event (events are noted as the last one handled).
    func next() throws -> FrameStream.Message {
        while let message = reader.next() {
            switch message {
            case .event(let event): lastEvent = event
            case .accessibility(let elements): accessibility = elements
            case .failure(let text): throw CommandFailure(description: "\(scriptName): \(text)", code: 2)
            default: return message
            }
        }
        throw ended()
    }

    /// Why the stream ended early: the signal or exit status, and the last event handled.
    private func ended() -> CommandFailure {
        process.waitUntilExit()
        let event = lastEvent.map { " while handling \($0)" } ?? " before the first event"
        if process.terminationReason == .uncaughtSignal {
            let signal = process.terminationStatus
            return CommandFailure(
                description:
                    "reveal-render: the view's code crashed (\(signalName(signal)))\(event); no manifest was written",
                code: 1)
        }
        return CommandFailure(
            description: "reveal-render: the view's program stopped (exit status \(process.terminationStatus))\(event)",
            code: 1)
    }

    /// Exactly `count` bytes, or nil at the end of the stream.
    private func read(_ count: Int) -> [UInt8]? {
        while buffer.count - start < count {
            let chunk = input.availableData
            if chunk.isEmpty { return nil }
            if start > 0 {
                buffer.removeFirst(start)
                start = 0
            }
            buffer += chunk
        }
        defer { start += count }
        return Array(buffer[start..<start + count])
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

/// The child's frames as a sequence for the writers: each frame is the one before with the rows sent.
struct ViewProcessSequence: FrameSequence, ChangedRowsReporting {
    let child: ViewProcess
    private var frame: Pixmap
    private var last = -1
    /// The rows the frames read by the last `render` replaced.
    private(set) var lastChangedRows: Range<Int> = 0..<0

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
        lastChangedRows = last < 0 ? 0..<frame.height : 0..<0
        while last < index {
            guard case .frame(let number, let patches) = try child.next() else { continue }
            for patch in patches {
                guard frame.replace(patch) else {
                    throw CommandFailure(
                        description: "reveal-render: the view's program sent a frame that does not fit", code: 1)
                }
                let rows = patch.y..<patch.y + patch.height
                lastChangedRows =
                    lastChangedRows.isEmpty
                    ? rows
                    : min(
                        lastChangedRows.lowerBound, rows.lowerBound)..<max(lastChangedRows.upperBound, rows.upperBound)
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
