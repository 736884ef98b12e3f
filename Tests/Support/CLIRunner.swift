/// Runs the `reveal-render` executable as a subprocess for the command-line tests, with the helpers
/// they share: throwaway workspaces, snapshots of everything in a folder (to prove a run wrote
/// nothing), PNG and manifest checks, and `assertRejected` for scene files that must be refused.
///
/// Test classes subclass `CLITestCase`; each test gets a fresh temporary root, removed afterwards.
import Foundation
import XCTest

open class CLITestCase: XCTestCase {
    // MARK: - Running the executable

    package typealias RunResult = Subprocess.Result

    package struct CLITestFailure: Error, CustomStringConvertible {
        package let description: String
    }

    package static let runTimeout: TimeInterval = 20
    package static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    package static let temporaryPrefix = ".reveal-render-tmp-"

    /// A scene of one short stroke on an 8×6 card: for tests about where output goes, not what it shows.
    package static let tinyStrokeScene =
        #"{"width": 8, "height": 6, "scale": 1, "fps": 10, "strokes": [{"points": [[1, 1, 0], [6, 5, 0.2]]}]}"#

    /// The kind of file at `path` itself (`S_IFREG`, `S_IFCHR`, `S_IFLNK`, …; 0 when there is none).
    package func fileKind(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : 0
    }

    package var root: URL!
    package var workspaceCount = 0

