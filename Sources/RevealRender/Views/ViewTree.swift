/// What views inherit from their ancestors, as SwiftUI's environment: set by the `font`,
/// `foreground`, `imageScale`, `lineLimit`, `multilineTextAlignment`, `minimumScaleFactor`,
/// `controlSize` and `tint` modifiers, read by text, symbols, shapes and buttons.
struct ViewEnvironment {
    var font = ResolvedFont.body
    /// SwiftUI's primary label color in light mode.
    var foreground: Paint = .color(.black)
    var imageScale = ImageScale.medium
    var lineLimit: Int?
    var textAlignment = TextAlignment.leading
    var minimumScaleFactor = 1.0
    var controlSize = ControlSize.regular
    /// The accent color.
    var tint: Color = SystemColor.blue

    mutating func apply(_ modifier: ViewModifier) {
        switch modifier {
        case let .font(spec): font = font.applying(spec)
        case let .foreground(paint): foreground = paint
        case let .imageScale(scale): imageScale = scale
        case let .lineLimit(limit): lineLimit = limit
        case let .multilineTextAlignment(alignment): textAlignment = alignment
        case let .minimumScaleFactor(factor): minimumScaleFactor = factor
        case let .controlSize(size): controlSize = size
        case let .tint(color): tint = color
        default: break
        }
    }
}

/// The sizes of a `.bordered` button and of a label's parts, in one table: padding around the title
/// and corner radius at each control size, the tint's fill opacity, the gap between a label's symbol
/// and its title, and the symbol image scales. Apple publishes none of these; they are our estimates
/// from iOS 17 screenshots (a regular bordered button with body text is about 34 points high, a large
/// one about 50), to be replaced by measurements when a device is at hand.
enum ControlMetrics {
    static func padding(_ size: ControlSize) -> (horizontal: Double, vertical: Double) {
        switch size {
        case .mini: return (7, 2)
        case .small: return (10, 4)
        case .regular: return (12, 6)
        case .large: return (20, 14)
        }
    }

    static func cornerRadius(_ size: ControlSize) -> Double {
        switch size {
        case .mini, .small: return 6
        case .regular: return 8
        case .large: return 12
        }
    }

    /// A bordered button's fill: its tint at this opacity.
    static let fillOpacity = 0.15
    /// Between a label's symbol and its title, in points.
    static let iconGap = 6.0
    /// SF Symbols' image scales relative to medium.
    static func imageScale(_ scale: ImageScale) -> Double {
        switch scale {
        case .small: return 0.78
        case .medium: return 1
        case .large: return 1.29
        }
    }
}

/// The state a screen is drawn in: the value of each condition `when` views test, 0 (false) to 1
/// (true), in between while an animated change cross-fades.
public typealias ViewConditions = [String: Double]

/// Turns a `View` into the tree layout works on, resolving the environment, the state-dependent
/// views and the composite views (labels, buttons) into plain ones.
struct ViewTreeBuilder {
    var fonts: FontFiles
    var scale: Double
    var conditions: ViewConditions
    /// Filled in when the tree holds the effect: its own modifiers' group effects, in order.
    private(set) var effectGroups: [GroupEffect] = []
    private(set) var effectNode: LayoutNode?
    /// The font files text was set in.
    private(set) var fontFiles: Set<String> = []

    init(fonts: FontFiles, scale: Double, conditions: ViewConditions = [:]) {
        self.fonts = fonts
        self.scale = scale
        self.conditions = conditions
    }

    mutating func build(_ view: View, _ environment: ViewEnvironment = ViewEnvironment()) throws(FontError) -> LayoutNode {
        if case .effect = view.kind { return effect(view) }
        return try build(view, modifiers: view.modifiers.count, environment)
    }

