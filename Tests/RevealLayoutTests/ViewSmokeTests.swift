import RevealTestSupport
import XCTest

@testable import RevealRender

final class ViewSmokeTests: XCTestCase {
    func testRenderDemoPrize() throws {
        let prize = ViewNode(
            .stack(
                .vertical, spacing: 8, alignment: .center,
                children: [
                    ViewNode(.symbol("gift.fill"), [.font(FontSpec(style: .largeTitle))]),
                    ViewNode(.text("50% off"), [.font(FontSpec(style: .largeTitle, weight: .bold))]),
                    ViewNode(.text("on your next order"), [.font(FontSpec(style: .headline))]),
                ]),
            [
                .foreground(.color(.white)), .minimumScaleFactor(0.5),
                .frame(FrameSpec(maxWidth: .infinity, maxHeight: .infinity)),
                .background(ScratchScene.demoContent.view, alignment: .center),
            ])
        let pixmap = try DisplayRenderer.render(
            prize, size: PixelSize(width: 1011, height: 720), scale: 3, fonts: .inter)
        try Data(PNG.encode(pixmap)).write(to: URL(fileURLWithPath: "/tmp/prize.png"))
        let button = ViewNode(.button(title: "Try again", symbol: "arrow.counterclockwise"))
        let b = try DisplayRenderer.render(
            ViewNode(
                .stack(.depth, spacing: nil, alignment: .center, children: [ViewNode(.paint(.color(.white))), button])),
            size: PixelSize(width: 600, height: 200), scale: 3, fonts: .inter)
        try Data(PNG.encode(b)).write(to: URL(fileURLWithPath: "/tmp/button.png"))
    }
}

/// Every symbol drawing against the measures it states: its outline and what goes over it (flattened) lie
/// within its advance across and span exactly top…bottom down, and no name of ours is drawn twice.
final class SymbolDrawingTests: XCTestCase {
    func testEachSymbolSpansTheBoxItStates() throws {
        XCTAssertEqual(Set(SymbolShape.all.map(\.name)).count, SymbolShape.all.count, "a name drawn twice")
        XCTAssertGreaterThanOrEqual(SymbolShape.names.count, 500)
        for name in SymbolShape.names {
            for weight in [FontWeight.ultraLight, .regular, .black] {
                let symbol = try XCTUnwrap(SymbolShape.named(name, weight: weight), name)
                var path = PixelPath()
                symbol.outline.flatten(into: &path) { $0 }
                symbol.over?.flatten(into: &path) { $0 }
                let bounds = try XCTUnwrap(path.bounds, name)
                XCTAssertEqual(bounds.minY, symbol.top, accuracy: 0.1, name)
                XCTAssertEqual(bounds.maxY, symbol.bottom, accuracy: 0.1, name)
                XCTAssertGreaterThanOrEqual(bounds.minX, -0.5, name)
                XCTAssertLessThanOrEqual(bounds.maxX, symbol.width + 0.5, name)
            }
        }
    }
}
