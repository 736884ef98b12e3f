import Foundation

/// How a scroll view moves along one axis, as UIKit's `UIScrollView` moves: with the finger (rubber-banding
/// past the ends), then coasting to a stop, bouncing back where it coasts or was pulled past an end.
/// Positions are content offsets in points (0: the start), within `0...limit` at rest.
package struct ScrollAxisMotion: Equatable, Sendable {
    /// UIKit's `UIScrollView.DecelerationRate.normal`: the share of its velocity a coasting scroll view keeps
    /// each millisecond (0.998).
    package static let decelerationRate = 0.998
    /// The rubber band's stiffness: past an end, a pull of `x` points moves the content
    /// `(1 - 1 / (x * c / d + 1)) * d` points, `d` the viewport's length. UIKit publishes no constant; 0.55 is
    /// the value UIKit's rubber band is commonly measured to use.
    package static let rubberBandCoefficient = 0.55
    /// The spring that brings content pulled past an end back to it: critically damped, this many radians a
    /// second, so that content pulled half a viewport's rubber band out is back within half a second, as on
    /// iOS. Our estimate; UIKit publishes none.
    package static let bounceFrequency = 18.0
    /// A coast ends when what is left of it is under this many points.
    package static let restDistance = 0.1

    private enum Phase: Equatable, Sendable {
        case resting(Double)
        /// Following a finger: the unbounded position when it began (rubber band undone) and its distance since.
        case dragging(from: Double, by: Double)
        /// Coasting from `position` at `velocity` (points a second) from `start`; at `bound`, if it reaches
        /// one, it bounces.
        case coasting(position: Double, velocity: Double, start: Double)
        /// Past an end by `displacement` points, moving at `velocity`, springing back to `bound` from `start`.
        case bouncing(bound: Double, displacement: Double, velocity: Double, start: Double)
        /// Moved by code (`scrollTo` in an animation): from one offset to another along the animation's curve.
        case gliding(from: Double, to: Double, curve: AnimationCurve, start: Double)
    }

    private var phase = Phase.resting(0)
    /// The furthest the content scrolls at rest: its length less the viewport's (0 when it fits).
    package var limit = 0.0
    /// The least offset: 0, or less while a refresh control holds the content down (`refreshable`).
    package var minimum = 0.0
    /// The viewport's length, for the rubber band.
    package var viewport = 0.0
    /// With paging, the length of a page: a release comes to rest on a multiple of it.
    package var pageLength: Double?
    /// With paging, a release this fast (points a second) turns to the next page whatever the distance
    /// dragged; slower, the nearest page is kept. Our estimate of UIKit's paging: it publishes none.
    package static let pageFlickVelocity = 300.0

    package init() {}

    /// The position at `time`.
    package func position(at time: Double) -> Double {
        switch phase {
        case .resting(let position):
            return position
        case .dragging(let from, let by):
            return rubberBanded(from + by)
        case .coasting(let position, let velocity, let start):
            let t = max(time - start, 0)
            if let (hit, _) = boundHit(position: position, velocity: velocity), t >= hit {
                return bounced(time: t - hit, velocity: velocity, position: position)
            }
            return position + travel(velocity, in: min(t, coastDuration(velocity) ?? 0))
        case .bouncing(let bound, let displacement, let velocity, let start):
            // Once the spring has settled the content is on its end (or page), as UIKit leaves it.
            let t = max(time - start, 0)
            guard t < Self.bounceDuration(displacement, velocity) else { return bound }
            return bound + spring(displacement, velocity, t)
        case .gliding(let from, let to, let curve, let start):
            let t = max(time - start, 0)
            return t >= curve.duration ? to : from + (to - from) * curve.progress(after: t)
        }
    }

    /// Whether the content is moving at `time` (not held and not at rest): the view is drawn again each frame.
    package func isMoving(at time: Double) -> Bool { settles.map { time < $0 } ?? false }

    /// When the motion under way ends: nil at rest or under a finger.
    package var settles: Double? {
        switch phase {
        case .resting, .dragging:
            return nil
        case .coasting(let position, let velocity, let start):
            if let (hit, speed) = boundHit(position: position, velocity: velocity) {
                return start + hit + Self.bounceDuration(0, speed)
            }
            return start + (coastDuration(velocity) ?? 0)
        case .bouncing(_, let displacement, let velocity, let start):
            return start + Self.bounceDuration(displacement, velocity)
        case .gliding(_, _, let curve, let start):
            return curve.duration.isFinite ? start + curve.duration : nil
        }
    }

    /// A finger comes down at `time`: the content stops where it is.
    package mutating func hold(at time: Double) {
        phase = .resting(position(at: time))
    }

    /// The finger has moved `distance` points along the axis since it began dragging (positive: towards the
    /// end of the content, as the offset grows).
    package mutating func drag(by distance: Double, at time: Double) {
        switch phase {
        case .dragging(let from, _):
            phase = .dragging(from: from, by: distance)
        default:
            phase = .dragging(from: unbanded(position(at: time)), by: distance)
        }
    }

    /// The finger lifts at `time`, moving at `velocity` points a second (in the offset's direction).
    package mutating func release(velocity: Double, at time: Double) {
        let x = position(at: time)
        if let page = pageLength, page > 0 {
            // The page the finger leaves it nearest, or the next one on in a flick's direction; the content
            // springs there as it springs back from an end.
            let at = x / page
            let target =
                velocity > Self.pageFlickVelocity
                ? at.rounded(.up) : velocity < -Self.pageFlickVelocity ? at.rounded(.down) : at.rounded()
            let bound = min(max(target * page, 0), limit)
            phase = .bouncing(bound: bound, displacement: x - bound, velocity: velocity, start: time)
        } else if x < minimum || x > limit {
            let bound = x < minimum ? minimum : limit
            phase = .bouncing(bound: bound, displacement: x - bound, velocity: velocity, start: time)
        } else if abs(velocity) > 0, coastDuration(velocity) != nil {
            phase = .coasting(position: x, velocity: velocity, start: time)
        } else {
            phase = .resting(x)
        }
    }

    /// Moves at once to `position`, within the ends (`scrollTo`, a size that changed).
    package mutating func jump(to position: Double) {
        phase = .resting(min(max(position, minimum), limit))
    }

    /// Moves from where the content is at `time` to `position` (kept inside the ends) along `curve`.
    mutating func glide(to offset: Double, curve: AnimationCurve, at time: Double) {
        let target = min(max(offset, minimum), limit)
        guard curve.duration.isFinite, curve.duration > 0 else { return jump(to: target) }
        phase = .gliding(from: position(at: time), to: target, curve: curve, start: time)
    }

    // MARK: The curves

    /// UIKit's deceleration as a rate per second: velocity `v` falls to `v * rate^(1000 t)`, `v e^(-k t)`.
    private static var decay: Double { -1000 * log(decelerationRate) }

    /// How far a coast at `velocity` goes in `t` seconds: the integral of `v e^(-k t)`.
    private func travel(_ velocity: Double, in t: Double) -> Double {
        velocity * (1 - exp(-Self.decay * t)) / Self.decay
    }

    /// How long a coast at `velocity` lasts: until what is left of it is under `restDistance`; nil for none.
    private func coastDuration(_ velocity: Double) -> Double? {
        let left = abs(velocity) / Self.decay
        guard left > Self.restDistance else { return nil }
        return log(left / Self.restDistance) / Self.decay
    }

    /// When a coast from `position` at `velocity` reaches an end (seconds after it starts), and how fast it is
    /// going then; nil when it stops short of both.
    private func boundHit(position: Double, velocity: Double) -> (Double, Double)? {
        let bound = velocity > 0 ? limit : minimum
        guard velocity != 0, abs(velocity / Self.decay) > abs(bound - position) else { return nil }
        let remaining = 1 - (bound - position) * Self.decay / velocity
        guard remaining > 0 else { return nil }
        let t = -log(remaining) / Self.decay
        return (t, velocity * remaining)
    }

    /// The position `t` seconds after a coast from `position` at `velocity` reached its end: a bounce out from
    /// the end and back.
    private func bounced(time t: Double, velocity: Double, position: Double) -> Double {
        guard let (_, speed) = boundHit(position: position, velocity: velocity) else { return position }
        let bound = velocity > 0 ? limit : minimum
        guard t < Self.bounceDuration(0, speed) else { return bound }
        return bound + spring(0, speed, t)
    }

    /// A critically damped spring's displacement `t` seconds after it was `x0` from rest, moving at `v0`.
    private func spring(_ x0: Double, _ v0: Double, _ t: Double) -> Double {
        let w = Self.bounceFrequency
        return (x0 + (v0 + w * x0) * t) * exp(-w * t)
    }

    /// How long a bounce from `x0` at `v0` lasts: until it is within `restDistance` of the end and settling
    /// (as slow as the spring's tail is there), found in steps of a millisecond (at most 3 s).
    private static func bounceDuration(_ x0: Double, _ v0: Double) -> Double {
        let w = bounceFrequency
        var t = 0.0
        while t < 3 {
            let decay = exp(-w * t)
            let x = (x0 + (v0 + w * x0) * t) * decay
            let v = (v0 - w * (v0 + w * x0) * t) * decay
            if abs(x) < restDistance, abs(v) <= 2 * w * restDistance { return t }
            t += 0.001
        }
        return 3
    }

    /// The position a finger's unbounded position `x` shows: past an end, the rubber band's.
    private func rubberBanded(_ x: Double) -> Double {
        guard viewport > 0 else { return min(max(x, minimum), limit) }
        let c = Self.rubberBandCoefficient
        func band(_ over: Double) -> Double { (1 - 1 / (over * c / viewport + 1)) * viewport }
        if x < minimum { return minimum - band(minimum - x) }
        if x > limit { return limit + band(x - limit) }
        return x
    }

    /// The unbounded position that shows `x`: the rubber band undone.
    private func unbanded(_ x: Double) -> Double {
        guard viewport > 0 else { return x }
        let c = Self.rubberBandCoefficient
        func unband(_ shown: Double) -> Double {
            let f = min(shown / viewport, 0.999)
            return (1 / (1 - f) - 1) * viewport / c
        }
        if x < minimum { return minimum - unband(minimum - x) }
        if x > limit { return limit + unband(x - limit) }
        return x
    }
}
