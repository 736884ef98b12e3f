import XCTest

@testable import RevealRender

/// The outline grown point by point against `Stroker.roundStroke` over the same points, filled whole:
/// the same pixels, every step, including loops, reversals, repeated and collinear points, and points
/// far outside the mask.
final class StrokeOutlineTests: XCTestCase {
    private func fill(_ path: Path, width: Int, height: Int) throws -> Mask {
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

    func testTheGrownOutlineFillsAsTheWholeStrokeAtEveryPoint() throws {
        let size = 48
        for seed in 1...12 {
            let points = polyline(seed: UInt64(seed), count: 40, size: Double(size))
            let width = [0.5, 3, 9, 17][seed % 4]
            var outline = StrokeOutline(width: width, height: size)
            var rasterizer = Rasterizer()
            for k in 0..<points.count {
                outline.add(points[k])
                var grown = try Mask(width: size, height: size)
                rasterizer.fill(outline, into: &grown, rows: RowRange(0, size))
                let whole = try fill(Stroker.roundStroke(Array(points[0...k]), width: width), width: size, height: size)
                XCTAssertEqual(grown, whole, "seed \(seed), width \(width), after point \(k)")
                if grown != whole { return }
            }
        }
    }

    func testFillingOnlyTheRowsOfEachNewSegmentBuildsTheWholeStroke() throws {
        let size = 64
        let width = 7.0
        let points = polyline(seed: 99, count: 200, size: Double(size))
        var outline = StrokeOutline(width: width, height: size)
        var rasterizer = Rasterizer()
        var mask = try Mask(width: size, height: size)
        for k in 0..<points.count {
            outline.add(points[k])
            let from = points[max(k - 1, 0)]
            let to = points[k]
            let reach = width / 2 + 2
            let rows = RowRange(
                Int((min(from.y, to.y) - reach).rounded(.down)), Int((max(from.y, to.y) + reach).rounded(.up)))
            rasterizer.fill(outline, into: &mask, rows: rows)
            let whole = try fill(Stroker.roundStroke(Array(points[0...k]), width: width), width: size, height: size)
            XCTAssertEqual(mask, whole, "after point \(k)")
            if mask != whole { return }
        }
    }

    func testAFillDoesNotDependOnTheOrderOfTheEdges() throws {
        let path = Stroker.roundStroke(polyline(seed: 5, count: 30, size: 40), width: 11)
        var reversed = Path()
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
