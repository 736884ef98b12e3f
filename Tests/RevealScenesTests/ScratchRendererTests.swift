import RevealTestSupport
import XCTest

@testable import RevealRender

final class ScratchRendererTests: XCTestCase {
    /// The incremental path (dirty rows, baked strokes) against a fresh renderer drawing each frame
    /// from nothing: every pixel of every frame must agree.
    func testIncrementalFramesEqualFullRedraws() throws {
        var scene = try Bench.scratchScene()
        scene.scale = 0.5  // small frames keep a debug build quick; the logic is scale-independent
        let timeline = ScratchTimeline(scene: scene)
        var sequential = try ScratchCardRenderer(timeline: timeline)
        let count = timeline.frameCount()
        XCTAssertEqual(count, 129)
        for index in 0..<count {
            let incremental = sequential.render(frame: index)
            var fresh = try ScratchCardRenderer(timeline: timeline)
            XCTAssertEqual(incremental, fresh.render(frame: index), "frame \(index)")
        }
    }

    /// Each frame's cover mask against full renders: opaque, minus each stroke's whole outline (a
    /// `StrokeOutline` over its samples so far) filled from scratch, the same pixels; and minus each
    /// stroke's one-contour path (`Stroker.roundStroke`), an independent construction of the same
    /// region: within a level.
    func testEveryFramesMaskIsTheWholeStrokesFilledFromScratch() throws {
        var scene = try Bench.scratchScene()
        scene.scale = 0.5
        let timeline = ScratchTimeline(scene: scene)
        var renderer = try ScratchCardRenderer(timeline: timeline)
        let width = scene.pixelSize.width
        let height = scene.pixelSize.height
        var rasterizer = Rasterizer()
        for index in 0..<timeline.frameCount() {
            let state = timeline.frame(index)
            _ = renderer.render(state)
            var expected = try Mask(width: width, height: height, value: 255)
            var contour = expected
            var stroke: [Point] = []
            for k in 0...state.samplesHandled {
                if k == state.samplesHandled || (timeline.startsStroke[k] && !stroke.isEmpty) {
                    guard !stroke.isEmpty else { break }
                    var outline = StrokeOutline(width: scene.maskBrushWidth * scene.scale, size: scene.pixelSize)
                    for p in stroke { outline.add(p) }
                    var coverage = try Mask(width: width, height: height)
                    rasterizer.fill(outline, into: &coverage, rows: RowRange(0, height))
                    punch(coverage, into: &expected)
                    coverage = try Mask(width: width, height: height)
                    rasterizer.fill(
                        Stroker.roundStroke(stroke, width: scene.maskBrushWidth * scene.scale), into: &coverage,
                        rows: RowRange(0, height))
                    punch(coverage, into: &contour)
                    stroke = []
                }
                if k < state.samplesHandled {
                    stroke.append(Point(x: timeline.samples[k].x * scene.scale, y: timeline.samples[k].y * scene.scale))
                }
            }
            XCTAssertEqual(renderer.coverMask, expected, "frame \(index)")
            let largest = zip(renderer.coverMask.bytes, contour.bytes).map { abs(Int($0) - Int($1)) }.max() ?? 0
            XCTAssertLessThanOrEqual(largest, 1, "frame \(index) against the one-contour path")
            if renderer.coverMask != expected || largest > 1 { return }
        }
    }

    private func punch(_ coverage: Mask, into mask: inout Mask) {
        let before = mask
        Compositor.destinationOut(coverage, from: before, into: &mask, rows: RowRange(0, mask.height))
    }

    func testGoingBackwardsStartsOver() throws {
        var scene = try Bench.scratchScene()
        scene.scale = 0.5
        var renderer = try ScratchCardRenderer(timeline: ScratchTimeline(scene: scene))
        let early = renderer.render(frame: 30)
        _ = renderer.render(frame: 90)
        XCTAssertEqual(renderer.render(frame: 30), early)
    }

