/// Which gestures a view's gesture modifier enables.
public struct GestureMask: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let none = GestureMask([])
    public static let gesture = GestureMask(rawValue: 1)
    public static let subviews = GestureMask(rawValue: 2)
    public static let all: GestureMask = [.gesture, .subviews]
}

/// An input recognizer, as SwiftUI's `Gesture`.
@MainActor @preconcurrency public protocol Gesture<Value> {
    associatedtype Value
    associatedtype Body: Gesture
    var body: Body { get }
}

extension Never: Gesture {
    public typealias Value = Never
}

/// A built-in gesture the runtime recognizes itself.
public protocol _PrimitiveGesture: Gesture where Body == Never {}

extension _PrimitiveGesture {
    public var body: Never { fatalError("\(Self.self) is a primitive gesture and has no body") }
}

/// A finger moving, as SwiftUI's `DragGesture`: it starts once the finger has moved `minimumDistance`
/// points from where it went down (at once with 0), reports each move, and ends when it lifts.
nonisolated public struct DragGesture: _PrimitiveGesture {
    /// A drag's state: where it started and where the finger is, in the view's coordinates.
    public struct Value: Equatable, Sendable {
        public var time: Date
        public var location: CGPoint
        public var startLocation: CGPoint
        public var translation: CGSize {
            CGSize(width: location.x - startLocation.x, height: location.y - startLocation.y)
        }
        public var velocity: CGSize
        public var predictedEndLocation: CGPoint
        package init(
            time: Date, location: CGPoint, startLocation: CGPoint, velocity: CGSize, predictedEndLocation: CGPoint
        ) {
            self.time = time
            self.location = location
            self.startLocation = startLocation
            self.velocity = velocity
            self.predictedEndLocation = predictedEndLocation
        }
        public var predictedEndTranslation: CGSize {
            CGSize(width: predictedEndLocation.x - startLocation.x, height: predictedEndLocation.y - startLocation.y)
        }
    }

    public var minimumDistance: CGFloat
    public var coordinateSpace: CoordinateSpace

    public init(minimumDistance: CGFloat = 10, coordinateSpace: CoordinateSpace = .local) {
        self.minimumDistance = minimumDistance
        self.coordinateSpace = coordinateSpace
    }
}

/// A gesture with an action for each change.
nonisolated public struct _ChangedGesture<Content: Gesture>: _PrimitiveGesture {
    public typealias Value = Content.Value
    let content: Content
    let action: (Content.Value) -> Void
}

/// A gesture with an action for its end.
nonisolated public struct _EndedGesture<Content: Gesture>: _PrimitiveGesture {
    public typealias Value = Content.Value
    let content: Content
    let action: (Content.Value) -> Void
}

extension Gesture where Value: Equatable {
    /// Calls `action` with each change of the gesture's value.
    nonisolated public func onChanged(_ action: @escaping (Value) -> Void) -> _ChangedGesture<Self> {
        _ChangedGesture(content: self, action: action)
    }
}

extension Gesture {
    /// Calls `action` with the gesture's last value when it ends.
    nonisolated public func onEnded(_ action: @escaping (Value) -> Void) -> _EndedGesture<Self> {
        _EndedGesture(content: self, action: action)
    }
}

/// What the runtime recognizes for a gesture, and how far the fingers go before it starts.
package enum GestureKind {
    /// One finger moving `minimumDistance` points.
    case drag(minimumDistance: CGFloat)
    /// Two fingers moving apart or together by `minimumScaleDelta` of their distance.
    case magnify(minimumScaleDelta: CGFloat)
    /// Two fingers turning about each other by `minimumAngleDelta`.
    case rotate(minimumAngleDelta: Angle)
}

/// A gesture's recognizer: what it recognizes, and the actions gathered from the modifiers around it. The
/// player hands it `DragGesture.Value`, `MagnifyGesture.Value` or `RotateGesture.Value`; `project` makes the
/// gesture's own value of it (a deprecated gesture's plain number or angle).
package struct GestureRecognizer {
    package var kind: GestureKind
    var project: (Any) -> Any = { $0 }
    var changed: [(Any) -> Void] = []
    var ended: [(Any) -> Void] = []

    /// Runs the changed actions with `value`.
    package func change(_ value: Any) {
        let value = project(value)
        for action in changed { action(value) }
    }

    /// Runs the ended actions with `value`.
    package func end(_ value: Any) {
        let value = project(value)
        for action in ended { action(value) }
    }
}

/// A gesture the runtime can recognize: its recognizer, with its actions.
protocol GestureRecognizing {
    var recognizer: GestureRecognizer? { get }
}

extension DragGesture: GestureRecognizing {
    var recognizer: GestureRecognizer? { GestureRecognizer(kind: .drag(minimumDistance: minimumDistance)) }
}

extension _ChangedGesture: GestureRecognizing {
    var recognizer: GestureRecognizer? {
        guard var recognizer = (content as? any GestureRecognizing)?.recognizer else { return nil }
        let action = action
        recognizer.changed.append { value in (value as? Content.Value).map(action) }
        return recognizer
    }
}

extension _EndedGesture: GestureRecognizing {
    var recognizer: GestureRecognizer? {
        guard var recognizer = (content as? any GestureRecognizing)?.recognizer else { return nil }
        let action = action
        recognizer.ended.append { value in (value as? Content.Value).map(action) }
        return recognizer
    }
}

extension View {
    /// Recognizes `gesture` on this view, hit-tested on its content shape; a gesture of a view inside
    /// takes a touch first. A `mask` without `.gesture` leaves this gesture out (SwiftUI: "A value that
    /// controls how adding this gesture to the view affects other gestures"); the views inside keep theirs
    /// either way.
    nonisolated public func gesture<T: Gesture>(_ gesture: T, including mask: GestureMask = .all) -> some View {
        builtin(.gesture(gesture, simultaneous: false, enabled: mask.contains(.gesture)))
    }

    /// Recognizes `gesture` on this view while `isEnabled`, as SwiftUI's `gesture(_:isEnabled:)`.
    nonisolated public func gesture<T: Gesture>(_ gesture: T, isEnabled: Bool) -> some View {
        builtin(.gesture(gesture, simultaneous: false, enabled: isEnabled))
    }

    /// Recognizes `gesture` on this view at the same time as any other gesture a touch meets (SwiftUI:
    /// "Attaches a gesture to the view to process simultaneously with gestures defined by the view").
    nonisolated public func simultaneousGesture<T: Gesture>(_ gesture: T, including mask: GestureMask = .all)
        -> some View
    {
        builtin(.gesture(gesture, simultaneous: true, enabled: mask.contains(.gesture)))
    }
}
