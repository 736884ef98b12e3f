import RevealCore
import RevealLayout
import RevealRaster
import RevealText

extension View {
    /// Runs `action` when the view appears: after the first evaluation its identity is met in, before that
    /// frame is drawn (SwiftUI: "the action to perform when this view appears").
    nonisolated public func onAppear(perform action: (@MainActor () -> Void)? = nil) -> some View {
        builtin(.lifecycle(appear: action, disappear: nil))
    }

    /// Runs `action` after the view disappears: after the first evaluation that no longer meets its identity.
    nonisolated public func onDisappear(perform action: (@MainActor () -> Void)? = nil) -> some View {
        builtin(.lifecycle(appear: nil, disappear: action))
    }

    /// Starts `action` as a task when the view appears, and cancels it when the view disappears (SwiftUI: "Adds
    /// an asynchronous task to perform before this view appears"). It runs on the scene's clock: its
    /// `Task.sleep`s last scene time (`SceneSleep`, `SceneExecutors`).
    nonisolated public func task(
        priority: TaskPriority = .userInitiated,
        @_inheritActorContext _ action: @escaping @isolated(any) @Sendable () async -> Void
    ) -> some View {
        builtin(.task(id: nil, priority, action))
    }

    /// Starts `action` as a task when the view appears, and cancels and starts it again whenever `value`
    /// changes (SwiftUI: "the task is cancelled and restarted when the value changes").
    nonisolated public func task<T: Equatable>(
        id value: T, priority: TaskPriority = .userInitiated,
        @_inheritActorContext _ action: @escaping @isolated(any) @Sendable () async -> Void
    ) -> some View {
        builtin(.task(id: ValueWatch(value), priority, action))
    }

    /// Runs `action` with the old and new value when `value` changes between evaluations, and once on
    /// appearing when `initial` (SwiftUI, `onChange(of:initial:_:)`).
    nonisolated public func onChange<V: Equatable>(
        of value: V, initial: Bool = false, _ action: @escaping @MainActor (_ oldValue: V, _ newValue: V) -> Void
    ) -> some View {
        builtin(
            .onChange(
                ValueWatch(value), initial: initial,
                { old, new in if let old = old as? V, let new = new as? V { action(old, new) } }))
    }

    /// Runs `action` when `value` changes between evaluations, and once on appearing when `initial`.
    nonisolated public func onChange<V: Equatable>(
        of value: V, initial: Bool = false, _ action: @escaping @MainActor () -> Void
    ) -> some View {
        builtin(.onChange(ValueWatch(value), initial: initial, { _, _ in action() }))
    }

    /// The spelling before iOS 17: `action` gets the new value (deprecated, still compiles on Apple platforms).
    @available(*, deprecated, message: "Use `onChange` with a two or zero parameter action closure instead.")
    nonisolated public func onChange<V: Equatable>(
        of value: V, perform action: @escaping @MainActor (_ newValue: V) -> Void
    )
        -> some View
    {
        builtin(.onChange(ValueWatch(value), initial: false, { _, new in if let new = new as? V { action(new) } }))
    }

    /// Applies `animation` to this view's changes when `value` changes (SwiftUI: "Applies the given
    /// animation to this view when the specified value changes"); nil takes animation away from them.
    nonisolated public func animation<V: Equatable>(_ animation: Animation?, value: V) -> some View {
        builtin(.animation(animation, ValueWatch(value)))
    }

    /// Applies `animation` to every change of this view (deprecated in iOS 15, still compiles on Apple
    /// platforms).
    @available(*, deprecated, message: "Use withAnimation or animation(_:value:) instead.")
    nonisolated public func animation(_ animation: Animation?) -> some View {
        builtin(.animation(animation, nil))
    }

    /// Changes the transaction this view's changes are made in (SwiftUI: "Applies the given transaction
    /// mutation function to all animations used within the view").
    nonisolated public func transaction(_ transform: @escaping (inout Transaction) -> Void) -> some View {
        builtin(.transaction(transform))
    }
}

/// An `Equatable` value kept between evaluations and compared with the next.
struct ValueWatch: @unchecked Sendable {
    let value: Any
    let equals: (Any) -> Bool

    init<V: Equatable>(_ value: V) {
        self.value = value
        equals = { ($0 as? V) == value }
    }
}

