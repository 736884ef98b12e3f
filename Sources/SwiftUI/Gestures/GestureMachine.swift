import Foundation
import RevealCore

/// A finger on a gesture's view, as the gesture hears it: which finger, where it is on the screen, and where
/// the view's frame was when the touch began.
package struct GestureTouch {
    package var finger: Int
    package var point: CGPoint
    package var frame: CGRect

    package init(finger: Int, point: CGPoint, frame: CGRect) {
        self.finger = finger
        self.point = point
        self.frame = frame
    }

    /// The point in the view's own coordinates.
    var local: CGPoint { CGPoint(x: point.x - frame.minX, y: point.y - frame.minY) }

    /// The point in `space`: the screen's for `.global`, else the view's own.
    func location(in space: CoordinateSpace) -> CGPoint { space == .global ? point : local }
}

/// What a gesture hears: a finger going down, moving or lifting, or the clock reaching a time it asked for.
package enum GestureEvent {
    case down(GestureTouch)
    case moved(GestureTouch)
    case up(GestureTouch)
    case tick
}

/// What a gesture does on hearing an event: nothing yet, a new value, its last value, or giving up.
enum GestureOutcome {
    case none
    case changed(Any)
    case ended(Any)
    case failed
}

/// A gesture under way: one per gesture in the tree a `gesture(_:)` attaches, built when its first touch goes
/// down and dropped when it ends or fails. Each kind of gesture is a subclass.
@MainActor class GestureNode {
    /// Whether it has ended or failed: it hears nothing more.
    private(set) var finished = false

    /// Hears `event` at `time`, once it has not finished.
    final func receive(_ event: GestureEvent, at time: Double) -> GestureOutcome {
        guard !finished else { return .none }
        let outcome = hear(event, at: time)
        switch outcome {
        case .ended, .failed: finished = true
        case .none, .changed: break
        }
        return outcome
    }

    /// What the gesture does with `event`; subclasses say.
    func hear(_ event: GestureEvent, at time: Double) -> GestureOutcome { .none }

    /// When it next needs a `.tick` (a long press's duration, the wait for a tap's next tap).
    var deadline: Double? { nil }
}

/// The gesture a view's `gesture(_:)` attached, kept by the view's identity: it holds the gesture of the
/// latest evaluation, and the nodes of the one under way, so that a double tap's two touches meet the same
/// tap and a long press's timer finds its press.
@MainActor package final class GestureMachine {
    var gesture: any Gesture
    private var node: GestureNode?
    /// Counts the gestures begun, so that a tick asked for by one that finished does not reach a later one.
    private var generation = 0
    private weak var graph: ViewGraph?

    init(gesture: any Gesture, graph: ViewGraph) {
        self.gesture = gesture
        self.graph = graph
    }

    /// Whether no gesture is under way.
    package var isIdle: Bool { node == nil }

    /// Hands `event` to the gesture under way, starting one at a touch down when none is.
    package func hear(_ event: GestureEvent) {
        guard let graph else { return }
        if node == nil, case .down = event {
            node = GestureMachine.node(for: gesture)
            generation += 1
        }
        guard let node else { return }
        _ = node.receive(event, at: graph.time)
        if node.finished {
            self.node = nil
        } else if let deadline = node.deadline, deadline.isFinite {
            let current = generation
            graph.schedule(at: max(deadline, graph.time)) { [weak self] in
                guard let self, self.generation == current, self.node != nil else { return }
                self.hear(.tick)
            }
        }
    }

    /// The nodes of `gesture`: its own for a built-in one, else those of its body.
    static func node(for gesture: any Gesture) -> GestureNode? {
        if let making = gesture as? any GestureNodeMaking { return making.makeNode() }
        return bodyNode(of: gesture)
    }

    private static func bodyNode<G: Gesture>(of gesture: G) -> GestureNode? {
        guard G.Body.self != Never.self else { return nil }
        return node(for: gesture.body)
    }
}

/// A built-in gesture: it makes its own node.
protocol GestureNodeMaking {
    @MainActor func makeNode() -> GestureNode?
}

extension ViewGraph {
    /// The gesture machine at `key`, holding this evaluation's `gesture`.
    func gestureMachine(at key: String, gesture: any Gesture) -> GestureMachine {
        let machine = kept(\.gestureMachines, at: key) { GestureMachine(gesture: gesture, graph: self) }
        machine.gesture = gesture
        return machine
    }
}

