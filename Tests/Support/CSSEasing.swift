/// An independent reference for timing curves, shared by the tests of the scenes and of the command line.
package enum CSSEasing {
    /// `cubic-bezier(x1, y1, x2, y2)` as CSS Easing Level 1 defines it: the curve from (0, 0) to (1, 1)
    /// with those control points; output is y where the curve's x equals the input. Evaluated with de
    /// Casteljau's construction and solved by bisection on the curve parameter (x is monotone in it for
    /// x1, x2 in 0...1), which shares nothing with the implementation's Newton iteration.
    package static func cubicBezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
        func casteljau(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
            func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * s }
            let a = mix(0, p1)
            let b = mix(p1, p2)
            let c = mix(p2, 1)
            return mix(mix(a, b), mix(b, c))
        }
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        var lo = 0.0
        var hi = 1.0
        for _ in 0..<200 where hi - lo > 1e-16 {
            let mid = (lo + hi) / 2
            if casteljau(x1, x2, mid) < x { lo = mid } else { hi = mid }
        }
        return casteljau(y1, y2, (lo + hi) / 2)
    }
}
