import Foundation
import RevealTestSupport
import XCTest

@testable import RevealRender

/// The animation curves both effects share, each against a reference computed here by other means:
/// Bézier timing against the CSS `cubic-bezier()` definition solved by bisection, springs against a
/// numerical integration of their equation of motion and against their exact turning points.
final class AnimationCurveTests: XCTestCase {
    // MARK: - Timing curves

    /// 0, 0.01, …, 1 and points close to either end, where a solver's tolerance in x matters most.
    static let fractions: [Double] = {
        let grid: [Double] = (0...100).map { Double($0) / 100 }
        let nearEnds: [Double] = [1e-6, 1e-4, 0.001, 0.999, 0.9999, 0.999999]
        return grid + nearEnds
    }()

    func testNamedCurvesFollowTheCSSDefinition() throws {
        // The CSS keywords' control points (CSS Easing Level 1, which Core Animation's named curves share).
        let css: [(name: String, points: [Double])] = [
            ("easeIn", [0.42, 0, 1, 1]), ("easeOut", [0, 0, 0.58, 1]), ("easeInOut", [0.42, 0, 0.58, 1]),
        ]
        for (name, p) in css {
            // Through the scene-file decoder, so the name → curve table is covered too.
            let curve = try timingCurve(named: name)
            for x in Self.fractions {
                let expected = CSSEasing.cubicBezier(p[0], p[1], p[2], p[3], at: x)
                XCTAssertEqual(curve.progress(at: x), expected, accuracy: 1e-6, "\(name) at \(x)")
            }
        }
        let linear = try timingCurve(named: "linear")
        for x in Self.fractions {
            XCTAssertEqual(linear.progress(at: x), x, accuracy: 1e-15, "linear at \(x)")
        }
    }

    func testCustomTimingCurvesFollowTheCSSDefinition() throws {
        let curves: [[Double]] = [
            [0.68, -0.55, 0.27, 1.55],  // "easeInOutBack": leaves 0...1 on both sides
            [0.1, 0.9, 0.2, 1],  // steep start
            [0, 1, 1, 0],  // flat in x at both ends, where Newton's derivative vanishes
            [0.9, 0.1, 0.1, 0.9],  // steep in the middle
            [0.25, 0.1, 0.25, 1],  // CSS "ease"
            [0.5, -3, 0.5, 4],  // y far outside 0...1
        ]
        for p in curves {
            let json = #"{"curve": {"timingCurve": [\#(p[0]), \#(p[1]), \#(p[2]), \#(p[3])]}, "duration": 2}"#
            let spec = try decodeAnimation(json)
            guard case .timing(let curve, let duration) = spec else { return XCTFail("\(json) is not a timing curve") }
            XCTAssertEqual(duration, 2)
            for x in Self.fractions {
                let expected = CSSEasing.cubicBezier(p[0], p[1], p[2], p[3], at: x)
                XCTAssertEqual(curve.progress(at: x), expected, accuracy: 1e-6, "\(p) at \(x)")
                XCTAssertEqual(spec.progress(after: 2 * x), expected, accuracy: 1e-6, "\(p) after \(2 * x) s")
            }
        }
    }

    func testCurvesHoldTheirEndsOutsideTheDuration() {
        for curve in [
            TimingCurve.linear, .easeIn, .easeOut, .easeInOut, .bezier(x1: 0.68, y1: -0.55, x2: 0.27, y2: 1.55),
        ] {
            XCTAssertEqual(curve.progress(at: -0.5), 0)
            XCTAssertEqual(curve.progress(at: 0), 0)
            XCTAssertEqual(curve.progress(at: 1), 1)
            XCTAssertEqual(curve.progress(at: 7), 1)
        }
        XCTAssertEqual(AnimationSpec.timing(.easeIn, duration: 0).progress(after: 0), 1, "a zero duration jumps")
    }

