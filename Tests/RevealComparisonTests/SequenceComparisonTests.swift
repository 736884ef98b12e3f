import RevealTestSupport
import XCTest

@testable import RevealRender

/// Frame folders against golden folders: pairing by name, missing and extra frames, the first
/// differing frame, side-by-side diff frames; and single frames rendered in memory.
final class SequenceComparisonTests: XCTestCase {
    /// Writes `frames` (index → image) into a new folder, plus `manifest` (by default one that every
    /// folder shares, so it never makes a difference).
    private func folder(_ frames: [Int: Pixmap], label: String, manifest: String = "{\"fps\": 60, \"frames\": []}")
        throws -> String
    {
        let path = try TestImages.temporaryFolder(self, label)
        for (index, image) in frames {
            try TestImages.writePNG(image, to: path + "/" + FrameFolder.frameName(index))
        }
        try AtomicFile.write(Array(manifest.utf8), to: path + "/manifest.json")
        return path
    }

    func testIdenticalFoldersMatch() throws {
        let frames = [0: try TestImages.gradient(8, 6), 1: try TestImages.gradient(8, 6).nudged(x: 1, y: 1, by: 5)]
        let result = try compare(
            expectedFolder: try folder(frames, label: "expected"),
            actualFolder: try folder(frames, label: "actual"))
        XCTAssertTrue(result.passed)
        XCTAssertEqual(result.frames.map(\.name), ["frame-00000.png", "frame-00001.png"])
        XCTAssertEqual(result.frames.map(\.comparison.verdict), [.identical, .identical])
        XCTAssertNil(result.firstDifferingFrame)
        XCTAssertEqual(result.report, "match: 2 frames, all identical")
    }

    func testMissingExtraAndDifferingFramesAreReported() throws {
        let image = try TestImages.gradient(8, 6)
        let expected = try folder([0: image, 1: image, 2: image, 4: image], label: "expected")
        let actual = try folder(
            [0: image, 1: image.nudged(x: 2, y: 3, by: 1), 3: image, 4: image.nudged(x: 0, y: 0, by: 9)],
            label: "actual")
        let result = try compare(expectedFolder: expected, actualFolder: actual)
        XCTAssertFalse(result.passed)
        XCTAssertEqual(result.missingFrames, ["frame-00002.png"])
        XCTAssertEqual(result.extraFrames, ["frame-00003.png"])
        XCTAssertEqual(result.firstDifferingFrame, "frame-00001.png")
        XCTAssertEqual(result.differingFrames.map(\.name), ["frame-00001.png", "frame-00004.png"])
        XCTAssertEqual(result.frames.first { $0.name == "frame-00001.png" }?.comparison.differingPixels, 1)
        let report = result.report
        XCTAssertTrue(
            report.hasPrefix(
                "DIFFERENT: 2 of 3 frames differ, 1 missing, 1 extra\nfirst differing frame: frame-00001.png\n"), report
        )
        XCTAssertTrue(report.contains("  DIFFERENT: 1 pixel differs"), report)
        XCTAssertTrue(report.contains("missing from \(actual): frame-00002.png"), report)
        XCTAssertTrue(report.contains("extra in \(actual): frame-00003.png"), report)
        // Diff images are not held for a whole sequence.
        XCTAssertTrue(result.frames.allSatisfy { $0.comparison.diffImage == nil })
    }

    func testOnlyMissingFramesFail() throws {
        let image = try TestImages.gradient(4, 4)
        let result = try compare(
            expectedFolder: try folder([0: image, 1: image], label: "expected"),
            actualFolder: try folder([0: image], label: "actual"))
        XCTAssertFalse(result.passed)
        XCTAssertNil(result.firstDifferingFrame)
        XCTAssertEqual(result.missingFrames, ["frame-00001.png"])
    }

