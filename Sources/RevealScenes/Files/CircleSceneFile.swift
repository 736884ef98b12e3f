import Foundation
import RevealCore
import RevealLayout
import RevealOutput
import RevealRaster
import RevealText

/// Reads circle-reveal scene files: JSON in, a validated `CircleRevealScene` out, or a `SceneError`.
public enum CircleSceneFile {
    /// The top-level keys a circle scene file may hold, besides the card look's and the shared `screen` and `fonts`.
    public static let fields = [
        "width", "height", "scale", "fps", "origin", "animation", "reduceMotion",
        "base", "revealed", "background", "toggles",
    ]

    /// Reads and validates the circle scene file at `path` (named in errors as given). The files it reads
    /// (the scene file and its images) are noted in `inputs`.
    public static func load(
        path: String, limits: SceneLimits = SceneLimits(),
        inputs: SceneInputs = SceneInputs()
    ) throws(SceneError) -> CircleRevealScene {
        try decode(
            try SceneFileReader.read(path, inputs: inputs), file: path, baseDirectory: SceneFileReader.folder(of: path),
            limits: limits, inputs: inputs)
    }

    /// Decodes and validates a circle scene file's bytes; `file` names it in errors, and paths in it are
    /// relative to `baseDirectory`. Throws a `SceneError` at the JSON path that is wrong.
    public static func decode(
        _ bytes: [UInt8], file: String, baseDirectory: String, limits: SceneLimits = SceneLimits(),
        inputs: SceneInputs = SceneInputs()
    ) throws(SceneError) -> CircleRevealScene {
        let document = try SceneDocument(
            bytes, file: file, baseDirectory: baseDirectory, fields: fields,
            limits: limits, inputs: inputs)
        let root = document.root
        let paints = document.paints
        var scene = CircleRevealScene(width: document.width, height: document.height)
        try document.decodeShared(into: &scene)
        if let node = root["origin"] { scene.origin = try paints.unitPoint(node) }
        if let node = root["animation"] { scene.animation = try AnimationDecoder.animation(node, default: .circleDemo) }
        if let node = root["reduceMotion"] { scene.reduceMotion = try node.bool() }
        if let node = root["base"] { scene.base = SceneContent(try document.views.view(node)) }
        if let node = root["revealed"] { scene.revealed = SceneContent(try document.views.view(node)) }
        if let node = root["background"] { scene.background = SceneContent(try document.views.view(node)) }
        if let node = root["toggles"] {
            var toggles: [Double] = []
            for toggle in try node.array(maxCount: SceneLimits.maxToggles) { toggles.append(try toggle.number()) }
            scene.toggles = toggles
        }
        return try document.validated(scene, limits)
    }
}

extension SceneFormat {
    /// Circle scene files (`--circle`): the circle reveal.
    public static let circle = SceneFormat(
        name: "circle", flag: "--circle", title: "the circle reveal", fields: CircleSceneFile.fields,
        overrides: [.origin], demo: CircleRevealScene.demo,
        decode: { (bytes, file, folder, limits, inputs) throws(SceneError) -> any RevealScene in
            try CircleSceneFile.decode(bytes, file: file, baseDirectory: folder, limits: limits, inputs: inputs)
        })
}

/// How both scene files begin: the document parsed, its keys checked against the format's fields and
/// the card look's, the view's size, the paint decoder; then the fields every scene shares.
package struct SceneDocument {
    package let root: JSONNode
    package let width: Double
    package let height: Double
    package let paints: PaintDecoder
    package var views: ViewDecoder { ViewDecoder(paints: paints) }
    /// Fields every kind of scene file may hold besides its own and the card look's.
    package static let sharedFields = ["screen", "fonts"]

    package init(
        _ bytes: [UInt8], file: String, baseDirectory: String, fields: [String], limits: SceneLimits,
        inputs: SceneInputs
    ) throws(SceneError) {
        root = try JSONNode.parse(file: file, bytes: bytes, limits: SceneLimits.json)
        _ = try root.object(allowedKeys: fields + CardStyleDecoder.fields + SceneDocument.sharedFields)
        // With a screen, the effect's size comes from the screen's layout.
        let sized = root["screen"] != nil
        width = try sized ? root["width"]?.number() ?? 1 : root.required("width").number()
        height = try sized ? root["height"]?.number() ?? 1 : root.required("height").number()
        paints = PaintDecoder(baseDirectory: baseDirectory, maxImagePixels: limits.maxImagePixels, inputs: inputs)
    }

    /// Scale, frame rate and the card look, as the file gives them.
    package func decodeShared<Scene: RevealScene>(into scene: inout Scene) throws(SceneError) {
        if let node = root["scale"] { scene.scale = try node.number() }
        if let node = root["fps"] { scene.fps = try node.number() }
        try CardStyleDecoder.decode(root, paints: paints, into: &scene)
        if let node = root["screen"] { scene.screen = try views.screen(node) }
        if let node = root["fonts"] { scene.fonts = try views.fonts(node) }
    }

    /// `scene` once its rules hold, each error at its JSON path in this file.
    package func validated<Scene: RevealScene>(_ scene: Scene, _ limits: SceneLimits) throws(SceneError) -> Scene {
        do {
            try scene.validateContent(limits, at: ScenePath(.file))
        } catch {
            throw error.inFile(root.file)
        }
        return scene
    }
}
