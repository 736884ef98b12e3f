/// Decodes the card look that both scene files share: `cornerRadius`, `cornerStyle`, `shadow`,
/// `padding` and `canvas`.
enum CardStyleDecoder {
    static let fields = ["cornerRadius", "cornerStyle", "shadow", "padding", "canvas"]

    static func decode(_ root: JSONNode, paints: PaintDecoder) throws(SceneError) -> CardStyle {
        var style = CardStyle()
        if let node = root["cornerRadius"] { style.cornerRadius = try node.number(in: 0...SceneLimits.maxCoordinate, what: "cornerRadius") }
        if let node = root["cornerStyle"] {
            switch try node.string() {
            case "continuous": style.continuousCorners = true
            case "circular": style.continuousCorners = false
            case let other: throw node.error("unknown corner style \(jsonQuoted(other)) (use continuous or circular)")
            }
        }
        if let node = root["shadow"] {
            _ = try node.object(allowedKeys: ["color", "radius", "x", "y"])
            let limit = SceneLimits.maxCoordinate
            style.shadow = Shadow(color: try node["color"].map(paints.color) ?? Color.black.opacity(0.33),
                                  radius: try node["radius"]?.number(in: 0...1000, what: "radius") ?? 10,
                                  x: try node["x"]?.number(in: -limit...limit, what: "x") ?? 0,
                                  y: try node["y"]?.number(in: -limit...limit, what: "y") ?? 0)
        }
        if let node = root["padding"] { style.padding = try node.number(in: 0...10_000, what: "padding") }
        if let node = root["canvas"] { style.canvas = try paints.paint(node) }
        return style
    }
}
