import RevealCore
import RevealDisplay
import RevealRaster
import XCTest

/// Display lists drawn as a sequence (`ScreenRenderer`), with no layout: lists made by hand, as any front end
/// could make them, drawn from the frame before against drawn whole.
final class DisplayListTests: XCTestCase {
    private let size = PixelSize(width: 120, height: 90)
    private let id = DisplayIdentity.root

    /// A bar, a faded card holding a disc, and a square clipped to a circle: `discColor` and `clipFrame` vary.
    private func list(discColor: RGBAColor = .black, clipWidth: Double = 30, barIdentity: Int = 0) -> DisplayList {
        let bar = DisplayItem(
            identity: id.child(barIdentity), frame: Rect(x: 4, y: 4, width: 112, height: 10),
            content: .drawing(.paint(Paint(.color(RGBAColor(red: 0.2, green: 0.4, blue: 0.9))))))
        let disc = DisplayItem(
            identity: id.child(1).child(0), frame: Rect(x: 10, y: 30, width: 30, height: 30),
            content: .drawing(.shape(.circle, Paint(.color(discColor)))))
        let card = DisplayItem(
            identity: id.child(1), frame: Rect(x: 8, y: 28, width: 40, height: 40),
            content: .group(.opacity(0.5), [disc], mask: []))
        let square = DisplayItem(
            identity: id.child(2).child(0), frame: Rect(x: 70, y: 40, width: 40, height: 40),
            content: .drawing(.paint(Paint(.color(RGBAColor(red: 1, green: 0.5, blue: 0))))))
        let clip = DisplayItem(
            identity: id.child(2), frame: Rect(x: 70, y: 40, width: clipWidth, height: 40),
            content: .group(.clip(.circle), [square], mask: []))
        return DisplayList([bar, card, clip])
    }

    private func whole(_ list: DisplayList) throws -> Pixmap {
        var canvas = try Pixmap(width: size.width, height: size.height, fill: RGBAColor.white.premultiplied)
        var renderer = DisplayRenderer(scale: 1)
        try renderer.draw(list.items, into: &canvas)
        return canvas
    }

    private func render(_ renderer: inout ScreenRenderer, _ list: DisplayList) throws -> Pixmap {
        try renderer.render(list, size: size, scale: 1, background: .white)
    }

    func testAChangedItemRedrawsItsOwnPixelsOnly() throws {
        var renderer = ScreenRenderer()
        _ = try render(&renderer, list())
        let red = list(discColor: RGBAColor(red: 1, green: 0, blue: 0))
        XCTAssertEqual(try render(&renderer, red), try whole(red))
        let boxes = renderer.changedBoxes
        XCTAssertFalse(boxes.isEmpty)
        // The disc's pixels are drawn again; the clipped square's, to its right, are not.
        XCTAssertTrue(boxes.contains { !$0.intersection(PixelBox(x: 20, y: 40, width: 10, height: 10)).isEmpty })
        XCTAssertFalse(boxes.contains { !$0.intersection(PixelBox(x: 75, y: 45, width: 30, height: 30)).isEmpty })
    }

