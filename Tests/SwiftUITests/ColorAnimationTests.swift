import Foundation
import RevealPlayer
import RevealRender
import SwiftUI
import XCTest

/// A 40×40-point screen at 1×, ten frames a second, played to 2 s.
private let screen: ViewScript = {
    var script = ViewScript(width: 40, height: 40, scale: 1, fps: 10, safeArea: Insets())
    script.until = 2
    return script
}()

/// A color view and a shape's fill whose color changes in an animation: red to blue over a second, linear.
private struct Fading: View {
    let shape: Bool
    @State private var blue = false
    var body: some View {
        Group {
            if shape {
                Rectangle().fill(blue ? Color.blue : Color.red)
            } else {
                (blue ? Color.blue : Color.red)
            }
        }
        .onAppear { withAnimation(.linear(duration: 1)) { blue = true } }
    }
}

/// The sRGB-encoded level of the linear value `l` (IEC 61966-2-1).
private func level(linear l: Double) -> Int {
    let c = l <= 0.0031308 ? l * 12.92 : 1.055 * pow(l, 1 / 2.4) - 0.055
    return Int((c * 255).rounded())
}

/// A color animates as SwiftUI's `Color.Resolved` does, its components interpolated in linear sRGB (Apple:
/// "The values are stored in the Linear sRGB color space"), worked out here by the sRGB transfer function.
final class ColorAnimationTests: XCTestCase {
    func testAColorViewAndAFillChangeColorThroughLinearLight() throws {
        // The system red and blue, as our Color resolves them in light mode.
        let red = (255.0, 59.0, 48.0)
        let blue = (0.0, 122.0, 255.0)
        func lin(_ v: Double) -> Double {
            let c = v / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        try MainActor.assumeIsolated {
            for shape in [false, true] {
                var player = ViewPlayer(script: screen) { Fading(shape: shape) }
                for (frame, t) in [(0, 0.0), (3, 0.3), (5, 0.5), (15, 1.0)] {
                    let pixel = try XCTUnwrap(try player.render(frame: frame).pixel(x: 20, y: 20))
                    let expected = [
                        level(linear: lin(red.0) + (lin(blue.0) - lin(red.0)) * t),
                        level(linear: lin(red.1) + (lin(blue.1) - lin(red.1)) * t),
                        level(linear: lin(red.2) + (lin(blue.2) - lin(red.2)) * t),
                    ]
                    let got = [Int(pixel.r), Int(pixel.g), Int(pixel.b)]
                    XCTAssertTrue(
                        zip(got, expected).allSatisfy { abs($0 - $1) <= 1 },
                        "\(shape ? "fill" : "color view") at \(t) s: \(got), expected \(expected)")
                }
            }
        }
    }
}
