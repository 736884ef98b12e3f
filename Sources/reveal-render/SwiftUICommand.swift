import Foundation
import RevealRender

let swiftUIHelp = """
    reveal-render swiftui FILE.swift… [--view TYPE] [--script FILE.json] --out DIR [options]

    Compiles your SwiftUI files, unchanged, against reveal-render's SwiftUI module, runs the view through a
    script of touches, taps and VoiceOver actions, and writes its frames. This runs your code: render only
    files you trust. The build is cached by content, so a second run starts at once.

      --view TYPE          the view to render, made as TYPE() (default: an @main App's window, else the
                           files' first #Preview)
      --script FILE.json   what happens, in screen points and seconds (default: a 393×852 phone at 3×, 60 fps,
                           nothing happening):
        {"layout": "device", "width": 393, "height": 852, "scale": 3, "fps": 60, "safeArea": "phone",
         "reduceMotion": false,
         "colorScheme": "light",                              or "dark": dark mode
         "touches": [{"points": [[x, y, t], …]}],             a finger down, moving, up
         "taps": [{"t": 2.0, "label": "Try again"}, {"t": 3, "at": [x, y]}],
         "accessibility": [{"t": 1.0, "label": "Scratch card", "action": "activate"}],
         "until": 6.5}                                       the end (default: the last event)
      --assets DIR.xcassets
                           an asset catalog for Image("name") and Color("name") (repeatable; default: each
                           .xcassets folder beside the Swift files): PNG and JPEG image sets at 1x/2x/3x and
                           color sets, with their dark values
      --layout L           how the frame is sized, overriding the script's "layout": sizeThatFits (the view's
                           own size, no safe area), WxH in points (320x480, no safe area), device (the
                           default: a 393×852 iPhone 16 at 3× with its safe area), or a device by name:
                           "iPhone SE", "iPhone 13", "iPhone 16", "iPhone 16 Pro", "iPhone 16 Plus",
                           "iPhone 16 Pro Max", "iPad", "iPad Pro 13"
      --fps N, --scale S, --reduce-motion    override the script's
      --color-scheme light|dark              override the script's: dark mode draws a black screen and the
                           system colors, label colors and controls in their dark values (a view's
                           preferredColorScheme still wins)
      --redraw-all         draw every frame whole instead of only what changed since the frame before:
                           the same pixels, slower; a check on the incremental drawing
      --reevaluate         evaluate every body and lay the view out again at every frame, as if every
                           state changed: what a frame costs at worst
      --timings            say how long a frame took to draw (body evaluation, layout, drawing; not encoding)
      --time-budget S      CPU seconds one piece of the view's code (an event's handler, a body, a task's
                           step, a frame) may run before the run stops, naming it (default 10; waiting is
                           stopped at three times this); overrides the script's "timeBudget"
      --jobs-per-frame N   scheduled jobs (task steps, DispatchQueue.main work) that may run between two
                           frames (default 100000): work scheduled without end stops there; overrides the
                           script's "jobsPerFrame"
      --max-memory SIZE    the ceiling of the view's program's memory, such as 512M or 16G (default 8G)
      --max-frames N, --max-pixels N
                           the longest sequence and the largest frame, checked before the view is built
                           when the script says its end (defaults 100000 and 100000000)
      --out, --time/--frame, --frames A-B, --hold, --compression, --quiet
      --apng, --gif, --webp, --video, --quality, --loops, --filmstrip
                           as for scene files (reveal-render --help)

    Builds are cached by content; 'reveal-render cache' says where and how much, '--clear' empties it.

    Exit codes: 0 done · 1 the view's code crashed or went past a budget, or the output could not be
    written · 2 bad input (a file that does not compile, a script error, a limit) · 130 and 143 stopped by
    SIGINT or SIGTERM (the frames written are whole; the compiler and the view's program stop too)

    Example:
      reveal-render swiftui Card.swift --script taps.json --out frames/
    """

