import Foundation
import RevealCore
import RevealLayout
import RevealRaster
import RevealText

/// A spring's motion, as SwiftUI's `Spring`: a perceptual duration and a bounce, or a response and a
/// damping ratio (the engine's spring; see `SpringParameters` for the physics).
public struct Spring: Hashable, Sendable {
    let engine: SpringParameters

    /// A spring settling in about `duration` seconds, bouncing by `bounce` (0 none, up to 1).
    public init(duration: TimeInterval = 0.5, bounce: Double = 0) {
        engine = SpringParameters(duration: duration.finite(or: 0.5), bounce: bounce.finite(or: 0))
    }

    /// A spring of `response` seconds and `dampingRatio` of critical damping.
    public init(response: Double, dampingRatio: Double) {
        engine = SpringParameters(response: response.finite(or: 0.5), dampingFraction: dampingRatio.finite(or: 1))
    }

    /// A mass on a spring with viscous damping, as SwiftUI's `Spring(mass:stiffness:damping:)`: its natural
    /// period 2π·√(mass/stiffness) is the response, and damping / (2·√(stiffness·mass)) the damping ratio.
    public init(mass: Double = 1, stiffness: Double, damping: Double, allowOverDamping: Bool = false) {
        let mass = mass.finite(or: 1) > 0 ? mass : 1
        let stiffness = stiffness.finite(or: 100) > 0 ? stiffness : 100
        let ratio = damping.finite(or: 10) / (2 * (stiffness * mass).squareRoot())
        engine = SpringParameters(
            response: 2 * Double.pi * (mass / stiffness).squareRoot(),
            dampingFraction: allowOverDamping ? max(ratio, 0) : min(max(ratio, 0), 1))
    }

    /// SwiftUI's presets: 0.5 s with bounce 0, 0.15 and 0.3.
    public static let smooth = Spring(duration: 0.5, bounce: 0)
    public static let snappy = Spring(duration: 0.5, bounce: 0.15)
    public static let bouncy = Spring(duration: 0.5, bounce: 0.3)

    /// The perceptual duration.
    public var duration: TimeInterval { engine.response }
    /// How long until it stays within a thousandth of its target.
    public var settlingDuration: TimeInterval { engine.settlingTime }
    /// The period of the undamped spring, in seconds (the perceptual duration).
    public var response: Double { engine.response }
    /// The damping as a fraction of critical damping.
    public var dampingRatio: Double { engine.dampingFraction }
    /// How bouncy it is: 1 − the damping ratio for a spring at or under critical damping, 1/ratio − 1 for
    /// an overdamped one (SwiftUI: 0 "no bounces", up to 1 undamped, down to −1 overdamped).
    public var bounce: Double {
        let ratio = engine.dampingFraction
        return ratio <= 1 ? 1 - ratio : 1 / ratio - 1
    }
    /// The stiffness of a unit mass's spring: (2π / response)².
    public var stiffness: Double { pow(2 * Double.pi / engine.response, 2) }
    /// The damping of a unit mass's spring: 4π · dampingRatio / response.
    public var damping: Double { 4 * Double.pi * engine.dampingFraction / engine.response }
    /// The mass: 1, as SwiftUI's springs are described.
    public var mass: Double { 1 }

    /// Where a value moving from `fromValue` to `toValue` is `time` seconds in, starting with
    /// `initialVelocity` (per second), as SwiftUI's `value(fromValue:toValue:initialVelocity:time:)`.
    public func value<V: VectorArithmetic>(fromValue: V, toValue: V, initialVelocity: V, time: TimeInterval) -> V {
        time > 0 ? value(from: fromValue, to: toValue, velocity: initialVelocity, at: time) : fromValue
    }

    /// The displacement towards `target` from zero `time` seconds in, starting with `initialVelocity`.
    public func value<V: VectorArithmetic>(target: V, initialVelocity: V = .zero, time: TimeInterval) -> V {
        value(fromValue: .zero, toValue: target, initialVelocity: initialVelocity, time: time)
    }

