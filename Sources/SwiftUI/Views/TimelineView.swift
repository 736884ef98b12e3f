import RevealCore
import RevealLayout
import RevealRaster
import RevealText

/// How often a schedule is asked for its dates, as SwiftUI's `TimelineScheduleMode`; reveal-render always
/// asks in `.normal` mode.
public enum TimelineScheduleMode: Hashable, Sendable {
    case normal, lowFrequency
}

/// The dates at which a `TimelineView` builds its content again, as SwiftUI's `TimelineSchedule`.
public protocol TimelineSchedule {
    associatedtype Entries: Sequence where Entries.Element == Date
    /// The dates from `startDate` on, ascending.
    func entries(from startDate: Date, mode: TimelineScheduleMode) -> Entries
}

extension TimelineSchedule {
    public typealias Mode = TimelineScheduleMode
}

/// Dates `interval` seconds apart from a start, for ever.
public struct PeriodicTimelineEntries: Sequence, IteratorProtocol, Sendable {
    var upcoming: Date
    let interval: TimeInterval

    public mutating func next() -> Date? {
        defer { upcoming = upcoming.addingTimeInterval(interval) }
        return upcoming
    }
}

/// Every frame of the render, as SwiftUI's `.animation` schedule (every display refresh); with a minimum
/// interval, dates that far apart; paused, only the start.
public struct AnimationTimelineSchedule: TimelineSchedule, Sendable {
    let minimumInterval: Double?
    let paused: Bool

    public init(minimumInterval: Double? = nil, paused: Bool = false) {
        self.minimumInterval = minimumInterval
        self.paused = paused
    }

    public func entries(from startDate: Date, mode: TimelineScheduleMode) -> PeriodicTimelineEntries {
        // Every frame is asked for by the runtime itself; a sequence stands for 120 Hz, ProMotion's fastest.
        PeriodicTimelineEntries(upcoming: startDate, interval: paused ? .infinity : minimumInterval ?? 1.0 / 120)
    }
}

/// A schedule whose entry at a date is worked out, not found by reading its entries from the start.
protocol ArithmeticTimelineSchedule {
    /// The latest entry not after `now` (nil before the first), and the one after it.
    func entries(around now: Date, from startDate: Date) -> (latest: Date?, next: Date?)
}

/// Dates `interval` seconds apart from `startDate`, as SwiftUI's `PeriodicTimelineSchedule`.
public struct PeriodicTimelineSchedule: TimelineSchedule, Sendable, ArithmeticTimelineSchedule {
    let startDate: Date
    let interval: TimeInterval

    public init(from startDate: Date, by interval: TimeInterval) {
        self.startDate = startDate
        self.interval = interval
    }

    public func entries(from startDate: Date, mode: TimelineScheduleMode) -> PeriodicTimelineEntries {
        PeriodicTimelineEntries(upcoming: self.startDate, interval: interval)
    }

    func entries(around now: Date, from _: Date) -> (latest: Date?, next: Date?) {
        guard interval > 0, interval.isFinite else { return (now >= startDate ? startDate : nil, nil) }
        let steps = (now.timeIntervalSince(startDate) / interval).rounded(.down)
        guard steps >= 0 else { return (nil, startDate) }
        return (
            startDate.addingTimeInterval(steps * interval), startDate.addingTimeInterval((steps + 1) * interval)
        )
    }
}

/// The start, then the start of each minute, as SwiftUI's `EveryMinuteTimelineSchedule`.
public struct EveryMinuteTimelineSchedule: TimelineSchedule, Sendable, ArithmeticTimelineSchedule {
    public init() {}

    public func entries(from startDate: Date, mode: TimelineScheduleMode) -> PeriodicTimelineEntries {
        let minute = (startDate.timeIntervalSinceReferenceDate / 60).rounded(.down) * 60
        return PeriodicTimelineEntries(upcoming: Date(timeIntervalSinceReferenceDate: minute), interval: 60)
    }

    func entries(around now: Date, from startDate: Date) -> (latest: Date?, next: Date?) {
        let minute = (now.timeIntervalSinceReferenceDate / 60).rounded(.down) * 60
        return (
            max(startDate, Date(timeIntervalSinceReferenceDate: minute)),
            Date(timeIntervalSinceReferenceDate: minute + 60)
        )
    }
}

/// The dates given, as SwiftUI's `ExplicitTimelineSchedule`.
public struct ExplicitTimelineSchedule<Entries: Sequence>: TimelineSchedule where Entries.Element == Date {
    let dates: Entries

    public init(_ dates: Entries) { self.dates = dates }

    public func entries(from startDate: Date, mode: TimelineScheduleMode) -> Entries { dates }
}

