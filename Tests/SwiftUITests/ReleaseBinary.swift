import Foundation
import XCTest

/// The release `reveal-render`, which `Scripts/test` builds before the suite: a debug build plays the seeds
/// at seconds a frame.
enum ReleaseBinary {
    /// The repository's top folder.
    static var root: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    struct Missing: Error, CustomStringConvertible {
        let description: String
    }

    static func url() throws -> URL {
        let binary = root.appendingPathComponent(".build/release/reveal-render")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw Missing(description: "\(binary.path) is missing: Scripts/test builds it (swift build -c release)")
        }
        return binary
    }

    /// Runs `binary arguments` (with `environment` over this process's), asserting it exits with `status`;
    /// returns what it printed (both streams).
    @discardableResult
    static func run(
        _ binary: URL, _ arguments: [String], environment: [String: String] = [:], expecting status: Int32,
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> String {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.currentDirectoryURL = FileManager.default.temporaryDirectory
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("run-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: output) }
        let handle = try FileHandle(forWritingTo: output)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        process.waitUntilExit()
        try handle.close()
        let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        XCTAssertEqual(
            process.terminationStatus, status, "reveal-render \(arguments.joined(separator: " ")):\n\(text)",
            file: file, line: line)
        return text
    }
}
