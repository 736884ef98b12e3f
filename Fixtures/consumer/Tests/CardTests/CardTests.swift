import Foundation
import RevealRender
import RevealRenderTesting
import XCTest

/// A user's snapshot test under XCTest: a scratch card built in code, half scratched.
/// `CONSUMER_CHANGE` widens the brush, so that Scripts/test can check how a mismatch is reported;
/// `CONSUMER_MISSING` asks for a golden that was never recorded.
final class CardTests: XCTestCase {
    func testTheCardHalfScratched() throws {
        var scene = ScratchScene(
            width: 120, height: 80, scale: 1, brushWidth: 24,
            strokes: [Stroke(points: [TouchSample(x: 10, y: 40, t: 0), TouchSample(x: 70, y: 30, t: 0.2)])],
            cornerRadius: 12)
        if ProcessInfo.processInfo.environment["CONSUMER_CHANGE"] != nil { scene.brushWidth = 30 }
        assertGolden(try scene.renderFrame(at: 0.2), named: "half-scratched")
    }

    func testAGoldenThatWasNeverRecorded() throws {
        guard ProcessInfo.processInfo.environment["CONSUMER_MISSING"] != nil else { return }
        assertGolden(try ScratchScene(width: 20, height: 20, scale: 1).renderFrame(0), named: "never-recorded")
    }
}
