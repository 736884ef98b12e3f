import Foundation
import RevealPlayer
import RevealRender
import SwiftUI
import XCTest

/// A 600×200-point screen at 1×, with no safe area.
private let screen = ViewScript(width: 600, height: 200, scale: 1, fps: 10, safeArea: Insets())

@MainActor private func texts(_ view: @escaping @MainActor () -> any SwiftUI.View) throws -> [LaidOutView] {
    try ViewPlayer(script: screen, view: view).layout(at: 0).filter { $0.kind == "text" }
}

@MainActor private func frame(_ view: @escaping @MainActor () -> any SwiftUI.View) throws -> Pixmap {
    var player = ViewPlayer(script: screen, view: view)
    return try player.render(frame: 0)
}

/// A table's 16-bit big-endian signed value, read from the font file itself (not through HarfBuzz).
private func fontTableValue(_ path: String, table: String, offset: Int) throws -> Int {
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    func u16(_ at: Int) -> Int { Int(bytes[at]) << 8 | Int(bytes[at + 1]) }
    func u32(_ at: Int) -> Int { u16(at) << 16 | u16(at + 2) }
    for record in 0..<u16(4) {
        let at = 12 + 16 * record
        if String(decoding: bytes[at..<at + 4], as: UTF8.self) == table {
            return Int(Int16(truncatingIfNeeded: u16(u32(at + 8) + offset)))
        }
    }
    throw XCTSkip("no \(table) table in \(path)")
}

/// How much of row `y` of the band from `top` to `bottom` (points at 1×) covers: the exact area.
private func bandCoverage(row y: Int, top: Double, bottom: Double) -> Double {
    max(0, min(Double(y + 1), bottom) - max(Double(y), top))
}

/// Styled text and runs of text, against the font's own tables, widths worked out by hand and pixels.
final class TextStyleTests: XCTestCase {
    func testAnUnderlineAndAStrikethroughAreDrawnWhereAndAsThickAsTheFontsTablesSay() throws {
        try MainActor.assumeIsolated {
            let file = FontFiles.inter.display
            // head: unitsPerEm at 18; post: underlinePosition (the line's top, from the baseline) at 8,
            // underlineThickness at 10; OS/2: yStrikeoutSize at 26, yStrikeoutPosition at 28. Inter has no MVAR,
            // so these hold at every weight.
            let em = 100.0 / Double(try fontTableValue(file, table: "head", offset: 18))
            let underline = (
                top: -Double(try fontTableValue(file, table: "post", offset: 8)) * em,
                size: Double(try fontTableValue(file, table: "post", offset: 10)) * em
            )
            let strikeout = (
                top: -Double(try fontTableValue(file, table: "OS/2", offset: 28)) * em,
                size: Double(try fontTableValue(file, table: "OS/2", offset: 26)) * em
            )
            for (line, band) in [("underline", underline), ("strikethrough", strikeout)] {
                // The middle column is in the spaces, which draw no ink: every pixel there is the line's.
                let text = Text("m      m").font(.system(size: 100))
                let styled = line == "underline" ? text.underline() : text.strikethrough()
                let laidOut = try XCTUnwrap(try texts { styled }.first)
                let pixels = try frame { styled }
                let baseline = laidOut.frame.y.rounded(.toNearestOrAwayFromZero) + (laidOut.firstBaseline ?? 0)
                let x = Int(laidOut.frame.x + laidOut.frame.width / 2)
                var covered = 0.0
                for y in 0..<pixels.height {
                    let drawn = Double(255 - Int(pixels.pixel(x: x, y: y)?.r ?? 255)) / 255
                    let expected = bandCoverage(
                        row: y, top: baseline + band.top, bottom: baseline + band.top + band.size)
                    XCTAssertEqual(drawn, expected, accuracy: 1.5 / 255, "\(line), row \(y)")
                    covered += drawn
                }
                XCTAssertEqual(covered, band.size, accuracy: 0.02, "\(line): as thick as the table says")
            }
        }
    }

