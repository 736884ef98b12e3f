import Foundation
import RevealCore
import RevealRaster
import RevealText

/// Draws a display list into a pixmap: shapes, text and symbols filled by the exact-area rasterizer with
/// their paint; opacity, clip shapes and shadows applied to each group's pixels as a layer, as SwiftUI's
/// display list does.
///
/// Frames are in points; their origins and sizes are rounded to the nearest pixel (SwiftUI aligns view frames to
/// the pixel grid of the display's scale), while glyphs and symbols keep their exact positions in
/// their frame, as Core Text positions glyphs.
package struct DisplayRenderer {
    package let scale: Double
    /// Where the canvas's top-left pixel is on the screen: a canvas may hold only part of it.
    package let origin: (x: Int, y: Int)
    private var rasterizer = Rasterizer()
    /// The screen pixels drawn on so far (before clipping to the canvas).
    package private(set) var drawn = PixelBox.empty
    /// What a `ScreenRenderer` keeps from the frame before (canvases, group layers, clips, shadows), when one draws.
    private let retainedDrawings: RetainedDrawings?
    /// The turn and scale (`ViewTransform`s) of the views around, in screen pixels; nil when there are none.
    package private(set) var transform: PlaneTransform?

    package init(
        scale: Double, origin: (x: Int, y: Int) = (0, 0), retained: RetainedDrawings? = nil,
        transform: PlaneTransform? = nil
    ) {
        self.scale = scale
        self.origin = origin
        self.retainedDrawings = retained
        self.transform = transform
    }

    /// Where layers' memory comes from and goes back to, when a `ScreenRenderer` draws.
    private var pool: PixmapPool? { retainedDrawings?.pool }

    /// What is kept from the frame before, outside transformed views: what they draw is drawn again each
    /// time (`ScreenDamage` redraws the whole of a transformed view that changed).
    package var retained: RetainedDrawings? { transform == nil ? retainedDrawings : nil }

    /// A transparent `width`×`height` pixmap with `list` drawn on it.
    package static func render(_ list: DisplayList, width: Int, height: Int, scale: Double) throws -> Pixmap {
        var canvas = try Pixmap(width: width, height: height)
        var renderer = DisplayRenderer(scale: scale)
        try renderer.draw(list.items, into: &canvas)
        return canvas
    }

    /// Where a `ScreenRenderer` starts and stops drawing a screen: the items that draw (drawings and groups)
    /// are counted in drawing order at the screen's level (not inside a group's layer); those before
    /// `start` are already in the pixels the canvas starts from, and those from `stop` on are left out.
    package struct DrawingRange {
        var start = 1
        var stop = Int.max
        /// The count of the view being drawn.
        fileprivate(set) var position = 0
    }
    /// Set on a screen's renderer only.
    package var range: DrawingRange?

    /// Counts a view that draws; whether it is in `range`.
    private mutating func inRange() -> Bool {
        guard range != nil else { return true }
        range!.position += 1
        return range!.position >= range!.start && range!.position < range!.stop
    }

    /// Draws `items` in order.
    package mutating func draw(_ items: [DisplayItem], into canvas: inout Pixmap) throws {
        for item in items { try draw(item, into: &canvas) }
    }

    package mutating func draw(_ item: DisplayItem, into canvas: inout Pixmap) throws {
        switch item.content {
        case .drawing(let content):
            // A placeholder is not counted: it draws nothing, whatever a front end puts there.
            if case .placeholder = content { return }
            guard inRange() else { return }
            try drawLeaf(content, item: item, into: &canvas)
        case .group(let effect, let views, let maskViews):
            guard inRange() else { return }
            // The group is drawn into a layer just big enough (its frame, and room for a shadow's blur
            // and offset), then applied and composited.
            var box = groupBox(effect, item: item)
            if case .blur(let sigma) = effect {
                // Blurred whole wherever a part of it is drawn: the blur of a part differs near its edges. A
                // view past any screen's size is blurred around the part drawn.
                let area = PixelBox(x: origin.x, y: origin.y, width: canvas.width, height: canvas.height)
                guard !box.intersection(area).isEmpty else { return }
                if box.width > 4096 || box.height > 4096 {
                    box = box.intersection(area.expanded(by: DisplayRenderer.blurReach(sigma, scale: scale)))
                }
            } else {
                box = box.intersection(PixelBox(x: origin.x, y: origin.y, width: canvas.width, height: canvas.height))
            }
            guard !box.isEmpty else { return }
            var layer: Pixmap
            // A layer made here goes back to the pool once applied; a kept one stays with what keeps it.
            var made = false
            if let kept = try retained?.layer(
                of: item, box: box,
                draw: { full, range in
                    var whole = try Pixmap(width: full.width, height: full.height)
                    var inner = DisplayRenderer(
                        scale: scale, origin: (full.x, full.y), retained: retained, transform: transform)
                    inner.range = range
                    try inner.draw(views, into: &whole)
                    return whole
                })
            {
                // Kept from the frame before: the whole layer, or the layer up to the first view that
                // changed, the rest drawn on it.
                layer = kept.pixels
                if let start = kept.resumeAt {
                    var inner = DisplayRenderer(
                        scale: scale, origin: (box.x, box.y), retained: retained, transform: transform)
                    inner.range = DrawingRange(start: start)
                    try inner.draw(views, into: &layer)
                }
                drawn = drawn.union(box)
            } else {
                layer =
                    try pool?.transparent(width: box.width, height: box.height)
                    ?? Pixmap(width: box.width, height: box.height)
                made = true
                var inner = DisplayRenderer(
                    scale: scale, origin: (box.x, box.y), retained: retained, transform: transform)
                try inner.draw(views, into: &layer)
                drawn = drawn.union(inner.drawn.intersection(box))
            }
            if case .mask = effect {
                // The mask view into a layer of the box; its alpha scales the content.
                var maskLayer = try Pixmap(width: box.width, height: box.height)
                var maskRenderer = DisplayRenderer(
                    scale: scale, origin: (box.x, box.y), retained: retained, transform: transform)
                try maskRenderer.draw(maskViews, into: &maskLayer)
                let mask = try Compositor.alpha(of: maskLayer)
                Compositor.draw(layer, mask: mask, onto: &canvas, x: box.x - origin.x, y: box.y - origin.y)
                if made { pool?.recycle(layer) }
                return
            }
            try apply(effect, item: item, layer: &layer, at: box, onto: &canvas)
            if made { pool?.recycle(layer) }
        case .transform(let t, let views):
            // Everything inside is drawn through the turn and scale, about the anchor in this view's pixels.
            let r = DisplayRenderer(scale: scale).pixelRect(item.frame)
            let local = t.map(
                x: Double(r.x), y: Double(r.y), width: Double(r.width), height: Double(r.height), scale: scale)
            let outer = transform
            transform = (outer ?? .identity).after(local)
            defer { transform = outer }
            try draw(views, into: &canvas)
        }
    }

    /// `path` (canvas pixels) through the transform of the views around, if any.
    package func transformed(_ path: PixelPath) -> PixelPath {
        guard let transform else { return path }
        let o = Point(x: Double(origin.x), y: Double(origin.y))
        return path.mapped { (transform.apply($0 + o) - o).held }
    }

    /// The screen pixels a group may draw on.
    package func groupBox(_ effect: GroupEffect, item: DisplayItem) -> PixelBox {
        let box = untransformedGroupBox(effect, item: item)
        return transform.map { $0.bounds(of: box) } ?? box
    }

    /// How far past its frame a group's content may draw when a transform inside it (a scale, a rotation)
    /// may put it anywhere: far enough for any screen, which the callers cut the box to.
    private static let unboundedReach = 8192.0

    private func untransformedGroupBox(_ effect: GroupEffect, item: DisplayItem) -> PixelBox {
        let r = DisplayRenderer(scale: scale).pixelRect(item.frame)
        let frameBox = PixelBox(x: r.x, y: r.y, width: r.width, height: r.height)
        guard case .group(_, let inner, _) = item.content else { return frameBox }
        if case .clip = effect { return frameBox }
        // Children may draw anywhere past their parent's frame (offsets, overflowing text, a scale): the
        // box holds what they reach.
        var content = frameBox
        for child in inner {
            guard let reach = child.reach else {
                content = frameBox.expanded(by: PixelSize.pixels(Self.unboundedReach * scale))
                break
            }
            let p = DisplayRenderer(scale: scale).pixelRect(reach)
            content = content.union(PixelBox(x: p.x, y: p.y, width: p.width, height: p.height).expanded(by: 1))
        }
        switch effect {
        case .clip, .opacity, .mask, .colorMatrix, .alphaThreshold, .blend:
            return content
        case .blur(let sigma):
            return content.expanded(by: DisplayRenderer.blurReach(sigma, scale: scale))
        case .shadow(let shadow):
            let reach = PixelSize.pixels(3 * shadow.radius * scale / 2 + max(abs(shadow.x), abs(shadow.y)) * scale) + 2
            return content.expanded(by: reach)
        }
    }

    private mutating func apply(
        _ effect: GroupEffect, item: DisplayItem, layer: inout Pixmap, at box: PixelBox,
        onto canvas: inout Pixmap
    ) throws {
        let frame = item.frame
        let x = box.x - origin.x
        let y = box.y - origin.y
        switch effect {
        case .opacity(let opacity):
            Compositor.draw(layer, opacity: RGBAColor.level(opacity), onto: &canvas, x: x, y: y)
        case .clip(let shape):
            let scale = scale
            func clip(_ box: PixelBox) throws -> Mask {
                let local = DisplayRenderer(scale: scale, origin: (box.x, box.y), transform: transform)
                switch local.placed(shape, in: frame) {
                case .disc(let disc):
                    return try disc.mask(width: box.width, height: box.height)
                case .outline(let path):
                    var rasterizer = Rasterizer()
                    return try rasterizer.coverage(of: local.transformed(path), width: box.width, height: box.height)
                }
            }
            let mask = try retained?.clipMask(of: item, box: box, draw: clip) ?? clip(box)
            Compositor.draw(layer, mask: mask, onto: &canvas, x: x, y: y)
        case .shadow(let shadow):
            let mask =
                try retained?.shadow(of: item, shadow, layer: layer, at: box, scale: scale)
                ?? DisplayRenderer.shadowMask(of: Compositor.alpha(of: layer), shadow, scale: scale)
            Compositor.fill(shadow.color.premultiplied, mask: mask, at: (x, y), onto: &canvas)
            Compositor.draw(layer, onto: &canvas, x: x, y: y)
        case .mask:
            break  // drawn by `draw`, which needs the mask view
        case .colorMatrix(let matrix):
            // At rest (an effect eased back to none) the layer goes through untouched.
            if !matrix.isIdentity { matrix.apply(to: &layer) }
            Compositor.draw(layer, onto: &canvas, x: x, y: y)
        case .alphaThreshold(let threshold):
            threshold.apply(to: &layer)
            Compositor.draw(layer, onto: &canvas, x: x, y: y)
        case .blend(let mode):
            Compositor.blend(layer, mode: mode, onto: &canvas, x: x, y: y)
        case .blur(let sigma):
            // Each premultiplied channel blurred alike (transparent past the layer), then the part on the
            // canvas drawn.
            layer = try DisplayRenderer.blurred(layer, sigma: sigma * scale)
            let onCanvas = box.intersection(
                PixelBox(x: origin.x, y: origin.y, width: canvas.width, height: canvas.height))
            guard !onCanvas.isEmpty else { return }
            var part = try Pixmap(width: onCanvas.width, height: onCanvas.height)
            part.copy(layer, x: box.x - onCanvas.x, y: box.y - onCanvas.y)
            Compositor.draw(part, onto: &canvas, x: onCanvas.x - origin.x, y: onCanvas.y - origin.y)
        }
    }

    /// How far a blur of standard deviation `sigma` points reaches, in pixels: three deviations.
    package static func blurReach(_ sigma: Double, scale: Double) -> Int {
        PixelSize.pixels(3 * sigma * scale) + 1
    }

    /// `layer` blurred with standard deviation `sigma` pixels, each channel alike.
    package static func blurred(_ layer: Pixmap, sigma: Double) throws -> Pixmap {
        var result = layer
        for channel in 0..<4 {
            var mask = try Mask(width: layer.width, height: layer.height)
            for i in 0..<layer.width * layer.height { mask.bytes[i] = layer.bytes[i * 4 + channel] }
            let blurred = try Blur.gaussian(mask, sigma: sigma)
            for i in 0..<layer.width * layer.height { result.bytes[i * 4 + channel] = blurred.bytes[i] }
        }
        // Rounded apart, a color may come out above its alpha: held to it, as premultiplied pixels must be.
        for i in 0..<layer.width * layer.height {
            let a = result.bytes[i * 4 + 3]
            for c in 0..<3 where result.bytes[i * 4 + c] > a { result.bytes[i * 4 + c] = a }
        }
        return result
    }

    /// SwiftUI's shadow: the alpha of what is drawn, moved by (x, y) points (rounded to whole pixels)
    /// and blurred with standard deviation radius / 2.
    package static func shadowMask(of alpha: Mask, _ shadow: Shadow, scale: Double) throws -> Mask {
        var mask = try Mask(width: alpha.width, height: alpha.height)
        let dx = PixelSize.pixels(abs(shadow.x * scale)) * (shadow.x < 0 ? -1 : 1)
        let dy = PixelSize.pixels(abs(shadow.y * scale)) * (shadow.y < 0 ? -1 : 1)
        let width = alpha.width
        for y in 0..<alpha.height {
            let sy = y - dy
            guard sy >= 0, sy < alpha.height else { continue }
            for x in max(0, dx)..<min(width, width + dx) {
                mask.bytes[y * width + x] = alpha.bytes[sy * width + x - dx]
            }
        }
        return try Blur.gaussian(mask, sigma: shadow.radius * scale / 2)
    }

    private mutating func drawLeaf(_ content: Drawing, item: DisplayItem, into canvas: inout Pixmap) throws {
        let frame = item.frame
        if transform == nil, let reach = reach(of: content, frame: frame),
            reach.intersection(PixelBox(x: 0, y: 0, width: canvas.width, height: canvas.height)).isEmpty
        {
            return  // wholly off the canvas (a box of a screen drawn again): not even outlined
        }
        switch content {
        case .none, .placeholder:
            return
        case .paint(let paint):
            try fill(path(.rectangle, in: frame), with: paint, frame: frame, into: &canvas)
        case .shape(.symbol(let symbol), let paint):
            try fill(symbol, symbolFitting(symbol, in: frame), with: paint, frame: frame, into: &canvas)
        case .shape(let shape, let paint):
            switch placed(shape, in: frame) {
            case .disc(let disc):
                // Its bounding square stands for it: only its bounds are read, the coverage is the disc's.
                var square = PixelPath()
                square.addRect(
                    x: disc.center.x - disc.radius, y: disc.center.y - disc.radius, width: 2 * disc.radius,
                    height: 2 * disc.radius)
                try fill(square, with: paint, frame: frame, into: &canvas, disc: disc)
            case .outline(let path):
                try fill(path, with: paint, frame: frame, into: &canvas)
            }
        case .text(let block, let paint):
            for layer in textLayers(block, frame: frame) {
                let chosen = layer.paint ?? paint
                try fill(
                    layer.path, with: block.redacted ? Redaction.paint(chosen) : chosen, frame: layer.frame ?? frame,
                    into: &canvas)
            }
        case .symbol(let symbol, let unit, let paint):
            try fill(
                symbol, symbolPlacement(symbol, unit: unit, frame: frame), with: paint, frame: frame, into: &canvas)
        case .canvas(let content):
            try drawCanvas(content, item: item, into: &canvas)
        case .pixels(let source, _):
            let r = pixelRect(frame)
            try drawLayer(source.pixels, at: (r.x, r.y), into: &canvas)
        }
    }

    /// The canvas pixels a leaf can draw on, when known before outlining it: its frame's pixels, and for
    /// text and symbols as far again as the frame is long on every side (glyphs overhang their frame);
    /// nil for a shape of the front end's, whose outline may go anywhere.
    private func reach(of content: Drawing, frame: Rect) -> PixelBox? {
        let r = pixelRect(frame)
        let box = PixelBox(x: r.x, y: r.y, width: r.width, height: r.height)
        switch content {
        case .none, .placeholder, .canvas, .paint: return box.expanded(by: 1)
        case .shape(.outline, _): return nil
        case .shape: return box.expanded(by: 1)
        case .text, .symbol: return box.expanded(by: max(r.width, r.height) + 2)
        case .pixels(let source, _):
            return PixelBox(x: r.x, y: r.y, width: source.pixels.width, height: source.pixels.height).expanded(by: 1)
        }
    }

    /// A canvas's commands drawn in order into a layer of its frame (`CanvasLayer`, kept from the frame
    /// before when a `ScreenRenderer` draws), then source-over onto the canvas: a `.destinationOut` command
    /// erases only what the canvas itself drew, as in SwiftUI's `Canvas`.
    private mutating func drawCanvas(_ content: CanvasContent, item: DisplayItem, into canvas: inout Pixmap) throws {
        let frame = item.frame
        let r = pixelRect(frame)
        guard r.width > 0, r.height > 0 else { return }
        let layer =
            try retained?.canvases[item.identity]?.pixels
            ?? CanvasLayer(
                width: r.width, height: r.height, scale: scale,
                commands: content.commands(at: Size(width: frame.width, height: frame.height))
            ).pixels
        try drawLayer(layer, at: (r.x, r.y), into: &canvas)
    }

    /// Source-over of `layer` with its top-left pixel at `position` (canvas pixels); turned or scaled, resampled
    /// through the transform.
    private mutating func drawLayer(_ layer: Pixmap, at position: (x: Int, y: Int), into canvas: inout Pixmap) throws {
        guard layer.width > 0, layer.height > 0 else { return }
        if transform != nil {
            var outline = PixelPath()
            outline.addRect(
                x: Double(position.x), y: Double(position.y), width: Double(layer.width), height: Double(layer.height))
            try drawResampled(layer, at: position, clippedTo: outline, into: &canvas)
            return
        }
        drawn = drawn.union(
            PixelBox(x: position.x + origin.x, y: position.y + origin.y, width: layer.width, height: layer.height))
        let box = PixelBox(x: position.x, y: position.y, width: layer.width, height: layer.height)
            .intersection(PixelBox(x: 0, y: 0, width: canvas.width, height: canvas.height))
        guard !box.isEmpty else { return }
        if box.width == layer.width, box.height == layer.height {
            Compositor.draw(layer, onto: &canvas, x: position.x, y: position.y)
        } else {
            // Partly off the canvas: only the part on it.
            var part = try Pixmap(width: box.width, height: box.height)
            part.copy(layer, x: position.x - box.x, y: position.y - box.y)
            Compositor.draw(part, onto: &canvas, x: box.x, y: box.y)
        }
    }

    /// `v` pixels rounded to the nearest whole pixel, a half up. A value within a millionth of a half counts
    /// as the half: layout reaches one edge by different sums (a stack's cursor, a reader's origin) whose last
    /// bits differ, and they must land on one pixel; halves go up so that a view moved by whole pixels
    /// rounds the same (an effect drawn in its own pixmap as on the screen).
    package static func pixel(_ v: Double) -> Int {
        // Not a number (a front end's frame of .nan): the origin; infinite: as far as a pixel goes.
        guard v.isFinite else { return v.isNaN ? 0 : (v > 0 ? 1_000_000_000 : -1_000_000_000) }
        let half = (v - 0.5).rounded() + 0.5
        let snapped = abs(v - half) < 1e-6 ? half : v
        return Int(max(min((snapped + 0.5).rounded(.down), 1e9), -1e9))
    }

    /// The frame's pixel rectangle on the canvas: its origin and its size each rounded to the nearest screen
    /// pixel, so a view keeps its size wherever it lands (a 240-point view at 3× is 720 pixels even when its
    /// edges fall on half pixels, as the effect's own pixmap is).
    package func pixelRect(_ frame: Rect) -> (x: Int, y: Int, width: Int, height: Int) {
        func px(_ v: Double) -> Int { DisplayRenderer.pixel(v * scale) }
        let x0 = px(frame.x)
        let y0 = px(frame.y)
        return (x0 - origin.x, y0 - origin.y, px(frame.width), px(frame.height))
    }

    /// The outline of `shape` in the frame's pixel rectangle.
    package func path(_ shape: ShapeKind, in frame: Rect) -> PixelPath {
        let r = pixelRect(frame)
        let x = Double(r.x)
        let y = Double(r.y)
        let w = Double(r.width)
        let h = Double(r.height)
        var path = PixelPath()
        guard w > 0, h > 0 else { return path }
        switch shape {
        case .rectangle:
            path.addRect(x: x, y: y, width: w, height: h)
        case .roundedRectangle(let radius, let style):
            path.addRoundedRect(
                x: x, y: y, width: w, height: h, radius: radius * scale, continuous: style == .continuous)
        case .circle:
            path.addCircle(center: Point(x: x + w / 2, y: y + h / 2), radius: min(w, h) / 2)
        case .capsule:
            path.addRoundedRect(x: x, y: y, width: w, height: h, radius: min(w, h) / 2, continuous: false)
        case .path(let data, let box):
            guard let commands = try? SVGPathData.parse(data), box.width > 0, box.height > 0 else { return path }
            // SVG's default fit: uniform scale, centred (preserveAspectRatio xMidYMid meet).
            let s = min(w / box.width, h / box.height)
            let ox = x + (w - box.width * s) / 2 - box.x * s
            let oy = y + (h - box.height * s) / 2 - box.y * s
            DisplayRenderer.append(commands, to: &path) { Point(x: ox + $0.x * s, y: oy + $0.y * s) }
        case .outline(let shape):
            return place(shape.outline(in: Rect(x: 0, y: 0, width: frame.width, height: frame.height)), in: frame)
        case .symbol(let symbol):
            return symbolPaths(symbol, symbolFitting(symbol, in: frame)).covered
        }
        return path
    }

    /// An outline in the shape's own coordinates (its frame's size, the origin at the frame's top-left
    /// pixel), flattened in canvas pixels.
    private func place(_ outline: PathOutline, in frame: Rect) -> PixelPath {
        let r = pixelRect(frame)
        let (x, y, s) = (Double(r.x), Double(r.y), scale)
        var path = PixelPath()
        outline.flatten(into: &path) { Point(x: x + $0.x * s, y: y + $0.y * s) }
        return path
    }

    /// How a shape covers its frame: as a disc, or as its outline flattened (canvas pixels).
    package enum PlacedShape {
        case disc(DiscCoverage)
        case outline(PixelPath)
    }

    /// `shape` in the frame (canvas pixels): the disc it is when it is exactly one circle and no transform turns
    /// or scales it (a `.circle`, or an outline of one circle: SwiftUI's `Circle`, `Path(ellipseIn:)` of a
    /// square), else its outline as `path(_:in:)` gives it. A disc's coverage is worked out from its closed-form
    /// area (`DiscCoverage`), as the port's circle reveal does, rather than from the chords it flattens into. An
    /// outline shape's `path(in:)` runs once for either.
    package func placed(_ shape: ShapeKind, in frame: Rect) -> PlacedShape {
        let r = pixelRect(frame)
        let (x, y, w, h) = (Double(r.x), Double(r.y), Double(r.width), Double(r.height))
        guard transform == nil, w > 0, h > 0 else { return .outline(path(shape, in: frame)) }
        switch shape {
        case .circle:
            return .disc(DiscCoverage(center: Point(x: x + w / 2, y: y + h / 2), radius: min(w, h) / 2))
        case .outline(let shape):
            let outline = shape.outline(in: Rect(x: 0, y: 0, width: frame.width, height: frame.height))
            // Placed as `place(_:in:)` places the outline: its points scaled from the frame's top-left pixel.
            if outline.elements.count == 1, case .ellipse(let e) = outline.elements[0], e.width == e.height,
                e.width != 0
            {
                return .disc(
                    DiscCoverage(
                        center: Point(x: x + (e.x + e.width / 2) * scale, y: y + (e.y + e.height / 2) * scale),
                        radius: abs(e.width) / 2 * scale))
            }
            return .outline(place(outline, in: frame))
        default:
            return .outline(path(shape, in: frame))
        }
    }

    /// Parsed path commands, mapped by `transform`, as a path.
    package static func append(_ commands: [PathCommand], to path: inout PixelPath, _ transform: (Point) -> Point) {
        for command in commands {
            switch command {
            case .move(let p): path.move(to: transform(p))
            case .line(let p): path.line(to: transform(p))
            case .cubic(let c1, let c2, let p):
                path.addCubic(to: transform(p), control1: transform(c1), control2: transform(c2))
            case .close: path.close()
            }
        }
    }

    /// Where a symbol drawn `unit` points per grid unit puts each grid point, in canvas pixels: its leading edge
    /// and top at the frame's top-left pixel.
    package func symbolPlacement(_ symbol: SymbolShape, unit: Double, frame: Rect) -> (Point) -> Point {
        let r = pixelRect(frame)
        let k = unit * scale
        return { Point(x: Double(r.x) + $0.x * k, y: Double(r.y) + ($0.y - symbol.top) * k) }
    }

    /// Where a resizable symbol puts each grid point: scaled uniformly to fit the frame and centred in it, as
    /// SVG's default fit (preserveAspectRatio xMidYMid meet).
    package func symbolFitting(_ symbol: SymbolShape, in frame: Rect) -> (Point) -> Point {
        let r = pixelRect(frame)
        let height = symbol.bottom - symbol.top
        guard symbol.width > 0, height > 0 else { return { _ in Point(x: Double(r.x), y: Double(r.y)) } }
        let s = min(Double(r.width) / symbol.width, Double(r.height) / height)
        let ox = Double(r.x) + (Double(r.width) - symbol.width * s) / 2
        let oy = Double(r.y) + (Double(r.height) - height * s) / 2 - symbol.top * s
        return { Point(x: ox + $0.x * s, y: oy + $0.y * s) }
    }

    /// A symbol's outline, cut and over, each point placed by `place` (canvas pixels); `covered` is the outline
    /// and what is drawn over it, as one path, for bounds and clips.
    package func symbolPaths(_ symbol: SymbolShape, _ place: (Point) -> Point) -> (
        outline: PixelPath, cut: PixelPath?, over: PixelPath?, covered: PixelPath
    ) {
        func flattened(_ outline: PathOutline?) -> PixelPath? {
            guard let outline else { return nil }
            var path = PixelPath()
            outline.flatten(into: &path, place)
            return path
        }
        let outline = flattened(symbol.outline) ?? PixelPath()
        let over = flattened(symbol.over)
        var covered = outline
        if let over { covered.append(over) }
        return (outline, flattened(symbol.cut), over, covered)
    }

    /// Everything the text draws, as one path (canvas pixels).
    package func textPath(_ block: TextBlock, frame: Rect) -> PixelPath {
        var path = PixelPath()
        for layer in textLayers(block, frame: frame) { path.append(layer.path) }
        return path
    }

    /// The text's glyph outlines and lines (canvas pixels), one path per run's fill and one per line drawn
    /// along a run, in drawing order; a nil paint is the foreground's. The glyphs are placed from the frame's
    /// origin snapped to whole pixels.
    package func textLayers(_ block: TextBlock, frame: Rect) -> [(paint: Paint?, path: PixelPath, frame: Rect?)] {
        let r = pixelRect(frame)
        let origin = Rect(x: Double(r.x) / scale, y: Double(r.y) / scale, width: frame.width, height: frame.height)
        if block.redacted {
            // One placeholder bar a line, in the first run's paint (the foreground's when it has none), which
            // the drawing makes faint.
            var bars = PixelPath()
            for line in block.lineBoxes(in: origin, proposal: block.proposal(for: frame)) {
                let bar = Redaction.bar(in: line)
                bars.addRoundedRect(
                    x: bar.x * scale, y: bar.y * scale, width: bar.width * scale, height: bar.height * scale,
                    radius: Redaction.cornerRadius(bar.height) * scale, continuous: true)
            }
            return [(block.runs[0].run.paint, bars, nil)]
        }
        let placed = block.placed(in: origin, proposal: block.proposal(for: frame))
        let k = placed.size / max(block.font.size, 1e-9)
        let s = scale
        var layers: [(paint: Paint?, path: PixelPath, frame: Rect?)] = []
        var path = PixelPath()
        for (i, g) in placed.glyphs.enumerated() {
            let set = block.runs[g.run]
            let em = set.font.size * k
            // A color glyph (an emoji) is its picture stretched over its box, in its own colors.
            if let image = set.instance.image(g.glyph) {
                if path.bounds != nil {
                    layers.append((block.runs[placed.glyphs[i - 1].run].run.paint, path, nil))
                    path = PixelPath()
                }
                let box = Rect(
                    x: g.x + image.x * em, y: g.y - image.top * em, width: image.width * em, height: image.height * em)
                var rect = PixelPath()
                rect.addRect(x: box.x * s, y: box.y * s, width: box.width * s, height: box.height * s)
                // Its frame for the paint is on the screen, where the glyphs' points are from this pass's origin.
                let onScreen = Rect(
                    x: box.x + Double(self.origin.x) / s, y: box.y + Double(self.origin.y) / s, width: box.width,
                    height: box.height)
                layers.append((Paint(.image(image.pixmap, .stretch)), rect, onScreen))
                continue
            }
            // Core Text slants an upright face for a missing italic; the angle is not documented, so this is
            // ours: 0.2 of the height (11.3°).
            let slant = set.slanted ? 0.2 : 0
            DisplayRenderer.appendOutline(set.instance.outline(g.glyph), to: &path) { x, y in
                Point(x: (g.x + (x + y * slant) * em) * s, y: (g.y - y * em) * s)
            }
            // A layer ends where the next glyph is filled with another paint.
            if i + 1 == placed.glyphs.count || block.runs[placed.glyphs[i + 1].run].run.paint != set.run.paint {
                layers.append((set.run.paint, path, nil))
                path = PixelPath()
            }
        }
        for line in placed.lines {
            var rect = PixelPath()
            rect.addRect(
                x: line.rect.x * s, y: line.rect.y * s, width: line.rect.width * s, height: line.rect.height * s)
            layers.append((line.color.map { Paint.color($0) } ?? block.runs[line.run].run.paint, rect, nil))
        }
        return layers
    }

    /// Appends a glyph outline (ems, y up) to `path`, each point placed by `point`; quadratic segments become
    /// the cubics that trace them exactly.
    private static func appendOutline(
        _ outline: GlyphOutline, to path: inout PixelPath, _ point: (Double, Double) -> Point
    ) {
        let c = outline.coordinates
        func at(_ k: Int) -> Point { point(c[k], c[k + 1]) }
        var k = 0
        for verb in outline.verbs {
            switch verb {
            case UInt8(ascii: "M"):
                guard k + 2 <= c.count else { return }
                path.move(to: at(k))
                k += 2
            case UInt8(ascii: "L"):
                guard k + 2 <= c.count else { return }
                path.line(to: at(k))
                k += 2
            case UInt8(ascii: "Q"):
                guard k + 4 <= c.count, let start = path.points.last else { return }
                let q = at(k)
                let end = at(k + 2)
                path.addCubic(to: end, control1: start + (q - start) * (2.0 / 3), control2: end + (q - end) * (2.0 / 3))
                k += 4
            case UInt8(ascii: "C"):
                guard k + 6 <= c.count else { return }
                path.addCubic(to: at(k + 4), control1: at(k), control2: at(k + 2))
                k += 6
            default:
                path.close()
            }
        }
    }

    /// Fills `path` (canvas pixels) with `paint` laid over the frame, source-over onto the canvas; with `disc`,
    /// the path only bounds it, and the coverage is the disc's exact area.
    /// Draws a symbol, its points placed by `place`: its outline, less its cut, with what goes over it.
    private mutating func fill(
        _ symbol: SymbolShape, _ place: (Point) -> Point, with paint: Paint, frame: Rect, into canvas: inout Pixmap
    ) throws {
        let paths = symbolPaths(symbol, place)
        guard paths.cut != nil || paths.over != nil else {
            return try fill(paths.outline, with: paint, frame: frame, into: &canvas)
        }
        try fill(
            paths.covered, with: paint, frame: frame, into: &canvas, knockout: (paths.outline, paths.cut, paths.over))
    }

    /// Fills `untransformed` (canvas pixels, before the views' transform) with `paint`. A `disc` stands in
    /// for the path's coverage when given; a `knockout` replaces it with its outline's coverage times one
    /// minus its cut's, or its over's where that is more (a symbol's knocked-out glyph, badge or slash).
    private mutating func fill(
        _ untransformed: PixelPath, with paint: Paint, frame: Rect, into canvas: inout Pixmap,
        disc: DiscCoverage? = nil,
        knockout: (outline: PixelPath, cut: PixelPath?, over: PixelPath?)? = nil
    ) throws {
        if transform != nil, paint.kind.isGradient || paint.kind.isImage {
            // A gradient is laid over the frame untransformed (past it too, where a stroke overhangs), then
            // resampled through the transform.
            let r = pixelRect(frame)
            guard r.width > 0, r.height > 0, let b = untransformed.bounds else { return }
            let x0 = Int(b.minX.rounded(.down)) - 1
            let y0 = Int(b.minY.rounded(.down)) - 1
            var region = PixelBox(
                x: x0 - r.x, y: y0 - r.y, width: Int(b.maxX.rounded(.up)) + 1 - x0,
                height: Int(b.maxY.rounded(.up)) + 1 - y0)
            if paint.kind.isImage {
                region = region.intersection(PixelBox(x: 0, y: 0, width: r.width, height: r.height))
            }
            guard !region.isEmpty, region.width <= Pixmap.maxSide, region.height <= Pixmap.maxSide else { return }
            let picture = try paint.render(width: r.width, height: r.height, region: region, scale: scale)
            try drawResampled(picture, at: (r.x + region.x, r.y + region.y), clippedTo: untransformed, into: &canvas)
            return
        }
        let path = transformed(untransformed)
        guard let bounds = path.bounds else { return }
        let x0 = max(Int(bounds.minX.rounded(.down)), 0)
        let y0 = max(Int(bounds.minY.rounded(.down)), 0)
        let x1 = min(Int(bounds.maxX.rounded(.up)), canvas.width)
        let y1 = min(Int(bounds.maxY.rounded(.up)), canvas.height)
        guard x1 > x0, y1 > y0 else { return }
        drawn = drawn.union(PixelBox(x: x0 + origin.x, y: y0 + origin.y, width: x1 - x0, height: y1 - y0))
        var local = path
        local.translate(by: Point(x: -Double(x0), y: -Double(y0)))
        func coverage(_ part: PixelPath) throws -> Mask {
            var moved = transformed(part)
            moved.translate(by: Point(x: -Double(x0), y: -Double(y0)))
            return try rasterizer.coverage(of: moved, width: x1 - x0, height: y1 - y0)
        }
        // The covered path only bounds a knockout; its own parts make the coverage.
        var mask =
            try disc.map {
                try $0.moved(by: Point(x: -Double(x0), y: -Double(y0))).mask(width: x1 - x0, height: y1 - y0)
            }
            ?? knockout.map { try coverage($0.outline) }
            ?? rasterizer.coverage(of: local, width: x1 - x0, height: y1 - y0)
        if let knockout {
            let cut = try knockout.cut.map(coverage)
            let over = try knockout.over.map(coverage)
            for i in mask.bytes.indices {
                var value = Int(mask.bytes[i])
                if let cut { value = (value * (255 - Int(cut.bytes[i])) + 127) / 255 }
                if let over { value = max(value, Int(over.bytes[i])) }
                mask.bytes[i] = UInt8(value)
            }
        }
        let r = pixelRect(frame)
        if case .color(let color) = paint.kind {
            Compositor.fill(color.opacity(paint.opacity).premultiplied, mask: mask, at: (x0, y0), onto: &canvas)
        } else if case .backdrop(let sigma, let tint) = paint.kind {
            // A material: what is already drawn around the shape (as far as the blur reaches) blurred, drawn
            // back where the shape covers, then the tint over it.
            let reach = DisplayRenderer.blurReach(sigma, scale: scale)
            let sx0 = max(x0 - reach, 0)
            let sy0 = max(y0 - reach, 0)
            var behind = try Pixmap(
                width: min(x1 + reach, canvas.width) - sx0, height: min(y1 + reach, canvas.height) - sy0)
            behind.copy(canvas, x: -sx0, y: -sy0)
            let blurred = try DisplayRenderer.blurred(behind, sigma: sigma * scale)
            var part = try Pixmap(width: x1 - x0, height: y1 - y0)
            part.copy(blurred, x: sx0 - x0, y: sy0 - y0)
            Compositor.draw(part, at: (x0, y0), mask: mask, maskAt: (x0, y0), onto: &canvas)
            Compositor.fill(tint.opacity(paint.opacity).premultiplied, mask: mask, at: (x0, y0), onto: &canvas)
        } else if r.width > 0, r.height > 0 {
            // Only the part of the paint under the mask is drawn: a gradient goes on past the frame (a stroke
            // overhangs it), an image stops at it.
            let under = PixelBox(x: x0 - r.x, y: y0 - r.y, width: x1 - x0, height: y1 - y0)
            let region =
                paint.kind.isGradient
                ? under : under.intersection(PixelBox(x: 0, y: 0, width: r.width, height: r.height))
            guard !region.isEmpty else { return }
            let picture = try paint.render(width: r.width, height: r.height, region: region, scale: scale)
            Compositor.draw(picture, at: (r.x + region.x, r.y + region.y), mask: mask, maskAt: (x0, y0), onto: &canvas)
        }
    }
}

