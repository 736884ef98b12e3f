import Foundation
import RevealRender

let layoutHelp = """
    reveal-render layout (--stroke FILE | --circle FILE | --demo NAME) [--time T | --frame N] [--scale S]
    reveal-render layout FILE.swift… [--view TYPE] [--script FILE.json] [--time T | --frame N]

    Prints every view's frame at one moment (default: the first frame) as JSON: a view debugger, and how
    tests check layout. Each view has its kind, its depth in the tree and its frame (x, y, width, height)
    in points in the screen's coordinates; text adds the string, the font file, size and weight, the
    first baseline (points below the frame's top) and textX, textY: where its glyphs are drawn from, the
    frame's origin snapped to whole pixels; a symbol adds its name. The effect's own views (content and cover, or base and
    revealed) follow it, laid out in its frame. With Swift files, the view is played through the script
    (as reveal-render swiftui plays it; this runs your code) and listed after the events up to that frame.
    """

/// `reveal-render layout …`: the laid-out views of a scene at one frame, as JSON on standard output.
func layoutCommand(_ argv: [String]) -> Int32 {
    if argv.contains(where: { !$0.hasPrefix("-") && $0.hasSuffix(".swift") }) {
        return swiftUICommand(argv, layout: true)
    }
    if argv.contains("--help") || argv.contains("-h") {
        print(layoutHelp)
        return 0
    }
    do {
        let args = try Arguments(argv, requireOutput: false)
        if args.out != nil || !args.files.isEmpty || args.frames != nil {
            throw UsageError(
                message:
                    "layout prints to standard output; it takes no --out, --frames, --apng, --gif, --webp, --video or --filmstrip"
            )
        }
        let limits = SceneLimits(maxPixels: args.maxPixels, maxFrames: args.maxFrames, maxImagePixels: args.maxPixels)
        let scene = try loadScene(args, limits: limits, inputs: SceneInputs())
        let prepared: PreparedScene
        let views: [LaidOutView]
        let index: Int
        do {
            prepared = try scene.prepare(limits, hold: args.hold)
            index = try args.stillIndex(prepared.clock)
            views = try prepared.layout(atFrame: index)
        } catch {
            throw (error as? SceneError)?.inFile(args.file ?? "--demo \(args.format.name)") ?? error
        }
        print(layoutJSON(views, frame: index, time: prepared.clock.time(ofFrame: index)))
        return 0
    } catch let error as UsageError {
        report("reveal-render layout: \(error.message)")
        report("Run 'reveal-render layout --help' for usage.")
        return 2
    } catch {
        report("\(error)")
        return 2
    }
}

/// The listing as `reveal-render layout` prints it: one view a line.
func layoutJSON(_ views: [LaidOutView], frame: Int, time: Double) -> String {
    func number(_ x: Double) -> String {
        let rounded = (x * 1e6).rounded() / 1e6
        return rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int(rounded)) : String(rounded)
    }
    let lines = views.map { v -> String in
        var fields = [
            "\"kind\": \(jsonQuoted(v.kind, limit: .max))", "\"depth\": \(v.depth)",
            "\"x\": \(number(v.frame.x))", "\"y\": \(number(v.frame.y))",
            "\"width\": \(number(v.frame.width))", "\"height\": \(number(v.frame.height))",
        ]
        if let text = v.text { fields.append("\"text\": \(jsonQuoted(text, limit: .max))") }
        if let file = v.fontFile { fields.append("\"font\": \(jsonQuoted(file, limit: .max))") }
        if let size = v.fontSize { fields.append("\"size\": \(number(size))") }
        if let weight = v.fontWeight { fields.append("\"weight\": \"\(weight.rawValue)\"") }
        if let baseline = v.firstBaseline { fields.append("\"baseline\": \(number(baseline))") }
        if let symbol = v.symbol { fields.append("\"symbol\": \(jsonQuoted(symbol, limit: .max))") }
        if let origin = v.textOrigin {
            fields.append("\"textX\": \(number(origin.x))")
            fields.append("\"textY\": \(number(origin.y))")
        }
        return "  {" + fields.joined(separator: ", ") + "}"
    }
    return "{\"frame\": \(frame), \"time\": \(number(time)), \"views\": [\n" + lines.joined(separator: ",\n") + "\n]}"
}
