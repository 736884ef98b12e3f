import RevealRender

/// One thing that happens in a script.
enum ScriptEvent {
    enum Phase { case down, moved, up }
    case touch(finger: Int, Phase, Point)
    case tap(ViewScript.Tap.Target)
    case accessibility(label: String, action: String)
}

extension ScriptEvent: CustomStringConvertible {
    /// "touches[0] down at (52.6, 35.5)", "tap on \"Try again\"", "VoiceOver activate on \"Scratch card\"".
    var description: String {
        func point(_ p: Point) -> String { "(\(formatNumber(p.x)), \(formatNumber(p.y)))" }
        switch self {
        case .touch(let finger, let phase, let p): return "touches[\(finger)] \(phase) at \(point(p))"
        case .tap(.label(let label)): return "tap on \(jsonQuoted(label))"
        case .tap(.point(let x, let y)): return "tap at \(point(Point(x: x, y: y)))"
        case .accessibility(let label, let action): return "VoiceOver \(action) on \(jsonQuoted(label))"
        }
    }
}

extension ViewScript {
    /// The events in time order; at one time, in the script's order: touches, taps, then VoiceOver.
    var events: [(t: Double, event: ScriptEvent)] {
        var events: [(t: Double, order: Int, event: ScriptEvent)] = []
        for (finger, touch) in touches.enumerated() {
            for (k, sample) in touch.points.enumerated() {
                let point = Point(x: sample.x, y: sample.y)
                let phase: ScriptEvent.Phase = k == 0 ? .down : .moved
                events.append((sample.t, events.count, .touch(finger: finger, phase, point)))
                if k == touch.points.count - 1 {
                    events.append((sample.t, events.count, .touch(finger: finger, .up, point)))
                }
            }
        }
        for tap in taps { events.append((tap.t, events.count, .tap(tap.target))) }
        for action in accessibility {
            events.append((action.t, events.count, .accessibility(label: action.label, action: action.action)))
        }
        return events.sorted { $0.t != $1.t ? $0.t < $1.t : $0.order < $1.order }.map { ($0.t, $0.event) }
    }
}