extension DisplayRenderer {
    /// Draws `picture` (its top-left pixel at `at`, canvas pixels) through the transform of the views around,
    /// where `outline` (untransformed canvas pixels) covers it: each pixel takes the picture's bilinear
    /// sample at its centre mapped back, times the outline's exact coverage, source-over.
    fileprivate mutating func drawResampled(
        _ picture: Pixmap, at position: (x: Int, y: Int), clippedTo outline: PixelPath, into canvas: inout Pixmap
    ) throws {
        guard let transform, let inverse = transform.inverse else { return }
        let path = transformed(outline)
        guard let bounds = path.bounds else { return }
        let x0 = max(Int(bounds.minX.rounded(.down)), 0)
        let y0 = max(Int(bounds.minY.rounded(.down)), 0)
        let x1 = min(Int(bounds.maxX.rounded(.up)), canvas.width)
        let y1 = min(Int(bounds.maxY.rounded(.up)), canvas.height)
        guard x1 > x0, y1 > y0 else { return }
        drawn = drawn.union(PixelBox(x: x0 + origin.x, y: y0 + origin.y, width: x1 - x0, height: y1 - y0))
        var mask = try Mask(width: x1 - x0, height: y1 - y0)
        var local = path
        local.translate(by: Point(x: -Double(x0), y: -Double(y0)))
        var rasterizer = Rasterizer()
        rasterizer.fill(local, into: &mask, rows: RowRange(0, mask.height))
        var sampled = try Pixmap(width: x1 - x0, height: y1 - y0)
        let o = Point(x: Double(origin.x), y: Double(origin.y))
        for y in y0..<y1 {
            for x in x0..<x1 where mask.bytes[(y - y0) * mask.width + x - x0] > 0 {
                let source = inverse.apply(Point(x: Double(x) + 0.5, y: Double(y) + 0.5) + o) - o
                let color = picture.bilinear(
                    x: source.x - Double(position.x) - 0.5, y: source.y - Double(position.y) - 0.5)
                let i = ((y - y0) * sampled.width + x - x0) * 4
                for k in 0..<4 { sampled.bytes[i + k] = color[k] }
            }
        }
        Compositor.draw(sampled, at: (x0, y0), mask: mask, maskAt: (x0, y0), onto: &canvas)
    }
}

