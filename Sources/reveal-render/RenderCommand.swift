import Foundation
import RevealRender

/// The scene to render, after the file (or demo) and the flags that override it.
enum Effect {
    case scratch(ScratchScene)
    case circle(CircleRevealScene)

    /// What happens over time, worked out once for the checks, the frames and the summary.
    var timeline: EffectTimeline {
        switch self {
        case let .scratch(scene): return .scratch(ScratchTimeline(scene: scene))
        case let .circle(scene): return .circle(CircleRevealTimeline(scene: scene))
        }
    }

    /// The view's size in pixels.
    var pixelSize: (width: Int, height: Int) {
        switch self {
        case let .scratch(scene): return (scene.pixelWidth, scene.pixelHeight)
        case let .circle(scene): return (scene.pixelWidth, scene.pixelHeight)
        }
    }

    /// The frames' size in pixels: the view, on its page when the scene has a card look.
    var frameSize: (width: Int, height: Int) {
        let (width, height) = pixelSize
        switch self {
        case let .scratch(scene): return scene.card.frameSize(viewWidth: width, height: height, scale: scene.scale)
        case let .circle(scene): return scene.card.frameSize(viewWidth: width, height: height, scale: scene.scale)
        }
    }

    var clock: FrameClock {
        switch self {
        case let .scratch(scene): return FrameClock(fps: scene.fps)
        case let .circle(scene): return FrameClock(fps: scene.fps)
        }
    }
}

/// An effect's timeline.
enum EffectTimeline {
    case scratch(ScratchTimeline)
    case circle(CircleRevealTimeline)

    func frameCount(hold: Double) -> Int {
        switch self {
        case let .scratch(timeline): return timeline.frameCount(hold: hold)
        case let .circle(timeline): return timeline.frameCount(hold: hold)
        }
    }

    func sequence(hold: Double, debugOverlay: Bool) throws -> any FrameSequence {
        switch self {
        case let .scratch(timeline):
            return try timeline.scene.card.present(ScratchSequence(timeline: timeline, hold: hold, debugOverlay: debugOverlay))
        case let .circle(timeline):
            return try timeline.scene.card.present(CircleRevealSequence(timeline: timeline, hold: hold))
        }
    }

    /// A line for the summary about how the animation went.
    var outcome: String {
        switch self {
        case let .scratch(timeline):
            return timeline.revealTime.map { "revealed at \(format($0)) s" } ?? "never revealed"
        case let .circle(timeline):
            return "\(timeline.toggles.count) toggle\(timeline.toggles.count == 1 ? "" : "s")"
        }
    }
}

/// Loads the scene and applies the flags; a `SceneError` or `UsageError` means bad input. The files
/// read are noted in `inputs`.
func loadEffect(_ args: Arguments, inputs: SceneInputs) throws -> Effect {
    let limits = SceneLimits(maxPixels: args.maxPixels, maxFrames: args.maxFrames, maxImagePixels: args.maxPixels)
    if args.isCircle {
        var scene = try args.circleFile.map { try CircleSceneFile.load(path: $0, limits: limits, inputs: inputs) } ?? DemoScenes.circle
        if let fps = args.fps { scene.fps = fps }
        if let scale = args.scale { scene.scale = scale }
        if args.reduceMotion { scene.reduceMotion = true }
        if let origin = args.origin { scene.origin = try parseOrigin(origin) }
        scene.animation = try animation(args, default: scene.animation)
        return .circle(scene)
    }
    var scene = try args.strokeFile.map { try ScratchSceneFile.load(path: $0, limits: limits, inputs: inputs) } ?? DemoScenes.scratch
    if let fps = args.fps { scene.fps = fps }
    if let scale = args.scale { scene.scale = scale }
    if args.reduceMotion { scene.reduceMotion = true }
    scene.fade = try animation(args, default: scene.fade)
    return .scratch(scene)
}

/// The first output that would write over one of the render's inputs, as a message; nil when none does.
func inputConflict(_ args: Arguments, _ inputs: SceneInputs) -> String? {
    var files = [("--apng", args.apng), ("--filmstrip", args.filmstrip)]
    if args.isStill { files.append(("--out", args.out)) }
    for case let (flag, path?) in files {
        if let input = inputs.input(at: path) {
            return "\(flag) \(quoted(path)) is \(quoted(input)), an input of this render; choose another path: reveal-render never writes over its inputs"
        }
    }
    if !args.isStill, let out = args.out, let input = inputs.input(replaceableIn: out) {
        return "--out \(quoted(out)) holds \(quoted(input)), an input of this render, under a name the frames or the manifest would replace; choose another folder"
    }
    return nil
}

/// `--curve` and `--duration` applied to an animation.
func animation(_ args: Arguments, default spec: AnimationSpec) throws(UsageError) -> AnimationSpec {
    guard let name = args.curve else {
        if let duration = args.duration, case let .timing(curve, _) = spec { return .timing(curve, duration: duration) }
        return spec
    }
    guard let named = AnimationDecoder.named(name, duration: args.duration, default: spec) else {
        throw UsageError(message: "--curve: unknown curve \(quoted(name)) (use \(AnimationDecoder.curveNames.joined(separator: ", ")))")
    }
    return named
}

/// `--origin X,Y` or a UnitPoint name.
func parseOrigin(_ text: String) throws(UsageError) -> UnitPoint {
    if let named = UnitPoint.named[text] { return named }
    let parts = text.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
    guard parts.count == 2, let x = parts[0], let y = parts[1], x.isFinite, y.isFinite, abs(x) <= 1000, abs(y) <= 1000 else {
        throw UsageError(message: "--origin: expected X,Y (e.g. 0.5,0.78) or one of \(UnitPoint.named.keys.sorted().joined(separator: ", ")), got \(quoted(text))")
    }
    return UnitPoint(x: x, y: y)
}

