import Foundation
import RevealCore

/// Porter-Duff compositing of premultiplied 8-bit pixels, row by row.
///
/// All products of two 8-bit quantities are rounded to nearest (`multiply`), so results do not drift
/// darker as layers stack up, and every operation is exact integer arithmetic: deterministic.
package enum Compositor {
    /// `a·b/255` rounded to nearest, for a and b in 0...255.
    @inline(__always)
    public static func multiply(_ a: UInt32, _ b: UInt32) -> UInt32 {
        let t = a * b + 128
        return (t + (t >> 8)) >> 8
    }

    /// Source-over: `dst = src·f + dst·(1 − src.a·f)` for the rows given (and `columns` of them, all by
    /// default), where the source is scaled per pixel by `mask` (when given) and by `opacity` (0...255).
    /// With `base` (the destination's size), the destination's pixels there are first replaced by
    /// `base`'s, in the same pass: drawing a layer over a kept background costs no separate copy.
    public static func sourceOver(
        _ source: Pixmap, mask: Mask? = nil, opacity: UInt8 = 255, over base: Pixmap? = nil,
        onto destination: inout Pixmap, rows: RowRange, columns: Range<Int>? = nil
    ) {
        guard source.width == destination.width && source.height == destination.height else { return }
        let rows = rows.clamped(to: destination.height)
        let width = destination.width
        let columns = (columns ?? 0..<width).clamped(to: 0..<width)
        guard !rows.isEmpty, !columns.isEmpty else { return }
        if let mask, mask.width != width || mask.height != destination.height { return }
        if let base {
            guard base.width == width && base.height == destination.height else { return }
            guard opacity > 0 else {
                return destination.copy(base, x: 0, y: 0, rows: rows.lower..<rows.upper, columns: columns)
            }
        }
        guard opacity > 0 else { return }
        source.bytes.withUnsafeBufferPointer { src in
            (base?.bytes ?? []).withUnsafeBufferPointer { under in
                destination.bytes.withUnsafeMutableBufferPointer { dst in
                    for y in rows.lower..<rows.upper {
                        let start = y * width + columns.lowerBound
                        let end = y * width + columns.upperBound
                        let bytes = start * 4..<end * 4
                        let srcRow = UnsafeBufferPointer(rebasing: src[bytes])
                        let dstRow = UnsafeMutableBufferPointer(rebasing: dst[bytes])
                        let underRow = base == nil ? nil : UnsafeBufferPointer(rebasing: under[bytes])
                        if let mask {
                            mask.bytes.withUnsafeBufferPointer { m in
                                sourceOver(
                                    srcRow, coverage: UnsafeBufferPointer(rebasing: m[start..<end]),
                                    opacity: opacity, over: underRow, onto: dstRow)
                            }
                        } else {
                            sourceOver(srcRow, coverage: nil, opacity: opacity, over: underRow, onto: dstRow)
                        }
                    }
                }
            }
        }
    }

    /// Source-over of `source` (its rows `rows`, all by default) with its top-left corner at (x, y) of
    /// `destination`, scaled per pixel by `mask` (same size as `source`) when given. The source must
    /// fit inside the destination.
    public static func draw(
        _ source: Pixmap, mask: Mask? = nil, opacity: UInt8 = 255, onto destination: inout Pixmap, x: Int, y: Int,
        rows: RowRange? = nil
    ) {
        guard x >= 0 && y >= 0 && x + source.width <= destination.width && y + source.height <= destination.height,
            mask.map({ $0.width == source.width && $0.height == source.height }) ?? true
        else { return }
        let rows = (rows ?? RowRange(0, source.height)).clamped(to: source.height)
        let rowBytes = source.width * 4
        let width = destination.width
        source.bytes.withUnsafeBufferPointer { src in
            destination.bytes.withUnsafeMutableBufferPointer { dst in
                for row in rows.lower..<rows.upper {
                    let target = ((row + y) * width + x) * 4
                    let srcRow = UnsafeBufferPointer(rebasing: src[row * rowBytes..<(row + 1) * rowBytes])
                    let dstRow = UnsafeMutableBufferPointer(rebasing: dst[target..<target + rowBytes])
                    if let mask {
                        mask.bytes.withUnsafeBufferPointer { m in
                            sourceOver(
                                srcRow,
                                coverage: UnsafeBufferPointer(
                                    rebasing: m[row * source.width..<(row + 1) * source.width]),
                                opacity: opacity, onto: dstRow)
                        }
                    } else {
                        sourceOver(srcRow, coverage: nil, opacity: opacity, onto: dstRow)
                    }
                }
            }
        }
    }

    /// Source-over of one color through a coverage mask, for the rows given (and `columns` of them, all by
    /// default).
    public static func fill(
        _ color: PremultipliedRGBA8, mask: Mask, onto destination: inout Pixmap, rows: RowRange,
        columns: Range<Int>? = nil
    ) {
        guard mask.width == destination.width && mask.height == destination.height else { return }
        let rows = rows.clamped(to: destination.height)
        let width = destination.width
        let columns = (columns ?? 0..<width).clamped(to: 0..<width)
        guard !rows.isEmpty, !columns.isEmpty else { return }
        let (left, right) = (columns.lowerBound, columns.upperBound)
        solidRow(color, count: columns.count).withUnsafeBufferPointer { src in
            mask.bytes.withUnsafeBufferPointer { m in
                destination.bytes.withUnsafeMutableBufferPointer { dst in
                    for y in rows.lower..<rows.upper {
                        sourceOver(
                            src, coverage: UnsafeBufferPointer(rebasing: m[y * width + left..<y * width + right]),
                            opacity: 255,
                            onto: UnsafeMutableBufferPointer(
                                rebasing: dst[(y * width + left) * 4..<(y * width + right) * 4]))
                    }
                }
            }
        }
    }

    /// Source-over of `columns` of row `row` of `source` (placed with its top-left corner at (x, y) of
    /// the destination), scaled by the same part of `mask` (the source's size) when given and by
    /// `opacity`. What falls outside the destination is skipped.
    package static func drawSpan(
        _ source: Pixmap, row: Int, columns: Range<Int>, mask: Mask?, opacity: UInt8,
        onto destination: inout Pixmap, x: Int, y: Int
    ) {
        let columns = columns.clamped(to: max(0, -x)..<min(source.width, destination.width - x))
        guard row >= 0, row < source.height, row + y >= 0, row + y < destination.height, !columns.isEmpty,
            mask.map({ $0.width == source.width && $0.height == source.height }) ?? true
        else { return }
        let start = (row * source.width + columns.lowerBound) * 4
        let count = columns.count
        let target = ((row + y) * destination.width + x + columns.lowerBound) * 4
        source.bytes.withUnsafeBufferPointer { src in
            destination.bytes.withUnsafeMutableBufferPointer { dst in
                let srcSpan = UnsafeBufferPointer(rebasing: src[start..<start + count * 4])
                let dstSpan = UnsafeMutableBufferPointer(rebasing: dst[target..<target + count * 4])
                if let mask {
                    mask.bytes.withUnsafeBufferPointer { m in
                        let first = row * source.width + columns.lowerBound
                        sourceOver(
                            srcSpan, coverage: UnsafeBufferPointer(rebasing: m[first..<first + count]),
                            opacity: opacity, onto: dstSpan)
                    }
                } else {
                    sourceOver(srcSpan, coverage: nil, opacity: opacity, onto: dstSpan)
                }
            }
        }
    }

    /// Source-over of one color through `mask` placed with its top-left corner at `at` of the
    /// destination; what falls outside the destination is skipped.
    package static func fill(
        _ color: PremultipliedRGBA8, mask: Mask, at: (x: Int, y: Int), onto destination: inout Pixmap
    ) {
        var row = solidRow(color, count: mask.width)
        blend(mask: mask, at: at, onto: &destination, row: &row) { _, _, _ in }
    }

    /// Source-over of `picture` placed at `at`, through `mask` placed at `maskAt`: where the mask
    /// reaches past the picture, the picture's edge pixels extend (a glyph's overshoot past its text
    /// frame keeps the frame's gradient).
    package static func draw(
        _ picture: Pixmap, at: (x: Int, y: Int), mask: Mask, maskAt: (x: Int, y: Int), onto destination: inout Pixmap
    ) {
        var row = [UInt8](repeating: 0, count: mask.width * 4)
        let dx = maskAt.x - at.x
        blend(mask: mask, at: maskAt, onto: &destination, row: &row) { y, columns, row in
            let sy = min(max(y + maskAt.y - at.y, 0), picture.height - 1)
            // The columns over the picture are one copy; those past its left or right edge take its edge pixel.
            let left = columns.lowerBound..<min(max(-dx, columns.lowerBound), columns.upperBound)
            let right = max(min(picture.width - dx, columns.upperBound), left.upperBound)..<columns.upperBound
            picture.bytes.withUnsafeBufferPointer { src in
                row.withUnsafeMutableBufferPointer { out in
                    let line = sy * picture.width
                    if left.upperBound < right.lowerBound {
                        let from = (line + left.upperBound + dx) * 4
                        _ = UnsafeMutableBufferPointer(rebasing: out[left.upperBound * 4..<right.lowerBound * 4])
                            .update(fromContentsOf: src[from..<from + (right.lowerBound - left.upperBound) * 4])
                    }
                    for x in left { for c in 0..<4 { out[x * 4 + c] = src[line * 4 + c] } }
                    for x in right { for c in 0..<4 { out[x * 4 + c] = src[(line + picture.width - 1) * 4 + c] } }
                }
            }
        }
    }

    /// Source-over of `row` (one mask row's source pixels, refilled by `fill(maskRow, columns, &row)`)
    /// through each row of `mask` placed at `at` that lands in the destination.
    private static func blend(
        mask: Mask, at: (x: Int, y: Int), onto destination: inout Pixmap, row: inout [UInt8],
        fill: (Int, Range<Int>, inout [UInt8]) -> Void
    ) {
        let columns = max(0, -at.x)..<min(mask.width, destination.width - at.x)
        let rows = max(0, -at.y)..<min(mask.height, destination.height - at.y)
        guard !columns.isEmpty, !rows.isEmpty else { return }
        let width = destination.width
        for y in rows {
            fill(y, columns, &row)
            row.withUnsafeBufferPointer { src in
                mask.bytes.withUnsafeBufferPointer { m in
                    destination.bytes.withUnsafeMutableBufferPointer { dst in
                        let start = ((y + at.y) * width + columns.lowerBound + at.x) * 4
                        sourceOver(
                            UnsafeBufferPointer(rebasing: src[columns.lowerBound * 4..<columns.upperBound * 4]),
                            coverage: UnsafeBufferPointer(
                                rebasing: m[y * mask.width + columns.lowerBound..<y * mask.width + columns.upperBound]),
                            opacity: 255,
                            onto: UnsafeMutableBufferPointer(rebasing: dst[start..<start + columns.count * 4]))
                    }
                }
            }
        }
    }

    /// The hot loop: source-over of a run of pixels (`dst.count / 4` of them, 4 bytes each), each
    /// source pixel scaled by `coverage[i]` (full when nil) and by `opacity`. Optimised builds take
    /// the wide loop; debug builds the scalar one, since unoptimised SIMD code is a hundred times
    /// slower (the tests check that the two agree).
    /// With `under` (as long as `dst`), `dst` is first made a copy of it, in the same pass.
    @inline(__always)
    public static func sourceOver(
        _ src: UnsafeBufferPointer<UInt8>, coverage: UnsafeBufferPointer<UInt8>?,
        opacity: UInt8, over under: UnsafeBufferPointer<UInt8>? = nil, onto dst: UnsafeMutableBufferPointer<UInt8>
    ) {
        #if DEBUG
            if let under { _ = dst.update(fromContentsOf: under.prefix(dst.count)) }
            sourceOverScalar(src, coverage: coverage, opacity: opacity, onto: dst)
        #else
            sourceOverWide(src, coverage: coverage, opacity: opacity, over: under, onto: dst)
        #endif
    }

    /// Source-over of a run four pixels at a time in 16-bit lanes, without branches:
    /// `dst = src·f + dst·(255 − src.a·f)` with every product rounded by `multiply`, which for
    /// premultiplied sources (no channel above alpha) is exactly what `sourceOverScalar` computes.
    /// Four clear coverage values skip their pixels (copying `under`'s, when given, which stands for
    /// the destination's old pixels); the last few pixels go through the scalar loop.
    @inline(__always)
    package static func sourceOverWide(
        _ src: UnsafeBufferPointer<UInt8>, coverage: UnsafeBufferPointer<UInt8>?,
        opacity: UInt8, over under: UnsafeBufferPointer<UInt8>? = nil, onto dst: UnsafeMutableBufferPointer<UInt8>
    ) {
        var pixels = min(dst.count, src.count) / 4
        if let coverage { pixels = min(pixels, coverage.count) }
        if let under { pixels = min(pixels, under.count / 4) }
        var p = 0
        #if _endian(little)
            if let s = src.baseAddress, let d = dst.baseAddress {
                let o = SIMD16<UInt16>(repeating: UInt16(opacity))
                let old = UnsafeRawPointer(under?.baseAddress ?? UnsafePointer(d))
                let alphaBits = SIMD4<UInt32>(repeating: 0xFF00_0000)
                while p + 4 <= pixels {
                    // Four opaque pixels wholly drawn are copied, four clear ones leave the destination:
                    // what the arithmetic below gives for them (it divides by 255 exactly).
                    let sourceAlphas = UnsafeRawPointer(s + 4 * p).loadUnaligned(as: SIMD4<UInt32>.self) & alphaBits
                    let whole = coverage.map { UnsafeRawPointer($0.baseAddress! + p).loadUnaligned(as: UInt32.self) }
                    if opacity == 255, whole == nil || whole == 0xFFFF_FFFF, sourceAlphas == alphaBits {
                        UnsafeMutableRawPointer(d + 4 * p).storeBytes(
                            of: UnsafeRawPointer(s + 4 * p).loadUnaligned(as: SIMD16<UInt8>.self),
                            as: SIMD16<UInt8>.self)
                        p += 4
                        continue
                    }
                    if sourceAlphas == .zero {
                        if under != nil {
                            UnsafeMutableRawPointer(d + 4 * p).storeBytes(
                                of: old.loadUnaligned(fromByteOffset: 4 * p, as: SIMD16<UInt8>.self),
                                as: SIMD16<UInt8>.self)
                        }
                        p += 4
                        continue
                    }
                    var f = o
                    if let c = coverage?.baseAddress {
                        let four = UnsafeRawPointer(c + p).loadUnaligned(as: UInt32.self)
                        if four == 0 {
                            if under != nil {
                                UnsafeMutableRawPointer(d + 4 * p).storeBytes(
                                    of: old.loadUnaligned(fromByteOffset: 4 * p, as: SIMD16<UInt8>.self),
                                    as: SIMD16<UInt8>.self)
                            }
                            p += 4
                            continue
                        }
                        f = multiply(lanes(four), o)
                    }
                    let scaled = multiply(widen(UnsafeRawPointer(s + 4 * p)), f)
                    let below = multiply(widen(old + 4 * p), 255 &- alphas(scaled))
                    UnsafeMutableRawPointer(d + 4 * p).storeBytes(
                        of: SIMD16<UInt8>(truncatingIfNeeded: scaled &+ below), as: SIMD16<UInt8>.self)
                    p += 4
                }
            }
        #endif
        guard p < pixels else { return }
        if let under {
            _ = UnsafeMutableBufferPointer(rebasing: dst[4 * p..<4 * pixels]).update(
                fromContentsOf: under[4 * p..<4 * pixels])
        }
        sourceOverScalar(
            UnsafeBufferPointer(rebasing: src[4 * p..<4 * pixels]),
            coverage: coverage.map { UnsafeBufferPointer(rebasing: $0[p..<pixels]) }, opacity: opacity,
            onto: UnsafeMutableBufferPointer(rebasing: dst[4 * p..<4 * pixels]))
    }

    /// `multiply` in every lane.
    @inline(__always)
    package static func multiply(_ a: SIMD16<UInt16>, _ b: SIMD16<UInt16>) -> SIMD16<UInt16> {
        let t = a &* b &+ 128
        return (t &+ (t &>> 8)) &>> 8
    }

    /// Four pixels' 16 bytes from `pointer`, one per 16-bit lane.
    @inline(__always)
    private static func widen(_ pointer: UnsafeRawPointer) -> SIMD16<UInt16> {
        // Lane by lane: the compiler makes this one zero-extension, where the generic
        // `init(truncatingIfNeeded:)` stays a call.
        let bytes = pointer.loadUnaligned(as: SIMD16<UInt8>.self)
        var lanes = SIMD16<UInt16>()
        for i in 0..<16 { lanes[i] = UInt16(bytes[i]) }
        return lanes
    }

    /// The four bytes of `four` (little-endian), each in the four lanes of its pixel.
    @inline(__always)
    private static func lanes(_ four: UInt32) -> SIMD16<UInt16> {
        let b = SIMD4<UInt64>(truncatingIfNeeded: unsafeBitCast(four, to: SIMD4<UInt8>.self))
        return unsafeBitCast(b | b &<< 16 | b &<< 32 | b &<< 48, to: SIMD16<UInt16>.self)
    }

    /// Each pixel's alpha (its fourth lane) in all four of its lanes.
    @inline(__always)
    private static func alphas(_ pixels: SIMD16<UInt16>) -> SIMD16<UInt16> {
        let a = unsafeBitCast(pixels, to: SIMD4<UInt64>.self) &>> 48
        return unsafeBitCast(a | a &<< 16 | a &<< 32 | a &<< 48, to: SIMD16<UInt16>.self)
    }

    /// The reference for `sourceOver`'s run, a pixel at a time, skipping what cannot change.
    package static func sourceOverScalar(
        _ src: UnsafeBufferPointer<UInt8>, coverage: UnsafeBufferPointer<UInt8>?,
        opacity: UInt8, onto dst: UnsafeMutableBufferPointer<UInt8>
    ) {
        let o = UInt32(opacity)
        for p in 0..<dst.count / 4 {
            var f = o
            if let coverage {
                f = multiply(UInt32(coverage[p]), o)
                if f == 0 { continue }
            }
            let i = p * 4
            var sr = UInt32(src[i])
            var sg = UInt32(src[i + 1])
            var sb = UInt32(src[i + 2])
            var sa = UInt32(src[i + 3])
            if f != 255 {
                sr = multiply(sr, f)
                sg = multiply(sg, f)
                sb = multiply(sb, f)
                sa = multiply(sa, f)
            }
            if sa == 255 {
                dst[i] = UInt8(sr)
                dst[i + 1] = UInt8(sg)
                dst[i + 2] = UInt8(sb)
                dst[i + 3] = 255
            } else if sa != 0 {
                let inverse = 255 - sa
                dst[i] = UInt8(sr + multiply(UInt32(dst[i]), inverse))
                dst[i + 1] = UInt8(sg + multiply(UInt32(dst[i + 1]), inverse))
                dst[i + 2] = UInt8(sb + multiply(UInt32(dst[i + 2]), inverse))
                dst[i + 3] = UInt8(sa + multiply(UInt32(dst[i + 3]), inverse))
            }
        }
    }

    /// Destination-out of an alpha mask: `result = destination·(1 − coverage)` for the rows given (and
    /// `columns` of them, all by default). Writes into `result`, which may be a different mask from
    /// `destination` (or the same one).
    public static func destinationOut(
        _ coverage: Mask, from destination: Mask, into result: inout Mask, rows: RowRange, columns: Range<Int>? = nil
    ) {
        guard coverage.width == destination.width && destination.width == result.width,
            coverage.height == destination.height && destination.height == result.height
        else { return }
        let rows = rows.clamped(to: result.height)
        let width = result.width
        let columns = (columns ?? 0..<width).clamped(to: 0..<width)
        guard !rows.isEmpty, !columns.isEmpty else { return }
        coverage.bytes.withUnsafeBufferPointer { c in
            destination.bytes.withUnsafeBufferPointer { d in
                result.bytes.withUnsafeMutableBufferPointer { r in
                    for y in rows.lower..<rows.upper {
                        for i in y * width + columns.lowerBound..<y * width + columns.upperBound {
                            r[i] = UInt8(multiply(UInt32(d[i]), 255 - UInt32(c[i])))
                        }
                    }
                }
            }
        }
    }
}

