import RevealTestSupport
import XCTest

@testable import RevealRender

/// Porter-Duff identities on single pixels, with exact bytes.
final class CompositorTests: XCTestCase {
    private func pixel(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8) throws -> Pixmap {
        try Pixmap(width: 1, height: 1, fill: PremultipliedRGBA8(r: r, g: g, b: b, a: a))
    }

    private func over(_ src: Pixmap, _ dst: Pixmap, mask: UInt8? = nil, opacity: UInt8 = 255) throws
        -> PremultipliedRGBA8
    {
        var out = dst
        let m = try mask.map { try Mask(width: 1, height: 1, value: $0) }
        Compositor.sourceOver(src, mask: m, opacity: opacity, onto: &out, rows: RowRange(0, 1))
        return out[0, 0]
    }

    /// A frame stored over the canvas holds what changed, clear elsewhere, while every changed pixel is
    /// opaque; one translucent change makes it hold its rectangle whole. The canvas moves on either way.
    func testAdvancingTheCanvasClearsWhatDidNotChangeOnlyOverOpaqueChanges() throws {
        let red = PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255)
        let gray = PremultipliedRGBA8(r: 60, g: 60, b: 60, a: 255)
        let faint = PremultipliedRGBA8(r: 0, g: 0, b: 40, a: 80)
        let canvas = try Pixmap(width: 4, height: 3, fill: gray)
        var next = canvas
        next[1, 1] = red
        next[2, 2] = red
        let rect = PixelRect(x: 1, y: 1, width: 2, height: 2)

        var moved = canvas
        let (frame, blends) = try moved.advance(to: next, in: rect, clearing: true)
        XCTAssertTrue(blends)
        XCTAssertEqual(frame.bytes, [red, .transparent, .transparent, red].flatMap { [$0.r, $0.g, $0.b, $0.a] })
        XCTAssertEqual(moved, next)

        next[2, 1] = faint
        moved = canvas
        let (whole, blended) = try moved.advance(to: next, in: rect, clearing: true)
        XCTAssertFalse(blended, "a translucent change cannot be drawn over the canvas")
        XCTAssertEqual(whole.bytes, [red, faint, gray, red].flatMap { [$0.r, $0.g, $0.b, $0.a] })
        XCTAssertEqual(moved, next)

