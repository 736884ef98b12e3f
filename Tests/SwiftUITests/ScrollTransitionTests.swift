import RevealPlayer
import RevealRender
import SwiftUI
import XCTest

/// `scrollTransition` as SwiftUI documents it: the closure is given the view's phase against its scroll view's
/// viewport, and (interactive, the default) its effects follow the view across the edge.
final class ScrollTransitionTests: XCTestCase {
    /// Black rows 100 points tall in a 250-point viewport, each fading as it goes out; `top` scrolled away.
    private func render(scrolledBy top: Double) throws -> Pixmap {
        var script = ViewScript(width: 200, height: 250, scale: 1, fps: 30, safeArea: Insets())
        if top > 0 {
            // A slow drag up by `top` points (past the 10-point slop), held still before it lifts: no coast.
            let points = (0...10).map {
                TouchSample(x: 100, y: 200 - (top + 10) * Double($0) / 10, t: 0.1 + 0.03 * Double($0))
            }
            script.touches = [ViewScript.Touch(points: points + [.init(x: 100, y: 190 - top, t: 0.8)])]
        }
        return try MainActor.assumeIsolated {
            var player = ViewPlayer(script: script) {
                ScrollView {
                    VStack(spacing: 0) {
                        ForEach(0..<6) { _ in
                            Color.black.frame(height: 100)
                                .scrollTransition { content, phase in content.opacity(phase.isIdentity ? 1 : 0) }
                        }
                    }
                }
                .scrollIndicators(.hidden)
            }
            return try player.render(frame: top > 0 ? 45 : 0)
        }
    }

    private func ink(_ pixels: Pixmap, y: Int) throws -> Double {
        Double(255 - Int(try XCTUnwrap(pixels.pixel(x: 100, y: y)).r)) / 255
    }

    func testARowHalfPastTheBottomEdgeIsHalfFadedAndOneInsideIsNot() throws {
        let pixels = try render(scrolledBy: 0)
        XCTAssertEqual(try ink(pixels, y: 150), 1, accuracy: 0.01)
        // The third row is 200…300: half of it is out, so its opacity is half way from 1 to 0.
        XCTAssertEqual(try ink(pixels, y: 225), 0.5, accuracy: 0.01)
    }

    func testARowGoingOutPastTheTopFadesByHowFarItIsOut() throws {
        // Scrolled 40 points: the first row is 40 % out past the top; the third, 200…300, now 160…260, is 10 %
        // out past the bottom.
        let pixels = try render(scrolledBy: 40)
        XCTAssertEqual(try ink(pixels, y: 30), 0.6, accuracy: 0.02)
        XCTAssertEqual(try ink(pixels, y: 100), 1, accuracy: 0.01)
        XCTAssertEqual(try ink(pixels, y: 245), 0.9, accuracy: 0.02)
    }
}
