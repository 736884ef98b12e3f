import XCTest
@testable import RevealRender

/// Key frames of the seed demo against `Fixtures/goldens`, exactly (recorded by Scripts/update-goldens
/// and looked at before they were checked in).
final class GoldenFrameTests: XCTestCase {
    /// The demo as `--demo scratch` draws it: the card with its corners and shadow on the page.
    func testScratchDemoKeyFrames() throws {
        for index in [0, 45, 120, 140, 156] {
            let path = Repository.fixture("goldens/scratch-demo/\(FrameFolder.frameName(index))")
            let expected = try PNG.decode(contentsOf: path)
            var demo = try CardPresentation(ScratchSequence(scene: DemoScenes.scratch), style: DemoScenes.scratch.card)
            XCTAssertEqual(demo.frameCount, 157)
            let actual = try demo.render(frame: index)
            XCTAssertEqual(actual.width, expected.width)
            XCTAssertEqual(actual.height, expected.height)
            let differing = zip(actual.bytes, expected.bytes).filter { $0 != $1 }.count
            XCTAssertEqual(differing, 0, "frame \(index): \(differing) bytes differ from \(path)")
        }
    }
}