// MARK: - The built-in gestures' nodes

/// A drag: the first finger, from when it has moved `minimumDistance` until it lifts.
final class DragNode: GestureNode {
    let minimumDistance: Double
    let space: CoordinateSpace
    private var start: GestureTouch?
    private var began = false
    /// The last moves, for the velocity: UIKit's pan measures it over the latest motion.
    private var samples: [(point: CGPoint, time: Double)] = []

    init(minimumDistance: Double, space: CoordinateSpace) {
        self.minimumDistance = minimumDistance
        self.space = space
    }

    override func hear(_ event: GestureEvent, at time: Double) -> GestureOutcome {
        switch event {
        case .down(let touch):
            guard start == nil else { return .none }
            start = touch
            samples = [(touch.point, time)]
            // DragGesture(minimumDistance: 0) starts at the touch: location == startLocation.
            guard minimumDistance <= 0 else { return .none }
            began = true
            return .changed(value(touch, at: time))
        case .moved(let touch):
            guard let start, touch.finger == start.finger else { return .none }
            samples.append((touch.point, time))
            samples.removeAll { $0.time < time - DragNode.velocityWindow }
            if !began, hypot(touch.point.x - start.point.x, touch.point.y - start.point.y) >= minimumDistance {
                began = true
            }
            return began ? .changed(value(touch, at: time)) : .none
        case .up(let touch):
            guard let start, touch.finger == start.finger else { return .none }
            return began ? .ended(value(touch, at: time)) : .failed
        case .tick:
            return .none
        }
    }

    /// The velocity is measured over the last 0.1 s of motion.
    static let velocityWindow = 0.1
    /// How far a flick carries: UIKit's normal deceleration rate, 0.998 per millisecond, stops a finger's
    /// velocity v after v·0.998 / (1 − 0.998) / 1000 ≈ 0.499·v points (the rate UIScrollView documents).
    static let projection = 0.998 / (1 - 0.998) / 1000

    private func value(_ touch: GestureTouch, at time: Double) -> DragGesture.Value {
        let start = self.start ?? touch
        let location = touch.location(in: space)
        var velocity = CGSize.zero
        if let first = samples.first, time - first.time > 0 {
            velocity = CGSize(
                width: (touch.point.x - first.point.x) / (time - first.time),
                height: (touch.point.y - first.point.y) / (time - first.time))
        }
        return DragGesture.Value(
            time: SceneClock.date(at: time), location: location, startLocation: start.location(in: space),
            velocity: velocity,
            predictedEndLocation: CGPoint(
                x: location.x + velocity.width * DragNode.projection,
                y: location.y + velocity.height * DragNode.projection))
    }
}

/// A long press: true as the finger goes down, and its end once held `minimumDuration` without moving
/// `maximumDistance`; lifting or moving before that fails it.
final class LongPressNode: GestureNode {
    let minimumDuration: Double
    let maximumDistance: Double
    private var start: GestureTouch?
    private var since = 0.0

    init(minimumDuration: Double, maximumDistance: Double) {
        self.minimumDuration = max(minimumDuration, 0)
        self.maximumDistance = maximumDistance
    }

    override var deadline: Double? { start == nil ? nil : since + minimumDuration }

    override func hear(_ event: GestureEvent, at time: Double) -> GestureOutcome {
        switch event {
        case .down(let touch):
            guard start == nil else { return .none }
            (start, since) = (touch, time)
            return .changed(true)
        case .moved(let touch):
            guard let start, touch.finger == start.finger else { return .none }
            let distance = hypot(touch.point.x - start.point.x, touch.point.y - start.point.y)
            return distance > maximumDistance ? .failed : .none
        case .up(let touch):
            guard let start, touch.finger == start.finger else { return .none }
            return time >= since + minimumDuration - FrameClock.tolerance ? .ended(true) : .failed
        case .tick:
            guard start != nil, time >= since + minimumDuration - FrameClock.tolerance else { return .none }
            return .ended(true)
        }
    }
}

/// A tap of `count` touches, each lifting where it went down (within UIKit's allowance) and each next one
/// going down within the multiple-tap interval of the last.
final class TapNode: GestureNode {
    let count: Int
    let space: CoordinateSpace
    private var down: GestureTouch?
    private var taps = 0
    private var lastUp = 0.0

    init(count: Int, space: CoordinateSpace) {
        self.count = max(count, 1)
        self.space = space
    }

