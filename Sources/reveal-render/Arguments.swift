import RevealMedia
import RevealRender

/// A command-line mistake: reported with a hint to read --help, exit code 2.
struct UsageError: Error {
    let message: String
}

/// Walks a command line one argument at a time; the value readers take the argument after a flag.
struct ArgumentReader {
    private let args: [String]
    private var index = 0

    init(_ args: [String]) {
        self.args = args
    }

    /// The next argument, or nil after the last.
    mutating func next() -> String? {
        guard index < args.count else { return nil }
        defer { index += 1 }
        return args[index]
    }

    /// The value after `flag`.
    mutating func value(_ flag: String) throws(UsageError) -> String {
        guard let value = next() else { throw UsageError(message: "\(flag) needs a value") }
        return value
    }

    /// A finite number in `range` (excluding its lower bound when `open`).
    mutating func number(_ flag: String, _ range: ClosedRange<Double>, open: Bool = false) throws(UsageError) -> Double
    {
        let text = try value(flag)
        guard let x = Double(text), x.isFinite else {
            throw UsageError(message: "\(flag): expected a number, got \(quoted(text))")
        }
        guard range.contains(x), !(open && x == range.lowerBound) else {
            let low = open ? "(\(format(range.lowerBound))" : "[\(format(range.lowerBound))"
            throw UsageError(message: "\(flag) \(displayPath(text)) is outside \(low), \(format(range.upperBound))]")
        }
        return x
    }

    /// A whole number, 0 or more.
    mutating func integer(_ flag: String) throws(UsageError) -> Int {
        let text = try value(flag)
        guard let n = Int(text), n >= 0 else {
            throw UsageError(message: "\(flag): expected a whole number, got \(quoted(text))")
        }
        return n
    }
}

/// The parsed command line, before it is applied to a scene.
struct Arguments {
    /// The kind of scene: the format whose flag names the file, or the demo's (scratch by default).
    var format = SceneFormat.scratch
    /// The scene file, when one is given.
    var file: String?
    var demo: String?
    var origin: String?
    var curve: String?
    var duration: Double?
    var out: String?
    var fps: Double?
    var scale: Double?
    var reduceMotion = false
    var hold = 0.0
    var frames: ClosedRange<Int>?
    var time: Double?
    var frame: Int?
    var quiet = false
    var debugOverlay = false
    var apng: String?
    var gif: String?
    var dither = false
    var webp: String?
    var video: String?
    var quality: Double?
    var loops = 0
    var filmstrip: String?
    var filmstripCount = 6
    var png = PNGEncodingOptions.fast
    var maxPixels = SceneLimits.defaultMaxPixels
    var maxFrames = SceneLimits.defaultMaxFrames
    var help = false
    var version = false

    /// Every option the render command takes (the scene kinds' flags come from `SceneFormat.all`).
    static let flags = [
        "--demo", "--origin", "--curve", "--duration", "--out", "--fps", "--scale", "--reduce-motion",
        "--hold", "--time", "--frame", "--frames", "--quiet", "--debug-overlay", "--apng", "--gif", "--dither",
        "--webp", "--video", "--quality", "--loops",
        "--filmstrip", "--count", "--compression", "--png-level", "--max-pixels", "--max-frames",
        "--help", "--version",
    ]

    /// Whether `flag` takes the argument after it as its value.
    static func takesValue(_ flag: String) -> Bool {
        ![
            "--reduce-motion", "--quiet", "-q", "--debug-overlay", "--dither", "--help", "-h", "--version",
        ].contains(flag) && (flags.contains(flag) || flag == "-o" || SceneFormat.flagged(flag) != nil)
    }

    /// The frame `--frame` or `--time` asks for (default: the first), as `renderFrame(at:)` picks it:
    /// the last frame at or before the time. Past the end it is still a frame: the final state.
    func stillIndex(_ clock: FrameClock) throws(UsageError) -> Int {
        if let frame { return frame }
        do {
            return try clock.frameIndex(at: time ?? 0)
        } catch {
            throw UsageError(message: "--time: \(error.description)")
        }
    }