    func testCoverHidesContentUntilScratchedAndIsGoneAfterTheFade() throws {
        var scene = ScratchScene(width: 40, height: 20)
        scene.scale = 1
        scene.content = .color(SystemColor.pink)
        scene.cover = .color(.white)
        scene.brushWidth = 10
        scene.strokes = [Stroke(points: [TouchSample(x: 10, y: 10, t: 0.1)])]
        scene.actions = [ScratchAction(t: 0.5, type: .reveal)]
        let timeline = ScratchTimeline(scene: scene)
        var renderer = try ScratchCardRenderer(timeline: timeline)
        let white = PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255)
        let pink = PremultipliedRGBA8(r: 255, g: 45, b: 85, a: 255)
        let start = renderer.render(frame: 0)
        XCTAssertEqual(start[10, 10], white)
        let dot = renderer.render(frame: 6)  // t = 0.1: a round dot of radius 5 at (10, 10)
        XCTAssertEqual(dot[10, 10], pink)
        XCTAssertEqual(dot[10, 6], pink)  // the pixel's farthest corner (11, 6) is 4.12 from the centre
        XCTAssertNotEqual(dot[10, 5], pink)  // the circle cuts 5 % off the pixel above
        XCTAssertEqual(dot[16, 10], white)  // 6.0 away
        XCTAssertEqual(dot[30, 10], white)
        // Revealed by the action at 0.5, faded by 0.85: content everywhere.
        XCTAssertEqual(timeline.endTime, 0.85, accuracy: 1e-12)
        let end = renderer.render(frame: timeline.frameCount() - 1)
        XCTAssertEqual(end[30, 10], pink)
    }

    func testReduceMotionRemovesTheCoverAtTheReveal() throws {
        var scene = ScratchScene(width: 10, height: 10)
        scene.scale = 1
        scene.reduceMotion = true
        scene.actions = [ScratchAction(t: 0.5, type: .reveal)]
        let timeline = ScratchTimeline(scene: scene)
        XCTAssertEqual(timeline.frameCount(), 31)  // t = 0 … 0.5
        XCTAssertEqual(timeline.frame(29).coverOpacity, 1)
        XCTAssertEqual(timeline.frame(30).coverOpacity, 0)
        XCTAssertTrue(timeline.frame(30).revealed)
    }

    func testSamplesAfterTheRevealChangeNothing() throws {
        var scene = ScratchScene(width: 24, height: 24)
        scene.revealThreshold = 0.01
        scene.brushWidth = 1
        scene.strokes = [
            Stroke(points: [TouchSample(x: 1, y: 1, t: 0), TouchSample(x: 20, y: 20, t: 1)]),
            Stroke(points: [TouchSample(x: 12, y: 12, t: 2)]),
        ]
        let timeline = ScratchTimeline(scene: scene)
        // The tap clears the 4 cells around (1, 1) (reach = half a cell diagonal), 4/576 < 0.01; the
        // second sample sweeps the diagonal and reveals; the third stroke is never handled.
        XCTAssertEqual(timeline.samples.count, 2)
        XCTAssertEqual(timeline.revealTime, 1)
        XCTAssertEqual(timeline.endTime, 1.35, accuracy: 1e-12)
    }

    func testEaseOutFadeValues() {
        // CSS cubic-bezier(0, 0, 0.58, 1) at a few points, solved independently (Python, bisection to 1e-15).
        let curve = TimingCurve.easeOut
        XCTAssertEqual(curve.progress(at: 0.5), 0.6846432, accuracy: 1e-6)
        XCTAssertEqual(curve.progress(at: 0.25), 0.3781381, accuracy: 1e-6)
        XCTAssertEqual(curve.progress(at: 0.9), 0.9829734, accuracy: 1e-6)
        XCTAssertEqual(curve.progress(at: 0), 0)
        XCTAssertEqual(curve.progress(at: 1), 1)
    }

    func testFrameCountIncludesTheFirstFrameAtOrAfterTheEnd() throws {
        var scene = ScratchScene(width: 1000, height: 1000)  // a tap clears far too little to reveal
        scene.strokes = [Stroke(points: [TouchSample(x: 1, y: 1, t: 0.5)])]
        XCTAssertEqual(ScratchTimeline(scene: scene).frameCount(), 31)
        scene.strokes = [Stroke(points: [TouchSample(x: 1, y: 1, t: 0.51)])]
        XCTAssertEqual(ScratchTimeline(scene: scene).frameCount(), 32)
        XCTAssertEqual(ScratchTimeline(scene: scene).frameCount(hold: 1), 92)
    }
}

/// The seed's hit testing: the drag gesture sits on the cover (`.contentShape(.rect)`), so a finger
/// that comes down outside the view never scratches, while one that comes down inside and leaves does.
final class HitTestingTests: XCTestCase {
    private func scene(_ points: [(Double, Double)]) -> ScratchScene {
        ScratchScene(
            width: 100, height: 60, scale: 1, brushWidth: 20,
            strokes: [
                Stroke(
                    points: points.enumerated().map {
                        TouchSample(x: $0.element.0, y: $0.element.1, t: Double($0.offset) * 0.05)
                    })
            ])
    }

    func testATouchThatGoesDownOutsideNeverScratches() throws {
        let outside = scene([(-10, 30), (50, 30), (90, 30)])
        let timeline = ScratchTimeline(scene: outside)
        XCTAssertEqual(timeline.samples.count, 0, "no sample of the stroke is handled")
        XCTAssertEqual(timeline.coverageAfter.last ?? 0, 0)
        let prepared = try outside.prepare()
        let last = try outside.renderFrame(prepared.frameCount - 1)
        let first = try outside.renderFrame(0)
        XCTAssertEqual(last, first, "the cover is untouched")
        // The edges as CGRect.contains has them: the top-leading edge is in, the trailing edge out.
        XCTAssertTrue(ScratchTimeline.hitsView(TouchSample(x: 0, y: 0, t: 0), width: 100, height: 60))
        XCTAssertFalse(ScratchTimeline.hitsView(TouchSample(x: 100, y: 30, t: 0), width: 100, height: 60))
        XCTAssertFalse(ScratchTimeline.hitsView(TouchSample(x: 50, y: 60, t: 0), width: 100, height: 60))
    }

