import Foundation
import RevealRender
import XCTest

/// `reveal-render swiftui` against view code that never returns, signals, limits and a damaged cache: every
/// run ends, on time, names what ended it, and leaves no process and no half-built cache entry behind.
final class HostileViewTests: WorkFolderTestCase {
    /// Views that misbehave, one per type, in one file (built once per view).
    private func views() throws -> String {
        try file(
            "Hostile.swift",
            """
            import Foundation
            import SwiftUI

            func spin() { var n = 0; while n >= 0 { n = (n &+ 1) & 0xffff } }

            struct BodyLoop: View {
                var body: some View {
                    spin()
                    return Text("never")
                }
            }

            struct TapLoop: View {
                var body: some View { Button("Spin") { spin() } }
            }

            struct TaskLoop: View {
                var body: some View { Text("task").task { spin() } }
            }

            struct DetachedLoop: View {
                var body: some View { Text("detached").onAppear { Task.detached { spin() } } }
            }

            struct Chain: View {
                @State private var count = 0
                var body: some View { Text("chain \\(count)").onAppear { tick() } }
                func tick() { DispatchQueue.main.async { count += 1; tick() } }
            }

            struct Sleeper: View {
                var body: some View { Button("Spin") { sleep(1000) } }
            }

            struct Hog: View {
                var body: some View {
                    Button("Spin") {
                        var kept: [[UInt8]] = []
                        while true { kept.append([UInt8](repeating: 1, count: 20_000_000)) }
                    }
                }
            }

            struct Scribbler: View {
                var body: some View {
                    Button("Spin") {
                        let junk = [UInt8](repeating: 0x5A, count: 300_000)
                        for fd in Int32(3)...Int32(200) { _ = junk.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) } }
                    }
                }
            }

            struct Crasher: View {
                @State private var items: [Int] = []
                var body: some View {
                    Button("Spin") {
                        print("about to fail")
                        fatalError("the counter went too far")
                    }
                }
            }
            """)
    }

    /// A tap on "Spin" at 0.2 s; frames until `until` (none: the end of what happens).
    private func script(until: Double? = nil, extra: String = "") throws -> String {
        let end = until.map { ", \"until\": \($0)" } ?? ""
        return try file(
            "spin-\(UUID().uuidString).json",
            #"{"width": 120, "height": 80, "scale": 1, "fps": 10, "safeArea": "none", "taps": [{"t": 0.2, "label": "Spin"}]"#
                + end + extra + "}")
    }

    func testCodeThatNeverReturnsIsStoppedAtItsBudgetNamingWhereItRan() throws {
        let source = try views()
        let script = try script()
        let cases = [
            ("BodyLoop", "in the body of BodyLoop, while evaluating the view at t = 0 s"),
            ("TapLoop", "while handling tap on \"Spin\" at t = 0.2 s"),
            ("TaskLoop", "while running a task or scheduled work at t = 0 s"),
            ("DetachedLoop", "while running a task or scheduled work at t = 0 s"),
        ]
        for (view, place) in cases {
            let run = try ViewRun(
                [
                    "swiftui", source, "--view", view, "--script", script, "--time-budget", "0.5", "--out",
                    work.path + "/" + view,
                ])
            XCTAssertEqual(run.wait(), 1, run.output)
            XCTAssertTrue(
                run.output.contains(
                    "reveal-render: the view's code ran for 0.5 s of CPU time without returning, \(place); raise its time budget with --time-budget or the script's timeBudget"
                ), run.output)
            XCTAssertFalse(FileManager.default.fileExists(atPath: work.path + "/\(view)/manifest.json"))
        }
    }

