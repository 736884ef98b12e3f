import RevealTestSupport
import XCTest

@testable import RevealRender

/// The caches that let a view drawn again as it was skip its sweep and its gradient: what they hand back
/// is what the step makes, whatever was asked before, and they stay within their limit.
final class RenderCacheTests: XCTestCase {
    func testAValueIsMadeOnceAndTheOldestGoPastTheLimit() {
        let cache = RenderCache<Int, [UInt8]>(limit: 400) { _, value in value.count }
        var made = 0
        func value(_ key: Int) -> [UInt8] {
            cache.value(for: key) {
                made += 1
                return [UInt8](repeating: UInt8(key), count: 100)
            }
        }
        XCTAssertEqual(value(1), [UInt8](repeating: 1, count: 100))
        XCTAssertEqual(value(1), [UInt8](repeating: 1, count: 100))
        XCTAssertEqual(made, 1)
        for key in 2...6 { _ = value(key) }
        XCTAssertEqual(cache.contents.count, 4)
        XCTAssertEqual(cache.contents.bytes, 400)
        _ = value(1)  // the oldest went, so it is made again
        XCTAssertEqual(made, 7)
        _ = value(6)
        XCTAssertEqual(made, 7)
        // A value that would fill more than a quarter of the cache is handed back but not kept.
        _ = cache.value(for: 99) { [UInt8](repeating: 0, count: 101) }
        XCTAssertEqual(cache.contents.count, 4)
    }

    /// Two squares, the second inside the first and wound the same way: non-zero fills the inner one,
    /// even-odd leaves it clear. The same points with either rule, or in masks of other sizes, must not
    /// share a mask.
    func testMasksAreKeptByOutlineRuleAndSize() throws {
        var path = PixelPath()
        path.addRect(x: 1, y: 1, width: 8, height: 8)
        path.addRect(x: 3, y: 3, width: 4, height: 4)
        var rasterizer = Rasterizer()
        for evenOdd in [false, true, false] {
            path.evenOdd = evenOdd
            for (width, height) in [(10, 10), (6, 10), (10, 6)] {
                let kept = try rasterizer.coverage(of: path, width: width, height: height)
                var swept = try Mask(width: width, height: height)
                var fresh = Rasterizer()
                fresh.fill(path, into: &swept, rows: RowRange(0, height))
                XCTAssertEqual(kept, swept, "evenOdd \(evenOdd), \(width)×\(height)")
            }
            XCTAssertEqual(try rasterizer.coverage(of: path, width: 10, height: 10)[5, 5], evenOdd ? 0 : 255)
        }
        // A point a ulp away is another outline.
        var moved = path
        moved.translate(by: Point(x: 0.5, y: 0))
        XCTAssertNotEqual(
            try rasterizer.coverage(of: moved, width: 10, height: 10),
            try rasterizer.coverage(of: path, width: 10, height: 10))
    }

    /// A gradient's picture depends on its view's size, the part drawn and the opacity: each asked after
    /// the others still matches its pixels worked out one by one.
    func testGradientPicturesAreKeptByFieldRegionAndOpacity() throws {
        let paint = Paint.linearGradient(
            [RGBAColor(red: 1, green: 0, blue: 0), RGBAColor(red: 0, green: 0, blue: 1)],
            from: RelativePoint(x: 0, y: 0), to: RelativePoint(x: 1, y: 1))
        let regions = [
            PixelBox(x: 0, y: 0, width: 16, height: 8), PixelBox(x: 4, y: 2, width: 16, height: 8),
            PixelBox(x: 0, y: 0, width: 8, height: 16),
        ]
        for opacity in [1.0, 0.5, 1.0] {
            var faded = paint
            faded.opacity = opacity
            for (width, height) in [(24, 24), (40, 12)] {
                for region in regions {
                    let picture = try faded.render(width: width, height: height, region: region, scale: 2)
                    let field = try XCTUnwrap(GradientField(faded.kind, width: width, height: height, scale: 2))
                    for (x, y) in [(0, 0), (15, 7), (7, 3)] where x < region.width && y < region.height {
                        XCTAssertEqual(
                            picture[x, y], field.color(x: x + region.x, y: y + region.y, opacity: opacity),
                            "\(width)×\(height) \(region) at \(x),\(y), opacity \(opacity)")
                    }
                }
            }
        }
    }

    /// The allocator setting a program that draws frames starts with (FrameAllocations) takes on this C
    /// library: without it every frame faults in its pixmaps' pages again.
    func testFreedBlocksAreKeptOnGlibc() {
        #if canImport(Glibc)
            XCTAssertTrue(FrameAllocations.keepFreedBlocks())
        #endif
    }
}
