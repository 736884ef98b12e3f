import Foundation

/// A point in a view's unit square, as SwiftUI's `UnitPoint`: (0, 0) is top leading, (1, 1) bottom trailing.
public struct UnitPoint: Equatable, Hashable, Sendable {
    /// The horizontal position as a fraction of the view's width: 0 leading, 1 trailing.
    public var x: Double
    /// The vertical position as a fraction of the view's height: 0 top, 1 bottom.
    public var y: Double

    /// The unit point at (`x`, `y`); values outside 0...1 lie outside the view.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// SwiftUI's `.topLeading`: the top-left corner, (0, 0).
    public static let topLeading = UnitPoint(x: 0, y: 0)
    /// SwiftUI's `.top`: the middle of the top edge, (0.5, 0).
    public static let top = UnitPoint(x: 0.5, y: 0)
    /// SwiftUI's `.topTrailing`: the top-right corner, (1, 0).
    public static let topTrailing = UnitPoint(x: 1, y: 0)
    /// SwiftUI's `.leading`: the middle of the left edge, (0, 0.5).
    public static let leading = UnitPoint(x: 0, y: 0.5)
    /// SwiftUI's `.center`: the middle of the view, (0.5, 0.5).
    public static let center = UnitPoint(x: 0.5, y: 0.5)
    /// SwiftUI's `.trailing`: the middle of the right edge, (1, 0.5).
    public static let trailing = UnitPoint(x: 1, y: 0.5)
    /// SwiftUI's `.bottomLeading`: the bottom-left corner, (0, 1).
    public static let bottomLeading = UnitPoint(x: 0, y: 1)
    /// SwiftUI's `.bottom`: the middle of the bottom edge, (0.5, 1).
    public static let bottom = UnitPoint(x: 0.5, y: 1)
    /// SwiftUI's `.bottomTrailing`: the bottom-right corner, (1, 1).
    public static let bottomTrailing = UnitPoint(x: 1, y: 1)

    /// The nine names SwiftUI gives unit points, for scene files.
    public static let named: [String: UnitPoint] = [
        "topLeading": .topLeading, "top": .top, "topTrailing": .topTrailing,
        "leading": .leading, "center": .center, "trailing": .trailing,
        "bottomLeading": .bottomLeading, "bottom": .bottom, "bottomTrailing": .bottomTrailing,
    ]
}

/// A color at a position along a gradient's axis (0 at the start point, 1 at the end point).
public struct GradientStop: Equatable, Sendable {
    /// The color at this stop, straight alpha.
    public var color: Color
    /// The stop's position along the axis: 0 at the start point, 1 at the end point.
    public var location: Double

    /// A stop of `color` at `location` along the axis (0 at the start point, 1 at the end point).
    public init(color: Color, location: Double) {
        self.color = color
        self.location = location
    }
}

/// How an image is sized into the view, as SwiftUI's `.resizable()` with a content mode.
public enum ContentMode: String, Equatable, Sendable, CaseIterable {
    /// Scaled to cover the view, keeping its aspect ratio, centred; the overflow is cut off.
    case fill
    /// Scaled to fit inside the view, keeping its aspect ratio, centred; the rest is clear.
    case fit
    /// Scaled to the view's size in each direction independently.
    case stretch
}

/// What fills a view: a color, a linear gradient or an image, with an overall opacity.
public struct Paint: Equatable, Sendable {
    /// What the paint draws, before its overall opacity is applied.
    public enum Kind: Equatable, Sendable {
        /// One color over the whole view, as SwiftUI's `Color` used as a view.
        case color(Color)
        /// Stops ascending by location; the axis runs between two unit points of the view.
        case linearGradient(stops: [GradientStop], startPoint: UnitPoint, endPoint: UnitPoint)
        /// An image sized into the view by a content mode, as SwiftUI's resizable `Image`.
        case image(Pixmap, ContentMode)
    }

    /// What the paint draws: a color, a gradient or an image.
    public var kind: Kind
    /// Multiplies the paint's alpha (SwiftUI's `.opacity(_:)`), 0...1.
    public var opacity: Double

