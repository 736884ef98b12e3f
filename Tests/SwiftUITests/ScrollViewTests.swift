import Foundation
import RevealPlayer
import RevealRender
import SwiftUI
import XCTest

/// A button counting its taps between rows of text, 120 points down a scroll view.
private struct ScrollingList: SwiftUI.View {
    @State private var taps = 0
    var body: some SwiftUI.View {
        ScrollView {
            VStack(spacing: 0) {
                ForEach(0..<3, id: \.self) { row in
                    Text("Row \(row)").frame(width: 200, height: 40)
                }
                Button("Tapped \(taps)") { taps += 1 }
                    .frame(width: 200, height: 40)
                ForEach(3..<40, id: \.self) { row in
                    Text("Row \(row)").frame(width: 200, height: 40)
                }
            }
        }
    }
}

/// A horizontal strip of numbered 60-point tiles at the top of a vertical feed of rows.
private struct StripInFeed: SwiftUI.View {
    var body: some SwiftUI.View {
        ScrollView {
            VStack(spacing: 0) {
                strip
                ForEach(0..<20, id: \.self) { Text("Row \($0)").frame(width: 200, height: 40) }
            }
        }
    }
}

private var strip: some SwiftUI.View {
    ScrollView(.horizontal) {
        HStack(spacing: 0) {
            ForEach(0..<10, id: \.self) { Text("Tile \($0)").frame(width: 60, height: 50) }
        }
    }
}

/// Scrolling as UIKit scrolls: the deceleration rate, the rubber band and the bounce (`ScrollAxisMotion`), and
/// how a scroll view shares a touch with the buttons inside it.
final class ScrollViewTests: XCTestCase {
    /// A motion over content 10,000 points long in a 500-point viewport, released at `velocity` from 1,000.
    private func coast(_ velocity: Double, limit: Double = 9500) -> ScrollAxisMotion {
        var motion = ScrollAxisMotion()
        motion.limit = limit
        motion.viewport = 500
        motion.drag(by: 1000, at: 0)
        motion.release(velocity: velocity, at: 0)
        return motion
    }

    func testACoastKeepsUIKitsShareOfItsVelocityEachMillisecond() throws {
        // UIScrollView.DecelerationRate.normal: 0.998 of the velocity kept from one millisecond to the next,
        // measured as the ratio of successive millisecond steps, early and late in the coast.
        let motion = coast(2000)
        for t in [0.05, 0.5, 2.0] {
            let steps = (0..<3).map { motion.position(at: t + Double($0) * 0.001) }
            XCTAssertEqual((steps[2] - steps[1]) / (steps[1] - steps[0]), 0.998, accuracy: 1e-6, "at \(t) s")
        }
    }

    func testAFlicksTravelAndDuration() throws {
        // Travel: the velocity times the sum of 0.998^n milliseconds, v × 0.5 s (1,000 points for 2,000 points
        // a second, to within the continuous curve's 0.1 %). It stops when less than 0.1 point is left to go.
        let motion = coast(2000)
        let end = try XCTUnwrap(motion.settles)
        XCTAssertEqual(motion.position(at: end) - 1000, 2000 * 0.001 / (1 - 0.998), accuracy: 1.5)
        XCTAssertEqual(motion.position(at: end) - 1000, 2000 / (1000 * log(1 / 0.998)) - 0.1, accuracy: 1e-6)
        XCTAssertEqual(motion.position(at: 100), motion.position(at: end), "at rest after it stops")
        // The time for what is left, v / k, to fall from 999 to 0.1 points at k = 1000 ln(1/0.998) a second.
        XCTAssertEqual(end, log(2000 / (1000 * log(1 / 0.998)) / 0.1) / (1000 * log(1 / 0.998)), accuracy: 1e-9)
        XCTAssertEqual(end, 4.6, accuracy: 0.01)
        XCTAssertTrue(motion.isMoving(at: 4.5))
        XCTAssertFalse(motion.isMoving(at: 4.7))
    }

