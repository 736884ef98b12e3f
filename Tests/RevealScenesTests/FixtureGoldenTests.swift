import Foundation
import RevealRenderTesting
import RevealTestSupport
import XCTest

@testable import RevealRender

/// Every fixture scene rendered and compared with its golden key frames, exactly, through
/// `assertGolden`; and the key-frame list kept honest.
final class FixtureGoldenTests: XCTestCase {
    func testEveryFixtureSceneMatchesItsGoldensExactly() throws {
        let scenes = try FixtureScene.all()
        XCTAssertGreaterThanOrEqual(scenes.count, 24)
        for fixture in scenes {
            var sequence = try fixture.sequence()
            let frames = try sequence.renderFrames(fixture.keyFrames)
            for (index, frame) in zip(fixture.keyFrames, frames) {
                let result = assertGolden(
                    frame, named: FrameFolder.frameName(index), options: .exact, directory: fixture.goldenFolder)
                XCTAssertEqual(result.comparison?.verdict, .identical, "\(fixture.name) frame \(index)")
            }
        }
    }

    /// The scenes with a screen (the demos, the views fixtures): what VoiceOver sees at each key frame,
    /// against `frame-N.accessibility.json` beside the images.
    func testScreenFixturesMatchTheirAccessibilityGoldens() throws {
        let scenes = try FixtureScene.all().filter { try $0.load().screen != nil }
        XCTAssertGreaterThanOrEqual(scenes.count, 3)
        for fixture in scenes {
            let prepared = try fixture.load().prepare()
            for index in fixture.keyFrames {
                assertAccessibility(
                    try prepared.accessibility(atFrame: index),
                    named: FrameFolder.frameName(index).replacingOccurrences(of: ".png", with: ""),
                    directory: fixture.goldenFolder)
            }
        }
    }

    /// Each list starts at frame 0, ends at the sequence's last frame and, for a scratch card that
    /// reveals, holds the first revealed frame: a changed timing cannot leave stale key frames behind.
    func testKeyFramesCoverTheStartTheRevealAndTheEnd() throws {
        for fixture in try FixtureScene.all() {
            let frames = fixture.keyFrames
            XCTAssertEqual(frames, frames.sorted(), fixture.file)
            XCTAssertEqual(Set(frames).count, frames.count, fixture.file)
            XCTAssertEqual(frames.first, 0, fixture.file)
            XCTAssertGreaterThanOrEqual(frames.count, 3, fixture.file)
            XCTAssertEqual(frames.last, try fixture.sequence().frameCount - 1, fixture.file)
            if let scene = try fixture.load() as? ScratchScene {
                let timeline = ScratchTimeline(scene: scene)
                if timeline.revealTime != nil {
                    let reveal = (0..<timeline.frameCount()).first { timeline.frame($0).revealed }
                    XCTAssertTrue(
                        reveal.map(frames.contains) ?? false,
                        "\(fixture.file): the reveal, frame \(reveal ?? -1), is not a key frame")
                }
            }
        }
    }

    /// No scene without key frames, no golden folder without a scene, no stray golden frame.
    func testTheListTheScenesAndTheGoldenFoldersAgree() throws {
        let scenes = try FixtureScene.all()
        let files = try FileManager.default.contentsOfDirectory(atPath: Repository.fixture("scenes")).filter {
            $0.hasSuffix(".json")
        }
        XCTAssertEqual(Set(scenes.map(\.file)), Set(files))
        XCTAssertEqual(scenes.count, Set(scenes.map(\.file)).count, "a scene is listed twice")
        for fixture in scenes {
            let goldens = try FileManager.default.contentsOfDirectory(atPath: fixture.goldenFolder)
            let images = fixture.keyFrames.map(FrameFolder.frameName)
            let elements =
                try fixture.load().screen == nil
                ? [] : images.map { $0.replacingOccurrences(of: ".png", with: ".accessibility.json") }
            XCTAssertEqual(Set(goldens), Set(images + elements), fixture.name)
        }
    }

    /// The small demo scenes are the seeds' demos at a smaller scale, not look-alikes.
    func testSmallDemosAreTheDemoScenes() throws {
        var scratch = ScratchScene.demo
        scratch.scale = 0.5
        XCTAssertEqual(
            try ScratchSceneFile.load(path: Repository.fixture("scenes/scratch-demo-small.scratch.json")), scratch)
        var circle = CircleRevealScene.demo
        circle.scale = 0.25
        XCTAssertEqual(
            try CircleSceneFile.load(path: Repository.fixture("scenes/circle-demo-small.circle.json")), circle)
    }

    /// Together the scenes cover what the goldens are meant to cover.
    func testTheScenesCoverTheFeatures() throws {
        var scratch: [ScratchScene] = []
        var circle: [CircleRevealScene] = []
        for fixture in try FixtureScene.all() {
            let scene = try fixture.load()
            if let scene = scene as? ScratchScene { scratch.append(scene) }
            if let scene = scene as? CircleRevealScene { circle.append(scene) }
        }
        func inView(_ s: TouchSample, _ scene: ScratchScene) -> Bool {
            s.x >= 0 && s.y >= 0 && s.x <= scene.width && s.y <= scene.height
        }
        XCTAssertTrue(scratch.contains { $0.strokes.count == 1 && $0.strokes[0].points.count == 1 }, "a single tap")
        XCTAssertTrue(
            scratch.contains { scene in scene.strokes.contains { $0.points.contains { !inView($0, scene) } } },
            "strokes leaving the view")
        XCTAssertTrue(
            scratch.contains { $0.reduceMotion && ScratchTimeline(scene: $0).revealTime != nil }, "Reduce Motion")
        XCTAssertTrue(scratch.contains { !$0.actions.isEmpty }, "the VoiceOver action")
        XCTAssertTrue(circle.contains { $0.reduceMotion }, "Reduce Motion (circle)")
        XCTAssertEqual(Set(RelativePoint.named.values).subtracting(circle.map(\.origin)), [], "every named origin")
        XCTAssertTrue(
            circle.contains { $0.toggles.count >= 2 && $0.toggles[1] - $0.toggles[0] >= $0.animation.settlingTime },
            "a removal")
        XCTAssertTrue(
            circle.contains { $0.toggles.count >= 2 && $0.toggles[1] - $0.toggles[0] < $0.animation.settlingTime },
            "a mid-animation toggle")
        XCTAssertTrue(
            circle.contains { if case .spring = $0.animation { return true } else { return false } }, "a spring")
        XCTAssertTrue(
            (scratch.map { $0.width != $0.height } + circle.map { $0.width != $0.height }).contains(true),
            "a non-square view")
        XCTAssertTrue(try scratch.contains { try !$0.renderFrame(0).isOpaque }, "a transparent background (scratch)")
        XCTAssertTrue(try circle.contains { try !$0.renderFrame(0).isOpaque }, "a transparent background (circle)")
        let paints =
            (scratch.flatMap { [$0.content, $0.cover, $0.background] }
            + circle.flatMap { [$0.base, $0.revealed, $0.background] })
            .compactMap(\.view.plainPaint)
        XCTAssertTrue(paints.contains { if case .image = $0.kind { return true } else { return false } }, "image paint")
        // Small, so the repository and the suite stay small.
        for scene in scratch { XCTAssertLessThanOrEqual(scene.pixelSize.width * scene.pixelSize.height, 200 * 200) }
        for scene in circle { XCTAssertLessThanOrEqual(scene.pixelSize.width * scene.pixelSize.height, 200 * 200) }
    }
}