    func testTheScriptSetsTheTimeBudgetAndWaitingIsStoppedAtThreeTimesIt() throws {
        let source = try views()
        let run = try ViewRun(
            [
                "swiftui", source, "--view", "Sleeper", "--script", try script(extra: #", "timeBudget": 0.4"#), "--out",
                work.path + "/s",
            ])
        let started = Date()
        XCTAssertEqual(run.wait(), 1, run.output)
        XCTAssertTrue(
            run.output.contains(
                "the view's code waited 1.2 s without returning (three times its time budget of 0.4 s), while handling tap on \"Spin\" at t = 0.2 s"
            ), run.output)
        // Stopped near 1.2 s, long before the sleep's 1000 s (the build itself is cached by the run before).
        XCTAssertLessThan(Date().timeIntervalSince(started), 60)
    }

    func testWorkScheduledWithoutEndStopsAtTheJobBudget() throws {
        let source = try views()
        let run = try ViewRun(
            [
                "swiftui", source, "--view", "Chain", "--script", try script(extra: #", "jobsPerFrame": 500"#), "--out",
                work.path + "/c",
            ])
        XCTAssertEqual(run.wait(), 1, run.output)
        XCTAssertTrue(
            run.output.contains(
                "reveal-render: the view's code scheduled work without end: 500 jobs (task steps, DispatchQueue.main work) ran at t = 0 s without reaching the next frame; raise the budget with the script's jobsPerFrame or --jobs-per-frame"
            ), run.output)
    }

    func testTheMemoryCeilingIsNamedWhenTheViewsProgramReachesIt() throws {
        let run = try ViewRun(
            [
                "swiftui", try views(), "--view", "Hog", "--script", try script(), "--max-memory", "400M", "--out",
                work.path + "/h",
            ])
        XCTAssertEqual(run.wait(), 1, run.output)
        XCTAssertTrue(
            run.output.contains(
                "reveal-render: the view's program ran out of memory under its ceiling of 400 MiB (--max-memory) while handling tap on \"Spin\" at t = 0.2 s"
            ), run.output)
        let refused = try ViewRun([
            "swiftui", try views(), "--view", "Hog", "--max-memory", "lots", "--out", work.path + "/h",
        ])
        XCTAssertEqual(refused.wait(), 2, refused.output)
        XCTAssertTrue(refused.output.contains("--max-memory takes a size from 64M up with its unit"), refused.output)
    }

    func testBytesTheViewWritesOntoTheFrameStreamEndTheRunInsteadOfHangingIt() throws {
        let run = try ViewRun(
            [
                "swiftui", try views(), "--view", "Scribbler", "--script", try script(until: 2), "--out",
                work.path + "/g",
            ])
        XCTAssertEqual(run.wait(timeout: 60), 1, run.output)
        XCTAssertTrue(
            run.output.contains("reveal-render: the view's program sent bytes that are not part of a frame"), run.output
        )
    }

    func testACrashLeadsWithOurLineThenTheUsersPlaces() throws {
        let source = try views()
        let run = try ViewRun([
            "swiftui", source, "--view", "Crasher", "--script", try script(), "--out", work.path + "/x",
        ])
        XCTAssertEqual(run.wait(), 1, run.output)
        let lines = run.output.split(separator: "\n").map(String.init)
        // The view's own print comes through; then our line, the runtime's message at the user's path, and the
        // frames in the user's file (none of the runtime's or ours).
        let ours = try XCTUnwrap(
            lines.firstIndex { $0.hasPrefix("reveal-render: the view's code crashed") }, run.output)
        XCTAssertTrue(lines[..<ours].contains("about to fail"), "\(lines)")
        XCTAssertEqual(
            lines[ours],
            "reveal-render: the view's code crashed (SIGILL, a Swift runtime error such as a failed precondition) while handling tap on \"Spin\" at t = 0.2 s; no manifest was written"
        )
        let text = try String(contentsOfFile: source, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false)
        let line = try XCTUnwrap(text.firstIndex { $0.contains("fatalError(") }) + 1
        XCTAssertEqual(lines[ours + 1], "\(source):\(line): Fatal error: the counter went too far")
        XCTAssertTrue(lines[ours + 2].hasPrefix("  at \(source):\(line):"), run.output)
        XCTAssertTrue(lines[(ours + 2)...].allSatisfy { $0.hasPrefix("  at \(source):") }, run.output)
        XCTAssertFalse(run.output.contains("Current stack trace"), run.output)
        XCTAssertFalse(run.output.contains("Views/Hostile.swift"), run.output)
    }

    func testSigintAndSigtermStopTheWholeRunWithinASecondLeavingWholeFrames() throws {
        let source = try views()
        // Frames stream until the tap at 1 s starts an endless loop: the run is stopped there.
        let script = try file(
            "late.json",
            #"{"width": 120, "height": 80, "scale": 1, "fps": 10, "until": 5, "taps": [{"t": 1.0, "label": "Spin"}]}"#)
        for (signal, code) in [(SIGINT, Int32(130)), (SIGTERM, 143)] {
            let out = work.appendingPathComponent("frames-\(signal)")
            let run = try ViewRun(
                ["swiftui", source, "--view", "TapLoop", "--script", script, "--time-budget", "600", "--out", out.path])
            let program = try run.waitForDescendant(named: "view")
            try run.waitForFiles(in: out, count: 10)
            let sent = Date()
            run.signal(signal)
            XCTAssertEqual(run.wait(), code, run.output)
            XCTAssertLessThan(Date().timeIntervalSince(sent), 1.5)
            XCTAssertTrue(
                run.output.contains(
                    "reveal-render: stopped by \(signal == SIGINT ? "SIGINT" : "SIGTERM") after 10 of 51 frames; those frames are complete, no manifest was written"
                ), run.output)
            XCTAssertFalse(ViewRun.isAlive(program), "the view's program outlived the run")
            let frames = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
            XCTAssertEqual(frames, (0..<10).map { String(format: "frame-%05d.png", $0) })
            for frame in frames { XCTAssertNoThrow(try PNG.decode(contentsOf: out.path + "/" + frame)) }
        }
    }

    func testTheViewsProgramDiesWithItsParentWhateverKillsIt() throws {
        let run = try ViewRun(
            [
                "swiftui", try views(), "--view", "TapLoop", "--script", try script(), "--time-budget", "600", "--out",
                work.path + "/k",
            ])
        let program = try run.waitForDescendant(named: "view")
        run.signal(SIGKILL)
        _ = run.wait()
        let deadline = Date().addingTimeInterval(2)
        while ViewRun.isAlive(program) && Date() < deadline { usleep(10_000) }
        XCTAssertFalse(ViewRun.isAlive(program), "the view's program outlived its killed parent")
    }

    func testAStoppedCompileEndsTheCompilerAndWhatAKilledOneLeftIsRemovedNextRun() throws {
        let cache = work.appendingPathComponent("cache")
        let environment = ["XDG_CACHE_HOME": cache.path]
        // A file of its own, never built before: the compile is under way when the signal comes.
        let source = try file(
            "Fresh.swift", "import SwiftUI\nstruct Fresh: View { var body: some View { Text(\"\(UUID())\") } }\n")
        let run = try ViewRun(
            ["swiftui", source, "--view", "Fresh", "--time", "0", "--out", work.path + "/f.png"],
            environment: environment)
        // The frontend compiling the file (`-c`), not one of the driver's short queries.
        let compiler = try run.waitForDescendant(named: "swift-frontend", with: "-c", timeout: 120)
        run.signal(SIGINT)
        XCTAssertEqual(run.wait(), 130, run.output)
        XCTAssertTrue(
            run.output.contains("reveal-render: stopped by SIGINT before the first frame; nothing was written"),
            run.output)
        // Killed, not left to finish its file (which takes seconds with the compiler's module cache cold).
        usleep(50_000)
        XCTAssertFalse(ViewRun.isRunning(compiler), "the compiler outlived the run")
        // A build its process could not clean up (killed outright) is removed by the next run; one of a live
        // process is not.
        let building = cache.appendingPathComponent("reveal-render/building")
        let dead = building.appendingPathComponent("build-999999-1")
        let live = building.appendingPathComponent("build-\(getpid())-2")
        for folder in [dead, live] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data("half".utf8).write(to: folder.appendingPathComponent("view"))
        }
        let again = try ViewRun(
            ["swiftui", source, "--view", "Fresh", "--time", "0", "--out", work.path + "/f.png"],
            environment: environment)
        XCTAssertEqual(again.wait(timeout: 600), 0, again.output)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dead.path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: live.path))
    }

