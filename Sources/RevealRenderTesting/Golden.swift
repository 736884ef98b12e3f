import Foundation
import RevealRender

/// The files written for a golden that did not match, for people and CI to look at.
public struct GoldenArtifacts: Equatable, Sendable {
    /// The golden as it was before this run; nil when there was none or it could not be read.
    public var expected: String?
    /// The image the test produced.
    public var actual: String
    /// Differences in red over a faded copy of the golden; nil without a golden or when sizes differ.
    public var diff: String?

    /// Artifacts at the given paths: `expected` and `diff` nil when that file was not written.
    public init(expected: String?, actual: String, diff: String?) {
        self.expected = expected
        self.actual = actual
        self.diff = diff
    }
}

/// What a golden check found and did. The test fails unless `passed`.
public struct GoldenResult: Equatable, Sendable {
    /// How a golden check ended: matched, recorded or failed.
    public enum Outcome: Equatable, Sendable {
        /// The image matches the golden under the options.
        case matched
        /// The golden was written (created or replaced) under the record mode; the check fails.
        case recorded
        /// The image does not match, the golden is missing and recording is off, or something
        /// could not be read or written.
        case failed
    }

    /// How the check ended; only `matched` passes.
    public var outcome: Outcome
    /// The golden's path (empty when the name is not usable).
    public var goldenPath: String
    /// The comparison with the golden, when there was a golden to compare with.
    public var comparison: Comparison?
    /// The expected, actual and diff files, when the check wrote them.
    public var artifacts: GoldenArtifacts?
    /// The failure message; a one-line confirmation when it matched.
    public var message: String

    /// Whether the test passes: true only when the image matched the golden.
    public var passed: Bool { outcome == .matched }
}

/// Golden images kept beside the tests' sources: found from the test file's path, never from bundle
/// resources (recording into a bundle's copy would be lost).
///
/// This is the engine under `assertGolden` (XCTest) and `expectGolden` (Swift Testing); it reports
/// instead of failing, so it can be used with any test framework.
public enum Golden {
    /// `Tests/__Goldens__/<target>/<test file's name without extension>` for a test file in SwiftPM's layout
    /// (`Tests/<target>/…/<File>.swift`, the last `Tests` folder on its path): outside every target's folder,
    /// so SwiftPM neither warns about the images nor needs an `exclude` for them, and unique, as a module
    /// holds one file of a name. A file under no `Tests` folder keeps them beside it, in
    /// `<folder>/__Goldens__/<name>`.
    public static func directory(forTestFile testFile: String) -> String {
        let url = URL(fileURLWithPath: testFile).standardized
        let name = url.deletingPathExtension().lastPathComponent
        let parts = url.pathComponents
        if let tests = parts.dropLast(2).lastIndex(of: "Tests") {
            let root = NSString.path(withComponents: Array(parts[...tests]))
            return root + "/__Goldens__/" + parts[tests + 1] + "/" + name
        }
        return url.deletingLastPathComponent().appendingPathComponent("__Goldens__").appendingPathComponent(name).path
    }

    /// Checks `actual` against the golden `name` as the assertions do: in `directory` when given (a
    /// relative one is taken from the test file's folder), else in `directory(forTestFile:)`; with
    /// `settings`, else those of the environment (`GoldenSettings.current()`). `test` names the test in
    /// the artifacts folder's page of failures.
    public static func verify(
        _ actual: Pixmap, named name: String, options: ComparisonOptions = .init(),
        directory: String? = nil, settings: GoldenSettings? = nil, testFile: String, test: String? = nil
    ) -> GoldenResult {
        switch resolve(directory: directory, settings: settings, testFile: testFile) {
        case .success((let folder, let resolved)):
            return verify(actual, named: name, in: folder, options: options, settings: resolved, test: test)
        case .failure(let failed): return failed.result
        }
    }

    /// The golden folder (`directory`, relative to the test file's folder, or `directory(forTestFile:)`)
    /// and the settings (`settings`, or the environment's).
    static func resolve(directory: String?, settings: GoldenSettings?, testFile: String) -> Result<
        (String, GoldenSettings), Unusable
    > {
        let folder: String
        if let directory {
            folder =
                directory.hasPrefix("/")
                ? directory
                : URL(fileURLWithPath: testFile).deletingLastPathComponent().appendingPathComponent(directory)
                    .standardized.path
        } else {
            folder = Golden.directory(forTestFile: testFile)
        }
        if let settings { return .success((folder, settings)) }
        do throws(GoldenSettingsError) {
            return .success((folder, try GoldenSettings.current()))
        } catch {
            return .failure(Unusable(error.description))
        }
    }