    func testFramesPairInNumericOrder() throws {
        let image = try TestImages.gradient(4, 4)
        let frames = [
            99_999: image, 100_000: image.nudged(x: 0, y: 0, by: 1), 100_001: image.nudged(x: 1, y: 0, by: 1),
        ]
        var actualFrames = frames
        actualFrames[100_000] = image
        actualFrames[100_001] = image
        let result = try compare(
            expectedFolder: try folder(frames, label: "expected"),
            actualFolder: try folder(actualFrames, label: "actual"))
        XCTAssertEqual(result.frames.map(\.name), ["frame-99999.png", "frame-100000.png", "frame-100001.png"])
        XCTAssertEqual(result.firstDifferingFrame, "frame-100000.png")
    }

    func testUnreadableFramesAndFoldersAreInputErrors() throws {
        let good = try folder([0: try TestImages.gradient(4, 4)], label: "good")
        let bad = try folder([:], label: "bad")
        try AtomicFile.write(Array("not a PNG".utf8), to: bad + "/frame-00000.png")
        XCTAssertThrowsError(try compare(expectedFolder: good, actualFolder: bad)) { error in
            XCTAssertTrue("\(error)".hasPrefix(bad + "/frame-00000.png: "), "\(error)")
        }
        XCTAssertThrowsError(try compare(expectedFolder: good, actualFolder: good + "/nowhere")) { error in
            XCTAssertTrue("\(error)".hasPrefix(good + "/nowhere: cannot list the folder"), "\(error)")
        }
        let empty = try folder([:], label: "empty")
        XCTAssertThrowsError(try compare(expectedFolder: empty, actualFolder: empty)) { error in
            XCTAssertTrue("\(error)".contains("hold no frame files"), "\(error)")
        }
    }

    func testSideBySidePutsExpectedActualAndDiffInARow() throws {
        let expected = try TestImages.gradient(5, 3)
        let actual = expected.nudged(x: 1, y: 2, by: 20)
        let diff = try XCTUnwrap(compare(expected: expected, actual: actual).diffImage)
        let row = try SequenceDiff.sideBySide(expected: expected, actual: actual, diff: diff)
        let gap = SequenceDiff.gap
        XCTAssertEqual(PixelSize(row), PixelSize(width: 15 + 2 * gap, height: 3))
        for y in 0..<3 {
            for x in 0..<5 {
                XCTAssertEqual(row[x, y], expected[x, y])
                XCTAssertEqual(row[5 + gap + x, y], actual[x, y])
                XCTAssertEqual(row[10 + 2 * gap + x, y], diff[x, y])
            }
            XCTAssertEqual(row[5, y], SequenceDiff.gapColor)
        }
        XCTAssertEqual(row[10 + 2 * gap + 1, 2], Comparison.differenceColor)
    }

    /// The caption bar over the panels: the panels move down by its height, unchanged; each panel's
    /// bar holds white text (the frame's name in the first), and another name draws another bar.
    func testCaptionsNameThePanelsAndTheFrame() throws {
        let expected = try TestImages.gradient(240, 40)
        let actual = expected.nudged(x: 3, y: 4, by: 30)
        let diff = try XCTUnwrap(compare(expected: expected, actual: actual).diffImage)
        let plain = try SequenceDiff.sideBySide(expected: expected, actual: actual, diff: diff)
        let row = try SequenceDiff.sideBySide(
            expected: expected, actual: actual, diff: diff, caption: "frame-00012.png")
        let bar = SequenceDiff.captionHeight
        XCTAssertEqual(PixelSize(row), PixelSize(width: plain.width, height: plain.height + bar))
        for y in 0..<plain.height {
            for x in 0..<plain.width { XCTAssertEqual(row[x, y + bar], plain[x, y]) }
        }
        func whitish(_ left: Int, _ width: Int) -> Int {
            var count = 0
            for y in 0..<bar {
                for x in left..<(left + width) where row[x, y].r > 200 && row[x, y].g > 200 { count += 1 }
            }
            return count
        }
        let gap = SequenceDiff.gap
        let (expectedText, actualText, diffText) = (
            whitish(0, 240), whitish(240 + gap, 240), whitish(480 + 2 * gap, 240)
        )
        XCTAssertGreaterThan(actualText, 10, "\"actual\" is written")
        XCTAssertGreaterThan(diffText, 10, "\"diff\" is written")
        XCTAssertGreaterThan(
            expectedText, actualText + diffText, "\"expected · frame-00012.png\" is the longest caption")
        XCTAssertEqual(row[239, 1], SequenceDiff.captionColor, "the bar's far end is plain")
        XCTAssertNotEqual(
            try SequenceDiff.sideBySide(expected: expected, actual: actual, diff: diff, caption: "frame-00013.png"), row
        )
    }

