import RevealCore
import RevealDisplay
import RevealRaster
import RevealText

/// What views inherit from their ancestors, as SwiftUI's environment: set by the `font`,
/// `foreground`, `imageScale`, `lineLimit`, `multilineTextAlignment`, `minimumScaleFactor`, `lineSpacing`,
/// `controlSize` and `tint` modifiers, read by text, symbols, shapes and buttons.
package struct ViewEnvironment {
    package var font = ResolvedFont.body
    /// SwiftUI's primary label color in light mode.
    package var foreground: Paint = .color(.black)
    package var imageScale = ImageScale.medium
    /// The paint of a layered symbol's enclosure; nil draws symbols in one layer.
    package var symbolEnclosure: Paint?
    package var lineLimit: Int?
    package var textAlignment = LineAlignment.leading
    package var minimumScaleFactor = 1.0
    package var lineSpacing = 0.0
    /// Text and symbols drawn as placeholders (`redacted(reason: .placeholder)`).
    package var redacted = false
    package var controlSize = ControlScale.regular
    /// The accent color.
    package var tint: RGBAColor = SystemColor.blue
    /// Laid out right to left: text aligned to its leading edge lines up on the right.
    package var rightToLeft = false

    package mutating func apply(_ modifier: NodeModifier) {
        switch modifier {
        case .font(let spec): font = font.applying(spec)
        case .foreground(let paint): foreground = paint
        case .imageScale(let scale): imageScale = scale
        case .symbolLayers(let paint): symbolEnclosure = paint
        case .lineLimit(let limit): lineLimit = limit
        case .multilineTextAlignment(let alignment): textAlignment = alignment
        case .minimumScaleFactor(let factor): minimumScaleFactor = factor
        case .lineSpacing(let spacing): lineSpacing = spacing
        case .redacted(let on): redacted = on
        case .controlSize(let size): controlSize = size
        case .tint(let color): tint = color
        case .layoutDirection(let rtl): rightToLeft = rtl
        default: break
        }
    }
}

/// The sizes of a `.bordered` button and of a label's parts, in one table: padding around the title
/// and corner radius at each control size, the tint's fill opacity, the gap between a label's symbol
/// and its title, and the symbol image scales. Apple publishes none of these; they are our estimates
/// from iOS 17 screenshots (a regular bordered button with body text is about 34 points high, a large
/// one about 50), to be replaced by measurements when a device is at hand.
package enum ControlMetrics {
    package static func padding(_ size: ControlScale) -> (horizontal: Double, vertical: Double) {
        switch size {
        case .mini: return (7, 2)
        case .small: return (10, 4)
        case .regular: return (12, 6)
        case .large: return (20, 14)
        }
    }

    package static func cornerRadius(_ size: ControlScale) -> Double {
        switch size {
        case .mini, .small: return 6
        case .regular: return 8
        case .large: return 12
        }
    }

    /// A bordered button's fill: its tint at this opacity.
    package static let fillOpacity = 0.15
    /// Between a label's symbol and its title, in points.
    package static let iconGap = 6.0
    /// SF Symbols' image scales relative to medium.
    package static func imageScale(_ scale: ImageScale) -> Double {
        switch scale {
        case .small: return 0.78
        case .medium: return 1
        case .large: return 1.29
        }
    }
}

/// What a view tree's build met: how many cross-fades (so a screen knows whether its views at rest differ).
package final class BuildNotes {
    package var crossfades = 0
}

