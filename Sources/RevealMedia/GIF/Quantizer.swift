import CImageQuant

/// An image of at most 256 colors: a palette and one index a pixel.
struct IndexedImage {
    var width: Int, height: Int
    /// Straight-alpha RGBA entries; `transparent` is the one with alpha 0.
    var palette: [(r: UInt8, g: UInt8, b: UInt8)]
    var transparent: UInt8
    var indices: [UInt8]

    /// This image placed in a larger box, the new pixels transparent.
    func placed(at x: Int, _ y: Int, in width: Int, _ height: Int) -> IndexedImage {
        IndexedImage(
            width: width, height: height, palette: palette, transparent: transparent,
            indices: placing(
                indices, self.width, self.height, bytesPerPixel: 1, at: x, y, in: width, height, fill: transparent))
    }
}

/// `bytes`, a `width`×`height` image of `bytesPerPixel`-byte pixels, placed at (`x`, `y`) in a larger
/// `outerWidth`×`outerHeight` one whose other pixels are `fill` bytes.
func placing(
    _ bytes: [UInt8], _ width: Int, _ height: Int, bytesPerPixel: Int, at x: Int, _ y: Int,
    in outerWidth: Int, _ outerHeight: Int, fill: UInt8
) -> [UInt8] {
    var out = [UInt8](repeating: fill, count: outerWidth * outerHeight * bytesPerPixel)
    let row = width * bytesPerPixel
    for k in 0..<height {
        let to = ((k + y) * outerWidth + x) * bytesPerPixel
        out.replaceSubrange(to..<to + row, with: bytes[k * row..<(k + 1) * row])
    }
    return out
}

/// Reduces straight-alpha RGBA pixels (each either opaque or fully transparent) to 256 colors with
/// libimagequant, keeping one entry for transparency.
///
/// libimagequant runs its k-means on OpenMP threads, and sums taken in another order give another
/// palette; it is run on one thread here, so a frame gives the same indices on every machine.
struct Quantizer {
    /// 0 (none) to 1 (full Floyd–Steinberg).
    var dithering: Float = 0
    /// libimagequant's speed, 1 (slowest, best) to 10; its default is 4.
    var speed: Int32 = 4
    /// The quality (0 to 100, libimagequant's scale, as pngquant's --quality) past which it stops adding
    /// colors: fewer colors are fewer bytes, in the color table and in every pixel's code.
    var maxQuality: Int32 = Quantizer.defaultQuality

    /// 98: on the docs demos, 9 % fewer bytes than ffmpeg's palettegen + paletteuse at 1 dB more PSNR
    /// (100 gave 17 dB more at 1.3-1.5x the bytes).
    static let defaultQuality: Int32 = 98

    enum Failure: Error { case library(String) }

    /// `rgba`'s `width`×`height` pixels as an indexed image.
    func quantize(_ rgba: [UInt8], width: Int, height: Int) throws(Failure) -> IndexedImage {
        guard let attr = liq_attr_create() else { throw .library("cannot start libimagequant") }
        defer { liq_attr_destroy(attr) }
        liq_set_max_colors(attr, 256)
        liq_set_speed(attr, speed)
        liq_set_quality(attr, 0, maxQuality)
        omp_set_num_threads(1)
        var indices = [UInt8](repeating: 0, count: width * height)
        var palette: [(r: UInt8, g: UInt8, b: UInt8)] = []
        var transparent: UInt8?
        let status: liq_error = rgba.withUnsafeBytes { pixels in
            guard let base = pixels.baseAddress,
                let image = liq_image_create_rgba(attr, base, Int32(width), Int32(height), 0)
            else {
                return LIQ_INVALID_POINTER
            }
            defer { liq_image_destroy(image) }
            // Always an entry for transparency: the pixels a frame leaves as they were use it.
            liq_image_add_fixed_color(image, liq_color(r: 0, g: 0, b: 0, a: 0))
            var result: OpaquePointer?
            let quantized = liq_image_quantize(image, attr, &result)
            guard quantized == LIQ_OK, let result else { return quantized }
            defer { liq_result_destroy(result) }
            liq_set_dithering_level(result, dithering)
            let remapped = indices.withUnsafeMutableBytes {
                liq_write_remapped_image(result, image, $0.baseAddress!, $0.count)
            }
            guard remapped == LIQ_OK, let entries = liq_get_palette(result) else { return remapped }
            withUnsafeBytes(of: entries.pointee.entries) { raw in
                let colors = raw.bindMemory(to: liq_color.self)
                for k in 0..<Int(entries.pointee.count) {
                    let c = colors[k]
                    if c.a == 0 && transparent == nil { transparent = UInt8(k) }
                    palette.append((c.r, c.g, c.b))
                }
            }
            return LIQ_OK
        }
        guard status == LIQ_OK, let transparent else {
            throw .library("libimagequant could not reduce the frame's colors (error \(status.rawValue))")
        }
        // A transparent pixel is the transparent entry, whatever libimagequant's remapping chose.
        rgba.withUnsafeBufferPointer { source in
            for k in indices.indices where source[4 * k + 3] == 0 { indices[k] = transparent }
        }
        return IndexedImage(width: width, height: height, palette: palette, transparent: transparent, indices: indices)
    }
}
