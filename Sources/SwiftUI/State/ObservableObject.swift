@_exported import Combine  // As SwiftUI does: `Just`, subjects and `AnyCancellable` come with `import SwiftUI`.
import RevealCore
import RevealLayout
import RevealRaster
import RevealText

/// A class that announces its changes before they happen, as Combine's `ObservableObject` does for
/// SwiftUI: `@Published` properties send `objectWillChange` as they are set, and views holding the object
/// through `@StateObject`, `@ObservedObject` or `@EnvironmentObject` are evaluated again.
public protocol ObservableObject: AnyObject {}

extension ObservableObject {
    /// Sends before any `@Published` property of the object changes.
    public var objectWillChange: ObservableObjectPublisher { ObservableObjectPublisher.of(self) }
}

/// What an observable object sends before it changes: each subscriber's action runs, in order.
public final class ObservableObjectPublisher: @unchecked Sendable {
    private var subscribers: [(id: Int, action: () -> Void)] = []
    private var nextID = 0

    /// A publisher with no subscribers.
    public init() {}

    /// Tells every subscriber the object is about to change.
    public func send() {
        for subscriber in subscribers { subscriber.action() }
    }

    /// Runs `action` at each `send()` until the returned subscription is cancelled.
    func subscribe(_ action: @escaping () -> Void) -> Int {
        nextID += 1
        subscribers.append((nextID, action))
        return nextID
    }

    func cancel(_ id: Int) { subscribers.removeAll { $0.id == id } }

    /// The publisher of `object`, kept while the object lives.
    static func of(_ object: AnyObject) -> ObservableObjectPublisher {
        let key = ObjectIdentifier(object)
        if let entry = registry[key], entry.object === object { return entry.publisher }
        // Entries of objects that are gone (their identifiers may be reused) are dropped.
        registry = registry.filter { $0.value.object != nil }
        let publisher = ObservableObjectPublisher()
        registry[key] = (object, publisher)
        return publisher
    }

    nonisolated(unsafe) private static var registry:
        [ObjectIdentifier: (object: AnyObject?, publisher: ObservableObjectPublisher)] = [:]
}

/// A property of an `ObservableObject` whose changes the object announces (Combine's `@Published`).
@propertyWrapper public struct Published<Value> {
    private var value: Value

    /// A published property starting at `wrappedValue`.
    public init(wrappedValue: Value) { value = wrappedValue }

    @available(*, unavailable, message: "@Published is only available on properties of classes")
    public var wrappedValue: Value {
        get { fatalError("@Published is only available on properties of classes") }
        set { fatalError("@Published is only available on properties of classes") }
    }

    /// The value, read and written through the enclosing object, which announces each write first.
    public static subscript<Object: ObservableObject>(
        _enclosingInstance object: Object, wrapped wrappedKeyPath: ReferenceWritableKeyPath<Object, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<Object, Published<Value>>
    ) -> Value {
        get { object[keyPath: storageKeyPath].value }
        set {
            object.objectWillChange.send()
            object[keyPath: storageKeyPath].value = newValue
        }
    }
}

/// An observable object a view owns, made once per view identity, as SwiftUI's `@StateObject`: its
/// changes evaluate the view again.
@propertyWrapper public struct StateObject<ObjectType: ObservableObject>: DynamicProperty {
    let cell: ObjectCell<ObjectType>

    /// The object `thunk` makes the first time the view's identity is met (later copies keep it).
    public init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType) { cell = ObjectCell(make: thunk) }

    /// The object.
    public var wrappedValue: ObjectType { cell.object }

    /// Bindings to the object's properties.
    public var projectedValue: ObservedObject<ObjectType>.Wrapper { ObservedObject.Wrapper(object: cell.object) }
}

/// An observable object a view is given, as SwiftUI's `@ObservedObject`: its changes evaluate the view again.
@propertyWrapper public struct ObservedObject<ObjectType: ObservableObject>: DynamicProperty {
    let cell: ObjectCell<ObjectType>

    /// Observes `wrappedValue`.
    public init(wrappedValue: ObjectType) { cell = ObjectCell(object: wrappedValue) }
    /// Observes `initialValue`.
    public init(initialValue: ObjectType) { cell = ObjectCell(object: initialValue) }

    /// The object.
    public var wrappedValue: ObjectType { cell.object }

    /// Bindings to the object's properties.
    public var projectedValue: Wrapper { Wrapper(object: cell.object) }

    /// Gives bindings to an observed object's properties: `$model.name`.
    @dynamicMemberLookup public struct Wrapper {
        let object: ObjectType

        /// A binding to the object's property at `keyPath`.
        public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>)
            -> Binding<Subject>
        {
            let object = object
            return Binding(get: { object[keyPath: keyPath] }, set: { object[keyPath: keyPath] = $0 })
        }
    }
}

