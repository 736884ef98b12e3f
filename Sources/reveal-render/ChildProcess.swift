import CProcess
import Foundation
import RevealRender

/// A program `reveal-render` started (the compiler, the view's program): in a process group of its own, so
/// that one signal reaches it and everything it started, and killed by the kernel if `reveal-render` dies
/// first (`PR_SET_PDEATHSIG`, tied to the starting thread: start children from the main thread). While it
/// runs it is on `SignalWatch`'s list, which kills its group on SIGINT or SIGTERM.
final class ChildProcess {
    /// How a program ended.
    enum Termination: Equatable {
        case exited(Int32)
        case signaled(Int32)
    }

    let pid: pid_t
    private var ended: Termination?

    /// Starts `program` with `arguments` and `environment` (the ours when nil), its standard input, output
    /// and error on the descriptors given (each stays open here; the child gets its own copies).
    init(
        _ program: String, _ arguments: [String], environment: [String: String]? = nil,
        stdin: Int32, stdout: Int32, stderr: Int32
    ) throws {
        let environment = environment ?? ProcessInfo.processInfo.environment
        let argv = ([program] + arguments).map { strdup($0) }
        let envp = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") }
        defer {
            for string in argv + envp { free(string) }
        }
        var spawned: pid_t = 0
        let status = SignalWatch.shared.starting {
            let result = (argv + [nil]).withUnsafeBufferPointer { argvPointer in
                (envp + [nil]).withUnsafeBufferPointer { envpPointer in
                    [stdin, stdout, stderr].withUnsafeBufferPointer { fds in
                        cprocess_spawn(
                            program, argvPointer.baseAddress, envpPointer.baseAddress, fds.baseAddress,
                            CPROCESS_NEW_GROUP | CPROCESS_DIE_WITH_PARENT, &spawned)
                    }
                }
            }
            return (result, result == 0 ? spawned : nil)
        }
        guard status == 0 else {
            throw CommandFailure(
                description:
                    "reveal-render: cannot start \(displayPath(program)): \(String(cString: strerror(status)))",
                code: 1)
        }
        pid = spawned
    }

    deinit {
        if ended == nil {
            _ = Glibc.kill(-pid, SIGKILL)
            _ = wait()
        }
    }

    /// Waits for the program to end (at once if it has), and takes it off the list.
    @discardableResult
    func wait() -> Termination {
        if let ended { return ended }
        // Ended but not yet reaped, the program still holds its group's id: whatever it started and left
        // behind is killed by it, and no other group can have taken the id meanwhile.
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0 && errno == EINTR {}
        _ = Glibc.kill(-pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { break }
        }
        // WIFSIGNALED / WEXITSTATUS, which Swift's Glibc does not import (they are macros).
        let signal = status & 0x7f
        let result: Termination = signal != 0 ? .signaled(signal) : .exited((status >> 8) & 0xff)
        ended = result
        SignalWatch.shared.ended(pid)
        return result
    }

    /// Whether the program has not ended yet (it is not reaped here: `wait` does that).
    var isRunning: Bool {
        guard ended == nil else { return false }
        var info = siginfo_t()
        // WEXITED | WNOHANG | WNOWAIT: look without reaping.
        return waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info._sifields._sigchld.si_pid == 0
    }

    /// Sends `signal` to the program's group: the program and everything it started.
    func kill(_ signal: Int32) {
        guard ended == nil else { return }
        _ = Glibc.kill(-pid, signal)
    }
}

/// A program run to its end, with what it printed (standard output and error together). Its temporary files
/// go to a folder of its own (`TMPDIR`), removed when it ends: the compiler leaves a `TemporaryDirectory.*`
/// behind on every run, even for `--version`.
struct ToolRun {
    let status: ChildProcess.Termination
    let output: String

    /// Whether it exited with status 0.
    var succeeded: Bool { status == .exited(0) }

    static func run(_ tool: String, _ arguments: [String]) throws -> ToolRun {
        var environment = ProcessInfo.processInfo.environment
        var template = Array((NSTemporaryDirectory() + "/reveal-render-tool-XXXXXX").utf8CString)
        let temporary = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }.map { String(cString: $0) }
        defer { temporary.map { try? FileManager.default.removeItem(atPath: $0) } }
        if let temporary { environment["TMPDIR"] = temporary }
        let fds = try makePipe()
        let null = open("/dev/null", O_RDONLY | O_CLOEXEC)
        defer { close(null) }
        let child: ChildProcess
        do {
            child = try ChildProcess(
                tool, arguments, environment: environment, stdin: null, stdout: fds[1], stderr: fds[1])
        } catch {
            close(fds[0])
            close(fds[1])
            throw error
        }
        close(fds[1])
        let output = readToEnd(fds[0])
        close(fds[0])
        return ToolRun(status: child.wait(), output: String(decoding: output, as: UTF8.self))
    }
}

/// Everything `fd` gives until its end.
func readToEnd(_ fd: Int32) -> [UInt8] {
    var output: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
        let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if n < 0 && errno == EINTR { continue }
        guard n > 0 else { break }
        output += chunk[0..<n]
    }
    return output
}

/// A pipe, both ends closed on exec: (read, write).
func makePipe() throws -> [Int32] {
    var fds: [Int32] = [0, 0]
    let status = cprocess_pipe(&fds)
    guard status == 0 else {
        throw CommandFailure(
            description: "reveal-render: cannot make a pipe: \(String(cString: strerror(status)))", code: 1)
    }
    return fds
}
