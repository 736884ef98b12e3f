import RevealCore
import RevealLayout
import RevealRaster
import RevealText

/// Views computed from a collection, one per element, each with the identity of its element's id (SwiftUI's
/// `ForEach`: "a structure that computes views on demand from an underlying collection of identified data").
nonisolated public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: _PrimitiveView {
    public var data: Data
    public var content: (Data.Element) -> Content
    let id: (Data.Element) -> ID
    /// What deletes rows (`onDelete`).
    var deleteAction: ((IndexSet) -> Void)? = nil

    /// A view for each element, identified by the element's `id` key path.
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content)
    {
        self.data = data
        self.id = { $0[keyPath: id] }
        self.content = content
    }
}

extension ForEach where Data.Element: Identifiable, ID == Data.Element.ID {
    /// A view for each element, identified by the element's `id`.
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.id = { $0.id }
        self.content = content
    }
}

extension ForEach where Data == Range<Int>, ID == Int {
    /// A view for each number of a constant range, identified by the number.
    public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {
        self.data = data
        self.id = { $0 }
        self.content = content
    }
}

extension ForEach: @MainActor Lowerable {
    @MainActor func lower(in graph: ViewGraph, path: String, _ environment: EnvironmentValues) -> [ViewNode] {
        // Each element is a slot of its own id: an element that leaves plays its removal transition where it
        // was, one that arrives its insertion.
        var ids: [String] = []
        var views: [String: any View] = [:]
        var tags: [String: AnyHashable] = [:]
        var offsets: [String: Int] = [:]
        for (offset, element) in data.enumerated() {
            let elementID = id(element)
            let key = path + "/#" + String(reflecting: elementID)
            guard views[key] == nil else { continue }  // SwiftUI keeps the first of a repeated id
            ids.append(key)
            views[key] = content(element)
            tags[key] = AnyHashable(elementID)
            offsets[key] = offset
        }
        let order = graph.mergedOrder(ids, key: path)
        return order.flatMap { key in
            // In a picker or tab view, an element with no tag of its own is tagged with its id, as SwiftUI's
            // ForEach tags its views.
            let options = graph.pickerOptions.last?.count
            var lowered = graph.markScrollTarget(
                tags[key] ?? AnyHashable(key), graph.lowerDynamic(views[key], slot: key, environment))
            if let tag = tags[key] { lowered = graph.markListSelection(tag, lowered) }
            if let deleteAction, environment.isInList, let offset = offsets[key] {
                lowered = graph.deletableRow(lowered, key: key, environment) { deleteAction(IndexSet(integer: offset)) }
            }
            if let options, graph.pickerOptions[graph.pickerOptions.count - 1].count == options, let tag = tags[key],
                !lowered.isEmpty
            {
                graph.pickerOptions[graph.pickerOptions.count - 1].append((tag, lowered))
            }
            return lowered
        }
    }
}

extension ViewGraph {
    /// The slots of a `ForEach` at `key` in drawing order: this evaluation's, with any from the last that are
    /// still leaving kept after the element they followed.
    func mergedOrder(_ ids: [String], key: String) -> [String] {
        let previous = forEachOrders[key] ?? []
        forEachSeen.insert(key)
        let current = Set(ids)
        var order = ids
        for (index, id) in previous.enumerated()
        where !current.contains(id) && (slotContents[id] != nil || removals[id] != nil) {
            // After the nearest earlier element still present, else first.
            let anchor = previous[..<index].last(where: { order.contains($0) })
            let at = anchor.flatMap { order.firstIndex(of: $0).map { $0 + 1 } } ?? 0
            order.insert(id, at: at)
        }
        forEachOrders[key] = order
        return order
    }
}
