import RevealTestSupport
import XCTest

@testable import RevealRender

/// How paths appear in messages: whole up to the limit, then cut in the middle so that the file's own
/// name stays readable (CI checks out into deeper folders than a developer's machine does).
final class MessageTextTests: XCTestCase {
    func testShortPathsAreWhole() {
        let path = "/work/main/Tests/Corpus/stroke/a.json"
        XCTAssertEqual(displayPath(path), path)
        XCTAssertEqual(quoted("a\"b\n"), "\"a\\\"b\\n\"")
    }

    func testLongPathKeepsTheWholeFileName() {
        let name = "type-content-linearGradient-colors-null.json"
        let path = "/check/work/main/Tests/Corpus/stroke/" + name
        XCTAssertEqual(displayPath(path), "/check/work/main/Tests/Corpus/stro…/" + name)
        XCTAssertEqual(displayPath(path).unicodeScalars.count, messageQuoteLimit)
    }

    func testVeryLongNameIsCutInTheMiddle() {
        let path = "/tmp/" + String(repeating: "n", count: 100_000) + ".png"
        let shown = displayPath(path)
        XCTAssertEqual(shown.unicodeScalars.count, messageQuoteLimit)
        XCTAssertTrue(shown.hasPrefix("/tmp/nnn"), shown)
        XCTAssertTrue(shown.hasSuffix("nnn.png"), shown)
        XCTAssertTrue(shown.contains("…"), shown)
    }
}
