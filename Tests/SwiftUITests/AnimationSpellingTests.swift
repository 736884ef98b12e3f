import Foundation
import RevealPlayer
import RevealRender
import XCTest

@testable import SwiftUI

/// A 100×20-point screen at 1×, 10 frames a second, tapped in the middle at 0.1 s.
private let tapped = ViewScript(
    width: 100, height: 20, scale: 1, fps: 10, safeArea: Insets(),
    taps: [.init(t: 0.1, target: .point(x: 50, y: 10))])

/// The left edge of the ink (black on white) along the middle row, in pixels' worth of coverage.
private func inkLeft(_ pixels: Pixmap) -> Double? {
    for column in 0..<pixels.width {
        let ink = Double(255 - Int(pixels.pixel(x: column, y: 10)?.r ?? 255)) / 255
        if ink > 0.001 { return Double(column) + 1 - ink }
    }
    return nil
}

/// A 10-point black square at the left, moved right by `x` (animatable) points.
private struct Slide: AnimatableModifier {
    var x: Double
    var animatableData: Double {
        get { x }
        set { x = newValue }
    }
    func body(content: Content) -> some SwiftUI.View {
        content.offset(x: x)
    }
}

/// A square that a tap sends 80 points right through `Slide`, with a linear second's animation given as
/// `binding`'s transaction (a toggle's binding through `Binding.animation`) or by `withAnimation`.
private struct Mover: SwiftUI.View {
    @State private var moved = false
    let throughBinding: Bool

    var body: some SwiftUI.View {
        let binding = throughBinding ? $moved.animation(.linear(duration: 1)) : $moved
        SwiftUI.Color.black.frame(width: 10, height: 10)
            .modifier(Slide(x: moved ? 80 : 0))
            .frame(width: 100, height: 20, alignment: .leading)
            .background(SwiftUI.Color.white)
            .onTapGesture { binding.wrappedValue.toggle() }
    }
}

/// A square inserted by a tap through `AnyTransition.modifier`: it slides in from 80 points right.
private struct Inserter: SwiftUI.View {
    @State private var shown = false

    var body: some SwiftUI.View {
        ZStack(alignment: .leading) {
            SwiftUI.Color.white
            if shown {
                SwiftUI.Color.black.frame(width: 10, height: 10)
                    .transition(.modifier(active: Slide(x: 80), identity: Slide(x: 0)))
            }
        }
        .frame(width: 100, height: 20)
        .onTapGesture { withAnimation(.linear(duration: 1)) { shown = true } }
    }
}

/// The spellings of animations, transitions and animatable modifiers that real code uses.
final class AnimationSpellingTests: XCTestCase {
    func testSpringSpellingsResolveAsApplesDo() {
        // `.spring()` is the response/damping spring (response 0.5, damping 0.825), not the newer
        // duration/bounce one, as with Apple's SDK.
        XCTAssertEqual(
            Animation.spring().curve, .base(.spring(SpringParameters(response: 0.5, dampingFraction: 0.825))))
        // A mass on a spring: response 2π·√(m/k), damping ratio c / (2·√(k·m)).
        guard case .base(.spring(let spring)) = Animation.interpolatingSpring(stiffness: 170, damping: 15).curve else {
            return XCTFail("not a spring")
        }
        XCTAssertEqual(spring.response, 2 * Double.pi / 170.0.squareRoot(), accuracy: 1e-12)
        XCTAssertEqual(spring.dampingFraction, 15 / (2 * 170.0.squareRoot()), accuracy: 1e-12)
        guard case .base(.spring(let heavy)) = Animation.interpolatingSpring(mass: 4, stiffness: 100, damping: 8).curve
        else { return XCTFail("not a spring") }
        XCTAssertEqual(heavy.response, 2 * Double.pi * 0.2, accuracy: 1e-12)
        XCTAssertEqual(heavy.dampingFraction, 0.2, accuracy: 1e-12)
    }

    func testASpringReadsBackItsParametersAndItsValueIsTheDampedOscillatorsStepResponse() {
        // Apple: the presets' bounces are 0, 0.15 ("the base bounce of 0.15") and 0.3, over 0.5 s; bounce
        // 0 is critically damped; negative bounces are overdamped.
        for (spring, bounce) in [(Spring.smooth, 0.0), (.snappy, 0.15), (.bouncy, 0.3), (Spring(bounce: -0.5), -0.5)] {
            XCTAssertEqual(spring.duration, 0.5)
            XCTAssertEqual(spring.bounce, bounce, accuracy: 1e-12)
        }
        XCTAssertEqual(Spring.bouncy.dampingRatio, 0.7, accuracy: 1e-12)
        XCTAssertEqual(Spring(bounce: -0.5).dampingRatio, 2, accuracy: 1e-12)
        let mass = Spring(mass: 1, stiffness: 100, damping: 10)
        XCTAssertEqual(mass.stiffness, 100, accuracy: 1e-9)
        XCTAssertEqual(mass.damping, 10, accuracy: 1e-9)
        // From 10 to 20 at rest: 10 + 10·(1 − e^(−ζωt)(cos ω_d t + ζω/ω_d sin ω_d t)), ω = 2π/response.
        let spring = Spring.bouncy
        let omega = 2 * Double.pi / 0.5
        let zeta = 0.7
        let damped = omega * (1 - zeta * zeta).squareRoot()
        for t in [0.05, 0.1, 0.2, 0.35, 0.6] {
            let step = 1 - exp(-zeta * omega * t) * (cos(damped * t) + zeta * omega / damped * sin(damped * t))
            XCTAssertEqual(
                spring.value(fromValue: 10.0, toValue: 20.0, initialVelocity: 0, time: t), 10 + 10 * step,
                accuracy: 1e-9)
            XCTAssertEqual(spring.value(target: 1.0, time: t), step, accuracy: 1e-12)
        }
        XCTAssertEqual(spring.value(fromValue: 10.0, toValue: 20.0, initialVelocity: 0, time: 0), 10)
    }

    func testAnAnimatableModifierAnimatesItsData() throws {
        try MainActor.assumeIsolated {
            // Without an animation the square jumps; with a linear second it is halfway at 0.6 s (0.5 s in).
            var still = ViewPlayer(script: tapped) { Mover(throughBinding: false) }
            XCTAssertEqual(try inkLeft(still.render(frame: 6)) ?? -1, 80, accuracy: 0.01)
            var animated = ViewPlayer(script: tapped) { Mover(throughBinding: true) }
            XCTAssertEqual(try inkLeft(animated.render(frame: 0)) ?? -1, 0, accuracy: 0.01)
            XCTAssertEqual(try inkLeft(animated.render(frame: 6)) ?? -1, 40, accuracy: 0.01)
            XCTAssertEqual(try inkLeft(animated.render(frame: 12)) ?? -1, 80, accuracy: 0.01)
        }
    }

    func testAModifierTransitionAnimatesFromItsActiveState() throws {
        try MainActor.assumeIsolated {
            var player = ViewPlayer(script: tapped) { Inserter() }
            XCTAssertNil(try inkLeft(player.render(frame: 0)))
            XCTAssertEqual(try inkLeft(player.render(frame: 6)) ?? -1, 40, accuracy: 0.01)
            XCTAssertEqual(try inkLeft(player.render(frame: 12)) ?? -1, 0, accuracy: 0.01)
        }
    }
}
