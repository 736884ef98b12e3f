import RevealTestSupport
import XCTest

@testable import RevealRender

/// A scroll view in layout: its size, where its content goes, what of the content reaches the display list,
/// and its indicators.
final class ScrollLayoutTests: XCTestCase {
    /// Fifty rows 40 points high in a vertical scroll view 120 points wide rows, on a 200 × 300 screen.
    private func screen(offset: Double, indicators: Double = 0) throws -> ViewScreen {
        let rows = (0..<50).map { i in
            ViewNode(.paint(.color(RGBAColor(red: Double(i) / 50, green: 0.5, blue: 0.5))))
                .modifier(.frame(FrameSpec(width: 120, height: 40)))
        }
        let content = ViewNode(.stack(.vertical, spacing: 0, alignment: .center, children: rows))
        let scroll = ViewNode(
            .scroll(
                ScrollSpec(
                    horizontal: false, vertical: true, offset: Point(x: 0, y: offset), indicatorOpacity: indicators),
                content: content))
        return try ViewScreen(
            scroll, width: 200, height: 300, safeArea: Insets(), ignoresSafeArea: true, scale: 1, fonts: .inter)
    }

    func testAVerticalScrollViewIsAsTallAsOfferedAndAsWideAsItsContent() throws {
        let views = try screen(offset: 0).laidOutViews
        let scroll = try XCTUnwrap(views.first { $0.kind == "scrollView" })
        XCTAssertEqual(scroll.frame, Rect(x: 40, y: 0, width: 120, height: 300))
        // The content is offered no height: all fifty rows, 2,000 points, from the viewport's top.
        let stack = try XCTUnwrap(views.first { $0.kind == "vstack" })
        XCTAssertEqual(stack.frame, Rect(x: 40, y: 0, width: 120, height: 2000))
    }

    func testTheOffsetMovesTheContentUp() throws {
        let stack = try XCTUnwrap(try screen(offset: 450).laidOutViews.first { $0.kind == "vstack" })
        XCTAssertEqual(stack.frame.y, -450)
    }

    func testOnlyWhatReachesTheViewportIsInTheDisplayList() throws {
        // At 450 points down, rows 11 to 18 show (440…760 covers the viewport's 450…750); a row within the 32
        // points a view is taken to reach past its frame is kept too: rows 10 and 19.
        let list = try screen(offset: 450).displayList
        XCTAssertEqual(list.items.count, 1)
        let inner = list.items[0].inner
        XCTAssertEqual(inner.map(\.frame.y), (10...19).map { Double($0 * 40 - 450) })
        XCTAssertEqual(inner.count, 10, "of fifty rows, only those near the viewport are drawn")
    }

    func testTheIndicatorIsTheViewportsShareOfTheContentAtItsPlace() throws {
        // Viewport 300 of content 2,000: a bar 3 points wide, 3 points in, on a track of 294 points, 44.1
        // long (294 × 300 / 2,000), at 450 / 1,700 of the way along what is left of the track.
        let list = try screen(offset: 450, indicators: 1).displayList
        XCTAssertEqual(list.items.count, 2)
        let bar = list.items[1].frame
        XCTAssertEqual(bar.x, 160 - 3 - 3, accuracy: 1e-9)
        XCTAssertEqual(bar.width, 3, accuracy: 1e-9)
        XCTAssertEqual(bar.height, 294 * 300 / 2000, accuracy: 1e-9)
        XCTAssertEqual(bar.y, 3 + 450 / 1700 * (294 - 44.1), accuracy: 1e-9)
        // Hidden, there is none.
        XCTAssertEqual(try screen(offset: 450, indicators: 0).displayList.items.count, 1)
    }

    func testPulledPastTheTopTheIndicatorShortensByTheOverscroll() throws {
        let bar = try screen(offset: -20, indicators: 1).displayList.items[1].frame
        XCTAssertEqual(bar.y, 3, accuracy: 1e-9)
        XCTAssertEqual(bar.height, 44.1 - 20, accuracy: 1e-9)
    }
}
