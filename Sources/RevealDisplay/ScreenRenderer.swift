import Foundation
import RevealCore
import RevealRaster
import RevealText

/// Draws the screens of a sequence one after another, each by drawing again only the pixels that can
/// differ from the screen drawn before: what a changed view covered and covers now. A frame then costs
/// what changed in it, not the whole screen.
///
/// The two display lists are compared item by item (`ScreenDamage`). If they have the same shape (the same
/// views, by identity, in the same order, drawing or grouping alike), the pixels to draw again (`DamageRegion`)
/// are those of every item whose drawing or frame changed, before and after, and of every group whose effect
/// or frame changed; a canvas's own layer says what of it changed (`CanvasLayer`), and a clip growing over
/// unchanged views, the ring between its outlines. Any other change draws the whole screen. Each box is drawn
/// as the whole screen would be, cut to the box, so the frame equals one drawn whole: a shadow is cast from
/// its whole group, and when the shadow of what was drawn again reaches past the boxes, they grow and are
/// drawn again.
///
/// A box's views are placed at coordinates less the box's corner, which a double does not always round as it
/// rounds them whole, so a coverage can differ in its last bits from the whole frame's. Quantised to levels
/// (`Rasterizer.quantize`, halves nudged up) those bits no longer show: GalleryTests checks every component at
/// 1×, and the seeds at 3×.
package struct ScreenRenderer {
    private var frame: Pixmap?
    /// The list drawn last, its items' versions stamped.
    package private(set) var list: DisplayList?
    private var background: RGBAColor?
    /// How many frames this renderer drew: the version of the items that changed in the last one.
    private var version = 0
    private let retained = RetainedDrawings()
    /// The boxes the last `render` drew again; every other pixel is as the render before left it.
    package private(set) var changedBoxes: [PixelBox] = []
    /// The pixels the last `render` drew again, as a region (`changedBoxes` are its boxes).
    package private(set) var damage = DamageRegion(width: 0, height: 0)

    package init() {}

    /// The boxes the last `render` drew again, as x, y, width and height in pixels.
    package var changedAreas: [(x: Int, y: Int, width: Int, height: Int)] {
        changedBoxes.map { ($0.x, $0.y, $0.width, $0.height) }
    }

    /// The frame for `list`, drawn on `background` in a screen of `size` pixels at `scale` pixels per point:
    /// the last frame with what changed drawn again (the whole of it at first).
    package mutating func render(_ list: DisplayList, size: PixelSize, scale: Double, background: RGBAColor) throws
        -> Pixmap
    {
        let whole = PixelBox(x: 0, y: 0, width: size.width, height: size.height)
        version += 1
        var list = list
        if var kept = frame, kept.width == size.width, kept.height == size.height, self.background == background,
            let old = self.list
        {
            frame = nil  // uniquely referenced while it is drawn on
            var region = DamageRegion(width: size.width, height: size.height)
            if list.isSameList(as: old) {
                list = old
            } else if let changed = try retained.update(
                from: old, to: &list, version: version, scale: scale, screen: whole)
            {
                region = changed
            } else {
                region.add(whole)
            }
            try draw(list, in: region, scale: scale, background: background, on: &kept)
            frame = kept
        } else {
            _ = try retained.update(from: nil, to: &list, version: version, scale: scale, screen: whole)
            var fresh = try Pixmap(width: size.width, height: size.height)
            var region = DamageRegion(width: size.width, height: size.height)
            region.add(whole)
            try draw(list, in: region, scale: scale, background: background, on: &fresh)
            frame = fresh
        }
        self.list = list
        self.background = background
        return frame!
    }

    /// Draws the boxes of `region` again, adding to it and drawing again while a shadow changed. Each box starts
    /// from the screen as it stood before the first view that changed (`RetainedDrawings.snapshot`),
    /// when one is kept, and draws the views from there on.
    private mutating func draw(
        _ list: DisplayList, in region: DamageRegion, scale: Double, background: RGBAColor, on frame: inout Pixmap
    ) throws {
        var region = region
        let whole = PixelBox(x: 0, y: 0, width: frame.width, height: frame.height)
        let snapshot =
            region.isEmpty ? nil : try retained.snapshot(of: list, scale: scale, background: background, whole: whole)
        var boxes: [PixelBox] = []
        var drawn: [(PixelBox, Pixmap)] = []
        var passes = 0
        repeat {
            passes += 1
            boxes = region.boxes
            retained.widened = .empty
            for (_, part) in drawn { retained.pool.recycle(part) }
            drawn = []
            for box in boxes {
                var part = try retained.pool.transparent(width: box.width, height: box.height)
                var renderer = DisplayRenderer(scale: scale, origin: (box.x, box.y), retained: retained)
                if let snapshot {
                    part.copy(snapshot.pixels, x: -box.x, y: -box.y)
                    renderer.range = DisplayRenderer.DrawingRange(start: snapshot.position)
                } else {
                    part.fill(background.premultiplied)
                }
                try renderer.draw(list.items, into: &part)
                drawn.append((box, part))
            }
            // A shadow cast from a group drawn in several boxes changes as each box brings its alpha up to
            // date, so a box drawn before the last change saw part of the old alpha: while any shadow
            // changed, the boxes are drawn again (the alpha no longer changes the second time).
            guard !retained.widened.isEmpty, passes < 4 else { break }
            region.add(retained.widened)
        } while true
        for (box, part) in drawn {
            frame.copy(part, x: box.x, y: box.y)
            retained.pool.recycle(part)
        }
        changedBoxes = boxes
        damage = region
    }
}

