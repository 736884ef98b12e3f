import Foundation
import RevealCore
import RevealRaster

/// A file as the system knows it: device and inode, so that two spellings of one path (a symbolic
/// link, `./a` and `a`, a bind mount) compare equal and two files of one name do not.
public struct FileIdentity: Hashable, Sendable {
    /// The ID of the device (file system) holding the file, `st_dev`.
    public let device: UInt64
    /// The file's inode number on that device, `st_ino`.
    public let inode: UInt64

    /// The file at `path`, following symbolic links; nil when nothing is there.
    public init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.init(info)
    }

    /// The directory entry at `path` itself: a symbolic link is not followed.
    public init?(entry path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        self.init(info)
    }

    package init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }

    /// `path` itself (when it exists) and every folder above it, up to the root: what a path is, or
    /// lies inside. For a path that does not exist yet, its nearest existing folder and those above.
    public static func chain(of path: String) -> [FileIdentity] {
        var current = path.isEmpty ? "." : path
        var identities: [FileIdentity] = []
        // Climb by appending "/..", which the system resolves through links as the file's real parent.
        var steps = 0
        while steps < 4096 {
            steps += 1
            if let identity = FileIdentity(path: current) {
                if identities.last == identity { break }  // "/.." is "/"
                identities.append(identity)
                current += "/.."
            } else {
                let parent = PathComponents.folder(of: current)
                current = parent.isEmpty ? "." : parent
            }
        }
        return identities
    }
}

extension FileIdentity {
    /// The first of `inputs` that `path` is, or lies inside (compared by device and inode, not by
    /// spelling), for refusing an output that would overwrite or clear an input.
    public static func input(containing path: String, among inputs: [String]) -> String? {
        let chain = Set(FileIdentity.chain(of: path))
        return inputs.first { FileIdentity(path: $0).map(chain.contains) ?? false }
    }
}

/// The files a render reads (its scene file and every image the scene uses), so that no output is
/// ever written over one of them.
public final class SceneInputs: @unchecked Sendable {
    private let lock = NSLock()
    private var files: [FileIdentity: String] = [:]
    private var images: [FileIdentity: Pixmap] = [:]

    /// An empty record, before the scene file or any image has been read.
    public init() {}

    /// Every input file read so far, as the scene named it.
    public var paths: [FileIdentity: String] { lock.withLock { files } }

    /// Notes a file the scene reads.
    public func record(_ path: String) {
        guard let identity = FileIdentity(path: path) else { return }
        lock.withLock { if files[identity] == nil { files[identity] = path } }
    }

    /// The image at `path`, decoded once per run however many paints use it.
    package func image(at path: String, decode: (String) throws(PNGError) -> Pixmap) throws(PNGError) -> Pixmap {
        let identity = FileIdentity(path: path)
        if let identity, let cached = lock.withLock({ images[identity] }) { return cached }
        let image = try decode(path)
        if let identity {
            lock.withLock {
                images[identity] = image
                if files[identity] == nil { files[identity] = path }
            }
        }
        return image
    }

    /// A digest of what a render's frames depend on besides the code: the bytes of every input file
    /// read so far (the scene file, its images; wherever they are) and `settings` (the flags that
    /// change frames, in a fixed order). Shards of one run record it, so that joining them can
    /// refuse parts of another scene or other settings. Nil when an input cannot be read again.
    public func digest(settings: [String]) -> String? {
        var lines = settings
        var files: [String] = []
        for path in lock.withLock({ self.files.values }) {
            guard
                case .success(let bytes) = BoundedFileReader.read(
                    path, maxBytes: 1 << 32, kind: "an input", tooLarge: { $0 })
            else { return nil }
            files.append(SHA256.hex(bytes))
        }
        lines += files.sorted()
        return SHA256.hex(Array(lines.joined(separator: "\n").utf8))
    }

    /// The input that `path` is, if it is one.
    public func input(at path: String) -> String? {
        guard let identity = FileIdentity(path: path) else { return nil }
        return lock.withLock { files[identity] }
    }

    /// An input that writing frames and a manifest into `folder` could replace or remove: a file in
    /// it named like a frame or `manifest.json` (a symbolic link of that name is replaced, not
    /// followed, so only the entry itself counts).
    public func input(replaceableIn folder: String) -> String? {
        for (identity, path) in lock.withLock({ files }) {
            let name = PathComponents.name(of: path)
            guard FrameFolder.isFrameName(name) || name == ManifestWriter.fileName else { continue }
            if FileIdentity(entry: folder + "/" + name) == identity { return path }
        }
        return nil
    }
}
