import RevealRaster
import XCTest

/// Buffers kept between layers: what comes out is always a transparent pixmap of the size asked, whatever the
/// buffer held, and what is kept stays under the limit.
final class PixmapPoolTests: XCTestCase {
    func testARecycledBufferComesBackTransparentAtTheSizeAsked() throws {
        let pool = PixmapPool(limit: 1 << 20)
        let white = try Pixmap(width: 100, height: 80, fill: PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255))
        pool.recycle(white)
        let smaller = try pool.transparent(width: 30, height: 20)
        XCTAssertEqual(smaller, try Pixmap(width: 30, height: 20))
        // Its memory is the recycled buffer's, not a new one.
        XCTAssertGreaterThanOrEqual(smaller.bytes.capacity, 100 * 80 * 4)
        XCTAssertEqual(try pool.transparent(width: 100, height: 80), try Pixmap(width: 100, height: 80))
    }

    func testThePoolKeepsNoMoreThanItsLimit() throws {
        let pool = PixmapPool(limit: 100 * 100 * 4)
        pool.recycle(try Pixmap(width: 100, height: 100))
        pool.recycle(try Pixmap(width: 100, height: 100))
        // One buffer fits the limit: the second request gets fresh memory of its own size.
        XCTAssertGreaterThanOrEqual(try pool.transparent(width: 10, height: 10).bytes.capacity, 100 * 100 * 4)
        XCTAssertLessThan(try pool.transparent(width: 10, height: 10).bytes.capacity, 100 * 100 * 4)
        XCTAssertThrowsError(try pool.transparent(width: 0, height: 10))
    }
}
