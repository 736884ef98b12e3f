import RevealTestSupport
import XCTest

@testable import RevealRender

/// The outline grown point by point, filled tile by tile where it changed, against the same outline
/// filled whole (the same pixels at every step) and against `Stroker.roundStroke`'s one contour over
/// the same points (the same region: within a level), including loops, reversals, repeated and
/// collinear points, and points far outside the mask.
final class StrokeOutlineTests: XCTestCase {
    private func fill(_ outline: StrokeOutline, width: Int, height: Int) throws -> Mask {
        var mask = try Mask(width: width, height: height)
        var rasterizer = Rasterizer()
        rasterizer.fill(outline, into: &mask, rows: RowRange(0, height))
        return mask
    }

    /// The largest difference between two masks, in levels, and how many pixels differ.
    private func difference(_ a: Mask, _ b: Mask) -> (largest: Int, count: Int) {
        var largest = 0
        var count = 0
        for (p, q) in zip(a.bytes, b.bytes) where p != q {
            largest = max(largest, abs(Int(p) - Int(q)))
            count += 1
        }
        return (largest, count)
    }

    private func fill(_ path: PixelPath, width: Int, height: Int) throws -> Mask {
        var mask = try Mask(width: width, height: height)
        var rasterizer = Rasterizer()
        rasterizer.fill(path, into: &mask, rows: RowRange(0, height))
        return mask
    }

    /// A wandering polyline with every awkward case in it.
    private func polyline(seed: UInt64, count: Int, size: Double) -> [Point] {
        var state = seed
        func random() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        var points = [Point(x: size / 2, y: size / 2)]
        while points.count < count {
            let last = points[points.count - 1]
            switch Int(random() * 8) {
            case 0: points.append(last)  // a repeated sample
            case 1: points.append(last + Point(x: 1e-10, y: 0))  // coincident within 1e-9
            case 2 where points.count > 1: points.append(points[points.count - 2])  // straight back
            case 3 where points.count > 1: points.append(last + (last - points[points.count - 2]))  // straight on
            case 4:  // far off
                points.append(Point(x: random() * 4 * size - 1.5 * size, y: random() * 4 * size - 1.5 * size))
            default: points.append(last + Point(x: (random() - 0.5) * size / 3, y: (random() - 0.5) * size / 3))
            }
        }
        return points
    }

    func testTheOutlineFillsTheRegionOfTheOneContourStroke() throws {
        let size = 48
        var differing = 0
        var pixels = 0
        for seed in 1...12 {
            let points = polyline(seed: UInt64(seed), count: 40, size: Double(size))
            let width = [0.5, 3, 9, 17][seed % 4]
            var outline = StrokeOutline(width: width, size: PixelSize(width: size, height: size))
            for k in 0..<points.count {
                outline.add(points[k])
                let pieces = try fill(outline, width: size, height: size)
                let contour = try fill(
                    Stroker.roundStroke(Array(points[0...k]), width: width), width: size, height: size)
                let (largest, count) = difference(pieces, contour)
                XCTAssertLessThanOrEqual(largest, 1, "seed \(seed), width \(width), after point \(k)")
                if largest > 1 { return }
                differing += count
                pixels += size * size
            }
        }
        // The two sum the same areas in another order: rounding moves a level now and then, no more.
        XCTAssertLessThan(Double(differing) / Double(pixels), 0.002)
    }

    func testFillingOnlyTheChangedTilesBuildsTheWholeStroke() throws {
        for (width, size) in [(7.0, 64), (40.0, 150), (0.7, 40)] {
            let points = polyline(seed: 99, count: 200, size: Double(size))
            var outline = StrokeOutline(width: width, size: PixelSize(width: size, height: size + 5))
            var rasterizer = Rasterizer()
            var mask = try Mask(width: size, height: size + 5)
            for k in 0..<points.count {
                outline.add(points[k])
                _ = rasterizer.fillChangedTiles(of: &outline, into: &mask)
                let whole = try fill(outline, width: size, height: size + 5)
                XCTAssertEqual(mask, whole, "width \(width), after point \(k)")
                if mask != whole { return }
            }
        }
    }

    /// Draws a zigzag of `legs` legs `spacing` pixels apart (180 pixels high, 20 points a leg) with a
    /// pen `width` wide, filling the changed tiles after every point. Returns the edges each point
    /// swept, by leg, and asserts that the mask ends as the whole outline filled at once.
    private func zigzag(legs: Int, spacing: Double, width: Double) throws -> [[Int]] {
        let size = PixelSize(width: Int(spacing * Double(legs)) + 40, height: 200)
        var outline = StrokeOutline(width: width, size: size)
        var rasterizer = Rasterizer()
        var mask = try Mask(width: size.width, height: size.height)
        var swept = [[Int]](repeating: [], count: legs)
        for leg in 0..<legs {
            for step in 0..<20 {
                let f = Double(step) / 20
                let x = 20 + spacing * (Double(leg) + f)
                let y = leg % 2 == 0 ? 10 + 180 * f : 190 - 180 * f
                outline.add(Point(x: x, y: y))
                _ = rasterizer.fillChangedTiles(of: &outline, into: &mask)
                swept[leg].append(rasterizer.edgesSwept)
            }
        }
        XCTAssertEqual(mask, try fill(outline, width: size.width, height: size.height), "spacing \(spacing)")
        return swept
    }

