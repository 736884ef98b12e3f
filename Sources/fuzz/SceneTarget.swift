// `fuzz scene`: every input is read as a stroke file and as a circle scene file, and whatever
// decodes goes on through what `reveal-render` does with it — the size and frame checks, the
// timeline, and three frames rendered into a view cut down to at most 40×40 pixels, on its card
// when it has one (the strokes, paints and animation unchanged). Errors are expected; crashes,
// hangs and memory errors are what the fuzzer looks for.
import Foundation
import RevealRender

/// Image paths in fuzzed scenes are relative to the corpus images (`good.png` and friends).
let imageFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Tests/Corpus/images").path

/// The largest frame and sequence the fuzzer renders, as the command line's limits would allow.
let maxPixels = 100_000_000
let maxFrames = 100_000

func fuzzScene(_ bytes: [UInt8]) {
    if let scene = try? ScratchSceneFile.decode(bytes, file: "fuzz.json", baseDirectory: imageFolder, limits: SceneLimits(maxImagePixels: 1 << 20)) {
        renderSmall(scene)
    }
    if let scene = try? CircleSceneFile.decode(bytes, file: "fuzz.json", baseDirectory: imageFolder, limits: SceneLimits(maxImagePixels: 1 << 20)) {
        renderSmall(scene)
    }
}

/// A scene the fuzzer can check as the command line would, then shrink before rendering.
protocol FuzzedScene: RevealScene {
    var width: Double { get set }
    var height: Double { get set }
    var scale: Double { get }
    var pixelWidth: Int { get }
    var pixelHeight: Int { get }
    var card: CardStyle { get }
    /// Frames of the whole animation, as the command line counts them.
    var frameCount: Int { get }
}

extension ScratchScene: FuzzedScene {
    var frameCount: Int { ScratchTimeline(scene: self).frameCount() }
}

extension CircleRevealScene: FuzzedScene {
    var frameCount: Int { CircleRevealTimeline(scene: self).frameCount() }
}

/// Checks `scene` as `reveal-render` would, then renders it cut down to at most 40×40 points of view
/// (card look included), its strokes, paints and animation unchanged.
func renderSmall<S: FuzzedScene>(_ scene: S) {
    let frame = scene.card.frameSize(viewWidth: scene.pixelWidth, height: scene.pixelHeight, scale: scene.scale)
    guard scene.pixelWidth >= 1, scene.pixelHeight >= 1, acceptable(frame.width, frame.height, scene.frameCount) else { return }
    var scene = scene
    scene.width = min(scene.width, 40 / scene.scale)
    scene.height = min(scene.height, 40 / scene.scale)
    guard scene.pixelWidth >= 1, scene.pixelHeight >= 1, var sequence = try? scene.frameSequence(hold: 0) else { return }
    render(&sequence)
}

/// What `reveal-render` checks before it renders anything.
func acceptable(_ width: Int, _ height: Int, _ frames: Int) -> Bool {
    width >= 1 && height >= 1 && width <= Pixmap.maxSide && height <= Pixmap.maxSide
        && width * height <= maxPixels && frames >= 1 && frames <= maxFrames
}

/// The first, a middle and the last frame, in order as an export would draw them.
func render<S: FrameSequence>(_ sequence: inout S) {
    let count = sequence.frameCount
    for index in Set([0, count / 2, count - 1]).sorted() {
        guard let pixmap = try? sequence.render(frame: index) else { return }
        precondition(pixmap.width == sequence.pixelWidth && pixmap.height == sequence.pixelHeight)
        _ = sequence.metadata(frame: index)
    }
}
