import Foundation
import RevealCore
import RevealDisplay
import RevealLayout
import RevealOutput
import RevealRaster
import RevealText

/// Why two frame folders (or two images) could not be compared at all: a folder or PNG that cannot be
/// read. The message names the path.
public struct ComparisonInputError: Error, Equatable, CustomStringConvertible {
    /// What could not be read and why, in words for the user, the path included.
    public let message: String

    /// An error with `message` as its whole text.
    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}

/// One frame found in both folders, and how it compared.
public struct FrameComparison: Equatable, Sendable {
    /// The file name, `frame-NNNNN.png`.
    public var name: String
    /// How the expected and actual frame compared; `diffImage` is always nil here.
    public var comparison: Comparison
}

/// What comparing a folder of frames with a golden folder found. Frames pair by file name; only
/// `frame-NNNNN.png` files take part (a manifest and other files are ignored).
public struct SequenceComparison: Equatable, Sendable {
    /// The golden folder, as the caller named it.
    public var expectedFolder: String
    /// The folder compared with the golden one, as the caller named it.
    public var actualFolder: String
    /// Frames present in both folders, in frame order. Their `diffImage`s are not kept (a long sequence
    /// would hold them all in memory); `SequenceDiff` renders them again for the frames that differ.
    public var frames: [FrameComparison]
    /// Frames in the expected folder that the actual folder lacks, in frame order.
    public var missingFrames: [String]
    /// Frames in the actual folder that the expected folder does not have, in frame order.
    public var extraFrames: [String]
    /// When both folders' manifests list their font files and the lists differ: what each used
    /// (`path sha256`), so that a changed font is told apart from a changed rendering.
    public var fontChange: (expected: [String], actual: [String])?
    /// What the two manifests say differently, when both folders have one: the sequence's own fields
    /// first, then the frames' in frame order. Font files are `fontChange`'s (their paths are the
    /// machine's), so they are left out here.
    public var manifestDifferences: [ManifestDifference] = []

    public static func == (a: SequenceComparison, b: SequenceComparison) -> Bool {
        a.expectedFolder == b.expectedFolder && a.actualFolder == b.actualFolder && a.frames == b.frames
            && a.missingFrames == b.missingFrames && a.extraFrames == b.extraFrames
            && a.fontChange?.expected == b.fontChange?.expected && a.fontChange?.actual == b.fontChange?.actual
            && a.manifestDifferences == b.manifestDifferences
    }

    /// The frames present in both that did not pass, in frame order.
    public var differingFrames: [FrameComparison] { frames.filter { !$0.comparison.passed } }

    /// The first frame, in frame order, present in both folders that did not pass.
    public var firstDifferingFrame: String? { frames.first { !$0.comparison.passed }?.name }

    /// No frame missing, none extra, every pair passed, the manifests agree.
    public var passed: Bool {
        missingFrames.isEmpty && extraFrames.isEmpty && differingFrames.isEmpty && manifestDifferences.isEmpty
    }

