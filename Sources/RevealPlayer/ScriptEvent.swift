import RevealRender

/// One thing that happens in a script.
enum ScriptEvent {
    enum Phase { case down, moved, up }
    case touch(finger: Int, Phase, Point)
    /// A tap, and its index in the script's `taps`.
    case tap(ViewScript.Tap.Target, index: Int)
    /// A VoiceOver action, and its index in the script's `accessibility`.
    case accessibility(label: String, action: String, index: Int)
    /// A character typed into a field, and the index of its entry in the script's `typing`.
    case type(Character, into: String, index: Int)
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
        case .type(let character, let field, _):
            return "typing \(jsonQuoted(String(character))) into \(jsonQuoted(field))"
        }
    }
}

extension ViewScript {
    /// The most touch samples a second any Apple device records, and so the most moves a finger's gestures see.
    /// UIKit delivers touches "at around 60 Hz" (120 on ProMotion displays) and coalesces the samples between
    /// deliveries into the delivered touch, "whose location reflects only the last recorded touch" (UIKit,
    /// "Getting high-fidelity input with coalesced touches"); SwiftUI's gestures see only delivered touches.
    static let touchSamplesPerSecond = 240.0

    /// The events in time order; at one time, in the script's order: touches, taps, then VoiceOver. A finger's
    /// moves closer together than a 240 Hz sample are coalesced into the last of them, as UIKit coalesces a
    /// device's samples: a script sampled at 120 Hz plays every point, one sampled at 10 kHz plays as a device
    /// would deliver it (and a million points play in seconds rather than minutes).
    var events: [(t: Double, event: ScriptEvent)] {
        let window = 1 / ViewScript.touchSamplesPerSecond
        var events: [(t: Double, order: Int, event: ScriptEvent)] = []
        for (finger, touch) in touches.enumerated() {
            // Deliveries come every window from the touch's start; each gives the last sample recorded by then.
            let start = touch.points.first?.t ?? 0
            for (k, sample) in touch.points.enumerated() {
                let point = Point(x: sample.x, y: sample.y)
                let last = k == touch.points.count - 1
                if k > 0 && !last {
                    let delivery = start + ((sample.t - start) / window - 1e-9).rounded(.up) * window
                    // The next sample is recorded by the time this one would be delivered: it goes instead.
                    if touch.points[k + 1].t <= delivery + FrameClock.tolerance { continue }
                }
                let phase: ScriptEvent.Phase = k == 0 ? .down : .moved
                events.append((sample.t, events.count, .touch(finger: finger, phase, point)))
                if last { events.append((sample.t, events.count, .touch(finger: finger, .up, point))) }
            }
        }
        for (index, tap) in taps.enumerated() { events.append((tap.t, events.count, .tap(tap.target, index: index))) }
        for (index, action) in accessibility.enumerated() {
            events.append(
                (action.t, events.count, .accessibility(label: action.label, action: action.action, index: index)))
        }
        for (index, entry) in typing.enumerated() {
            for (k, character) in entry.text.enumerated() {
                let t = entry.t + Double(k) * Typing.characterInterval
                events.append((t, events.count, .type(character, into: entry.into, index: index)))
            }
        }
        return events.sorted { $0.t != $1.t ? $0.t < $1.t : $0.order < $1.order }.map { ($0.t, $0.event) }
    }
}