    func testATouchThatStartsInsideAndLeavesKeepsScratching() throws {
        let leaving = scene([(50, 30), (90, 30), (150, 30), (150, 80)])
        let timeline = ScratchTimeline(scene: leaving)
        XCTAssertEqual(timeline.samples.count, 4, "every sample, the ones outside the view included")
        XCTAssertGreaterThan(timeline.coverageAfter.last ?? 0, 0)
    }
}

/// Start over: a `reset` action gives the card a new identity, as the demo's "Try again" does
/// (`round += 1` changes the view's id): strokes, coverage and the reveal start again, the cover is
/// back at once even mid-fade, and strokes after it scratch the new card.
final class ResetTests: XCTestCase {
    private func zigzag(_ start: Double) -> Stroke {
        Stroke(points: StrokePattern.zigzag(xRange: 10...90, yFrom: 8, yTo: 52, legs: 6, start: start))
    }

    private var scene: ScratchScene {
        let first = zigzag(0.1)
        let reset = (first.points.last?.t ?? 0) + 0.1  // mid-fade of the first reveal
        return ScratchScene(
            width: 100, height: 60, scale: 1, fps: 30, brushWidth: 24, revealThreshold: 0.5,
            strokes: [first, zigzag(reset + 0.3)], actions: [ScratchAction(t: reset, type: .reset)])
    }

    func testEachRoundScratchesAndRevealsItsOwnCard() throws {
        let timeline = ScratchTimeline(scene: scene)
        XCTAssertEqual(timeline.revealTimes.count, 2)
        let first = try XCTUnwrap(timeline.revealTimes[0])
        let second = try XCTUnwrap(timeline.revealTimes[1])
        let reset = timeline.roundStartTimes[1]
        XCTAssertLessThan(first, reset)
        XCTAssertGreaterThan(second, reset + 0.3, "the second card reveals from its own strokes")
        let clock = FrameClock(fps: 30)
        // The first frame at or after the reset (frameIndex gives the last one at or before it).
        let afterReset = try clock.frameIndex(at: reset) + 1
        let atReset = timeline.frame(afterReset)
        XCTAssertEqual(atReset.round, 1)
        XCTAssertEqual(atReset.coverage, 0, "a fresh grid")
        XCTAssertFalse(atReset.revealed)
        XCTAssertEqual(atReset.coverOpacity, 1, "the cover is back at once, mid-fade")
        let before = timeline.frame(afterReset - 1)
        XCTAssertEqual(before.round, 0)
        XCTAssertTrue(before.revealed)
        XCTAssertLessThan(before.coverOpacity, 1)
        XCTAssertEqual(ScratchTimeline(scene: scene).frame(try clock.frameIndex(at: second)).round, 1)
    }

    func testTheNewCardIsWholeAndTheOutcomeNamesEachRound() throws {
        let scene = self.scene
        let prepared = try scene.prepare()
        XCTAssertTrue(prepared.outcome.hasPrefix("round 0 revealed at"), prepared.outcome)
        let timeline = ScratchTimeline(scene: scene)
        let clock = FrameClock(fps: 30)
        var frames = try prepared.sequence()
        let index = try clock.frameIndex(at: timeline.roundStartTimes[1]) + 1
        let drawn = try frames.renderFrames([0, index])
        XCTAssertEqual(drawn[1], drawn[0], "the new card looks like the first did before any stroke")
        // Drawn in order or alone, the same pixels.
        XCTAssertEqual(try scene.renderFrame(index), drawn[1])
        let metadata = frames.metadata(frame: index)
        XCTAssertEqual(metadata.first { $0.0 == "round" }?.1, .int(1))
        XCTAssertNotNil(frames.summary.first { $0.0 == "rounds" })
    }

    func testAFingerDownAtTheResetBelongsToTheOldCard() throws {
        // One long stroke across the reset: its samples after the reset are not handled.
        let stroke = Stroke(points: (0..<20).map { TouchSample(x: 5 + Double($0) * 4, y: 30, t: Double($0) * 0.05) })
        let scene = ScratchScene(
            width: 100, height: 60, scale: 1, brushWidth: 10, revealThreshold: 1,
            strokes: [stroke], actions: [ScratchAction(t: 0.5, type: .reset)])
        let timeline = ScratchTimeline(scene: scene)
        XCTAssertEqual(timeline.samples.count, 11, "samples up to and at 0.5 s (before the action at equal times)")
        XCTAssertEqual(timeline.roundStartSamples, [0, 11])
        XCTAssertEqual(timeline.frame(40).round, 1)
        XCTAssertEqual(timeline.frame(40).coverage, 0, "the new card has nothing scratched")
        XCTAssertGreaterThan(timeline.frame(29).coverage, 0)
    }
}
