import Foundation

/// Notes SIGINT and SIGTERM instead of dying at once, so that a render stops between frames and leaves only
/// whole files, and kills the process group of every program started meanwhile (`ChildProcess`): a compiler
/// or a view's program stops within the moment, and whatever waited on it goes on to stop too. One per
/// process, installed by its first use.
final class SignalWatch: @unchecked Sendable {
    static let shared = SignalWatch()

    private let lock = NSLock()
    private var signal: Int32?
    private var children: Set<pid_t> = []
    private var sources: [DispatchSourceSignal] = []

    private init() {
        for number in [SIGINT, SIGTERM] {
            Glibc.signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [weak self] in self?.received(number) }
            source.resume()
            sources.append(source)
        }
    }

    /// Installs the watch (a no-op after the first call).
    func install() {}

    /// The first stop signal received, if any.
    var received: Int32? { lock.withLock { signal } }

    private func received(_ number: Int32) {
        lock.withLock {
            if signal == nil { signal = number }
            // The compiler's driver starts its frontends in process groups of their own: they are found by
            // parent before anything is killed (an orphan would be lost to init).
            let doomed = SignalWatch.descendants(of: children)
            for pid in children { kill(-pid, SIGKILL) }
            for pid in doomed { kill(pid, SIGKILL) }
        }
    }

    /// Every process below `roots`, from each process's parent in `/proc/PID/stat`.
    static func descendants(of roots: Set<pid_t>) -> [pid_t] {
        var children: [pid_t: [pid_t]] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            // Read to its end: a /proc file says its size is 0, so Foundation's readers see nothing in it.
            let fd = open("/proc/\(name)/stat", O_RDONLY | O_CLOEXEC)
            guard let pid = pid_t(name), fd >= 0 else { continue }
            let stat = String(decoding: readToEnd(fd), as: UTF8.self)
            Glibc.close(fd)
            guard let close = stat.lastIndex(of: ")") else { continue }
            // "PID (name) STATE PPID …": the name may hold spaces and parentheses, so read after the last ')'.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count > 1, let parent = pid_t(fields[1]) { children[parent, default: []].append(pid) }
        }
        var found: [pid_t] = []
        var queue = Array(roots)
        while let pid = queue.popLast() {
            for child in children[pid] ?? [] where !found.contains(child) {
                found.append(child)
                queue.append(child)
            }
        }
        return found
    }

    /// Runs `spawn`, which starts a program and gives its status and pid, unless a stop signal came first
    /// (`ECANCELED`); the program is on the list from then until `ended`.
    func starting(_ spawn: () -> (status: Int32, pid: pid_t?)) -> Int32 {
        lock.withLock {
            guard signal == nil else { return ECANCELED }
            let started = spawn()
            if let pid = started.pid { children.insert(pid) }
            return started.status
        }
    }

    /// Takes a program that ended off the list.
    func ended(_ pid: pid_t) {
        _ = lock.withLock { children.remove(pid) }
    }

    /// The error that ends a run a stop signal interrupted before its first frame, if one came.
    func stopBeforeFrames() -> CommandFailure? {
        received.map {
            CommandFailure(
                description:
                    "reveal-render: stopped by \(SignalWatch.name($0)) before the first frame; nothing was written",
                code: 128 + $0)
        }
    }

    static func name(_ signal: Int32) -> String { signal == SIGTERM ? "SIGTERM" : "SIGINT" }
}