extension Compositor {
    /// Destination-out of a coverage mask on a pixmap of its size: every channel of each pixel is scaled by
    /// `1 − coverage × alpha` (`alpha` the source color's, 255 for opaque), as Core Graphics' `.destinationOut`.
    /// Only the pixels of `box` when given.
    package static func erase(_ coverage: Mask, alpha: UInt8 = 255, from pixmap: inout Pixmap, box: PixelBox? = nil) {
        guard coverage.width == pixmap.width, coverage.height == pixmap.height else { return }
        let a = UInt32(alpha)
        let width = pixmap.width
        let box = (box ?? PixelBox(x: 0, y: 0, width: width, height: pixmap.height))
            .intersection(PixelBox(x: 0, y: 0, width: width, height: pixmap.height))
        guard !box.isEmpty else { return }
        coverage.bytes.withUnsafeBufferPointer { c in
            pixmap.bytes.withUnsafeMutableBufferPointer { p in
                for y in box.rows {
                    for i in y * width + box.x..<y * width + box.x + box.width where c[i] != 0 {
                        let keep = 255 - multiply(UInt32(c[i]), a)
                        for k in i * 4..<i * 4 + 4 { p[k] = UInt8(multiply(UInt32(p[k]), keep)) }
                    }
                }
            }
        }
    }