    func testSpotValues() {
        // Worked out by hand: easeInOut is symmetric about (0.5, 0.5); at the curve parameter s = 0.5,
        // easeIn has x = 3·¼·½·0.42 + 3·½·¼·1 + ⅛ = 0.6575 and y = 3·½·¼·1 + ⅛ = 0.5.
        XCTAssertEqual(TimingCurve.easeInOut.progress(at: 0.5), 0.5, accuracy: 1e-12)
        XCTAssertEqual(TimingCurve.easeIn.progress(at: 0.6575), 0.5, accuracy: 1e-9)
        // easeOut is easeIn turned half around: easeOut(1 − x) = 1 − easeIn(x).
        XCTAssertEqual(TimingCurve.easeOut.progress(at: 0.3425), 0.5, accuracy: 1e-9)
    }

    // MARK: - Springs

    /// x'' = −k·x − c·x' from x = −1 at rest (the spring's displacement from its target), by classical
    /// fourth-order Runge–Kutta with step `h`; returns 1 + x at each of `times` (ascending).
    static func integrateSpring(stiffness k: Double, damping c: Double, times: [Double], h: Double = 1e-4) -> [Double] {
        func acceleration(_ x: Double, _ v: Double) -> Double { -k * x - c * v }
        var x = -1.0
        var v = 0.0
        var t = 0.0
        var values: [Double] = []
        for target in times {
            while t < target - 1e-12 {
                let step = min(h, target - t)
                let k1x = v
                let k1v = acceleration(x, v)
                let k2x = v + step / 2 * k1v
                let k2v = acceleration(x + step / 2 * k1x, v + step / 2 * k1v)
                let k3x = v + step / 2 * k2v
                let k3v = acceleration(x + step / 2 * k2x, v + step / 2 * k2v)
                let k4x = v + step * k3v
                let k4v = acceleration(x + step * k3x, v + step * k3v)
                x += step / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
                v += step / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
                t += step
            }
            values.append(1 + x)
        }
        return values
    }

    func testSpringsMatchANumericalIntegrationOfTheirEquation() {
        let springs: [(String, SpringParameters)] = [
            ("underdamped", SpringParameters(response: 0.5, dampingFraction: 0.3)),
            ("lightly damped", SpringParameters(response: 0.9, dampingFraction: 0.05)),
            ("critically damped", SpringParameters(response: 0.5, dampingFraction: 1)),
            ("overdamped", SpringParameters(response: 0.5, dampingFraction: 2)),
            ("very overdamped", SpringParameters(response: 0.3, dampingFraction: 8)),
            ("just under critical", SpringParameters(response: 0.5, dampingFraction: 1 - 1e-9)),
            ("just over critical", SpringParameters(response: 0.5, dampingFraction: 1 + 1e-9)),
        ]
        let times = (0...300).map { Double($0) / 100 }  // 0 … 3 s
        for (name, spring) in springs {
            // SwiftUI's parameters: unit mass, stiffness (2π/response)², damping 4π·dampingFraction/response.
            let k = pow(2 * Double.pi / spring.response, 2)
            let c = 4 * Double.pi * spring.dampingFraction / spring.response
            let reference = Self.integrateSpring(stiffness: k, damping: c, times: times)
            var worst = 0.0
            for (t, expected) in zip(times, reference) {
                worst = max(worst, abs(spring.value(at: t) - expected))
            }
            XCTAssertLessThan(worst, 1e-6, "\(name): largest difference from the integration")
        }
        XCTAssertEqual(SpringParameters.bouncy.value(at: 0), 0)
        XCTAssertEqual(SpringParameters.bouncy.value(at: -1), 0, "at rest before it starts")
    }

    func testDurationAndBounceMapToResponseAndDampingFraction() {
        let cases: [(bounce: Double, damping: Double)] = [
            (0, 1), (0.3, 0.7), (0.15, 0.85), (1, 0), (-0.5, 2), (-0.75, 4),
        ]
        for (bounce, damping) in cases {
            let spring = SpringParameters(duration: 0.8, bounce: bounce)
            XCTAssertEqual(spring.response, 0.8, "bounce \(bounce)")
            XCTAssertEqual(spring.dampingFraction, damping, accuracy: 1e-12, "bounce \(bounce)")
        }
    }

