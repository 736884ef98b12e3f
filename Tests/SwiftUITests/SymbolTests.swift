import Foundation
import RevealPlayer
import RevealRender
import SwiftUI
import XCTest

/// The first frame of `view` on a `side`-point square screen at `scale`.
@MainActor func firstFrame(_ view: some View, side: Double = 160, scale: Double = 1) throws -> Pixmap {
    var script = ViewScript(width: side, height: side, scale: scale, fps: 10, safeArea: Insets())
    script.until = 0
    var player = ViewPlayer(script: script) { view }
    return try player.render(frame: 0)
}

/// The pixel's color as 0–255 levels.
private func rgb(_ pixmap: Pixmap, _ x: Int, _ y: Int) -> [Int] {
    guard let p = pixmap.pixel(x: x, y: y) else { return [] }
    return [Int(p.r), Int(p.g), Int(p.b)]
}

private let red = [255, 59, 48]

private func close(_ a: [Int], _ b: [Int], within: Int = 2) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= within }
}

/// `xmark.circle.fill`, 100 points, on red: its centre is on the cross, and (50, 80) on the disc clear of it.
private struct Cross: View {
    let mode: SymbolRenderingMode?
    let palette: Bool
    var body: some View {
        let image = Image(systemName: "xmark.circle.fill").font(.system(size: 100))
            .symbolRenderingMode(mode).background(Color.red)
        if palette {
            image.foregroundStyle(.white, .blue)
        } else {
            image
        }
    }
}

/// The height of what is drawn in the frame (rows holding a pixel darker than mid-gray).
private func inkHeight(_ pixmap: Pixmap) -> Int {
    let rows = (0..<pixmap.height).filter { y in
        (0..<pixmap.width).contains { x in (pixmap.pixel(x: x, y: y).map { Int($0.r) } ?? 255) < 128 }
    }
    return (rows.last ?? 0) - (rows.first ?? 0) + 1
}

/// The ink the frame holds: the sum of each pixel's darkness.
private func ink(_ pixmap: Pixmap) -> Double {
    var sum = 0.0
    for y in 0..<pixmap.height {
        for x in 0..<pixmap.width { sum += 255 - Double(pixmap.pixel(x: x, y: y)?.r ?? 255) }
    }
    return sum
}

/// SF Symbols' rendering modes, variants, scales and weights as SwiftUI documents them.
final class SymbolTests: XCTestCase {

    func testMonochromeKnocksTheGlyphOutAndLayeredModesDrawItOverTheEnclosure() throws {
        try MainActor.assumeIsolated {
            // Monochrome: one layer, the cross a hole that shows the red behind.
            let mono = try firstFrame(Cross(mode: .monochrome, palette: false))
            XCTAssertTrue(close(rgb(mono, 80, 80), red), "\(rgb(mono, 80, 80))")
            XCTAssertTrue(close(rgb(mono, 50, 80), [0, 0, 0]), "\(rgb(mono, 50, 80))")
            // Palette: the glyph in the first style, the disc in the second (SwiftUI: "each successively
            // defined layer … the next of the primary, secondary, and tertiary variants").
            let palette = try firstFrame(Cross(mode: .palette, palette: true))
            XCTAssertTrue(close(rgb(palette, 80, 80), [255, 255, 255]), "\(rgb(palette, 80, 80))")
            XCTAssertTrue(close(rgb(palette, 50, 80), [0, 122, 255]), "\(rgb(palette, 50, 80))")
            // Hierarchical: the glyph in the foreground, the disc in its secondary level, which with no
            // foreground set is the secondary label color, (60, 60, 67) at 60 %, over the red.
            let hierarchy = try firstFrame(Cross(mode: .hierarchical, palette: false))
            XCTAssertTrue(close(rgb(hierarchy, 80, 80), [0, 0, 0]), "\(rgb(hierarchy, 80, 80))")
            let secondary = zip([60, 60, 67], red).map { Int((0.6 * Double($0) + 0.4 * Double($1)).rounded()) }
            XCTAssertTrue(close(rgb(hierarchy, 50, 80), secondary), "\(rgb(hierarchy, 50, 80)) vs \(secondary)")
        }
    }

    func testAVariantNamesTheSymbolThatHasItAndFallsBackToTheNameAsGiven() throws {
        try MainActor.assumeIsolated {
            @MainActor func same(_ a: some View, _ b: some View) throws -> Bool { try firstFrame(a) == firstFrame(b) }
            let big = Font.system(size: 60)
            XCTAssertTrue(try same(Image(systemName: "heart").symbolVariant(.fill), Image(systemName: "heart.fill")))
            XCTAssertTrue(
                try same(
                    Image(systemName: "person").symbolVariant(.circle.fill).font(big),
                    Image(systemName: "person.circle.fill").font(big)))
            // Set around the image, and added to by an inner variant.
            XCTAssertTrue(
                try same(
                    Image(systemName: "bell").symbolVariant(.slash).symbolVariant(.fill).font(big),
                    Image(systemName: "bell.slash.fill").font(big)))
            // No `cart.square` exists: the image keeps its own name.
            XCTAssertTrue(
                try same(
                    Image(systemName: "cart").symbolVariant(.square).font(big), Image(systemName: "cart").font(big)))
            XCTAssertFalse(try same(Image(systemName: "heart").font(big), Image(systemName: "heart.fill").font(big)))
        }
        XCTAssertTrue(SymbolVariants.circle.fill.contains(.fill))
        XCTAssertTrue(SymbolVariants.circle.fill.contains(.circle))
        XCTAssertFalse(SymbolVariants.circle.contains(.fill))
    }

    func testScalesAreAboutTwentyPercentSmallerAndThirtyPercentLargerThanMedium() throws {
        // Apple's `Image.Scale`, as `NSImage.SymbolScale` words it: small "approximately 20% smaller than the
        // medium scale", large "approximately 30% larger".
        try MainActor.assumeIsolated {
            @MainActor func height(_ scale: Image.Scale) throws -> Double {
                Double(
                    inkHeight(
                        try firstFrame(
                            Image(systemName: "circle.fill").imageScale(scale).font(.system(size: 60))
                                .background(Color.white), scale: 3)))
            }
            let medium = try height(.medium)
            XCTAssertEqual(try height(.small) / medium, 0.8, accuracy: 0.03)
            XCTAssertEqual(try height(.large) / medium, 1.3, accuracy: 0.03)
        }
    }

    func testASymbolTakesTheWeightOfTheFontAroundIt() throws {
        // SwiftUI matches a symbol's weight to its font's; `fontWeight` around it weighs it as it does text.
        try MainActor.assumeIsolated {
            @MainActor func drawn(_ weight: Font.Weight) throws -> Double {
                ink(try firstFrame(Image(systemName: "globe").font(.system(size: 60)).fontWeight(weight)))
            }
            let light = try drawn(.light)
            let regular = try drawn(.regular)
            let bold = try drawn(.bold)
            XCTAssertLessThan(light, regular)
            XCTAssertLessThan(regular, bold)
            XCTAssertEqual(
                ink(try firstFrame(Image(systemName: "globe").font(.system(size: 60, weight: .bold)))), bold,
                accuracy: 1)
        }
    }
}
