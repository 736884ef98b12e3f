import Foundation
import RevealCore
import RevealRaster

/// A folder receiving a frame sequence: `frame-00000.png`, `frame-00001.png`, … and `manifest.json`.
///
/// Only our own files are ever replaced or removed: frame files, our temporary files and the
/// manifest. Anything else in the folder is left alone.
public struct FrameFolder: Sendable {
    /// The output folder, as the caller named it; frame files and the manifest go directly inside it.
    public let path: String

    /// Uses `path` as the output folder, creating it (and its parents) if needed, and removes
    /// temporary files that an interrupted earlier run left behind.
    public init(path: String) throws(OutputError) {
        self.path = path
        var info = stat()
        if stat(path, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFDIR else {
                throw OutputError(path: path, reason: "exists and is not a folder")
            }
        } else {
            try FrameFolder.makeFolders(path)
        }
        guard access(path, W_OK | X_OK) == 0 else {
            throw OutputError.errno(path, "cannot write into the folder")
        }
        for name in FrameFolder.names(in: path) where AtomicFile.isAbandonedTemporary(name) {
            unlink(self.path + "/" + name)
        }
    }

    /// The hidden file that locks a folder while a sequence is written into it (see `FolderLock`).
    public static let lockFileName = FolderLock.fileName

    /// The file name of frame `index`: five digits at least, so names sort in order.
    public static func frameName(_ index: Int) -> String {
        let digits = String(index)
        return "frame-" + String(repeating: "0", count: max(0, 5 - digits.count)) + digits + ".png"
    }

    /// Whether `name` is one of our frame files: `frame-`, digits, `.png`.
    public static func isFrameName(_ name: String) -> Bool {
        guard name.hasPrefix("frame-"), name.hasSuffix(".png") else { return false }
        let digits = name.dropFirst(6).dropLast(4)
        return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// The frame number in a frame file's name (`frame-00042.png` → 42), nil for other names.
    public static func frameNumber(_ name: String) -> Int? {
        guard isFrameName(name) else { return nil }
        return Int(name.dropFirst(6).dropLast(4))
    }

    /// Whether frame file `a` comes before `b`: by frame number, then by name (names that are not
    /// frame names last).
    public static func precedes(_ a: String, _ b: String) -> Bool {
        let (x, y) = (frameNumber(a) ?? Int.max, frameNumber(b) ?? Int.max)
        return x < y || x == y && a < b
    }

    /// Writes frame `index` (a symbolic link of its name is replaced, not followed).
    public func write(frame index: Int, png: [UInt8]) throws(OutputError) {
        try AtomicFile.write(png, to: path + "/" + FrameFolder.frameName(index), replacingLinks: true)
    }

    /// Removes frame files of earlier runs whose index is not in `frames`, so that the folder holds
    /// exactly the frames its manifest lists. Only regular files and symbolic links are removed: a
    /// device or FIFO named like a frame is not ours, and stays.
    public func removeFrames(notIn frames: Range<Int>) throws(OutputError) {
        for name in FrameFolder.names(in: path) where FrameFolder.isFrameName(name) {
            let index = FrameFolder.frameNumber(name) ?? Int.max
            if !frames.contains(index) || FrameFolder.frameName(index) != name {
                try removeOwnFile(name, "cannot remove a frame of an earlier run")
            }
        }
    }

    /// Takes the folder's lock and removes the manifest of an earlier run, before any frame is
    /// written: frames never sit under a manifest that describes other frames.
    package func beginSequence() throws(OutputError) -> FolderLock {
        let lock = try FolderLock(folder: path)
        try removeOwnFile(ManifestWriter.fileName, "cannot remove the manifest of an earlier run")
        return lock
    }

    /// Unlinks `name` when it is a regular file or a symbolic link (what we write); anything else
    /// there is left alone.
    private func removeOwnFile(_ name: String, _ action: String) throws(OutputError) {
        var info = stat()
        let file = path + "/" + name
        guard lstat(file, &info) == 0 else { return }
        let kind = info.st_mode & S_IFMT
        guard kind == S_IFREG || kind == S_IFLNK else { return }
        guard unlink(file) == 0 || Glibc.errno == ENOENT else { throw OutputError.errno(file, action) }
    }

    /// The names in `folder` (without "." and ".."), in no particular order; empty when it cannot be listed.
    public static func names(in folder: String) -> [String] {
        (try? listing(folder)) ?? []
    }

    /// The names in `folder`, or the system's reason why it cannot be listed.
    package static func listing(_ folder: String) throws(OutputError) -> [String] {
        guard let directory = opendir(folder) else { throw OutputError.errno(folder, "cannot list the folder") }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// `mkdir -p`, reporting the system's reason for the first folder that cannot be made.
    public static func makeFolders(_ path: String) throws(OutputError) {
        var info = stat()
        if stat(path, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFDIR else {
                throw OutputError(path: path, reason: "exists and is not a folder")
            }
            return
        }
        let parent = PathComponents.folder(of: path)
        if !parent.isEmpty && parent != path { try makeFolders(parent) }
        guard mkdir(path, 0o755) == 0 || Glibc.errno == EEXIST else {
            throw OutputError.errno(path, "cannot create the folder")
        }
    }
}