    /// A short summary for people: counts, the first differing frame and its figures, missing and
    /// extra frames (the first few of each).
    public var report: String {
        let differing = differingFrames
        var lines: [String] = []
        if passed {
            let changed = frames.filter { $0.comparison.verdict != .identical }.count
            lines.append(
                "match: \(frames.count) frame\(frames.count == 1 ? "" : "s")"
                    + (changed == 0 ? ", all identical" : ", \(changed) within tolerance"))
            return lines.joined(separator: "\n")
        }
        lines.append(
            "DIFFERENT: \(differing.count) of \(frames.count) frame\(frames.count == 1 ? "" : "s") differ"
                + ", \(missingFrames.count) missing, \(extraFrames.count) extra")
        if let fonts = fontChange, !differing.isEmpty {
            lines.append(
                "the frames were made with other font files: expected \(fonts.expected.joined(separator: ", ")); "
                    + "actual \(fonts.actual.joined(separator: ", "))")
        }
        if let first = differing.first {
            lines.append("first differing frame: \(first.name)")
            lines.append(contentsOf: first.comparison.report.split(separator: "\n").map { "  " + $0 })
        }
        if differing.count > 1 {
            lines.append("differing frames: " + SequenceComparison.list(differing.map(\.name)))
        }
        if !missingFrames.isEmpty {
            lines.append("missing from \(displayPath(actualFolder)): " + SequenceComparison.list(missingFrames))
        }
        if !extraFrames.isEmpty {
            lines.append("extra in \(displayPath(actualFolder)): " + SequenceComparison.list(extraFrames))
        }
        if let first = manifestDifferences.first {
            let count = manifestDifferences.count
            lines.append("the manifests differ in \(count) field\(count == 1 ? "" : "s"); first: \(first)")
            for difference in manifestDifferences.dropFirst().prefix(7) { lines.append("  " + difference.description) }
            if count > 8 { lines.append("  and \(count - 8) more") }
        }
        return lines.joined(separator: "\n")
    }

    /// Up to eight names, then "and N more".
    private static func list(_ names: [String]) -> String {
        let shown = names.prefix(8).joined(separator: ", ")
        return names.count > 8 ? shown + " and \(names.count - 8) more" : shown
    }
}

/// Compares every `frame-NNNNN.png` of `actualFolder` with the same-named frame of `expectedFolder`.
///
/// Frames are decoded and compared one pair at a time, so memory does not grow with the sequence.
/// Throws `ComparisonInputError` when a folder cannot be listed, when neither holds a frame, or when a
/// frame is not a readable PNG.
public func compare(
    expectedFolder: String, actualFolder: String,
    options: ComparisonOptions = .init()
) throws(ComparisonInputError) -> SequenceComparison {
    let expected = try frameNames(in: expectedFolder)
    let actual = try frameNames(in: actualFolder)
    if expected.isEmpty && actual.isEmpty {
        throw ComparisonInputError(
            "\(displayPath(expectedFolder)) and \(displayPath(actualFolder)) hold no frame files (frame-NNNNN.png)")
    }
    let actualSet = Set(actual)
    let expectedSet = Set(expected)
    var result = SequenceComparison(
        expectedFolder: expectedFolder, actualFolder: actualFolder, frames: [],
        missingFrames: expected.filter { !actualSet.contains($0) },
        extraFrames: actual.filter { !expectedSet.contains($0) })
    for name in expected where actualSet.contains(name) {
        let comparison = compare(
            expected: try readFrame(expectedFolder, name), actual: try readFrame(actualFolder, name),
            options: options, diffImage: false)
        result.frames.append(FrameComparison(name: name, comparison: comparison))
    }
    if let expectedFonts = manifestFonts(expectedFolder), let actualFonts = manifestFonts(actualFolder),
        expectedFonts != actualFonts
    {
        result.fontChange = (expectedFonts, actualFonts)
    }
    result.manifestDifferences = manifestDifferences(expectedFolder, actualFolder)
    return result
}

/// One field the two manifests give different values: the sequence's (`frame` nil) or one frame's.
public struct ManifestDifference: Equatable, Sendable, CustomStringConvertible {
    /// The frame's file name, or nil for the sequence's own fields (`revealedAt`, `rounds`, …).
    public var frame: String?
    /// The field's name as the manifests spell it (`coverage`, `revealedAt`).
    public var field: String
    /// The values as JSON text; nil where the manifest has no such field.
    public var expected: String?
    /// The actual folder's value as JSON text; nil where its manifest has no such field.
    public var actual: String?

    /// `frame-00106.png coverage: expected 0.69, actual 0.71`.
    public var description: String {
        (frame.map { $0 + " " } ?? "") + "\(field): expected \(expected ?? "(none)"), actual \(actual ?? "(none)")"
    }
}