    /// Where a value starting at `from` with `velocity` (per second) is `t` seconds into moving to `to`: the
    /// step response for the distance plus the free response to the starting velocity (x(0) = 0, x′(0) = 1).
    func value<V: VectorArithmetic>(from: V, to: V, velocity: V, at t: Double) -> V {
        guard t > 0 else { return from }
        var moved = to - from
        moved.scale(by: engine.value(at: t))
        var push = velocity
        push.scale(by: engine.impulseResponse(at: t))
        return from + moved + push
    }
}

/// A curve from 0 to 1 over a keyframe's progress, as SwiftUI's `UnitCurve`.
public struct UnitCurve: Equatable, Sendable {
    let curve: TimingCurve

    public static let linear = UnitCurve(curve: .linear)
    public static let easeIn = UnitCurve(curve: .easeIn)
    public static let easeOut = UnitCurve(curve: .easeOut)
    public static let easeInOut = UnitCurve(curve: .easeInOut)

    /// A cubic Bézier from (0, 0) to (1, 1) through the two control points.
    public static func bezier(startControlPoint: UnitPoint, endControlPoint: UnitPoint) -> UnitCurve {
        UnitCurve(
            curve: .bezier(
                x1: Double(startControlPoint.x), y1: Double(startControlPoint.y), x2: Double(endControlPoint.x),
                y2: Double(endControlPoint.y)))
    }

    /// The curve's value at `progress` (0...1).
    public func value(at progress: Double) -> Double { curve.progress(at: min(max(progress, 0), 1)) }
}

/// One keyframe of a track: the value it goes to, for how long, and how.
public struct _Keyframe<Value: Animatable> {
    enum Motion {
        case linear(UnitCurve)
        case cubic(start: Value.AnimatableData?, end: Value.AnimatableData?)
        case spring(Spring, startVelocity: Value.AnimatableData?)
        case move
    }
    let target: Value
    let duration: Double
    let motion: Motion
}

/// What a keyframe track holds, as SwiftUI's `KeyframeTrackContent`: keyframes in order.
public protocol KeyframeTrackContent<Value> {
    associatedtype Value: Animatable
    /// The keyframes, in order.
    var _keyframes: [_Keyframe<Value>] { get }
}

/// Moves to a value along a timing curve, as SwiftUI's `LinearKeyframe`.
public struct LinearKeyframe<Value: Animatable>: KeyframeTrackContent {
    public let _keyframes: [_Keyframe<Value>]
    /// To `to` over `duration` seconds, its progress through `timingCurve`.
    public init(_ to: Value, duration: TimeInterval, timingCurve: UnitCurve = .linear) {
        _keyframes = [_Keyframe(target: to, duration: duration.finite(or: 0), motion: .linear(timingCurve))]
    }
}

/// Moves to a value along a cubic curve, as SwiftUI's `CubicKeyframe`. A velocity not given is Catmull–Rom's
/// through the neighbouring keyframes' values ("SwiftUI automatically computes a curve that maintains smooth
/// motion between keyframes"), and zero at the track's two ends.
public struct CubicKeyframe<Value: Animatable>: KeyframeTrackContent {
    public let _keyframes: [_Keyframe<Value>]
    /// To `to` over `duration` seconds, leaving at `startVelocity` and arriving at `endVelocity` (per second).
    public init(_ to: Value, duration: TimeInterval, startVelocity: Value? = nil, endVelocity: Value? = nil) {
        _keyframes = [
            _Keyframe(
                target: to, duration: duration.finite(or: 0),
                motion: .cubic(start: startVelocity?.animatableData, end: endVelocity?.animatableData))
        ]
    }
}

/// Moves to a value on a spring, as SwiftUI's `SpringKeyframe`: it starts with the velocity the value had
/// (or `startVelocity`), and the next keyframe starts from wherever the spring is after `duration` (by
/// default the spring's settling duration).
public struct SpringKeyframe<Value: Animatable>: KeyframeTrackContent {
    public let _keyframes: [_Keyframe<Value>]
    /// To `to` on `spring`, for `duration` seconds.
    public init(_ to: Value, duration: TimeInterval? = nil, spring: Spring = Spring(), startVelocity: Value? = nil) {
        _keyframes = [
            _Keyframe(
                target: to, duration: (duration ?? spring.settlingDuration).finite(or: 0),
                motion: .spring(spring, startVelocity: startVelocity?.animatableData))
        ]
    }
}

