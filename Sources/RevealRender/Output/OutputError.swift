import Foundation

/// A failure to write output: which path, and the system's reason.
public struct OutputError: Error, Equatable, CustomStringConvertible {
    public var path: String
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// The error for the current `errno`.
    static func errno(_ path: String, _ action: String) -> OutputError {
        OutputError(path: path, reason: "\(action): \(String(cString: strerror(Glibc.errno)))")
    }

    public var description: String { "\(path): \(reason)" }
}

/// Writes files so that no reader ever sees half of one: bytes go to a hidden temporary name in the
/// same folder, then `rename` replaces the destination in one step (a symbolic link there is replaced,
/// never followed).
public enum AtomicFile {
    /// Every temporary name starts with this, so a later run can recognise and remove leftovers.
    public static let temporaryPrefix = ".reveal-render-tmp-"

    /// Whether `name` is a temporary file of ours whose process is gone (killed mid-write): safe to
    /// remove. Files of a run still going on in the same folder are left alone.
    public static func isAbandonedTemporary(_ name: String) -> Bool {
        guard name.hasPrefix(temporaryPrefix) else { return false }
        let rest = name.dropFirst(temporaryPrefix.count)
        guard let dash = rest.firstIndex(of: "-"), let pid = pid_t(rest[..<dash]) else { return true }
        return pid != getpid() && kill(pid, 0) != 0 && Glibc.errno == ESRCH
    }

    public static func write(_ bytes: [UInt8], to path: String) throws(OutputError) {
        let file = try AtomicFileStream(path: path)
        try file.write(bytes)
        try file.commit()
    }

    /// The temporary name used while writing `path`: the prefix, our process id, then the file's name.
    static func temporaryPath(for path: String) -> String {
        let directory = PathComponents.folder(of: path)
        let name = PathComponents.name(of: path)
        return (directory.isEmpty ? "" : directory + "/") + temporaryPrefix + "\(getpid())-" + name
    }
}

/// A file written piece by piece under `AtomicFile`'s temporary name and renamed into place by
/// `commit()`, for output too large to hold in memory at once.
///
/// Any failure removes the temporary file before throwing, and so do `discard()` and releasing
/// the stream uncommitted: the destination is either untouched or completely replaced.
final class AtomicFileStream {
    let path: String
    let temporaryPath: String
    /// The open temporary file, or -1 once committed or discarded.
    private var fd: Int32

    init(path: String) throws(OutputError) {
        self.path = path
        temporaryPath = AtomicFile.temporaryPath(for: path)
        fd = open(temporaryPath, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw OutputError.errno(path, "cannot create a file") }
    }

    deinit { discard() }

    func write(_ bytes: [UInt8]) throws(OutputError) {
        guard fd >= 0 else { throw OutputError(path: path, reason: "cannot write: the file is already closed") }
        var written = 0
        let failure: OutputError? = bytes.withUnsafeBytes { raw in
            while written < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + written, raw.count - written)
                if n < 0 {
                    if Glibc.errno == EINTR { continue }
                    return OutputError.errno(path, "cannot write")
                }
                written += n
            }
            return nil
        }
        if let failure {
            discard()
            throw failure
        }
    }

    /// Closes the file and renames it into place.
    func commit() throws(OutputError) {
        guard fd >= 0 else { throw OutputError(path: path, reason: "cannot write: the file is already closed") }
        let closed = close(fd)
        fd = -1
        guard closed == 0 else {
            let error = OutputError.errno(path, "cannot write")
            unlink(temporaryPath)
            throw error
        }
        guard rename(temporaryPath, path) == 0 else {
            let error = OutputError.errno(path, "cannot replace")
            unlink(temporaryPath)
            throw error
        }
    }

    /// Closes and removes the temporary file; does nothing once committed or discarded.
    func discard() {
        guard fd >= 0 else { return }
        close(fd)
        fd = -1
        unlink(temporaryPath)
    }
}
