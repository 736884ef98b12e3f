import RevealTestSupport
import XCTest

@testable import RevealRender

/// Drawing a laid-out screen from the one before (`ScreenRenderer` over the layout's display lists) against
/// drawing it whole: the same bytes, while only what changed is drawn again.
final class ScreenRendererTests: XCTestCase {
    private let scale = 1.0

    /// A title, and a shadowed, clipped card whose cover is masked by a canvas of strokes and fades; over
    /// it all, a view revealed through a circle clip.
    private func screen(
        title: String, strokes: [[Point]], coverOpacity: Double, radius: Double?, extraCard: Bool = false
    ) throws -> ViewScreen {
        let commands = { @Sendable (size: Size) -> [CanvasCommand] in
            var list = [
                CanvasCommand(
                    path: PathOutline([.rect(Rect(x: 0, y: 0, width: size.width, height: size.height))]),
                    color: .black)
            ]
            for stroke in strokes {
                let elements = stroke.enumerated().map { k, p in k == 0 ? PathOutline.Element.move(p) : .line(p) }
                list.append(
                    CanvasCommand(
                        path: PathOutline(elements), color: .black, stroke: CanvasStroke(lineWidth: 28),
                        blendMode: .destinationOut))
            }
            return list
        }
        let cover = ViewNode(
            .paint(.linearGradient([.white, RGBAColor(red: 0.6, green: 0.6, blue: 0.7)], from: .top, to: .bottom))
        )
        .modifier(.mask(ViewNode(.canvas(CanvasContent(commands))), alignment: .center))
        .modifier(.opacity(coverOpacity))
        let card = ViewNode(
            .stack(
                .depth, spacing: nil, alignment: .center,
                children: [
                    ViewNode(
                        .paint(
                            .linearGradient([RGBAColor(red: 1, green: 0.5, blue: 0), .black], from: .top, to: .bottom))),
                    ViewNode(.text("50% off")).modifier(.font(FontSpec(size: 30))), cover,
                ])
        )
        .modifier(.frame(FrameSpec(width: 300, height: 200)))
        .modifier(.clipShape(.roundedRectangle(radius: 24, style: .continuous)))
        .modifier(.shadow(Shadow(color: RGBAColor.black.opacity(0.3), radius: 12, x: 0, y: 6)))
        var layers = [
            ViewNode(
                .stack(
                    .vertical, spacing: 20, alignment: .center,
                    children: [ViewNode(.text(title))] + [card] + (extraCard ? [card] : [])))
        ]
        if let radius {
            let circle = ShapeOutline { rect in
                PathOutline([
                    .ellipse(
                        Rect(
                            x: rect.width / 2 - radius, y: rect.height * 0.7 - radius, width: 2 * radius,
                            height: 2 * radius))
                ])
            }
            layers.append(
                ViewNode(
                    .paint(
                        .linearGradient([.black, RGBAColor(red: 0.2, green: 0.1, blue: 0.5)], from: .top, to: .bottom))
                )
                .modifier(.clipShape(.outline(circle))))
        }
        return try ViewScreen(
            ViewNode(.stack(.depth, spacing: nil, alignment: .center, children: layers)), width: 360, height: 640,
            safeArea: Insets(), ignoresSafeArea: true, scale: scale, fonts: .inter)
    }

    func testScreensDrawnFromTheOneBeforeEqualScreensDrawnWhole() throws {
        var renderer = ScreenRenderer()
        var stroke: [Point] = []
        var strokes: [[Point]] = []
        var redrawn: [Int] = []
        for step in 0..<40 {
            // A finger scratching, a second stroke, the cover fading, a title change, a circle growing, and a
            // second card appearing (the tree changes shape).
            if step < 20 {
                stroke.append(Point(x: 20 + Double(step) * 12, y: 40 + Double(step % 5) * 25))
            }
            if step == 12 { (strokes, stroke) = (strokes + [stroke], [Point(x: 250, y: 20)]) }
            let opacity = step < 22 ? 1 : max(0, 1 - Double(step - 22) / 8)
            let screen = try screen(
                title: step < 25 ? "Scratch the card" : "You found it!", strokes: strokes + [stroke],
                coverOpacity: opacity, radius: step >= 28 ? Double(step - 28) * 40 : nil, extraCard: step >= 38)
            let frame = try renderer.render(screen)
            XCTAssertEqual(frame, try screen.render(), "step \(step)")
            redrawn.append(renderer.changedAreas.reduce(0) { $0 + $1.width * $1.height })
        }
        // One more point of a stroke redraws the tiles around it, not the screen.
        let pixels = 360 * 640
        XCTAssertEqual(redrawn[0], pixels)
        XCTAssertLessThan(redrawn[1...11].max()!, pixels / 10, "\(redrawn)")
        // A growing circle redraws a ring, not its box.
        XCTAssertLessThan(redrawn[36], pixels / 3, "\(redrawn)")
        XCTAssertEqual(redrawn[38], pixels)
    }

    func testAnUnchangedScreenDrawsNothing() throws {
        var renderer = ScreenRenderer()
        let a = try screen(
            title: "A", strokes: [[Point(x: 10, y: 10), Point(x: 50, y: 60)]], coverOpacity: 1, radius: 90)
        let b = try screen(
            title: "A", strokes: [[Point(x: 10, y: 10), Point(x: 50, y: 60)]], coverOpacity: 1, radius: 90)
        _ = try renderer.render(a)
        XCTAssertEqual(try renderer.render(b), try b.render())
        XCTAssertTrue(renderer.changedAreas.isEmpty)
    }
}