    open override func setUpWithError() throws {
        try super.setUpWithError()
        root = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(type(of: self))-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("capture"),
            withIntermediateDirectories: true)
    }

    open override func tearDownWithError() throws {
        if let root { try? FileManager.default.removeItem(at: root) }
        root = nil
        try super.tearDownWithError()
    }

    /// `reveal-render` in the products folder that also holds this test bundle.
    package func executableURL() throws -> URL {
        try Subprocess.product("reveal-render")
    }

    /// Runs `reveal-render args` (or `executable`, e.g. a shell that sets limits first) in `directory`
    /// with standard input at end of file; a run that takes longer than `timeout` seconds is killed
    /// and fails the test.
    package func run(
        _ args: [String], in directory: URL, timeout: TimeInterval = CLITestCase.runTimeout,
        executable: URL? = nil, file: StaticString = #filePath, line: UInt = #line
    ) throws -> RunResult {
        let result = try Subprocess.run(
            try executable ?? executableURL(), args, in: directory,
            scratch: root.appendingPathComponent("capture", isDirectory: true), timeout: timeout)
        if result.timedOut {
            let command = (["reveal-render"] + args).joined(separator: " ")
            XCTFail("`\(command)` did not finish within \(Int(timeout)) s", file: file, line: line)
            throw CLITestFailure(description: "`\(command)` hung")
        }
        return result
    }

    // MARK: - Workspaces and snapshots

    /// A fresh empty folder for one run's scene and output.
    package func makeWorkspace() throws -> URL {
        workspaceCount += 1
        let url = root.appendingPathComponent("workspace-\(workspaceCount)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A fresh folder holding the scene file `name` (by default `strokes.json`) with `json`, and
    /// `files` beside it.
    package func makeWorkspace(scene json: String, named name: String = "strokes.json", files: [String: Data] = [:])
        throws
        -> URL
    {
        let workspace = try makeWorkspace()
        try Data(json.utf8).write(to: workspace.appendingPathComponent(name))
        for (name, bytes) in files {
            try bytes.write(to: workspace.appendingPathComponent(name))
        }
        return workspace
    }

    /// Every file and folder under `folder` (hidden ones too), by relative path; folders map to nil.
    package func snapshot(_ folder: URL) throws -> [String: Data?] {
        var result: [String: Data?] = [:]
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else {
            throw CLITestFailure(description: "cannot list \(folder.path)")
        }
        while let relative = enumerator.nextObject() as? String {
            let url = folder.appendingPathComponent(relative)
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder)
            if isFolder.boolValue {
                result[relative] = .some(nil)
            } else {
                result[relative] = try Data(contentsOf: url)
            }
        }
        return result
    }

    package func exists(_ url: URL) -> Bool {
        FileManager.default.fileExists(atPath: url.path)
    }

    package func names(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    package func frameNames(in folder: URL) throws -> [String] {
        try names(in: folder).filter { $0.hasPrefix("frame-") && $0.hasSuffix(".png") }
    }

    package func expectedFrameNames(_ indices: ClosedRange<Int>) -> [String] {
        indices.map { "frame-" + String(format: "%05d", $0) + ".png" }
    }

    package func assertNoTemporaryFiles(in folder: URL, file: StaticString = #filePath, line: UInt = #line) throws {
        let leftovers = try snapshot(folder).keys.filter {
            ($0 as NSString).lastPathComponent.hasPrefix(CLITestCase.temporaryPrefix)
        }
        XCTAssertEqual(leftovers, [], "temporary files left in \(folder.lastPathComponent)", file: file, line: line)
    }

    package func assertPNG(_ url: URL, width: Int, height: Int, file: StaticString = #filePath, line: UInt = #line)
        throws
    {
        let bytes = [UInt8](try Data(contentsOf: url))
        XCTAssertEqual(
            Array(bytes.prefix(8)), CLITestCase.pngSignature, "\(url.lastPathComponent) is not a PNG",
            file: file, line: line)
        guard bytes.count >= 24, String(decoding: bytes[12..<16], as: UTF8.self) == "IHDR" else {
            XCTFail("\(url.lastPathComponent) has no IHDR chunk first", file: file, line: line)
            return
        }
        func bigEndian(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        XCTAssertEqual(bigEndian(16), width, "\(url.lastPathComponent) width", file: file, line: line)
        XCTAssertEqual(bigEndian(20), height, "\(url.lastPathComponent) height", file: file, line: line)
    }

    package func readManifest(in folder: URL, file: StaticString = #filePath, line: UInt = #line) throws -> [String:
        Any]
    {
        let data = try Data(contentsOf: folder.appendingPathComponent("manifest.json"))
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            XCTFail("manifest.json is not a JSON object", file: file, line: line)
            return [:]
        }
        return object
    }

    package func manifestFrames(_ manifest: [String: Any]) -> [[String: Any]] {
        manifest["frames"] as? [[String: Any]] ?? []
    }

    // MARK: - Bad scenes

    /// A scene file that must be refused: `location` is the JSON path (or "line L, column C" for a
    /// syntax error; nil when the scene as a whole is at fault), `reason` and `details` what the
    /// message must say after it.
    package struct BadScene {
        var name: String
        var json: String
        var location: String?
        var reason: String
        var details: [String] = []
        var arguments: [String] = []
        var files: [String: Data] = [:]

        package init(
            name: String, json: String, location: String? = nil, reason: String, details: [String] = [],
            arguments: [String] = [], files: [String: Data] = [:]
        ) {
            self.name = name
            self.json = json
            self.location = location
            self.reason = reason
            self.details = details
            self.arguments = arguments
            self.files = files
        }
    }

    /// Checks `scene` twice: with an `--out` folder that does not exist yet (it must not be created)
    /// and with an existing one holding earlier output (it must stay byte-for-byte the same). Each
    /// run: exit 2, nothing on standard output, one line on standard error, nothing written anywhere.
    /// The scene is a stroke file (`--stroke strokes.json`) unless `flag` and `fileName` say otherwise.
    package func assertRejected(
        _ scene: BadScene, flag: String = "--stroke", fileName: String = "strokes.json",
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let expectedPrefix = fileName + ": " + (scene.location.map { $0 + ": " } ?? "")

        for existingOutput in [false, true] {
            let variant = "\(scene.name) (\(existingOutput ? "existing" : "new") --out folder)"
            let workspace = try makeWorkspace(scene: scene.json, named: fileName, files: scene.files)
            let out = workspace.appendingPathComponent("frames", isDirectory: true)
            if existingOutput {
                try FileManager.default.createDirectory(at: out, withIntermediateDirectories: false)
                try Data("unrelated notes\n".utf8).write(to: out.appendingPathComponent("notes.txt"))
                try Data("an old frame, not a real PNG".utf8).write(to: out.appendingPathComponent("frame-00000.png"))
                try Data("{\"old\": true}".utf8).write(to: out.appendingPathComponent("manifest.json"))
            }
            let before = try snapshot(workspace)

            let result = try run(
                [flag, fileName, "--out", "frames"] + scene.arguments, in: workspace,
                file: file, line: line)

            XCTAssertEqual(
                result.status, 2, "\(variant): exit status; stderr: \(result.stderr)", file: file, line: line)
            XCTAssertEqual(result.stdout, "", "\(variant): standard output", file: file, line: line)
            XCTAssertTrue(result.stderr.hasSuffix("\n"), "\(variant): stderr ends its line", file: file, line: line)
            XCTAssertEqual(
                result.stderrLines.count, 1, "\(variant): stderr lines: \(result.stderr)", file: file, line: line)
            let message = result.stderrLines.first ?? ""
            XCTAssertTrue(
                message.hasPrefix(expectedPrefix),
                "\(variant): \"\(message)\" should start with \"\(expectedPrefix)\"", file: file, line: line)
            let rest = message.hasPrefix(expectedPrefix) ? String(message.dropFirst(expectedPrefix.count)) : message
            for fragment in [scene.reason] + scene.details {
                XCTAssertTrue(
                    rest.contains(fragment), "\(variant): \"\(message)\" should say \"\(fragment)\"",
                    file: file, line: line)
            }
            if !existingOutput {
                XCTAssertFalse(exists(out), "\(variant): the --out folder was created", file: file, line: line)
            }
            XCTAssertEqual(
                try snapshot(workspace), before, "\(variant): files were written or changed",
                file: file, line: line)
        }
    }
}

/// Linux's device number for (major, minor), as glibc's `makedev` macro builds it.
package func deviceNumber(_ major: UInt32, _ minor: UInt32) -> dev_t {
    dev_t(minor & 0xFF) | dev_t(major & 0xFFF) << 8 | dev_t(minor & ~0xFF) << 12 | dev_t(major & ~0xFFF) << 32
}