extension Pixmap {
    /// The premultiplied color at (`x`, `y`) in pixel-centre coordinates, interpolated between the four
    /// nearest pixels; transparent outside.
    package func bilinear(x: Double, y: Double) -> SIMD4<UInt8> {
        guard x.isFinite, y.isFinite, x > -1, y > -1, x < Double(width), y < Double(height) else { return .zero }
        let fx = x.rounded(.down)
        let fy = y.rounded(.down)
        let tx = x - fx
        let ty = y - fy
        let ix = Int(fx)
        let iy = Int(fy)
        // The four taps in a fixed order, each weighted, summed channel by channel; a tap of no weight or
        // off the picture adds nothing.
        let taps = ((0, 0, (1 - tx) * (1 - ty)), (1, 0, tx * (1 - ty)), (0, 1, (1 - tx) * ty), (1, 1, tx * ty))
        var sum = (0.0, 0.0, 0.0, 0.0)
        func add(_ tap: (Int, Int, Double)) {
            let (px, py, w) = (ix + tap.0, iy + tap.1, tap.2)
            guard w > 0, px >= 0, py >= 0, px < width, py < height else { return }
            let o = (py * width + px) * 4
            sum = (
                sum.0 + w * Double(bytes[o]), sum.1 + w * Double(bytes[o + 1]), sum.2 + w * Double(bytes[o + 2]),
                sum.3 + w * Double(bytes[o + 3])
            )
        }
        add(taps.0)
        add(taps.1)
        add(taps.2)
        add(taps.3)
        func level(_ v: Double) -> UInt8 { UInt8(min(max(v.rounded(), 0), 255)) }
        return SIMD4(level(sum.0), level(sum.1), level(sum.2), level(sum.3))
    }
}