    override var deadline: Double? { taps > 0 && down == nil ? lastUp + TapRecognizer.interval : nil }

    override func hear(_ event: GestureEvent, at time: Double) -> GestureOutcome {
        switch event {
        case .down(let touch):
            guard down == nil else { return .none }
            if taps > 0, time - lastUp > TapRecognizer.interval + FrameClock.tolerance { return .failed }
            down = touch
            return .none
        case .moved(let touch):
            guard let down, touch.finger == down.finger else { return .none }
            let moved = hypot(touch.point.x - down.point.x, touch.point.y - down.point.y)
            return moved > TapRecognizer.allowableMovement ? .failed : .none
        case .up(let touch):
            guard down?.finger == touch.finger else { return .none }
            down = nil
            guard touch.frame.contains(touch.point) else { return .failed }
            taps += 1
            lastUp = time
            return taps >= count ? .ended(touch.location(in: space)) : .none
        case .tick:
            guard taps > 0, down == nil, time >= lastUp + TapRecognizer.interval - FrameClock.tolerance else {
                return .none
            }
            return .failed
        }
    }
}

/// Two fingers moving apart, together or about each other: a magnify or rotate gesture.
final class PairNode: GestureNode {
    let rotates: Bool
    let minimum: Double
    private var fingers: [GestureTouch] = []
    private var pair: FingerPair?
    private var began = false
    private var reported: Double?

    init(rotates: Bool, minimum: Double) {
        self.rotates = rotates
        self.minimum = minimum
    }

    override func hear(_ event: GestureEvent, at time: Double) -> GestureOutcome {
        switch event {
        case .down(let touch):
            guard fingers.count < 2 else { return .none }
            fingers.append(touch)
            if fingers.count == 2 { pair = FingerPair(start: (fingers[0].local, fingers[1].local)) }
            return .none
        case .moved(let touch):
            guard var pair, let index = fingers.firstIndex(where: { $0.finger == touch.finger }) else { return .none }
            if index == 0 { pair.now.0 = touch.local } else { pair.now.1 = touch.local }
            self.pair = pair
            let measure = rotates ? pair.rotation.radians : Double(pair.magnification)
            if !began, abs(rotates ? measure : measure - 1) >= minimum { began = true }
            // SwiftUI's onChanged runs "when the gesture's value changes", not for a move that changes nothing.
            guard began, reported != measure else { return .none }
            reported = measure
            return .changed(value(pair, at: time))
        case .up(let touch):
            guard fingers.contains(where: { $0.finger == touch.finger }) else { return .none }
            // Either finger lifting ends the gesture, or fails it before it began.
            guard began, let pair else { return .failed }
            return .ended(value(pair, at: time))
        case .tick:
            return .none
        }
    }

    private func value(_ pair: FingerPair, at time: Double) -> Any {
        let size = fingers.first?.frame.size ?? .zero
        return pair.value(rotates: rotates, in: size, at: SceneClock.date(at: time))
    }
}

/// A gesture with actions on its changes, end and failure (onChanged, onEnded, updating, map).
final class ActionNode: GestureNode {
    let inner: GestureNode
    let transform: (GestureOutcome) -> GestureOutcome

    init(_ inner: GestureNode, transform: @escaping (GestureOutcome) -> GestureOutcome) {
        self.inner = inner
        self.transform = transform
    }

    override var deadline: Double? { inner.deadline }

    override func hear(_ event: GestureEvent, at time: Double) -> GestureOutcome {
        transform(inner.receive(event, at: time))
    }
}

/// One gesture, then another from where the first ended (SwiftUI's `SequenceGesture`). `wrap` makes the
/// sequence's value of the first's value and the second's, once the first has ended.
final class SequenceNode: GestureNode {
    let first: GestureNode
    let second: GestureNode
    let wrap: (_ first: Any, _ second: Any?, _ firstEnded: Bool) -> Any?
    private var firstValue: Any?
    private var secondValue: Any?
    private var down: [Int: GestureTouch] = [:]

    init(first: GestureNode, second: GestureNode, wrap: @escaping (Any, Any?, Bool) -> Any?) {
        self.first = first
        self.second = second
        self.wrap = wrap
    }

    override var deadline: Double? { firstValue == nil ? first.deadline : second.deadline }