extension TimelineSchedule where Self == AnimationTimelineSchedule {
    /// Every frame.
    public static var animation: AnimationTimelineSchedule { AnimationTimelineSchedule() }
    /// Frames at least `minimumInterval` seconds apart; when `paused`, none after the first.
    public static func animation(minimumInterval: Double? = nil, paused: Bool = false) -> AnimationTimelineSchedule {
        AnimationTimelineSchedule(minimumInterval: minimumInterval, paused: paused)
    }
}

extension TimelineSchedule where Self == PeriodicTimelineSchedule {
    /// Every `interval` seconds from `startDate`.
    public static func periodic(from startDate: Date, by interval: TimeInterval) -> PeriodicTimelineSchedule {
        PeriodicTimelineSchedule(from: startDate, by: interval)
    }
}

extension TimelineSchedule where Self == EveryMinuteTimelineSchedule {
    /// At the start of every minute.
    public static var everyMinute: EveryMinuteTimelineSchedule { EveryMinuteTimelineSchedule() }
}

extension TimelineSchedule {
    /// At the dates given.
    public static func explicit<S: Sequence>(_ dates: S) -> ExplicitTimelineSchedule<S>
    where Self == ExplicitTimelineSchedule<S> {
        ExplicitTimelineSchedule(dates)
    }
}

/// How often a timeline's content is built, as SwiftUI's `TimelineView.Context.Cadence`.
public enum TimelineCadence: Comparable, Hashable, Sendable {
    case live, seconds, minutes
}

/// What a `TimelineView`'s content is built from: the date of the schedule's entry now showing.
public struct TimelineContext: Sendable {
    public typealias Cadence = TimelineCadence
    /// The entry's date, on the scene's clock (`SceneClock`).
    public let date: Date
    /// Always `.live`: every entry is drawn.
    public let cadence: Cadence
    /// Builds the content again now (SwiftUI: for content that depends on more than the date).
    public func invalidateTimelineContent() {}
}

/// A view whose content is built again at each date of its schedule, as SwiftUI's `TimelineView`. Its
/// dates are on the scene's clock: a fixed epoch advanced by the frame times, so every run is the same.
nonisolated public struct TimelineView<Schedule: TimelineSchedule, Content: View>: _PrimitiveView {
    public typealias Context = TimelineContext
    let schedule: Schedule
    let content: (Context) -> Content

    /// A timeline whose content `content` builds from the context of the entry now showing.
    public init(_ schedule: Schedule, @ViewBuilder content: @escaping (Context) -> Content) {
        self.schedule = schedule
        self.content = content
    }
}

/// Bounds on reading a schedule.
enum TimelineRules {
    /// The most entries read from a schedule in one evaluation.
    static let maxEntries = 100_000
}

/// Dates on the scene's clock: a fixed epoch (Thursday 1 January 2026, 09:41 UTC, the time Apple's product
/// pictures show), advanced by the scene's time in seconds.
package enum SceneClock {
    /// The date at the scene's time 0.
    package static let epoch = Date(timeIntervalSince1970: 1_767_260_460)

    /// The date `time` seconds into the scene.
    package static func date(at time: Double) -> Date { epoch.addingTimeInterval(time) }

    /// The scene's time at `date`.
    package static func time(of date: Date) -> Double { date.timeIntervalSince(epoch) }

    /// The time of the graph that last moved its clock, in seconds: what the wall clock reads in the
    /// process `reveal-render swiftui` builds (`ViewHost.readSceneClock`). Read from any thread; written
    /// on the main actor only.
    nonisolated(unsafe) package static var now = 0.0
}

extension TimelineView: @MainActor Lowerable {
    @MainActor func lower(in graph: ViewGraph, path: String, _ environment: EnvironmentValues) -> [ViewNode] {
        let key = path + "/timeline"
        let now = SceneClock.date(at: graph.time)
        // The timeline starts when its identity is first met, and keeps that start while it is.
        let start = graph.timelineStart(key: key, now: now)
        let date: Date
        if let animation = schedule as? AnimationTimelineSchedule, animation.minimumInterval == nil {
            // Every frame: the frame's own date, and the graph evaluated again at each.
            date = animation.paused ? start : now
            if !animation.paused { graph.hasLiveTimeline = true }
        } else if let arithmetic = schedule as? any ArithmeticTimelineSchedule {
            let (latest, next) = arithmetic.entries(around: now, from: start)
            date = latest ?? now
            if let next { graph.scheduleTimelineUpdate(key: key, at: SceneClock.time(of: next)) }
        } else {
            // The latest entry not after now (now itself before the first); the next is due on a timer.
            var latest: Date?
            var next: Date?
            var count = 0
            for entry in schedule.entries(from: start, mode: .normal) {
                count += 1
                if entry > now {
                    next = entry
                    break
                }
                latest = entry
                if count >= TimelineRules.maxEntries { break }
            }
            date = latest ?? now
            if let next { graph.scheduleTimelineUpdate(key: key, at: SceneClock.time(of: next)) }
        }
        let context = TimelineContext(date: date, cadence: .live)
        return graph.lowerContainer(content(context), path: key, environment)
    }
}
