import Foundation
import RevealTestSupport
import XCTest

@testable import RevealRender

/// The circle reveal against the seed: `coverRadius`, the timeline (insertion, removal, a toggle
/// mid-animation, Reduce Motion, where the sequence ends) and the renderer (band-only redraws against
/// fresh renderers and a per-pixel reference, area, monotone growth on the demo's geometry).
final class CircleRevealTests: XCTestCase {
    // MARK: - coverRadius

    func testCoverRadiusForTheNineNamedOriginsAndOddSizes() {
        // Worked out from the seed's formula, hypot(max(x, 1 − x)·width, max(y, 1 − y)·height): each
        // literal is the hypot of the two legs in its comment (computed in Python's math.hypot).
        let cases: [(width: Double, height: Double, expected: [String: Double])] = [
            (
                393, 852,
                [
                    "topLeading": 938.2712827322383, "topTrailing": 938.2712827322383,  // hypot(393, 852)
                    "bottomLeading": 938.2712827322383, "bottomTrailing": 938.2712827322383,
                    "top": 874.3661990264719, "bottom": 874.3661990264719,  // hypot(196.5, 852)
                    "leading": 579.5903725908497, "trailing": 579.5903725908497,  // hypot(393, 426)
                    "center": 469.13564136611916,  // hypot(196.5, 426)
                ]
            ),
            (
                1, 1,
                [
                    "topLeading": 1.4142135623730951, "topTrailing": 1.4142135623730951,  // √2
                    "bottomLeading": 1.4142135623730951, "bottomTrailing": 1.4142135623730951,
                    "top": 1.118033988749895, "bottom": 1.118033988749895,  // hypot(0.5, 1) = √1.25
                    "leading": 1.118033988749895, "trailing": 1.118033988749895,
                    "center": 0.7071067811865476,  // √0.5
                ]
            ),
            (
                1000, 3,
                [
                    "topLeading": 1000.0044999898751, "topTrailing": 1000.0044999898751,  // hypot(1000, 3)
                    "bottomLeading": 1000.0044999898751, "bottomTrailing": 1000.0044999898751,
                    "top": 500.00899991900144, "bottom": 500.00899991900144,  // hypot(500, 3)
                    "leading": 1000.0011249993672, "trailing": 1000.0011249993672,  // hypot(1000, 1.5)
                    "center": 500.00224999493753,  // hypot(500, 1.5)
                ]
            ),
            (
                0.5, 7,
                [
                    "topLeading": 7.0178344238090995, "topTrailing": 7.0178344238090995,  // hypot(0.5, 7)
                    "bottomLeading": 7.0178344238090995, "bottomTrailing": 7.0178344238090995,
                    "top": 7.00446286306095, "bottom": 7.00446286306095,  // hypot(0.25, 7)
                    "leading": 3.5355339059327378, "trailing": 3.5355339059327378,  // hypot(0.5, 3.5)
                    "center": 3.5089172119045497,  // hypot(0.25, 3.5)
                ]
            ),
        ]
        XCTAssertEqual(RelativePoint.named.count, 9)
        for (width, height, expected) in cases {
            XCTAssertEqual(Set(expected.keys), Set(RelativePoint.named.keys))
            for (name, radius) in expected {
                guard let origin = RelativePoint.named[name] else {
                    XCTFail("no UnitPoint named \(name)")
                    continue
                }
                XCTAssertEqual(
                    CircleRevealScene.coverRadius(from: origin, width: width, height: height), radius,
                    accuracy: radius * 1e-12, "\(name) in \(width)×\(height)")
            }
        }
    }

