import Foundation
import RevealCore

/// A point in pixel space (or in view points before scaling), y pointing down as in SwiftUI.
public struct Point: Equatable, Hashable, Sendable {
    /// The horizontal coordinate, increasing to the right.
    public var x: Double
    /// The vertical coordinate, increasing downwards.
    public var y: Double

    /// The point at (`x`, `y`), in pixels (or view points before scaling).
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The componentwise sum, e.g. a point moved by an offset.
    public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    /// The componentwise difference: the vector from `b` to `a`.
    public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
    /// Both coordinates multiplied by `s`, e.g. to scale view points to pixels.
    public static func * (a: Point, s: Double) -> Point { Point(x: a.x * s, y: a.y * s) }

    /// The Euclidean distance from the origin, treating the point as a vector.
    public var length: Double { hypot(x, y) }
}

/// A half-open range of pixel rows, `lower..<upper`, used to say which rows changed.
package struct RowRange: Equatable, Sendable {
    public var lower: Int
    public var upper: Int

    package init(lower: Int, upper: Int) {
        self.lower = lower
        self.upper = upper
    }

    public init(_ lower: Int, _ upper: Int) {
        self.lower = lower
        self.upper = max(lower, upper)
    }

    public init(_ rows: Range<Int>) { self.init(rows.lowerBound, rows.upperBound) }

    public static let empty = RowRange(0, 0)
    public var isEmpty: Bool { lower >= upper }

    /// The smallest range holding both.
    public func union(_ other: RowRange) -> RowRange {
        if isEmpty { return other }
        if other.isEmpty { return self }
        return RowRange(min(lower, other.lower), max(upper, other.upper))
    }

    public func clamped(to height: Int) -> RowRange {
        RowRange(max(lower, 0), min(upper, height))
    }
}

/// A width and a height in pixels.
public struct PixelSize: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The width in pixels.
    public var width: Int
    /// The height in pixels.
    public var height: Int

    /// A size of `width` × `height` pixels, taken as given (not checked against `Pixmap.maxSide`).
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// The size of `pixmap`.
    public init(_ pixmap: Pixmap) {
        self.init(width: pixmap.width, height: pixmap.height)
    }

    /// A length in pixels rounded to whole pixels: NaN and negatives as 0, anything beyond any image
    /// (2⁴⁰ pixels) as that much, so that no size computed from user input can trap.
    public static func pixels(_ length: Double) -> Int {
        guard length > 0 else { return 0 }
        return Int(min(length, Double(1 << 40)).rounded())
    }

    public var description: String { "\(width)×\(height)" }
}

/// A rectangle of whole pixels: columns `x..<x + width`, rows `y..<y + height`.
public struct PixelRect: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The first column, counting from 0 at the left edge.
    public var x: Int
    /// The first row, counting from 0 at the top edge.
    public var y: Int
    /// The number of columns.
    public var width: Int
    /// The number of rows.
    public var height: Int

    /// The rectangle of columns `x..<x + width` and rows `y..<y + height`.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The smallest rectangle holding both.
    public func union(_ other: PixelRect) -> PixelRect {
        let x0 = min(x, other.x)
        let y0 = min(y, other.y)
        let x1 = max(x + width, other.x + other.width)
        let y1 = max(y + height, other.y + other.height)
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// "x 40…71, y 12…30 (32×19)": inclusive first and last columns and rows, then the size.
    public var description: String {
        "x \(x)…\(x + width - 1), y \(y)…\(y + height - 1) (\(width)×\(height))"
    }
}