/// What a `ScreenRenderer` keeps from one frame to the next, by the identities of the items it draws now:
/// canvases' layers, and shadows with the alpha they were cast from.
package final class RetainedDrawings {
    /// A shadow's effect and group box on the screen, the alpha drawn there, the shadow cast from it, and
    /// whether a frame since the last `update` drew it.
    package struct Shadow {
        let effect: RevealRaster.Shadow
        let box: PixelBox
        var alpha: Mask
        var mask: Mask
        var used = true
    }

    package var canvases: [DisplayIdentity: CanvasLayer] = [:]
    /// The memory of the boxes and layers drawn, for the next ones.
    package let pool = PixmapPool()
    /// Shadows cast, found by their effect and box rather than by view: after the tree changes shape, a
    /// group casting from the same alpha finds its shadow and is not blurred again. Kept while drawn.
    private var shadows: [Shadow] = []
    /// Groups' layers over their whole group box on the screen, with the views before the one counted
    /// `stop` drawn (`DisplayRenderer.DrawingRange`; all of them when `Int.max`): kept for a group whose views
    /// did not change while its effect did (an opacity or a clip animating) or its mask did, and for
    /// a group up to its first view that changed. A mask group's layer is its content's.
    private var layers: [DisplayIdentity: (box: PixelBox, stop: Int, pixels: Pixmap)] = [:]
    /// The groups of this frame to draw such a layer for, and up to which view.
    private var layersToKeep: [DisplayIdentity: Int] = [:]
    /// Clip groups' coverage over their whole group box, kept while the clip and the frame stay; and the
    /// clip groups of this frame that kept theirs from the frame before, to draw one for.
    private var clipMasks: [DisplayIdentity: (box: PixelBox, mask: Mask)] = [:]
    private var clipsToKeep: Set<DisplayIdentity> = []
    /// The version of the items that changed since the frame before (they, or an item inside them).
    private var version = 0
    /// The whole screen as it stood before the view counted `position` was drawn (`DisplayRenderer.DrawingRange`),
    /// kept while nothing drawn before it changes.
    private var kept: (position: Int, pixels: Pixmap)?
    /// The screen's pixels, and pixels per point.
    private var screen = PixelBox.empty
    private var scale = 1.0
    /// The count in drawing order of the first view that changed (`firstChanged`).
    private var firstChange: Int?
    /// Screen pixels whose shadow changed while a box was drawn: drawn again with it.
    package var widened = PixelBox.empty

    /// Moves what is kept from the items of `old` to those of `new`, stamps the items of `new` that changed
    /// with `version`, and brings the canvases up to date; returns the screen pixels that can differ between
    /// the two, or nil when the lists differ in shape (and then keeps nothing but the canvases, drawn afresh).
    package func update(
        from old: DisplayList?, to new: inout DisplayList, version: Int, scale: Double, screen: PixelBox
    ) throws -> DamageRegion? {
        self.screen = screen
        self.scale = scale
        self.version = version
        // Taken out of the dictionary, so that a layer brought up to date is its pixels' only owner.
        var oldCanvases = canvases
        let oldLayers = layers
        let oldClipMasks = clipMasks
        clipMasks = [:]
        clipsToKeep = []
        canvases = [:]
        shadows = shadows.filter(\.used).map { shadow in
            var shadow = shadow
            shadow.used = false
            return shadow
        }
        layers = [:]
        layersToKeep = [:]
        // A material reads what is drawn behind it: a screen with one is drawn whole.
        guard let old, ScreenDamage.sameShape(old.items, new.items), !DisplayItem.readsBehind(new.items) else {
            kept = nil
            firstChange = nil
            try addCanvases(new.items, scale: scale)
            return nil
        }
        var damage = ScreenDamage(scale: scale, screen: screen, version: version)
        var effectsChanged: [DisplayIdentity: Bool] = [:]
        try damage.compare(old.items, &new.items) { a, b, content in
            let r = DisplayRenderer(scale: scale).pixelRect(b.frame)
            guard r.width > 0, r.height > 0 else { return .empty }
            let commands = content.commands(at: Size(width: b.frame.width, height: b.frame.height))
            if var layer = oldCanvases.removeValue(forKey: a.identity), layer.width == r.width,
                layer.height == r.height,
                a.frame == b.frame
            {
                let changed = layer.update(to: commands)
                canvases[b.identity] = layer
                return PixelBox(x: r.x + changed.x, y: r.y + changed.y, width: changed.width, height: changed.height)
            }
            canvases[b.identity] = try CanvasLayer(
                width: r.width, height: r.height, scale: scale, commands: commands)
            let was = DisplayRenderer(scale: scale).pixelRect(a.frame)
            return PixelBox(x: r.x, y: r.y, width: r.width, height: r.height)
                .union(PixelBox(x: was.x, y: was.y, width: was.width, height: was.height))
        } group: { identity, effectChanged in
            effectsChanged[identity] = effectChanged
        }
        DisplayItem.forEach(in: new.items) { group in
            guard case .group = group.content else { return }
            let id = group.identity
            let effectChanged = effectsChanged[id] ?? true
            if case .group(.clip, _, _) = group.content, !effectChanged {
                if let mask = oldClipMasks[id] {
                    clipMasks[id] = mask
                } else {
                    clipsToKeep.insert(id)
                }
            }
            var position = 0
            let first = firstChanged(group.inner, position: &position)
            if let layer = oldLayers[id], layer.stop == .max ? first == nil : layer.stop <= first ?? .max {
                layers[id] = layer
            } else if first == nil, effectChanged || group.version == version {
                layersToKeep[id] = .max
            } else if let first, first > 1 {
                layersToKeep[id] = first
            }
        }
        var position = 0
        firstChange = firstChanged(new.items, position: &position)
        if let kept, let first = firstChange, kept.position > first { self.kept = nil }
        return damage.region
    }

    /// The layer kept for `item`'s group, cut to `box` (screen pixels), and the count of the view to draw
    /// on from (nil: it is whole); drawn by `draw(groupBoxOnScreen, range)` when first needed. Nil when
    /// none is kept: the group is drawn as usual.
    package func layer(
        of item: DisplayItem, box: PixelBox, draw: (PixelBox, DisplayRenderer.DrawingRange) throws -> Pixmap
    ) throws -> (pixels: Pixmap, resumeAt: Int?)? {
        let key = item.identity
        guard case .group(let effect, _, _) = item.content else { return nil }
        let full = DisplayRenderer(scale: scale).groupBox(effect, item: item).intersection(screen)
        if let kept = layers[key], kept.box != full { layers[key] = nil }
        if layers[key] == nil {
            guard let stop = layersToKeep[key] else { return nil }
            layers[key] = (full, stop, try draw(full, DisplayRenderer.DrawingRange(stop: stop)))
        }
        guard let kept = layers[key] else { return nil }
        let resume = kept.stop == .max ? nil : kept.stop
        if full == box { return (kept.pixels, resume) }
        var part = try Pixmap(width: box.width, height: box.height)
        part.copy(kept.pixels, x: full.x - box.x, y: full.y - box.y)
        return (part, resume)
    }

    /// The coverage of `item`'s clip cut to `box`, when it is kept (drawn over the whole group box by
    /// `draw` the first time); nil when the clip is drawn as usual.
    package func clipMask(of item: DisplayItem, box: PixelBox, draw: (PixelBox) throws -> Mask) throws -> Mask? {
        let key = item.identity
        guard case .group(let effect, _, _) = item.content else { return nil }
        let full = DisplayRenderer(scale: scale).groupBox(effect, item: item).intersection(screen)
        if let kept = clipMasks[key], kept.box != full { clipMasks[key] = nil }
        if clipMasks[key] == nil {
            guard clipsToKeep.contains(key) else { return nil }
            clipMasks[key] = (full, try draw(full))
        }
        guard let kept = clipMasks[key] else { return nil }
        if kept.box == box { return kept.mask }
        return try kept.mask.cropped(
            to: PixelBox(x: box.x - full.x, y: box.y - full.y, width: box.width, height: box.height))
    }

    /// The screen before the first view that changed, and that view's count in drawing order: kept
    /// from the frame before while no view before it changed, else drawn again (those views only).
    package func snapshot(of list: DisplayList, scale: Double, background: RGBAColor, whole: PixelBox) throws -> (
        position: Int, pixels: Pixmap
    )? {
        guard let first = firstChange, first > 1 else { return nil }
        if let kept, kept.position <= first { return kept }
        var pixels = try Pixmap(width: whole.width, height: whole.height)
        pixels.fill(background.premultiplied)
        var renderer = DisplayRenderer(scale: scale, retained: self)
        renderer.range = DisplayRenderer.DrawingRange(stop: first)
        try renderer.draw(list.items, into: &pixels)
        kept = (first, pixels)
        return kept
    }

    /// The count, in drawing order, of the first item among `items` and the items in them that draws and
    /// changed, as `DisplayRenderer` counts: drawings and groups, not the items inside a group.
    private func firstChanged(_ items: [DisplayItem], position: inout Int) -> Int? {
        for item in items {
            switch item.content {
            case .drawing(.placeholder):
                continue
            case .drawing, .group:
                position += 1
                if item.version == version { return position }
            case .transform where item.version == version:
                // Turned or scaled anew: everything inside moved, from its first item on.
                return position + 1
            case .transform(_, let inner):
                if let found = firstChanged(inner, position: &position) { return found }
            }
        }
        return nil
    }

    private func addCanvases(_ items: [DisplayItem], scale: Double) throws {
        try DisplayItem.forEach(in: items) { item in
            guard case .drawing(.canvas(let content)) = item.content else { return }
            let r = DisplayRenderer(scale: scale).pixelRect(item.frame)
            guard r.width > 0, r.height > 0 else { return }
            canvases[item.identity] = try CanvasLayer(
                width: r.width, height: r.height, scale: scale,
                commands: content.commands(at: Size(width: item.frame.width, height: item.frame.height)))
        }
    }

    /// The shadow of `item`'s group, whose layer covering `box` (screen pixels) is `layer`, cut to `box`:
    /// the alpha kept for the whole group box is brought up to date in `box`, and the shadow cast again
    /// if it changed (the pixels where the shadow changed outside `box` go to `widened`).
    package func shadow(
        of item: DisplayItem, _ effect: RevealRaster.Shadow, layer: Pixmap, at box: PixelBox, scale: Double
    ) throws -> Mask {
        let full = DisplayRenderer(scale: scale).groupBox(.shadow(effect), item: item).intersection(screen)
        var index = shadows.firstIndex { $0.effect == effect && $0.box == full }
        if index == nil {
            // New: cast from the whole group; drawn only in part, the rest is drawn with it next.
            let alpha = try Mask(width: full.width, height: full.height)
            shadows.append(Shadow(effect: effect, box: full, alpha: alpha, mask: alpha))
            index = shadows.count - 1
            if box != full { widened = widened.union(full) }
        }
        guard let k = index else { return try Mask(width: box.width, height: box.height) }
        shadows[k].used = true
        let alpha = try Compositor.alpha(of: layer)
        if shadows[k].alpha.replace(alpha, x: box.x - full.x, y: box.y - full.y) {
            let mask = try DisplayRenderer.shadowMask(of: shadows[k].alpha, effect, scale: scale)
            let changed = mask.differingBox(from: shadows[k].mask)
            widened = widened.union(
                PixelBox(x: full.x + changed.x, y: full.y + changed.y, width: changed.width, height: changed.height))
            shadows[k].mask = mask
        }
        return try shadows[k].mask.cropped(
            to: PixelBox(x: box.x - full.x, y: box.y - full.y, width: box.width, height: box.height))
    }
}

