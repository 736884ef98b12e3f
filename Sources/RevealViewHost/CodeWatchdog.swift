import RevealPlayer
import RevealRender
import SwiftUI
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Stops the program that plays a user's view when a piece of the view's code does not return: the player
/// says what it is about to run (`begin`), and a thread of the watchdog's own measures the main thread's CPU
/// time since then. Past the budget in CPU time, or three times the budget in wall-clock time (code that waits
/// for ever uses no CPU), it calls `stop` with a line naming what ran (the event, the scene time, the body) and
/// how to raise the budget. Time the player itself waits (on the frame stream's reader) is `unwatched`.
final class CodeWatchdog: Sendable {
    private struct Watched {
        /// Bumped at every `begin` and `pause`, so that the thread sees each piece of code start.
        var generation: UInt64 = 0
        /// What runs now; nil while paused.
        var activity: PlayerActivity?
    }

    /// CPU seconds a piece of code may use.
    let budget: Double
    /// Wall-clock seconds a piece of code may take, waiting included (to the millisecond, as it is said).
    var waitLimit: Double { (3 * budget * 1000).rounded() / 1000 }
    private let watched = Mutex(Watched())
    private let mainClock: clockid_t
    private let stop: @Sendable (String) -> Void

    /// A watchdog of the calling thread (the main thread, where the view's code runs) with `budget` seconds
    /// of CPU time for each piece of the view's code; `stop` is called, on the watchdog's thread, with the line
    /// to report, and must end the program.
    init(budget: Double, stop: @escaping @Sendable (String) -> Void) {
        self.budget = budget
        self.stop = stop
        var clock = clockid_t()
        if pthread_getcpuclockid(pthread_self(), &clock) != 0 { clock = CLOCK_THREAD_CPUTIME_ID }
        mainClock = clock
    }

    /// Notes that the main thread is about to run `activity`.
    func begin(_ activity: PlayerActivity) {
        watched.withLock {
            $0.generation &+= 1
            $0.activity = activity
        }
    }

    /// Runs `body`, which is not the view's code (a wait for the frame stream's reader), unwatched; what ran
    /// before is watched again afterwards, timed from then.
    func unwatched<T>(_ body: () -> T) -> T {
        let activity = watched.withLock {
            $0.generation &+= 1
            return $0.activity.take()
        }
        defer {
            watched.withLock {
                $0.generation &+= 1
                $0.activity = activity
            }
        }
        return body()
    }

    /// Starts the watching thread; it lives as long as the program.
    func start() {
        let watchdog = Unmanaged.passRetained(self).toOpaque()
        var thread = pthread_t()
        _ = pthread_create(
            &thread, nil,
            { context -> UnsafeMutableRawPointer? in
                Unmanaged<CodeWatchdog>.fromOpaque(context!).takeUnretainedValue().watch()
            }, watchdog)
        pthread_detach(thread)
    }

    /// Polls a few times per budget (at most every 0.1 s): a piece of code is timed from the first poll that
    /// sees it begin, so the limits hold within one poll.
    private func watch() -> Never {
        let interval = min(max(budget / 4, 0.001), 0.1)
        var seen = UInt64.max
        var cpuStart = 0.0
        var wallStart = 0.0
        while true {
            var pause = timespec(tv_sec: Int(interval), tv_nsec: Int((interval - interval.rounded(.down)) * 1e9))
            var left = timespec()
            while nanosleep(&pause, &left) != 0 && errno == EINTR { pause = left }
            let now = watched.withLock { $0 }
            let cpu = seconds(on: mainClock)
            let wall = seconds(on: CLOCK_MONOTONIC_RAW)
            if now.generation != seen {
                (seen, cpuStart, wallStart) = (now.generation, cpu, wall)
                continue
            }
            guard let activity = now.activity else { continue }
            if cpu - cpuStart > budget {
                stop(
                    "the view's code ran for \(formatNumber(budget)) s of CPU time without returning, \(place(activity)); raise its time budget with --time-budget or the script's timeBudget"
                )
            } else if wall - wallStart > waitLimit {
                stop(
                    "the view's code waited \(formatNumber(waitLimit)) s without returning (three times its time budget of \(formatNumber(budget)) s), \(place(activity)); raise the budget with --time-budget or the script's timeBudget"
                )
            }
        }
    }

    /// "in the body of Card, while evaluating the view at t = 0 s".
    private func place(_ activity: PlayerActivity) -> String {
        guard let type = RunningCode.currentBody else { return "while \(activity)" }
        var name = String(reflecting: type)
        // The user's files are compiled as the module `Views`: their types are theirs, unqualified.
        if name.hasPrefix("Views.") { name.removeFirst("Views.".count) }
        return "in the body of \(name), while \(activity)"
    }
}

/// `clock`'s time in seconds, read from the C library: the clocks the scene answers for are never these.
private func seconds(on clock: clockid_t) -> Double {
    var spec = timespec()
    clock_gettime(clock, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}
