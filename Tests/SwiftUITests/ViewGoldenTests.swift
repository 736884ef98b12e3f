import RevealPlayer
import RevealRender
import RevealRenderTesting
import RevealSwiftUITesting
import SwiftUI
import Testing
import XCTest

/// A small card written as SwiftUI: a title, and a button that hides the hint with a fade.
private struct HintCard: SwiftUI.View {
    @State private var showsHint = true

    var body: some SwiftUI.View {
        VStack(spacing: 16) {
            Text("Daily goal").font(.title.bold())
            if showsHint {
                Text("Tap Reset to start over").foregroundStyle(.gray).transition(.opacity)
            }
            Button("Reset", systemImage: "arrow.counterclockwise") {
                withAnimation(.easeOut(duration: 0.4)) { showsHint = false }
            }
            .buttonStyle(.bordered)
        }
        .padding(24)
        .background(Color(white: 0.95))
        .clipShape(.rect(cornerRadius: 20))
    }
}

/// A 320-point square at 2×, 20 fps, "Reset" tapped at 0.5 s.
private let script = ViewScript(
    width: 320, height: 320, scale: 2, fps: 20, safeArea: Insets(), taps: [.init(t: 0.5, target: .label("Reset"))])

/// `assertGolden(of:)` and `assertAccessibility(of:)` over a SwiftUI view, checked against goldens looked at.
final class ViewGoldenTests: XCTestCase {

    func testAViewsFramesAndWhatVoiceOverReadsMatchTheirGoldens() throws {
        try assertGolden(of: HintCard(), script: script, at: 0, named: "hint-card-before")
        try assertGolden(of: HintCard(), script: script, at: 0.7, named: "hint-card-fading")
        try assertAccessibility(of: HintCard(), script: script, at: 0.7, named: "hint-card-after-done")
    }

    func testAFrameFromAnotherTimeDoesNotMatch() throws {
        let later = try MainActor.assumeIsolated { try ViewCheck.frame(of: { HintCard() }, script: script, at: 2) }
        let artifacts = FileManager.default.temporaryDirectory.appendingPathComponent("view-golden-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: artifacts) }
        let result = Golden.verify(
            later, named: "hint-card-fading",
            settings: GoldenSettings(recordMode: .never, artifactsDirectory: artifacts),
            testFile: #filePath)
        XCTAssertEqual(result.outcome, .failed, result.message)
    }

    func testTheLayoutListsTheViewsWhereTheyAre() throws {
        let views = try MainActor.assumeIsolated { try ViewCheck.layout(of: { HintCard() }, script: script, at: 0) }
        let texts = views.filter { $0.kind == "text" }.compactMap(\.text)
        XCTAssertEqual(texts, ["Daily goal", "Tap Reset to start over", "Reset"])
        XCTAssertEqual(views.compactMap(\.symbol), ["arrow.counterclockwise"])
        // After the fade, the hint is gone and the card has closed up around the title and the button.
        let after = try MainActor.assumeIsolated { try ViewCheck.layout(of: { HintCard() }, script: script, at: 2) }
        XCTAssertEqual(after.filter { $0.kind == "text" }.compactMap(\.text), ["Daily goal", "Reset"])
    }
}

/// The same goldens through Swift Testing's `expectGolden(of:)` and `expectAccessibility(of:)`.
@Test @MainActor func aViewMatchesItsGoldensUnderSwiftTesting() throws {
    try expectGolden(of: HintCard(), script: script, at: 0, named: "hint-card-before")
    try expectAccessibility(of: HintCard(), script: script, at: 0.7, named: "hint-card-after-done")
}
