import RevealCore
import RevealDisplay
import RevealLayout
import RevealRaster
import RevealText

// Each built-in view lowered onto the engine's views. Identity: a block's views are numbered, an
// `if`/`else` branch is named, and a type-erased view adds the type it holds.

extension EmptyView: @MainActor Lowerable {
    @MainActor func lower(in graph: ViewGraph, path: String, _ environment: EnvironmentValues) -> [ViewNode] {
        []
    }
}

extension Never: @MainActor Lowerable {
    @MainActor func lower(in graph: ViewGraph, path: String, _ environment: EnvironmentValues) -> [ViewNode] {
        []
    }
}

extension TupleView: @MainActor Lowerable {
    @MainActor func lower(in graph: ViewGraph, path: String, _ environment: EnvironmentValues) -> [ViewNode] {
        var views: [ViewNode] = []
        for (index, view) in listedViews.enumerated() {
            views += graph.lower(view, path: path + "/\(index)", environment)
        }
        return views
    }
}

extension _ConditionalContent: @MainActor Lowerable {
    @MainActor func lower(in graph: ViewGraph, path: String, _ environment: EnvironmentValues) -> [ViewNode] {
        // Both branches are slots: the one taken shows, the other may still be playing its removal.
        switch storage {
        case .trueContent(let view):
            return graph.lowerDynamic(view, slot: path + "/then", environment)
                + graph.lowerDynamic(nil, slot: path + "/else", environment)
        case .falseContent(let view):
            return graph.lowerDynamic(nil, slot: path + "/then", environment)
                + graph.lowerDynamic(view, slot: path + "/else", environment)
        }
    }
}

extension Optional: @MainActor Lowerable where Wrapped: View {
    @MainActor func lower(in graph: ViewGraph, path: String, _ environment: EnvironmentValues) -> [ViewNode] {
        graph.lowerDynamic(self.map { $0 as any View }, slot: path + "/some", environment)
    }
}

extension AnyView: @MainActor Lowerable {
    @MainActor func lower(in graph: ViewGraph, path: String, _ environment: EnvironmentValues) -> [ViewNode] {
        graph.lower(storage, path: path + "/any(" + ViewGraph.typeName(type(of: storage)) + ")", environment)
    }
}

extension Group: @MainActor Lowerable {
    @MainActor func lower(in graph: ViewGraph, path: String, _ environment: EnvironmentValues) -> [ViewNode] {
        graph.lower(content, path: path, environment)
    }
}

extension Text: @MainActor Lowerable {
    @MainActor func lower(in graph: ViewGraph, path: String, _ environment: EnvironmentValues) -> [ViewNode] {
        // Dates written as of the scene's time, evaluated again when they next read otherwise.
        let (text, next) = resolvingDates(at: SceneClock.date(at: graph.time))
        if let next { graph.scheduleTimelineUpdate(key: path + "/date", at: SceneClock.time(of: next)) }
        return text.lowerResolved(in: graph, path: path, environment)
    }

    @MainActor private func lowerResolved(in graph: ViewGraph, path: String, _ environment: EnvironmentValues)
        -> [ViewNode]
    {
        let transition = environment.contentTransition
        var numericValue: Double?
        var countsDown: Bool?
        if case .numeric(let down, let value) = transition.kind {
            numericValue = value
            countsDown = down
        }
        guard let change = graph.contentChange(self, key: path + "/text", numericValue: numericValue),
            let shown = lowered(
                from: change.previous, fraction: change.fraction, countsDown: countsDown ?? change.countsDown,
                transition, environment)
        else { return [lowered(environment)] }
        return [shown]
    }

