import RevealCore
import RevealDisplay
import RevealLayout
import RevealOutput
import RevealRaster
import RevealText

/// Decodes VIEW values: a PAINT, or an object naming its kind by its first key (`text`, `symbol`,
/// `shape`, `vstack`, `hstack`, `zstack`, `spacer`, `label`, `button`, `effect`, `when`), with an
/// optional `"modifiers"` array applied in order, innermost first — the order SwiftUI's modifier
/// chain reads in:
///
///     {"text": "50% off", "font": "largeTitle", "bold": true,
///      "modifiers": [{"padding": 8}, {"background": "pink"}]}
///
/// is `Text("50% off").font(.largeTitle.bold()).padding(8).background(.pink)`. Each modifier is an
/// object with one key (`background` and `overlay` may add `"alignment"`).
package struct ViewDecoder {
    package let paints: PaintDecoder

    /// Labels and buttons before symbols: they take a "symbol" key of their own.
    package static let kinds = [
        "text", "label", "button", "symbol", "shape", "vstack", "hstack", "zstack", "spacer", "effect", "when",
    ]
    package static let modifierNames = [
        "padding", "frame", "position", "offset", "background", "overlay", "foreground", "font",
        "imageScale", "lineLimit", "multilineTextAlignment", "minimumScaleFactor", "controlSize",
        "tint", "opacity", "clipShape", "shadow", "accessibilityHidden", "accessibilityElement",
        "accessibilityLabel", "accessibilityHint", "accessibilityAddTraits",
    ]
    /// The keys that make an object a paint.
    package static let paintKeys = ["white", "linearGradient", "image"]
    /// Keys of text, symbols, labels and buttons that set their font (a `font` modifier innermost).
    package static let fontKeys = ["font", "weight", "design", "bold"]

    package func view(_ node: JSONNode) throws(SceneError) -> ViewNode {
        guard case .object(let object) = node.value, let kind = ViewDecoder.kinds.first(where: { object[$0] != nil })
        else {
            if case .object(let object) = node.value, !ViewDecoder.paintKeys.contains(where: { object[$0] != nil }) {
                // Neither a view nor a paint: name the unknown key against both, else say what is missing.
                _ = try node.object(
                    allowedKeys: ViewDecoder.kinds + ViewDecoder.paintKeys + ["modifiers", "opacity", "contentMode"])
                throw node.error(
                    "a view object needs one of \(ViewDecoder.kinds.joined(separator: ", ")), or a paint's white, linearGradient or image"
                )
            }
            return ViewNode(.paint(try paints.paint(node, extraKeys: ["modifiers"])), try modifiers(node))
        }
        var view: ViewNode
        var keys = [kind, "modifiers"]
        switch kind {
        case "text":
            keys += ViewDecoder.fontKeys
            view = ViewNode(.text(try node.required("text").string()))
        case "symbol":
            keys += ViewDecoder.fontKeys
            view = ViewNode(.symbol(try node.required("symbol").string()))
        case "shape":
            keys += ["fill", "radius", "style", "path", "viewBox"]
            view = ViewNode(
                .shape(
                    try shape(node, key: "shape"),
                    fill: try node["fill"].map { (f: JSONNode) throws(SceneError) in try paints.paint(f) }))
        case "vstack", "hstack", "zstack":
            keys += ["spacing", "alignment"]
            var children: [ViewNode] = []
            for child in try node.required(kind).array(maxCount: ViewRules.maxViews) {
                children.append(try self.view(child))
            }
            let alignment = try node["alignment"].map(self.alignment) ?? .center
            view = ViewNode(
                .stack(
                    StackAxis(rawValue: kind) ?? .vertical, spacing: try node["spacing"]?.number(),
                    alignment: alignment,
                    children: children))
        case "spacer":
            let spec = try node.required("spacer")
            _ = try spec.object(allowedKeys: ["minLength"])
            view = ViewNode(.spacer(minLength: try spec["minLength"]?.number()))
        case "label":
            keys += ViewDecoder.fontKeys + ["symbol"]
            view = ViewNode(
                .label(title: try node.required("label").string(), symbol: try node.required("symbol").string()))
        case "button":
            keys += ViewDecoder.fontKeys + ["symbol", "style", "controlSize", "tint"]
            if let style = node["style"], try style.string() != "bordered" {
                throw style.error("the only button style is \"bordered\" (SwiftUI's .bordered)")
            }
            let title = try node.required("button")
            if case .string = title.value {
                view = ViewNode(.button(title: try title.string(), symbol: try node["symbol"]?.string()))
            } else {
                // A label view: `{"button": {"when": "inserted", "then": {"text": "Sunrise"}, …}}`.
                if let symbol = node["symbol"] { throw symbol.error("a button with a label view takes no symbol") }
                view = ViewNode(.borderedButton(label: try self.view(title)))
            }
            if let size = node["controlSize"] {
                view.modifiers.append(.controlSize(try named(size, ControlScale.self, "control size")))
            }
            if let tint = node["tint"] { view.modifiers.append(.tint(try paints.color(tint))) }
        case "effect":
            _ = try node.required("effect").object(allowedKeys: [])
            view = ViewNode(.effect)
        default:  // "when"
            keys += ["then", "else"]
            let then = try self.view(try node.required("then"))
            let otherwise =
                try node["else"].map { (e: JSONNode) throws(SceneError) in try self.view(e) }
                ?? ViewNode(.stack(.depth, spacing: nil, alignment: .center, children: []))
            view = ViewNode(.when(condition: try node.required("when").string(), then: then, otherwise: otherwise))
        }
        _ = try node.object(allowedKeys: keys)
        if let font = try fontSpec(node) { view.modifiers.insert(.font(font), at: 0) }
        view.modifiers += try modifiers(node)
        return view
    }

    /// The `font`, `weight`, `design` and `bold` keys of a text-like view, as one font spec.
    private func fontSpec(_ node: JSONNode) throws(SceneError) -> FontSpec? {
        guard ViewDecoder.fontKeys.contains(where: { node[$0] != nil }) else { return nil }
        var spec = try node["font"].map(font) ?? FontSpec()
        if let weight = node["weight"] { spec.weight = try named(weight, FontWeight.self, "weight") }
        if let design = node["design"] { spec.design = try named(design, FontDesign.self, "design") }
        if let bold = node["bold"], try bold.bool() { spec.weight = .bold }
        return spec
    }

    /// A font: a text style name, a size in points, or `{"style" | "size", "weight", "design"}`.
    package func font(_ node: JSONNode) throws(SceneError) -> FontSpec {
        switch node.value {
        case .string: return FontSpec(style: try named(node, TypeStyle.self, "text style"))
        case .number: return FontSpec(size: try fontSize(node))
        default:
            _ = try node.object(allowedKeys: ["style", "size", "weight", "design"])
            return FontSpec(
                style: try node["style"].map { (s: JSONNode) throws(SceneError) in
                    try named(s, TypeStyle.self, "text style")
                },
                size: try node["size"].map(fontSize),
                weight: try node["weight"].map { (w: JSONNode) throws(SceneError) in
                    try named(w, FontWeight.self, "weight")
                },
                design: try node["design"].map { (d: JSONNode) throws(SceneError) in
                    try named(d, FontDesign.self, "design")
                })
        }
    }

    /// A font size, checked here so that the error names the key the file wrote (a text's own
    /// `font` becomes a modifier).
    private func fontSize(_ node: JSONNode) throws(SceneError) -> Double {
        let size = try node.number()
        guard ViewRules.fontSizes.contains(size) else {
            throw node.error(SceneRules.range("size", size, ViewRules.fontSizes))
        }
        return size
    }

    private func named<T: RawRepresentable & CaseIterable>(_ node: JSONNode, _ type: T.Type, _ what: String)
        throws(SceneError) -> T
    where T.RawValue == String {
        let name = try node.string()
        guard let value = T(rawValue: name) else {
            throw node.error(
                "unknown \(what) \(jsonQuoted(name)) (use one of \(T.allCases.map(\.rawValue).joined(separator: ", ")))"
            )
        }
        return value
    }

    private func alignment(_ node: JSONNode) throws(SceneError) -> NodeAlignment {
        let name = try node.string()
        guard let alignment = NodeAlignment.named[name] else {
            throw node.error(
                "unknown alignment \(jsonQuoted(name)) (use one of \(NodeAlignment.named.keys.sorted().joined(separator: ", ")))"
            )
        }
        return alignment
    }

    /// A shape: `"rectangle"`, `"circle"`, `"capsule"`, or an object whose `key` names it, with
    /// `radius` and `style` for `roundedRectangle` and `path` and `viewBox` for `path`.
    private func shape(_ node: JSONNode, key: String) throws(SceneError) -> ShapeKind {
        let nameNode = try node.required(key)
        let name = try nameNode.string()
        switch name {
        case "rectangle": return .rectangle
        case "circle": return .circle
        case "capsule": return .capsule
        case "roundedRectangle":
            let style =
                try node["style"].map { (s: JSONNode) throws(SceneError) in
                    try named(s, CornerStyle.self, "corner style")
                } ?? .continuous
            return .roundedRectangle(radius: try node.required("radius").number(), style: style)
        case "path":
            let box = try node.required("viewBox")
            let numbers = try box.array(maxCount: 4)
            guard numbers.count == 4 else {
                throw box.error("a viewBox is [x, y, width, height], found \(numbers.count) numbers")
            }
            return .path(
                data: try node.required("path").string(),
                viewBox: (
                    try numbers[0].number(), try numbers[1].number(), try numbers[2].number(), try numbers[3].number()
                ))
        default:
            throw nameNode.error(
                "unknown shape \(jsonQuoted(name)) (use rectangle, roundedRectangle, circle, capsule or path)")
        }
    }

    private func modifiers(_ node: JSONNode) throws(SceneError) -> [NodeModifier] {
        guard let list = node["modifiers"] else { return [] }
        var result: [NodeModifier] = []
        for item in try list.array(maxCount: ViewRules.maxViews) { result.append(try modifier(item)) }
        return result
    }

    private func modifier(_ node: JSONNode) throws(SceneError) -> NodeModifier {
        let object = try node.object(allowedKeys: ViewDecoder.modifierNames + ["alignment"])
        let names = ViewDecoder.modifierNames.filter { object[$0] != nil }
        guard names.count == 1, let name = names.first, let value = node[name] else {
            throw node.error(
                "a modifier is an object with one of \(ViewDecoder.modifierNames.joined(separator: ", ")), found \(names.count == 0 ? "none" : names.joined(separator: " and "))"
            )
        }
        if node["alignment"] != nil && name != "background" && name != "overlay" {
            throw node.error("only background and overlay take an alignment")
        }
        switch name {
        case "padding": return .padding(try insets(value))
        case "frame": return .frame(try frame(value))
        case "position":
            let (x, y) = try pair(value)
            return .position(x: x, y: y)
        case "offset":
            let (x, y) = try pair(value)
            return .offset(x: x, y: y)
        case "background", "overlay":
            let alignment = try node["alignment"].map(self.alignment) ?? .center
            let view = try self.view(value)
            return name == "background" ? .background(view, alignment: alignment) : .overlay(view, alignment: alignment)
        case "foreground": return .foreground(try paints.paint(value))
        case "font": return .font(try font(value))
        case "imageScale": return .imageScale(try named(value, ImageScale.self, "image scale"))
        case "lineLimit": return .lineLimit(try value.integer())
        case "multilineTextAlignment":
            return .multilineTextAlignment(try named(value, LineAlignment.self, "text alignment"))
        case "minimumScaleFactor": return .minimumScaleFactor(try value.number())
        case "controlSize": return .controlSize(try named(value, ControlScale.self, "control size"))
        case "tint": return .tint(try paints.color(value))
        case "opacity": return .opacity(try value.number())
        case "clipShape":
            if case .string = value.value { return .clipShape(try shape(node, key: "clipShape")) }
            return .clipShape(try shape(value, key: "shape"))
        case "shadow": return .shadow(try shadow(value))
        case "blur": return .blur(try value.number())
        case "accessibilityHidden":
            // `true`/`false`, or the name of a state it follows ("inserted", as the demo's `isDark`).
            if case .string = value.value { return .accessibilityHidden(.state(try value.string())) }
            return .accessibilityHidden(.constant(try value.bool()))
        case "accessibilityElement":
            return .accessibilityElement(try named(value, AccessibilityChildren.self, "children rule"))
        case "accessibilityLabel": return .accessibilityLabel(try value.string())
        case "accessibilityHint": return .accessibilityHint(try value.string())
        default:  // "accessibilityAddTraits"
            let traits = try value.array(maxCount: AccessibilityTrait.allCases.count)
            var result: [AccessibilityTrait] = []
            for trait in traits { result.append(try named(trait, AccessibilityTrait.self, "trait")) }
            return .accessibilityAddTraits(result)
        }
    }

    /// `8` (every edge), or `{"horizontal", "vertical", "top", "leading", "bottom", "trailing", "all"}`.
    private func insets(_ node: JSONNode) throws(SceneError) -> Insets {
        if case .number = node.value { return .all(try node.number()) }
        _ = try node.object(allowedKeys: ["all", "horizontal", "vertical", "top", "leading", "bottom", "trailing"])
        var e = Insets()
        if let all = node["all"] { e = .all(try all.number()) }
        if let h = node["horizontal"] {
            let v = try h.number()
            e.leading = v
            e.trailing = v
        }
        if let v = node["vertical"] {
            let d = try v.number()
            e.top = d
            e.bottom = d
        }
        if let n = node["top"] { e.top = try n.number() }
        if let n = node["leading"] { e.leading = try n.number() }
        if let n = node["bottom"] { e.bottom = try n.number() }
        if let n = node["trailing"] { e.trailing = try n.number() }
        return e
    }

    private func frame(_ node: JSONNode) throws(SceneError) -> FrameSpec {
        _ = try node.object(allowedKeys: [
            "width", "height", "minWidth", "maxWidth", "minHeight", "maxHeight", "alignment",
        ])
        func length(_ key: String) throws(SceneError) -> Double? {
            guard let n = node[key] else { return nil }
            if case .string(let text) = n.value {
                guard text == "infinity", key.hasPrefix("max") else {
                    throw n.error("expected a number\(key.hasPrefix("max") ? " or \"infinity\"" : ""), found a string")
                }
                return .infinity
            }
            return try n.number()
        }
        return FrameSpec(
            width: try length("width"), height: try length("height"), minWidth: try length("minWidth"),
            maxWidth: try length("maxWidth"), minHeight: try length("minHeight"), maxHeight: try length("maxHeight"),
            alignment: try node["alignment"].map(self.alignment) ?? .center)
    }

    /// `[x, y]` or `{"x", "y"}` (either may be left out of the object: 0).
    private func pair(_ node: JSONNode) throws(SceneError) -> (Double, Double) {
        if case .array = node.value {
            let items = try node.array(maxCount: 2)
            guard items.count == 2 else { throw node.error("expected [x, y], found \(items.count) numbers") }
            return (try items[0].number(), try items[1].number())
        }
        _ = try node.object(allowedKeys: ["x", "y"])
        return (try node["x"]?.number() ?? 0, try node["y"]?.number() ?? 0)
    }

    package func shadow(_ node: JSONNode) throws(SceneError) -> Shadow {
        _ = try node.object(allowedKeys: ["color", "radius", "x", "y"])
        var shadow = Shadow()
        if let color = node["color"] { shadow.color = try paints.color(color) }
        if let radius = node["radius"] { shadow.radius = try radius.number() }
        if let x = node["x"] { shadow.x = try x.number() }
        if let y = node["y"] { shadow.y = try y.number() }
        return shadow
    }

    /// A screen: `{"width", "height", "safeArea", "view", "background"}`; `safeArea` is `"phone"` (a 393×852
    /// iPhone's), `"none"` (as `.ignoresSafeArea()`) or insets like padding's.
    package func screen(_ node: JSONNode) throws(SceneError) -> Screen {
        _ = try node.object(allowedKeys: ["width", "height", "safeArea", "view", "background"])
        var safeArea = Insets()
        if let area = node["safeArea"] {
            if case .string(let name) = area.value {
                switch name {
                case "phone": safeArea = Screen.phoneSafeArea
                case "none": break
                default: throw area.error("unknown safe area \(jsonQuoted(name)) (use \"phone\", \"none\" or insets)")
                }
            } else {
                safeArea = try insets(area)
            }
        }
        return Screen(
            width: try node.required("width").number(), height: try node.required("height").number(),
            safeArea: safeArea, view: SceneContent(try view(try node.required("view"))),
            background: try node["background"].map { (b: JSONNode) throws(SceneError) in SceneContent(try view(b)) }
                ?? .color(.white)
        )
    }

    /// `fonts`: `{"text", "display", "rounded", "italic", "displayItalic", "displayFrom"}`, paths relative to the
    /// scene file. A scene naming its own text or display face keeps Inter's italics only if it names them.
    package func fonts(_ node: JSONNode) throws(SceneError) -> FontFiles {
        _ = try node.object(allowedKeys: ["text", "display", "rounded", "italic", "displayItalic", "displayFrom"])
        var files = FontFiles.inter
        if node["text"] != nil || node["display"] != nil { (files.italic, files.displayItalic) = (nil, nil) }
        if let n = node["text"] { files.text = paints.resolve(try n.filePath(of: "font")) }
        if let n = node["display"] { files.display = paints.resolve(try n.filePath(of: "font")) }
        if let n = node["rounded"] { files.rounded = paints.resolve(try n.filePath(of: "font")) }
        if let n = node["italic"] { files.italic = paints.resolve(try n.filePath(of: "font")) }
        if let n = node["displayItalic"] { files.displayItalic = paints.resolve(try n.filePath(of: "font")) }
        if let n = node["displayFrom"] { files.displayFrom = try n.number() }
        return files
    }
}
