import Foundation
import RevealPlayer
import RevealRender
import SwiftUI
import XCTest

/// A 100×100-point screen at 1×, with no safe area.
private let square = ViewScript(width: 100, height: 100, scale: 1, fps: 10, safeArea: Insets())

/// The frames of the paints laid out at t = 0, in drawing order.
@MainActor private func paintFrames(_ view: @escaping @MainActor () -> any SwiftUI.View) throws -> [Rect] {
    try ViewPlayer(script: square, view: view).layout(at: 0).filter { $0.kind == "paint" }.map(\.frame)
}

/// `Grid` and `ViewThatFits` laid out as SwiftUI documents them, against frames worked out by hand.
final class GridLayoutTests: XCTestCase {
    func testAGridSizesColumnsByTheirWidestCellAndRowsByTheirTallestAndSpansAViewOutsideARow() throws {
        try MainActor.assumeIsolated {
            let frames = try paintFrames {
                Grid(horizontalSpacing: 4, verticalSpacing: 2) {
                    GridRow {
                        Color.red.frame(width: 10, height: 5)
                        Color.blue.frame(width: 30, height: 5)
                    }
                    GridRow {
                        Color.green.frame(width: 20, height: 12)
                        Color.yellow.frame(width: 6, height: 6)
                    }
                    Color.black.frame(height: 1)
                }
            }
            // Columns 20 and 30 wide with 4 between: 54; rows 5, 12 and 1 tall with 2 between: 22. The grid
            // is centred on the screen at (23, 39); each cell centres its view.
            XCTAssertEqual(
                frames,
                [
                    Rect(x: 28, y: 39, width: 10, height: 5), Rect(x: 47, y: 39, width: 30, height: 5),
                    Rect(x: 23, y: 46, width: 20, height: 12), Rect(x: 59, y: 49, width: 6, height: 6),
                    Rect(x: 23, y: 60, width: 54, height: 1),
                ])
        }
    }

    func testARowsAlignmentAndTheGridsAlignmentPlaceCellsInTheirColumnsAndRows() throws {
        try MainActor.assumeIsolated {
            let frames = try paintFrames {
                Grid(alignment: .topLeading, horizontalSpacing: 0, verticalSpacing: 0) {
                    GridRow {
                        Color.red.frame(width: 10, height: 4)
                        Color.blue.frame(width: 20, height: 10)
                    }
                    GridRow(alignment: .bottom) {
                        Color.green.frame(width: 4, height: 4)
                        Color.yellow.frame(width: 8, height: 8)
                    }
                }
            }
            // 30×18, at (35, 41): leading and top in the first row, leading and bottom in the second.
            XCTAssertEqual(
                frames,
                [
                    Rect(x: 35, y: 41, width: 10, height: 4), Rect(x: 45, y: 41, width: 20, height: 10),
                    Rect(x: 35, y: 55, width: 4, height: 4), Rect(x: 45, y: 51, width: 8, height: 8),
                ])
        }
    }

    func testViewThatFitsTakesTheFirstViewWhoseIdealWidthFitsElseTheLast() throws {
        try MainActor.assumeIsolated {
            let first = try paintFrames {
                ViewThatFits(in: .horizontal) {
                    Color.red.frame(width: 150, height: 10)
                    Color.blue.frame(width: 80, height: 10)
                    Color.green.frame(width: 60, height: 10)
                }
            }
            XCTAssertEqual(first, [Rect(x: 10, y: 45, width: 80, height: 10)], "the 80-point view, the first that fits")
            let none = try paintFrames {
                ViewThatFits(in: .horizontal) {
                    Color.red.frame(width: 150, height: 10)
                    Color.green.frame(width: 120, height: 10)
                }
            }
            XCTAssertEqual(none, [Rect(x: -10, y: 45, width: 120, height: 10)], "none fits: the last")
        }
    }

    func testVoiceOverReadsOnlyTheViewThatFits() throws {
        try MainActor.assumeIsolated {
            let player = ViewPlayer(script: square) {
                ViewThatFits {
                    Text("A title far too long for the screen")
                    Text("Short")
                }
            }
            XCTAssertEqual(try player.accessibilityElements(at: 0).map(\.label), ["Short"])
        }
    }
}

/// `blur(radius:)` against the Gaussian worked out here: a black square blurred with standard deviation
/// radius / 2, its row through the middle as erf gives it over the white screen.
final class BlurTests: XCTestCase {
    func testABlurredSquaresMiddleRowFollowsTheGaussian() throws {
        try MainActor.assumeIsolated {
            var player = ViewPlayer(script: square) {
                Color.black.frame(width: 60, height: 60).blur(radius: 8)
            }
            let frame = try player.render(frame: 0)
            // The square spans x 20…80; sigma 4 pixels at 1x.
            func phi(_ t: Double) -> Double { 0.5 * (1 + erf(t / 2.0.squareRoot())) }
            var largest = 0.0
            for x in 0..<100 {
                let center = Double(x) + 0.5
                let alpha = phi((center - 20) / 4) - phi((center - 80) / 4)
                let expected = 255 * (1 - alpha)
                largest = max(largest, abs(Double(frame.pixel(x: x, y: 50)?.r ?? 0) - expected))
            }
            XCTAssertLessThanOrEqual(largest, 2, "levels from the Gaussian")
            // Past three deviations the blur has faded: the screen is white there.
            XCTAssertEqual(frame.pixel(x: 5, y: 50)?.r, 255)
        }
    }
}
