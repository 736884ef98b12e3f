import RevealCore
import RevealRaster
import RevealText

/// A canvas's pixels, kept from one frame to the next so that a canvas whose commands only grew draws
/// just the new part on what it kept. SwiftUI calls a `Canvas` renderer at every update and the seeds'
/// renderers draw every stroke again each time; without this a frame would cost the whole history.
///
/// The commands grew when the new list starts with the old one but for its last command, which is
/// either the same or the same polyline stroke extended (a finger's stroke gaining points), and may go
/// on with new commands. A stroke of one open polyline is kept as a `StrokeOutline`, whose coverage is
/// filled again only in the tiles its new points reach, and those pixels alone are composited again
/// from the layer as it stood before the stroke. Any other change draws every command again. Either way
/// the pixels are those of drawing every command in order: a stroke's coverage is its whole outline's
/// (`StrokeOutline` fills exactly what `Stroker.roundStroke` outlines), and each pixel is composited
/// from the same values.
package struct CanvasLayer {
    /// The layer's size in pixels, and pixels per point.
    package let width: Int, height: Int
    package let scale: Double
    /// The commands drawn.
    package private(set) var commands: [CanvasCommand] = []
    /// Every command drawn, in order, on a transparent layer.
    package var pixels: Pixmap
    /// The layer before the last command.
    private var settled: Pixmap
    /// The last command's stroke as it grows, when it is one open polyline, and how many of its points it holds.
    private var growing: (outline: StrokeOutline, points: Int)?
    /// Scratch space for one command's coverage.
    package var coverage: Mask
    package var rasterizer = Rasterizer()
    /// The last clips' combined coverage and the box it can be non-zero in: commands in a row mostly share
    /// their clips (everything after a `clip(to:)`).
    package var clipCache: (clips: [CanvasClip], mask: Mask, box: PixelBox)?

    /// A `width`×`height`-pixel layer with `commands` (in points) drawn at `scale` pixels a point.
    package init(width: Int, height: Int, scale: Double, commands: [CanvasCommand]) throws {
        self.width = width
        self.height = height
        self.scale = scale
        pixels = try Pixmap(width: width, height: height)
        settled = pixels
        coverage = try Mask(width: width, height: height)
        _ = update(to: commands)
    }

    /// Draws `new` in place of the commands drawn; returns the box of pixels that changed (layer pixels).
    package mutating func update(to new: [CanvasCommand]) -> PixelBox {
        let whole = PixelBox(x: 0, y: 0, width: width, height: height)
        guard new != commands else { return .empty }
        guard let first = grownFrom(new) else {
            redraw(new)
            return whole
        }
        var changed = PixelBox.empty
        for index in first..<new.count {
            if index == commands.count - 1 {
                changed = changed.union(extendLast(to: new[index]))
            } else {
                if !commands.isEmpty { settled = pixels }
                commands.append(new[index])
                growing = nil
                changed = changed.union(drawLast())
            }
        }
        return changed
    }

    /// The index of the first command of `new` still to draw when `new` grew from the commands drawn; nil otherwise.
    private func grownFrom(_ new: [CanvasCommand]) -> Int? {
        guard let last = commands.last else { return 0 }
        let k = commands.count - 1
        guard new.count >= commands.count, new.prefix(k).elementsEqual(commands.prefix(k)) else { return nil }
        if new[k] == last { return k + 1 }
        guard growing != nil, CanvasLayer.extends(new[k], last) else { return nil }
        return k
    }

    /// Whether `new` is `old`'s polyline stroke with more points, drawn alike.
    private static func extends(_ new: CanvasCommand, _ old: CanvasCommand) -> Bool {
        new.isPlain && old.isPlain && new.stroke == old.stroke && new.color == old.color
            && new.blendMode == old.blendMode
            && new.path.elements.count >= old.path.elements.count
            && new.path.elements.starts(with: old.path.elements) && polyline(new) != nil
    }

    /// The points of a command that strokes one open polyline (a move, then lines), in points; nil for any other.
    private static func polyline(_ command: CanvasCommand) -> [Point]? {
        guard command.isPlain, command.stroke != nil, case .move(let start)? = command.path.elements.first else {
            return nil
        }
        var points = [start]
        for element in command.path.elements.dropFirst() {
            guard case .line(let p) = element else { return nil }
            points.append(p)
        }
        return points
    }

    /// Every command drawn again from a transparent layer.
    private mutating func redraw(_ new: [CanvasCommand]) {
        pixels.fill(PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 0))
        settled = pixels
        commands = []
        growing = nil
        for command in new {
            if !commands.isEmpty { settled = pixels }
            commands.append(command)
            _ = drawLast()
        }
    }

    /// Draws the last command on `settled` (which `pixels` equals); returns the box it changed.
    private mutating func drawLast() -> PixelBox {
        guard let command = commands.last else { return .empty }
        if let points = CanvasLayer.polyline(command), let stroke = command.stroke {
            growing = (
                StrokeOutline(
                    width: Point.held(stroke.lineWidth * scale), size: PixelSize(width: width, height: height)), 0
            )
            coverage.fill(0)
            return grow(to: points, command)
        }
        if command.layer != nil || !command.filters.isEmpty { return drawThroughLayer(command) }
        var box = fillCoverage(CanvasLayer.path(of: command, scale: scale))
        if !command.clips.isEmpty { box = clipCoverage(command.clips, box: box) }
        composite(command, box: box)
        return box
    }

    /// The coverage of `path` (layer pixels) written into `coverage` in the box around it, which it returns;
    /// what `coverage` holds outside that box is left as it was, and read by no one.
    package mutating func fillCoverage(_ path: PixelPath) -> PixelBox {
        let box = PixelBox(covering: path.bounds).intersection(PixelBox(x: 0, y: 0, width: width, height: height))
        guard !box.isEmpty else { return .empty }
        rasterizer.fill(
            path, into: &coverage, rows: RowRange(box.rows.lowerBound, box.rows.upperBound), columns: box.columns)
        return box
    }

    /// The last command, a stroke being drawn, grown to `command`'s points; returns the box it changed.
    private mutating func extendLast(to command: CanvasCommand) -> PixelBox {
        commands[commands.count - 1] = command
        return grow(to: CanvasLayer.polyline(command) ?? [], command)
    }

    /// Adds the points of `points` the growing stroke does not hold yet, fills the tiles they changed and
    /// composites those pixels again from `settled`.
    private mutating func grow(to points: [Point], _ command: CanvasCommand) -> PixelBox {
        guard var outline = growing?.outline, let count = growing?.points else { return .empty }
        growing = nil  // the outline's only owner while it grows
        for p in points.dropFirst(count) { outline.add(CanvasLayer.pixel(p, scale: scale)) }
        let box = rasterizer.fillChangedTiles(of: &outline, into: &coverage)
        growing = (outline, points.count)
        pixels.copy(settled, x: 0, y: 0, rows: box.rows, columns: box.columns)
        composite(command, box: box)
        return box
    }

    /// `command`'s coverage composited onto `pixels` in `box`: straight from the coverage for a plain
    /// command, else pixel by pixel in its mode from its color or gradient.
    private mutating func composite(_ command: CanvasCommand, box: PixelBox) {
        guard !box.isEmpty else { return }
        if command.drawsFromCoverage, command.blendMode == .normal {
            Compositor.fill(
                command.color.premultiplied, mask: coverage, onto: &pixels,
                rows: RowRange(box.rows.lowerBound, box.rows.upperBound),
                columns: box.columns)
        } else if command.drawsFromCoverage, command.blendMode == .destinationOut {
            Compositor.erase(coverage, alpha: command.color.premultiplied.a, from: &pixels, box: box)
        } else if let source = source(of: command) {
            CanvasLayer.combine(source, coverage: coverage, mode: command.blendMode, box: box, into: &pixels)
        }
    }

    /// A canvas point (`p`, in points) in layer pixels at `scale`, held where the rasterizer can take it.
    package static func pixel(_ p: Point, scale: Double) -> Point { Point(x: p.x * scale, y: p.y * scale).held }

    /// A command's outline in layer pixels: its path filled, or stroked with round caps and joins.
    package static func path(of command: CanvasCommand, scale s: Double) -> PixelPath {
        var path = PixelPath()
        let toPixels = { (p: Point) in CanvasLayer.pixel(p, scale: s) }
        if let stroke = command.stroke {
            for line in command.path.polylines(toPixels) {
                let points = line.closed ? line.points + line.points.prefix(1) : line.points
                path.append(Stroker.roundStroke(points, width: Point.held(stroke.lineWidth * s)))
            }
        } else {
            command.path.flatten(into: &path, toPixels)
        }
        return path
    }
}
