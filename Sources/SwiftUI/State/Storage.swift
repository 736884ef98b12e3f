import Foundation
import RevealCore

/// A value stored under a key for the whole app, as SwiftUI's `@AppStorage`: here kept in memory for the run
/// rather than in `UserDefaults`, starting from the script's `storage` values. Writing it evaluates again
/// every view that reads the key.
@propertyWrapper public struct AppStorage<Value>: DynamicProperty {
    let cell: StorageCell<Value>

    /// The value under `key`, `wrappedValue` until the script or a write sets one. `store` is accepted:
    /// every view shares the run's one store.
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) {
        cell = StorageCell(key: "app/" + key, initial: wrappedValue)
    }

    public var wrappedValue: Value {
        get { cell.value }
        nonmutating set { cell.set(newValue) }
    }

    /// A binding to the stored value.
    public var projectedValue: Binding<Value> { cell.binding }
}

extension AppStorage where Value: ExpressibleByNilLiteral {
    /// The optional value under `key`, nil until one is set.
    public init(_ key: String, store: UserDefaults? = nil) { self.init(wrappedValue: nil, key, store: store) }
}

/// A value a scene keeps for its views, as SwiftUI's `@SceneStorage`: in memory for the run, starting from
/// the script's `storage` values, shared by every view that names the key.
@propertyWrapper public struct SceneStorage<Value>: DynamicProperty {
    let cell: StorageCell<Value>

    /// The value under `key`, `wrappedValue` until the script or a write sets one.
    public init(wrappedValue: Value, _ key: String) { cell = StorageCell(key: "scene/" + key, initial: wrappedValue) }

    public var wrappedValue: Value {
        get { cell.value }
        nonmutating set { cell.set(newValue) }
    }

    /// A binding to the stored value.
    public var projectedValue: Binding<Value> { cell.binding }
}

extension SceneStorage where Value: ExpressibleByNilLiteral {
    /// The optional value under `key`, nil until one is set.
    public init(_ key: String) { self.init(wrappedValue: nil, key) }
}

extension AppStorage: DynamicPropertyLink {
    func link(to node: GraphNode, slot index: Int) { cell.link(to: node) }
}

extension SceneStorage: DynamicPropertyLink {
    func link(to node: GraphNode, slot index: Int) { cell.link(to: node) }
}

/// What an `@AppStorage` or `@SceneStorage` holds: its key and first value, and the view it was linked to,
/// through which it reaches the run's store.
final class StorageCell<Value>: @unchecked Sendable {
    let key: String
    private let initial: Value
    private weak var node: GraphNode?

    init(key: String, initial: Value) {
        self.key = key
        self.initial = initial
    }

    @MainActor func link(to node: GraphNode) {
        self.node = node
        node.graph?.storage.read(key, by: node)
    }

    /// The stored value as this property's type (a script's number as an `Int` or a `Double`, a string as an
    /// enum's raw value), else the first value.
    var value: Value {
        guard MainQueue.isCurrent else { return initial }
        nonisolated(unsafe) var stored: Value?
        MainActor.assumeIsolated {
            stored = node?.graph?.storage.values[key].flatMap(StoredValues.converted(to: Value.self))
        }
        return stored ?? initial
    }

    /// A binding reading and writing the stored value.
    var binding: Binding<Value> { Binding(get: { self.value }, set: { self.set($0) }) }

    func set(_ newValue: Value) {
        // A write off the main thread is not seen (the store belongs to the main actor).
        guard MainQueue.isCurrent else { return }
        nonisolated(unsafe) let newValue = newValue
        MainActor.assumeIsolated { node?.graph?.storage.write(key, newValue) }
    }
}

/// The run's stored values by key (`app/NAME`, `scene/NAME`), and the views that read each.
@MainActor package final class StoredValues {
    private(set) var values: [String: Any]
    private var readers: [String: [WeakNode]] = [:]

    private struct WeakNode {
        weak var node: GraphNode?
    }

    /// A store holding the script's `storage` values, each under both an app and a scene key.
    package init(seeds: [String: Any] = [:]) {
        var values: [String: Any] = [:]
        for (key, value) in seeds {
            values["app/" + key] = value
            values["scene/" + key] = value
        }
        self.values = values
    }

    func read(_ key: String, by node: GraphNode) {
        var list = readers[key, default: []].filter { $0.node != nil }
        if !list.contains(where: { $0.node === node }) { list.append(WeakNode(node: node)) }
        readers[key] = list
    }

    /// Stores `value` and evaluates the views reading `key` again (not when an equal value is stored).
    func write(_ key: String, _ value: Any) {
        if isSameEquatable(values[key], value) { return }
        values[key] = value
        for reader in readers[key] ?? [] { reader.node?.invalidate() }
    }

    /// `stored` as a `T`: itself, a whole number as an `Int`, a number as a `Double` or `CGFloat`, or a raw
    /// value as the `RawRepresentable` it stands for.
    nonisolated static func converted<T>(to type: T.Type) -> (Any) -> T? {
        { stored in
            if let value = stored as? T { return value }
            let number = (stored as? Double) ?? (stored as? Int).map(Double.init)
            if let number {
                if T.self == Int.self, number == number.rounded(), abs(number) < 9e15 { return Int(number) as? T }
                if T.self == Double.self { return number as? T }
                if T.self == CGFloat.self { return CGFloat(number) as? T }
                if T.self == Float.self { return Float(number) as? T }
            }
            if let raw = T.self as? any RawRepresentable.Type { return fromRaw(raw, stored) as? T }
            return nil
        }
    }

    private nonisolated static func fromRaw<R: RawRepresentable>(_ type: R.Type, _ stored: Any) -> R? {
        if let raw = stored as? R.RawValue { return R(rawValue: raw) }
        if let number = stored as? Double, number == number.rounded(), abs(number) < 9e15,
            let raw = Int(number) as? R.RawValue
        {
            return R(rawValue: raw)
        }
        return nil
    }
}
