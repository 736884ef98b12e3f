import Foundation
import RevealTestSupport
import XCTest

@testable import RevealRender

/// Our shaping against HarfBuzz's own command-line shaper (Debian's libharfbuzz-bin, installed by the
/// setup scripts) for the same font file, size and variations: equal advances to 1e-3 pt show that
/// the features, the size and the `wght` axis are set as `hb-shape` sets them.
final class TextShapingTests: XCTestCase {
    static let strings = [
        "AV", "To", "Ty", "Wa", "office", "fi", "ffl", "Scratch the card", "50% off", "You found it!",
    ]

    /// `hb-shape`'s advances in points: it takes a whole-number font size, so the size is given in
    /// 1/4096 points and the results divided back.
    private func hbShape(_ text: String, font: String, size: Double, weight: Double) throws -> [(
        glyph: Int, advance: Double
    )] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/hb-shape")
        process.arguments = [
            "--font-size=\(Int(size * 4096))", "--variations=wght=\(Int(weight))", "--direction=ltr",
            "--language=en", "--bot", "--eot", "--utf8-clusters", "--output-format=json", "--no-glyph-names",
            font, text,
        ]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        let glyphs = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        return try glyphs.map { g in
            (try XCTUnwrap(g["g"] as? Int), Double(try XCTUnwrap(g["ax"] as? Int)) / 4096)
        }
    }

    func testAdvancesEqualHarfBuzzsOwnShaper() throws {
        var compared = 0
        var worst = 0.0
        for font in [FontFiles.inter.text, FontFiles.inter.display] {
            for weight in [400.0, 600, 700] {
                let instance = try FontLibrary.shared.instance(path: font, weight: weight)
                for size in [17.0, 28, 34] {
                    for text in Self.strings {
                        let ours = instance.shape(text)
                        let theirs = try hbShape(text, font: font, size: size, weight: weight)
                        XCTAssertEqual(
                            ours.map { Int($0.glyph) }, theirs.map(\.glyph), "\(text) at \(size) pt, wght \(weight)")
                        for (a, b) in zip(ours, theirs) {
                            worst = max(worst, abs(a.advance * size - b.advance))
                            compared += 1
                        }
                    }
                }
            }
        }
        XCTAssertGreaterThan(compared, 900)
        XCTAssertLessThanOrEqual(worst, 1e-3, "largest advance difference, points")
    }

    func testTextPastItsLineLimitEndsInAnEllipsisAsHarfBuzzMeasuresIt() throws {
        // SwiftUI's default truncation, `.tail`: the last line allowed takes as much of the rest of the text
        // as fits with an ellipsis, and no space before it. Worked out from hb-shape's own glyphs and
        // advances for the whole text and for "…": the first k glyphs whose advances and the ellipsis fit.
        let text = "Slides for Thursday are in the shared folder"
        let size = 17.0
        let width = 150.0
        let theirs = try hbShape(text, font: FontFiles.inter.text, size: size, weight: 400)
        let dots = try XCTUnwrap(try hbShape("\u{2026}", font: FontFiles.inter.text, size: size, weight: 400).first)
        var kept = 0
        var used = 0.0
        while kept < theirs.count, used + theirs[kept].advance + dots.advance <= width {
            used += theirs[kept].advance
            kept += 1
        }
        let scalars = Array(text.unicodeScalars)
        while kept > 0 && scalars[kept - 1] == " " { kept -= 1 }
        var builder = ViewTreeBuilder(fonts: .inter, scale: 2)
        let root = try builder.build(ViewNode(.text(text), [.font(FontSpec(size: size)), .lineLimit(1)]))
        ViewLayout.place(root, in: Size(width: width, height: 100))
        var block: TextBlock?
        root.visit { n, _ in if case .leaf(.text(let b, _)) = n.role { block = b } }
        let placed = try XCTUnwrap(block).placed(
            in: Rect(x: 0, y: 0, width: width, height: 100), proposal: ProposedSize(width: width, height: nil))
        XCTAssertEqual(placed.glyphs.map { Int($0.glyph) }, theirs.prefix(kept).map(\.glyph) + [dots.glyph])
        XCTAssertLessThan(kept, theirs.count - 10, "the line is cut well short of the text")
        let listed = try XCTUnwrap(root.listing(scale: 2).first { $0.kind == "text" })
        XCTAssertLessThanOrEqual(listed.frame.width, width)
        // With two lines allowed, the second takes the words that would have wrapped and is cut the same way.
        let two = try builder.build(ViewNode(.text(text), [.font(FontSpec(size: size)), .lineLimit(2)]))
        ViewLayout.place(two, in: Size(width: width, height: 100))
        var second: TextBlock?
        two.visit { n, _ in if case .leaf(.text(let b, _)) = n.role { second = b } }
        let glyphs = try XCTUnwrap(second).placed(
            in: Rect(x: 0, y: 0, width: width, height: 100), proposal: ProposedSize(width: width, height: nil)
        ).glyphs
        XCTAssertEqual(glyphs.last.map { Int($0.glyph) }, dots.glyph)
        XCTAssertEqual(Set(glyphs.map(\.y)).count, 2, "two lines")
    }

    func testKerningAndWeightChangeTheAdvances() throws {
        let regular = try FontLibrary.shared.instance(path: FontFiles.inter.text, weight: 400)
        let bold = try FontLibrary.shared.instance(path: FontFiles.inter.text, weight: 700)
        let pair = regular.shape("AV").map(\.advance).reduce(0, +)
        let apart = regular.shape("A")[0].advance + regular.shape("V")[0].advance
        XCTAssertLessThan(pair, apart - 0.02, "A and V kern together")
        XCTAssertGreaterThan(
            bold.shape("office").map(\.advance).reduce(0, +), regular.shape("office").map(\.advance).reduce(0, +),
            "wght 700 is wider than 400")
    }

    func testFontMetricsAreTheFilesOwn() throws {
        // Inter's hhea: ascender 2728, descender -680, line gap 0, cap height 2048, at 2816 units per em.
        let text = try FontLibrary.shared.instance(path: FontFiles.inter.text, weight: 400)
        XCTAssertEqual(text.metrics.ascender, 2728 / 2816, accuracy: 1e-12)
        XCTAssertEqual(text.metrics.descender, -680 / 2816, accuracy: 1e-12)
        XCTAssertEqual(text.metrics.capHeight, 2048 / 2816, accuracy: 1e-12)
        XCTAssertThrowsError(try FontInstance(path: "/etc/passwd", weight: 400)) { error in
            XCTAssertEqual((error as? FontError)?.reason, "not a font file (no glyphs)")
        }
        XCTAssertThrowsError(try FontInstance(path: "/nonexistent.ttf", weight: 400))
    }
}

