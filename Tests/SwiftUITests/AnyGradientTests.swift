import Foundation
import RevealPlayer
import RevealRender
import SwiftUI
import XCTest

/// A 40×40-point screen at 1×, with no safe area.
private let screen = ViewScript(width: 40, height: 40, scale: 1, fps: 10, safeArea: Insets())

@MainActor private func render(dark: Bool = false, _ view: @escaping @MainActor () -> any SwiftUI.View) throws
    -> Pixmap
{
    var script = screen
    script.appearance = dark ? .dark : .light
    var player = ViewPlayer(script: script, view: view)
    return try player.render(frame: 0)
}

/// Hue (degrees), saturation and lightness (HSL, 0…1) of the pixel at (x, y).
private func hsl(_ pixels: Pixmap, _ x: Int, _ y: Int) throws -> (Double, Double, Double) {
    let p = try XCTUnwrap(pixels.pixel(x: x, y: y))
    let (r, g, b) = (Double(p.r) / 255, Double(p.g) / 255, Double(p.b) / 255)
    let high = max(r, g, b)
    let low = min(r, g, b)
    let l = (high + low) / 2
    let c = high - low
    guard c > 0 else { return (0, 0, l) }
    var h = high == r ? (g - b) / c : high == g ? (b - r) / c + 2 : (r - g) / c + 4
    if h < 0 { h += 6 }
    return (h * 60, c / (1 - abs(2 * l - 1)), l)
}

/// `AnyGradient` and `Color.gradient`. Apple documents the direction: "a linear gradient with start-point
/// [0.5, 0] and end-point [0.5, 1]". The colors it does not document; the lighter top is our fit to a
/// published measurement of SwiftUI's own (the figures below).
final class AnyGradientTests: XCTestCase {
    func testAnAnyGradientRunsFromTopToBottom() throws {
        try MainActor.assumeIsolated {
            let stops = Gradient(colors: [
                SwiftUI.Color(red: 1, green: 0, blue: 0), SwiftUI.Color(red: 0, green: 0, blue: 1),
            ])
            let any = try render { Rectangle().fill(AnyGradient(stops)) }
            let linear = try render {
                Rectangle().fill(LinearGradient(gradient: stops, startPoint: .top, endPoint: .bottom))
            }
            XCTAssertTrue(any == linear, "AnyGradient draws as a linear gradient from top to bottom")
            XCTAssertEqual(any.pixel(x: 3, y: 0)?.r, 252)
            XCTAssertEqual(any.pixel(x: 30, y: 39)?.b, 252)
        }
    }

    /// The measured top colors of SwiftUI's `.gradient` (HSL lightness, from `ImageRenderer` strips): grey 128
    /// at 0.502 goes to 0.647, rgb(51, 102, 204) at 0.500 to 0.639, rgb(0, 153, 51) at 0.300 to 0.451, white
    /// stays 1. Ours lifts lightness by 0.15 and keeps hue: within 0.015 of each, and the bottom is the color.
    func testTheStandardGradientLightensTheTopAndEndsInTheColor() throws {
        try MainActor.assumeIsolated {
            let cases: [(SwiftUI.Color, measuredTop: Double)] = [
                (SwiftUI.Color(red: 128 / 255, green: 128 / 255, blue: 128 / 255), 0.647),
                (SwiftUI.Color(red: 51 / 255, green: 102 / 255, blue: 204 / 255), 0.639),
                (SwiftUI.Color(red: 0, green: 153 / 255, blue: 51 / 255), 0.451),
                (SwiftUI.Color.white, 1),
            ]
            for (color, measuredTop) in cases {
                let pixels = try render { Rectangle().fill(color.gradient) }
                let base = try render { Rectangle().fill(color) }
                let (topHue, _, topLightness) = try hsl(pixels, 20, 0)
                let (baseHue, _, baseLightness) = try hsl(base, 20, 20)
                XCTAssertEqual(topLightness, measuredTop, accuracy: 0.015, "\(color)")
                XCTAssertEqual(topHue, baseHue, accuracy: 1.5, "\(color): the hue is kept")
                XCTAssertEqual(
                    try hsl(pixels, 20, 39).2, baseLightness, accuracy: 0.01, "\(color): the bottom is the color")
                XCTAssertEqual(pixels.pixel(x: 0, y: 10), pixels.pixel(x: 39, y: 10), "\(color): rows are one color")
            }
        }
    }

    /// In dark mode the gradient is the dark value's: HIG's dark blue (10, 132, 255, lightness 0.520) at the
    /// bottom, 0.670 at the top (the light blue's would be 0.650).
    func testInDarkModeTheDarkValueIsLightened() throws {
        try MainActor.assumeIsolated {
            let pixels = try render(dark: true) { Rectangle().fill(SwiftUI.Color.blue.gradient) }
            let bottom = try XCTUnwrap(pixels.pixel(x: 20, y: 39))
            XCTAssertLessThan(abs(Int(bottom.r) - 10), 4)
            XCTAssertLessThan(abs(Int(bottom.g) - 132), 4)
            XCTAssertEqual(bottom.b, 255)
            XCTAssertEqual(try hsl(pixels, 20, 0).2, 0.670 - 0.15 / 80, accuracy: 0.008)
        }
    }
}