    /// `view` with its first `count` modifiers: the last of them wraps the rest.
    private mutating func build(_ view: View, modifiers count: Int, _ environment: ViewEnvironment) throws(FontError) -> LayoutNode {
        guard count > 0 else { return try kind(view.kind, environment) }
        let modifier = view.modifiers[count - 1]
        var inner = environment
        inner.apply(modifier)
        let child = try build(view, modifiers: count - 1, inner)
        switch modifier {
        case let .padding(e): return LayoutNode(.padding(e), name: "padding", children: [child])
        case let .frame(f): return LayoutNode(.frame(f), name: "frame", children: [child])
        case let .position(x, y): return LayoutNode(.position(x: x, y: y), name: "position", children: [child])
        case let .offset(x, y): return LayoutNode(.offset(x: x, y: y), name: "offset", children: [child])
        case let .background(v, alignment):
            return LayoutNode(.secondary(behind: true, alignment: alignment), name: "background", children: [child, try build(v, environment)])
        case let .overlay(v, alignment):
            return LayoutNode(.secondary(behind: false, alignment: alignment), name: "overlay", children: [child, try build(v, environment)])
        case let .opacity(o): return LayoutNode(.group(.opacity(o)), name: "opacity", children: [child])
        case let .clipShape(s): return LayoutNode(.group(.clip(s)), name: "clipShape", children: [child])
        case let .shadow(s): return LayoutNode(.group(.shadow(s)), name: "shadow", children: [child])
        case .font, .foreground, .imageScale, .lineLimit, .multilineTextAlignment, .minimumScaleFactor, .controlSize, .tint:
            return child
        case let .accessibilityHidden(flag):
            if holds(flag) { child.semantics.append(.hidden) }
            return child
        case let .accessibilityElement(children):
            child.semantics.append(.children(children))
            return child
        case let .accessibilityLabel(label):
            child.semantics.append(.label(label))
            return child
        case let .accessibilityHint(hint):
            child.semantics.append(.hint(hint))
            return child
        case let .accessibilityAddTraits(traits):
            child.semantics.append(.traits(traits))
            return child
        }
    }

    /// Whether `flag` is on in this tree's state (a state counts as holding from halfway through a change).
    private func holds(_ flag: StateFlag) -> Bool {
        switch flag {
        case let .constant(value): return value
        case let .state(name): return (conditions[name] ?? 0) >= 0.5
        }
    }

    /// The effect with its own modifiers: they lay it out, and the presentation applies their group
    /// effects (clip, shadow, opacity) to its frames.
    private mutating func effect(_ view: View) -> LayoutNode {
        let leaf = LayoutNode(.leaf(.effect), name: "effect")
        effectNode = leaf
        var node = leaf
        for modifier in view.modifiers {
            switch modifier {
            case let .padding(e): node = LayoutNode(.padding(e), name: "padding", children: [node])
            case let .frame(f): node = LayoutNode(.frame(f), name: "frame", children: [node])
            case let .position(x, y): node = LayoutNode(.position(x: x, y: y), name: "position", children: [node])
            case let .offset(x, y): node = LayoutNode(.offset(x: x, y: y), name: "offset", children: [node])
            case let .clipShape(s): effectGroups.append(.clip(s))
            case let .shadow(s): effectGroups.append(.shadow(s))
            case let .opacity(o): effectGroups.append(.opacity(o))
            default: break  // refused by validation
            }
        }
        return node
    }

