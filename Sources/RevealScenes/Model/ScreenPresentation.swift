import RevealCore
import RevealDisplay
import RevealLayout
import RevealOutput
import RevealRaster
import RevealText

/// The effect's frames drawn into its screen: what the screen draws under the effect, the effect
/// through its own clip shape, shadow and opacity, and what the screen draws over it.
///
/// What lies under the effect is drawn once per state (the `when` conditions) and kept; from one frame to
/// the next only the rows where the effect changed are drawn again, unless the state or the effect's
/// alpha (which the shadow follows) changed. The views over the effect are drawn straight onto the frame
/// where it changed, as a screen draws them (`ViewScreen`): a layer of them composited instead rounds
/// their antialiased edges a level apart from the seeds' own code.
package struct ScreenPresentation<Base: FrameSequence>: FrameSequence, ChangedRowsReporting {
    package private(set) var base: Base
    package let screen: Screen
    package let fonts: FontFiles
    package let conditions: @Sendable (Int) -> ViewConditions
    package let pixelWidth: Int
    package let pixelHeight: Int
    /// The screen as drawn for the last state: its layout and layers.
    private var state: (key: ViewConditions, layout: ScreenLayout, layers: Layers)?
    private var drawn: (frame: Pixmap, effect: Pixmap)?
    private var shadow: Mask?
    /// The screen rows the last `render` drew again.
    package private(set) var lastChangedRows: Range<Int>

    /// One state's screen, drawn under the effect, and where the effect goes.
    package struct Layers {
        var under: Pixmap
        /// Where the views over the effect draw, in any state so far (empty: nothing over the effect).
        var overBox: PixelBox
        let x: Int, y: Int
        /// The effect's clip shapes and opacity as one mask of its size (nil: neither).
        let mask: Mask?
        let shadow: Shadow?
        let opacity: Double
    }

    package init(
        _ base: Base, screen: Screen, fonts: FontFiles, conditions: @escaping @Sendable (Int) -> ViewConditions
    ) {
        self.base = base
        self.screen = screen
        self.fonts = fonts
        self.conditions = conditions
        let size = screen.pixelSize(scale: base.scale)
        pixelWidth = size.width
        pixelHeight = size.height
        lastChangedRows = 0..<size.height
    }

    package var scale: Double { base.scale }
    package var fps: Double { base.fps }
    package var frameCount: Int { base.frameCount }
    package var summary: [(String, FrameMetadata)] { base.summary }

    package func metadata(frame index: Int) -> [(String, FrameMetadata)] { base.metadata(frame: index) }

    package func frame(_ index: Int, looksLike other: Int) -> Bool {
        base.frame(index, looksLike: other) && conditions(index) == conditions(other)
    }

    /// The layers for `key`: drawn whole the first time, then, as the state changes, redrawn only
    /// where the state can change them (the `when` views and whatever moved).
    private mutating func layers(for key: ViewConditions) throws -> (
        layers: Layers, layout: ScreenLayout, changed: PixelBox
    ) {
        if let state, state.key == key { return (state.layers, state.layout, .empty) }
        let layout = try ScreenLayout(screen, fonts: fonts, scale: scale, conditions: key)
        let whole = PixelBox(x: 0, y: 0, width: pixelWidth, height: pixelHeight)
        var layers: Layers
        var changed = whole
        if var previous = state, previous.layout.effectFrame == layout.effectFrame {
            changed = ScreenPresentation.changes(previous.layout.root, layout.root, scale: scale).intersection(whole)
            if !changed.isEmpty {
                state = nil  // one reference to the layers, so they are updated in place

                try draw(layout, box: changed, into: &previous.layers)
            }
            layers = previous.layers
        } else {
            layers = try makeLayers(layout)
            try draw(layout, box: whole, into: &layers)
        }
        state = (key, layout, layers)
        return (layers, layout, changed)
    }

    /// Draws `box` of the screen in `layout` under the effect, replacing what was there, and notes where
    /// the views over it draw.
    private func draw(_ layout: ScreenLayout, box: PixelBox, into layers: inout Layers) throws {
        var builder = ViewTreeBuilder(fonts: fonts, scale: scale)
        let background = try builder.build(screen.background.view)
        ViewLayout.place(background, in: Size(width: Double(pixelWidth) / scale, height: Double(pixelHeight) / scale))
        var under = try Pixmap(width: box.width, height: box.height)
        var painter = DisplayRenderer(scale: scale, origin: (box.x, box.y))
        try painter.draw(background.displayList.items, into: &under)
        try painter.draw(layout.displayList.under, into: &under)
        layers.under.copy(under, x: box.x, y: box.y)
        var over = try Pixmap(width: box.width, height: box.height)
        painter = DisplayRenderer(scale: scale, origin: (box.x, box.y))
        try painter.draw(layout.displayList.over, into: &over)
        layers.overBox = layers.overBox.union(painter.drawn.intersection(box))
    }

    /// The screen pixels that can differ between two layouts of one screen: every view whose frame
    /// moved, and everything inside a `when`, in both; with room for shadows and blur around them.
    package static func changes(_ a: LayoutNode, _ b: LayoutNode, scale: Double) -> PixelBox {
        var frames: [[Int]: (Rect, Bool)] = [:]
        var box = PixelBox.empty
        let renderer = DisplayRenderer(scale: scale)
        func pixels(_ r: Rect) -> PixelBox {
            let p = renderer.pixelRect(r)
            return PixelBox(x: p.x, y: p.y, width: p.width, height: p.height)
        }
        func walk(_ node: LayoutNode, _ path: [Int], inWhen: Bool, record: Bool) {
            let inside = inWhen || node.name == "when"
            if record {
                frames[path] = (node.frame, inside)
            } else if let (frame, wasInside) = frames.removeValue(forKey: path), frame == node.frame, !inside,
                !wasInside
            {
                // Unchanged.
            } else {
                box = box.union(pixels(node.frame))
                if let (frame, _) = frames[path] { box = box.union(pixels(frame)) }
            }
            if inside && record { box = box.union(pixels(node.frame)) }
            for (i, child) in node.children.enumerated() { walk(child, path + [i], inWhen: inside, record: record) }
        }
        walk(a, [], inWhen: false, record: true)
        walk(b, [], inWhen: false, record: false)
        // Views of the first layout with no counterpart.
        for (frame, _) in frames.values { box = box.union(pixels(frame)) }
        guard !box.isEmpty else { return box }
        // Room for what a view draws past its frame: a shadow's offset and blur, antialiasing.
        var reach = 2.0
        b.visit { node, _ in
            if case .group(.shadow(let s)) = node.role {
                reach = max(reach, 3 * s.radius / 2 + max(abs(s.x), abs(s.y)) + 2)
            }
        }
        return box.expanded(by: PixelSize.pixels(reach * scale) + 2)
    }

    private func makeLayers(_ layout: ScreenLayout) throws -> Layers {
        let renderer = DisplayRenderer(scale: scale)
        let origin = renderer.pixelRect(layout.effectFrame)
        var mask: Mask?
        var shadow: Shadow?
        var opacity = 1.0
        var rasterizer = Rasterizer()
        // The effect's own pixels start at its rounded origin: its clip shapes are drawn in its frame there.
        let local = Rect(x: 0, y: 0, width: layout.effectFrame.width, height: layout.effectFrame.height)
        for group in layout.effectGroups {
            switch group {
            case .clip(let shape):
                var clip = try Mask(width: base.pixelWidth, height: base.pixelHeight)
                rasterizer.fill(renderer.path(shape, in: local), into: &clip, rows: RowRange(0, clip.height))
                if let previous = mask {
                    for i in clip.bytes.indices {
                        clip.bytes[i] = UInt8(Compositor.multiply(UInt32(clip.bytes[i]), UInt32(previous.bytes[i])))
                    }
                }
                mask = clip
            case .shadow(let s): shadow = s
            case .opacity(let o): opacity = o
            case .mask, .blur, .colorMatrix, .blend: break  // validation keeps these off the effect
            }
        }
        if opacity < 1 {
            var faded = try mask ?? Mask(width: base.pixelWidth, height: base.pixelHeight, value: 255)
            let level = UInt32(RGBAColor.level(opacity))
            for i in faded.bytes.indices { faded.bytes[i] = UInt8(Compositor.multiply(UInt32(faded.bytes[i]), level)) }
            mask = faded
        }
        return Layers(
            under: try Pixmap(width: pixelWidth, height: pixelHeight), overBox: .empty, x: origin.x, y: origin.y,
            mask: mask, shadow: shadow, opacity: opacity)
    }

    package mutating func render(frame index: Int) throws -> Pixmap {
        let key = conditions(index)
        let (layers, layout, changedBox) = try layers(for: key)
        let effect = try base.render(frame: index)
        let whole = PixelBox(x: 0, y: 0, width: pixelWidth, height: pixelHeight)
        lastChangedRows = 0..<pixelHeight
        guard var (out, last) = drawn else {
            var out = layers.under.ownCopy()
            try drawShadow(layers, effect: effect)
            for y in 0..<pixelHeight { draw(screenRow: y, columns: 0..<pixelWidth, layers, effect: effect, into: &out) }
            try drawOver(whole, layers, layout, effect: effect, into: &out)
            drawn = (out, effect.ownCopy())
            return out
        }
        drawn = nil  // one reference to each buffer, so both are updated in place
        var alphaChanged = false
        let changed = last.updateSpans(
            from: effect, rows: base.rowsTheLastRenderMayHaveChanged, alphaChanged: &alphaChanged)
        if alphaChanged && layers.shadow != nil {
            try drawShadow(layers, effect: effect)
            for y in 0..<pixelHeight { draw(screenRow: y, columns: 0..<pixelWidth, layers, effect: effect, into: &out) }
            try drawOver(whole, layers, layout, effect: effect, into: &out)
        } else {
            // Only what changed: the part of the screen a change of state redrew, and the pixels
            // where the effect changed.
            for y in changedBox.rows {
                draw(screenRow: y, columns: changedBox.columns, layers, effect: effect, into: &out)
            }
            var rows = RowRange(changedBox.rows)
            var redrawn = changedBox
            for (row, span) in changed.enumerated() {
                guard let span else { continue }
                draw(
                    screenRow: row + layers.y, columns: span.lowerBound + layers.x..<span.upperBound + layers.x,
                    layers, effect: effect, into: &out)
                rows = rows.union(RowRange(row + layers.y, row + layers.y + 1))
                redrawn = redrawn.union(
                    PixelBox(x: span.lowerBound + layers.x, y: row + layers.y, width: span.count, height: 1))
            }
            let over = redrawn.intersection(layers.overBox).intersection(whole)
            try drawOver(over, layers, layout, effect: effect, into: &out)
            if !over.isEmpty { rows = rows.union(RowRange(over.rows)) }
            rows = rows.clamped(to: pixelHeight)
            lastChangedRows = rows.lower..<rows.upper
        }
        drawn = (out, last)
        return out
    }

    /// Redraws `columns` of screen row `y`: the under layer, the shadow and the effect where it lies.
    private func draw(screenRow y: Int, columns: Range<Int>, _ layers: Layers, effect: Pixmap, into out: inout Pixmap) {
        guard y >= 0, y < pixelHeight, !columns.isEmpty else { return }
        out.copy(layers.under, x: 0, y: 0, rows: y..<y + 1, columns: columns)
        if let shadow, let s = layers.shadow {
            Compositor.fill(
                s.color.opacity(layers.opacity).premultiplied, mask: shadow, row: y, columns: columns, onto: &out)
        }
        let effectColumns = (columns.lowerBound - layers.x)..<(columns.upperBound - layers.x)
        Compositor.drawSpan(
            effect, row: y - layers.y, columns: effectColumns, mask: layers.mask, opacity: 255,
            onto: &out, x: layers.x, y: layers.y)
    }

    /// Draws the part of `box` where views lie over the effect again: under, shadow and effect, then those
    /// views straight onto it.
    private func drawOver(
        _ box: PixelBox, _ layers: Layers, _ layout: ScreenLayout, effect: Pixmap, into out: inout Pixmap
    ) throws {
        let box = box.intersection(layers.overBox)
        guard !box.isEmpty else { return }
        for y in box.rows { draw(screenRow: y, columns: box.columns, layers, effect: effect, into: &out) }
        var part = try Pixmap(width: box.width, height: box.height)
        part.copy(out, x: -box.x, y: -box.y)
        var painter = DisplayRenderer(scale: scale, origin: (box.x, box.y))
        try painter.draw(layout.displayList.over, into: &part)
        out.copy(part, x: box.x, y: box.y)
    }

    /// The shadow's mask: the alpha of the effect as drawn (clipped), moved and blurred.
    private mutating func drawShadow(_ layers: Layers, effect: Pixmap) throws {
        guard let s = layers.shadow else {
            shadow = nil
            return
        }
        var shown = try Pixmap(width: pixelWidth, height: pixelHeight)
        Compositor.draw(effect, mask: layers.mask, onto: &shown, x: layers.x, y: layers.y)
        shadow = try DisplayRenderer.shadowMask(of: Compositor.alpha(of: shown), s, scale: scale)
    }

}