/// Jumps to a value at once, as SwiftUI's `MoveKeyframe`.
public struct MoveKeyframe<Value: Animatable>: KeyframeTrackContent {
    public let _keyframes: [_Keyframe<Value>]
    /// Straight to `to`.
    public init(_ to: Value) { _keyframes = [_Keyframe(target: to, duration: 0, motion: .move)] }
}

/// Keyframes gathered by `KeyframeTrackContentBuilder`.
public struct _KeyframeList<Value: Animatable>: KeyframeTrackContent {
    public let _keyframes: [_Keyframe<Value>]
}

/// Builds a track's keyframes, as SwiftUI's `KeyframeTrackContentBuilder`.
@resultBuilder public enum KeyframeTrackContentBuilder<Value: Animatable> {
    public static func buildExpression<K: KeyframeTrackContent>(_ keyframe: K) -> [_Keyframe<Value>]
    where K.Value == Value { keyframe._keyframes }
    public static func buildBlock(_ parts: [_Keyframe<Value>]...) -> [_Keyframe<Value>] { parts.flatMap { $0 } }
    public static func buildArray(_ parts: [[_Keyframe<Value>]]) -> [_Keyframe<Value>] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [_Keyframe<Value>]?) -> [_Keyframe<Value>] { part ?? [] }
    public static func buildEither(first: [_Keyframe<Value>]) -> [_Keyframe<Value>] { first }
    public static func buildEither(second: [_Keyframe<Value>]) -> [_Keyframe<Value>] { second }
    public static func buildFinalResult(_ keyframes: [_Keyframe<Value>]) -> _KeyframeList<Value> {
        _KeyframeList(_keyframes: keyframes)
    }
}

/// A track: where one property of the value goes over time.
public struct _KeyframeTrackPlayer<Root> {
    /// How long the track plays.
    let duration: Double
    /// Writes the track's value `time` seconds in into `root`, starting from `start`'s.
    let apply: (Double, inout Root, Root) -> Void
}

/// Keyframe tracks, as SwiftUI's `Keyframes`.
public protocol Keyframes<Value> {
    associatedtype Value
    /// The tracks.
    var _tracks: [_KeyframeTrackPlayer<Value>] { get }
}

/// The keyframes of one property, as SwiftUI's `KeyframeTrack`: each keyframe starts from where the one
/// before ended, the first from the property's value when the keyframes start.
public struct KeyframeTrack<Root, Value: Animatable, Content: KeyframeTrackContent>: Keyframes
where Content.Value == Value {
    public let _tracks: [_KeyframeTrackPlayer<Root>]

    /// Keyframes for the property at `keyPath`.
    public init(_ keyPath: WritableKeyPath<Root, Value>, @KeyframeTrackContentBuilder<Value> content: () -> Content) {
        let path = KeyframePath(keyframes: content()._keyframes)
        _tracks = [
            _KeyframeTrackPlayer(duration: path.duration) { time, root, start in
                root[keyPath: keyPath] = path.value(at: time, from: start[keyPath: keyPath])
            }
        ]
    }
}

extension KeyframeTrack where Root == Value {
    /// Keyframes for the whole value.
    public init(@KeyframeTrackContentBuilder<Root> content: () -> Content) {
        self.init(\.self, content: content)
    }
}

/// Tracks gathered by `KeyframesBuilder`.
public struct _KeyframeTracks<Value>: Keyframes {
    public let _tracks: [_KeyframeTrackPlayer<Value>]
}

/// Part of a `KeyframesBuilder` block: tracks, and keyframes written without a track, which together form
/// one track of the whole value.
public struct _KeyframesPart<Value> {
    var tracks: [_KeyframeTrackPlayer<Value>] = []
    var loose: [Any] = []
    var trackOfLoose: (([Any]) -> _KeyframeTrackPlayer<Value>)?

