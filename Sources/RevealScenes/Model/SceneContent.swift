import RevealCore
import RevealLayout
import RevealOutput
import RevealRaster
import RevealText

/// A view in one of a scene's places (its content, cover, background, or the screen around the effect),
/// in the engine's form. In Swift it is written as SwiftUI (`SceneContent { … }`, from `RevealPlayer`) and
/// lowered once, at rest; a scene file's views are read into the same form. One layout and one renderer draw
/// both.
public struct SceneContent: Equatable, Sendable {
    /// The view tree both front ends lower to.
    package var view: ViewNode
    /// Whether drawing calls back into view code that runs on the main actor (a SwiftUI reader, canvas or
    /// alignment guide): such a scene is drawn from the main actor.
    package var callsBackOnMainActor: Bool

    package init(_ view: ViewNode, callsBackOnMainActor: Bool = false) {
        self.view = view
        self.callsBackOnMainActor = callsBackOnMainActor
    }

    /// Throws, at `path`, for content that calls back into main-actor code while the caller is elsewhere.
    package func checkDrawable(at path: ScenePath) throws(SceneError) {
        guard callsBackOnMainActor, !MainQueue.isCurrent else { return }
        throw SceneError(
            path,
            "holds a GeometryReader, Canvas or alignment guide, whose code runs on the main actor: draw this scene from the main actor (@MainActor, or an XCTest test's main thread)"
        )
    }

    /// A paint over the whole place: a color, gradient or image.
    public static func paint(_ paint: Paint) -> SceneContent { SceneContent(ViewNode.paint(paint)) }

    /// A plain color over the whole place.
    public static func color(_ color: RGBAColor) -> SceneContent { SceneContent(ViewNode.color(color)) }
}