    func testPulledPastAnEndTheContentRubberBandsAndSpringsBackWithoutOvershooting() throws {
        var motion = ScrollAxisMotion()
        motion.limit = 1000
        motion.viewport = 500
        // A 100-point pull past the top shows (1 - 1 / (100 × 0.55 / 500 + 1)) × 500 = 49.5 points.
        motion.drag(by: -100, at: 0)
        XCTAssertEqual(motion.position(at: 0), -(1 - 1 / (100 * 0.55 / 500 + 1)) * 500, accuracy: 1e-9)
        XCTAssertEqual(motion.position(at: 0), -49.55, accuracy: 0.01)
        motion.release(velocity: 0, at: 1)
        let samples = stride(from: 1.0, through: 2, by: 0.01).map { motion.position(at: $0) }
        XCTAssertTrue(samples.allSatisfy { $0 <= 0 }, "a critically damped spring does not cross the end")
        XCTAssertTrue(zip(samples, samples.dropFirst()).allSatisfy { $0 <= $1 }, "it only moves back")
        XCTAssertEqual(motion.position(at: 1.5), 0, accuracy: 0.1, "back within half a second")
        XCTAssertEqual(try XCTUnwrap(motion.settles), 1.47, accuracy: 0.02)
    }

    func testACoastThatReachesTheEndGoesPastItAndComesBack() throws {
        let motion = coast(3000, limit: 1300)
        let samples = stride(from: 0.0, through: 3, by: 0.005).map { motion.position(at: $0) }
        let furthest = try XCTUnwrap(samples.max())
        XCTAssertGreaterThan(furthest, 1300 + 5)
        XCTAssertLessThan(furthest, 1300 + 200)
        XCTAssertEqual(motion.position(at: try XCTUnwrap(motion.settles)), 1300, accuracy: 0.1)
        XCTAssertEqual(motion.position(at: 10), motion.position(at: try XCTUnwrap(motion.settles)))
    }

    private func views(
        _ touches: [[TouchSample]], taps: [ViewScript.Tap] = [], at time: Double,
        _ view: @escaping @MainActor () -> any SwiftUI.View = { ScrollingList() }
    ) throws -> [LaidOutView] {
        var script = ViewScript(width: 200, height: 300, scale: 1, fps: 30, safeArea: Insets())
        script.touches = touches.map { ViewScript.Touch(points: $0) }
        script.taps = taps
        return try MainActor.assumeIsolated { try ViewPlayer(script: script, view: view).layout(at: time) }
    }

    private func button(_ views: [LaidOutView]) throws -> LaidOutView {
        try XCTUnwrap(views.first { $0.text?.hasPrefix("Tapped") == true })
    }

    func testADragScrollsTheContentAndDoesNotPressTheButtonItStartedOn() throws {
        // From the button, 140 points up in a tenth of a second, then held still: the content follows the
        // finger from where it had moved the 10 points it must move first, so 130 points; the button lets the
        // touch go, and its lifting does not press it.
        let held = [
            TouchSample(x: 100, y: 140, t: 0.1), TouchSample(x: 100, y: 0, t: 0.2),
            TouchSample(x: 100, y: 0, t: 0.6),
        ]
        let during = try button(try views([held], at: 0.4))
        XCTAssertEqual(during.text, "Tapped 0")
        let rest = try button(try views([], at: 0)).frame.y
        XCTAssertEqual(during.frame.y, rest - 130, accuracy: 1e-9)
        XCTAssertEqual(try button(try views([held], at: 0.7)).text, "Tapped 0")
    }

