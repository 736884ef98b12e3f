import Foundation
import RevealRender

let compareHelpText = """
    reveal-render compare: compares two PNG images, or two folders of frames, pixel by pixel.

    USAGE
      reveal-render compare EXPECTED.png ACTUAL.png [--diff OUT.png] [--report DIR] [OPTIONS]
      reveal-render compare EXPECTED_DIR ACTUAL_DIR [--diff OUT.png | --diff OUT_DIR] [--report DIR] [OPTIONS]

    Exact by default: a pixel differs when any of its bytes differs.

    OPTIONS
      --threshold T        per-pixel tolerance, 0…1, on pixelmatch's perceptual YIQ distance (0.1 ignores
                           small colour shifts; default 0). Semi-transparent pixels are compared as seen
                           over black and over white, the worse counts.
      --level-tolerance L  a pixel none of whose channels differs by more than L levels (0…255, premultiplied
                           RGBA) does not count (default 0). With --max-diff-ratio 0.001 and L = 1: at
                           the 99.9th percentile, pixels differ by at most one level.
      --antialiasing       a pixel that differs only because an edge moved inside it does not count.
      --max-diff-pixels N  still pass with up to N differing pixels (per frame, for folders).
      --max-diff-ratio R   still pass with up to this fraction (0…1) of the pixels differing.
      --diff PATH          files: write the diff image there: differences red over a faded grey copy of
                           EXPECTED, antialiasing yellow. Folders: expected | actual | diff side by side,
                           under a caption bar naming the panels and the frame, for each frame that
                           differs: as an animated PNG at 2 frames per second when PATH ends in .png
                           (nothing is written when no frame differs), else as PNG files named like the
                           frames in the folder PATH (files already there that this run does not write
                           stay as they are). PATH may not be, or lie inside, EXPECTED or ACTUAL:
                           compare never changes its inputs.
      --report DIR         also write a web page, DIR/index.html, with its images beside it (open it from
                           the file system; no network). Files: the figures, expected | actual | diff
                           with the differences' bounding box, and a swipe / onion-skin view. Folders: a
                           summary, the manifests' differences, a filmstrip of the differing frames (the
                           first 200 get images) and a scrubber over every frame (slider, arrow keys).
                           Written whether or not they match; DIR follows the same rules as --diff.

    FOLDERS
      Frames pair by name (frame-00000.png, …). Frames missing from ACTUAL_DIR or extra in it make the
      folders differ; the report names the first differing frame. When both hold a manifest.json, its
      fields must agree too (revealedAt, rounds, each frame's coverage, revealed, accessibility, …; font
      paths excepted): the report lists those that differ, the sequence's first, then frame by frame.

    EXIT CODES
      0 they match · 1 they differ (the report is on standard output) · 2 bad input (unreadable, not a
      PNG, a file against a folder, bad options) or the diff could not be written.
    """

/// The parsed `compare` command line.
private struct CompareArguments {
    var expected = ""
    var actual = ""
    var diff: String?
    var report: String?
    var options = ComparisonOptions()
    var help = false

    init(_ args: [String]) throws(UsageError) {
        var paths: [String] = []
        var pixels: Int?
        var ratio: Double?
        var reader = ArgumentReader(args)
        func fraction(_ flag: String) throws(UsageError) -> Double {
            let text = try reader.value(flag)
            guard let x = Double(text), x.isFinite, (0...1).contains(x) else {
                throw UsageError(message: "\(flag): expected a number from 0 to 1, got \(quoted(text))")
            }
            return x
        }
        while let arg = reader.next() {
            switch arg {
            case "--diff": diff = try reader.value(arg)
            case "--report": report = try reader.value(arg)
            case "--threshold": options.threshold = try fraction(arg)
            case "--antialiasing": options.antialiasing = true
            case "--level-tolerance":
                options.levelTolerance = try reader.integer(arg)
                guard options.levelTolerance <= 255 else {
                    throw UsageError(message: "--level-tolerance \(options.levelTolerance) is outside 0…255")
                }
            case "--max-diff-pixels": pixels = try reader.integer(arg)
            case "--max-diff-ratio": ratio = try fraction(arg)
            case "--help", "-h": help = true
            default:
                if arg.hasPrefix("-") && arg != "-" { throw UsageError(message: "unknown option \(displayPath(arg))") }
                paths.append(arg)
            }
        }
        if help { return }
        guard paths.count == 2 else {
            throw UsageError(
                message: paths.count < 2
                    ? "compare needs EXPECTED and ACTUAL (two PNG files or two folders)"
                    : "compare takes two paths, got \(paths.count)")
        }
        if pixels != nil && ratio != nil {
            throw UsageError(message: "give --max-diff-pixels or --max-diff-ratio, not both")
        }
        if let pixels { options.budget = .pixels(pixels) }
        if let ratio { options.budget = .ratio(ratio) }
        expected = paths[0]
        actual = paths[1]
    }
}

