/// Runs a built product (`reveal-render`, `fuzz`) as a subprocess, for the command-line and the
/// hostile-input tests alike.
import Foundation
import XCTest

package enum Subprocess {
    /// How one run ended.
    package struct Result {
        package var status: Int32
        package var killedBySignal = false
        package var timedOut = false
        package var stdout = ""
        package var stderr: String
        package var seconds = 0.0
        /// The run's peak resident memory in bytes (sampled every few milliseconds).
        package var peakMemory = 0

        /// Standard error's lines, without the final newline's empty remainder.
        package var stderrLines: [String] {
            var lines = stderr.components(separatedBy: "\n")
            if lines.last == "" { lines.removeLast() }
            return lines
        }
    }

    package struct Missing: Error, CustomStringConvertible {
        package let description: String

        package init(description: String) {
            self.description = description
        }
    }

    /// The product `name` in the products folder that also holds this test bundle.
    package static func product(_ name: String) throws -> URL {
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
                FileManager.default.isExecutableFile(atPath: url.path)
            {
                return url
            }
        }
        var searched: [String] = []
        for path in candidates.map(\.path) where !searched.contains(path) { searched.append(path) }
        throw Missing(
            description: "the \(name) executable is missing (looked in \(searched.joined(separator: ", "))); "
                + "build it first with `swift build --build-tests`")
    }

    /// Runs `executable args` (in `directory`, when given) with standard input at end of file,
    /// killing it after `timeout` seconds. Its output goes through files in `scratch`, so a chatty
    /// run can never block on a full pipe. The result holds the run's peak resident memory.
    package static func run(
        _ executable: URL, _ args: [String], in directory: URL? = nil, scratch: URL,
        timeout: TimeInterval, environment: [String: String]? = nil
    ) throws -> Result {
        let id = UUID().uuidString
        let stdoutPath = scratch.appendingPathComponent("stdout-\(id)").path
        let stderrPath = scratch.appendingPathComponent("stderr-\(id)").path
        defer {
            unlink(stdoutPath)
            unlink(stderrPath)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdoutPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, stderrPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        // In another folder through `env -C`, which then becomes the program (its memory is the program's).
        let program = directory == nil ? executable.path : "/usr/bin/env"
        let argv = (directory.map { ["/usr/bin/env", "-C", $0.path] } ?? []) + [executable.path] + args
        var env = environment ?? ProcessInfo.processInfo.environment
        env["SWIFT_BACKTRACE"] = env["SWIFT_BACKTRACE"] ?? "enable=no"
        let envp = env.map { "\($0.key)=\($0.value)" }
        var pid: pid_t = 0
        let start = Date()
        let spawned = withCStrings(argv) { cArgs in
            withCStrings(envp) { cEnv in posix_spawn(&pid, program, &actions, nil, cArgs, cEnv) }
        }
        guard spawned == 0 else {
            throw Missing(description: "cannot start \(executable.path): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        var usage = rusage()
        var timedOut = false
        // The child's own high-water mark, sampled while it runs: the rusage of a child spawned from this
        // (large) test process also counts the memory it shared with it before its exec.
        var highWater = 0
        while true {
            highWater = max(highWater, residentHighWater(of: pid))
            let done = wait4(pid, &status, WNOHANG, &usage)
            if done == pid { break }
            if done < 0 && errno != EINTR { break }
            if !timedOut && Date().timeIntervalSince(start) > timeout {
                timedOut = true
                kill(pid, SIGKILL)
            }
            usleep(2_000)
        }
        let signaled = (status & 0x7F) != 0 && (status & 0x7F) != 0x7F
        return Result(
            status: signaled ? status & 0x7F : (status >> 8) & 0xFF,
            killedBySignal: signaled,
            timedOut: timedOut,
            stdout: String(
                decoding: (try? Data(contentsOf: URL(fileURLWithPath: stdoutPath))) ?? Data(), as: UTF8.self),
            stderr: String(
                decoding: (try? Data(contentsOf: URL(fileURLWithPath: stderrPath))) ?? Data(), as: UTF8.self),
            seconds: Date().timeIntervalSince(start),
            peakMemory: highWater > 0 ? highWater : Int(usage.ru_maxrss) * 1024)
    }

    /// VmHWM of process `pid` in bytes, 0 when it cannot be read (the process is gone).
    private static func residentHighWater(of pid: pid_t) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kB = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
        else { return 0 }
        return kB * 1024
    }

    /// Calls `body` with `strings` as a NULL-terminated array of C strings.
    private static func withCStrings<R>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> R) -> R {
        let pointers = strings.map { strdup($0) } + [nil]
        defer {
            for pointer in pointers { free(pointer) }
        }
        return body(pointers)
    }
}