    /// The alpha of each pixel of `pixmap`, as a mask: how a mask view's drawing becomes coverage.
    package static func alpha(of pixmap: Pixmap) throws -> Mask {
        var mask = try Mask(width: pixmap.width, height: pixmap.height)
        pixmap.bytes.withUnsafeBufferPointer { p in
            mask.bytes.withUnsafeMutableBufferPointer { m in
                for i in 0..<m.count { m[i] = p[i * 4 + 3] }
            }
        }
        return mask
    }
}

// Row primitives: every loop over pixel memory outside the rasterizer lives here, so that the effects,
// paints, layers and the diff work through these safe calls (clipped to the images, never trapping).

extension Pixmap {
    /// Sets every pixel to `color`.
    package mutating func fill(_ color: PremultipliedRGBA8) {
        bytes.withUnsafeMutableBytes { Pixmap.fill($0, with: color) }
    }

    /// Every whole pixel of `raw` set to `color`: one four-byte word a pixel, stored in a loop the compiler
    /// vectorises (a full-screen background is filled every frame drawn whole).
    package static func fill(_ raw: UnsafeMutableRawBufferPointer, with color: PremultipliedRGBA8) {
        let word = UInt32(color.r) | UInt32(color.g) << 8 | UInt32(color.b) << 16 | UInt32(color.a) << 24
        raw.withMemoryRebound(to: UInt32.self) { $0.update(repeating: UInt32(littleEndian: word)) }
    }

