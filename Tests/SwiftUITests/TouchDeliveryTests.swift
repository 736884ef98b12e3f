import RevealPlayer
import RevealRender
import SwiftUI
import XCTest

/// Counts the moves its drag gesture sees and says where the last one was.
private struct MoveCounter: SwiftUI.View {
    @State private var moves = 0
    @State private var last = CGPoint.zero
    var body: some SwiftUI.View {
        Text("moves \(moves) at \(Int(last.x))")
            .frame(width: 200, height: 100)
            .contentShape(Rectangle())
            .gesture(
                DragGesture(minimumDistance: 0).onChanged { value in
                    moves += 1
                    last = value.location
                })
    }
}

/// A task that never sleeps: each step yields, and the next is due at once.
private struct Spinner: SwiftUI.View {
    @State private var count = 0
    var body: some SwiftUI.View {
        Text("spins \(count)").task {
            while !Task.isCancelled {
                count += 1
                await Task.yield()
            }
        }
    }
}

/// How a finger's samples reach its gestures, and the budget of scheduled work, in the player itself (the library
/// a user's tests run views with).
final class TouchDeliveryTests: XCTestCase {
    /// A finger down at x = 0 moving right one point per sample, `rate` samples a second for `seconds`.
    private func swipe(rate: Double, seconds: Double) -> ViewScript {
        var script = ViewScript(width: 200, height: 100, scale: 1, fps: 10, safeArea: Insets())
        let count = Int(rate * seconds)
        script.touches = [
            .init(
                points: (0...count).map {
                    TouchSample(x: Double($0) * 180 / Double(count), y: 50, t: 0.1 + Double($0) / rate)
                })
        ]
        return script
    }

    private func label(_ script: ViewScript, at time: Double) throws -> String? {
        try MainActor.assumeIsolated {
            try ViewPlayer(script: script) { MoveCounter() }.layout(at: time).first { $0.text != nil }?.text
        }
    }

    func testSamplesAt120HzReachTheGestureEveryOne() throws {
        // 121 samples: the down and 120 moves, each seen (minimumDistance 0 reports the down too).
        XCTAssertEqual(try label(swipe(rate: 120, seconds: 1), at: 1.2), "moves 121 at 180")
    }

    func testSamplesFasterThanADeviceRecordsAreCoalescedIntoTheLast() throws {
        // 10,000 samples a second for a second: delivered as a device would, at most 240 a second, the last
        // sample always among them (UIKit's coalesced touches).
        let text = try XCTUnwrap(try label(swipe(rate: 10_000, seconds: 1), at: 1.2))
        let moves = try XCTUnwrap(Int(text.split(separator: " ")[1]))
        XCTAssertGreaterThan(moves, 200)
        XCTAssertLessThanOrEqual(moves, 242)
        XCTAssertTrue(text.hasSuffix(" at 180"), text)
    }

    func testWorkScheduledWithoutEndEndsAtTheJobBudget() throws {
        var script = ViewScript(width: 200, height: 100, scale: 1, fps: 10, safeArea: Insets(), until: 1)
        script.jobsPerFrame = 300
        XCTAssertThrowsError(
            try MainActor.assumeIsolated {
                var player = ViewPlayer(script: script) { Spinner() }
                _ = try player.render(frame: 1)
            }
        ) { error in
            XCTAssertEqual(
                (error as? ViewCodeError)?.description,
                "the view's code scheduled work without end: 300 jobs (task steps, DispatchQueue.main work) ran at t = 0 s without reaching the next frame; raise the budget with the script's jobsPerFrame or --jobs-per-frame"
            )
        }
    }
}
