import Foundation

/// A validated circle-reveal scene: the seed's `CircleRevealTransition`, a view inserted over `base`
/// and removed again through a circle growing from `origin`.
public struct CircleRevealScene: Equatable, Sendable {
    /// The view's size in points.
    public var width: Double
    public var height: Double
    public var scale: Double = 2
    public var fps: Double = 60
    /// Where the circle grows from, in the view's unit square (default center).
    public var origin: UnitPoint = .center
    /// The transition's animation (the seed demo's: easeInOut over 0.8 s).
    public var animation: AnimationSpec = .circleDemo
    /// Reduce Motion: the view fades instead of being clipped.
    public var reduceMotion = false
    /// The view underneath (default: the demo's Day gradient, cyan → blue, top → bottom).
    public var base: Paint = CircleRevealScene.day
    /// The view revealed (default: the demo's Night gradient, indigo → black, top → bottom).
    public var revealed: Paint = CircleRevealScene.night
    public var background: Paint = .color(.clear)
    /// How the view sits on the page (default: the view alone).
    public var card = CardStyle()
    /// Times at which the revealed view is inserted (1st, 3rd, …) and removed (2nd, 4th, …).
    public var toggles: [Double] = [0]

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public static let day = Paint.linearGradient([SystemColor.cyan, SystemColor.blue], from: .top, to: .bottom)
    public static let night = Paint.linearGradient([SystemColor.indigo, .black], from: .top, to: .bottom)

    public var pixelWidth: Int { Int((width * scale).rounded()) }
    public var pixelHeight: Int { Int((height * scale).rounded()) }

    /// The seed's `CircleRevealTransitionGeometry.coverRadius`: the smallest circle centred on
    /// `origin` that covers the whole view, in points.
    public static func coverRadius(from origin: UnitPoint, width: Double, height: Double) -> Double {
        let horizontal = max(origin.x, 1 - origin.x) * width
        let vertical = max(origin.y, 1 - origin.y) * height
        return hypot(horizontal, vertical)
    }
}

/// What is true of the circle reveal at one frame.
public struct CircleRevealFrameState: Equatable, Sendable {
    public var index: Int
    public var time: Double
    /// The clip's progress, 0...1 (beyond 1 when a spring overshoots); 1 with Reduce Motion.
    public var progress: Double
    /// The clip circle's radius in pixels.
    public var radius: Double
    /// The revealed view's opacity (animated only with Reduce Motion).
    public var opacity: Double
    /// Whether the revealed view is in the hierarchy at all.
    public var visible: Bool
}

/// The circle reveal over time. Animations combine additively, as SwiftUI's do when interrupted: each
/// toggle adds its own animation of the change (+1 inserting, −1 removing) on top of those still
/// running, so a toggle mid-animation continues from the current value with no jump.
public struct CircleRevealTimeline: Sendable {
    public let scene: CircleRevealScene
    public let toggles: [Double]
    public let endTime: Double
    private let settlingTime: Double

    public init(scene: CircleRevealScene) {
        self.scene = scene
        toggles = scene.toggles
        settlingTime = scene.animation.settlingTime
        endTime = (toggles.last ?? 0) + (toggles.isEmpty ? 0 : settlingTime)
    }

    public func frameCount(hold: Double = 0) -> Int {
        FrameClock(fps: scene.fps).frameCount(through: endTime + max(hold, 0))
    }

    /// The animated value at `time`: the sum of every started toggle's animation.
    public func value(at time: Double) -> Double {
        var value = 0.0
        for (k, start) in toggles.enumerated() where start <= time + FrameClock.tolerance {
            value += (k % 2 == 0 ? 1 : -1) * scene.animation.progress(after: max(time - start, 0))
        }
        return value
    }

    public func frame(_ index: Int) -> CircleRevealFrameState {
        let time = FrameClock(fps: scene.fps).time(ofFrame: index)
        let started = toggles.filter { $0 <= time + FrameClock.tolerance }.count
        // Present after an insertion, and during a removal until its animation has finished.
        let visible = started > 0 && (started % 2 == 1 || time < toggles[started - 1] + settlingTime - FrameClock.tolerance)
        let value = visible ? value(at: time) : 0
        let progress = scene.reduceMotion ? 1 : value
        let coverRadius = CircleRevealScene.coverRadius(from: scene.origin, width: scene.width, height: scene.height)
        return CircleRevealFrameState(index: index, time: time, progress: progress,
                                      radius: abs(progress) * coverRadius * scene.scale,
                                      opacity: scene.reduceMotion ? min(max(value, 0), 1) : 1, visible: visible)
    }
}
