import Foundation
import RevealTestSupport
import XCTest

@testable import RevealRender

/// Strokes, dashes and trims against areas worked out by hand: the exact-area rasterizer's coverage of a
/// stroke, summed over the image, is the stroke's area.
final class StrokeGeometryTests: XCTestCase {
    /// The area `outline` covers, in square units (one unit a pixel).
    private func area(_ outline: PathOutline) -> Double {
        var path = PixelPath()
        outline.flatten(into: &path, { $0 })
        var rasterizer = Rasterizer()
        var total = 0.0
        rasterizer.coverage(of: path, width: 128, rows: RowRange(0, 128)) { _, row in
            for v in row { total += v }
        }
        return total
    }

    private let rect = PathOutline([.rect(Rect(x: 10, y: 10, width: 20, height: 10))])
    private let line = PathOutline([.move(Point(x: 10, y: 20)), .line(Point(x: 40, y: 20))])
    private let circle = PathOutline([.ellipse(Rect(x: 20, y: 20, width: 40, height: 40))])

    func testJoinsOfAStrokedRectangle() {
        // Outer 24×14 less inner 16×6; a bevel cuts a right triangle of legs 2 off each corner, a round
        // join a corner square less its quarter disc.
        XCTAssertEqual(area(rect.stroked(StrokeSpec(width: 4, join: .miter))), 240, accuracy: 1e-6)
        XCTAssertEqual(area(rect.stroked(StrokeSpec(width: 4, join: .bevel))), 232, accuracy: 1e-6)
        XCTAssertEqual(area(rect.stroked(StrokeSpec(width: 4, join: .round))), 240 - 4 * (4 - .pi), accuracy: 0.01)
        // A miter limit below √2 (a right angle's miter over the width) bevels the corners.
        XCTAssertEqual(area(rect.stroked(StrokeSpec(width: 4, join: .miter, miterLimit: 1.4))), 232, accuracy: 1e-6)
    }

    func testCapsOfAnOpenLine() {
        XCTAssertEqual(area(line.stroked(StrokeSpec(width: 4, cap: .butt))), 120, accuracy: 1e-6)
        XCTAssertEqual(area(line.stroked(StrokeSpec(width: 4, cap: .square))), 136, accuracy: 1e-6)
        XCTAssertEqual(area(line.stroked(StrokeSpec(width: 4, cap: .round))), 120 + 4 * .pi, accuracy: 0.01)
    }

    func testACircleStrokedIsAnAnnulus() {
        // The flattened circle's vertices sit on the radius that keeps its area (at most 0.004 units out), so
        // its length, and the stroke's area, are a hair over the true circle's.
        let annulus: Double = 23 * 23 - 17 * 17
        XCTAssertEqual(area(circle.stroked(StrokeSpec(width: 6))), Double.pi * annulus, accuracy: 0.1)
    }

    func testDashesCoverTheirLengths() {
        // 30 units in dashes of 5 and gaps of 5: 15 units of dash, started 2 units into the pattern or not.
        XCTAssertEqual(area(line.stroked(StrokeSpec(width: 2, dash: [5, 5]))), 30, accuracy: 1e-6)
        XCTAssertEqual(area(line.stroked(StrokeSpec(width: 2, dash: [5, 5], dashPhase: 2))), 30, accuracy: 1e-6)
        // Starting in a gap: 3 units of gap, then 5 on, 5 off… → dashes at 3–8, 13–18, 23–28.
        XCTAssertEqual(area(line.stroked(StrokeSpec(width: 2, dash: [5, 5], dashPhase: 7))), 30, accuracy: 1e-6)
        XCTAssertEqual(area(line.stroked(StrokeSpec(width: 2, dash: [5, 10]))), 20, accuracy: 1e-6)
    }

    func testATrimmedCircleIsThePartOfItsLength() {
        // A quarter of the circle, stroked with butt caps: a quarter of the annulus.
        let quarter = circle.trimmed(from: 0, to: 0.25)
        let annulus: Double = 22 * 22 - 18 * 18
        XCTAssertEqual(area(quarter.stroked(StrokeSpec(width: 4))), Double.pi * annulus / 4, accuracy: 0.05)
        // It starts at the circle's rightmost point and turns towards +y, as SwiftUI's circle path does.
        let points = quarter.polylines.first?.points ?? []
        XCTAssertEqual(points.first?.x ?? 0, 60, accuracy: 1e-2)
        XCTAssertEqual(points.first?.y ?? 0, 40, accuracy: 1e-2)
        XCTAssertEqual(points.last?.x ?? 0, 40, accuracy: 1e-2)
        XCTAssertEqual(points.last?.y ?? 0, 60, accuracy: 1e-2)
        XCTAssertTrue(circle.trimmed(from: 0.5, to: 0.5).elements.isEmpty)
    }
}
