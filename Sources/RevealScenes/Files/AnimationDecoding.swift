import RevealCore
import RevealLayout
import RevealOutput
import RevealRaster
import RevealText

/// Decodes animations: `{"curve": CURVE, "duration": S}`, where CURVE is a name (`linear`, `easeIn`,
/// `easeOut`, `easeInOut`, `smooth`, `snappy`, `bouncy`), `{"timingCurve": [x1, y1, x2, y2]}`,
/// `{"spring": {"response": R, "dampingFraction": Z}}` or `{"spring": {"duration": D, "bounce": B}}`.
public enum AnimationDecoder {
    /// Timing curves by the name a scene file or `--curve` gives them; the duration is the animation's.
    public static let timingCurves: [String: TimingCurve] = [
        "linear": .linear, "easeIn": .easeIn, "easeOut": .easeOut, "easeInOut": .easeInOut,
    ]
    /// Spring presets by name, with their bounce; the duration is the animation's (default 0.5 s).
    public static let springPresets: [String: Double] = ["smooth": 0, "snappy": 0.15, "bouncy": 0.3]
    /// Every curve name `named` accepts, timing curves and spring presets, sorted: for help and error messages.
    public static var curveNames: [String] { (Array(timingCurves.keys) + Array(springPresets.keys)).sorted() }

    /// A named curve with an optional duration: what `--curve` and `--duration` say. Nil for an unknown name.
    public static func named(_ name: String, duration: Double?, default fallback: AnimationSpec) -> AnimationSpec? {
        if let curve = timingCurves[name] {
            return .timing(curve, duration: duration ?? fallback.settlingTime)
        }
        if let bounce = springPresets[name] {
            return .spring(SpringParameters(duration: duration ?? 0.5, bounce: bounce))
        }
        return nil
    }

    package static func animation(_ node: JSONNode, default fallback: AnimationSpec) throws(SceneError) -> AnimationSpec
    {
        _ = try node.object(allowedKeys: ["curve", "duration"])
        let duration = try node["duration"]?.number(in: 0...3600, what: "duration")
        guard let curveNode = node["curve"] else {
            return fallback.withDuration(duration)
        }
        if case .string(let name) = curveNode.value {
            guard let spec = named(name, duration: duration, default: fallback) else {
                throw curveNode.error(
                    "unknown curve \(jsonQuoted(name)) (use \(curveNames.joined(separator: ", ")), {\"timingCurve\": [x1, y1, x2, y2]} or {\"spring\": {…}})"
                )
            }
            return spec
        }
        let object = try curveNode.object(allowedKeys: ["timingCurve", "spring"])
        if object["spring"] != nil {
            if let d = node["duration"] {
                throw d.error("a spring's timing comes from its own parameters; remove \"duration\"")
            }
            return .spring(try spring(try curveNode.required("spring")))
        }
        let values = try curveNode.required("timingCurve")
        let numbers = try values.array(maxCount: 4)
        guard numbers.count == 4 else { throw values.error("a timing curve is [x1, y1, x2, y2]") }
        let curve = TimingCurve.bezier(
            x1: try numbers[0].number(), y1: try numbers[1].number(),
            x2: try numbers[2].number(), y2: try numbers[3].number())
        return .timing(curve, duration: duration ?? fallback.settlingTime)
    }

    private static func spring(_ node: JSONNode) throws(SceneError) -> SpringParameters {
        let object = try node.object(allowedKeys: ["response", "dampingFraction", "duration", "bounce"])
        if object["response"] != nil || object["dampingFraction"] != nil {
            if object["duration"] != nil || object["bounce"] != nil {
                throw node.error("give response and dampingFraction, or duration and bounce, not both")
            }
            // Their ranges are the scene's `validate`, at these same paths.
            return SpringParameters(
                response: try node.required("response").number(),
                dampingFraction: try node.required("dampingFraction").number())
        }
        // The duration-and-bounce form exists only in the file: its ranges are checked here.
        let spring = SpringParameters(
            duration: try node.required("duration").number(in: 0.001...60, what: "duration"),
            bounce: try node["bounce"]?.number(in: -0.99...1, what: "bounce") ?? 0)
        guard spring.dampingFraction >= 0.01 else {
            throw (node["bounce"] ?? node).error(SceneRules.barelyDamps(spring.dampingFraction))
        }
        return spring
    }
}

extension AnimationSpec {
    /// The same curve over a new duration, when one is given (springs keep their own timing).
    package func withDuration(_ duration: Double?) -> AnimationSpec {
        guard let duration, case .timing(let curve, _) = self else { return self }
        return .timing(curve, duration: duration)
    }
}
