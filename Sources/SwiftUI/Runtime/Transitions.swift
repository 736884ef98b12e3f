import RevealCore
import RevealLayout
import RevealRaster
import RevealText

/// What a dynamic view (an `if`'s content, one branch of an `if`/`else`) was in the last evaluation: its
/// views and the transition it is inserted and removed with.
struct SlotContent {
    var views: [ViewNode]
    var transition: AnyTransition?
    var environment: EnvironmentValues
}

/// A view removed inside an animation: shown with its last content while its transition plays toward
/// `.didDisappear`, then gone (SwiftUI's rule for removal: "the view is kept, with its last state, until
/// its transition ends"). It takes no touches and VoiceOver does not read it: its content is not evaluated
/// again.
struct Removal {
    var content: SlotContent
    var transition: AnyTransition
}

extension ViewGraph {
    /// The views of a dynamic slot at `slot`: `content` when present, else a removal still playing out.
    ///
    /// An insertion inside an animation first lowers the transition's `.willAppear` phase, which only sets
    /// the animatable values, then `.identity`, which animates them; a removal lowers `.didDisappear` with the
    /// content as it last stood. Either way the values animate additively, so a toggle mid-transition turns
    /// it around from where it is.
    func lowerDynamic(_ content: (any View)?, slot: String, _ environment: EnvironmentValues) -> [ViewNode] {
        slotSeen.insert(slot)
        guard let content else { return lowerRemoval(slot) }
        let inserted = slotContents[slot] == nil
        removals[slot] = nil
        dynamicStack.append(slot)
        foundTransitions[slot] = nil
        let views = lower(content, path: slot, environment)
        dynamicStack.removeLast()
        let transition = foundTransitions.removeValue(forKey: slot)
        slotContents[slot] = SlotContent(views: views, transition: transition, environment: environment)
        guard let transition else { return views }
        if inserted && transaction.animation != nil {
            seeding = true
            _ = applyTransition(transition, to: views, phase: .willAppear, slot: slot, environment)
            seeding = false
        }
        return applyTransition(transition, to: views, phase: .identity, slot: slot, environment)
    }

    private func lowerRemoval(_ slot: String) -> [ViewNode] {
        if removals[slot] == nil {
            // Just removed: it plays out only inside an animation, and only with a transition.
            guard let last = slotContents[slot], let transition = last.transition, transaction.animation != nil else {
                slotContents[slot] = nil
                return []
            }
            removals[slot] = Removal(content: last, transition: transition)
        }
        guard let removal = removals[slot] else { return [] }
        let views = applyTransition(
            removal.transition, to: removal.content.views, phase: .didDisappear, slot: slot,
            removal.content.environment)
        if !isAnimating(under: slot + "/transition") {
            removals[slot] = nil
            slotContents[slot] = nil
            return []
        }
        // Out of the hierarchy already: VoiceOver no longer reads it.
        return views.map { $0.modifier(.accessibilityHidden(.constant(true))) }
    }

    /// `views` inside the transition's bodies at `phase`, the first innermost. Under Reduce Motion a
    /// transition that moves is replaced by a fade, as Apple documents for `TransitionProperties.hasMotion`.
    /// An asymmetric step lowers both sides every time (its insertion at rest while removing, and the other
    /// way round), so that the views keep their identity from phase to phase and animate between them.
    private func applyTransition(
        _ transition: AnyTransition, to views: [ViewNode], phase: TransitionPhase, slot: String,
        _ environment: EnvironmentValues
    ) -> [ViewNode] {
        var views = views
        for (index, step) in transition.steps.enumerated() {
            let path = slot + "/transition/\(index)"
            switch step {
            case .one(let one):
                var chosen = one
                if environment.accessibilityReduceMotion && type(of: chosen).properties.hasMotion {
                    chosen = OpacityTransition()
                }
                let body = transitionBody(chosen, phase: phase)
                let inner = views
                views = withContent({ inner }, around: { lower(body, path: path, environment) })
            case .asymmetric(let insertion, let removal):
                views = applyTransition(
                    insertion, to: views, phase: phase == .didDisappear ? .identity : phase, slot: path + "/in",
                    environment)
                views = applyTransition(
                    removal, to: views, phase: phase == .willAppear ? .identity : phase, slot: path + "/out",
                    environment)
            }
        }
        return views
    }

    private func transitionBody<T: Transition>(_ transition: T, phase: TransitionPhase) -> any View {
        transition.body(content: PlaceholderContentView(), phase: phase)
    }

    /// Whether a value whose key starts with `prefix` is still animating.
    func isAnimating(under prefix: String) -> Bool {
        animatedValues.contains {
            $0.key.hasPrefix(prefix) && ($0.value.settles ?? -.infinity) > time + FrameClock.tolerance
        }
    }

    /// Notes `transition` on the dynamic slot being lowered, when no container lies between them.
    func noteTransition(_ transition: AnyTransition) {
        guard let slot = dynamicStack.last ?? nil, foundTransitions[slot] == nil else { return }
        foundTransitions[slot] = transition
    }
}