        moved = canvas
        XCTAssertEqual(
            try moved.advance(to: next, in: rect, clearing: false).frame, whole, "RGB keeps its rectangle whole")
        XCTAssertThrowsError(
            try moved.advance(to: next, in: PixelRect(x: 3, y: 0, width: 2, height: 1), clearing: true))
        XCTAssertThrowsError(try moved.advance(to: try Pixmap(width: 3, height: 3), in: rect, clearing: true))
    }

    func testMultiplyRoundsToNearest() {
        for a in 0...255 {
            for b in stride(from: 0, through: 255, by: 5) {
                XCTAssertEqual(Compositor.multiply(UInt32(a), UInt32(b)), UInt32((Double(a * b) / 255).rounded()))
            }
        }
    }

    func testOpaqueSourceReplacesDestination() throws {
        XCTAssertEqual(
            try over(pixel(10, 20, 30, 255), pixel(200, 100, 50, 255)), PremultipliedRGBA8(r: 10, g: 20, b: 30, a: 255))
    }

    func testClearSourceLeavesDestination() throws {
        XCTAssertEqual(
            try over(pixel(0, 0, 0, 0), pixel(200, 100, 50, 180)), PremultipliedRGBA8(r: 200, g: 100, b: 50, a: 180))
    }

    func testOverClearDestinationIsTheSource() throws {
        XCTAssertEqual(
            try over(pixel(60, 40, 20, 128), pixel(0, 0, 0, 0)), PremultipliedRGBA8(r: 60, g: 40, b: 20, a: 128))
    }

    func testHalfTransparentOverOpaque() throws {
        // 128 + 255·(127/255) = 255 alpha; red 100 + 0 = 100; blue 0 + 255·127/255 = 127.
        XCTAssertEqual(
            try over(pixel(100, 0, 0, 128), pixel(0, 0, 255, 255)), PremultipliedRGBA8(r: 100, g: 0, b: 127, a: 255))
    }

    func testMaskAndOpacityScaleTheSource() throws {
        // Mask 0 leaves the destination; mask 255 with opacity 0 too.
        XCTAssertEqual(
            try over(pixel(255, 255, 255, 255), pixel(0, 0, 0, 255), mask: 0),
            PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255))
        XCTAssertEqual(
            try over(pixel(255, 255, 255, 255), pixel(0, 0, 0, 255), opacity: 0),
            PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255))
        // Mask 51 (0.2) and opacity 128: white·(51·128/255 = 26) over black.
        XCTAssertEqual(
            try over(pixel(255, 255, 255, 255), pixel(0, 0, 0, 255), mask: 51, opacity: 128),
            PremultipliedRGBA8(r: 26, g: 26, b: 26, a: 255))
    }

    /// The quantiser's rounding is `rounded()` exactly: at every half and the doubles either side of
    /// it, at every whole number, and at a million values spread over 0...255.
    func testNearestIsRoundedExactly() {
        var values: [Double] = [0, 0.5.nextDown, 0.5, 0.5.nextUp, 254.5, 255, 255.0.nextDown]
        for k in 0...255 {
            let half = Double(k) + 0.5
            values += [Double(k), Double(k).nextUp, Double(k).nextDown, half, half.nextDown, half.nextUp]
        }
        var state: UInt64 = 7
        for _ in 0..<1_000_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            values.append(Double(state >> 11) / Double(1 << 53) * 255)
        }
        for v in values where (0...255).contains(v) {
            XCTAssertEqual(RGBAColor.nearest(v), UInt8(v.rounded()), "\(v)")
        }
    }

    /// The four-pixel loop against the pixel-at-a-time reference, on runs of every length up to 37
    /// (the tail), with coverage runs of 0 (skipped groups) and 255 and everything between, every
    /// opacity class, and random premultiplied pixels over random ones (and runs all opaque or all
    /// clear, the loop's copied and skipped groups); and drawn over a separate background, against copying
    /// it first.
    func testTheWideLoopEqualsTheScalarLoop() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
        func premultipliedPixels(_ count: Int, alpha: Int? = nil) -> [UInt8] {
            (0..<count).flatMap { _ -> [UInt8] in
                let a = alpha ?? [0, 255, next(256)][next(3)]
                return [next(a + 1), next(a + 1), next(a + 1), a].map(UInt8.init)
            }
        }
        for trial in 0..<3000 {
            let count = trial % 38
            // A third of the trials draw runs all opaque (most wholly covered) or all clear.
            let uniform = trial >= 2000 ? [255, 0][trial % 2] : nil
            let src = premultipliedPixels(count, alpha: uniform)
            let dst = premultipliedPixels(count)
            let coverage = (0..<count).map { _ in
                UInt8(uniform == 255 && next(8) > 0 ? 255 : [0, 255, next(256)][next(3)])
            }
            let opacity = UInt8([255, 0, next(256)][next(3)])
            for mask in [coverage, nil] {
                var wide = dst
                var scalar = dst
                src.withUnsafeBufferPointer { s in
                    let m = mask.map { $0.withUnsafeBufferPointer { $0 } }
                    wide.withUnsafeMutableBufferPointer {
                        Compositor.sourceOverWide(s, coverage: m, opacity: opacity, onto: $0)
                    }
                    scalar.withUnsafeMutableBufferPointer {
                        Compositor.sourceOverScalar(s, coverage: m, opacity: opacity, onto: $0)
                    }
                }
                XCTAssertEqual(wide, scalar, "trial \(trial): \(count) pixels, opacity \(opacity)")
                let background = premultipliedPixels(count)
                var over = dst
                src.withUnsafeBufferPointer { s in
                    background.withUnsafeBufferPointer { under in
                        let m = mask.map { $0.withUnsafeBufferPointer { $0 } }
                        over.withUnsafeMutableBufferPointer {
                            Compositor.sourceOverWide(s, coverage: m, opacity: opacity, over: under, onto: $0)
                        }
                        scalar = background
                        scalar.withUnsafeMutableBufferPointer {
                            Compositor.sourceOverScalar(s, coverage: m, opacity: opacity, onto: $0)
                        }
                    }
                }
                XCTAssertEqual(over, scalar, "trial \(trial) over a background: \(count) pixels, opacity \(opacity)")
            }
        }
    }

    /// Source-over and destination-out restricted to columns change those and nothing else.
    func testColumnsLimitTheOperations() throws {
        let source = try Pixmap(width: 9, height: 3, fill: PremultipliedRGBA8(r: 200, g: 0, b: 0, a: 255))
        var out = try Pixmap(width: 9, height: 3, fill: PremultipliedRGBA8(r: 0, g: 0, b: 90, a: 255))
        Compositor.sourceOver(source, opacity: 128, onto: &out, rows: RowRange(1, 2), columns: 2..<7)
        for y in 0..<3 {
            for x in 0..<9 {
                let inside = y == 1 && (2..<7).contains(x)
                XCTAssertEqual(out[x, y].r, inside ? 100 : 0, "(\(x), \(y))")
            }
        }
        var coverage = try Mask(width: 9, height: 3)
        coverage.bytes = [UInt8](repeating: 255, count: 27)
        let opaque = try Mask(width: 9, height: 3, value: 255)
        var result = opaque
        Compositor.destinationOut(coverage, from: opaque, into: &result, rows: RowRange(0, 2), columns: 7..<20)
        XCTAssertEqual(result.bytes.indices.filter { result.bytes[$0] == 0 }, [7, 8, 16, 17])
    }

    /// A picture drawn through a mask that reaches past it on both sides (a glyph overhanging its text's
    /// frame): the columns over the picture take its pixels, those past an edge take that edge's pixel.
    func testAPictureThroughAWiderMaskExtendsItsEdges() throws {
        var picture = try Pixmap(width: 3, height: 2)
        for x in 0..<3 {
            for y in 0..<2 {
                let v = UInt8(40 + 60 * x + 20 * y)
                picture[x, y] = PremultipliedRGBA8(r: v, g: v / 2, b: 255 - v, a: 255)
            }
        }
        let mask = try Mask(width: 8, height: 2, value: 255)
        for (at, maskAt) in [((5, 1), (3, 1)), ((2, 0), (0, 0)), ((0, 0), (2, 0)), ((9, 0), (0, 0))] {
            var canvas = try Pixmap(width: 12, height: 3)
            Compositor.draw(picture, at: at, mask: mask, maskAt: maskAt, onto: &canvas)
            for x in 0..<8 {
                for y in 0..<2 {
                    let sx = min(max(x + maskAt.0 - at.0, 0), 2)
                    let sy = min(max(y + maskAt.1 - at.1, 0), 1)
                    XCTAssertEqual(
                        canvas[x + maskAt.0, y + maskAt.1], picture[sx, sy], "picture at \(at), mask at \(maskAt)")
                }
            }
        }
    }

    func testDestinationOut() throws {
        let coverage = try Mask(width: 3, height: 1, value: 0)
        var c = coverage
        c.bytes = [0, 255, 64]
        let destination = try Mask(width: 3, height: 1, value: 200)
        var result = try Mask(width: 3, height: 1)
        Compositor.destinationOut(c, from: destination, into: &result, rows: RowRange(0, 1))
        // 200·(1 − 0) = 200; 200·0 = 0; 200·191/255 = 149.8 → 150.
        XCTAssertEqual(result.bytes, [200, 0, 150])
    }

    func testGradientEndsAndMiddle() throws {
        let paint = Paint.linearGradient([SystemColor.pink, SystemColor.orange], from: .leading, to: .trailing)
        let pixmap = try paint.render(width: 255, height: 2)
        // Pixel centres at t = (x + 0.5)/255: the first is pink moved by 1/510 of the way.
        XCTAssertEqual(pixmap[0, 0], PremultipliedRGBA8(r: 255, g: 45, b: 85, a: 255))
        XCTAssertEqual(pixmap[254, 1], PremultipliedRGBA8(r: 255, g: 149, b: 0, a: 255))
        // Middle pixel x = 127: t = 0.5 exactly → green (45 + 149)/2 = 97, blue 42.5 → 43.
        XCTAssertEqual(pixmap[127, 0], PremultipliedRGBA8(r: 255, g: 97, b: 43, a: 255))
    }

    /// Rendered gradients (the row loop, four components at once) against `GradientField.color`, the
    /// pixel-at-a-time definition, on random stops (two to five, some coinciding, colors a little
    /// outside 0...1, translucent), axes and opacities, for every pixel.
    func testRenderedGradientsEqualTheColorAtEachPixel() throws {
        var random = SplitMix64(seed: 15)
        func unit() -> Double { Double(random.next() % 1_000_001) / 1_000_000 }
        let points: [RelativePoint] = [.topLeading, .bottom, .trailing, .center, RelativePoint(x: 0.3, y: 0.9)]
        for trial in 0..<60 {
            var locations = (0..<(2 + trial % 4)).map { _ in unit() }.sorted()
            if trial % 5 == 0 { locations[1] = locations[0] }
            let stops = locations.map { location in
                GradientStop(
                    color: RGBAColor(
                        red: unit() * 1.2 - 0.1, green: unit(), blue: unit(), alpha: trial % 3 == 0 ? unit() : 1),
                    location: location)
            }
            let start = points[trial % points.count]
            let end = points[(trial / 2 + 1) % points.count]
            let paint = Paint(
                .linearGradient(stops: stops, startPoint: start, endPoint: end), opacity: [1, unit()][trial % 2])
            let (width, height) = (37 + trial % 7, 23)
            let pixmap = try paint.render(width: width, height: height)
            let axis = try XCTUnwrap(GradientField(paint.kind, width: width, height: height, scale: 1))
            for y in 0..<height {
                for x in 0..<width {
                    XCTAssertEqual(
                        pixmap[x, y], axis.color(x: x, y: y, opacity: paint.opacity), "trial \(trial) at (\(x), \(y))")
                }
            }
        }
    }

    func testDiagonalGradientIsolinesArePerpendicularToTheAxis() throws {
        // On a 2:1 view the axis from topLeading to bottomTrailing is not at 45°: pixels with equal
        // projection onto it, not equal x + y, share a color.
        let paint = Paint.linearGradient([.black, .white], from: .topLeading, to: .bottomTrailing)
        let pixmap = try paint.render(width: 200, height: 100)
        // Moving (+1, -2) keeps the projection on (200, 100): 1·200 − 2·100 = 0.
        XCTAssertEqual(pixmap[50, 60], pixmap[51, 58])
        XCTAssertNotEqual(pixmap[50, 60], pixmap[51, 59])
    }

    /// Black to white, each pixel's gray level worked out here from the pixel centre's distance or angle
    /// (SwiftUI's radial, elliptical and angular rules written out a second time, in degrees where the
    /// engine works in radians), within one level of rounding.
    func testRadialEllipticalAndAngularGradientsFollowTheirDefinitions() throws {
        let stops = [GradientStop(color: .black, location: 0), GradientStop(color: .white, location: 1)]
        let (width, height, scale) = (60, 40, 2.0)
        func level(_ t: Double) -> Double { 255 * min(max(t.isNaN ? 0 : t, 0), 1) }
        let cases: [(Paint.Kind, (Double, Double) -> Double)] = [
            // Circles about (7.5, 10) points (the view is 30×20 points) from radius 4 to 14 points.
            (
                .radialGradient(stops: stops, center: RelativePoint(x: 0.25, y: 0.5), startRadius: 4, endRadius: 14),
                { x, y in (hypot(x / scale - 7.5, y / scale - 10) - 4) / 10 }
            ),
            // Ellipses filling the 60×40 view from the middle; 0.5 reaches the edges.
            (
                .ellipticalGradient(stops: stops, center: .center, startRadiusFraction: 0, endRadiusFraction: 0.5),
                { x, y in hypot(x / 60 - 0.5, y / 40 - 0.5) / 0.5 }
            ),
            // A quarter turn from 90° (pointing down) to 180° (pointing leading); the gap shows white for
            // 135° after 180°, black after that.
            (
                .angularGradient(stops: stops, center: .center, startAngle: .pi / 2, endAngle: .pi),
                { x, y in
                    var degrees = atan2(y - 20, x - 30) * 180 / .pi
                    if degrees < 0 { degrees += 360 }
                    if degrees >= 90, degrees <= 180 { return (degrees - 90) / 90 }
                    return degrees > 180 && degrees < 315 ? 1 : 0
                }
            ),
            // Past a whole turn: from 0° to 450°, only the last turn (90° to 450°) is drawn.
            (
                .angularGradient(stops: stops, center: .center, startAngle: 0, endAngle: 2.5 * .pi),
                { x, y in
                    var degrees = atan2(y - 20, x - 30) * 180 / .pi
                    if degrees < 90 { degrees += 360 }
                    return degrees / 450
                }
            ),
        ]
        for (kind, t) in cases {
            let pixmap = try Paint(kind).render(width: width, height: height, scale: scale)
            var largest = 0.0
            for y in 0..<height {
                for x in 0..<width {
                    let expected = level(t(Double(x) + 0.5, Double(y) + 0.5))
                    let difference = abs(Double(pixmap[x, y].r) - expected)
                    // The gap's hard edge and the ends of an angle's range may fall either side at a pixel
                    // centre lying on them; every other pixel is within rounding.
                    if difference > 1 { largest = max(largest, difference) }
                }
            }
            XCTAssertEqual(largest, 0, "\(kind)")
        }
    }
}
