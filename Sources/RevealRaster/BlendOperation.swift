import Foundation
import RevealCore

/// How colors combine with what is already drawn beneath them: a view's `.blendMode` (SwiftUI's `BlendMode`,
/// the cases through `luminosity`, `sourceAtop`, `destinationOver`, `destinationOut`, `plusDarker` and
/// `plusLighter`) and a canvas command's (`GraphicsContext.BlendMode`, Core Graphics' `CGBlendMode`, in its
/// order). The separable and non-separable modes follow W3C Compositing and Blending Level 1 (a blend
/// `B(cb, cs)` inside source-over); `clear`, `copy`, `sourceIn`, `sourceOut`, `sourceAtop`, `destinationOver`,
/// `destinationIn`, `destinationOut`, `destinationAtop` and `xor` are Porter–Duff operators; `plusLighter` is the
/// spec's `plus-lighter` and `plusDarker` Core Graphics' `PlusDarker` (`max(0, 1 − ((1 − D) + (1 − S)))`). On a
/// canvas a drawing's mode acts only where it covers: each pixel becomes the mode's result weighted by the
/// coverage, plus the canvas as it was by the rest, so `clear` and `copy` change only what the path covers.
public enum BlendOperation: String, Equatable, Sendable, CaseIterable {
    /// The drawing over the canvas.
    case normal
    /// As `BlendMode.multiply`.
    case multiply
    /// As `BlendMode.screen`.
    case screen
    /// As `BlendMode.overlay`.
    case overlay
    /// As `BlendMode.darken`.
    case darken
    /// As `BlendMode.lighten`.
    case lighten
    /// As `BlendMode.colorDodge`.
    case colorDodge
    /// As `BlendMode.colorBurn`.
    case colorBurn
    /// As `BlendMode.softLight`.
    case softLight
    /// As `BlendMode.hardLight`.
    case hardLight
    /// As `BlendMode.difference`.
    case difference
    /// As `BlendMode.exclusion`.
    case exclusion
    /// As `BlendMode.hue`.
    case hue
    /// As `BlendMode.saturation`.
    case saturation
    /// As `BlendMode.color`.
    case color
    /// As `BlendMode.luminosity`.
    case luminosity
    /// Nothing left where the drawing covers.
    case clear
    /// The drawing alone where it covers.
    case copy
    /// The drawing where the canvas has alpha.
    case sourceIn
    /// The drawing where the canvas has none.
    case sourceOut
    /// As `BlendMode.sourceAtop`.
    case sourceAtop
    /// As `BlendMode.destinationOver`.
    case destinationOver
    /// The canvas kept where the drawing has alpha.
    case destinationIn
    /// As `BlendMode.destinationOut`: the canvas erased where the drawing is.
    case destinationOut
    /// The canvas over the drawing, only where the drawing is.
    case destinationAtop
    /// Each where the other is not.
    case xor
    /// As `BlendMode.plusDarker`.
    case plusDarker
    /// As `BlendMode.plusLighter`.
    case plusLighter
}

extension Compositor {
    /// Draws `layer` onto `destination` with its top-left corner at (`x`, `y`) in `mode`; the part outside
    /// the destination is left out. Both are premultiplied RGBA8.
    package static func blend(_ layer: Pixmap, mode: BlendOperation, onto destination: inout Pixmap, x: Int, y: Int) {
        let x0 = max(x, 0)
        let y0 = max(y, 0)
        let x1 = min(x + layer.width, destination.width)
        let y1 = min(y + layer.height, destination.height)
        guard x0 < x1, y0 < y1 else { return }
        let width = layer.width
        let destinationWidth = destination.width
        layer.bytes.withUnsafeBufferPointer { from in
            destination.bytes.withUnsafeMutableBufferPointer { to in
                for row in y0..<y1 {
                    var s = 4 * ((row - y) * width + (x0 - x))
                    var d = 4 * (row * destinationWidth + x0)
                    for _ in x0..<x1 {
                        defer {
                            s += 4
                            d += 4
                        }
                        // A transparent source leaves the backdrop as it is in every mode.
                        guard from[s + 3] > 0 else { continue }
                        let k = 1.0 / 255
                        let out = BlendFunction.composite(
                            (
                                Double(from[s]) * k, Double(from[s + 1]) * k, Double(from[s + 2]) * k,
                                Double(from[s + 3]) * k
                            ),
                            over: (
                                Double(to[d]) * k, Double(to[d + 1]) * k, Double(to[d + 2]) * k, Double(to[d + 3]) * k
                            ),
                            mode)
                        to[d] = RGBAColor.nearest(min(max(out.0, 0), 1) * 255)
                        to[d + 1] = RGBAColor.nearest(min(max(out.1, 0), 1) * 255)
                        to[d + 2] = RGBAColor.nearest(min(max(out.2, 0), 1) * 255)
                        to[d + 3] = RGBAColor.nearest(min(max(out.3, 0), 1) * 255)
                    }
                }
            }
        }
    }
}

