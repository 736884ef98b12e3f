import Foundation
import RevealRender

/// Where `reveal-render swiftui` keeps what it built, by content: `views/KEY/view` (a view's program),
/// `plugins/KEY/RevealPreviewMacros` (the `#Preview` plugin) and `toolchains/KEY/version` (a compiler's
/// `swiftc --version`), each vouched for by a record written last (`NAME.record`: the inputs' digest, the
/// file's size and digest). A file without a record that matches is never used: it is built again. Builds
/// happen in `building/build-PID-N/` and are renamed into place, so runs at once never see half a build; the
/// next run removes what killed builds left there. When the cache cannot be written (read-only, a file in its
/// place), builds go to a temporary folder for the run instead.
struct BuildCache {
    /// The cache's folder.
    let root: String
    /// A folder of this run's own, removed when the run ends, when the cache cannot be written.
    let temporary: String?

    /// `$XDG_CACHE_HOME/reveal-render`, else `~/.cache/reveal-render`.
    static var location: String {
        let environment = ProcessInfo.processInfo.environment
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return xdg + "/reveal-render" }
        return (environment["HOME"] ?? NSTemporaryDirectory()) + "/.cache/reveal-render"
    }

    /// The cache, cleared of what killed builds left; or, when it cannot be written, a temporary folder for
    /// this run, with a one-line warning.
    static func open() throws -> BuildCache {
        let root = location
        var failure = makeFolders(root + "/building")
        if failure == nil, access(root + "/building", W_OK) != 0 || access(root, W_OK) != 0 { failure = errno }
        guard let failure else {
            let cache = BuildCache(root: root, temporary: nil)
            cache.removeLeftovers()
            return cache
        }
        var template = Array((NSTemporaryDirectory() + "/reveal-render-build-XXXXXX").utf8CString)
        guard let folder = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw CommandFailure(
                description:
                    "reveal-render: cannot write the build cache at \(displayPath(root)) nor a temporary folder: \(String(cString: strerror(errno)))",
                code: 1)
        }
        let temporary = String(cString: folder)
        _ = makeFolders(temporary + "/building")
        report(
            "reveal-render: warning: cannot write the build cache at \(displayPath(root)) (\(String(cString: strerror(failure)))); building in a temporary folder for this run"
        )
        return BuildCache(root: temporary, temporary: temporary)
    }

    /// Where the compiler keeps the modules it builds from C headers and interfaces, when it cannot use its
    /// own (`$XDG_CACHE_HOME/clang`): in the temporary folder, beside the build.
    var moduleCache: String? { temporary.map { $0 + "/module-cache" } }

    /// Removes the temporary folder of a cache that could not be written.
    func close() {
        if let temporary { try? FileManager.default.removeItem(atPath: temporary) }
    }

    /// The file `name` in the entry `kind/key`, when its record vouches for it: made from inputs of digest
    /// `key`, of the size and digest recorded.
    func lookup(_ kind: String, key: String, name: String) -> String? {
        let path = "\(root)/\(kind)/\(key)/\(name)"
        guard let record = FileManager.default.contents(atPath: path + ".record"),
            let bytes = FileManager.default.contents(atPath: path),
            String(decoding: record, as: UTF8.self) == BuildCache.record(key: key, bytes: Array(bytes))
        else { return nil }
        return path
    }

    /// Moves the built file at `built` into the entry `kind/key` as `name`, then writes its record; returns its
    /// path there.
    func keep(_ built: String, _ kind: String, key: String, name: String) throws -> String {
        let folder = "\(root)/\(kind)/\(key)"
        let path = folder + "/" + name
        let record = built + ".record"
        func failed(_ error: Int32) -> CommandFailure {
            CommandFailure(
                description:
                    "reveal-render: cannot keep the build in \(displayPath(folder)): \(String(cString: strerror(error)))",
                code: 1)
        }
        if let error = makeFolders(folder) { throw failed(error) }
        guard let bytes = FileManager.default.contents(atPath: built),
            FileManager.default.createFile(
                atPath: record, contents: Data(BuildCache.record(key: key, bytes: Array(bytes)).utf8))
        else { throw failed(EIO) }
        // The record goes last: until it is in place, the file is not used.
        guard unlink(path + ".record") == 0 || errno == ENOENT, rename(built, path) == 0,
            rename(record, path + ".record") == 0
        else { throw failed(errno) }
        return path
    }

    /// What a record says of a file: the inputs' digest, then the file's size and digest.
    static func record(key: String, bytes: [UInt8]) -> String {
        "reveal-render build\ninputs \(key)\nsize \(bytes.count)\nsha256 \(SHA256.hex(bytes))\n"
    }

    /// A new folder to build in, `building/build-PID-N`, named for this process so that the next run can
    /// tell it from a live build.
    func workFolder() throws -> String {
        let folder = "\(root)/building/build-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        if let failure = makeFolders(folder) {
            throw CommandFailure(
                description:
                    "reveal-render: cannot make a folder to build in at \(displayPath(folder)): \(String(cString: strerror(failure)))",
                code: 1)
        }
        return folder
    }

    /// Removes the folders of builds whose process is gone (killed mid-build).
    func removeLeftovers() {
        let building = root + "/building"
        for name in (try? FileManager.default.contentsOfDirectory(atPath: building)) ?? [] {
            let parts = name.split(separator: "-")
            guard parts.count == 3, parts[0] == "build", let pid = pid_t(parts[1]), !BuildCache.isAlive(pid) else {
                continue
            }
            try? FileManager.default.removeItem(atPath: building + "/" + name)
        }
    }

    /// Whether a process `pid` exists. A pid reused by another process keeps a dead build's folder until that
    /// process ends: harmless.
    private static func isAlive(_ pid: pid_t) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }

    /// The entries in the cache, by kind, and the bytes every file in it takes.
    func usage() -> (views: Int, plugins: Int, bytes: UInt64) {
        func count(_ kind: String) -> Int {
            ((try? FileManager.default.contentsOfDirectory(atPath: root + "/" + kind)) ?? []).count
        }
        var bytes: UInt64 = 0
        if let files = FileManager.default.enumerator(atPath: root) {
            for case let file as String in files {
                let attributes = try? FileManager.default.attributesOfItem(atPath: root + "/" + file)
                if attributes?[.type] as? FileAttributeType == .typeRegular {
                    bytes += (attributes?[.size] as? NSNumber)?.uint64Value ?? 0
                }
            }
        }
        return (count("views"), count("plugins"), bytes)
    }

    /// Removes every build, the compilers' versions kept, and what killed builds left; a build under way now
    /// keeps its folder.
    func clear() throws {
        for kind in ["views", "plugins", "toolchains"] {
            let path = root + "/" + kind
            guard FileManager.default.fileExists(atPath: path) else { continue }
            do {
                try FileManager.default.removeItem(atPath: path)
            } catch {
                throw CommandFailure(
                    description: "reveal-render: cannot clear \(displayPath(path)): \(error.localizedDescription)",
                    code: 1)
            }
        }
        removeLeftovers()
    }
}

/// Makes `path` and the folders above it that are missing, as `mkdir -p`; nil, or the errno of the step that
/// failed (a file in the way is ENOTDIR or EEXIST, a read-only cache EROFS or EACCES).
func makeFolders(_ path: String) -> Int32? {
    var made = path.hasPrefix("/") ? "" : "."
    for component in path.split(separator: "/") {
        made += "/" + component
        if mkdir(made, 0o755) != 0 && errno != EEXIST { return errno }
    }
    var info = stat()
    guard stat(path, &info) == 0 else { return errno }
    return (info.st_mode & S_IFMT) == S_IFDIR ? nil : ENOTDIR
}
