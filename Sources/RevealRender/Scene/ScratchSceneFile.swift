import Foundation

/// Limits on what a scene may ask for, so a typo cannot ask for a terabyte.
public struct SceneLimits: Sendable {
    /// Largest frame, in pixels (default 100 megapixels).
    public var maxPixels = 100_000_000
    /// Longest sequence, in frames (default 100,000).
    public var maxFrames = 100_000
    /// Largest coordinate, in points, either way from the origin.
    public static let maxCoordinate = 1_000_000.0
    /// Latest time in a scene file, in seconds: a day.
    public static let maxTime = 86_400.0
    /// Frame rates: at least one frame a second (so that every frame's time is a usable number),
    /// at most 240.
    public static let fps = 1.0...240.0

    public init() {}
}

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

    /// Reads and validates the stroke file at `path` (named in errors as given).
    public static func load(path: String, maxImagePixels: Int = 100_000_000) throws(SceneError) -> ScratchScene {
        try decode(try SceneFileReader.read(path), file: path, baseDirectory: SceneFileReader.folder(of: path),
                   maxImagePixels: maxImagePixels)
    }

    public static func decode(_ bytes: [UInt8], file: String, baseDirectory: String,
                              maxImagePixels: Int = 100_000_000) throws(SceneError) -> ScratchScene {
        let document = try SceneDocument(bytes, file: file, baseDirectory: baseDirectory, fields: fields,
                                         maxImagePixels: maxImagePixels)
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
        for stroke in try node.array(maxCount: 1_000_000) {
            _ = try stroke.object(allowedKeys: ["points"])
            let pointsNode = try stroke.required("points")
            // Points are read as plain values: a node and its path are made only for a point that
            // is not plainly valid, so that a stroke of millions of points decodes quickly.
            let points = try pointsNode.elements(maxCount: 10_000_000)
            guard !points.isEmpty else { throw stroke.error("a stroke needs at least one point") }
            var samples: [TouchSample] = []
            samples.reserveCapacity(points.count)
            for (index, point) in points.enumerated() {
                let sample: TouchSample
                if let plain = plainSample(point) { sample = plain } else { sample = try checkedSample(pointsNode[index]) }
                let t = sample.time
                if let last = samples.last, t < last.time {
                    throw pointsNode[index].error("time \(formatNumber(t)) is earlier than \(formatNumber(last.time))")
                }
                if samples.isEmpty, let previousEnd, t < previousEnd.time {
                    throw pointsNode[index].error("time \(formatNumber(t)) is earlier than \(formatNumber(previousEnd.time)), the end of \(previousEnd.path): strokes may not overlap in time")
                }
                samples.append(sample)
            }
            previousEnd = (samples[samples.count - 1].time, stroke.path)
            strokes.append(samples)
        }
        return strokes
    }

    /// The sample for `[x, y, t]` when it is plainly valid, else nil (and `checkedSample` says why).
    @inline(__always)
    private static func plainSample(_ point: JSONValue) -> TouchSample? {
        guard case let .array(xyt) = point, xyt.count == 3,
              case let .number(x) = xyt[0], case let .number(y) = xyt[1], case let .number(t) = xyt[2],
              abs(x) <= SceneLimits.maxCoordinate, abs(y) <= SceneLimits.maxCoordinate,
              t >= 0, t <= SceneLimits.maxTime
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
        for action in try node.array(maxCount: 100_000) {
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
    /// Files larger than this are refused before reading: no scene needs 256 MiB of JSON.
    static let maxBytes = 256 << 20

    /// The folder that paths inside the scene file are relative to.
    static func folder(of path: String) -> String {
        let folder = PathComponents.folder(of: path)
        return folder.isEmpty ? "." : folder
    }

    static func read(_ path: String) throws(SceneError) -> [UInt8] {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw SceneError(file: path, path: "", message: "cannot read the file: \(String(cString: strerror(errno)))")
        }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            throw SceneError(file: path, path: "", message: "is a folder, not a scene file")
        }
        if info.st_size > maxBytes {
            throw SceneError(file: path, path: "", message: "file is \(info.st_size) bytes, more than the \(maxBytes) a scene may have")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SceneError(file: path, path: "", message: "cannot read the file")
        }
        return [UInt8](data)
    }
}