/// The comparison of two display lists of the same shape: the screen pixels their differences can reach.
package struct ScreenDamage {
    package let scale: Double
    /// The version the items that changed are stamped with.
    package let version: Int
    /// Screen pixels that can differ.
    package private(set) var region: DamageRegion

    package init(scale: Double, screen: PixelBox, version: Int) {
        self.scale = scale
        self.version = version
        region = DamageRegion(width: screen.width, height: screen.height)
    }

    /// Whether `a` and `b` hold the same views, by identity, in the same drawing order, each drawing or
    /// grouping alike, whatever their drawings, effects' values and frames.
    package static func sameShape(_ a: [DisplayItem], _ b: [DisplayItem]) -> Bool {
        guard a.count == b.count else { return false }
        return zip(a, b).allSatisfy { x, y in
            guard x.identity == y.identity else { return false }
            switch (x.content, y.content) {
            case (.drawing, .drawing):
                return true
            case (.group(let e, let p, let m), .group(let f, let q, let n)):
                return e.kind == f.kind && sameShape(p, q) && sameShape(m, n)
            case (.transform(_, let p), .transform(_, let q)):
                return sameShape(p, q)
            default:
                return false
            }
        }
    }

    /// Adds what differs between the items of `a` and of `b` (of the same shape), and stamps the items of `b`
    /// that differ, or hold one that does, with `version` (the others keep `a`'s); returns whether anything
    /// in `b` differs. `canvas` brings a canvas of `b` up to date from `a`'s and returns the screen pixels
    /// that changed; `group` is told each group's identity and whether its own effect or frame changed.
    @discardableResult
    package mutating func compare(
        _ a: [DisplayItem], _ b: inout [DisplayItem],
        canvas: (DisplayItem, DisplayItem, CanvasContent) throws -> PixelBox,
        group: (DisplayIdentity, Bool) -> Void
    ) rethrows -> Bool {
        var differs = false
        for index in b.indices where try compare(a[index], &b[index], canvas: canvas, group: group) {
            differs = true
        }
        return differs
    }

    private mutating func compare(
        _ a: DisplayItem, _ b: inout DisplayItem, canvas: (DisplayItem, DisplayItem, CanvasContent) throws -> PixelBox,
        group: (DisplayIdentity, Bool) -> Void
    ) rethrows -> Bool {
        var differs = false
        switch a.content {
        case .transform(let x, let p):
            guard case .transform(let y, _) = b.content else { return mismatch(a, &b) }
            // What changes inside a turned or scaled view is found in its own untransformed pixels; the whole
            // of the view (through both transforms) is then drawn again.
            var (q, _) = b.takeLists()
            differs = try inside(p, &q, canvas: canvas, group: group) || x != y || a.frame != b.frame
            b.content = .transform(y, q)
            if differs { addBoth(a, b) }
        case .group(let x, let p, let m):
            guard case .group(let y, _, _) = b.content else { return mismatch(a, &b) }
            var (q, n) = b.takeLists()
            if case .blur(let old) = x, case .blur(let new) = y {
                // Likewise inside a blurred view, as far as the blur reaches.
                let insideDiffers = try inside(p, &q, canvas: canvas, group: group)
                let maskDiffers = try inside(m, &n, canvas: canvas, group: group)
                differs = insideDiffers || maskDiffers || old != new || a.frame != b.frame
                b.content = .group(y, q, mask: n)
                group(b.identity, differs)
                if differs { addBoth(a, b) }
            } else {
                let insideDiffers = try compare(p, &q, canvas: canvas, group: group)
                let maskDiffers = try compare(m, &n, canvas: canvas, group: group)
                differs = insideDiffers || maskDiffers
                b.content = .group(y, q, mask: n)
                let effectChanged = a.frame != b.frame || !x.drawsLike(y, in: b.frame)
                group(b.identity, effectChanged)
                if effectChanged {
                    if case .clip(let old) = x, case .clip(let new) = y, a.frame == b.frame, !differs {
                        addClipChange(old, new, frame: b.frame, content: contentBox(b))
                    } else {
                        addBoth(a, b)
                    }
                    differs = true
                }
            }
        case .drawing(let x):
            guard case .drawing(let y) = b.content else { return mismatch(a, &b) }
            if case .canvas = x, case .canvas(let content) = y {
                let box = try canvas(a, b, content)
                if !box.isEmpty {
                    region.add(box)
                    differs = true
                }
            } else if case .pixels(let source, let old) = x, case .pixels(let shown, let new) = y, shown === source,
                a.frame == b.frame
            {
                // The same pixels brought up to date: the columns their source says changed, in each row.
                if old != new {
                    if let rows = source.changes(since: old) {
                        let r = DisplayRenderer(scale: scale).pixelRect(b.frame)
                        for (row, columns) in rows.enumerated() where row + r.y >= 0 {
                            guard let columns else { continue }
                            region.add(
                                columns.lowerBound + r.x..<columns.upperBound + r.x,
                                toBand: (row + r.y) / DamageRegion.bandHeight)
                        }
                    } else {
                        addBoth(a, b)
                    }
                    differs = true
                }
            } else if a.frame != b.frame || !x.drawsLike(y, in: b.frame) {
                addBoth(a, b)
                differs = true
            }
        }
        b.version = differs ? version : a.version
        return differs
    }

    /// Items not of the same shape (`sameShape` keeps such lists apart): both drawn again.
    private mutating func mismatch(_ a: DisplayItem, _ b: inout DisplayItem) -> Bool {
        addBoth(a, b)
        b.version = version
        return true
    }

    /// Compares the items inside a transformed or blurred view, whose own pixels are drawn again whole when
    /// any of them differs: their damage stays out of the screen's.
    private func inside(
        _ a: [DisplayItem], _ b: inout [DisplayItem],
        canvas: (DisplayItem, DisplayItem, CanvasContent) throws -> PixelBox,
        group: (DisplayIdentity, Bool) -> Void
    ) rethrows -> Bool {
        var inner = ScreenDamage(scale: scale, screen: PixelBox(x: 0, y: 0, width: 0, height: 0), version: version)
        return try inner.compare(a, &b, canvas: canvas, group: group)
    }

    private mutating func addBoth(_ a: DisplayItem, _ b: DisplayItem) {
        region.add(contentBox(a))
        region.add(contentBox(b))
    }

    /// The screen pixels an item and the items in it draw on.
    private func contentBox(_ item: DisplayItem) -> PixelBox {
        let r = DisplayRenderer(scale: scale)
        let frame = item.frame
        switch item.content {
        case .drawing(let drawing):
            let path: PixelPath
            switch drawing {
            case .none, .placeholder: return .empty
            case .pixels(let source, _):
                let p = r.pixelRect(frame)
                return PixelBox(x: p.x, y: p.y, width: source.pixels.width, height: source.pixels.height)
            case .paint: path = r.path(.rectangle, in: frame)
            case .shape(let shape, _): path = r.path(shape, in: frame)
            case .text(let block, _): path = r.textPath(block, frame: frame)
            case .symbol(let symbol, let unit, _):
                path = r.symbolPaths(symbol, r.symbolPlacement(symbol, unit: unit, frame: frame)).covered
            case .canvas:
                let p = r.pixelRect(frame)
                return PixelBox(x: p.x, y: p.y, width: p.width, height: p.height)
            }
            return pixelBox(path.bounds)
        case .group(let effect, let items, _):
            switch effect {
            case .shadow: return r.groupBox(effect, item: item)
            case .blur(let sigma): return union(items).expanded(by: DisplayRenderer.blurReach(sigma, scale: scale))
            case .clip: return union(items).intersection(r.groupBox(effect, item: item))
            case .mask, .opacity, .colorMatrix, .alphaThreshold, .blend: return union(items)
            }
        case .transform(let t, let items):
            let p = r.pixelRect(frame)
            return t.map(x: Double(p.x), y: Double(p.y), width: Double(p.width), height: Double(p.height), scale: scale)
                .bounds(of: union(items))
        }
    }

    /// Adds what changes when a group's clip goes from `old` to `new` over unchanged views in `content`:
    /// pixels outside both outlines show in neither, and pixels wholly inside both show alike. With two
    /// convex outlines that leaves a ring in each band of rows; otherwise the box around both.
    private mutating func addClipChange(_ old: ShapeKind, _ new: ShapeKind, frame: Rect, content: PixelBox) {
        let r = DisplayRenderer(scale: scale)
        let (a, b) = (r.path(old, in: frame), r.path(new, in: frame))
        let height = DamageRegion.bandHeight
        guard let spansA = a.isEmpty ? [:] : a.convexSpans(bandHeight: height),
            let spansB = b.isEmpty ? [:] : b.convexSpans(bandHeight: height)
        else {
            region.add(content.intersection(pixelBox(a.bounds).union(pixelBox(b.bounds))))
            return
        }
        let columns = content.columns
        for band in Set(spansA.keys).union(spansB.keys) {
            let rows = band * height..<(band + 1) * height
            guard rows.overlaps(content.rows) else { continue }
            let (x, y) = (spansA[band], spansB[band])
            let touched = [x?.touched, y?.touched].compactMap { $0 }.reduce(nil as Range<Int>?) { hull, span in
                hull.map { min($0.lowerBound, span.lowerBound)..<max($0.upperBound, span.upperBound) } ?? span
            }!
            let kept = x.flatMap { x in y.map { x.covered.clamped(to: $0.covered) } } ?? 0..<0
            if kept.isEmpty {
                region.add(touched.clamped(to: columns), toBand: band)
            } else {
                region.add(
                    (touched.lowerBound..<max(kept.lowerBound, touched.lowerBound)).clamped(to: columns), toBand: band)
                region.add(
                    (min(kept.upperBound, touched.upperBound)..<touched.upperBound).clamped(to: columns), toBand: band)
            }
        }
    }

    /// The pixels a path's bounds (screen pixels) reach, with one to spare on each side.
    private func pixelBox(_ bounds: (minX: Double, minY: Double, maxX: Double, maxY: Double)?) -> PixelBox {
        guard let bounds, bounds.minX.isFinite, bounds.minY.isFinite, bounds.maxX.isFinite, bounds.maxY.isFinite else {
            return .empty
        }
        let x0 = Int(max(bounds.minX, -1e9).rounded(.down)) - 1
        let y0 = Int(max(bounds.minY, -1e9).rounded(.down)) - 1
        return PixelBox(
            x: x0, y: y0, width: Int(min(bounds.maxX, 1e9).rounded(.up)) + 1 - x0,
            height: Int(min(bounds.maxY, 1e9).rounded(.up)) + 1 - y0)
    }

    private func union(_ items: [DisplayItem]) -> PixelBox {
        items.reduce(PixelBox.empty) { $0.union(contentBox($1)) }
    }
}