    func testFramesPixelsAndPointsPastTheLimitsAreRefusedBeforeTheViewIsBuilt() throws {
        // The file does not compile: each refusal comes before the build would have said so.
        let broken = try file(
            "Broken.swift", "import SwiftUI\nstruct Broken: View { var body: some View { Text(1) } }\n")
        let cases: [(String, [String], String)] = [
            (
                #"{"fps": 10, "until": 86400}"#, [],
                "until 86400 s at 10 fps makes 864001 frames, more than the limit of 100000 (--max-frames)"
            ),
            (
                #"{"fps": 10, "until": 2}"#, ["--max-frames", "20"],
                "until 2 s at 10 fps makes 21 frames, more than the limit of 20 (--max-frames)"
            ),
            (
                #"{"width": 20000, "height": 20000}"#, [],
                "width, height and scale make frames of 60000×60000 pixels, more than the limit of 100000000 (--max-pixels; sides at most 65536)"
            ),
            (
                #"{"width": 1000000, "height": 10, "scale": 1}"#, [],
                "width, height and scale make frames of 1000000×10 pixels, more than the limit of 100000000 (--max-pixels; sides at most 65536)"
            ),
            (
                #"{"width": 100, "height": 100, "scale": 1}"#, ["--max-pixels", "9999"],
                "width, height and scale make frames of 100×100 pixels, more than the limit of 9999 (--max-pixels; sides at most 65536)"
            ),
        ]
        for (text, flags, message) in cases {
            let script = try file("limits-\(UUID().uuidString).json", text)
            let run = try ViewRun(
                ["swiftui", broken, "--view", "Broken", "--script", script, "--out", work.path + "/l"] + flags)
            XCTAssertEqual(run.wait(), 2, run.output)
            // One line, naming the script (shortened when long) and the limit.
            XCTAssertTrue(run.output.hasSuffix(".json: \(message)\n"), run.output)
            XCTAssertEqual(run.output.split(separator: "\n").count, 1, run.output)
        }
        // Without an end in the script, the length is known once the view has played it: refused then.
        let (source, _) = try counter()
        let taps = try file("taps.json", #"{"fps": 10, "taps": [{"t": 3, "label": "Add"}]}"#)
        let run = try ViewRun(["swiftui", source, "--script", taps, "--max-frames", "5", "--out", work.path + "/m"])
        XCTAssertEqual(run.wait(), 2, run.output)
        XCTAssertTrue(
            run.output.contains(
                "taps.json: the view plays for 31 frames, more than the limit of 5 (--max-frames); give the script an \"until\""
            ), run.output)
        XCTAssertFalse(FileManager.default.fileExists(atPath: work.path + "/m"))
    }

    /// A counter with a `#Preview`.
    private func counter(named name: String = "Counter.swift") throws -> (source: String, type: String) {
        let type = "Counter" + String(name.unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) })
        let source = try file(
            name,
            """
            import SwiftUI

            struct \(type): View {
                @State private var count = 0
                var body: some View {
                    VStack {
                        Text("Count \\(count)")
                        Button("Add") { count += 1 }
                    }
                }
            }

            #Preview {
                \(type)()
            }
            """)
        return (source, type)
    }

    func testAPreviewWorksInAFileWhoseNameIsNoSwiftIdentifier() throws {
        for name in ["3-card view.swift", "03-badges.swift"] {
            let (source, _) = try counter(named: name)
            let still = work.appendingPathComponent("\(name).png")
            let run = try ViewRun(["swiftui", source, "--time", "0", "--scale", "1", "--out", still.path])
            XCTAssertEqual(run.wait(timeout: 600), 0, run.output)
            XCTAssertNoThrow(try PNG.decode(contentsOf: still.path))
        }
    }

    func testADamagedCacheEntryIsBuiltAgainNeverRun() throws {
        let cache = try ViewRun.sharedCache()
        let environment = ["XDG_CACHE_HOME": cache]
        let (source, _) = try counter(named: "Damaged\(UUID().uuidString.prefix(8)).swift")
        let reference = work.appendingPathComponent("reference.png")
        let first = try ViewRun(
            ["swiftui", source, "--time", "0", "--scale", "1", "--out", reference.path], environment: environment)
        XCTAssertEqual(first.wait(timeout: 600), 0, first.output)
        let views = cache + "/reveal-render/views"
        let entry = try XCTUnwrap(
            try FileManager.default.contentsOfDirectory(atPath: views).map { views + "/" + $0 + "/view" }
                .max { modified($0) < modified($1) })
        let plugins = cache + "/reveal-render/plugins"
        let pluginFiles = try FileManager.default.contentsOfDirectory(atPath: plugins).map {
            plugins + "/" + $0 + "/RevealPreviewMacros"
        }
        let damages: [(String, (String) throws -> Void)] = [
            (
                "truncated",
                { path in
                    try Data(try Data(contentsOf: URL(fileURLWithPath: path)).prefix(4_000)).write(
                        to: URL(fileURLWithPath: path))
                }
            ),
            ("junk", { path in try Data("not a program".utf8).write(to: URL(fileURLWithPath: path)) }),
            ("without its record", { path in try FileManager.default.removeItem(atPath: path + ".record") }),
        ]
        for (damage, apply) in damages {
            try apply(entry)
            // The plugin too, each time: a junk plugin must not read as a compile error in the user's file.
            for plugin in pluginFiles { try Data("junk".utf8).write(to: URL(fileURLWithPath: plugin)) }
            let still = work.appendingPathComponent("\(damage).png")
            let run = try ViewRun(
                ["swiftui", source, "--time", "0", "--scale", "1", "--out", still.path], environment: environment)
            XCTAssertEqual(run.wait(timeout: 600), 0, "\(damage): \(run.output)")
            XCTAssertEqual(try PNG.decode(contentsOf: still.path), try PNG.decode(contentsOf: reference.path), damage)
        }
    }

    func testACacheThatCannotBeWrittenFallsBackToATemporaryBuildWithAWarning() throws {
        let (source, _) = try counter(named: "Fallback.swift")
        // A file where the cache's folder would be.
        let blocked = work.appendingPathComponent("blocked")
        try Data().write(to: blocked)
        var run = try ViewRun(
            ["swiftui", source, "--time", "0", "--scale", "1", "--out", work.path + "/a.png"],
            environment: ["XDG_CACHE_HOME": blocked.path])
        XCTAssertEqual(run.wait(timeout: 600), 0, run.output)
        XCTAssertTrue(
            run.output.hasPrefix(
                "reveal-render: warning: cannot write the build cache at \(displayPath(blocked.path + "/reveal-render")) (Not a directory); building in a temporary folder for this run\n"
            ), run.output)
        // A read-only file system (a bind mount of a private mount namespace: root may write anywhere else).
        let readOnly = work.appendingPathComponent("read-only")
        try FileManager.default.createDirectory(at: readOnly, withIntermediateDirectories: true)
        guard ViewRun.canMountReadOnly(readOnly.path) else {
            throw XCTSkip("no private mount namespace here for a read-only cache")
        }
        run = try ViewRun(
            ["swiftui", source, "--time", "0", "--scale", "1", "--out", work.path + "/b.png"],
            environment: ["XDG_CACHE_HOME": readOnly.path], readOnly: readOnly.path)
        XCTAssertEqual(run.wait(timeout: 600), 0, run.output)
        XCTAssertTrue(
            run.output.contains(
                "reveal-render: warning: cannot write the build cache at \(displayPath(readOnly.path + "/reveal-render")) (Read-only file system); building in a temporary folder for this run"
            ), run.output)
        XCTAssertEqual(
            try PNG.decode(contentsOf: work.path + "/a.png"), try PNG.decode(contentsOf: work.path + "/b.png"))
    }

    func testTheCacheCommandSaysWhereAndHowMuchAndClears() throws {
        let cache = work.appendingPathComponent("cache")
        let environment = ["XDG_CACHE_HOME": cache.path]
        let (source, type) = try counter(named: "Cached.swift")
        let built = try ViewRun(
            ["swiftui", source, "--view", type, "--time", "0", "--scale", "1", "--out", work.path + "/c.png"],
            environment: environment)
        XCTAssertEqual(built.wait(timeout: 600), 0, built.output)
        var run = try ViewRun(["cache"], environment: environment)
        XCTAssertEqual(run.wait(), 0, run.output)
        XCTAssertTrue(
            run.output.hasPrefix("\(displayPath(cache.path + "/reveal-render")): 1 view and 1 #Preview plugin built, "),
            run.output)
        XCTAssertFalse(run.output.contains(" 0 bytes"), run.output)
        run = try ViewRun(["cache", "--clear"], environment: environment)
        XCTAssertEqual(run.wait(), 0, run.output)
        XCTAssertEqual(
            run.output,
            "\(displayPath(cache.path + "/reveal-render")): 0 views and 0 #Preview plugins built, 0 bytes (cleared)\n")
    }

    func testTheCompilersTemporaryFoldersAreRemoved() throws {
        let temporary = work.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let source = try file(
            "Tidy.swift", "import SwiftUI\nstruct Tidy: View { var body: some View { Text(\"\(UUID())\") } }\n")
        let run = try ViewRun(
            ["swiftui", source, "--view", "Tidy", "--time", "0", "--out", work.path + "/t.png"],
            environment: ["TMPDIR": temporary.path])
        XCTAssertEqual(run.wait(timeout: 600), 0, run.output)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: temporary.path), [])
    }

    private func modified(_ path: String) -> Date {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date) ?? .distantPast
    }
}

