import Foundation
import RevealRender

/// Prints one line to standard error.
func report(_ line: String) {
    FileHandle.standardError.write((line + "\n").data(using: .utf8)!)
}

/// Exit codes: 0 done, 1 output could not be written, 2 bad input.
func run(_ argv: [String]) -> Int32 {
    let args: Arguments
    do {
        args = try Arguments(argv)
    } catch {
        report("reveal-render: \(error.message)")
        report("Run 'reveal-render --help' for usage and the stroke file format.")
        return 2
    }
    if args.help {
        print(helpText)
        return 0
    }
    if args.version {
        print(version)
        return 0
    }
    let source = args.strokeFile ?? "--demo \(args.demo ?? "")"
    var scene: ScratchScene
    do {
        if let file = args.strokeFile {
            scene = try ScratchSceneFile.load(path: file, maxImagePixels: args.maxPixels)
        } else {
            scene = DemoScenes.scratch
        }
    } catch {
        report(error.description)
        return 2
    }
    if let fps = args.fps { scene.fps = fps }
    if let scale = args.scale { scene.scale = scale }
    if args.reduceMotion { scene.reduceMotion = true }

    let pixels = scene.pixelWidth * scene.pixelHeight
    guard scene.pixelWidth >= 1, scene.pixelHeight >= 1 else {
        report("\(source): \(format(scene.width))×\(format(scene.height)) points at scale \(format(scene.scale)) is less than one pixel")
        return 2
    }
    guard pixels <= args.maxPixels, scene.pixelWidth <= Pixmap.maxSide, scene.pixelHeight <= Pixmap.maxSide else {
        report("\(source): frames would be \(scene.pixelWidth)×\(scene.pixelHeight) pixels, more than the limit of \(args.maxPixels) (raise it with --max-pixels)")
        return 2
    }
    let timeline = ScratchTimeline(scene: scene)
    let frameCount = timeline.frameCount(hold: args.hold)
    guard frameCount <= args.maxFrames else {
        report("\(source): the sequence would have \(frameCount) frames, more than the limit of \(args.maxFrames) (raise it with --max-frames)")
        return 2
    }
    let out = args.out!
    do {
        var sequence = try ScratchSequence(scene: scene, hold: args.hold)
        if args.isStill {
            let index = args.frame ?? Int(((args.time ?? 0) * scene.fps + 1e-9).rounded(.down))
            guard index < args.maxFrames else {
                report("reveal-render: frame \(index) is beyond the limit of \(args.maxFrames) frames")
                return 2
            }
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: out, isDirectory: &isFolder), isFolder.boolValue {
                report("reveal-render: --out \(out) is a folder; a still needs a file name such as \(out)/still.png")
                return 2
            }
            try SequenceExport.still(&sequence, frame: index, to: out)
            if !args.quiet { report("wrote frame \(index) (t = \(format(Double(index) / scene.fps)) s, \(scene.pixelWidth)×\(scene.pixelHeight)) to \(out)") }
            return 0
        }
        let range = args.frames ?? 0...(frameCount - 1)
        guard range.upperBound < frameCount else {
            report("reveal-render: --frames \(range.lowerBound)-\(range.upperBound): the sequence has \(frameCount) frames (0-\(frameCount - 1))")
            return 2
        }
        let folder = try FrameFolder(path: out)
        var progress = ProgressBar(total: range.count, enabled: !args.quiet)
        let started = Date()
        try SequenceExport.run(&sequence, frames: range.lowerBound..<(range.upperBound + 1), folder: folder,
                               wholeSequence: args.frames == nil) { progress.update($0) }
        if !args.quiet {
            let seconds = String(format: "%.2f", Date().timeIntervalSince(started))
            let revealed = timeline.revealTime.map { "revealed at \(format($0)) s" } ?? "never revealed"
            report("wrote \(range.count) frames (\(scene.pixelWidth)×\(scene.pixelHeight)) to \(out) in \(seconds) s; \(revealed)")
        }
        return 0
    } catch let error as OutputError {
        report("reveal-render: \(error)")
        return 1
    } catch let error as PNGError {
        report("reveal-render: \(error)")
        return 1
    } catch {
        report("reveal-render: \(error)")
        return 1
    }
}

exit(run(Array(CommandLine.arguments.dropFirst())))
