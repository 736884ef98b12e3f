import RevealTestSupport
import XCTest

@testable import RevealRender

/// The coverage port on cases worked out by hand from the seed's arithmetic.
final class ScratchCoverageTests: XCTestCase {
    private let square = (width: 240.0, height: 240.0)  // 24×24 cells of 10×10 points

    private func cleared(_ coverage: ScratchCoverage) -> [Int] {
        (0..<(coverage.columns * coverage.rows)).filter { coverage.isCleared($0) }
    }

    func testTapClearsCellsWithinTheBrushRadius() {
        var coverage = ScratchCoverage()
        // Radius 10 from (5, 5): centres (5,5) d=0, (15,5) and (5,15) d=10 (<= 10), (15,15) d=14.1.
        coverage.scratch(from: Point(x: 5, y: 5), to: Point(x: 5, y: 5), brushWidth: 20, in: square)
        XCTAssertEqual(cleared(coverage), [0, 1, 24])
        XCTAssertEqual(coverage.fraction, 3.0 / 576)
    }

    func testReachIsAtLeastHalfACellDiagonal() {
        var coverage = ScratchCoverage()
        // Radius 1, but reach = hypot(10, 10) / 2: all four centres around the grid corner are exactly at reach.
        coverage.scratch(from: Point(x: 10, y: 10), to: Point(x: 10, y: 10), brushWidth: 2, in: square)
        XCTAssertEqual(cleared(coverage), [0, 1, 24, 25])
    }

    func testPointsOutsideTheViewClampToEdgeCellsButStillNeedTheDistance() {
        var near = ScratchCoverage()
        // Reach 22 from (-5, 5): (5,5) d=10, (15,5) d=20, (5,15) d=14.1 cleared; (15,15) and (5,25) d=22.4 not.
        near.scratch(from: Point(x: -5, y: 5), to: Point(x: -5, y: 5), brushWidth: 44, in: square)
        XCTAssertEqual(cleared(near), [0, 1, 24])
        var far = ScratchCoverage()
        far.scratch(from: Point(x: -500, y: -500), to: Point(x: -500, y: -500), brushWidth: 44, in: square)
        XCTAssertEqual(cleared(far), [])
    }

    func testLongLinesAreSampledAtMost257Times() {
        var coverage = ScratchCoverage()
        // 5140 points long with radius 1: capped at 257 steps of 20 points, so samples land on every
        // other column's centre (x = 5, 25, 45, …) and reach 7.07 misses the centres in between.
        coverage.scratch(from: Point(x: 5, y: 5), to: Point(x: 5 + 257 * 20, y: 5), brushWidth: 2, in: square)
        XCTAssertEqual(cleared(coverage), Array(stride(from: 0, to: 24, by: 2)))
    }

    func testNoBrushNoScratch() {
        var coverage = ScratchCoverage()
        coverage.scratch(from: Point(x: 5, y: 5), to: Point(x: 100, y: 100), brushWidth: 0, in: square)
        XCTAssertEqual(coverage.clearedCount, 0)
    }

    func testGridSizeIsClampedLikeTheSeed() {
        XCTAssertEqual(ScratchCoverage(columns: 0, rows: 1000).columns, 1)
        XCTAssertEqual(ScratchCoverage(columns: 0, rows: 1000).rows, 256)
    }

    /// The seed's model run over the bench strokes (`bench-oracle.json`): every frame's fraction.
    func testBenchSceneMatchesTheSeedModelFrameByFrame() throws {
        let timeline = ScratchTimeline(scene: try Bench.scratchScene())
        let oracle = try Bench.oracle()
        XCTAssertEqual(timeline.revealTime, oracle.revealedAt)
        XCTAssertEqual(timeline.coverageAfter.last.map { Int(($0 * 576).rounded()) }, oracle.cells)
        XCTAssertEqual(timeline.frameCount(), oracle.frames.count)
        for expected in oracle.frames {
            let frame = timeline.frame(expected.index)
            XCTAssertEqual(frame.time, expected.time, accuracy: 1e-12)
            XCTAssertEqual(frame.coverage, expected.coverage, "frame \(expected.index)")
            XCTAssertEqual(frame.revealed, expected.revealed, "frame \(expected.index)")
            XCTAssertEqual(frame.coverOpacity, expected.coverOpacity, accuracy: 1e-9, "frame \(expected.index)")
        }
    }
}
