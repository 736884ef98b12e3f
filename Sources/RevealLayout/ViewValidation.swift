import RevealCore
import RevealDisplay
import RevealRaster
import RevealText

/// The rules every view obeys, in a scene file and in code alike: numbers in range, known symbols and
/// conditions, path data that parses, and bounded size (depth, count, text length), so that a hostile
/// tree costs bounded time and memory.
package struct ViewRules {
    /// The deepest a view tree may nest (views and modifiers holding views): a scene file reaches it
    /// well within the JSON reader's 128 levels.
    package static let maxDepth = 32
    /// The most views a scene may hold.
    package static let maxViews = 10_000
    /// The longest text, in Unicode scalars.
    package static let maxTextLength = 10_000
    /// Font sizes in points.
    package static let fontSizes = 1.0...1000.0
    /// The longest SVG path data, in characters.
    package static let maxPathData = 1 << 20

    package var limits: SceneLimits
    /// The values environment readers may read (the scene's conditions).
    package var values: [String]
    /// The states `accessibilityHidden` may follow: the scene's conditions, in its effect views too.
    package var states: [String]
    /// Whether the tree is a screen, which must hold the effect exactly once.
    package var isScreen: Bool
    package private(set) var views = 0
    package private(set) var effects = 0
    package private(set) var usesText = false

    package init(limits: SceneLimits, values: [String], states: [String]? = nil, isScreen: Bool) {
        self.limits = limits
        self.values = values
        self.states = states ?? values
        self.isScreen = isScreen
    }

    package mutating func check(_ view: ViewNode, at path: ScenePath, depth: Int = 0, insideGroup: Bool = false)
        throws(SceneError)
    {
        views += 1
        guard depth <= ViewRules.maxDepth else {
            throw SceneError(path, "views nest more than \(ViewRules.maxDepth) deep, the most a scene may")
        }
        guard views <= ViewRules.maxViews else {
            throw SceneError(path, "more than \(ViewRules.maxViews) views, the most a scene may have")
        }
        var group = insideGroup
        let modifiers = path.key("modifiers")
        if case .placeholder = view.kind {
            try checkEffect(view, at: path, insideGroup: insideGroup)
            return
        }
        for (i, modifier) in view.modifiers.enumerated() {
            try check(modifier, at: modifiers.index(i), depth: depth)
            switch modifier {
            case .opacity, .clipShape, .shadow, .blur, .colorMatrix, .alphaThreshold, .blendMode: group = true
            default: break
            }
        }
        // Modifiers are checked first: a group effect outside the kind contains it.
        try check(
            view.kind, at: path, depth: depth, insideGroup: group || view.modifiers.contains(where: ViewRules.isGroup))
    }

    private static func isGroup(_ m: NodeModifier) -> Bool {
        switch m {
        case .opacity, .clipShape, .shadow, .mask, .blur, .colorMatrix, .alphaThreshold, .blendMode: return true
        default: return false
        }
    }

    private mutating func checkEffect(_ view: ViewNode, at path: ScenePath, insideGroup: Bool) throws(SceneError) {
        guard isScreen else { throw SceneError(path, "\"effect\" belongs in the scene's screen only") }
        effects += 1
        guard effects == 1 else { throw SceneError(path, "the screen holds the effect more than once") }
        guard !insideGroup else {
            throw SceneError(
                path,
                "the effect is inside a view with opacity, clipShape or shadow; put those modifiers on the effect itself"
            )
        }
        var stage = 0  // clipShape*, then shadow, then opacity
        for (i, modifier) in view.modifiers.enumerated() {
            let at = path.key("modifiers").index(i)
            try check(modifier, at: at, depth: 0)
            switch modifier {
            case .padding, .frame, .position, .offset: continue
            case .clipShape:
                guard stage == 0 else {
                    throw SceneError(at, "on the effect, clipShape comes before shadow and opacity")
                }
            case .shadow:
                guard stage < 2 else {
                    throw SceneError(at, "on the effect, shadow comes before opacity and only once")
                }
                stage = 2
            case .opacity:
                guard stage < 3 else { throw SceneError(at, "on the effect, opacity comes last and only once") }
                stage = 3
            default:
                throw SceneError(
                    at, "the effect takes only padding, frame, position, offset, clipShape, shadow and opacity")
            }
        }
    }

    private mutating func check(_ kind: ViewKind, at path: ScenePath, depth: Int, insideGroup: Bool) throws(SceneError)
    {
        let limit = SceneLimits.maxCoordinate
        switch kind {
        case .paint(let paint):
            try paint.validate(limits, at: path)
        case .text(let string):
            try checkText(string, at: path.key("text"))
        case .styledText(let runs):
            let at = path.key("text")
            try checkText(runs.map(\.string).joined(), at: at)
            for (i, run) in runs.enumerated() {
                let at = at.index(i)
                if let size = run.font.size {
                    try SceneRules.check(size, in: ViewRules.fontSizes, "size", at: at.key("font").key("size"))
                }
                try run.paint?.validate(limits, at: at.key("color"))
                for (value, key) in [
                    (run.kerning, "kerning"), (run.tracking, "tracking"), (run.baselineOffset, "baselineOffset"),
                ] {
                    try SceneRules.check(value, in: -limit...limit, key, at: at.key(key))
                }
            }
        case .symbol(let name):
            try ViewRules.checkSymbol(name, at: path.key("symbol"))
        case .shape(let shape, let fill):
            // The shape's parameters sit beside "shape" in the view's object.
            try check(shape, at: path)
            try fill?.validate(limits, at: path.key("fill"))
        case .stack(let axis, let spacing, _, let children):
            if let spacing { try SceneRules.check(spacing, in: -limit...limit, "spacing", at: path.key("spacing")) }
            try checkChildren(children, at: path.key(axis.rawValue), depth: depth, insideGroup: insideGroup)
        case .customLayout(_, let children):
            try checkChildren(children, at: path.key("layout"), depth: depth, insideGroup: insideGroup)
        case .firstFitting(_, _, let children):
            try checkChildren(children, at: path.key("viewThatFits"), depth: depth, insideGroup: insideGroup)
        case .grid(_, let horizontalSpacing, let verticalSpacing, let rows):
            for (spacing, key) in [(horizontalSpacing, "horizontalSpacing"), (verticalSpacing, "verticalSpacing")] {
                if let spacing { try SceneRules.check(spacing, in: -limit...limit, key, at: path.key(key)) }
            }
            let at = path.key("grid")
            guard rows.map(\.cells.count).reduce(0, +) <= ViewRules.maxViews else {
                throw SceneError(at, "more than \(ViewRules.maxViews) views, the most a scene may have")
            }
            for (i, row) in rows.enumerated() {
                try checkChildren(row.cells, at: at.index(i), depth: depth, insideGroup: insideGroup)
            }
        case .lazyGrid(let grid):
            if let spacing = grid.spacing {
                try SceneRules.check(spacing, in: -limit...limit, "spacing", at: path.key("spacing"))
            }
            guard grid.children.count <= ViewRules.maxViews else {
                throw SceneError(
                    path.key("lazyGrid"), "more than \(ViewRules.maxViews) views, the most a scene may have")
            }
            try checkChildren(grid.children, at: path.key("lazyGrid"), depth: depth, insideGroup: insideGroup)
        case .spacer(let minLength):
            if let minLength { try SceneRules.check(minLength, in: 0...limit, "minLength", at: path.key("minLength")) }
        case .label(let title, let symbol):
            try checkText(title, at: path.key("label"))
            try ViewRules.checkSymbol(symbol, at: path.key("symbol"))
        case .button(let title, let symbol):
            try checkText(title, at: path.key("button"))
            if let symbol { try ViewRules.checkSymbol(symbol, at: path.key("symbol")) }
        case .borderedButton(let label, _, _):
            try checkNoEffect(label, at: path.key("label"), depth: depth)
        case .crossfade(let from, let to, let fraction):
            try checkNoEffect(from, at: path.key("from"), depth: depth)
            try checkNoEffect(to, at: path.key("to"), depth: depth)
            try SceneRules.check(fraction, in: 0...1, "fraction", at: path.key("fraction"))
        case .placeholder, .canvas, .geometryReader:
            break
        case .scroll(let spec, let content):
            let at = path.key("scrollView")
            try SceneRules.check(spec.offset.x, in: -limit...limit, "x", at: at.key("offset").key("x"))
            try SceneRules.check(spec.offset.y, in: -limit...limit, "y", at: at.key("offset").key("y"))
            try SceneRules.check(spec.indicatorOpacity, in: 0...1, "indicatorOpacity", at: at.key("indicatorOpacity"))
            try check(content, at: at.key("content"), depth: depth + 1, insideGroup: insideGroup)
        case .environmentReader(let reader):
            // Every view it can make is checked; the effect stays out of them, as it must be there once.
            for key in reader.keys where !values.contains(key) {
                let known = values.isEmpty ? "none here" : values.joined(separator: ", ")
                throw SceneError(
                    path.key(reader.name), "unknown condition \(jsonQuoted(key)) (this scene has: \(known))")
            }
            let before = effects
            for (name, variant) in zip(reader.variantNames, reader.variants) {
                try check(variant, at: path.key(name), depth: depth + 1, insideGroup: insideGroup)
            }
            guard effects == before else {
                throw SceneError(
                    path.key(reader.name),
                    "the effect cannot come and go with a condition: keep it out of \(jsonQuoted(reader.name))")
            }
        }
    }

    /// A container's views: at most `ViewRules.maxViews`, each valid.
    private mutating func checkChildren(_ children: [ViewNode], at path: ScenePath, depth: Int, insideGroup: Bool)
        throws(SceneError)
    {
        guard children.count <= ViewRules.maxViews else {
            throw SceneError(path, "more than \(ViewRules.maxViews) views, the most a scene may have")
        }
        for (i, child) in children.enumerated() {
            try check(child, at: path.index(i), depth: depth + 1, insideGroup: insideGroup)
        }
    }

    private mutating func checkNoEffect(_ view: ViewNode, at path: ScenePath, depth: Int) throws(SceneError) {
        let before = effects
        try check(view, at: path, depth: depth + 1)
        guard effects == before else { throw SceneError(path, "the effect cannot be a background or an overlay") }
    }

    private mutating func checkText(_ string: String, at path: ScenePath) throws(SceneError) {
        usesText = true
        try ViewRules.checkLength(string, at: path)
    }

    /// Text and accessibility labels alike are at most `maxTextLength` scalars.
    private static func checkLength(_ string: String, at path: ScenePath) throws(SceneError) {
        guard string.unicodeScalars.count <= ViewRules.maxTextLength else {
            throw SceneError(path, "text of more than \(ViewRules.maxTextLength) characters, the most a view may have")
        }
    }

    package static func checkSymbol(_ name: String, at path: ScenePath) throws(SceneError) {
        guard SymbolShape.named(name) != nil else {
            // The names sharing its first word, the likeliest intended (`heart` for `heart.square`).
            let word = name.split(separator: ".").first ?? ""
            let near = SymbolShape.names.filter { $0.split(separator: ".").first == word }.prefix(8)
            let hint = near.isEmpty ? "" : "; near it: " + near.joined(separator: ", ")
            throw SceneError(
                path,
                "unknown symbol \(jsonQuoted(name)) (the article \"Symbols\" lists the \(SymbolShape.names.count) "
                    + "there are\(hint))")
        }
    }

    package func check(_ shape: ShapeKind, at path: ScenePath) throws(SceneError) {
        switch shape {
        case .rectangle, .circle, .capsule, .outline, .symbol:
            break
        case .roundedRectangle(let radius, _):
            try SceneRules.check(radius, in: 0...SceneLimits.maxCoordinate, "radius", at: path.key("radius"))
        case .path(let data, let box):
            guard data.utf8.count <= ViewRules.maxPathData else {
                throw SceneError(path.key("path"), "path data of more than \(ViewRules.maxPathData) bytes")
            }
            do {
                _ = try SVGPathData.parse(data)
            } catch {
                throw SceneError(path.key("path"), "\(error.message) at character \(error.offset)")
            }
            let limit = SceneLimits.maxCoordinate
            let at = path.key("viewBox")
            try SceneRules.check(box.x, in: -limit...limit, "x", at: at.component("x", 0))
            try SceneRules.check(box.y, in: -limit...limit, "y", at: at.component("y", 1))
            try SceneRules.check(box.width, in: 1e-6...limit, "width", at: at.component("width", 2))
            try SceneRules.check(box.height, in: 1e-6...limit, "height", at: at.component("height", 3))
        }
    }

    private mutating func check(_ modifier: NodeModifier, at path: ScenePath, depth: Int) throws(SceneError) {
        let limit = SceneLimits.maxCoordinate
        switch modifier {
        case .padding(let e):
            let at = path.key("padding")
            for (name, value) in [
                ("top", e.top), ("leading", e.leading), ("bottom", e.bottom), ("trailing", e.trailing),
            ] {
                try SceneRules.check(value, in: -limit...limit, name, at: at.key(name))
            }
        case .frame(let f):
            let at = path.key("frame")
            for (name, value) in [
                ("width", f.width), ("height", f.height), ("minWidth", f.minWidth), ("minHeight", f.minHeight),
            ] {
                if let value { try SceneRules.check(value, in: 0...limit, name, at: at.key(name)) }
            }
            for (name, value) in [("idealWidth", f.idealWidth), ("idealHeight", f.idealHeight)] {
                if let value { try SceneRules.check(value, in: 0...limit, name, at: at.key(name)) }
            }
            for (name, value) in [("maxWidth", f.maxWidth), ("maxHeight", f.maxHeight)] where value != .infinity {
                if let value { try SceneRules.check(value, in: 0...limit, name, at: at.key(name)) }
            }
            if f.isFlexible && (f.width != nil || f.height != nil) {
                throw SceneError(at, "a frame is either fixed (width, height) or flexible (min…, max…), as in SwiftUI")
            }
            if let low = f.minWidth, let high = f.maxWidth, low > high {
                throw SceneError(at.key("maxWidth"), "maxWidth is less than minWidth")
            }
            if let low = f.minHeight, let high = f.maxHeight, low > high {
                throw SceneError(at.key("maxHeight"), "maxHeight is less than minHeight")
            }
        case .position(let x, let y):
            try SceneRules.check(x, in: -limit...limit, "x", at: path.key("position").component("x", 0))
            try SceneRules.check(y, in: -limit...limit, "y", at: path.key("position").component("y", 1))
        case .offset(let x, let y):
            try SceneRules.check(x, in: -limit...limit, "x", at: path.key("offset").component("x", 0))
            try SceneRules.check(y, in: -limit...limit, "y", at: path.key("offset").component("y", 1))
        case .background(let view, _):
            try checkNoEffect(view, at: path.key("background"), depth: depth)
        case .overlay(let view, _):
            try checkNoEffect(view, at: path.key("overlay"), depth: depth)
        case .foreground(let paint):
            try paint.validate(limits, at: path.key("foreground"))
        case .font(let spec):
            if let size = spec.size {
                try SceneRules.check(size, in: ViewRules.fontSizes, "size", at: path.key("font").key("size"))
            }
        case .lineLimit(let n):
            guard n >= 1 && n <= ViewRules.maxViews else {
                throw SceneError(path.key("lineLimit"), "lineLimit \(n) is outside 1…\(ViewRules.maxViews)")
            }
        case .minimumScaleFactor(let f):
            try SceneRules.check(f, in: 0.01...1, "minimumScaleFactor", at: path.key("minimumScaleFactor"))
        case .opacity(let o):
            try SceneRules.check(o, in: 0...1, "opacity", at: path.key("opacity"))
        case .clipShape(let shape):
            try check(shape, at: path.key("clipShape"))
        case .shadow(let s):
            try s.validate(at: path.key("shadow"))
        case .blur(let radius):
            try SceneRules.check(radius, in: 0...SceneLimits.maxShadowRadius, "blur radius", at: path.key("blur"))
        case .accessibilityHidden(.state(let name)):
            guard states.contains(name) else {
                let known = states.isEmpty ? "none here" : states.joined(separator: ", ")
                throw SceneError(
                    path.key("accessibilityHidden"), "unknown state \(jsonQuoted(name)) (this scene has: \(known))")
            }
        case .accessibilityLabel(let text):
            try ViewRules.checkLength(text, at: path.key("accessibilityLabel"))
        case .accessibilityHint(let text):
            try ViewRules.checkLength(text, at: path.key("accessibilityHint"))
        case .accessibilityValue(let text):
            try ViewRules.checkLength(text, at: path.key("accessibilityValue"))
        case .mask(let view, _):
            try checkNoEffect(view, at: path.key("mask"), depth: depth)
        case .transform(let t):
            let at = path.key("transform")
            try SceneRules.check(t.rotation, in: -limit...limit, "rotation", at: at.key("rotation"))
            try SceneRules.check(t.scaleX, in: -limit...limit, "scaleX", at: at.key("scaleX"))
            try SceneRules.check(t.scaleY, in: -limit...limit, "scaleY", at: at.key("scaleY"))
            try SceneRules.check(t.anchorX, in: -limit...limit, "anchorX", at: at.key("anchorX"))
            try SceneRules.check(t.anchorY, in: -limit...limit, "anchorY", at: at.key("anchorY"))
            try SceneRules.check(t.translateX, in: -limit...limit, "translateX", at: at.key("translateX"))
            try SceneRules.check(t.translateY, in: -limit...limit, "translateY", at: at.key("translateY"))
        case .aspectRatio(let ratio, _):
            if let ratio { try SceneRules.check(ratio, in: 1e-6...1e6, "aspectRatio", at: path.key("aspectRatio")) }
        case .layoutPriority(let p):
            try SceneRules.check(p, in: -limit...limit, "layoutPriority", at: path.key("layoutPriority"))
        case .zIndex(let z):
            try SceneRules.check(z, in: -limit...limit, "zIndex", at: path.key("zIndex"))
        case .lineSpacing(let spacing):
            try SceneRules.check(spacing, in: -limit...limit, "lineSpacing", at: path.key("lineSpacing"))
        case .fixedSize, .layoutDirection, .colorMatrix, .alphaThreshold, .blendMode, .redacted, .imageScale,
            .symbolLayers,
            .multilineTextAlignment,
            .controlSize, .tint,
            .accessibilityHidden(.constant),
            .accessibilityElement, .accessibilityAddTraits, .accessibilityAction, .anchor, .alignmentGuide:
            // A guide's value is computed at layout, and held to the coordinate limit there.
            break
        }
    }
}