    static func joined(_ parts: [_KeyframesPart<Value>]) -> _KeyframesPart<Value> {
        var joined = _KeyframesPart()
        for part in parts {
            joined.tracks += part.tracks
            joined.loose += part.loose
            joined.trackOfLoose = joined.trackOfLoose ?? part.trackOfLoose
        }
        return joined
    }
}

/// Builds keyframe tracks, as SwiftUI's `KeyframesBuilder`: `KeyframeTrack`s, or keyframes of the whole value
/// (each one after the other, in one track).
@resultBuilder public enum KeyframesBuilder<Value> {
    public static func buildExpression<K: Keyframes>(_ keyframes: K) -> _KeyframesPart<Value>
    where K.Value == Value { _KeyframesPart(tracks: keyframes._tracks) }
    public static func buildExpression<K: KeyframeTrackContent>(_ keyframe: K) -> _KeyframesPart<Value>
    where K.Value == Value, Value: Animatable {
        _KeyframesPart(
            loose: keyframe._keyframes,
            trackOfLoose: { loose in
                KeyframeTrack(\Value.self) { _KeyframeList(_keyframes: loose.compactMap { $0 as? _Keyframe<Value> }) }
                    ._tracks[0]
            })
    }
    public static func buildBlock(_ parts: _KeyframesPart<Value>...) -> _KeyframesPart<Value> { .joined(parts) }
    public static func buildArray(_ parts: [_KeyframesPart<Value>]) -> _KeyframesPart<Value> { .joined(parts) }
    public static func buildOptional(_ part: _KeyframesPart<Value>?) -> _KeyframesPart<Value> {
        part ?? _KeyframesPart()
    }
    public static func buildEither(first: _KeyframesPart<Value>) -> _KeyframesPart<Value> { first }
    public static func buildEither(second: _KeyframesPart<Value>) -> _KeyframesPart<Value> { second }
    public static func buildFinalResult(_ part: _KeyframesPart<Value>) -> _KeyframeTracks<Value> {
        let loose = part.loose.isEmpty ? [] : part.trackOfLoose.map { [$0(part.loose)] } ?? []
        return _KeyframeTracks(_tracks: part.tracks + loose)
    }
}

/// One track's keyframes laid end to end in time, evaluated on animatable data.
struct KeyframePath<Value: Animatable> {
    let keyframes: [_Keyframe<Value>]
    /// When each keyframe ends.
    let ends: [Double]

    init(keyframes: [_Keyframe<Value>]) {
        self.keyframes = keyframes
        var t = 0.0
        ends = keyframes.map {
            t += max($0.duration, 0)
            return t
        }
    }

    var duration: Double { ends.last ?? 0 }

    /// The value `time` seconds in, the track starting from `start`.
    func value(at time: Double, from start: Value) -> Value {
        var result = start
        result.animatableData = data(at: time, from: start.animatableData)
        return result
    }

    private func data(at time: Double, from start: Value.AnimatableData) -> Value.AnimatableData {
        var from = start
        var velocity = Value.AnimatableData.zero
        var begin = 0.0
        for (k, keyframe) in keyframes.enumerated() {
            let length = ends[k] - begin
            if time < ends[k] || k == keyframes.count - 1 {
                return segment(k, keyframe, from: from, velocity: velocity, at: min(max(time - begin, 0), length))
            }
            // The next keyframe starts where this one ends, moving as it moved then (for springs).
            let end = segment(k, keyframe, from: from, velocity: velocity, at: length)
            let h = min(1e-4, length)
            if h > 0 {
                var slope = end - segment(k, keyframe, from: from, velocity: velocity, at: length - h)
                slope.scale(by: 1 / h)
                velocity = slope
            } else {
                velocity = .zero
            }
            from = end
            begin = ends[k]
        }
        return from
    }