    func testPresetsAreSwiftUIs() throws {
        // SwiftUI: .smooth, .snappy and .bouncy are duration 0.5 with bounce 0, 0.15 and 0.3.
        XCTAssertEqual(SpringParameters.smooth, SpringParameters(response: 0.5, dampingFraction: 1))
        XCTAssertEqual(SpringParameters.snappy.response, 0.5)
        XCTAssertEqual(SpringParameters.snappy.dampingFraction, 0.85, accuracy: 1e-12)
        XCTAssertEqual(SpringParameters.bouncy.response, 0.5)
        XCTAssertEqual(SpringParameters.bouncy.dampingFraction, 0.7, accuracy: 1e-12)
        // By name in a scene file, with the animation's duration as the spring's when given.
        XCTAssertEqual(try decodeAnimation(#"{"curve": "smooth"}"#), .spring(.smooth))
        XCTAssertEqual(try decodeAnimation(#"{"curve": "snappy"}"#), .spring(.snappy))
        XCTAssertEqual(try decodeAnimation(#"{"curve": "bouncy"}"#), .spring(.bouncy))
        XCTAssertEqual(
            try decodeAnimation(#"{"curve": "bouncy", "duration": 0.8}"#),
            .spring(SpringParameters(duration: 0.8, bounce: 0.3)))
        XCTAssertEqual(
            try decodeAnimation(#"{"curve": {"spring": {"response": 0.4, "dampingFraction": 0.6}}}"#),
            .spring(SpringParameters(response: 0.4, dampingFraction: 0.6)))
        XCTAssertEqual(
            try decodeAnimation(#"{"curve": {"spring": {"duration": 0.6, "bounce": -0.5}}}"#),
            .spring(SpringParameters(response: 0.6, dampingFraction: 2)))
    }

    /// `settlingTime` is the last time the spring is more than 0.001 from its target. An underdamped
    /// spring's displacement turns only at t = nπ/ω_d, where it is ±exp(−nπζ/√(1−ζ²)) (independent of
    /// the response), and is monotone in between; a critically or overdamped one is monotone. So the
    /// last excursion beyond 0.001 ends in the half period after the last turning point beyond it.
    func testSettlingTimeIsTheLastTimeOutsideTheThreshold() {
        let threshold = 0.001
        var springs = [
            SpringParameters.smooth, .snappy, .bouncy, SpringParameters(response: 0.5, dampingFraction: 2),
            SpringParameters(response: 1.3, dampingFraction: 0.05),
            SpringParameters(response: 0.2, dampingFraction: 1.5),
        ]
        // Damping fractions whose n-th turning point is just beyond the threshold: its excursion past
        // 0.001 lasts a tiny fraction of a period, so a scan in steps steps right over it.
        for n in 1...4 {
            let q = -log(threshold * (1 + 1e-7)) / (Double(n) * .pi)
            springs.append(SpringParameters(response: 0.5, dampingFraction: q / (1 + q * q).squareRoot()))
        }
        for spring in springs {
            let settle = spring.settlingTime
            let label = "response \(spring.response), dampingFraction \(spring.dampingFraction): settles at \(settle)"
            func outside(_ t: Double) -> Bool { abs(1 - spring.value(at: t)) > threshold }
            // At the boundary: outside just before (or exactly at) it, inside just after.
            XCTAssertTrue(outside(settle - 1e-9) || abs(abs(1 - spring.value(at: settle)) - threshold) < 1e-12, label)
            XCTAssertFalse(outside(settle + 1e-9), label)
            // Dense samples after it stay inside, for five settling times.
            for i in 1...20_000 {
                let t = settle + Double(i) * 5 * max(settle, 0.01) / 20_000
                if outside(t) {
                    XCTFail("\(label); outside again at \(t): \(spring.value(at: t))")
                    break
                }
            }
            let zeta = spring.dampingFraction
            if zeta < 1 {
                let omegaD = 2 * Double.pi / spring.response * (1 - zeta * zeta).squareRoot()
                let turn = { (n: Int) in Double(n) * Double.pi / omegaD }
                let peak = { (n: Int) in exp(-Double(n) * Double.pi * zeta / (1 - zeta * zeta).squareRoot()) }
                let last = (1...10_000).last { peak($0) > threshold } ?? 0
                XCTAssertGreaterThan(settle, turn(last), "\(label); turning point \(last) is \(peak(last)) away")
                XCTAssertLessThan(settle, turn(last + 1), label)
                XCTAssertFalse(outside(turn(last + 1)), label)
            }
        }
        XCTAssertEqual(AnimationSpec.spring(.bouncy).settlingTime, SpringParameters.bouncy.settlingTime)
        XCTAssertEqual(AnimationSpec.timing(.easeIn, duration: 0.8).settlingTime, 0.8)
    }

    // MARK: - Helpers

    private func decodeAnimation(_ json: String) throws -> AnimationSpec {
        let node = try JSONNode.parse(file: "test.json", bytes: Array(json.utf8))
        return try AnimationDecoder.animation(node, default: .circleDemo)
    }

    private func timingCurve(named name: String) throws -> TimingCurve {
        guard case .timing(let curve, let duration) = try decodeAnimation(#"{"curve": "\#(name)"}"#) else {
            XCTFail("\(name) is not a timing curve")
            throw CocoaError(.coderInvalidValue)
        }
        XCTAssertEqual(duration, 0.8, "\(name) keeps the default duration")
        return curve
    }
}

/// The clock and the spring at their edges: values a scene's validation refuses still give an answer
/// instead of a trap, and settling times hold what they promise over a sweep of springs.
final class AnimationEdgeTests: XCTestCase {
    func testTheClockAtItsEdges() {
        XCTAssertEqual(FrameClock(fps: 60).frameCount(through: 1e20), Int.max, "more frames than any sequence")
        XCTAssertEqual(FrameClock(fps: 0).frameCount(through: 1), 1)
        XCTAssertEqual(FrameClock(fps: 60).frameCount(through: .nan), 1)
        XCTAssertThrowsError(try FrameClock(fps: 0).frameIndex(at: 1)) { error in
            XCTAssertEqual("\(error)", "time 1.0 at 0.0 frames per second is not a frame of any sequence")
        }
        XCTAssertThrowsError(try FrameClock(fps: 60).frameIndex(at: -1))
    }

    func testSpringsThatNeverSettleSaySo() {
        XCTAssertEqual(SpringParameters(response: 0, dampingFraction: 0.8).settlingTime, .infinity)
        XCTAssertEqual(SpringParameters(response: 0.5, dampingFraction: 0).settlingTime, .infinity)
        XCTAssertEqual(SpringParameters(response: 0.5, dampingFraction: 0.8).settlingTime(within: 0), .infinity)
    }

    /// From the settling time on the spring stays within the threshold (sampled finely), and just
    /// before it, it is not: over damping fractions from barely to over-damped and thresholds of many sizes.
    func testSettlingTimesHoldOverASweepOfSprings() {
        for zeta in stride(from: 0.05, through: 1.6, by: 0.05) {
            for threshold in [0.2, 0.05, 0.01, 1e-3, 1e-4, 1e-6] {
                let spring = SpringParameters(response: 0.4, dampingFraction: zeta)
                let settled = spring.settlingTime(within: threshold)
                XCTAssertTrue(settled.isFinite, "ζ \(zeta), threshold \(threshold)")
                for k in 0...400 {
                    let t = settled + Double(k) * spring.response / 100
                    XCTAssertLessThanOrEqual(abs(1 - spring.value(at: t)), threshold * (1 + 1e-9), "ζ \(zeta) at \(t)")
                }
                if settled > 0 {
                    XCTAssertGreaterThan(
                        abs(1 - spring.value(at: settled - 1e-6)), threshold * (1 - 1e-6), "ζ \(zeta), \(threshold)")
                }
            }
        }
    }
}