    /// Replaces row `y` with `pixels` (as many as fit).
    package mutating func setRow(_ y: Int, to pixels: [PremultipliedRGBA8]) {
        guard y >= 0, y < height else { return }
        let count = min(pixels.count, width)
        let start = y * width * 4
        bytes.withUnsafeMutableBufferPointer { out in
            for x in 0..<count {
                let p = pixels[x]
                let i = start + x * 4
                out[i] = p.r
                out[i + 1] = p.g
                out[i + 2] = p.b
                out[i + 3] = p.a
            }
        }
    }

    /// True when every pixel has alpha 255 (the PNG encoder then writes RGB).
    public var isOpaque: Bool {
        bytes.withUnsafeBufferPointer { p in
            var i = 3
            while i < p.count {
                if p[i] != 255 { return false }
                i += 4
            }
            return true
        }
    }

    /// Which rows differ from those of `source` (of the same size): how a copy of a frame learns what
    /// to follow. Only `rows` are compared (the caller knows the others are equal).
    package func rowsDiffering(from source: Pixmap, rows: Range<Int>? = nil) -> [Bool] {
        guard source.width == width, source.height == height else { return [Bool](repeating: true, count: height) }
        let rowBytes = width * 4
        var changed = [Bool](repeating: false, count: height)
        source.bytes.withUnsafeBufferPointer { from in
            bytes.withUnsafeBufferPointer { to in
                guard let f = from.baseAddress, let t = to.baseAddress else { return }
                for y in (rows ?? 0..<height).clamped(to: 0..<height) {
                    changed[y] = memcmp(f + y * rowBytes, t + y * rowBytes, rowBytes) != 0
                }
            }
        }
        return changed
    }