extension Paint.Kind {
    /// Whether the paint is a gradient, defined over the whole plane from its frame.
    package var isGradient: Bool {
        switch self {
        case .linearGradient, .radialGradient, .ellipticalGradient, .angularGradient, .meshGradient: return true
        case .color, .image, .backdrop: return false
        }
    }
}

extension Paint.Kind {
    package var isImage: Bool {
        if case .image = self { return true }
        return false
    }
}

extension TextBlock {
    /// The proposal a text was placed with, recovered from its frame: its width (so it wraps as it
    /// was measured) and no height limit beyond the frame's.
    package func proposal(for frame: Rect) -> ProposedSize {
        ProposedSize(width: frame.width + 0.5 / scale, height: frame.height + 0.5 / scale)
    }
}

/// How placeholders look (`redacted(reason: .placeholder)`): a rounded bar over the middle of each line of
/// text and over each symbol, in the foreground at a low opacity. Apple documents the behaviour but not
/// the measures; these are our estimates from iOS 17 screenshots.
package enum Redaction {
    /// The bar's share of a line's height, centred on it.
    package static let heightShare = 0.75
    /// The foreground's opacity in a bar.
    package static let opacity = 0.16

    package static func bar(in line: Rect) -> Rect {
        let height = line.height * heightShare
        return Rect(x: line.x, y: line.y + (line.height - height) / 2, width: line.width, height: height)
    }

    package static func cornerRadius(_ height: Double) -> Double { height * 0.25 }

    package static func paint(_ paint: Paint) -> Paint {
        var faint = paint
        faint.opacity *= opacity
        return faint
    }
}
