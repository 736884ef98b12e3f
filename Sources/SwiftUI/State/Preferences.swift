import RevealCore
import RevealLayout
import RevealRaster

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

/// A value of a view's geometry, as SwiftUI's `Anchor`: `anchorPreference` makes one from a view's frame, and
/// another view reads it in its own coordinates through `GeometryProxy`'s subscript.
public struct Anchor<Value>: @unchecked Sendable {
    /// The view's frame on the screen at the last layout (nil before its first).
    let frame: Rect?
    /// The value, from the view's bounds in the reader's coordinates.
    let value: (CGRect) -> Value

    /// Where an anchor's value comes from: a rectangle or a point of the view's bounds.
    public struct Source: @unchecked Sendable {
        let value: (CGRect) -> Value
    }
}

extension Anchor.Source where Value == CGRect {
    /// The view's bounds.
    public static var bounds: Anchor<CGRect>.Source { Anchor<CGRect>.Source { $0 } }

    /// A rectangle in the view's own coordinates.
    public static func rect(_ rect: CGRect) -> Anchor<CGRect>.Source {
        Anchor<CGRect>.Source { $0.offsetBy(dx: rect.minX, dy: rect.minY).with(size: rect.size) }
    }
}

extension Anchor.Source where Value == CGPoint {
    /// A point in the view's own coordinates.
    public static func point(_ point: CGPoint) -> Anchor<CGPoint>.Source {
        Anchor<CGPoint>.Source { CGPoint(x: $0.minX + point.x, y: $0.minY + point.y) }
    }

    /// The point at `unitPoint` of the view's bounds.
    public static func unitPoint(_ unitPoint: UnitPoint) -> Anchor<CGPoint>.Source {
        Anchor<CGPoint>.Source {
            CGPoint(x: $0.minX + unitPoint.x * $0.width, y: $0.minY + unitPoint.y * $0.height)
        }
    }

    public static var topLeading: Anchor<CGPoint>.Source { unitPoint(.topLeading) }
    public static var top: Anchor<CGPoint>.Source { unitPoint(.top) }
    public static var topTrailing: Anchor<CGPoint>.Source { unitPoint(.topTrailing) }
    public static var leading: Anchor<CGPoint>.Source { unitPoint(.leading) }
    public static var center: Anchor<CGPoint>.Source { unitPoint(.center) }
    public static var trailing: Anchor<CGPoint>.Source { unitPoint(.trailing) }
    public static var bottomLeading: Anchor<CGPoint>.Source { unitPoint(.bottomLeading) }
    public static var bottom: Anchor<CGPoint>.Source { unitPoint(.bottom) }
    public static var bottomTrailing: Anchor<CGPoint>.Source { unitPoint(.bottomTrailing) }
}

extension CGRect {
    fileprivate func with(size: CGSize) -> CGRect { CGRect(origin: origin, size: size) }
}

extension GeometryProxy {
    /// The anchor's value in this view's coordinates: its view's frame from the last layout, measured from
    /// this view's origin. Reading it makes this view's code run again when either view moves.
    public subscript<T>(anchor: Anchor<T>) -> T {
        reads?.note()
        let frame = anchor.frame ?? Rect(x: 0, y: 0, width: 0, height: 0)
        let origin = geometry?.frame ?? Rect(x: 0, y: 0, width: 0, height: 0)
        return anchor.value(
            CGRect(x: frame.x - origin.x, y: frame.y - origin.y, width: frame.width, height: frame.height))
    }
}

/// A view that sets a preference to a value made from an anchor of its own geometry.
nonisolated struct _AnchorPreferenceView<Content: View>: _PrimitiveView {
    let content: Content
    let key: ObjectIdentifier
    /// The preference's value, or its change, from the view's frame at the last layout (nil before its first).
    let make: (Rect?) -> PreferenceEntry
}

