import Foundation
import RevealRender

/// Every golden that fails, on one page: `<artifacts folder>/index.html`, so that a CI job uploads one
/// folder and a person opens one file.
///
/// Each failing check leaves an entry (`.report/<artifacts path>.json`) and the page is written again
/// from all entries; a check that passes removes its entry, as it removes its artifacts. So the page
/// lists what fails now, across test processes and runs.
enum GoldenReport {
    /// The folder of entries inside the artifacts folder.
    static let entriesFolder = ".report"
    private static let lock = NSLock()

    /// `result` with, when it failed, the page that shows every failing golden: where a person looks next.
    static func naming(_ result: GoldenResult, root: String) -> GoldenResult {
        guard !result.passed else { return result }
        var named = result
        named.message += "\nevery failing golden, side by side: \(root)/index.html"
        return named
    }

    /// Records `result` of the check whose artifacts are `artifactsBase` inside the artifacts folder `root`
    /// (`kind`: "image" or "accessibility"), then writes the page again when anything changed. Never fails the check:
    /// a page that cannot be written is only a missing convenience.
    static func update(
        _ result: GoldenResult, artifactsBase: String, kind: String, test: String?, settings: GoldenSettings,
        root: String
    ) {
        // A path inside the artifacts folder, relative to it.
        func inside(_ path: String?) -> String? {
            guard let path, path.hasPrefix(root + "/") else { return nil }
            return String(path.dropFirst(root.count + 1))
        }
        let relative = inside(artifactsBase) ?? artifactsBase
        let entry = root + "/" + entriesFolder + "/" + relative.replacingOccurrences(of: "/", with: "%2F") + ".json"
        lock.lock()
        defer { lock.unlock() }
        if result.passed {
            guard unlink(entry) == 0 else { return }
        } else {
            var record: [String: Any] = [
                "test": test ?? "", "golden": result.goldenPath, "message": result.message, "kind": kind,
                "mode": settings.recordMode.rawValue,
                "outcome": result.outcome == .recorded ? "recorded" : "failed",
            ]
            record["expected"] = inside(result.artifacts?.expected)
            record["actual"] = inside(result.artifacts?.actual)
            record["diff"] = inside(result.artifacts?.diff)
            if let c = result.comparison {
                record["figures"] = HTMLReport.figureRows(c).map { [$0.0, $0.1] }
                if c.sizesMatch { record["size"] = [c.expectedSize.width, c.expectedSize.height] }
                if let box = c.boundingBox { record["box"] = [box.x, box.y, box.width, box.height] }
            }
            guard let data = try? JSONSerialization.data(withJSONObject: record, options: [.sortedKeys]),
                (try? Golden.write([UInt8](data), to: entry)) != nil
            else { return }
        }
        try? writePage(root)
    }

    /// Writes `<root>/index.html` from the entries there.
    private static func writePage(_ root: String) throws {
        let folder = root + "/" + entriesFolder
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter {
            $0.hasSuffix(".json")
        }
        var records: [[String: Any]] = []
        for name in names {
            guard let data = FileManager.default.contents(atPath: folder + "/" + name),
                let record = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
            else { continue }
            records.append(record)
        }
        func text(_ record: [String: Any], _ key: String) -> String { record[key] as? String ?? "" }
        records.sort { (text($0, "test"), text($0, "golden")) < (text($1, "test"), text($1, "golden")) }
        var body = records.isEmpty ? "<p class=\"none\">No golden fails.</p>" : ""
        for (index, record) in records.enumerated() {
            let golden = text(record, "golden")
            let name = PathComponents.name(of: golden)
            let mode = text(record, "mode")
            body +=
                "<article class=\"failure\" id=\"failure-\(index)\">\n"
                + "<h2>\(HTMLReport.escape(text(record, "test").isEmpty ? name : text(record, "test")))</h2>\n"
            var rows: [(String, String)] = [
                ("golden", golden), ("outcome", text(record, "outcome")), ("record mode", mode),
            ]
            for pair in record["figures"] as? [[String]] ?? [] where pair.count == 2 { rows.append((pair[0], pair[1])) }
            body += HTMLReport.figures(rows) + "\n<pre>\(HTMLReport.escape(text(record, "message")))</pre>\n"
            let expected = record["expected"] as? String
            let actual = record["actual"] as? String
            if text(record, "kind") == "accessibility" {
                let links = [("expected", expected), ("actual", actual)].compactMap { label, path in
                    path.map { "<a href=\"\(HTMLReport.link($0))\">\(label) elements (JSON)</a>" }
                }
                body += "<p>\(links.joined(separator: " · "))</p>\n"
            } else {
                let size = (record["size"] as? [Int]).flatMap {
                    $0.count == 2 ? PixelSize(width: $0[0], height: $0[1]) : nil
                }
                let box = (record["box"] as? [Int]).flatMap {
                    $0.count == 4 ? PixelRect(x: $0[0], y: $0[1], width: $0[2], height: $0[3]) : nil
                }
                body += HTMLReport.viewer(
                    expected: expected, actual: actual, diff: record["diff"] as? String, size: size, box: box,
                    name: name)
            }
            body += "\n</article>\n"
        }
        let title =
            records.isEmpty
            ? "Golden tests: nothing fails"
            : "Golden tests: \(records.count) failing check\(records.count == 1 ? "" : "s")"
        try AtomicFile.write(Array(HTMLReport.page(title: title, body: body).utf8), to: root + "/index.html")
    }
}