    /// Keyframe `k` from `from` (moving at `velocity`), `t` seconds into it.
    private func segment(
        _ k: Int, _ keyframe: _Keyframe<Value>, from: Value.AnimatableData, velocity: Value.AnimatableData, at t: Double
    ) -> Value.AnimatableData {
        let to = keyframe.target.animatableData
        let length = keyframe.duration
        let progress = length > 0 ? t / length : 1
        switch keyframe.motion {
        case .move:
            return to
        case .linear(let curve):
            var step = to - from
            step.scale(by: curve.value(at: progress))
            return from + step
        case .spring(let spring, let startVelocity):
            return spring.value(from: from, to: to, velocity: startVelocity ?? velocity, at: t)
        case .cubic(let startVelocity, let endVelocity):
            // Cubic Hermite on the unit interval: velocities scaled by the keyframe's length.
            var m0 = startVelocity ?? catmullRom(at: k - 1, startingFrom: from)
            var m1 = endVelocity ?? catmullRom(at: k, startingFrom: from)
            m0.scale(by: length)
            m1.scale(by: length)
            let s = progress
            let (s2, s3) = (s * s, s * s * s)
            var a = from
            a.scale(by: 2 * s3 - 3 * s2 + 1)
            var b = m0
            b.scale(by: s3 - 2 * s2 + s)
            var c = to
            c.scale(by: -2 * s3 + 3 * s2)
            var d = m1
            d.scale(by: s3 - s2)
            return a + b + c + d
        }
    }

    /// Catmull–Rom's velocity at the end of keyframe `k` (−1: the track's start): the slope between the
    /// values before and after it; zero at the track's ends.
    private func catmullRom(at k: Int, startingFrom from: Value.AnimatableData) -> Value.AnimatableData {
        guard k >= 0, k + 1 < keyframes.count else { return .zero }
        let before = k == 0 ? from : keyframes[k - 1].target.animatableData
        let beforeTime = k == 0 ? 0 : ends[k - 1]
        let span = ends[k + 1] - beforeTime
        guard span > 0 else { return .zero }
        var slope = keyframes[k + 1].target.animatableData - before
        slope.scale(by: 1 / span)
        return slope
    }
}

/// A value's keyframes, as SwiftUI's `KeyframeTimeline`: each track plays from the start; the timeline lasts
/// as long as its longest track.
public struct KeyframeTimeline<Value> {
    let initialValue: Value
    let tracks: [_KeyframeTrackPlayer<Value>]

    /// The keyframes `content` gives, starting from `initialValue`.
    public init(initialValue: Value, @KeyframesBuilder<Value> content: () -> some Keyframes<Value>) {
        self.initialValue = initialValue
        tracks = content()._tracks
    }

    /// How long it plays, in seconds.
    public var duration: TimeInterval { tracks.map(\.duration).max() ?? 0 }

    /// The value `time` seconds in (each track held at its end once it is over).
    public func value(time: Double) -> Value {
        var value = initialValue
        for track in tracks { track.apply(max(time, 0), &value, initialValue) }
        return value
    }

    /// The value `progress` (0...1) of the way through.
    public func value(progress: Double) -> Value { value(time: min(max(progress, 0), 1) * duration) }
}

