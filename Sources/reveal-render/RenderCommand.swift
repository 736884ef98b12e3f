import Foundation
import RevealMedia
import RevealRender

/// Loads the scene the command line names (a file of the format its flag names, or a demo) and
/// applies the flags that override it; a `SceneError` or `UsageError` means bad input. The files read
/// are noted in `inputs`.
func loadScene(_ args: Arguments, limits: SceneLimits, inputs: SceneInputs) throws -> any RevealScene {
    var scene = try args.file.map { try load($0, as: args.format, limits: limits, inputs: inputs) } ?? args.format.demo
    var overrides = SceneOverrides(fps: args.fps, scale: args.scale, reduceMotion: args.reduceMotion)
    overrides.origin = try args.origin.map(parseOrigin)
    if args.curve != nil || args.duration != nil {
        let curve = args.curve
        let duration = args.duration
        if let curve, AnimationDecoder.named(curve, duration: duration, default: .circleDemo) == nil {
            throw UsageError(
                message:
                    "--curve: unknown curve \(quoted(curve)) (use \(AnimationDecoder.curveNames.joined(separator: ", ")))"
            )
        }
        overrides.animation = { spec in animation(curve: curve, duration: duration, default: spec) }
    }
    scene.apply(overrides)
    return scene
}

/// The scene file at `path` as `format`; a file of another kind (a circle scene given to `--stroke`)
/// is named as such, with the flag that reads it, instead of by its first unknown field.
func load(_ path: String, as format: SceneFormat, limits: SceneLimits, inputs: SceneInputs) throws -> any RevealScene {
    do {
        return try format.load(path: path, limits: limits, inputs: inputs)
    } catch {
        let topLevel = !error.path.contains(".") && !error.path.contains("[")
        guard topLevel, error.message.hasPrefix("unknown field"),
            let other = SceneFormat.all.first(where: {
                $0.flag != format.flag && (try? $0.load(path: path, limits: limits)) != nil
            })
        else { throw error }
        throw SceneError(
            file: path, path: "",
            message: "this is a \(other.name) scene file (\(other.title)), not a \(format.name) one: use \(other.flag)")
    }
}

/// `--curve` and `--duration` applied to an animation (the curve's name is known to be valid).
func animation(curve: String?, duration: Double?, default spec: AnimationSpec) -> AnimationSpec {
    guard let curve else {
        if let duration, case .timing(let timing, _) = spec { return .timing(timing, duration: duration) }
        return spec
    }
    return AnimationDecoder.named(curve, duration: duration, default: spec) ?? spec
}

/// The first output that would write over one of the render's inputs, as a message; nil when none does.
func inputConflict(_ args: Arguments, _ inputs: SceneInputs) -> String? {
    var files = args.files
    if args.isStill, let out = args.out { files.append(("--out", out)) }
    for (flag, path) in files {
        if let input = inputs.input(at: path) {
            return
                "\(flag) \(quoted(path)) is \(quoted(input)), an input of this render; choose another path: reveal-render never writes over its inputs"
        }
    }
    if !args.isStill, let out = args.out, let input = inputs.input(replaceableIn: out) {
        return
            "--out \(quoted(out)) holds \(quoted(input)), an input of this render, under a name the frames or the manifest would replace; choose another folder"
    }
    return nil
}

/// `--origin X,Y` or a UnitPoint name.
func parseOrigin(_ text: String) throws(UsageError) -> RelativePoint {
    if let named = RelativePoint.named[text] { return named }
    let parts = text.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
    guard parts.count == 2, let x = parts[0], let y = parts[1], x.isFinite, y.isFinite, abs(x) <= 1000, abs(y) <= 1000
    else {
        throw UsageError(
            message:
                "--origin: expected X,Y (e.g. 0.5,0.78) or one of \(RelativePoint.named.keys.sorted().joined(separator: ", ")), got \(quoted(text))"
        )
    }
    return RelativePoint(x: x, y: y)
}

