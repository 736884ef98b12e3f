import Foundation
import RevealPlayer
import RevealRender
import SwiftUI
import XCTest

/// One finger: down at (50, 20) at `down`, held still, then moving to `to` by `move` and lifting at `up`.
private func finger(down: Double, up: Double, to: (x: Double, y: Double)? = nil, move: Double? = nil)
    -> ViewScript.Touch
{
    var points = [TouchSample(x: 50, y: 20, t: down)]
    if let to, let move {
        points.append(TouchSample(x: 50, y: 20, t: move - 0.1))
        points.append(TouchSample(x: to.x, y: to.y, t: move))
    }
    let last = points[points.count - 1]
    points.append(TouchSample(x: last.x, y: last.y, t: up))
    return .init(points: points)
}

private func script(_ touches: ViewScript.Touch...) -> ViewScript {
    ViewScript(width: 100, height: 40, scale: 1, fps: 10, safeArea: Insets(), touches: touches)
}

/// A screen-filling view that writes, with the time, what the gesture `make` builds reports.
private struct GestureProbe<G: Gesture>: SwiftUI.View {
    @State private var log: [String] = []
    @GestureState private var state = "idle"
    let make: (_ note: @escaping (String) -> Void) -> G
    let describe: (G.Value) -> String

    var body: some SwiftUI.View {
        let note: (String) -> Void = { log.append(String(format: "%.1f ", SceneClock.now) + $0) }
        Text((log + ["state " + state]).joined(separator: "; "))
            .frame(width: 100, height: 40).contentShape(Rectangle())
            .gesture(
                make(note).updating($state) { value, state, _ in state = describe(value) }
                    .onEnded { note("ended " + describe($0)) })
    }
}

@MainActor private func log<G: Gesture>(
    _ script: ViewScript, at time: Double = 2, _ make: @escaping (@escaping (String) -> Void) -> G,
    describe: @escaping (G.Value) -> String
) throws -> String? {
    let player = ViewPlayer(script: script) { GestureProbe(make: make, describe: describe) }
    return try player.layout(at: time).first { $0.text != nil }?.text
}

/// A gesture of the user's own, with a body: a long press of a second.
private struct HoldForASecond: Gesture {
    var body: some Gesture { LongPressGesture(minimumDuration: 1) }
}

/// LongPressGesture, TapGesture, sequenced, simultaneously, exclusively, map, optional gestures, gestures with a
/// body, and a drag's velocity, driven by scripted touches.
final class ComposedGestureTests: XCTestCase {
    func testALongPressIsTrueFromTheTouchAndEndsOnceHeldItsDuration() throws {
        try MainActor.assumeIsolated {
            // Down at 0.1, held: the state is true at once; the press ends at 0.6 (0.5 s), the finger still down.
            let held = script(finger(down: 0.1, up: 1.5))
            let make = { (_: @escaping (String) -> Void) in LongPressGesture() }
            XCTAssertEqual(try log(held, at: 0.3, make) { "\($0)" }, "state true")
            XCTAssertEqual(try log(held, at: 1, make) { "\($0)" }, "0.6 ended true; state idle")
            // Lifted at 0.4, before its time, or moved 30 points away at 0.3: it fails, and the state resets.
            XCTAssertEqual(try log(script(finger(down: 0.1, up: 0.4)), make) { "\($0)" }, "state idle")
            let moved = script(finger(down: 0.1, up: 1.5, to: (80, 20), move: 0.3))
            XCTAssertEqual(try log(moved, at: 0.35, make) { "\($0)" }, "state idle")
            XCTAssertEqual(try log(moved, make) { "\($0)" }, "state idle")
        }
    }

    func testAGestureWithABodyIsRecognizedAsItsBody() throws {
        try MainActor.assumeIsolated {
            let held = script(finger(down: 0.1, up: 1.5))
            XCTAssertEqual(try log(held, { _ in HoldForASecond() }) { "\($0)" }, "1.1 ended true; state idle")
        }
    }