/// The release `reveal-render` run in the background: its output (both streams, in a file), its exit status
/// with a timeout, signals, and the processes it starts, found through `/proc`.
final class ViewRun {
    private let process = Process()
    private let log: URL

    /// Starts `reveal-render arguments` with `environment` added to ours; `readOnly`, a folder mounted read-only
    /// for it (in a private mount namespace, through `unshare`).
    init(_ arguments: [String], environment: [String: String] = [:], readOnly: String? = nil) throws {
        let binary = try ReleaseBinary.url()
        log = FileManager.default.temporaryDirectory.appendingPathComponent("run-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        if let readOnly {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
            process.arguments =
                ["-m", "sh", "-c", "mount --bind -o ro \"$0\" \"$0\" && exec \"$@\"", readOnly, binary.path] + arguments
        } else {
            process.executableURL = binary
            process.arguments = arguments
        }
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        try handle.close()
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        try? FileManager.default.removeItem(at: log)
    }

    /// Everything it printed so far.
    var output: String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }

    /// Its exit status (128 + the signal that killed it); it is killed after `timeout` seconds.
    func wait(timeout: Double = 120) -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(5_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            XCTFail("reveal-render \(process.arguments ?? []) still ran after \(timeout) s:\n\(output)")
        }
        process.waitUntilExit()
        return process.terminationReason == .uncaughtSignal
            ? 128 + process.terminationStatus : process.terminationStatus
    }

    func signal(_ number: Int32) { kill(process.processIdentifier, number) }

    /// The first process below this one whose name (`/proc/PID/comm`) is `name`, and whose arguments include
    /// `argument` when one is given, waiting for it to start.
    func waitForDescendant(named name: String, with argument: String? = nil, timeout: Double = 600) throws -> pid_t {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline && process.isRunning {
            let found = ViewRun.descendants(of: process.processIdentifier).first { pid in
                guard ViewRun.name(pid) == name else { return false }
                guard let argument else { return true }
                return ViewRun.read("/proc/\(pid)/cmdline")?.split(separator: "\0").contains(Substring(argument))
                    == true
            }
            if let found { return found }
            usleep(10_000)
        }
        throw XCTSkip("no \(name) process appeared below reveal-render:\n\(output)")
    }

    /// Waits until `folder` holds `count` files.
    func waitForFiles(in folder: URL, count: Int, timeout: Double = 600) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            if names.filter({ $0.hasPrefix("frame-") }).count >= count { return }
            usleep(10_000)
        }
        XCTFail("\(folder.path) never held \(count) frames:\n\(output)")
    }

    /// Whether `pid` is a process that has not ended (a zombie has).
    static func isAlive(_ pid: pid_t) -> Bool {
        guard let stat = read("/proc/\(pid)/stat"), let close = stat.lastIndex(of: ")") else { return false }
        let state = stat[stat.index(close, offsetBy: 2)]
        return state != "Z" && state != "X"
    }

    /// Whether `pid` still runs the program it ran (a zombie reparented elsewhere has ended).
    static func isRunning(_ pid: pid_t) -> Bool { isAlive(pid) }

    static func name(_ pid: pid_t) -> String? {
        read("/proc/\(pid)/comm")?.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Every process below `root`.
    static func descendants(of root: pid_t) -> [pid_t] {
        var children: [pid_t: [pid_t]] = [:]
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = pid_t(entry), let stat = read("/proc/\(entry)/stat"), let close = stat.lastIndex(of: ")")
            else { continue }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count > 1, let parent = pid_t(fields[1]) { children[parent, default: []].append(pid) }
        }
        var found: [pid_t] = []
        var queue = [root]
        while let pid = queue.popLast() {
            for child in children[pid] ?? [] {
                found.append(child)
                queue.append(child)
            }
        }
        return found
    }

    /// A /proc file, read to its end (Foundation's readers see a size of 0 and read nothing).
    static func read(_ path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        return (try? handle.readToEnd()).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Whether a private mount namespace can mount `folder` read-only here.
    static func canMountReadOnly(_ folder: String) -> Bool {
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        probe.arguments = [
            "-m", "sh", "-c", "mount --bind -o ro \"$0\" \"$0\" && ! touch \"$0/probe\" 2>/dev/null", folder,
        ]
        probe.standardOutput = FileHandle.nullDevice
        probe.standardError = FileHandle.nullDevice
        guard (try? probe.run()) != nil else { return false }
        probe.waitUntilExit()
        return probe.terminationStatus == 0
    }

    /// A cache folder the cache tests share across runs of the suite, so that the compiler's own module cache
    /// (under it) is built once.
    static func sharedCache() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reveal-render-test-cache").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }
}
