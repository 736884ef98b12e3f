import RevealPlayer
import RevealRender
import SwiftUI
import XCTest

/// Three fruits in a list, deletable with `onDelete`; a row with a tinted Pin on its leading edge; a row whose
/// own Flag replaces the Delete its `onDelete` would give it.
private struct Fruits: SwiftUI.View {
    @State private var fruits = ["Apple", "Banana", "Cherry"]
    @State private var pinned = "none"
    var body: some SwiftUI.View {
        List {
            ForEach(fruits, id: \.self) { fruit in Text(fruit) }
                .onDelete { fruits.remove(atOffsets: $0) }
            HStack {
                Text("Notes")
                Button("Open") { pinned = "opened" }
            }
            .swipeActions(edge: .leading) {
                Button("Pin") { pinned = "Notes" }.tint(.orange)
            }
            ForEach(["Kiwi"], id: \.self) { fruit in
                Text(fruit).swipeActions { Button("Flag") {} }
            }
            .onDelete { _ in }
            Text("pinned \(pinned)")
        }
    }
}

private let phone = ViewScript(
    width: 390, height: 844, scale: 1, fps: 30, safeArea: Insets(top: 47, leading: 0, bottom: 34, trailing: 0))

/// `swipeActions` and `onDelete` as iOS shows them: a drag from an edge uncovers the row's buttons, the first at
/// the edge; released past half their width the row stays open; a full swipe runs the edge's first button.
final class SwipeActionTests: XCTestCase {
    // The first row's middle: the card's first row, 35 points under the safe area, 44 points high.
    private let rowY = 47.0 + 35 + 22

    private func views(
        _ touches: [[(Double, Double)]], start: Double = 0.1, taps: [ViewScript.Tap] = [], at time: Double
    )
        throws -> [LaidOutView]
    {
        var script = phone
        script.touches = touches.map { stroke in
            ViewScript.Touch(
                points: stroke.enumerated().map { .init(x: $1.0, y: $1.1, t: start + Double($0) * 0.05) })
        }
        script.taps = taps
        return try MainActor.assumeIsolated { try ViewPlayer(script: script) { Fruits() }.layout(at: time) }
    }

    func testADragPastHalfTheButtonOpensTheRowOnItsDeleteButton() throws {
        // 50 points left (past half of Delete's 74), slowly: the row rests open, its text moved 74 points left.
        let drag = [(300.0, rowY), (290, rowY), (280, rowY), (270, rowY), (260, rowY), (250, rowY)]
        let laid = try views([drag], at: 1.5)
        let apple = try XCTUnwrap(laid.first { $0.text == "Apple" })
        XCTAssertEqual(apple.frame.x, 40 - 74, accuracy: 0.5)
        let delete = try XCTUnwrap(laid.first { $0.text == "Delete" })
        XCTAssertEqual(delete.frame.midX, 370 - 37, accuracy: 0.5, "at the card's trailing edge, 74 points wide")
        // A short drag springs back shut.
        let short = [(300.0, rowY), (295, rowY), (290, rowY), (285, rowY), (280, rowY), (280, rowY)]
        let shut = try views([short], at: 1.5)
        XCTAssertEqual(try XCTUnwrap(shut.first { $0.text == "Apple" }).frame.x, 40, accuracy: 0.5)
        XCTAssertNil(shut.first { $0.text == "Delete" })
    }

    func testTappingTheOpenDeleteButtonDeletesTheRow() throws {
        let drag = [(300.0, rowY), (290, rowY), (280, rowY), (270, rowY), (260, rowY), (250, rowY)]
        let tap = ViewScript.Tap(t: 1.5, target: .label("Delete"))
        let laid = try views([drag], taps: [tap], at: 2.5)
        XCTAssertNil(laid.first { $0.text == "Apple" })
        XCTAssertEqual(try XCTUnwrap(laid.first { $0.text == "Banana" }).frame.x, 40, accuracy: 0.5)
    }

    func testAFullSwipeDeletesAtOnce() throws {
        let swipe = (0..<8).map { (360.0 - Double($0) * 40, rowY) }
        let laid = try views([swipe], at: 2)
        XCTAssertNil(laid.first { $0.text == "Apple" })
    }

    func testTheLeadingEdgeShowsItsTintedButtonWhichRunsItsAction() throws {
        let notesY = rowY + 3 * 44
        let drag = [(60.0, notesY), (70, notesY), (80, notesY), (90, notesY), (100, notesY), (110, notesY)]
        let open = try views([drag], at: 1.5)
        XCTAssertEqual(try XCTUnwrap(open.first { $0.text == "Notes" }).frame.x, 40 + 74, accuracy: 0.5)
        let tap = ViewScript.Tap(t: 1.5, target: .label("Pin"))
        let pinned = try views([drag], taps: [tap], at: 2.5)
        XCTAssertNotNil(pinned.first { $0.text == "pinned Notes" })
        XCTAssertEqual(try XCTUnwrap(pinned.first { $0.text == "Notes" }).frame.x, 40, accuracy: 0.5, "closed again")
    }

    func testAButtonInASwipeableRowStillTakesItsTap() throws {
        let laid = try views([], taps: [ViewScript.Tap(t: 0.2, target: .label("Open"))], at: 0.5)
        XCTAssertNotNil(laid.first { $0.text == "pinned opened" })
    }

    func testATapOnAnotherRowClosesTheOpenOneAndDoesNothingElse() throws {
        // Apple open, then a tap on the Notes row's Open button: Apple closes, as a table view closes its open
        // row, and the button does not take the tap.
        let drag = [(300.0, rowY), (290, rowY), (280, rowY), (270, rowY), (260, rowY), (250, rowY)]
        let tap = ViewScript.Tap(t: 1.5, target: .label("Open"))
        let laid = try views([drag], taps: [tap], at: 2.5)
        XCTAssertEqual(try XCTUnwrap(laid.first { $0.text == "Apple" }).frame.x, 40, accuracy: 0.5, "closed")
        XCTAssertNotNil(laid.first { $0.text == "pinned none" })
        // With no row open, the same tap is the button's.
        let opened = try views([], taps: [ViewScript.Tap(t: 1.5, target: .label("Open"))], at: 2.5)
        XCTAssertNotNil(opened.first { $0.text == "pinned opened" })
    }

    func testARowsOwnSwipeActionsReplaceTheDeleteOfOnDelete() throws {
        let kiwiY = rowY + 4 * 44
        let drag = [(300.0, kiwiY), (290, kiwiY), (280, kiwiY), (270, kiwiY), (260, kiwiY), (250, kiwiY)]
        let laid = try views([drag], at: 1.5)
        XCTAssertNotNil(laid.first { $0.text == "Flag" })
        XCTAssertNil(laid.first { $0.text == "Delete" })
    }
}
