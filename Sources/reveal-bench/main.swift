import Foundation
import RevealRender

let usage = "usage: reveal-bench accuracy STROKES.json FRAME"
let args = Array(CommandLine.arguments.dropFirst())
do {
    switch args.first {
    case "accuracy" where args.count == 3:
        guard let frame = Int(args[2]) else { print(usage); exit(2) }
        let a = try MaskAccuracy.measure(scene: try ScratchSceneFile.load(path: args[1]), frame: frame)
        print(String(format: "accuracy %@ frame %d: %d edge pixels, mean %.3f, 99.9th %.2f, max %.2f levels; far from edges max %.2f",
                     args[1], frame, a.edgePixels, a.mean, a.percentile999, a.max, a.farFromEdgesMax))
    default:
        print(usage)
        exit(2)
    }
} catch {
    print("reveal-bench: \(error)")
    exit(1)
}