/// `reveal-render [--stroke FILE | --circle FILE | --demo NAME] --out …`: renders frames or a still.
/// Exit codes: 0 done, 1 output could not be written, 2 bad input.
func renderCommand(_ argv: [String]) -> Int32 {
    let args: Arguments
    let prepared: PreparedScene
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
        if args.video != nil { VideoWriter.preloadLibraries() }
        // libwebp's per-frame memory is reused rather than faulted in again.
        if args.webp != nil { FrameAllocations.padHeapTops() }
        let limits = SceneLimits(maxPixels: args.maxPixels, maxFrames: args.maxFrames, maxImagePixels: args.maxPixels)
        let scene = try loadScene(args, limits: limits, inputs: inputs)
        if let conflict = inputConflict(args, inputs) { throw UsageError(message: conflict) }
        do {
            prepared = try scene.prepare(limits, hold: args.hold)
        } catch {
            throw error.inFile(args.file ?? "--demo \(args.format.name)")
        }
    } catch let error as UsageError {
        report("reveal-render: \(error.message)")
        report("Run 'reveal-render --help' for usage and the scene file formats.")
        return 2
    } catch {
        report("\(error)")
        return 2
    }
    // The input is read and its buffers freed: from here on, the blocks a frame frees serve the next one.
    FrameAllocations.keepFreedBlocks()
    return writeOutputs(
        args, frameCount: prepared.frameCount, clock: prepared.clock, outcome: prepared.outcome,
        identity: sceneIdentity(args, prepared, inputs)
    ) {
        try prepared.sequence(debugOverlay: args.debugOverlay)
    }
}

/// Writes what the command line asks for (a still, a folder of frames, an animated PNG, a filmstrip) from
/// the sequence `makeSequence` gives, with `frameCount` frames at `clock`'s rate; `identity` goes into the
/// manifest. Exit codes: 0 done, 1 output could not be written, 2 bad input.
func writeOutputs(
    _ args: Arguments, frameCount: Int, clock: FrameClock, outcome: String, identity: [(String, FrameMetadata)],
    makeSequence: () throws -> any FrameSequence
) -> Int32 {
    let out = args.out ?? ""
    let last = "frames 0-\(frameCount - 1)"
    var stillIndex: Int?
    if args.isStill {
        // As `renderFrame(at:)` and `renderFrame(_:)`: the last frame at or before the time, and past
        // the end the final state, as --hold would show it.
        let index: Int
        do throws(UsageError) {
            index = try args.stillIndex(clock)
        } catch {
            report("reveal-render: \(error.message)")
            return 2
        }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: out, isDirectory: &isFolder), isFolder.boolValue {
            report(
                "reveal-render: --out \(quoted(out)) is a folder; a still needs a file name such as \(displayPath(out))/still.png"
            )
            return 2
        }
        stillIndex = index
    }
    let range = args.frames ?? 0...(frameCount - 1)
    guard range.upperBound < frameCount else {
        report(
            "reveal-render: --frames \(range.lowerBound)-\(range.upperBound) is beyond the end of the sequence (\(last))"
        )
        return 2
    }
    do {
        var sequence = try makeSequence()
        if let index = stillIndex {
            try SequenceExport.still(&sequence, frame: index, to: out, png: args.png)
            noteIfNotPNG(out, args)
            if !args.quiet {
                let end =
                    index < frameCount
                    ? ""
                    : ", after the sequence's end at \(seconds(clock.time(ofFrame: frameCount - 1))) s: its final state"
                report(
                    "wrote frame \(index) (t = \(seconds(clock.time(ofFrame: index))) s\(end), \(sequence.pixelWidth)×\(sequence.pixelHeight)) to \(displayPath(out))"
                )
            }
            return 0
        }
        // The folder first: it clears abandoned temporary files, which must not include ours.
        let folder = try args.out.map { try FrameFolder(path: $0) }
        let frames = range.lowerBound..<(range.upperBound + 1)
        var observers: [FrameObserver] = []
        if let path = args.apng {
            observers.append(
                try APNGWriter(
                    path: path, width: sequence.pixelWidth, height: sequence.pixelHeight,
                    fps: clock.fps, loops: args.loops, frameCount: frames.count,
                    options: sequence.pngOptions(APNGWriter.defaultOptions)))
        }
        var gif: GIFWriter?
        if let path = args.gif {
            gif = try GIFWriter(
                path: path, width: sequence.pixelWidth, height: sequence.pixelHeight, fps: clock.fps,
                frameCount: frames.count, loops: args.loops)
            gif?.dithering = args.dither ? 1 : 0
            gif?.quality = args.quality
            gif.map { observers.append($0) }
        }
        let webp = try args.webp.map { path in
            try WebPWriter(
                path: path, width: sequence.pixelWidth, height: sequence.pixelHeight, fps: clock.fps,
                frameCount: frames.count, loops: args.loops, quality: args.quality)
        }
        webp.map { observers.append($0) }
        var video: VideoWriter?
        if let path = args.video, let format = VideoFormat(path: path) {
            do {
                video = try VideoWriter(
                    path: path, format: format, width: sequence.pixelWidth, height: sequence.pixelHeight,
                    fps: clock.fps, frameCount: frames.count, quality: args.quality)
            } catch let error as VideoError where error.kind == .unsupported {
                throw UsageError(message: "--video \(error)")
            }
            video.map { observers.append($0) }
        }
        var strip: Filmstrip?
        if let path = args.filmstrip {
            strip = Filmstrip(
                path: path, frames: frames, count: args.filmstripCount,
                gap: Int((4 * sequence.scale).rounded()), options: sequence.pngOptions(args.png))
            strip.map { observers.append($0) }
        }
        var progress = ProgressBar(total: range.count, enabled: !args.quiet)
        let started = Date()
        let signals = SignalWatch.shared
        do {
            try SequenceExport.run(
                &sequence, frames: frames, folder: folder, png: args.png,
                wholeSequence: args.frames == nil, identity: identity,
                observers: observers,
                shouldStop: { signals.received != nil }, progress: { progress.update($0) })
        } catch let stopped as ExportInterrupted {
            let signal = signals.received ?? SIGINT
            progress.clear()
            report(
                "reveal-render: stopped by \(SignalWatch.name(signal)) after \(stopped.framesWritten) of \(stopped.framesWanted) frames; those frames are complete, no manifest was written"
            )
            return 128 + signal
        }
        for path in [args.apng, args.filmstrip].compactMap({ $0 }) { noteIfNotPNG(path, args) }
        if !args.quiet {
            let elapsed = String(format: "%.2f", Date().timeIntervalSince(started))
            // What was written, each output as what it is: frames, an animated PNG, one strip image.
            let frameSize = PixelSize(width: sequence.pixelWidth, height: sequence.pixelHeight)
            var written: [String] = []
            if let out = args.out { written.append("\(range.count) frames (\(frameSize)) to \(displayPath(out))") }
            if let apng = args.apng {
                written.append("an animated PNG of \(range.count) frames (\(frameSize)) to \(displayPath(apng))")
            }
            let duration = "\(seconds(Double(range.count) / clock.fps)) s"
            if let gif, let path = args.gif {
                let above =
                    clock.fps > GIFTiming.maxFPS ? ", and a GIF shows at most \(Int(GIFTiming.maxFPS)) a second" : ""
                written.append(
                    "a GIF of \(duration) (\(frameSize), \(gif.framesWritten) frames: still stretches are one frame\(above)) to \(displayPath(path))"
                )
            }
            if let webp, let path = args.webp {
                let kind = args.quality.map { "lossy at quality \(format($0))" } ?? "lossless"
                written.append(
                    "an animated WebP of \(duration) (\(frameSize), \(kind), \(webp.framesWritten) frames: still stretches are one frame) to \(displayPath(path))"
                )
            }
            if let video, let path = args.video {
                let padded =
                    (video.codedWidth, video.codedHeight) == (video.width, video.height)
                    ? "" : " coded \(video.codedWidth)×\(video.codedHeight), \(video.format.codec) needs even sides,"
                written.append(
                    "a video of \(duration) (\(video.format.name) with \(video.format.codec), \(frameSize),\(padded) \(format(clock.fps)) fps, CRF \(video.crf)) to \(displayPath(path))"
                )
            }
            if let strip, let path = args.filmstrip {
                written.append(
                    "a filmstrip of \(strip.indices.count) frames (\(strip.size(forFrame: frameSize)), one image) to \(displayPath(path))"
                )
            }
            report("wrote " + written.joined(separator: "; ") + " in \(elapsed) s; \(outcome)")
        }
        return 0
    } catch {
        return exitCode(reporting: error)
    }
}

