import Foundation
import RevealPlayer
import RevealRender
import SwiftUI
import XCTest

/// A canvas that draws its symbol tagged 1, a 20-point square of red at 60 %, at its centre, in a layer
/// through `alphaThreshold(min:color:)`; the symbol tagged 2 is never drawn.
private struct Thresholded: View {
    let minimum: Double
    var body: some View {
        Canvas { context, size in
            context.addFilter(.alphaThreshold(min: minimum, color: .blue))
            context.drawLayer { layer in
                if let symbol = context.resolveSymbol(id: 1) {
                    layer.draw(symbol, at: CGPoint(x: size.width / 2, y: size.height / 2))
                }
            }
        } symbols: {
            Color.red.opacity(0.6).frame(width: 20, height: 20).tag(1)
            Color.green.frame(width: 60, height: 60).tag(2)
        }
        .frame(width: 100, height: 100)
    }
}

/// `Canvas(symbols:)`: the renderer finds a symbol by its tag and draws it, through the filters of the
/// context it draws in; `alphaThreshold` makes each pixel whose alpha is in range one color, the rest clear.
final class CanvasSymbolTests: XCTestCase {
    func testASymbolIsDrawnByItsTagThroughTheLayersAlphaThreshold() throws {
        try MainActor.assumeIsolated {
            func rgb(_ p: Pixmap, _ x: Int, _ y: Int) -> [Int] {
                let c = p.pixel(x: x, y: y)!
                return [Int(c.r), Int(c.g), Int(c.b)]
            }
            // Alpha 0.6 is in 0.5...1: the square is solid blue; the green symbol is not drawn.
            let kept = try firstFrame(Thresholded(minimum: 0.5), side: 100)
            XCTAssertEqual(rgb(kept, 50, 50), [0, 122, 255])
            XCTAssertEqual(rgb(kept, 45, 55), [0, 122, 255])
            XCTAssertEqual(rgb(kept, 35, 50), [255, 255, 255])
            // Alpha 0.6 is below 0.7: nothing is left.
            let dropped = try firstFrame(Thresholded(minimum: 0.7), side: 100)
            XCTAssertEqual(rgb(dropped, 50, 50), [255, 255, 255])
        }
    }
}
