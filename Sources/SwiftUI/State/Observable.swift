@_exported import Observation  // As SwiftUI does: `@Observable` comes with `import SwiftUI`.
import RevealCore
import RevealLayout
import RevealRaster
import RevealText

extension ViewGraph {
    /// `view`'s body, with the `@Observable` properties it reads tracked: a change to one of them evaluates
    /// the view again, in the transaction current at the change, as a state change does (SwiftUI, "Managing
    /// model data in your app": "SwiftUI updates a view only when an observable property changes and the
    /// view's body reads the property directly").
    ///
    /// A node keeps one live tracking at a time (it ends when a tracked property changes), so a long
    /// animation that evaluates the body every frame does not pile up observers.
    func trackedBody<V: View>(of view: V, node: GraphNode) -> V.Body {
        guard !node.isObserving else { return RunningCode.body(of: V.self) { view.body } }
        node.isObserving = true
        return withObservationTracking {
            RunningCode.body(of: V.self) { view.body }
        } onChange: { [weak node] in
            // Called as the property is about to change, on the thread that changes it: a change made off
            // the main thread is seen at the next evaluation rather than trapping here.
            guard MainQueue.isCurrent else { return }
            MainActor.assumeIsolated {
                node?.isObserving = false
                node?.invalidate()
            }
        }
    }
}

/// A reference to an `@Observable` object whose properties give bindings, as SwiftUI's `@Bindable`.
@propertyWrapper @dynamicMemberLookup public struct Bindable<Value: AnyObject & Observable> {
    public var wrappedValue: Value

    /// A bindable reference to `wrappedValue`.
    public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }
    /// A bindable reference to `object`.
    public init(_ object: Value) { wrappedValue = object }

    public var projectedValue: Bindable<Value> { self }

    /// A binding to the object's property at `keyPath`.
    public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>) -> Binding<Subject> {
        let object = wrappedValue
        return Binding(get: { object[keyPath: keyPath] }, set: { object[keyPath: keyPath] = $0 })
    }
}

extension Bindable: DynamicProperty {}
