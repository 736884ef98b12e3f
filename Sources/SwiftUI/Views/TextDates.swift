import Foundation

extension Text {
    /// How `Text(_:style:)` writes a date, with the outputs Apple's documentation gives for each style
    /// (Text.DateStyle): `date` "June 3, 2019", `time` "11:23 PM", `relative` "2 hours, 23 minutes",
    /// `offset` "+2 hours", `timer` "2:32" or "36:59:01".
    public struct DateStyle: Equatable, Sendable {
        enum Kind: Equatable, Sendable { case date, time, relative, offset, timer }
        let kind: Kind

        /// The date alone, in the long style.
        public static let date = DateStyle(kind: .date)
        /// The time alone, in the short style.
        public static let time = DateStyle(kind: .time)
        /// How far the date is from now, in its two largest units.
        public static let relative = DateStyle(kind: .relative)
        /// How far the date is from now, signed: "+" ahead, "-" past.
        public static let offset = DateStyle(kind: .offset)
        /// A timer counting from now to the date, or up from it.
        public static let timer = DateStyle(kind: .timer)
    }

    /// `date` written in `style`, kept up to date on the scene clock (the styles that count, every second).
    public init(_ date: Date, style: DateStyle) {
        self.init(live: .styled(date, style))
    }

    /// The range of dates, as "9:41 – 10:41 AM" is written by Foundation's interval formatter.
    public init(_ dates: ClosedRange<Date>) {
        self.init(verbatim: LiveDate.intervalFormatter.string(from: dates.lowerBound, to: dates.upperBound))
    }

    /// The interval's dates, as `Text(_: ClosedRange<Date>)` writes them.
    public init(_ interval: DateInterval) { self.init(interval.start...interval.end) }

    /// A timer over `timerInterval`: counting down to its end (or up from its start when not `countsDown`),
    /// held at `pauseTime` when given, in hours, minutes and seconds ("1:02:03") or, without `showsHours`,
    /// minutes and seconds ("62:03"). It stays within the interval.
    public init(
        timerInterval: ClosedRange<Date>, pauseTime: Date? = nil, countsDown: Bool = true, showsHours: Bool = true
    ) {
        self.init(live: .timer(timerInterval, pauseTime: pauseTime, countsDown: countsDown, showsHours: showsHours))
    }

    private init(live: LiveDate) {
        self.init(verbatim: live.text(at: SceneClock.date(at: SceneClock.now)).string)
        runs[0].live = live
    }

    /// The text with its dates written as of `now`, and when the first of them changes next.
    func resolvingDates(at now: Date) -> (text: Text, next: Date?) {
        guard runs.contains(where: { $0.live != nil }) else { return (self, nil) }
        var text = self
        var next: Date?
        for index in text.runs.indices {
            guard let live = text.runs[index].live else { continue }
            let written = live.text(at: now)
            text.runs[index].string = written.string
            if let due = written.next { next = min(next ?? due, due) }
        }
        return (text, next)
    }
}

/// A date a text writes as time passes.
enum LiveDate: Equatable, Sendable {
    case styled(Date, Text.DateStyle)
    case timer(ClosedRange<Date>, pauseTime: Date?, countsDown: Bool, showsHours: Bool)

    /// What the text says at `now`, and when that next changes (nil: never).
    func text(at now: Date) -> (string: String, next: Date?) {
        switch self {
        case .styled(let date, let style):
            switch style.kind {
            // The date's own day and time, whatever the time now: never changing.
            case .date: return (Self.dateFormatter.string(from: date), nil)
            case .time: return (Self.timeFormatter.string(from: date), nil)
            case .relative:
                return (
                    Self.relative(from: Self.lastSecond(now, from: date), to: date), Self.nextSecond(now, from: date)
                )
            case .offset:
                let sign = date < now ? "-" : "+"
                let tick = Self.lastSecond(now, from: date)
                return (sign + Self.relative(from: tick, to: date), Self.nextSecond(now, from: date))
            case .timer:
                let tick = Self.lastSecond(now, from: date)
                return (
                    Self.clock(abs(date.timeIntervalSince(tick)), showsHours: true), Self.nextSecond(now, from: date)
                )
            }
        case .timer(let interval, let pauseTime, let countsDown, let showsHours):
            let reference = countsDown ? interval.upperBound : interval.lowerBound
            let tick = pauseTime ?? Self.lastSecond(now, from: reference)
            let at = min(max(tick, interval.lowerBound), interval.upperBound)
            let shown =
                countsDown ? interval.upperBound.timeIntervalSince(at) : at.timeIntervalSince(interval.lowerBound)
            // A running timer changes every second until its interval ends.
            let running = pauseTime == nil && now < interval.upperBound
            return (
                Self.clock(shown, showsHours: showsHours),
                running ? Self.nextSecond(now, from: reference) : nil
            )
        }
    }

    /// The last time at or before `now` a whole number of seconds from `reference`: the text reads as of then,
    /// so that it changes at those times and is evaluated again at the next (a timer counting down to
    /// `reference` shows the seconds left rounded up, one counting up from it the seconds gone rounded down).
    private static func lastSecond(_ now: Date, from reference: Date) -> Date {
        reference.addingTimeInterval((now.timeIntervalSince(reference) + 1e-9).rounded(.down))
    }

    /// When the whole seconds between `now` and `reference` next change.
    private static func nextSecond(_ now: Date, from reference: Date) -> Date {
        let offset = now.timeIntervalSince(reference)
        let next = (offset + 1e-9).rounded(.down) + 1
        return reference.addingTimeInterval(next)
    }

    /// Whole seconds as a timer shows them: "2:32" under an hour (or always, without hours), else "36:59:01".
    static func clock(_ seconds: Double, showsHours: Bool) -> String {
        let total = Int(min(max(seconds, 0), 1e12).rounded(.down))
        let (hours, minutes, secs) = (total / 3600, total / 60 % 60, total % 60)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        if showsHours && hours > 0 { return "\(hours):\(two(minutes)):\(two(secs))" }
        return "\(showsHours ? minutes : total / 60):\(two(secs))"
    }

    /// The time between two dates in its two largest calendar units, spelled out: "2 hours, 23 minutes".
    static func relative(from now: Date, to date: Date) -> String {
        let (start, end) = now < date ? (now, date) : (date, now)
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: start, to: end)
        let units: [(Int?, String)] = [
            (parts.year, "year"), (parts.month, "month"), (parts.day, "day"), (parts.hour, "hour"),
            (parts.minute, "minute"), (parts.second, "second"),
        ]
        guard let first = units.firstIndex(where: { ($0.0 ?? 0) > 0 }) else { return "0 seconds" }
        return units[first..<min(first + 2, units.count)].compactMap { count, unit in
            guard let count, count > 0 else { return nil }
            return "\(count) \(unit)\(count == 1 ? "" : "s")"
        }.joined(separator: ", ")
    }

    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar
    }()
    private static let dateFormatter = DatePickerMetrics.formatter(date: .long, time: .none)
    private static let timeFormatter = DatePickerMetrics.formatter(date: .none, time: .short)
    static let intervalFormatter: DateIntervalFormatter = {
        let formatter = DateIntervalFormatter()
        formatter.locale = Text.locale
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateStyle = .none
        formatter.timeStyle = .short
        return formatter
    }()
}