/// The fields whose values differ between the folders' manifests; none when either has no readable
/// manifest (frames from elsewhere need not have one).
private func manifestDifferences(_ expectedFolder: String, _ actualFolder: String) -> [ManifestDifference] {
    guard case .object(let expected)? = readManifest(expectedFolder),
        case .object(let actual)? = readManifest(actualFolder)
    else { return [] }
    var differences = fieldDifferences(expected, actual, frame: nil, skipping: ["frames", "fonts"])
    func frames(_ object: JSONObject) -> [(String, JSONObject)] {
        (object["frames"]?.arrayElements ?? []).compactMap { entry in
            guard case .object(let frame) = entry, case .string(let file)? = frame["file"] else { return nil }
            return (file, frame)
        }
    }
    let actualFrames = Dictionary(frames(actual), uniquingKeysWith: { first, _ in first })
    for (file, frame) in frames(expected) {
        guard let other = actualFrames[file] else { continue }  // a missing frame is reported as such
        differences += fieldDifferences(frame, other, frame: file, skipping: ["file"])
    }
    return differences
}

/// The fields of `a` and `b` (in `a`'s order, then `b`'s new ones) whose values differ.
private func fieldDifferences(_ a: JSONObject, _ b: JSONObject, frame: String?, skipping: Set<String>)
    -> [ManifestDifference]
{
    var keys = a.entries.map(\.key).filter { !skipping.contains($0) }
    keys += b.entries.map(\.key).filter { !skipping.contains($0) && a[$0] == nil }
    return keys.compactMap { key in
        let x = a[key]
        let y = b[key]
        guard x != y else { return nil }
        return ManifestDifference(
            frame: frame, field: key, expected: x.map(FrameMetadata.init(json:))?.json,
            actual: y.map(FrameMetadata.init(json:))?.json)
    }
}

/// A folder's `manifest.json`, parsed; nil when there is none or it cannot be read.
private func readManifest(_ folder: String) -> JSONValue? {
    try? ManifestReader.read(in: folder).get().value
}

/// The font files a folder's manifest lists, as "path (sha256 …)"; nil without a manifest or fonts.
private func manifestFonts(_ folder: String) -> [String]? {
    guard case .object(let root)? = readManifest(folder), let entries = root["fonts"]?.arrayElements else { return nil }
    return entries.map { entry in
        var file = "?"
        var digest = "?"
        if case .object(let record) = entry {
            if case .string(let path)? = record["path"] { file = path }
            if case .string(let sha)? = record["sha256"] { digest = sha }
        }
        return "\((file as NSString).lastPathComponent) (sha256 \(digest.prefix(12))…)"
    }
}

/// The frame files of `folder`, in frame order (by number, so frame-100000 follows frame-99999).
package func frameNames(in folder: String) throws(ComparisonInputError) -> [String] {
    let names: [String]
    do { names = try FrameFolder.listing(folder) } catch { throw ComparisonInputError(error.description) }
    return names.filter(FrameFolder.isFrameName).sorted(by: FrameFolder.precedes)
}

private func readFrame(_ folder: String, _ name: String) throws(ComparisonInputError) -> Pixmap {
    do {
        return try PNG.decode(contentsOf: folder + "/" + name)
    } catch {
        throw ComparisonInputError(error.message)
    }
}

/// Receives side-by-side diff frames (expected | actual | diff), one per differing frame, in frame order.
///
/// `DiffFrameFolder` writes them as PNG files into a folder, `APNGDiffSink` as one animated PNG. Frames
/// of one sequence usually share one size; a pair whose images differ in size gives a frame of another
/// size.
public protocol DiffFrameSink {
    /// One side-by-side frame; `name` is the frame's file name in the compared folders.
    mutating func append(_ frame: Pixmap, name: String) throws
    /// Called once after the last frame (also when there were none).
    mutating func finish() throws
}

