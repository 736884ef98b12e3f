import Foundation
import RevealTestSupport
import XCTest

@testable import RevealRender
@testable import RevealRenderTesting

/// What VoiceOver sees, per frame: the seeds' accessibility modifiers, the rules for combining and
/// hiding elements, the manifest's `accessibility` field and the accessibility goldens.
final class AccessibilityTests: XCTestCase {
    private func elements(_ scene: some RevealScene, atFrame index: Int) throws -> [AccessibilityElement] {
        try scene.prepare().accessibility(atFrame: index)
    }

    // MARK: - The seeds

    /// Covered: the title, the card as one button-like element with the seed's label, hint and
    /// activate action over the whole card (the prize hidden), the button. Revealed: the new title and
    /// the prize's combined texts without the gift. After "Try again": covered again.
    func testScratchDemoReadsAsTheSeedSetsIt() throws {
        let scene = ScratchScene.demo
        let prepared = try scene.prepare()
        let card = try XCTUnwrap(prepared.layout(atFrame: 0).first { $0.kind == "effect" }).frame
        let covered = try prepared.accessibility(atFrame: 0)
        XCTAssertEqual(covered.map(\.label), ["Scratch the card", "Scratch card", "Try again"])
        XCTAssertEqual(
            covered[1],
            AccessibilityElement(
                label: "Scratch card", hint: "Double tap to reveal what is underneath",
                traits: [.isButton], actions: ["activate"], frame: card))
        XCTAssertEqual(covered[0].traits, [.isStaticText])
        XCTAssertEqual(covered[2].traits, [.isButton])
        let timeline = ScratchTimeline(scene: scene)
        let reveal = try XCTUnwrap((0..<prepared.frameCount).first { timeline.frame($0).revealed })
        XCTAssertEqual(
            try prepared.accessibility(atFrame: reveal - 1).map(\.label),
            ["Scratch the card", "Scratch card", "Try again"])
        // From the reveal on, fade included: the seed's `isRevealed` is already true.
        let revealed = try prepared.accessibility(atFrame: reveal)
        XCTAssertEqual(revealed.map(\.label), ["You found it!", "50% off, on your next order", "Try again"])
        XCTAssertEqual(revealed[1].frame, card, "the prize fills the card")
        XCTAssertEqual(revealed[1].traits, [.isStaticText])
        XCTAssertNil(revealed[1].hint)
        let reset = try FrameClock(fps: scene.fps).frameIndex(at: ScratchScene.demoResetTime)
        XCTAssertEqual(
            try prepared.accessibility(atFrame: reset).map(\.label), ["Scratch the card", "Scratch card", "Try again"])
        XCTAssertEqual(
            try prepared.accessibility(atFrame: prepared.frameCount - 1).map(\.label),
            ["You found it!", "50% off, on your next order", "Try again"])
    }

    /// The Day scene and "Sunset"; from the toggle on (isDark), the Night scene and "Sunrise", the Day
    /// scene hidden even while the circle is still small; back after the second toggle, at once.
    func testCircleDemoHidesTheBaseWhileTheRevealedViewIsIn() throws {
        let scene = CircleRevealScene.demo
        let prepared = try scene.prepare()
        let clock = FrameClock(fps: scene.fps)
        XCTAssertEqual(try prepared.accessibility(atFrame: 0).map(\.label), ["Day", "Sunset"])
        let inserted = try clock.frameIndex(at: scene.toggles[0])
        XCTAssertEqual(try prepared.accessibility(atFrame: inserted - 1).map(\.label), ["Day", "Sunset"])
        XCTAssertEqual(try prepared.accessibility(atFrame: inserted).map(\.label), ["Night", "Sunrise"])
        let removed = try clock.frameIndex(at: scene.toggles[1])
        XCTAssertEqual(try prepared.accessibility(atFrame: removed - 1).map(\.label), ["Night", "Sunrise"])
        XCTAssertEqual(try prepared.accessibility(atFrame: removed).map(\.label), ["Day", "Sunset"])
        let button = try XCTUnwrap(prepared.layout(atFrame: 0).first { $0.kind == "button" }).frame
        XCTAssertEqual(try prepared.accessibility(atFrame: 0)[1].frame, button)
        // Without the demo's `.accessibilityHidden(isDark)`, both scenes are read.
        var plain = scene
        plain.base = SceneContent(
            CircleRevealScene.demoScene([SystemColor.cyan, SystemColor.blue], symbol: "sun.max.fill", title: "Day"))
        XCTAssertEqual(try elements(plain, atFrame: inserted).map(\.label), ["Day", "Night", "Sunrise"])
    }