    /// `name` without `suffix`, when it is a usable golden name: a file name, subfolders allowed, no `..`.
    static func stem(of name: String, dropping suffix: String) -> Result<String, Unusable> {
        let stem = name.hasSuffix(suffix) ? String(name.dropLast(suffix.count)) : name
        let parts = stem.split(separator: "/", omittingEmptySubsequences: false)
        guard !stem.isEmpty, !stem.hasPrefix("/"), !parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." })
        else {
            return .failure(
                Unusable("golden name \"\(name)\" is not usable: give a file name (subfolders allowed, no \"..\")"))
        }
        return .success(stem)
    }

    /// Why a check could not start: its result is a failure with this message.
    struct Unusable: Error {
        let message: String
        init(_ message: String) { self.message = message }
        var result: GoldenResult {
            GoldenResult(outcome: .failed, goldenPath: "", comparison: nil, artifacts: nil, message: message)
        }
    }

    /// Checks `actual` against `<folder>/<name>.png` (a trailing `.png` on `name` is dropped; `name` may
    /// hold subfolders but no `..`), recording under `settings.recordMode`, writing artifacts to
    /// `<artifacts>/<artifactsFolder(for: folder)>/<name>.{expected,actual,diff}.png` when it fails (`artifacts`:
    /// the settings' folder, else the package's), and removing that name's old artifacts when it matches. A
    /// failure is also added to `<artifacts>/index.html`, the page of every failing golden, under `test`.
    public static func verify(
        _ actual: Pixmap, named name: String, in folder: String,
        options: ComparisonOptions = .init(), settings: GoldenSettings, test: String? = nil
    ) -> GoldenResult {
        let stem: String
        switch Golden.stem(of: name, dropping: ".png") {
        case .success(let usable): stem = usable
        case .failure(let unusable): return unusable.result
        }
        let check = Check(
            actual: actual, name: stem, goldenPath: folder + "/" + stem + ".png",
            artifactsBase: settings.artifacts(forGoldenFolder: folder) + "/" + artifactsFolder(for: folder) + "/"
                + stem,
            options: options, mode: settings.recordMode)
        let root = settings.artifacts(forGoldenFolder: folder)
        let result = check.run()
        GoldenReport.update(
            result, artifactsBase: check.artifactsBase, kind: "image", test: test, settings: settings, root: root)
        return GoldenReport.naming(result, root: root)
    }

    /// Writes a golden or an artifact atomically, creating the folders on the way.
    static func write(_ bytes: [UInt8], to path: String) throws {
        try FrameFolder.makeFolders(PathComponents.folder(of: path))
        try AtomicFile.write(bytes, to: path)
    }

    /// Where a golden folder's artifacts go inside the artifacts folder: its last two folders, leaving
    /// out `__Goldens__` — for the default location `<test target's folder>/<TestFile>`, so two targets
    /// with a test file of the same name keep their artifacts apart.
    static func artifactsFolder(for goldenFolder: String) -> String {
        let parts = URL(fileURLWithPath: goldenFolder).standardized.pathComponents.filter {
            $0 != "/" && $0 != "__Goldens__"
        }
        return parts.suffix(2).joined(separator: "/")
    }
}

/// One golden check, step by step.
private struct Check {
    let actual: Pixmap
    let name: String
    let goldenPath: String
    let artifactsBase: String
    let options: ComparisonOptions
    let mode: RecordMode

