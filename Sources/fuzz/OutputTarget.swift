// `fuzz output [--seconds S | --runs N] [--seed N]`: random sequences of `reveal-render` runs whose
// outputs (`--out`, `--apng`, `--filmstrip`, `compare --diff`) are picked from a sandbox folder's paths:
// new files and folders, the inputs themselves, links to them, a FIFO, a private /dev/null. After every
// run it checks that no input changed, that nothing outside the sandbox's output folder changed but
// what the run was asked to write, that no temporary file was left behind, that FIFOs and devices are
// still what they were, and that the run ended with 0, 1 or 2 (never a signal). Not a libFuzzer
// target: each step is a whole process, chosen by a seeded generator, so a failure replays from its
// seed. Exits 1 on the first broken rule, with the commands that led to it.
import Foundation
import RevealRender

struct OutputFuzzFailure: Error, CustomStringConvertible {
    let description: String
}

func fuzzOutput(_ arguments: [String]) -> Int32 {
    var seconds = 60.0
    var runs = Int.max
    var seed: UInt64 = UInt64(Date().timeIntervalSince1970)
    var i = 0
    while i + 1 < arguments.count {
        switch arguments[i] {
        case "--seconds": seconds = Double(arguments[i + 1]) ?? seconds
        case "--runs": runs = Int(arguments[i + 1]) ?? runs
        case "--seed": seed = UInt64(arguments[i + 1]) ?? seed
        default: break
        }
        i += 2
    }
    let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
        "reveal-render"
    ).path
    guard FileManager.default.isExecutableFile(atPath: executable) else {
        FileHandle.standardError.write(Data("fuzz output: \(executable) is missing; build reveal-render first\n".utf8))
        return 2
    }
    do {
        var sandbox = try OutputSandbox(seed: seed)
        defer { sandbox.remove() }
        let deadline = Date().addingTimeInterval(seconds)
        var done = 0
        while done < runs && Date() < deadline {
            try sandbox.step(executable)
            done += 1
        }
        print("fuzz output: \(done) runs from seed \(seed), every rule kept")
        return 0
    } catch {
        FileHandle.standardError.write(Data("fuzz output: \(error)\n".utf8))
        return 1
    }
}

/// The sandbox: inputs that must never change, an output folder for everything else, and the paths a
/// run's outputs are drawn from.
struct OutputSandbox {
    let root: String
    private var random: SplitMix64
    private var history: [String] = []
    /// Beside the sandbox, never named by any run: it must never change.
    let outside: String
    private var specials: [(path: String, kind: mode_t)] = []

    init(seed: UInt64) throws {
        random = SplitMix64(seed: seed)
        root = NSTemporaryDirectory() + "reveal-render-output-fuzz-\(getpid())"
        outside = root + "-outside"
        let fm = FileManager.default
        try? fm.removeItem(atPath: root)
        try? fm.removeItem(atPath: outside)
        try fm.createDirectory(atPath: outside, withIntermediateDirectories: true)
        guard fm.createFile(atPath: outside + "/sentinel.png", contents: Data("never touched".utf8)) else {
            throw OutputFuzzFailure(description: "cannot create \(outside)")
        }
        for folder in ["inputs/golden", "inputs/actual", "out"] {
            try fm.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
        }
        let image = try Pixmap(width: 6, height: 4, fill: PremultipliedRGBA8(r: 200, g: 40, b: 90, a: 255))
        try write(try PNG.encode(image), "inputs/prize.png")
        let scene =
            #"{"width": 12, "height": 8, "scale": 1, "fps": 20, "content": {"image": "prize.png"}, "strokes": [{"points": [[1, 1, 0], [11, 7, 0.15]]}]}"#
        try write(Array(scene.utf8), "inputs/scene.json")
        for index in 0..<3 {
            try write(try PNG.encode(image), "inputs/golden/" + FrameFolder.frameName(index))
            // Frames that differ from the goldens by one level more each time.
            let other = try Pixmap(
                width: 6, height: 4, fill: PremultipliedRGBA8(r: 200, g: 40, b: UInt8(91 + index), a: 255))
            try write(try PNG.encode(other), "inputs/actual/" + FrameFolder.frameName(index))
        }
        try write(Array(#"{"a manifest": true}"#.utf8), "inputs/golden/manifest.json")
        // Links to the inputs, in and beside the output folder.
        for (link, target) in [
            ("link-scene.json", "inputs/scene.json"), ("link-golden", "inputs/golden"),
            ("out/link-prize.png", "../inputs/prize.png"), ("out/link-actual", "../inputs/actual"),
        ] {
            symlink(target, root + "/" + link)
        }
        mkfifo(root + "/out/fifo.png", 0o644)
        specials.append((root + "/out/fifo.png", S_IFIFO))
        if getuid() == 0, mknod(root + "/out/null", S_IFCHR | 0o666, dev_t(1) << 8 | 3) == 0 {
            specials.append((root + "/out/null", S_IFCHR))
        }
    }

    private func write(_ bytes: [UInt8], _ path: String) throws {
        guard FileManager.default.createFile(atPath: root + "/" + path, contents: Data(bytes)) else {
            throw OutputFuzzFailure(description: "cannot create \(path)")
        }
    }

    private func read(_ path: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: root + "/" + path) else {
            throw OutputFuzzFailure(description: "\(path) is gone")
        }
        return [UInt8](data)
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: root)
        try? FileManager.default.removeItem(atPath: outside)
    }

