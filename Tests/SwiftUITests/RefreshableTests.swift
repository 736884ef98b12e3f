import RevealPlayer
import RevealRender
import SwiftUI
import XCTest

/// A list that a pull refreshes: a second of loading (on the scene clock), then a new first row.
private struct Feed: SwiftUI.View {
    @State private var items = ["First", "Second"]
    var body: some SwiftUI.View {
        List(items, id: \.self) { Text($0) }
            .refreshable {
                try? await Task.sleep(for: .seconds(1))
                items.insert("Fresh", at: 0)
            }
    }
}

/// `refreshable` as iOS's UIRefreshControl does it: a pull past the trigger, let go, holds the content down
/// under the spinner while the action runs; then the content springs back with what the action changed.
final class RefreshableTests: XCTestCase {
    private let phone = ViewScript(
        width: 390, height: 844, scale: 1, fps: 30, safeArea: Insets(top: 47, leading: 0, bottom: 34, trailing: 0))
    // The first row's middle at rest: the card 35 points under the safe area, the row 44 points high.
    private let firstY = 47.0 + 35 + 22

    /// The list after a finger pulls down `distance` points from y = 200 over 0.3 s and lifts at 0.4 s.
    private func views(pulling distance: Double, at time: Double) throws -> [LaidOutView] {
        var script = phone
        let steps = 12
        script.touches = [
            ViewScript.Touch(
                points: (0...steps).map {
                    .init(x: 200, y: 200 + distance * Double($0) / Double(steps), t: 0.1 + 0.025 * Double($0))
                }
                    + [.init(x: 200, y: 200 + distance, t: 0.4)])
        ]
        return try MainActor.assumeIsolated { try ViewPlayer(script: script) { Feed() }.layout(at: time) }
    }

    private func middle(_ text: String, _ laid: [LaidOutView]) throws -> Double {
        let frame = try XCTUnwrap(laid.first { $0.text == text }, text).frame
        return frame.y + frame.height / 2
    }

    func testAPullPastTheTriggerHoldsTheContentUnderTheSpinnerThenShowsWhatTheActionChanged() throws {
        // While the action runs, the content rests 60 points down (the control's height), the spinner above it.
        let held = try views(pulling: 300, at: 1)
        XCTAssertEqual(try middle("First", held), firstY + 60, accuracy: 0.5)
        XCTAssertNil(held.first { $0.text == "Fresh" })
        // The action returned at 1.4 s: the new row is first and the content is back at rest.
        let done = try views(pulling: 300, at: 2.5)
        XCTAssertEqual(try middle("Fresh", done), firstY, accuracy: 0.5)
        XCTAssertEqual(try middle("First", done), firstY + 44, accuracy: 0.5)
    }

    func testAShortPullSpringsBackWithoutRefreshing() throws {
        let laid = try views(pulling: 100, at: 2.5)
        XCTAssertEqual(try middle("First", laid), firstY, accuracy: 0.5)
        XCTAssertNil(laid.first { $0.text == "Fresh" })
    }
}