extension Drawing {
    /// Whether the two draw the same pixels in `frame` (canvases aside: their layers compare their commands).
    package func drawsLike(_ other: Drawing, in frame: Rect) -> Bool {
        switch (self, other) {
        case (.none, .none), (.placeholder, .placeholder): return true
        case (.pixels(let s, let a), .pixels(let t, let b)): return s === t && a == b
        case (.paint(let a), .paint(let b)): return a == b
        case (.shape(let s, let a), .shape(let t, let b)): return a == b && s.drawsLike(t, in: frame)
        case (.text(let s, let a), .text(let t, let b)): return a == b && s.setsLike(t)
        case (.symbol(let s, let u, let a), .symbol(let t, let v, let b)): return s.name == t.name && u == v && a == b
        default: return false
        }
    }
}

extension GroupEffect {
    /// The effect's case, whatever its values.
    package var kind: Int {
        switch self {
        case .opacity: return 0
        case .clip: return 1
        case .shadow: return 2
        case .mask: return 3
        case .blur: return 4
        case .colorMatrix: return 5
        case .blend: return 6
        case .alphaThreshold: return 7
        }
    }

    /// Whether the two have the same effect on a group in `frame`.
    package func drawsLike(_ other: GroupEffect, in frame: Rect) -> Bool {
        switch (self, other) {
        case (.opacity(let a), .opacity(let b)): return a == b
        case (.clip(let a), .clip(let b)): return a.drawsLike(b, in: frame)
        case (.shadow(let a), .shadow(let b)): return a == b
        case (.mask, .mask): return true
        case (.blur(let a), .blur(let b)): return a == b
        case (.colorMatrix(let a), .colorMatrix(let b)): return a == b
        case (.alphaThreshold(let a), .alphaThreshold(let b)): return a == b
        case (.blend(let a), .blend(let b)): return a == b
        default: return false
        }
    }
}

