import RevealCore
import RevealLayout
import RevealOutput
import RevealRaster
import RevealText

/// Reads script files (`reveal-render swiftui --script`): JSON in, a validated `ViewScript` out, or a
/// `SceneError` at the JSON path that is wrong.
public enum ViewScriptFile {
    /// The top-level keys a script may hold.
    public static let fields = [
        "layout", "width", "height", "scale", "fps", "safeArea", "reduceMotion", "colorScheme", "touches", "taps",
        "accessibility", "typing", "until", "timeBudget", "jobsPerFrame", "storage",
    ]

    /// Reads and decodes the script at `path` (named in errors as given).
    public static func load(path: String, inputs: SceneInputs = SceneInputs()) throws(SceneError) -> ViewScript {
        try decode(try SceneFileReader.read(path, inputs: inputs), file: path)
    }

    /// Decodes and checks a script's bytes; `file` names it in errors.
    public static func decode(_ bytes: [UInt8], file: String) throws(SceneError) -> ViewScript {
        let root = try JSONNode.parse(file: file, bytes: bytes, limits: json)
        _ = try root.object(allowedKeys: fields)
        // A script file plays a screen unless it says otherwise: the phone Xcode's canvas shows a #Preview on.
        var script = ViewScript(layout: .device(.iPhone16))
        let limit = SceneLimits.maxCoordinate
        if let node = root["layout"] {
            guard case .string(let name) = node.value, let layout = ViewScript.layout(named: name) else {
                throw node.error("layout must be \(ViewScript.layoutNames)")
            }
            script.use(layout)
            if layout == .sizeThatFits, let sized = root["width"] ?? root["height"] ?? root["safeArea"] {
                throw sized.error(
                    "the layout sizeThatFits takes the view's own size, with no safe area: leave this out")
            }
        }
        if let node = root["width"] { script.width = try node.number(in: 1e-6...limit, what: "width") }
        if let node = root["height"] { script.height = try node.number(in: 1e-6...limit, what: "height") }
        if let node = root["scale"] { script.scale = try node.number(in: 1e-6...16, what: "scale") }
        if let node = root["fps"] { script.fps = try node.number(in: SceneLimits.fps, what: "fps") }
        if case .fixed = script.layout { script.layout = .fixed(width: script.width, height: script.height) }
        if let node = root["safeArea"] { script.safeArea = try safeArea(node) }
        if let node = root["reduceMotion"] { script.reduceMotion = try node.bool() }
        if let node = root["colorScheme"] {
            guard case .string(let name) = node.value, let appearance = ViewScript.Appearance(rawValue: name) else {
                throw node.error("colorScheme must be \"light\" or \"dark\"")
            }
            script.appearance = appearance
        }
        if let node = root["touches"] { script.touches = try touches(node) }
        if let node = root["taps"] { script.taps = try taps(node) }
        if let node = root["accessibility"] { script.accessibility = try accessibility(node) }
        if let node = root["typing"] { script.typing = try typing(node) }
        if let node = root["until"] { script.until = try time(node) }
        if let node = root["storage"] { script.storage = try storage(node) }
        if let node = root["timeBudget"] {
            script.timeBudget = try node.number(in: ViewScript.timeBudgets, what: "timeBudget")
        }
        if let node = root["jobsPerFrame"] {
            let jobs = try node.integer()
            guard ViewScript.jobBudgets.contains(jobs) else {
                throw node.error(
                    SceneRules.range("jobsPerFrame", Double(jobs), 1...Double(ViewScript.jobBudgets.upperBound)))
            }
            script.jobsPerFrame = jobs
        }
        return script
    }

    /// `storage`: an object of keys to booleans, numbers or strings.
    private static func storage(_ node: JSONNode) throws(SceneError) -> [String: ViewScript.Stored] {
        guard case .object(let object) = node.value else {
            throw node.error("storage must be an object of keys to booleans, numbers or strings")
        }
        var stored: [String: ViewScript.Stored] = [:]
        for entry in object.entries {
            switch entry.value {
            case .bool(let b): stored[entry.key] = .bool(b)
            case .number(let n): stored[entry.key] = .number(n)
            case .string(let s): stored[entry.key] = .string(s)
            default:
                throw (node[entry.key] ?? node).error("a stored value must be a boolean, a number or a string")
            }
        }
        return stored
    }