    /// The engine's text: plain text in the inherited font when nothing is styled (the text's own font
    /// innermost, then the environment's weight over it), else runs, each run's own style over the
    /// environment's.
    @MainActor func lowered(_ environment: EnvironmentValues) -> ViewNode {
        func cased(_ string: String) -> String {
            switch environment.textCase {
            case .uppercase?: return string.uppercased()
            case .lowercase?: return string.lowercased()
            case nil: return string
            }
        }
        let weight: [NodeModifier] =
            environment.fontWeight.map { [.font(FontSpec(weight: $0.engine))] } ?? []
        if runs.count == 1, var plain = runs.first {
            let font = plain.font
            plain.font = nil
            if plain == Text.Run(plain.string), environment.textStyle == Text.Run("") {
                let own: [NodeModifier] = font.map { [.font($0.spec)] } ?? []
                return ViewNode(.text(cased(plain.string)), own + weight)
            }
        }
        let inherited = environment.textStyle
        // A line's color as drawn in the color scheme here.
        func line(_ color: Color??) -> TextLine? {
            color.map { TextLine(color: $0?.resolved(environment.colorScheme).value) }
        }
        let engine = runs.map { run in
            var spec = run.font?.spec ?? FontSpec()
            if let weight = (run.weight ?? environment.fontWeight)?.engine { spec.weight = weight }
            if let design = run.design ?? inherited.design { spec.design = design == .rounded ? .rounded : .default }
            if let italic = run.italic ?? inherited.italic { spec.italic = italic }
            return TextRun(
                cased(run.string), font: spec, paint: run.style?.resolved(in: environment).paint,
                underline: line(run.underline ?? inherited.underline),
                strikethrough: line(run.strikethrough ?? inherited.strikethrough),
                kerning: Double(run.kerning ?? inherited.kerning ?? 0),
                tracking: Double(run.tracking ?? inherited.tracking ?? 0),
                baselineOffset: Double(run.baselineOffset ?? inherited.baselineOffset ?? 0),
                monospacedDigits: run.monospacedDigit ?? inherited.monospacedDigit ?? false)
        }
        return ViewNode(.styledText(engine))
    }
}

extension Image: @MainActor Lowerable {
    @MainActor func lower(in graph: ViewGraph, path: String, _ environment: EnvironmentValues) -> [ViewNode] {
        if let assetName { return graph.lowerAssetImage(self, named: assetName, environment) }
        // `symbolVariant(_:)` around picks the variant's symbol where one exists (SwiftUI's rule).
        let systemName = environment.symbolVariants.name(for: systemName) { SymbolShape.named($0) != nil }
        if SymbolShape.named(systemName) == nil {
            graph.warn(
                "no drawing for the symbol \"\(systemName)\": it draws nothing (the article \"Symbols\" lists the \(SymbolShape.names.count) there are)"
            )
        }
        // A resizable symbol is its drawing as a shape filling its room, in the foreground style, at the
        // weight of the font around it.
        let weight = (environment.fontWeight ?? environment.font?.weight)?.engine ?? .regular
        if isResizable, let symbol = SymbolShape.named(systemName, weight: weight) {
            return [ViewNode(.shape(.symbol(symbol), fill: nil))]
        }
        // `fontWeight` set around it weighs the symbol as it does text (SwiftUI keeps it apart from the font).
        var modifiers: [NodeModifier] = environment.fontWeight.map { [.font(FontSpec(weight: $0.engine))] } ?? []
        if let enclosure = enclosurePaint(in: environment) { modifiers.append(.symbolLayers(enclosure)) }
        return [ViewNode(.symbol(systemName), modifiers)]
    }
}

