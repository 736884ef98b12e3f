import Foundation
import XCTest
@testable import RevealRender

/// The exporter's shortcuts (parallel encoding, reused PNGs for repeated frames, incremental
/// rendering) against the plainest path: a fresh renderer drawing each frame from nothing.
final class ExportTests: XCTestCase {
    private func temporaryFolder() throws -> FrameFolder {
        let path = NSTemporaryDirectory() + "export-tests-" + UUID().uuidString
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return try FrameFolder(path: path)
    }

    func testExportedScratchFramesEqualFreshRenders() throws {
        var scene = try Bench.scratchScene()
        scene.scale = 0.4
        var sequence = try ScratchSequence(scene: scene, hold: 0.2)
        let folder = try temporaryFolder()
        try SequenceExport.run(&sequence, frames: 0..<sequence.frameCount, folder: folder, wholeSequence: true)
        let timeline = ScratchTimeline(scene: scene)
        XCTAssertEqual(sequence.frameCount, 141)
        for index in 0..<sequence.frameCount {
            var fresh = try ScratchCardRenderer(timeline: timeline)
            let decoded = try PNG.decode(contentsOf: folder.path + "/" + FrameFolder.frameName(index))
            XCTAssertEqual(decoded, fresh.render(frame: index), "frame \(index)")
        }
    }

    func testExportedCircleFramesEqualFreshRenders() throws {
        var scene = CircleRevealScene(width: 40, height: 70)
        scene.scale = 1
        scene.origin = UnitPoint(x: 0.3, y: 0.8)
        scene.toggles = [0, 0.4]
        scene.animation = .spring(.snappy)
        var sequence = try CircleRevealSequence(scene: scene, hold: 0.1)
        let folder = try temporaryFolder()
        try SequenceExport.run(&sequence, frames: 0..<sequence.frameCount, folder: folder, wholeSequence: true)
        let timeline = CircleRevealTimeline(scene: scene)
        for index in 0..<sequence.frameCount {
            var fresh = try CircleRevealRenderer(timeline: timeline)
            let decoded = try PNG.decode(contentsOf: folder.path + "/" + FrameFolder.frameName(index))
            XCTAssertEqual(decoded, fresh.render(frame: index), "frame \(index)")
        }
    }

    func testAutomaticFilterPicksSubOnlyForFlatRows() throws {
        let vertical = try Paint.linearGradient([SystemColor.cyan, SystemColor.blue], from: .top, to: .bottom)
            .render(width: 300, height: 200)
        let diagonal = try ScratchScene.demoContent.render(width: 300, height: 200)
        XCTAssertTrue(PNG.hasMostlyFlatRows(vertical))
        XCTAssertFalse(PNG.hasMostlyFlatRows(diagonal))
        // Either way the pixels survive exactly.
        XCTAssertEqual(try PNG.decode(PNG.encode(vertical, options: .fast)), vertical)
        XCTAssertEqual(try PNG.decode(PNG.encode(diagonal, options: .fast)), diagonal)
    }

    func testCompactLayersHaveThePixelsOfFullOnes() throws {
        for paint in [CircleRevealScene.day, .color(SystemColor.pink.opacity(0.5)),
                      Paint.linearGradient([.clear, .white], from: UnitPoint(x: 0.2, y: 1), to: UnitPoint(x: 0.2, y: 0))] {
            let layer = try Layer(paint, width: 13, height: 29)
            guard case .rowColors = layer else { return XCTFail("\(paint) should be row-constant") }
            XCTAssertEqual(layer.materialized, try paint.render(width: 13, height: 29))
        }
        guard case .pixmap = try Layer(ScratchScene.demoCover, width: 13, height: 29) else {
            return XCTFail("a diagonal gradient is not row-constant")
        }
    }
}
