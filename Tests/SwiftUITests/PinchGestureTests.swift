import Foundation
import RevealPlayer
import RevealRender
import SwiftUI
import XCTest

/// Two fingers going down 40 points apart on a line at 0.1 s, moving to `ends` by 0.3 s, lifting at 0.4 s.
private func pinch(to ends: (TouchSample, TouchSample)) -> ViewScript {
    var script = ViewScript(width: 200, height: 100, scale: 1, fps: 10, safeArea: Insets())
    script.touches = [
        .init(points: [
            TouchSample(x: 80, y: 50, t: 0.1), TouchSample(x: 80, y: 50, t: 0.2), ends.0,
            TouchSample(x: ends.0.x, y: ends.0.y, t: 0.4),
        ]),
        .init(points: [
            TouchSample(x: 120, y: 50, t: 0.1), TouchSample(x: 120, y: 50, t: 0.2), ends.1,
            TouchSample(x: ends.1.x, y: ends.1.y, t: 0.4),
        ]),
    ]
    return script
}

/// Spreading the fingers to 80 points apart: a magnification of 2.
private let spread = pinch(to: (TouchSample(x: 60, y: 50, t: 0.3), TouchSample(x: 140, y: 50, t: 0.3)))
/// Turning the line between the fingers from pointing right to pointing down: 90° clockwise on screen.
private let turn = pinch(to: (TouchSample(x: 100, y: 30, t: 0.3), TouchSample(x: 100, y: 70, t: 0.3)))

/// A screen-filling view that writes what its gestures report. The fingers move one after the other, so
/// values between the start and the end are reported on the way.
private struct PinchProbe: SwiftUI.View {
    @State private var log: [String] = []
    let simultaneous: Bool

    var body: some SwiftUI.View {
        let magnify = MagnifyGesture()
            .onChanged { log.append(String(format: "scale %.2f", $0.magnification)) }
            .onEnded {
                log.append(
                    String(
                        format: "scale ended %.2f at %.0f,%.0f", $0.magnification, $0.startLocation.x,
                        $0.startLocation.y))
            }
        let rotate = RotateGesture()
            .onChanged { log.append(String(format: "turn %.1f", $0.rotation.degrees)) }
            .onEnded { log.append(String(format: "turn ended %.1f", $0.rotation.degrees)) }
        let base = Text(log.joined(separator: ";")).frame(width: 200, height: 100).contentShape(Rectangle())
        if simultaneous {
            base.gesture(rotate).simultaneousGesture(magnify)
        } else {
            base.gesture(rotate).gesture(magnify)
        }
    }
}

@MainActor private func log(_ script: ViewScript, simultaneous: Bool = true) throws -> String? {
    let player = ViewPlayer(script: script) { PinchProbe(simultaneous: simultaneous) }
    return try player.layout(at: 0.5).first { $0.text != nil }?.text
}

/// `MagnifyGesture`, `RotateGesture` and `simultaneousGesture`, from two-finger scripts.
final class PinchGestureTests: XCTestCase {
    func testSpreadingTwoFingersMagnifiesByTheRatioOfTheirDistances() throws {
        try MainActor.assumeIsolated {
            // The first finger moves out (1.5), then the second (2). The fingers do not turn, so the rotation
            // never starts; holding them still reports nothing more.
            XCTAssertEqual(try log(spread), "scale 1.50;scale 2.00;scale ended 2.00 at 100,50")
        }
    }

    func testTurningTwoFingersRotatesClockwiseOnScreen() throws {
        try MainActor.assumeIsolated {
            // The first finger's move alone turns the line by 45°; the second's makes it 90°.
            XCTAssertEqual(try log(turn, simultaneous: false), "turn 45.0;turn 90.0;turn ended 90.0")
        }
    }

    func testASimultaneousGestureHearsTheTouchesTheOtherTakes() throws {
        // Turned 90° and spread to 80 points apart: after the first finger's move, the line points at
        // atan2(40, 20) = 63.4° and is √2000 / 40 = 1.12 times as long. Each touch reaches the inner view's
        // gesture first, as touches are handed out innermost first.
        let both = pinch(to: (TouchSample(x: 100, y: 10, t: 0.3), TouchSample(x: 100, y: 90, t: 0.3)))
        try MainActor.assumeIsolated {
            XCTAssertEqual(
                try log(both),
                "turn 63.4;scale 1.12;turn 90.0;scale 2.00;turn ended 90.0;scale ended 2.00 at 100,50")
            // Without simultaneousGesture the gesture met last, the inner, takes the touches alone.
            XCTAssertEqual(try log(both, simultaneous: false), "turn 63.4;turn 90.0;turn ended 90.0")
        }
    }

    func testOneFingerNeverMagnifies() throws {
        var one = spread
        one.touches.removeLast()
        try MainActor.assumeIsolated { XCTAssertEqual(try log(one), "") }
    }

    func testTheDeprecatedGesturesReportTheNumberAndTheAngleAlone() throws {
        struct Old: SwiftUI.View {
            @State private var scale: CGFloat = 1
            @GestureState private var live: CGFloat = 1
            var body: some SwiftUI.View {
                Text(String(format: "%.2f %.2f", scale, live))
                    .frame(width: 200, height: 100)
                    .contentShape(Rectangle())
                    .gesture(
                        MagnificationGesture().updating($live) { value, state, _ in state = value }
                            .onEnded { scale = $0 })
            }
        }
        try MainActor.assumeIsolated {
            let player = ViewPlayer(script: spread) { Old() }
            XCTAssertEqual(try player.layout(at: 0.3).first { $0.text != nil }?.text, "1.00 2.00")
            XCTAssertEqual(
                try player.layout(at: 0.5).first { $0.text != nil }?.text, "2.00 1.00",
                "the gesture state goes back when the gesture ends")
        }
    }
}
