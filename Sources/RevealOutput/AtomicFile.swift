import Foundation
import RevealCore
import RevealRaster

/// Writes files so that no reader ever sees half of one: bytes go to a hidden temporary name in the
/// same folder, then `rename` replaces the destination in one step.
///
/// Only a missing path or a regular file is ever replaced (see `Destination`): a character device, a
/// FIFO or a socket is written to as it is, and anything else is refused.
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

    /// Writes `bytes` to `path`. `replacingLinks` replaces a symbolic link at `path` instead of
    /// writing where it points (for the frames of our own folder).
    public static func write(_ bytes: [UInt8], to path: String, replacingLinks: Bool = false) throws(OutputError) {
        let file = try OutputFile(path: path, replacingLinks: replacingLinks)
        try file.write(bytes)
        try file.commit()
    }

    /// The temporary name used while writing `path`: the prefix, our process id, then the file's name.
    package static func temporaryPath(for path: String) -> String {
        let directory = PathComponents.folder(of: path)
        let name = PathComponents.name(of: path)
        return (directory.isEmpty ? "" : directory + "/") + temporaryPrefix + "\(getpid())-" + name
    }
}

/// How a path is written, decided from what is there now.
package enum Destination: Equatable {
    /// Nothing, or a regular file: write a temporary file beside `path` and rename it over `path`.
    /// For a symbolic link to a regular file, `path` is the file it points to.
    case replace(path: String)
    /// A character device, FIFO or socket (`/dev/null`, a pipe): written to as it is, never replaced.
    case stream

    /// What writing `path` means. A symbolic link is followed to what it points at, unless
    /// `replacingLinks`; a folder, a block device or a link to nothing is refused.
    package static func of(_ path: String, replacingLinks: Bool) throws(OutputError) -> Destination {
        var info = stat()
        guard lstat(path, &info) == 0 else { return .replace(path: path) }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            return .replace(path: path)
        case S_IFLNK:
            if replacingLinks { return .replace(path: path) }
            var target = stat()
            guard stat(path, &target) == 0 else {
                throw OutputError(
                    path: path,
                    reason:
                        "is a symbolic link to nothing (\(Glibc.errno == ENOENT ? "its target does not exist" : String(cString: strerror(Glibc.errno)))); give the real path"
                )
            }
            if (target.st_mode & S_IFMT) == S_IFREG {
                guard let resolved = realpath(path, nil) else {
                    throw OutputError.errno(path, "cannot follow the symbolic link")
                }
                defer { free(resolved) }
                return .replace(path: String(cString: resolved))
            }
            return try kind(target.st_mode, path)
        default:
            return try kind(info.st_mode, path)
        }
    }

    private static func kind(_ mode: mode_t, _ path: String) throws(OutputError) -> Destination {
        switch mode & S_IFMT {
        case S_IFREG: return .replace(path: path)
        case S_IFCHR, S_IFIFO, S_IFSOCK: return .stream
        case S_IFDIR: throw OutputError(path: path, reason: "is a folder, not a file")
        case S_IFBLK: throw OutputError(path: path, reason: "is a block device; reveal-render never writes to one")
        default: throw OutputError(path: path, reason: "is not a regular file")
        }
    }
}