extension ShapeKind {
    /// Whether the two outline the same path in `frame`: a front end's shapes compare their outlines there.
    package func drawsLike(_ other: ShapeKind, in frame: Rect) -> Bool {
        if case .outline(let a) = self, case .outline(let b) = other {
            let rect = Rect(x: 0, y: 0, width: frame.width, height: frame.height)
            return a == b || a.outline(in: rect) == b.outline(in: rect)
        }
        return self == other
    }
}

extension TextBlock {
    /// Whether the two set the same glyphs the same way in any frame.
    package func setsLike(_ other: TextBlock) -> Bool {
        self === other
            || (runs == other.runs && lineLimit == other.lineLimit && alignment == other.alignment
                && minimumScaleFactor == other.minimumScaleFactor && lineSpacing == other.lineSpacing
                && redacted == other.redacted && scale == other.scale)
    }
}

extension Mask {
    /// Replaces the pixels at (x, y) with `source`'s (cut to this mask); returns whether any changed.
    package mutating func replace(_ source: Mask, x: Int, y: Int) -> Bool {
        var changed = false
        let rows = max(0, -y)..<max(min(source.height, height - y), max(0, -y))
        let columns = max(0, -x)..<max(min(source.width, width - x), max(0, -x))
        guard !rows.isEmpty, !columns.isEmpty else { return false }
        let (width, sourceWidth, count) = (width, source.width, columns.count)
        source.bytes.withUnsafeBufferPointer { src in
            bytes.withUnsafeMutableBufferPointer { dst in
                guard let s = src.baseAddress, let d = dst.baseAddress else { return }
                for row in rows {
                    let from = s + row * sourceWidth + columns.lowerBound
                    let to = d + (row + y) * width + x + columns.lowerBound
                    if !changed, memcmp(from, to, count) != 0 { changed = true }
                    to.update(from: from, count: count)
                }
            }
        }
        return changed
    }

    /// The smallest box holding every pixel that differs from `other` (of the same size); empty when none do.
    package func differingBox(from other: Mask) -> PixelBox {
        guard other.width == width, other.height == height else {
            return PixelBox(x: 0, y: 0, width: width, height: height)
        }
        var box = PixelBox.empty
        for row in 0..<height {
            let line = row * width..<(row + 1) * width
            guard !bytes[line].elementsEqual(other.bytes[line]) else { continue }
            var first = line.lowerBound
            while bytes[first] == other.bytes[first] { first += 1 }
            var last = line.upperBound - 1
            while bytes[last] == other.bytes[last] { last -= 1 }
            box = box.union(PixelBox(x: first - line.lowerBound, y: row, width: last - first + 1, height: 1))
        }
        return box
    }

    /// The pixels of `box` (cut to the mask), as a mask of the box's size.
    package func cropped(to box: PixelBox) throws -> Mask {
        var result = try Mask(width: max(box.width, 0), height: max(box.height, 0))
        _ = result.replace(self, x: -box.x, y: -box.y)
        return result
    }
}
