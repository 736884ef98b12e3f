import RevealCore
import RevealLayout
import RevealOutput
import RevealRaster
import RevealText

/// Tells pixels that changed only because an edge moved inside them from real changes: pixelmatch's
/// idea, after Vysniauskas, "Anti-aliased Pixel and Intensity Slope Detector" (2009).
///
/// A pixel is an edge pixel of an image when, among its neighbours (8, fewer at the border):
/// - at most two are identical to it (otherwise it sits in a flat area, and a change there is real),
/// - at least one is darker and one is brighter (it lies between two sides), and
/// - the darkest or the brightest of them lies in a flat area (three or more identical neighbours) in
///   both images: a side of the edge that did not itself change shape.
///
/// Brightness is YIQ's Y of the pixel over white. "Identical" means all four premultiplied bytes.
package enum Antialiasing {
    /// How many identical neighbours make a flat area.
    package static let flatNeighbours = 3

    package static func isEdgePixel(x: Int, y: Int, in image: PixelBuffer, other: PixelBuffer) -> Bool {
        let width = image.width
        let center = image.pixel(y * width + x)
        let brightness = PixelDistance.brightnessOverWhite(center)
        var identical = 0
        var darkest = -1
        var brightest = -1
        var lowest = 0.0
        var highest = 0.0
        for ny in max(y - 1, 0)...min(y + 1, image.height - 1) {
            for nx in max(x - 1, 0)...min(x + 1, width - 1) where nx != x || ny != y {
                let j = ny * width + nx
                let neighbour = image.pixel(j)
                if neighbour == center {
                    identical += 1
                    if identical > 2 { return false }
                    continue
                }
                let step = PixelDistance.brightnessOverWhite(neighbour) - brightness
                if step < lowest {
                    lowest = step
                    darkest = j
                } else if step > highest {
                    highest = step
                    brightest = j
                }
            }
        }
        guard darkest >= 0, brightest >= 0 else { return false }
        return (isFlat(darkest, in: image) && isFlat(darkest, in: other))
            || (isFlat(brightest, in: image) && isFlat(brightest, in: other))
    }

    /// Whether pixel `i` has at least `flatNeighbours` neighbours identical to it.
    package static func isFlat(_ i: Int, in image: PixelBuffer) -> Bool {
        let width = image.width
        let x = i % width
        let y = i / width
        let center = image.pixel(i)
        var identical = 0
        for ny in max(y - 1, 0)...min(y + 1, image.height - 1) {
            for nx in max(x - 1, 0)...min(x + 1, width - 1) where nx != x || ny != y {
                if image.pixel(ny * width + nx) == center {
                    identical += 1
                    if identical >= flatNeighbours { return true }
                }
            }
        }
        return false
    }
}
