import Foundation
import RevealCore
import RevealLayout
import RevealOutput
import RevealRaster
import RevealText

/// `reveal-render compare … --report DIR`: the comparison as a web page, `DIR/index.html`, with the
/// images it shows beside it. Files already in `DIR` that the report does not write stay as they are.
public enum ComparisonReport {
    /// The page's file name inside the report folder.
    public static let pageName = "index.html"
    /// How many differing frames of a sequence get images (full size and a thumbnail); the rest are
    /// listed with their figures, so that a folder of thousands of frames reports in bounded time.
    public static let defaultImageLimit = 200
    /// The height of the filmstrip's thumbnails, in pixels at most.
    public static let thumbnailHeight = 90

    /// Writes the report of two images: the PNG files as given (`expected` and `actual` are their
    /// bytes, `expectedName` and `actualName` what to call them), the diff, and the page.
    public static func write(
        _ comparison: Comparison, expected: [UInt8], actual: [UInt8], expectedName: String, actualName: String,
        to folder: String
    ) throws {
        _ = try FrameFolder(path: folder)
        try AtomicFile.write(expected, to: folder + "/expected.png")
        try AtomicFile.write(actual, to: folder + "/actual.png")
        var diff: String?
        if let image = comparison.diffImage {
            try AtomicFile.write(try PNG.encode(image), to: folder + "/diff.png")
            diff = "diff.png"
        }
        let name = "\(expectedName) against \(actualName)"
        let body = """
            <p>Expected <code>\(HTMLReport.escape(expectedName))</code> (\(comparison.expectedSize)), actual <code>\(HTMLReport.escape(actualName))</code> (\(comparison.actualSize)).</p>
            \(HTMLReport.figures(HTMLReport.figureRows(comparison), id: "figures"))
            \(HTMLReport.viewer(
                expected: "expected.png", actual: "actual.png", diff: diff,
                size: comparison.sizesMatch ? comparison.expectedSize : nil, box: comparison.boundingBox, name: name))
            """
        let title = "\(HTMLReport.verdictText(comparison).capitalizedFirst): \(PathComponents.name(of: actualName))"
        try AtomicFile.write(Array(HTMLReport.page(title: title, body: body).utf8), to: folder + "/" + pageName)
    }