/// Writes side-by-side diff frames as PNG files named like the frames they show, atomically. Nothing
/// it did not write in this run is ever removed: frame files already in the folder that this run did
/// not replace are listed in `otherFrames` once it finishes, for the report to mention.
public struct DiffFrameFolder: DiffFrameSink {
    /// The folder the diff frames go into.
    public let folder: FrameFolder
    /// The file names written in this run, in the order they were appended.
    public private(set) var written: [String] = []
    /// After `finish`: frame files in the folder that this run did not write (left as they were).
    public private(set) var otherFrames: [String] = []
    /// Held from creation until `finish`, so that two comparisons never write into one folder at once.
    private var lock: FolderLock?

    /// Uses `path` as the diff folder, creating it if needed, and locks it until `finish`. Throws when the
    /// folder cannot be created or written, or another comparison or export holds its lock.
    public init(path: String) throws(OutputError) {
        folder = try FrameFolder(path: path)
        lock = try FolderLock(folder: folder.path)
    }

    public mutating func append(_ frame: Pixmap, name: String) throws {
        try AtomicFile.write(try PNG.encode(frame), to: folder.path + "/" + name, replacingLinks: true)
        written.append(name)
    }

    public mutating func finish() throws {
        let keep = Set(written)
        otherFrames = try frameNames(in: folder.path).filter { !keep.contains($0) }
        lock = nil
    }
}

/// Writes side-by-side diff frames as one animated PNG, at `fps` frames per second (default 2, so each
/// differing frame can be read), looping forever; written atomically by `finish`.
///
/// The canvas is the largest side-by-side frame of the comparison; a smaller frame (a pair whose sizes
/// differ) is drawn at the top left over `SequenceDiff.gapColor`. When no frame differs, no file is
/// written (an animated PNG needs at least one frame).
public final class APNGDiffSink: DiffFrameSink {
    /// The animated PNG file written by `finish`, when any frame differs.
    public let path: String
    private let writer: APNGWriter?
    private let canvas: PixelSize

    /// A sink sized for `comparison`'s differing frames that starts the file when there is any. Throws when
    /// the temporary file cannot be created or `fps` has no 16-bit delay fraction.
    public init(path: String, for comparison: SequenceComparison, fps: Double = 2) throws(OutputError) {
        self.path = path
        let sizes = comparison.differingFrames.map {
            SequenceDiff.sideBySideSize(
                expected: $0.comparison.expectedSize, actual: $0.comparison.actualSize, captioned: true)
        }
        canvas = PixelSize(width: sizes.map(\.width).max() ?? 1, height: sizes.map(\.height).max() ?? 1)
        writer =
            sizes.isEmpty
            ? nil
            : try APNGWriter(path: path, width: canvas.width, height: canvas.height, fps: fps, frameCount: sizes.count)
    }

    public func append(_ frame: Pixmap, name: String) throws {
        guard let writer else { throw OutputError(path: path, reason: "no differing frames were expected") }
        if PixelSize(frame) == canvas {
            try writer.append(frame)
            return
        }
        guard frame.width <= canvas.width, frame.height <= canvas.height else {
            throw OutputError(
                path: path, reason: "\(name) is \(PixelSize(frame)), larger than the animation's \(canvas)")
        }
        var padded = try Pixmap(width: canvas.width, height: canvas.height, fill: SequenceDiff.gapColor)
        padded.copy(frame, x: 0, y: 0)
        try writer.append(padded)
    }

    public func finish() throws {
        try writer?.finish()
    }
}

/// Side-by-side pictures of differences: expected | actual | diff.
public enum SequenceDiff {
    /// Pixels between the panels.
    public static let gap = 4
    /// The colour of the gaps and of the space under a shorter panel: a middle grey.
    public static let gapColor = PremultipliedRGBA8(r: 128, g: 128, b: 128, a: 255)