extension Label: @MainActor Lowerable {
    @MainActor func lower(in graph: ViewGraph, path: String, _ environment: EnvironmentValues) -> [ViewNode] {
        if let style = environment.labelStyle {
            // A style of the user's: its body, built from the title and the icon (inside it, labels take the
            // default style again).
            var inner = environment
            inner.labelStyle = nil
            inner.labelParts = .both
            let configuration = LabelStyleConfiguration(
                title: .init(content: AnyView(title)), icon: .init(content: AnyView(icon)))
            return graph.lower(AnyView(style.makeBody(configuration: configuration)), path: path + "/style", inner)
        }
        switch environment.labelParts {
        case .icon:
            // The title is still what VoiceOver reads.
            let label = (title as? Text)?.string
            let views = graph.lower(icon, path: path + "/icon", environment)
            return label.map { label in views.map { $0.modifier(.accessibilityLabel(label)) } } ?? views
        case .title:
            return graph.lower(title, path: path + "/title", environment)
        case .both:
            break
        }
        if let title = title as? Text, let icon = icon as? Image {
            return [ViewNode(.label(title: title.string, symbol: icon.systemName))]
        }
        let children =
            graph.lower(icon, path: path + "/icon", environment)
            + graph.lower(title, path: path + "/title", environment)
        return [ViewNode(.stack(.horizontal, spacing: nil, alignment: .center, children: children))]
    }
}

extension Button: @MainActor Lowerable {
    @MainActor func lower(in graph: ViewGraph, path: String, _ environment: EnvironmentValues) -> [ViewNode] {
        if let dialog = environment.dialogActions {
            // A dialog draws its buttons as its own rows.
            dialog.buttons.append(
                DialogActions.Action(label: AnyView(label), role: role, action: action, tint: environment.tint))
            return []
        }
        let anchor = graph.anchor()
        graph.addTarget(.button(action), anchor: anchor, environment)
        let view: ViewNode
        // A disabled button draws in the tertiary label color (UIKit's disabled button title).
        let tint =
            environment.isEnabled
            ? (role == .destructive ? .red : environment.tint ?? .accentColor).resolved(environment.colorScheme).value
            : HierarchicalShapeStyle.labelColors[2].resolved(environment.colorScheme).value
        if environment.buttonIsBordered {
            // A foreground style set around the button colors its label over the style's own (white on a
            // prominent button, the tint on a bordered one), as iOS draws it.
            var label = graph.single(graph.lower(label, path: path, environment))
            if let paint = environment.foregroundStyle?.resolved(in: environment).paint {
                label = label.modifier(.foreground(paint))
            }
            view = ViewNode(
                .borderedButton(
                    label: label, prominent: environment.buttonIsProminent,
                    shape: environment.buttonBorderShape.engine),
                environment.isEnabled && role != .destructive ? [] : [.tint(tint)])
        } else {
            // The default style on iOS: the label in the tint color (as it is with `.plain`, dimmed when
            // disabled), unless a foreground style is set around it, which it then takes, as a
            // borderless button's label does on iOS; a button for VoiceOver.
            let ownColor = environment.buttonIsPlain || environment.foregroundStyle != nil
            let color: [NodeModifier] = ownColor && environment.isEnabled ? [] : [.foreground(.color(tint))]
            view = ViewNode(
                .stack(.depth, spacing: nil, alignment: .center, children: graph.lower(label, path: path, environment)),
                color + [
                    .accessibilityElement(.combine), .accessibilityAddTraits([.isButton]),
                    .accessibilityAction("activate"),
                ])
        }
        return [view.modifier(.anchor(anchor))]
    }
}

extension Spacer: @MainActor Lowerable {
    @MainActor func lower(in graph: ViewGraph, path: String, _ environment: EnvironmentValues) -> [ViewNode] {
        [ViewNode(.spacer(minLength: minLength.map(Double.init)))]
    }
}

extension VStack: @MainActor Lowerable {
    @MainActor func lower(in graph: ViewGraph, path: String, _ environment: EnvironmentValues) -> [ViewNode] {
        var inner = environment
        inner.stackAxis = .vertical
        let children = graph.lowerContainer(content, path: path, inner)
        return [
            ViewNode(
                .stack(
                    .vertical, spacing: spacing.map(Double.init),
                    alignment: NodeAlignment(horizontal: alignment.guide, vertical: .fraction(0.5)),
                    children: children))
        ]
    }
}

