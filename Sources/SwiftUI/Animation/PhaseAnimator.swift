import RevealCore
import RevealLayout
import RevealRaster
import RevealText

/// A view that animates its content through a sequence of phases, as SwiftUI's `PhaseAnimator`: the first
/// phase is shown, then each next one is animated to with `animation(next)`, the step after it starting
/// when that animation is complete on the scene clock (as `withAnimation`'s completion counts it). Without
/// a trigger it cycles for ever from the moment it appears; with one, each change of the trigger runs the
/// phases once, back to the first ("When the trigger value changes, the animator cycles through all
/// phases"). An animation that never ends stops the cycle where it is; no phases draws nothing.
nonisolated public struct PhaseAnimator<Phase: Equatable, Content: View>: View {
    let phases: [Phase]
    let trigger: ValueWatch?
    let content: (Phase) -> Content
    let animation: (Phase) -> Animation?
    @State private var index = 0
    /// Counts the runs started: a step scheduled by an earlier run is dropped.
    @State private var run = 0

    /// Cycles through `phases` each time `trigger` changes.
    public init<Trigger: Equatable>(
        _ phases: some Sequence<Phase>, trigger: Trigger, @ViewBuilder content: @escaping (Phase) -> Content,
        animation: @escaping (Phase) -> Animation? = { _ in .default }
    ) {
        self.init(phases: Array(phases), trigger: ValueWatch(trigger), content: content, animation: animation)
    }

    /// Cycles through `phases` for as long as the view is shown.
    public init(
        _ phases: some Sequence<Phase>, @ViewBuilder content: @escaping (Phase) -> Content,
        animation: @escaping (Phase) -> Animation? = { _ in .default }
    ) {
        self.init(phases: Array(phases), trigger: nil, content: content, animation: animation)
    }

    /// Cycles once at each change of `trigger`, or for ever without one.
    init(
        phases: [Phase], trigger: ValueWatch?, content: @escaping (Phase) -> Content,
        animation: @escaping (Phase) -> Animation?
    ) {
        self.phases = phases
        self.trigger = trigger
        self.content = content
        self.animation = animation
    }

    @MainActor public var body: some View {
        if let phase = phases.indices.contains(index) ? phases[index] : phases.first {
            content(phase)
                .onAppear { if trigger == nil { start() } }
                .builtin(.onChange(trigger ?? ValueWatch(0), initial: false, { _, _ in start() }))
        }
    }

    /// Starts a run from the phase shown now.
    @MainActor private func start() {
        run += 1
        step(to: (index + 1) % phases.count, run: run)
    }

    /// Animates to phase `next`, then schedules the step after it once the animation is complete.
    @MainActor private func step(to next: Int, run current: Int) {
        guard current == run, phases.indices.contains(next), let graph = ViewGraph.current else { return }
        let animation = animation(phases[next])
        withAnimation(animation) { index = next }
        // A triggered run ends back on the first phase.
        if trigger != nil && next == 0 { return }
        let duration = animation?.curve.duration ?? 0
        guard duration.isFinite else { return }
        // At least a frame's worth at 120 Hz, so that phases without animation do not spin in one instant.
        graph.schedule(at: graph.time + max(duration, 1.0 / 120)) {
            step(to: (next + 1) % phases.count, run: current)
        }
    }
}

extension View {
    /// This view drawn by `content` for each phase in turn, cycled each time `trigger` changes (SwiftUI's
    /// `phaseAnimator(_:trigger:content:animation:)`).
    nonisolated public func phaseAnimator<Phase: Equatable, Trigger: Equatable, Modified: View>(
        _ phases: some Sequence<Phase>, trigger: Trigger,
        @ViewBuilder content: @escaping (PlaceholderContentView<Self>, Phase) -> Modified,
        animation: @escaping (Phase) -> Animation? = { _ in .default }
    ) -> some View {
        let (phases, trigger) = (Array(phases), ValueWatch(trigger))
        return around { view in
            PhaseAnimator(phases: phases, trigger: trigger, content: { content(view, $0) }, animation: animation)
        }
    }

    /// This view drawn by `content` for each phase in turn, cycled for as long as it is shown (SwiftUI's
    /// `phaseAnimator(_:content:animation:)`).
    nonisolated public func phaseAnimator<Phase: Equatable, Modified: View>(
        _ phases: some Sequence<Phase>,
        @ViewBuilder content: @escaping (PlaceholderContentView<Self>, Phase) -> Modified,
        animation: @escaping (Phase) -> Animation? = { _ in .default }
    ) -> some View {
        let phases = Array(phases)
        return around { view in
            PhaseAnimator(phases: phases, trigger: nil, content: { content(view, $0) }, animation: animation)
        }
    }

    /// The view `make` builds around this one, handed to it as a placeholder: the animators' modifier forms.
    nonisolated func around<Body: View>(_ make: @escaping (PlaceholderContentView<Self>) -> Body) -> some View {
        modifier(_PlaceholderModifier(make: make))
    }
}

/// A modifier whose body is a view built around the modified view's placeholder: the animators' modifier
/// forms, where `content` receives the view as a `PlaceholderContentView`.
nonisolated public struct _PlaceholderModifier<Modified: View, Body: View>: ViewModifier {
    let make: (PlaceholderContentView<Modified>) -> Body

    public func body(content: Content) -> Body { make(PlaceholderContentView()) }
}
