import Foundation
import RevealRender

let swiftUIHelp = """
    reveal-render swiftui FILE.swift… [--view TYPE] [--script FILE.json] --out DIR [options]

    Compiles your SwiftUI files, unchanged, against reveal-render's SwiftUI module, runs the view through a
    script of touches, taps and VoiceOver actions, and writes its frames. This runs your code: render only
    files you trust. The build is cached by content, so a second run starts at once.

      --view TYPE          the view to render, made as TYPE() (default: the files' first #Preview)
      --script FILE.json   what happens, in screen points and seconds (default: a 393×852 phone at 3×, 60 fps,
                           nothing happening):
        {"width": 393, "height": 852, "scale": 3, "fps": 60, "safeArea": "phone", "reduceMotion": false,
         "colorScheme": "light",                              or "dark": dark mode
         "touches": [{"points": [[x, y, t], …]}],             a finger down, moving, up
         "taps": [{"t": 2.0, "label": "Try again"}, {"t": 3, "at": [x, y]}],
         "accessibility": [{"t": 1.0, "label": "Scratch card", "action": "activate"}],
         "until": 6.5}                                       the end (default: the last event)
      --fps N, --scale S, --reduce-motion    override the script's
      --color-scheme light|dark              override the script's: dark mode draws a black screen and the
                           system colors, label colors and controls in their dark values (a view's
                           preferredColorScheme still wins)
      --redraw-all         draw every frame whole instead of only what changed since the frame before:
                           the same pixels, slower; a check on the incremental drawing
      --reevaluate         evaluate every body and lay the view out again at every frame, as if every
                           state changed: what a frame costs at worst
      --timings            say how long a frame took to draw (body evaluation, layout, drawing; not encoding)
      --out, --time/--frame, --frames A-B, --hold, --compression, --quiet
      --apng, --gif, --webp, --video, --quality, --loops, --filmstrip
                           as for scene files (reveal-render --help)

    Example:
      reveal-render swiftui Card.swift --script taps.json --out frames/
    """

/// `reveal-render swiftui FILE.swift… --out DIR`: builds the user's view and writes its frames; with
/// `layout`, prints its views as laid out at one frame instead (`reveal-render layout FILE.swift…`).
/// Exit codes: 0 done, 1 output could not be written or the view's code crashed, 2 bad input (a file
/// that does not compile, a script error).
func swiftUICommand(_ argv: [String], layout: Bool = false) -> Int32 {
    var files: [String] = []
    var viewType: String?
    var scriptPath: String?
    var redrawAll = false
    var colorScheme: ViewScript.Appearance?
    var childFlags: [String] = []
    var rest: [String] = []
    var reader = ArgumentReader(argv)
    let script: ViewScript
    let args: Arguments
    let inputs = SceneInputs()
    do {
        while let arg = reader.next() {
            switch arg {
            case "--view": viewType = try reader.value(arg)
            case "--script": scriptPath = try reader.value(arg)
            case "--redraw-all": redrawAll = true
            case "--color-scheme":
                let name = try reader.value(arg)
                guard let appearance = ViewScript.Appearance(rawValue: name) else {
                    throw UsageError(message: "--color-scheme takes light or dark, not \(jsonQuoted(name))")
                }
                colorScheme = appearance
            case "--reevaluate", "--timings": childFlags.append(arg)
            case "--help", "-h":
                print(layout ? layoutHelp : swiftUIHelp)
                return 0
            default:
                if !arg.hasPrefix("-") && arg.hasSuffix(".swift") {
                    files.append(arg)
                } else {
                    rest.append(arg)
                    // A flag's value goes with it.
                    if Arguments.takesValue(arg), let value = reader.next() { rest.append(value) }
                }
            }
        }
        guard !files.isEmpty else {
            throw UsageError(message: "swiftui needs the Swift files that hold the view (FILE.swift …)")
        }
        args = try Arguments(rest, requireOutput: !layout, scene: false)
        if layout, args.out != nil || !args.files.isEmpty || args.frames != nil {
            throw UsageError(
                message:
                    "layout prints to standard output; it takes no --out, --frames, --apng, --gif, --webp, --video or --filmstrip"
            )
        }
        for file in files { inputs.record(file) }
        var loaded =
            try scriptPath.map { path throws(SceneError) in try ViewScriptFile.load(path: path, inputs: inputs) }
            ?? ViewScript()
        if let fps = args.fps { loaded.fps = fps }
        if let scale = args.scale { loaded.scale = scale }
        if args.reduceMotion { loaded.reduceMotion = true }
        if let colorScheme { loaded.appearance = colorScheme }
        script = loaded
        // Never written over: the Swift files and the script, as a scene file and its images.
        if let conflict = inputConflict(args, inputs) { throw UsageError(message: conflict) }
    } catch let error as UsageError {
        report("reveal-render: \(error.message)")
        report("Run 'reveal-render \(layout ? "layout" : "swiftui") --help' for usage.")
        return 2
    } catch {
        report("\(error)")
        return 2
    }
    let clock = FrameClock(fps: script.fps)
    var childArguments = scriptPath.map { ["--script", $0] } ?? []
    if let fps = args.fps { childArguments += ["--fps", "\(fps)"] }
    if let scale = args.scale { childArguments += ["--scale", "\(scale)"] }
    if args.reduceMotion { childArguments.append("--reduce-motion") }
    if let colorScheme { childArguments += ["--color-scheme", colorScheme.rawValue] }
    if args.hold > 0 { childArguments += ["--hold", "\(args.hold)"] }
    if redrawAll { childArguments.append("--redraw-all") }
    childArguments += childFlags
    do {
        if layout {
            let index = try args.stillIndex(clock)
            childArguments += ["--layout-at", "\(index)"]
        } else if args.isStill {
            let index = try args.stillIndex(clock)
            childArguments += ["--frames", "\(index)-\(index)"]
        } else if let frames = args.frames {
            childArguments += ["--frames", "\(frames.lowerBound)-\(frames.upperBound)"]
        }
        let build = ViewBuild(
            files: files, viewType: viewType, kit: try SwiftUIKit.find(), toolchain: try SwiftToolchain.find())
        let program = try build.executable()
        let child = try ViewProcess(program: program, arguments: childArguments, script: scriptPath)
        if layout {
            guard case .layout(let views) = try child.next() else {
                throw CommandFailure(description: "reveal-render: the view's program sent no layout", code: 1)
            }
            let index = try args.stillIndex(clock)
            print(layoutJSON(views, frame: index, time: clock.time(ofFrame: index)))
            return 0
        }
        // What the frames depend on besides the code, without the range a shard renders, so shards join.
        let settings = [
            version, "swiftui", viewType ?? "#Preview", "fps \(script.fps)", "scale \(script.scale)",
            "reduceMotion \(script.reduceMotion)", "colorScheme \(script.appearance.rawValue)", "hold \(args.hold)",
            "png \(args.png)",
            "frames \(child.header.frameCount)",
        ]
        let identity = inputs.digest(settings: settings).map { [("sceneDigest", FrameMetadata.string($0))] } ?? []
        return writeOutputs(
            args, frameCount: child.header.frameCount, clock: clock,
            outcome: "\(script.touches.count) touches, \(script.taps.count) taps", identity: identity
        ) {
            try ViewProcessSequence(child)
        }
    } catch {
        return exitCode(reporting: error)
    }
}
