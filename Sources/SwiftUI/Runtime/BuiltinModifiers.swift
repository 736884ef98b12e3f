import RevealCore
import RevealLayout
import RevealRaster
import RevealText

extension _BuiltinModifier {
    /// `content` with this modifier applied, as engine views: a layout or drawing modifier wraps each of
    /// the content's views (as SwiftUI applies a modifier to each view of a group).
    @MainActor func apply(to content: any View, in graph: ViewGraph, path: String, _ environment: EnvironmentValues)
        -> [ViewNode]
    {
        // The content's path goes one step down, so that two modifiers of one kind in a chain keep apart
        // what they animate.
        let inner = path + "/$"
        func each(_ modifiers: NodeModifier..., environment: EnvironmentValues = environment)
            -> [ViewNode]
        {
            graph.lower(content, path: inner, environment).map { view in modifiers.reduce(view) { $0.modifier($1) } }
        }
        func passing() -> [ViewNode] { graph.lower(content, path: inner, environment) }
        func one(_ view: any View, _ name: String) -> ViewNode? {
            let views = graph.lowerContainer(view, path: path + "/" + name, environment)
            return views.isEmpty ? nil : graph.single(views)
        }
        switch kind {
        case .environment(let change, let engine):
            var changed = environment
            change(&changed)
            let views = graph.engineEnvironment(
                graph.lower(content, path: inner, changed), from: environment, to: changed)
            // A change made through a key path (`environment(\.font, …)`, `transformEnvironment`) reaches the
            // engine's font too.
            let modifier = engine ?? (changed.font != environment.font ? .font((changed.font ?? .body).spec) : nil)
            return modifier.map { modifier in views.map { $0.modifier(modifier) } } ?? views
        case .foregroundStyle(let style):
            // A hierarchical level is resolved against the foreground around it, then flows down as a color.
            let resolved = style.resolved(in: environment)
            var changed = environment
            changed.foregroundStyle = resolved
            let views = graph.lower(content, path: inner, changed)
            guard let paint = resolved.paint else { return views }
            return views.map { $0.modifier(.foreground(paint)) }
        case .tag(let tag):
            // Inside a picker, the tagged view is one of its options; in a list with a selection, a row.
            let views = graph.markListSelection(tag, passing())
            if !graph.pickerOptions.isEmpty { graph.pickerOptions[graph.pickerOptions.count - 1].append((tag, views)) }
            return views
        case .id(let id):
            return graph.markScrollTarget(
                id, graph.lower(content, path: inner + "#" + String(reflecting: id.base), environment))
        case .frame(let width, let height, let alignment):
            return each(
                .frame(
                    FrameSpec(
                        width: width.map(Double.init), height: height.map(Double.init), alignment: alignment.engine)))
        case .flexibleFrame(
            let minWidth, let idealWidth, let maxWidth, let minHeight, let idealHeight, let maxHeight,
            let alignment):
            return each(
                .frame(
                    FrameSpec(
                        minWidth: minWidth.map(Double.init), maxWidth: maxWidth.map(Double.init),
                        minHeight: minHeight.map(Double.init), maxHeight: maxHeight.map(Double.init),
                        idealWidth: idealWidth.map(Double.init), idealHeight: idealHeight.map(Double.init),
                        alignment: alignment.engine)))
        case .padding(let edges, let length):
            // SwiftUI's default padding is 16 points on iPhone (Human Interface Guidelines, Layout).
            let d = Double(length ?? 16)
            return each(
                .padding(
                    Insets(
                        top: edges.contains(.top) ? d : 0, leading: edges.contains(.leading) ? d : 0,
                        bottom: edges.contains(.bottom) ? d : 0, trailing: edges.contains(.trailing) ? d : 0)))
        case .position(let point):
            return each(.position(x: Double(point.x), y: Double(point.y)))
        case .offset(let size):
            // An offset animates (SwiftUI's `_OffsetEffect` is animatable).
            let x = graph.present(Double(size.width).finite(or: 0), key: path + "/offsetX")
            let y = graph.present(Double(size.height).finite(or: 0), key: path + "/offsetY")
            return each(.offset(x: x, y: y))
        case .layout(let modifier):
            return each(modifier)
        case .blendMode(let mode):
            return each(.blendMode(mode.engine))
        case .colorEffect(let effect):
            return each(.colorMatrix(effect.matrix(in: graph, key: path, scheme: environment.colorScheme)))
        case .alignmentGuide(let guide, let horizontal, let compute):
            // Computed when the engine lays the view out, on the main thread, as a reader's content is.
            graph.noteCallBack()
            let box = MainThreadBox(value: compute)
            return each(
                .alignmentGuide(
                    GuideSetting(guide, horizontal: horizontal) { dimensions in
                        let sent = MainThreadBox(value: dimensions)
                        return graph.callBack(else: 0) { Double(box.value(ViewDimensions(sent.value))) }
                    }))
        case .overlay(let view, let alignment):
            guard let overlay = one(view, "overlay") else { return passing() }
            return each(.overlay(overlay, alignment: alignment.engine))
        case .background(let view, let alignment):
            guard graph.isRoot(path) else {
                guard let background = one(view, "background") else { return passing() }
                return each(.background(background, alignment: alignment.engine))
            }
            // Behind the root, a background that ignores the safe area covers the whole screen.
            let (lowered, ignoresSafeArea) = graph.lowerBackground(at: path + "/background") {
                one(view, "background")
            }
            guard let background = lowered else { return passing() }
            guard ignoresSafeArea else { return each(.background(background, alignment: alignment.engine)) }
            graph.rootBackdrop = background
            return passing()
        case .backgroundStyle(let style):
            // SwiftUI extends a style's background into the safe area only on the edges where the view meets
            // it; the layout does not know them yet, so it stays in the view's frame.
            guard let paint = style.resolved(in: environment).paint else { return passing() }
            return each(.background(.paint(paint), alignment: .center))
        case .mask(let view, let alignment):
            let mask =
                one(view, "mask") ?? ViewNode(.stack(.depth, spacing: nil, alignment: .center, children: []))
            return each(.mask(mask, alignment: alignment.engine))
        case .clipShape(let shape, let style):
            return each(.clipShape(graph.animated(shape, key: path + "/clipShape").engineShape(style)))
        case .contentShape:
            // Touches are hit-tested on the frame of the view with the gesture, which is what
            // `.contentShape(.rect)` asks for.
            return passing()
        case .opacity(let opacity):
            return each(.opacity(min(max(graph.present(opacity, key: path + "/opacity"), 0), 1)))
        case .shadow(let color, let radius, let x, let y):
            let shade = color.resolved(environment.colorScheme).value
            return each(.shadow(Shadow(color: shade, radius: Double(radius), x: Double(x), y: Double(y))))
        case .blur(let radius, let opaque):
            if opaque { graph.warn("blur(radius:opaque: true) is drawn transparent past the view's edges") }
            // A radius that is not a number, or negative, blurs nothing; a huge one is held to the engine's limit.
            // The radius animates, as SwiftUI's does.
            let shown = graph.present(radius.isFinite ? Double(radius) : 0, key: path + "/blur")
            let r = min(max(shown, 0), SceneLimits.maxShadowRadius)
            return r > 0 ? each(.blur(r)) : passing()
        case .ignoresSafeArea:
            graph.markIgnoresSafeArea(at: path)
            return passing()
        case .navigation(let change):
            if let entry = graph.navigationEntries.last { change(entry) }
            return passing()
        case .receive(let receiver):
            graph.receive(receiver, key: path + "/onReceive")
            return passing()
        case .presentation(let request):
            graph.request(request, path: path, environment)
            return passing()
        case .presentationSettings(let change):
            if let settings = graph.presentationSettings.last { change(settings) }
            return passing()
        case .tab(var settings):
            // Kept by the anchor that marks the tab; its tab view reads it (TabLowering.settings). The screen
            // background a list in the tab asks for is the tab's, taken while it shows.
            let outside = graph.rootBackground
            graph.rootBackground = nil
            let views = passing()
            settings.screenBackground = graph.rootBackground
            graph.rootBackground = outside
            let anchor = graph.anchor()
            graph.tabSettings[anchor] = settings
            return views.map { $0.modifier(.anchor(anchor)) }
        case .listRow(var settings):
            // Kept by the anchor that marks the row; the list reads and takes it off (ViewGraph.listRow). A
            // swipe's state is kept at the modifier's path.
            for index in settings.swipeActions.indices { settings.swipeActions[index].key = path }
            return graph.markListRow(settings, passing())
        case .preferredColorScheme(let scheme):
            guard let scheme else { return passing() }
            graph.preferredColorScheme = scheme
            var changed = environment
            changed.colorScheme = scheme
            return graph.engineEnvironment(graph.lower(content, path: inner, changed), from: environment, to: changed)
        case .transition(let transition):
            graph.noteTransition(transition)
            return passing()
        case .gesture(let gesture, let simultaneous, let enabled):
            let anchor = graph.anchor()
            if enabled {
                let machine = graph.gestureMachine(at: path + "/gesture", gesture: gesture)
                graph.addTarget(.gesture(machine), anchor: anchor, environment, simultaneous: simultaneous)
            }
            return each(.anchor(anchor))
        case .accessibilityHidden(let hidden):
            return each(.accessibilityHidden(.constant(hidden)))
        case .accessibilityElement(let children):
            return each(.accessibilityElement(children.engine))
        case .accessibilityLabel(let text):
            return each(.accessibilityLabel(text.string))
        case .accessibilityHint(let text):
            return each(.accessibilityHint(text.string))
        case .accessibilityValue(let text):
            return each(.accessibilityValue(text.string))
        case .accessibilityAddTraits(let traits):
            return each(.accessibilityAddTraits(AccessibilityTrait.allCases.filter { traits.traits.contains($0) }))
        case .lifecycle(let appear, let disappear):
            graph.noteLifecycle(key: path + "/lifecycle", appear: appear, disappear: disappear)
            return passing()
        case .matchedGeometry(let key, let properties, let anchor, let isSource):
            return graph.matchedGeometry(
                passing(), key: key, properties: properties, anchor: anchor, isSource: isSource, path: path)
        case .task(let watch, let priority, let action):
            graph.noteTask(key: path + "/task", id: watch, priority: priority, action)
            return passing()
        case .onChange(let watch, let initial, let action):
            if let change = graph.changedValue(watch, key: path + "/onChange"), !change.first || initial {
                let new = watch.value
                graph.pendingActions.append { action(change.old, new) }
            }
            return passing()
        case .animation(let animation, let watch):
            // Without a value (the deprecated spelling) every change inside takes the animation.
            if let watch, graph.changedValue(watch, key: path + "/animation").map({ $0.first }) ?? true {
                return passing()
            }
            return graph.evaluating(
                in: EvaluationTransaction(animation: animation?.curve, start: graph.transaction.start)
            ) { passing() }
        case .transaction(let transform):
            var transaction = Transaction()
            transaction.animation = graph.transaction.animation.map(Animation.init(curve:))
            transform(&transaction)
            let curve = transaction.disablesAnimations ? nil : transaction.animation?.curve
            return graph.evaluating(in: EvaluationTransaction(animation: curve, start: graph.transaction.start)) {
                passing()
            }
        case .tap(let count, let action):
            let anchor = graph.anchor()
            graph.addTarget(
                .tap(graph.tapRecognizer(at: path + "/tap", count: count, action: action)), anchor: anchor, environment)
            return each(.anchor(anchor))
        case .transform(let rotation, let scale, let anchor, let move):
            // The angle, the scale and the move animate, as SwiftUI's `_RotationEffect` and `_ScaleEffect` do.
            // A value that is not a number (a user's division by zero) draws as no turn, scale or move,
            // rather than reaching the rasterizer.
            let radians = graph.present(rotation.radians.finite(or: 0), key: path + "/rotation")
            let sx = graph.present(Double(scale.width).finite(or: 1), key: path + "/scaleX")
            let sy = graph.present(Double(scale.height).finite(or: 1), key: path + "/scaleY")
            let mx = graph.present(Double(move.width).finite(or: 0), key: path + "/moveX")
            let my = graph.present(Double(move.height).finite(or: 0), key: path + "/moveY")
            return each(
                .transform(
                    ViewTransform(
                        rotation: radians, scaleX: sx, scaleY: sy, anchorX: Double(anchor.x), anchorY: Double(anchor.y),
                        translateX: mx, translateY: my)))
        case .rotation3D(let angle, let axis, let anchor, let anchorZ, let perspective):
            // The angle, anchor depth and perspective animate, as `_Rotation3DEffect`'s animatable data does;
            // values that are not numbers turn nothing.
            let radians = graph.present(angle.radians.finite(or: 0), key: path + "/rotation3D")
            let depth = graph.present(Double(anchorZ).finite(or: 0), key: path + "/anchorZ")
            let nearness = graph.present(Double(perspective).finite(or: 0), key: path + "/perspective")
            let turn = Rotation3D(
                angle: radians, axisX: Double(axis.x).finite(or: 0), axisY: Double(axis.y).finite(or: 0),
                axisZ: Double(axis.z).finite(or: 0), anchorZ: depth, perspective: nearness)
            return each(
                .transform(
                    ViewTransform(anchorX: Double(anchor.x), anchorY: Double(anchor.y), rotation3D: turn)))
        case .longPress(let duration, let distance, let action, let pressingChanged):
            let anchor = graph.anchor()
            let recognizer = graph.longPressRecognizer(
                at: path + "/longPress", minimumDuration: duration, maximumDistance: distance, action: action,
                pressingChanged: pressingChanged)
            graph.addTarget(.longPress(recognizer), anchor: anchor, environment)
            return each(.anchor(anchor))
        case .accessibilityAction(let kind, let handler):
            let anchor = graph.anchor()
            graph.addAccessibilityAction(handler, anchor: anchor, environment)
            return each(.accessibilityAction(kind.name), .anchor(anchor))
        }
    }
}

extension Double {
    /// This value, or `fallback` when it is infinite or not a number.
    func finite(or fallback: Double) -> Double { isFinite ? self : fallback }
}