    /// A paint of `kind` at `opacity` (0...1), fully opaque by default.
    public init(_ kind: Kind, opacity: Double = 1) {
        self.kind = kind
        self.opacity = opacity
    }

    /// A solid `color` at opacity 1 (the color's own alpha still applies).
    public static func color(_ color: Color) -> Paint { Paint(.color(color)) }

    /// A gradient with its colors evenly spaced from start to end, as `LinearGradient(colors:)`.
    public static func linearGradient(_ colors: [Color], from start: UnitPoint, to end: UnitPoint) -> Paint {
        let last = Double(max(colors.count - 1, 1))
        let stops = colors.enumerated().map { GradientStop(color: $0.element, location: Double($0.offset) / last) }
        return Paint(.linearGradient(stops: stops, startPoint: start, endPoint: end))
    }

    /// Fills a `width`×`height` pixmap with this paint, sampling at pixel centres.
    public func render(width: Int, height: Int) throws -> Pixmap {
        try render(width: width, height: height, region: PixelBox(x: 0, y: 0, width: width, height: height))
    }

    /// The part `region` of this paint filled into a `width`×`height` view: the same pixels as that
    /// part of `render(width:height:)`, without drawing the rest.
    func render(width: Int, height: Int, region: PixelBox) throws -> Pixmap {
        var pixmap = try Pixmap(width: region.width, height: region.height)
        switch kind {
        case .color(let color):
            pixmap = try Pixmap(width: region.width, height: region.height, fill: color.opacity(opacity).premultiplied)
        case .linearGradient(let stops, let start, let end):
            // Rows are independent, so bands of them are drawn on all cores: a full-screen gradient
            // is most of a scene's set-up time.
            let axis = GradientAxis(stops, start, end, width: width, height: height)
            let (opacity, columns, rows) = (opacity, region.width, region.height)
            let bands = min(rows, 4 * max(1, ProcessInfo.processInfo.activeProcessorCount))
            pixmap.bytes.withUnsafeMutableBufferPointer { out in
                let out = UnsafeSendable(out)
                DispatchQueue.concurrentPerform(iterations: bands) { band in
                    var positions = [Double](repeating: 0, count: columns)
                    for y in rows * band / bands..<rows * (band + 1) / bands {
                        let row = UnsafeMutableBufferPointer(
                            rebasing: out.value[(y * columns * 4)..<((y + 1) * columns * 4)])
                        axis.fill(
                            row, y: y + region.y, columns: region.x..<region.x + columns, opacity: opacity,
                            positions: &positions)
                    }
                }
            }
        case .image(let image, let mode):
            renderImage(image, mode, width: width, height: height, region: region, into: &pixmap)
        }
        return pixmap
    }

    /// One color per row when every row of the rendered paint is a single color: solid colors, and
    /// gradients whose axis is vertical (isolines horizontal). Nil otherwise.
    public func rowColors(width: Int, height: Int) -> [PremultipliedRGBA8]? {
        switch kind {
        case .color(let color):
            return [PremultipliedRGBA8](repeating: color.opacity(opacity).premultiplied, count: height)
        case .linearGradient(let stops, let start, let end) where start.x == end.x:
            let axis = GradientAxis(stops, start, end, width: width, height: height)
            return (0..<height).map { axis.color(x: 0, y: $0, opacity: opacity) }
        default:
            return nil
        }
    }