    /// Copies the rows of `source` (of the same size) for which `rows` is true; a source of another
    /// size replaces the pixmap.
    package mutating func copyRows(from source: Pixmap, where rows: [Bool]) {
        guard source.width == width, source.height == height else {
            self = source.ownCopy()
            return
        }
        let rowBytes = width * 4
        source.bytes.withUnsafeBufferPointer { from in
            bytes.withUnsafeMutableBufferPointer { to in
                guard let f = from.baseAddress, let t = to.baseAddress else { return }
                for y in rows.indices.prefix(height) where rows[y] {
                    (t + y * rowBytes).update(from: f + y * rowBytes, count: rowBytes)
                }
            }
        }
    }

    /// The rectangle around the pixels where `other` (of the same size) differs from this pixmap; nil
    /// when none does. Only `rows` are compared (the caller knows the others are equal).
    package func changedRect(to other: Pixmap, rows: Range<Int>? = nil) -> PixelRect? {
        guard other.width == width, other.height == height else {
            return PixelRect(x: 0, y: 0, width: max(width, other.width), height: max(height, other.height))
        }
        var top = height
        var bottom = -1
        var left = width
        var right = -1
        let rowBytes = width * 4
        bytes.withUnsafeBufferPointer { from in
            other.bytes.withUnsafeBufferPointer { to in
                guard let f = from.baseAddress, let t = to.baseAddress else { return }
                for y in (rows ?? 0..<height).clamped(to: 0..<height) {
                    guard let span = Pixmap.changedSpan(f + y * rowBytes, t + y * rowBytes, width: width) else {
                        continue
                    }
                    (top, bottom) = (min(top, y), y)
                    (left, right) = (min(left, span.lowerBound), max(right, span.upperBound))
                }
            }
        }
        return bottom < 0 ? nil : PixelRect(x: left, y: top, width: right - left, height: bottom - top + 1)
    }