/// The per-pixel arithmetic of the blend modes, on premultiplied components in 0...1.
package enum BlendFunction {
    package typealias RGBA = (Double, Double, Double, Double)
    package typealias RGB = (Double, Double, Double)

    /// A premultiplied source over a premultiplied backdrop in `mode`.
    package static func composite(_ s: RGBA, over b: RGBA, _ mode: BlendOperation) -> RGBA {
        let (sa, ba) = (s.3, b.3)
        switch mode {
        case .clear: return (0, 0, 0, 0)
        case .copy: return s
        case .sourceIn: return (s.0 * ba, s.1 * ba, s.2 * ba, sa * ba)
        case .sourceOut: return (s.0 * (1 - ba), s.1 * (1 - ba), s.2 * (1 - ba), sa * (1 - ba))
        case .destinationIn: return (b.0 * sa, b.1 * sa, b.2 * sa, ba * sa)
        case .destinationAtop:
            return (b.0 * sa + s.0 * (1 - ba), b.1 * sa + s.1 * (1 - ba), b.2 * sa + s.2 * (1 - ba), sa)
        case .xor:
            return (
                s.0 * (1 - ba) + b.0 * (1 - sa), s.1 * (1 - ba) + b.1 * (1 - sa), s.2 * (1 - ba) + b.2 * (1 - sa),
                sa * (1 - ba) + ba * (1 - sa)
            )
        case .sourceAtop:
            return (s.0 * ba + b.0 * (1 - sa), s.1 * ba + b.1 * (1 - sa), s.2 * ba + b.2 * (1 - sa), ba)
        case .destinationOver:
            return (b.0 + s.0 * (1 - ba), b.1 + s.1 * (1 - ba), b.2 + s.2 * (1 - ba), ba + sa * (1 - ba))
        case .destinationOut:
            return (b.0 * (1 - sa), b.1 * (1 - sa), b.2 * (1 - sa), ba * (1 - sa))
        case .plusLighter:
            return (min(s.0 + b.0, 1), min(s.1 + b.1, 1), min(s.2 + b.2, 1), min(sa + ba, 1))
        case .plusDarker:
            // Premultiplied: the alpha is the sum's, and each channel falls short of it by both shortfalls.
            let a = min(sa + ba, 1)
            func dark(_ sc: Double, _ bc: Double) -> Double { max(0, a - ((ba - bc) + (sa - sc))) }
            return (dark(s.0, b.0), dark(s.1, b.1), dark(s.2, b.2), a)
        default:
            // W3C: co = cs·(1 − ab) + cb·(1 − as) + as·ab·B(Cb, Cs), on straight colors Cs, Cb inside B.
            let cs: RGB = sa > 0 ? (s.0 / sa, s.1 / sa, s.2 / sa) : (0, 0, 0)
            let cb: RGB = ba > 0 ? (b.0 / ba, b.1 / ba, b.2 / ba) : (0, 0, 0)
            let mixed = blend(cb, cs, mode)
            let k = sa * ba
            return (
                s.0 * (1 - ba) + b.0 * (1 - sa) + k * mixed.0, s.1 * (1 - ba) + b.1 * (1 - sa) + k * mixed.1,
                s.2 * (1 - ba) + b.2 * (1 - sa) + k * mixed.2, sa + ba - k
            )
        }
    }

    /// `B(Cb, Cs)` of W3C Compositing and Blending: the mixed color where both are opaque.
    package static func blend(_ cb: RGB, _ cs: RGB, _ mode: BlendOperation) -> RGB {
        func each(_ f: (Double, Double) -> Double) -> RGB { (f(cb.0, cs.0), f(cb.1, cs.1), f(cb.2, cs.2)) }
        switch mode {
        case .multiply: return each { $0 * $1 }
        case .screen: return each(screen)
        case .overlay: return each { b, s in hardLight(s: b, b: s) }
        case .darken: return each { min($0, $1) }
        case .lighten: return each { max($0, $1) }
        case .colorDodge:
            return each { b, s in b == 0 ? 0 : s >= 1 ? 1 : min(1, b / (1 - s)) }
        case .colorBurn:
            return each { b, s in b >= 1 ? 1 : s <= 0 ? 0 : 1 - min(1, (1 - b) / s) }
        case .hardLight: return each { b, s in hardLight(s: s, b: b) }
        case .softLight:
            return each { b, s in
                if s <= 0.5 { return b - (1 - 2 * s) * b * (1 - b) }
                let d = b <= 0.25 ? ((16 * b - 12) * b + 4) * b : b.squareRoot()
                return b + (2 * s - 1) * (d - b)
            }
        case .difference: return each { abs($0 - $1) }
        case .exclusion: return each { b, s in b + s - 2 * b * s }
        case .hue: return setLum(setSat(cs, sat(cb)), lum(cb))
        case .saturation: return setLum(setSat(cb, sat(cs)), lum(cb))
        case .color: return setLum(cs, lum(cb))
        case .luminosity: return setLum(cb, lum(cs))
        case .normal, .clear, .copy, .sourceIn, .sourceOut, .sourceAtop, .destinationOver, .destinationIn,
            .destinationOut, .destinationAtop, .xor, .plusDarker, .plusLighter:
            return cs
        }
    }

    private static func screen(_ b: Double, _ s: Double) -> Double { b + s - b * s }

    private static func hardLight(s: Double, b: Double) -> Double {
        s <= 0.5 ? b * 2 * s : screen(b, 2 * s - 1)
    }

    private static func lum(_ c: RGB) -> Double { 0.3 * c.0 + 0.59 * c.1 + 0.11 * c.2 }

    private static func clipColor(_ c: RGB) -> RGB {
        let l = lum(c)
        let n = min(c.0, c.1, c.2)
        let x = max(c.0, c.1, c.2)
        var out = c
        if n < 0 {
            out = (l + (out.0 - l) * l / (l - n), l + (out.1 - l) * l / (l - n), l + (out.2 - l) * l / (l - n))
        }
        if x > 1 {
            out = (
                l + (out.0 - l) * (1 - l) / (x - l), l + (out.1 - l) * (1 - l) / (x - l),
                l + (out.2 - l) * (1 - l) / (x - l)
            )
        }
        return out
    }

    private static func setLum(_ c: RGB, _ l: Double) -> RGB {
        let d = l - lum(c)
        return clipColor((c.0 + d, c.1 + d, c.2 + d))
    }

    private static func sat(_ c: RGB) -> Double { max(c.0, c.1, c.2) - min(c.0, c.1, c.2) }

    /// The spec's SetSat: the largest component becomes `s`, the smallest 0, the middle one in proportion.
    private static func setSat(_ c: RGB, _ s: Double) -> RGB {
        var v = [c.0, c.1, c.2]
        let order = [0, 1, 2].sorted { v[$0] < v[$1] }
        let (lo, mid, hi) = (order[0], order[1], order[2])
        if v[hi] > v[lo] {
            v[mid] = (v[mid] - v[lo]) * s / (v[hi] - v[lo])
            v[hi] = s
        } else {
            v[mid] = 0
            v[hi] = 0
        }
        v[lo] = 0
        return (v[0], v[1], v[2])
    }
}
