import Foundation
import RevealPlayer
import RevealRender
import SwiftUI
import XCTest

/// The demos' views written as SwiftUI (`SceneContent`) against the same views read from the demos' scene
/// definitions: one view model, so the same frames byte for byte and what VoiceOver reads.
final class SceneContentTests: XCTestCase {
    func testTheScratchDemoWrittenAsSwiftUIDrawsTheSameFrames() throws {
        let demo = ScratchScene.demo
        var written = demo
        MainActor.assumeIsolated {
            written.content = SceneContent {
                VStack(spacing: 8) {
                    Image(systemName: "gift.fill").font(.largeTitle).accessibilityHidden(true)
                    Text("50% off").font(.largeTitle.bold())
                    Text("on your next order").font(.headline)
                }
                .foregroundStyle(.white)
                .minimumScaleFactor(0.5)
                .frame(maxWidth: .infinity, maxHeight: .infinity)
                .background(
                    LinearGradient(colors: [.pink, .orange], startPoint: .topLeading, endPoint: .bottomTrailing)
                )
                .accessibilityElement(children: .combine)
            }
            written.cover = SceneContent {
                LinearGradient(
                    colors: [SwiftUI.Color(white: 0.82), SwiftUI.Color(white: 0.62), SwiftUI.Color(white: 0.8)],
                    startPoint: .topLeading, endPoint: .bottomTrailing
                )
                .overlay {
                    Label("Scratch here", systemImage: "hand.draw.fill").font(.title3.bold()).foregroundStyle(.white)
                }
            }
            written.screen?.view = SceneContent {
                VStack(spacing: 24) {
                    SceneCondition("revealed") {
                        Text("You found it!")
                    } otherwise: {
                        Text("Scratch the card")
                    }
                    .font(.title.bold())
                    SceneEffect()
                        .frame(height: 240)
                        .clipShape(.rect(cornerRadius: 28))
                        .shadow(color: .black.opacity(0.2), radius: 16, y: 8)
                        .padding(.horizontal, 28)
                    Button("Try again", systemImage: "arrow.counterclockwise") {}
                        .buttonStyle(.bordered)
                }
                .frame(maxWidth: .infinity, maxHeight: .infinity)
            }
        }
        // The prize and the cover lower to the very trees the demo's are; the screen's button adds the anchor a
        // tap finds it by, which draws nothing.
        XCTAssertEqual(written.content, demo.content)
        XCTAssertEqual(written.cover, demo.cover)
        XCTAssertNotEqual(written.screen, demo.screen)
        // The first frame, mid-stroke, the cover fading, revealed, after "Try again", and the last.
        try assertSameFrames(demo, written, frames: [0, 60, 140, 170, 200, 360], accessibility: true)
    }

    func testTheCircleDemoWrittenAsSwiftUIDrawsTheSameFrames() throws {
        let demo = CircleRevealScene.demo
        var written = demo
        MainActor.assumeIsolated {
            written.base = SceneContent { Self.sky([.cyan, .blue], symbol: "sun.max.fill", title: "Day") }
            written.revealed = SceneContent { Self.sky([.indigo, .black], symbol: "moon.stars.fill", title: "Night") }
            written.screen?.view = SceneContent {
                ZStack {
                    SceneEffect()
                    Button {
                    } label: {
                        SceneCondition("inserted") {
                            Text("Sunrise")
                        } otherwise: {
                            Text("Sunset")
                        }
                    }
                    .buttonStyle(.bordered)
                    .font(.headline)
                    .controlSize(.large)
                    .tint(.white)
                    .position(x: 393 * 0.5, y: 852 * 0.78)
                }
            }
        }
        // Growing, covering, shrinking back. (The demo hides Day from VoiceOver while Night is in, a state
        // the scene's views have no SwiftUI spelling for yet: pixels only.)
        try assertSameFrames(demo, written, frames: [0, 30, 60, 130, 150, 168], accessibility: false)
    }

    func testContentWhoseCodeRunsAsItIsDrawnIsDrawnFromTheMainActorAndRefusedElsewhere() throws {
        // A reader and a canvas are called back while the scene is drawn, and their code is the main
        // actor's: on the main thread the scene draws them; on another thread (a nonisolated Swift Testing
        // test) it throws, naming the content, instead of trapping.
        var scene = ScratchScene(width: 80, height: 60, scale: 1, actions: [ScratchAction(t: 0, type: .reveal)])
        var plain = scene
        MainActor.assumeIsolated {
            scene.content = SceneContent {
                GeometryReader { proxy in
                    Canvas { context, size in
                        context.fill(
                            Path(ellipseIn: CGRect(x: 0, y: 0, width: size.width, height: size.height)),
                            with: .color(.blue))
                    }
                    .frame(width: proxy.size.width / 2, height: proxy.size.height / 2)
                }
            }
            plain.content = SceneContent { SwiftUI.Color.blue }
        }
        let onMain = try scene.renderFrame(at: 1)
        // The ellipse in the top-left quarter: blue at its centre, clear past it.
        XCTAssertEqual(onMain.pixel(x: 20, y: 15)?.b, 255)
        XCTAssertEqual(onMain.pixel(x: 60, y: 45)?.a, 0)

        final class Outcome: @unchecked Sendable { var errors: [String] = [] }
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        let (drawing, plainDrawing) = (scene, plain)
        Thread {
            for scene in [drawing, plainDrawing] {
                do {
                    _ = try scene.renderFrame(at: 1)
                    outcome.errors.append("")
                } catch {
                    outcome.errors.append("\(error)")
                }
            }
            done.signal()
        }.start()
        done.wait()
        XCTAssertEqual(outcome.errors.count, 2)
        XCTAssertTrue(
            outcome.errors.first?.hasPrefix("content: holds a GeometryReader, Canvas or alignment guide") ?? false,
            "\(outcome.errors)")
        XCTAssertEqual(outcome.errors.last, "", "a plain color draws on any thread")
    }

    @MainActor private static func sky(_ colors: [SwiftUI.Color], symbol: String, title: String) -> some SwiftUI.View {
        ZStack {
            LinearGradient(colors: colors, startPoint: .top, endPoint: .bottom)
            VStack(spacing: 14) {
                Image(systemName: symbol).font(.largeTitle.weight(.semibold)).imageScale(.large)
                    .accessibilityHidden(true)
                Text(title).font(.system(.largeTitle, design: .rounded, weight: .bold))
            }
            .foregroundStyle(.white)
        }
    }

    private func assertSameFrames(
        _ expected: some RevealScene, _ actual: some RevealScene, frames: [Int], accessibility: Bool,
        line: UInt = #line
    ) throws {
        let a = try expected.prepare()
        let b = try actual.prepare()
        XCTAssertEqual(a.frameCount, b.frameCount, line: line)
        var first = try a.sequence()
        var second = try b.sequence()
        for index in frames {
            let drawn = try first.render(frame: index)
            let written = try second.render(frame: index)
            if drawn != written {
                let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scene-content-\(index)")
                try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try Data(PNG.encode(drawn)).write(to: folder.appendingPathComponent("expected.png"))
                try Data(PNG.encode(written)).write(to: folder.appendingPathComponent("actual.png"))
                XCTFail("frame \(index) differs: see \(folder.path)", line: line)
            }
            if accessibility {
                XCTAssertEqual(
                    try a.accessibility(atFrame: index), try b.accessibility(atFrame: index), "frame \(index)",
                    line: line)
            }
        }
    }
}
