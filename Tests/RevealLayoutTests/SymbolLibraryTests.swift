import Foundation
import RevealTestSupport
import XCTest

@testable import RevealRender

/// The icon-set symbols against exact areas, worked out from the icons' geometry: a stroked icon covers its
/// lines' length times the pen plus its round caps, at each weight's pen; a glyph knocked out of a filled
/// enclosure leaves exactly its own area out.
final class SymbolLibraryTests: XCTestCase {
    /// The pen on the icons' 256-unit grid at each weight: 16 units times the factors the article "Symbols"
    /// states.
    private func pen(_ weight: FontWeight) -> Double {
        let factors: [FontWeight: Double] = [
            .ultraLight: 0.35, .thin: 0.5, .light: 0.75, .regular: 1, .medium: 1.15, .semibold: 1.3, .bold: 1.5,
            .heavy: 1.75, .black: 2,
        ]
        return 16 * factors[weight]!
    }

    /// The area `name` covers at `weight`, in the icon grid's square units: the symbol drawn resizable in a
    /// 400-point square at 1×, its coverage summed and scaled back.
    private func coveredGridArea(_ name: String, weight: FontWeight) throws -> Double {
        let symbol = try XCTUnwrap(SymbolShape.named(name, weight: weight), name)
        let side = 400.0
        let view = ViewNode(.shape(.symbol(symbol), fill: nil)).modifier(.frame(FrameSpec(width: side, height: side)))
        let screen = try ViewScreen(
            view, width: side, height: side, safeArea: Insets(), ignoresSafeArea: true, scale: 1, fonts: .inter,
            background: .clear)
        let pixels = try screen.render()
        var covered = 0.0
        for y in 0..<pixels.height {
            for x in 0..<pixels.width { covered += Double(pixels[x, y].a) / 255 }
        }
        // Pixels per grid unit: the fit's scale (pixels per unit of ours) times our units per grid unit.
        let fit = min(side / symbol.width, side / (symbol.bottom - symbol.top))
        let perGridUnit = fit * SymbolLibrary.unitsPerGridUnit
        return covered / (perGridUnit * perGridUnit)
    }

    func testAStrokedIconCoversItsLinesTimesThePenPlusItsCapsAtEveryWeight() throws {
        // `line.3.horizontal` is Phosphor's `list`: three lines from x = 40 to 216, each a 176-unit capsule.
        for weight in FontWeight.allCases {
            let w = pen(weight)
            let expected = 3 * (176 * w + Double.pi * w * w / 4)
            let got = try coveredGridArea("line.3.horizontal", weight: weight)
            XCTAssertEqual(got, expected, accuracy: expected * 0.002, "\(weight)")
        }
    }

    func testAKnockedOutGlyphLeavesExactlyItsAreaOutOfItsEnclosure() throws {
        // `plus.app.fill`: a 208-unit square with corners of radius 64, less a plus of two 105.6-unit lines
        // (Phosphor's 176-unit `plus` at 60 %) crossing at the centre, which they share once.
        for weight in [FontWeight.light, .regular, .bold] {
            let w = pen(weight)
            let square = 208.0 * 208 - (4 - Double.pi) * 64 * 64
            let plus = 2 * (105.6 * w + Double.pi * w * w / 4) - w * w
            let got = try coveredGridArea("plus.app.fill", weight: weight)
            XCTAssertEqual(got, square - plus, accuracy: (square - plus) * 0.002, "\(weight)")
        }
    }

    func testEveryLibraryNameDrawsAndHeavierWeightsCoverMore() throws {
        XCTAssertGreaterThanOrEqual(SymbolLibrary.names.count, 500)
        for name in ["globe", "gearshape", "bell.slash", "person.badge.plus", "chart.bar"] {
            let light = try coveredGridArea(name, weight: .light)
            let regular = try coveredGridArea(name, weight: .regular)
            let bold = try coveredGridArea(name, weight: .bold)
            XCTAssertLessThan(light, regular, name)
            XCTAssertLessThan(regular, bold, name)
        }
    }
}