    func testKerningCountsAfterTheLastCharacterTrackingDoesNotAndTheTextsOwnWins() throws {
        try MainActor.assumeIsolated {
            let widths = try texts {
                VStack {
                    Text("ABC")
                    Text("ABC").kerning(5)
                    Text("ABC").tracking(5)
                    VStack {
                        Text("ABC")
                        Text("ABC").kerning(0)
                    }
                    .kerning(5)
                }
            }
            .map(\.frame.width)
            XCTAssertEqual(widths.count, 5)
            // Apple: kerning "affects the trailing edge of the text view as well"; tracking is "trailing
            // whitespace", so not counted after the last character.
            XCTAssertEqual(widths[1], widths[0] + 15)
            XCTAssertEqual(widths[2], widths[0] + 10)
            XCTAssertEqual(widths[3], widths[0] + 15, "the environment's kerning reaches the text")
            XCTAssertEqual(widths[4], widths[0], "the text's own kerning wins over the environment's")
        }
    }

    func testMonospacedDigitsSetEveryDigitAtOneWidth() throws {
        try MainActor.assumeIsolated {
            let widths = try texts {
                VStack {
                    Text("1111")
                    Text("8888")
                    Text("1111").monospacedDigit()
                    Text("8888").monospacedDigit()
                }
            }
            .map(\.frame.width)
            XCTAssertGreaterThan(widths[1], widths[0] + 4, "proportional ones are narrower than eights")
            XCTAssertEqual(widths[2], widths[3])
        }
    }

    func testJoinedTextsAreOneTextEachPartInItsOwnStyle() throws {
        try MainActor.assumeIsolated {
            let joined = Text("black ") + Text("red").foregroundColor(.red).bold()
            let laidOut = try texts { joined }
            XCTAssertEqual(laidOut.map(\.text), ["black red"], "one text")
            let wider = try texts { Text("black red") }
            XCTAssertGreaterThan(laidOut[0].frame.width, wider[0].frame.width, "the bold part is wider")
            let pixels = try frame { joined.font(.system(size: 60)) }
            let frame = try XCTUnwrap(try texts { joined.font(.system(size: 60)) }.first).frame
            var (black, red) = (0, 0)
            for y in Int(frame.y)..<Int(frame.y + frame.height) {
                for x in Int(frame.x)..<Int(frame.x + frame.width) {
                    guard let p = pixels.pixel(x: x, y: y), p.r < 40 || p.g < 100 else { continue }
                    if p.r > 200 {
                        red += 1
                        XCTAssertGreaterThan(Double(x), frame.x + frame.width / 2, "red only in the second part")
                    } else if p.r < 40 && p.g < 40 {
                        black += 1
                        XCTAssertLessThan(Double(x), frame.x + frame.width * 0.7, "black only in the first part")
                    }
                }
            }
            XCTAssertGreaterThan(black, 500)
            XCTAssertGreaterThan(red, 500)
        }
    }

    func testItalicTextIsSetInTheItalicFaceOfItsSize() throws {
        try MainActor.assumeIsolated {
            let files = try texts {
                VStack {
                    Text("body").italic()
                    Text("title").font(.title).italic()
                    Text("environment")
                }
                .italic()
            }
            .map { ($0.fontFile ?? "") as NSString }
            XCTAssertEqual(
                files.map(\.lastPathComponent),
                ["Inter-italic.var.ttf", "InterDisplay-italic.var.ttf", "Inter-italic.var.ttf"])
        }
    }

    func testNumbersAreFormattedInTheScenesLocale() throws {
        try MainActor.assumeIsolated {
            let strings = try texts {
                VStack {
                    Text(1234.5, format: .currency(code: "USD"))
                    Text("\(0.25, format: .percent) off")
                    Text(3, format: .number.precision(.fractionLength(2)))
                }
            }
            .map(\.text)
            XCTAssertEqual(strings, ["$1,234.50", "25% off", "3.00"])
        }
    }
}
