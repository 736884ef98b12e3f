import Foundation
import RevealRender

extension Golden {
    /// Checks what VoiceOver sees (`PreparedScene.accessibility(atFrame:)`) against the accessibility
    /// golden `<name>.accessibility.json`, found as `verify` finds images and recorded under the same
    /// modes; on a mismatch the expected and actual lists go to the artifacts folder as
    /// `<name>.accessibility.{expected,actual}.json`.
    public static func verifyAccessibility(
        _ elements: [AccessibilityElement], named name: String, directory: String? = nil,
        settings: GoldenSettings? = nil, testFile: String, test: String? = nil
    ) -> GoldenResult {
        switch resolve(directory: directory, settings: settings, testFile: testFile) {
        case .success((let folder, let resolved)):
            return verifyAccessibility(elements, named: name, in: folder, settings: resolved, test: test)
        case .failure(let failed): return failed.result
        }
    }

    /// Checks `elements` against `<folder>/<name>.accessibility.json` under `settings`; a failure is
    /// added to the artifacts folder's page under `test`.
    public static func verifyAccessibility(
        _ elements: [AccessibilityElement], named name: String, in folder: String,
        settings: GoldenSettings, test: String? = nil
    ) -> GoldenResult {
        let stem: String
        switch Golden.stem(of: name, dropping: ".accessibility.json") {
        case .success(let usable): stem = usable
        case .failure(let unusable): return unusable.result
        }
        let check = AccessibilityCheck(
            actual: AccessibilityElement.json(elements), name: stem,
            goldenPath: folder + "/" + stem + ".accessibility.json",
            artifactsBase: settings.artifacts(forGoldenFolder: folder) + "/" + artifactsFolder(for: folder) + "/" + stem
                + ".accessibility",
            mode: settings.recordMode)
        let root = settings.artifacts(forGoldenFolder: folder)
        let result = check.run()
        GoldenReport.update(
            result, artifactsBase: check.artifactsBase, kind: "accessibility", test: test, settings: settings,
            root: root)
        return GoldenReport.naming(result, root: root)
    }
}

/// One accessibility golden check: the elements as JSON text, one per line, compared line by line.
private struct AccessibilityCheck {
    let actual: String
    let name: String
    let goldenPath: String
    let artifactsBase: String
    let mode: RecordMode

    func run() -> GoldenResult {
        guard let data = FileManager.default.contents(atPath: goldenPath),
            let expected = String(data: data, encoding: .utf8)
        else {
            if FileManager.default.fileExists(atPath: goldenPath) && mode != .all && mode != .failed {
                return failure(expected: nil, "cannot read the accessibility golden at \(goldenPath)")
            }
            if mode == .never {
                return failure(
                    expected: nil,
                    "no accessibility golden at \(goldenPath), and recording is off (REVEAL_RECORD=never, or CI is set)"
                )
            }
            return record(
                "recorded a new accessibility golden at \(goldenPath) (record mode \(mode.rawValue)): read it, keep it with the tests, and run them again"
            )
        }
        if expected == actual {
            for suffix in [".expected.json", ".actual.json"] { unlink(artifactsBase + suffix) }
            return GoldenResult(
                outcome: .matched, goldenPath: goldenPath, comparison: nil, artifacts: nil,
                message: "accessibility golden \"\(name)\" matches")
        }
        let figures = "accessibility golden \"\(name)\" does not match \(goldenPath): " + difference(expected)
        if mode == .all || mode == .failed {
            return record(
                figures
                    + "\nrecorded the actual elements as the new golden (record mode \(mode.rawValue)): read them and run the tests again"
            )
        }
        return failure(
            expected: expected, figures + "\nto accept the actual elements, run the tests with REVEAL_RECORD=failed")
    }

    /// The first element that differs, or the counts, on one line.
    private func difference(_ expected: String) -> String {
        let old = lines(expected)
        let new = lines(actual)
        for k in 0..<min(old.count, new.count) where old[k] != new[k] {
            return "element \(k) differs: expected \(old[k]), actual \(new[k])"
        }
        if old.count != new.count {
            return "expected \(old.count) element\(old.count == 1 ? "" : "s"), found \(new.count)"
                + (new.count > old.count
                    ? "; the first new one is \(new[old.count])" : "; the first missing one is \(old[new.count])")
        }
        return "the files differ in layout only (rewrite the golden with REVEAL_RECORD=failed)"
    }

    /// The elements of a golden's text, one per line, without the list's brackets and commas.
    private func lines(_ text: String) -> [String] {
        var result: [String] = []
        for line in text.split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !["[", "]", "[]"].contains(trimmed) else { continue }
            result.append(trimmed.hasSuffix(",") ? String(trimmed.dropLast()) : trimmed)
        }
        return result
    }

    private func failure(expected: String?, _ message: String) -> GoldenResult {
        var result = GoldenResult(
            outcome: .failed, goldenPath: goldenPath, comparison: nil, artifacts: nil, message: message)
        do {
            var files = GoldenArtifacts(expected: nil, actual: artifactsBase + ".actual.json", diff: nil)
            try write(actual, to: files.actual)
            if let expected {
                files.expected = artifactsBase + ".expected.json"
                try write(expected, to: artifactsBase + ".expected.json")
            }
            result.artifacts = files
            result.message += "\nexpected: " + (files.expected ?? "(no golden)") + "\nactual:   " + files.actual
        } catch {
            result.message += "\n(could not write the expected and actual elements: \(error))"
        }
        return result
    }

    private func record(_ message: String) -> GoldenResult {
        do {
            try write(actual, to: goldenPath)
            return GoldenResult(
                outcome: .recorded, goldenPath: goldenPath, comparison: nil, artifacts: nil, message: message)
        } catch {
            return GoldenResult(
                outcome: .failed, goldenPath: goldenPath, comparison: nil, artifacts: nil,
                message: "cannot record the accessibility golden: \(error)")
        }
    }

    private func write(_ text: String, to path: String) throws {
        try Golden.write(Array(text.utf8), to: path)
    }
}
