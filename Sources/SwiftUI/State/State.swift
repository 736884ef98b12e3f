import RevealCore
import RevealLayout
import RevealRaster
import RevealText

/// A property a view's runtime keeps up to date before each evaluation of its body, as SwiftUI's
/// `DynamicProperty` (`@State`, `@Environment`, `@Binding`).
public protocol DynamicProperty {}

/// Where a view's dynamic property is linked to what the runtime keeps for the view's identity: the
/// runtime finds these with a `Mirror` and links each to the box of the same position.
@MainActor protocol DynamicPropertyLink {
    /// Links the property to slot `index` of `node`, creating the slot's box the first time.
    func link(to node: GraphNode, slot index: Int)
}

/// A value a view owns, kept by the runtime per view identity, as SwiftUI's `@State`.
///
/// SwiftUI's rule (State, "Store the value"): the value lives as long as the view's identity (its
/// position, its `if` branch, its type and its `.id`); a new identity starts from the initial value. The
/// struct holds a reference to a cell that the runtime points at the identity's box: a new copy of the
/// view is pointed at the old box, with no writes into the struct.
@propertyWrapper public struct State<Value>: DynamicProperty {
    let cell: StateCell<Value>

    /// State starting at `value`.
    public init(wrappedValue value: Value) { cell = StateCell(value) }
    /// State starting at `value`.
    public init(initialValue value: Value) { cell = StateCell(value) }

    /// The current value; writing it schedules the owner's body to be evaluated again, in the current
    /// transaction (`withAnimation`). Writing an equal value changes nothing (for `Equatable` values).
    public var wrappedValue: Value {
        get { cell.value }
        nonmutating set { cell.set(newValue) }
    }

    /// A binding to the value.
    public var projectedValue: Binding<Value> {
        let cell = cell
        return Binding(get: { cell.value }, set: { cell.set($0) })
    }
}

extension State where Value: ExpressibleByNilLiteral {
    /// State starting at nil.
    public init() { cell = StateCell(nil) }
}

extension State: DynamicPropertyLink {
    func link(to node: GraphNode, slot index: Int) { cell.link(to: node, slot: index) }
}

/// The reference a `State` holds: its initial value, then the identity's box once linked.
final class StateCell<Value>: @unchecked Sendable {
    private let initial: Value
    private var box: StateBox<Value>?

    init(_ initial: Value) { self.initial = initial }

    var value: Value { box?.value ?? initial }

    func set(_ newValue: Value) {
        guard let box else { return }  // never shown yet: nothing to update
        box.set(newValue)
    }

    @MainActor func link(to node: GraphNode, slot index: Int) {
        if let existing = node.slots[index] as? StateBox<Value> {
            box = existing
        } else {
            let created = StateBox(initial, owner: node)
            node.slots[index] = created
            box = created
        }
    }
}

/// An identity's stored value.
final class StateBox<Value>: @unchecked Sendable {
    private(set) var value: Value
    weak var owner: GraphNode?

    init(_ value: Value, owner: GraphNode) {
        self.value = value
        self.owner = owner
    }

    func set(_ newValue: Value) {
        if isSameEquatable(value, newValue) { return }
        value = newValue
        // A write off the main thread is seen at the next evaluation instead of trapping here.
        guard MainQueue.isCurrent else { return }
        MainActor.assumeIsolated { owner?.invalidate() }
    }

}

/// Whether `new` equals `old`, when `old`'s type is `Equatable` (false for any other type): a write of an
/// equal value to state or storage changes nothing.
func isSameEquatable(_ old: Any?, _ new: Any) -> Bool {
    guard let old = old as? any Equatable else { return false }
    return equal(old, new)
}

private func equal<T: Equatable>(_ a: T, _ b: Any) -> Bool { (b as? T).map { a == $0 } ?? false }

/// A reference to a value owned elsewhere, as SwiftUI's `@Binding`.
@propertyWrapper @dynamicMemberLookup public struct Binding<Value> {
    private let getter: () -> Value
    private let setter: (Value) -> Void

    /// A binding reading with `get` and writing with `set`.
    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        getter = get
        setter = set
    }

    /// A binding that always reads `value` and ignores writes.
    public static func constant(_ value: Value) -> Binding<Value> { Binding(get: { value }, set: { _ in }) }

    public var wrappedValue: Value {
        get { getter() }
        nonmutating set { setter(newValue) }
    }

    public var projectedValue: Binding<Value> { self }

    /// A binding to a part of the value.
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        let getter = getter
        let setter = setter
        return Binding<Subject>(
            get: { getter()[keyPath: keyPath] },
            set: { newValue in
                var value = getter()
                value[keyPath: keyPath] = newValue
                setter(value)
            })
    }
}

extension Binding: DynamicProperty {}

extension Binding {
    /// This binding, its writes carried by a transaction with `animation` (SwiftUI's `Binding.animation(_:)`:
    /// a toggle bound through it animates what its value changes).
    public func animation(_ animation: Animation? = .default) -> Binding<Value> {
        transaction(Transaction(animation: animation))
    }

    /// This binding, its writes carried by `transaction` (SwiftUI's `Binding.transaction(_:)`).
    public func transaction(_ transaction: Transaction) -> Binding<Value> {
        let setter = setter
        return Binding(
            get: getter,
            set: { value in
                // Controls and gestures write on the main queue; a write from elsewhere happens unanimated
                // rather than trapping.
                guard MainQueue.isCurrent else { return setter(value) }
                nonisolated(unsafe) let (setter, value) = (setter, value)
                MainActor.assumeIsolated { withTransaction(transaction) { setter(value) } }
            })
    }
}

/// A binding to an optional hashable value, whatever its type: a list's selection, a scroll position's id.
protocol ErasedHashableBinding {
    /// The value now (nil when the binding holds nil).
    var value: AnyHashable? { get }
    /// Sets the value, when `value` is of the binding's type.
    func write(_ value: AnyHashable)
}

/// A binding to an optional value of one type.
struct OptionalHashableBinding<Value: Hashable>: ErasedHashableBinding {
    let binding: Binding<Value?>
    var value: AnyHashable? { binding.wrappedValue.map { AnyHashable($0) } }
    func write(_ value: AnyHashable) { if let value = value.base as? Value { binding.wrappedValue = value } }
}