    func run() -> GoldenResult {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: goldenPath, isDirectory: &isFolder), !isFolder.boolValue else {
            if mode == .never {
                return failure(
                    comparison: nil, artifacts: writeArtifacts(expected: nil, diff: nil),
                    "no golden at \(goldenPath), and recording is off (REVEAL_RECORD=never, or CI is set)")
            }
            return record(
                "recorded a new golden at \(goldenPath) (record mode \(mode.rawValue)): look at it, keep it with the tests, and run them again"
            )
        }
        let expected: Pixmap
        do {
            expected = try PNG.decode(contentsOf: goldenPath)
        } catch {
            if mode == .all || mode == .failed {
                return record(
                    "replaced an unreadable golden (\(error.message)) at \(goldenPath) (record mode \(mode.rawValue)): look at it and run the tests again"
                )
            }
            return failure(
                comparison: nil, artifacts: writeArtifacts(expected: nil, diff: nil),
                "cannot read the golden: \(error.message)")
        }
        let comparison = compare(expected: expected, actual: actual, options: options)
        if comparison.passed && !(mode == .all && comparison.verdict != .identical) {
            removeArtifacts()
            return GoldenResult(
                outcome: .matched, goldenPath: goldenPath, comparison: comparison, artifacts: nil,
                message:
                    "golden \"\(name)\" matches (\(comparison.verdict == .identical ? "identical" : "within tolerance"))"
            )
        }
        let artifacts = writeArtifacts(expected: expected, diff: comparison.diffImage)
        let figures = "golden \"\(name)\" does not match \(goldenPath): " + summary(comparison)
        if mode == .all || mode == .failed {
            var result = record(
                figures
                    + "\nrecorded the actual image as the new golden (record mode \(mode.rawValue)): look at it and run the tests again"
            )
            result.comparison = comparison
            if case .success(let files) = artifacts {
                result.artifacts = files
                result.message += "\n" + listing(files)
            }
            return result
        }
        return failure(comparison: comparison, artifacts: artifacts, figures)
    }

    /// The figures of a failed comparison, on one line.
    private func summary(_ c: Comparison) -> String {
        if !c.sizesMatch { return "size mismatch: golden \(c.expectedSize), actual \(c.actualSize)" }
        var text =
            "\(c.differingPixels) pixel\(c.differingPixels == 1 ? " differs" : "s differ") (allowed \(c.allowedPixels) of \(c.pixelCount))"
            + ", largest difference \(c.largestChannelDifference) level\(c.largestChannelDifference == 1 ? "" : "s")"
            + String(format: " (distance %.3g, threshold %g)", c.largestDistance, c.options.threshold)
        if let box = c.boundingBox { text += ", bounding box \(box)" }
        if c.options.antialiasing { text += ", \(c.antialiasedPixels) accepted as antialiasing" }
        return text
    }

    private func listing(_ files: GoldenArtifacts) -> String {
        [
            "expected: " + (files.expected ?? "(no golden)"), "actual:   " + files.actual,
            "diff:     " + (files.diff ?? "(none: \(files.expected == nil ? "no golden" : "the sizes differ"))"),
        ]
        .joined(separator: "\n")
    }

    private func failure(comparison: Comparison?, artifacts: Result<GoldenArtifacts, OutputError>, _ message: String)
        -> GoldenResult
    {
        var result = GoldenResult(
            outcome: .failed, goldenPath: goldenPath, comparison: comparison, artifacts: nil, message: message)
        switch artifacts {
        case .success(let files):
            result.artifacts = files
            result.message += "\n" + listing(files)
            if mode != .failed && mode != .all && comparison != nil {
                result.message += "\nto accept the actual image, run the tests with REVEAL_RECORD=failed"
            } else if comparison == nil && mode == .never {
                result.message += "\nto record it, run the tests with REVEAL_RECORD=missing (off CI)"
            }
        case .failure(let error):
            result.message += "\n(could not write the expected, actual and diff images: \(error))"
        }
        return result
    }

    /// Writes the actual image as the golden; the result fails either way.
    private func record(_ message: String) -> GoldenResult {
        do {
            try writePNG(actual, to: goldenPath)
            return GoldenResult(
                outcome: .recorded, goldenPath: goldenPath, comparison: nil, artifacts: nil, message: message)
        } catch {
            return GoldenResult(
                outcome: .failed, goldenPath: goldenPath, comparison: nil, artifacts: nil,
                message: "cannot record the golden: \(error)")
        }
    }

    private func writeArtifacts(expected: Pixmap?, diff: Pixmap?) -> Result<GoldenArtifacts, OutputError> {
        do {
            var files = GoldenArtifacts(expected: nil, actual: artifactsBase + ".actual.png", diff: nil)
            try writePNG(actual, to: files.actual)
            if let expected {
                let path = artifactsBase + ".expected.png"
                files.expected = path
                try writePNG(expected, to: path)
            } else {
                unlink(artifactsBase + ".expected.png")
            }
            if let diff {
                let path = artifactsBase + ".diff.png"
                files.diff = path
                try writePNG(diff, to: path)
            } else {
                unlink(artifactsBase + ".diff.png")
            }
            return .success(files)
        } catch let error as OutputError {
            return .failure(error)
        } catch {
            return .failure(OutputError(path: artifactsBase, reason: "\(error)"))
        }
    }

    private func removeArtifacts() {
        for suffix in [".expected.png", ".actual.png", ".diff.png"] {
            unlink(artifactsBase + suffix)
        }
    }

    /// Creates the folders on the way and writes `pixmap` atomically.
    private func writePNG(_ pixmap: Pixmap, to path: String) throws {
        try Golden.write(try PNG.encode(pixmap), to: path)
    }
}
