import Foundation
import RevealCore
import RevealRaster
import RevealText

/// The canvas commands that are more than a color through coverage: gradients, clips, the blend modes beyond
/// source-over and erasing, filters and transparency layers, as `GraphicsContext` draws them.
extension CanvasLayer {
    /// Where a command's colors come from, pixel by pixel.
    package enum Source {
        case color(PremultipliedRGBA8)
        case gradient(GradientField, opacity: Double)
        case image(Pixmap)
    }

    /// A path command's colors: its color, or its gradient laid out in the canvas through its transform;
    /// nil when the transform flattens the plane (nothing is drawn, as Core Graphics draws nothing then).
    package func source(of command: CanvasCommand) -> Source? {
        guard let gradient = command.gradient else { return .color(command.color.premultiplied) }
        // Six values as `init` keeps them; any other count (a caller's own array) is the identity.
        let t = gradient.transform.count == 6 ? gradient.transform : [1, 0, 0, 1, 0, 0]
        let userToCanvas = PlaneTransform(a: t[0], b: t[1], c: t[2], d: t[3], tx: t[4], ty: t[5])
        guard let canvasToUser = userToCanvas.inverse else { return nil }
        let geometry: GradientField.Geometry
        switch gradient.geometry {
        case .linear(let start, let end):
            let (dx, dy) = (end.x - start.x, end.y - start.y)
            geometry = .axial(sx: start.x, sy: start.y, dx: dx, dy: dy, lengthSquared: dx * dx + dy * dy)
        case .radial(let center, let startRadius, let endRadius):
            geometry = .radial(cx: center.x, cy: center.y, unitX: 1, unitY: 1, r0: startRadius, r1: endRadius)
        case .conic(let center, let angle):
            geometry = .angular(cx: center.x, cy: center.y, start: angle, span: 2 * Double.pi)
        }
        let pixelToUser = canvasToUser.after(PlaneTransform(a: 1 / scale, d: 1 / scale))
        let field = GradientField(
            stops: gradient.stops, geometry: geometry, toGradient: pixelToUser, spread: gradient.spread)
        return .gradient(field, opacity: command.color.alpha)
    }

    /// Multiplies `coverage` in `box` by the clips' coverage (each clip's, or what it leaves uncovered for an
    /// inverse clip); returns the part of `box` that can still be covered.
    package mutating func clipCoverage(_ clips: [CanvasClip], box: PixelBox) -> PixelBox {
        guard !box.isEmpty, let (mask, kept) = clipMask(clips) else { return box }
        let box = box.intersection(kept)
        for y in box.rows {
            for x in box.columns {
                let i = y * width + x
                coverage.bytes[i] = UInt8(Compositor.multiply(UInt32(coverage.bytes[i]), UInt32(mask.bytes[i])))
            }
        }
        return box
    }

    /// The clips' combined coverage over the layer, and the box outside which it is zero; kept for the next
    /// command with the same clips.
    private mutating func clipMask(_ clips: [CanvasClip]) -> (Mask, PixelBox)? {
        if let cached = clipCache, cached.clips == clips { return (cached.mask, cached.box) }
        guard var mask = try? Mask(width: width, height: height), var one = try? Mask(width: width, height: height)
        else { return nil }
        mask.fill(255)
        var box = PixelBox(x: 0, y: 0, width: width, height: height)
        let s = scale
        for clip in clips {
            var path = PixelPath()
            clip.path.flatten(into: &path) { CanvasLayer.pixel($0, scale: s) }
            one.fill(0)
            rasterizer.fill(path, into: &one, rows: RowRange(0, height))
            for i in mask.bytes.indices {
                let kept = clip.inverse ? 255 - UInt32(one.bytes[i]) : UInt32(one.bytes[i])
                mask.bytes[i] = UInt8(Compositor.multiply(UInt32(mask.bytes[i]), kept))
            }
            if !clip.inverse { box = box.intersection(PixelBox(covering: path.bounds)) }
        }
        clipCache = (clips, mask, box)
        return (mask, box)
    }

    /// A command with filters, or a transparency layer: drawn on a clear layer of its own, filtered in order,
    /// then clipped and combined with the canvas in its mode. Returns the box it may have changed: the whole
    /// canvas, as a blur or shadow reaches past the drawing and a layer's mode acts over its whole area.
    package mutating func drawThroughLayer(_ command: CanvasCommand) -> PixelBox {
        let whole = PixelBox(x: 0, y: 0, width: width, height: height)
        guard var image = try? Pixmap(width: width, height: height) else { return .empty }
        if let nested = command.layer {
            guard let drawn = try? CanvasLayer(width: width, height: height, scale: scale, commands: nested) else {
                return .empty
            }
            image = drawn.pixels
            let opacity = UInt32(command.color.premultiplied.a)
            if opacity < 255 {
                for i in image.bytes.indices {
                    image.bytes[i] = UInt8(Compositor.multiply(UInt32(image.bytes[i]), opacity))
                }
            }
        } else if let source = source(of: command) {
            let box = fillCoverage(CanvasLayer.path(of: command, scale: scale))
            CanvasLayer.combine(source, coverage: coverage, mode: .normal, box: box, into: &image)
        }
        for filter in command.filters { image = (try? filtered(image, by: filter)) ?? image }
        coverage.fill(255)
        let box = command.clips.isEmpty ? whole : clipCoverage(command.clips, box: whole)
        CanvasLayer.combine(.image(image), coverage: coverage, mode: command.blendMode, box: box, into: &pixels)
        return whole
    }