    func testCoverRadiusForOtherOrigins() {
        let cases: [(RelativePoint, Double, Double, Double)] = [
            (RelativePoint(x: 0.5, y: 0.78), 393, 852, 693.0023402557888),  // the demo: hypot(196.5, 852·0.78 = 664.56)
            (RelativePoint(x: 0.5, y: 0.78), 1, 1, 0.9264987857520376),  // hypot(0.5, 0.78)
            (RelativePoint(x: 0.5, y: 0.78), 0.5, 7, 5.465720446565118),  // hypot(0.25, 5.46)
            (RelativePoint(x: 1.5, y: -0.25), 393, 852, 1217.2654804930598),  // outside: hypot(393·1.5, 852·1.25)
            (RelativePoint(x: 1.5, y: -0.25), 1, 1, 1.9525624189766635),  // hypot(1.5, 1.25)
            (RelativePoint(x: -2, y: 0.5), 1000, 3, 3000.0003749999764),  // outside: hypot(1000·3, 1.5)
            (RelativePoint(x: -2, y: 0.5), 0.5, 7, 3.8078865529319543),  // hypot(1.5, 3.5)
        ]
        for (origin, width, height, radius) in cases {
            XCTAssertEqual(
                CircleRevealScene.coverRadius(from: origin, width: width, height: height), radius,
                accuracy: radius * 1e-12, "\(origin) in \(width)×\(height)")
        }
        // Geometrically it is the distance to the farthest corner, wherever the origin is.
        var random = SplitMix64(seed: 3)
        for _ in 0..<500 {
            let origin = RelativePoint(x: random.uniform(-3, 4), y: random.uniform(-3, 4))
            let width = random.uniform(0.1, 2000)
            let height = random.uniform(0.1, 2000)
            let center = Point(x: origin.x * width, y: origin.y * height)
            let farthest = [
                Point(x: 0, y: 0), Point(x: width, y: 0), Point(x: 0, y: height), Point(x: width, y: height),
            ]
            .map { ($0 - center).length }.max()!
            XCTAssertEqual(
                CircleRevealScene.coverRadius(from: origin, width: width, height: height), farthest,
                accuracy: farthest * 1e-12, "\(origin) in \(width)×\(height)")
        }
    }

    // MARK: - Timeline

    func testInsertionFollowsTheCurveFromInvisibleToFullyRevealed() {
        var scene = Self.scene(width: 40, height: 80)
        scene.origin = RelativePoint(x: 0.25, y: 0.9)
        scene.toggles = [0.25]
        let timeline = CircleRevealTimeline(scene: scene)
        XCTAssertEqual(timeline.frameCount(), 64, "0.25 + 0.8 s is frame 63 at 60 fps")
        let cover = hypot(40 * 0.75, 80 * 0.9)  // 78
        for index in 0..<64 {
            let state = timeline.frame(index)
            let t = Double(index) / 60
            XCTAssertEqual(state.time, t, accuracy: 1e-12)
            XCTAssertEqual(state.opacity, 1, "frame \(index)")
            if t < 0.25 - 1e-9 {
                // Before the first toggle the view is not there at all.
                XCTAssertFalse(state.visible, "frame \(index)")
                XCTAssertEqual(state.progress, 0, "frame \(index)")
                XCTAssertEqual(state.radius, 0, "frame \(index)")
                continue
            }
            let expected = Self.easeInOut((t - 0.25) / 0.8)
            XCTAssertTrue(state.visible, "frame \(index)")
            XCTAssertEqual(state.progress, expected, accuracy: 1e-6, "frame \(index)")
            XCTAssertEqual(state.radius, expected * cover * 2, accuracy: 1e-4, "frame \(index): pixels at 2×")
        }
        XCTAssertEqual(timeline.frame(15).progress, 0, "inserted at frame 15, still at 0")
        XCTAssertEqual(timeline.frame(63).progress, 1)
    }

    func testRemovalEndsWithTheViewGone() throws {
        var scene = Self.scene(width: 30, height: 20)
        scene.scale = 1
        scene.animation = .timing(.linear, duration: 0.2)
        scene.toggles = [0.1, 0.5]
        let timeline = CircleRevealTimeline(scene: scene)
        XCTAssertEqual(timeline.frameCount(), 43, "0.5 + 0.2 s is frame 42")
        XCTAssertEqual(timeline.frame(30).progress, 1, accuracy: 1e-12)
        XCTAssertEqual(timeline.frame(36).progress, 0.5, accuracy: 1e-9, "t 0.6: halfway back")
        XCTAssertTrue(timeline.frame(41).visible, "still there while the removal runs")
        XCTAssertEqual(timeline.frame(41).progress, 1.0 / 12, accuracy: 1e-9)
        for index in 42..<50 {
            let state = timeline.frame(index)
            XCTAssertFalse(state.visible, "frame \(index)")
            XCTAssertEqual(state.progress, 0, "frame \(index)")
            XCTAssertEqual(state.radius, 0, "frame \(index)")
        }
        // Before the insertion and after the removal, the frame is the base view alone.
        let base = try Self.baseOnly(scene)
        var renderer = try CircleRevealRenderer(timeline: timeline)
        XCTAssertEqual(renderer.render(frame: 0), base)
        XCTAssertNotEqual(renderer.render(frame: 30), base)
        XCTAssertEqual(renderer.render(frame: 42), base)
        XCTAssertEqual(renderer.render(frame: 45), base)
    }

