import Foundation
import RevealPlayer
import RevealRender
import SwiftUI
import XCTest

/// A view whose `.task` writes a log of what it did, on the scene's clock.
private struct Countdown: SwiftUI.View {
    @State private var log: [String] = []
    @State private var shown = true
    let id: Int

    var body: some SwiftUI.View {
        VStack {
            Text(log.joined(separator: ","))
            if shown {
                Text("child").task {
                    log.append("child")
                    try? await Task.sleep(for: .seconds(1))
                    // Cancelled when the child leaves at 0.5 s: the sleep ends early, by throwing.
                    log.append(Task.isCancelled ? "cancelled" : "child done")
                }
            }
        }
        .task {
            log.append("start")
            try? await Task.sleep(nanoseconds: 300_000_000)
            log.append("0.3")
            shown = false
            try? await Task.sleep(for: .milliseconds(200))
            log.append("0.5")
            try? await ContinuousClock().sleep(for: .seconds(0.25))
            log.append("0.75")
        }
        .task(id: id) { log.append("id \(id)") }
    }
}

/// The text the first `Text` shows after the events up to `time`.
@MainActor private func logText(_ player: ViewPlayer, at time: Double) throws -> String? {
    try player.layout(at: time).first { $0.text != nil }?.text
}

private let script = ViewScript(width: 200, height: 100, scale: 1, fps: 20, safeArea: Insets())

/// `.task` and `Task.sleep` run on the scene's clock, in time order with everything else.
final class TaskTests: XCTestCase {
    func testATaskSleepsForSceneTimeAndIsCancelledWhenItsViewDisappears() throws {
        try MainActor.assumeIsolated {
            let player = ViewPlayer(script: script) { Countdown(id: 1) }
            XCTAssertEqual(try logText(player, at: 0), "id 1,start,child")
            XCTAssertEqual(try logText(player, at: 0.29), "id 1,start,child")
            XCTAssertEqual(try logText(player, at: 0.3), "id 1,start,child,0.3,cancelled")
            XCTAssertEqual(try logText(player, at: 0.5), "id 1,start,child,0.3,cancelled,0.5")
            XCTAssertEqual(try logText(player, at: 0.74), "id 1,start,child,0.3,cancelled,0.5")
            XCTAssertEqual(try logText(player, at: 2), "id 1,start,child,0.3,cancelled,0.5,0.75")
            // The run lasts until the view last changed (the child's cancelled sleep, due at 1 s, changes
            // nothing).
            XCTAssertEqual(player.frameCount, 16)
        }
    }

    func testASleepLastsTheLengthItsCodeAskedForNotAReadingOfTheMachinesClock() throws {
        // 45.05 ms is 450.5 tenths of a millisecond: kept to the scene's tenth, the length asked for ends at
        // 45.1 ms. A length read back off the machine's clock, a moment after the deadline was read, comes
        // up short of the half and ends at 45.0 ms; on a loaded machine, milliseconds short (a CI flake).
        struct Nap: SwiftUI.View {
            @State private var log = "asleep"
            var body: some SwiftUI.View {
                Text(log).task {
                    try? await Task.sleep(for: .microseconds(45_050))
                    log = "awake"
                }
            }
        }
        try MainActor.assumeIsolated {
            let player = ViewPlayer(script: script) { Nap() }
            XCTAssertEqual(try logText(player, at: 0.045), "asleep")
            XCTAssertEqual(try logText(player, at: 0.0451), "awake")
        }
    }

    func testATaskWithAnIdStartsAgainWhenTheIdChanges() throws {
        struct Search: SwiftUI.View {
            @State private var query = 0
            @State private var log: [String] = []
            var body: some SwiftUI.View {
                Button(log.joined(separator: ",")) { query += 1 }
                    .frame(width: 200, height: 100)
                    .task(id: query) {
                        let started = query
                        log.append("start \(started)")
                        try? await Task.sleep(for: .seconds(0.4))
                        log.append(Task.isCancelled ? "cancelled \(started)" : "done \(started)")
                    }
            }
        }
        var tapped = script
        tapped.taps = [.init(t: 0.2, target: .point(x: 100, y: 50))]
        try MainActor.assumeIsolated {
            let player = ViewPlayer(script: tapped) { Search() }
            XCTAssertEqual(try logText(player, at: 0.1), "start 0")
            // The new task starts at once; the old one wakes from its cancelled sleep and hops back to the
            // main actor after that, at the same time.
            XCTAssertEqual(try logText(player, at: 0.2), "start 0,start 1,cancelled 0")
            XCTAssertEqual(try logText(player, at: 0.59), "start 0,start 1,cancelled 0")
            XCTAssertEqual(try logText(player, at: 0.6), "start 0,start 1,cancelled 0,done 1")
        }
    }

    func testATaskThatTicksForEverPlaysForTheForeverLength() throws {
        struct Ticker: SwiftUI.View {
            @State private var ticks = 0
            var body: some SwiftUI.View {
                Text("\(ticks)").task {
                    while !Task.isCancelled {
                        try? await Task.sleep(for: .seconds(0.1))
                        ticks += 1
                    }
                }
            }
        }
        try MainActor.assumeIsolated {
            let player = ViewPlayer(script: script) { Ticker() }
            XCTAssertEqual(player.frameCount, 61, "3 s at 20 fps, and the first frame")
            XCTAssertEqual(try logText(player, at: 1.05), "10")
        }
    }

    func testAFrameDrawnAloneEqualsTheSameFrameDrawnInSequence() throws {
        try MainActor.assumeIsolated {
            var sequence = ViewPlayer(script: script) { Countdown(id: 1) }
            var frames: [Pixmap] = []
            for index in 0..<sequence.frameCount { frames.append(try sequence.render(frame: index)) }
            for index in [5, 6, 10, 15] {
                var alone = ViewPlayer(script: script) { Countdown(id: 1) }
                XCTAssertEqual(try alone.render(frame: index), frames[index], "frame \(index)")
            }
        }
    }
}

/// The layout listing says where text is drawn: its frame's origin snapped to whole pixels.
final class TextOriginListingTests: XCTestCase {
    func testTheListingGivesTheSnappedOriginTheGlyphsAreDrawnFrom() throws {
        var screen = ViewScript(width: 100, height: 40, scale: 2, fps: 10, safeArea: Insets())
        screen.until = 0
        try MainActor.assumeIsolated {
            @MainActor func placed(_ x: CGFloat) -> ViewPlayer {
                ViewPlayer(script: screen) {
                    Text("Ag").padding(.leading, x).padding(.top, 5.2)
                        .frame(width: 100, height: 40, alignment: .topLeading)
                }
            }
            // 10.3 points is 20.6 pixels at 2x: drawn from pixel 21, 10.5 points; 5.2 is 10.4 pixels: pixel 10.
            var between = placed(10.3)
            let text = try XCTUnwrap(try between.layout(at: 0).first { $0.text != nil })
            XCTAssertEqual(text.frame.x, 10.3, accuracy: 1e-9)
            XCTAssertEqual(text.textOrigin, Point(x: 10.5, y: 5))
            // The same glyphs, in the same pixels, as a text whose frame starts on those whole pixels.
            var whole = placed(10.5)
            XCTAssertEqual(try between.render(frame: 0), try whole.render(frame: 0))
            var next = placed(11)
            XCTAssertNotEqual(try between.render(frame: 0), try next.render(frame: 0))
        }
    }
}
