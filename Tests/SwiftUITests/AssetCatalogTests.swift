import Foundation
import RevealOutput
import RevealPlayer
import RevealRender
import SwiftUI
import XCTest

/// The catalog in Fixtures/assets: Badge (20 × 10 points; red at 1×, green at 2×, blue at 3×, amber for dark at
/// 2×), Photos/Sunset (a 64 × 32 JPEG at 1×, in a namespace), Brand (light and dark), Ink (a gray).
private let catalog = ReleaseBinary.root.appendingPathComponent("Fixtures/assets/Demo.xcassets").path

/// `Image("name")` and `Color("name")` from an asset catalog, as Apple's "Asset Catalog Format Reference"
/// describes its files: the image of the screen's scale and appearance, as many points as its pixels at its own
/// scale; colors with their dark values in each of Xcode's spellings.
final class AssetCatalogTests: XCTestCase {
    override func setUpWithError() throws {
        try AssetCatalog.shared.load(folder: catalog)
    }

    private func render(
        scale: Double, dark: Bool = false, @ViewBuilder _ view: @escaping @MainActor () -> some SwiftUI.View
    )
        throws -> Pixmap
    {
        var script = ViewScript(width: 100, height: 60, scale: scale, fps: 30, safeArea: Insets())
        script.appearance = dark ? .dark : .light
        return try MainActor.assumeIsolated {
            var player = ViewPlayer(script: script) {
                view().frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
            }
            return try player.render(frame: 0)
        }
    }

    private func rgb(_ pixels: Pixmap, _ x: Int, _ y: Int) throws -> [UInt8] {
        let p = try XCTUnwrap(pixels.pixel(x: x, y: y))
        return [p.r, p.g, p.b]
    }

    func testEachScaleDrawsItsOwnFileAtTheImagesSizeInPoints() throws {
        for (scale, color) in [(1.0, [255, 0, 0]), (2.0, [0, 160, 0]), (3.0, [0, 0, 255])] as [(Double, [UInt8])] {
            let pixels = try render(scale: scale) { Image("Badge") }
            XCTAssertEqual(try rgb(pixels, 0, 0), color, "at \(scale)x")
            // 20 × 10 points: the last pixel inside, the first outside is the white screen.
            let (w, h) = (Int(20 * scale), Int(10 * scale))
            XCTAssertEqual(try rgb(pixels, w - 1, h - 1), color)
            XCTAssertEqual(try rgb(pixels, w, 0), [255, 255, 255])
            XCTAssertEqual(try rgb(pixels, 0, h), [255, 255, 255])
        }
    }

    func testTheDarkAppearanceDrawsItsFileAndAScaleWithoutOneFallsBackToTheLight() throws {
        XCTAssertEqual(try rgb(try render(scale: 2, dark: true) { Image("Badge") }, 5, 5), [255, 200, 0])
        // The appearance is matched before the scale: at 3x, the dark 2x file (scaled) over the light 3x one.
        XCTAssertEqual(try rgb(try render(scale: 3, dark: true) { Image("Badge") }, 5, 5), [255, 200, 0])
        XCTAssertEqual(try rgb(try render(scale: 1, dark: false) { Image("Badge") }, 5, 5), [255, 0, 0])
    }

    func testAResizableImageFillsItsFrameAndScaledToFitKeepsItsRatio() throws {
        let stretched = try render(scale: 1) { Image("Badge").resizable().frame(width: 50, height: 40) }
        XCTAssertEqual(try rgb(stretched, 49, 39), [255, 0, 0])
        XCTAssertEqual(try rgb(stretched, 50, 39), [255, 255, 255])
        // 2:1 fitted into 50 × 40: 50 × 25, centred (7.5 points above and below).
        let fitted = try render(scale: 1) { Image("Badge").resizable().scaledToFit().frame(width: 50, height: 40) }
        XCTAssertEqual(try rgb(fitted, 25, 5), [255, 255, 255])
        XCTAssertEqual(try rgb(fitted, 25, 20), [255, 0, 0])
        XCTAssertEqual(try rgb(fitted, 25, 34), [255, 255, 255])
    }

