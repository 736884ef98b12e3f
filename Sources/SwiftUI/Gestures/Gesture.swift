/// Where gesture locations are measured.
public enum CoordinateSpace: Hashable, Sendable {
    case global, local
}

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

/// A drag gesture's recognizer settings and actions, gathered from the modifiers around it.
package struct DragRecognizer {
    package var minimumDistance: CGFloat
    package var changed: [(DragGesture.Value) -> Void] = []
    package var ended: [(DragGesture.Value) -> Void] = []
}

/// A gesture the runtime can recognize: the drag inside it, with its actions.
protocol DragRecognizing {
    var dragRecognizer: DragRecognizer? { get }
}

extension DragGesture: DragRecognizing {
    var dragRecognizer: DragRecognizer? { DragRecognizer(minimumDistance: minimumDistance) }
}

extension _ChangedGesture: DragRecognizing {
    var dragRecognizer: DragRecognizer? {
        guard var recognizer = (content as? any DragRecognizing)?.dragRecognizer else { return nil }
        let action = action
        recognizer.changed.append { value in (value as? Content.Value).map(action) }
        return recognizer
    }
}

extension _EndedGesture: DragRecognizing {
    var dragRecognizer: DragRecognizer? {
        guard var recognizer = (content as? any DragRecognizing)?.dragRecognizer else { return nil }
        let action = action
        recognizer.ended.append { value in (value as? Content.Value).map(action) }
        return recognizer
    }
}

extension View {
    /// Recognizes `gesture` on this view (a drag: hit-tested on the view's content shape).
    nonisolated public func gesture<T: Gesture>(_ gesture: T, including mask: GestureMask = .all) -> some View {
        builtin(.gesture(gesture))
    }
}
