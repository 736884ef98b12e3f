import Foundation

// The part of Apple's Combine that SwiftUI code uses on its way (`Just`, subjects, `sink`, `map`,
// `AnyCancellable`), so that files which `import Combine` build here. Values are delivered synchronously, on
// the thread that sends them; a subscriber is a closure (custom `Subscriber` types are not supported).

/// A type that cancels what it stands for, as Combine's `Cancellable`.
public protocol Cancellable {
    /// Stops the deliveries.
    func cancel()
}

/// A subscription that is cancelled when cancelled or released, as Combine's `AnyCancellable`.
public final class AnyCancellable: Cancellable, Hashable, @unchecked Sendable {
    private var onCancel: (() -> Void)?

    /// A cancellable that runs `cancel` once, when cancelled or released.
    public init(_ cancel: @escaping () -> Void) { onCancel = cancel }

    /// A cancellable that cancels `other`.
    public init<C: Cancellable>(_ other: C) { onCancel = { other.cancel() } }

    public func cancel() {
        let run = onCancel
        onCancel = nil
        run?()
    }

    deinit { cancel() }

    /// Keeps this cancellable in `set`: the subscription lives as long as it is there.
    public func store(in set: inout Set<AnyCancellable>) { set.insert(self) }

    /// Keeps this cancellable in `collection`.
    public func store<C: RangeReplaceableCollection>(in collection: inout C) where C.Element == AnyCancellable {
        collection.append(self)
    }

    public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// How a publisher ends, as Combine's `Subscribers`.
public enum Subscribers {
    /// A publisher's end: finished, or failed with an error.
    public enum Completion<Failure: Error> {
        case finished
        case failure(Failure)
    }
}

/// A source of values over time, as Combine's `Publisher`. Subscribing gives each value to a closure (at once,
/// for a publisher with a current value) until the returned cancellable is cancelled.
public protocol Publisher<Output, Failure> {
    associatedtype Output
    associatedtype Failure: Error

    /// Delivers each value to `receive` and the end to `completion`, until the result is cancelled.
    func subscribe(
        receiveValue: @escaping (Output) -> Void, receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void
    ) -> AnyCancellable
}

/// A publisher that values can be sent through, as Combine's `Subject`.
public protocol Subject<Output, Failure>: AnyObject, Publisher {
    /// Sends `value` to the subscribers.
    func send(_ value: Output)
    /// Ends the subject: its subscribers get `completion` and nothing after.
    func send(completion: Subscribers.Completion<Failure>)
}

extension Subject where Output == Void {
    /// Sends nothing but the fact of a change.
    public func send() { send(()) }
}

extension Publisher {
    /// Runs `receiveValue` with each value and `receiveCompletion` at the end.
    public func sink(
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable {
        subscribe(receiveValue: receiveValue, receiveCompletion: receiveCompletion)
    }

    /// A publisher of `transform` of each value.
    public func map<T>(_ transform: @escaping (Output) -> T) -> Publishers.Map<Self, T> {
        Publishers.Map(upstream: self, transform: transform)
    }

    /// This publisher with its type hidden.
    public func eraseToAnyPublisher() -> AnyPublisher<Output, Failure> { AnyPublisher(self) }

    /// This publisher delivering on `scheduler` (values are delivered where they are sent here).
    public func receive<S>(on scheduler: S) -> Self { self }
}

extension Publisher where Failure == Never {
    /// Runs `receiveValue` with each value.
    public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
        subscribe(receiveValue: receiveValue, receiveCompletion: { _ in })
    }

    /// Writes each value to `object`'s property at `keyPath`.
    public func assign<Root>(to keyPath: ReferenceWritableKeyPath<Root, Output>, on object: Root) -> AnyCancellable {
        sink { object[keyPath: keyPath] = $0 }
    }
}

/// Publishers made by operators, as Combine's `Publishers`.
public enum Publishers {
    /// Each value of `upstream`, transformed.
    public struct Map<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let transform: (Upstream.Output) -> Output

