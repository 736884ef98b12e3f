/// The malformed-input corpus: every file in `Tests/Corpus/stroke` and `Tests/Corpus/circle` (written by
/// `Scripts/make-corpus`, each with a `.expect` sidecar) must be refused.
///
/// Run through the built `reveal-render` (several at once), each must exit 2 (not die of a signal) within
/// `HostileInput.timeout` seconds, print exactly one line on standard error that starts with the file's
/// path and names the expected JSON path and reason, and leave the `--out` folder uncreated. The same
/// files go through `ScratchSceneFile.decode` / `CircleSceneFile.decode` in-process, which must throw a
/// `SceneError` with that path and reason. Inputs too large to commit (millions of points, 100,000
/// levels of nesting, a 257 MiB file) are generated in a temporary folder and checked the same way.
///
/// `HostileInput` is shared with the PNG hostile-input tests.
import Foundation
import RevealTestSupport
import XCTest

@testable import RevealRender

/// Runs `reveal-render` on inputs that must be refused and checks how it refuses them.
enum HostileInput {
    /// A run still going after this many seconds is killed and counts as a hang. A guard against
    /// hangs, not a speed target (those are `Scripts/bench limits`, in release): the debug build takes
    /// 8–10 s to read the 17 MB million-point file on a loaded 2-core machine, so 10 s failed by chance.
    static let timeout: TimeInterval = 30
    /// How many runs go at once.
    static let workers = 4

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    typealias Run = Subprocess.Result

    /// `reveal-render` (or another product) in the products folder that holds the test bundle.
    static func executable(_ name: String = "reveal-render") throws -> URL {
        try Subprocess.product(name)
    }

    /// Runs `reveal-render args` (or `program`), killing it after `timeout` seconds.
    static func run(
        _ args: [String], scratch: URL, timeout: TimeInterval = timeout,
        program: String = "reveal-render"
    ) throws -> Run {
        try Subprocess.run(try executable(program), args, scratch: scratch, timeout: timeout)
    }

    /// What is wrong with a run that should have refused `file`: exit 2, one line starting with
    /// `file`, naming `path` (unless empty) and containing `reason`, and no `out` folder. Empty when fine.
    static func problems(_ run: Run, file: String, path: String, reason: String, out: URL) -> [String] {
        var problems: [String] = []
        if run.timedOut {
            problems.append("still running after \(Int(timeout)) s (killed)")
        } else if run.killedBySignal {
            problems.append("died of signal \(run.status)")
        } else if run.status != 2 {
            problems.append("exit status \(run.status), expected 2")
        }
        let lines = run.stderrLines
        if lines.count != 1 {
            problems.append(
                "\(lines.count) lines on standard error, expected 1: \(run.stderr.prefix(600).debugDescription)")
        } else {
            let line = lines[0]
            if !line.hasPrefix(displayPath(file) + ": ") {
                problems.append("the line does not start with the file's path: \(line.prefix(400).debugDescription)")
            }
            if !path.isEmpty && !line.contains(": " + path + ": ") {
                problems.append("the line does not name the JSON path \(path): \(line.prefix(400).debugDescription)")
            }
            if !line.contains(reason) {
                problems.append(
                    "the line does not say \(reason.debugDescription): \(line.prefix(400).debugDescription)")
            }
        }
        if FileManager.default.fileExists(atPath: out.path) {
            problems.append("wrote \(out.path)")
        }
        return problems
    }

