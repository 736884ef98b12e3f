import Foundation
import RevealCore

/// A point in a view's unit square, as SwiftUI's `UnitPoint`: (0, 0) is top leading, (1, 1) bottom trailing.
public struct RelativePoint: Equatable, Hashable, Sendable {
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
    public static let topLeading = RelativePoint(x: 0, y: 0)
    /// SwiftUI's `.top`: the middle of the top edge, (0.5, 0).
    public static let top = RelativePoint(x: 0.5, y: 0)
    /// SwiftUI's `.topTrailing`: the top-right corner, (1, 0).
    public static let topTrailing = RelativePoint(x: 1, y: 0)
    /// SwiftUI's `.leading`: the middle of the left edge, (0, 0.5).
    public static let leading = RelativePoint(x: 0, y: 0.5)
    /// SwiftUI's `.center`: the middle of the view, (0.5, 0.5).
    public static let center = RelativePoint(x: 0.5, y: 0.5)
    /// SwiftUI's `.trailing`: the middle of the right edge, (1, 0.5).
    public static let trailing = RelativePoint(x: 1, y: 0.5)
    /// SwiftUI's `.bottomLeading`: the bottom-left corner, (0, 1).
    public static let bottomLeading = RelativePoint(x: 0, y: 1)
    /// SwiftUI's `.bottom`: the middle of the bottom edge, (0.5, 1).
    public static let bottom = RelativePoint(x: 0.5, y: 1)
    /// SwiftUI's `.bottomTrailing`: the bottom-right corner, (1, 1).
    public static let bottomTrailing = RelativePoint(x: 1, y: 1)

    /// The nine names SwiftUI gives unit points, for scene files.
    public static let named: [String: RelativePoint] = [
        "topLeading": .topLeading, "top": .top, "topTrailing": .topTrailing,
        "leading": .leading, "center": .center, "trailing": .trailing,
        "bottomLeading": .bottomLeading, "bottom": .bottom, "bottomTrailing": .bottomTrailing,
    ]
}

/// A color at a position along a gradient's axis (0 at the start point, 1 at the end point).
public struct GradientStop: Equatable, Hashable, Sendable {
    /// The color at this stop, straight alpha.
    public var color: RGBAColor
    /// The stop's position along the axis: 0 at the start point, 1 at the end point.
    public var location: Double

    /// A stop of `color` at `location` along the axis (0 at the start point, 1 at the end point).
    public init(color: RGBAColor, location: Double) {
        self.color = color
        self.location = location
    }
}

/// How an image is sized into the view, as SwiftUI's `.resizable()` with a content mode.
public enum ContentFit: String, Equatable, Sendable, CaseIterable {
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
        case color(RGBAColor)
        /// Stops ascending by location; the axis runs between two unit points of the view.
        case linearGradient(stops: [GradientStop], startPoint: RelativePoint, endPoint: RelativePoint)
        /// Circles about a unit point, from the start radius to the end radius (points), as SwiftUI's
        /// `RadialGradient`.
        case radialGradient(stops: [GradientStop], center: RelativePoint, startRadius: Double, endRadius: Double)
        /// Ellipses about a unit point, stretched with the view: radii are fractions of its width and height
        /// (0.5 reaches the edges from the middle), as SwiftUI's `EllipticalGradient`.
        case ellipticalGradient(
            stops: [GradientStop], center: RelativePoint, startRadiusFraction: Double, endRadiusFraction: Double)
        /// A sweep about a unit point from the start angle to the end angle (radians, 0 pointing trailing,
        /// growing clockwise on the screen), as SwiftUI's `AngularGradient`.
        case angularGradient(stops: [GradientStop], center: RelativePoint, startAngle: Double, endAngle: Double)
        /// An image sized into the view by a content mode, as SwiftUI's resizable `Image`.
        case image(Pixmap, ContentFit)
        /// What lies behind, blurred with standard deviation `sigma` points, under `tint`, as SwiftUI's
        /// `Material`. Where nothing behind can be read (a canvas of its own), the tint alone.
        case backdrop(sigma: Double, tint: RGBAColor)
        /// Colors over a grid of points that bends with them, as SwiftUI's `MeshGradient`.
        case meshGradient(MeshGradientPaint)
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
    public static func color(_ color: RGBAColor) -> Paint { Paint(.color(color)) }

    /// A gradient with its colors evenly spaced from start to end, as `LinearGradient(colors:)`.
    public static func linearGradient(_ colors: [RGBAColor], from start: RelativePoint, to end: RelativePoint) -> Paint
    {
        let last = Double(max(colors.count - 1, 1))
        let stops = colors.enumerated().map { GradientStop(color: $0.element, location: Double($0.offset) / last) }
        return Paint(.linearGradient(stops: stops, startPoint: start, endPoint: end))
    }

