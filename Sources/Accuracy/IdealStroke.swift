import Foundation
import RevealRender

/// An independent reference for stroke coverage: the ideal round-capped, round-joined stroke is every
/// point within `radius` of the polyline, so a pixel's coverage is the length of that set along many
/// horizontal lines through the pixel, each found analytically (a capsule meets a line in one interval).
///
/// Slow and simple on purpose; it shares no code with the stroker or the rasterizer.
public struct IdealStroke: Sendable {
    public let points: [Point]
    public let radius: Double

    public init(points: [Point], radius: Double) {
        self.points = points
        self.radius = radius
    }

    /// Distance from `q` to the polyline.
    public func distance(to q: Point) -> Double {
        var best = Double.infinity
        for i in 0..<points.count {
            let a = points[i]
            let b = points[min(i + 1, points.count - 1)]
            let ab = b - a
            let aq = q - a
            let lengthSquared = ab.x * ab.x + ab.y * ab.y
            let t = lengthSquared == 0 ? 0 : min(max((aq.x * ab.x + aq.y * ab.y) / lengthSquared, 0), 1)
            best = min(best, (q - (a + ab * t)).length)
        }
        return best
    }

    /// Covered fraction of the pixel at (x, y), integrated over `lines` horizontal lines.
    public func coverage(x: Int, y: Int, lines: Int = 256) -> Double {
        let left = Double(x)
        let right = left + 1
        let nearby = segments(near: Point(x: left + 0.5, y: Double(y) + 0.5))
        var total = 0.0
        var intervals: [(Double, Double)] = []
        for k in 0..<lines {
            let yy = Double(y) + (Double(k) + 0.5) / Double(lines)
            intervals.removeAll(keepingCapacity: true)
            for (a, b) in nearby {
                if let interval = capsuleInterval(a, b, at: yy) { intervals.append(interval) }
            }
            intervals.sort { $0.0 < $1.0 }
            var covered = 0.0
            var current: (Double, Double)?
            for interval in intervals {
                if let c = current, interval.0 <= c.1 {
                    current = (c.0, max(c.1, interval.1))
                } else {
                    if let c = current { covered += max(0, min(c.1, right) - max(c.0, left)) }
                    current = interval
                }
            }
            if let c = current { covered += max(0, min(c.1, right) - max(c.0, left)) }
            total += covered
        }
        return total / Double(lines)
    }

    /// The segments (a dot counts as a segment from a point to itself) that can reach the pixel.
    private func segments(near center: Point) -> [(Point, Point)] {
        var result: [(Point, Point)] = []
        let reach = radius + 1
        for i in 0..<points.count {
            let a = points[i]
            let b = points[min(i + 1, points.count - 1)]
            let ab = b - a
            let aq = center - a
            let lengthSquared = ab.x * ab.x + ab.y * ab.y
            let t = lengthSquared == 0 ? 0 : min(max((aq.x * ab.x + aq.y * ab.y) / lengthSquared, 0), 1)
            if (center - (a + ab * t)).length <= reach { result.append((a, b)) }
        }
        return result
    }

    /// Where the horizontal line at `y` meets the capsule around a→b: the hull of its pieces' intervals.
    private func capsuleInterval(_ a: Point, _ b: Point, at y: Double) -> (Double, Double)? {
        var low = Double.infinity
        var high = -Double.infinity
        for c in [a, b] {
            let dy = y - c.y
            let h = radius * radius - dy * dy
            if h >= 0 {
                let s = h.squareRoot()
                low = min(low, c.x - s)
                high = max(high, c.x + s)
            }
        }
        let d = b - a
        let length = d.length
        if length > 0 {
            // The rectangle: points a + d·t + n·u with t in 0...1, |u| <= radius, n the unit normal.
            let n = Point(x: -d.y / length, y: d.x / length)
            let corners = [a + n * radius, b + n * radius, b - n * radius, a - n * radius]
            for i in 0..<4 {
                let p = corners[i]
                let q = corners[(i + 1) % 4]
                if (p.y - y) * (q.y - y) <= 0 && p.y != q.y {
                    let x = p.x + (y - p.y) / (q.y - p.y) * (q.x - p.x)
                    low = min(low, x)
                    high = max(high, x)
                }
            }
        }
        return low <= high ? (low, high) : nil
    }
}
