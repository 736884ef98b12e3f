import Foundation
import RevealPlayer
import RevealRender
import SwiftUI
import XCTest

/// A 20×20-point screen at 1×, with no safe area.
private let screen = ViewScript(width: 20, height: 20, scale: 1, fps: 10, safeArea: Insets())

/// The middle pixel's red, green and blue.
@MainActor private func middle(_ view: @escaping @MainActor () -> any SwiftUI.View) throws -> [Int] {
    var player = ViewPlayer(script: screen, view: view)
    let pixel = try XCTUnwrap(try player.render(frame: 0).pixel(x: 10, y: 10))
    return [Int(pixel.r), Int(pixel.g), Int(pixel.b)]
}

/// Levels within one of each other (the matrices and blends round once, in doubles).
private func assertLevels(_ actual: [Int], _ expected: [Int], _ message: String, line: UInt = #line) {
    XCTAssertEqual(actual.count, expected.count, message, line: line)
    for (a, e) in zip(actual, expected) { XCTAssertEqual(a, e, accuracy: 1, "\(message): \(actual)", line: line) }
}

/// The backdrop and the source below, in levels that are exact multiples of 0.2: (0.2, 0.4, 0.6) and
/// (0.6, 0.6, 1.0).
private let backdrop = SwiftUI.Color(red: 0.2, green: 0.4, blue: 0.6)
private let source = SwiftUI.Color(red: 0.6, green: 0.6, blue: 1.0)

/// SwiftUI's color effects and blend modes, against values worked out by hand from the W3C Filter Effects
/// matrices and the W3C Compositing and Blending formulas.
final class ColorEffectTests: XCTestCase {
    /// A hue that is not a number (or infinite) is a user's value, never a trap: it is taken as 0, red.
    func testAHueThatIsNotANumberIsRed() throws {
        try MainActor.assumeIsolated {
            for hue in [Double.nan, .infinity, -.infinity] {
                XCTAssertEqual(try middle { SwiftUI.Color(hue: hue, saturation: 1, brightness: 1) }, [255, 0, 0])
            }
            XCTAssertEqual(try middle { SwiftUI.Color(hue: 2.0 / 3, saturation: 1, brightness: 1) }, [0, 0, 255])
        }
    }

    func testEachColorEffectGivesTheFilterEffectsValue() throws {
        try MainActor.assumeIsolated {
            assertLevels(try middle { backdrop }, [51, 102, 153], "as it is")
            assertLevels(try middle { backdrop.brightness(0.2) }, [102, 153, 204], "brightness: + 0.2")
            // (c − 0.5) · 2 + 0.5: −0.1 (held at 0), 0.3, 0.7.
            assertLevels(try middle { backdrop.contrast(2) }, [0, 77, 179], "contrast 2")
            // Rec. 709 luminance: 0.2126 · 0.2 + 0.7152 · 0.4 + 0.0722 · 0.6 = 0.37192.
            assertLevels(try middle { backdrop.saturation(0) }, [95, 95, 95], "saturation 0")
            assertLevels(try middle { backdrop.grayscale(1) }, [95, 95, 95], "grayscale 1")
            assertLevels(try middle { backdrop.grayscale(0) }, [51, 102, 153], "grayscale 0")
            assertLevels(
                try middle { backdrop.colorMultiply(SwiftUI.Color(red: 1, green: 0.6, blue: 0.2)) }, [51, 61, 31],
                "multiplied by (1, 0.6, 0.2)")
            assertLevels(try middle { backdrop.hueRotation(.degrees(360)) }, [51, 102, 153], "a whole turn")
            // A turn keeps the matrix's luminance (weights 0.213, 0.715, 0.072) and changes the color.
            let turned = try middle { backdrop.hueRotation(.degrees(120)) }
            let luminance = { (c: [Int]) in 0.213 * Double(c[0]) + 0.715 * Double(c[1]) + 0.072 * Double(c[2]) }
            XCTAssertEqual(luminance(turned), luminance([51, 102, 153]), accuracy: 1.5)
            XCTAssertNotEqual(turned, [51, 102, 153])
        }
    }

    func testEachBlendModeGivesTheCompositingSpecsValueOverAnOpaqueBackdrop() throws {
        let expected: [(SwiftUI.BlendMode, [Int])] = [
            (.normal, [153, 153, 255]),
            (.multiply, [31, 61, 153]),  // 0.12, 0.24, 0.6
            (.screen, [173, 194, 255]),  // b + s − bs: 0.68, 0.76, 1
            (.darken, [51, 102, 153]),
            (.lighten, [153, 153, 255]),
            (.difference, [102, 51, 102]),
            (.exclusion, [143, 133, 102]),  // b + s − 2bs: 0.56, 0.52, 0.4
            (.overlay, [61, 122, 255]),  // hard light with the two swapped: 2bs, 2bs, screen(s, 2b − 1)
            (.plusLighter, [204, 255, 255]),
            (.plusDarker, [0, 0, 153]),  // b + s − 1, at least 0
            // SetLum(backdrop, Lum(source)): 0.362 + 0.282 on each channel.
            (.luminosity, [123, 174, 225]),
            (.sourceAtop, [153, 153, 255]),  // over an opaque backdrop, as normal
            (.destinationOver, [51, 102, 153]),  // the opaque backdrop stays on top
        ]
        try MainActor.assumeIsolated {
            for (mode, levels) in expected {
                assertLevels(
                    try middle {
                        ZStack {
                            backdrop
                            source.blendMode(mode)
                        }
                    }, levels, "\(mode)")
            }
            // Cut out inside a group, the hole shows the white screen beneath.
            assertLevels(
                try middle {
                    ZStack {
                        backdrop
                        SwiftUI.Color.black.blendMode(.destinationOut)
                    }.compositingGroup()
                },
                [255, 255, 255], "destinationOut")
        }
    }
}
