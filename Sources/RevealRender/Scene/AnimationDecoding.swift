/// Decodes animation curves: `{"curve": NAME | {"timingCurve": [x1, y1, x2, y2]}, "duration": S}`.
public enum AnimationDecoder {
    public static let namedCurves: [String: TimingCurve] = [
        "linear": .linear, "easeIn": .easeIn, "easeOut": .easeOut, "easeInOut": .easeInOut,
    ]

    public static func animation(_ node: JSONNode) throws(SceneError) -> AnimationSpec {
        _ = try node.object(allowedKeys: ["curve", "duration"])
        let curve = try node["curve"].map(self.curve) ?? .easeOut
        let duration = try node["duration"]?.number(in: 0...3600, what: "duration") ?? 0.35
        return AnimationSpec(curve: curve, duration: duration)
    }

    public static func curve(_ node: JSONNode) throws(SceneError) -> TimingCurve {
        if case let .string(name) = node.value {
            guard let curve = namedCurves[name] else {
                throw node.error("unknown curve \"\(name)\" (use \(namedCurves.keys.sorted().joined(separator: ", ")) or {\"timingCurve\": [x1, y1, x2, y2]})")
            }
            return curve
        }
        _ = try node.object(allowedKeys: ["timingCurve"])
        let values = try node.required("timingCurve").array(maxCount: 4)
        guard values.count == 4 else { throw try node.required("timingCurve").error("a timing curve is [x1, y1, x2, y2]") }
        return .bezier(x1: try values[0].number(in: 0...1, what: "x1"), y1: try values[1].number(in: -10...10, what: "y1"),
                       x2: try values[2].number(in: 0...1, what: "x2"), y2: try values[3].number(in: -10...10, what: "y2"))
    }
}