/// A PNG written under a name without `.png` (`--out still`) is what was asked, but easy to miss: say so.
private func noteIfNotPNG(_ path: String, _ args: Arguments) {
    var info = stat()
    // A device or a pipe (`--out /dev/stdout`) has no name to fix.
    guard !args.quiet, !path.lowercased().hasSuffix(".png"), stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG
    else { return }
    report("reveal-render: note: \(displayPath(path)) has no .png extension; it is a PNG file all the same")
}

/// The manifest's `sceneDigest`: what the frames depend on (the input files' bytes, the flags that
/// change frames), so that `reveal-render join` takes only shards of one run.
private func sceneIdentity(_ args: Arguments, _ prepared: PreparedScene, _ inputs: SceneInputs) -> [(
    String, FrameMetadata
)] {
    let scene = prepared.scene
    let settings = [
        version, args.format.name, args.file == nil ? "demo" : "file", "fps \(scene.fps)", "scale \(scene.scale)",
        "reduceMotion \(scene.reduceMotion)", "curve \(args.curve ?? "-")",
        "duration \(args.duration.map { "\($0)" } ?? "-")",
        "origin \(args.origin ?? "-")", "hold \(args.hold)", "debugOverlay \(args.debugOverlay)", "png \(args.png)",
        "frames \(prepared.frameCount)", "size \(prepared.frameSize)",
    ]
    return inputs.digest(settings: settings).map { [("sceneDigest", .string($0))] } ?? []
}
