import Foundation
import RevealPlayer
import RevealRender
import SwiftUI
import XCTest

/// A 100×100-point screen at 1×, with no safe area.
private let screen = ViewScript(width: 100, height: 100, scale: 1, fps: 10, safeArea: Insets())

/// A canvas filling the screen over black, so that each pixel shows the canvas's premultiplied color.
@MainActor private func draw(_ renderer: @escaping (inout GraphicsContext, CGSize) -> Void) throws -> Pixmap {
    var player = ViewPlayer(script: screen) { SwiftUI.Color.black.overlay(Canvas(renderer: renderer)) }
    return try player.render(frame: 0)
}

/// The red, green and blue levels at a pixel.
private func rgb(_ pixels: Pixmap, _ x: Int, _ y: Int) -> [Int] {
    guard let p = pixels.pixel(x: x, y: y) else { return [] }
    return [Int(p.r), Int(p.g), Int(p.b)]
}

/// Whether two lists of levels are within one level of each other, item by item.
private func near(_ a: [Int], _ b: [Int], within tolerance: Int = 1) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
}

private let whole = Path(CGRect(x: 0, y: 0, width: 100, height: 100))
private let leftHalf = Path(CGRect(x: 0, y: 0, width: 50, height: 100))
/// A color of exact 8-bit levels.
private func levels(_ r: Double, _ g: Double, _ b: Double, _ a: Double = 255) -> SwiftUI.Color {
    SwiftUI.Color(red: r / 255, green: g / 255, blue: b / 255, opacity: a / 255)
}

/// Base (100, 150, 200) under a source (200, 100, 50) on the left half, in a mode.
@MainActor private func blended(_ mode: GraphicsContext.BlendMode, alpha: Double = 255) throws -> [Int] {
    try rgb(
        draw { context, _ in
            context.fill(whole, with: .color(levels(100, 150, 200)))
            context.blendMode = mode
            context.fill(leftHalf, with: .color(levels(200, 100, 50, alpha)))
        }, 25, 50)
}

/// `GraphicsContext` beyond plain fills: its blend modes, clips, gradient shadings, transparency layers and
/// filters, and copies of a context, each against levels worked out by hand from the documented formulas.
final class CanvasContextTests: XCTestCase {
    func testBlendModesFollowTheirFormulasAndActOnlyWhereThePathCovers() throws {
        try MainActor.assumeIsolated {
            // W3C: multiply b·s, screen b + s − b·s, darken min, difference |b − s|; plus-lighter the sum.
            XCTAssertTrue(near(try blended(.multiply), [78, 59, 39]))
            XCTAssertTrue(near(try blended(.screen), [222, 191, 211]))
            XCTAssertTrue(near(try blended(.darken), [100, 100, 50]))
            XCTAssertTrue(near(try blended(.difference), [100, 50, 150]))
            XCTAssertTrue(near(try blended(.plusLighter), [255, 250, 250]))
            // Porter–Duff, on an opaque base: xor and clear leave nothing, copy the source alone (half
            // transparent here), destination-in the base times the source's alpha, destination-atop the base.
            XCTAssertEqual(try blended(.xor), [0, 0, 0])
            XCTAssertEqual(try blended(.clear), [0, 0, 0])
            XCTAssertTrue(near(try blended(.copy, alpha: 128), [100, 50, 25]))
            XCTAssertTrue(near(try blended(.destinationIn, alpha: 128), [50, 75, 100]))
            XCTAssertTrue(near(try blended(.destinationAtop), [100, 150, 200]))
            XCTAssertTrue(near(try blended(.sourceOut), [0, 0, 0]))
            // Outside the path every mode leaves the canvas as it was, clear and copy included.
            for mode in [GraphicsContext.BlendMode.clear, .copy, .sourceIn, .destinationIn, .multiply] {
                let pixels = try draw { context, _ in
                    context.fill(whole, with: .color(levels(100, 150, 200)))
                    context.blendMode = mode
                    context.fill(leftHalf, with: .color(levels(200, 100, 50, 128)))
                }
                XCTAssertEqual(rgb(pixels, 75, 50), [100, 150, 200], "mode \(mode.rawValue)")
            }
            // Half a pixel covered: half way from the canvas to the mode's result (clear: half the base).
            let edge = try draw { context, _ in
                context.fill(whole, with: .color(levels(100, 150, 200)))
                context.blendMode = .clear
                context.fill(Path(CGRect(x: 0, y: 0, width: 50.5, height: 100)), with: .color(.white))
            }
            XCTAssertTrue(near(rgb(edge, 50, 50), [50, 75, 100]), "\(rgb(edge, 50, 50))")
        }
    }