    /// A scene with no screen and no card look: the covered card fills the frame; a plain scratch
    /// content (a gradient) has nothing to read once revealed.
    func testASceneWithoutAScreenIsTheCardAlone() throws {
        var scene = ScratchScene(
            width: 120, height: 80, scale: 1, strokes: [], actions: [ScratchAction(t: 0.5, type: .reveal)])
        scene.content = SceneContent(ViewNode(.text("Prize")))
        let prepared = try scene.prepare()
        XCTAssertEqual(
            try prepared.accessibility(atFrame: 0),
            [
                AccessibilityElement(
                    label: "Scratch card", hint: "Double tap to reveal what is underneath", traits: [.isButton],
                    actions: ["activate"], frame: Rect(x: 0, y: 0, width: 120, height: 80))
            ])
        XCTAssertEqual(try prepared.accessibility(atFrame: prepared.frameCount - 1).map(\.label), ["Prize"])
    }

    // MARK: - The rules

    private func read(_ view: ViewNode, states: [String: Bool] = [:], width: Double = 200, height: Double = 100) throws
        -> [AccessibilityElement]
    {
        var scene = CircleRevealScene(width: width, height: height, scale: 1, toggles: [])
        scene.base = SceneContent(view)
        scene.revealed = .color(.black)
        scene.background = .color(.white)
        let prepared = try scene.prepare()
        return try prepared.accessibility(EffectAccessibility(states: states, views: ["base"]))
    }

    private func text(_ s: String, _ modifiers: [NodeModifier] = []) -> ViewNode { ViewNode(.text(s), modifiers) }

    func testCombineJoinsTheChildrenInOrderOverTheViewsFrame() throws {
        let stack = ViewNode(
            .stack(
                .vertical, spacing: 0, alignment: .center,
                children: [text("One"), text("Two", [.accessibilityHint("h")]), .color(SystemColor.red)]),
            [.frame(FrameSpec(maxWidth: .infinity, maxHeight: .infinity)), .accessibilityElement(.combine)])
        let read = try read(stack)
        XCTAssertEqual(
            read,
            [
                AccessibilityElement(
                    label: "One, Two", hint: "h", traits: [.isStaticText],
                    frame: Rect(x: 0, y: 0, width: 200, height: 100))
            ])
        // Without the modifier each text is its own element, in tree order; the color says nothing.
        var plain = stack
        plain.modifiers.removeLast()
        XCTAssertEqual(try self.read(plain).map(\.label), ["One", "Two"])
    }

    func testIgnoreReadsOnlyTheViewsOwnLabelHintAndTraits() throws {
        let view = ViewNode(
            .stack(.vertical, spacing: 0, alignment: .center, children: [text("Hidden")]),
            [
                .accessibilityElement(.ignore), .accessibilityLabel("Own"),
                .accessibilityAddTraits([.isHeader, .isButton]),
            ])
        let read = try read(view)
        XCTAssertEqual(read.map(\.label), ["Own"])
        XCTAssertEqual(read.first?.traits, [.isButton, .isHeader], "each once, in SwiftUI's order")
        // `ignore` with nothing of its own is not read at all.
        XCTAssertEqual(
            try self.read(
                ViewNode(
                    .stack(.vertical, spacing: 0, alignment: .center, children: [text("x")]),
                    [.accessibilityElement(.ignore)])), [])
        // `contain` keeps the children.
        XCTAssertEqual(
            try self.read(
                ViewNode(
                    .stack(.vertical, spacing: 0, alignment: .center, children: [text("a"), text("b")]),
                    [.accessibilityElement(.contain)])
            ).map(\.label), ["a", "b"])
    }

    func testHiddenAlwaysOrWhileAStateHolds() throws {
        let view = ViewNode(
            .stack(
                .vertical, spacing: 0, alignment: .center,
                children: [
                    text("always", [.accessibilityHidden(.constant(true))]),
                    text("never", [.accessibilityHidden(.constant(false))]),
                    text("while", [.accessibilityHidden(.state("inserted"))]),
                ]))
        XCTAssertEqual(try read(view, states: ["inserted": false]).map(\.label), ["never", "while"])
        XCTAssertEqual(try read(view, states: ["inserted": true]).map(\.label), ["never"])
    }

