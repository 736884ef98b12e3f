import Foundation
import RevealTestSupport
import XCTest

@testable import RevealRender

/// Documentation outputs made during an export: the animated PNG and the filmstrip.
final class DocsOutputTests: XCTestCase {
    private func temporaryPath(_ name: String) -> String {
        let folder = NSTemporaryDirectory() + "docs-tests-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
        return folder + "/" + name
    }

    private func smallScene() throws -> ScratchScene {
        var scene = try Bench.scratchScene()
        scene.scale = 0.25
        return scene
    }

    func testFilmstripIndicesIncludeFirstAndLast() {
        XCTAssertEqual(Filmstrip.indices(0..<129, count: 6), [0, 26, 51, 77, 102, 128])
        XCTAssertEqual(Filmstrip.indices(10..<13, count: 6), [10, 11, 12])
        XCTAssertEqual(Filmstrip.indices(0..<5, count: 1), [0])
    }

    func testFilmstripLayoutIsExact() throws {
        let scene = try smallScene()
        var sequence = try ScratchSequence(scene: scene)
        let strip = Filmstrip(path: temporaryPath("strip.png"), frames: 0..<sequence.frameCount, count: 4, gap: 3)
        try SequenceExport.run(
            &sequence, frames: 0..<sequence.frameCount, folder: nil, wholeSequence: true, observers: [strip])
        let image = try PNG.decode(contentsOf: strip.path)
        let w = scene.pixelSize.width
        let h = scene.pixelSize.height
        XCTAssertEqual(image.width, 4 * w + 5 * 3)
        XCTAssertEqual(image.height, h + 6)
        let white = PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255)
        for (k, index) in strip.indices.enumerated() {
            var fresh = try ScratchCardRenderer(timeline: ScratchTimeline(scene: scene))
            let frame = fresh.render(frame: index)
            let x0 = 3 + k * (w + 3)
            for y in 0..<h {
                for x in 0..<w where frame[x, y] != image[x0 + x, y + 3] {
                    return XCTFail("frame \(index) differs at \(x),\(y) in the strip")
                }
            }
            XCTAssertEqual(image[x0 - 1, 10], white, "gap before frame \(index)")
        }
        XCTAssertEqual(image[10, 1], white)
    }

    func testAnimatedPNGHoldsExactlyTheExportedFrames() throws {
        let scene = try smallScene()
        var sequence = try ScratchSequence(scene: scene, hold: 0.1)
        let folder = try FrameFolder(path: temporaryPath("frames"))
        let path = temporaryPath("anim.png")
        let apng = try APNGWriter(
            path: path, width: sequence.pixelWidth, height: sequence.pixelHeight, fps: 60,
            frameCount: sequence.frameCount)
        try SequenceExport.run(
            &sequence, frames: 0..<sequence.frameCount, folder: folder, wholeSequence: true, observers: [apng])
        let frames = try APNGReader.decodeFrames([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
        XCTAssertEqual(frames.count, sequence.frameCount)
        for (index, frame) in frames.enumerated() {
            XCTAssertEqual(
                frame, try PNG.decode(contentsOf: folder.path + "/" + FrameFolder.frameName(index)), "frame \(index)")
        }
        let total = try (0..<sequence.frameCount).reduce(0) { sum, index in
            sum
                + (try FileManager.default.attributesOfItem(atPath: folder.path + "/" + FrameFolder.frameName(index))[
                    .size] as! Int)
        }
        let animated = try FileManager.default.attributesOfItem(atPath: path)[.size] as! Int
        XCTAssertLessThan(animated * 3, total, "changed rectangles make the animation a fraction of its frames")
    }
}

/// The debug overlay draws the grid, the path, the samples and the threshold bar, and only those.
final class DebugOverlayTests: XCTestCase {
    func testOverlayShowsCellsSamplesAndProgress() throws {
        var scene = ScratchScene(width: 240, height: 240)
        scene.scale = 1
        scene.cover = .color(RGBAColor(white: 0.5))
        scene.brushWidth = 20
        scene.revealThreshold = 0.5
        scene.strokes = [Stroke(points: [TouchSample(x: 55, y: 55, t: 0), TouchSample(x: 95, y: 55, t: 0)])]
        var plain = try ScratchSequence(scene: scene)
        var debug = try ScratchSequence(scene: scene, debugOverlay: true)
        let a = try plain.render(frame: 0)
        let b = try debug.render(frame: 0)
        // A sample is a (95 % opaque) white dot over the content.
        XCTAssertGreaterThan(min(b[55, 55].r, b[55, 55].g, b[55, 55].b), 240)
        XCTAssertLessThan(a[55, 55].g, 200)
        // The cell [50, 60)×[60, 70) is cleared (its centre is exactly the brush radius, 10, from the
        // first sample), but pixel (52, 68) is 13 from the line, so the cover shows there: tinted.
        let gray = PremultipliedRGBA8(r: 128, g: 128, b: 128, a: 255)
        XCTAssertEqual(a[52, 68], gray)
        XCTAssertNotEqual(b[52, 68], gray)
        XCTAssertEqual(b[75, 90], a[75, 90], "uncleared, untouched pixels stay as they were")
        // ...and the bar fills coverage / threshold of its width, from the left.
        let state = ScratchTimeline(scene: scene).frame(0)
        let progress = state.coverage / 0.5
        XCTAssertGreaterThan(progress, 0)
        let barY = 240 - 8 - 2
        let left = 16
        let width = 240 - 32
        XCTAssertEqual(b[left + 1, barY], PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255))
        XCTAssertNotEqual(b[left + width - 2, barY], PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255))
        XCTAssertNotEqual(b[left + width - 2, barY], a[left + width - 2, barY], "the bar's background darkens")
    }
}