    func testClipsKeepTheNextDrawingsInsideOrOutsideAndCopiesKeepTheirOwnState() throws {
        try MainActor.assumeIsolated {
            let clipped = try draw { context, _ in
                context.fill(Path(CGRect(x: 0, y: 0, width: 100, height: 10)), with: .color(.white))
                context.clip(to: leftHalf)
                context.clip(to: Path(CGRect(x: 0, y: 0, width: 100, height: 50)))
                context.fill(whole, with: .color(.white))
            }
            // Drawn before the clip: whole; after: only where both clips keep.
            XCTAssertEqual(rgb(clipped, 75, 5), [255, 255, 255])
            XCTAssertEqual(rgb(clipped, 25, 25), [255, 255, 255])
            XCTAssertEqual(rgb(clipped, 75, 25), [0, 0, 0])
            XCTAssertEqual(rgb(clipped, 25, 75), [0, 0, 0])
            let inverse = try draw { context, _ in
                context.clip(to: leftHalf, options: .inverse)
                context.fill(whole, with: .color(.white))
            }
            XCTAssertEqual(rgb(inverse, 25, 50), [0, 0, 0])
            XCTAssertEqual(rgb(inverse, 75, 50), [255, 255, 255])
            // A copy draws into the same canvas with its own opacity and clip; the original keeps its own.
            let copies = try draw { context, _ in
                var half = context
                half.opacity = 0.5
                half.clip(to: leftHalf)
                half.fill(whole, with: .color(.white))
                context.fill(Path(CGRect(x: 60, y: 0, width: 40, height: 100)), with: .color(.white))
            }
            XCTAssertEqual(rgb(copies, 25, 50), [128, 128, 128])
            XCTAssertEqual(rgb(copies, 55, 50), [0, 0, 0])
            XCTAssertEqual(rgb(copies, 80, 50), [255, 255, 255])
        }
    }

    func testTheEvenOddRuleLeavesTheInnerContourAHoleInFillsClipsAndShapes() throws {
        try MainActor.assumeIsolated {
            // Two squares drawn the same way round: non-zero fills both, even-odd leaves the inner one open.
            var rings = Path()
            rings.addRect(CGRect(x: 10, y: 10, width: 80, height: 80))
            rings.addRect(CGRect(x: 30, y: 30, width: 40, height: 40))
            let ring = rings
            let canvas = try draw { context, _ in
                context.fill(ring, with: .color(.white), style: FillStyle(eoFill: true))
            }
            XCTAssertEqual(rgb(canvas, 20, 50), [255, 255, 255])
            XCTAssertEqual(rgb(canvas, 50, 50), [0, 0, 0])
            let nonZero = try draw { context, _ in context.fill(ring, with: .color(.white)) }
            XCTAssertEqual(rgb(nonZero, 50, 50), [255, 255, 255])
            let clip = try draw { context, _ in
                context.clip(to: ring, style: FillStyle(eoFill: true))
                context.fill(whole, with: .color(.white))
            }
            XCTAssertEqual(rgb(clip, 50, 50), [0, 0, 0])
            XCTAssertEqual(rgb(clip, 20, 50), [255, 255, 255])
            // As a shape view and as a clip shape; the ring's area is 80² − 40² pixels exactly.
            for view in [
                AnyView(ring.fill(.white, style: FillStyle(eoFill: true))),
                AnyView(SwiftUI.Color.white.clipShape(ring, style: FillStyle(eoFill: true))),
            ] {
                var player = ViewPlayer(script: screen) { SwiftUI.Color.black.overlay(view) }
                let pixels = try player.render(frame: 0)
                var area = 0.0
                for y in 0..<100 { for x in 0..<100 { area += Double(pixels.pixel(x: x, y: y)?.r ?? 0) / 255 } }
                XCTAssertEqual(area, 80 * 80 - 40 * 40, accuracy: 0.5)
                XCTAssertEqual(rgb(pixels, 50, 50), [0, 0, 0])
            }
        }
    }