    /// A toggle while the insertion runs: the removal's animation is added to the insertion's, as
    /// SwiftUI combines interrupted animations, so the value is continuous through the toggle.
    func testToggleMidAnimationContinuesWithoutAJump() {
        var scene = Self.scene(width: 40, height: 40)
        scene.toggles = [0.1, 0.4]  // removed 0.3 s into a 0.8 s insertion
        let timeline = CircleRevealTimeline(scene: scene)
        XCTAssertEqual(timeline.frameCount(), 73, "0.4 + 0.8 s is frame 72")
        XCTAssertEqual(timeline.value(at: 0.4 - 1e-9), timeline.value(at: 0.4 + 1e-9), accuracy: 1e-7)
        XCTAssertEqual(timeline.value(at: 0.4), Self.easeInOut(0.3 / 0.8), accuracy: 1e-6)
        var largestStep = 0.0
        for index in 0..<73 {
            let t = Double(index) / 60
            let expected = Self.easeInOut((t - 0.1) / 0.8) - Self.easeInOut((t - 0.4) / 0.8)
            let state = timeline.frame(index)
            XCTAssertEqual(state.progress, max(expected, 0), accuracy: 1e-6, "frame \(index)")
            if index > 0 { largestStep = max(largestStep, abs(state.progress - timeline.frame(index - 1).progress)) }
        }
        // easeInOut's steepest slope is 1.5/0.87 per duration: 2.16 per second over 0.8 s, 0.036 a
        // frame; two overlapping animations at most double that. A restart would jump by 0.3.
        XCTAssertLessThan(largestStep, 0.075)
        XCTAssertGreaterThan(timeline.frame(25).progress, timeline.frame(24).progress, "it keeps its momentum")
        XCTAssertFalse(timeline.frame(72).visible)

        // The same with a spring, which overshoots and comes back.
        scene.animation = .spring(.bouncy)
        scene.toggles = [0.1, 0.35]
        let spring = CircleRevealTimeline(scene: scene)
        XCTAssertEqual(spring.value(at: 0.35 - 1e-9), spring.value(at: 0.35 + 1e-9), accuracy: 1e-7)
        for index in 1..<spring.frameCount() {
            let step = abs(spring.frame(index).progress - spring.frame(index - 1).progress)
            XCTAssertLessThan(step, 0.15, "frame \(index)")
        }
    }