    /// Moves this pixmap (the canvas a decoder shows) on to `next`, of the same size, in `rect` (around
    /// every pixel that differs), and returns `next`'s pixels there as a frame to store. With
    /// `clearing`, when every changed pixel is opaque, the unchanged ones are clear and the frame
    /// `blends` (drawn over the canvas, it gives `next` exactly); otherwise it holds `rect` whole, to
    /// replace the canvas there. One pass over the rectangle compares, clears and moves the canvas on.
    package mutating func advance(
        to next: Pixmap, in rect: PixelRect, clearing: Bool
    ) throws -> (frame: Pixmap, blends: Bool) {
        // A rectangle that leaves the canvas, or a frame of another size, has no pixels to take.
        guard next.width == width, next.height == height, rect.x >= 0, rect.y >= 0, rect.x + rect.width <= width,
            rect.y + rect.height <= height
        else { throw PixmapSizeError(width: rect.width, height: rect.height) }
        var frame = try Pixmap(width: rect.width, height: rect.height)
        let width = width
        var translucentChange = false
        next.bytes.withUnsafeBytes { source in
            bytes.withUnsafeMutableBytes { canvas in
                frame.bytes.withUnsafeMutableBytes { out in
                    guard let s = source.baseAddress, let c = canvas.baseAddress, let o = out.baseAddress else {
                        return
                    }
                    for y in 0..<rect.height {
                        let offset = ((rect.y + y) * width + rect.x) * 4
                        let (new, old, kept) = (s + offset, c + offset, o + y * rect.width * 4)
                        var translucent: UInt32 = 0
                        for x in 0..<rect.width {
                            let pixel = new.loadUnaligned(fromByteOffset: 4 * x, as: UInt32.self)
                            let changed = pixel != old.loadUnaligned(fromByteOffset: 4 * x, as: UInt32.self)
                            // Alpha is the last byte: the top one of a little-endian word.
                            translucent |= changed ? ~UInt32(littleEndian: pixel) >> 24 : 0
                            kept.storeBytes(of: changed || !clearing ? pixel : 0, toByteOffset: 4 * x, as: UInt32.self)
                            old.storeBytes(of: pixel, toByteOffset: 4 * x, as: UInt32.self)
                        }
                        translucentChange = translucentChange || translucent != 0
                    }
                }
            }
        }
        guard clearing, !translucentChange else {
            if clearing {
                frame.copy(
                    next, x: -rect.x, y: -rect.y, rows: rect.y..<rect.y + rect.height,
                    columns: rect.x..<rect.x + rect.width)
            }
            return (frame, false)
        }
        return (frame, true)
    }