    /// Writes the report of two frame folders: a summary, the manifests' differences, a filmstrip and
    /// full images of the first `imageLimit` differing frames (in `DIR/frames`), and a scrubber over
    /// every frame. Returns how many differing frames got images.
    @discardableResult
    public static func write(
        _ comparison: SequenceComparison, to folder: String, imageLimit: Int = defaultImageLimit
    ) throws -> Int {
        _ = try FrameFolder(path: folder)
        let images = folder + "/frames"
        let differing = comparison.differingFrames
        if !differing.isEmpty { _ = try FrameFolder(path: images) }
        var byFrame: [String: [ManifestDifference]] = [:]
        for difference in comparison.manifestDifferences {
            byFrame[difference.frame ?? "", default: []].append(difference)
        }
        // Every frame of either folder, in order, with what the page says of it.
        struct Entry {
            var name: String
            var state: String
            var status: String
            var detail: String?
            var note: String
        }
        var entries: [Entry] = []
        for frame in comparison.frames {
            let c = frame.comparison
            let differs = !c.passed || byFrame[frame.name] != nil
            let state = c.verdict == .sizeMismatch ? "size" : differs ? "different" : "same"
            var status = HTMLReport.verdictText(c)
            if c.verdict != .identical && c.verdict != .sizeMismatch {
                status += c.differingPixels == 1 ? ", 1 pixel differs" : ", \(c.differingPixels) pixels differ"
            }
            if let list = byFrame[frame.name] {
                status += "; manifest: " + list.map(\.description).joined(separator: "; ")
            }
            entries.append(
                Entry(name: frame.name, state: state, status: status, detail: nil, note: "No images: the frames match.")
            )
        }
        for name in comparison.missingFrames {
            entries.append(
                Entry(
                    name: name, state: "missing", status: "missing from ACTUAL", detail: nil,
                    note: "Only EXPECTED has this frame."))
        }
        for name in comparison.extraFrames {
            entries.append(
                Entry(
                    name: name, state: "extra", status: "extra in ACTUAL", detail: nil,
                    note: "Only ACTUAL has this frame."))
        }
        entries.sort { FrameFolder.precedes($0.name, $1.name) }
        let position = Dictionary(entries.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { a, _ in a })

        var strip = ""
        var details = ""
        var withImages = 0
        for frame in comparison.frames where !frame.comparison.passed || byFrame[frame.name] != nil {
            let index = position[frame.name] ?? 0
            let stem = String(frame.name.dropLast(4))
            let id = "detail-\(index)"
            var viewer = ""
            if withImages < imageLimit && !frame.comparison.passed {
                let paths = try writeFrameImages(comparison, frame, stem: stem, into: images)
                viewer = HTMLReport.viewer(
                    expected: paths.expected, actual: paths.actual, diff: paths.diff,
                    size: frame.comparison.sizesMatch ? frame.comparison.expectedSize : nil,
                    box: frame.comparison.boundingBox, name: frame.name)
                strip +=
                    "<a href=\"#\(id)\" data-frame=\"\(index)\"><img src=\"\(HTMLReport.link(paths.thumbnail))\" "
                    + "alt=\"Thumbnail of the differences in \(HTMLReport.escape(frame.name))\">\(HTMLReport.escape(frame.name))</a>\n"
                withImages += 1
            } else if !frame.comparison.passed {
                viewer =
                    "<p class=\"none\">No images for this frame: only the first \(imageLimit) differing frames get them.</p>"
            }
            let list = (byFrame[frame.name] ?? []).map { "<li>\(HTMLReport.escape($0.description))</li>" }.joined()
            details +=
                "<section class=\"frame-detail\" id=\"\(id)\"><h3>\(HTMLReport.escape(frame.name))</h3>\n"
                + HTMLReport.figures(HTMLReport.figureRows(frame.comparison))
                + (list.isEmpty ? "" : "\n<p>Manifest differences:</p><ul class=\"differences\">\(list)</ul>")
                + "\n\(viewer)\n</section>\n"
            entries[index].detail = id
        }

        let first = comparison.firstDifferingFrame ?? comparison.missingFrames.first ?? comparison.extraFrames.first
        var summary: [(String, String)] = [
            ("expected", comparison.expectedFolder), ("actual", comparison.actualFolder),
            ("verdict", comparison.passed ? "the folders match" : "the folders differ"),
            ("frames compared", "\(comparison.frames.count)"),
            ("frames differing", "\(differing.count)"),
            ("frames missing from ACTUAL", "\(comparison.missingFrames.count)"),
            ("frames extra in ACTUAL", "\(comparison.extraFrames.count)"),
            ("first differing frame", first ?? "none"),
            ("manifest differences", "\(comparison.manifestDifferences.count)"),
        ]
        if let options = comparison.frames.first?.comparison.options {
            summary.append(
                (
                    "options",
                    "threshold \(formatDistance(options.clampedThreshold)), antialiasing \(options.antialiasing ? "ignored" : "counted"), allowed \(options.budget)"
                ))
        }
        let sequenceDifferences = (byFrame[""] ?? []).map { "<li>\(HTMLReport.escape($0.description))</li>" }.joined()
        let missing =
            (comparison.missingFrames + comparison.extraFrames).isEmpty
            ? ""
            : """
            <h2>Missing and extra frames</h2>
            <p>Missing from ACTUAL: \(HTMLReport.escape(comparison.missingFrames.joined(separator: ", ")).nonEmpty ?? "none").</p>
            <p>Extra in ACTUAL: \(HTMLReport.escape(comparison.extraFrames.joined(separator: ", ")).nonEmpty ?? "none").</p>
            """
        let json = entries.map { e in
            "{\"name\":\(jsonString(e.name)),\"state\":\(jsonString(e.state)),\"status\":\(jsonString(e.status)),"
                + "\"detail\":\(e.detail.map(jsonString) ?? "null"),\"note\":\(jsonString(e.note))}"
        }.joined(separator: ",\n")
        let start = first.flatMap { position[$0] } ?? 0
        let body = """
            <h2>Summary</h2>
            \(HTMLReport.figures(summary, id: "summary"))
            \(sequenceDifferences.isEmpty ? "" : "<h2>Sequence differences (manifest)</h2><ul class=\"differences\">\(sequenceDifferences)</ul>")
            \(strip.isEmpty ? "" : "<h2>Differing frames</h2>\n<div class=\"strip\" id=\"filmstrip\">\n\(strip)</div>")
            \(missing)
            <div class="scrubber js-only" id="scrubber" data-start="\(start)">
            <h2>Every frame</h2>
            <p>Drag the slider, or use the arrow keys, to step through the sequence.</p>
            <input type="range" min="0" max="\(max(entries.count - 1, 0))" value="\(start)" aria-label="Frame">
            <p id="frame-shown" aria-live="polite"></p>
            <div id="frame-view"></div>
            </div>
            <script type="application/json" id="frames-data">[\(json)]</script>
            <div class="details"><h2>Frames that differ, one by one</h2>
            \(details.isEmpty ? "<p class=\"none\">None.</p>" : details)</div>
            """
        let title =
            comparison.passed
            ? "The folders match (\(comparison.frames.count) frames)"
            : "The folders differ: \(differing.count) of \(comparison.frames.count) frames, first \(first ?? "none")"
        try AtomicFile.write(Array(HTMLReport.page(title: title, body: body).utf8), to: folder + "/" + pageName)
        return withImages
    }

