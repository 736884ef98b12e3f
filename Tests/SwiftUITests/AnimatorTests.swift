import Foundation
import RevealPlayer
import RevealRender
import SwiftUI
import XCTest

/// A 100×100-point screen at 1×, 10 frames a second, with no safe area.
private let screen = ViewScript(
    width: 100, height: 100, scale: 1, fps: 10, safeArea: Insets(),
    taps: [.init(t: 0.2, target: .point(x: 50, y: 50))])

/// Where the left edge of the ink (black on white) is, in pixels' worth of coverage along the middle row.
private func inkLeft(_ pixels: Pixmap) -> Double {
    var x = 0.0
    for column in 0..<pixels.width {
        let ink = Double(255 - Int(pixels.pixel(x: column, y: 50)?.r ?? 255)) / 255
        if ink > 0 { return Double(column) + 1 - ink }
        x = Double(column)
    }
    return x
}

/// A 10-point black square at the left of the screen's middle row, moved right by `x` points.
private struct Square: SwiftUI.View {
    var body: some SwiftUI.View {
        SwiftUI.Color.black.frame(width: 10, height: 10).frame(maxWidth: .infinity, alignment: .leading)
    }
}

/// The values of keyframe tracks against the curves worked out by hand, and the phase and keyframe
/// animators played on the scene clock.
final class AnimatorTests: XCTestCase {
    func testLinearMoveAndCubicKeyframesFollowTheirCurves() {
        let linear = KeyframeTimeline(initialValue: 0.0) {
            LinearKeyframe(10.0, duration: 1)
            LinearKeyframe(20.0, duration: 1)
        }
        XCTAssertEqual(linear.duration, 2)
        XCTAssertEqual(linear.value(time: 0.5), 5, accuracy: 1e-9)
        XCTAssertEqual(linear.value(time: 1.5), 15, accuracy: 1e-9)
        XCTAssertEqual(linear.value(time: 3), 20, accuracy: 1e-9)
        XCTAssertEqual(linear.value(progress: 0.25), 5, accuracy: 1e-9)
        // CSS's ease-in, cubic-bezier(0.42, 0, 1, 1), is 0.3153 at x = 0.5.
        let eased = KeyframeTimeline(initialValue: 0.0) { LinearKeyframe(1.0, duration: 1, timingCurve: .easeIn) }
        XCTAssertEqual(eased.value(time: 0.5), 0.3153, accuracy: 0.0005)
        let moved = KeyframeTimeline(initialValue: 0.0) {
            MoveKeyframe(5.0)
            LinearKeyframe(15.0, duration: 1)
        }
        XCTAssertEqual(moved.value(time: 0), 5, accuracy: 1e-9)
        XCTAssertEqual(moved.value(time: 0.5), 10, accuracy: 1e-9)
        // One cubic alone starts and ends at rest: smoothstep, 3s² − 2s³.
        let alone = KeyframeTimeline(initialValue: 0.0) { CubicKeyframe(10.0, duration: 1) }
        XCTAssertEqual(alone.value(time: 0.25), 10 * (3 * 0.0625 - 2 * 0.015625), accuracy: 1e-9)
        // Through 10 on the way to 20, the velocity there is Catmull–Rom's, (20 − 0) / 2 s: the Hermite
        // basis at s = ½ gives ½·10 − ⅛·10.
        let through = KeyframeTimeline(initialValue: 0.0) {
            CubicKeyframe(10.0, duration: 1)
            CubicKeyframe(20.0, duration: 1)
        }
        XCTAssertEqual(through.value(time: 0.5), 3.75, accuracy: 1e-9)
        XCTAssertEqual(through.value(time: 1), 10, accuracy: 1e-9)
    }

    func testSpringKeyframesStartFromTheValueAndVelocityTheyMeet() {
        // Critically damped, ω = 2π / 0.5 s: 1 − (1 + ωt)·e^(−ωt), which at t = ¼ s is 1 − (1 + π)e^(−π).
        let spring = KeyframeTimeline(initialValue: 0.0) {
            SpringKeyframe(1.0, duration: 0.5, spring: Spring(duration: 0.5, bounce: 0))
        }
        XCTAssertEqual(spring.value(time: 0.25), 1 - (1 + Double.pi) * exp(-Double.pi), accuracy: 1e-6)
        // Arriving at 10 moving at 10 a second, a spring to 10 overshoots by v·t·e^(−ωt) (ω = 2π, t = 0.1).
        let carried = KeyframeTimeline(initialValue: 0.0) {
            LinearKeyframe(10.0, duration: 1)
            SpringKeyframe(10.0, duration: 1, spring: Spring(response: 1, dampingRatio: 1))
        }
        XCTAssertEqual(carried.value(time: 1.1), 10 + 10 * 0.1 * exp(-2 * Double.pi * 0.1), accuracy: 1e-3)
    }

    func testTracksPlayTogetherAndTheTimelineLastsAsTheLongest() {
        struct Values {
            var x = 0.0
            var scale = 1.0
        }
        let timeline = KeyframeTimeline(initialValue: Values()) {
            KeyframeTrack(\.x) { LinearKeyframe(30.0, duration: 3) }
            KeyframeTrack(\.scale) { LinearKeyframe(2.0, duration: 1) }
        }
        XCTAssertEqual(timeline.duration, 3)
        XCTAssertEqual(timeline.value(time: 0.5).scale, 1.5, accuracy: 1e-9)
        XCTAssertEqual(timeline.value(time: 2).scale, 2, accuracy: 1e-9)
        XCTAssertEqual(timeline.value(time: 2).x, 20, accuracy: 1e-9)
    }

