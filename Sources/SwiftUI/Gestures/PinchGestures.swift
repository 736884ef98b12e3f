import Foundation

/// Two fingers moving apart or together, as SwiftUI's `MagnifyGesture`: it starts once the distance between
/// them has changed by `minimumScaleDelta` of what it was when the second finger went down, reports each
/// move, and ends when either finger lifts.
nonisolated public struct MagnifyGesture: _PrimitiveGesture {
    /// A magnification's state.
    public struct Value: Equatable, Sendable {
        public var time: Date
        /// The distance between the fingers over the distance when the gesture started.
        public var magnification: CGFloat
        /// How fast the magnification changes, per second.
        public var velocity: CGFloat
        /// Where the fingers started, in the view's unit square.
        public var startAnchor: UnitPoint
        /// The point between the fingers where they started, in the view's coordinates.
        public var startLocation: CGPoint

        package init(
            time: Date, magnification: CGFloat, velocity: CGFloat, startAnchor: UnitPoint, startLocation: CGPoint
        ) {
            self.time = time
            self.magnification = magnification
            self.velocity = velocity
            self.startAnchor = startAnchor
            self.startLocation = startLocation
        }
    }

    public var minimumScaleDelta: CGFloat

    public init(minimumScaleDelta: CGFloat = 0.01) { self.minimumScaleDelta = minimumScaleDelta }
}

/// Two fingers turning about each other, as SwiftUI's `RotateGesture`: it starts once the line between them
/// has turned `minimumAngleDelta` from where it was when the second finger went down, reports each move,
/// and ends when either finger lifts. Angles grow clockwise on screen, as `rotationEffect` turns.
nonisolated public struct RotateGesture: _PrimitiveGesture {
    /// A rotation's state.
    public struct Value: Equatable, Sendable {
        public var time: Date
        /// How far the line between the fingers has turned since the gesture started.
        public var rotation: Angle
        /// How fast it turns, per second.
        public var velocity: Angle
        /// Where the fingers started, in the view's unit square.
        public var startAnchor: UnitPoint
        /// The point between the fingers where they started, in the view's coordinates.
        public var startLocation: CGPoint

        package init(time: Date, rotation: Angle, velocity: Angle, startAnchor: UnitPoint, startLocation: CGPoint) {
            self.time = time
            self.rotation = rotation
            self.velocity = velocity
            self.startAnchor = startAnchor
            self.startLocation = startLocation
        }
    }

    public var minimumAngleDelta: Angle

    public init(minimumAngleDelta: Angle = .degrees(1)) { self.minimumAngleDelta = minimumAngleDelta }
}

/// The spelling before iOS 17, whose value is the magnification alone (deprecated, still compiles on Apple
/// platforms).
@available(*, deprecated, renamed: "MagnifyGesture")
nonisolated public struct MagnificationGesture: _PrimitiveGesture {
    public typealias Value = CGFloat
    public var minimumScaleDelta: CGFloat
    public init(minimumScaleDelta: CGFloat = 0.01) { self.minimumScaleDelta = minimumScaleDelta }
}

/// The spelling before iOS 17, whose value is the rotation alone (deprecated, still compiles on Apple
/// platforms).
@available(*, deprecated, renamed: "RotateGesture")
nonisolated public struct RotationGesture: _PrimitiveGesture {
    public typealias Value = Angle
    public var minimumAngleDelta: Angle
    public init(minimumAngleDelta: Angle = .degrees(1)) { self.minimumAngleDelta = minimumAngleDelta }
}

extension MagnifyGesture: GestureNodeMaking {
    @MainActor func makeNode() -> GestureNode? { PairNode(rotates: false, minimum: Double(minimumScaleDelta)) }
}

extension RotateGesture: GestureNodeMaking {
    @MainActor func makeNode() -> GestureNode? { PairNode(rotates: true, minimum: abs(minimumAngleDelta.radians)) }
}

@available(*, deprecated)
extension MagnificationGesture: GestureNodeMaking {
    @MainActor func makeNode() -> GestureNode? {
        _MapGesture(content: MagnifyGesture(minimumScaleDelta: minimumScaleDelta)) { $0.magnification }.makeNode()
    }
}

@available(*, deprecated)
extension RotationGesture: GestureNodeMaking {
    @MainActor func makeNode() -> GestureNode? {
        _MapGesture(content: RotateGesture(minimumAngleDelta: minimumAngleDelta)) { $0.rotation }.makeNode()
    }
}

/// Two fingers on one view, as a magnify or rotate gesture sees them: where each went down and is now.
package struct FingerPair {
    package var start: (CGPoint, CGPoint)
    package var now: (CGPoint, CGPoint)

    package init(start: (CGPoint, CGPoint)) {
        self.start = start
        now = start
    }

    /// The distance between the fingers now over the distance when they started (1 if they started
    /// together).
    package var magnification: CGFloat {
        let before = hypot(start.1.x - start.0.x, start.1.y - start.0.y)
        guard before > 0 else { return 1 }
        return hypot(now.1.x - now.0.x, now.1.y - now.0.y) / before
    }

    /// How far the line from the first finger to the second has turned, clockwise on screen, in (-180°, 180°].
    package var rotation: Angle {
        let before = atan2(start.1.y - start.0.y, start.1.x - start.0.x)
        let after = atan2(now.1.y - now.0.y, now.1.x - now.0.x)
        var turn = after - before
        if turn > .pi { turn -= 2 * .pi }
        if turn <= -.pi { turn += 2 * .pi }
        return .radians(Double(turn))
    }

    /// A rotate gesture's value (`rotates`), else a magnify gesture's, in a view of `size`, at `time`.
    func value(rotates: Bool, in size: CGSize, at time: Date) -> Any {
        let middle = CGPoint(x: (start.0.x + start.1.x) / 2, y: (start.0.y + start.1.y) / 2)
        let anchor = UnitPoint(
            x: size.width > 0 ? middle.x / size.width : 0, y: size.height > 0 ? middle.y / size.height : 0)
        if rotates {
            return RotateGesture.Value(
                time: time, rotation: rotation, velocity: .zero, startAnchor: anchor, startLocation: middle)
        }
        return MagnifyGesture.Value(
            time: time, magnification: magnification, velocity: 0, startAnchor: anchor, startLocation: middle)
    }
}