        public func subscribe(
            receiveValue: @escaping (Output) -> Void,
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void
        ) -> AnyCancellable {
            let transform = transform
            return upstream.subscribe(
                receiveValue: { receiveValue(transform($0)) }, receiveCompletion: receiveCompletion)
        }
    }
}

/// A publisher with its type hidden, as Combine's `AnyPublisher`.
public struct AnyPublisher<Output, Failure: Error>: Publisher {
    private let subscribeBody:
        (@escaping (Output) -> Void, @escaping (Subscribers.Completion<Failure>) -> Void) -> AnyCancellable

    /// `publisher`, its type hidden.
    public init<P: Publisher>(_ publisher: P) where P.Output == Output, P.Failure == Failure {
        subscribeBody = { publisher.subscribe(receiveValue: $0, receiveCompletion: $1) }
    }

    public func subscribe(
        receiveValue: @escaping (Output) -> Void, receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void
    ) -> AnyCancellable {
        subscribeBody(receiveValue, receiveCompletion)
    }
}

/// A publisher of one value, then the end, as Combine's `Just`.
public struct Just<Output>: Publisher {
    public typealias Failure = Never
    /// The value.
    public let output: Output

    /// A publisher of `output`.
    public init(_ output: Output) { self.output = output }

    public func subscribe(
        receiveValue: @escaping (Output) -> Void, receiveCompletion: @escaping (Subscribers.Completion<Never>) -> Void
    ) -> AnyCancellable {
        receiveValue(output)
        receiveCompletion(.finished)
        return AnyCancellable {}
    }
}

/// The subscribers of a subject, and whether it has ended.
private final class SubscriberList<Output, Failure: Error> {
    var entries: [(id: Int, value: (Output) -> Void, completion: (Subscribers.Completion<Failure>) -> Void)] = []
    var nextID = 0
    var ended: Subscribers.Completion<Failure>?

    func add(
        _ value: @escaping (Output) -> Void, _ completion: @escaping (Subscribers.Completion<Failure>) -> Void
    ) -> AnyCancellable {
        if let ended {
            completion(ended)
            return AnyCancellable {}
        }
        nextID += 1
        let id = nextID
        entries.append((id, value, completion))
        return AnyCancellable { [weak self] in self?.entries.removeAll { $0.id == id } }
    }

    func send(_ value: Output) {
        guard ended == nil else { return }
        for entry in entries { entry.value(value) }
    }

    func end(_ completion: Subscribers.Completion<Failure>) {
        guard ended == nil else { return }
        ended = completion
        let entries = entries
        self.entries = []
        for entry in entries { entry.completion(completion) }
    }
}

/// A subject that passes on the values sent through it, as Combine's `PassthroughSubject`.
public final class PassthroughSubject<Output, Failure: Error>: Subject, @unchecked Sendable {
    private let subscribers = SubscriberList<Output, Failure>()

    /// A subject with no subscribers.
    public init() {}

    public func send(_ value: Output) { subscribers.send(value) }
    public func send(completion: Subscribers.Completion<Failure>) { subscribers.end(completion) }

    public func subscribe(
        receiveValue: @escaping (Output) -> Void, receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void
    ) -> AnyCancellable {
        subscribers.add(receiveValue, receiveCompletion)
    }
}

/// A subject with a current value, given at once to each new subscriber, as Combine's `CurrentValueSubject`.
public final class CurrentValueSubject<Output, Failure: Error>: Subject, @unchecked Sendable {
    private let subscribers = SubscriberList<Output, Failure>()

    /// The current value; setting it sends it.
    public var value: Output {
        didSet { subscribers.send(value) }
    }

    /// A subject whose current value is `value`.
    public init(_ value: Output) { self.value = value }

    public func send(_ value: Output) { self.value = value }
    public func send(completion: Subscribers.Completion<Failure>) { subscribers.end(completion) }

    public func subscribe(
        receiveValue: @escaping (Output) -> Void, receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void
    ) -> AnyCancellable {
        if subscribers.ended == nil { receiveValue(value) }
        return subscribers.add(receiveValue, receiveCompletion)
    }
}