    /// Bilinear resampling of premultiplied pixels, centred, clear outside the placed image.
    private func renderImage(
        _ image: Pixmap, _ mode: ContentMode, width viewWidth: Int, height viewHeight: Int,
        region: PixelBox, into pixmap: inout Pixmap
    ) {
        let w = Double(viewWidth)
        let h = Double(viewHeight)
        let iw = Double(image.width)
        let ih = Double(image.height)
        var scaleX = w / iw
        var scaleY = h / ih
        switch mode {
        case .stretch: break
        case .fit:
            scaleX = min(scaleX, scaleY)
            scaleY = scaleX
        case .fill:
            scaleX = max(scaleX, scaleY)
            scaleY = scaleX
        }
        let originX = (w - iw * scaleX) / 2
        let originY = (h - ih * scaleY) / 2
        let alpha = UInt32(Color.level(opacity))
        let width = pixmap.width
        for y in 0..<pixmap.height {
            let py = Double(y + region.y) + 0.5
            guard py >= originY, py < originY + ih * scaleY else { continue }
            let v = min(max((py - originY) / scaleY - 0.5, 0), ih - 1)
            let y0 = Int(v)
            let y1 = min(y0 + 1, image.height - 1)
            let fy = v - Double(y0)
            for x in 0..<width {
                let px = Double(x + region.x) + 0.5
                guard px >= originX, px < originX + iw * scaleX else { continue }
                let u = min(max((px - originX) / scaleX - 0.5, 0), iw - 1)
                let x0 = Int(u)
                let x1 = min(x0 + 1, image.width - 1)
                let fx = u - Double(x0)
                let o = (y * width + x) * 4
                for c in 0..<4 {
                    let top =
                        Double(image.bytes[(y0 * image.width + x0) * 4 + c]) * (1 - fx)
                        + Double(image.bytes[(y0 * image.width + x1) * 4 + c]) * fx
                    let bottom =
                        Double(image.bytes[(y1 * image.width + x0) * 4 + c]) * (1 - fx)
                        + Double(image.bytes[(y1 * image.width + x1) * 4 + c]) * fx
                    let value = UInt32((top * (1 - fy) + bottom * fy).rounded())
                    pixmap.bytes[o + c] = UInt8(Compositor.multiply(value, alpha))
                }
            }
        }
    }
}

/// Core Graphics' axial gradient placed in a view: isolines perpendicular to the axis, both ends
/// extended, components interpolated in gamma-encoded sRGB with straight alpha, then premultiplied.
struct GradientAxis: Sendable {
    let stops: [GradientStop]
    let sx: Double, sy: Double, dx: Double, dy: Double, lengthSquared: Double

    init(_ stops: [GradientStop], _ start: UnitPoint, _ end: UnitPoint, width: Int, height: Int) {
        self.stops = stops
        let w = Double(width)
        let h = Double(height)
        sx = start.x * w
        sy = start.y * h
        dx = end.x * w - sx
        dy = end.y * h - sy
        lengthSquared = dx * dx + dy * dy
    }

    /// The color at the centre of pixel (x, y).
    func color(x: Int, y: Int, opacity: Double) -> PremultipliedRGBA8 {
        stops.withUnsafeBufferPointer { stops in
            GradientAxis.color(stops, at: t(x: x, rowTerm: rowTerm(y)), opacity: opacity)
        }
    }

    /// Pixels `columns` of row `y` into `row` (four bytes a pixel), as `color(x:y:opacity:)` gives them.
    /// A full-screen gradient is most of a scene's set-up time, so the positions along the axis are
    /// worked out first, in a loop of divisions the compiler vectorises, into `positions` (at least
    /// `columns.count` long), and the stops are read without copies or checks.
    func fill(
        _ row: UnsafeMutableBufferPointer<UInt8>, y: Int, columns: Range<Int>, opacity: Double,
        positions: inout [Double]
    ) {
        let rowTerm = rowTerm(y)
        let count = min(columns.count, row.count / 4, positions.count)
        positions.withUnsafeMutableBufferPointer { positions in
            for i in 0..<count { positions[i] = t(x: columns.lowerBound + i, rowTerm: rowTerm) }
            stops.withUnsafeBufferPointer { stops in
                guard let first = stops.first, let last = stops.last else { return }
                let before = first.color.opacity(opacity).premultiplied
                let after = last.color.opacity(opacity).premultiplied
                if dx == 0, count > 0 {
                    // A vertical axis: one position, so one color, along the whole row.
                    let t = positions[0]
                    let c =
                        !(t > first.location)
                        ? before : t >= last.location ? after : GradientAxis.colorWide(stops, at: t, opacity: opacity)
                    for i in 0..<count {
                        (row[4 * i], row[4 * i + 1], row[4 * i + 2], row[4 * i + 3]) = (c.r, c.g, c.b, c.a)
                    }
                    return
                }
                for i in 0..<count {
                    let t = positions[i]
                    let c =
                        !(t > first.location)
                        ? before : t >= last.location ? after : GradientAxis.colorWide(stops, at: t, opacity: opacity)
                    (row[4 * i], row[4 * i + 1], row[4 * i + 2], row[4 * i + 3]) = (c.r, c.g, c.b, c.a)
                }
            }
        }
    }