    /// The height in pixels of the caption bar over captioned panels.
    public static let captionHeight = 18
    /// The caption bar's colour: a dark grey, under white text.
    public static let captionColor = PremultipliedRGBA8(r: 48, g: 48, b: 48, a: 255)

    /// Expected, actual and diff side by side, `gap` pixels apart, top-aligned. The first two are copied
    /// as they are (transparency included); the diff panel is left grey when the sizes differ. With a
    /// `caption` (the frame's name), a bar over the panels says which is which: "expected · NAME",
    /// "actual", "diff", each clipped to its panel.
    public static func sideBySide(expected: Pixmap, actual: Pixmap, diff: Pixmap?, caption: String? = nil) throws
        -> Pixmap
    {
        let size = sideBySideSize(expected: PixelSize(expected), actual: PixelSize(actual), captioned: caption != nil)
        var canvas = try Pixmap(width: size.width, height: size.height, fill: gapColor)
        let top = caption == nil ? 0 : captionHeight
        // The diff panel's place is as wide as the wider image, drawn or not.
        let lefts = [0, expected.width + gap, expected.width + actual.width + 2 * gap]
        for case (let panel?, let left) in zip([expected as Pixmap?, actual, diff], lefts) {
            canvas.copy(panel, x: left, y: top)
        }
        if let caption {
            let widths = [expected.width, actual.width, max(expected.width, actual.width)]
            for (text, (left, width)) in zip(["expected · " + caption, "actual", "diff"], zip(lefts, widths))
            where width > 0 {
                var bar = try Pixmap(width: width, height: captionHeight, fill: captionColor)
                // Without the fonts (never after setup) the bars stay plain: still three panels, told apart by place.
                if let label = try? DisplayRenderer.render(
                    captionView(text), size: PixelSize(width: width, height: captionHeight),
                    scale: 1, fonts: .inter)
                {
                    Compositor.draw(label, onto: &bar, x: 0, y: 0)
                }
                canvas.copy(bar, x: left, y: 0)
            }
        }
        return canvas
    }

    /// One panel's caption: white, semibold, 11 points, on one line from the leading edge.
    private static func captionView(_ text: String) -> ViewNode {
        ViewNode(
            .text(text),
            [
                .font(FontSpec(size: 11, weight: .semibold)), .foreground(.color(.white)), .lineLimit(1),
                .padding(.horizontal(5)),
                .frame(
                    FrameSpec(
                        maxWidth: .infinity, maxHeight: .infinity,
                        alignment: NodeAlignment(horizontal: 0, vertical: 0.5))),
            ])
    }

    /// The size of `sideBySide` for images of these sizes (the diff, when there is one, has the
    /// expected image's size, which is then the actual's too), with or without the caption bar.
    public static func sideBySideSize(expected: PixelSize, actual: PixelSize, captioned: Bool = false) -> PixelSize {
        PixelSize(
            width: expected.width + actual.width + max(expected.width, actual.width) + 2 * gap,
            height: max(expected.height, actual.height) + (captioned ? captionHeight : 0))
    }

    /// Sends a side-by-side frame for every frame of `comparison` that did not pass into `sink`, in frame
    /// order, then finishes the sink. Each pair is read and compared again (with the comparison's own
    /// options) to draw its diff. Returns the number of frames sent.
    @discardableResult
    public static func write<Sink: DiffFrameSink>(_ comparison: SequenceComparison, into sink: inout Sink) throws -> Int
    {
        var count = 0
        for frame in comparison.differingFrames {
            let expected = try readFrame(comparison.expectedFolder, frame.name)
            let actual = try readFrame(comparison.actualFolder, frame.name)
            let diff = compare(expected: expected, actual: actual, options: frame.comparison.options).diffImage
            try sink.append(
                try sideBySide(expected: expected, actual: actual, diff: diff, caption: frame.name), name: frame.name)
            count += 1
        }
        try sink.finish()
        return count
    }
}