    func testControlsAndSymbolsReadAsTheirTitles() throws {
        let view = ViewNode(
            .stack(
                .vertical, spacing: 0, alignment: .center,
                children: [
                    ViewNode(.button(title: "Try again", symbol: "arrow.counterclockwise")),
                    ViewNode(.label(title: "Scratch here", symbol: "hand.draw.fill")),
                    ViewNode(.symbol("gift.fill")),
                    ViewNode(
                        .shape(.circle, fill: nil),
                        [.frame(FrameSpec(width: 10, height: 10)), .accessibilityLabel("Dot")]),
                ]))
        let read = try read(view)
        XCTAssertEqual(read.map(\.label), ["Try again", "Scratch here", "Gift", "Dot"])
        XCTAssertEqual(read.map(\.traits), [[.isButton], [.isStaticText], [.isImage], []])
        XCTAssertEqual(read.map(\.actions), [["activate"], [], [], []])
        XCTAssertEqual(read[3].frame.width, 10, "a labelled shape is an element of its own frame")
        XCTAssertEqual(SymbolShape.accessibilityLabel("arrow.counterclockwise"), "Arrow counterclockwise")
        XCTAssertEqual(SymbolShape.accessibilityLabel("moon.stars.fill"), "Moon stars")
    }

    // MARK: - Files

    /// The scene file's spelling of the modifiers, and its errors with their JSON paths.
    func testSceneFilesSpellTheModifiersAsSwiftUI() throws {
        let file = try ScratchSceneFile.load(path: Repository.fixture("docs/scratch-demo.json"))
        XCTAssertEqual(file.content, ScratchScene.demoPrize)
        let circle = try CircleSceneFile.load(path: Repository.fixture("docs/circle-demo.json"))
        XCTAssertEqual(circle.base, CircleRevealScene.demo.base)
        func refusal(_ modifier: String) -> String {
            let json =
                "{\"width\": 10, \"height\": 10, \"strokes\": [], \"content\": {\"text\": \"x\", \"modifiers\": [\(modifier)]}}"
            do {
                _ = try ScratchSceneFile.decode(Array(json.utf8), file: "a.json", baseDirectory: "/tmp")
                return "accepted"
            } catch {
                return "\(error)"
            }
        }
        XCTAssertEqual(
            refusal("{\"accessibilityHidden\": \"isDark\"}"),
            "a.json: content.modifiers[0].accessibilityHidden: unknown state \"isDark\" (this scene has: revealed)")
        XCTAssertEqual(
            refusal("{\"accessibilityElement\": \"merge\"}"),
            "a.json: content.modifiers[0].accessibilityElement: unknown children rule \"merge\" (use one of combine, ignore, contain)"
        )
        XCTAssertTrue(
            refusal("{\"accessibilityAddTraits\": [\"button\"]}").contains(
                "unknown trait \"button\" (use one of isButton,"))
        XCTAssertEqual(refusal("{\"accessibilityHidden\": \"revealed\"}"), "accepted")
    }

