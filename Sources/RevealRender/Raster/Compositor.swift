/// Porter-Duff compositing of premultiplied 8-bit pixels, row by row.
///
/// All products of two 8-bit quantities are rounded to nearest (`multiply`), so results do not drift
/// darker as layers stack up, and every operation is exact integer arithmetic: deterministic.
public enum Compositor {
    /// `a·b/255` rounded to nearest, for a and b in 0...255.
    @inline(__always)
    public static func multiply(_ a: UInt32, _ b: UInt32) -> UInt32 {
        let t = a * b + 128
        return (t + (t >> 8)) >> 8
    }

    /// Source-over: `dst = src·f + dst·(1 − src.a·f)` for the rows given, where the source is
    /// scaled per pixel by `mask` (when given) and by `opacity` (0...255).
    public static func sourceOver(_ source: Pixmap, mask: Mask? = nil, opacity: UInt8 = 255,
                                  onto destination: inout Pixmap, rows: RowRange) {
        precondition(source.width == destination.width && source.height == destination.height)
        let rows = rows.clamped(to: destination.height)
        guard !rows.isEmpty, opacity > 0 else { return }
        let width = destination.width
        source.bytes.withUnsafeBufferPointer { src in
            destination.bytes.withUnsafeMutableBufferPointer { dst in
                for y in rows.lower..<rows.upper {
                    let start = y * width
                    let bytes = start * 4..<(start + width) * 4
                    let srcRow = UnsafeBufferPointer(rebasing: src[bytes])
                    let dstRow = UnsafeMutableBufferPointer(rebasing: dst[bytes])
                    if let mask {
                        mask.bytes.withUnsafeBufferPointer { m in
                            sourceOver(srcRow, coverage: UnsafeBufferPointer(rebasing: m[start..<start + width]),
                                       opacity: opacity, onto: dstRow)
                        }
                    } else {
                        sourceOver(srcRow, coverage: nil, opacity: opacity, onto: dstRow)
                    }
                }
            }
        }
    }

    /// Source-over of `source` (its rows `rows`, all by default) with its top-left corner at (x, y) of
    /// `destination`, scaled per pixel by `mask` (same size as `source`) when given. The source must
    /// fit inside the destination.
    public static func draw(_ source: Pixmap, mask: Mask? = nil, onto destination: inout Pixmap, x: Int, y: Int,
                            rows: RowRange? = nil) {
        precondition(x >= 0 && y >= 0 && x + source.width <= destination.width && y + source.height <= destination.height)
        precondition(mask.map { $0.width == source.width && $0.height == source.height } ?? true)
        let rows = (rows ?? RowRange(0, source.height)).clamped(to: source.height)
        let rowBytes = source.width * 4, width = destination.width
        source.bytes.withUnsafeBufferPointer { src in
            destination.bytes.withUnsafeMutableBufferPointer { dst in
                for row in rows.lower..<rows.upper {
                    let target = ((row + y) * width + x) * 4
                    let srcRow = UnsafeBufferPointer(rebasing: src[row * rowBytes..<(row + 1) * rowBytes])
                    let dstRow = UnsafeMutableBufferPointer(rebasing: dst[target..<target + rowBytes])
                    if let mask {
                        mask.bytes.withUnsafeBufferPointer { m in
                            sourceOver(srcRow, coverage: UnsafeBufferPointer(rebasing: m[row * source.width..<(row + 1) * source.width]),
                                       opacity: 255, onto: dstRow)
                        }
                    } else {
                        sourceOver(srcRow, coverage: nil, opacity: 255, onto: dstRow)
                    }
                }
            }
        }
    }

    /// Source-over of one color through a coverage mask, for the rows given.
    public static func fill(_ color: PremultipliedRGBA8, mask: Mask, onto destination: inout Pixmap, rows: RowRange) {
        precondition(mask.width == destination.width && mask.height == destination.height)
        let rows = rows.clamped(to: destination.height)
        guard !rows.isEmpty else { return }
        let width = destination.width
        var source = [UInt8](repeating: 0, count: width * 4)
        for x in 0..<width {
            source[x * 4] = color.r; source[x * 4 + 1] = color.g; source[x * 4 + 2] = color.b; source[x * 4 + 3] = color.a
        }
        source.withUnsafeBufferPointer { src in
            mask.bytes.withUnsafeBufferPointer { m in
                destination.bytes.withUnsafeMutableBufferPointer { dst in
                    for y in rows.lower..<rows.upper {
                        sourceOver(src, coverage: UnsafeBufferPointer(rebasing: m[y * width..<(y + 1) * width]), opacity: 255,
                                   onto: UnsafeMutableBufferPointer(rebasing: dst[y * width * 4..<(y + 1) * width * 4]))
                    }
                }
            }
        }
    }

    /// The hot loop: source-over of a run of pixels (`dst.count / 4` of them, 4 bytes each), each
    /// source pixel scaled by `coverage[i]` (full when nil) and by `opacity`.
    @inline(__always)
    public static func sourceOver(_ src: UnsafeBufferPointer<UInt8>, coverage: UnsafeBufferPointer<UInt8>?,
                                  opacity: UInt8, onto dst: UnsafeMutableBufferPointer<UInt8>) {
        let o = UInt32(opacity)
        for p in 0..<dst.count / 4 {
            var f = o
            if let coverage {
                f = multiply(UInt32(coverage[p]), o)
                if f == 0 { continue }
            }
            let i = p * 4
            var sr = UInt32(src[i]), sg = UInt32(src[i + 1]), sb = UInt32(src[i + 2]), sa = UInt32(src[i + 3])
            if f != 255 {
                sr = multiply(sr, f); sg = multiply(sg, f); sb = multiply(sb, f); sa = multiply(sa, f)
            }
            if sa == 255 {
                dst[i] = UInt8(sr); dst[i + 1] = UInt8(sg); dst[i + 2] = UInt8(sb); dst[i + 3] = 255
            } else if sa != 0 {
                let inverse = 255 - sa
                dst[i] = UInt8(sr + multiply(UInt32(dst[i]), inverse))
                dst[i + 1] = UInt8(sg + multiply(UInt32(dst[i + 1]), inverse))
                dst[i + 2] = UInt8(sb + multiply(UInt32(dst[i + 2]), inverse))
                dst[i + 3] = UInt8(sa + multiply(UInt32(dst[i + 3]), inverse))
            }
        }
    }

    /// Destination-out of an alpha mask: `result = destination·(1 − coverage)` for the rows given.
    /// Writes into `result`, which may be a different mask from `destination` (or the same one).
    public static func destinationOut(_ coverage: Mask, from destination: Mask, into result: inout Mask, rows: RowRange) {
        precondition(coverage.width == destination.width && destination.width == result.width)
        let rows = rows.clamped(to: result.height)
        guard !rows.isEmpty else { return }
        let range = rows.lower * result.width..<rows.upper * result.width
        coverage.bytes.withUnsafeBufferPointer { c in
            destination.bytes.withUnsafeBufferPointer { d in
                result.bytes.withUnsafeMutableBufferPointer { r in
                    for i in range {
                        r[i] = UInt8(multiply(UInt32(d[i]), 255 - UInt32(c[i])))
                    }
                }
            }
        }
    }
}