extension _AnchorPreferenceView: @MainActor Lowerable {
    @MainActor func lower(in graph: ViewGraph, path: String, _ environment: EnvironmentValues) -> [ViewNode] {
        // The frame comes from the last layout; when the view moves, the views reading it are evaluated again.
        let (anchor, geometry) = graph.watchGeometry(key: path + "/anchor") { AnyHashable($0) }
        graph.preferenceRecords.append(PreferenceRecord(path: path, key: key, entry: make(geometry?.frame)))
        let views = graph.lower(content, path: path + "/$", environment)
        return [graph.single(views).modifier(.anchor(anchor))]
    }
}

/// A view with a view made from a preference of the views inside it, over or behind it.
nonisolated struct _PreferenceValueView<Content: View>: _PrimitiveView {
    let content: Content
    let key: ObjectIdentifier
    let behind: Bool
    let alignment: Alignment
    /// The view for the value the content's records reduce to.
    let made: @MainActor ([PreferenceRecord]) -> any View
}

extension _PreferenceValueView: @MainActor Lowerable {
    @MainActor func lower(in graph: ViewGraph, path: String, _ environment: EnvironmentValues) -> [ViewNode] {
        // The records the content makes as it is lowered, reduced in the order they were met.
        let start = graph.preferenceRecords.count
        let views = graph.lower(content, path: path + "/$", environment)
        let records = graph.preferenceRecords[start...].filter { $0.key == key }
        let made = graph.single(graph.lowerContainer(made(records), path: path + "/preference", environment))
        let modifier: NodeModifier =
            behind
            ? .background(made, alignment: alignment.engine) : .overlay(made, alignment: alignment.engine)
        return [graph.single(views).modifier(modifier)]
    }
}

extension View {
    /// Sets `key` to a value made from an anchor of this view's geometry (its bounds, a point of them), which
    /// a `GeometryProxy` around turns into its own coordinates.
    nonisolated public func anchorPreference<A, K: PreferenceKey>(
        key _: K.Type = K.self, value: Anchor<A>.Source, transform: @escaping (Anchor<A>) -> K.Value
    ) -> some View {
        _AnchorPreferenceView(content: self, key: ObjectIdentifier(K.self)) { frame in
            .value(transform(Anchor(frame: frame, value: value.value)))
        }
    }

    /// Changes `key`'s value, as `transformPreference` does, with an anchor of this view's geometry.
    nonisolated public func transformAnchorPreference<A, K: PreferenceKey>(
        key _: K.Type = K.self, value: Anchor<A>.Source, transform: @escaping (inout K.Value, Anchor<A>) -> Void
    ) -> some View {
        _AnchorPreferenceView(content: self, key: ObjectIdentifier(K.self)) { frame in
            .transform { reduced in
                guard var typed = reduced as? K.Value else { return }
                transform(&typed, Anchor(frame: frame, value: value.value))
                reduced = typed
            }
        }
    }

    /// Over this view, the view `transform` makes from the value of `key` the views inside reduce to.
    nonisolated public func overlayPreferenceValue<K: PreferenceKey, V: View>(
        _ key: K.Type = K.self, alignment: Alignment = .center, @ViewBuilder _ transform: @escaping (K.Value) -> V
    ) -> some View {
        let box = MainThreadBox(value: transform)
        return _PreferenceValueView(content: self, key: ObjectIdentifier(K.self), behind: false, alignment: alignment) {
            box.value(ViewGraph.reduce(K.self, $0[...]))
        }
    }

    /// Behind this view, the view `transform` makes from the value of `key` the views inside reduce to.
    nonisolated public func backgroundPreferenceValue<K: PreferenceKey, V: View>(
        _ key: K.Type = K.self, alignment: Alignment = .center, @ViewBuilder _ transform: @escaping (K.Value) -> V
    ) -> some View {
        let box = MainThreadBox(value: transform)
        return _PreferenceValueView(content: self, key: ObjectIdentifier(K.self), behind: true, alignment: alignment) {
            box.value(ViewGraph.reduce(K.self, $0[...]))
        }
    }
}
