import Foundation
import XCTest

/// What the integration tests could not check, said at the end of the run: each of their tests that skipped,
/// with the program or the permission it lacked. Printed as the test bundle's suite finishes, so that XCTest's
/// own summary stays the last line of a whole run.
final class IntegrationRun: NSObject, XCTestObservation, @unchecked Sendable {
    private static let shared = IntegrationRun()
    private let lock = NSLock()
    private var classes: Set<String> = []
    private var current = ""
    private var reasons: [String: String] = [:]
    private var skipped: [String] = []
    private var finished = 0

    /// Counts `testClass`'s tests in the summary; each integration test class calls it from `setUp()`.
    static func watch(_ testClass: AnyClass) {
        let first = shared.lock.withLock {
            defer { shared.classes.insert("\(testClass)") }
            return shared.classes.isEmpty
        }
        if first { XCTestObservationCenter.shared.addTestObserver(shared) }
    }

    /// The running test's skip for want of `reason` ("Chromium is not installed"), recorded for the summary.
    static func skip(_ reason: String) -> XCTSkip {
        shared.lock.withLock { shared.reasons[shared.current] = reason }
        return XCTSkip(reason)
    }

    func testCaseWillStart(_ testCase: XCTestCase) {
        lock.withLock { current = Self.key(testCase.name) }
    }

    func testCaseDidFinish(_ testCase: XCTestCase) {
        let name = Self.key(testCase.name)
        lock.withLock {
            guard classes.contains(String(name.prefix { $0 != "." })) else { return }
            finished += 1
            if testCase.testRun?.hasBeenSkipped == true { skipped.append(name) }
        }
    }

    func testSuiteDidFinish(_ testSuite: XCTestSuite) {
        // The bundle's suite (a whole run); "Selected tests" when a filter picked them, which XCTest reports
        // before its observers hear of it.
        guard testSuite.name.hasSuffix(".xctest") || testSuite.name == "Selected tests" else { return }
        let (count, lines) = lock.withLock { () -> (Int, [String]) in
            (finished, skipped.sorted().map { "  \($0): \(reasons[$0] ?? "skipped; the reason is in the log above")" })
        }
        print("Integration tests: \(count) run, " + (lines.isEmpty ? "none skipped" : "\(lines.count) skipped:"))
        for line in lines { print(line) }
    }

    /// "HTMLReportTests.testX", from XCTest's "HTMLReportTests.testX" or "-[HTMLReportTests testX]".
    private static func key(_ name: String) -> String {
        name.trimmingCharacters(in: CharacterSet(charactersIn: "-[]")).replacingOccurrences(of: " ", with: ".")
    }
}