    override func hear(_ event: GestureEvent, at time: Double) -> GestureOutcome {
        switch event {
        case .down(let touch), .moved(let touch): down[touch.finger] = touch
        case .up(let touch): down[touch.finger] = nil
        case .tick: break
        }
        guard let done = firstValue else {
            switch first.receive(event, at: time) {
            case .none: return .none
            case .failed: return .failed
            case .changed(let value): return wrap(value, nil, false).map { .changed($0) } ?? .none
            case .ended(let value):
                firstValue = value
                // The second hears the fingers still down as touches that begin now.
                for touch in down.values.sorted(by: { $0.finger < $1.finger }) {
                    switch second.receive(.down(touch), at: time) {
                    case .changed(let value): secondValue = value
                    case .ended(let value): return wrap(value, value, true).map { .ended($0) } ?? .failed
                    case .failed: return .failed
                    case .none: break
                    }
                }
                return wrap(value, secondValue, true).map { .changed($0) } ?? .none
            }
        }
        switch second.receive(event, at: time) {
        case .none: return .none
        case .failed: return .failed
        case .changed(let value):
            secondValue = value
            return wrap(done, value, true).map { .changed($0) } ?? .none
        case .ended(let value):
            return wrap(done, value, true).map { .ended($0) } ?? .failed
        }
    }
}

/// Two gestures hearing the same touches, each at its own pace (SwiftUI's `SimultaneousGesture`): it ends
/// when both have finished and one of them ended. `wrap` makes its value of the two latest values.
final class SimultaneousNode: GestureNode {
    let first: GestureNode
    let second: GestureNode
    let wrap: (Any?, Any?) -> Any?
    private var values: (Any?, Any?) = (nil, nil)
    private var ended = false

    init(first: GestureNode, second: GestureNode, wrap: @escaping (Any?, Any?) -> Any?) {
        self.first = first
        self.second = second
        self.wrap = wrap
    }

    override var deadline: Double? {
        [first.finished ? nil : first.deadline, second.finished ? nil : second.deadline].compactMap { $0 }.min()
    }

    override func hear(_ event: GestureEvent, at time: Double) -> GestureOutcome {
        var changed = false
        for (index, node) in [first, second].enumerated() {
            switch node.receive(event, at: time) {
            case .changed(let value), .ended(let value):
                if index == 0 { values.0 = value } else { values.1 = value }
                changed = true
                if node.finished { ended = true }
            case .none, .failed:
                break
            }
        }
        if first.finished, second.finished {
            return ended ? (wrap(values.0, values.1).map { .ended($0) } ?? .failed) : .failed
        }
        return changed ? (wrap(values.0, values.1).map { .changed($0) } ?? .none) : .none
    }
}

/// Two gestures of which one succeeds, the first preferred (SwiftUI's `ExclusiveGesture`): the second's
/// changes count only once the first has failed, and the first is dropped once the second ends before it
/// begins. `wrap` makes its value of either's, saying whose.
final class ExclusiveNode: GestureNode {
    let first: GestureNode
    let second: GestureNode
    let wrap: (Any, _ isFirst: Bool) -> Any?
    private var firstBegan = false
    private var pending: Any?

    init(first: GestureNode, second: GestureNode, wrap: @escaping (Any, Bool) -> Any?) {
        self.first = first
        self.second = second
        self.wrap = wrap
    }

    override var deadline: Double? {
        [first.finished ? nil : first.deadline, firstBegan || second.finished ? nil : second.deadline]
            .compactMap { $0 }.min()
    }

    override func hear(_ event: GestureEvent, at time: Double) -> GestureOutcome {
        if !first.finished {
            switch first.receive(event, at: time) {
            case .changed(let value):
                firstBegan = true
                return wrap(value, true).map { .changed($0) } ?? .none
            case .ended(let value):
                return wrap(value, true).map { .ended($0) } ?? .failed
            case .failed:
                if second.finished { return .failed }
                // The second's changes held back while the first might still have taken the touch.
                if let pending { return wrap(pending, false).map { .changed($0) } ?? .none }
            case .none:
                if firstBegan { return .none }
            }
        }
        guard !firstBegan, !second.finished else { return first.finished && second.finished ? .failed : .none }
        switch second.receive(event, at: time) {
        case .none: return .none
        case .failed: return first.finished ? .failed : .none
        case .changed(let value):
            guard first.finished else {
                pending = value
                return .none
            }
            return wrap(value, false).map { .changed($0) } ?? .none
        case .ended(let value):
            return wrap(value, false).map { .ended($0) } ?? .failed
        }
    }
}
