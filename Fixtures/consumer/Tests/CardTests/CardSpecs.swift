import RevealRender
import RevealRenderTesting
import Testing

/// A user's snapshot test under Swift Testing: the circle reveal halfway in, from the bottom.
@Test func nightHalfwayIn() throws {
    let scene = CircleRevealScene(width: 60, height: 100, scale: 1, origin: .bottom, toggles: [0])
    expectGolden(try scene.renderFrame(at: 0.4), named: "night-halfway")
}
