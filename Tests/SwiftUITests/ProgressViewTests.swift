import Foundation
import RevealPlayer
import RevealRender
import SwiftUI
import XCTest

/// A 40×40-point screen at 1×, 8 frames a second (one a step of the spinner), with no safe area.
private let screen = ViewScript(width: 40, height: 40, scale: 1, fps: 8, safeArea: Insets())

/// A style of one's own: the percentage done as text.
private struct PercentStyle: ProgressViewStyle {
    func makeBody(configuration: Configuration) -> some SwiftUI.View {
        Text("\(Int((configuration.fractionCompleted ?? 0) * 100)) %")
    }
}

/// The darkness (255 less the red level) of the pixel at (x, y).
private func ink(_ pixels: Pixmap, _ x: Int, _ y: Int) -> Int { 255 - Int(pixels.pixel(x: x, y: y)?.r ?? 255) }

/// The spinner iOS draws for a task of unknown length and in the circular style, and styles of one's own.
final class ProgressViewTests: XCTestCase {
    func testASpinnersLeadSpokeStepsOnTheSceneClockRoundOnceASecond() throws {
        try MainActor.assumeIsolated {
            var player = ViewPlayer(script: screen) { ProgressView() }
            let shapes = try player.layout(at: 0).filter { $0.kind == "shape" }
            XCTAssertEqual(shapes.count, 8, "eight spokes")
            let frames = try (0...8).map { try player.render(frame: $0) }
            // The spinner is centred at (20, 20); the top spoke's middle is 6.25 points up, the bottom's down.
            XCTAssertGreaterThan(ink(frames[0], 20, 14), ink(frames[0], 20, 26) + 60, "the lead spoke at the top")
            XCTAssertGreaterThan(ink(frames[4], 20, 26), ink(frames[4], 20, 14) + 60, "half a second on, at the bottom")
            for step in 1..<8 { XCTAssertNotEqual(frames[step], frames[step - 1], "step \(step) moves the lead") }
            XCTAssertEqual(frames[8], frames[0], "a whole turn a second")
        }
    }

    func testTheCircularStyleDrawsTheSpinnerWhateverTheValueAndAStyleOfOnesOwnIsUsed() throws {
        try MainActor.assumeIsolated {
            let circular = try ViewPlayer(script: screen) {
                ProgressView(value: 0.4).progressViewStyle(.circular)
            }.layout(at: 0)
            XCTAssertEqual(circular.filter { $0.kind == "shape" }.count, 8)
            let bar = try ViewPlayer(script: screen) { ProgressView(value: 0.4).progressViewStyle(.linear) }
                .layout(at: 0)
            XCTAssertEqual(bar.filter { $0.kind == "shape" }.count, 2, "the track and the done part")
            let custom = try ViewPlayer(script: screen) {
                ProgressView(value: 0.25).progressViewStyle(PercentStyle())
            }.layout(at: 0)
            XCTAssertEqual(custom.compactMap(\.text), ["25 %"])
        }
    }
}