/// A publisher that starts publishing when it is connected, as Combine's `ConnectablePublisher`.
public protocol ConnectablePublisher: Publisher {
    /// Starts publishing, until the result is cancelled.
    func connect() -> Cancellable
}

extension ConnectablePublisher {
    /// This publisher, connected when the first subscriber arrives and disconnected when the last leaves.
    public func autoconnect() -> Publishers.Autoconnect<Self> { Publishers.Autoconnect(upstream: self) }
}

extension Publishers {
    /// A connectable publisher that connects itself for its subscribers, as Combine's `Autoconnect`.
    public final class Autoconnect<Upstream: ConnectablePublisher>: Publisher, @unchecked Sendable {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        private var connection: Cancellable?
        private var subscribers = 0

        public init(upstream: Upstream) { self.upstream = upstream }

        public func subscribe(
            receiveValue: @escaping (Output) -> Void,
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void
        ) -> AnyCancellable {
            let subscription = upstream.subscribe(receiveValue: receiveValue, receiveCompletion: receiveCompletion)
            subscribers += 1
            if connection == nil { connection = upstream.connect() }
            return AnyCancellable { [weak self] in
                subscription.cancel()
                guard let self else { return }
                self.subscribers -= 1
                if self.subscribers == 0 {
                    self.connection?.cancel()
                    self.connection = nil
                }
            }
        }
    }
}

/// The clock a `Timer.publish` publisher ticks on, set by a host that keeps time of its own (reveal-render's
/// player, whose scene clock stands still between frames): `every` calls `tick` with the date of each tick,
/// at `start` + k·`interval` from the first such time after now, until cancelled. Without one, a timer
/// publisher ticks never.
public protocol _TimerClock: AnyObject, Sendable {
    /// The date now on this clock.
    var now: Date { get }
    /// Ticks every `interval` seconds after `start`.
    func every(_ interval: TimeInterval, from start: Date, _ tick: @escaping (Date) -> Void) -> AnyCancellable
}

/// Where hosts install their clock.
public enum _TimerClocks {
    nonisolated(unsafe) public static var current: (any _TimerClock)?
}

extension Timer {
    /// A publisher of the date every `interval` seconds once connected, as Foundation's `Timer.publish` with
    /// Combine: here on the host's clock (`_TimerClocks`); the run loop and mode are accepted and not used.
    public static func publish(
        every interval: TimeInterval, tolerance: TimeInterval? = nil, on runLoop: RunLoop, in mode: RunLoop.Mode
    ) -> TimerPublisher {
        TimerPublisher(interval: interval)
    }

    /// The publisher `Timer.publish` makes, as Combine's `Timer.TimerPublisher`.
    public final class TimerPublisher: ConnectablePublisher, @unchecked Sendable {
        public typealias Output = Date
        public typealias Failure = Never
        public let interval: TimeInterval
        private let subscribers = SubscriberList<Date, Never>()
        /// When it was first connected: a reconnection (a view's subscription made again as its body is
        /// evaluated again) keeps the ticks where they were, as a subscription kept by SwiftUI would.
        private var started: Date?

        init(interval: TimeInterval) { self.interval = interval }

        public func subscribe(
            receiveValue: @escaping (Date) -> Void, receiveCompletion: @escaping (Subscribers.Completion<Never>) -> Void
        ) -> AnyCancellable {
            subscribers.add(receiveValue, receiveCompletion)
        }

        /// Starts ticking on the host's clock. An interval of 0.1 ms or less ticks every 0.1 ms, as Foundation's
        /// `Timer` chooses "the nonnegative value of 0.0001 seconds instead"; one that is not a number never ticks.
        public func connect() -> Cancellable {
            guard !interval.isNaN, interval < .infinity, let clock = _TimerClocks.current else {
                return AnyCancellable {}
            }
            let start = started ?? clock.now
            started = start
            return clock.every(max(interval, 0.0001), from: start) { [weak self] date in self?.subscribers.send(date) }
        }
    }
}
