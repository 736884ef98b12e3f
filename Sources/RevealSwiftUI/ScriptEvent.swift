import RevealRender

/// One thing that happens in a script.
enum ScriptEvent {
    enum Phase { case down, moved, up }
    case touch(finger: Int, Phase, Point)
    /// A tap, and its index in the script's `taps`.
    case tap(ViewScript.Tap.Target, index: Int)
    /// A VoiceOver action, and its index in the script's `accessibility`.
    case accessibility(label: String, action: String, index: Int)
}

extension ScriptEvent: CustomStringConvertible {
    /// "touches[0] down at (52.6, 35.5)", "tap on \"Try again\"", "VoiceOver activate on \"Scratch card\"".
    var description: String {
        func point(_ p: Point) -> String { "(\(formatNumber(p.x)), \(formatNumber(p.y)))" }
        switch self {
        case .touch(let finger, let phase, let p): return "touches[\(finger)] \(phase) at \(point(p))"
        case .tap(.label(let label), _): return "tap on \(jsonQuoted(label))"
        case .tap(.point(let x, let y), _): return "tap at \(point(Point(x: x, y: y)))"
        case .accessibility(let label, let action, _): return "VoiceOver \(action) on \(jsonQuoted(label))"
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
        for (index, tap) in taps.enumerated() { events.append((tap.t, events.count, .tap(tap.target, index: index))) }
        for (index, action) in accessibility.enumerated() {
            events.append(
                (action.t, events.count, .accessibility(label: action.label, action: action.action, index: index)))
        }
        return events.sorted { $0.t != $1.t ? $0.t < $1.t : $0.order < $1.order }.map { ($0.t, $0.event) }
    }
}