    private mutating func kind(_ kind: ViewKind, _ env: ViewEnvironment) throws(FontError) -> LayoutNode {
        switch kind {
        case let .paint(paint):
            return LayoutNode(.leaf(.paint(paint)), name: "paint")
        case let .text(string):
            return try text(string, env)
        case let .symbol(name):
            return symbol(name, env)
        case let .shape(shape, fill):
            return LayoutNode(.leaf(.shape(shape, fill ?? env.foreground)), name: "shape")
        case let .stack(axis, spacing, alignment, children):
            var nodes: [LayoutNode] = []
            for child in children {
                if case let .spacer(minLength) = child.kind, child.modifiers.isEmpty {
                    nodes.append(LayoutNode(.spacer(minLength: minLength ?? 8, axis: axis), name: "spacer"))
                } else {
                    nodes.append(try build(child, env))
                }
            }
            return LayoutNode(.stack(axis, spacing: spacing ?? 8, alignment: alignment), name: axis.rawValue, children: nodes)
        case let .spacer(minLength):
            return LayoutNode(.spacer(minLength: minLength ?? 8, axis: nil), name: "spacer")
        case let .label(title, symbolName):
            let node = LayoutNode(.stack(.horizontal, spacing: ControlMetrics.iconGap, alignment: .center), name: "label",
                                  children: [symbol(symbolName, env), try text(title, env)])
            node.semantics = [.element(label: title, traits: [.isStaticText], actions: [])]
            return node
        case let .button(title, symbolName):
            var inner = env
            inner.foreground = .color(env.tint)
            let label = try build(symbolName.map { View(.label(title: title, symbol: $0)) } ?? View(.text(title)), inner)
            let pad = ControlMetrics.padding(env.controlSize)
            let padded = LayoutNode(.padding(EdgeInsets(top: pad.vertical, leading: pad.horizontal, bottom: pad.vertical, trailing: pad.horizontal)),
                                    name: "padding", children: [label])
            let fill = LayoutNode(.leaf(.shape(.roundedRectangle(radius: ControlMetrics.cornerRadius(env.controlSize), style: .continuous),
                                               .color(env.tint.opacity(ControlMetrics.fillOpacity)))), name: "shape")
            let button = LayoutNode(.secondary(behind: true, alignment: .center), name: "button", children: [padded, fill])
            button.semantics = [.element(label: title, traits: [.isButton], actions: ["activate"])]
            return button
        case .effect:
            return effect(View(.effect))
        case let .when(condition, then, otherwise):
            let value = min(max(conditions[condition] ?? 0, 0), 1)
            let content: LayoutNode
            if value == 1 {
                content = try build(then, env)
            } else if value == 0 {
                content = try build(otherwise, env)
            } else {
                // Mid-change: both, cross-fading (SwiftUI's `.opacity` transition for views that come and go).
                content = LayoutNode(.stack(.depth, spacing: 0, alignment: .center), name: "zstack", children: [
                    LayoutNode(.group(.opacity(1 - value)), name: "opacity", children: [try build(otherwise, env)]),
                    LayoutNode(.group(.opacity(value)), name: "opacity", children: [try build(then, env)]),
                ])
            }
            // Marked, so a screen redraws only what a change of state can reach.
            return LayoutNode(.offset(x: 0, y: 0), name: "when", children: [content])
        }
    }

    private mutating func text(_ string: String, _ env: ViewEnvironment) throws(FontError) -> LayoutNode {
        let instance = try FontLibrary.shared.instance(for: env.font, files: fonts)
        fontFiles.insert(instance.path)
        let block = TextBlock(string, font: env.font, instance: instance, lineLimit: env.lineLimit, alignment: env.textAlignment,
                              minimumScaleFactor: env.minimumScaleFactor, scale: scale)
        let node = LayoutNode(.leaf(.text(block, env.foreground)), name: "text")
        node.semantics = [.element(label: string, traits: [.isStaticText], actions: [])]
        return node
    }

    private func symbol(_ name: String, _ env: ViewEnvironment) -> LayoutNode {
        // Validation refuses unknown names; a name it has not seen draws nothing.
        guard let shape = SymbolShape.named(name) else { return LayoutNode(.leaf(.none), name: "symbol") }
        let capHeight = (try? FontLibrary.shared.instance(for: env.font, files: fonts).metrics.capHeight) ?? 0.727
        let unit = capHeight * env.font.size / 100 * ControlMetrics.imageScale(env.imageScale)
        let node = LayoutNode(.leaf(.symbol(shape, pointsPerUnit: unit, env.foreground)), name: "symbol")
        node.semantics = [.element(label: SymbolShape.accessibilityLabel(name), traits: [.isImage], actions: [])]
        return node
    }
}

extension SymbolShape {
    static func named(_ name: String) -> SymbolShape? { all.first { $0.name == name } }
    static var names: [String] { all.map(\.name) }
}
