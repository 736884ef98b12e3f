import Foundation
import RevealCore
import RevealLayout
import RevealOutput
import RevealRaster
import RevealText

/// Reads stroke files: JSON in, a validated `ScratchScene` out, or a `SceneError` naming the JSON path.
///
/// The decoder checks what only the file can get wrong (syntax, types, names, unknown fields, the shape
/// of a point); every rule on the values is the scene's own `validate`, spelled with JSON paths.
public enum ScratchSceneFile {
    /// The top-level keys a stroke file may hold, besides the card look's and the shared `screen` and `fonts`.
    public static let fields = [
        "width", "height", "scale", "fps", "brushWidth", "revealThreshold", "reduceMotion",
        "strokes", "actions", "content", "cover", "background", "fade",
    ]

    /// Reads and validates the stroke file at `path` (named in errors as given). The files it reads
    /// (the scene file and its images) are noted in `inputs`.
    public static func load(
        path: String, limits: SceneLimits = SceneLimits(),
        inputs: SceneInputs = SceneInputs()
    ) throws(SceneError) -> ScratchScene {
        try decode(
            try SceneFileReader.read(path, inputs: inputs), file: path, baseDirectory: SceneFileReader.folder(of: path),
            limits: limits, inputs: inputs)
    }

    /// Decodes and validates a stroke file's bytes; `file` names it in errors, and paths in it are relative
    /// to `baseDirectory`. Throws a `SceneError` at the JSON path that is wrong.
    public static func decode(
        _ bytes: [UInt8], file: String, baseDirectory: String, limits: SceneLimits = SceneLimits(),
        inputs: SceneInputs = SceneInputs()
    ) throws(SceneError) -> ScratchScene {
        let document = try SceneDocument(
            bytes, file: file, baseDirectory: baseDirectory, fields: fields,
            limits: limits, inputs: inputs)
        let root = document.root
        var scene = ScratchScene(width: document.width, height: document.height)
        try document.decodeShared(into: &scene)
        if let node = root["brushWidth"] { scene.brushWidth = try node.number() }
        if let node = root["revealThreshold"] { scene.revealThreshold = try node.number() }
        if let node = root["reduceMotion"] { scene.reduceMotion = try node.bool() }
        if let node = root["content"] { scene.content = SceneContent(try document.views.view(node)) }
        if let node = root["cover"] { scene.cover = SceneContent(try document.views.view(node)) }
        if let node = root["background"] { scene.background = SceneContent(try document.views.view(node)) }
        if let node = root["fade"] { scene.fade = try AnimationDecoder.animation(node, default: .scratchFade) }
        if let node = root["strokes"] { scene.strokes = try strokes(node) }
        if let node = root["actions"] { scene.actions = try actions(node) }
        return try document.validated(scene, limits)
    }

    private static func strokes(_ node: JSONNode) throws(SceneError) -> [Stroke] {
        var strokes: [Stroke] = []
        for stroke in try node.array(maxCount: SceneLimits.maxStrokes) {
            _ = try stroke.object(allowedKeys: ["points"])
            let pointsNode = try stroke.required("points")
            var samples: [TouchSample] = []
            // Points held as a table (every point three numbers) are read straight from it; a node and
            // its path are made only for a point that is not three numbers.
            if let table = pointsNode.table(columns: 3) {
                samples.reserveCapacity(table.count)
                for index in 0..<table.count {
                    if table.exceptions[index] != nil {
                        samples.append(try checkedSample(pointsNode[index]))
                    } else {
                        samples.append(
                            TouchSample(
                                x: table.values[3 * index], y: table.values[3 * index + 1],
                                t: table.values[3 * index + 2]))
                    }
                }
            } else if case .table = pointsNode.value {
                // Rows of another width: the first says what is wrong.
                _ = try checkedSample(pointsNode[0])
            } else {
                let count = try pointsNode.elements(maxCount: SceneLimits.maxPoints).count
                samples.reserveCapacity(count)
                for index in 0..<count { samples.append(try checkedSample(pointsNode[index])) }
            }
            strokes.append(Stroke(points: samples))
        }
        return strokes
    }

    /// The sample for the point `[x, y, t]` at `point`, or the error that says what is wrong with its shape.
    private static func checkedSample(_ point: JSONNode) throws(SceneError) -> TouchSample {
        let xyt = try point.array(maxCount: 3)
        guard xyt.count == 3 else {
            throw point.error("a point is [x, y, t] (3 numbers), found \(xyt.count)")
        }
        return TouchSample(x: try xyt[0].number(), y: try xyt[1].number(), t: try xyt[2].number())
    }

    private static func actions(_ node: JSONNode) throws(SceneError) -> [ScratchAction] {
        var actions: [ScratchAction] = []
        for action in try node.array(maxCount: SceneLimits.maxActions) {
            _ = try action.object(allowedKeys: ["t", "type"])
            let typeNode = try action.required("type")
            let name = try typeNode.string()
            guard let type = ScratchAction.Kind(rawValue: name) else {
                throw typeNode.error("unknown action type \(jsonQuoted(name)) (use \"reveal\" or \"reset\")")
            }
            actions.append(ScratchAction(t: try action.required("t").number(), type: type))
        }
        return actions
    }
}

extension SceneFormat {
    /// Stroke files (`--stroke`): the scratch card.
    public static let scratch = SceneFormat(
        name: "scratch", flag: "--stroke", title: "the scratch card", fields: ScratchSceneFile.fields,
        overrides: [.debugOverlay], demo: ScratchScene.demo,
        decode: { (bytes, file, folder, limits, inputs) throws(SceneError) -> any RevealScene in
            try ScratchSceneFile.decode(bytes, file: file, baseDirectory: folder, limits: limits, inputs: inputs)
        })
}

/// Reads a scene file's bytes, turning I/O failures into a `SceneError` that names the file.
package enum SceneFileReader {
    /// The folder that paths inside the scene file are relative to.
    package static func folder(of path: String) -> String {
        let folder = PathComponents.folder(of: path)
        return folder.isEmpty ? "." : folder
    }

    /// The file's bytes, at most `SceneLimits.maxFileBytes` of them (counted as they are read); the
    /// file is noted in `inputs`.
    package static func read(_ path: String, inputs: SceneInputs) throws(SceneError) -> [UInt8] {
        let limit = SceneLimits.maxFileBytes
        let read = BoundedFileReader.read(path, maxBytes: limit, kind: "a scene file") {
            "file is \($0) bytes, more than the \(limit) a scene may have"
        }
        switch read {
        case .success(let bytes):
            inputs.record(path)
            return bytes
        case .failure(let error):
            let reason =
                error.reason.hasPrefix("cannot open: ")
                ? "cannot read the file: " + error.reason.dropFirst(13) : error.reason
            throw SceneError(file: path, path: "", message: reason)
        }
    }
}
