import Foundation
import RevealTestSupport
import XCTest

@testable import RevealRender

/// Characters Inter lacks are set in Debian's Noto fonts, shaped as HarfBuzz's own shaper shapes them there; and
/// a line mixing directions is put in the order an independent implementation of the Unicode bidirectional
/// algorithm gives (python-bidi, a Rust implementation, installed by the setup scripts).
final class FallbackAndBidiTests: XCTestCase {
    /// The text block `text` lays out as at 17 points on a line 1,000 points wide.
    private func block(_ text: String) throws -> TextBlock {
        var builder = ViewTreeBuilder(fonts: .inter, scale: 2)
        let root = try builder.build(ViewNode(.text(text), [.font(FontSpec(size: 17))]))
        ViewLayout.place(root, in: Size(width: 1000, height: 100))
        var block: TextBlock?
        root.visit { n, _ in if case .leaf(.text(let b, _)) = n.role { block = b } }
        return try XCTUnwrap(block)
    }

    /// The characters in the order they are drawn, left to right.
    private func drawnOrder(_ block: TextBlock) -> String {
        let placed = block.placed(
            in: Rect(x: 0, y: 0, width: 1000, height: 100), proposal: ProposedSize(width: 1000, height: nil))
        return String(
            String.UnicodeScalarView(
                placed.glyphs.sorted { $0.x < $1.x }.compactMap { glyph in
                    let bytes = Array(block.runs[glyph.run].run.string.utf8)
                    return String(decoding: bytes[glyph.cluster...], as: UTF8.self).unicodeScalars.first
                }))
    }

    private func skipWithoutNoto() throws {
        for font in FallbackFont.noto where !FileManager.default.fileExists(atPath: font.regular) {
            throw XCTSkip("\(font.regular) is not installed (Scripts/test installs it)")
        }
    }

    func testEachScriptIsSetInTheFirstFontThatHasItsLetters() throws {
        try skipWithoutNoto()
        let text = "Hi 你好 שלום नमस्ते"
        let runs = try block(text).runs
        XCTAssertEqual(runs.map(\.run.string).joined(), text)
        let files = runs.map { ($0.run.string, URL(fileURLWithPath: $0.instance.path).lastPathComponent) }
        XCTAssertEqual(files.map(\.0), ["Hi ", "你好", " ", "שלום", " ", "नमस्ते"])
        XCTAssertEqual(
            files.map(\.1),
            [
                "Inter-roman.var.ttf", "NotoSansCJK-Regular.ttc", "Inter-roman.var.ttf", "NotoSansHebrew-Regular.ttf",
                "Inter-roman.var.ttf", "NotoSansDevanagari-Regular.ttf",
            ])
        // The Devanagari word's virama and vowel signs stay with their letters, shaped into conjuncts as
        // hb-shape shapes the word in the same file.
        guard runs.count == 6 else { return }
        let devanagari = runs[5]
        let ours = devanagari.instance.shape(devanagari.run.string).map { Int($0.glyph) }
        XCTAssertEqual(ours, try hbShapeGlyphs(devanagari.run.string, font: devanagari.instance.path))
        XCTAssertFalse(ours.contains(0), "no missing-glyph box")
        XCTAssertLessThan(ours.count, devanagari.run.string.unicodeScalars.count, "conjuncts formed")
    }

    func testMixedDirectionsAreDrawnInTheBidirectionalAlgorithmsOrder() throws {
        try skipWithoutNoto()
        for text in [
            "Mixed: abc שלום 123 def", "עברית: שלום עולם", "שלום abc עולם 42!", "1 2 3 אבג 4 5 6", "abc אבג, דהו xyz",
        ] {
            XCTAssertEqual(drawnOrder(try block(text)), try pythonBidi(text), text)
        }
    }

    func testLeftToRightTextIsDrawnInItsOwnOrder() throws {
        XCTAssertEqual(drawnOrder(try block("Scratch the card")), "Scratch the card")
    }

    /// python-bidi's visual order of `text` as one paragraph, its direction from its first strong letter.
    private func pythonBidi(_ text: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", "-c", "import sys; from bidi import get_display; print(get_display(sys.argv[1]), end='')", text,
        ]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw XCTSkip("python-bidi is not installed") }
        return String(decoding: data, as: UTF8.self)
    }

    /// hb-shape's glyph ids for `text` in `font`.
    private func hbShapeGlyphs(_ text: String, font: String) throws -> [Int] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/hb-shape")
        process.arguments = [
            "--language=en", "--bot", "--eot", "--output-format=json", "--no-glyph-names", font, text,
        ]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let glyphs = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        return try glyphs.map { try XCTUnwrap($0["g"] as? Int) }
    }
}
