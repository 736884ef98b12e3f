import RevealCore
import RevealLayout
import RevealRaster
import RevealText

/// One animatable value of a view, kept per identity, animated additively as SwiftUI animates: a change
/// inside an animated transaction adds an animation of the difference (old target − new target) that
/// decays to nothing along the animation's curve, so the value moves on from where it is, with no jump,
/// and an animation interrupted by another goes on under it (SwiftUI, "Animations", WWDC23: animations
/// of the same value are combined additively).
@MainActor protocol AnimatedSlot: AnyObject {
    /// When the last running animation ends; nil when none runs.
    var settles: Double? { get }
}

@MainActor final class AnimatedValue<Value: VectorArithmetic>: AnimatedSlot {
    private(set) var target: Value
    private var animations: [(delta: Value, start: Double, curve: AnimationCurve, end: Double)] = []

    init(_ value: Value) { target = value }

    var settles: Double? { animations.lazy.map(\.end).max() }

    /// Moves the target to `value`, at once or by `animation` starting at `start`.
    func set(_ value: Value, animation: AnimationCurve?, at start: Double) {
        guard (value - target).magnitudeSquared > 0 else { return }
        if let animation {
            let end = start + animation.duration
            animations.append((target - value, start, animation, end))
        } else {
            animations = []
        }
        target = value
    }

    /// Shows the value `delta` away from the target, going back to it by `animation` from `start` (at once
    /// without one): a move from elsewhere with no change of target.
    func add(_ delta: Value, animation: AnimationCurve?, at start: Double) {
        guard let animation else { return }
        animations.append((delta, start, animation, start + animation.duration))
    }

    /// The value shown at `time`; animations that have ended are dropped.
    func presented(at time: Double) -> Value {
        animations.removeAll { time >= $0.end - FrameClock.tolerance }
        var value = target
        for animation in animations {
            var rest = animation.delta
            rest.scale(by: 1 - animation.curve.progress(after: time - animation.start))
            value += rest
        }
        return value
    }
}

/// The transaction a view's evaluation runs in: the animation of the state change that caused it and when
/// that change happened (an animation starts at the event's time, not at the next frame).
struct EvaluationTransaction {
    var animation: AnimationCurve?
    var start: Double
}

extension ViewGraph {
    /// `present(_:key:)` with a change of `value` always animated by `animation`, whatever the transaction: a
    /// control's own motion (a push, a sheet, a thumb, a chevron), as UIKit animates it.
    func present<Value: VectorArithmetic>(_ value: Value, key: String, animatedBy animation: Animation) -> Value {
        evaluating(in: EvaluationTransaction(animation: animation.curve, start: transaction.start)) {
            present(value, key: key)
        }
    }

    /// The value of the animatable `value` at `key` as shown now: the target moves to `value` in the current
    /// transaction (while seeding an insertion, at once).
    func present<Value: VectorArithmetic>(_ value: Value, key: String) -> Value {
        let slot: AnimatedValue<Value>
        if let existing = animatedValues[key] as? AnimatedValue<Value> {
            slot = existing
        } else {
            slot = AnimatedValue(value)
            animatedValues[key] = slot
        }
        animatedSeen.insert(key)
        if seeding {
            slot.set(value, animation: nil, at: time)
        } else {
            slot.set(value, animation: transaction.animation, at: transaction.start)
        }
        return slot.presented(at: time)
    }

    /// `value` (a shape, or a view or modifier that is `Animatable`) with its `animatableData` as shown now
    /// (`present`), so that its change animates: SwiftUI interpolates the `animatableData` of any `Animatable`
    /// view, modifier or shape.
    func animated<A: Animatable>(_ value: A, key: String) -> A {
        guard A.AnimatableData.self != EmptyAnimatableData.self else { return value }
        var shown = value
        shown.animatableData = present(value.animatableData, key: key)
        return shown
    }

    /// `value` animated as `animated(_:key:)` does when it is `Animatable`, else as it is.
    func animatedIfAnimatable<T>(_ value: T, key: String) -> T {
        guard let animatable = value as? any Animatable else { return value }
        return animated(animatable, key: key) as? T ?? value
    }

    /// When every running animation has ended (minus infinity if none runs).
    package var animationsEnd: Double {
        // A timeline never settles: it has a next date for as long as it is shown.
        if hasLiveTimeline || !timelineUpdates.isEmpty { return .infinity }
        return animatedValues.values.reduce(-Double.infinity) { max($0, $1.settles ?? $0) }
    }

