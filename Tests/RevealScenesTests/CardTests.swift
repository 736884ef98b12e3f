import RevealTestSupport
import XCTest

@testable import RevealRender

/// The demo card look: rounded corners, the shadow, and the page around the view.
final class CardTests: XCTestCase {
    private func area(_ path: PixelPath, width: Int, height: Int) -> Double {
        var rasterizer = Rasterizer()
        var total = 0.0
        rasterizer.coverage(of: path, width: width, rows: RowRange(0, height)) { _, row in total += row.reduce(0, +) }
        return total
    }

    func testCircularCornersCutAwayFourMinusPiRSquared() {
        var path = PixelPath()
        path.addRoundedRect(x: 3.5, y: 2.25, width: 80, height: 50, radius: 12, continuous: false)
        XCTAssertEqual(area(path, width: 90, height: 60), 80 * 50 - (4 - Double.pi) * 144, accuracy: 0.05)
    }

    func testContinuousCornersCutAwayMoreThanCircularOnesAndReachFurther() throws {
        var circular = PixelPath()
        var continuous = PixelPath()
        circular.addRoundedRect(x: 0, y: 0, width: 100, height: 60, radius: 10, continuous: false)
        continuous.addRoundedRect(x: 0, y: 0, width: 100, height: 60, radius: 10, continuous: true)
        let a = area(circular, width: 100, height: 60)
        let b = area(continuous, width: 100, height: 60)
        XCTAssertLessThan(b, a)
        XCTAssertGreaterThan(b, 100 * 60 - 4 * 100)  // less than cutting 10×10 squares away
        // The continuous curve leaves the top edge 1.528665·r from the corner: the top row is clear
        // until then and fully covered after it.
        var mask = try Mask(width: 100, height: 60)
        var rasterizer = Rasterizer()
        rasterizer.fill(continuous, into: &mask, rows: RowRange(0, 60))
        XCTAssertEqual(mask[17, 0], 255)
        XCTAssertLessThan(mask[13, 0], 255)
        // Mirror symmetry of the four corners.
        for y in 0..<60 {
            for x in 0..<100 {
                XCTAssertEqual(Int(mask[x, y]), Int(mask[99 - x, 59 - y]), accuracy: 1, "\(x),\(y)")
            }
        }
    }

    func testGaussianBlurKeepsMassAndSymmetry() throws {
        var mask = try Mask(width: 81, height: 61)
        for y in 15..<46 { for x in 20..<61 { mask[x, y] = 200 } }
        let blurred = try Blur.gaussian(mask, sigma: 3)
        XCTAssertEqual(blurred.totalCoverage, mask.totalCoverage, accuracy: mask.totalCoverage * 0.01)
        XCTAssertEqual(blurred[40, 30], 200)  // deep inside stays
        XCTAssertLessThan(blurred[20, 30], 140)  // the edge softens
        XCTAssertGreaterThan(blurred[17, 30], 0)  // and spreads out
        XCTAssertEqual(blurred[10, 30], blurred[70, 30])
        XCTAssertEqual(blurred[40, 10], blurred[40, 50])
    }

    func testPresentationPlacesTheClippedViewOnThePage() throws {
        var scene = ScratchScene(width: 40, height: 30)
        scene.scale = 1
        scene.cover = .color(SystemColor.blue)
        (scene.cornerRadius, scene.shadow, scene.padding, scene.canvas) = (
            8, Shadow(color: .black, radius: 4, y: 2), 10, .color(.white)
        )
        var card = try scene.frameSequence()
        XCTAssertEqual(card.pixelWidth, 60)
        XCTAssertEqual(card.pixelHeight, 50)
        XCTAssertEqual(card.summary.map(\.0), ["revealedAt"], "the page size is the sequence's own, not rewritten")
        let frame = try card.render(frame: 0)
        let blue = PremultipliedRGBA8(r: 0, g: 122, b: 255, a: 255)
        XCTAssertEqual(frame[30, 25], blue)  // the view's middle
        XCTAssertEqual(frame[0, 0], PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255))  // plain page
        XCTAssertNotEqual(frame[10, 10], blue)  // clipped corner
        XCTAssertLessThan(frame[30, 43].r, 255)  // shadow below the card
        XCTAssertEqual(frame[30, 1], PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255))  // none far above
        XCTAssertGreaterThan(frame[30, 7].r, frame[30, 43].r)  // less above than below (y 2)
    }

    func testSceneFilesDescribeTheCard() throws {
        let json =
            #"{"width": 100, "height": 50, "cornerRadius": 12, "cornerStyle": "circular", "padding": 8, "#
            + #""shadow": {"color": {"white": 0, "opacity": 0.3}, "radius": 6, "y": 3}, "canvas": "white"}"#
        let scene = try ScratchSceneFile.decode(Array(json.utf8), file: "card.json", baseDirectory: ".")
        XCTAssertEqual(
            scene.card,
            CardStyle(
                cornerRadius: 12, cornerStyle: .circular,
                shadow: Shadow(color: RGBAColor(white: 0, alpha: 0.3), radius: 6, y: 3),
                padding: 8, canvas: .color(.white)))
        XCTAssertThrowsError(
            try CircleSceneFile.decode(
                Array(#"{"width": 1, "height": 1, "cornerStyle": "round"}"#.utf8),
                file: "c.json", baseDirectory: ".")
        ) { error in
            XCTAssertEqual((error as? SceneError)?.path, "cornerStyle")
        }
    }

    /// A shadow follows the alpha of what it shadows, as SwiftUI's does: a card whose content and cover
    /// are clear casts none (it used to cast the card's whole rectangle), and a half-clear one a lighter one.
    func testShadowFollowsTheCardsAlpha() throws {
        func frame(_ cover: RGBAColor) throws -> Pixmap {
            let scene = ScratchScene(
                width: 40, height: 30, scale: 1, content: .color(.clear), cover: .color(cover),
                shadow: Shadow(color: .black, radius: 4, y: 2), padding: 10, canvas: .color(.white))
            return try scene.renderFrame(0)
        }
        let white = PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255)
        let clear = try frame(.clear)
        for y in 0..<clear.height {
            for x in 0..<clear.width { XCTAssertEqual(clear.pixel(x: x, y: y), white, "(\(x), \(y))") }
        }
        let half = try frame(RGBAColor(red: 1, green: 1, blue: 1, alpha: 0.5))
        let opaque = try frame(.white)
        let below = (x: 30, y: 43)
        XCTAssertLessThan(
            try XCTUnwrap(opaque.pixel(x: below.x, y: below.y)).r, try XCTUnwrap(half.pixel(x: below.x, y: below.y)).r)
        XCTAssertLessThan(try XCTUnwrap(half.pixel(x: below.x, y: below.y)).r, 255)
    }
}