extension HStack: @MainActor Lowerable {
    @MainActor func lower(in graph: ViewGraph, path: String, _ environment: EnvironmentValues) -> [ViewNode] {
        var inner = environment
        inner.stackAxis = .horizontal
        let children = graph.lowerContainer(content, path: path, inner)
        return [
            ViewNode(
                .stack(
                    .horizontal, spacing: spacing.map(Double.init),
                    alignment: NodeAlignment(horizontal: .fraction(0.5), vertical: alignment.guide),
                    children: children))
        ]
    }
}

extension ZStack: @MainActor Lowerable {
    @MainActor func lower(in graph: ViewGraph, path: String, _ environment: EnvironmentValues) -> [ViewNode] {
        var inner = environment
        inner.stackAxis = nil
        let children = graph.lowerContainer(content, path: path, inner)
        return [ViewNode(.stack(.depth, spacing: nil, alignment: alignment.engine, children: children))]
    }
}

extension GeometryReader: @MainActor Lowerable {
    @MainActor func lower(in graph: ViewGraph, path: String, _ environment: EnvironmentValues) -> [ViewNode] {
        // The content is evaluated when the engine lays the reader out, in the transaction of now.
        graph.noteCallBack()
        // The content's proxy answers where the reader is from the last layout; once the content asks, a move
        // of the reader evaluates it again.
        let reads = GeometryReads()
        let (anchor, geometry) = graph.watchGeometry(key: path + "/reader") { reads.wereAsked ? AnyHashable($0) : nil }
        // A `ViewModifier`'s `content` inside the reader stands for what it stood for here.
        let box = MainThreadBox(value: (content, environment, graph.transaction, geometry, graph.placeholders))
        let nothing = graph.single([])
        // The content for the last size asked: this evaluation's layout and its layout at rest (what VoiceOver
        // reads while a content cross-fades) place the reader at one size, and its content is the same.
        let last = ReaderContent()
        return [
            ViewNode(
                .geometryReader(
                    GeometryContent { size in
                        graph.callBack(else: nothing) {
                            if let (made, node) = last.made, made == size { return node }
                            let (content, environment, transaction, geometry, placeholders) = box.value
                            let proxy = GeometryProxy(
                                size: CGSize(width: size.width, height: size.height), geometry: geometry, reads: reads)
                            let node = graph.single(
                                graph.withPlaceholders(placeholders) {
                                    graph.evaluating(in: transaction) {
                                        graph.lowerContainer(content(proxy), path: path + "/reader", environment)
                                    }
                                })
                            last.made = (size, node)
                            return node
                        }
                    })
            ).modifier(.anchor(anchor))
        ]
    }
}

/// A reader's content as last made, with the size it was made for.
@MainActor private final class ReaderContent: Sendable {
    var made: (Size, ViewNode)?
}

/// A canvas's renderer, run once a frame for each size the canvas is laid out at: the views it draws (laid out
/// over the canvas) and its drawings come from the same run. A later frame, or any change of state, runs it
/// again, as what it reads may have changed though the canvas was not lowered again (a reader's content is
/// kept while its size is).
@MainActor private final class CanvasRun: Sendable {
    private let renderer: (inout GraphicsContext, CGSize) -> Void
    private let environment: EnvironmentValues
    private let graph: ViewGraph
    private let symbols: [AnyHashable: AnyView]
    private var last: (size: CGSize, time: Double, invalidations: Int, context: GraphicsContext)?

    init(
        _ renderer: @escaping (inout GraphicsContext, CGSize) -> Void, _ environment: EnvironmentValues,
        _ graph: ViewGraph, symbols: [AnyHashable: AnyView]
    ) {
        self.renderer = renderer
        self.environment = environment
        self.graph = graph
        self.symbols = symbols
    }

