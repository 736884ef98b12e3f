import Foundation
import RevealPlayer
import RevealRender
import SwiftUI
import XCTest

/// The first anchor a view inside sets.
private struct BoundsKey: PreferenceKey {
    static let defaultValue: Anchor<CGRect>? = nil
    static func reduce(value: inout Anchor<CGRect>?, nextValue: () -> Anchor<CGRect>?) { value = value ?? nextValue() }
}

/// The sum of the numbers the views inside set.
private struct SumKey: PreferenceKey {
    static let defaultValue = 0
    static func reduce(value: inout Int, nextValue: () -> Int) { value += nextValue() }
}

/// A blue square off the centre of a 100-point box, and over the box a red rectangle put where the square's
/// anchor says, through a geometry reader: SwiftUI's way of drawing a highlight around a view from elsewhere.
private struct Highlight: View {
    let behind: Bool
    var body: some View {
        let box = HStack(spacing: 0) {
            Color.clear.frame(width: 30, height: 10)
            Color.blue.frame(width: 20, height: 20).anchorPreference(key: BoundsKey.self, value: .bounds) { $0 }
        }
        .frame(width: 100, height: 100, alignment: .topLeading)
        return Group {
            if behind {
                box.backgroundPreferenceValue(BoundsKey.self) { anchor in marker(anchor) }
            } else {
                box.overlayPreferenceValue(BoundsKey.self) { anchor in marker(anchor) }
            }
        }
    }

    private func marker(_ anchor: Anchor<CGRect>?) -> some View {
        GeometryReader { proxy in
            if let anchor {
                let r = proxy[anchor]
                Color.red.frame(width: r.width + 4, height: r.height + 4).position(x: r.midX, y: r.midY)
            }
        }
    }
}

/// One frame of `view` on a 100×100-point screen at 1×.
@MainActor private func frame(_ view: some View) throws -> Pixmap { try firstFrame(view, side: 100) }

private func rgb(_ p: Pixmap, _ x: Int, _ y: Int) -> [Int] {
    guard let c = p.pixel(x: x, y: y) else { return [] }
    return [Int(c.r), Int(c.g), Int(c.b)]
}

/// Preferences read back into views: `anchorPreference` resolved through a `GeometryProxy`, and
/// `overlayPreferenceValue`/`backgroundPreferenceValue` built from what the views inside set.
final class AnchorPreferenceTests: XCTestCase {
    func testAnOverlayFindsTheAnchoredViewsBoundsInItsOwnCoordinates() throws {
        try MainActor.assumeIsolated {
            let over = try frame(Highlight(behind: false))
            // The square spans x 30–50, y 0–20; the marker 2 points more on each side, over it.
            let red = [255, 59, 48]
            XCTAssertEqual(rgb(over, 40, 10), red)
            XCTAssertEqual(rgb(over, 29, 10), red)
            XCTAssertEqual(rgb(over, 51, 21), red)
            XCTAssertEqual(rgb(over, 27, 10), [255, 255, 255])
            XCTAssertEqual(rgb(over, 40, 23), [255, 255, 255])
            // Behind: the square covers the marker, which shows only in its margin.
            let under = try frame(Highlight(behind: true))
            XCTAssertEqual(rgb(under, 40, 10), [0, 122, 255])
            XCTAssertEqual(rgb(under, 29, 10), red)
        }
    }

    func testAnOverlayIsBuiltFromTheValueTheViewsInsideReduceTo() throws {
        struct Sum: View {
            var body: some View {
                VStack {
                    Color.clear.frame(width: 10, height: 10).preference(key: SumKey.self, value: 2)
                    Color.clear.frame(width: 10, height: 10).preference(key: SumKey.self, value: 3)
                }
                .frame(width: 100, height: 100)
                .overlayPreferenceValue(SumKey.self) { sum in sum == 5 ? Color.green : Color.black }
            }
        }
        try MainActor.assumeIsolated {
            XCTAssertEqual(rgb(try frame(Sum()), 50, 50), [52, 199, 89])
        }
    }
}
