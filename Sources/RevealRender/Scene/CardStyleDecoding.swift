/// Decodes the card look that both scene files share: `cornerRadius`, `cornerStyle`, `shadow`,
/// `padding` and `canvas` (their ranges are the scene's `validate`).
enum CardStyleDecoder {
    static let fields = ["cornerRadius", "cornerStyle", "shadow", "padding", "canvas"]

    static func decode<Scene: RevealScene>(_ root: JSONNode, paints: PaintDecoder, into scene: inout Scene) throws(SceneError) {
        if let node = root["cornerRadius"] { scene.cornerRadius = try node.number() }
        if let node = root["cornerStyle"] {
            let name = try node.string()
            guard let style = CornerStyle(rawValue: name) else {
                throw node.error("unknown corner style \(jsonQuoted(name)) (use continuous or circular)")
            }
            scene.cornerStyle = style
        }
        if let node = root["shadow"] {
            _ = try node.object(allowedKeys: ["color", "radius", "x", "y"])
            var shadow = Shadow()
            if let color = node["color"] { shadow.color = try paints.color(color) }
            if let radius = node["radius"] { shadow.radius = try radius.number() }
            if let x = node["x"] { shadow.x = try x.number() }
            if let y = node["y"] { shadow.y = try y.number() }
            scene.shadow = shadow
        }
        if let node = root["padding"] { scene.padding = try node.number() }
        if let node = root["canvas"] { scene.canvas = try paints.paint(node) }
    }
}