    /// The context the renderer drew into at `size` in this frame.
    func context(at size: CGSize) -> GraphicsContext {
        if let last, last.size == size, last.time == graph.time, last.invalidations == graph.invalidations {
            return last.context
        }
        var context = GraphicsContext()
        context.environment = environment
        context.symbols = symbols
        renderer(&context, size)
        last = (size, graph.time, graph.invalidations, context)
        return context
    }
}

extension Canvas: @MainActor Lowerable {
    @MainActor func lower(in graph: ViewGraph, path: String, _ environment: EnvironmentValues) -> [ViewNode] {
        graph.noteCallBack()
        let run = CanvasRun(renderer, environment, graph, symbols: symbolTable)
        let canvas = ViewNode(
            .canvas(
                CanvasContent { size in
                    graph.callBack(else: []) {
                        run.context(at: CGSize(width: size.width, height: size.height)).commands
                    }
                }))
        // Views drawn into the canvas (`draw(Text)`) are laid out as views over it, at the size the canvas is
        // given, from the run its drawing reuses.
        let drawn = GeometryReader { proxy in
            let views = run.context(at: proxy.size).views
            ZStack(alignment: .topLeading) {
                ForEach(views.indices, id: \.self) { index in
                    let item = views[index]
                    let view = Self.filtered(item.view, item.filters)
                    if let rect = item.rect {
                        view.frame(width: rect.width, height: rect.height, alignment: .topLeading)
                            .offset(x: rect.minX, y: rect.minY).opacity(item.opacity)
                    } else {
                        // A zero-size frame centred on the point, the view's anchor on the frame's.
                        view.fixedSize().frame(width: 0, height: 0, alignment: Alignment.nearest(to: item.anchor))
                            .position(x: item.point.x, y: item.point.y).opacity(item.opacity)
                    }
                }
            }
        }
        let overlay = graph.single(graph.lower(drawn, path: path + "/drawn", environment))
        return [canvas.modifier(.overlay(overlay, alignment: Alignment.center.engine))]
    }

    /// A view drawn into the canvas through the filters of its context, as the modifiers that draw them.
    private static func filtered(_ view: AnyView, _ filters: [CanvasFilter]) -> AnyView {
        filters.reduce(view) { view, filter in
            switch filter {
            case .blur(let radius): return AnyView(view.blur(radius: CGFloat(radius)))
            case .colorMatrix(let matrix): return AnyView(view.builtin(.layout(.colorMatrix(matrix))))
            case .alphaThreshold(let threshold): return AnyView(view.builtin(.layout(.alphaThreshold(threshold))))
            case .shadow(let shadow, _):
                let color = Color(
                    red: shadow.color.red, green: shadow.color.green, blue: shadow.color.blue,
                    opacity: shadow.color.alpha)
                return AnyView(
                    view.shadow(
                        color: color, radius: CGFloat(shadow.radius), x: CGFloat(shadow.x), y: CGFloat(shadow.y)))
            }
        }
    }
}

extension Color: @MainActor Lowerable {
    @MainActor func lower(in graph: ViewGraph, path: String, _ environment: EnvironmentValues) -> [ViewNode] {
        // A color view is animatable (SwiftUI's color view animates its resolved color).
        [ViewNode(.paint(.color(graph.present(resolved(environment.colorScheme).value, key: path + "/color"))))]
    }
}

extension GradientStyle {
    @MainActor func lower(in graph: ViewGraph, path: String, _ environment: EnvironmentValues) -> [ViewNode] {
        [ViewNode(.paint(Paint(resolved(environment.colorScheme).kind)))]
    }
}

extension LinearGradient: @MainActor Lowerable {}
extension RadialGradient: @MainActor Lowerable {}
extension EllipticalGradient: @MainActor Lowerable {}
extension AngularGradient: @MainActor Lowerable {}
extension MeshGradient: @MainActor Lowerable {}

