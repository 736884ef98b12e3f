import RevealCore
import RevealLayout
import RevealOutput
import RevealRaster
import RevealText

/// Decodes the card look that both scene files share: `cornerRadius`, `cornerStyle`, `shadow`,
/// `padding` and `canvas` (their ranges are the scene's `validate`).
package enum CardStyleDecoder {
    package static let fields = ["cornerRadius", "cornerStyle", "shadow", "padding", "canvas"]

    package static func decode<Scene: RevealScene>(_ root: JSONNode, paints: PaintDecoder, into scene: inout Scene)
        throws(SceneError)
    {
        if let node = root["cornerRadius"] { scene.cornerRadius = try node.number() }
        if let node = root["cornerStyle"] {
            let name = try node.string()
            guard let style = CornerStyle(rawValue: name) else {
                throw node.error("unknown corner style \(jsonQuoted(name)) (use continuous or circular)")
            }
            scene.cornerStyle = style
        }
        if let node = root["shadow"] { scene.shadow = try ViewDecoder(paints: paints).shadow(node) }
        if let node = root["padding"] { scene.padding = try node.number() }
        if let node = root["canvas"] { scene.canvas = try paints.paint(node) }
    }
}