    func testAJPEGInANamespaceIsDecodedByLibjpeg() throws {
        let pixels = try render(scale: 1) { Image("Photos/Sunset") }
        // Pillow reads (251, 120, 40) from the file written as (250, 120, 40).
        let p = try rgb(pixels, 10, 10)
        XCTAssertEqual(Double(p[0]), 251, accuracy: 2)
        XCTAssertEqual(Double(p[1]), 120, accuracy: 2)
        XCTAssertEqual(Double(p[2]), 40, accuracy: 2)
        XCTAssertEqual(try rgb(pixels, 64, 10), [255, 255, 255], "64 points wide at 1x")
    }

    func testAColorSetHasItsDarkValueInEachOfXcodesSpellings() throws {
        // Light: fractions 0.8, 0.4, 0.2; dark: 0xFF, 102 of 255, 0x33.
        XCTAssertEqual(try rgb(try render(scale: 1) { Color("Brand") }, 5, 5), [204, 102, 51])
        XCTAssertEqual(try rgb(try render(scale: 1, dark: true) { Color("Brand") }, 5, 5), [255, 102, 51])
        // A gray of white 0.25 at half alpha over white: 0.25 × 0.5 + 0.5 = 0.625.
        let ink = try rgb(try render(scale: 1) { Color("Ink") }, 5, 5)
        XCTAssertEqual(Double(ink[0]), 0.625 * 255, accuracy: 1)
    }

    func testANameNoCatalogHoldsDrawsNothing() throws {
        let pixels = try render(scale: 1) {
            HStack(spacing: 0) {
                Image("Nowhere")
                Color("Nowhere").frame(width: 10)
                Color.black.frame(width: 10)
            }
        }
        XCTAssertEqual(try rgb(pixels, 5, 5), [255, 255, 255], "a clear color")
        XCTAssertEqual(try rgb(pixels, 15, 5), [0, 0, 0], "the missing image takes no room")
    }

    func testABrokenCatalogIsNamedByFileAndJSONPath() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("Broken-\(UUID()).xcassets")
        defer { try? FileManager.default.removeItem(at: folder) }
        let set = folder.appendingPathComponent("Bad.colorset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        try Data(#"{"colors": [{"color": {"components": {"red": "2.5", "green": "0", "blue": "0"}}}]}"#.utf8)
            .write(to: set.appendingPathComponent("Contents.json"))
        XCTAssertThrowsError(try AssetCatalog.shared.load(folder: folder.path)) { error in
            let message = "\(error)"
            XCTAssertTrue(message.contains("Bad.colorset/Contents.json"), message)
            XCTAssertTrue(message.contains("colors[0].color.components.red"), message)
        }
        try Data("not json".utf8).write(to: set.appendingPathComponent("Contents.json"))
        XCTAssertThrowsError(try AssetCatalog.shared.load(folder: folder.path)) { error in
            XCTAssertTrue("\(error)".contains("not a JSON object"), "\(error)")
        }
    }

    func testTheCommandFindsTheCatalogBesideTheFilesAndRefusesABrokenOne() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("AssetApp-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: catalog, toPath: folder.appendingPathComponent("Assets.xcassets").path)
        let source = folder.appendingPathComponent("Card.swift")
        try Data(
            """
            import SwiftUI
            struct Card: View {
                var body: some View { Image("Badge").frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading) }
            }
            """.utf8
        ).write(to: source)
        let out = folder.appendingPathComponent("card.png").path
        let binary = try ReleaseBinary.url()
        try ReleaseBinary.run(
            binary, ["swiftui", source.path, "--view", "Card", "--time", "0", "--scale", "2", "--out", out],
            expecting: 0)
        let pixels = try PNG.decode(contentsOf: out)
        // Under the safe area's top, 20 pixels (10 points at 2x) of the 2x file's green.
        let column = (0..<pixels.height).compactMap { pixels.pixel(x: 5, y: $0) }.map { [$0.r, $0.g, $0.b] }
        XCTAssertEqual(column.filter { $0 == [0, 160, 0] }.count, 20)
        XCTAssertEqual(column.filter { $0 != [0, 160, 0] && $0 != [255, 255, 255] }.count, 0)
        // A broken catalog: exit 2, one line naming the file and the JSON path.
        try Data(#"{"images": [{"filename": "gone.png", "scale": "2x"}]}"#.utf8).write(
            to: folder.appendingPathComponent("Assets.xcassets/Badge.imageset/Contents.json"))
        let text = try ReleaseBinary.run(
            binary, ["swiftui", source.path, "--view", "Card", "--time", "0", "--out", out], expecting: 2)
        XCTAssertTrue(text.contains("Badge.imageset/Contents.json: images[0].filename"), text)
    }
}