/// `reveal-render swiftui FILE.swift… --out DIR`: builds the user's view and writes its frames; with
/// `layout`, prints its views as laid out at one frame instead (`reveal-render layout FILE.swift…`).
/// Exit codes: 0 done, 1 output could not be written or the view's code crashed or went past a budget, 2 bad
/// input (a file that does not compile, a script error, a limit), 128 + the signal that stopped it.
func swiftUICommand(_ argv: [String], layout: Bool = false) -> Int32 {
    var files: [String] = []
    var viewType: String?
    var scriptPath: String?
    var redrawAll = false
    var colorScheme: ViewScript.Appearance?
    /// `--layout`: as given (passed on to the view's program) and as read.
    var frameLayout: (name: String, layout: ViewScript.Layout)?
    var childFlags: [String] = []
    var memoryCeiling = defaultMemoryCeiling
    var assetFolders: [String] = []
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
            case "--assets": assetFolders.append(try reader.value(arg))
            case "--redraw-all": redrawAll = true
            case "--color-scheme":
                let name = try reader.value(arg)
                guard let appearance = ViewScript.Appearance(rawValue: name) else {
                    throw UsageError(message: "--color-scheme takes light or dark, not \(jsonQuoted(name))")
                }
                colorScheme = appearance
            case "--layout":
                let name = try reader.value(arg)
                guard let named = ViewScript.layout(named: name) else {
                    throw UsageError(message: "--layout takes \(ViewScript.layoutNames); not \(jsonQuoted(name))")
                }
                frameLayout = (name, named)
            case "--reevaluate", "--timings": childFlags.append(arg)
            case "--time-budget":
                let seconds = try reader.number(arg, ViewScript.timeBudgets)
                childFlags += [arg, "\(seconds)"]
            case "--jobs-per-frame":
                let jobs = try reader.integer(arg)
                guard ViewScript.jobBudgets.contains(jobs) else {
                    throw UsageError(
                        message: "--jobs-per-frame takes 1 to \(ViewScript.jobBudgets.upperBound), not \(jobs)")
                }
                childFlags += [arg, "\(jobs)"]
            case "--max-memory": memoryCeiling = try memorySize(reader.value(arg))
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
        // The app's asset catalogs: those named, else each `.xcassets` folder beside the files.
        if assetFolders.isEmpty { assetFolders = assetCatalogs(besides: files) }
        // Read here first, so that a broken one is named before anything is built.
        for folder in assetFolders { try AssetCatalog().load(folder: folder) }
        var loaded =
            try scriptPath.map { path throws(SceneError) in try ViewScriptFile.load(path: path, inputs: inputs) }
            ?? ViewScript(layout: .device(.iPhone16))
        if let frameLayout { loaded.use(frameLayout.layout) }
        if let fps = args.fps { loaded.fps = fps }
        if let scale = args.scale { loaded.scale = scale }
        if args.reduceMotion { loaded.reduceMotion = true }
        if let colorScheme { loaded.appearance = colorScheme }
        script = loaded
        // Never written over: the Swift files and the script, as a scene file and its images.
        if let conflict = inputConflict(args, inputs) { throw UsageError(message: conflict) }
        try checkLimits(
            script, scriptName: scriptPath.map { displayPath($0) } ?? "the default script", args, length: !layout)
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
    for folder in assetFolders { childArguments += ["--assets", folder] }
    if let frameLayout { childArguments += ["--layout", frameLayout.name] }
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
        // From here on, SIGINT and SIGTERM stop the compiler and the view's program too.
        SignalWatch.shared.install()
        let cache = try BuildCache.open()
        defer { cache.close() }
        let build = ViewBuild(
            files: files, viewType: viewType, kit: try SwiftUIKit.find(),
            toolchain: try SwiftToolchain.find(cache: cache),
            cache: cache)
        let program = try build.executable()
        let child = try ViewProcess(
            program: program, arguments: childArguments, script: scriptPath, files: files,
            memoryCeiling: memoryCeiling)
        if !layout, child.header.frameCount > args.maxFrames {
            throw child.refuse(
                CommandFailure(
                    description:
                        "\(scriptPath.map { displayPath($0) } ?? "the default script"): the view plays for \(child.header.frameCount) frames, more than the limit of \(args.maxFrames) (--max-frames); give the script an \"until\"",
                    code: 2))
        }
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

/// Eight GiB: a phone's screen at 3× takes tens of MiB, and the largest frame the pixel limit allows a few GiB.
let defaultMemoryCeiling: UInt64 = 8 << 30

/// `--max-memory`'s size: a number and a unit, K, M or G (powers of 1024), from 64M up.
private func memorySize(_ text: String) throws(UsageError) -> UInt64 {
    let units: [Character: UInt64] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30]
    let trimmed = text.uppercased().replacingOccurrences(of: "IB", with: "").replacingOccurrences(of: "B", with: "")
    guard let unit = trimmed.last.flatMap({ units[$0] }), let number = Double(trimmed.dropLast()), number.isFinite,
        number > 0, number * Double(unit) >= Double(64 << 20), number * Double(unit) < Double(1 << 50)
    else {
        throw UsageError(
            message: "--max-memory takes a size from 64M up with its unit, such as 512M or 16G, not \(quoted(text))")
    }
    return UInt64(number * Double(unit))
}

/// The frame size and, when the script gives its end and `length` is asked for (frames are to be written), the
/// length, against `--max-pixels` and `--max-frames`: checked before the view is built, as a scene file's are
/// before it renders.
private func checkLimits(_ script: ViewScript, scriptName: String, _ args: Arguments, length: Bool)
    throws(CommandFailure)
{
    func refuse(_ message: String) -> CommandFailure {
        CommandFailure(description: "\(scriptName): \(message)", code: 2)
    }
    let size = PixelSize(
        width: PixelSize.pixels(script.width * script.scale), height: PixelSize.pixels(script.height * script.scale))
    guard size.width >= 1, size.height >= 1 else {
        throw refuse(
            "width, height and scale make a screen of \(size) pixels, less than one; raise the size or the scale")
    }
    guard size.width <= Pixmap.maxSide, size.height <= Pixmap.maxSide, size.width * size.height <= args.maxPixels else {
        throw refuse(
            "width, height and scale make frames of \(size) pixels, more than the limit of \(args.maxPixels) (--max-pixels; sides at most \(Pixmap.maxSide))"
        )
    }
    if length, let until = script.until {
        let frames = FrameClock(fps: script.fps).frameCount(through: until + args.hold)
        guard frames <= args.maxFrames else {
            throw refuse(
                "until \(formatNumber(until)) s at \(formatNumber(script.fps)) fps makes \(frames) frames, more than the limit of \(args.maxFrames) (--max-frames)"
            )
        }
    }
}

/// The `.xcassets` folders in the folders of `files`, each once, in the order of the files and by name.
func assetCatalogs(besides files: [String]) -> [String] {
    var folders: [String] = []
    for file in files {
        let folder = PathComponents.folder(of: file)
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? [])
            .sorted()
        for name in names where name.hasSuffix(".xcassets") {
            let path = folder.isEmpty ? name : folder + "/" + name
            if !folders.contains(path) { folders.append(path) }
        }
    }
    return folders
}
