import CounterViews
import RevealSwiftUITesting
import XCTest

/// The SwiftUI view played through a script of taps: what VoiceOver reads, and the hint fading out.
final class CounterViewTests: XCTestCase {
    func testTappingAddCountsAndFadesTheHintOut() throws {
        try MainActor.assumeIsolated {
            let script = ViewScript(
                width: 300, height: 300, scale: 1, fps: 10, safeArea: Insets(),
                taps: [.init(t: 0.5, target: .label("Add"))])
            var player = ViewPlayer(script: script) { Counter() }
            // Played to the end of the fade: 0.5 s and 0.3 s of easeOut.
            XCTAssertEqual(player.frameCount, 9)
            XCTAssertEqual(
                try player.accessibilityElements(at: 0.4).map(\.label), ["Count 0", "Tap Add to count", "Add"])
            // Removed inside the animation: still drawn while it fades, but VoiceOver no longer reads it.
            XCTAssertEqual(try player.accessibilityElements(at: 0.6).map(\.label), ["Count 1", "Add"])
            let fading = try player.render(frame: 6)
            let gone = try player.render(frame: 8)
            XCTAssertNotEqual(fading, gone)
        }
    }

    /// The counter 0.2 s after the tap, its hint fading, against a golden looked at; and what
    /// VoiceOver reads then.
    func testTheCounterAfterATapMatchesItsGoldens() throws {
        let script = ViewScript(
            width: 300, height: 300, scale: 2, fps: 10, safeArea: Insets(),
            taps: [.init(t: 0.5, target: .label("Add"))])
        try assertGolden(of: Counter(), script: script, at: 0.7, named: "counter-fading")
        try assertAccessibility(of: Counter(), script: script, at: 0.7, named: "counter-fading")
    }
}