extension StateObject: DynamicPropertyLink {
    func link(to node: GraphNode, slot index: Int) { cell.link(to: node, slot: index) }
}

extension ObservedObject: DynamicPropertyLink {
    func link(to node: GraphNode, slot index: Int) { cell.link(to: node, slot: index) }
}

/// What a `@StateObject` or `@ObservedObject` holds: the object given, or the thunk that makes it once per
/// identity; linked to its view's node, the node is subscribed to the object's changes.
final class ObjectCell<ObjectType: ObservableObject>: @unchecked Sendable {
    private enum Source {
        /// A `@StateObject`'s thunk and, once read before the view was shown, what it made.
        case owned(() -> ObjectType, made: ObjectType?)
        /// An `@ObservedObject`'s object.
        case given(ObjectType)
    }
    private var source: Source
    private var box: ObjectSubscription<ObjectType>?

    init(make: @escaping () -> ObjectType) { source = .owned(make, made: nil) }
    init(object: ObjectType) { source = .given(object) }

    /// The identity's object (a `@StateObject`'s, made the first time), or the one given.
    var object: ObjectType {
        if let box { return box.object }
        switch source {
        case .given(let object): return object
        case .owned(_, let made?): return made
        case .owned(let make, nil):
            // Read before the view was ever shown: an object of its own until then.
            let made = make()
            source = .owned(make, made: made)
            return made
        }
    }

    @MainActor func link(to node: GraphNode, slot index: Int) {
        let existing = node.slots[index] as? ObjectSubscription<ObjectType>
        let object: ObjectType
        switch source {
        case .owned(let make, _):
            // A state object lives as long as its identity: made once, then kept.
            if let existing {
                box = existing
                return
            }
            object = make()
        case .given(let given):
            if let existing, existing.object === given {
                box = existing
                return
            }
            object = given
        }
        let created = ObjectSubscription(object, node: node)
        node.slots[index] = created
        box = created
    }
}

/// An object and a node's subscription to its changes, kept in the node's slot: each change evaluates the
/// node's view again, in the transaction current at the change.
final class ObjectSubscription<ObjectType: ObservableObject> {
    let object: ObjectType
    private let id: Int

    @MainActor init(_ object: ObjectType, node: GraphNode) {
        self.object = object
        id = object.objectWillChange.subscribe { [weak node] in
            // A change made off the main thread is seen at the next evaluation instead of trapping here.
            guard MainQueue.isCurrent else { return }
            MainActor.assumeIsolated { node?.invalidate() }
        }
    }

    deinit { object.objectWillChange.cancel(id) }
}

/// An observable object an ancestor put in the environment (`environmentObject(_:)`), as SwiftUI's
/// `@EnvironmentObject`: its changes evaluate the view again. Where no ancestor gave one, SwiftUI stops
/// the app; here the view draws nothing and a warning names the type.
@propertyWrapper public struct EnvironmentObject<ObjectType: ObservableObject>: DynamicProperty {
    let cell = EnvironmentObjectCell<ObjectType>()

    /// The object of this type the environment holds.
    public init() {}

    /// The object.
    public var wrappedValue: ObjectType {
        guard let object = cell.object else {
            fatalError(
                "No ObservableObject of type \(ObjectType.self) found: environmentObject(_:) is missing above the view")
        }
        return object.object
    }

    /// Bindings to the object's properties.
    public var projectedValue: ObservedObject<ObjectType>.Wrapper { ObservedObject.Wrapper(object: wrappedValue) }
}

/// What an `@EnvironmentObject` reads: its node's environment's object, subscribed to like an observed one.
final class EnvironmentObjectCell<ObjectType: ObservableObject>: @unchecked Sendable {
    var object: ObjectCell<ObjectType>?
}

extension EnvironmentObject: DynamicPropertyLink {
    func link(to node: GraphNode, slot index: Int) {
        guard let found = node.environment.objects[ObjectIdentifier(ObjectType.self)] as? ObjectType else {
            cell.object = nil
            node.missingObject = String(describing: ObjectType.self)
            return
        }
        let object = ObjectCell(object: found)
        object.link(to: node, slot: index)
        cell.object = object
    }
}

extension View {
    /// Puts `object` in the environment of the views inside, for their `@EnvironmentObject` properties of
    /// its type.
    nonisolated public func environmentObject<T: ObservableObject>(_ object: T) -> some View {
        environmentChange { $0.objects[ObjectIdentifier(T.self)] = object }
    }
}

extension ObservableObjectPublisher: Publisher {
    public typealias Output = Void
    public typealias Failure = Never

    public func subscribe(
        receiveValue: @escaping (Output) -> Void, receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void
    ) -> AnyCancellable {
        let id = subscribe { receiveValue(()) }
        return AnyCancellable { [weak self] in self?.cancel(id) }
    }
}
