import Foundation

extension JSONNode {
    /// A time in seconds: from 0 up to a day (`SceneLimits.maxTime`), and not before `previous`.
    func time(notBefore previous: Double? = nil) throws(SceneError) -> Double {
        let t = try number()
        guard t >= 0 else { throw error("time \(formatNumber(t)) is negative") }
        guard t <= SceneLimits.maxTime else {
            throw error("time \(formatNumber(t)) is more than a day (\(formatNumber(SceneLimits.maxTime)) s)")
        }
        if let previous, t < previous {
            throw error("time \(formatNumber(t)) is earlier than \(formatNumber(previous))")
        }
        return t
    }
}

/// Reads stroke files: JSON in, a validated `ScratchScene` out, or a `SceneError` naming the JSON path.
public enum ScratchSceneFile {
    public static let fields = ["width", "height", "scale", "fps", "brushWidth", "revealThreshold", "reduceMotion",
                                "strokes", "actions", "content", "cover", "background", "fade"]

    /// Reads and validates the stroke file at `path` (named in errors as given). The files it reads
    /// (the scene file and its images) are noted in `inputs`.
    public static func load(path: String, limits: SceneLimits = SceneLimits(),
                            inputs: SceneInputs = SceneInputs()) throws(SceneError) -> ScratchScene {
        try decode(try SceneFileReader.read(path, inputs: inputs), file: path, baseDirectory: SceneFileReader.folder(of: path),
                   limits: limits, inputs: inputs)
    }

    public static func decode(_ bytes: [UInt8], file: String, baseDirectory: String, limits: SceneLimits = SceneLimits(),
                              inputs: SceneInputs = SceneInputs()) throws(SceneError) -> ScratchScene {
        let document = try SceneDocument(bytes, file: file, baseDirectory: baseDirectory, fields: fields,
                                         limits: limits, inputs: inputs)
        let root = document.root, paints = document.paints
        var scene = ScratchScene(width: document.size.width, height: document.size.height)
        scene.scale = document.size.scale ?? scene.scale
        scene.fps = document.size.fps ?? scene.fps
        scene.card = document.card
        if let node = root["brushWidth"] { scene.brushWidth = try node.number(in: 0...SceneLimits.maxCoordinate, what: "brushWidth") }
        if let node = root["revealThreshold"] { scene.revealThreshold = try node.number(in: -1e6...1e6, what: "revealThreshold") }
        if let node = root["reduceMotion"] { scene.reduceMotion = try node.bool() }
        if let node = root["content"] { scene.content = try paints.paint(node) }
        if let node = root["cover"] { scene.cover = try paints.paint(node) }
        if let node = root["background"] { scene.background = try paints.paint(node) }
        if let node = root["fade"] { scene.fade = try AnimationDecoder.animation(node, default: .scratchFade) }
        if let node = root["strokes"] { scene.strokes = try strokes(node) }
        if let node = root["actions"] { scene.revealActions = try actions(node) }
        return scene
    }

    private static func strokes(_ node: JSONNode) throws(SceneError) -> [[TouchSample]] {
        var strokes: [[TouchSample]] = []
        var previousEnd: (time: Double, path: String)?
        var total = 0
        for stroke in try node.array(maxCount: SceneLimits.maxStrokes) {
            _ = try stroke.object(allowedKeys: ["points"])
            let pointsNode = try stroke.required("points")
            var samples: [TouchSample] = []
            // Points held as a table (every point three numbers) are read straight from it; a node and
            // its path are made only for a point that is not plainly valid.
            if let table = pointsNode.table(columns: 3) {
                samples.reserveCapacity(table.count)
                for index in 0..<table.count {
                    // An element that is not a row of three numbers is NaN here, so never plainly valid.
                    let x = table.values[3 * index], y = table.values[3 * index + 1], t = table.values[3 * index + 2]
                    let sample: TouchSample
                    if let plain = plainSample(x, y, t) { sample = plain } else { sample = try checkedSample(pointsNode[index]) }
                    try append(sample, to: &samples, at: pointsNode, index, after: previousEnd)
                }
            } else if case .table = pointsNode.value {
                // Rows of another width: the first says what is wrong.
                _ = try checkedSample(pointsNode[0])
            } else {
                let points = try pointsNode.elements(maxCount: SceneLimits.maxPoints)
                samples.reserveCapacity(points.count)
                for (index, point) in points.enumerated() {
                    var plain: TouchSample?
                    if case let .array(xyt) = point, xyt.count == 3, case let .number(x) = xyt[0],
                       case let .number(y) = xyt[1], case let .number(t) = xyt[2] {
                        plain = plainSample(x, y, t)
                    }
                    let sample: TouchSample
                    if let plain { sample = plain } else { sample = try checkedSample(pointsNode[index]) }
                    try append(sample, to: &samples, at: pointsNode, index, after: previousEnd)
                }
            }
            guard let last = samples.last else { throw stroke.error("a stroke needs at least one point") }
            total += samples.count
            if total > SceneLimits.maxPoints {
                throw pointsNode.error("more than \(SceneLimits.maxPoints) points in all strokes, the most a scene may have")
            }
            previousEnd = (last.time, stroke.path)
            strokes.append(samples)
        }
        return strokes
    }

