import Foundation
import RevealCore
import RevealRaster

/// An advisory lock on an output folder, held while a sequence is written into it, so that two runs
/// never mix their frames under one manifest. Released when the value is released (and by the system
/// when the process ends, however it ends).
///
/// The lock is a POSIX record lock on a hidden file in the folder, `.reveal-render-lock`, which names
/// the process holding it; a second run is refused at once with that process id. Within one process,
/// where POSIX locks do not conflict, a table of held folders does the same.
package final class FolderLock {
    public static let fileName = ".reveal-render-lock"

    public let folder: String
    private let path: String
    private let identity: FileIdentity
    private var fd: Int32

    private static let heldLock = NSLock()
    nonisolated(unsafe) private static var held: Set<FileIdentity> = []

    /// Takes the lock on `folder` (which must exist), or throws naming the process that holds it.
    public init(folder: String) throws(OutputError) {
        self.folder = folder
        path = folder + "/" + FolderLock.fileName
        guard let identity = FileIdentity(path: folder) else {
            throw OutputError.errno(folder, "cannot use the folder")
        }
        self.identity = identity
        guard FolderLock.heldLock.withLock({ FolderLock.held.insert(identity).inserted }) else {
            throw OutputError(path: folder, reason: "another export in this process is writing into this folder")
        }
        do {
            fd = try FolderLock.acquire(path, folder: folder)
        } catch {
            _ = FolderLock.heldLock.withLock { FolderLock.held.remove(identity) }
            throw error
        }
    }

    deinit {
        // Unlinked while still locked: a run waiting on this file sees it gone and starts over.
        unlink(path)
        close(fd)
        _ = FolderLock.heldLock.withLock { FolderLock.held.remove(identity) }
    }

    private static func acquire(_ path: String, folder: String) throws(OutputError) -> Int32 {
        for _ in 0..<100 {
            let fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
            guard fd >= 0 else { throw OutputError.errno(folder, "cannot lock the folder") }
            var lock = flock()
            lock.l_type = Int16(F_WRLCK)
            lock.l_whence = Int16(SEEK_SET)
            if fcntl(fd, F_SETLK, &lock) != 0 {
                let reason = Glibc.errno
                var holder = flock()
                holder.l_type = Int16(F_WRLCK)
                holder.l_whence = Int16(SEEK_SET)
                let pid = fcntl(fd, F_GETLK, &holder) == 0 && holder.l_type != Int16(F_UNLCK) ? holder.l_pid : 0
                close(fd)
                if reason == EAGAIN || reason == EACCES {
                    let who = pid > 0 ? "process \(pid)" : "another process"
                    throw OutputError(
                        path: folder,
                        reason:
                            "another reveal-render run (\(who)) is writing into this folder; wait for it or choose another folder"
                    )
                }
                throw OutputError(path: folder, reason: "cannot lock the folder: \(String(cString: strerror(reason)))")
            }
            // The holder before us may have removed the file after we opened it: lock the one that is there.
            var opened = stat()
            var current = stat()
            if fstat(fd, &opened) == 0, lstat(path, &current) == 0, FileIdentity(opened) == FileIdentity(current) {
                return fd
            }
            close(fd)
        }
        throw OutputError(path: folder, reason: "cannot lock the folder: its lock file keeps changing")
    }
}