    func testInAStripInAFeedEachScrollViewTakesTheDragAlongItsOwnAxis() throws {
        /// A slow drag from (150, 25) by (`dx`, `dy`) in ten steps, held still before it lifts.
        func drag(_ dx: Double, _ dy: Double) -> [TouchSample] {
            var samples: [TouchSample] = []
            for step in 0...10 {
                let f = Double(step) / 10
                samples.append(TouchSample(x: 150 + dx * f, y: 25 + dy * f, t: 0.1 + 0.2 * f))
            }
            return samples + [TouchSample(x: 150 + dx, y: 25 + dy, t: 0.6)]
        }
        // Sideways on the strip: the strip scrolls by the drag less the 10-point slop (tile 0's middle from 30
        // to -40), the feed stays (row 0's middle at 50 + 20).
        let sideways = try views([drag(-80, 0)], at: 0.5) { StripInFeed() }
        XCTAssertEqual(try XCTUnwrap(sideways.first { $0.text == "Tile 0" }).frame.midX, -40, accuracy: 0.5)
        XCTAssertEqual(try XCTUnwrap(sideways.first { $0.text == "Row 0" }).frame.midY, 70, accuracy: 0.5)
        // Up from the strip: the feed scrolls by 140, the strip stays.
        let up = try views([drag(0, -150)], at: 0.5) { StripInFeed() }
        XCTAssertEqual(try XCTUnwrap(up.first { $0.text == "Tile 0" }).frame.midX, 30, accuracy: 0.5)
        XCTAssertEqual(try XCTUnwrap(up.first { $0.text == "Row 0" }).frame.midY, 70 - 140, accuracy: 0.5)
        // A strip that is a vertical scroll view's whole content keeps its own scrolling.
        let alone = try views([drag(-80, 0)], at: 0.5) { ScrollView { strip } }
        XCTAssertEqual(try XCTUnwrap(alone.first { $0.text == "Tile 0" }).frame.midX, -40, accuracy: 0.5)
    }

    func testADragBackToWhereItStartedStillDoesNotPressTheButton() throws {
        // The finger lifts inside the button's frame, but the scroll view took the touch on the way.
        let there = [
            TouchSample(x: 100, y: 140, t: 0.1), TouchSample(x: 100, y: 60, t: 0.2),
            TouchSample(x: 100, y: 140, t: 0.3),
        ]
        XCTAssertEqual(try button(try views([there], at: 0.6)).text, "Tapped 0")
    }

    func testAViewScrolledOutOfTheViewportCannotBeTouched() throws {
        // The scroll view starts 100 points down; its content scrolled 160 points up puts the button where a
        // color above the scroll view is, at y 60…100. A tap there reaches the color, not the button.
        let drag = [
            TouchSample(x: 100, y: 250, t: 0.1), TouchSample(x: 100, y: 80, t: 0.2),
            TouchSample(x: 100, y: 80, t: 0.6),
        ]
        let tap = ViewScript.Tap(t: 0.8, target: .point(x: 100, y: 80))
        let laid = try views([drag], taps: [tap], at: 1) {
            VStack(spacing: 0) {
                Color.gray.frame(height: 100)
                ScrollingList()
            }
        }
        let scrolled = try button(laid)
        XCTAssertEqual(scrolled.text, "Tapped 0")
        XCTAssertLessThan(scrolled.frame.y, 100, "the button is above the viewport")
        XCTAssertEqual(
            try button(
                try views([], taps: [ViewScript.Tap(t: 0.1, target: .point(x: 100, y: 240))], at: 0.5) {
                    VStack(spacing: 0) {
                        Color.gray.frame(height: 100)
                        ScrollingList()
                    }
                }
            ).text, "Tapped 1", "inside the viewport it is reached")
    }

    func testATouchThatDoesNotMoveReachesTheButton() throws {
        let tap = ViewScript.Tap(t: 0.1, target: .point(x: 100, y: 140))
        XCTAssertEqual(try button(try views([], taps: [tap], at: 0.3)).text, "Tapped 1")
    }

    func testScrollDisabledKeepsTheContentStill() throws {
        let drag = [TouchSample(x: 100, y: 250, t: 0.1), TouchSample(x: 100, y: 50, t: 0.2)]
        let rest = try button(try views([], at: 0)).frame.y
        XCTAssertLessThan(try button(try views([drag], at: 0.5)).frame.y, rest - 190)
        XCTAssertEqual(try button(try views([drag], at: 0.5)).text, "Tapped 0")
        let still = try views([drag], at: 0.5) { ScrollingList().scrollDisabled(true) }
        XCTAssertEqual(try button(still).frame.y, rest)
    }
}
