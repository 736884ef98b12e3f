import CSceneHooks
import Foundation
import RevealPlayer
import RevealRender
import SwiftUI
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The entry point of the program `reveal-render swiftui` builds from a user's files: it plays the view
/// through the script it is given and streams the frames (`FrameStream`) to the `reveal-render` that
/// started it, which writes them. The user's code runs only here, so a crash in it cannot leave a
/// half-written file behind.
public enum ViewHost {
    /// Plays `view` as the command line says, then exits:
    /// `--script FILE` (else the default script), `--fps N`, `--scale S`, `--reduce-motion`, `--hold S`,
    /// `--redraw-all` (every frame drawn whole), `--time-budget S` and `--jobs-per-frame N` (the script's
    /// budgets), `--max-memory BYTES` (the ceiling of the program's data, `RLIMIT_DATA`), and `--frames A-B`, the
    /// frames to send (all by default); or `--layout-at N`, the views as laid out at frame N instead of frames.
    /// The frames go to what was standard output; the view's own prints go to standard error.
    @MainActor public static func main(_ view: @escaping @MainActor () -> any SwiftUI.View) -> Never {
        mainThread = pthread_self()
        // The clocks and Dispatch's main queue answered on the scene's clock, from here on (CSceneHooks).
        scene_hooks_install(answerClock, answerDispatch)
        FrameAllocations.keepFreedBlocks()
        // Frames on the original standard output, moved to a descriptor the view's code does not reach by
        // accident (and does not pass on to what it starts); anything the user's code prints, to standard error
        // (a line at a time: the template sets `stdout` so, so that a crash loses none of it).
        var stream = fcntl(1, F_DUPFD_CLOEXEC, streamDescriptor)
        if stream < 0 { stream = dup(1) }
        dup2(2, 1)
        exit(run(Array(CommandLine.arguments.dropFirst()), to: stream, view))
    }

    /// The lowest descriptor the frame stream is moved to in the view's program.
    static let streamDescriptor: Int32 = 100

    /// The clocks as the scene's clock, into `spec`: how the view's program answers `clock_gettime`. The wall
    /// clock (`CLOCK_REALTIME`) is the scene's on every thread, so `Date()`, `Date.now` and a
    /// `.periodic(from: .now, by:)` schedule tell the scene's time (`SceneClock`: a fixed epoch advanced by the
    /// frame times). On the main thread, where the view's code runs, the monotonic clocks
    /// are too (`DispatchTime.now()`, `ContinuousClock`, `SuspendingClock`), so the deadlines the view's code
    /// computes are whole scene times. False for any other clock, and for the monotonic clocks on other
    /// threads, where Dispatch's own timers keep real time.
    static func readSceneClock(_ clock: clockid_t, _ spec: UnsafeMutablePointer<timespec>?) -> Bool {
        guard let spec else { return false }
        let seconds: Double
        switch clock {
        case CLOCK_REALTIME, CLOCK_REALTIME_COARSE:
            seconds = SceneClock.epoch.timeIntervalSince1970 + max(SceneClock.now, 0)
        case CLOCK_MONOTONIC, CLOCK_MONOTONIC_COARSE, CLOCK_BOOTTIME:
            guard let mainThread, pthread_equal(pthread_self(), mainThread) != 0 else { return false }
            seconds = monotonicEpoch + max(SceneClock.now, 0)
        default:
            return false
        }
        let whole = seconds.rounded(.down)
        spec.pointee = timespec(tv_sec: Int(whole), tv_nsec: Int(((seconds - whole) * 1e9).rounded(.down)))
        return true
    }

    /// What the monotonic clocks read at the scene's time 0 on the main thread: a day, in seconds.
    static let monotonicEpoch = 86_400.0
    /// The thread `main` runs on: the view's code runs there.
    nonisolated(unsafe) private static var mainThread: pthread_t?