/// What is at a path: a folder, something else (read as a PNG), or nothing readable.
private func isFolder(_ path: String) throws(UsageError) -> Bool {
    var info = stat()
    guard stat(path, &info) == 0 else {
        throw UsageError(message: "\(displayPath(path)): cannot open: \(String(cString: strerror(errno)))")
    }
    return (info.st_mode & S_IFMT) == S_IFDIR
}

/// `reveal-render compare EXPECTED ACTUAL …`: exit 0 match, 1 differ (report on standard output),
/// 2 bad input or a diff that could not be written (one line on standard error).
func compareCommand(_ argv: [String]) -> Int32 {
    let args: CompareArguments
    let folders: Bool
    do throws(UsageError) {
        args = try CompareArguments(argv)
        if args.help {
            print(compareHelpText)
            return 0
        }
        let expectedIsFolder = try isFolder(args.expected)
        let actualIsFolder = try isFolder(args.actual)
        guard expectedIsFolder == actualIsFolder else {
            let (folder, file) = expectedIsFolder ? (args.expected, args.actual) : (args.actual, args.expected)
            throw UsageError(
                message:
                    "\(displayPath(folder)) is a folder but \(displayPath(file)) is not: compare two PNG files or two frame folders"
            )
        }
        folders = expectedIsFolder
        for (flag, out) in [("--diff", args.diff), ("--report", args.report)] {
            guard let out, let input = FileIdentity.input(containing: out, among: [args.expected, args.actual]) else {
                continue
            }
            let role = FileIdentity(path: input) == FileIdentity(path: args.expected) ? "EXPECTED" : "ACTUAL"
            let relation = FileIdentity(path: out) == FileIdentity(path: input) ? "is" : "lies inside"
            throw UsageError(
                message:
                    "\(flag) \(quoted(out)) \(relation) \(role) (\(quoted(input))); write it somewhere else: compare never changes its inputs"
            )
        }
    } catch {
        report("reveal-render compare: \(error.message)")
        return 2
    }
    do {
        let passed: Bool
        if folders {
            let result = try compare(expectedFolder: args.expected, actualFolder: args.actual, options: args.options)
            if let out = args.diff {
                if out.lowercased().hasSuffix(".png") {
                    var sink = try APNGDiffSink(path: out, for: result)
                    try SequenceDiff.write(result, into: &sink)
                } else {
                    var sink = try DiffFrameFolder(path: out)
                    try SequenceDiff.write(result, into: &sink)
                    if !sink.otherFrames.isEmpty {
                        report(
                            "reveal-render compare: note: \(quoted(out)) also holds \(sink.otherFrames.count) frame file\(sink.otherFrames.count == 1 ? "" : "s") this run did not write (left as they were)"
                        )
                    }
                }
            }
            if let folder = args.report {
                let shown = try ComparisonReport.write(result, to: folder)
                if shown < result.differingFrames.count {
                    report(
                        "reveal-render compare: note: the report shows images for the first \(shown) of \(result.differingFrames.count) differing frames"
                    )
                }
            }
            print(result.report)
            passed = result.passed
        } else {
            let expectedBytes = try PNG.readFile(args.expected)
            let actualBytes = try PNG.readFile(args.actual)
            let expected = try PNG.decode(expectedBytes, readFrom: args.expected)
            let actual = try PNG.decode(actualBytes, readFrom: args.actual)
            let result = compare(
                expected: expected, actual: actual, options: args.options,
                diffImage: args.diff != nil || args.report != nil)
            if let out = args.diff, let image = result.diffImage {
                try AtomicFile.write(try PNG.encode(image), to: out)
            }
            if let folder = args.report {
                try ComparisonReport.write(
                    result, expected: expectedBytes, actual: actualBytes, expectedName: args.expected,
                    actualName: args.actual, to: folder)
            }
            print(result.report)
            passed = result.passed
        }
        return passed ? 0 : 1
    } catch {
        report("reveal-render compare: \(error)")
        return 2
    }
}
