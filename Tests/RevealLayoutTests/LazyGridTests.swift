import RevealTestSupport
import XCTest

@testable import RevealRender

/// A lazy grid's tracks as SwiftUI's `GridItem` documents them, and its views flowing into lines.
final class LazyGridTests: XCTestCase {
    private func spec(_ items: [LazyGridContent.Item], vertical: Bool = true) -> LazyGridSpec {
        LazyGridSpec(
            vertical: vertical, items: items, spacing: 8, alignment: NodeAlignment(horizontal: 0.5, vertical: 0.5))
    }

    private func item(_ size: LazyGridContent.Size, spacing: Double? = nil) -> LazyGridContent.Item {
        LazyGridContent.Item(size: size, spacing: spacing, alignment: nil)
    }

    func testAnAdaptiveItemFitsAsManyTracksOfItsMinimumAsTheLengthHolds() throws {
        // 358 points, tracks of at least 70 with 12 between: (358 + 12) / (70 + 12) = 4.5, so 4 tracks of
        // (358 - 3 × 12) / 4 = 80.5 points.
        let tracks = LayoutNode.lazyGridTracks(
            spec([item(.adaptive(minimum: 70, maximum: .infinity), spacing: 12)]), across: 358)
        XCTAssertEqual(tracks.map(\.length), [80.5, 80.5, 80.5, 80.5])
        XCTAssertEqual(tracks.map(\.offset), [0, 92.5, 185, 277.5])
    }

    func testFlexibleItemsShareWhatTheFixedOnesLeaveWithinTheirBounds() throws {
        // 300 points: a fixed 100, 8 points, then a flexible item takes the 192 left.
        XCTAssertEqual(
            LayoutNode.lazyGridTracks(
                spec([item(.fixed(100)), item(.flexible(minimum: 10, maximum: .infinity))]), across: 300
            )
            .map(\.length), [100, 192])
        // Two flexible items share 292; the first held to its 50-point maximum, the second takes the rest.
        XCTAssertEqual(
            LayoutNode.lazyGridTracks(
                spec([item(.flexible(minimum: 10, maximum: 50)), item(.flexible(minimum: 10, maximum: .infinity))]),
                across: 300
            ).map(\.length), [50, 242])
    }

    func testFixedTracksThatFillLessThanTheGridAreCentredInIt() throws {
        // Two 80-point columns 8 apart in 300 points: 168 points, centred 66 points in.
        let tracks = LayoutNode.lazyGridTracks(spec([item(.fixed(80)), item(.fixed(80))]), across: 300)
        XCTAssertEqual(tracks.map(\.offset), [66, 154])
    }

    func testAHorizontalGridsViewsFillItsRowsColumnByColumn() throws {
        // Three 40-point rows; seven 20 × 30 views: columns of three, 8 points apart, each as wide as its views.
        let cells = (0..<7).map { _ in
            ViewNode(.paint(.color(.black))).modifier(.frame(FrameSpec(width: 20, height: 30)))
        }
        let grid = ViewNode(
            .lazyGrid(
                LazyGridContent(
                    vertical: false, items: Array(repeating: item(.fixed(40)), count: 3), spacing: 8,
                    alignment: NodeAlignment(horizontal: 0.5, vertical: 0.5), children: cells)))
        let screen = try ViewScreen(
            grid.modifier(.fixedSize(horizontal: true, vertical: true)), width: 400, height: 400, safeArea: Insets(),
            ignoresSafeArea: true, scale: 1, fonts: .inter)
        let laid = screen.laidOutViews
        let view = try XCTUnwrap(laid.first { $0.kind == "lazyHGrid" })
        // Three columns (3 + 3 + 1 views): 20 + 8 + 20 + 8 + 20 wide; rows 40 + 8 + 40 + 8 + 40 high.
        XCTAssertEqual(view.frame.width, 76)
        XCTAssertEqual(view.frame.height, 136)
        let frames = laid.filter { $0.kind == "frame" && $0.frame.width == 20 }.map(\.frame)
        XCTAssertEqual(frames.count, 7)
        // The fourth view starts the second column, in the first row, centred in its 40-point cell.
        XCTAssertEqual(frames[3].x - frames[0].x, 28)
        XCTAssertEqual(frames[3].y, frames[0].y)
        XCTAssertEqual(frames[1].y - frames[0].y, 48)
        XCTAssertEqual(frames[0].y - view.frame.y, 5)
    }
}