    func testGradientShadingsAreLaidOutInTheContextsUserSpace() throws {
        try MainActor.assumeIsolated {
            let ramp = Gradient(colors: [.black, .white])
            func level(_ t: Double) -> Int { Int((min(max(t, 0), 1) * 255).rounded()) }
            let linear = try draw { context, _ in
                context.fill(whole, with: .linearGradient(ramp, startPoint: .zero, endPoint: CGPoint(x: 100, y: 0)))
            }
            for x in [0, 20, 49, 99] {
                XCTAssertTrue(near(rgb(linear, x, 50), [Int](repeating: level((Double(x) + 0.5) / 100), count: 3)))
            }
            // Turned a quarter about the top-left and moved right: the ramp runs down the canvas.
            let turned = try draw { context, _ in
                context.translateBy(x: 100, y: 0)
                context.rotate(by: .degrees(90))
                context.fill(whole, with: .linearGradient(ramp, startPoint: .zero, endPoint: CGPoint(x: 100, y: 0)))
            }
            XCTAssertTrue(near(rgb(turned, 10, 30), [78, 78, 78]), "\(rgb(turned, 10, 30))")
            XCTAssertTrue(near(rgb(turned, 90, 30), [78, 78, 78]))
            let radial = try draw { context, _ in
                context.fill(
                    whole, with: .radialGradient(ramp, center: CGPoint(x: 50, y: 50), startRadius: 0, endRadius: 50))
            }
            XCTAssertTrue(near([rgb(radial, 80, 50)[0]], [level((30.5 * 30.5 + 0.25).squareRoot() / 50)]))
            XCTAssertEqual(rgb(radial, 50, 50)[0], level(0.5.squareRoot() / 50))
            // A conic gradient turns clockwise on the screen from its angle: a quarter turn straight down.
            let conic = try draw { context, _ in
                context.fill(whole, with: .conicGradient(ramp, center: CGPoint(x: 50, y: 50)))
            }
            XCTAssertTrue(near([rgb(conic, 50, 80)[0]], [level(atan2(30.5, 0.5) / (2 * .pi))]))
            XCTAssertTrue(near([rgb(conic, 20, 50)[0]], [level(atan2(0.5, -29.5) / (2 * .pi))]))
            // Past the end: repeated from the start, or mirrored back.
            let half = CGPoint(x: 50, y: 0)
            let repeated = try draw { context, _ in
                context.fill(whole, with: .linearGradient(ramp, startPoint: .zero, endPoint: half, options: .repeat))
            }
            let mirrored = try draw { context, _ in
                context.fill(whole, with: .linearGradient(ramp, startPoint: .zero, endPoint: half, options: .mirror))
            }
            let padded = try draw { context, _ in
                context.fill(whole, with: .linearGradient(ramp, startPoint: .zero, endPoint: half))
            }
            XCTAssertTrue(near([rgb(repeated, 60, 50)[0]], [level(0.21)]))
            XCTAssertTrue(near([rgb(mirrored, 60, 50)[0]], [level(0.79)]))
            XCTAssertEqual(rgb(padded, 60, 50), [255, 255, 255])
        }
    }

    func testCoordinatesPastAnyScreenOrNotNumbersDrawWithoutTrapping() throws {
        try MainActor.assumeIsolated {
            // A rectangle far wider than any screen is drawn where it meets the canvas; a point that is not a
            // number counts as the origin, as it does outside a canvas.
            let huge = try draw { context, _ in
                context.fill(Path(CGRect(x: 0, y: 0, width: 1e300, height: 50)), with: .color(.white))
                var scaled = context
                scaled.scaleBy(x: 1e300, y: 1)
                scaled.fill(Path(CGRect(x: 0, y: 50, width: 1, height: 50)), with: .color(.white))
                var broken = Path()
                broken.move(to: CGPoint(x: CGFloat.nan, y: 10))
                broken.addLine(to: CGPoint(x: 50, y: CGFloat.infinity))
                broken.addLine(to: CGPoint(x: -1e308, y: 20))
                context.fill(
                    broken,
                    with: .linearGradient(
                        Gradient(colors: [.white, .black]), startPoint: .zero, endPoint: CGPoint(x: 1e300, y: 0)))
                context.clip(to: Path(CGRect(x: -1e300, y: 0, width: 2e300, height: 1e300)))
                context.fill(Path(ellipseIn: CGRect(x: 40, y: 40, width: 1e-300, height: 1e300)), with: .color(.white))
            }
            XCTAssertEqual(rgb(huge, 50, 25), [255, 255, 255])
            XCTAssertEqual(rgb(huge, 50, 75), [255, 255, 255])
            // A round-capped line as wide as no screen, or of a width that is not a number.
            let wide = try draw { context, _ in
                var line = Path()
                line.move(to: CGPoint(x: 10, y: 10))
                line.addLine(to: CGPoint(x: 20, y: 10))
                for width in [CGFloat(1e300), .nan] {
                    context.stroke(
                        line, with: .color(.white),
                        style: StrokeStyle(lineWidth: width, lineCap: .round, lineJoin: .round))
                }
            }
            XCTAssertEqual(rgb(wide, 50, 50), [255, 255, 255])
        }
    }

