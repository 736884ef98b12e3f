/// Runs a built product (`reveal-render`, `fuzz`) as a subprocess, for the command-line and the
/// hostile-input tests alike.
import Foundation
import XCTest

enum Subprocess {
    /// How one run ended.
    struct Result {
        var status: Int32
        var killedBySignal = false
        var timedOut = false
        var stdout = ""
        var stderr: String
        var seconds = 0.0

        /// Standard error's lines, without the final newline's empty remainder.
        var stderrLines: [String] {
            var lines = stderr.components(separatedBy: "\n")
            if lines.last == "" { lines.removeLast() }
            return lines
        }
    }

    struct Missing: Error, CustomStringConvertible {
        let description: String
    }

    /// The product `name` in the products folder that also holds this test bundle.
    static func product(_ name: String) throws -> URL {
        let testBundle = Bundle(for: CLITestCase.self).bundleURL
        let candidates = [
            testBundle.deletingLastPathComponent(),
            testBundle,
            Bundle.main.bundleURL,
            Bundle.main.executableURL?.deletingLastPathComponent(),
        ].compactMap { $0 }
        for folder in candidates {
            let url = folder.appendingPathComponent(name)
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue,
               FileManager.default.isExecutableFile(atPath: url.path) {
                return url
            }
        }
        var searched: [String] = []
        for path in candidates.map(\.path) where !searched.contains(path) { searched.append(path) }
        throw Missing(description: "the \(name) executable is missing (looked in \(searched.joined(separator: ", "))); "
            + "build it first with `swift build --build-tests`")
    }

    /// Runs `executable args` (in `directory`, when given) with standard input at end of file,
    /// killing it after `timeout` seconds. Its output goes through files in `scratch`, so a chatty
    /// run can never block on a full pipe.
    static func run(_ executable: URL, _ args: [String], in directory: URL? = nil, scratch: URL,
                    timeout: TimeInterval) throws -> Result {
        let id = UUID().uuidString
        let stdoutURL = scratch.appendingPathComponent("stdout-\(id)")
        let stderrURL = scratch.appendingPathComponent("stderr-\(id)")
        _ = FileManager.default.createFile(atPath: stdoutURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: stderrURL.path, contents: nil)
        defer {
            try? FileManager.default.removeItem(at: stdoutURL)
            try? FileManager.default.removeItem(at: stderrURL)
        }
        let stdoutHandle = try FileHandle(forWritingTo: stdoutURL)
        let stderrHandle = try FileHandle(forWritingTo: stderrURL)
        defer {
            try? stdoutHandle.close()
            try? stderrHandle.close()
        }

        let process = Process()
        process.executableURL = executable
        process.arguments = args
        if let directory { process.currentDirectoryURL = directory }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = stdoutHandle
        process.standardError = stderrHandle
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        let start = Date()
        try process.run()
        var timedOut = false
        if exited.wait(timeout: .now() + timeout) == .timedOut {
            timedOut = true
            kill(process.processIdentifier, SIGKILL)
            exited.wait()
        }
        process.waitUntilExit()
        return Result(status: process.terminationStatus,
                      killedBySignal: process.terminationReason == .uncaughtSignal,
                      timedOut: timedOut,
                      stdout: String(decoding: try Data(contentsOf: stdoutURL), as: UTF8.self),
                      stderr: String(decoding: try Data(contentsOf: stderrURL), as: UTF8.self),
                      seconds: Date().timeIntervalSince(start))
    }
}