extension ViewGraph {
    /// The value `watch` replaced at `key` when it differs from the last evaluation's; nil when it is the
    /// same or first met.
    func changedValue(_ watch: ValueWatch, key: String) -> (old: Any, first: Bool)? {
        watchedSeen.insert(key)
        defer { watchedValues[key] = watch.value }
        guard let old = watchedValues[key] else { return (watch.value, true) }
        return watch.equals(old) ? nil : (old, false)
    }

    /// Notes a `.task` at `key`: started after this evaluation when first met, or when its `id` changed (the
    /// task before is cancelled then).
    func noteTask(
        key: String, id: ValueWatch?, priority: TaskPriority,
        _ action: @escaping @isolated(any) @Sendable () async -> Void
    ) {
        tasksSeen.insert(key)
        if let running = tasks[key] {
            guard let id, let old = running.id, !id.equals(old.value) else { return }
            running.task.cancel()
            tasks[key] = nil
        }
        pendingActions.append { [weak self] in
            self?.tasks[key] = (id, Task(priority: priority, operation: action))
        }
    }

    /// Notes an `onAppear`/`onDisappear` at `key`; `appear` runs when the key was not met last time.
    func noteLifecycle(key: String, appear: (@MainActor () -> Void)?, disappear: (@MainActor () -> Void)?) {
        appearedSeen.updateValue(disappear, forKey: key)
        if appeared[key] == nil, let appear { pendingActions.append(appear) }
    }
}

extension View {
    /// Runs `action` with each value `publisher` sends while the view is shown (SwiftUI's `onReceive`). The
    /// view subscribes anew each time it is evaluated, as SwiftUI does for a publisher it cannot compare: a
    /// value given at once on subscribing (`Just`, a current value) runs the action after the evaluation,
    /// unless it equals the one given last time.
    nonisolated public func onReceive<P: Publisher>(
        _ publisher: P, perform action: @escaping @MainActor (P.Output) -> Void
    ) -> some View where P.Failure == Never {
        builtin(
            .receive(
                PublisherReceiver(
                    subscribe: { deliver in
                        publisher.subscribe(receiveValue: { deliver($0) }, receiveCompletion: { _ in })
                    },
                    perform: { value in if let value = value as? P.Output { action(value) } })))
    }
}

/// An `onReceive`'s publisher, its values typed away, and its action.
struct PublisherReceiver {
    let subscribe: (@escaping (Any) -> Void) -> AnyCancellable
    let perform: @MainActor (Any) -> Void
}

/// An `onReceive`'s subscription from one evaluation to the next, and the value given at once last time.
@MainActor final class ReceiverState {
    var subscription: AnyCancellable?
    var lastGivenAtOnce: AnyHashable?
    /// Whether a subscription is being made now: values then are the ones given at once.
    var subscribing = false
    var givenAtOnce: [Any] = []
    /// When a timer publisher subscribed here first ticked from: its ticks keep their times when the view is
    /// evaluated again and subscribes anew (to a timer made anew with the view's value).
    var timerOrigin: Double?
}

extension ViewGraph {
    /// Subscribes `receiver` for this evaluation (cancelling the last subscription): values given at once run
    /// its action after the evaluation; values sent later run it and evaluate the views again.
    func receive(_ receiver: PublisherReceiver, key: String) {
        let state = kept(\.receiverStates, at: key) { ReceiverState() }
        state.subscription?.cancel()
        state.subscribing = true
        receiving = state
        defer { receiving = nil }
        state.givenAtOnce = []
        let perform = receiver.perform
        state.subscription = receiver.subscribe { [weak self, weak state] value in
            guard MainQueue.isCurrent else { return }
            MainActor.assumeIsolated {
                guard let self, let state else { return }
                if state.subscribing {
                    state.givenAtOnce.append(value)
                } else {
                    self.pendingActions.append { perform(value) }
                    self.invalidate()
                }
            }
        }
        state.subscribing = false
        for value in state.givenAtOnce {
            let hashable = value as? AnyHashable
            if let hashable, hashable == state.lastGivenAtOnce { continue }
            state.lastGivenAtOnce = hashable
            pendingActions.append { perform(value) }
        }
    }
}