    /// The files a run reads, which it must leave as they were: a render's scene and image, or what a
    /// comparison compares (every frame of two folders, or two images).
    private func inputs(of args: [String]) -> [String] {
        guard args[0] == "compare" else { return ["inputs/scene.json", "inputs/prize.png"] }
        return args[1...2].flatMap { path -> [String] in
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isFolder), isFolder.boolValue
            else { return [path] }
            return FrameFolder.names(in: root + "/" + path).filter(FrameFolder.isFrameName).map { path + "/" + $0 }
        }
    }

    private mutating func pick<T>(_ items: [T]) -> T { items[Int(random.next() % UInt64(items.count))] }

    /// One random run, then every check.
    mutating func step(_ executable: String) throws {
        let files = [
            "out/still.png", "out/new/deeper/file.png", "out/fifo.png", "out/null", "out/link-prize.png",
            "inputs/scene.json", "inputs/prize.png", "link-scene.json", "inputs/golden/frame-00001.png", "out/f",
        ]
        let folders = [
            "out/frames", "out/frames", "inputs/golden", "inputs/actual", "link-golden", "out/link-actual",
            "inputs", "out", "out/still.png", "out/new/frames",
        ]
        var args: [String]
        switch random.next() % 6 {
        case 0: args = ["--stroke", pick(["inputs/scene.json", "link-scene.json"]), "--out", pick(folders)]
        case 1: args = ["--stroke", "inputs/scene.json", "--frame", String(random.next() % 4), "--out", pick(files)]
        case 2:
            args =
                ["--stroke", "inputs/scene.json", "--apng", pick(files)]
                + (random.next() % 2 == 0 ? ["--out", pick(folders)] : [])
        case 3: args = ["--stroke", "inputs/scene.json", "--filmstrip", pick(files), "--count", "2"]
        case 4:
            args = [
                "compare", "inputs/golden", pick(["inputs/actual", "out/link-actual", "link-golden"]), "--diff",
                pick(folders + files),
            ]
        default:
            args = ["compare", "inputs/golden/frame-00000.png", "inputs/actual/frame-00000.png", "--diff", pick(files)]
        }
        if args[0] != "compare" { args.append("--quiet") }
        history.append("reveal-render " + args.joined(separator: " "))
        var before: [String: [UInt8]] = [:]
        for path in inputs(of: args) { before[path] = try read(path) }
        let status = try run(executable, args)
        guard (0...2).contains(status) else {
            throw failure("ended with status \(status) (a signal or a crash)")
        }
        for (path, bytes) in before
        where (FileManager.default.contents(atPath: root + "/" + path).map { [UInt8]($0) }) != bytes {
            throw failure("the input \(path) changed or went away")
        }
        guard FileManager.default.contents(atPath: outside + "/sentinel.png") == Data("never touched".utf8),
            FrameFolder.names(in: outside) == ["sentinel.png"]
        else {
            throw failure("\(outside), outside the sandbox, changed")
        }
        for special in specials {
            var info = stat()
            guard lstat(special.path, &info) == 0, info.st_mode & S_IFMT == special.kind else {
                throw failure("\(special.path) is no longer what it was")
            }
        }
        if let leftover = FileManager.default.enumerator(atPath: root)?.compactMap({ $0 as? String })
            .first(where: {
                PathComponents.name(of: $0).hasPrefix(AtomicFile.temporaryPrefix)
                    || PathComponents.name(of: $0) == FrameFolder.lockFileName
            })
        {
            throw failure("\(leftover) was left behind")
        }
    }

    private func failure(_ what: String) -> OutputFuzzFailure {
        OutputFuzzFailure(description: what + ", after:\n  " + history.suffix(12).joined(separator: "\n  "))
    }

    /// Runs `reveal-render args` in the sandbox with no input, output to /dev/null; its exit status,
    /// or 128 + the signal that ended it.
    private func run(_ executable: String, _ args: [String]) throws -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ["/usr/bin/env", "-C", root, executable] + args
        let pointers = argv.map { strdup($0) } + [nil]
        defer {
            for pointer in pointers { free(pointer) }
        }
        var pid: pid_t = 0
        guard posix_spawn(&pid, "/usr/bin/env", &actions, nil, pointers, environ) == 0 else {
            throw OutputFuzzFailure(description: "cannot start \(executable)")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }
}