/// `reveal-render [--stroke FILE | --circle FILE | --demo NAME] --out …`: renders frames or a still.
/// Exit codes: 0 done, 1 output could not be written, 2 bad input.
func renderCommand(_ argv: [String]) -> Int32 {
    let args: Arguments
    let effect: Effect
    let inputs = SceneInputs()
    do {
        args = try Arguments(argv)
        if args.help {
            print(helpText)
            return 0
        }
        if args.version {
            print(version)
            return 0
        }
        effect = try loadEffect(args, inputs: inputs)
        if let conflict = inputConflict(args, inputs) { throw UsageError(message: conflict) }
    } catch let error as UsageError {
        report("reveal-render: \(error.message)")
        report("Run 'reveal-render --help' for usage and the scene file formats.")
        return 2
    } catch {
        report("\(error)")
        return 2
    }
    let source = args.strokeFile.map { displayPath($0) } ?? args.circleFile.map { displayPath($0) } ?? "--demo \(args.demo ?? "")"
    let size = effect.pixelSize
    guard size.width >= 1, size.height >= 1 else {
        report("\(source): the view at this scale is less than one pixel (\(size.width)×\(size.height)); raise the size or the scale")
        return 2
    }
    let frame = effect.frameSize
    guard frame.width * frame.height <= args.maxPixels, frame.width <= Pixmap.maxSide, frame.height <= Pixmap.maxSide else {
        report("\(source): frames would be \(frame.width)×\(frame.height) pixels, more than the limit of \(args.maxPixels) (raise it with --max-pixels; sides at most \(Pixmap.maxSide))")
        return 2
    }
    let timeline = effect.timeline
    let frameCount = timeline.frameCount(hold: args.hold)
    guard frameCount <= args.maxFrames else {
        report("\(source): the sequence would have \(frameCount) frames, more than the limit of \(args.maxFrames) (raise it with --max-frames)")
        return 2
    }
    let out = args.out ?? ""
    let clock = effect.clock
    let last = "frames 0-\(frameCount - 1)"
    var stillIndex: Int?
    if args.isStill {
        let index = args.frame ?? Int(((args.time ?? 0) * clock.fps + 1e-9).rounded(.down))
        guard index < frameCount else {
            report("reveal-render: frame \(index) is after the end of the sequence (\(last)); --hold SECONDS extends it")
            return 2
        }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: out, isDirectory: &isFolder), isFolder.boolValue {
            report("reveal-render: --out \(quoted(out)) is a folder; a still needs a file name such as \(displayPath(out))/still.png")
            return 2
        }
        stillIndex = index
    }
    let range = args.frames ?? 0...(frameCount - 1)
    guard range.upperBound < frameCount else {
        report("reveal-render: --frames \(range.lowerBound)-\(range.upperBound) is beyond the end of the sequence (\(last))")
        return 2
    }
    do {
        var sequence = try timeline.sequence(hold: args.hold, debugOverlay: args.debugOverlay)
        if let index = stillIndex {
            try SequenceExport.still(&sequence, frame: index, to: out, png: args.png)
            if !args.quiet {
                report("wrote frame \(index) (t = \(format(clock.time(ofFrame: index))) s, \(sequence.pixelWidth)×\(sequence.pixelHeight)) to \(displayPath(out))")
            }
            return 0
        }
        // The folder first: it clears abandoned temporary files, which must not include ours.
        let folder = try args.out.map { try FrameFolder(path: $0) }
        let frames = range.lowerBound..<(range.upperBound + 1)
        var observers: [FrameObserver] = []
        if let path = args.apng {
            observers.append(try APNGWriter(path: path, width: sequence.pixelWidth, height: sequence.pixelHeight,
                                            fps: clock.fps, loops: args.loops, frameCount: frames.count,
                                            options: sequence.pngOptions(APNGWriter.defaultOptions)))
        }
        if let path = args.filmstrip {
            observers.append(Filmstrip(path: path, frames: frames, count: args.filmstripCount,
                                       gap: Int((4 * sequence.scale).rounded()), options: sequence.pngOptions(args.png)))
        }
        var progress = ProgressBar(total: range.count, enabled: !args.quiet)
        let started = Date()
        let signals = SignalWatch()
        do {
            try SequenceExport.run(&sequence, frames: frames, folder: folder, png: args.png,
                                   wholeSequence: args.frames == nil, observers: observers,
                                   shouldStop: { signals.received != nil }, progress: { progress.update($0) })
        } catch let stopped as ExportInterrupted {
            let signal = signals.received ?? SIGINT
            progress.clear()
            report("reveal-render: stopped by \(signal == SIGTERM ? "SIGTERM" : "SIGINT") after \(stopped.framesWritten) of \(stopped.framesWanted) frames; those frames are complete, no manifest was written")
            return 128 + signal
        }
        if !args.quiet {
            let seconds = String(format: "%.2f", Date().timeIntervalSince(started))
            let targets = [args.out, args.apng, args.filmstrip].compactMap { $0.map { displayPath($0) } }.joined(separator: ", ")
            report("wrote \(range.count) frames (\(sequence.pixelWidth)×\(sequence.pixelHeight)) to \(targets) in \(seconds) s; \(timeline.outcome)")
        }
        return 0
    } catch {
        report("reveal-render: \(error)")
        return 1
    }
}