    /// Calls `body` for every index in `0..<count` on `workers` threads; returns the non-nil results in
    /// index order.
    static func concurrently(_ count: Int, workers: Int = workers, _ body: @escaping @Sendable (Int) -> String?)
        -> [String]
    {
        let state = WorkQueue(count: count)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while let index = state.take() {
                state.record(body(index), at: index)
            }
        }
        return state.results.compactMap { $0 }
    }

    /// Hands out indices and collects results under a lock.
    private final class WorkQueue: @unchecked Sendable {
        private let lock = NSLock()
        private let count: Int
        private var next = 0
        private(set) var results: [String?]

        init(count: Int) {
            self.count = count
            results = [String?](repeating: nil, count: count)
        }

        func take() -> Int? {
            lock.withLock {
                guard next < count else { return nil }
                defer { next += 1 }
                return next
            }
        }

        func record(_ result: String?, at index: Int) {
            lock.withLock { results[index] = result }
        }
    }

    /// A fresh temporary folder; the caller removes it.
    static func scratchFolder(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "\(name)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// One file of the corpus and what its sidecar expects.
struct CorpusCase {
    /// The corpus's folders, named as the flags that read their files (`--stroke`, `--circle`).
    enum Kind: String, CaseIterable {
        case stroke, circle
        var flag: String { "--" + rawValue }
        /// The kind of scene the folder's files are.
        var format: SceneFormat? { SceneFormat.flagged(flag) }
    }

    let kind: Kind
    let url: URL
    /// The JSON path the message must name ("" for syntax errors and whole-file problems).
    let path: String
    /// A substring of the message.
    let reason: String
    /// Whether the decoder throws ("decode") or accepts the file for the command line to refuse ("cli").
    let stage: String

    var name: String { kind.rawValue + "/" + url.lastPathComponent }

    static let folder = URL(fileURLWithPath: Repository.root).appendingPathComponent("Tests/Corpus")

    /// Every corpus file with its expectation; a file without a readable sidecar is an error.
    static func all() throws -> [CorpusCase] {
        var cases: [CorpusCase] = []
        for kind in Kind.allCases {
            let dir = folder.appendingPathComponent(kind.rawValue)
            for name in try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
            where name.hasSuffix(".json") {
                let url = dir.appendingPathComponent(name)
                let sidecar = url.deletingPathExtension().appendingPathExtension("expect")
                guard let data = FileManager.default.contents(atPath: sidecar.path),
                    let expect = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                    let path = expect["path"] as? String, let reason = expect["reason"] as? String,
                    let stage = expect["stage"] as? String, stage == "decode" || stage == "cli", !reason.isEmpty
                else {
                    throw HostileInput.Failure(description: "\(sidecar.path) is missing or malformed")
                }
                cases.append(CorpusCase(kind: kind, url: url, path: path, reason: reason, stage: stage))
            }
        }
        return cases
    }

    /// Decodes `bytes` as this kind of scene, as the command line would load `file`.
    static func decode(_ kind: Kind, _ bytes: [UInt8], file: String) throws(SceneError) {
        let directory = (file as NSString).deletingLastPathComponent
        guard let format = kind.format else {
            throw SceneError(file: file, path: "", message: "no scene format reads \(kind.flag)")
        }
        _ = try format.decode(bytes, file: file, baseDirectory: directory)
    }
}

final class CorpusTests: XCTestCase {
    private var scratch: URL!

    override func setUpWithError() throws {
        try super.setUpWithError()
        scratch = try HostileInput.scratchFolder("CorpusTests")
    }

    override func tearDownWithError() throws {
        if let scratch { try? FileManager.default.removeItem(at: scratch) }
        try super.tearDownWithError()
    }

    /// Runs the command line on every file of `cases` (`kind`, file, path, reason) and fails once,
    /// listing every file that was not refused properly.
    /// Each case run through the command line must be refused as `HostileInput.problems` says, and,
    /// with `maxMemory`, peak at no more than that many bytes of resident memory.
    private func assertRefused(
        _ cases: [(kind: CorpusCase.Kind, file: String, path: String, reason: String)],
        maxMemory: Int? = nil, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        _ = try HostileInput.executable()
        let scratch = self.scratch!
        let failures = HostileInput.concurrently(cases.count) { index in
            let c = cases[index]
            let out = scratch.appendingPathComponent("out-\(index)", isDirectory: true)
            do {
                let run = try HostileInput.run([c.kind.flag, c.file, "--out", out.path], scratch: scratch)
                var problems = HostileInput.problems(run, file: c.file, path: c.path, reason: c.reason, out: out)
                if let maxMemory, run.peakMemory > maxMemory {
                    problems.append("peaked at \(run.peakMemory >> 20) MiB, more than \(maxMemory >> 20) MiB")
                }
                return problems.isEmpty
                    ? nil : "\((c.file as NSString).lastPathComponent): " + problems.joined(separator: "; ")
            } catch {
                return "\((c.file as NSString).lastPathComponent): could not run: \(error)"
            }
        }
        XCTAssert(
            failures.isEmpty,
            "\(failures.count) of \(cases.count) files were not refused properly:\n"
                + failures.joined(separator: "\n"), file: file, line: line)
    }

    // MARK: - The committed corpus

    func testCorpusIsLargeAndCoversBothFormats() throws {
        let cases = try CorpusCase.all()
        XCTAssertGreaterThanOrEqual(cases.count, 250)
        XCTAssertGreaterThanOrEqual(cases.filter { $0.kind == .circle }.count, 50)
        // Every category the corpus promises is there (see Scripts/make-corpus).
        for prefix in [
            "syntax-truncated", "syntax-trailing-comma", "syntax-line-comment", "syntax-single-quoted",
            "syntax-number-nan", "syntax-number-leading-zero", "syntax-string-control", "encoding-utf16le-bom",
            "encoding-lone-continuation", "syntax-empty", "syntax-whitespace-only", "syntax-garbage-after",
            "syntax-duplicate-key", "syntax-nesting-200", "type-", "range-", "order-overlapping",
            "order-backwards", "name-color", "name-curve", "name-unit-point", "name-action",
            "name-content-mode", "field-", "gradient-empty", "missing-", "image-missing", "image-not-png",
            "image-bomb", "limit-",
        ] {
            XCTAssert(
                cases.contains { $0.url.lastPathComponent.hasPrefix(prefix) }, "no corpus file starts with \(prefix)")
        }
    }

    /// The scenes the corpus mutates are valid, so each refusal comes from its one mutation.
    func testUnmutatedScenesLoadAndRender() throws {
        let valid = CorpusCase.folder.appendingPathComponent("valid")
        let names = try FileManager.default.contentsOfDirectory(atPath: valid.path).filter { $0.hasSuffix(".json") }
            .sorted()
        XCTAssertEqual(names.count, 8)
        for name in names {
            let path = valid.appendingPathComponent(name).path
            let kind: CorpusCase.Kind = name.hasPrefix("circle") ? .circle : .stroke
            XCTAssertNoThrow(
                try CorpusCase.decode(kind, [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))), file: path), name
            )
            let out = scratch.appendingPathComponent("valid-\(name)", isDirectory: true)
            let run = try HostileInput.run([kind.flag, path, "--out", out.path, "--quiet"], scratch: scratch)
            XCTAssertEqual(run.status, 0, "\(name): \(run.stderr)")
            XCTAssert(FileManager.default.fileExists(atPath: out.appendingPathComponent("manifest.json").path), name)
        }
    }

    func testDecodersRefuseEveryCorpusFileWithPathAndReason() throws {
        var failures: [String] = []
        let cases = try CorpusCase.all()
        for c in cases {
            let bytes = [UInt8](try Data(contentsOf: c.url))
            do {
                try CorpusCase.decode(c.kind, bytes, file: c.url.path)
                if c.stage == "decode" { failures.append("\(c.name): decoded without an error") }
            } catch {
                if c.stage == "cli" {
                    failures.append("\(c.name): the decoder refused a file only the command line should: \(error)")
                    continue
                }
                var problems: [String] = []
                if error.file != c.url.path { problems.append("file \(error.file.debugDescription)") }
                if error.path != c.path {
                    problems.append("path \(error.path.debugDescription), expected \(c.path.debugDescription)")
                }
                if !error.message.contains(c.reason) {
                    problems.append(
                        "message \(error.message.debugDescription) does not contain \(c.reason.debugDescription)")
                }
                if error.description.contains("\n") || error.description.contains("\r") {
                    problems.append("the description is more than one line")
                }
                if !problems.isEmpty { failures.append("\(c.name): " + problems.joined(separator: "; ")) }
            }
        }
        XCTAssert(failures.isEmpty, "\(failures.count) of \(cases.count) files:\n" + failures.joined(separator: "\n"))
    }

    func testCommandLineRefusesEveryCorpusFile() throws {
        let cases = try CorpusCase.all()
        try assertRefused(cases.map { ($0.kind, $0.url.path, $0.path, $0.reason) })
    }

    /// What the fuzzers found (Tests/Corpus/crashes) replays through the same functions, built
    /// without sanitizers: no trap, no hang. (`Scripts/fuzz` replays them with the sanitizers.)
    func testFuzzerFindingsReplayCleanly() throws {
        let crashes = CorpusCase.folder.appendingPathComponent("crashes")
        let names = try FileManager.default.contentsOfDirectory(atPath: crashes.path).sorted()
        XCTAssertFalse(names.isEmpty)
        for target in ["scene", "png"] {
            let files = names.filter { $0.hasPrefix(target + "-") }.map { crashes.appendingPathComponent($0).path }
            guard !files.isEmpty else { continue }
            let run = try HostileInput.run([target] + files, scratch: scratch, program: "fuzz")
            XCTAssert(
                !run.timedOut && !run.killedBySignal && run.status == 0,
                "fuzz \(target) on \(files.count) files: status \(run.status), \(run.stderr.prefix(2000))")
        }
    }

    // MARK: - Generated here: too large to commit

    private func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        let url = scratch.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    private func repeated(_ element: String, _ count: Int, separator: String = ",") -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity((element.utf8.count + separator.utf8.count) * count)
        for i in 0..<count {
            if i > 0 { bytes.append(contentsOf: separator.utf8) }
            bytes.append(contentsOf: element.utf8)
        }
        return bytes
    }

    /// Every count limit reached exactly is accepted (and one more is refused, above and in the corpus).
    func testScenesAtEveryLimitAreAccepted() throws {
        func decode(_ kind: CorpusCase.Kind, _ text: [UInt8]) throws {
            try CorpusCase.decode(kind, text, file: "./at-limit.json")
        }
        let half = SceneLimits.maxPoints / 2
        try decode(
            .stroke,
            Array(#"{"width": 1, "height": 1, "strokes": [{"points": ["#.utf8) + repeated("[0,0,0]", half)
                + Array(#"]}, {"points": ["#.utf8) + repeated("[0,0,1]", half) + Array("]}]}".utf8))
        try decode(
            .stroke,
            Array(#"{"width": 1, "height": 1, "strokes": ["#.utf8)
                + repeated(#"{"points": [[0, 0, 0]]}"#, SceneLimits.maxStrokes) + Array("]}".utf8))
        try decode(
            .stroke,
            Array(#"{"width": 1, "height": 1, "actions": ["#.utf8)
                + repeated(#"{"t": 1, "type": "reveal"}"#, SceneLimits.maxActions) + Array("]}".utf8))
        try decode(
            .circle,
            Array(#"{"width": 1, "height": 1, "toggles": ["#.utf8) + repeated("0", SceneLimits.maxToggles)
                + Array("]}".utf8))
        try decode(
            .stroke,
            Array(#"{"width": 1, "height": 1, "content": {"linearGradient": {"colors": ["#.utf8)
                + repeated(#""red""#, SceneLimits.maxGradientStops) + Array("]}}}".utf8))
        try decode(.stroke, Array(#"{"width": 1, "height": 1, "shadow": {"radius": 1000}, "padding": 10000}"#.utf8))
    }

    func testHugeAndDeepInputsAreRefusedQuickly() throws {
        var cases: [(kind: CorpusCase.Kind, file: String, path: String, reason: String)] = []
        func add(_ kind: CorpusCase.Kind, _ name: String, _ bytes: [UInt8], _ path: String, _ reason: String) throws {
            cases.append((kind, try write(name, bytes), path, reason))
        }

        // A stroke of a million points (17 MB) whose last time is a string.
        let points = 1_000_000
        var stroke = Array(#"{"width": 300, "height": 200, "strokes": [{"points": ["#.utf8)
        stroke.reserveCapacity(18 * points)
        for i in 0..<points - 1 {
            let hundredths = i % 100
            stroke += Array("[\(i % 300),\(i % 200),\(i / 100).\(hundredths < 10 ? "0" : "")\(hundredths)],".utf8)
        }
        stroke += Array(#"[1, 1, "later"]]}]}"#.utf8)
        try add(
            .stroke, "points-1000000.json", stroke, "strokes[0].points[\(points - 1)][2]",
            "expected a number, found a string")

        // 100,000 levels of nesting, opened and never closed, and opened and closed.
        try add(
            .stroke, "nesting-100000-open.json", [UInt8](repeating: UInt8(ascii: "["), count: 100_000), "",
            "line 1, column 129: nesting deeper than 128 levels")
        try add(
            .circle, "nesting-100000.json",
            Array(#"{"width": 1, "height": 1, "base": "#.utf8)
                + repeated(#"{"a": "#, 100_000, separator: "") + Array("1".utf8)
                + [UInt8](repeating: UInt8(ascii: "}"), count: 100_001),
            "", "nesting deeper than 128 levels")

        // Arrays just over their limits: refused while parsing, at the array's path.
        try add(
            .stroke, "strokes-100001.json",
            Array(#"{"width": 1, "height": 1, "strokes": ["#.utf8) + repeated("1", 100_001) + Array("]}".utf8),
            "strokes", "more than 100000 strokes, the most a scene may have")
        try add(
            .stroke, "actions-100001.json",
            Array(#"{"width": 1, "height": 1, "actions": ["#.utf8) + repeated(#"{"t": 1, "type": "reveal"}"#, 100_001)
                + Array("]}".utf8),
            "actions", "more than 100000 actions, the most a scene may have")
        try add(
            .circle, "toggles-100001.json",
            Array(#"{"width": 1, "height": 1, "toggles": ["#.utf8) + repeated("0", 100_001) + Array("]}".utf8),
            "toggles", "more than 100000 toggles, the most a scene may have")
        // One point over the limit, spread over two strokes: the points of all strokes count together.
        let half = SceneLimits.maxPoints / 2
        try add(
            .stroke, "points-1000001.json",
            Array(#"{"width": 1, "height": 1, "strokes": [{"points": ["#.utf8)
                + repeated("[0,0,0]", half) + Array(#"]}, {"points": ["#.utf8) + repeated("[0,0,0]", half + 1)
                + Array("]}]}".utf8),
            "strokes[1].points", "more than 1000000 points in all strokes, the most a scene may have")
        // Values that are nobody's field still count: a document cannot fill memory under an unknown key.
        try add(
            .circle, "junk-values.json",
            Array(#"{"width": 1, "height": 1, "junk": ["#.utf8) + repeated("1", 6_000_000) + Array("]}".utf8),
            "junk", "the document holds more values than a scene can use")

        // A 1 MB color name: the message stays short.
        try add(
            .stroke, "long-color.json",
            Array(#"{"width": 1, "height": 1, "content": ""#.utf8)
                + [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 20) + Array(#""}"#.utf8),
            "content", "unknown color \"xxxx")
        // A 1 MB key.
        try add(
            .circle, "long-key.json",
            Array(#"{"width": 1, "height": 1, ""#.utf8)
                + [UInt8](repeating: UInt8(ascii: "k"), count: 1 << 20) + Array(#"": 1}"#.utf8),
            "", "unknown field \"kkkk")
        // A million spaces and then an error: the column is counted.
        try add(
            .stroke, "long-line.json", Array("{".utf8) + [UInt8](repeating: 0x20, count: 1_000_000) + Array("}}".utf8),
            "", "line 1, column 1000003: unexpected '}' after the end of the JSON value")

        // A file larger than a scene may be (sparse: nothing is written to disk).
        let big = scratch.appendingPathComponent("larger-than-64MiB.json")
        _ = FileManager.default.createFile(atPath: big.path, contents: nil)
        XCTAssertEqual(truncate(big.path, off_t(SceneLimits.maxFileBytes + 1)), 0)
        cases.append(
            (
                .stroke, big.path, "",
                "file is \(SceneLimits.maxFileBytes + 1) bytes, more than the \(SceneLimits.maxFileBytes) a scene may have"
            ))
        // A file that reports no size and goes on (as /proc files do): counted as it is read.
        cases.append(
            (
                .stroke, "/proc/self/pagemap", "",
                "more than \(SceneLimits.maxFileBytes) bytes, more than the \(SceneLimits.maxFileBytes) a scene may have"
            ))

        // Scene paths that are not files.
        cases.append(
            (
                .stroke, scratch.appendingPathComponent("missing.json").path, "",
                "cannot read the file: No such file or directory"
            ))
        let folder = scratch.appendingPathComponent("a-folder.json", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        cases.append((.circle, folder.path, "", "is a folder, not a scene file"))

        // Refused before their values fill memory: the largest file here is 26 MB.
        try assertRefused(cases, maxMemory: 100 << 20)
        let messages = try cases.filter { $0.file.hasSuffix("long-color.json") || $0.file.hasSuffix("long-key.json") }
            .map { c in
                try HostileInput.run(
                    [c.kind.flag, c.file, "--out", scratch.appendingPathComponent("o").path], scratch: scratch
                ).stderr
            }
        for message in messages {
            XCTAssertLessThan(message.utf8.count, 2000, "a message quoting a 1 MB string should be short")
        }
    }
}