    /// `image` through one filter, as `GraphicsContext.Filter` draws it: blur and shadow radii are in points,
    /// the blur's standard deviation half the radius, as the `blur` and `shadow` modifiers'.
    private func filtered(_ image: Pixmap, by filter: CanvasFilter) throws -> Pixmap {
        switch filter {
        case .blur(let radius):
            guard radius > 0, radius.isFinite else { return image }
            return try DisplayRenderer.blurred(image, sigma: min(radius, 1e4) / 2 * scale)
        case .colorMatrix(let matrix):
            var image = image
            if !matrix.isIdentity { matrix.apply(to: &image) }
            return image
        case .alphaThreshold(let threshold):
            var image = image
            threshold.apply(to: &image)
            return image
        case .shadow(let shadow, let placement):
            let mask = try DisplayRenderer.shadowMask(of: Compositor.alpha(of: image), shadow, scale: scale)
            var cast = try Pixmap(width: width, height: height)
            Compositor.fill(shadow.color.premultiplied, mask: mask, at: (0, 0), onto: &cast)
            switch placement {
            case .only:
                return cast
            case .below:
                Compositor.draw(image, onto: &cast, x: 0, y: 0)
                return cast
            case .above:
                var image = image
                Compositor.draw(cast, onto: &image, x: 0, y: 0)
                return image
            }
        }
    }

    /// Combines `source` with `destination` in `box` by `mode`, each pixel weighted by `coverage`: the mode's
    /// result where the coverage is whole, the destination as it was where there is none, and in between in
    /// proportion (Core Graphics bounds every mode by the shape drawn). Source-over takes the compositor's
    /// hot loop, which works the same weighting in integers.
    package static func combine(
        _ source: Source, coverage: Mask, mode: BlendOperation, box: PixelBox, into destination: inout Pixmap
    ) {
        let width = destination.width
        var row = [UInt8](repeating: 0, count: box.width * 4)
        var positions = [Double](repeating: 0, count: box.width)
        if case .color(let c) = source {
            for i in 0..<box.width {
                (row[4 * i], row[4 * i + 1], row[4 * i + 2], row[4 * i + 3]) = (c.r, c.g, c.b, c.a)
            }
        }
        let k = 1.0 / 255
        for y in box.rows {
            switch source {
            case .color: break
            case .gradient(let field, let opacity):
                row.withUnsafeMutableBufferPointer {
                    field.fill($0, y: y, columns: box.columns, opacity: opacity, positions: &positions)
                }
            case .image(let image):
                let start = 4 * (y * image.width + box.x)
                for i in 0..<box.width * 4 { row[i] = image.bytes[start + i] }
            }
            if mode == .normal {
                row.withUnsafeBufferPointer { src in
                    coverage.bytes.withUnsafeBufferPointer { m in
                        destination.bytes.withUnsafeMutableBufferPointer { dst in
                            let first = y * width + box.x
                            Compositor.sourceOver(
                                src, coverage: UnsafeBufferPointer(rebasing: m[first..<first + box.width]),
                                opacity: 255,
                                onto: UnsafeMutableBufferPointer(rebasing: dst[4 * first..<4 * (first + box.width)]))
                        }
                    }
                }
                continue
            }
            for (i, x) in box.columns.enumerated() {
                let covered = Double(coverage.bytes[y * width + x]) * k
                guard covered > 0 else { continue }
                let d = 4 * (y * width + x)
                let s = (
                    Double(row[4 * i]) * k, Double(row[4 * i + 1]) * k, Double(row[4 * i + 2]) * k,
                    Double(row[4 * i + 3]) * k
                )
                let b = (
                    Double(destination.bytes[d]) * k, Double(destination.bytes[d + 1]) * k,
                    Double(destination.bytes[d + 2]) * k, Double(destination.bytes[d + 3]) * k
                )
                let out = BlendFunction.composite(s, over: b, mode)
                func level(_ o: Double, _ b: Double) -> UInt8 {
                    RGBAColor.nearest(min(max(b + (o - b) * covered, 0), 1) * 255)
                }
                destination.bytes[d] = level(out.0, b.0)
                destination.bytes[d + 1] = level(out.1, b.1)
                destination.bytes[d + 2] = level(out.2, b.2)
                destination.bytes[d + 3] = level(out.3, b.3)
            }
        }
    }
}
