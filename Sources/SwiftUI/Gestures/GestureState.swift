/// A value a gesture updates while it is active, as SwiftUI's `@GestureState`: `updating(_:body:)` sets it
/// at each change, and it goes back to its initial value when the gesture ends, in `resetTransaction`
/// ("SwiftUI resets the gesture state when the gesture ends or is cancelled").
@propertyWrapper public struct GestureState<Value>: DynamicProperty {
    let cell: StateCell<Value>
    let initial: Value
    let resetTransaction: Transaction

    /// Starting at `value`, reset to it at once when a gesture ends.
    public init(wrappedValue value: Value) { self.init(wrappedValue: value, resetTransaction: Transaction()) }

    /// Starting at `value`, reset to it in `resetTransaction` (its animation, say) when a gesture ends.
    public init(wrappedValue value: Value, resetTransaction: Transaction) {
        cell = StateCell(value)
        initial = value
        self.resetTransaction = resetTransaction
    }

    /// Starting at `initialValue`.
    public init(initialValue: Value) { self.init(wrappedValue: initialValue) }

    /// The current value; only a gesture's `updating` writes it.
    public var wrappedValue: Value { cell.value }

    /// The state, for `updating(_:body:)`.
    public var projectedValue: GestureState<Value> { self }
}

extension GestureState: DynamicPropertyLink {
    func link(to node: GraphNode, slot index: Int) { cell.link(to: node, slot: index) }
}

/// A gesture that updates a `GestureState` as it changes, as SwiftUI's `GestureStateGesture`.
nonisolated public struct GestureStateGesture<Base: Gesture, StateValue>: _PrimitiveGesture {
    public typealias Value = Base.Value
    let base: Base
    let state: GestureState<StateValue>
    let body: (Base.Value, inout StateValue, inout Transaction) -> Void
}

extension Gesture {
    /// Sets `state` through `body` at each change of the gesture (the transaction `body` is handed is the
    /// one the change is made in), and resets it when the gesture ends.
    nonisolated public func updating<StateValue>(
        _ state: GestureState<StateValue>,
        body: @escaping (Value, inout StateValue, inout Transaction) -> Void
    ) -> GestureStateGesture<Self, StateValue> {
        GestureStateGesture(base: self, state: state, body: body)
    }
}

extension GestureStateGesture: GestureNodeMaking {
    @MainActor func makeNode() -> GestureNode? {
        guard let inner = GestureMachine.node(for: base) else { return nil }
        let (state, body) = (state, body)
        return ActionNode(inner) { outcome in
            switch outcome {
            case .changed(let value):
                guard let value = value as? Base.Value else { break }
                var updated = state.cell.value
                var transaction = Transaction.current
                body(value, &updated, &transaction)
                withTransaction(transaction) { state.cell.set(updated) }
            case .ended, .failed:
                // "SwiftUI resets the gesture state when the gesture ends or is cancelled."
                withTransaction(state.resetTransaction) { state.cell.set(state.initial) }
            case .none:
                break
            }
            return outcome
        }
    }
}
