import Foundation
import RevealTestSupport
import XCTest

@testable import RevealRender
@testable import RevealRenderTesting

/// The HTML reports (`compare --report`, the golden failures page), opened in a real browser:
/// Chromium, headless, which the test setup installs. The page's `?selftest` script checks what a
/// person would (every image loaded, every image with alt text, the scrubber and the arrow keys
/// changing the frame shown, the swipe moving) and writes the answers into the page, which
/// `--dump-dom` hands back. Each browser test also saves a screenshot of its page, for a developer to
/// look at, in `reveal-render-report-screenshots` in the temporary folder (named after the test).
final class HTMLReportTests: CLITestCase {
    override class func setUp() {
        super.setUp()
        IntegrationRun.watch(self)
    }

    private var work = ""

    override func setUpWithError() throws {
        try super.setUpWithError()
        work = try makeWorkspace().path
    }

    // MARK: - The browser

    private func chromium() throws -> URL {
        for path in ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
        where FileManager.default.isExecutableFile(atPath: path) {
            return URL(fileURLWithPath: path)
        }
        throw IntegrationRun.skip("Chromium is not installed (Scripts/test installs it: apt-get install chromium)")
    }

    private func browser(_ arguments: [String]) throws -> Subprocess.Result {
        let profile = work + "/chromium-profile-\(UUID().uuidString)"
        let result = try Subprocess.run(
            try chromium(),
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                "--hide-scrollbars",
                "--user-data-dir=\(profile)", "--virtual-time-budget=10000",
            ] + arguments,
            scratch: root.appendingPathComponent("capture", isDirectory: true), timeout: 90)
        XCTAssertFalse(result.timedOut, "Chromium did not finish")
        return result
    }

    /// The page after its script ran (`?selftest` added), and the self-test's findings.
    private func open(_ page: String, width: Int = 1280, function: String = #function) throws -> (
        dom: String, findings: [String: Any]
    ) {
        let url = URL(fileURLWithPath: page).absoluteString + "?selftest"
        // The self-test runs once the page's images are decoded, off the main thread: on a loaded machine
        // Chromium's virtual time can run out first and the DOM is dumped without it. Up to three tries.
        var dom = ""
        for _ in 0..<3 {
            dom = try browser(["--window-size=\(width),2000", "--dump-dom", url]).stdout
            if dom.contains("<pre id=\"selftest\">") { break }
        }
        guard let start = dom.range(of: "<pre id=\"selftest\">"),
            let end = dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex),
            let data = String(dom[start.upperBound..<end.lowerBound])
                .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
                .data(using: .utf8),
            let findings = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        else {
            XCTFail("the page's self-test did not run; the DOM was:\n\(dom.prefix(2000))")
            return (dom, [:])
        }
        let shots = FileManager.default.temporaryDirectory.appendingPathComponent("reveal-render-report-screenshots")
        try FileManager.default.createDirectory(at: shots, withIntermediateDirectories: true)
        let shot = shots.appendingPathComponent(function.replacingOccurrences(of: "()", with: "") + ".png").path
        _ = try browser([
            "--window-size=\(width),2000", "--screenshot=\(shot)", URL(fileURLWithPath: page).absoluteString,
        ])
        print("HTMLReportTests: a screenshot of \(page) is at \(shot)")
        return (dom, findings)
    }

    private func assertEveryImageLoaded(_ findings: [String: Any], file: StaticString = #filePath, line: UInt = #line) {
        let images = findings["images"] as? Int ?? 0
        XCTAssertGreaterThan(images, 0, file: file, line: line)
        XCTAssertEqual(findings["loaded"] as? Int, images, "images that did not load", file: file, line: line)
        XCTAssertEqual(findings["withoutAlt"] as? Int, 0, "images without alt text", file: file, line: line)
    }

    // MARK: - Pages

    func testEscapingAndLinks() {
        XCTAssertEqual(HTMLReport.escape("a\"<b>&'é"), "a&quot;&lt;b&gt;&amp;&#39;é")
        XCTAssertEqual(HTMLReport.link("frames/a b\"#?%é&.png"), "frames/a%20b%22%23%3F%25%C3%A9%26.png")
    }

    func testTwoImagesReportInABrowser() throws {
        let expected = try TestImages.gradient(40, 30)
        var actual = expected
        for y in 5..<9 {
            for x in 10..<16 {
                actual.bytes.replaceSubrange((y * 40 + x) * 4..<(y * 40 + x) * 4 + 4, with: [255, 0, 0, 255])
            }
        }
        // Names a page must escape.
        let expectedName = "expected \"<b>&é.png"
        try TestImages.writePNG(expected, to: work + "/" + expectedName)
        try TestImages.writePNG(actual, to: work + "/actual's <i>.png")
        let result = try run(
            ["compare", expectedName, "actual's <i>.png", "--report", "report"], in: URL(fileURLWithPath: work))
        XCTAssertEqual(result.status, 1, result.stderr)
        let page = work + "/report/index.html"
        let html = try String(contentsOfFile: page, encoding: .utf8)
        XCTAssertTrue(html.contains("expected &quot;&lt;b&gt;&amp;é.png"), html)
        XCTAssertFalse(html.contains("<b>&é"))
        XCTAssertFalse(html.contains("<i>"))
        XCTAssertEqual(try PNG.decode(contentsOf: work + "/report/actual.png"), actual)
        let (dom, findings) = try open(page)
        assertEveryImageLoaded(findings)
        XCTAssertEqual(findings["images"] as? Int, 5)  // three panels and the two layers of the swipe view
        XCTAssertTrue(dom.contains("<td>24 of 1200 (2%)</td>"), "the figures")
        XCTAssertTrue(dom.contains("x 10…15, y 5…8 (6×4)"), "the bounding box")
        XCTAssertTrue(dom.contains("left:25.0000%;top:16.6667%;width:15.0000%;height:13.3333%"), "the box outline")
        XCTAssertEqual(findings["swipe"] as? String, "inset(0px 0px 0px 80%)", "the swipe follows its slider")
        // Fitted to the panel (a third of the page, far wider than 40 pixels), or at 1:1.
        XCTAssertGreaterThan(findings["fittedWidth"] as? Int ?? 0, 200)
        XCTAssertEqual(findings["oneToOneWidth"] as? Int, 40)
        XCTAssertEqual(findings["naturalWidth"] as? Int, 40)
    }

    /// Two folders of five frames: frames 2 and 3 differ, frame 3's coverage and the scene digest
    /// differ in the manifests, and ACTUAL lacks frame 4.
    private func makeFolders() throws -> (String, String) {
        let image = try TestImages.gradient(16, 12)
        for folder in ["a", "b"] {
            try FileManager.default.createDirectory(atPath: work + "/" + folder, withIntermediateDirectories: true)
            var frames: [String] = []
            for k in 0..<(folder == "a" ? 5 : 4) {
                let frame = folder == "b" && (k == 2 || k == 3) ? image.nudged(x: 1, y: 1, by: 9) : image
                try TestImages.writePNG(frame, to: "\(work)/\(folder)/\(FrameFolder.frameName(k))")
                let coverage = folder == "b" && k == 3 ? 0.35 : Double(k) / 10
                frames.append("{\"file\": \"\(FrameFolder.frameName(k))\", \"coverage\": \(coverage)}")
            }
            // A long unbreakable value, as a scene digest is, for the narrow layout to wrap.
            let digest = String(repeating: folder == "a" ? "a32a7407" : "1c9b67a7", count: 8)
            try Data(
                "{\"fps\": 60, \"sceneDigest\": \"\(digest)\", \"frames\": [\(frames.joined(separator: ", "))]}".utf8
            )
            .write(to: URL(fileURLWithPath: "\(work)/\(folder)/manifest.json"))
        }
        return (work + "/a", work + "/b")
    }

    func testTwoFoldersReportInABrowser() throws {
        _ = try makeFolders()
        let result = try run(["compare", "a", "b", "--report", "report"], in: URL(fileURLWithPath: work))
        XCTAssertEqual(result.status, 1, result.stderr)
        let frames = try FileManager.default.contentsOfDirectory(atPath: work + "/report/frames").sorted()
        XCTAssertEqual(
            frames,
            ["frame-00002", "frame-00003"].flatMap { f in
                ["actual", "diff", "expected", "thumb"].map { "\(f).\($0).png" }
            })
        let (dom, findings) = try open(work + "/report/index.html")
        assertEveryImageLoaded(findings)
        XCTAssertTrue(dom.contains("<th scope=\"row\">first differing frame</th><td>frame-00002.png</td>"), "summary")
        XCTAssertTrue(dom.contains("<th scope=\"row\">frames missing from ACTUAL</th><td>1</td>"))
        XCTAssertTrue(dom.contains("frame-00003.png coverage: expected 0.3, actual 0.35"), "the manifest's difference")
        // The scrubber starts at the first differing frame; slider and arrow keys step from there.
        XCTAssertEqual(findings["first"] as? String, "frame-00002.png")
        XCTAssertEqual(findings["afterSlider"] as? String, "frame-00003.png")
        XCTAssertEqual(findings["afterArrow"] as? String, "frame-00004.png")
        XCTAssertEqual(findings["afterBack"] as? String, "frame-00003.png")
    }

    /// At a narrow screen's width nothing makes the page wider than the screen (wide images scroll in
    /// their own panels). 500 pixels is the narrowest window headless Chromium opens; the page's
    /// narrow layout starts at 600.
    func testTheFolderReportFitsAPhonesWidth() throws {
        _ = try makeFolders()
        XCTAssertEqual(try run(["compare", "a", "b", "--report", "report"], in: URL(fileURLWithPath: work)).status, 1)
        let (_, findings) = try open(work + "/report/index.html", width: 500)
        assertEveryImageLoaded(findings)
        XCTAssertEqual(findings["viewport"] as? Int, 500)
        XCTAssertEqual(findings["overflow"] as? Int, 0, "the page is wider than the screen")
    }

    /// Without JavaScript every differing frame is still on the page, with its figures and images.
    func testTheFolderReportReadsWithoutJavaScript() throws {
        let (a, b) = try makeFolders()
        let comparison = try compare(expectedFolder: a, actualFolder: b)
        try ComparisonReport.write(comparison, to: work + "/report")
        let html = try String(contentsOfFile: work + "/report/index.html", encoding: .utf8)
        let details = html[html.range(of: "Frames that differ, one by one")!.lowerBound...]
        for name in ["frame-00002", "frame-00003"] {
            XCTAssertTrue(details.contains("src=\"frames/\(name).diff.png\""), name)
            XCTAssertTrue(details.contains("alt=\"Expected image of \(name).png\""), name)
        }
        XCTAssertTrue(html.contains(".js-only{display:none}"))
    }

    func testManyFramesGetImagesOnlyUpToTheLimitAndOnlyForDifferingFrames() throws {
        let image = try TestImages.gradient(4, 4)
        let count = 10_000
        for folder in ["a", "b"] {
            try FileManager.default.createDirectory(atPath: work + "/" + folder, withIntermediateDirectories: true)
            for k in 0..<count {
                let frame = folder == "b" && k % 2_500 == 7 ? image.nudged(x: 1, y: 1, by: 9) : image
                try TestImages.writePNG(frame, to: "\(work)/\(folder)/\(FrameFolder.frameName(k))")
            }
        }
        let comparison = try compare(expectedFolder: work + "/a", actualFolder: work + "/b")
        XCTAssertEqual(comparison.differingFrames.count, 4)
        XCTAssertEqual(try ComparisonReport.write(comparison, to: work + "/report", imageLimit: 3), 3)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: work + "/report/frames").count, 3 * 4)
        let html = try String(contentsOfFile: work + "/report/index.html", encoding: .utf8)
        XCTAssertTrue(html.contains("only the first 3 differing frames get them"))
        XCTAssertTrue(html.contains("\"name\":\"frame-09999.png\""), "the scrubber spans every frame")
        XCTAssertLessThan(html.utf8.count, 200 * count, "about a hundred bytes a frame")
    }

    func testGoldenFailuresGatherOnOnePageInTheArtifactsFolder() throws {
        let goldens = work + "/goldens"
        let settings = GoldenSettings(recordMode: .never, artifactsDirectory: work + "/artifacts")
        let image = try TestImages.gradient(20, 10)
        try FileManager.default.createDirectory(atPath: goldens, withIntermediateDirectories: true)
        for name in ["card", "circle <&>"] { try TestImages.writePNG(image, to: "\(goldens)/\(name).png") }
        let changed = image.nudged(x: 2, y: 3, by: 40)
        XCTAssertFalse(
            Golden.verify(changed, named: "card", in: goldens, settings: settings, test: "Cards.testCard()").passed)
        XCTAssertFalse(
            Golden.verify(changed, named: "circle <&>", in: goldens, settings: settings, test: "Cards.testCircle()")
                .passed)
        XCTAssertFalse(
            Golden.verifyAccessibility(
                [], named: "card", in: goldens, settings: settings, test: "Cards.testVoiceOver()"
            ).passed)
        let page = work + "/artifacts/index.html"
        var html = try String(contentsOfFile: page, encoding: .utf8)
        XCTAssertTrue(html.contains("Golden tests: 3 failing checks"), html)
        for test in ["Cards.testCard()", "Cards.testCircle()", "Cards.testVoiceOver()"] {
            XCTAssertTrue(html.contains(test), test)
        }
        XCTAssertTrue(html.contains("circle &lt;&amp;&gt;"))
        XCTAssertTrue(html.contains("<th scope=\"row\">record mode</th><td>never</td>"))
        let (_, findings) = try open(page)
        assertEveryImageLoaded(findings)
        // A check that passes leaves the page.
        XCTAssertTrue(
            Golden.verify(image, named: "card", in: goldens, settings: settings, test: "Cards.testCard()").passed)
        html = try String(contentsOfFile: page, encoding: .utf8)
        XCTAssertTrue(html.contains("Golden tests: 2 failing checks"), html)
        XCTAssertFalse(html.contains("Cards.testCard()"))
    }

    func testAReportInsideAnInputIsRefused() throws {
        _ = try makeFolders()
        let result = try run(["compare", "a", "b", "--report", "a/report"], in: URL(fileURLWithPath: work))
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("--report \"a/report\" lies inside EXPECTED"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: work + "/a/report"))
    }
}
