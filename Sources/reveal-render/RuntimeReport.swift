import Foundation
import RevealRender

/// The view's program's standard error, read on a thread of its own: what the view's code prints goes on to
/// ours at once, line by line; what the Swift runtime says when the program dies (`Fatal error: …`, its
/// backtracer's notice, a stack trace) is held back, so that a crash is reported with our line first and then
/// only what leads to the user's code (`crashDetails`).
final class RuntimeReport: @unchecked Sendable {
    /// The user's files: `Views/Card.swift` (the `#fileID` of the module the files are compiled as) is said as
    /// the path the user gave.
    private let files: [String]
    private let lock = NSLock()
    private var fatalErrors: [String] = []
    private var allocationFailed = false
    private let done = DispatchSemaphore(value: 0)
    /// Where the runtime's backtracer writes its report (JSON), one file per crash.
    let backtraceFolder: String?

    /// Relays `fd` (the read end of the program's standard error) until it ends; `files` are the user's.
    init(reading fd: Int32, files: [String]) {
        self.files = files
        var template = Array((NSTemporaryDirectory() + "/reveal-render-crash-XXXXXX").utf8CString)
        backtraceFolder = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }.map {
            String(cString: $0)
        }
        Thread.detachNewThread { [self] in
            relay(fd)
            Glibc.close(fd)
            done.signal()
        }
    }

    /// Removes the backtracer's folder, once the program has ended.
    func close() {
        finish()
        if let backtraceFolder { try? FileManager.default.removeItem(atPath: backtraceFolder) }
    }

    /// The environment's `SWIFT_BACKTRACE`: the toolchain's backtracer, not interactive, as JSON into our
    /// folder (not onto the user's terminal), the crashed thread only.
    var backtraceSetting: String {
        guard let backtraceFolder else { return "enable=no" }
        return
            "enable=yes,interactive=no,color=no,format=json,threads=crashed,registers=none,images=none,output-to=\(backtraceFolder)"
    }

    /// Waits until the program's standard error has ended (it has exited), or 2 s for what it started and
    /// left holding it.
    func finish() {
        if done.wait(timeout: .now() + 2) == .success { done.signal() }
    }

    /// Whether the runtime said an allocation failed: the program reached its memory ceiling.
    var ranOutOfMemory: Bool { lock.withLock { allocationFailed } }

    /// What to say after our line when the program crashed: the runtime's `Fatal error` lines, then each frame
    /// of the crashed thread that is in the user's files (`  at Card.swift:12:9 in Card.body.getter`).
    func crashDetails() -> [String] {
        finish()
        var lines = lock.withLock { fatalErrors }
        lines += userFrames().prefix(8)
        return lines
    }

    /// Everything that is not the runtime's crash report goes on to our standard error, a line at a time.
    private func relay(_ fd: Int32) {
        var pending: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16_384)
        var inTrace = false
        var crashing = false
        func handle(_ line: String) {
            if line.contains("failed to allocate") || line.contains("Could not allocate memory") {
                lock.withLock { allocationFailed = true }
            }
            // The runtime's notices about its backtrace, and the blank lines around its report.
            if line.hasPrefix("*** Signal ") || line.hasPrefix("swift-runtime: ") || (crashing && line.isEmpty) {
                crashing = true
                return
            }
            // Without the backtracer (not installed), the runtime prints its own short trace.
            if line == "Current stack trace:" {
                inTrace = true
                return
            }
            if inTrace, line.first?.isNumber == true { return }
            inTrace = false
            if let range = line.range(of: "Fatal error: ") {
                let place = line[..<range.lowerBound].trimmingCharacters(in: CharacterSet(charactersIn: ": "))
                let message = "Fatal error: " + line[range.upperBound...]
                let said = place.isEmpty ? message : "\(userPath(place)): \(message)"
                lock.withLock { fatalErrors.append(said) }
                crashing = true
                return
            }
            FileHandle.standardError.write(Data((line + "\n").utf8))
        }
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            pending += chunk[0..<n]
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                handle(String(decoding: pending[..<newline], as: UTF8.self))
                pending.removeSubrange(...newline)
            }
        }
        if !pending.isEmpty { handle(String(decoding: pending, as: UTF8.self)) }
    }

    /// `Views/Card.swift:12` as `cards/Card.swift:12`, the path the user gave; any other place as it is.
    private func userPath(_ place: String) -> String {
        guard place.hasPrefix("Views/") else { return place }
        let rest = place.dropFirst("Views/".count)
        let name = rest.split(separator: ":", maxSplits: 1).first.map(String.init) ?? String(rest)
        guard let file = files.first(where: { PathComponents.name(of: $0) == name }) else { return place }
        return displayPath(file) + rest.dropFirst(name.count)
    }

    /// The crashed thread's frames in the user's files, from the backtracer's JSON report.
    private func userFrames() -> [String] {
        guard let backtraceFolder,
            let name = try? FileManager.default.contentsOfDirectory(atPath: backtraceFolder).sorted().first,
            let data = FileManager.default.contents(atPath: backtraceFolder + "/" + name),
            let report = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let threads = report["threads"] as? [[String: Any]],
            let crashed = threads.first(where: { $0["crashed"] as? Bool == true }) ?? threads.first,
            let frames = crashed["frames"] as? [[String: Any]]
        else { return [] }
        let cwd = FileManager.default.currentDirectoryPath
        func absolute(_ path: String) -> String {
            URL(fileURLWithPath: path.hasPrefix("/") ? path : cwd + "/" + path).standardizedFileURL
                .resolvingSymlinksInPath().path
        }
        let userFiles = Dictionary(files.map { (absolute($0), $0) }, uniquingKeysWith: { first, _ in first })
        return frames.compactMap { frame in
            guard let location = frame["sourceLocation"] as? [String: Any], let file = location["file"] as? String,
                let given = userFiles[absolute(file)], let line = location["line"] as? Int
            else { return nil }
            let column = (location["column"] as? Int).map { ":\($0)" } ?? ""
            let function =
                (frame["description"] as? String).map { description in
                    // "closure #1 in Card.body.getter + 200": the function, without the offset or the module.
                    let name = description.components(separatedBy: " + ").first ?? description
                    return " in " + name.replacingOccurrences(of: "Views.", with: "")
                } ?? ""
            return "  at \(displayPath(given)):\(line)\(column)\(function)"
        }
    }
}
