import RevealRender
import SwiftUI

extension SceneContent {
    /// `content`, written as SwiftUI, lowered onto the engine: how a scene's content, cover, background or
    /// screen is written in Swift (`ScratchScene(…, content: SceneContent { Text("50% off") })`).
    ///
    /// The view is evaluated once, in SwiftUI's default environment (light, left to right, the accent tint),
    /// and drawn at rest: its `onAppear` actions, tasks and gestures do not run. A view that moves on its own
    /// is played by `ViewPlayer`. A view whose code runs as the scene is drawn (a `GeometryReader`, a `Canvas`,
    /// an alignment guide) runs it on the main actor, so its scene is drawn from there; elsewhere, drawing
    /// throws a `SceneError` saying so.
    @MainActor public init<Content: SwiftUI.View>(@ViewBuilder _ content: () -> Content) {
        let view = content()
        let graph = ViewGraph { view }
        graph.beginEvaluation()
        let root = graph.evaluateRoot()
        self.init(root, callsBackOnMainActor: graph.callsBack)
    }
}

/// Where the effect goes in a screen written as SwiftUI (`Screen(…, view: SceneContent { … })`): the
/// scratch card or the circle reveal, laid out as a view that takes the room it is offered. A screen holds
/// it exactly once; modifiers on it (`frame`, `clipShape`, `shadow`, `padding`) are the effect's.
nonisolated public struct SceneEffect: SwiftUI.View {
    /// The effect's place.
    public init() {}

    public var body: some SwiftUI.View { EngineView { _ in ViewNode(.effect) } }
}

/// A view that shows `then` while a scene's condition holds and `otherwise` before (the scratch card's
/// "revealed", the circle reveal's "inserted"), cross-fading as the scene's state animates: how a screen
/// written as SwiftUI follows the effect, as the seeds' demos do with their `@State`.
nonisolated public struct SceneCondition<Then: SwiftUI.View, Otherwise: SwiftUI.View>: SwiftUI.View {
    let condition: String
    let then: Then
    let otherwise: Otherwise

    /// `then` while `condition` holds, `otherwise` before.
    public init(
        _ condition: String, @ViewBuilder then: () -> Then, @ViewBuilder otherwise: () -> Otherwise
    ) {
        self.condition = condition
        self.then = then()
        self.otherwise = otherwise()
    }

    public var body: some SwiftUI.View {
        let condition = condition
        return EngineView([then, otherwise]) { parts in
            ViewNode(.when(condition: condition, then: parts[0], otherwise: parts[1]))
        }
    }
}