    /// `advance(to:in:clearing:)` for a canvas that may not have begun: without one (the first frame),
    /// the frame is `next` whole, replacing, and the canvas starts as a copy of it. Either copy is the
    /// writer's own, so the renderer keeps drawing into its frame in place.
    package static func advance(
        _ canvas: inout Pixmap?, to next: Pixmap, in rect: PixelRect, clearing: Bool
    ) throws -> (frame: Pixmap, blends: Bool) {
        guard canvas != nil else {
            canvas = next.ownCopy()
            return (next.ownCopy(), false)
        }
        return try canvas!.advance(to: next, in: rect, clearing: clearing)
    }

    /// The first to the last pixel at which two rows of `width` pixels differ; nil when they are equal.
    private static func changedSpan(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, width: Int) -> Range<Int>? {
        guard memcmp(a, b, width * 4) != 0 else { return nil }
        // Four bytes at a time.
        var first = 0
        var last = width - 1
        let a = UnsafeRawPointer(a)
        let b = UnsafeRawPointer(b)
        while first < last
            && a.loadUnaligned(fromByteOffset: first * 4, as: UInt32.self)
                == b.loadUnaligned(fromByteOffset: first * 4, as: UInt32.self)
        { first += 1 }
        while last > first
            && a.loadUnaligned(fromByteOffset: last * 4, as: UInt32.self)
                == b.loadUnaligned(fromByteOffset: last * 4, as: UInt32.self)
        { last -= 1 }
        return first..<last + 1
    }

    /// Makes this pixmap equal to `source` (of the same size) and says, for each row, which pixels
    /// it had to change (from the first differing pixel to the last; nil for a row that was equal),
    /// and whether any alpha value changed. Only `rows` are compared (the caller knows the others are
    /// equal). A source of another size replaces it, all changed.
    package mutating func updateSpans(from source: Pixmap, rows: Range<Int>? = nil, alphaChanged: inout Bool) -> [Range<
        Int
    >?] {
        guard source.width == width, source.height == height else {
            self = source.ownCopy()
            alphaChanged = true
            return [Range<Int>?](repeating: 0..<width, count: height)
        }
        let rowBytes = width * 4
        let width = width
        var alpha = false
        defer { alphaChanged = alphaChanged || alpha }
        let rows = (rows ?? 0..<height).clamped(to: 0..<height)
        var spans = [Range<Int>?](repeating: nil, count: height)
        source.bytes.withUnsafeBufferPointer { from in
            bytes.withUnsafeMutableBufferPointer { to in
                guard let f = from.baseAddress, let t = to.baseAddress else { return }
                for y in rows {
                    let row = y * rowBytes
                    guard let span = Pixmap.changedSpan(f + row, t + row, width: width) else { continue }
                    let (first, last) = (span.lowerBound, span.upperBound - 1)
                    if !alpha {
                        var k = row + first * 4 + 3
                        while k <= row + last * 4 + 3 && f[k] == t[k] { k += 4 }
                        alpha = k <= row + last * 4 + 3
                    }
                    (t + row + first * 4).update(from: f + row + first * 4, count: (last - first + 1) * 4)
                    spans[y] = first..<last + 1
                }
            }
        }
        return spans
    }

    /// Copies `source` (every row and column, or `rows` and `columns` of it) into this pixmap with its top-left corner at (x, y),
    /// replacing what was there; whatever falls outside is left out.
    package mutating func copy(_ source: Pixmap, x: Int, y: Int, rows: Range<Int>? = nil, columns: Range<Int>? = nil) {
        let sourceRows = (rows ?? 0..<source.height).clamped(to: max(0, -y)..<min(source.height, height - y))
        let columns = (columns ?? 0..<source.width).clamped(to: max(0, -x)..<min(source.width, width - x))
        guard !sourceRows.isEmpty, !columns.isEmpty else { return }
        let count = columns.count * 4
        let width = width
        source.bytes.withUnsafeBufferPointer { src in
            bytes.withUnsafeMutableBufferPointer { dst in
                guard let s = src.baseAddress, let d = dst.baseAddress else { return }
                for row in sourceRows {
                    (d + ((row + y) * width + x + columns.lowerBound) * 4)
                        .update(from: s + (row * source.width + columns.lowerBound) * 4, count: count)
                }
            }
        }
    }