    /// A front end's own pixels (the port's effect) inside a clip and a shadow, as a card holds them: each frame
    /// draws again the columns its source says changed, in their bands of rows, and equals the list drawn whole.
    func testAFrontEndsPixelsRedrawWhereTheirSourceSaysTheyChanged() throws {
        var pixels = try Pixmap(width: 60, height: 50, fill: RGBAColor(red: 0.5, green: 0.5, blue: 0.5).premultiplied)
        let source = PixelSource(pixels)
        func card() -> DisplayList {
            let effect = DisplayItem(
                identity: id.child(1).child(0).child(0), frame: Rect(x: 30, y: 20, width: 60, height: 50),
                content: .drawing(source.drawing))
            let clip = DisplayItem(
                identity: id.child(1).child(0), frame: Rect(x: 30, y: 20, width: 60, height: 50),
                content: .group(.clip(.roundedRectangle(radius: 10, style: .continuous)), [effect], mask: []))
            let shadow = DisplayItem(
                identity: id.child(1), frame: Rect(x: 30, y: 20, width: 60, height: 50),
                content: .group(.shadow(Shadow(color: .black.opacity(0.3), radius: 4, y: 2)), [clip], mask: []))
            return DisplayList([list().items[0], shadow])
        }
        func set(_ pixmap: inout Pixmap, _ x: Int, _ y: Int, _ color: RGBAColor) {
            let p = color.premultiplied
            pixmap.bytes.replaceSubrange(
                (y * pixmap.width + x) * 4..<(y * pixmap.width + x) * 4 + 4, with: [p.r, p.g, p.b, p.a])
        }
        var renderer = ScreenRenderer()
        XCTAssertEqual(try render(&renderer, card()), try whole(card()))
        // A stroke across three rows of the effect's middle: only the bands of rows it is in, and only its columns.
        for x in 20..<34 {
            for y in 24..<27 { set(&pixels, x, y, RGBAColor(red: 1, green: 0, blue: 0)) }
        }
        source.update(from: pixels)
        XCTAssertEqual(try render(&renderer, card()), try whole(card()))
        XCTAssertEqual(renderer.changedBoxes, [PixelBox(x: 50, y: 32, width: 14, height: 16)])
        // Two updates between frames: no longer known where, so the whole effect is drawn again.
        set(&pixels, 2, 40, RGBAColor(red: 0, green: 0, blue: 1))
        source.update(from: pixels)
        set(&pixels, 50, 3, RGBAColor(red: 0, green: 0, blue: 1))
        source.update(from: pixels)
        XCTAssertEqual(try render(&renderer, card()), try whole(card()))
        let effectBox = PixelBox(x: 30, y: 20, width: 60, height: 50)
        XCTAssertTrue(renderer.changedBoxes.contains { $0.intersection(effectBox) == effectBox })
        // Updated to the very same pixels: nothing changed, nothing is drawn.
        source.update(from: pixels)
        XCTAssertEqual(try render(&renderer, card()), try whole(card()))
        XCTAssertEqual(renderer.changedBoxes, [])
    }

    func testAListMadeAgainAlikeDrawsNothingAndTheSameListIsNotCompared() throws {
        var renderer = ScreenRenderer()
        let first = list()
        _ = try render(&renderer, first)
        XCTAssertEqual(try render(&renderer, list()), try whole(first))
        XCTAssertEqual(renderer.changedBoxes, [])
        XCTAssertEqual(try render(&renderer, first), try whole(first))
        XCTAssertEqual(renderer.changedBoxes, [])
    }

    func testItemsThatAreNotTheSameViewsDrawTheWholeScreen() throws {
        var renderer = ScreenRenderer()
        _ = try render(&renderer, list())
        // The same drawing, but the bar is another view now: the lists are not compared item by item.
        let other = list(barIdentity: 7)
        XCTAssertEqual(try render(&renderer, other), try whole(other))
        XCTAssertEqual(renderer.changedBoxes, [PixelBox(x: 0, y: 0, width: size.width, height: size.height)])
    }

    func testVersionsSayInWhichFrameAnItemOrOneInsideItLastChanged() throws {
        var renderer = ScreenRenderer()
        _ = try render(&renderer, list())
        _ = try render(&renderer, list(discColor: RGBAColor(red: 1, green: 0, blue: 0)))
        _ = try render(&renderer, list(discColor: RGBAColor(red: 1, green: 0, blue: 0), clipWidth: 36))
        let items = try XCTUnwrap(renderer.list).items
        XCTAssertEqual(items.map(\.version), [0, 2, 3])
        XCTAssertEqual(items[1].inner.map(\.version), [2])
        XCTAssertEqual(items[2].inner.map(\.version), [0], "the clip changed, not the square inside it")
    }

    func testIdentitiesTellChildrenAndDepthsApart() {
        let ids = [id, id.child(0), id.child(1), id.child(0).child(1), id.child(1).child(0), id.child(0).child(0)]
        XCTAssertEqual(Set(ids).count, ids.count)
        XCTAssertEqual(id.child(3).child(2), id.child(3).child(2))
    }
}
