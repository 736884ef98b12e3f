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

    func testEmojiAreSetInTheColorFontAndDrawnAsItsPicturesInHarfBuzzsBox() throws {
        try skipWithoutNoto()
        // An emoji character, and a digit followed by the emoji variation selector (a keycap), are set in
        // Noto Color Emoji even where Inter has the digit; the text around stays in Inter.
        let runs = try block("A😀 1\u{FE0F}\u{20E3}").runs
        XCTAssertEqual(runs.map(\.run.string), ["A", "😀", " ", "1\u{FE0F}\u{20E3}"])
        XCTAssertEqual(
            runs.map { URL(fileURLWithPath: $0.instance.path).lastPathComponent },
            ["Inter-roman.var.ttf", "NotoColorEmoji.ttf", "Inter-roman.var.ttf", "NotoColorEmoji.ttf"])
        // 😀 at 100 points on a white screen at 1×: its picture (a yellow face) lies in the box hb-shape gives
        // for the glyph, measured from where our layout put the glyph.
        let screen = try ViewScreen(
            ViewNode(.text("😀"), [.font(FontSpec(size: 100))]), width: 200, height: 200, safeArea: Insets(),
            ignoresSafeArea: true, scale: 1, fonts: .inter)
        var text: (block: TextBlock, frame: Rect)?
        screen.root.visit { node, _ in if case .leaf(.text(let b, _)) = node.role { text = (b, node.frame) } }
        let (emoji, frame) = try XCTUnwrap(text)
        let glyph = try XCTUnwrap(emoji.placed(in: frame, proposal: emoji.proposal(for: frame)).glyphs.first)
        let box = try hbShapeExtents("😀", font: FallbackFont.emoji.regular, size: 100)
        let pixels = try screen.render()
        var drawn: (minX: Int, minY: Int, maxX: Int, maxY: Int) = (Int.max, Int.max, Int.min, Int.min)
        var yellow = 0
        for y in 0..<pixels.height {
            for x in 0..<pixels.width {
                let p = pixels[x, y]
                guard p.r < 250 || p.g < 250 || p.b < 250 else { continue }
                drawn = (min(drawn.minX, x), min(drawn.minY, y), max(drawn.maxX, x), max(drawn.maxY, y))
                if p.r > 200, p.g > 150, p.b < 90 { yellow += 1 }
            }
        }
        XCTAssertGreaterThan(yellow, 2000, "the face is drawn in its own colors")
        XCTAssertGreaterThanOrEqual(Double(drawn.minX), (glyph.x + box.x).rounded(.down) - 1)
        XCTAssertLessThanOrEqual(Double(drawn.maxX + 1), (glyph.x + box.x + box.width).rounded(.up) + 1)
        XCTAssertGreaterThanOrEqual(Double(drawn.minY), (glyph.y - box.top).rounded(.down) - 1)
        XCTAssertLessThanOrEqual(Double(drawn.maxY + 1), (glyph.y - box.top + box.height).rounded(.up) + 1)
        // And fills most of it: the picture (with its clear margins) is stretched over the box.
        XCTAssertGreaterThan(Double(drawn.maxX - drawn.minX + 1), box.width * 0.75)
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

    /// hb-shape's box of the first glyph of `text` in `font` at `size` points: from the pen, `top` up from the
    /// baseline, `height` down from there.
    private func hbShapeExtents(_ text: String, font: String, size: Int) throws -> (
        x: Double, top: Double, width: Double, height: Double
    ) {
        let glyphs = try hbShape(["--show-extents", "--font-size=\(size)", font, text])
        let first = try XCTUnwrap(glyphs.first)
        func value(_ key: String) throws -> Double { Double(try XCTUnwrap(first[key] as? Int)) }
        return (try value("xb"), try value("yb"), try value("w"), -(try value("h")))
    }

    /// hb-shape's glyph ids for `text` in `font`.
    private func hbShapeGlyphs(_ text: String, font: String) throws -> [Int] {
        let glyphs = try hbShape(["--language=en", "--bot", "--eot", "--no-glyph-names", font, text])
        return try glyphs.map { try XCTUnwrap($0["g"] as? Int) }
    }

    /// hb-shape's glyphs, as its JSON output lists them, for `arguments`.
    private func hbShape(_ arguments: [String]) throws -> [[String: Any]] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/hb-shape")
        process.arguments = ["--output-format=json"] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
    }
}
