import RevealCore
import RevealLayout
import RevealRaster
import RevealText

/// What the runtime keeps for one view identity: the boxes of its dynamic properties (its `@State`), by
/// their position in the view's stored properties, and the environment it was last evaluated in.
@MainActor final class GraphNode {
    var slots: [Int: AnyObject] = [:]
    var environment = EnvironmentValues()
    weak var graph: ViewGraph?
    /// The transaction of the first animated state change since the last evaluation (else the first change).
    var pending: EvaluationTransaction?
    /// Whether the `@Observable` properties the body last read are being tracked (until one changes).
    var isObserving = false
    /// The type of the `@EnvironmentObject` the view reads and no ancestor gave, found as it was linked.
    var missingObject: String?

    init(graph: ViewGraph) { self.graph = graph }

    /// A state of this view changed: its body is evaluated again before the next event or frame, in the
    /// transaction current at the change (`withAnimation`'s).
    func invalidate() {
        guard let graph else { return }
        let change = EvaluationTransaction(
            animation: Transaction.current.disablesAnimations ? nil : Transaction.current.animation?.curve,
            start: graph.time)
        if pending == nil || (pending?.animation == nil && change.animation != nil) { pending = change }
        graph.invalidate()
    }
}

/// A target a touch can land on, found after layout by the anchor it was given.
package enum TouchTarget {
    /// A button: its action runs when a touch that went down on it lifts inside it.
    case button(@MainActor () -> Void)
    /// A gesture attached with `gesture(_:)`: it hears every finger that lands on its view.
    case gesture(GestureMachine)
    /// A tap gesture: counts touch-ups inside that did not move far.
    case tap(TapRecognizer)
    /// A long press: acts when a touch is held long enough without moving far.
    case longPress(LongPressRecognizer)
    /// A scroll view: takes a touch that moves far enough, from the buttons and taps inside it.
    case scroll(ScrollState)
}

