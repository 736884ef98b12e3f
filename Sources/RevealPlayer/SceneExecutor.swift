import Foundation
import SwiftUI
@_spi(ExperimentalCustomExecutors) @_spi(ExperimentalScheduling) import _Concurrency

#if canImport(Glibc)
    import Glibc
#endif

/// Runs the view's asynchronous code on the scene's clock: a `.task`, a `Task` it starts, and every
/// `Task.sleep` in them. While a player runs the view's code on the main thread (`ViewGraph.running`), a job
/// enqueued on the main actor or the default executor becomes an action of that graph due now, and a
/// sleeping job one due when the sleep ends on the scene's clock. The player runs them in time order with
/// the script's events, so the view's asynchronous code plays the same on every run. Any other job (another
/// thread's, or one enqueued while no player runs) goes on to the platform's executors, as before.
///
/// Installed through the toolchain's custom main and global executors (`_createExecutors` with an
/// `ExecutorFactory`, experimental SPI in Swift 6.3), which swaps the executors a process uses from then on.
package enum SceneExecutors {
    private static let platformMain = PlatformExecutorFactory.mainExecutor
    private static let platformDefault = PlatformExecutorFactory.defaultExecutor

    fileprivate static let main = SceneMainExecutor()
    fileprivate static let global = SceneDefaultExecutor()

    /// Installs the scene's executors, once per process.
    package static func install() { _ = installed }
    private static let installed: Void = _createExecutors(factory: SceneExecutorFactory.self)

    /// Takes `job` as an action of the running player's graph, `delay` seconds from its time; without a
    /// running player, hands it to `forward`.
    static func take(
        _ job: consuming ExecutorJob, after delay: @autoclosure () -> Double = 0,
        else forward: (consuming ExecutorJob) -> Void
    ) {
        guard let graph = ViewGraph.capturingOnThisThread else { return forward(job) }
        let job = UnownedJob(job)
        schedule(on: graph, after: delay()) { job.runSynchronously(on: MainActor.sharedUnownedExecutor) }
    }

    /// Runs `work` as an action of the running player's graph `delay` seconds from now (`DispatchQueue.main`'s
    /// `async` and `asyncAfter` in the program `reveal-render swiftui` builds); false when no player runs on
    /// this thread.
    package static func schedule(after delay: Double, _ work: @escaping @Sendable () -> Void) -> Bool {
        guard let graph = ViewGraph.capturingOnThisThread else { return false }
        schedule(on: graph, after: delay, work)
        return true
    }

    /// Schedules `work` `delay` seconds from the graph's time, kept to a tenth of a millisecond. A deadline (a
    /// clock's `sleep(until:)`) is read off a clock a few microseconds before it reaches the executor; outside
    /// the program `reveal-render swiftui` builds, where that clock is the real one, the rounding takes those
    /// microseconds away. (`Task.sleep` itself passes its length, `SceneSleep`.)
    private static func schedule(on graph: ViewGraph, after delay: Double, _ work: @escaping @Sendable () -> Void) {
        MainActor.assumeIsolated { graph.schedule(at: graph.time + ViewGraph.sceneDelay(delay)) { work() } }
    }

    /// Seconds from `clock`'s now to `instant`.
    static func seconds<C: Clock>(until instant: C.Instant, on clock: C) -> Double {
        seconds(clock.now.duration(to: instant))
    }

    /// `duration` in seconds, for the clocks whose durations are `Duration` (every clock the standard
    /// library has); 0 otherwise.
    static func seconds<D>(_ duration: D) -> Double {
        guard let duration = duration as? Duration else { return 0 }
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) * 1e-18
    }

    static func forwardScheduled<C: Clock>(
        _ job: consuming ExecutorJob, at instant: C.Instant, tolerance: C.Duration?, clock: C
    ) {
        if let scheduling = platformDefault as? any SchedulingExecutor {
            scheduling.enqueue(job, at: instant, tolerance: tolerance, clock: clock)
        } else {
            platformDefault.enqueue(job)
        }
    }

    static func forwardMain(_ job: consuming ExecutorJob) { platformMain.enqueue(job) }
    static func forwardDefault(_ job: consuming ExecutorJob) { platformDefault.enqueue(job) }
    static var platformMainExecutor: any MainExecutor { platformMain }
}

/// What `_createExecutors` installs: the scene's two executors.
private enum SceneExecutorFactory: ExecutorFactory {
    static var mainExecutor: any MainExecutor { SceneExecutors.main }
    static var defaultExecutor: any TaskExecutor { SceneExecutors.global }
}

/// The main actor's executor: the running player's jobs on its graph, others on the platform's main queue.
final class SceneMainExecutor: MainExecutor, SceneScheduling, @unchecked Sendable {
    func enqueue(_ job: consuming ExecutorJob) { SceneExecutors.take(job, else: SceneExecutors.forwardMain) }
    func run() throws { try SceneExecutors.platformMainExecutor.run() }
    func stop() { SceneExecutors.platformMainExecutor.stop() }
    func checkIsolated() { SceneExecutors.platformMainExecutor.checkIsolated() }
    func isIsolatingCurrentContext() -> Bool? { SceneExecutors.platformMainExecutor.isIsolatingCurrentContext() }
    var isMainExecutor: Bool { true }
}

/// The default executor: the running player's jobs on its graph (run on the main thread, in order), others on
/// the platform's thread pool.
final class SceneDefaultExecutor: TaskExecutor, SceneScheduling, @unchecked Sendable {
    func enqueue(_ job: consuming ExecutorJob) { SceneExecutors.take(job, else: SceneExecutors.forwardDefault) }
}

/// An executor whose delayed jobs (a sleep's end) are the running player's actions when it runs, due at
/// the sleep's end on the scene's clock.
protocol SceneScheduling: SchedulingExecutor {}

extension SceneScheduling {
    func enqueue<C: Clock>(_ job: consuming ExecutorJob, at instant: C.Instant, tolerance: C.Duration?, clock: C) {
        SceneExecutors.take(job, after: SceneExecutors.seconds(until: instant, on: clock)) {
            SceneExecutors.forwardScheduled($0, at: instant, tolerance: tolerance, clock: clock)
        }
    }
}

extension ViewGraph {
    /// Runs `body` as this graph's player: its view's jobs and sleeps are captured on its clock meanwhile.
    package func running<T>(_ body: () throws -> T) rethrows -> T {
        // Only the main thread's jobs are captured, so only there are the executors swapped: a job of the main
        // queue on another thread (Swift Testing's `@MainActor` tests on Linux) keeps the executor it runs on.
        if Thread.isMainThread { SceneExecutors.install() }
        let previous = ViewGraph.capturing
        ViewGraph.capturing = self
        ViewGraph.current = self
        defer { ViewGraph.capturing = previous }
        return try body()
    }
}