    /// Fills a `width`×`height` pixmap with this paint, sampling at pixel centres; `scale` pixels a
    /// point (a radial gradient's radii are in points).
    public func render(width: Int, height: Int, scale: Double = 1) throws -> Pixmap {
        try render(
            width: width, height: height, region: PixelBox(x: 0, y: 0, width: width, height: height), scale: scale)
    }

    /// The part `region` of this paint filled into a `width`×`height` view: the same pixels as that
    /// part of `render(width:height:scale:)`, without drawing the rest.
    package func render(width: Int, height: Int, region: PixelBox, scale: Double) throws -> Pixmap {
        switch kind {
        case .color(let color):
            return try Pixmap(width: region.width, height: region.height, fill: color.opacity(opacity).premultiplied)
        case .linearGradient, .radialGradient, .ellipticalGradient, .angularGradient:
            guard let field = GradientField(kind, width: width, height: height, scale: scale) else {
                return try Pixmap(width: region.width, height: region.height)
            }
            let opacity = opacity
            return try GradientField.pictures.value(for: GradientField.PictureKey(field, opacity, region)) {
                try field.picture(region: region, opacity: opacity)
            }
        case .image(let image, let mode):
            var pixmap = try Pixmap(width: region.width, height: region.height)
            renderImage(image, mode, width: width, height: height, region: region, into: &pixmap)
            return pixmap
        case .backdrop(_, let tint):
            return try Pixmap(width: region.width, height: region.height, fill: tint.opacity(opacity).premultiplied)
        case .meshGradient(let mesh):
            return try mesh.picture(viewWidth: width, viewHeight: height, region: region, opacity: opacity)
        }
    }

    /// One color per row when every row of the rendered paint is a single color: solid colors, and
    /// gradients whose axis is vertical (isolines horizontal). Nil otherwise.
    public func rowColors(width: Int, height: Int) -> [PremultipliedRGBA8]? {
        switch kind {
        case .color(let color):
            return [PremultipliedRGBA8](repeating: color.opacity(opacity).premultiplied, count: height)
        case .linearGradient(_, let start, let end) where start.x == end.x:
            guard let axis = GradientField(kind, width: width, height: height, scale: 1) else { return nil }
            return (0..<height).map { axis.color(x: 0, y: $0, opacity: opacity) }
        default:
            return nil
        }
    }

