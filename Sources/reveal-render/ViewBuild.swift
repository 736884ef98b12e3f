import Foundation
import RevealRender

/// A failure with its own exit code and one line to say.
struct CommandFailure: Error, CustomStringConvertible {
    let description: String
    let code: Int32
}

/// Reports `error` in one line and gives its exit code: 2 for a usage error, a failure's own code, else 1
/// (an output that could not be written).
func exitCode(reporting error: Error) -> Int32 {
    switch error {
    case let usage as UsageError:
        report("reveal-render: \(usage.message)")
        return 2
    case let failure as CommandFailure:
        report(failure.description)
        return failure.code
    default:
        report("reveal-render: \(error)")
        return 1
    }
}

/// What a user's SwiftUI files are compiled against: our `SwiftUI` module and what it imports, the
/// library to link, the `#Preview` plugin's source, and the template of the program's `main.swift`. Found
/// beside the `reveal-render` binary, as SwiftPM builds it in the repository (`.build/<config>/`) or as
/// `Scripts/install` lays it out (`PREFIX/lib/reveal-render/swiftui/`).
struct SwiftUIKit {
    /// Where the `.swiftmodule` files are.
    let modules: String
    /// The C modules' module maps.
    let moduleMaps: [String]
    /// Where `libRevealSwiftUIKit.so` is.
    let libraries: String
    /// The `#Preview` plugin's source.
    let pluginSource: String
    /// The view's program's `main.swift`, with `__revealView` where the view goes (RevealViewHost's template).
    let hostTemplate: String
    /// Files whose size and time stamp say which build of the kit this is.
    var stamps: [String] { [modules + "/SwiftUI.swiftmodule", libraries + "/libRevealSwiftUIKit.so"] }

    /// The kit beside the running binary, or an error saying how to get one.
    static func find() throws -> SwiftUIKit {
        let exe =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let bin = PathComponents.folder(of: exe)
        let root = URL(fileURLWithPath: bin).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
        let repository = SwiftUIKit(
            modules: bin + "/Modules",
            moduleMaps: [
                bin + "/CPNG.build/module.modulemap", bin + "/CJPEG.build/module.modulemap",
                bin + "/CText.build/module.modulemap",
                bin + "/CMalloc.build/module.modulemap", bin + "/CSceneHooks.build/module.modulemap",
                root + "/Sources/CHarfBuzz/module.modulemap", root + "/Sources/CLibPNG/module.modulemap",
                root + "/Sources/CFriBidi/module.modulemap",
            ], libraries: bin, pluginSource: root + "/Sources/RevealPreviewMacros/PreviewMacro.swift",
            hostTemplate: root + "/Sources/RevealViewHost/Template/main.swift")
        let installed = bin + "/../lib/reveal-render/swiftui"
        let kit = SwiftUIKit(
            modules: installed + "/Modules",
            moduleMaps: ["CPNG", "CJPEG", "CText", "CMalloc", "CSceneHooks", "CHarfBuzz", "CLibPNG", "CFriBidi"].map {
                installed + "/include/\($0)/module.modulemap"
            },
            libraries: installed + "/lib", pluginSource: installed + "/PreviewMacro.swift",
            hostTemplate: installed + "/main.swift")
        for candidate in [repository, kit] where candidate.isComplete {
            return candidate
        }
        throw CommandFailure(
            description:
                "reveal-render: swiftui needs our SwiftUI module files beside the binary, and found none at \(bin); run Scripts/reveal-render swiftui … from the repository, or reinstall with Scripts/install",
            code: 2)
    }

    private var isComplete: Bool {
        (stamps + moduleMaps + [pluginSource, hostTemplate]).allSatisfy { FileManager.default.fileExists(atPath: $0) }
    }
}

/// The toolchain that compiles the user's files: `swiftc` on PATH (or in /opt/swift).
struct SwiftToolchain {
    let swiftc: String
    /// `swiftc --version`, for the cache key: another compiler means another build.
    let version: String