    /// "phone" (an iPhone's 59 points at the top and 34 at the bottom), "none", or
    /// `{"top": …, "leading": …, "bottom": …, "trailing": …}`.
    private static func safeArea(_ node: JSONNode) throws(SceneError) -> Insets {
        if case .string(let name) = node.value {
            switch name {
            case "phone": return Screen.phoneSafeArea
            case "none": return Insets()
            default: throw node.error("unknown safe area \(jsonQuoted(name)) (use \"phone\", \"none\" or an object)")
            }
        }
        _ = try node.object(allowedKeys: ["top", "leading", "bottom", "trailing"])
        func inset(_ key: String) throws(SceneError) -> Double {
            try node[key]?.number(in: 0...SceneLimits.maxCoordinate, what: key) ?? 0
        }
        return Insets(
            top: try inset("top"), leading: try inset("leading"), bottom: try inset("bottom"),
            trailing: try inset("trailing"))
    }

    private static func time(_ node: JSONNode) throws(SceneError) -> Double {
        let t = try node.number()
        do {
            try SceneRules.checkTime(t, at: ScenePath(.file))
        } catch {
            throw node.error(error.message)
        }
        return t
    }

    private static func touches(_ node: JSONNode) throws(SceneError) -> [ViewScript.Touch] {
        var touches: [ViewScript.Touch] = []
        var total = 0
        for touch in try node.array(maxCount: SceneLimits.maxStrokes) {
            _ = try touch.object(allowedKeys: ["points"])
            let points = try touch.required("points")
            var samples: [TouchSample] = []
            var previous: Double?
            for point in try points.array(maxCount: SceneLimits.maxPoints) {
                let xyt = try point.array(maxCount: 3)
                guard xyt.count == 3 else { throw point.error("a point is [x, y, t] (3 numbers), found \(xyt.count)") }
                let limit = SceneLimits.maxCoordinate
                let t = try time(xyt[2])
                if let previous, t < previous {
                    throw point.error("time \(formatNumber(t)) is earlier than \(formatNumber(previous))")
                }
                previous = t
                samples.append(
                    TouchSample(
                        x: try xyt[0].number(in: -limit...limit, what: "x"),
                        y: try xyt[1].number(in: -limit...limit, what: "y"), t: t))
            }
            guard !samples.isEmpty else { throw touch.error("a touch needs at least one point") }
            total += samples.count
            guard total <= SceneLimits.maxPoints else {
                throw points.error(
                    "more than \(SceneLimits.maxPoints) points in all touches, the most a script may have")
            }
            touches.append(ViewScript.Touch(points: samples))
        }
        return touches
    }

    private static func taps(_ node: JSONNode) throws(SceneError) -> [ViewScript.Tap] {
        var taps: [ViewScript.Tap] = []
        for tap in try node.array(maxCount: SceneLimits.maxActions) {
            _ = try tap.object(allowedKeys: ["t", "label", "at"])
            let t = try time(try tap.required("t"))
            switch (tap["label"], tap["at"]) {
            case (let label?, nil):
                taps.append(ViewScript.Tap(t: t, target: .label(try label.string())))
            case (nil, let at?):
                let xy = try at.array(maxCount: 2)
                guard xy.count == 2 else { throw at.error("a point is [x, y] (2 numbers), found \(xy.count)") }
                let limit = SceneLimits.maxCoordinate
                taps.append(
                    ViewScript.Tap(
                        t: t,
                        target: .point(
                            x: try xy[0].number(in: -limit...limit, what: "x"),
                            y: try xy[1].number(in: -limit...limit, what: "y"))))
            default:
                throw tap.error("a tap names its target by \"label\" or by \"at\": [x, y], one of the two")
            }
        }
        return taps
    }

    private static func typing(_ node: JSONNode) throws(SceneError) -> [ViewScript.Typing] {
        var typed: [ViewScript.Typing] = []
        for entry in try node.array(maxCount: SceneLimits.maxActions) {
            _ = try entry.object(allowedKeys: ["t", "text", "into"])
            let text = try entry.required("text")
            let value = try text.string()
            guard value.count <= 10_000 else { throw text.error("at most 10,000 characters are typed at once") }
            typed.append(
                ViewScript.Typing(
                    t: try time(try entry.required("t")), text: value, into: try entry.required("into").string()))
        }
        return typed
    }

    private static func accessibility(_ node: JSONNode) throws(SceneError) -> [ViewScript.AccessibilityAction] {
        var actions: [ViewScript.AccessibilityAction] = []
        for action in try node.array(maxCount: SceneLimits.maxActions) {
            _ = try action.object(allowedKeys: ["t", "label", "action"])
            let name = try action["action"]?.string() ?? "activate"
            guard name == "activate" else {
                throw (try action.required("action")).error("unknown action \(jsonQuoted(name)) (use \"activate\")")
            }
            actions.append(
                ViewScript.AccessibilityAction(
                    t: try time(try action.required("t")), label: try action.required("label").string(), action: name))
        }
        return actions
    }
}
