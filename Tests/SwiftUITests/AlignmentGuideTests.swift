import Foundation
import RevealPlayer
import RevealRender
import SwiftUI
import XCTest

/// A 200×200-point screen at 1×, with no safe area.
private let screen = ViewScript(width: 200, height: 200, scale: 1, fps: 10, safeArea: Insets())

@MainActor private func laidOut(_ kind: String, _ view: @escaping @MainActor () -> any SwiftUI.View) throws
    -> [LaidOutView]
{
    try ViewPlayer(script: screen, view: view).layout(at: 0).filter { $0.kind == kind }
}

/// Where the ink of columns `xs` ends going down, to a fraction of a pixel: the last inked row plus its
/// coverage (the flat feet of an "H" cover the bottom row by the fraction of it above the baseline).
private func inkBottom(_ pixels: Pixmap, columns xs: Range<Int>) -> Double? {
    func ink(_ y: Int) -> Double {
        xs.map { Double(255 - Int(pixels.pixel(x: $0, y: y)?.r ?? 255)) / 255 }.max() ?? 0
    }
    guard let row = (0..<pixels.height).last(where: { ink($0) > 0.02 }) else { return nil }
    return Double(row) + ink(row)
}

/// A guide a third of the way down a view that sets none (Apple's `AlignmentID` example).
private enum FirstThird: AlignmentID {
    static func defaultValue(in context: ViewDimensions) -> CGFloat { context.height / 3 }
}

extension VerticalAlignment {
    fileprivate static let firstThird = VerticalAlignment(FirstThird.self)
}

/// Alignment guides as SwiftUI documents them: text baselines, values a view sets, guides of one's own.
final class AlignmentGuideTests: XCTestCase {
    func testFirstTextBaselinesMeetOnOneLineInInkAndAViewWithoutTextSitsOnIt() throws {
        try MainActor.assumeIsolated {
            let view: @MainActor () -> any SwiftUI.View = {
                HStack(alignment: .firstTextBaseline, spacing: 0) {
                    Text("H").font(.system(size: 60))
                    Text("H").font(.system(size: 16))
                    Color.gray.frame(width: 10, height: 10)
                }
            }
            let texts = try laidOut("text", view)
            XCTAssertEqual(texts.count, 2)
            let baselines = texts.map { $0.frame.y + ($0.firstBaseline ?? .nan) }
            XCTAssertEqual(baselines[0], baselines[1], accuracy: 1e-9)
            // A view without text answers its bottom edge.
            let square = try XCTUnwrap(try laidOut("paint", view).first)
            XCTAssertEqual(square.frame.y + square.frame.height, baselines[0], accuracy: 1e-9)
            // The stack is as tall as the tallest part above the line and the deepest below it.
            let stack = try XCTUnwrap(try laidOut("hstack", view).first)
            let above = texts.map { $0.firstBaseline ?? 0 }.max() ?? 0
            let below = texts.map { $0.frame.height - ($0.firstBaseline ?? 0) }.max() ?? 0
            XCTAssertEqual(stack.frame.height, above + below, accuracy: 1e-9)
            // In ink: each H stands on its baseline, drawn from the text's origin snapped to whole pixels
            // (the listing reports the unsnapped origin). Centred instead, the two would be tens of rows apart.
            var player = ViewPlayer(script: screen, view: view)
            let pixels = try player.render(frame: 0)
            for text in texts {
                let columns = Int(text.frame.x)..<Int(text.frame.x + text.frame.width)
                let bottom = try XCTUnwrap(inkBottom(pixels, columns: columns))
                let drawnBaseline = text.frame.y.rounded(.toNearestOrAwayFromZero) + (text.firstBaseline ?? 0)
                XCTAssertEqual(bottom, drawnBaseline, accuracy: 0.1, "size \(text.fontSize ?? 0)")
            }
        }
    }

