import Foundation
import RevealPlayer
import RevealRender
import SwiftUI
import XCTest

/// Shows the scene times of the ticks of a timer of 0.3 s; a tap at 0.45 s evaluates its body again between
/// two ticks.
private struct Ticker: SwiftUI.View {
    @State private var ticks: [String] = []
    @State private var taps = 0
    private let timer = Timer.publish(every: 0.3, on: .main, in: .common).autoconnect()

    var body: some SwiftUI.View {
        Text(ticks.joined(separator: " ") + " taps \(taps)")
            .frame(width: 100, height: 40).contentShape(Rectangle())
            .onTapGesture { taps += 1 }
            .onReceive(timer) { date in
                ticks.append(String(format: "%.1f", SceneClock.time(of: date)))
            }
    }
}

/// `Ticker` inside a view of its own, so that each evaluation makes the ticker, and its timer, anew.
private struct Holder: SwiftUI.View {
    var body: some SwiftUI.View { Ticker() }
}

/// Combine's `Timer.publish` on the scene clock: a view's timer ticks as its frames go by.
final class SceneTimerTests: XCTestCase {
    func testATimerPublisherTicksOnTheSceneClock() throws {
        try MainActor.assumeIsolated {
            let script = ViewScript(
                width: 100, height: 40, scale: 1, fps: 10, safeArea: Insets(),
                taps: [.init(t: 0.45, target: .point(x: 50, y: 20))])
            let player = ViewPlayer(script: script) { Holder() }
            // Connected at 0, it ticks at 0.3, 0.6 and 0.9 by 1 s, whatever the wall clock does, and the
            // evaluation at 0.45, which makes a new timer, leaves the ticks where they were.
            XCTAssertEqual(try player.layout(at: 1).first { $0.text != nil }?.text, "0.3 0.6 0.9 taps 1")
        }
    }
}
