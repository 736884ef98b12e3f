import Foundation
import RevealTestSupport
import XCTest

@testable import RevealRender

/// The circle reveal's exact disc coverage: areas against πr² and against the clipped area integrated
/// numerically here, growth pixel by pixel, and `rowSpan` against per-pixel coverage.
final class DiscCoverageTests: XCTestCase {
    /// The area of the disc inside the image [0, width] × [0, height], integrated numerically: with
    /// x = cx + r·sin θ (which removes the square-root ends of the chord length) the disc spans
    /// cy ± r·cos θ at each x, clipped to the image. The θ range is cut where x leaves the image and
    /// where the clipping starts or stops, so each piece is smooth and the midpoint rule converges fast.
    static func clippedArea(center: Point, radius r: Double, width: Double, height: Double, panels: Int = 20_000)
        -> Double
    {
        let lower = asin(min(max(-center.x / r, -1), 1))
        let upper = asin(min(max((width - center.x) / r, -1), 1))
        var cuts = [lower, upper]
        for d in [center.y, height - center.y] where abs(d) < r {
            let a = acos(abs(d) / r)
            cuts += [-a, a]
        }
        cuts = cuts.filter { $0 >= lower && $0 <= upper }.sorted()
        var area = 0.0
        for (a, b) in zip(cuts, cuts.dropFirst()) where b > a {
            let h = (b - a) / Double(panels)
            for i in 0..<panels {
                let theta = a + (Double(i) + 0.5) * h
                let half = r * cos(theta)
                let span = min(center.y + half, height) - max(center.y - half, 0)
                if span > 0 { area += span * r * cos(theta) * h }
            }
        }
        return area
    }

    /// The sum of every pixel's coverage over a `width` × `height` image.
    static func totalCoverage(_ disc: DiscCoverage, width: Int, height: Int) -> Double {
        var total = 0.0
        for y in 0..<height {
            for x in 0..<width { total += disc.coverage(x: x, y: y) }
        }
        return total
    }

    func testWholeDiscsSumToPiRSquared() {
        let cases: [(Point, Double)] = [
            (Point(x: 10.5, y: 10.5), 5),  // centred on a pixel
            (Point(x: 10, y: 10), 5),  // on a pixel corner
            (Point(x: 11.3, y: 12.9), 4.17),
            (Point(x: 20.25, y: 19.6), 17.77),
            (Point(x: 5.5, y: 5.5), 0.3),  // inside one pixel
            (Point(x: 5, y: 5), 0.3),  // split over four
            (Point(x: 5.2, y: 5.95), 0.3),  // across a pixel edge
            (Point(x: 6.01, y: 3.99), 0.05),
            (Point(x: 6.7, y: 7.1), 0.7),
        ]
        for (center, radius) in cases {
            let total = Self.totalCoverage(DiscCoverage(center: center, radius: radius), width: 41, height: 41)
            let expected = Double.pi * radius * radius
            // The issue asks for 0.1 %; the formula is exact, so it does far better.
            XCTAssertEqual(total, expected, accuracy: expected * 1e-3, "r \(radius) at \(center)")
            XCTAssertEqual(total, expected, accuracy: expected * 1e-9, "r \(radius) at \(center)")
        }
    }

    func testDiscsClippedByTheImageSumToTheClippedArea() {
        let cases: [(Point, Double, Int, Int)] = [
            (Point(x: 0, y: 0), 10, 20, 20),  // a quarter disc
            (Point(x: 3.2, y: 17.5), 12, 30, 20),  // cut by three edges
            (Point(x: 15, y: -4), 9, 30, 20),  // centre above the image
            (Point(x: -3, y: 5.5), 4, 10, 12),  // centre left of it, a sliver inside
            (Point(x: 10, y: 10), 30, 20, 20),  // covers the whole image
            (Point(x: 0.2, y: 9.85), 0.3, 10, 10),  // a sub-pixel disc cut by the left edge
            (Point(x: 31.6, y: 44.2), 52.3, 60, 40),  // centre below, most of the image covered
        ]
        for (center, radius, width, height) in cases {
            let total = Self.totalCoverage(DiscCoverage(center: center, radius: radius), width: width, height: height)
            let expected = Self.clippedArea(
                center: center, radius: radius, width: Double(width), height: Double(height))
            XCTAssertGreaterThan(expected, 0)
            XCTAssertEqual(total, expected, accuracy: expected * 1e-3, "r \(radius) at \(center) in \(width)×\(height)")
            XCTAssertEqual(total, expected, accuracy: expected * 1e-6, "r \(radius) at \(center) in \(width)×\(height)")
        }
        // By hand: the quarter disc is 25π; the image inside a disc that covers it, 400.
        XCTAssertEqual(
            Self.totalCoverage(DiscCoverage(center: Point(x: 0, y: 0), radius: 10), width: 20, height: 20),
            25 * Double.pi, accuracy: 1e-9)
        XCTAssertEqual(
            Self.totalCoverage(DiscCoverage(center: Point(x: 10, y: 10), radius: 30), width: 20, height: 20),
            400, accuracy: 1e-9)
    }

