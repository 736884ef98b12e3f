import Foundation
import RevealTestSupport
import XCTest

/// A short run of `fuzz output` (Sources/fuzz/OutputTarget.swift): random renders and comparisons whose
/// outputs are inputs, links to them, a FIFO and a private device, each followed by the checks that no
/// input changed and nothing was left behind. `Scripts/fuzz SECONDS output` runs it for longer.
final class OutputFuzzTests: XCTestCase {
    func testRandomOutputPathsNeverChangeAnInput() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "OutputFuzzTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        for seed in [11, 12] {
            let run = try Subprocess.run(
                try Subprocess.product("fuzz"), ["output", "--runs", "50", "--seed", "\(seed)"],
                scratch: scratch, timeout: 120)
            XCTAssertEqual(run.status, 0, run.stderr)
            XCTAssertTrue(run.stdout.contains("50 runs from seed \(seed), every rule kept"), run.stdout + run.stderr)
        }
    }
}
