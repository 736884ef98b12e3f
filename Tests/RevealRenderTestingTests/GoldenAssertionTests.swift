import Foundation
import RevealTestSupport
import XCTest

@testable import RevealRender
@testable import RevealRenderTesting

/// `Golden.verify`, `assertGolden` and the record modes, all in temporary folders: nothing here writes
/// beside the sources.
final class GoldenAssertionTests: XCTestCase {
    private var goldens = ""
    private var artifacts = ""
    /// Failures caught instead of recorded while `catching` is set.
    private var caught: [(message: String, line: Int)] = []
    private var catching = false

    override func setUpWithError() throws {
        try super.setUpWithError()
        goldens = try TestImages.temporaryFolder(self, "goldens")
        artifacts = try TestImages.temporaryFolder(self, "artifacts")
    }

    override func recordFailure(
        withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
    ) {
        if catching {
            caught.append((description, lineNumber))
        } else {
            super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
    }

    private func settings(_ mode: RecordMode) -> GoldenSettings {
        GoldenSettings(recordMode: mode, artifactsDirectory: artifacts)
    }

    private func verify(
        _ image: Pixmap, _ name: String = "card", mode: RecordMode,
        options: ComparisonOptions = .init()
    ) -> GoldenResult {
        Golden.verify(image, named: name, in: goldens, options: options, settings: settings(mode))
    }

    private func bytes(_ path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map { [UInt8]($0) }
    }

    private var goldenPath: String { goldens + "/card.png" }
    /// Where the artifacts of golden "card" go: the golden folder's last two folders, then the golden's name.
    private var artifactBase: String {
        let url = URL(fileURLWithPath: goldens)
        return artifacts + "/" + url.deletingLastPathComponent().lastPathComponent + "/" + url.lastPathComponent
            + "/card"
    }

    func testArtifactsOfTwoTargetsWithTheSameTestFileStayApart() {
        XCTAssertEqual(Golden.artifactsFolder(for: "/repo/Tests/AppTests/__Goldens__/CardTests"), "AppTests/CardTests")
        XCTAssertEqual(Golden.artifactsFolder(for: "/repo/Tests/KitTests/__Goldens__/CardTests"), "KitTests/CardTests")
        XCTAssertEqual(Golden.artifactsFolder(for: "/repo/Fixtures/goldens/scratch-tap"), "goldens/scratch-tap")
        XCTAssertEqual(
            Golden.directory(forTestFile: "/repo/Tests/AppTests/CardTests.swift"),
            "/repo/Tests/__Goldens__/AppTests/CardTests")
        XCTAssertEqual(
            Golden.artifactsFolder(for: Golden.directory(forTestFile: "/repo/Tests/KitTests/CardTests.swift")),
            "KitTests/CardTests")
    }

    // MARK: - Settings

    func testSettingsFromTheEnvironment() throws {
        XCTAssertEqual(try GoldenSettings(environment: [:]).recordMode, .missing)
        XCTAssertEqual(try GoldenSettings(environment: ["CI": "true"]).recordMode, .never)
        XCTAssertEqual(try GoldenSettings(environment: ["CI": "1", "REVEAL_RECORD": ""]).recordMode, .never)
        XCTAssertEqual(try GoldenSettings(environment: ["CI": "false"]).recordMode, .missing)
        XCTAssertEqual(try GoldenSettings(environment: ["CI": "true", "REVEAL_RECORD": "all"]).recordMode, .all)
        for mode in RecordMode.allCases {
            XCTAssertEqual(try GoldenSettings(environment: ["REVEAL_RECORD": mode.rawValue]).recordMode, mode)
        }
        XCTAssertThrowsError(try GoldenSettings(environment: ["REVEAL_RECORD": "yes"])) { error in
            XCTAssertEqual("\(error)", "REVEAL_RECORD=yes is not a record mode (use all, missing, failed or never)")
        }
        XCTAssertEqual(
            try GoldenSettings(environment: ["REVEAL_ARTIFACTS": "/some/where"]).artifactsDirectory, "/some/where")
        XCTAssertNil(try GoldenSettings(environment: [:]).artifactsDirectory)
    }

    /// By default a package's artifacts go to its own `.build`, apart from every other package's.
    func testArtifactsGoToThePackagesOwnBuildFolder() throws {
        let package = goldens + "/Shop"
        try FileManager.default.createDirectory(atPath: package + "/Tests/ShopTests", withIntermediateDirectories: true)
        try Data("// swift-tools-version:6.0\n".utf8).write(to: URL(fileURLWithPath: package + "/Package.swift"))
        let result = Golden.verify(
            try TestImages.gradient(4, 4), named: "card", settings: GoldenSettings(recordMode: .never),
            testFile: package + "/Tests/ShopTests/CardTests.swift")
        XCTAssertEqual(result.goldenPath, package + "/Tests/__Goldens__/ShopTests/CardTests/card.png")
        XCTAssertEqual(
            GoldenSettings.defaultArtifactsDirectory(
                forGoldenFolder: package + "/Tests/__Goldens__/ShopTests/CardTests"),
            package + "/.build/reveal-render-artifacts")
        XCTAssertEqual(
            GoldenSettings.defaultArtifactsDirectory(forGoldenFolder: "/nowhere/Tests/__Goldens__/A/B"),
            FileManager.default.temporaryDirectory.appendingPathComponent("reveal-render-artifacts").path)
    }

    func testGoldensLiveInTheTestsFolderOutsideEveryTarget() throws {
        XCTAssertEqual(
            Golden.directory(forTestFile: "/src/Tests/AppTests/Cards/CardTests.swift"),
            "/src/Tests/__Goldens__/AppTests/CardTests")
        // A file under no Tests folder keeps its goldens beside it.
        XCTAssertEqual(
            Golden.directory(forTestFile: "/src/Checks/CardTests.swift"), "/src/Checks/__Goldens__/CardTests")
        let image = try TestImages.gradient(4, 4)
        // A relative directory is taken from the test file's folder.
        let relative = Golden.verify(
            image, named: "x", directory: "sub/dir", settings: settings(.never),
            testFile: goldens + "/CardTests.swift")
        XCTAssertEqual(relative.goldenPath, goldens + "/sub/dir/x.png")
        let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().path
        XCTAssertEqual(
            Golden.directory(forTestFile: #filePath),
            here + "/__Goldens__/RevealRenderTestingTests/GoldenAssertionTests")
    }

    func testUnusableNamesFail() throws {
        let image = try TestImages.gradient(4, 4)
        for name in ["", "../escape", "/absolute", "a//b", "./a"] {
            let result = verify(image, name, mode: .all)
            XCTAssertEqual(result.outcome, .failed, name)
            XCTAssertTrue(result.message.contains("is not usable"), result.message)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: goldens), [])
        // A trailing .png is the same golden.
        XCTAssertEqual(verify(image, "card.png", mode: .missing).goldenPath, goldenPath)
    }

    /// A golden that cannot be recorded, artifacts that cannot be written, a record mode the
    /// environment spells wrong: each is a failed check with its reason, never a throw or a trap.
    func testWhatCannotBeWrittenOrReadFailsTheCheckWithItsReason() throws {
        let image = try TestImages.gradient(4, 4)
        let blocker = goldens + "/not-a-folder"
        try AtomicFile.write(Array("x".utf8), to: blocker)
        let unrecordable = Golden.verify(image, named: "card", in: blocker + "/inside", settings: settings(.missing))
        XCTAssertEqual(unrecordable.outcome, .failed)
        XCTAssertTrue(unrecordable.message.hasPrefix("cannot record the golden: "), unrecordable.message)
        try TestImages.writePNG(image, to: goldenPath)
        let noArtifacts = Golden.verify(
            image.nudged(x: 1, y: 1, by: 9), named: "card", in: goldens,
            settings: GoldenSettings(recordMode: .never, artifactsDirectory: blocker + "/artifacts"))
        XCTAssertEqual(noArtifacts.outcome, .failed)
        XCTAssertTrue(
            noArtifacts.message.contains("(could not write the expected, actual and diff images: "), noArtifacts.message
        )
        setenv("REVEAL_RECORD", "sometimes", 1)
        defer { unsetenv("REVEAL_RECORD") }
        for result in [
            Golden.verify(image, named: "card", directory: goldens, testFile: #filePath),
            Golden.verifyAccessibility([], named: "card", directory: goldens, testFile: #filePath),
        ] {
            XCTAssertEqual(result.outcome, .failed)
            XCTAssertEqual(
                result.message, "REVEAL_RECORD=sometimes is not a record mode (use all, missing, failed or never)")
        }
    }

    func testAssertAccessibilityFailsTheTestAtTheCaller() throws {
        let elements = [AccessibilityElement(label: "Try again", traits: [.isButton], actions: ["activate"])]
        try AtomicFile.write(Array(AccessibilityElement.json(elements).utf8), to: goldens + "/card.accessibility.json")
        catching = true
        assertAccessibility(elements, named: "card", directory: goldens, settings: settings(.never))
        XCTAssertEqual(caught.count, 0)
        let line = #line + 1  // where the next call starts, which the failure must name
        let result = assertAccessibility([], named: "card", directory: goldens, settings: settings(.never))
        catching = false
        XCTAssertEqual(caught.count, 1)
        XCTAssertEqual(caught.first?.line, line)
        XCTAssertTrue(result.message.contains("expected 1 element, found 0"), result.message)
    }

    // MARK: - Record modes

    func testMissingGoldenIsRecordedAndTheCheckFails() throws {
        let image = try TestImages.gradient(6, 5)
        let first = verify(image, mode: .missing)
        XCTAssertEqual(first.outcome, .recorded)
        XCTAssertFalse(first.passed)
        XCTAssertTrue(first.message.hasPrefix("recorded a new golden at \(goldenPath)"), first.message)
        XCTAssertEqual(try PNG.decode(contentsOf: goldenPath), image)
        let second = verify(image, mode: .missing)
        XCTAssertEqual(second.outcome, .matched)
        XCTAssertEqual(second.comparison?.verdict, .identical)
    }

    func testGoldensInSubfoldersAreRecordedWithTheirFolders() throws {
        let image = try TestImages.gradient(3, 3)
        XCTAssertEqual(verify(image, "scenes/tap/frame-00003", mode: .missing).outcome, .recorded)
        XCTAssertEqual(try PNG.decode(contentsOf: goldens + "/scenes/tap/frame-00003.png"), image)
    }

    func testNeverModeDoesNotRecordAMissingGolden() throws {
        let image = try TestImages.gradient(6, 5)
        let result = verify(image, mode: .never)
        XCTAssertEqual(result.outcome, .failed)
        XCTAssertFalse(FileManager.default.fileExists(atPath: goldenPath))
        XCTAssertTrue(result.message.hasPrefix("no golden at \(goldenPath), and recording is off"), result.message)
        // The image it would have recorded is among the artifacts, for a CI job to upload.
        XCTAssertEqual(result.artifacts?.actual, artifactBase + ".actual.png")
        XCTAssertEqual(try PNG.decode(contentsOf: artifactBase + ".actual.png"), image)
        XCTAssertTrue(result.message.contains("actual:   " + artifactBase + ".actual.png"), result.message)
    }

    func testMismatchWritesExpectedActualAndDiffAndNamesThem() throws {
        let golden = try TestImages.gradient(12, 8)
        try TestImages.writePNG(golden, to: goldenPath)
        let before = bytes(goldenPath)
        let actual = golden.nudged(x: 3, y: 5, by: 1)
        for mode in [RecordMode.missing, .never] {
            let result = verify(actual, mode: mode)
            XCTAssertEqual(result.outcome, .failed, "\(mode)")
            XCTAssertEqual(bytes(goldenPath), before, "\(mode): the golden must not change")
            let files = try XCTUnwrap(result.artifacts)
            XCTAssertEqual(
                files,
                GoldenArtifacts(
                    expected: artifactBase + ".expected.png", actual: artifactBase + ".actual.png",
                    diff: artifactBase + ".diff.png"))
            XCTAssertEqual(try PNG.decode(contentsOf: files.expected!), golden)
            XCTAssertEqual(try PNG.decode(contentsOf: files.actual), actual)
            XCTAssertEqual(try PNG.decode(contentsOf: files.diff!), result.comparison?.diffImage)
            let lines = result.message.split(separator: "\n").map(String.init)
            XCTAssertEqual(
                lines.first,
                "golden \"card\" does not match \(goldenPath): 1 pixel differs (allowed 0 of 96), "
                    + "largest difference 1 level (distance 0.00266, threshold 0), bounding box x 3…3, y 5…5 (1×1)")
            XCTAssertEqual(
                Array(lines.dropFirst().prefix(3)),
                [
                    "expected: " + files.expected!, "actual:   " + files.actual,
                    "diff:     " + files.diff!,
                ])
            XCTAssertEqual(
                Array(lines.suffix(2)),
                [
                    "to accept the actual image, run the tests with REVEAL_RECORD=failed",
                    "every failing golden, side by side: \(artifacts)/index.html",
                ])
            XCTAssertTrue(FileManager.default.fileExists(atPath: artifacts + "/index.html"))
        }
    }

    func testFailedModeReplacesOnlyFailingGoldens() throws {
        let golden = try TestImages.gradient(12, 8)
        try TestImages.writePNG(golden, to: goldenPath)
        let before = bytes(goldenPath)
        XCTAssertEqual(verify(golden, mode: .failed).outcome, .matched)
        XCTAssertEqual(bytes(goldenPath), before)
        // Within the options it matches and is left alone too.
        let close = golden.nudged(x: 1, y: 1, by: 1)
        XCTAssertEqual(verify(close, mode: .failed, options: .init(budget: .pixels(1))).outcome, .matched)
        XCTAssertEqual(bytes(goldenPath), before)
        let result = verify(close, mode: .failed)
        XCTAssertEqual(result.outcome, .recorded)
        XCTAssertFalse(result.passed)
        XCTAssertTrue(result.message.contains("1 pixel differ"), result.message)
        XCTAssertTrue(result.message.contains("recorded the actual image as the new golden"), result.message)
        XCTAssertEqual(try PNG.decode(contentsOf: goldenPath), close)
    }

    func testAllModeRewritesEveryGoldenThatIsNotIdentical() throws {
        let golden = try TestImages.gradient(12, 8)
        // Written with other PNG settings: an identical image must not rewrite these bytes.
        try AtomicFile.write(
            try PNG.encode(golden, options: .init(compressionLevel: 1, filter: .paeth)), to: goldenPath)
        let before = bytes(goldenPath)
        XCTAssertEqual(verify(golden, mode: .all).outcome, .matched)
        XCTAssertEqual(bytes(goldenPath), before)
        // Within tolerance is not identical: rewritten.
        let close = golden.nudged(x: 1, y: 1, by: 1)
        XCTAssertEqual(verify(close, mode: .all, options: .init(threshold: 0.1)).outcome, .recorded)
        XCTAssertEqual(try PNG.decode(contentsOf: goldenPath), close)
        XCTAssertEqual(verify(golden, "other", mode: .all).outcome, .recorded)
    }

    func testSizeMismatchFailsWithoutADiff() throws {
        try TestImages.writePNG(try TestImages.gradient(12, 8), to: goldenPath)
        let result = verify(try TestImages.gradient(12, 9), mode: .missing)
        XCTAssertEqual(result.outcome, .failed)
        XCTAssertEqual(result.comparison?.verdict, .sizeMismatch)
        XCTAssertNil(result.artifacts?.diff)
        XCTAssertFalse(FileManager.default.fileExists(atPath: artifactBase + ".diff.png"))
        XCTAssertTrue(result.message.contains("size mismatch: golden 12×8, actual 12×9"), result.message)
        XCTAssertTrue(result.message.contains("diff:     (none: the sizes differ)"), result.message)
    }

    func testUnreadableGolden() throws {
        try AtomicFile.write(Array("not a PNG".utf8), to: goldenPath)
        let image = try TestImages.gradient(5, 5)
        let failed = verify(image, mode: .missing)
        XCTAssertEqual(failed.outcome, .failed)
        XCTAssertTrue(failed.message.hasPrefix("cannot read the golden: \(goldenPath): "), failed.message)
        XCTAssertEqual(verify(image, mode: .failed).outcome, .recorded)
        XCTAssertEqual(try PNG.decode(contentsOf: goldenPath), image)
    }

    func testAMatchRemovesOldArtifacts() throws {
        let golden = try TestImages.gradient(6, 6)
        try TestImages.writePNG(golden, to: goldenPath)
        XCTAssertEqual(verify(golden.nudged(x: 0, y: 0, by: 4), mode: .never).outcome, .failed)
        XCTAssertTrue(FileManager.default.fileExists(atPath: artifactBase + ".diff.png"))
        XCTAssertEqual(verify(golden, mode: .never).outcome, .matched)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: (artifactBase as NSString).deletingLastPathComponent),
            [])
    }

    // MARK: - assertGolden

    func testAssertGoldenFailsTheTestAtTheCallerWithTheMessage() throws {
        let golden = try TestImages.gradient(6, 6)
        try TestImages.writePNG(golden, to: goldenPath)
        catching = true
        assertGolden(golden, named: "card", directory: goldens, settings: settings(.never))
        XCTAssertEqual(caught.count, 0)
        let line = #line + 1  // where the next call starts, which the failure must name
        let result = assertGolden(
            golden.nudged(x: 2, y: 2, by: 2), named: "card", directory: goldens, settings: settings(.never))
        catching = false
        XCTAssertEqual(caught.count, 1)
        XCTAssertEqual(caught.first?.line, line)
        XCTAssertEqual(caught.first.map { $0.message.contains(result.message) }, true, caught.first?.message ?? "")
        XCTAssertTrue(result.message.contains("1 pixel differ"), result.message)
    }
}
