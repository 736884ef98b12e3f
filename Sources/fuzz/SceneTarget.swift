// `fuzz scene`: every input is read as each kind of scene file (`SceneFormat.all`), and whatever
// decodes goes on through what `reveal-render` does with it — `prepare` (every rule, the frame count),
// the timeline, and three frames rendered into a view cut down to at most 40×40 pixels, on its card
// when it has one (the strokes, paints and animation unchanged). Errors are expected; crashes,
// hangs and memory errors are what the fuzzer looks for.
import Foundation
import RevealRender

/// Image paths in fuzzed scenes are relative to the corpus images (`good.png` and friends).
let imageFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Tests/Corpus/images").path

func fuzzScene(_ bytes: [UInt8]) {
    for format in SceneFormat.all {
        if let scene = try? format.decode(
            bytes, file: "fuzz.json", baseDirectory: imageFolder,
            limits: SceneLimits(maxImagePixels: 1 << 20))
        {
            renderSmall(scene)
        }
    }
}

/// Prepares `scene` as `reveal-render` would (every rule, the frame count), then renders it cut down to
/// at most 40×40 pixels of view (card look included), its strokes, paints and animation unchanged.
func renderSmall(_ scene: any RevealScene) {
    // The command line's limits first, as it would check them.
    guard (try? scene.prepare(SceneLimits())) != nil else { return }
    var small = scene
    small.width = min(small.width, 40 / small.scale)
    small.height = min(small.height, 40 / small.scale)
    guard let prepared = try? small.prepare(), var sequence = try? prepared.sequence() else { return }
    render(&sequence)
}

/// The first, a middle and the last frame, in order as an export would draw them.
func render(_ sequence: inout any FrameSequence) {
    let count = sequence.frameCount
    for index in Set([0, count / 2, count - 1]).sorted() {
        guard let pixmap = try? sequence.render(frame: index) else { return }
        precondition(pixmap.width == sequence.pixelWidth && pixmap.height == sequence.pixelHeight)
        _ = sequence.metadata(frame: index)
    }
}