/// The runtime: evaluates a view tree into the engine's views, keeping state per structural identity.
///
/// Identity follows SwiftUI's rules (Demystify SwiftUI, WWDC21): a view's identity is its path of
/// positions in `@ViewBuilder` blocks, the branch of each `if`/`else`, its type, and any explicit `.id`.
/// State whose identity is not met in an evaluation is dropped, so a new `.id` starts over.
@MainActor package final class ViewGraph {
    private let root: @MainActor () -> any View
    /// The root view, made once at the first evaluation: a host holds the view it was given
    /// (`UIHostingController(rootView:)`), so an object made there (`.environmentObject(Profile())`) lives on.
    private var rootView: (any View)?
    /// The environment at the root (Reduce Motion, from the script).
    package var environment: EnvironmentValues
    private var nodes: [String: GraphNode] = [:]
    private var seen: Set<String> = []
    private var rootPaths: Set<String> = [""]
    private var contentStack: [@MainActor () -> [ViewNode]] = []
    private var nextAnchor = 0
    /// The time on the scene's clock: the event being handled, or the frame being drawn.
    package var time = 0.0 {
        didSet { SceneClock.now = time }
    }
    /// The transaction the view being lowered is evaluated in.
    var transaction = EvaluationTransaction(animation: nil, start: 0)
    /// While an inserted view is lowered in its transition's `.willAppear` phase: values are set, not animated.
    var seeding = false
    var animatedValues: [String: any AnimatedSlot] = [:]
    var animatedSeen: Set<String> = []
    var contentChanges: [String: ContentChange] = [:]
    /// The dynamic views (an `if`'s content) lowered in the last evaluation, by path: their views and their
    /// transition, kept so that a removal can play out.
    var slotContents: [String: SlotContent] = [:]
    var slotSeen: Set<String> = []
    /// Views removed inside an animation, still on screen until their transition ends, by path.
    var removals: [String: Removal] = [:]
    /// The dynamic slots being lowered, innermost last; nil where a container starts (a transition belongs
    /// to the slot it is directly in).
    var dynamicStack: [String?] = []
    var foundTransitions: [String: AnyTransition] = [:]
    /// Set when a state changes; cleared by `beginEvaluation`.
    package private(set) var needsEvaluation = true
    /// Whether the root view ignores the safe area (it is laid out on the whole screen).
    package internal(set) var rootIgnoresSafeArea = false
    /// The root's background when it ignores the safe area (`.background(Color.pink.ignoresSafeArea())`): drawn
    /// on the whole screen behind the root, which stays in the safe area (the root is taken to meet every edge
    /// of the safe area, as a screen's root does).
    var rootBackdrop: ViewNode?
    /// The paths of a root background being lowered (and its views' bodies), and whether one of them asked to
    /// ignore the safe area.
    private var backdropPaths: Set<String> = []
    private var backdropIgnoresSafeArea = false
    /// The color scheme the innermost `preferredColorScheme` met asks the screen to be drawn in; nil: none.
    package internal(set) var preferredColorScheme: ColorScheme?
    /// What touches can land on, by anchor id, in the order they were met (outer before inner, back to front);
    /// a simultaneous target takes a touch along with the one that takes it first.
    package private(set) var targets: [(anchor: Int, target: TouchTarget, simultaneous: Bool, clips: [Int])] = []
    /// The anchors of the scroll views being lowered, outermost first: a touch reaches a view inside one
    /// only within its viewport.
    var scrollClips: [Int] = []
    /// VoiceOver actions, by anchor id.
    package private(set) var accessibilityActions: [Int: @MainActor () -> Void] = [:]
    /// The `onAppear`/`onDisappear` modifiers met in the last evaluation, by path, with their disappear action.
    var appeared: [String: (@MainActor () -> Void)?] = [:]
    var appearedSeen: [String: (@MainActor () -> Void)?] = [:]
    /// Matched geometry groups and the matched views' frames, from one layout to the next.
    var matched = MatchedGeometryState()
    /// The tasks `.task` started, by path, with the value they were started for (`task(id:)`).
    var tasks: [String: (id: ValueWatch?, task: Task<Void, Never>)] = [:]
    var tasksSeen: Set<String> = []
    /// Values watched by `onChange(of:)` and `animation(_:value:)`, by path.
    var watchedValues: [String: Any] = [:]
    var watchedSeen: Set<String> = []
    /// Tap recognizers by path: their count of taps lives across evaluations.
    var tapRecognizers: [String: TapRecognizer] = [:]
    var longPressRecognizers: [String: LongPressRecognizer] = [:]
    var gestureMachines: [String: GestureMachine] = [:]
    /// The `onReceive` subscribing now, for a timer to keep its ticks' times across evaluations.
    var receiving: ReceiverState?
    /// Each scroll view's offset and motion, by path.
    var scrollStates: [String: ScrollState] = [:]
    /// Each `ScrollViewReader`'s scroll views, by path; the readers being lowered, innermost last, with the
    /// scroll views met in each; the ids met in each scroll view being lowered inside one, innermost last.
    var scrollReaderStates: [String: ScrollReaderState] = [:]
    /// Each offset a finger drags (a list row's swipe, a sheet pulled down), by path.
    var dragOffsets: [String: DragOffsetState] = [:]
    /// The list row whose swipe actions are open (the key of its drag offset), if one is.
    var openSwipeRow: String?
    var scrollReaders: [(reader: ScrollReaderState, scrolls: [ScrollTargets])] = []
    var scrollIDs: [[AnyHashable: Int]] = []
    /// The scroll views with a `scrollPosition` binding met in this evaluation, with the anchor it reads at.
    var scrollPositions: [(targets: ScrollTargets, binding: any ErasedHashableBinding, anchor: UnitPoint)] = []
    /// The axes of the scroll views being lowered, innermost last (with `scrollClips`).
    var scrollAxes: [(horizontal: Bool, vertical: Bool)] = []
    /// The coordinate spaces named around the views being lowered, innermost last, with their anchors.
    var coordinateSpaces: [(name: AnyHashable, anchor: Int)] = []
    /// Where each view whose code reads its geometry was at the last layout, by path; the ones met in the
    /// evaluation under way; how many times layout sent the graph back to evaluation at one moment.
    var laidOutGeometry: [String: LaidOutGeometry] = [:]
    var geometryMarks: [GeometryMark] = []
    var geometryRounds: (time: Double, count: Int) = (0, 0)
    /// The frames of the marked views in the last layout (set by the player after each layout).
    package var laidOutAnchors: (() -> [Int: Rect])?
    /// What the screens being lowered ask of their navigation bars, innermost last; the stacks they are in.
    var navigationEntries: [NavigationEntry] = []
    var navigationStates: [NavigationState] = []
    /// Each navigation stack's pushed screens, by path.
    var navigationStateTable: [String: NavigationState] = [:]
    /// The toolbar items met in each bar being lowered, innermost last.
    var toolbarItems: [[(slot: ToolbarItemPlacement.Slot, views: [ViewNode])]] = []
    /// The sections met in each list being lowered, innermost last.
    var listSections: [[ListSectionContent]] = []
    /// What list-row modifiers asked, by the anchor they marked their row with, in this evaluation.
    var listRowSettings: [Int: ListRowSettings] = [:]
    /// The presentations requested in this evaluation, in the order met; the settings of the sheets whose
    /// content is being lowered, innermost last; each presentation's state, by path.
    var presentations: [ActivePresentation] = []
    var presentationSettings: [PresentationSettings] = []
    var presentationStates: [String: PresentationState] = [:]
    /// The text fields met in this evaluation, for a script's typing; the one typed into last (it has the caret).
    package internal(set) var textInputs: [TextInputTarget] = []
    var typedField: String?
    /// Each disclosure group's expansion, by path.
    var disclosureStates: [String: DisclosureState] = [:]
    /// Each `onReceive`'s subscription, by path.
    var receiverStates: [String: ReceiverState] = [:]
    /// What tab modifiers asked, by the anchor they marked their tab with, in this evaluation.
    var tabSettings: [Int: TabSettings] = [:]
    /// Each tab view's chosen tab and pages, by path.
    var tabStates: [String: TabState] = [:]
    /// The color the screen behind the views takes (a list's background); nil: the color scheme's.
    package internal(set) var rootBackground: RGBAColor?
    /// The screen's size in points (a list's margins follow its width).
    package var screenSize = Size(width: 393, height: 852)
    /// The screen's safe area (a tab bar's background reaches down over it).
    package var safeArea = Insets()
    /// The slots of each `ForEach`, by path, in the order last lowered (leaving elements included).
    var forEachOrders: [String: [String]] = [:]
    var forEachSeen: Set<String> = []
    /// Actions due at a time on the scene's clock (an animation's completion), in the order scheduled.
    private var timers: [(time: Double, action: @MainActor () -> Void)] = []
    /// The graph whose view's code runs now: the one a player is evaluating or handling an event for.
    package static weak var current: ViewGraph?
    /// Whether a `TimelineView(.animation)` was met in the last evaluation: the graph is evaluated again at
    /// every frame, and never settles.
    package internal(set) var hasLiveTimeline = false
    /// When each timeline met started, by path, and the time its next update is scheduled for.
    var timelineStarts: [String: Date] = [:]
    var timelineUpdates: [String: Double] = [:]
    /// The tagged options met in each picker being lowered, innermost last.
    var pickerOptions: [[(tag: AnyHashable, views: [ViewNode])]] = []
    /// For each list being lowered, innermost last: the depth of `pickerOptions` its rows' tags are met at
    /// (-1 for a list without a selection).
    var listSelectionLevels: [Int] = []
    /// The rows met directly in each container being lowered, innermost last: nil for a container that is
    /// not a `Grid` (a `GridRow` there is a group).
    var gridRows: [[GridRowContent]?] = []
    /// Actions to run once the evaluation is over (`onAppear`, `onDisappear`, `onChange`), in order.
    var pendingActions: [@MainActor () -> Void] = []
    /// The preferences views set in this evaluation, in the order they were met, and who watches them.
    var preferenceRecords: [PreferenceRecord] = []
    /// What `@AppStorage` and `@SceneStorage` hold, for the run (the player seeds it from the script).
    package var storage = StoredValues()
    var preferenceObservers: [PreferenceObserver] = []
    /// The value each watcher (by path) was last given.
    var deliveredPreferences: [String: Any] = [:]

    /// A graph for the view `root` builds, in `environment`.
    package init(environment: EnvironmentValues = EnvironmentValues(), root: @escaping @MainActor () -> any View) {
        self.environment = environment
        self.root = root
        // Combine's timers tick on the scene clock of the graph being evaluated.
        _TimerClocks.current = SceneTimerClock.shared
    }

    /// Whether any lowering in this graph made a view the engine calls back (a reader, a canvas, a guide).
    package private(set) var callsBack = false

    /// Runs `body`, a call the engine makes back into the view's code while it lays out or draws (a reader's
    /// content, a canvas, an alignment guide): on the main actor, where a player's engine runs. A scene's content
    /// (`SceneContent`) drawn elsewhere gets `fallback` rather than a trap: its scene refuses to start drawing
    /// there (`SceneContent.callsBackOnMainActor`), so this is only met by frames drawn on another thread than
    /// the one that prepared them.
    nonisolated func callBack<T: Sendable>(else fallback: T, _ body: @MainActor () -> T) -> T {
        guard MainQueue.isCurrent else { return fallback }
        return MainActor.assumeIsolated(body)
    }

    /// Notes that the view being lowered is called back while drawn.
    func noteCallBack() { callsBack = true }

    package func invalidate() {
        needsEvaluation = true
        invalidations &+= 1
    }

    /// How many times state has changed: what was worked out from the views' code before a change is stale.
    private(set) var invalidations = 0

    /// What was said, in this process: a player's dry run and its play evaluate the same code, and each
    /// warning is said once.
    private static var warned: Set<String> = []

    /// Says `message` on standard error, once: what the view asks for that is not drawn as asked.
    func warn(_ message: String) {
        guard ViewGraph.warned.insert(message).inserted else { return }
        FileHandle.standardError.write(Data(("reveal-render: warning: " + message + "\n").utf8))
    }

    // MARK: Passes

    /// Starts an evaluation: the tables of the last one are cleared.
    package func beginEvaluation() {
        seen = []
        rootPaths = [""]
        targets = []
        accessibilityActions = [:]
        listRowSettings = [:]
        tabSettings = [:]
        presentations = []
        textInputs = []
        geometryMarks = []
        preferenceRecords = []
        preferenceObservers = []
        coordinateSpaces = []
        scrollPositions = []
        rootBackground = nil
        rootIgnoresSafeArea = false
        rootBackdrop = nil
        preferredColorScheme = nil
        needsEvaluation = false
        animatedSeen = []
        slotSeen = []
        appearedSeen = [:]
        tasksSeen = []
        watchedSeen = []
        forEachSeen = []
        hasLiveTimeline = false
        transaction = EvaluationTransaction(animation: nil, start: time)
    }

    /// The root view lowered onto the engine's views. Views inside a `GeometryReader` are evaluated when the
    /// engine lays the reader out, so `endEvaluation` comes after layout.
    package func evaluateRoot() -> ViewNode {
        // The engine starts from the default environment's: light mode, the accent tint, left to right.
        let made = rootView ?? root()
        rootView = made
        var root = hosted(lower(made, path: "", environment))
        if let backdrop = rootBackdrop, rootIgnoresSafeArea || safeArea == Insets() {
            // Nothing to extend it over: a background as any other.
            root = root.modifier(.background(backdrop, alignment: .center))
        } else if let backdrop = rootBackdrop {
            // The background on the whole screen, the root in the safe area over it.
            let whole = FrameSpec(width: screenSize.width, height: screenSize.height)
            let inset = safeArea
            root = ViewNode(
                .stack(
                    .depth, spacing: nil, alignment: .center,
                    children: [
                        backdrop.modifier(.frame(whole)),
                        root.modifier(.frame(FrameSpec(maxWidth: .infinity, maxHeight: .infinity))).modifier(
                            .padding(inset)),
                    ])
            ).modifier(.frame(whole))
            rootIgnoresSafeArea = true
        }
        // Presentations are drawn over it, in the same environment.
        let screen = presentations.isEmpty ? root : composePresentations(over: root)
        return single(engineEnvironment([screen], from: EnvironmentValues(), to: environment))
    }

    /// Views a host shows as its root (the screen's, or a presentation's content) as one: several are stacked
    /// vertically, SwiftUI's implicit root for a list of views being a VStack (DanceUI's reimplementation names
    /// `_VStackLayout` the default; the content of a background or overlay gets a ZStack instead).
    func hosted(_ views: [ViewNode]) -> ViewNode {
        views.count == 1 ? views[0] : ViewNode(.stack(.vertical, spacing: nil, alignment: .center, children: views))
    }

    /// Types `text` into the field found by `name` (its label or placeholder) and gives it the caret; false when
    /// no field of this evaluation has that name.
    package func typeText(_ text: String, into name: String) -> Bool {
        guard let field = textInputs.first(where: { $0.names.contains(name) }) else { return false }
        typedField = field.path
        field.type(text)
        invalidate()
        return true
    }

    /// Keeps the targets of a presentation only: those met after `content` (the presentation's own), then
    /// those of its content over them; the screen's, met before, are dropped.
    func keepPresentationTargets(content: Range<Int>) {
        targets = Array(targets[content.upperBound...]) + Array(targets[content])
    }

    /// Puts the targets in `range` above those added after it (the views that wrap what was lowered first: a
    /// list row's swipe and selection around the row's own buttons).
    func keepTargetsOnTop(_ range: Range<Int>) {
        targets = Array(targets[..<range.lowerBound]) + Array(targets[range.upperBound...]) + Array(targets[range])
    }

    /// `views` where the environment changes from `outside` to `inside`, with the engine's own copies of it
    /// set where they differ: the label color text, symbols and shapes take when no foreground style is set
    /// (it follows the color scheme), the tint as drawn in the scheme, and the layout direction (the engine
    /// lays the views inside out mirrored, or back).
    func engineEnvironment(
        _ views: [ViewNode], from outside: EnvironmentValues, to inside: EnvironmentValues
    ) -> [ViewNode] {
        var modifiers: [NodeModifier] = []
        if inside.colorScheme != outside.colorScheme, inside.foregroundStyle == nil {
            modifiers.append(
                .foreground(.color(HierarchicalShapeStyle.labelColors[0].resolved(inside.colorScheme).value)))
        }
        func tint(_ environment: EnvironmentValues) -> RGBAColor {
            (environment.tint ?? .accentColor).resolved(environment.colorScheme).value
        }
        if tint(inside) != tint(outside) { modifiers.append(.tint(tint(inside))) }
        if inside.layoutDirection != outside.layoutDirection {
            modifiers.append(.layoutDirection(rightToLeft: inside.layoutDirection == .rightToLeft))
        }
        return modifiers.isEmpty ? views : views.map { view in modifiers.reduce(view) { $0.modifier($1) } }
    }

    /// Ends an evaluation: the state of identities not met is dropped.
    package func endEvaluation() {
        nodes = nodes.filter { seen.contains($0.key) }
        animatedValues = animatedValues.filter { animatedSeen.contains($0.key) }
        contentChanges = contentChanges.filter { animatedSeen.contains($0.key + "#changes") }
        slotContents = slotContents.filter { slotSeen.contains($0.key) || removals[$0.key] != nil }
        watchedValues = watchedValues.filter { watchedSeen.contains($0.key) }
        forEachOrders = forEachOrders.filter { forEachSeen.contains($0.key) }
        timelineStarts = timelineStarts.filter { watchedSeen.contains($0.key) }
        timelineUpdates = timelineUpdates.filter { watchedSeen.contains($0.key) }
        tapRecognizers = tapRecognizers.filter { watchedSeen.contains($0.key) }
        longPressRecognizers = longPressRecognizers.filter { watchedSeen.contains($0.key) }
        gestureMachines = gestureMachines.filter { watchedSeen.contains($0.key) }
        scrollStates = scrollStates.filter { watchedSeen.contains($0.key) }
        scrollReaderStates = scrollReaderStates.filter { watchedSeen.contains($0.key) }
        laidOutGeometry = laidOutGeometry.filter { watchedSeen.contains($0.key) }
        dragOffsets = dragOffsets.filter { watchedSeen.contains($0.key) }
        navigationStateTable = navigationStateTable.filter { watchedSeen.contains($0.key) }
        tabStates = tabStates.filter { watchedSeen.contains($0.key) }
        presentationStates = presentationStates.filter { watchedSeen.contains($0.key) }
        receiverStates = receiverStates.filter { watchedSeen.contains($0.key) }
        disclosureStates = disclosureStates.filter { watchedSeen.contains($0.key) }
        // Views inside readers set theirs while laid out, which is over now.
        deliverPreferences()
        // SwiftUI's onDisappear: "the action to perform after this view disappears".
        for (path, disappear) in appeared.sorted(by: { $0.key < $1.key }) where appearedSeen[path] == nil {
            if let disappear { pendingActions.append(disappear) }
        }
        appeared = appearedSeen
        // SwiftUI cancels a view's task "at some point after the view disappears".
        for (path, entry) in tasks.sorted(by: { $0.key < $1.key }) where !tasksSeen.contains(path) {
            entry.task.cancel()
            tasks[path] = nil
        }
    }

    /// Runs `action` at `time` on the scene's clock (at once if that has passed, at the next event or frame).
    package func schedule(at time: Double, _ action: @escaping @MainActor () -> Void) {
        let index = timers.firstIndex { $0.time > time } ?? timers.count
        timers.insert((time, action), at: index)
    }

    /// When the timeline at `key` started: `now` when it is first met.
    func timelineStart(key: String, now: Date) -> Date {
        watchedSeen.insert(key)
        if let start = timelineStarts[key] { return start }
        timelineStarts[key] = now
        return now
    }

    /// Evaluates the graph again at `time`, once however often the timeline at `key` asks for it.
    func scheduleTimelineUpdate(key: String, at time: Double) {
        watchedSeen.insert(key)
        guard timelineUpdates[key] != time else { return }
        timelineUpdates[key] = time
        schedule(at: time) { [weak self] in self?.invalidate() }
    }

    /// When the next scheduled action is due.
    package var nextTimer: Double? { timers.first?.time }

    /// Runs the first scheduled action, at its time.
    package func runNextTimer() {
        guard !timers.isEmpty else { return }
        let timer = timers.removeFirst()
        time = max(time, timer.time)
        timer.action()
    }

    /// Runs the actions the last evaluation queued (their state changes evaluate the view again); whether
    /// there were any.
    package func runPendingActions() -> Bool {
        guard !pendingActions.isEmpty else { return false }
        let actions = pendingActions
        pendingActions = []
        for action in actions { action() }
        return true
    }

    func node(_ key: String, _ environment: EnvironmentValues) -> GraphNode {
        seen.insert(key)
        let node = nodes[key] ?? GraphNode(graph: self)
        nodes[key] = node
        node.environment = environment
        return node
    }

    /// The object `table` keeps at `key` (made by `make` the first time), kept while `key` is met in each
    /// evaluation (`endEvaluation` drops the rest).
    func kept<T: AnyObject>(_ table: ReferenceWritableKeyPath<ViewGraph, [String: T]>, at key: String, make: () -> T)
        -> T
    {
        watchedSeen.insert(key)
        if let object = self[keyPath: table][key] { return object }
        let object = make()
        self[keyPath: table][key] = object
        return object
    }

    func anchor() -> Int {
        nextAnchor += 1
        return nextAnchor
    }

    /// Adds what a touch on the view marked `anchor` does, unless touches do not reach it there (a disabled
    /// view, or one that does not allow hit testing).
    func addTarget(
        _ target: TouchTarget, anchor: Int, _ environment: EnvironmentValues, simultaneous: Bool = false
    ) {
        guard environment.isEnabled, environment.allowsHitTesting else { return }
        targets.append((anchor, target, simultaneous, scrollClips))
    }

    /// Adds a VoiceOver action to the view marked `anchor`, unless it is disabled.
    func addAccessibilityAction(
        _ action: @escaping @MainActor () -> Void, anchor: Int, _ environment: EnvironmentValues
    ) {
        guard environment.isEnabled else { return }
        accessibilityActions[anchor] = action
    }

    // MARK: Lowering

    /// `view` as engine views: none, one, or several (the views of a block).
    func lower(_ view: any View, path: String, _ environment: EnvironmentValues) -> [ViewNode] {
        if let primitive = view as? any Lowerable { return primitive.lower(in: self, path: path, environment) }
        return lowerComposite(view, path: path, environment)
    }

    /// A view with a body: its dynamic properties linked to its identity's boxes, then its body.
    private func lowerComposite<V: View>(_ view: V, path: String, _ environment: EnvironmentValues)
        -> [ViewNode]
    {
        let key = path + "/" + ViewGraph.typeName(V.self)
        if rootPaths.contains(path) { rootPaths.insert(key) }
        if backdropPaths.contains(path) { backdropPaths.insert(key) }
        let node = node(key, environment)
        node.missingObject = nil
        link(view, to: node)
        if let missing = node.missingObject {
            // SwiftUI stops the app here; the view draws nothing instead, and says why.
            warn(
                "no \(missing) in the environment for \(ViewGraph.typeName(V.self)): environmentObject(_:) is "
                    + "missing above it; it draws nothing")
            return []
        }
        // The view's own state change brings its transaction; else it inherits its parent's.
        let outer = transaction
        if let pending = node.pending {
            transaction = pending
            node.pending = nil
        }
        defer { transaction = outer }
        // A shape animates where it is drawn (`_ShapeView`), not twice.
        let shown = view is any Shape ? view : animatedIfAnimatable(view, key: key + "/animatableData")
        return lower(trackedBody(of: shown, node: node), path: key, environment)
    }

    /// The children of a container: a transition inside belongs to their own slots, not to one outside.
    func lowerContainer(_ view: any View, path: String, _ environment: EnvironmentValues) -> [ViewNode] {
        lowerContainer(view, path: path, environment, collectingGridRows: false).views
    }

    /// A container's children and, for a `Grid`, the `GridRow`s met directly in it, in order.
    func lowerContainer(_ view: any View, path: String, _ environment: EnvironmentValues, collectingGridRows: Bool)
        -> (views: [ViewNode], rows: [GridRowContent])
    {
        dynamicStack.append(nil)
        gridRows.append(collectingGridRows ? [] : nil)
        defer { dynamicStack.removeLast() }
        let views = lower(view, path: path, environment)
        return (views, gridRows.removeLast() ?? [])
    }

    /// Runs `body` in `outer`: views evaluated later than their parent (a reader's content, during layout) in
    /// the transaction their parent was evaluated in, or a subtree in the transaction a modifier makes.
    func evaluating<R>(in outer: EvaluationTransaction, _ body: () -> R) -> R {
        let saved = transaction
        transaction = outer
        defer { transaction = saved }
        return body()
    }

    /// Points each dynamic property of `value` at the box its position has in `node`.
    func link(_ value: Any, to node: GraphNode) {
        // A type found to hold no dynamic property is not reflected again: a body evaluated every frame would
        // walk its stored properties every frame.
        let type = ObjectIdentifier(Swift.type(of: value))
        guard ViewGraph.holdsDynamicProperties[type] != false else { return }
        var found = false
        for (index, child) in Mirror(reflecting: value).children.enumerated() {
            guard let property = child.value as? any DynamicPropertyLink else { continue }
            property.link(to: node, slot: index)
            found = true
        }
        ViewGraph.holdsDynamicProperties[type] = found
    }

    /// Whether each type of view or modifier met holds a dynamic property (`@State`, `@Binding`, …).
    private static var holdsDynamicProperties: [ObjectIdentifier: Bool] = [:]

    /// `String(reflecting: type)`, worked out once per type: a view's identity path names its type, and the
    /// runtime spells a generic type's name afresh each time.
    static func typeName(_ type: Any.Type) -> String {
        let key = ObjectIdentifier(type)
        if let name = typeNames[key] { return name }
        let name = String(reflecting: type)
        typeNames[key] = name
        return name
    }

    private static var typeNames: [ObjectIdentifier: String] = [:]

    /// Lowers the view a `ViewModifier` or a transition stands for, where its placeholder is.
    func withContent<R>(
        _ lower: @escaping @MainActor () -> [ViewNode], around body: () -> R
    ) -> R {
        contentStack.append(lower)
        defer { contentStack.removeLast() }
        return body()
    }

    /// The placeholders in scope now, for content lowered later (a reader's, when it is laid out).
    var placeholders: [@MainActor () -> [ViewNode]] { contentStack }

    /// Runs `body` with `placeholders` in scope, as they were where a later content was written.
    func withPlaceholders<R>(_ placeholders: [@MainActor () -> [ViewNode]], _ body: () -> R) -> R {
        let saved = contentStack
        contentStack = placeholders
        defer { contentStack = saved }
        return body()
    }

    /// The views the innermost placeholder stands for: lowered with that entry off the stack, so a
    /// placeholder inside them finds the modifier around it.
    func lowerPlaceholder() -> [ViewNode] {
        guard let entry = contentStack.popLast() else { return [] }
        defer { contentStack.append(entry) }
        return entry()
    }

    func markIgnoresSafeArea(at path: String) {
        if rootPaths.contains(path) { rootIgnoresSafeArea = true }
        if backdropPaths.contains(path) { backdropIgnoresSafeArea = true }
    }

    /// Whether the view at `path` is the root (or a body of it).
    func isRoot(_ path: String) -> Bool { rootPaths.contains(path) }

    /// `lower()`, lowering a background at `path`, and whether it asked to ignore the safe area.
    func lowerBackground(at path: String, _ lower: () -> ViewNode?) -> (ViewNode?, ignoresSafeArea: Bool) {
        backdropPaths = [path]
        backdropIgnoresSafeArea = false
        defer { backdropPaths = [] }
        let node = lower()
        return (node, backdropIgnoresSafeArea)
    }

    /// Several views as one: a ZStack of them, as an overlay's or a root's content is laid out.
    func single(_ views: [ViewNode]) -> ViewNode {
        if views.count == 1 { return views[0] }
        return ViewNode(.stack(.depth, spacing: nil, alignment: .center, children: views))
    }
}

/// A view the runtime lowers itself.
protocol Lowerable {
    func lower(in graph: ViewGraph, path: String, _ environment: EnvironmentValues) -> [ViewNode]
}

/// A view of the user's handed over type-erased (a style configuration's label): lowered as that view.
protocol ErasedContent {
    var content: AnyView { get }
}

extension Lowerable where Self: ErasedContent {
    @MainActor func lower(in graph: ViewGraph, path: String, _ environment: EnvironmentValues) -> [ViewNode] {
        graph.lower(content, path: path, environment)
    }
}

/// A value moved into a `@Sendable` closure that the engine calls back on the main thread, during layout
/// or drawing of the same frame.
struct MainThreadBox<Value>: @unchecked Sendable {
    let value: Value
}