    /// Every frame of an export says what VoiceOver sees, in the manifest.
    func testTheManifestListsEachFramesElements() throws {
        let folder = try TestImages.temporaryFolder(self, "frames")
        var scene = ScratchScene.demo
        scene.scale = 0.25
        let prepared = try scene.prepare()
        var sequence = try prepared.sequence()
        _ = try SequenceExport.run(
            &sequence, frames: 0..<prepared.frameCount, folder: FrameFolder(path: folder), wholeSequence: true)
        let manifest = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/manifest.json")))
                as? [String: Any])
        let frames = try XCTUnwrap(manifest["frames"] as? [[String: Any]])
        XCTAssertEqual(frames.count, prepared.frameCount)
        for (k, frame) in frames.enumerated() where k % 30 == 0 || k == frames.count - 1 {
            let listed = try XCTUnwrap(frame["accessibility"] as? [[String: Any]], "frame \(k)")
            XCTAssertEqual(
                listed.map { $0["label"] as? String }, try prepared.accessibility(atFrame: k).map(\.label), "frame \(k)"
            )
        }
        let first = try XCTUnwrap((frames[0]["accessibility"] as? [[String: Any]])?[1])
        XCTAssertEqual(first["hint"] as? String, "Double tap to reveal what is underneath")
        XCTAssertEqual(first["traits"] as? [String], ["isButton"])
        let card = try XCTUnwrap(prepared.layout(atFrame: 0).first { $0.kind == "effect" }).frame
        XCTAssertEqual(first["frame"] as? [String: Double], ["x": card.x, "y": card.y, "width": 337, "height": 240])
    }

    // MARK: - Goldens

    func testAccessibilityGoldensRecordCompareAndReport() throws {
        let goldens = try TestImages.temporaryFolder(self, "goldens")
        let artifacts = try TestImages.temporaryFolder(self, "artifacts")
        func settings(_ mode: RecordMode) -> GoldenSettings {
            GoldenSettings(recordMode: mode, artifactsDirectory: artifacts)
        }
        let path = goldens + "/card.accessibility.json"
        let covered = try ScratchScene.demo.prepare().accessibility(atFrame: 0)
        XCTAssertTrue(
            Golden.verifyAccessibility(covered, named: "card", in: goldens, settings: settings(.never)).message
                .hasPrefix("no accessibility golden at \(path), and recording is off"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
        let recorded = Golden.verifyAccessibility(covered, named: "card", in: goldens, settings: settings(.missing))
        XCTAssertEqual(recorded.outcome, .recorded)
        XCTAssertFalse(recorded.passed)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), AccessibilityElement.json(covered))
        XCTAssertEqual(
            Golden.verifyAccessibility(covered, named: "card", in: goldens, settings: settings(.never)).outcome,
            .matched)
        // A changed hint fails, naming the element, with both lists among the artifacts.
        var changed = covered
        changed[1].hint = "Tap"
        let failed = Golden.verifyAccessibility(changed, named: "card", in: goldens, settings: settings(.missing))
        XCTAssertEqual(failed.outcome, .failed)
        XCTAssertTrue(
            failed.message.contains("element 1 differs: expected {\"label\": \"Scratch card\", \"hint\": \"Double tap"),
            failed.message)
        XCTAssertTrue(failed.message.contains("REVEAL_RECORD=failed"), failed.message)
        let files = try XCTUnwrap(failed.artifacts)
        XCTAssertEqual(
            try String(contentsOfFile: try XCTUnwrap(files.expected), encoding: .utf8),
            AccessibilityElement.json(covered))
        XCTAssertEqual(try String(contentsOfFile: files.actual, encoding: .utf8), AccessibilityElement.json(changed))
        // A missing element is named too; `failed` records the new list, which then matches.
        let fewer = Golden.verifyAccessibility(
            Array(covered.prefix(2)), named: "card", in: goldens, settings: settings(.never))
        XCTAssertTrue(
            fewer.message.contains("expected 3 elements, found 2; the first missing one is {\"label\": \"Try again\""),
            fewer.message)
        XCTAssertEqual(
            Golden.verifyAccessibility(changed, named: "card", in: goldens, settings: settings(.failed)).outcome,
            .recorded)
        XCTAssertEqual(
            Golden.verifyAccessibility(changed, named: "card", in: goldens, settings: settings(.never)).outcome,
            .matched)
        XCTAssertEqual(
            Golden.verifyAccessibility(covered, named: "../card", in: goldens, settings: settings(.all)).outcome,
            .failed)
        // A golden that is not a readable file, and artifacts that cannot be written, fail with their reason.
        try FileManager.default.createDirectory(
            atPath: goldens + "/odd.accessibility.json", withIntermediateDirectories: true)
        XCTAssertEqual(
            Golden.verifyAccessibility(covered, named: "odd", in: goldens, settings: settings(.never)).message
                .components(separatedBy: "\n").first,
            "cannot read the accessibility golden at \(goldens)/odd.accessibility.json")
        XCTAssertTrue(
            Golden.verifyAccessibility(covered, named: "odd", in: goldens, settings: settings(.failed)).message
                .hasPrefix("cannot record the accessibility golden: "))
        try AtomicFile.write(Array("x".utf8), to: artifacts + "/blocker")
        let stuck = Golden.verifyAccessibility(
            covered, named: "card", in: goldens,
            settings: GoldenSettings(recordMode: .never, artifactsDirectory: artifacts + "/blocker/a"))
        XCTAssertTrue(stuck.message.contains("(could not write the expected and actual elements: "), stuck.message)
    }
}
