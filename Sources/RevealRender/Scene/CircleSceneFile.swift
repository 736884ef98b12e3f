import Foundation

/// Reads circle-reveal scene files: JSON in, a validated `CircleRevealScene` out, or a `SceneError`.
public enum CircleSceneFile {
    public static let fields = ["width", "height", "scale", "fps", "origin", "animation", "reduceMotion",
                                "base", "revealed", "background", "toggles"]

    public static func load(path: String, limits: SceneLimits = SceneLimits(),
                            inputs: SceneInputs = SceneInputs()) throws(SceneError) -> CircleRevealScene {
        try decode(try SceneFileReader.read(path, inputs: inputs), file: path, baseDirectory: SceneFileReader.folder(of: path),
                   limits: limits, inputs: inputs)
    }

    public static func decode(_ bytes: [UInt8], file: String, baseDirectory: String, limits: SceneLimits = SceneLimits(),
                              inputs: SceneInputs = SceneInputs()) throws(SceneError) -> CircleRevealScene {
        let document = try SceneDocument(bytes, file: file, baseDirectory: baseDirectory, fields: fields,
                                         limits: limits, inputs: inputs)
        let root = document.root, paints = document.paints
        var scene = CircleRevealScene(width: document.size.width, height: document.size.height)
        scene.scale = document.size.scale ?? scene.scale
        scene.fps = document.size.fps ?? scene.fps
        scene.card = document.card
        if let node = root["origin"] { scene.origin = try paints.unitPoint(node) }
        if let node = root["animation"] { scene.animation = try AnimationDecoder.animation(node, default: .circleDemo) }
        if let node = root["reduceMotion"] { scene.reduceMotion = try node.bool() }
        if let node = root["base"] { scene.base = try paints.paint(node) }
        if let node = root["revealed"] { scene.revealed = try paints.paint(node) }
        if let node = root["background"] { scene.background = try paints.paint(node) }
        if let node = root["toggles"] {
            var toggles: [Double] = []
            for toggle in try node.array(maxCount: SceneLimits.maxToggles) {
                toggles.append(try toggle.time(notBefore: toggles.last))
            }
            scene.toggles = toggles
        }
        return scene
    }
}

/// How both scene files begin: the document parsed, its keys checked against the format's fields and
/// the card look's, the view's size and frame rate, the paint decoder and the card look.
struct SceneDocument {
    let root: JSONNode
    let size: SceneSize
    let paints: PaintDecoder
    let card: CardStyle

    init(_ bytes: [UInt8], file: String, baseDirectory: String, fields: [String], limits: SceneLimits,
         inputs: SceneInputs) throws(SceneError) {
        root = try JSONNode.parse(file: file, bytes: bytes, limits: SceneLimits.json)
        _ = try root.object(allowedKeys: fields + CardStyleDecoder.fields)
        size = try SceneSize.decode(root)
        paints = PaintDecoder(baseDirectory: baseDirectory, maxImagePixels: limits.maxImagePixels, inputs: inputs)
        card = try CardStyleDecoder.decode(root, paints: paints)
    }
}

/// The fields both scene files share: the view's size, its scale and the frame rate.
struct SceneSize {
    var width: Double
    var height: Double
    var scale: Double?
    var fps: Double?

    static func decode(_ root: JSONNode) throws(SceneError) -> SceneSize {
        let limit = SceneLimits.maxCoordinate
        return SceneSize(width: try root.required("width").number(in: 1e-6...limit, what: "width"),
                         height: try root.required("height").number(in: 1e-6...limit, what: "height"),
                         scale: try root["scale"].map { (n: JSONNode) throws(SceneError) in try positive(n, max: 16, what: "scale") },
                         fps: try root["fps"].map { (n: JSONNode) throws(SceneError) in try n.number(in: SceneLimits.fps, what: "fps") })
    }

    /// A number in (0, max], with a message that says so.
    static func positive(_ node: JSONNode, max: Double, what: String) throws(SceneError) -> Double {
        let value = try node.number()
        guard value > 0, value <= max else {
            throw node.error("\(what) \(formatNumber(value)) is outside (0, \(formatNumber(max))]")
        }
        return value
    }
}