/// A rectangle of whole pixels.
package struct PixelBox: Hashable, Sendable {
    package var x: Int, y: Int, width: Int, height: Int

    package init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    package var isEmpty: Bool { width <= 0 || height <= 0 }

    /// Its rows and its columns, as ranges.
    package var rows: Range<Int> { y..<y + max(height, 0) }
    package var columns: Range<Int> { x..<x + max(width, 0) }

    /// The pixels in both (empty when they do not meet).
    package func intersection(_ other: PixelBox) -> PixelBox {
        let x0 = max(x, other.x)
        let y0 = max(y, other.y)
        let x1 = min(x + width, other.x + other.width)
        let y1 = min(y + height, other.y + other.height)
        return PixelBox(x: x0, y: y0, width: max(x1 - x0, 0), height: max(y1 - y0, 0))
    }

    /// The smallest box holding both (an empty box adds nothing).
    package func union(_ other: PixelBox) -> PixelBox {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let x0 = min(x, other.x)
        let y0 = min(y, other.y)
        let x1 = max(x + width, other.x + other.width)
        let y1 = max(y + height, other.y + other.height)
        return PixelBox(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Grown by `d` pixels on every side.
    package func expanded(by d: Int) -> PixelBox {
        PixelBox(x: x - d, y: y - d, width: width + 2 * d, height: height + 2 * d)
    }

    package static let empty = PixelBox(x: 0, y: 0, width: 0, height: 0)
}

extension PixelBox {
    /// The box of `columns` by `rows`.
    package init(columns: Range<Int>, rows: Range<Int>) {
        self.init(x: columns.lowerBound, y: rows.lowerBound, width: columns.count, height: rows.count)
    }
}

extension Point {
    /// This point (in pixels) held within ten million pixels of the origin, on an axis that is not a number
    /// at the origin: far past any screen, where the rasterizer's integer pixel bounds stay in range. A user's
    /// huge scale or coordinate is drawn where it meets the screen instead of trapping.
    package var held: Point { Point(x: Point.held(x), y: Point.held(y)) }

    /// `v` pixels held as `held` holds a point's coordinates.
    package static func held(_ v: Double) -> Double { v.isNaN ? 0 : min(max(v, -1e7), 1e7) }
}

extension PixelBox {
    /// The whole pixels a shape with these bounds (in pixels) reaches into; empty for none.
    package init(covering bounds: (minX: Double, minY: Double, maxX: Double, maxY: Double)?) {
        guard let b = bounds else {
            self = .empty
            return
        }
        let (x0, y0) = (Int(b.minX.rounded(.down)), Int(b.minY.rounded(.down)))
        self.init(x: x0, y: y0, width: Int(b.maxX.rounded(.up)) - x0, height: Int(b.maxY.rounded(.up)) - y0)
    }
}

/// A projective map of the plane, in homogeneous coordinates: (x, y) ↦ ((a·x + c·y + tx) / w, (b·x + d·y + ty) / w)
/// with w = p·x + q·y + r. With p = q = 0 and r = 1 (every map but a 3D turn's projection) it is affine, and
/// works out exactly as an affine map does.
package struct PlaneTransform: Hashable, Sendable {
    package var a = 1.0, b = 0.0, c = 0.0, d = 1.0, tx = 0.0, ty = 0.0
    package var p = 0.0, q = 0.0, r = 1.0

    package static let identity = PlaneTransform()

    package var isAffine: Bool { p == 0 && q == 0 && r == 1 }

    /// The image of `point`. A point at or behind the eye of a projection (w ≤ 0) is taken as very far out
    /// on its side, where the renderer holds coordinates within range.
    package func apply(_ point: Point) -> Point {
        let x = a * point.x + c * point.y + tx
        let y = b * point.x + d * point.y + ty
        if isAffine { return Point(x: x, y: y) }
        let w = max(p * point.x + q * point.y + r, 1e-9)
        return Point(x: x / w, y: y / w)
    }

    /// `self` after `first`: p ↦ self(first(p)).
    package func after(_ first: PlaneTransform) -> PlaneTransform {
        if isAffine && first.isAffine {
            return PlaneTransform(
                a: a * first.a + c * first.b, b: b * first.a + d * first.b, c: a * first.c + c * first.d,
                d: b * first.c + d * first.d, tx: a * first.tx + c * first.ty + tx,
                ty: b * first.tx + d * first.ty + ty)
        }
        let m = matrix
        let n = first.matrix
        var out = [Double](repeating: 0, count: 9)
        for i in 0..<3 {
            for j in 0..<3 { out[3 * i + j] = m[3 * i] * n[j] + m[3 * i + 1] * n[3 + j] + m[3 * i + 2] * n[6 + j] }
        }
        return PlaneTransform(matrix: out)
    }

    /// The map undoing this one, or nil when it flattens the plane (a scale of 0, or a view turned edge-on).
    package var inverse: PlaneTransform? {
        if isAffine {
            let det = a * d - b * c
            guard abs(det) > 1e-12, det.isFinite else { return nil }
            return PlaneTransform(
                a: d / det, b: -b / det, c: -c / det, d: a / det, tx: (c * ty - d * tx) / det,
                ty: (b * tx - a * ty) / det)
        }
        let m = matrix
        // The adjugate over the determinant.
        let cofactors = [
            m[4] * m[8] - m[5] * m[7], m[2] * m[7] - m[1] * m[8], m[1] * m[5] - m[2] * m[4],
            m[5] * m[6] - m[3] * m[8], m[0] * m[8] - m[2] * m[6], m[2] * m[3] - m[0] * m[5],
            m[3] * m[7] - m[4] * m[6], m[1] * m[6] - m[0] * m[7], m[0] * m[4] - m[1] * m[3],
        ]
        let det = m[0] * cofactors[0] + m[1] * cofactors[3] + m[2] * cofactors[6]
        guard abs(det) > 1e-12, det.isFinite else { return nil }
        return PlaneTransform(matrix: cofactors.map { $0 / det })
    }

    /// The 3×3 matrix, row by row, acting on column vectors (x, y, 1).
    private var matrix: [Double] { [a, c, tx, b, d, ty, p, q, r] }

    private init(matrix m: [Double]) {
        self.init(a: m[0], b: m[3], c: m[1], d: m[4], tx: m[2], ty: m[5], p: m[6], q: m[7], r: m[8])
    }

    package init(
        a: Double = 1, b: Double = 0, c: Double = 0, d: Double = 1, tx: Double = 0, ty: Double = 0, p: Double = 0,
        q: Double = 0, r: Double = 1
    ) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty, self.p, self.q, self.r) = (a, b, c, d, tx, ty, p, q, r)
    }

    /// The smallest pixel box holding the image of `box`, with one pixel to spare on each side.
    package func bounds(of box: PixelBox) -> PixelBox {
        guard !box.isEmpty else { return .empty }
        let corners = [
            Point(x: Double(box.x), y: Double(box.y)), Point(x: Double(box.x + box.width), y: Double(box.y)),
            Point(x: Double(box.x), y: Double(box.y + box.height)),
            Point(x: Double(box.x + box.width), y: Double(box.y + box.height)),
        ].map(apply)
        let xs = corners.map(\.x)
        let ys = corners.map(\.y)
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max(),
            minX.isFinite, maxX.isFinite, minY.isFinite, maxY.isFinite
        else { return .empty }
        let x0 = Int(max(minX, -1e9).rounded(.down)) - 1
        let y0 = Int(max(minY, -1e9).rounded(.down)) - 1
        return PixelBox(
            x: x0, y: y0, width: Int(min(maxX, 1e9).rounded(.up)) + 1 - x0,
            height: Int(min(maxY, 1e9).rounded(.up)) + 1 - y0)
    }
}

