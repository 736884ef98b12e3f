import Foundation
import RevealTestSupport
import XCTest

@testable import RevealRender

/// The manifest names the font files a render used, by size and SHA-256, and a comparison of two
/// folders made with different fonts says so instead of only "pixels differ".
final class FontRecordTests: XCTestCase {
    private func render(_ scene: ScratchScene) throws -> String {
        let path = NSTemporaryDirectory() + "FontRecordTests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        var sequence = try scene.frameSequence()
        try SequenceExport.run(
            &sequence, frames: 0..<sequence.frameCount, folder: try FrameFolder(path: path), wholeSequence: true)
        return path
    }

    private var scene: ScratchScene {
        ScratchScene(
            width: 80, height: 40, scale: 1, fps: 10, strokes: [Stroke(points: [TouchSample(x: 5, y: 5, t: 0.1)])],
            content: SceneContent(ViewNode(.text("Prize"), [.font(FontSpec(size: 15))])))
    }

    func testManifestListsEveryFontFileWithItsDigest() throws {
        let folder = try render(scene)
        let manifest = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/manifest.json")))
                as? [String: Any])
        let fonts = try XCTUnwrap(manifest["fonts"] as? [[String: Any]])
        XCTAssertEqual(
            fonts.map { $0["path"] as? String }, [FontFiles.inter.text], "15 pt text is set in Inter (Display from 20)")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: FontFiles.inter.text))
        XCTAssertEqual(fonts.first?["bytes"] as? Int, bytes.count)
        // The digest against coreutils' own.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        process.arguments = [FontFiles.inter.text]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(fonts.first?["sha256"] as? String, String(output.prefix(64)))
        XCTAssertEqual(
            SHA256.hex(Array("abc".utf8)), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(SHA256.hex([]), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    func testComparingFramesMadeWithAnotherFontSaysSo() throws {
        let expected = try render(scene)
        var other = scene
        other.fonts = FontFiles(text: FontFiles.inter.display, display: FontFiles.inter.display)
        let actual = try render(other)
        let result = try compare(expectedFolder: expected, actualFolder: actual)
        XCTAssertFalse(result.passed)
        XCTAssertTrue(
            result.report.contains("the frames were made with other font files: expected Inter-roman.var.ttf"),
            result.report)
        XCTAssertTrue(result.report.contains("actual InterDisplay-roman.var.ttf"), result.report)
        // The same fonts: no such line.
        let again = try compare(expectedFolder: expected, actualFolder: try render(scene))
        XCTAssertTrue(again.passed, again.report)
        XCTAssertNil(again.fontChange)
    }
}
