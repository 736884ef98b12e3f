/// One gesture, then another that starts when the first ends, as SwiftUI's `SequenceGesture` (a drag after a
/// long press, say): its value is the first's while it runs, then both.
nonisolated public struct SequenceGesture<First: Gesture, Second: Gesture>: _PrimitiveGesture {
    public enum Value {
        case first(First.Value)
        case second(First.Value, Second.Value?)
    }
    public var first: First
    public var second: Second
    public init(_ first: First, _ second: Second) {
        self.first = first
        self.second = second
    }
}

extension SequenceGesture.Value: Equatable where First.Value: Equatable, Second.Value: Equatable {}
extension SequenceGesture.Value: Sendable where First.Value: Sendable, Second.Value: Sendable {}

/// Two gestures hearing the same touches, as SwiftUI's `SimultaneousGesture`: its value holds each one's
/// latest value, nil until it has one.
nonisolated public struct SimultaneousGesture<First: Gesture, Second: Gesture>: _PrimitiveGesture {
    public struct Value {
        public var first: First.Value?
        public var second: Second.Value?
    }
    public var first: First
    public var second: Second
    public init(_ first: First, _ second: Second) {
        self.first = first
        self.second = second
    }
}

extension SimultaneousGesture.Value: Equatable where First.Value: Equatable, Second.Value: Equatable {}
extension SimultaneousGesture.Value: Sendable where First.Value: Sendable, Second.Value: Sendable {}

/// Two gestures of which only one succeeds, the first having precedence, as SwiftUI's `ExclusiveGesture`.
nonisolated public struct ExclusiveGesture<First: Gesture, Second: Gesture>: _PrimitiveGesture {
    public enum Value {
        case first(First.Value)
        case second(Second.Value)
    }
    public var first: First
    public var second: Second
    public init(_ first: First, _ second: Second) {
        self.first = first
        self.second = second
    }
}

extension ExclusiveGesture.Value: Equatable where First.Value: Equatable, Second.Value: Equatable {}
extension ExclusiveGesture.Value: Sendable where First.Value: Sendable, Second.Value: Sendable {}

extension Gesture {
    /// This gesture, then `other` once it ends.
    nonisolated public func sequenced<Other: Gesture>(before other: Other) -> SequenceGesture<Self, Other> {
        SequenceGesture(self, other)
    }

    /// This gesture and `other` at once.
    nonisolated public func simultaneously<Other: Gesture>(with other: Other) -> SimultaneousGesture<Self, Other> {
        SimultaneousGesture(self, other)
    }

    /// This gesture, or `other` if this one fails.
    nonisolated public func exclusively<Other: Gesture>(before other: Other) -> ExclusiveGesture<Self, Other> {
        ExclusiveGesture(self, other)
    }
}

extension SequenceGesture: GestureNodeMaking {
    @MainActor func makeNode() -> GestureNode? {
        guard let a = GestureMachine.node(for: first), let b = GestureMachine.node(for: second) else { return nil }
        return SequenceNode(first: a, second: b) { first, second, firstEnded in
            guard let first = first as? First.Value else { return nil }
            return firstEnded ? Value.second(first, second as? Second.Value) : Value.first(first)
        }
    }
}

extension SimultaneousGesture: GestureNodeMaking {
    @MainActor func makeNode() -> GestureNode? {
        guard let a = GestureMachine.node(for: first), let b = GestureMachine.node(for: second) else { return nil }
        return SimultaneousNode(first: a, second: b) { first, second in
            Value(first: first as? First.Value, second: second as? Second.Value)
        }
    }
}

extension ExclusiveGesture: GestureNodeMaking {
    @MainActor func makeNode() -> GestureNode? {
        guard let a = GestureMachine.node(for: first), let b = GestureMachine.node(for: second) else { return nil }
        return ExclusiveNode(first: a, second: b) { value, isFirst in
            if isFirst { return (value as? First.Value).map(Value.first) }
            return (value as? Second.Value).map(Value.second)
        }
    }
}