    func testReduceMotionFadesInsteadOfClipping() throws {
        var scene = Self.scene(width: 30, height: 50)
        scene.scale = 1
        scene.reduceMotion = true
        scene.origin = .bottomTrailing
        scene.animation = .timing(.easeInOut, duration: 0.5)
        scene.toggles = [0.1, 1.0]
        let timeline = CircleRevealTimeline(scene: scene)
        XCTAssertEqual(timeline.frameCount(), 91, "1.0 + 0.5 s is frame 90")
        let cover = hypot(30.0, 50.0)
        let under = try Self.baseOnly(scene)
        let revealed = try XCTUnwrap(scene.revealed.view.plainPaint).render(width: 30, height: 50)
        var renderer = try CircleRevealRenderer(timeline: timeline)
        for index in 0..<95 {
            let t = Double(index) / 60
            let state = timeline.frame(index)
            let expected: Double
            if t < 0.1 - 1e-9 {
                expected = 0
            } else if t < 1.0 - 1e-9 {
                expected = Self.easeInOut((t - 0.1) / 0.5)
            } else {
                expected = 1 - Self.easeInOut((t - 1.0) / 0.5)
            }
            // Visible from the insertion until the removal's fade has finished.
            XCTAssertEqual(state.visible, t > 0.1 - 1e-9 && t < 1.5 - 1e-9, "frame \(index)")
            XCTAssertEqual(state.progress, 1, "frame \(index): no clip")
            XCTAssertEqual(state.radius, cover, accuracy: 1e-9, "frame \(index)")
            XCTAssertEqual(state.opacity, state.visible ? expected : 0, accuracy: 1e-6, "frame \(index)")
            // The whole view at that opacity: the same blend everywhere, even in the far corner.
            var frame = under
            let alpha = UInt8((state.visible ? state.opacity : 0) * 255 + 0.5)
            Compositor.sourceOver(revealed, opacity: alpha, onto: &frame, rows: RowRange(0, 50))
            XCTAssertEqual(renderer.render(frame: index), frame, "frame \(index)")
        }
        XCTAssertEqual(timeline.frame(21).opacity, 0.5, accuracy: 1e-6, "t 0.35: halfway in")
        XCTAssertEqual(timeline.frame(75).opacity, 0.5, accuracy: 1e-6, "t 1.25: halfway out")
    }

    func testSequenceRunsToTheFirstFrameAtOrAfterTheEnd() {
        let cases:
            [(toggles: [Double], animation: AnimationSpec, fps: Double, hold: Double, end: Double, count: Int?)] = [
                ([0.25, 2.0], .circleDemo, 60, 0, 2.8, 169),  // the demo: 2.8 s is frame 168
                ([0.25, 2.0], .circleDemo, 60, 0.5, 3.3, 199),
                ([0.1, 0.333], .timing(.linear, duration: 0.5), 60, 0, 0.833, 51),  // 49.98 frames: frame 50
                ([0.1, 0.333], .timing(.linear, duration: 0.5), 24, 0, 0.833, 21),  // 19.992: frame 20
                ([], .circleDemo, 60, 0, 0, 1),
                ([0.2], .spring(.bouncy), 60, 0, 0.2 + SpringParameters.bouncy.settlingTime, nil),
                (
                    [0.2, 0.3], .spring(SpringParameters(response: 0.4, dampingFraction: 1.6)), 30, 0.25,
                    0.3
                        + SpringParameters(response: 0.4, dampingFraction: 1.6).settlingTime(
                            within: SpringParameters.settleThreshold / 2)
                        + 0.25, nil
                ),
            ]
        for (toggles, animation, fps, hold, end, count) in cases {
            var scene = Self.scene(width: 10, height: 10)
            scene.toggles = toggles
            scene.animation = animation
            scene.fps = fps
            let timeline = CircleRevealTimeline(scene: scene)
            let frames = timeline.frameCount(hold: hold)
            let label = "\(toggles), \(animation), \(fps) fps, hold \(hold)"
            if let count { XCTAssertEqual(frames, count, label) }
            XCTAssertGreaterThanOrEqual(Double(frames - 1) / fps, end - 1e-9, label)
            if frames > 1 { XCTAssertLessThan(Double(frames - 2) / fps, end - 1e-9, label) }
        }
        // After a spring insertion's end it stays within 0.001 of revealed.
        var scene = Self.scene(width: 10, height: 10)
        scene.toggles = [0.2]
        scene.animation = .spring(.bouncy)
        let timeline = CircleRevealTimeline(scene: scene)
        let end = 0.2 + SpringParameters.bouncy.settlingTime
        XCTAssertGreaterThan(abs(1 - timeline.value(at: end - 1e-6)), 0.001)
        for i in 0...2000 {
            XCTAssertLessThanOrEqual(abs(1 - timeline.value(at: end + Double(i) * 0.001)), 0.001)
        }
    }