/// Turns a `View` into the tree layout works on, resolving the environment, the state-dependent
/// views and the composite views (labels, buttons) into plain ones.
package struct ViewTreeBuilder {
    package var fonts: FontFiles
    package var scale: Double
    /// Named values set above the whole tree, which `EnvironmentReader`s and `StateFlag`s read, as custom
    /// environment values: a front end's state (the port's scene conditions, 0 false to 1 true).
    package var values: [String: Double]
    /// The font files text was set in.
    package private(set) var fontFiles: Set<String> = []
    /// Builds cross-fades as finished (their new content alone): the views at rest, as VoiceOver reads them.
    package var atRest = false
    /// What this build and the readers' builds made of it met (shared with their copies).
    package let notes = BuildNotes()

    package init(fonts: FontFiles, scale: Double, values: [String: Double] = [:]) {
        self.fonts = fonts
        self.scale = scale
        self.values = values
    }

    package mutating func build(_ view: ViewNode, _ environment: ViewEnvironment = ViewEnvironment()) throws(FontError)
        -> LayoutNode
    {
        return try build(view, modifiers: view.modifiers.count, environment)
    }

    /// `view` with its first `count` modifiers: the last of them wraps the rest.
    private mutating func build(_ view: ViewNode, modifiers count: Int, _ environment: ViewEnvironment)
        throws(FontError)
        -> LayoutNode
    {
        guard count > 0 else { return try kind(view.kind, environment) }
        let modifier = view.modifiers[count - 1]
        var inner = environment
        inner.apply(modifier)
        let child = try build(view, modifiers: count - 1, inner)
        switch modifier {
        case .padding(let e): return LayoutNode(.padding(e), name: "padding", children: [child])
        case .frame(let f): return LayoutNode(.frame(f), name: "frame", children: [child])
        case .position(let x, let y): return LayoutNode(.position(x: x, y: y), name: "position", children: [child])
        case .offset(let x, let y): return LayoutNode(.offset(x: x, y: y), name: "offset", children: [child])
        case .background(let v, let alignment):
            return LayoutNode(
                .secondary(behind: true, alignment: alignment), name: "background",
                children: [child, try build(v, environment)])
        case .overlay(let v, let alignment):
            return LayoutNode(
                .secondary(behind: false, alignment: alignment), name: "overlay",
                children: [child, try build(v, environment)])
        case .mask(let v, let alignment):
            return LayoutNode(.mask(alignment), name: "mask", children: [child, try build(v, environment)])
        case .anchor(let id): return LayoutNode(.anchor(id), name: "anchor", children: [child])
        case .transform(let t): return LayoutNode(.transform(t), name: "transform", children: [child])
        case .alignmentGuide(let g): return LayoutNode(.guide(g), name: "alignmentGuide", children: [child])
        case .opacity(let o): return LayoutNode(.group(.opacity(o)), name: "opacity", children: [child])
        case .clipShape(let s): return LayoutNode(.group(.clip(s)), name: "clipShape", children: [child])
        case .shadow(let s): return LayoutNode(.group(.shadow(s)), name: "shadow", children: [child])
        case .blur(let radius): return LayoutNode(.group(.blur(sigma: radius / 2)), name: "blur", children: [child])
        case .colorMatrix(let m): return LayoutNode(.group(.colorMatrix(m)), name: "colorMatrix", children: [child])
        case .alphaThreshold(let t):
            return LayoutNode(.group(.alphaThreshold(t)), name: "alphaThreshold", children: [child])
        case .blendMode(let mode): return LayoutNode(.group(.blend(mode)), name: "blendMode", children: [child])
        case .fixedSize(let horizontal, let vertical):
            return LayoutNode(
                .fixedSize(horizontal: horizontal, vertical: vertical), name: "fixedSize", children: [child])
        case .aspectRatio(let ratio, let fill):
            return LayoutNode(.aspectRatio(ratio, fill: fill), name: "aspectRatio", children: [child])
        case .layoutPriority(let priority):
            return LayoutNode(.trait(.layoutPriority(priority)), name: "layoutPriority", children: [child])
        case .zIndex(let z):
            return LayoutNode(.trait(.zIndex(z)), name: "zIndex", children: [child])
        case .layoutDirection(let rightToLeft):
            return LayoutNode(
                .trait(.layoutDirection(rightToLeft: rightToLeft)), name: "layoutDirection", children: [child])
        case .font, .foreground, .imageScale, .symbolLayers, .lineLimit, .multilineTextAlignment, .minimumScaleFactor,
            .lineSpacing, .controlSize, .tint, .redacted:
            return child
        case .accessibilityHidden(let flag):
            if holds(flag) { child.semantics.append(.hidden) }
            return child
        case .accessibilityElement(let children):
            child.semantics.append(.children(children))
            return child
        case .accessibilityLabel(let label):
            child.semantics.append(.label(label))
            return child
        case .accessibilityHint(let hint):
            child.semantics.append(.hint(hint))
            return child
        case .accessibilityValue(let value):
            child.semantics.append(.value(value))
            return child
        case .accessibilityAddTraits(let traits):
            child.semantics.append(.traits(traits))
            return child
        case .accessibilityAction(let name):
            child.semantics.append(.action(name))
            return child
        }
    }

    /// Whether `flag` is on in this tree's state (a state counts as holding from halfway through a change).
    private func holds(_ flag: StateFlag) -> Bool {
        switch flag {
        case .constant(let value): return value
        case .state(let name): return (values[name] ?? 0) >= 0.5
        }
    }

    private mutating func kind(_ kind: ViewKind, _ env: ViewEnvironment) throws(FontError) -> LayoutNode {
        switch kind {
        case .paint(let paint):
            return LayoutNode(.leaf(.paint(paint)), name: "paint")
        case .text(let string):
            return try text([TextRun(string)], env)
        case .styledText(let runs):
            return try text(runs.isEmpty ? [TextRun("")] : runs, env)
        case .symbol(let name):
            return symbol(name, env)
        case .shape(let shape, let fill):
            return LayoutNode(.leaf(.shape(shape, fill ?? env.foreground)), name: "shape")
        case .stack(let axis, let spacing, let alignment, let children):
            var nodes: [LayoutNode] = []
            for child in children {
                if case .spacer(let minLength) = child.kind, child.modifiers.isEmpty {
                    nodes.append(LayoutNode(.spacer(minLength: minLength ?? 8, axis: axis), name: "spacer"))
                } else {
                    nodes.append(try build(child, env))
                }
            }
            return LayoutNode(
                .stack(axis, spacing: spacing ?? 8, alignment: alignment), name: axis.rawValue, children: nodes)
        case .spacer(let minLength):
            return LayoutNode(.spacer(minLength: minLength ?? 8, axis: nil), name: "spacer")
        case .firstFitting(let horizontally, let vertically, let children):
            var candidates: [LayoutNode] = []
            for child in children { candidates.append(try build(child, env)) }
            return LayoutNode(
                .firstFitting(candidates: candidates, horizontally: horizontally, vertically: vertically),
                name: "viewThatFits")
        case .grid(let alignment, let horizontalSpacing, let verticalSpacing, let rows):
            var cells: [LayoutNode] = []
            for row in rows {
                for cell in row.cells { cells.append(try build(cell, env)) }
            }
            let spec = GridSpec(
                rows: rows.map {
                    GridSpec.Row(count: $0.cells.count, spansColumns: $0.spansColumns, alignment: $0.alignment)
                },
                alignment: alignment, horizontalSpacing: horizontalSpacing ?? 8, verticalSpacing: verticalSpacing ?? 8)
            return LayoutNode(.grid(spec), name: "grid", children: cells)
        case .lazyGrid(let grid):
            var cells: [LayoutNode] = []
            for child in grid.children { cells.append(try build(child, env)) }
            let spec = LazyGridSpec(
                vertical: grid.vertical, items: grid.items, spacing: grid.spacing ?? 8, alignment: grid.alignment)
            return LayoutNode(.lazyGrid(spec), name: grid.vertical ? "lazyVGrid" : "lazyHGrid", children: cells)
        case .label(let title, let symbolName):
            let node = LayoutNode(
                .stack(.horizontal, spacing: ControlMetrics.iconGap, alignment: .center), name: "label",
                children: [symbol(symbolName, env), try text([TextRun(title)], env)])
            node.semantics = [.element(label: title, traits: [.isStaticText], actions: [])]
            return node
        case .button(let title, let symbolName):
            let label = symbolName.map { ViewNode(.label(title: title, symbol: $0)) } ?? ViewNode(.text(title))
            let button = try borderedButton(label, env)
            button.semantics = [.element(label: title, traits: [.isButton], actions: ["activate"])]
            return button
        case .borderedButton(let label, let prominent, let shape):
            let button = try borderedButton(label, prominent: prominent, shape: shape, env)
            // One element: what the label says, as a button.
            button.semantics = [.control(traits: [.isButton], actions: ["activate"])]
            return button
        case .crossfade(let from, let to, let fraction):
            return try crossfade(from, to, fraction: fraction, env)
        case .placeholder(let name):
            return LayoutNode(.leaf(.placeholder), name: name)
        case .canvas(let content):
            return LayoutNode(.leaf(.canvas(content)), name: "canvas")
        case .geometryReader(let content):
            // Built when placed, in this environment; a view that cannot be built (a font that fails to load,
            // which validation has already ruled out) draws nothing.
            let builder = self
            return LayoutNode(
                .reader(make: { size in
                    var inner = builder
                    return (try? inner.build(content.content(at: size), env))
                        ?? LayoutNode(.leaf(.none), name: "empty")
                }), name: "geometryReader")
        case .scroll(let spec, let content):
            return LayoutNode(.scroll(spec), name: "scrollView", children: [try build(content, env)])
        case .customLayout(let layout, let children):
            var nodes: [LayoutNode] = []
            for child in children { nodes.append(try build(child, env)) }
            return LayoutNode(.custom(layout), name: "layout", children: nodes)
        case .environmentReader(let reader):
            // Listed under the reader's name, around the view it made.
            let content = try build(reader.view(for: values), env)
            return LayoutNode(.offset(x: 0, y: 0), name: reader.name, children: [content])
        }
    }

    /// A `.bordered` button around `label`: the label in the tint color, padded by the control size, on a
    /// rounded rectangle of the tint at `ControlMetrics.fillOpacity`. Prominent (`.borderedProminent`), the
    /// label is white on the tint at full strength, as UIKit's filled button configuration draws it. `shape`
    /// replaces the rounded rectangle.
    private mutating func borderedButton(
        _ label: ViewNode, prominent: Bool = false, shape: ShapeKind? = nil, _ env: ViewEnvironment
    ) throws(FontError) -> LayoutNode {
        var inner = env
        inner.foreground = .color(prominent ? .white : env.tint)
        let content = try build(label, inner)
        let pad = ControlMetrics.padding(env.controlSize)
        let padded = LayoutNode(
            .padding(
                Insets(top: pad.vertical, leading: pad.horizontal, bottom: pad.vertical, trailing: pad.horizontal)),
            name: "padding", children: [content])
        let fill = LayoutNode(
            .leaf(
                .shape(
                    shape
                        ?? .roundedRectangle(radius: ControlMetrics.cornerRadius(env.controlSize), style: .continuous),
                    .color(prominent ? env.tint : env.tint.opacity(ControlMetrics.fillOpacity)))), name: "shape")
        return LayoutNode(.secondary(behind: true, alignment: .center), name: "button", children: [padded, fill])
    }

    /// `from` giving way to `to`: SwiftUI's `.opacity` content transition, the size animating between the two.
    /// VoiceOver reads `to`, the new content.
    private mutating func crossfade(_ from: ViewNode, _ to: ViewNode, fraction: Double, _ env: ViewEnvironment)
        throws(FontError)
        -> LayoutNode
    {
        notes.crossfades += 1
        if atRest { return try build(to, env) }
        let f = min(max(fraction, 0), 1)
        let old = LayoutNode(.group(.opacity(1 - f)), name: "opacity", children: [try build(from, env)])
        old.semantics = [.hidden]
        return LayoutNode(
            .crossfade(f), name: "crossfade",
            children: [old, LayoutNode(.group(.opacity(f)), name: "opacity", children: [try build(to, env)])])
    }

    /// Text of one or more runs (at least one), each run's font over the inherited one.
    private mutating func text(_ runs: [TextRun], _ env: ViewEnvironment) throws(FontError) -> LayoutNode {
        var set: [TextBlock.SetRun] = []
        for run in runs {
            let parts = try fonts.setRuns(run, font: env.font.applying(run.font))
            for part in parts { fontFiles.insert(part.instance.path) }
            set += parts
        }
        let block = TextBlock(
            runs: set, lineLimit: env.lineLimit,
            alignment: env.rightToLeft ? env.textAlignment.mirrored : env.textAlignment,
            minimumScaleFactor: env.minimumScaleFactor, lineSpacing: env.lineSpacing, redacted: env.redacted,
            scale: scale)
        let node = LayoutNode(.leaf(.text(block, env.foreground)), name: "text")
        node.semantics = [.element(label: block.string, traits: [.isStaticText], actions: [])]
        return node
    }

    private func symbol(_ name: String, _ env: ViewEnvironment) -> LayoutNode {
        // Validation refuses unknown names; a name it has not seen draws nothing.
        // A symbol's weight is its font's, as SF Symbols match the text beside them.
        guard let shape = SymbolShape.named(name, weight: env.font.weight) else {
            return LayoutNode(.leaf(.none), name: "symbol")
        }
        let capHeight = (try? FontLibrary.shared.instance(for: env.font, files: fonts).metrics.capHeight) ?? 0.727
        let unit = capHeight * env.font.size / 100 * ControlMetrics.imageScale(env.imageScale)
        let semantics: [AccessibilitySemantic] = [
            .element(label: SymbolShape.accessibilityLabel(name), traits: [.isImage], actions: [])
        ]
        guard env.redacted else {
            // In layers: the glyph over its enclosure, each in its own paint, in the same box.
            if let enclosure = env.symbolEnclosure, shape.layers != nil {
                let node = LayoutNode(
                    .secondary(behind: false, alignment: .center), name: "symbol",
                    children: [
                        LayoutNode(
                            .leaf(.symbol(shape.layer(.enclosure), pointsPerUnit: unit, enclosure)), name: "symbol"),
                        LayoutNode(
                            .leaf(.symbol(shape.layer(.glyph), pointsPerUnit: unit, env.foreground)), name: "symbol"),
                    ])
                node.semantics = semantics
                return node
            }
            let node = LayoutNode(.leaf(.symbol(shape, pointsPerUnit: unit, env.foreground)), name: "symbol")
            node.semantics = semantics
            return node
        }
        // Redacted: a placeholder box the symbol's own size (SwiftUI keeps a redacted view's frame).
        let box = LayoutNode(
            .leaf(
                .shape(
                    .roundedRectangle(radius: Redaction.cornerRadius(unit * 100), style: .continuous),
                    Redaction.paint(env.foreground))), name: "symbol")
        let node = LayoutNode(
            .frame(FrameSpec(width: shape.width * unit, height: (shape.bottom - shape.top) * unit)), name: "frame",
            children: [box])
        node.semantics = semantics
        return node
    }
}