    /// Runs `block`, given to Dispatch for `queue` at `when` (`dispatch_after`; nil: now, `dispatch_async`), on
    /// the scene's clock when `queue` is the main queue and the view's code enqueued it: what
    /// `DispatchQueue.main.async` and `asyncAfter(deadline:)` do in the view's program. False: Dispatch is to
    /// take it.
    static func runOnScene(
        _ queue: UnsafeMutableRawPointer?, at when: UInt64?, _ block: @escaping @convention(block) () -> Void
    ) -> Bool {
        guard let queue, queue == mainQueue else { return false }
        var delay = 0.0
        if let when {
            if when == DispatchTime.distantFuture.rawValue { return true }  // never due
            if Int64(bitPattern: when) < 0 {
                // A wall-clock deadline (`DispatchWallTime`): minus its nanoseconds since 1970.
                delay = -Double(Int64(bitPattern: when)) / 1e9 - Date().timeIntervalSince1970
            } else {
                delay = (Double(when) - Double(DispatchTime.now().rawValue)) / 1e9
            }
        }
        nonisolated(unsafe) let block = block
        return SceneExecutors.schedule(after: delay) { block() }
    }

    /// Dispatch's main queue.
    nonisolated(unsafe) private static let mainQueue = scene_hooks_main_queue()

    @MainActor static func run(_ arguments: [String], to fd: Int32, _ view: @escaping @MainActor () -> any SwiftUI.View)
        -> Int32
    {
        let writer = StreamWriter(fd: fd)
        var script = ViewScript(layout: .device(.iPhone16))
        var first = 0
        var last: Int?
        var hold = 0.0
        var redrawAll = false
        var reevaluate = false
        var timings = false
        var layoutAt: Int?
        var timeBudget: Double?
        var jobsPerFrame: Int?
        var args = arguments.makeIterator()
        do {
            while let arg = args.next() {
                switch arg {
                case "--script": script = try ViewScriptFile.load(path: args.next() ?? "")
                case "--assets": try AssetCatalog.shared.load(folder: args.next() ?? "")
                case "--time-budget": timeBudget = Double(args.next() ?? "")
                case "--jobs-per-frame": jobsPerFrame = Int(args.next() ?? "")
                case "--max-memory":
                    // The heap and every private mapping count (RLIMIT_DATA): past it an allocation fails, and
                    // the runtime's report of that is what `reveal-render` recognizes and names.
                    if let bytes = UInt64(args.next() ?? "") {
                        var limit = rlimit(rlim_cur: rlim_t(bytes), rlim_max: rlim_t(bytes))
                        setrlimit(__rlimit_resource_t(RLIMIT_DATA.rawValue), &limit)
                    }
                case "--layout": ViewScript.layout(named: args.next() ?? "").map { script.use($0) }
                case "--fps": script.fps = Double(args.next() ?? "") ?? script.fps
                case "--scale": script.scale = Double(args.next() ?? "") ?? script.scale
                case "--reduce-motion": script.reduceMotion = true
                case "--color-scheme": script.appearance = ViewScript.Appearance(rawValue: args.next() ?? "") ?? .light
                case "--hold": hold = Double(args.next() ?? "") ?? 0
                case "--redraw-all": redrawAll = true
                case "--reevaluate": reevaluate = true
                case "--timings": timings = true
                case "--layout-at": layoutAt = Int(args.next() ?? "")
                case "--frames":
                    let parts = (args.next() ?? "").split(separator: "-").compactMap { Int($0) }
                    if parts.count == 2 {
                        first = parts[0]
                        last = parts[1]
                    }
                default: break
                }
            }
        } catch {
            writer.send(.failure("\(error)"))
            return 2
        }
        if let timeBudget { script.timeBudget = timeBudget }
        if let jobsPerFrame { script.jobsPerFrame = jobsPerFrame }
        let watchdog = CodeWatchdog(budget: script.timeBudget) { reason in
            writer.send(.stopped(reason))
            _exit(3)
        }
        writer.watchdog = watchdog
        watchdog.start()
        var player = ViewPlayer(
            script: script, hold: hold,
            onActivity: { activity in
                if case .event(let event) = activity { writer.send(.event(event)) }
                watchdog.begin(activity)
            }, view: view)
        player.redrawsWholeFrames = redrawAll
        player.reevaluatesEveryFrame = reevaluate
        var rendering: UInt64 = 0
        var rendered = 0
        let header = FrameStream.Header(
            width: player.pixelWidth, height: player.pixelHeight, scale: player.scale, fps: player.fps,
            frameCount: player.frameCount)
        writer.send(.header(header))
        if let layoutAt {
            do {
                for index in 0..<max(layoutAt, 0) { try player.skip(frame: index) }
                writer.send(.layout(try player.layout(at: player.time(ofFrame: max(layoutAt, 0)))))
            } catch let error as ViewCodeError {
                writer.send(.stopped(error.description))
                return 3
            } catch {
                writer.send(.failure("\(error)"))
                return 2
            }
            return writer.ok ? 0 : 1
        }
        let end = min(last ?? player.frameCount - 1, max(player.frameCount - 1, last ?? 0))
        do {
            for index in 0...max(end, 0) {
                if redrawAll && index < first {
                    // Each frame is drawn from nothing: the frames before the range need only their events.
                    try player.skip(frame: index)
                    continue
                }
                // Timed on the raw monotonic clock: on this thread the others tell the scene's time.
                let started = rawNanoseconds()
                let frame = try player.render(frame: index)
                rendering += rawNanoseconds() - started
                rendered += 1
                guard index >= first else { continue }
                writer.send(.accessibility(try player.currentAccessibility()))
                // The boxes drawn again since the frame sent before (all of it, for the first).
                let boxes =
                    index > first && !redrawAll ? player.changedBoxes : [(0, 0, frame.width, frame.height)]
                writer.send(
                    .frame(
                        index: index,
                        patches: boxes.map { frame.patch(x: $0.x, y: $0.y, width: $0.width, height: $0.height) }))
                if !writer.ok { return 1 }
            }
        } catch let error as ViewCodeError {
            writer.send(.stopped(error.description))
            return 3
        } catch {
            writer.send(.failure("\(error)"))
            return 2
        }
        if timings {
            let ms = Double(rendering) / 1e6 / Double(max(rendered, 1))
            FileHandle.standardError.write(
                Data(String(format: "reveal-render: rendered %d frames, %.3f ms a frame\n", rendered, ms).utf8))
        }
        return writer.ok ? 0 : 1
    }
}

