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
    /// Lets a gesture with a body take its body's value type without naming it, as with Apple's SDK (whose
    /// protocol infers `Value` the same way, through a default that holds where `Value == Body.Value`).
    nonisolated static func _value(fromBody value: Body.Value) -> Value?
}

extension Gesture where Value == Body.Value {
    nonisolated public static func _value(fromBody value: Body.Value) -> Value? { value }
}

extension Never: Gesture {
    public typealias Value = Never
    nonisolated public static func _value(fromBody value: Never) -> Never? {}
}

/// A built-in gesture the runtime recognizes itself.
public protocol _PrimitiveGesture: Gesture where Body == Never {}

extension _PrimitiveGesture {
    nonisolated public static func _value(fromBody value: Never) -> Value? {}
}

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

extension DragGesture: GestureNodeMaking {
    @MainActor func makeNode() -> GestureNode? {
        DragNode(minimumDistance: Double(minimumDistance), space: coordinateSpace)
    }
}

extension _ChangedGesture: GestureNodeMaking {
    @MainActor func makeNode() -> GestureNode? {
        guard let inner = GestureMachine.node(for: content) else { return nil }
        let action = action
        return ActionNode(inner) { outcome in
            if case .changed(let value) = outcome, let value = value as? Content.Value { action(value) }
            return outcome
        }
    }
}

extension _EndedGesture: GestureNodeMaking {
    @MainActor func makeNode() -> GestureNode? {
        guard let inner = GestureMachine.node(for: content) else { return nil }
        let action = action
        return ActionNode(inner) { outcome in
            if case .ended(let value) = outcome, let value = value as? Content.Value { action(value) }
            return outcome
        }
    }
}

/// A gesture whose values are made by a function of its content's (SwiftUI's `Gesture.map(_:)`).
nonisolated public struct _MapGesture<Content: Gesture, Output>: _PrimitiveGesture {
    // Named, not left to inference: a generic parameter called `Value` lost to `_value(fromBody:)`'s default.
    public typealias Value = Output
    let content: Content
    let transform: (Content.Value) -> Output
}

extension _MapGesture: GestureNodeMaking {
    @MainActor func makeNode() -> GestureNode? {
        guard let inner = GestureMachine.node(for: content) else { return nil }
        let transform = transform
        return ActionNode(inner) { outcome in
            switch outcome {
            case .changed(let value): return (value as? Content.Value).map { .changed(transform($0)) } ?? .none
            case .ended(let value): return (value as? Content.Value).map { .ended(transform($0)) } ?? .failed
            case .none, .failed: return outcome
            }
        }
    }
}

extension Gesture {
    /// This gesture, its values made by `body` of its own.
    nonisolated public func map<T>(_ body: @escaping (Value) -> T) -> _MapGesture<Self, T> {
        _MapGesture(content: self, transform: body)
    }
}

/// No gesture, or one (SwiftUI: `Optional: Gesture where Wrapped: Gesture`), for `gesture(enabled ? drag : nil)`.
extension Optional: Gesture where Wrapped: Gesture {
    public typealias Value = Wrapped.Value
    public var body: Never { fatalError("Optional is a primitive gesture and has no body") }
    nonisolated public static func _value(fromBody value: Never) -> Wrapped.Value? {}
}

extension Optional: GestureNodeMaking where Wrapped: Gesture {
    @MainActor func makeNode() -> GestureNode? { map { GestureMachine.node(for: $0) } ?? nil }
}

/// A type-erased gesture, as SwiftUI's `AnyGesture`.
nonisolated public struct AnyGesture<Output>: _PrimitiveGesture {
    public typealias Value = Output
    let gesture: any Gesture
    /// `gesture`, type-erased.
    public init<T: Gesture>(_ gesture: T) where T.Value == Output { self.gesture = gesture }
}

extension AnyGesture: GestureNodeMaking {
    @MainActor func makeNode() -> GestureNode? { GestureMachine.node(for: gesture) }
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
