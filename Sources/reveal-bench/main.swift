import Accuracy
import Foundation
import RevealRender

let usage = """
    usage: reveal-bench accuracy STROKES.json FRAME
           reveal-bench speed (--stroke FILE | --circle FILE) (--out DIR | --render-only) [--hold S] [--preset fast|smallest]
                              [--level N] [--filter automatic|none|sub|up|paeth|adaptive] [--strategy default|filtered|rle|huffman|rows]
    """

/// Renders a whole scene through the exporter and prints one JSON line of figures.
func speed(_ args: [String]) throws {
    var options = PNGEncodingOptions()
    var scene: String?
    var circle = false
    var out = "/tmp/reveal-bench-out"
    var hold = 0.0
    var renderOnly = false
    var i = 0
    while i < args.count {
        let value = i + 1 < args.count ? args[i + 1] : ""
        switch args[i] {
        case "--stroke": scene = value
        case "--circle":
            scene = value
            circle = true
        case "--out": out = value
        case "--render-only":
            renderOnly = true
            i -= 1
        case "--hold": hold = Double(value) ?? 0
        case "--level": options.compressionLevel = Int(value) ?? 6
        case "--preset": options = value == "smallest" ? .smallest : .fast
        case "--filter":
            options.filter =
                [
                    "automatic": .automatic, "none": .none, "sub": .sub, "up": .up, "paeth": .paeth,
                    "adaptive": .adaptive,
                ][value] ?? .none
        case "--strategy":
            options.strategy =
                ["default": .default, "filtered": .filtered, "rle": .rle, "huffman": .huffmanOnly, "rows": .rows][value]
                ?? .default
        default:
            print(usage)
            exit(2)
        }
        i += 2
    }
    guard let scene else {
        print(usage)
        exit(2)
    }
    let started = Date()
    var timings: ExportTimings
    // Rendering alone (no encoder, no files) measures what a frame costs to draw, without the threads
    // that compress and write frames competing for the cores.
    let folder = renderOnly ? nil : try FrameFolder(path: out)
    let frameCount: Int
    if circle {
        var sequence = try CircleRevealSequence(scene: try CircleSceneFile.load(path: scene), hold: hold)
        frameCount = sequence.frameCount
        timings = try SequenceExport.run(
            &sequence, frames: 0..<sequence.frameCount, folder: folder, png: options,
            wholeSequence: true)
    } else {
        var sequence = try ScratchSequence(scene: try ScratchSceneFile.load(path: scene), hold: hold)
        frameCount = sequence.frameCount
        timings = try SequenceExport.run(
            &sequence, frames: 0..<sequence.frameCount, folder: folder, png: options,
            wholeSequence: true)
    }
    if renderOnly { timings.frames = frameCount }
    let total = Date().timeIntervalSince(started)
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    let n = Double(max(timings.frames, 1))
    print(
        String(
            format:
                "{\"system\": \"reveal-render\", \"frames\": %d, \"total_s\": %.3f, \"render_ms_per_frame\": %.3f, \"encode_ms_per_frame\": %.2f, \"write_ms_per_frame\": %.2f, \"bytes_per_frame\": %.0f, \"peak_rss_mib\": %.1f}",
            timings.frames, total, timings.render / n * 1000, timings.encode / n * 1000, timings.write / n * 1000,
            Double(timings.bytes) / n, Double(usage.ru_maxrss) / 1024))
}

let args = Array(CommandLine.arguments.dropFirst())
do {
    switch args.first {
    case "accuracy" where args.count == 3:
        guard let frame = Int(args[2]) else {
            print(usage)
            exit(2)
        }
        let a = try MaskAccuracy.measure(scene: try ScratchSceneFile.load(path: args[1]), frame: frame)
        print(
            String(
                format:
                    "accuracy %@ frame %d: %d edge pixels, mean %.3f, 99.9th %.2f, max %.2f levels; far from edges max %.2f",
                args[1], frame, a.edgePixels, a.mean, a.percentile999, a.max, a.farFromEdgesMax))
    case "speed":
        try speed(Array(args.dropFirst()))
    default:
        print(usage)
        exit(2)
    }
} catch {
    print("reveal-bench: \(error)")
    exit(1)
}
