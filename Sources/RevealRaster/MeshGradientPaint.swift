/// A two-dimensional gradient over a grid of control points, as SwiftUI's `MeshGradient`: `width`×`height`
/// points in unit coordinates of the view, each with a color. The surface through them is a bicubic Hermite
/// (Ferguson) patch per cell, its tangents the Catmull-Rom differences of the neighbouring points, so the
/// mesh bends smoothly through every point as SwiftUI's does when it derives the Bézier controls itself;
/// the colors follow the same surface (`smoothsColors`, SwiftUI's default) or bilinear across each cell.
public struct MeshGradientPaint: Equatable, Hashable, Sendable {
    /// Points across; at least 2.
    public var width: Int
    /// Points down; at least 2.
    public var height: Int
    /// Row-major positions, in fractions of the view's width and height.
    public var points: [RelativePoint]
    /// Row-major colors, one a point.
    public var colors: [RGBAColor]
    /// Whether colors follow the cubic surface (else bilinear in each cell).
    public var smoothsColors: Bool
    /// Drawn where no cell covers a pixel.
    public var background: RGBAColor

    /// A mesh, or nil when the counts do not match (`width`×`height` points and colors, both at least 2, at
    /// most 1,024 points in all, so that drawing one stays bounded) or a point is not finite.
    public init?(
        width: Int, height: Int, points: [RelativePoint], colors: [RGBAColor], smoothsColors: Bool = true,
        background: RGBAColor = RGBAColor(red: 0, green: 0, blue: 0, alpha: 0)
    ) {
        guard width >= 2, height >= 2, width <= 512, height <= 512, width * height <= 1024,
            points.count == width * height,
            colors.count == width * height,
            points.allSatisfy({ $0.x.isFinite && $0.y.isFinite && abs($0.x) < 1e6 && abs($0.y) < 1e6 })
        else { return nil }
        self.width = width
        self.height = height
        self.points = points
        self.colors = colors
        self.smoothsColors = smoothsColors
        self.background = background
    }

    /// The `region` of this mesh drawn over a `viewWidth`×`viewHeight` pixel view at `opacity`: each cell
    /// cut into triangles a few pixels across, each pixel centre inside a triangle (top-left rule, so
    /// neighbours neither overlap nor leave gaps) takes the color at its interpolated mesh coordinates.
    func picture(viewWidth: Int, viewHeight: Int, region: PixelBox, opacity: Double) throws -> Pixmap {
        var pixmap = try Pixmap(
            width: region.width, height: region.height, fill: background.opacity(opacity).premultiplied)
        let w = Double(viewWidth)
        let h = Double(viewHeight)
        // Positions in pixels of the region.
        let xs = points.map { $0.x * w - Double(region.x) }
        let ys = points.map { $0.y * h - Double(region.y) }
        let reds = colors.map(\.red)
        let greens = colors.map(\.green)
        let blues = colors.map(\.blue)
        let alphas = colors.map(\.alpha)
        for row in 0..<(height - 1) {
            for column in 0..<(width - 1) {
                // Enough steps that a triangle is at most about 4 pixels across.
                var extent = 0.0
                for (a, b) in [(0, 1), (0, width), (1, width + 1), (width, width + 1)] {
                    let i = row * width + column
                    extent = max(extent, abs(xs[i + a] - xs[i + b]) + abs(ys[i + a] - ys[i + b]))
                }
                let steps = min(max(Int((extent / 4).rounded(.up)), 1), 64)
                var corners: [(x: Double, y: Double, u: Double, v: Double)] = []
                corners.reserveCapacity((steps + 1) * (steps + 1))
                for j in 0...steps {
                    for i in 0...steps {
                        let u = Double(column) + Double(i) / Double(steps)
                        let v = Double(row) + Double(j) / Double(steps)
                        corners.append((surface(xs, u, v, smooth: true), surface(ys, u, v, smooth: true), u, v))
                    }
                }
                for j in 0..<steps {
                    for i in 0..<steps {
                        let a = corners[j * (steps + 1) + i]
                        let b = corners[j * (steps + 1) + i + 1]
                        let c = corners[(j + 1) * (steps + 1) + i]
                        let d = corners[(j + 1) * (steps + 1) + i + 1]
                        for triangle in [(a, b, d), (a, d, c)] {
                            fill(triangle, into: &pixmap, opacity: opacity) { u, v in
                                (
                                    surface(reds, u, v, smooth: smoothsColors),
                                    surface(greens, u, v, smooth: smoothsColors),
                                    surface(blues, u, v, smooth: smoothsColors),
                                    surface(alphas, u, v, smooth: smoothsColors)
                                )
                            }
                        }
                    }
                }
            }
        }
        return pixmap
    }

