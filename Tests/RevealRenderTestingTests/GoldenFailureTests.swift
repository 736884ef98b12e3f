import Foundation
import RevealRenderTesting
import RevealTestSupport
import XCTest

@testable import RevealRender

/// Proof that the fixture goldens can fail: the smallest change to a pixel, and an edge a quarter of a
/// pixel off, are both reported by the exact comparison; the antialiasing-aware mode accepts the second
/// only.
final class GoldenFailureTests: XCTestCase {
    private func fixture(_ name: String) throws -> FixtureScene {
        try XCTUnwrap(try FixtureScene.all().first { $0.name == name }, name)
    }

    private func golden(_ name: String, frame: Int) throws -> Pixmap {
        try PNG.decode(
            contentsOf: Repository.goldens(
                "RevealScenesTests/FixtureGoldenTests/\(name)/\(FrameFolder.frameName(frame))"))
    }

    /// The first pixel whose eight neighbours are all identical to it.
    private func flatPixel(in image: Pixmap) throws -> (x: Int, y: Int) {
        for y in 1..<image.height - 1 {
            for x in 1..<image.width - 1 {
                let around = [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)]
                if around.allSatisfy({ image[x + $0.0, y + $0.1] == image[x, y] }) { return (x, y) }
            }
        }
        throw XCTSkip("no flat pixel")
    }

    func testOneLevelInOnePixelFailsTheGolden() throws {
        let loop = try fixture("scratch-loop")
        guard let scene = try loop.load() as? ScratchScene else { return XCTFail("scratch-loop is a scratch scene") }
        let rendered = try scene.renderFrame(21)
        let expected = try golden("scratch-loop", frame: 21)
        XCTAssertEqual(compare(expected: expected, actual: rendered).verdict, .identical)

        let (x, y) = try flatPixel(in: rendered)
        let changed = rendered.nudged(x: x, y: y, channel: 2, by: rendered[x, y].b == 255 ? -1 : 1)
        let exact = compare(expected: expected, actual: changed)
        XCTAssertEqual(exact.verdict, .different)
        XCTAssertEqual(exact.differingPixels, 1)
        XCTAssertEqual(exact.largestChannelDifference, 1)
        XCTAssertEqual(exact.boundingBox, PixelRect(x: x, y: y, width: 1, height: 1))
        // Not antialiasing either: nothing moved.
        XCTAssertEqual(
            compare(expected: expected, actual: changed, options: .init(antialiasing: true)).differingPixels, 1)

        // And through the golden harness, against the checked-in golden (never recording).
        let artifacts = try TestImages.temporaryFolder(self, "artifacts")
        let result = Golden.verify(
            changed, named: FrameFolder.frameName(21), in: loop.goldenFolder,
            settings: GoldenSettings(recordMode: .never, artifactsDirectory: artifacts))
        XCTAssertEqual(result.outcome, .failed)
        XCTAssertTrue(
            result.message.contains("1 pixel differs (allowed 0 of 14400), largest difference 1 level"), result.message)
        XCTAssertTrue(result.message.contains("bounding box x \(x)…\(x), y \(y)…\(y) (1×1)"), result.message)
        XCTAssertEqual(try golden("scratch-loop", frame: 21), expected, "the golden must be left alone")
    }

    func testAQuarterPixelShiftedCircleIsADifferenceButOnlyAntialiasing() throws {
        let spring = try fixture("circle-spring")
        guard var scene = try spring.load() as? CircleRevealScene else {
            return XCTFail("circle-spring is a circle scene")
        }
        scene.origin.x += 0.25 / scene.width / scene.scale
        let shifted = try scene.renderFrame(5)
        let expected = try golden("circle-spring", frame: 5)
        let exact = compare(expected: expected, actual: shifted)
        XCTAssertEqual(exact.verdict, .different)
        XCTAssertGreaterThan(exact.differingPixels, 20, exact.report)
        let lenient = compare(expected: expected, actual: shifted, options: .init(antialiasing: true))
        XCTAssertEqual(lenient.verdict, .withinTolerance, lenient.report)
        XCTAssertEqual(lenient.differingPixels, 0)
        XCTAssertEqual(lenient.antialiasedPixels, exact.differingPixels)
    }

    /// Frame 8 of the loop, before it crosses itself, shifted a quarter pixel each way. (Where it crosses,
    /// a sliver of cover thinner than a pixel vanishes when shifted: that is a change of shape, and the
    /// antialiasing-aware mode rightly reports it.)
    func testAQuarterPixelShiftedStrokeIsADifferenceButOnlyAntialiasing() throws {
        let loop = try fixture("scratch-loop")
        guard let scene = try loop.load() as? ScratchScene else { return XCTFail("scratch-loop is a scratch scene") }
        let expected = try golden("scratch-loop", frame: 8)
        for (dx, dy) in [(0.25, 0.0), (0.0, 0.25), (-0.25, 0.0), (0.0, -0.25)] {
            var shifted = scene
            shifted.strokes = scene.strokes.map {
                Stroke(
                    points: $0.points.map {
                        TouchSample(x: $0.x + dx / scene.scale, y: $0.y + dy / scene.scale, t: $0.t)
                    })
            }
            let actual = try shifted.renderFrame(8)
            let exact = compare(expected: expected, actual: actual)
            XCTAssertGreaterThan(exact.differingPixels, 100, "(\(dx), \(dy)): \(exact.report)")
            let lenient = compare(expected: expected, actual: actual, options: .init(antialiasing: true))
            XCTAssertEqual(lenient.differingPixels, 0, "(\(dx), \(dy)): \(lenient.report)")
            XCTAssertEqual(lenient.antialiasedPixels, exact.differingPixels, "(\(dx), \(dy))")
        }
    }
}