    /// Whether an animation was still running at the last evaluation, so a later time shows something else.
    package var isAnimating: Bool {
        animatedValues.values.contains { $0.settles != nil } || !removals.isEmpty || hasLiveTimeline
            || scrollStates.values.contains { $0.isMoving }
    }
}

/// A text's content as last shown, and the content it is giving way to inside an animation.
@MainActor final class ContentChange {
    var current: Text
    var previous: Text?
    /// How many animated changes there have been: the animated value counts them, so the fraction of the
    /// latest is how far past the one before the value is.
    var changes = 0
    /// The value a `.numericText(value:)` transition gave at the last evaluation, and whether the latest
    /// change counted down.
    var numericValue: Double?
    var countsDown = false

    init(_ current: Text) { self.current = current }
}

extension ViewGraph {
    /// The content `value` at `key` gives way to, and how far: SwiftUI's default `.opacity` content
    /// transition for a change inside an animation ("content transitions only take effect within
    /// transactions that apply an animation"). Nil when nothing is giving way.
    func contentChange(_ value: Text, key: String, numericValue: Double? = nil)
        -> (previous: Text, fraction: Double, countsDown: Bool)?
    {
        let state = contentChanges[key] ?? ContentChange(value)
        contentChanges[key] = state
        defer { state.numericValue = numericValue }
        if value != state.current {
            if transaction.animation != nil && !seeding {
                state.previous = state.current
                state.changes += 1
                if let numericValue, let before = state.numericValue { state.countsDown = numericValue < before }
            } else {
                state.previous = nil
            }
            state.current = value
        }
        let fraction = present(Double(state.changes), key: key + "#changes") - Double(state.changes - 1)
        guard let previous = state.previous, fraction < 1 else {
            state.previous = nil
            return nil
        }
        return (previous, min(max(fraction, 0), 1), state.countsDown)
    }
}

/// An offset a finger drags, kept from one evaluation to the next: it follows the finger at once while it
/// drags and springs to where it rests when let go (a swiped row, a sheet pulled down).
@MainActor final class DragOffsetState {
    /// Where the offset rests.
    private(set) var rest = 0.0
    /// Where the finger holds it while it drags.
    private(set) var dragging: Double?
    weak var graph: ViewGraph?

    init(graph: ViewGraph) { self.graph = graph }

    var offset: Double { dragging ?? rest }

    func drag(to offset: Double) {
        dragging = offset
        graph?.invalidate()
    }

    /// Let go (or moved by code): the offset springs to `rest`.
    func settle(at rest: Double) {
        dragging = nil
        self.rest = rest
        graph?.invalidate()
    }
}

extension ViewGraph {
    /// The offset `state` shows now: the finger's while it drags, else moving to its rest along `animation`.
    func shownOffset(_ state: DragOffsetState, key: String, animatedBy animation: Animation) -> Double {
        guard state.dragging == nil else {
            return evaluating(in: EvaluationTransaction(animation: nil, start: time)) {
                present(state.offset, key: key)
            }
        }
        return present(state.offset, key: key, animatedBy: animation)
    }
}

extension ViewGraph {
    /// `color` as shown now, its change animated in the current transaction as SwiftUI animates a color: as a
    /// `Color.Resolved`, whose components are "stored in the Linear sRGB color space", interpolated there. At
    /// rest it is `color` itself, unchanged by the round trip.
    func present(_ color: RGBAColor, key: String) -> RGBAColor {
        let target = AnimatablePair(
            AnimatablePair(Self.linear(color.red), Self.linear(color.green)),
            AnimatablePair(Self.linear(color.blue), color.alpha))
        let shown = present(target, key: key)
        guard shown != target else { return color }
        return RGBAColor(
            red: Self.encoded(shown.first.first), green: Self.encoded(shown.first.second),
            blue: Self.encoded(shown.second.first), alpha: min(max(shown.second.second, 0), 1))
    }

    /// sRGB's transfer function (IEC 61966-2-1): an encoded component to its linear light, and back; extended
    /// range keeps its sign.
    private static func linear(_ c: Double) -> Double {
        let m = abs(c)
        let l = m <= 0.04045 ? m / 12.92 : pow((m + 0.055) / 1.055, 2.4)
        return c < 0 ? -l : l
    }

    private static func encoded(_ l: Double) -> Double {
        let m = abs(l)
        let c = m <= 0.0031308 ? m * 12.92 : 1.055 * pow(m, 1 / 2.4) - 0.055
        return l < 0 ? -c : c
    }
}