    /// The toolchain on PATH. Its version is asked once per compiler: running `swiftc --version` takes about
    /// a tenth of a second, as long as playing a short view once it is built, so the answer is kept in `cache`
    /// under the compiler's files as they stand (path, size, time, inode of `swiftc` and `swift-frontend`).
    static func find(cache: BuildCache) throws -> SwiftToolchain {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let candidates = path.split(separator: ":").map { "\($0)/swiftc" } + ["/opt/swift/usr/bin/swiftc"]
        guard let swiftc = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw CommandFailure(
                description:
                    "reveal-render: swiftui compiles the view with the Swift toolchain, and found no swiftc on PATH",
                code: 2)
        }
        // A `swiftc` without its `swift-frontend` beside it (a proxy that picks a toolchain, as swiftly's
        // does) may answer for another compiler tomorrow: it is asked every time.
        let compiler = fileIdentity(swiftc)
        let frontend = compiler.flatMap {
            fileIdentity(($0.resolved as NSString).deletingLastPathComponent + "/swift-frontend")
        }
        let key = compiler.flatMap { compiler in
            frontend.map { SHA256.hex(Array((compiler.identity + "\n" + $0.identity).utf8)) }
        }
        if let key, let kept = cache.lookup("toolchains", key: key, name: "version"),
            let data = FileManager.default.contents(atPath: kept)
        {
            return SwiftToolchain(swiftc: swiftc, version: String(decoding: data, as: UTF8.self))
        }
        let run = try ToolRun.run(swiftc, ["--version"])
        if let stop = SignalWatch.shared.stopBeforeFrames() { throw stop }
        // Kept for the next run when the cache takes it; a cache that cannot asks again next time.
        if let key, let folder = try? cache.workFolder() {
            let file = folder + "/version"
            if FileManager.default.createFile(atPath: file, contents: Data(run.output.utf8)) {
                _ = try? cache.keep(file, "toolchains", key: key, name: "version")
            }
            try? FileManager.default.removeItem(atPath: folder)
        }
        return SwiftToolchain(swiftc: swiftc, version: run.output)
    }

    /// Where a file really is, and what tells one build of it from another without reading it: that path, its
    /// size, its modification time and its inode; nil when it cannot be read.
    private static func fileIdentity(_ path: String) -> (resolved: String, identity: String)? {
        guard let real = realpath(path, nil) else { return nil }
        let resolved = String(cString: real)
        free(real)
        var info = stat()
        guard stat(resolved, &info) == 0 else { return nil }
        return (
            resolved,
            "\(resolved) \(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec) \(info.st_ino)"
        )
    }
}

/// Builds the program that plays a user's view: their files, a generated `main.swift` naming the view,
/// our module and the `#Preview` plugin, compiled by the installed toolchain with debug information (a
/// crash's trace names the user's lines). Builds are kept in the `BuildCache` by content: the files, the
/// view, the toolchain, our version and module build.
struct ViewBuild {
    let files: [String]
    /// The view's type name, or nil for the first `#Preview`.
    let viewType: String?
    let kit: SwiftUIKit
    let toolchain: SwiftToolchain
    let cache: BuildCache

    /// The executable, found in the cache or built now.
    func executable() throws -> String {
        var sources: [(path: String, bytes: [UInt8])] = []
        for file in files {
            guard let data = FileManager.default.contents(atPath: file) else {
                throw CommandFailure(description: "\(displayPath(file)): cannot read the file", code: 2)
            }
            sources.append((file, Array(data)))
        }
        let app = ViewBuild.mainType(sources)
        let main = try mainSource(sources, app: app)
        var key: [UInt8] = Array((version + "\n" + toolchain.version + "\n" + main).utf8)
        for stamp in kit.stamps {
            let attributes = try? FileManager.default.attributesOfItem(atPath: stamp)
            let size = (attributes?[.size] as? NSNumber)?.intValue ?? 0
            let time = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            key += Array("\(stamp) \(size) \(time)\n".utf8)
        }
        for source in sources { key += Array("\(source.path)\n\(source.bytes.count)\n".utf8) + source.bytes }
        let digest = SHA256.hex(key)
        if let program = cache.lookup("views", key: digest, name: "view") { return program }
        let plugin = try previewPlugin()
        let work = try cache.workFolder()
        defer { try? FileManager.default.removeItem(atPath: work) }
        // A module with an `@main` type has no top-level code, so the host is then a file like any other.
        let mainPath = work + (app == nil ? "/main.swift" : "/host.swift")
        try Data(main.utf8).write(to: URL(fileURLWithPath: mainPath))
        let harfbuzz =
            (try? ToolRun.run("/usr/bin/pkg-config", ["--cflags-only-I", "harfbuzz"]))?.output
            .split(whereSeparator: \.isWhitespace).map(String.init) ?? ["-I/usr/include/harfbuzz"]
        var arguments = [
            "-module-name", "Views", "-swift-version", "5", "-Onone", "-g", "-I", kit.modules,
            "-load-plugin-executable", plugin + "#RevealPreviewMacros", "-L", kit.libraries, "-lRevealSwiftUIKit",
            "-Xlinker", "-rpath", "-Xlinker", kit.libraries, "-Xlinker", "--export-dynamic-symbol=clock_gettime",
            "-Xlinker", "--export-dynamic-symbol=dispatch_after", "-Xlinker", "--export-dynamic-symbol=dispatch_async",
            "-Xlinker", "--export-dynamic-symbol=getrandom", "-Xlinker", "--export-dynamic-symbol=arc4random_buf",
            "-o", work + "/view",
        ]
        for map in kit.moduleMaps { arguments += ["-Xcc", "-fmodule-map-file=" + map] }
        for flag in harfbuzz { arguments += ["-Xcc", flag] }
        arguments += files + [mainPath]
        let run = try compile(arguments)
        guard run.succeeded else { throw compileFailure(run, main: mainPath, app: app) }
        return try cache.keep(work + "/view", "views", key: digest, name: "view")
    }