/// Glyph coverage against an exact reference of the same outlines: each pixel's area inside the
/// nonzero fill, exact across each of 256 sub-rows per pixel row. Overlapping contours (variable
/// fonts draw bold glyphs with them) must come out as the union, not a double count.
final class GlyphCoverageTests: XCTestCase {
    func testGlyphEdgesMatchTheExactArea() throws {
        var builder = ViewTreeBuilder(fonts: .inter, scale: 1)
        let text = ViewNode(.text("Rag@&8%"), [.font(FontSpec(size: 41.3, weight: .black))])
        let root = try builder.build(text)
        ViewLayout.place(root, in: Size(width: 400, height: 80))
        let renderer = DisplayRenderer(scale: 1)
        guard case .leaf(.text(let block, _)) = root.role else { return XCTFail("a text node") }
        let path = renderer.textPath(block, frame: root.frame)
        var mask = try Mask(width: 400, height: 80)
        var rasterizer = Rasterizer()
        rasterizer.fill(path, into: &mask, rows: RowRange(0, 80))
        let reference = exactCoverage(path, width: 400, height: 80)
        var errors: [Double] = []
        for (i, exact) in reference.enumerated() where exact > 0.5 / 255 && exact < 1 - 0.5 / 255 {
            errors.append(abs(Double(mask.bytes[i]) - exact * 255))
        }
        errors.sort()
        XCTAssertGreaterThan(errors.count, 500, "edge pixels measured")
        let mean = errors.reduce(0, +) / Double(errors.count)
        let p999 = errors[min(errors.count - 1, Int(Double(errors.count) * 0.999))]
        XCTAssertLessThanOrEqual(mean, 0.5, "mean error in levels")
        XCTAssertLessThanOrEqual(p999, 3, "99.9th percentile in levels")
    }

    /// Coverage of the path's polygons under the nonzero rule: for each of 256 sub-rows a pixel row
    /// is cut into, the spans where the winding number is not zero, added to each pixel exactly.
    private func exactCoverage(_ path: PixelPath, width: Int, height: Int) -> [Double] {
        var coverage = [Double](repeating: 0, count: width * height)
        var edges: [(Point, Point)] = []
        for (c, start) in path.contourStarts.enumerated() {
            let end = c + 1 < path.contourStarts.count ? path.contourStarts[c + 1] : path.points.count
            guard end - start >= 2 else { continue }
            for k in start..<end { edges.append((path.points[k], path.points[k + 1 < end ? k + 1 : start])) }
        }
        let sub = 256
        for y in 0..<height {
            for s in 0..<sub {
                let sy = Double(y) + (Double(s) + 0.5) / Double(sub)
                var crossings: [(x: Double, w: Int)] = []
                for (p, q) in edges where (p.y <= sy) != (q.y <= sy) {
                    crossings.append((p.x + (sy - p.y) * (q.x - p.x) / (q.y - p.y), q.y > p.y ? 1 : -1))
                }
                crossings.sort { $0.x < $1.x }
                var winding = 0
                for (i, c) in crossings.enumerated() {
                    winding += c.w
                    guard winding != 0, i + 1 < crossings.count else { continue }
                    let x0 = max(c.x, 0)
                    let x1 = min(crossings[i + 1].x, Double(width))
                    guard x1 > x0 else { continue }
                    var x = Int(x0)
                    while Double(x) < x1 {
                        let covered = min(x1, Double(x + 1)) - max(x0, Double(x))
                        if x < width { coverage[y * width + x] += covered / Double(sub) }
                        x += 1
                    }
                }
            }
        }
        return coverage
    }
}
