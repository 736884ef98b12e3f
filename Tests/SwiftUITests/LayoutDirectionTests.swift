import Foundation
import RevealPlayer
import RevealRender
import SwiftUI
import XCTest

/// A 100×40-point screen at 1×, with no safe area.
private let screen = ViewScript(width: 100, height: 40, scale: 1, fps: 10, safeArea: Insets())

@MainActor private func render(_ view: @escaping @MainActor () -> any SwiftUI.View) throws -> Pixmap {
    var player = ViewPlayer(script: screen, view: view)
    return try player.render(frame: 0)
}

/// The columns of the middle row whose pixel is red (255, 0, 0), as a range.
private func redColumns(_ pixels: Pixmap, row: Int = 20) -> Range<Int>? {
    let xs = (0..<pixels.width).filter {
        let p = pixels.pixel(x: $0, y: row)
        return p?.r == 255 && p?.g == 0 && p?.b == 0
    }
    guard let first = xs.first, let last = xs.last else { return nil }
    return first..<last + 1
}

private let red = SwiftUI.Color(red: 1, green: 0, blue: 0)
private var square: some SwiftUI.View { SwiftUI.Color.black.frame(width: 10, height: 10) }

/// `environment(\.layoutDirection, .rightToLeft)` against SwiftUI's mirrored layout: stacks run from the
/// right, leading is the right side, offsets mirror, and text lines up on the right; drawings are not mirrored.
final class LayoutDirectionTests: XCTestCase {
    func testStacksPaddingFramesAndOffsetsMirror() throws {
        try MainActor.assumeIsolated {
            // An HStack of a black square then a red one, 20 wide in the middle (40…60): red on the left.
            let stack = { (rtl: Bool) in
                try render {
                    HStack(spacing: 0) {
                        square
                        red.frame(width: 10, height: 10)
                    }
                    .environment(\.layoutDirection, rtl ? .rightToLeft : .leftToRight)
                }
            }
            XCTAssertEqual(redColumns(try stack(false)), 50..<60)
            XCTAssertEqual(redColumns(try stack(true)), 40..<50)
            // Leading padding and leading alignment are on the right; an offset of +10 moves left.
            let padded = try render {
                red.frame(width: 10, height: 10).padding(.leading, 30).frame(width: 60, alignment: .leading)
                    .environment(\.layoutDirection, .rightToLeft)
            }
            XCTAssertEqual(redColumns(padded), 40..<50)
            let moved = try render {
                red.frame(width: 10, height: 10).offset(x: 10).environment(\.layoutDirection, .rightToLeft)
            }
            XCTAssertEqual(redColumns(moved), 35..<45)
            // Left to right again inside: the inner stack's own order comes back.
            let nested = try render {
                HStack(spacing: 0) {
                    HStack(spacing: 0) {
                        square
                        red.frame(width: 10, height: 10)
                    }
                    .environment(\.layoutDirection, .leftToRight)
                    SwiftUI.Color.clear.frame(width: 20, height: 10)
                }
                .environment(\.layoutDirection, .rightToLeft)
            }
            // The pair (20 wide) is placed first, so on the right (50…70), black then red inside it.
            XCTAssertEqual(redColumns(nested), 60..<70)
        }
    }

    func testTextAlignedToItsLeadingEdgeLinesUpOnTheRight() throws {
        try MainActor.assumeIsolated {
            // Two lines, the first short: its ink starts further right in a right-to-left layout.
            let text = { (rtl: Bool) in
                try render {
                    Text("I\nWWWW").foregroundStyle(red).frame(width: 90)
                        .environment(\.layoutDirection, rtl ? .rightToLeft : .leftToRight)
                }
            }
            func firstLineInk(_ pixels: Pixmap) -> Int? {
                (0..<pixels.width).first { x in
                    (0..<20).contains { y in (pixels.pixel(x: x, y: y)?.g ?? 255) < 128 }
                }
            }
            let left = try XCTUnwrap(firstLineInk(try text(false)))
            let right = try XCTUnwrap(firstLineInk(try text(true)))
            XCTAssertGreaterThan(right, left + 40)
        }
    }
}