    /// The part of a pixel's position along the axis that depends on its row.
    private func rowTerm(_ y: Int) -> Double { (Double(y) + 0.5 - sy) * dy }

    /// Where the centre of pixel `x` lies along the axis (0 at the start point, 1 at the end); NaN
    /// when the axis has no length.
    @inline(__always)
    private func t(x: Int, rowTerm: Double) -> Double {
        ((Double(x) + 0.5 - sx) * dx + rowTerm) / lengthSquared
    }

    /// The color at `t` along the axis, the ends extended; the first stop's when `t` is NaN.
    @inline(__always)
    private static func color(_ stops: UnsafeBufferPointer<GradientStop>, at t: Double, opacity: Double)
        -> PremultipliedRGBA8
    {
        guard let first = stops.first, let last = stops.last else { return .transparent }
        var color: Color
        if !(t > first.location) {
            color = first.color
        } else if t >= last.location {
            color = last.color
        } else {
            let (a, b, f) = between(stops, at: t)
            color = Color(
                red: a.color.red + (b.color.red - a.color.red) * f,
                green: a.color.green + (b.color.green - a.color.green) * f,
                blue: a.color.blue + (b.color.blue - a.color.blue) * f,
                alpha: a.color.alpha + (b.color.alpha - a.color.alpha) * f)
        }
        return color.opacity(opacity).premultiplied
    }

    /// The stops on either side of `t` (strictly between the first and last stops) and how far it lies
    /// from the first of them to the second.
    @inline(__always)
    private static func between(_ stops: UnsafeBufferPointer<GradientStop>, at t: Double)
        -> (GradientStop, GradientStop, Double)
    {
        var k = 1
        while stops[k].location < t { k += 1 }
        let a = stops[k - 1]
        let b = stops[k]
        let span = b.location - a.location
        // Dividing by a span of 1 (two stops at 0 and 1) changes nothing, so it is skipped.
        return (a, b, span == 1 ? t - a.location : span > 0 ? (t - a.location) / span : 1)
    }

    /// `color(_:at:opacity:)` for a `t` strictly between the first and last stops, worked on the four
    /// components at once: the same operations in the same order, so the same result. With it a row
    /// fills in less than half the time it took a pixel at a time.
    @inline(__always)
    private static func colorWide(_ stops: UnsafeBufferPointer<GradientStop>, at t: Double, opacity: Double)
        -> PremultipliedRGBA8
    {
        let (a, b, f) = between(stops, at: t)
        let from = SIMD4(a.color.red, a.color.green, a.color.blue, a.color.alpha)
        let to = SIMD4(b.color.red, b.color.green, b.color.blue, b.color.alpha)
        var v = (from + (to - from) * f) * SIMD4(1, 1, 1, opacity)
        v = pointwiseMin(v.replacing(with: 0, where: .!(v .>= 0)), SIMD4(repeating: 1))  // Color.unit
        v = v * SIMD4(v[3], v[3], v[3], 1) * 255
        // Adding and removing 2⁵² rounds to nearest with ties to even; a tie that went down goes up,
        // as `Color.nearest` rounds halves away from zero.
        let big = SIMD4<Double>(repeating: 0x1p52)
        let nearest = (v + big) - big
        let rounded = nearest.replacing(with: nearest + 1, where: v - nearest .>= 0.5) + big
        let bits = unsafeBitCast(rounded, to: SIMD4<UInt64>.self)
        return PremultipliedRGBA8(
            r: UInt8(truncatingIfNeeded: bits[0]), g: UInt8(truncatingIfNeeded: bits[1]),
            b: UInt8(truncatingIfNeeded: bits[2]), a: UInt8(truncatingIfNeeded: bits[3]))
    }
}
