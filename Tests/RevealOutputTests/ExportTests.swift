import Foundation
import RevealTestSupport
import XCTest

@testable import RevealRender

/// The exporter's shortcuts (strips kept from frame to frame, parallel encoding, reused PNGs for
/// repeated frames, incremental rendering) against the plainest path: a fresh renderer drawing each
/// frame from nothing, encoded on its own.
final class ExportTests: XCTestCase {
    private func temporaryFolder() throws -> FrameFolder {
        let path = NSTemporaryDirectory() + "export-tests-" + UUID().uuidString
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return try FrameFolder(path: path)
    }

    func testExportedScratchFramesEqualFreshRenders() throws {
        var scene = try Bench.scratchScene()
        scene.scale = 1  // 337 × 240: two strips of rows
        var sequence = try ScratchSequence(scene: scene, hold: 0.2)
        let folder = try temporaryFolder()
        try SequenceExport.run(&sequence, frames: 0..<sequence.frameCount, folder: folder, wholeSequence: true)
        let timeline = ScratchTimeline(scene: scene)
        XCTAssertEqual(sequence.frameCount, 141)
        try checkFrames(in: folder, count: sequence.frameCount, options: sequence.pngOptions(.fast)) { index in
            var fresh = try ScratchCardRenderer(timeline: timeline)
            return fresh.render(frame: index)
        }
    }

    func testExportedCircleFramesEqualFreshRenders() throws {
        var scene = CircleRevealScene(width: 150, height: 250)
        scene.scale = 2  // 300 × 500: three strips of rows
        scene.origin = RelativePoint(x: 0.3, y: 0.8)
        scene.toggles = [0, 0.4]
        scene.animation = .spring(.snappy)
        var sequence = try CircleRevealSequence(scene: scene, hold: 0.1)
        let folder = try temporaryFolder()
        try SequenceExport.run(&sequence, frames: 0..<sequence.frameCount, folder: folder, wholeSequence: true)
        let timeline = CircleRevealTimeline(scene: scene)
        try checkFrames(in: folder, count: sequence.frameCount, options: sequence.pngOptions(.fast)) { index in
            var fresh = try CircleRevealRenderer(timeline: timeline)
            return fresh.render(frame: index)
        }
    }

    func testExportedCardFramesEqualFreshRenders() throws {
        // The card look redraws only the view's changed rows; a fresh presentation draws them all.
        var scene = try Bench.scratchScene()
        scene.scale = 0.5
        let demo = ScratchScene.demo
        (scene.cornerRadius, scene.cornerStyle, scene.shadow, scene.padding, scene.canvas) =
            (demo.cornerRadius, demo.cornerStyle, demo.shadow, demo.padding, demo.canvas)
        var sequence = try scene.frameSequence(hold: 0.1)
        let folder = try temporaryFolder()
        try SequenceExport.run(&sequence, frames: 0..<sequence.frameCount, folder: folder, wholeSequence: true)
        try checkFrames(in: folder, count: sequence.frameCount, options: sequence.pngOptions(.fast)) { index in
            var fresh = try scene.frameSequence()
            return try fresh.render(frame: min(index, fresh.frameCount - 1))
        }
    }

    /// Every frame file holds the pixels of `render(index)`, in exactly the bytes `PNG.encode` gives them.
    private func checkFrames(
        in folder: FrameFolder, count: Int, options: PNGEncodingOptions,
        render: (Int) throws -> Pixmap, line: UInt = #line
    ) throws {
        for index in 0..<count {
            let expected = try render(index)
            let file = try XCTUnwrap(
                FileManager.default.contents(atPath: folder.path + "/" + FrameFolder.frameName(index)))
            XCTAssertEqual(try PNG.decode(Array(file)), expected, "frame \(index)", line: line)
            XCTAssertEqual(Array(file), try PNG.encode(expected, options: options), "frame \(index)", line: line)
        }
    }

    func testCompactLayersHaveThePixelsOfFullOnes() throws {
        for paint in [
            try XCTUnwrap(CircleRevealScene.day.view.plainPaint), .color(SystemColor.pink.opacity(0.5)),
            Paint.linearGradient([.clear, .white], from: RelativePoint(x: 0.2, y: 1), to: RelativePoint(x: 0.2, y: 0)),
        ] {
            let layer = try Layer(paint, width: 13, height: 29)
            guard case .rowColors = layer else { return XCTFail("\(paint) should be row-constant") }
            XCTAssertEqual(try layer.materialized(), try paint.render(width: 13, height: 29))
        }
        guard case .pixmap = try Layer(XCTUnwrap(ScratchScene.demoCover.view.plainPaint), width: 13, height: 29) else {
            return XCTFail("a diagonal gradient is not row-constant")
        }
    }
}