    /// A zigzag whose legs never meet: each new point costs the same edges at the tenth leg as at the
    /// hundredth, although every row has been crossed ten times as often.
    func testTheCostOfAPointDoesNotGrowWithTheStrokeBehindIt() throws {
        let swept = try zigzag(legs: 100, spacing: 24, width: 8)
        // Legs 8–15 and 88–95 fall on the tiles alike.
        let early = swept[8..<16].joined().reduce(0, +)
        let late = swept[88..<96].joined().reduce(0, +)
        XCTAssertGreaterThan(early, 0)
        XCTAssertLessThanOrEqual(
            Double(late), 1.1 * Double(early), "edges swept on legs 8–15: \(early), on legs 88–95: \(late)")
    }

    /// Legs 3.5 pixels apart under a 12-pixel pen, as in `Scripts/bench`'s longest stroke: every pixel is
    /// under several passes, yet a point costs less than 1.15 times the edges it costs where the legs
    /// lie apart (68 against 65), because a tile's edges are cut to it, the parts left of it merge into
    /// one edge for each stretch of its left side, and a tile the passes have covered is left alone
    /// (1.25 times, 112 against 89, before the left sides merged; with 16-row tiles and edges not cut,
    /// 1.37 times, and 1.7 times as many edges).
    func testPassesOverTheSamePixelsCostLittleMore() throws {
        func edgesPerPoint(spacing: Double) throws -> Double {
            let swept = try zigzag(legs: 40, spacing: spacing, width: 12)[10...].joined()
            return Double(swept.reduce(0, +)) / Double(swept.count)
        }
        let apart = try edgesPerPoint(spacing: 24)
        let overlapping = try edgesPerPoint(spacing: 3.5)
        XCTAssertGreaterThan(apart, 0)
        XCTAssertLessThan(overlapping, 1.15 * apart, "edges a point: \(overlapping) overlapping, \(apart) apart")
    }

    /// Legs 3.5 pixels apart under a 12-pixel pen, filled tile by tile as the points come: where the
    /// pieces overlap left of a tile, their edges there merge into one edge carrying their summed
    /// winding, which must count as the pieces would (the one contour's region, within a level).
    func testADenseZigzagFillsTheRegionOfTheOneContourStroke() throws {
        let size = PixelSize(width: 80, height: 60)
        var points: [Point] = []
        for leg in 0..<16 {
            for step in 0..<10 {
                let f = Double(step) / 10
                let x = 10 + 3.5 * (Double(leg) + f)
                points.append(
                    Point(x: x + 0.3 * sin(Double(7 * leg + step)), y: leg % 2 == 0 ? 8 + 44 * f : 52 - 44 * f))
            }
        }
        var outline = StrokeOutline(width: 12, size: size)
        var rasterizer = Rasterizer()
        var mask = try Mask(width: size.width, height: size.height)
        for (k, point) in points.enumerated() {
            outline.add(point)
            _ = rasterizer.fillChangedTiles(of: &outline, into: &mask)
            guard k % 10 == 9 else { continue }
            let contour = try fill(
                Stroker.roundStroke(Array(points[0...k]), width: 12), width: size.width, height: size.height)
            let (largest, _) = difference(mask, contour)
            XCTAssertLessThanOrEqual(largest, 1, "after point \(k)")
            if largest > 1 { return }
        }
    }

    func testAFillDoesNotDependOnTheOrderOfTheEdges() throws {
        let path = Stroker.roundStroke(polyline(seed: 5, count: 30, size: 40), width: 11)
        var reversed = PixelPath()
        for (c, start) in path.contourStarts.enumerated().reversed() {
            let end = c + 1 < path.contourStarts.count ? path.contourStarts[c + 1] : path.points.count
            let contour = Array(path.points[start..<end])
            // The same closed contour, starting elsewhere: the same edges in another order.
            let shift = contour.count / 3
            let rotated = Array(contour[shift...] + contour[..<shift])
            reversed.move(to: rotated[0])
            for p in rotated.dropFirst() { reversed.line(to: p) }
        }
        XCTAssertEqual(try fill(path, width: 40, height: 40), try fill(reversed, width: 40, height: 40))
    }
}