/// `clock_gettime` as the view's program answers it (CSceneHooks), on any thread: a function of no actor, which a
/// closure formed in `ViewHost.main` would be, checking for the main actor on Dispatch's threads.
private func answerClock(_ clock: clockid_t, _ spec: UnsafeMutablePointer<timespec>?) -> Int32 {
    ViewHost.readSceneClock(clock, spec) ? 1 : 0
}

/// `dispatch_after` (`hasWhen` 1) and `dispatch_async` as the view's program answers them (CSceneHooks).
private func answerDispatch(
    _ queue: UnsafeMutableRawPointer?, _ when: UInt64, _ hasWhen: Int32, _ block: scene_block?
) -> Int32 {
    guard let block else { return 0 }
    return ViewHost.runOnScene(queue, at: hasWhen != 0 ? when : nil, block) ? 1 : 0
}

/// Nanoseconds on `CLOCK_MONOTONIC_RAW`, a clock the scene never answers for.
private func rawNanoseconds() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC_RAW, &spec)
    return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
}

/// Writes messages to a file descriptor, whole and one at a time (the watchdog's thread sends too); stops at
/// the first failure (the reader went away). Time spent waiting for the reader is not the view's code: the
/// watchdog is paused meanwhile.
private final class StreamWriter: @unchecked Sendable {
    let fd: Int32
    private let sending = Mutex(true)
    /// The watchdog to pause while a message is written.
    var watchdog: CodeWatchdog?

    init(fd: Int32) { self.fd = fd }

    /// Whether every message so far was written whole.
    var ok: Bool { sending.withLock { $0 } }

    func send(_ message: FrameStream.Message) {
        let bytes = FrameStream.encode(message)
        guard let watchdog else { return writeWhole(bytes) }
        watchdog.unwatched { writeWhole(bytes) }
    }

    private func writeWhole(_ bytes: [UInt8]) {
        sending.withLock { ok in
            guard ok else { return }
            var offset = 0
            bytes.withUnsafeBytes { raw in
                while offset < raw.count {
                    let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                    if n <= 0 {
                        if n < 0 && errno == EINTR { continue }
                        ok = false
                        return
                    }
                    offset += n
                }
            }
        }
    }
}
