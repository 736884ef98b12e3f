import Foundation
import RevealPlayer
import RevealRender
import SwiftUI
import XCTest

/// A 200×100-point screen at 1×, with no safe area.
private let screen = ViewScript(width: 200, height: 100, scale: 1, fps: 10, safeArea: Insets())

@MainActor private func render(_ view: @escaping @MainActor () -> any SwiftUI.View) throws -> Pixmap {
    var player = ViewPlayer(script: screen, view: view)
    return try player.render(frame: 0)
}

@MainActor private func textFrame(_ view: @escaping @MainActor () -> any SwiftUI.View) throws -> Rect {
    try XCTUnwrap(try ViewPlayer(script: screen, view: view).layout(at: 0).first { $0.kind == "text" }).frame
}

/// `redacted(reason: .placeholder)`: text drawn as a faint bar a line, shapes as they are, `unredacted()`
/// and other reasons drawing the content itself.
final class RedactionTests: XCTestCase {
    func testPlaceholderTextIsOneFaintBarALineAsWideAsTheLine() throws {
        try MainActor.assumeIsolated {
            let words: @MainActor @Sendable () -> Text = { Text("Loading news").font(.system(size: 24)) }
            let frame = try textFrame(words)
            let image = try render { words().redacted(reason: .placeholder) }
            // Black at 16 % over white: 255 · 0.84 = 214, all along the middle of the line.
            let middle = Int(frame.y + frame.height / 2)
            let inside = Int(frame.x + 2)..<Int(frame.x + frame.width - 2)
            for x in inside { XCTAssertEqual(Int(image.pixel(x: x, y: middle)?.r ?? 0), 214, accuracy: 1, "x \(x)") }
            // The bar is three quarters of the line tall, centred: white above and below it.
            let barTop = frame.y + frame.height * 0.125
            XCTAssertEqual(image.pixel(x: Int(frame.x + frame.width / 2), y: Int(barTop) - 2)?.r, 255)
            XCTAssertEqual(
                image.pixel(x: Int(frame.x + frame.width / 2), y: Int(frame.y + frame.height * 0.875) + 2)?.r, 255)
            // Nothing past the line's end.
            XCTAssertEqual(image.pixel(x: Int(frame.x + frame.width) + 2, y: middle)?.r, 255)
        }
    }

    func testAPlaceholderSymbolKeepsTheSymbolsSize() throws {
        // SwiftUI keeps a redacted view's frame: the box in a stack is where the star was, not stretched
        // over the room the stack offers.
        try MainActor.assumeIsolated {
            @MainActor func frames(_ redacted: Bool) throws -> [Rect] {
                let player = ViewPlayer(script: screen) {
                    HStack {
                        Image(systemName: "star.fill")
                        Text("4.8")
                    }.font(.caption)
                        .redacted(reason: redacted ? .placeholder : [])
                }
                return try player.layout(at: 0).filter {
                    $0.kind == "text" || $0.kind == "frame" || $0.kind == "symbol"
                }
                .map(\.frame)
            }
            let plain = try frames(false)
            let placeholder = try frames(true)
            XCTAssertEqual(plain.count, 2)
            XCTAssertEqual(placeholder.first, plain.first, "the box has the symbol's frame")
            XCTAssertEqual(placeholder.last, plain.last, "the text stays where it was")
        }
    }

    func testUnredactedContentOtherReasonsAndShapesDrawAsTheyAre() throws {
        try MainActor.assumeIsolated {
            let plain = try render { Text("Price 12").font(.system(size: 30)) }
            XCTAssertEqual(
                try render { Text("Price 12").font(.system(size: 30)).unredacted().redacted(reason: .placeholder) },
                plain)
            XCTAssertEqual(try render { Text("Price 12").font(.system(size: 30)).redacted(reason: .privacy) }, plain)
            XCTAssertNotEqual(
                try render { Text("Price 12").font(.system(size: 30)).redacted(reason: .placeholder) }, plain)
            let square: @MainActor @Sendable () -> any SwiftUI.View = { SwiftUI.Color.red.frame(width: 40, height: 40) }
            XCTAssertEqual(try render { AnyView(square()).redacted(reason: .placeholder) }, try render(square))
        }
    }
}