    func testTheSeedDemo() {
        let scene = CircleRevealScene.demo
        XCTAssertEqual([scene.pixelSize.width, scene.pixelSize.height], [1179, 2556])
        let timeline = CircleRevealTimeline(scene: scene)
        XCTAssertEqual(timeline.frameCount(), 169)
        XCTAssertFalse(timeline.frame(0).visible)
        XCTAssertEqual(timeline.frame(39).progress, 0.5, accuracy: 1e-9, "t 0.65, halfway in")
        XCTAssertEqual(timeline.frame(39).radius, 0.5 * 693.0023402557888 * 3, accuracy: 1e-5)
        XCTAssertEqual(timeline.frame(63).progress, 1)
        XCTAssertEqual(timeline.frame(144).progress, 0.5, accuracy: 1e-9, "t 2.4, halfway out")
        XCTAssertTrue(timeline.frame(167).visible)
        XCTAssertFalse(timeline.frame(168).visible)
    }

    // MARK: - Renderer

    /// One renderer drawing frames in order (redrawing only the band between the old and new edges)
    /// against a fresh renderer per frame and against a plain per-pixel reference: every pixel of
    /// every frame must agree, through toggles mid-animation, a spring's overshoot and Reduce Motion.
    func testIncrementalFramesEqualFreshRendersAndAPerPixelReference() throws {
        var scene = Self.scene(width: 60, height: 120)
        scene.scale = 1
        scene.origin = RelativePoint(x: 0.3, y: 0.7)
        scene.animation = .timing(.easeInOut, duration: 0.4)
        scene.revealed = .paint(
            .linearGradient(
                [SystemColor.pink, RGBAColor(rgb8: 0, 122, 255, alpha: 0.6)], from: .topLeading, to: .bottom))
        scene.toggles = [0.05, 0.35, 0.5]
        var spring = scene
        spring.animation = .spring(.bouncy)
        spring.toggles = [0.05, 0.6]  // overshoots past 1 (4.6 %), then below 0 on the way out
        var reduced = scene
        reduced.reduceMotion = true
        for (name, scene) in [("toggles", scene), ("spring", spring), ("reduce motion", reduced)] {
            let timeline = CircleRevealTimeline(scene: scene)
            let under = try Self.baseOnly(scene)
            let revealed = try XCTUnwrap(scene.revealed.view.plainPaint).render(width: 60, height: 120)
            var sequential = try CircleRevealRenderer(timeline: timeline)
            var overshoot = false
            var undershoot = false
            for index in 0..<timeline.frameCount() {
                let state = timeline.frame(index)
                overshoot = overshoot || state.progress > 1
                undershoot = undershoot || (state.visible && state.progress < 0)
                let incremental = sequential.render(frame: index)
                var fresh = try CircleRevealRenderer(timeline: timeline)
                XCTAssertEqual(incremental, fresh.render(frame: index), "\(name): frame \(index)")
                XCTAssertEqual(
                    incremental, try Self.reference(state, scene: scene, under: under, revealed: revealed),
                    "\(name): frame \(index) against the per-pixel reference")
            }
            if name == "spring" { XCTAssertTrue(overshoot && undershoot, "the bouncy spring overshoots both ways") }
        }
    }

    func testRenderedCoverageSumsToPiRSquared() throws {
        var scene = Self.scene(width: 100, height: 100)
        scene.scale = 1
        scene.base = .color(.clear)
        scene.revealed = .color(.white)
        scene.origin = RelativePoint(x: 0.503, y: 0.4871)
        var renderer = try CircleRevealRenderer(timeline: CircleRevealTimeline(scene: scene))
        for radius in [10.3, 17.5, 30.71, 45] {
            let frame = renderer.render(
                CircleRevealFrameState(
                    index: 0, time: 0, progress: 1, radius: radius,
                    opacity: 1, visible: true))
            var alpha = 0
            for y in 0..<100 { for x in 0..<100 { alpha += Int(frame[x, y].a) } }
            let expected = Double.pi * radius * radius
            XCTAssertEqual(Double(alpha) / 255, expected, accuracy: expected * 1e-3, "radius \(radius)")
        }
    }