extension Shadow {
    /// A radius within `SceneLimits.maxShadowRadius` and an offset within the coordinate limit: the
    /// card look's shadow and the `shadow` modifier alike.
    package func validate(at path: ScenePath) throws(SceneError) {
        let limit = SceneLimits.maxCoordinate
        try SceneRules.check(radius, in: 0...SceneLimits.maxShadowRadius, "radius", at: path.key("radius"))
        try SceneRules.check(x, in: -limit...limit, "x", at: path.key("x"))
        try SceneRules.check(y, in: -limit...limit, "y", at: path.key("y"))
    }
}

extension ViewNode {
    /// A view as content (no effect in it): every rule of `ViewRules`; `accessibilityHidden` may
    /// follow `states`.
    package func validate(_ limits: SceneLimits, at path: ScenePath, states: [String] = []) throws(SceneError) {
        var rules = ViewRules(limits: limits, values: [], states: states, isScreen: false)
        try rules.check(self, at: path)
    }
}

extension Paint {
    /// Opacity in 0…1; a gradient's stops (at least one, at most 1024, locations ascending in 0…1) and
    /// points; an image within the pixel limit. Colors are taken as they are (SwiftUI clamps them too).
    package func validate(_ limits: SceneLimits, at path: ScenePath) throws(SceneError) {
        try SceneRules.check(opacity, in: 0...1, "opacity", at: path.key("opacity"))
        switch kind {
        case .color, .meshGradient:  // a mesh is checked when it is made (`MeshGradientPaint.init`)
            break
        case .linearGradient(let stops, let startPoint, let endPoint):
            let gradient = path.key("linearGradient")
            try Paint.validate(stops, at: gradient)
            try startPoint.validate(at: gradient.key("startPoint"))
            try endPoint.validate(at: gradient.key("endPoint"))
        case .radialGradient(let stops, let center, let startRadius, let endRadius):
            let gradient = path.key("radialGradient")
            try Paint.validate(stops, at: gradient)
            try center.validate(at: gradient.key("center"))
            try SceneRules.check(startRadius, in: 0...1e6, "startRadius", at: gradient.key("startRadius"))
            try SceneRules.check(endRadius, in: 0...1e6, "endRadius", at: gradient.key("endRadius"))
        case .ellipticalGradient(let stops, let center, let startFraction, let endFraction):
            let gradient = path.key("ellipticalGradient")
            try Paint.validate(stops, at: gradient)
            try center.validate(at: gradient.key("center"))
            try SceneRules.check(
                startFraction, in: 0...1e3, "startRadiusFraction", at: gradient.key("startRadiusFraction"))
            try SceneRules.check(endFraction, in: 0...1e3, "endRadiusFraction", at: gradient.key("endRadiusFraction"))
        case .angularGradient(let stops, let center, let startAngle, let endAngle):
            let gradient = path.key("angularGradient")
            try Paint.validate(stops, at: gradient)
            try center.validate(at: gradient.key("center"))
            try SceneRules.check(startAngle, in: -1e6...1e6, "startAngle", at: gradient.key("startAngle"))
            try SceneRules.check(endAngle, in: -1e6...1e6, "endAngle", at: gradient.key("endAngle"))
        case .backdrop(let sigma, _):
            try SceneRules.check(sigma, in: 0...100, "sigma", at: path.key("backdrop").key("sigma"))
        case .image(let image, _):
            guard image.width * image.height <= limits.maxImagePixels else {
                throw SceneError(
                    path.key("image"),
                    "image is \(image.width)×\(image.height) pixels, more than the limit of \(limits.maxImagePixels)")
            }
        }
    }