    /// Replaces `columns` of `rows` (clipped to the pixmap) with the layer's pixels there (the layer is
    /// the pixmap's size).
    package mutating func copy(_ layer: Layer, rows: Range<Int>, columns: Range<Int>) {
        let rows = rows.clamped(to: 0..<min(height, layer.height))
        let columns = columns.clamped(to: 0..<min(width, layer.width))
        guard !columns.isEmpty else { return }
        var scratch: [UInt8] = []
        let width = width
        for y in rows {
            Compositor.withRow(of: layer, y, scratch: &scratch) { row in
                bytes.withUnsafeMutableBufferPointer { dst in
                    guard let d = dst.baseAddress, let r = row.baseAddress else { return }
                    (d + (y * width + columns.lowerBound) * 4).update(
                        from: r + columns.lowerBound * 4, count: columns.count * 4)
                }
            }
        }
    }
}

extension Compositor {
    /// Calls `body` with row `y` of `layer` (4 bytes a pixel, the whole width); `scratch` holds the row
    /// of a layer of row colors and is reused between calls.
    package static func withRow<R>(
        of layer: Layer, _ y: Int, scratch: inout [UInt8], _ body: (UnsafeBufferPointer<UInt8>) -> R
    )
        -> R
    {
        switch layer {
        case .pixmap(let p):
            return p.bytes.withUnsafeBufferPointer { all in
                body(UnsafeBufferPointer(rebasing: all[y * p.width * 4..<(y + 1) * p.width * 4]))
            }
        case .rowColors(let colors, let width):
            let c = colors[y]
            if scratch.count != width * 4 { scratch = [UInt8](repeating: 0, count: width * 4) }
            scratch.withUnsafeMutableBufferPointer { row in
                for x in 0..<width {
                    row[x * 4] = c.r
                    row[x * 4 + 1] = c.g
                    row[x * 4 + 2] = c.b
                    row[x * 4 + 3] = c.a
                }
            }
            return scratch.withUnsafeBufferPointer(body)
        }
    }

    /// Source-over of `columns` of row `y` of `layer` (the destination's size) onto the same place of
    /// `destination`, each pixel scaled by `coverage[x - columns.lowerBound]` and by `opacity`.
    package static func sourceOver(
        _ layer: Layer, row y: Int, columns: Range<Int>, coverage: [UInt8], opacity: UInt8,
        onto destination: inout Pixmap, scratch: inout [UInt8]
    ) {
        let columns = columns.clamped(to: 0..<min(destination.width, layer.width))
        guard y >= 0, y < min(destination.height, layer.height), !columns.isEmpty, coverage.count >= columns.count
        else { return }
        let start = (y * destination.width + columns.lowerBound) * 4
        let count = columns.count
        withRow(of: layer, y, scratch: &scratch) { src in
            destination.bytes.withUnsafeMutableBufferPointer { dst in
                coverage.withUnsafeBufferPointer { c in
                    sourceOver(
                        UnsafeBufferPointer(rebasing: src[columns.lowerBound * 4..<columns.upperBound * 4]),
                        coverage: UnsafeBufferPointer(rebasing: c[0..<count]), opacity: opacity,
                        onto: UnsafeMutableBufferPointer(rebasing: dst[start..<start + count * 4]))
                }
            }
        }
    }

    /// `count` pixels of one colour, as a row of bytes to composite from.
    package static func solidRow(_ color: PremultipliedRGBA8, count: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: max(count, 0) * 4) { bytes, initialized in
            for x in 0..<max(count, 0) {
                bytes[x * 4] = color.r
                bytes[x * 4 + 1] = color.g
                bytes[x * 4 + 2] = color.b
                bytes[x * 4 + 3] = color.a
            }
            initialized = max(count, 0) * 4
        }
    }

    /// Source-over of one color through `columns` of row `y` of `mask` (the destination's size).
    package static func fill(
        _ color: PremultipliedRGBA8, mask: Mask, row y: Int, columns: Range<Int>, onto destination: inout Pixmap
    ) {
        let columns = columns.clamped(to: 0..<min(destination.width, mask.width))
        guard y >= 0, y < min(destination.height, mask.height), !columns.isEmpty else { return }
        let start = (y * destination.width + columns.lowerBound) * 4
        solidRow(color, count: columns.count).withUnsafeBufferPointer { src in
            mask.bytes.withUnsafeBufferPointer { m in
                destination.bytes.withUnsafeMutableBufferPointer { dst in
                    sourceOver(
                        src,
                        coverage: UnsafeBufferPointer(
                            rebasing: m[y * mask.width + columns.lowerBound..<y * mask.width + columns.upperBound]),
                        opacity: 255, onto: UnsafeMutableBufferPointer(rebasing: dst[start..<start + columns.count * 4])
                    )
                }
            }
        }
    }
}