    /// Copies one differing frame's two images into `folder` and writes its diff and a thumbnail of the
    /// diff; returns their paths relative to the page.
    private static func writeFrameImages(
        _ comparison: SequenceComparison, _ frame: FrameComparison, stem: String, into folder: String
    ) throws -> (expected: String, actual: String, diff: String?, thumbnail: String) {
        let expectedBytes = try PNG.readFile(comparison.expectedFolder + "/" + frame.name)
        let actualBytes = try PNG.readFile(comparison.actualFolder + "/" + frame.name)
        let expected = try PNG.decode(expectedBytes, readFrom: comparison.expectedFolder + "/" + frame.name)
        let actual = try PNG.decode(actualBytes, readFrom: comparison.actualFolder + "/" + frame.name)
        try AtomicFile.write(expectedBytes, to: "\(folder)/\(stem).expected.png")
        try AtomicFile.write(actualBytes, to: "\(folder)/\(stem).actual.png")
        let diff = compare(expected: expected, actual: actual, options: frame.comparison.options).diffImage
        if let diff { try AtomicFile.write(try PNG.encode(diff), to: "\(folder)/\(stem).diff.png") }
        try AtomicFile.write(
            try PNG.encode(thumbnail(of: diff ?? actual, height: thumbnailHeight)), to: "\(folder)/\(stem).thumb.png")
        return (
            "frames/\(stem).expected.png", "frames/\(stem).actual.png", diff.map { _ in "frames/\(stem).diff.png" },
            "frames/\(stem).thumb.png"
        )
    }

    /// `image` shrunk by a whole factor (each pixel the mean of a square of them) to at most `height`.
    package static func thumbnail(of image: Pixmap, height: Int) throws -> Pixmap {
        let factor = max(1, (image.height + height - 1) / max(height, 1))
        let width = max(1, image.width / factor)
        let rows = max(1, image.height / factor)
        var out = try Pixmap(width: width, height: rows)
        for y in 0..<rows {
            for x in 0..<width {
                var sum = SIMD4<Int>()
                for dy in 0..<factor {
                    for dx in 0..<factor {
                        let i = ((y * factor + dy) * image.width + x * factor + dx) * 4
                        for c in 0..<4 { sum[c] += Int(image.bytes[i + c]) }
                    }
                }
                let n = factor * factor
                for c in 0..<4 { out.bytes[(y * width + x) * 4 + c] = UInt8((sum[c] + n / 2) / n) }
            }
        }
        return out
    }

    /// `text` as a JSON string (`jsonQuoted`) that can sit inside a `<script>` element: `<` and `&`,
    /// which occur only inside strings, as `\u` escapes.
    private static func jsonString(_ text: String) -> String {
        jsonQuoted(text, limit: .max).replacingOccurrences(of: "<", with: "\\u003c")
            .replacingOccurrences(of: "&", with: "\\u0026")
    }
}

extension String {
    fileprivate var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
    fileprivate var nonEmpty: String? { isEmpty ? nil : self }
}