    /// A gradient's stops: at least one, at most 1024, locations ascending in 0…1.
    private static func validate(_ stops: [GradientStop], at gradient: ScenePath) throws(SceneError) {
        guard !stops.isEmpty else { throw SceneError(gradient, "a gradient needs at least one color") }
        guard stops.count <= SceneLimits.maxGradientStops else {
            throw SceneError(gradient.key("stops"), SceneRules.count(stops.count, max: SceneLimits.maxGradientStops))
        }
        var previous: Double?
        for (i, stop) in stops.enumerated() {
            let location = gradient.key("stops").index(i).key("location")
            try SceneRules.check(stop.location, in: 0...1, "location", at: location)
            if let previous, stop.location < previous {
                throw SceneError(
                    location,
                    "location \(formatNumber(stop.location)) is before the previous stop's \(formatNumber(previous))")
            }
            previous = stop.location
        }
    }
}

extension RelativePoint {
    /// Both coordinates within ±1000 of the view's unit square.
    package func validate(at path: ScenePath) throws(SceneError) {
        try SceneRules.check(x, in: -1000...1000, "x", at: path.component("x", 0))
        try SceneRules.check(y, in: -1000...1000, "y", at: path.component("y", 1))
    }
}

extension AnimationSpec {
    /// A duration within an hour and a timing curve's control points in range; a spring's response and
    /// damping in range, and damping enough to settle.
    package func validate(at path: ScenePath) throws(SceneError) {
        switch self {
        case .timing(let curve, let duration):
            try SceneRules.check(duration, in: 0...3600, "duration", at: path.key("duration"))
            if case .bezier(let x1, let y1, let x2, let y2) = curve {
                let at = path.key(file: "curve.timingCurve", swift: "curve")
                try SceneRules.check(x1, in: 0...1, "x1", at: at.component("x1", 0))
                try SceneRules.check(y1, in: -10...10, "y1", at: at.component("y1", 1))
                try SceneRules.check(x2, in: 0...1, "x2", at: at.component("x2", 2))
                try SceneRules.check(y2, in: -10...10, "y2", at: at.component("y2", 3))
            }
        case .spring(let spring):
            let at = path.key(file: "curve.spring", swift: "spring")
            try SceneRules.check(spring.response, in: 0.001...60, "response", at: at.key("response"))
            try SceneRules.check(spring.dampingFraction, in: 0...100, "dampingFraction", at: at.key("dampingFraction"))
            guard spring.dampingFraction >= 0.01 else {
                throw SceneError(at.key("dampingFraction"), SceneRules.barelyDamps(spring.dampingFraction))
            }
        }
    }
}
