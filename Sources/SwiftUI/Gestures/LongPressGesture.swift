import RevealCore
import RevealLayout
import RevealRaster
import RevealText

extension View {
    /// Runs `action` when a touch stays down on the view for `minimumDuration` seconds without moving more
    /// than `maximumDistance` points (SwiftUI's `onLongPressGesture`); `onPressingChanged` hears when a
    /// press starts and ends.
    nonisolated public func onLongPressGesture(
        minimumDuration: Double = 0.5, maximumDistance: CGFloat = 10, perform action: @escaping @MainActor () -> Void,
        onPressingChanged: (@MainActor (Bool) -> Void)? = nil
    ) -> some View {
        builtin(
            .longPress(
                minimumDuration: max(minimumDuration, 0), maximumDistance: Double(maximumDistance), action,
                onPressingChanged))
    }
}

/// A long press's settings and the press under way, kept by the view's path across evaluations.
@MainActor package final class LongPressRecognizer {
    var minimumDuration: Double
    var maximumDistance: Double
    var action: @MainActor () -> Void
    var pressingChanged: (@MainActor (Bool) -> Void)?
    /// Counts presses, so that the timer of a press that ended does not act on a later one.
    private var press = 0
    private var pressing = false

    init(
        minimumDuration: Double, maximumDistance: Double, action: @escaping @MainActor () -> Void,
        pressingChanged: (@MainActor (Bool) -> Void)?
    ) {
        self.minimumDuration = minimumDuration
        self.maximumDistance = maximumDistance
        self.action = action
        self.pressingChanged = pressingChanged
    }

    /// A touch went down on the view: the press starts, and acts `minimumDuration` later if still held.
    package func touchDown(in graph: ViewGraph) {
        press += 1
        let current = press
        pressing = true
        pressingChanged?(true)
        graph.schedule(at: graph.time + minimumDuration) { [weak self] in
            guard let self, self.pressing, self.press == current else { return }
            self.pressing = false
            self.action()
            self.pressingChanged?(false)
        }
    }

    /// The touch moved `distance` points from where it went down: past `maximumDistance` the press fails.
    package func touchMoved(distance: Double) {
        if pressing, distance > maximumDistance { end() }
    }

    /// The touch lifted before the press acted.
    package func touchUp() { if pressing { end() } }

    private func end() {
        pressing = false
        pressingChanged?(false)
    }
}

extension ViewGraph {
    /// The long-press recognizer at `key`, with this evaluation's settings and actions.
    func longPressRecognizer(
        at key: String, minimumDuration: Double, maximumDistance: Double, action: @escaping @MainActor () -> Void,
        pressingChanged: (@MainActor (Bool) -> Void)?
    ) -> LongPressRecognizer {
        let recognizer = kept(\.longPressRecognizers, at: key) {
            LongPressRecognizer(
                minimumDuration: minimumDuration, maximumDistance: maximumDistance, action: action,
                pressingChanged: pressingChanged)
        }
        recognizer.minimumDuration = minimumDuration
        recognizer.maximumDistance = maximumDistance
        recognizer.action = action
        recognizer.pressingChanged = pressingChanged
        return recognizer
    }
}

/// A touch held still, as SwiftUI's `LongPressGesture`: its value is true from the moment the finger goes
/// down, and it ends (true) once held `minimumDuration` seconds without moving more than `maximumDistance`
/// points; lifting or moving before that fails it.
nonisolated public struct LongPressGesture: _PrimitiveGesture {
    public typealias Value = Bool
    public var minimumDuration: Double
    public var maximumDistance: CGFloat

    public init(minimumDuration: Double = 0.5, maximumDistance: CGFloat = 10) {
        self.minimumDuration = minimumDuration
        self.maximumDistance = maximumDistance
    }
}

extension LongPressGesture: GestureNodeMaking {
    @MainActor func makeNode() -> GestureNode? {
        LongPressNode(
            minimumDuration: minimumDuration.isNaN ? 0.5 : minimumDuration, maximumDistance: Double(maximumDistance))
    }
}