extension _StyleView: @MainActor Lowerable {
    @MainActor func lower(in graph: ViewGraph, path: String, _ environment: EnvironmentValues) -> [ViewNode] {
        style.resolved(in: environment).paint.map { [ViewNode(.paint($0))] } ?? []
    }
}

extension _ShapeView: @MainActor Lowerable {
    @MainActor func lower(in graph: ViewGraph, path: String, _ environment: EnvironmentValues) -> [ViewNode] {
        let resolved = style?.resolved(in: environment)
        // A fill's color animates as a color view's does.
        var fill = resolved?.paint
        if case .color(let color)? = fill?.kind { fill = .color(graph.present(color, key: path + "/fill")) }
        let node = ViewNode(.shape(graph.animated(shape, key: path + "/shape").engineShape(fillStyle), fill: fill))
        // A style with a shadow of its own (`.shadow(.drop(…))`) casts it from the filled shape.
        guard let shadow = (resolved as? ResolvedPaintStyle)?.shadow else { return [node] }
        return [node.modifier(.shadow(shadow))]
    }
}

extension _ViewModifier_Content: @MainActor Lowerable {
    @MainActor func lower(in graph: ViewGraph, path: String, _ environment: EnvironmentValues) -> [ViewNode] {
        graph.lowerPlaceholder()
    }
}

extension PlaceholderContentView: @MainActor Lowerable {
    @MainActor func lower(in graph: ViewGraph, path: String, _ environment: EnvironmentValues) -> [ViewNode] {
        graph.lowerPlaceholder()
    }
}

extension ModifiedContent: @MainActor Lowerable where Content: View, Modifier: ViewModifier {
    @MainActor func lower(in graph: ViewGraph, path: String, _ environment: EnvironmentValues) -> [ViewNode] {
        if let builtin = modifier as? _BuiltinModifier {
            return builtin.apply(to: content, in: graph, path: path, environment)
        }
        // A user's modifier: its own identity (for its state), and its body with the content where its
        // placeholder is.
        let key = path + "/" + ViewGraph.typeName(Modifier.self)
        graph.link(modifier, to: graph.node(key, environment))
        let content = content
        let modifier = graph.animatedIfAnimatable(modifier, key: key + "/animatableData")
        return graph.withContent(
            { graph.lower(content, path: path, environment) },
            around: {
                let body = RunningCode.body(of: Modifier.self) { modifier.body(content: _ViewModifier_Content()) }
                return graph.lower(body, path: key, environment)
            })
    }
}

extension Alignment {
    /// The alignment of the nine (leading, centre, trailing by top, centre, bottom) nearest `point`.
    nonisolated static func nearest(to point: UnitPoint) -> Alignment {
        let horizontal: HorizontalAlignment = point.x < 0.25 ? .leading : point.x > 0.75 ? .trailing : .center
        let vertical: VerticalAlignment = point.y < 0.25 ? .top : point.y > 0.75 ? .bottom : .center
        return Alignment(horizontal: horizontal, vertical: vertical)
    }

    nonisolated var engine: NodeAlignment {
        NodeAlignment(horizontal: horizontal.guide, vertical: vertical.guide)
    }
}

/// A view that lowers to an engine view of the front ends' own (a scene's effect, a scene's condition),
/// made of the engine views its SwiftUI `parts` lower to.
nonisolated package struct EngineView: _PrimitiveView {
    let parts: [any View]
    let make: @Sendable ([ViewNode]) -> ViewNode

    package init(_ parts: [any View] = [], make: @escaping @Sendable ([ViewNode]) -> ViewNode) {
        self.parts = parts
        self.make = make
    }
}

extension EngineView: @MainActor Lowerable {
    @MainActor func lower(in graph: ViewGraph, path: String, _ environment: EnvironmentValues) -> [ViewNode] {
        let lowered = parts.enumerated().map { index, part in
            graph.single(graph.lower(part, path: "\(path)/\(index)", environment))
        }
        return [make(lowered)]
    }
}