    func testALayerIsDrawnAsOneAndFiltersWorkAsTheModifiersDo() throws {
        try MainActor.assumeIsolated {
            let left = Path(CGRect(x: 0, y: 0, width: 60, height: 100))
            let right = Path(CGRect(x: 40, y: 0, width: 60, height: 100))
            // In a layer at half opacity the overlap is as faint as the rest; drawn one by one it is not.
            let layer = try draw { context, _ in
                context.opacity = 0.5
                context.drawLayer { layer in
                    layer.fill(left, with: .color(.white))
                    layer.fill(right, with: .color(.white))
                }
            }
            XCTAssertEqual(rgb(layer, 50, 50), rgb(layer, 20, 50))
            XCTAssertEqual(rgb(layer, 50, 50), [128, 128, 128])
            let separate = try draw { context, _ in
                context.opacity = 0.5
                context.fill(left, with: .color(.white))
                context.fill(right, with: .color(.white))
            }
            XCTAssertEqual(rgb(separate, 50, 50), [192, 192, 192])
            // A layer erasing: where it has alpha the canvas is cleared.
            let erased = try draw { context, _ in
                context.fill(whole, with: .color(.white))
                context.blendMode = .destinationOut
                context.drawLayer { layer in layer.fill(leftHalf, with: .color(.black)) }
            }
            XCTAssertEqual(rgb(erased, 25, 50), [0, 0, 0])
            XCTAssertEqual(rgb(erased, 75, 50), [255, 255, 255])
            // Blur radius 10: a Gaussian of σ 5 across the edge at x = 50.
            let blurred = try draw { context, _ in
                context.addFilter(.blur(radius: 10))
                context.fill(leftHalf, with: .color(.white))
            }
            func phi(_ z: Double) -> Double { 0.5 * erfc(-z / 2.0.squareRoot()) }
            XCTAssertTrue(near([rgb(blurred, 49, 50)[0]], [Int((255 * phi(0.1)).rounded())], within: 2))
            XCTAssertTrue(near([rgb(blurred, 50, 50)[0]], [Int((255 * phi(-0.1)).rounded())], within: 2))
            XCTAssertEqual(rgb(blurred, 85, 50), [0, 0, 0])
            // A sharp shadow 20 points right: alone, it is the drawing moved; beneath, the two together.
            let shadowOnly = try draw { context, _ in
                context.addFilter(.shadow(color: .white, radius: 0, x: 20, options: .shadowOnly))
                context.fill(Path(CGRect(x: 0, y: 0, width: 30, height: 100)), with: .color(.white))
            }
            XCTAssertEqual(rgb(shadowOnly, 10, 50), [0, 0, 0])
            XCTAssertEqual(rgb(shadowOnly, 40, 50), [255, 255, 255])
            XCTAssertEqual(rgb(shadowOnly, 55, 50), [0, 0, 0])
            let shadowBelow = try draw { context, _ in
                context.addFilter(.shadow(color: .white, radius: 0, x: 20))
                context.fill(Path(CGRect(x: 0, y: 0, width: 30, height: 100)), with: .color(.white))
            }
            XCTAssertEqual(rgb(shadowBelow, 10, 50), [255, 255, 255])
            XCTAssertEqual(rgb(shadowBelow, 40, 50), [255, 255, 255])
            // Grayscale: Rec. 709 luminance of pure red, 0.2126.
            let gray = try draw { context, _ in
                context.addFilter(.grayscale(1))
                context.fill(whole, with: .color(levels(255, 0, 0)))
            }
            XCTAssertTrue(near(rgb(gray, 50, 50), [54, 54, 54]))
        }
    }
}