    /// The seed demo's insertion at a quarter of the demo's scale: the revealed layer's coverage of
    /// every pixel never decreases from frame to frame, and ends covering the whole view.
    func testDemoInsertionCoverageGrowsMonotonically() throws {
        var scene = CircleRevealScene.demo
        scene.scale = 0.25  // 98×213 pixels
        scene.background = .color(.clear)
        scene.base = .color(.clear)
        scene.revealed = .color(.white)  // alpha is then exactly the revealed layer's coverage
        let timeline = CircleRevealTimeline(scene: scene)
        var renderer = try CircleRevealRenderer(timeline: timeline)
        var previous = [UInt8](repeating: 0, count: scene.pixelSize.width * scene.pixelSize.height)
        var grew = 0
        for index in 15...63 {  // t 0.25 … 1.05: the insertion
            let frame = renderer.render(frame: index)
            for y in 0..<frame.height {
                for x in 0..<frame.width {
                    let a = frame[x, y].a
                    let before = previous[y * frame.width + x]
                    if a < before { return XCTFail("frame \(index): pixel (\(x), \(y)) drops from \(before) to \(a)") }
                    if a > before { grew += 1 }
                    previous[y * frame.width + x] = a
                }
            }
        }
        XCTAssertGreaterThan(grew, previous.count, "pixels grew, most of them in several steps")
        // The circle then passes through the view's top corners; the corner pixels are covered but for
        // a sliver, which rounds to full.
        XCTAssertEqual(previous.filter { $0 == 255 }.count, previous.count, "fully revealed")
    }

    // MARK: - Helpers

    /// A scene with the defaults (Day under Night, easeInOut 0.8 s) at 2× and 60 fps.
    static func scene(width: Double, height: Double) -> CircleRevealScene {
        CircleRevealScene(width: width, height: height)
    }

    /// CSS `cubic-bezier(0.42, 0, 0.58, 1)` by bisection (see AnimationCurveTests), clamped to 0...1.
    static func easeInOut(_ fraction: Double) -> Double {
        CSSEasing.cubicBezier(0.42, 0, 0.58, 1, at: fraction)
    }

    /// The scene with the revealed view never inserted: background and base.
    static func baseOnly(_ scene: CircleRevealScene) throws -> Pixmap {
        var scene = scene
        scene.toggles = []
        var renderer = try CircleRevealRenderer(timeline: CircleRevealTimeline(scene: scene))
        return renderer.render(frame: 0)
    }

    /// A frame drawn the plain way: each pixel's disc coverage quantised into a mask (no row spans),
    /// then the revealed view through it at the frame's opacity over the base.
    static func reference(
        _ state: CircleRevealFrameState, scene: CircleRevealScene, under: Pixmap,
        revealed: Pixmap
    ) throws -> Pixmap {
        var frame = under
        guard state.visible else { return frame }
        let opacity = UInt8((min(max(state.opacity, 0), 1) * 255).rounded())
        let center = Point(
            x: scene.origin.x * scene.width * scene.scale, y: scene.origin.y * scene.height * scene.scale)
        let disc = DiscCoverage(center: center, radius: state.radius)
        var mask = try Mask(width: under.width, height: under.height)
        for y in 0..<mask.height {
            for x in 0..<mask.width { mask[x, y] = Rasterizer.quantize(disc.coverage(x: x, y: y)) }
        }
        Compositor.sourceOver(revealed, mask: mask, opacity: opacity, onto: &frame, rows: RowRange(0, mask.height))
        return frame
    }
}

/// Springs added by several toggles must together be settled when the sequence ends.
final class AdditiveSpringEndTests: XCTestCase {
    func testSeveralSpringsAreSettledTogetherAtTheEnd() {
        var scene = CircleRevealScene(width: 10, height: 10)
        scene.animation = .spring(.bouncy)
        scene.toggles = [0, 0.25, 0.5]
        let timeline = CircleRevealTimeline(scene: scene)
        var worst = 0.0
        for k in 0...20_000 {
            let t = timeline.endTime + Double(k) * 0.0005
            worst = max(worst, abs(timeline.value(at: t) - 1))
        }
        XCTAssertLessThanOrEqual(worst, SpringParameters.settleThreshold)
        // Before the end it was still outside (the end is not needlessly late by more than a frame).
        let early =
            (0..<200).map { abs(timeline.value(at: timeline.endTime - 0.05 + Double($0) * 0.00025) - 1) }.max() ?? 0
        XCTAssertGreaterThan(early, SpringParameters.settleThreshold / 3)
    }
}
