import Foundation

extension ViewGraph {
    /// The graph whose player runs the view's code on the main thread now: its tasks' jobs and sleeps are
    /// kept on its clock (`SceneExecutors` in the player). Nil while no player runs.
    @MainActor package static weak var capturing: ViewGraph?

    /// The capturing graph, on the main thread only: work on another thread keeps the machine's clock.
    nonisolated package static var capturingOnThisThread: ViewGraph? {
        guard Thread.isMainThread else { return nil }
        return MainActor.assumeIsolated { capturing }
    }

    /// A delay as the scene keeps it: to a tenth of a millisecond, as frame times are.
    nonisolated package static func sceneDelay(_ seconds: Double) -> Double {
        guard seconds.isFinite else { return seconds > 0 ? .infinity : 0 }
        return max((seconds * 10_000).rounded() / 10_000, 0)
    }
}

// The view's sleeps by the length its code asked for. This module imports the standard library, so these
// shadow `Task.sleep(for:tolerance:clock:)` and `Task.sleep(nanoseconds:)` for code that imports SwiftUI
// (Swift prefers a declaration in a module over one of a module it imports). The executor alone sees only a
// deadline read off the machine's clock, and learns the length by reading that clock again a moment later:
// on a loaded machine the moment can last milliseconds (a fade 7 ms early in a CI run).
extension Task where Success == Never, Failure == Never {
    /// Suspends the task for `duration` (SwiftUI code's `Task.sleep(for:)`): scene time while a player runs the
    /// view's code, the continuous clock's time otherwise. Throws `CancellationError` when cancelled, as the
    /// standard library's does.
    nonisolated(nonsending) public static func sleep(for duration: Duration, tolerance: Duration? = nil)
        async throws
    {
        if let graph = ViewGraph.capturingOnThisThread {
            let (seconds, attoseconds) = duration.components
            try await SceneSleep.sleep(Double(seconds) + Double(attoseconds) * 1e-18, on: graph)
        } else {
            try await ContinuousClock().sleep(for: duration, tolerance: tolerance)
        }
    }

    /// Suspends the task for `duration` nanoseconds (`Task.sleep(nanoseconds:)`), as `sleep(for:)` does.
    nonisolated(nonsending) public static func sleep(nanoseconds duration: UInt64) async throws {
        try await sleep(for: .nanoseconds(duration))
    }
}

/// A sleep on the scene's clock: an action of the graph `seconds` from its time resumes the task, and so does
/// its cancellation, at once.
enum SceneSleep {
    static func sleep(_ seconds: Double, on graph: ViewGraph) async throws {
        try Task.checkCancellation()
        let wake = Wake()
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                wake.set(continuation)
                MainActor.assumeIsolated {
                    graph.schedule(at: graph.time + ViewGraph.sceneDelay(seconds)) { wake.resume() }
                }
            }
        } onCancel: {
            wake.resume()
        }
        try Task.checkCancellation()
    }

    /// The continuation of one sleep, resumed once: by its action or by the task's cancellation, which may
    /// come first, on any thread, even before the continuation is set.
    final class Wake: @unchecked Sendable {
        private let lock = NSLock()
        private var continuation: CheckedContinuation<Void, Never>?
        private var done = false

        func set(_ continuation: CheckedContinuation<Void, Never>) {
            lock.lock()
            if done {
                lock.unlock()
                continuation.resume()
            } else {
                self.continuation = continuation
                lock.unlock()
            }
        }

        func resume() {
            lock.lock()
            let waiting = continuation
            continuation = nil
            done = true
            lock.unlock()
            waiting?.resume()
        }
    }
}
