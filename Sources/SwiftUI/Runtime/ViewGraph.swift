import RevealRender

/// What the runtime keeps for one view identity: the boxes of its dynamic properties (its `@State`), by
/// their position in the view's stored properties, and the environment it was last evaluated in.
@MainActor final class GraphNode {
    var slots: [Int: AnyObject] = [:]
    var environment = EnvironmentValues()
    weak var graph: ViewGraph?

    init(graph: ViewGraph) { self.graph = graph }

    /// A state of this view changed: its body is evaluated again before the next event or frame.
    func invalidate() { graph?.invalidate() }
}

/// A target a touch can land on, found after layout by the anchor it was given.
package enum TouchTarget {
    /// A button: its action runs when a touch that went down on it lifts inside it.
    case button(@MainActor () -> Void)
    /// A drag gesture.
    case drag(DragRecognizer)
}

/// The runtime: evaluates a view tree into the engine's views, keeping state per structural identity.
///
/// Identity follows SwiftUI's rules (Demystify SwiftUI, WWDC21): a view's identity is its path of
/// positions in `@ViewBuilder` blocks, the branch of each `if`/`else`, its type, and any explicit `.id`.
/// State whose identity is not met in an evaluation is dropped, so a new `.id` starts over.
@MainActor package final class ViewGraph {
    private let root: @MainActor () -> any View
    /// The environment at the root (Reduce Motion, from the script).
    package var environment: EnvironmentValues
    private var nodes: [String: GraphNode] = [:]
    private var seen: Set<String> = []
    private var rootPaths: Set<String> = [""]
    private var contentStack: [@MainActor () -> [RevealRender.View]] = []
    private var nextAnchor = 0
    /// Set when a state changes; cleared by `evaluate`.
    package private(set) var needsEvaluation = true
    /// Whether the root view ignores the safe area (it is laid out on the whole screen).
    package private(set) var rootIgnoresSafeArea = false
    /// What touches can land on, by anchor id, in the order they were met (outer before inner, back to front).
    package private(set) var targets: [(anchor: Int, target: TouchTarget)] = []
    /// VoiceOver actions, by anchor id.
    package private(set) var accessibilityActions: [Int: @MainActor () -> Void] = [:]

    /// A graph for the view `root` builds, in `environment`.
    package init(environment: EnvironmentValues = EnvironmentValues(), root: @escaping @MainActor () -> any View) {
        self.environment = environment
        self.root = root
    }

    func invalidate() { needsEvaluation = true }

    // MARK: Passes

    /// Starts an evaluation: the tables of the last one are cleared.
    package func beginEvaluation() {
        seen = []
        rootPaths = [""]
        targets = []
        accessibilityActions = [:]
        nextAnchor = 0
        rootIgnoresSafeArea = false
        needsEvaluation = false
    }

    /// The root view lowered onto the engine's views. Views inside a `GeometryReader` are evaluated when the
    /// engine lays the reader out, so `endEvaluation` comes after layout.
    package func evaluateRoot() -> RevealRender.View {
        single(lower(root(), path: "", environment))
    }

    /// Ends an evaluation: the state of identities not met is dropped.
    package func endEvaluation() {
        nodes = nodes.filter { seen.contains($0.key) }
    }

    func node(_ key: String, _ environment: EnvironmentValues) -> GraphNode {
        seen.insert(key)
        let node = nodes[key] ?? GraphNode(graph: self)
        nodes[key] = node
        node.environment = environment
        return node
    }

    func anchor() -> Int {
        nextAnchor += 1
        return nextAnchor
    }

    func addTarget(_ target: TouchTarget, anchor: Int) { targets.append((anchor, target)) }

    func addAccessibilityAction(_ action: @escaping @MainActor () -> Void, anchor: Int) {
        accessibilityActions[anchor] = action
    }

    // MARK: Lowering

    /// `view` as engine views: none, one, or several (the views of a block).
    func lower(_ view: any View, path: String, _ environment: EnvironmentValues) -> [RevealRender.View] {
        if let primitive = view as? any Lowerable { return primitive.lower(in: self, path: path, environment) }
        return lowerComposite(view, path: path, environment)
    }

    /// A view with a body: its dynamic properties linked to its identity's boxes, then its body.
    private func lowerComposite<V: View>(_ view: V, path: String, _ environment: EnvironmentValues)
        -> [RevealRender.View]
    {
        let key = path + "/" + String(reflecting: V.self)
        if rootPaths.contains(path) { rootPaths.insert(key) }
        link(view, to: node(key, environment))
        return lower(view.body, path: key, environment)
    }

    /// Points each dynamic property of `value` at the box its position has in `node`.
    func link(_ value: Any, to node: GraphNode) {
        for (index, child) in Mirror(reflecting: value).children.enumerated() {
            (child.value as? any DynamicPropertyLink)?.link(to: node, slot: index)
        }
    }

    /// Lowers the view a `ViewModifier` or a transition stands for, where its placeholder is.
    func withContent<R>(
        _ lower: @escaping @MainActor () -> [RevealRender.View], around body: () -> R
    ) -> R {
        contentStack.append(lower)
        defer { contentStack.removeLast() }
        return body()
    }

    /// The views the innermost placeholder stands for: lowered with that entry off the stack, so a
    /// placeholder inside them finds the modifier around it.
    func lowerPlaceholder() -> [RevealRender.View] {
        guard let entry = contentStack.popLast() else { return [] }
        defer { contentStack.append(entry) }
        return entry()
    }

    func markIgnoresSafeArea(at path: String) {
        if rootPaths.contains(path) { rootIgnoresSafeArea = true }
    }

    /// Several views as one: a ZStack of them, as an overlay's or a root's content is laid out.
    func single(_ views: [RevealRender.View]) -> RevealRender.View {
        if views.count == 1 { return views[0] }
        return RevealRender.View(.stack(.depth, spacing: nil, alignment: .center, children: views))
    }
}

/// A view the runtime lowers itself.
protocol Lowerable {
    func lower(in graph: ViewGraph, path: String, _ environment: EnvironmentValues) -> [RevealRender.View]
}

/// A value moved into a `@Sendable` closure that the engine calls back on the main thread, during layout
/// or drawing of the same frame.
struct MainThreadBox<Value>: @unchecked Sendable {
    let value: Value
}