/// A view drawn from a value that keyframes move over time, as SwiftUI's `KeyframeAnimator`. Without a
/// trigger it plays from the moment it appears, again and again when `repeating`; with one, each change of
/// the trigger plays the keyframes once, from the value shown then. Time is the scene clock's.
nonisolated public struct KeyframeAnimator<Value, KeyframePath: Keyframes, Content: View>: View
where KeyframePath.Value == Value {
    let initialValue: Value
    let repeating: Bool
    let trigger: ValueWatch?
    let content: (Value) -> Content
    let keyframes: (Value) -> KeyframePath
    /// When the current play began on the scene clock, and the value it began from; nil before the first.
    @State private var play: (start: Double, from: Value)?

    /// Plays the keyframes when the view appears, again and again when `repeating`.
    public init(
        initialValue: Value, repeating: Bool = true, @ViewBuilder content: @escaping (Value) -> Content,
        @KeyframesBuilder<Value> keyframes: @escaping (Value) -> KeyframePath
    ) {
        self.init(
            initialValue: initialValue, repeating: repeating, trigger: nil, content: content, keyframes: keyframes)
    }

    /// Plays the keyframes once each time `trigger` changes.
    public init<Trigger: Equatable>(
        initialValue: Value, trigger: Trigger, @ViewBuilder content: @escaping (Value) -> Content,
        @KeyframesBuilder<Value> keyframes: @escaping (Value) -> KeyframePath
    ) {
        self.init(
            initialValue: initialValue, repeating: false, trigger: ValueWatch(trigger), content: content,
            keyframes: keyframes)
    }

    /// Plays once at each change of `trigger`; without one, when the view appears (again and again when
    /// `repeating`).
    init(
        initialValue: Value, repeating: Bool, trigger: ValueWatch?, content: @escaping (Value) -> Content,
        keyframes: @escaping (Value) -> KeyframePath
    ) {
        self.initialValue = initialValue
        self.repeating = repeating
        self.trigger = trigger
        self.content = content
        self.keyframes = keyframes
    }

    @MainActor public var body: some View {
        let now = ViewGraph.current?.time ?? 0
        let (value, playing) = shown(at: now)
        TimelineView(.animation(minimumInterval: nil, paused: !playing)) { context in
            content(playing ? shown(at: SceneClock.time(of: context.date)).value : value)
        }
        .onAppear { if trigger == nil { play = (now, initialValue) } }
        .builtin(
            .onChange(
                trigger ?? ValueWatch(0), initial: false,
                { _, _ in
                    let time = ViewGraph.current?.time ?? now
                    play = (time, shown(at: time).value)
                }))
    }

    /// The value at scene time `time`, and whether the keyframes are still playing then.
    private func shown(at time: Double) -> (value: Value, playing: Bool) {
        guard let play else { return (initialValue, trigger == nil) }
        let timeline = KeyframeTimeline(initialValue: play.from) { keyframes(play.from) }
        let elapsed = max(time - play.start, 0)
        let duration = timeline.duration
        guard duration > 0 else { return (timeline.value(time: 0), false) }
        if repeating { return (timeline.value(time: elapsed.truncatingRemainder(dividingBy: duration)), true) }
        return (timeline.value(time: min(elapsed, duration)), elapsed < duration)
    }
}

extension View {
    /// This view drawn by `content` from a value its keyframes move, played when it appears (SwiftUI's
    /// `keyframeAnimator(initialValue:repeating:content:keyframes:)`).
    nonisolated public func keyframeAnimator<Value, Path: Keyframes, Modified: View>(
        initialValue: Value, repeating: Bool = true,
        @ViewBuilder content: @escaping @Sendable (PlaceholderContentView<Self>, Value) -> Modified,
        @KeyframesBuilder<Value> keyframes: @escaping (Value) -> Path
    ) -> some View where Path.Value == Value {
        around { view in
            KeyframeAnimator(
                initialValue: initialValue, repeating: repeating, trigger: nil, content: { content(view, $0) },
                keyframes: keyframes)
        }
    }

    /// This view drawn by `content` from a value its keyframes move, played each time `trigger` changes
    /// (SwiftUI's `keyframeAnimator(initialValue:trigger:content:keyframes:)`).
    nonisolated public func keyframeAnimator<Value, Trigger: Equatable, Path: Keyframes, Modified: View>(
        initialValue: Value, trigger: Trigger,
        @ViewBuilder content: @escaping @Sendable (PlaceholderContentView<Self>, Value) -> Modified,
        @KeyframesBuilder<Value> keyframes: @escaping (Value) -> Path
    ) -> some View where Path.Value == Value {
        let trigger = ValueWatch(trigger)
        return around { view in
            KeyframeAnimator(
                initialValue: initialValue, repeating: false, trigger: trigger, content: { content(view, $0) },
                keyframes: keyframes)
        }
    }
}

extension Double: Animatable {
    public var animatableData: Double {
        get { self }
        set { self = newValue }
    }
}

extension CGFloat: Animatable {
    public var animatableData: CGFloat {
        get { self }
        set { self = newValue }
    }
}

extension CGPoint: Animatable {
    public var animatableData: AnimatablePair<CGFloat, CGFloat> {
        get { AnimatablePair(x, y) }
        set { (x, y) = (newValue.first, newValue.second) }
    }
}

extension CGSize: Animatable {
    public var animatableData: AnimatablePair<CGFloat, CGFloat> {
        get { AnimatablePair(width, height) }
        set { (width, height) = (newValue.first, newValue.second) }
    }
}
