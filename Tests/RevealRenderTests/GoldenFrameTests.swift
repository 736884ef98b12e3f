import XCTest
@testable import RevealRender

/// Key frames of the seed demo against `Fixtures/goldens`, exactly (recorded by Scripts/update-goldens
/// and looked at before they were checked in).
final class GoldenFrameTests: XCTestCase {
    /// The demo as `--demo scratch` draws it: the card with its corners and shadow on the page.
    func testScratchDemoKeyFrames() throws {
        var demo = try CardPresentation(ScratchSequence(scene: DemoScenes.scratch), style: DemoScenes.scratch.card)
        XCTAssertEqual(demo.frameCount, 157)
        for index in [0, 45, 120, 140, 156] {
            let path = Repository.fixture("goldens/scratch-demo/\(FrameFolder.frameName(index))")
            let expected = try PNG.decode(contentsOf: path)
            let actual = try demo.render(frame: index)
            XCTAssertEqual(actual.width, expected.width)
            XCTAssertEqual(actual.height, expected.height)
            let differing = zip(actual.bytes, expected.bytes).filter { $0 != $1 }.count
            XCTAssertEqual(differing, 0, "frame \(index): \(differing) bytes differ from \(path)")
        }
    }

    /// The circle demo at 1× (393×852; the CLI's `--scale 1`) at its key frames: the start, a sub-pixel
    /// dot just after the insertion at 0.25 s, growing, halfway, fully revealed, shrinking twice after
    /// the removal at 2 s, and the end. One renderer draws them in order, as an export would.
    func testCircleDemoKeyFrames() throws {
        var scene = DemoScenes.circle
        scene.scale = 1
        let timeline = CircleRevealTimeline(scene: scene)
        XCTAssertEqual(timeline.frameCount(), 169)
        var renderer = try CircleRevealRenderer(timeline: timeline)
        for index in [0, 16, 30, 39, 63, 130, 150, 168] {
            let path = Repository.fixture("goldens/circle-demo/\(FrameFolder.frameName(index))")
            let expected = try PNG.decode(contentsOf: path)
            let actual = renderer.render(frame: index)
            XCTAssertEqual([actual.width, actual.height], [393, 852])
            XCTAssertEqual([expected.width, expected.height], [393, 852], path)
            guard actual.width == expected.width, actual.height == expected.height else { continue }
            var differing = 0, largest = 0
            var box = (minX: Int.max, minY: Int.max, maxX: -1, maxY: -1)
            for y in 0..<actual.height {
                for x in 0..<actual.width {
                    let a = actual[x, y], e = expected[x, y]
                    let d = max(abs(Int(a.r) - Int(e.r)), abs(Int(a.g) - Int(e.g)), abs(Int(a.b) - Int(e.b)), abs(Int(a.a) - Int(e.a)))
                    guard d > 0 else { continue }
                    differing += 1
                    largest = max(largest, d)
                    box = (min(box.minX, x), min(box.minY, y), max(box.maxX, x), max(box.maxY, y))
                }
            }
            XCTAssertEqual(differing, 0, "frame \(index): \(differing) pixels differ from \(path), by up to \(largest) "
                           + "levels, within x \(box.minX)...\(box.maxX), y \(box.minY)...\(box.maxY)")
        }
    }
}