    /// Appends the sample of point `index`, which must not go back in time within its stroke, nor
    /// start before the previous stroke ended.
    @inline(__always)
    private static func append(_ sample: TouchSample, to samples: inout [TouchSample], at points: JSONNode, _ index: Int,
                               after previousEnd: (time: Double, path: String)?) throws(SceneError) {
        let t = sample.time
        if let last = samples.last, t < last.time {
            throw points[index].error("time \(formatNumber(t)) is earlier than \(formatNumber(last.time))")
        }
        if samples.isEmpty, let previousEnd, t < previousEnd.time {
            throw points[index].error("time \(formatNumber(t)) is earlier than \(formatNumber(previousEnd.time)), the end of \(previousEnd.path): strokes may not overlap in time")
        }
        samples.append(sample)
    }

    /// The sample for `[x, y, t]` when it is plainly valid, else nil (and `checkedSample` says why).
    @inline(__always)
    private static func plainSample(_ x: Double, _ y: Double, _ t: Double) -> TouchSample? {
        guard abs(x) <= SceneLimits.maxCoordinate, abs(y) <= SceneLimits.maxCoordinate, t >= 0, t <= SceneLimits.maxTime
        else { return nil }
        return TouchSample(x: x, y: y, time: t)
    }

    /// The sample for the point `[x, y, t]` at `point`, or the error that says what is wrong with it.
    private static func checkedSample(_ point: JSONNode) throws(SceneError) -> TouchSample {
        let xyt = try point.array(maxCount: 3)
        guard xyt.count == 3 else {
            throw point.error("a point is [x, y, t] (3 numbers), found \(xyt.count)")
        }
        let limit = SceneLimits.maxCoordinate
        let x = try xyt[0].number(in: -limit...limit, what: "x")
        let y = try xyt[1].number(in: -limit...limit, what: "y")
        return TouchSample(x: x, y: y, time: try xyt[2].time())
    }

    private static func actions(_ node: JSONNode) throws(SceneError) -> [Double] {
        var times: [Double] = []
        for action in try node.array(maxCount: SceneLimits.maxActions) {
            _ = try action.object(allowedKeys: ["t", "type"])
            let type = try action.required("type").string()
            guard type == "reveal" else {
                throw action["type"]!.error("unknown action type \(jsonQuoted(type)) (the only action is \"reveal\")")
            }
            times.append(try action.required("t").time(notBefore: times.last))
        }
        return times
    }
}

/// Reads a scene file's bytes, turning I/O failures into a `SceneError` that names the file.
enum SceneFileReader {
    /// The folder that paths inside the scene file are relative to.
    static func folder(of path: String) -> String {
        let folder = PathComponents.folder(of: path)
        return folder.isEmpty ? "." : folder
    }

    /// The file's bytes, at most `SceneLimits.maxFileBytes` of them (counted as they are read); the
    /// file is noted in `inputs`.
    static func read(_ path: String, inputs: SceneInputs) throws(SceneError) -> [UInt8] {
        let limit = SceneLimits.maxFileBytes
        let read = BoundedFileReader.read(path, maxBytes: limit, kind: "a scene file") {
            "file is \($0) bytes, more than the \(limit) a scene may have"
        }
        switch read {
        case .success(let bytes):
            inputs.record(path)
            return bytes
        case .failure(let error):
            let reason = error.reason.hasPrefix("cannot open: ") ? "cannot read the file: " + error.reason.dropFirst(13) : error.reason
            throw SceneError(file: path, path: "", message: reason)
        }
    }
}
