import Combine
import Foundation
import RevealCore
import Synchronization

/// Combine's timers on the scene clock: `Timer.publish(every:…).autoconnect()` ticks at the scene's times,
/// `interval` apart from when it was first connected, through the graph being evaluated (ViewGraph.current), so a
/// view's `onReceive(timer)` fires as its frames go by, not in wall-clock time.
final class SceneTimerClock: _TimerClock {
    static let shared = SceneTimerClock()

    var now: Date { SceneClock.date(at: SceneClock.now) }

    func every(_ interval: TimeInterval, from start: Date, _ tick: @escaping (Date) -> Void) -> AnyCancellable {
        let state = TimerState()
        guard MainQueue.isCurrent else { return AnyCancellable {} }
        nonisolated(unsafe) let tick = tick
        MainActor.assumeIsolated {
            guard let graph = ViewGraph.current else { return }
            // The first tick of the grid origin + k·interval after now, the origin being where the timer of this
            // `onReceive` first started (our views' values are made anew at each evaluation, timers with them).
            let origin = graph.receiving?.timerOrigin ?? SceneClock.time(of: start)
            graph.receiving?.timerOrigin = origin
            // (A tick's own time counts as reached, however the division rounds: a timer reconnected as it
            // ticks does not tick again at once.)
            let reached = (max(graph.time - origin, 0) / interval + 1e-9).rounded(.down)
            let next = origin + interval * (reached + 1)
            SceneTimerClock.schedule(graph, at: next, every: interval, state, tick)
        }
        return AnyCancellable { state.cancelled.store(true, ordering: .relaxed) }
    }

    /// Ticks at `time`, and again `interval` later, until cancelled or the graph is gone.
    @MainActor private static func schedule(
        _ graph: ViewGraph, at time: Double, every interval: Double, _ state: TimerState,
        _ tick: @escaping (Date) -> Void
    ) {
        graph.schedule(at: time) { [weak graph] in
            guard let graph, !state.cancelled.load(ordering: .relaxed) else { return }
            tick(SceneClock.date(at: time))
            schedule(graph, at: time + interval, every: interval, state, tick)
        }
    }
}

/// Whether a timer was cancelled; read on the main actor, set from wherever its cancellable is cancelled.
final class TimerState: Sendable {
    let cancelled = Atomic<Bool>(false)
}
