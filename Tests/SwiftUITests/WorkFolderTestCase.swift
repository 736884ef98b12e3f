import Foundation
import XCTest

/// A test case with a folder of its own for the files each test writes (Swift sources, scripts, frames),
/// made before each test and removed after it.
class WorkFolderTestCase: XCTestCase {
    var work: URL!

    override func setUpWithError() throws {
        work = FileManager.default.temporaryDirectory.appendingPathComponent("\(type(of: self))-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: work)
    }

    /// Writes `text` to `name` in the folder; its path.
    func file(_ name: String, _ text: String) throws -> String {
        let url = work.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }
}
