import RevealCore
import RevealLayout
import RevealRaster
import RevealText

extension View {
    /// Runs `action` when the view is tapped `count` times (SwiftUI's `onTapGesture(count:perform:)`): each
    /// tap is a touch that lifts inside the view within 10 points of where it went down, and each next tap
    /// comes within 0.35 s of the one before.
    nonisolated public func onTapGesture(count: Int = 1, perform action: @escaping @MainActor () -> Void)
        -> some View
    {
        builtin(.tap(count: max(count, 1), action))
    }
}

/// A tap recognizer's settings and the taps counted so far, kept by the view's path across evaluations.
@MainActor package final class TapRecognizer {
    /// UIKit's tap recognizers allow about 10 points of movement; the interval between taps of a
    /// multiple tap is UIKit's 0.35 s (neither is documented as a number; both are the usual figures).
    static let allowableMovement = 10.0
    static let interval = 0.35

    var count: Int
    var action: @MainActor () -> Void
    private var taps = 0
    private var lastTap = -Double.infinity

    init(count: Int, action: @escaping @MainActor () -> Void) {
        self.count = count
        self.action = action
    }

    /// A touch lifted at `time` (inside the view, having moved `distance` points): runs the action when it
    /// completes the count.
    package func touchUp(at time: Double, inside: Bool, moved distance: Double) {
        guard inside, distance <= TapRecognizer.allowableMovement else {
            taps = 0
            return
        }
        taps = time - lastTap <= TapRecognizer.interval + FrameClock.tolerance ? taps + 1 : 1
        lastTap = time
        if taps >= count {
            taps = 0
            action()
        }
    }
}

extension ViewGraph {
    /// The tap recognizer at `key`, with this evaluation's count and action.
    func tapRecognizer(at key: String, count: Int, action: @escaping @MainActor () -> Void) -> TapRecognizer {
        let recognizer = kept(\.tapRecognizers, at: key) { TapRecognizer(count: count, action: action) }
        recognizer.count = count
        recognizer.action = action
        return recognizer
    }
}

/// `count` taps, as SwiftUI's `TapGesture`: it ends at the last of them (a tap as `onTapGesture` counts one).
nonisolated public struct TapGesture: _PrimitiveGesture {
    public typealias Value = Void
    public var count: Int
    public init(count: Int = 1) { self.count = count }
}

/// `count` taps, with where the last one lifted (SwiftUI's `SpatialTapGesture`).
nonisolated public struct SpatialTapGesture: _PrimitiveGesture {
    public struct Value: Equatable, Sendable {
        public var location: CGPoint
    }
    public var count: Int
    public var coordinateSpace: CoordinateSpace
    public init(count: Int = 1, coordinateSpace: CoordinateSpace = .local) {
        self.count = count
        self.coordinateSpace = coordinateSpace
    }
}

extension TapGesture: GestureNodeMaking {
    @MainActor func makeNode() -> GestureNode? {
        ActionNode(TapNode(count: count, space: .local)) { outcome in
            if case .ended = outcome { return .ended(()) }
            return outcome
        }
    }
}

extension SpatialTapGesture: GestureNodeMaking {
    @MainActor func makeNode() -> GestureNode? {
        ActionNode(TapNode(count: count, space: coordinateSpace)) { outcome in
            if case .ended(let location as CGPoint) = outcome { return .ended(Value(location: location)) }
            return outcome
        }
    }
}