    func testSideBySideOfDifferentSizesLeavesTheDiffPanelGrey() throws {
        let row = try SequenceDiff.sideBySide(
            expected: try TestImages.gradient(4, 2), actual: try TestImages.gradient(6, 3), diff: nil)
        XCTAssertEqual(PixelSize(row), PixelSize(width: 4 + 6 + 6 + 2 * SequenceDiff.gap, height: 3))
        XCTAssertEqual(row[0, 2], SequenceDiff.gapColor)  // under the shorter expected panel
        XCTAssertEqual(row[row.width - 1, 0], SequenceDiff.gapColor)
    }

    func testDiffFramesAreWrittenForDifferingFramesOnly() throws {
        let image = try TestImages.gradient(6, 4)
        let expected = try folder([0: image, 1: image, 2: image], label: "expected")
        let actual = try folder(
            [0: image, 1: image.nudged(x: 3, y: 1, by: 2), 2: image.nudged(x: 0, y: 3, by: -2)], label: "actual")
        let result = try compare(expectedFolder: expected, actualFolder: actual)
        let out = try TestImages.temporaryFolder(self, "diffs")
        try AtomicFile.write(Array("keep me".utf8), to: out + "/notes.txt")
        try TestImages.writePNG(image, to: out + "/frame-00000.png")  // from an earlier run: stays, and is named
        var sink = try DiffFrameFolder(path: out)
        XCTAssertEqual(try SequenceDiff.write(result, into: &sink), 2)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: out).sorted(),
            ["frame-00000.png", "frame-00001.png", "frame-00002.png", "notes.txt"])
        XCTAssertEqual(sink.otherFrames, ["frame-00000.png"])
        XCTAssertEqual(
            try PNG.decode(contentsOf: out + "/frame-00000.png"), image,
            "a file this run did not write is never changed")
        let written = try PNG.decode(contentsOf: out + "/frame-00001.png")
        let expectedRow = try SequenceDiff.sideBySide(
            expected: image, actual: image.nudged(x: 3, y: 1, by: 2),
            diff: compare(expected: image, actual: image.nudged(x: 3, y: 1, by: 2)).diffImage,
            caption: "frame-00001.png")
        XCTAssertEqual(written, expectedRow)
    }

    /// A sink that only collects, as an APNG writer would.
    private struct Collector: DiffFrameSink {
        var names: [String] = []
        var finished = 0
        mutating func append(_ frame: Pixmap, name: String) throws { names.append(name) }
        mutating func finish() throws { finished += 1 }
    }

    func testAnySinkReceivesTheFramesInOrderAndIsFinishedOnce() throws {
        let image = try TestImages.gradient(6, 4)
        let frames = [3: image, 12: image, 7: image]
        var changed = frames
        changed[12] = image.nudged(x: 1, y: 1, by: 1)
        changed[3] = image.nudged(x: 2, y: 1, by: 1)
        let result = try compare(
            expectedFolder: try folder(frames, label: "expected"), actualFolder: try folder(changed, label: "actual"))
        var sink = Collector()
        try SequenceDiff.write(result, into: &sink)
        XCTAssertEqual(sink.names, ["frame-00003.png", "frame-00012.png"])
        XCTAssertEqual(sink.finished, 1)
    }

    func testTheAnimatedDiffHasOneFramePerDifferingFramePaddedToTheLargest() throws {
        let image = try TestImages.gradient(6, 4)
        let expected = try folder([0: image, 1: image, 2: image, 3: image], label: "expected")
        let bigger = try TestImages.gradient(7, 5)
        let actual = try folder(
            [0: image.nudged(x: 1, y: 1, by: 1), 1: image, 2: bigger, 3: image.nudged(x: 5, y: 3, by: -1)],
            label: "actual")
        let result = try compare(expectedFolder: expected, actualFolder: actual)
        XCTAssertEqual(result.differingFrames.map(\.name), ["frame-00000.png", "frame-00002.png", "frame-00003.png"])
        let path = try TestImages.temporaryFolder(self, "apng") + "/diff.png"
        var sink = try APNGDiffSink(path: path, for: result)
        XCTAssertEqual(try SequenceDiff.write(result, into: &sink), 3)
        let animation = try APNGReader.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
        // The pair of sizes 6×4 and 7×5 makes the widest frame: 6 + 7 + 7 + 2 gaps, 5 high under the caption bar.
        XCTAssertEqual(
            PixelSize(width: animation.width, height: animation.height),
            PixelSize(width: 20 + 2 * SequenceDiff.gap, height: 5 + SequenceDiff.captionHeight))
        XCTAssertEqual(animation.frames.count, 3)
        XCTAssertEqual(animation.frames.first?.control.delay ?? 0, 0.5, accuracy: 1e-9)
        let first = try SequenceDiff.sideBySide(
            expected: image, actual: image.nudged(x: 1, y: 1, by: 1),
            diff: compare(expected: image, actual: image.nudged(x: 1, y: 1, by: 1)).diffImage,
            caption: "frame-00000.png")
        let shown = animation.frames[0].pixmap
        for y in 0..<shown.height {
            for x in 0..<shown.width {
                let inside = x < first.width && y < first.height
                XCTAssertEqual(shown[x, y], inside ? first[x, y] : SequenceDiff.gapColor, "(\(x), \(y))")
            }
        }
        XCTAssertEqual(
            animation.frames[1].pixmap,
            try SequenceDiff.sideBySide(expected: image, actual: bigger, diff: nil, caption: "frame-00002.png"))

        // Frames from elsewhere that do not fit are refused, not drawn out of bounds.
        let other = try APNGDiffSink(path: path, for: result)
        XCTAssertThrowsError(try other.append(try TestImages.gradient(40, 4), name: "frame-00009.png")) { error in
            XCTAssertTrue("\(error)".contains("frame-00009.png is 40×4, larger than the animation's"), "\(error)")
        }
    }

    /// Manifests that disagree make folders of identical frames differ: the sequence's fields first,
    /// then frame by frame in frame order, fields missing on one side included; font paths are left to
    /// `fontChange`; without a manifest on one side there is nothing to compare.
    func testManifestsAreComparedFieldByFieldFirstFrameFirst() throws {
        let image = try TestImages.gradient(6, 4)
        let frames = [0: image, 1: image, 2: image]
        func manifest(_ revealedAt: String, _ coverage: [String], fonts: String) -> String {
            let list = coverage.enumerated().map {
                "{\"index\": \($0.offset), \"file\": \"\(FrameFolder.frameName($0.offset))\", \($0.element)}"
            }
            return
                "{\"fps\": 60, \"revealedAt\": \(revealedAt), \"fonts\": [{\"path\": \"\(fonts)\", \"sha256\": \"ab\"}], \"frames\": [\(list.joined(separator: ", "))]}"
        }
        let expected = try folder(
            frames, label: "expected",
            manifest: manifest(
                "1.5", ["\"coverage\": 0", "\"coverage\": 0.5", "\"coverage\": 0.7, \"revealed\": true"],
                fonts: "/usr/a/Inter.ttf"))
        let actual = try folder(
            frames, label: "actual",
            manifest: manifest(
                "null", ["\"coverage\": 0", "\"coverage\": 0.25", "\"coverage\": 0.6"], fonts: "/opt/b/Inter.ttf"))
        let result = try compare(expectedFolder: expected, actualFolder: actual)
        XCTAssertTrue(result.differingFrames.isEmpty)
        XCTAssertFalse(result.passed)
        XCTAssertEqual(
            result.manifestDifferences.map(\.description),
            [
                "revealedAt: expected 1.5, actual null",
                "frame-00001.png coverage: expected 0.5, actual 0.25",
                "frame-00002.png coverage: expected 0.7, actual 0.6",
                "frame-00002.png revealed: expected true, actual (none)",
            ])
        XCTAssertTrue(
            result.report.hasSuffix(
                "the manifests differ in 4 fields; first: revealedAt: expected 1.5, actual null\n"
                    + "  frame-00001.png coverage: expected 0.5, actual 0.25\n  frame-00002.png coverage: expected 0.7, actual 0.6\n"
                    + "  frame-00002.png revealed: expected true, actual (none)"), result.report)
        // The same manifest on both sides (font paths aside) passes; so does a side without one.
        let same = try folder(
            frames, label: "same",
            manifest: manifest(
                "1.5", ["\"coverage\": 0", "\"coverage\": 0.5", "\"coverage\": 0.7, \"revealed\": true"],
                fonts: "/elsewhere/Inter.ttf"))
        XCTAssertTrue(try compare(expectedFolder: expected, actualFolder: same).passed)
        try FileManager.default.removeItem(atPath: actual + "/manifest.json")
        XCTAssertTrue(try compare(expectedFolder: expected, actualFolder: actual).passed)
    }

    func testNoAnimatedDiffWhenNothingDiffers() throws {
        let image = try TestImages.gradient(6, 4)
        let result = try compare(
            expectedFolder: try folder([0: image], label: "expected"),
            actualFolder: try folder([0: image], label: "actual"))
        let path = try TestImages.temporaryFolder(self, "apng") + "/diff.png"
        var sink = try APNGDiffSink(path: path, for: result)
        XCTAssertEqual(try SequenceDiff.write(result, into: &sink), 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
    }

    // MARK: - Rendering frames in memory

    func testRenderFrameMatchesTheSequenceFrame() throws {
        var scene = ScratchScene(width: 40, height: 30)
        scene.scale = 1
        scene.strokes = [Stroke(points: [TouchSample(x: 5, y: 5, t: 0), TouchSample(x: 35, y: 25, t: 0.05)])]
        var sequence = try ScratchSequence(scene: scene)
        let frames = try sequence.renderFrames([3, 0, 3])
        XCTAssertEqual(frames[0], frames[2])
        XCTAssertEqual(try scene.renderFrame(3), frames[0])
        XCTAssertEqual(try scene.renderFrame(0), frames[1])
        // 0.05 s at 60 fps is frame 3 (3/60 = 0.05 exactly), 0.066 still frame 3.
        XCTAssertEqual(try scene.renderFrame(at: 0.05), frames[0])
        XCTAssertEqual(try scene.renderFrame(at: 0.066), frames[0])
        XCTAssertNotEqual(frames[0], frames[1])
        XCTAssertThrowsError(try scene.renderFrame(-1))
        XCTAssertThrowsError(try scene.renderFrame(at: .nan))

        // With a card look, the frame is the card on its page, as the CLI draws it.
        var card = scene
        (card.cornerRadius, card.shadow, card.padding, card.canvas) = (
            6, Shadow(color: .black, radius: 4, y: 2), 5, .color(.white)
        )
        var presented = try card.frameSequence()
        let onPage = try card.renderFrame(3)
        XCTAssertEqual(PixelSize(onPage), PixelSize(width: 50, height: 40))
        XCTAssertEqual(onPage, try presented.render(frame: 3))

        var circle = CircleRevealScene(width: 30, height: 20)
        circle.scale = 1
        var circleSequence = try CircleRevealSequence(scene: circle)
        let circleFrames = try circleSequence.renderFrames([10, 24])
        XCTAssertEqual(try circle.renderFrame(10), circleFrames[0])
        XCTAssertEqual(try circle.renderFrame(at: 0.4), circleFrames[1])
    }

    func testFrameIndexAtTime() throws {
        let clock = FrameClock(fps: 60)
        XCTAssertEqual(try clock.frameIndex(at: 0), 0)
        XCTAssertEqual(try clock.frameIndex(at: 0.1), 6)
        XCTAssertEqual(try clock.frameIndex(at: 0.1 - 1e-6), 5)
        XCTAssertEqual(try clock.frameIndex(at: 2.05), 123)  // 2.05·60 = 122.99999999999999 in doubles
        XCTAssertEqual(try FrameClock(fps: 30).frameIndex(at: 4.1), 123)
        XCTAssertThrowsError(try clock.frameIndex(at: -0.5))
    }
}
