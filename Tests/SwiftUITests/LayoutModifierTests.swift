import Foundation
import RevealPlayer
import RevealRender
import SwiftUI
import XCTest

/// A 200×200-point screen at 1×, with no safe area.
private let screen = ViewScript(width: 200, height: 200, scale: 1, fps: 10, safeArea: Insets())

@MainActor private func laidOut(_ kind: String, _ view: @escaping @MainActor () -> any SwiftUI.View) throws
    -> [LaidOutView]
{
    try ViewPlayer(script: screen, view: view).layout(at: 0).filter { $0.kind == kind }
}

@MainActor private func pixels(_ view: @escaping @MainActor () -> any SwiftUI.View) throws -> Pixmap {
    var player = ViewPlayer(script: screen, view: view)
    return try player.render(frame: 0)
}

/// The columns of row range `rows` that have ink (a red channel below 128).
private func inkColumns(_ pixels: Pixmap, rows: Range<Int>) -> [Int] {
    (0..<pixels.width).filter { x in rows.contains { y in (pixels.pixel(x: x, y: y)?.r ?? 255) < 128 } }
}

/// `fixedSize`, `layoutPriority`, `aspectRatio`, `zIndex`, ideal frames and the text layout modifiers, as
/// SwiftUI documents them, against sizes worked out by hand.
final class LayoutModifierTests: XCTestCase {
    func testAFixedSizeViewTakesItsIdealSizeOnTheAxesMarkedWhateverItIsOffered() throws {
        try MainActor.assumeIsolated {
            let words = "A line of several words"
            let ideal = try XCTUnwrap(try laidOut("text") { Text(words) }.first).frame
            let wrapped = try XCTUnwrap(try laidOut("text") { Text(words).frame(width: 60) }.first).frame
            XCTAssertGreaterThan(wrapped.height, ideal.height, "offered 60 points, the text wraps")
            let fixed = try XCTUnwrap(
                try laidOut("text") { Text(words).fixedSize(horizontal: true, vertical: false).frame(width: 60) }.first
            ).frame
            // One line as wide as it likes, centred on the 60-point frame (which is centred on the screen).
            XCTAssertEqual(fixed.width, ideal.width)
            XCTAssertEqual(fixed.height, ideal.height)
            XCTAssertEqual(fixed.x, 100 - ideal.width / 2, accuracy: 1e-9)
            // An ideal frame is the size of a view offered nothing.
            let box = try XCTUnwrap(
                try laidOut("paint") { Color.red.frame(idealWidth: 30, idealHeight: 20).fixedSize() }.first)
            XCTAssertEqual(box.frame, Rect(x: 85, y: 90, width: 30, height: 20))
        }
    }

    func testAStackOffersRoomToHigherPrioritiesFirstKeepingBackWhatTheLowerNeedAtLeast() throws {
        try MainActor.assumeIsolated {
            let even = try laidOut("paint") {
                HStack(spacing: 0) {
                    Color.red.frame(minWidth: 20)
                    Color.blue
                }
            }
            XCTAssertEqual(even.map(\.frame.width), [100, 100], "equally flexible: an equal share each")
            let ranked = try laidOut("paint") {
                HStack(spacing: 0) {
                    Color.red.frame(minWidth: 20)
                    Color.blue.layoutPriority(1)
                }
            }
            // The blue view is offered 200 less the red one's least width, 20; the red one what is left.
            XCTAssertEqual(ranked.map(\.frame.width), [20, 180])
            XCTAssertEqual(ranked.map(\.frame.x), [0, 20])
            // A priority set inside other modifiers still counts (traits pass through modifiers).
            let wrapped = try laidOut("paint") {
                HStack(spacing: 0) {
                    Color.red.frame(minWidth: 20)
                    Color.blue.layoutPriority(1).padding(0).opacity(1)
                }
            }
            XCTAssertEqual(wrapped.map(\.frame.width), [20, 180])
        }
    }

