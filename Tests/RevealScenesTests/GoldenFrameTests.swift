import RevealTestSupport
import XCTest

@testable import RevealRender

/// Key frames of the seed demos against `Tests/__Goldens__/RevealScenesTests/GoldenFrameTests`, exactly (recorded by Scripts/update-goldens
/// and looked at before they were checked in), through our own image comparison.
final class GoldenFrameTests: XCTestCase {
    private func assertMatchesGolden(
        _ actual: Pixmap, _ name: String, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let path = Repository.goldens("RevealScenesTests/GoldenFrameTests/\(name)")
        let comparison = compare(expected: try PNG.decode(contentsOf: path), actual: actual)
        XCTAssertTrue(comparison.passed, "\(path):\n\(comparison.report)", file: file, line: line)
    }

    /// The demo as `--demo scratch --scale 1` draws it: the seed's whole screen, title, card and button;
    /// two rounds ("Try again" at 3 s gives a new card at frame 180).
    func testScratchDemoKeyFrames() throws {
        var scene = ScratchScene.demo
        scene.scale = 1
        var demo = try scene.frameSequence()
        XCTAssertEqual(demo.frameCount, 361)
        for index in [0, 45, 120, 140, 156, 180, 300, 360] {
            try assertMatchesGolden(try demo.render(frame: index), "scratch-demo/\(FrameFolder.frameName(index))")
        }
    }

    /// The circle demo at 1× (393×852; the CLI's `--scale 1`) at its key frames: the start, a sub-pixel
    /// dot just after the insertion at 0.25 s, growing (the button's title cross-fading), halfway,
    /// fully revealed, shrinking twice after the removal at 2 s, and the end. One sequence draws them in
    /// order, as an export would.
    func testCircleDemoKeyFrames() throws {
        var scene = CircleRevealScene.demo
        scene.scale = 1
        var demo = try scene.frameSequence()
        XCTAssertEqual(demo.frameCount, 169)
        for index in [0, 16, 30, 39, 63, 130, 150, 168] {
            try assertMatchesGolden(try demo.render(frame: index), "circle-demo/\(FrameFolder.frameName(index))")
        }
    }
}