/// A file written piece by piece and put in place by `commit()`: under `AtomicFile`'s temporary name
/// and renamed over the destination, or straight into a device or FIFO (see `Destination`).
///
/// Any failure removes the temporary file before throwing, and so do `discard()` and releasing the
/// file uncommitted: a replaced destination is either untouched or completely replaced.
package final class OutputFile {
    package let path: String
    private let destination: Destination
    private let temporaryPath: String?
    /// The open file, or -1 once committed or discarded.
    private var fd: Int32

    package init(path: String, replacingLinks: Bool = false) throws(OutputError) {
        self.path = path
        destination = try Destination.of(path, replacingLinks: replacingLinks)
        switch destination {
        case .replace(let target):
            let temporary = AtomicFile.temporaryPath(for: target)
            temporaryPath = temporary
            fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o644)
            guard fd >= 0 else { throw OutputError.errno(path, "cannot create a file") }
        case .stream:
            temporaryPath = nil
            // Non-blocking, so that a FIFO nobody reads fails at once instead of waiting forever.
            fd = open(path, O_WRONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC)
            guard fd >= 0 else {
                if Glibc.errno == ENXIO {
                    throw OutputError(path: path, reason: "cannot write: no program is reading from it")
                }
                throw OutputError.errno(path, "cannot open")
            }
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        }
    }

    deinit { discard() }

    package func write(_ bytes: [UInt8]) throws(OutputError) {
        guard fd >= 0 else { throw OutputError(path: path, reason: "cannot write: the file is already closed") }
        let failure: OutputError? = bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return nil }
            return OutputFile.writeAll(fd, base, raw.count, path: path)
        }
        if let failure {
            discard()
            throw failure
        }
    }

    /// The open file, for a library that writes it itself (-1 once committed or discarded).
    package var descriptor: Int32 { fd }

    /// The file being written: the temporary name, or the destination itself when it is streamed to.
    package var writingPath: String { temporaryPath ?? path }

    /// Whether the file can seek: not a pipe or a terminal.
    package var canSeek: Bool { fd >= 0 && lseek(fd, 0, SEEK_CUR) >= 0 }

    /// Writes `bytes` over what was written at `offset` (a header whose sizes are known only at the
    /// end). Throws for a destination that cannot seek, a pipe or a terminal.
    package func write(_ bytes: [UInt8], at offset: Int) throws(OutputError) {
        guard fd >= 0 else { throw OutputError(path: path, reason: "cannot write: the file is already closed") }
        let written = bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, off_t(offset)) }
        guard written == bytes.count else {
            let error =
                Glibc.errno == ESPIPE
                ? OutputError(path: path, reason: "cannot write: this format needs a file it can seek in, not a pipe")
                : OutputError.errno(path, "cannot write")
            discard()
            throw error
        }
    }

    /// Writes every byte, retrying after interruptions. A reader that went away is an error
    /// (`EPIPE`), not a `SIGPIPE` that would end the whole process: the signal is held back
    /// around the write and taken off again if the write raised it.
    private static func writeAll(_ fd: Int32, _ base: UnsafeRawPointer, _ count: Int, path: String) -> OutputError? {
        var block = sigset_t()
        var previous = sigset_t()
        sigemptyset(&block)
        sigaddset(&block, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &block, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        var written = 0
        while written < count {
            let n = Glibc.write(fd, base + written, count - written)
            if n < 0 {
                if Glibc.errno == EINTR { continue }
                let error = OutputError.errno(path, "cannot write")
                if Glibc.errno == EPIPE {
                    var timeout = timespec(tv_sec: 0, tv_nsec: 0)
                    _ = sigtimedwait(&block, nil, &timeout)
                }
                return error
            }
            written += n
        }
        return nil
    }

    /// Closes the file and, for a replaced destination, renames it into place (only when what is
    /// there now may still be replaced).
    package func commit() throws(OutputError) {
        guard fd >= 0 else { throw OutputError(path: path, reason: "cannot write: the file is already closed") }
        let closed = close(fd)
        fd = -1
        guard closed == 0 else {
            let error = OutputError.errno(path, "cannot write")
            if let temporaryPath { unlink(temporaryPath) }
            throw error
        }
        guard case .replace(let target) = destination, let temporaryPath else { return }
        // Something else may have appeared at the destination while we wrote.
        var info = stat()
        if lstat(target, &info) == 0, (info.st_mode & S_IFMT) != S_IFREG, (info.st_mode & S_IFMT) != S_IFLNK {
            unlink(temporaryPath)
            throw OutputError(path: path, reason: "is no longer a regular file; it was left as it is")
        }
        guard rename(temporaryPath, target) == 0 else {
            let error = OutputError.errno(path, "cannot replace")
            unlink(temporaryPath)
            throw error
        }
    }

    /// Closes and removes the temporary file; does nothing once committed or discarded.
    package func discard() {
        guard fd >= 0 else { return }
        close(fd)
        fd = -1
        if let temporaryPath { unlink(temporaryPath) }
    }
}