    /// Runs the compiler with `arguments`.
    private func compile(_ arguments: [String]) throws -> ToolRun {
        let moduleCache = cache.moduleCache.map { ["-module-cache-path", $0] } ?? []
        let run = try ToolRun.run(toolchain.swiftc, moduleCache + arguments)
        if let stop = SignalWatch.shared.stopBeforeFrames() { throw stop }
        return run
    }

    /// The host's source: the view, by type, by an `@main` app's window or by its file's first `#Preview`,
    /// handed to the player; the program's top-level code, or the `@main` type's `main` when there is one.
    private func mainSource(_ sources: [(path: String, bytes: [UInt8])], app: String?) throws -> String {
        let view: String
        if let viewType {
            guard viewType.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }), !viewType.isEmpty
            else {
                throw CommandFailure(
                    description: "reveal-render: --view \(quoted(viewType)) is not a type name", code: 2)
            }
            view = "\(viewType)()"
        } else if let app {
            view = "__revealAppRoot(\(app)())"
        } else {
            guard let preview = ViewBuild.firstPreview(sources) else {
                let names = files.map { displayPath($0) }.joined(separator: ", ")
                throw CommandFailure(
                    description:
                        "\(names): no #Preview, PreviewProvider or @main App to render; name the view with --view TYPE",
                    code: 2)
            }
            switch preview {
            case .macro(let label): view = "__revealPreview(\(label): ())"
            case .provider(let type): view = "\(type).previews"
            }
        }
        guard let template = FileManager.default.contents(atPath: kit.hostTemplate) else {
            throw CommandFailure(description: "\(displayPath(kit.hostTemplate)): cannot read the file", code: 1)
        }
        var source = String(decoding: template, as: UTF8.self).replacingOccurrences(of: "__revealView", with: view)
        if let app, let start = source.range(of: "\n__revealPlay()", options: .backwards) {
            source.replaceSubrange(
                start, with: "\nextension \(app) {\n    static func main() { __revealPlay() }\n}")
        }
        return source
    }

    /// The type the files mark `@main` (`@main struct Demo: App {`, the attribute on its own line or not).
    static func mainType(_ sources: [(path: String, bytes: [UInt8])]) -> String? {
        firstLine(of: sources) { _, index, code, lines in
            guard code.hasPrefix("@main"), code.dropFirst(5).first.map({ $0 == " " || $0 == "\t" }) ?? true
            else { return nil }
            let rest = code.dropFirst(5).drop(while: { $0 == " " || $0 == "\t" })
            return declaredType(in: rest.isEmpty && index + 1 < lines.count ? lines[index + 1] : rest)?.name
        }
    }

    /// Where a file says which view it previews.
    enum Preview: Equatable {
        /// A `#Preview`, by the label its plugin gives it: the file's name and the line.
        case macro(String)
        /// A type conforming to `PreviewProvider`, whose `previews` is the view.
        case provider(String)
    }

    /// The first preview in the files, in order: a `#Preview` line, or a type declared on one line as
    /// conforming to `PreviewProvider` (`struct Card_Previews: PreviewProvider {`).
    static func firstPreview(_ sources: [(path: String, bytes: [UInt8])]) -> Preview? {
        firstLine(of: sources) { path, index, code, _ in
            if code.hasPrefix("#Preview") {
                // As the plugin names it (`PreviewMacro.previewLabel`).
                let name = PathComponents.name(of: path)
                let safe = String(name.unicodeScalars.map { $0.isASCIIAlphanumeric ? Character($0) : "_" })
                return .macro("preview_\(safe)_\(index + 1)")
            }
            guard let type = declaredType(in: code), type.rest.contains("PreviewProvider") else { return nil }
            return .provider(type.name)
        }
    }

    /// The first answer `find` gives for a line of the files, in order: the line without its indentation, with
    /// its file's path, its index and the file's lines.
    private static func firstLine<Found>(
        of sources: [(path: String, bytes: [UInt8])],
        _ find: (_ path: String, _ index: Int, _ code: Substring, _ lines: [Substring]) -> Found?
    ) -> Found? {
        for source in sources {
            let lines = String(decoding: source.bytes, as: UTF8.self).split(
                separator: "\n", omittingEmptySubsequences: false)
            for (index, line) in lines.enumerated() {
                if let found = find(source.path, index, line.drop(while: { $0 == " " || $0 == "\t" }), lines) {
                    return found
                }
            }
        }
        return nil
    }

    /// The struct, enum or class a line declares, and the words after its name (what it conforms to).
    private static func declaredType(in line: Substring) -> (name: String, rest: ArraySlice<Substring>)? {
        let words = line.split(whereSeparator: { " \t:,{<".contains($0) })
        guard let keyword = words.firstIndex(where: { ["struct", "enum", "class"].contains($0) }),
            keyword + 1 < words.count, words[keyword + 1].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
        else { return nil }
        return (String(words[keyword + 1]), words[(keyword + 2)...])
    }

    /// The `#Preview` plugin, an executable built once per source and toolchain.
    private func previewPlugin() throws -> String {
        guard let source = FileManager.default.contents(atPath: kit.pluginSource) else {
            throw CommandFailure(description: "\(displayPath(kit.pluginSource)): cannot read the file", code: 1)
        }
        let key = SHA256.hex(Array(toolchain.version.utf8) + Array(source))
        let name = "RevealPreviewMacros"
        if let plugin = cache.lookup("plugins", key: key, name: name) { return plugin }
        let work = try cache.workFolder()
        defer { try? FileManager.default.removeItem(atPath: work) }
        let run = try compile(
            [
                "-parse-as-library", "-module-name", "RevealPreviewMacros", "-swift-version", "6", "-O",
                kit.pluginSource, "-o", work + "/" + name,
            ])
        guard run.succeeded else {
            throw CommandFailure(
                description: "reveal-render: the #Preview plugin did not build with \(toolchain.swiftc): "
                    + (run.output.split(separator: "\n").first.map(String.init) ?? "no output"), code: 1)
        }
        return try cache.keep(work + "/" + name, "plugins", key: key, name: name)
    }

    /// The compiler's first errors, as `file:line:col: error: …` lines; an error in the generated main
    /// file is said in terms of `--view` or `#Preview`.
    private func compileFailure(_ run: ToolRun, main: String, app: String?) -> CommandFailure {
        if case .signaled(let signal) = run.status {
            return CommandFailure(
                description: "reveal-render: the compiler was killed (signal \(signal)) while it built the view",
                code: 1)
        }
        let output = run.output
        let errors = output.split(separator: "\n").map(String.init).filter { $0.contains(": error: ") }
        if let first = errors.first, first.hasPrefix(main) {
            let what =
                viewType.map { "--view \($0): no view of that name in the files, or it needs arguments" }
                ?? (app != nil ? "the @main app's window could not be made" : "the #Preview could not be called")
            return CommandFailure(
                description: "reveal-render: \(what) (\(first.components(separatedBy: ": error: ").last ?? first))",
                code: 2)
        }
        guard !errors.isEmpty else {
            let tail = output.split(separator: "\n").suffix(3).joined(separator: " / ")
            return CommandFailure(description: "reveal-render: the view did not compile: \(tail)", code: 2)
        }
        return CommandFailure(description: errors.prefix(5).joined(separator: "\n"), code: 2)
    }
}

extension Unicode.Scalar {
    fileprivate var isASCIIAlphanumeric: Bool {
        (48...57).contains(value) || (65...90).contains(value) || (97...122).contains(value)
    }
}