    func testADragAfterALongPressStartsWhereThePressEnded() throws {
        try MainActor.assumeIsolated {
            // Held from 0.1 to 0.6, then moved 30 points right by 1.0, lifted at 1.2.
            let touch = script(finger(down: 0.1, up: 1.2, to: (80, 20), move: 1.0))
            let make = { (_: @escaping (String) -> Void) in LongPressGesture().sequenced(before: DragGesture()) }
            let describe = { (value: SequenceGesture<LongPressGesture, DragGesture>.Value) -> String in
                switch value {
                case .first(let pressing): return "first \(pressing)"
                case .second(let pressed, let drag):
                    return "second \(pressed) " + (drag.map { String(format: "%.0f", $0.translation.width) } ?? "nil")
                }
            }
            XCTAssertEqual(try log(touch, at: 0.3, make, describe: describe), "state first true")
            XCTAssertEqual(try log(touch, at: 0.7, make, describe: describe), "state second true nil")
            XCTAssertEqual(try log(touch, at: 1.1, make, describe: describe), "state second true 30")
            XCTAssertEqual(try log(touch, make, describe: describe), "1.2 ended second true 30; state idle")
            // Moved before the press ended: the sequence fails with its first gesture, and no drag follows.
            let early = script(finger(down: 0.1, up: 1.2, to: (80, 20), move: 0.3))
            XCTAssertEqual(try log(early, make, describe: describe), "state idle")
        }
    }

    func testADoubleTapNeedsTwoTapsWithinTheInterval() throws {
        try MainActor.assumeIsolated {
            let make = { (_: @escaping (String) -> Void) in TapGesture(count: 2).map { "tapped" } }
            let double = script(finger(down: 0.1, up: 0.15), finger(down: 0.3, up: 0.35))
            XCTAssertEqual(try log(double, { _ in TapGesture(count: 2) }) { "\($0)" }, "0.3 ended (); state idle")
            XCTAssertEqual(try log(double, make) { $0 }, "0.3 ended tapped; state idle")
            // The second tap 0.5 s after the first: too late (UIKit's 0.35 s), so no double tap.
            let slow = script(finger(down: 0.1, up: 0.15), finger(down: 0.7, up: 0.75))
            XCTAssertEqual(try log(slow, make) { $0 }, "state idle")
        }
    }

    func testAnExclusiveGestureFallsToItsSecondWhenTheFirstFails() throws {
        try MainActor.assumeIsolated {
            // A magnify and a double tap, as a zoomable view attaches them: one finger cannot magnify, so the
            // double tap is what ends.
            let make = { (_: @escaping (String) -> Void) in MagnifyGesture().exclusively(before: TapGesture(count: 2)) }
            let describe = { (value: ExclusiveGesture<MagnifyGesture, TapGesture>.Value) -> String in
                if case .first = value { return "magnify" }
                return "double tap"
            }
            let double = script(finger(down: 0.1, up: 0.15), finger(down: 0.3, up: 0.35))
            XCTAssertEqual(try log(double, make, describe: describe), "0.3 ended double tap; state idle")
        }
    }

    func testSimultaneousGesturesBothReport() throws {
        try MainActor.assumeIsolated {
            let touch = script(finger(down: 0.1, up: 1.2, to: (80, 20), move: 0.3))
            let make = { (_: @escaping (String) -> Void) in
                DragGesture(minimumDistance: 0).simultaneously(with: LongPressGesture())
            }
            let describe = { (value: SimultaneousGesture<DragGesture, LongPressGesture>.Value) -> String in
                (value.first.map { String(format: "drag %.0f", $0.translation.width) } ?? "no drag") + " "
                    + (value.second.map { "press \($0)" } ?? "no press")
            }
            // Both start at the touch; the move fails the press, and the drag goes on alone, its last value kept.
            XCTAssertEqual(try log(touch, at: 0.15, make, describe: describe), "state drag 0 press true")
            XCTAssertEqual(try log(touch, make, describe: describe), "1.2 ended drag 30 press true; state idle")
        }
    }

    func testAnOptionalGestureThatIsNilRecognizesNothing() throws {
        try MainActor.assumeIsolated {
            let held = script(finger(down: 0.1, up: 1.5))
            let none: LongPressGesture? = nil
            XCTAssertEqual(try log(held, { _ in none }) { (pressed: Bool) in "\(pressed)" }, "state idle")
            XCTAssertEqual(
                try log(held, { _ in Optional(LongPressGesture()) }) { "\($0)" }, "0.6 ended true; state idle")
        }
    }

    func testADragReportsItsVelocityAndWhereAFlickWouldCarryIt() throws {
        try MainActor.assumeIsolated {
            // 30 points right in the 0.1 s before 1.0: 300 points a second; the flick carries it a further
            // 300 × 0.499 = 150 points (UIKit's normal deceleration rate).
            let touch = script(finger(down: 0.1, up: 1.2, to: (80, 20), move: 1.0))
            let make = { (_: @escaping (String) -> Void) in DragGesture() }
            let describe = { (value: DragGesture.Value) -> String in
                String(format: "v %.0f end %.0f", value.velocity.width, value.predictedEndLocation.x)
            }
            XCTAssertEqual(try log(touch, at: 1.05, make, describe: describe), "state v 300 end 230")
        }
    }
}
