import Foundation

/// A folder receiving a frame sequence: `frame-00000.png`, `frame-00001.png`, … and `manifest.json`.
///
/// Only our own files are ever replaced or removed: frame files, our temporary files and the
/// manifest. Anything else in the folder is left alone.
public struct FrameFolder: Sendable {
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
        for name in entries() where AtomicFile.isAbandonedTemporary(name) {
            unlink(self.path + "/" + name)
        }
    }

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

    public func write(frame index: Int, png: [UInt8]) throws(OutputError) {
        try AtomicFile.write(png, to: path + "/" + FrameFolder.frameName(index))
    }

    /// Removes frame files of earlier runs whose index is not in `0..<count`.
    public func removeFrames(notIn count: Int) throws(OutputError) {
        for name in entries() where FrameFolder.isFrameName(name) {
            let index = Int(name.dropFirst(6).dropLast(4)) ?? Int.max
            if index >= count || FrameFolder.frameName(index) != name {
                guard unlink(path + "/" + name) == 0 || Glibc.errno == ENOENT else {
                    throw OutputError.errno(path + "/" + name, "cannot remove a frame of an earlier run")
                }
            }
        }
    }

    private func entries() -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
    }

    /// `mkdir -p`, reporting the system's reason for the first folder that cannot be made.
    static func makeFolders(_ path: String) throws(OutputError) {
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
