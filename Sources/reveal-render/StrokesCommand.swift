import Foundation
import RevealRender

let strokesHelp = """
    reveal-render strokes zigzag|spiral|taps [options] > strokes.json

    Writes a stroke file to standard output, so nobody has to type coordinates. With their defaults,
    zigzag and spiral scratch the demo card (337 × 240, brush 56) past its 0.7 threshold; taps do not.
      --width W --height H   the view in points (default 337 × 240, the demo card)
      --scale S              pixels per point written into the file (default 3)
      --brush B              brush width in points (default 56)
      --threshold T          reveal threshold (default 0.7)
      --speed V              finger speed in points per second (default 700)
      --rate HZ              touch samples per second (default 120)
      --start S              when the first stroke starts, in seconds (default 0.1)
      --legs N               zigzag: legs across the view (default 8)
      --turns N              spiral: turns out to the view's corners (default 4)
      --count N              taps: how many (default 12)
      --jitter P             random noise in points added to every sample (default 0)
      --seed N               random seed for taps and jitter (default 1)
    """

/// `reveal-render strokes PATTERN …`: generates a stroke file on standard output.
func strokesCommand(_ argv: [String]) -> Int32 {
    guard let pattern = argv.first, ["zigzag", "spiral", "taps"].contains(pattern) else {
        if argv.first == "--help" || argv.first == "-h" {
            print(strokesHelp)
            return 0
        }
        report("reveal-render strokes: give a pattern: zigzag, spiral or taps")
        report("Run 'reveal-render strokes --help' for the options.")
        return 2
    }
    var options: [String: Double] = [
        "width": 337, "height": 240, "scale": 3, "brush": 56, "threshold": 0.7,
        "speed": 700, "rate": 120, "start": 0.1, "legs": 8, "turns": 4, "count": 12,
        "jitter": 0, "seed": 1,
    ]
    var i = 1
    while i < argv.count {
        let key = String(argv[i].drop { $0 == "-" })
        guard argv[i].hasPrefix("--"), options[key] != nil else {
            report("reveal-render strokes: unknown option \(argv[i])")
            return 2
        }
        guard i + 1 < argv.count, let value = Double(argv[i + 1]), value.isFinite, value >= 0 else {
            report("reveal-render strokes: \(argv[i]) needs a number of 0 or more")
            return 2
        }
        options[key] = value
        i += 2
    }
    let o = { (key: String) in options[key]! }
    guard o("width") > 0, o("height") > 0, o("speed") > 0, o("rate") > 0, o("rate") <= 10_000 else {
        report("reveal-render strokes: width, height, speed and rate must be more than 0 (rate at most 10000)")
        return 2
    }
    let seed = UInt64(min(o("seed"), 1e18))
    let (w, h) = (o("width"), o("height"))
    let margin = min(o("brush") / 2, min(w, h) / 4)
    let strokes: [Stroke]
    switch pattern {
    case "zigzag":
        strokes = [
            Stroke(
                points: StrokePattern.zigzag(
                    xRange: margin...(w - margin), yFrom: margin, yTo: h - margin,
                    legs: max(1, Int(o("legs"))), start: o("start"), speed: o("speed"),
                    rate: o("rate"), jitter: o("jitter"), seed: seed))
        ]
    case "spiral":
        // Out to the corners, turns no further apart than the brush is wide: the defaults reveal the card.
        strokes = [
            Stroke(
                points: StrokePattern.spiral(
                    center: Point(x: w / 2, y: h / 2), radius: hypot(w, h) / 2 - margin / 2,
                    turns: max(0.25, o("turns")), start: o("start"), speed: o("speed"),
                    rate: o("rate"), jitter: o("jitter"), seed: seed))
        ]
    default:
        strokes = StrokePattern.taps(count: max(1, Int(o("count"))), width: w, height: h, start: o("start"), seed: seed)
    }
    let points = strokes.map { stroke in
        "    {\"points\": ["
            + stroke.points.map { "[\(format($0.x)), \(format($0.y)), \(format($0.t))]" }.joined(separator: ", ") + "]}"
    }
    print(
        """
        {
          "width": \(format(w)), "height": \(format(h)), "scale": \(format(o("scale"))),
          "brushWidth": \(format(o("brush"))), "revealThreshold": \(format(o("threshold"))),
          "strokes": [
        \(points.joined(separator: ",\n"))
          ]
        }
        """)
    return 0
}