/// A view's drawing turned and scaled about a point of its frame, as SwiftUI's `rotationEffect` and
/// `scaleEffect`: what is drawn moves, the layout does not.
public struct ViewTransform: Equatable, Hashable, Sendable {
    /// The turn in radians; positive turns +x towards +y (clockwise on the screen).
    public var rotation: Double
    /// The horizontal scale.
    public var scaleX: Double
    /// The vertical scale.
    public var scaleY: Double
    /// The fixed point's place across the frame, as a fraction of its width (0.5: its centre).
    public var anchorX: Double
    /// The fixed point's place down the frame, as a fraction of its height (0.5: its centre).
    public var anchorY: Double

    /// A move after the turn and scale, as fractions of the frame's width and height (a move transition's
    /// `(-1, 0)` takes the view its own width to the left).
    public var translateX: Double
    /// The vertical move, as a fraction of the frame's height.
    public var translateY: Double
    /// A turn in three dimensions about the anchor, projected back onto the screen, before the rest.
    public var rotation3D: Rotation3D?

    /// A turn of `rotation` radians and a scale of `scaleX` by `scaleY` about the anchor, then a move of
    /// `translateX` widths and `translateY` heights; a 3D turn first, when given.
    public init(
        rotation: Double = 0, scaleX: Double = 1, scaleY: Double = 1, anchorX: Double = 0.5, anchorY: Double = 0.5,
        translateX: Double = 0, translateY: Double = 0, rotation3D: Rotation3D? = nil
    ) {
        self.rotation = rotation
        self.scaleX = scaleX
        self.scaleY = scaleY
        self.anchorX = anchorX
        self.anchorY = anchorY
        self.translateX = translateX
        self.translateY = translateY
        self.rotation3D = rotation3D
    }

    /// The map in pixels for a frame whose pixel rectangle starts at (`x`, `y`) and is `width`×`height`, at
    /// `scale` pixels a point: the 3D turn, then scale, then turn, about the anchor, then the move.
    package func map(x: Double, y: Double, width: Double, height: Double, scale: Double) -> PlaneTransform {
        let px = x + anchorX * width
        let py = y + anchorY * height
        let cosine = cos(rotation)
        let sine = sin(rotation)
        let linear = PlaneTransform(a: cosine * scaleX, b: sine * scaleX, c: -sine * scaleY, d: cosine * scaleY)
        let flat = PlaneTransform(tx: px + translateX * width, ty: py + translateY * height).after(linear)
            .after(PlaneTransform(tx: -px, ty: -py))
        guard let turn = rotation3D else { return flat }
        return flat.after(turn.projection(anchorX: px, anchorY: py, width: width, height: height, scale: scale))
    }
}