    /// `requireOutput` false for commands that print instead of writing files (`layout`); `scene` false for
    /// `swiftui`, whose view comes from Swift files and takes none of the scene options.
    init(_ args: [String], requireOutput: Bool = true, scene: Bool = true) throws(UsageError) {
        var reader = ArgumentReader(args)
        var sources = 0
        while let arg = reader.next() {
            if let format = SceneFormat.flagged(arg) {
                self.format = format
                file = try reader.value(arg)
                sources += 1
                continue
            }
            switch arg {
            case "--demo":
                demo = try reader.value(arg)
                sources += 1
            case "--origin": origin = try reader.value(arg)
            case "--curve": curve = try reader.value(arg)
            case "--duration": duration = try reader.number(arg, 0...3600)
            case "--out", "-o": out = try reader.value(arg)
            case "--fps": fps = try reader.number(arg, SceneLimits.fps)
            case "--scale": scale = try reader.number(arg, 0...16, open: true)
            case "--reduce-motion": reduceMotion = true
            case "--hold": hold = try reader.number(arg, 0...86_400)
            case "--time": time = try reader.number(arg, 0...86_400)
            case "--frame": frame = try reader.integer(arg)
            case "--frames": frames = try Arguments.range(try reader.value(arg))
            case "--quiet", "-q": quiet = true
            case "--debug-overlay": debugOverlay = true
            case "--apng": apng = try reader.value(arg)
            case "--gif": gif = try reader.value(arg)
            case "--dither": dither = true
            case "--webp": webp = try reader.value(arg)
            case "--video":
                let path = try reader.value(arg)
                guard VideoFormat(path: path) != nil else {
                    throw UsageError(
                        message:
                            "--video \(quoted(path)): unknown video format; reveal-render writes .mp4 (H.264) and .webm (VP9)"
                    )
                }
                video = path
            case "--quality": quality = try reader.number(arg, 0...100)
            case "--loops": loops = min(try reader.integer(arg), Int(Int32.max))
            case "--filmstrip": filmstrip = try reader.value(arg)
            case "--count":
                filmstripCount = try reader.integer(arg)
                guard filmstripCount >= 1 else { throw UsageError(message: "--count needs at least 1 frame") }
            case "--compression":
                let name = try reader.value(arg)
                switch name {
                case "fast": png = .fast
                case "smallest": png = .smallest
                default: throw UsageError(message: "--compression: expected fast or smallest, got \(quoted(name))")
                }
            case "--png-level":
                let level = try reader.integer(arg)
                guard level <= 9 else { throw UsageError(message: "--png-level \(level) is outside 0…9") }
                png.compressionLevel = level
                if png.strategy == .rows { png.strategy = .default }  // a zlib level means zlib
            case "--max-pixels": maxPixels = max(1, try reader.integer(arg))
            case "--max-frames": maxFrames = max(1, try reader.integer(arg))
            case "--help", "-h": help = true
            case "--version": version = true
            default:
                guard arg.hasPrefix("-") else { throw UsageError(message: "unexpected argument \(quoted(arg))") }
                let suggestion = closestName(to: arg, in: Arguments.flags + SceneFormat.all.map(\.flag))
                throw UsageError(
                    message: "unknown option \(displayPath(arg))" + (suggestion.map { " (did you mean \($0)?)" } ?? ""))
            }
        }
        if help || version { return }
        if !scene {
            let given = [
                ("--demo", demo != nil), ("--origin", origin != nil), ("--curve", curve != nil),
                ("--duration", duration != nil), ("--debug-overlay", debugOverlay), ("a scene file", sources > 0),
            ]
            if let (flag, _) = given.first(where: { $0.1 }) {
                throw UsageError(message: "swiftui renders the view's own code; \(flag) is for the scene files")
            }
            try checkOutputs(requireOutput: requireOutput)
            return
        }
        let flags = SceneFormat.all.map(\.flag)
        if sources > 1 { throw UsageError(message: "give one of \(flags.joined(separator: ", ")) and --demo") }
        let demos = SceneFormat.all.map(\.name).joined(separator: "|")
        if sources == 0 {
            throw UsageError(
                message:
                    "nothing to render: give \(flags.map { $0 + " FILE" }.joined(separator: ", ")) or --demo \(demos)")
        }
        if let demo {
            guard let format = SceneFormat.named(demo) else {
                throw UsageError(
                    message:
                        "unknown demo \(quoted(demo)) (available: \(SceneFormat.all.map(\.name).joined(separator: ", ")))"
                )
            }
            self.format = format
        }
        for (flag, override, given) in [
            ("--debug-overlay", SceneOverride.debugOverlay, debugOverlay), ("--origin", .origin, origin != nil),
        ]
        where given && !format.overrides.contains(override) {
            let takers = SceneFormat.all.filter { $0.overrides.contains(override) }
            let names = takers.map { "\($0.title) (\($0.flag) or --demo \($0.name))" }.joined(separator: ", ")
            throw UsageError(message: "\(flag) applies to \(names)")
        }
        try checkOutputs(requireOutput: requireOutput)
    }

    /// The outputs asked for make sense together.
    private func checkOutputs(requireOutput: Bool) throws(UsageError) {
        if requireOutput && out == nil && (isStill || files.isEmpty) {
            throw UsageError(
                message:
                    "--out is required: a folder for frames, or FILE.png with --time/--frame (or give --apng, --gif, --webp, --video or --filmstrip)"
            )
        }
        if isStill, let (flag, _) = files.first {
            throw UsageError(message: "\(flag) makes a sequence; --time and --frame render one still")
        }
        if time != nil && frame != nil { throw UsageError(message: "give either --time or --frame, not both") }
        if (time != nil || frame != nil) && frames != nil {
            throw UsageError(message: "--frames renders a sequence; --time and --frame render one still")
        }
    }

    /// "A-B" (inclusive) or a single "N".
    static func range(_ text: String) throws(UsageError) -> ClosedRange<Int> {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        if parts.count == 1, let n = Int(parts[0]), n >= 0 { return n...n }
        guard parts.count == 2, let a = Int(parts[0]), let b = Int(parts[1]), a >= 0, a <= b else {
            throw UsageError(message: "--frames: expected A-B with 0 <= A <= B, got \(quoted(text))")
        }
        return a...b
    }

    var isStill: Bool { time != nil || frame != nil }

    /// The files the sequence is written to besides the folder of frames, each with its flag.
    var files: [(flag: String, path: String)] {
        [("--apng", apng), ("--gif", gif), ("--webp", webp), ("--video", video), ("--filmstrip", filmstrip)].compactMap
        { flag, path in
            path.map { (flag, $0) }
        }
    }
}

func format(_ x: Double) -> String {
    x == x.rounded() && abs(x) < 1e15 ? String(Int(x)) : String(x)
}

/// A time for people: at most four decimals, without trailing zeros ("3.3333", "0.05", "99").
func seconds(_ t: Double) -> String {
    format((t * 10_000).rounded() / 10_000)
}
