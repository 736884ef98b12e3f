import RevealCore
import RevealLayout
import RevealOutput
import RevealRaster
import RevealText

/// The picture of a comparison: differences in red, antialiasing in yellow, everything else a faded grey
/// copy of the expected image, so the eye finds the red at once and still sees where it is.
package enum DiffImage {
    /// How much of the expected image's darkness the grey copy keeps (pixelmatch keeps 0.1).
    package static let fade = 0.2
    /// The side of the checkerboard's squares, in pixels.
    package static let square = 8

    /// The diff image for `kinds` (one per pixel of `expected`). Opaque.
    package static func render(expected: Pixmap, kinds: [PixelKind]) -> Pixmap {
        var image = expected
        let width = expected.width
        let source = PixelBuffer(bytes: expected.bytes, width: width, height: expected.height)
        var row = [PremultipliedRGBA8](repeating: .transparent, count: width)
        for y in 0..<expected.height {
            for x in 0..<width {
                let i = y * width + x
                switch kinds.indices.contains(i) ? kinds[i] : .same {
                case .different: row[x] = Comparison.differenceColor
                case .antialiasing: row[x] = Comparison.antialiasingColor
                case .same, .withinThreshold: row[x] = faded(source.pixel(i), x: x, y: y)
                }
            }
            image.setRow(y, to: row)
        }
        return image
    }

    /// The pixel over its checkerboard square (white or black), as an opaque grey near white.
    package static func faded(_ p: UInt32, x: Int, y: Int) -> PremultipliedRGBA8 {
        let white = (x / square + y / square) % 2 == 0
        let brightness =
            white
            ? PixelDistance.brightnessOverWhite(p)
            : Double(p & 0xFF) * 0.29889531 + Double(p >> 8 & 0xFF) * 0.58662247 + Double(p >> 16 & 0xFF) * 0.11448223
        let grey = UInt8(min(max(255 - (255 - brightness) * fade, 0), 255).rounded())
        return PremultipliedRGBA8(r: grey, g: grey, b: grey, a: 255)
    }
}
