import Foundation
import RevealTestSupport
import XCTest

@testable import RevealRender

/// The rows a sequence says its last render may have changed: the encoder and the card compare and
/// copy only those, so a row left out that did change would be a stale row in a file.
final class ChangedRowsTests: XCTestCase {
    func testTheScratchCardReportsEveryRowItChanged() throws {
        var scene = try Bench.scratchScene()
        scene.scale = 0.5
        var sequence: any FrameSequence = try ScratchSequence(scene: scene)
        let share = try check(&sequence)
        XCTAssertLessThan(share, 0.5, "the strokes' frames report only the rows they touch")
    }

    func testTheCircleReportsEveryRowItChanged() throws {
        var scene = try CircleSceneFile.load(path: Repository.fixture("bench/bench-circle.json"))
        scene.scale = 0.5
        var sequence: any FrameSequence = try CircleRevealSequence(scene: scene)
        let share = try check(&sequence)
        XCTAssertLessThan(share, 0.8, "the band between the edges, not the whole frame")
    }

    /// The demos on their screens (text, buttons, state changes) and the card look around the bench
    /// scene (corners, shadow, padding), whose presentation adds rows of its own.
    func testPresentedSequencesReportEveryRowTheyChanged() throws {
        var scratch = try ScratchSceneFile.load(path: Repository.fixture("docs/scratch-demo.json"))
        scratch.scale = 1
        var circle = try CircleSceneFile.load(path: Repository.fixture("docs/circle-demo.json"))
        circle.scale = 1
        var card = try Bench.scratchScene()
        card.scale = 0.5
        (card.cornerRadius, card.shadow, card.padding, card.canvas) = (24, Shadow(radius: 16, y: 8), 32, .color(.white))
        for (name, scene) in [("scratch demo", scratch as any RevealScene), ("circle demo", circle), ("card", card)] {
            var sequence = try scene.frameSequence()
            // The presentation compares only the rows its view reports, so its frames are also
            // checked against fresh renders, which report nothing before their one frame.
            let share = try check(&sequence, name) { index in
                var fresh = try scene.frameSequence()
                return try fresh.render(frame: index)
            }
            XCTAssertLessThan(share, 0.7, name)
        }
    }

    /// Renders every frame in order and checks that rows outside the reported ones equal the frame
    /// before, and every 20th frame against `fresh` when given; returns the share of rows reported
    /// after the first frame.
    private func check(
        _ sequence: inout any FrameSequence, _ name: String = "", line: UInt = #line,
        fresh: ((Int) throws -> Pixmap)? = nil
    ) throws -> Double {
        var previous = try sequence.render(frame: 0)
        XCTAssertEqual(sequence.rowsTheLastRenderMayHaveChanged, 0..<sequence.pixelHeight, "\(name): the first frame")
        var reported = 0
        for index in 1..<sequence.frameCount {
            let frame = try sequence.render(frame: index)
            let rows = sequence.rowsTheLastRenderMayHaveChanged
            reported += rows.count
            let rowBytes = 4 * frame.width
            let stale = frame.bytes.withUnsafeBytes { now in
                previous.bytes.withUnsafeBytes { before in
                    (0..<frame.height).first { y in
                        !rows.contains(y)
                            && memcmp(now.baseAddress! + y * rowBytes, before.baseAddress! + y * rowBytes, rowBytes)
                                != 0
                    }
                }
            }
            XCTAssertNil(stale, "\(name) frame \(index): row \(stale ?? -1) changed outside \(rows)", line: line)
            if let fresh, index % 20 == 0 {
                XCTAssertEqual(frame, try fresh(index), "\(name) frame \(index) against a fresh render", line: line)
            }
            previous = frame
        }
        return Double(reported) / Double(sequence.pixelHeight * (sequence.frameCount - 1))
    }
}
