import Foundation
import RevealCore

/// Exact pixel coverage of a disc, from the closed-form area of a disc clipped to a quadrant: no
/// flattening and no sampling, so a growing circle's edge moves smoothly by any sub-pixel amount.
///
/// `rowSpan` says which columns of a row the disc touches and which it covers completely, so callers
/// fill the inside as a run and compute coverage only in the narrow band along the edge.
package struct DiscCoverage: Sendable {
    public let center: Point
    public let radius: Double

    public init(center: Point, radius: Double) {
        self.center = center
        self.radius = max(radius, 0)
    }

    /// Columns of row `y` (clamped to `0..<width`) that the disc touches, and the sub-range it covers
    /// completely (empty when none).
    public func rowSpan(_ y: Int, width: Int) -> (touched: Range<Int>, full: Range<Int>) {
        let top = Double(y) - center.y
        let bottom = top + 1
        let nearest = top > 0 ? top : (bottom < 0 ? -bottom : 0)
        guard radius > 0, nearest < radius else { return (0..<0, 0..<0) }
        let outer = (radius * radius - nearest * nearest).squareRoot()
        let lower = clamp(Int((center.x - outer).rounded(.down)), width)
        let upper = clamp(Int((center.x + outer).rounded(.up)), width)
        let touched = lower..<max(lower, upper)
        let farthest = max(abs(top), abs(bottom))
        guard farthest < radius else { return (touched, lower..<lower) }
        let inner = (radius * radius - farthest * farthest).squareRoot()
        let fullLower = clamp(Int((center.x - inner).rounded(.up)), width)
        let fullUpper = clamp(Int((center.x + inner).rounded(.down)), width)
        return (touched, fullLower < fullUpper ? fullLower..<fullUpper : fullLower..<fullLower)
    }

    /// The same disc, its centre moved by `offset` (into another pixmap's pixels).
    package func moved(by offset: Point) -> DiscCoverage { DiscCoverage(center: center + offset, radius: radius) }

    /// The coverage of pixel (x, y) as a mask level: full inside `full` (the row's span), else its area
    /// rounded as the rasterizer rounds (`Rasterizer.quantize`).
    package func level(x: Int, y: Int, full: Range<Int>) -> UInt8 {
        full.contains(x) ? 255 : Rasterizer.quantize(coverage(x: x, y: y))
    }

    /// The disc's coverage over a `width`×`height` mask whose top-left pixel is (0, 0).
    package func mask(width: Int, height: Int) throws -> Mask {
        var mask = try Mask(width: width, height: height)
        for y in 0..<height {
            let span = rowSpan(y, width: width)
            for x in span.touched { mask.bytes[y * width + x] = level(x: x, y: y, full: span.full) }
        }
        return mask
    }

    /// The covered fraction of pixel (x, y), 0...1.
    public func coverage(x: Int, y: Int) -> Double {
        let x0 = Double(x) - center.x
        let x1 = x0 + 1
        let y0 = Double(y) - center.y
        let y1 = y0 + 1
        let area = quadrant(x1, y1) - quadrant(x0, y1) - quadrant(x1, y0) + quadrant(x0, y0)
        return min(max(area, 0), 1)
    }

    /// Area of the disc (centred at the origin) where x <= a and y <= b.
    private func quadrant(_ a: Double, _ b: Double) -> Double {
        let r = radius
        let right = min(a, r)
        guard right > -r, b > -r else { return 0 }
        if b >= r { return 2 * (chordIntegral(right) - chordIntegral(-r)) }
        let c = (r * r - b * b).squareRoot()
        if b >= 0 {
            // Below b the disc spans its full height outside |x| <= c, and from -s(x) to b inside.
            var area = 2 * (chordIntegral(min(right, -c)) - chordIntegral(-r))
            if right > -c {
                let hi = min(right, c)
                area += b * (hi + c) + chordIntegral(hi) - chordIntegral(-c)
            }
            if right > c { area += 2 * (chordIntegral(right) - chordIntegral(c)) }
            return area
        }
        // b < 0: only |x| < c reaches above -s(x) and below b.
        guard right > -c else { return 0 }
        let hi = min(right, c)
        return b * (hi + c) + chordIntegral(hi) - chordIntegral(-c)
    }

    /// ∫ sqrt(r² − x²) dx from 0 to x, for |x| <= r.
    private func chordIntegral(_ x: Double) -> Double {
        let r = radius
        let x = min(max(x, -r), r)
        return (x * max(r * r - x * x, 0).squareRoot() + r * r * asin(x / r)) / 2
    }

    private func clamp(_ value: Int, _ width: Int) -> Int { min(max(value, 0), width) }
}