/// A turn in three dimensions projected onto the screen, as SwiftUI's `rotation3DEffect`: the view's plane is
/// turned about an axis through the anchor (at depth `anchorZ`), then seen in perspective from a distance of
/// its larger side over `perspective`, as Core Animation's `m34 = −1 / distance` projects. Angles follow
/// `CATransform3DRotate`: about the z axis, positive turns +x towards +y, as `rotationEffect` does.
public struct Rotation3D: Equatable, Hashable, Sendable {
    /// The turn in radians.
    public var angle: Double
    /// The axis's direction (any length but zero; zero turns nothing).
    public var axisX: Double, axisY: Double, axisZ: Double
    /// The anchor's depth in points.
    public var anchorZ: Double
    /// The vanishing point's nearness: 1 puts the eye the view's larger side away; 0 is no perspective.
    public var perspective: Double

    /// A turn of `angle` radians about the axis (`axisX`, `axisY`, `axisZ`).
    public init(
        angle: Double, axisX: Double, axisY: Double, axisZ: Double, anchorZ: Double = 0, perspective: Double = 1
    ) {
        self.angle = angle
        self.axisX = axisX
        self.axisY = axisY
        self.axisZ = axisZ
        self.anchorZ = anchorZ
        self.perspective = perspective
    }

    /// The projection in pixels for an anchor at (`anchorX`, `anchorY`) of a `width`×`height`-pixel frame.
    package func projection(anchorX ax: Double, anchorY ay: Double, width: Double, height: Double, scale: Double)
        -> PlaneTransform
    {
        let length = (axisX * axisX + axisY * axisY + axisZ * axisZ).squareRoot()
        guard length > 0, length.isFinite, angle.isFinite else { return .identity }
        let (x, y, z) = (axisX / length, axisY / length, axisZ / length)
        let (c, s) = (cos(angle), sin(angle))
        let t = 1 - c
        // The rotation on row vectors (x, y, z)·R, as Core Animation's matrices act.
        let r = [
            [t * x * x + c, t * x * y + s * z, t * x * z - s * y],
            [t * x * y - s * z, t * y * y + c, t * y * z + s * x],
            [t * x * z + s * y, t * y * z - s * x, t * z * z + c],
        ]
        // A point (u, v) from the anchor at depth −anchorZ turns to (x', y', z'); seen from `distance` it is
        // at (x', y') / w from the anchor, w = 1 − z' / distance. Each is affine in the point, so the whole is
        // one projective map.
        let depth = -anchorZ * scale
        let distance = max(width, height) / perspective
        let k = distance.isFinite && distance > 0 ? -1 / distance : 0
        // Rows of (coefficient of px, of py, constant) for x', y', z', with u = px − ax and v = py − ay.
        func row(_ j: Int) -> (Double, Double, Double) {
            (r[0][j], r[1][j], -ax * r[0][j] - ay * r[1][j] + depth * r[2][j])
        }
        let (xr, yr, zr) = (row(0), row(1), row(2))
        let w = (zr.0 * k, zr.1 * k, 1 + zr.2 * k)
        return PlaneTransform(
            a: xr.0 + ax * w.0, b: yr.0 + ay * w.0, c: xr.1 + ax * w.1, d: yr.1 + ay * w.1,
            tx: xr.2 + ax * w.2, ty: yr.2 + ay * w.2, p: w.0, q: w.1, r: w.2)
    }
}

/// A size offered to a view by its parent: nil on an axis asks for the view's ideal size there.
package struct ProposedSize: Hashable, Sendable {
    package var width: Double?
    package var height: Double?

    package init(width: Double? = nil, height: Double? = nil) {
        self.width = width
        self.height = height
    }

    package static let unspecified = ProposedSize(width: nil, height: nil)
}

/// A size in points.
public struct Size: Equatable, Sendable {
    /// The horizontal extent in points.
    public var width: Double
    /// The vertical extent in points.
    public var height: Double

    /// A size of `width` by `height` points.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// A rectangle in points: its top-left corner, with y growing downwards as in SwiftUI's layout, and its size.
public struct Rect: Hashable, Sendable {
    /// The top-left corner's x and y (y grows downwards) and the width and height, all in points.
    public var x: Double, y: Double, width: Double, height: Double

    /// A rectangle whose top-left corner is at (`x`, `y`), `width` by `height` points.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    package var maxX: Double { x + width }
    package var maxY: Double { y + height }

    /// This rectangle grown by `d` points on every side.
    package func outset(by d: Double) -> Rect { Rect(x: x - d, y: y - d, width: width + 2 * d, height: height + 2 * d) }

    /// The smallest rectangle holding both.
    package func union(_ other: Rect) -> Rect {
        let (left, top) = (min(x, other.x), min(y, other.y))
        return Rect(x: left, y: top, width: max(maxX, other.maxX) - left, height: max(maxY, other.maxY) - top)
    }

    /// Whether the two share any area.
    package func intersects(_ other: Rect) -> Bool {
        x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
    }
}