    func testAKeyframeAnimatorPlaysOnTheSceneClockAndRepeats() throws {
        try MainActor.assumeIsolated {
            var once = ViewPlayer(script: screen) {
                Square().keyframeAnimator(initialValue: 0.0, repeating: false) { content, x in
                    content.offset(x: x)
                } keyframes: { _ in
                    LinearKeyframe(40.0, duration: 1)
                }
            }
            XCTAssertEqual(inkLeft(try once.render(frame: 0)), 0, accuracy: 0.01)
            XCTAssertEqual(inkLeft(try once.render(frame: 5)), 20, accuracy: 0.01)
            XCTAssertEqual(inkLeft(try once.render(frame: 15)), 40, accuracy: 0.01)
            var again = ViewPlayer(script: screen) {
                Square().keyframeAnimator(initialValue: 0.0) { content, x in
                    content.offset(x: x)
                } keyframes: { _ in
                    LinearKeyframe(40.0, duration: 1)
                }
            }
            XCTAssertEqual(inkLeft(try again.render(frame: 15)), 20, accuracy: 0.01)
        }
    }

    func testAPhaseAnimatorStepsWhenEachAnimationCompletesAndATriggerRunsThePhasesOnce() throws {
        try MainActor.assumeIsolated {
            var cycling = ViewPlayer(script: screen) {
                Square().phaseAnimator([0.0, 40.0]) { content, x in
                    content.offset(x: x)
                } animation: { _ in
                    .linear(duration: 1)
                }
            }
            // To 40 over the first second, then back to 0 over the next.
            XCTAssertEqual(inkLeft(try cycling.render(frame: 5)), 20, accuracy: 0.01)
            XCTAssertEqual(inkLeft(try cycling.render(frame: 10)), 40, accuracy: 0.01)
            XCTAssertEqual(inkLeft(try cycling.render(frame: 15)), 20, accuracy: 0.01)
            // A tap at 0.2 s changes the trigger: 0 → 40 → 80 → 0, each step half a second, then it rests.
            var triggered = ViewPlayer(script: screen) { TriggeredPhases() }
            XCTAssertEqual(inkLeft(try triggered.render(frame: 1)), 0, accuracy: 0.01)
            XCTAssertEqual(inkLeft(try triggered.render(frame: 7)), 40, accuracy: 0.01)
            XCTAssertEqual(inkLeft(try triggered.render(frame: 12)), 80, accuracy: 0.01)
            XCTAssertEqual(inkLeft(try triggered.render(frame: 17)), 0, accuracy: 0.01)
            XCTAssertEqual(inkLeft(try triggered.render(frame: 25)), 0, accuracy: 0.01)
        }
    }
}

/// Phases run once by a tap.
private struct TriggeredPhases: SwiftUI.View {
    @State private var taps = 0

    var body: some SwiftUI.View {
        Square()
            .phaseAnimator([0.0, 40.0, 80.0], trigger: taps) { content, x in
                content.offset(x: x)
            } animation: { _ in
                .linear(duration: 0.5)
            }
            .contentShape(Rectangle())
            .onTapGesture { taps += 1 }
    }
}

/// A red square inserted on appearing, through `.blurReplace`, over a linear second.
private struct BlurredIn: SwiftUI.View {
    @State private var shown = false

    var body: some SwiftUI.View {
        ZStack {
            if shown {
                SwiftUI.Color(red: 1, green: 0, blue: 0).frame(width: 60, height: 30).transition(.blurReplace)
            }
        }
        .frame(width: 100, height: 100)
        .onAppear { withAnimation(.linear(duration: 1)) { shown = true } }
    }
}

/// `.blurReplace` against the values it is made of: opacity 0, a blur of radius 7 and a scale of 0.9 away
/// from identity.
final class BlurReplaceTests: XCTestCase {
    func testABlurReplacedViewFadesUnblursAndGrowsIn() throws {
        try MainActor.assumeIsolated {
            var player = ViewPlayer(
                script: ViewScript(width: 100, height: 100, scale: 1, fps: 10, safeArea: Insets())
            ) {
                BlurredIn()
            }
            func centre(_ pixels: Pixmap) -> [Int] {
                let p = pixels.pixel(x: 50, y: 50)
                return [Int(p?.r ?? 0), Int(p?.g ?? 0), Int(p?.b ?? 0)]
            }
            XCTAssertEqual(centre(try player.render(frame: 0)), [255, 255, 255], "transparent as it comes in")
            // Half way: half opaque (the blur of 3.5 points leaves the middle of a 60×30 square red), and 0.95
            // of its width: the edge's middle, where the blur leaves half the ink, at 50 − 28.5.
            let halfWay = try player.render(frame: 5)
            let half = centre(halfWay)
            XCTAssertEqual(half[0], 255)
            XCTAssertEqual(Double(half[1]), 127.5, accuracy: 2)
            let left = (0..<100).first { (halfWay.pixel(x: $0, y: 50)?.g ?? 255) < 191 } ?? 0
            XCTAssertEqual(left, 22, accuracy: 1)
            XCTAssertEqual(centre(try player.render(frame: 10)), [255, 0, 0])
        }
    }
}