    func testAStacksFirstBaselineIsItsFirstTextsAndItsLastBaselineItsLastTexts() throws {
        try MainActor.assumeIsolated {
            for alignment in [VerticalAlignment.firstTextBaseline, .lastTextBaseline] {
                let texts = try laidOut("text") {
                    HStack(alignment: alignment) {
                        VStack {
                            Text("one").font(.system(size: 12))
                            Text("two").font(.system(size: 20))
                        }
                        Text("three").font(.system(size: 30))
                    }
                }
                XCTAssertEqual(texts.count, 3)
                let baselines = texts.map { $0.frame.y + ($0.firstBaseline ?? .nan) }
                // firstTextBaseline takes the least of a stack's values, lastTextBaseline the greatest.
                let inStack = alignment == .firstTextBaseline ? baselines[0] : baselines[1]
                XCTAssertEqual(inStack, baselines[2], accuracy: 1e-9, "\(alignment)")
            }
        }
    }

    func testAValueSetOnAViewMovesItAgainstTheOthersAndAnOverlayBadgeCentresOnTheCorner() throws {
        try MainActor.assumeIsolated {
            let column = try laidOut("paint") {
                VStack(alignment: .leading, spacing: 0) {
                    Color.red.frame(width: 40, height: 10)
                    Color.blue.frame(width: 40, height: 10).alignmentGuide(.leading) { _ in 20 }
                    Color.green.frame(width: 40, height: 10).alignmentGuide(.leading) { $0[.trailing] }
                }
            }
            // Leading guides 0, 20 and 40 meet at the line x = 40 of the stack: it is 80 wide, centred at 60.
            XCTAssertEqual(column.map(\.frame.x), [100, 80, 60])
            let badge = try laidOut("paint") {
                Color.gray.frame(width: 60, height: 40)
                    .overlay(alignment: .topTrailing) {
                        Color.red.frame(width: 12, height: 12)
                            .alignmentGuide(.top) { $0[VerticalAlignment.center] }
                            .alignmentGuide(.trailing) { $0[HorizontalAlignment.center] }
                    }
            }
            // The card is at (70, 80); the badge's centre is on its top trailing corner, (130, 80).
            XCTAssertEqual(
                badge.map(\.frame),
                [
                    Rect(x: 70, y: 80, width: 60, height: 40), Rect(x: 124, y: 74, width: 12, height: 12),
                ])
        }
    }

    func testAGuideOfOnesOwnTakesItsDefaultWhereAViewSetsNoneAndMeetsAcrossStacks() throws {
        try MainActor.assumeIsolated {
            let thirds = try laidOut("paint") {
                HStack(alignment: .firstThird, spacing: 0) {
                    Color.red.frame(width: 10, height: 30)
                    Color.blue.frame(width: 10, height: 90)
                }
            }
            // Thirds at 10 and 30 meet: the red one starts 20 down the 90-point stack centred at y = 55.
            XCTAssertEqual(thirds.map(\.frame.y), [75, 55])
            let across = try laidOut("paint") {
                HStack(alignment: .firstThird, spacing: 0) {
                    VStack(spacing: 0) {
                        Color.red.frame(width: 10, height: 10)
                        Color.blue.frame(width: 10, height: 30)
                            .alignmentGuide(.firstThird) { $0[VerticalAlignment.center] }
                    }
                    VStack(spacing: 0) {
                        Color.green.frame(width: 10, height: 50)
                        Color.yellow.frame(width: 10, height: 6)
                            .alignmentGuide(.firstThird) { $0[VerticalAlignment.center] }
                        Color.black.frame(width: 10, height: 4)
                    }
                }
            }
            // The blue and yellow centres meet: 25 down the first stack, 53 down the second.
            let blue = across[1].frame
            let yellow = across[3].frame
            XCTAssertEqual(blue.y + blue.height / 2, yellow.y + yellow.height / 2, accuracy: 1e-9)
            XCTAssertEqual(yellow.y - across[2].frame.y, 50)
            XCTAssertEqual(across[0].frame.y - across[2].frame.y, 28)
        }
    }

    func testAGuideThatIsNotANumberCountsAsZero() throws {
        try MainActor.assumeIsolated {
            let frames = try laidOut("paint") {
                VStack(alignment: .leading, spacing: 0) {
                    Color.red.frame(width: 40, height: 10)
                    Color.blue.frame(width: 40, height: 10).alignmentGuide(.leading) { _ in .nan }
                    Color.green.frame(width: 40, height: 10).alignmentGuide(.leading) { _ in .infinity }
                }
            }.map(\.frame.x)
            XCTAssertEqual(frames, [80, 80, 80])
        }
    }
}
