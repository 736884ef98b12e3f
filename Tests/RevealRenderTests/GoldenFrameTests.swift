import XCTest
@testable import RevealRender

/// Key frames of the seed demo against `Fixtures/goldens`, exactly (recorded by Scripts/update-goldens
/// and looked at before they were checked in).
final class GoldenFrameTests: XCTestCase {
    func testScratchDemoKeyFrames() throws {
        let timeline = ScratchTimeline(scene: DemoScenes.scratch)
        XCTAssertEqual(timeline.frameCount(), 157)
        for index in [0, 45, 120, 140, 156] {
            let path = Repository.fixture("goldens/scratch-demo/\(FrameFolder.frameName(index))")
            let expected = try PNG.decode(contentsOf: path)
            var renderer = try ScratchCardRenderer(timeline: timeline)
            let actual = renderer.render(frame: index)
            XCTAssertEqual(actual.width, expected.width)
            XCTAssertEqual(actual.height, expected.height)
            let differing = zip(actual.bytes, expected.bytes).filter { $0 != $1 }.count
            XCTAssertEqual(differing, 0, "frame \(index): \(differing) bytes differ from \(path)")
        }
    }
}