    /// Each pixel's coverage never shrinks as the radius grows by 0.01 px, from nothing until the disc
    /// covers the image (and is clipped by its edges on the way).
    func testCoverageGrowsMonotonicallyWithTheRadius() {
        let width = 10
        let height = 10
        for center in [Point(x: 3.37, y: 4.61), Point(x: 5, y: 5), Point(x: -0.5, y: 9.2)] {
            var previous = [Double](repeating: 0, count: width * height)
            for step in 1...1500 {
                let disc = DiscCoverage(center: center, radius: Double(step) * 0.01)
                for y in 0..<height {
                    for x in 0..<width {
                        let c = disc.coverage(x: x, y: y)
                        let before = previous[y * width + x]
                        // Rounding may wobble the area by 1e-16; its 8-bit value must never go down.
                        if c < before - 1e-12 || Rasterizer.quantize(c) < Rasterizer.quantize(before) {
                            return XCTFail(
                                "pixel (\(x), \(y)) shrinks from \(before) to \(c) at r \(disc.radius), centre \(center)"
                            )
                        }
                        previous[y * width + x] = c
                    }
                }
            }
            XCTAssertEqual(previous.min() ?? 0, 1, accuracy: 1e-12, "r 15 covers the image from \(center)")
        }
    }

    /// `rowSpan` lets the renderer skip work: outside `touched` a pixel must have no coverage, inside
    /// `full` it must be covered completely.
    func testRowSpansAgreeWithPerPixelCoverage() {
        let width = 24
        let height = 20
        var discs: [DiscCoverage] = []
        for center in [
            Point(x: 12, y: 10), Point(x: 7.31, y: 12.77), Point(x: -2.5, y: 4.2), Point(x: 30.1, y: 21.6),
            Point(x: 0.5, y: 0.5), Point(x: 11.999, y: 3.001),
        ] {
            for radius in [0, 0.3, 0.5, 1, 1.5, 2.72, 6, 9.99, 10, 13.4, 40] {
                discs.append(DiscCoverage(center: center, radius: radius))
            }
        }
        for disc in discs {
            for y in -2..<height + 2 {
                let span = disc.rowSpan(y, width: width)
                let label = "r \(disc.radius) at \(disc.center), row \(y): touched \(span.touched), full \(span.full)"
                XCTAssertTrue(
                    span.touched.isEmpty || (span.touched.lowerBound >= 0 && span.touched.upperBound <= width), label)
                XCTAssertTrue(
                    span.full.isEmpty
                        || (span.full.lowerBound >= span.touched.lowerBound
                            && span.full.upperBound <= span.touched.upperBound),
                    label)
                for x in 0..<width {
                    let c = disc.coverage(x: x, y: y)
                    if span.full.contains(x) {
                        XCTAssertEqual(c, 1, accuracy: 1e-12, "\(label), column \(x)")
                        XCTAssertEqual(Rasterizer.quantize(c), 255, "\(label), column \(x)")
                    }
                    if !span.touched.contains(x) {
                        XCTAssertEqual(c, 0, accuracy: 1e-12, "\(label), column \(x)")
                        XCTAssertEqual(Rasterizer.quantize(c), 0, "\(label), column \(x)")
                    }
                }
            }
        }
    }

    func testNegativeRadiusIsEmpty() {
        let disc = DiscCoverage(center: Point(x: 5, y: 5), radius: -3)
        XCTAssertEqual(disc.radius, 0)
        XCTAssertEqual(Self.totalCoverage(disc, width: 10, height: 10), 0)
        XCTAssertTrue(disc.rowSpan(5, width: 10).touched.isEmpty)
    }

    /// A circle view, filled or as a clip, is drawn from the disc's exact area, as the circle reveal draws its
    /// disc, not from the chords of its outline: each pixel's alpha is `DiscCoverage`'s level. A 21-point
    /// circle centred on a 40×30 screen at 1× lands on (10, 5), so its disc is about (20.5, 15.5), radius 10.5.
    func testCircleViewsAreDrawnAsExactDiscs() throws {
        let expected = try DiscCoverage(center: Point(x: 20.5, y: 15.5), radius: 10.5).mask(width: 40, height: 30)
        let frame = NodeModifier.frame(FrameSpec(width: 21, height: 21))
        let filled = ViewNode(.shape(.circle, fill: .color(.white)), [frame])
        let clipped = ViewNode(.shape(.rectangle, fill: .color(.white)), [frame, .clipShape(.circle)])
        for (name, view) in [("filled", filled), ("clipped", clipped)] {
            let pixmap = try DisplayRenderer.render(
                view, size: PixelSize(width: 40, height: 30), scale: 1, fonts: .inter)
            let alpha = (0..<40 * 30).map { pixmap.bytes[$0 * 4 + 3] }
            XCTAssertEqual(alpha, expected.bytes, name)
        }
    }
}