    func testAnAspectRatioFitsInOrCoversItsOfferAndWithoutARatioTakesTheViewsOwn() throws {
        try MainActor.assumeIsolated {
            let fit = try laidOut("paint") { Color.red.aspectRatio(2, contentMode: .fit) }
            XCTAssertEqual(fit.map(\.frame), [Rect(x: 0, y: 50, width: 200, height: 100)])
            let fill = try laidOut("paint") { Color.red.aspectRatio(CGSize(width: 2, height: 1), contentMode: .fill) }
            XCTAssertEqual(fill.map(\.frame), [Rect(x: -100, y: 0, width: 400, height: 200)])
            let inWidth = try laidOut("paint") { Color.red.aspectRatio(0.5, contentMode: .fit).frame(width: 40) }
            // 40 wide in a 40-wide frame offered the screen's height: 40 × 80, centred.
            XCTAssertEqual(inWidth.map(\.frame), [Rect(x: 80, y: 60, width: 40, height: 80)])
            // Without a ratio, a view's ideal size gives it: a 30×10 ideal fitted to the screen is 200×66.67.
            let own = try laidOut("paint") { Color.red.frame(idealWidth: 30, idealHeight: 10).scaledToFit() }
            XCTAssertEqual(try XCTUnwrap(own.first).frame.width, 200, accuracy: 1e-9)
            XCTAssertEqual(try XCTUnwrap(own.first).frame.height, 200.0 / 3, accuracy: 1e-9)
        }
    }

    func testASafeAreaInsetTakesItsRoomAlongItsEdgeAndInsetsTheView() throws {
        // SwiftUI: "the modified view is inset by the height of content": on the 200-point screen, a 50-point
        // bar at the bottom 10 points below a view that fills the 140 points left above it; at the leading edge,
        // a 30-point column.
        let bottom = try MainActor.assumeIsolated {
            try laidOut("shape") {
                Rectangle().fill(.red)
                    .safeAreaInset(edge: .bottom, spacing: 10) { Rectangle().fill(.blue).frame(height: 50) }
            }
        }
        XCTAssertEqual(
            bottom.map(\.frame),
            [Rect(x: 0, y: 0, width: 200, height: 140), Rect(x: 0, y: 150, width: 200, height: 50)])
        let leading = try MainActor.assumeIsolated {
            try laidOut("shape") {
                Rectangle().fill(.red)
                    .safeAreaInset(edge: .leading, spacing: 0) { Rectangle().fill(.blue).frame(width: 30) }
            }
        }
        XCTAssertEqual(
            leading.map(\.frame),
            [Rect(x: 0, y: 0, width: 30, height: 200), Rect(x: 30, y: 0, width: 170, height: 200)])
    }

    func testAHigherZIndexIsDrawnOverItsLaterSiblings() throws {
        try MainActor.assumeIsolated {
            let plain = try pixels {
                ZStack {
                    Color.red.frame(width: 50, height: 50)
                    Color.blue.frame(width: 50, height: 50)
                }
            }
            XCTAssertEqual(plain.pixel(x: 100, y: 100)?.b, 255, "the later sibling on top")
            let raised = try pixels {
                ZStack {
                    Color.red.frame(width: 50, height: 50).zIndex(1)
                    Color.blue.frame(width: 50, height: 50)
                }
            }
            // System red is (255, 59, 48), system blue (0, 122, 255).
            XCTAssertEqual(raised.pixel(x: 100, y: 100)?.r, 255, "the raised sibling on top")
            XCTAssertLessThan(raised.pixel(x: 100, y: 100)?.b ?? 255, 128)
        }
    }

    func testLineSpacingAddsBetweenLinesAndLinesLineUpAsTheTextAlignmentSays() throws {
        try MainActor.assumeIsolated {
            let two = { (spacing: CGFloat) in
                try XCTUnwrap(
                    try laidOut("text") { Text("ii mmmmmm").lineSpacing(spacing).frame(width: 80) }.first
                ).frame.height
            }
            XCTAssertEqual(try two(10) - two(0), 10, "one gap between two lines")
            for (alignment, edge) in [
                (SwiftUI.TextAlignment.leading, "leading"), (SwiftUI.TextAlignment.trailing, "trailing"),
            ] {
                let image = try pixels {
                    Text("ii mmmmmm").font(.system(size: 30)).multilineTextAlignment(alignment)
                        .frame(width: 150)
                }
                let text = try XCTUnwrap(
                    try laidOut("text") {
                        Text("ii mmmmmm").font(.system(size: 30)).multilineTextAlignment(alignment)
                            .frame(width: 150)
                    }.first
                ).frame
                let middle = Int(text.y + text.height / 2)
                let first = inkColumns(image, rows: Int(text.y)..<middle)
                let second = inkColumns(image, rows: middle..<Int(text.y + text.height))
                let (a, b) =
                    edge == "leading"
                    ? (try XCTUnwrap(first.first), try XCTUnwrap(second.first))
                    : (try XCTUnwrap(first.last), try XCTUnwrap(second.last))
                // The lines' ink starts (ends) within the glyphs' side bearings of each other.
                XCTAssertEqual(Double(a), Double(b), accuracy: 4, edge)
                XCTAssertGreaterThan(second.count, first.count * 2, "the second line is the longer one")
            }
        }
    }
}
