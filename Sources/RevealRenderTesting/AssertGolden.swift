import RevealRender
import XCTest

/// Fails the XCTest unless `pixmap` matches the golden image `name` (exactly, unless `options` say
/// otherwise).
///
/// The golden is `<folder of this test file>/__Goldens__/<TestFile>/<name>.png`, or
/// `<directory>/<name>.png` (a relative `directory` is taken from the test file's folder). Record modes
/// come from `REVEAL_RECORD` (`all | missing | failed | never`; default `missing`, or `never` when `CI` is
/// set); a test that records fails, saying where. On a mismatch, expected, actual and diff PNGs go to
/// `$REVEAL_ARTIFACTS` (default: `reveal-render-artifacts` in the temporary folder) and the failure names
/// them with the figures. `settings` replaces the environment's, e.g. in tests of this function.
@discardableResult
public func assertGolden(
    _ pixmap: Pixmap, named name: String, options: ComparisonOptions = .init(),
    directory: String? = nil, settings: GoldenSettings? = nil,
    file: StaticString = #filePath, function: StaticString = #function, line: UInt = #line
) -> GoldenResult {
    let result = Golden.verify(
        pixmap, named: name, options: options, directory: directory, settings: settings,
        testFile: "\(file)", test: testName(file, function))
    if !result.passed {
        XCTFail(result.message, file: file, line: line)
    }
    return result
}

/// Fails the XCTest unless `elements` (what VoiceOver sees, `PreparedScene.accessibility(atFrame:)`)
/// equal the accessibility golden `<name>.accessibility.json` beside the image goldens, with the same
/// record modes; a failure names the first element that differs and where the expected and actual
/// lists were written.
@discardableResult
public func assertAccessibility(
    _ elements: [AccessibilityElement], named name: String, directory: String? = nil,
    settings: GoldenSettings? = nil, file: StaticString = #filePath, function: StaticString = #function,
    line: UInt = #line
) -> GoldenResult {
    let result = Golden.verifyAccessibility(
        elements, named: name, directory: directory, settings: settings, testFile: "\(file)",
        test: testName(file, function))
    if !result.passed {
        XCTFail(result.message, file: file, line: line)
    }
    return result
}

/// "TestFile.testSomething()": the test file's name and the function the assertion is in.
private func testName(_ file: StaticString, _ function: StaticString) -> String {
    let type = PathComponents.name(of: "\(file)").split(separator: ".").first.map { "\($0)." } ?? ""
    return type + "\(function)"
}