    /// The value of the grid `values` at mesh coordinates (`u`, `v`) (column, row; whole numbers are the
    /// points): the Ferguson patch through the cell's corners with Catmull-Rom tangents, or bilinear.
    private func surface(_ values: [Double], _ u: Double, _ v: Double, smooth: Bool) -> Double {
        let column = min(max(Int(u), 0), width - 2)
        let row = min(max(Int(v), 0), height - 2)
        let s = min(max(u - Double(column), 0), 1)
        let t = min(max(v - Double(row), 0), 1)
        func at(_ c: Int, _ r: Int) -> Double { values[min(max(r, 0), height - 1) * width + min(max(c, 0), width - 1)] }
        guard smooth else {
            let top = at(column, row) * (1 - s) + at(column + 1, row) * s
            let bottom = at(column, row + 1) * (1 - s) + at(column + 1, row + 1) * s
            return top * (1 - t) + bottom * t
        }
        // Catmull-Rom tangent along a row at column c: half the difference of its neighbours, one-sided at
        // the ends.
        func rowTangent(_ c: Int, _ r: Int) -> Double {
            if c == 0 { return at(1, r) - at(0, r) }
            if c == width - 1 { return at(c, r) - at(c - 1, r) }
            return (at(c + 1, r) - at(c - 1, r)) / 2
        }
        func hermite(_ p0: Double, _ p1: Double, _ m0: Double, _ m1: Double, _ x: Double) -> Double {
            let x2 = x * x
            let x3 = x2 * x
            return (2 * x3 - 3 * x2 + 1) * p0 + (x3 - 2 * x2 + x) * m0 + (-2 * x3 + 3 * x2) * p1 + (x3 - x2) * m1
        }
        // Along the rows first, for every row the column tangent needs, then down the column.
        func alongRow(_ r: Int) -> Double {
            let rr = min(max(r, 0), height - 1)
            return hermite(
                at(column, rr), at(column + 1, rr), rowTangent(column, rr), rowTangent(column + 1, rr), s)
        }
        let p0 = alongRow(row)
        let p1 = alongRow(row + 1)
        let m0 = row == 0 ? p1 - p0 : (p1 - alongRow(row - 1)) / 2
        let m1 = row + 1 == height - 1 ? p1 - p0 : (alongRow(row + 2) - p0) / 2
        return hermite(p0, p1, m0, m1, t)
    }

    /// Fills the pixel centres inside `triangle` (pixels of `pixmap`), each with `color` at its interpolated
    /// mesh coordinates (straight sRGB components, premultiplied here).
    private func fill(
        _ triangle: (
            (x: Double, y: Double, u: Double, v: Double), (x: Double, y: Double, u: Double, v: Double),
            (x: Double, y: Double, u: Double, v: Double)
        ), into pixmap: inout Pixmap, opacity: Double,
        color: (Double, Double) -> (Double, Double, Double, Double)
    ) {
        var (p, q, r) = triangle
        var area = (q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x)
        guard area.isFinite, abs(area) > 1e-12 else { return }
        if area < 0 {
            swap(&q, &r)
            area = -area
        }
        let minX = max(Int((min(p.x, q.x, r.x) - 0.5).rounded(.up)), 0)
        let maxX = min(Int((max(p.x, q.x, r.x) - 0.5).rounded(.down)), pixmap.width - 1)
        let minY = max(Int((min(p.y, q.y, r.y) - 0.5).rounded(.up)), 0)
        let maxY = min(Int((max(p.y, q.y, r.y) - 0.5).rounded(.down)), pixmap.height - 1)
        guard minX <= maxX, minY <= maxY else { return }
        // Edge functions, positive inside (the triangle now counter-clockwise in y-down space); a centre on
        // an edge belongs to the triangle only for a top or left edge.
        func edge(
            _ a: (x: Double, y: Double, u: Double, v: Double), _ b: (x: Double, y: Double, u: Double, v: Double),
            _ x: Double, _ y: Double
        ) -> Double { (b.x - a.x) * (y - a.y) - (b.y - a.y) * (x - a.x) }
        func owns(_ a: (x: Double, y: Double, u: Double, v: Double), _ b: (x: Double, y: Double, u: Double, v: Double))
            -> Bool
        { (a.y == b.y && b.x < a.x) || b.y > a.y }
        let ownQR = owns(q, r)
        let ownRP = owns(r, p)
        let ownPQ = owns(p, q)
        for y in minY...maxY {
            let cy = Double(y) + 0.5
            for x in minX...maxX {
                let cx = Double(x) + 0.5
                let w0 = edge(q, r, cx, cy)
                let w1 = edge(r, p, cx, cy)
                let w2 = edge(p, q, cx, cy)
                guard w0 > 0 || (w0 == 0 && ownQR), w1 > 0 || (w1 == 0 && ownRP), w2 > 0 || (w2 == 0 && ownPQ)
                else { continue }
                let a0 = w0 / area
                let a1 = w1 / area
                let a2 = w2 / area
                let (red, green, blue, alpha) = color(a0 * p.u + a1 * q.u + a2 * r.u, a0 * p.v + a1 * q.v + a2 * r.v)
                let value = RGBAColor(
                    red: min(max(red, 0), 1), green: min(max(green, 0), 1), blue: min(max(blue, 0), 1),
                    alpha: min(max(alpha, 0), 1) * opacity
                ).premultiplied
                let o = (y * pixmap.width + x) * 4
                pixmap.bytes[o] = value.r
                pixmap.bytes[o + 1] = value.g
                pixmap.bytes[o + 2] = value.b
                pixmap.bytes[o + 3] = value.a
            }
        }
    }
}
