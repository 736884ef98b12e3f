import RevealPlayer
import RevealRender
import SwiftUI
import XCTest

/// A list in a stack, titled, with links that push a screen.
private struct Stacked: SwiftUI.View {
    var body: some SwiftUI.View {
        NavigationStack {
            List {
                NavigationLink("First") { Text("Detail").navigationTitle("Inner") }
                Text("Second")
            }
            .navigationTitle("Title")
        }
    }
}

private let phone = ViewScript(
    width: 390, height: 844, scale: 1, fps: 30, safeArea: Insets(top: 47, leading: 0, bottom: 34, trailing: 0))

/// The navigation bar at UIKit's sizes, and a push and a pop.
final class NavigationTests: XCTestCase {
    private func views(_ taps: [ViewScript.Tap] = [], at time: Double) throws -> [LaidOutView] {
        var script = phone
        script.taps = taps
        return try MainActor.assumeIsolated { try ViewPlayer(script: script) { Stacked() }.layout(at: time) }
    }

    func testALargeTitleSitsUnderTheBarAtTheLayoutMargin() throws {
        let laid = try views(at: 0)
        // UINavigationBar: 44 points, and a large-title area of 52 under it; the title at the 16-point margin.
        // The large title is largeTitle, 34 points (the bar's inline copy, 17 points, shows once it scrolls).
        let title = try XCTUnwrap(laid.first { $0.text == "Title" && $0.fontSize == 34 })
        XCTAssertEqual(title.frame.x, 16)
        XCTAssertGreaterThanOrEqual(title.frame.y, 47 + 44)
        XCTAssertLessThanOrEqual(title.frame.maxY, 47 + 44 + 52)
        // The list's first card starts under the large title: its row 35 points below the title area.
        let first = try XCTUnwrap(laid.first { $0.text == "First" })
        XCTAssertEqual(first.frame.y + first.frame.height / 2, 47 + 44 + 52 + 35 + 22, accuracy: 0.5)
    }

    func testATappedLinkPushesItsScreenWhichSlidesInAndItsBackButtonPopsIt() throws {
        let tapFirst = ViewScript.Tap(t: 0.1, target: .label("First"))
        // At rest after the push: the detail on screen, an inline title centred in the bar, a back button
        // titled after the screen pushed from.
        let pushed = try views([tapFirst], at: 1)
        let detail = try XCTUnwrap(pushed.first { $0.text == "Detail" })
        XCTAssertEqual(detail.frame.x + detail.frame.width / 2, 195, accuracy: 0.5)
        let inner = try XCTUnwrap(pushed.first { $0.text == "Inner" })
        XCTAssertEqual(inner.frame.x + inner.frame.width / 2, 195, accuracy: 0.5)
        XCTAssertEqual(inner.frame.y + inner.frame.height / 2, 47 + 22, accuracy: 0.5)
        XCTAssertNotNil(pushed.first { $0.text == "Title" && $0.frame.x < 100 }, "the back button's title")
        // Mid-push the detail is on its way in from the trailing edge: less than a screen's width from its place.
        let sliding = try XCTUnwrap(try views([tapFirst], at: 0.25).first { $0.text == "Detail" })
        XCTAssertGreaterThan(sliding.frame.x - detail.frame.x, 20)
        XCTAssertLessThan(sliding.frame.x - detail.frame.x, 390 - 20)
        // Back: the list again, at rest.
        let back = ViewScript.Tap(t: 1.2, target: .point(x: 40, y: 47 + 22))
        let popped = try views([tapFirst, back], at: 2)
        XCTAssertEqual(try XCTUnwrap(popped.first { $0.text == "First" }).frame.x, 40)
        XCTAssertNil(popped.first { $0.text == "Detail" && $0.frame.x < 390 })
    }
}

/// A stack with neither a title nor items, as apple-refs pair 24 snapshots it (400 × 1000 points, no safe area):
/// Apple's rendering has no bar and "Hello, world!" centred on the whole screen (its ink 493.7…509 points down).
final class EmptyNavigationBarTests: XCTestCase {
    func testAStackWithNothingInItsBarCentresItsContentOnTheScreen() throws {
        let script = ViewScript(width: 400, height: 1000, scale: 1, fps: 30, safeArea: Insets())
        let laid = try MainActor.assumeIsolated {
            try ViewPlayer(script: script) {
                NavigationStack {
                    VStack {
                        Text("Hello, world!")
                    }
                }
            }.layout(at: 0)
        }
        let text = try XCTUnwrap(laid.first { $0.text == "Hello, world!" })
        XCTAssertEqual(text.frame.y + text.frame.height / 2, 500, accuracy: 0.5)
        XCTAssertEqual(text.frame.x + text.frame.width / 2, 200, accuracy: 0.5)
    }
}