    /// Bilinear resampling of premultiplied pixels, centred, clear outside the placed image.
    private func renderImage(
        _ image: Pixmap, _ mode: ContentFit, width viewWidth: Int, height viewHeight: Int,
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
        let alpha = UInt32(RGBAColor.level(opacity))
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

/// A gradient placed in a view, as Core Graphics draws SwiftUI's gradients: a position `t` for each pixel
/// centre (along an axis, out from a centre, or around it), both ends extended, components interpolated in
/// gamma-encoded sRGB with straight alpha, then premultiplied.
package struct GradientField: Hashable, Sendable {
    /// How a pixel's position along the gradient is found, in view pixels.
    package enum Geometry: Hashable, Sendable {
        /// Isolines perpendicular to the axis from (sx, sy) by (dx, dy).
        case axial(sx: Double, sy: Double, dx: Double, dy: Double, lengthSquared: Double)
        /// Ellipses about (cx, cy): the distance after scaling x by `unitX` and y by `unitY`, from `r0` to `r1`.
        case radial(cx: Double, cy: Double, unitX: Double, unitY: Double, r0: Double, r1: Double)
        /// The angle about (cx, cy), clockwise from the trailing direction, from `start` over `span` radians.
        case angular(cx: Double, cy: Double, start: Double, span: Double)
    }

    package let stops: [GradientStop]
    package let geometry: Geometry
    /// Maps pixel centres into the space the geometry is in (a canvas's user space); nil: the same space.
    package var toGradient: PlaneTransform?
    /// How positions past the ends are folded back; `.pad` leaves them to take the end colors.
    package var spread: CanvasGradient.Spread = .pad

    /// A field of `stops` over `geometry`, pixel centres mapped by `toGradient` first.
    package init(stops: [GradientStop], geometry: Geometry, toGradient: PlaneTransform?, spread: CanvasGradient.Spread)
    {
        self.stops = stops
        self.geometry = geometry
        self.toGradient = toGradient
        self.spread = spread
    }

    /// The field of a gradient `kind` over a `width`×`height` view at `scale` pixels a point; nil for a
    /// paint that is not a gradient.
    package init?(_ kind: Paint.Kind, width: Int, height: Int, scale: Double) {
        let w = Double(width)
        let h = Double(height)
        switch kind {
        case .linearGradient(let stops, let start, let end):
            self.stops = stops
            let (sx, sy) = (start.x * w, start.y * h)
            let (dx, dy) = (end.x * w - sx, end.y * h - sy)
            geometry = .axial(sx: sx, sy: sy, dx: dx, dy: dy, lengthSquared: dx * dx + dy * dy)
        case .radialGradient(let stops, let center, let startRadius, let endRadius):
            self.stops = stops
            geometry = .radial(
                cx: center.x * w, cy: center.y * h, unitX: 1 / scale, unitY: 1 / scale, r0: startRadius,
                r1: endRadius)
        case .ellipticalGradient(let stops, let center, let startFraction, let endFraction):
            self.stops = stops
            geometry = .radial(
                cx: center.x * w, cy: center.y * h, unitX: 1 / w, unitY: 1 / h, r0: startFraction, r1: endFraction)
        case .angularGradient(let stops, let center, let startAngle, let endAngle):
            self.stops = stops
            geometry = .angular(cx: center.x * w, cy: center.y * h, start: startAngle, span: endAngle - startAngle)
        case .color, .image, .backdrop, .meshGradient:
            return nil
        }
    }

    /// The pixels of `region` (view pixels) at `opacity`. Rows are independent, so bands of them are drawn
    /// on all cores: a full-screen gradient is most of a scene's set-up time.
    package func picture(region: PixelBox, opacity: Double) throws -> Pixmap {
        var pixmap = try Pixmap(width: region.width, height: region.height)
        let (columns, rows) = (region.width, region.height)
        let bands = min(rows, 4 * max(1, ProcessInfo.processInfo.activeProcessorCount))
        pixmap.bytes.withUnsafeMutableBufferPointer { out in
            let out = UnsafeSendable(out)
            DispatchQueue.concurrentPerform(iterations: bands) { band in
                var positions = [Double](repeating: 0, count: columns)
                for y in rows * band / bands..<rows * (band + 1) / bands {
                    let row = UnsafeMutableBufferPointer(
                        rebasing: out.value[(y * columns * 4)..<((y + 1) * columns * 4)])
                    fill(
                        row, y: y + region.y, columns: region.x..<region.x + columns, opacity: opacity,
                        positions: &positions)
                }
            }
        }
        return pixmap
    }

    /// A gradient's pixels depend on its field, its opacity and the part of the view drawn, and on nothing else.
    package struct PictureKey: Hashable {
        let field: GradientField
        let opacity: Double
        let region: PixelBox

        init(_ field: GradientField, _ opacity: Double, _ region: PixelBox) {
            self.field = field
            self.opacity = opacity
            self.region = region
        }
    }

    /// The gradient pictures drawn in this process.
    package static let pictures = RenderCache<PictureKey, Pixmap>(limit: 48 << 20) { _, picture in picture.bytes.count }

    /// The color at the centre of pixel (x, y).
    package func color(x: Int, y: Int, opacity: Double) -> PremultipliedRGBA8 {
        var position = [0.0]
        position.withUnsafeMutableBufferPointer { positions(into: $0, y: y, columns: x..<x + 1) }
        return stops.withUnsafeBufferPointer { GradientField.color($0, at: position[0], opacity: opacity) }
    }

    /// Pixels `columns` of row `y` into `row` (four bytes a pixel), as `color(x:y:opacity:)` gives them.
    /// A full-screen gradient is most of a scene's set-up time, so the positions along the gradient are
    /// worked out first, in a loop the compiler vectorises, into `positions` (at least `columns.count`
    /// long), and the stops are read without copies or checks.
    package func fill(
        _ row: UnsafeMutableBufferPointer<UInt8>, y: Int, columns: Range<Int>, opacity: Double,
        positions: inout [Double]
    ) {
        let count = min(columns.count, row.count / 4, positions.count)
        positions.withUnsafeMutableBufferPointer { positions in
            self.positions(into: positions, y: y, columns: columns.lowerBound..<columns.lowerBound + count)
            stops.withUnsafeBufferPointer { stops in
                guard let first = stops.first, let last = stops.last else { return }
                let before = first.color.opacity(opacity).premultiplied
                let after = last.color.opacity(opacity).premultiplied
                if case .axial(_, _, let dx, let dy, _) = geometry, count > 0,
                    (toGradient?.a ?? 1) * dx + (toGradient?.b ?? 0) * dy == 0
                {
                    // The row runs along an isoline (a vertical axis): one position, so one color, along it.
                    let t = positions[0]
                    let c =
                        !(t > first.location)
                        ? before : t >= last.location ? after : GradientField.colorWide(stops, at: t, opacity: opacity)
                    for i in 0..<count {
                        (row[4 * i], row[4 * i + 1], row[4 * i + 2], row[4 * i + 3]) = (c.r, c.g, c.b, c.a)
                    }
                    return
                }
                for i in 0..<count {
                    let t = positions[i]
                    let c =
                        !(t > first.location)
                        ? before : t >= last.location ? after : GradientField.colorWide(stops, at: t, opacity: opacity)
                    (row[4 * i], row[4 * i + 1], row[4 * i + 2], row[4 * i + 3]) = (c.r, c.g, c.b, c.a)
                }
            }
        }
    }

    /// Where the centres of pixels `columns` of row `y` lie along the gradient (0 at its start, 1 at its
    /// end), into `out`; NaN where the gradient has no length.
    private func positions(into out: UnsafeMutableBufferPointer<Double>, y: Int, columns: Range<Int>) {
        // The row's pixel centres are a line of points: the first, then a step a column (exact whole and
        // half pixels when unmapped).
        let first = Point(x: Double(columns.lowerBound) + 0.5, y: Double(y) + 0.5)
        let (px, py) = toGradient.map { ($0.apply(first).x, $0.apply(first).y) } ?? (first.x, first.y)
        let (stepX, stepY) = toGradient.map { ($0.a, $0.b) } ?? (1, 0)
        switch geometry {
        case .axial(let sx, let sy, let dx, let dy, let lengthSquared):
            for i in 0..<columns.count {
                let k = Double(i)
                out[i] = ((px + k * stepX - sx) * dx + (py + k * stepY - sy) * dy) / lengthSquared
            }
        case .radial(let cx, let cy, let unitX, let unitY, let r0, let r1):
            for i in 0..<columns.count {
                let k = Double(i)
                let u = (px + k * stepX - cx) * unitX
                let v = (py + k * stepY - cy) * unitY
                out[i] = ((u * u + v * v).squareRoot() - r0) / (r1 - r0)
            }
        case .angular(let cx, let cy, let start, let span):
            for i in 0..<columns.count {
                let k = Double(i)
                out[i] = GradientField.sweep(atan2(py + k * stepY - cy, px + k * stepX - cx), start: start, span: span)
            }
        }
        switch spread {
        case .pad: break
        case .repeat:
            for i in 0..<columns.count where out[i].isFinite { out[i] -= out[i].rounded(.down) }
        case .mirror:
            for i in 0..<columns.count where out[i].isFinite {
                let t = abs(out[i]).truncatingRemainder(dividingBy: 2)
                out[i] = t > 1 ? 2 - t : t
            }
        }
    }

    /// The position of `angle` in a sweep of `span` radians from `start`, as SwiftUI's `AngularGradient`
    /// documents it: past a whole turn only the last turn is drawn; short of one, the gap takes the end
    /// color up to its middle and the start color after it.
    package static func sweep(_ angle: Double, start: Double, span: Double) -> Double {
        let turn = 2 * Double.pi
        guard span.isFinite, start.isFinite, span != 0 else { return .nan }
        if abs(span) >= turn {
            // The last turn: the angle measured from a turn before the end.
            let from = start + span - (span > 0 ? turn : -turn)
            var d = (angle - from).truncatingRemainder(dividingBy: turn)
            if span > 0 { if d < 0 { d += turn } } else { if d > 0 { d -= turn } }
            return (from + d - start) / span
        }
        var d = (angle - start).truncatingRemainder(dividingBy: turn)
        if span > 0 { if d < 0 { d += turn } } else { if d > 0 { d -= turn } }
        if abs(d) <= abs(span) { return d / span }
        // In the gap: the end color over its first half, the start color over the rest.
        let gap = turn - abs(span)
        return (abs(d) - abs(span)) < gap / 2 ? 1 : 0
    }

    /// The color at `t` along the axis, the ends extended; the first stop's when `t` is NaN.
    @inline(__always)
    private static func color(_ stops: UnsafeBufferPointer<GradientStop>, at t: Double, opacity: Double)
        -> PremultipliedRGBA8
    {
        guard let first = stops.first, let last = stops.last else { return .transparent }
        var color: RGBAColor
        if !(t > first.location) {
            color = first.color
        } else if t >= last.location {
            color = last.color
        } else {
            let (a, b, f) = between(stops, at: t)
            color = RGBAColor(
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
