import RevealLayout

/// A value views pass up to the views around them, as SwiftUI's `PreferenceKey`: each view inside that sets one
/// (`preference(key:value:)`) contributes it, and `reduce` folds them, in the order the views are met, into
/// what an ancestor's `onPreferenceChange` sees ("the sequence of values ... in view-tree order").
public protocol PreferenceKey {
    associatedtype Value
    /// The value where no view inside sets one.
    static var defaultValue: Value { get }
    /// Folds `nextValue()`, the next view's value, into `value`.
    static func reduce(value: inout Value, nextValue: () -> Value)
}

/// What one view contributes to a preference: its value, or a change to the value of the views inside it.
enum PreferenceEntry {
    case value(Any)
    case transform((inout Any) -> Void)
}

/// One contribution met in an evaluation, at the path of the view that made it.
struct PreferenceRecord {
    let path: String
    let key: ObjectIdentifier
    let entry: PreferenceEntry
}

/// An `onPreferenceChange` met in an evaluation: the path its content is under, and how to reduce and deliver.
struct PreferenceObserver {
    let path: String
    let content: String
    let key: ObjectIdentifier
    /// The reduced value from the records under `content`, or nil when it equals `last`.
    let deliver: @MainActor (_ records: [PreferenceRecord], _ last: Any?) -> (Any, @MainActor () -> Void)?
}

extension ViewGraph {
    /// The value of `K` that the records under `prefix` reduce to, in the order they were met; a transform
    /// changes the value reduced from the records under its own content.
    static func reduce<K: PreferenceKey>(_ key: K.Type, _ records: ArraySlice<PreferenceRecord>) -> K.Value {
        var value = K.defaultValue
        var index = records.startIndex
        while index < records.endIndex {
            let record = records[index]
            index += 1
            switch record.entry {
            case .value(let next):
                guard let next = next as? K.Value else { continue }
                K.reduce(value: &value, nextValue: { next })
            case .transform(let change):
                // The records under the transform's content come right after it.
                let inside = record.path + "/"
                var end = index
                while end < records.endIndex, records[end].path.hasPrefix(inside) { end += 1 }
                var reduced: Any = reduce(key, records[index..<end])
                change(&reduced)
                index = end
                if let next = reduced as? K.Value { K.reduce(value: &value, nextValue: { next }) }
            }
        }
        return value
    }

    /// After layout: each `onPreferenceChange` whose reduced value changed (or is met for the first time) has
    /// its action queued with the new value.
    func deliverPreferences() {
        var delivered: [String: Any] = [:]
        for observer in preferenceObservers {
            let prefix = observer.content + "/"
            let records = preferenceRecords.filter {
                $0.key == observer.key && ($0.path == observer.content || $0.path.hasPrefix(prefix))
            }
            let last = deliveredPreferences[observer.path]
            if let (value, action) = observer.deliver(records, last) {
                delivered[observer.path] = value
                pendingActions.append(action)
            } else {
                delivered[observer.path] = last
            }
        }
        deliveredPreferences = delivered
    }
}

/// A view contributing to a preference, or watching one.
nonisolated struct _PreferenceView<Content: View>: _PrimitiveView {
    let content: Content
    let role: PreferenceRole
}

/// What a `_PreferenceView` does: contributes to a preference, or watches one.
enum PreferenceRole {
    case record(ObjectIdentifier, PreferenceEntry)
    case observe(
        ObjectIdentifier, @MainActor (_ records: [PreferenceRecord], _ last: Any?) -> (Any, @MainActor () -> Void)?)
}

extension _PreferenceView: @MainActor Lowerable {
    @MainActor func lower(in graph: ViewGraph, path: String, _ environment: EnvironmentValues) -> [ViewNode] {
        let inner = path + "/$"
        switch role {
        case .record(let key, let entry):
            graph.preferenceRecords.append(PreferenceRecord(path: path, key: key, entry: entry))
        case .observe(let key, let deliver):
            graph.preferenceObservers.append(PreferenceObserver(path: path, content: inner, key: key, deliver: deliver))
        }
        return graph.lower(content, path: inner, environment)
    }
}

extension View {
    /// Sets `value` for `key`, for the views around to read (`onPreferenceChange`).
    nonisolated public func preference<K: PreferenceKey>(key: K.Type = K.self, value: K.Value) -> some View {
        _PreferenceView(content: self, role: .record(ObjectIdentifier(key), .value(value)))
    }

    /// Changes the value of `key` that the views inside reduce to with `callback`.
    nonisolated public func transformPreference<K: PreferenceKey>(
        _ key: K.Type = K.self, _ callback: @escaping (inout K.Value) -> Void
    ) -> some View {
        _PreferenceView(
            content: self,
            role: .record(
                ObjectIdentifier(key),
                .transform { value in
                    guard var typed = value as? K.Value else { return }
                    callback(&typed)
                    value = typed
                }))
    }

    /// Runs `action` with the value of `key` that the views inside reduce to, after the layout where it is
    /// first known and after each layout that changes it.
    nonisolated public func onPreferenceChange<K: PreferenceKey>(
        _ key: K.Type = K.self, perform action: @escaping (K.Value) -> Void
    ) -> some View where K.Value: Equatable {
        // The action runs on the main actor, after the layout, as the view's other actions do.
        let box = MainThreadBox(value: action)
        return _PreferenceView(
            content: self,
            role: .observe(ObjectIdentifier(key)) { records, last in
                let value = ViewGraph.reduce(K.self, records[...])
                if let last = last as? K.Value, last == value { return nil }
                return (value, { box.value(value) })
            })
    }
}
