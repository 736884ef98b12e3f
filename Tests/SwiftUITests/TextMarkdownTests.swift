import Foundation
import RevealPlayer
import RevealRender
import SwiftUI
import XCTest

/// A 400×60-point screen at 2×, with no safe area.
private let screen = ViewScript(width: 400, height: 60, scale: 2, fps: 10, safeArea: Insets())

@MainActor private func frame(_ view: @escaping @MainActor () -> any SwiftUI.View) throws -> Pixmap {
    var player = ViewPlayer(script: screen, view: view)
    return try player.render(frame: 0)
}

/// Asserts that two views draw the same pixels.
@MainActor private func assertSame(
    _ a: @escaping @MainActor () -> any SwiftUI.View, _ b: @escaping @MainActor () -> any SwiftUI.View,
    file: StaticString = #filePath, line: UInt = #line
) throws {
    XCTAssertEqual(try frame(a).bytes, try frame(b).bytes, file: file, line: line)
}

/// Markdown in a localized key and the numbers interpolated into one, each held against the same text built
/// another way: styled runs joined with `+`, or the string Apple's format writes, given verbatim.
final class TextMarkdownTests: XCTestCase {
    func testInlineMarkdownStylesItsRunsAsTheModifiersWould() throws {
        try MainActor.assumeIsolated {
            try assertSame({ Text("**Note:** read *this* first") }) {
                Text("Note:").bold() + Text(" read ") + Text("this").italic() + Text(" first")
            }
            try assertSame({ Text("__a__ _b_ ~~c~~ `d`") }) {
                Text("a").bold() + Text(" ") + Text("b").italic() + Text(" ") + Text("c").strikethrough() + Text(" ")
                    + Text("d").fontDesign(.monospaced)
            }
            try assertSame({ Text("see [the docs](https://example.com) now") }) {
                Text("see ") + Text("the docs").foregroundStyle(.tint) + Text(" now")
            }
            // Unpaired delimiters, escapes and snake_case words stay as written.
            try assertSame({ Text("2 * 3 = 6, a\\*b, snake_case_name") }) {
                Text(verbatim: "2 * 3 = 6, a*b, snake_case_name")
            }
            // The Markdown is read: the styled text is not the raw one.
            XCTAssertNotEqual(try frame { Text("**Note**") }.bytes, try frame { Text(verbatim: "**Note**") }.bytes)
        }
    }

    func testInterpolatedValuesAreFormattedAsApplesSpecifiersAndNeverReadAsMarkdown() throws {
        try MainActor.assumeIsolated {
            let count = 1_000
            let big = -1_234_567
            let score = 76.0
            let name = "*not italic*"
            // `%lld` in en_US groups thousands; `%lf` writes six decimals; `%@` writes the string as it is.
            try assertSame({ Text("\(count) items") }) { Text(verbatim: "1,000 items") }
            try assertSame({ Text("\(big)") }) { Text(verbatim: "-1,234,567") }
            try assertSame({ Text("score \(score)") }) { Text(verbatim: "score 76.000000") }
            try assertSame({ Text("hi \(name)") }) { Text(verbatim: "hi *not italic*") }
            // A literal's Markdown around an interpolation still applies.
            try assertSame({ Text("**\(count)** left") }) { Text("1,000").bold() + Text(" left") }
        }
    }
}
