import Foundation
import RevealCore
import RevealLayout
import RevealOutput
import RevealRaster
import RevealText

/// How many differing pixels an image comparison tolerates: a count, or a fraction of all pixels.
public enum DifferenceBudget: Equatable, Sendable, CustomStringConvertible {
    /// At most this many pixels (negative counts as 0).
    case pixels(Int)
    /// At most this fraction (0…1) of the image's pixels, rounded down to a whole pixel.
    case ratio(Double)

    /// The most differing pixels allowed in an image of `total` pixels.
    public func limit(forPixels total: Int) -> Int {
        switch self {
        case .pixels(let count):
            return max(count, 0)
        case .ratio(let ratio):
            guard ratio.isFinite, ratio > 0 else { return 0 }
            // The tiny factor keeps 0.29 × 100 at 29 rather than 28.999… rounded down.
            return min(Int((min(ratio, 1) * Double(total) * (1 + 1e-12)).rounded(.down)), total)
        }
    }

    public var description: String {
        switch self {
        case .pixels(let count): return "\(max(count, 0)) pixel\(count == 1 ? "" : "s")"
        case .ratio(let ratio): return "\(formatPercent(ratio * 100))% of the pixels"
        }
    }
}

/// How `compare(expected:actual:options:)` decides whether two images match. The default is exact.
public struct ComparisonOptions: Equatable, Sendable {
    /// The largest perceptual distance (0…1, see `PixelDistance`) that still counts as the same colour.
    /// Default 0: any byte difference counts. Values outside 0…1 are clamped.
    public var threshold: Double
    /// When true, a pixel that differs only because an edge moved inside it is counted as
    /// antialiasing (`Comparison.antialiasedPixels`), not as a difference. Default false.
    public var antialiasing: Bool
    /// How many differing pixels still pass (default none).
    public var budget: DifferenceBudget
    /// A pixel none of whose channels differs by more than this many 8-bit levels (premultiplied) counts
    /// as the same colour, whatever the threshold. Default 0: any byte difference counts.
    public var levelTolerance: Int

    /// Options as given; with no arguments, the exact comparison (same as `exact`).
    public init(
        threshold: Double = 0, antialiasing: Bool = false, budget: DifferenceBudget = .pixels(0),
        levelTolerance: Int = 0
    ) {
        self.threshold = threshold
        self.antialiasing = antialiasing
        self.budget = budget
        self.levelTolerance = levelTolerance
    }

    /// Every byte must match: threshold 0, no antialiasing allowance, no budget.
    public static let exact = ComparisonOptions()

    package var clampedThreshold: Double { threshold.isNaN ? 0 : min(max(threshold, 0), 1) }
}

/// What comparing an expected image with an actual one found.
public struct Comparison: Equatable, Sendable {
    /// The overall answer.
    public enum Verdict: Equatable, Sendable {
        /// Every byte of every pixel is the same.
        case identical
        /// Some pixels differ, but all within the threshold, as antialiasing, or within the budget.
        case withinTolerance
        /// More pixels differ than the budget allows.
        case different
        /// The images do not have the same size; no pixel was compared.
        case sizeMismatch
    }

    /// The expected image's size, in pixels.
    public var expectedSize: PixelSize
    /// The actual image's size, in pixels.
    public var actualSize: PixelSize
    /// The options the images were compared with, which decide the verdict.
    public var options: ComparisonOptions
    /// Pixels whose distance exceeds the threshold and that are not antialiasing: what the budget counts.
    public var differingPixels: Int
    /// Pixels beyond the threshold accepted as antialiasing (always 0 unless `options.antialiasing`).
    public var antialiasedPixels: Int
    /// Pixels with any byte different, whether or not they count.
    public var changedPixels: Int
    /// The largest perceptual distance (0…1) of any pixel, counted or not.
    public var largestDistance: Double
    /// The largest difference of any channel of any pixel, in 8-bit levels of the premultiplied
    /// RGBA values (what the renderer produces; 0…255).
    public var largestChannelDifference: Int
    /// The smallest rectangle holding every differing pixel; nil when none differs.
    public var boundingBox: PixelRect?
    /// Differences in red, antialiasing in yellow, over a faded grey copy of the expected image
    /// (its transparent parts over a faint checkerboard). Nil when the sizes differ.
    public var diffImage: Pixmap?

    /// Whether the sizes match.
    public var sizesMatch: Bool { expectedSize == actualSize }

    /// The number of pixels compared (0 when the sizes differ).
    public var pixelCount: Int { sizesMatch ? expectedSize.width * expectedSize.height : 0 }

    /// The most differing pixels the budget allows for this image.
    public var allowedPixels: Int { options.budget.limit(forPixels: pixelCount) }

    /// The overall answer: the size check first, then whether any byte changed, then the budget.
    public var verdict: Verdict {
        if !sizesMatch { return .sizeMismatch }
        if changedPixels == 0 { return .identical }
        return differingPixels <= allowedPixels ? .withinTolerance : .different
    }

    /// True for `identical` and `withinTolerance`.
    public var passed: Bool { verdict == .identical || verdict == .withinTolerance }

    /// The colour of a differing pixel in `diffImage`.
    public static let differenceColor = PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255)
    /// The colour of an antialiasing-only pixel in `diffImage`.
    public static let antialiasingColor = PremultipliedRGBA8(r: 255, g: 255, b: 0, a: 255)

    /// A few lines for people: the verdict, the figures and where the differences are.
    public var report: String {
        var lines: [String] = []
        switch verdict {
        case .sizeMismatch:
            return "size mismatch: expected \(expectedSize), actual \(actualSize); no pixel was compared"
        case .identical:
            return "identical: \(expectedSize), every pixel the same"
        case .withinTolerance:
            lines.append("passed: \(differingLine) (\(expectedSize); allowed \(allowedLine))")
        case .different:
            lines.append("DIFFERENT: \(differingLine) (\(expectedSize); allowed \(allowedLine))")
        }
        lines.append(
            "largest difference: \(largestChannelDifference) level\(largestChannelDifference == 1 ? "" : "s") (premultiplied RGBA), distance \(formatDistance(largestDistance)) (threshold \(formatDistance(options.clampedThreshold)))"
        )
        if let box = boundingBox {
            lines.append("differences within \(box)")
        }
        let below = changedPixels - differingPixels - antialiasedPixels
        if options.antialiasing {
            lines.append("\(antialiasedPixels) pixel\(antialiasedPixels == 1 ? "" : "s") accepted as antialiasing")
        }
        if below > 0 {
            let tolerance = options.levelTolerance > 0 ? " or \(options.levelTolerance) levels" : ""
            lines.append("\(below) pixel\(below == 1 ? "" : "s") changed by no more than the threshold\(tolerance)")
        }
        return lines.joined(separator: "\n")
    }

    private var differingLine: String {
        let percent = pixelCount == 0 ? 0 : Double(differingPixels) / Double(pixelCount) * 100
        return
            "\(differingPixels) pixel\(differingPixels == 1 ? "" : "s") differ\(differingPixels == 1 ? "s" : "") (\(formatPercent(percent))%)"
    }

    private var allowedLine: String {
        if case .ratio = options.budget { return "\(options.budget), \(allowedPixels)" }
        return "\(allowedPixels)"
    }
}

/// Compares two images pixel by pixel; the default options demand an exact match.
///
/// Each pixel's distance is pixelmatch's perceptual YIQ distance (`PixelDistance`). Pixels that are not
/// opaque are compared as seen over the checkerboard's black and its white squares, and the larger
/// distance counts (see `PixelDistance.distance`). With `options.antialiasing`, a pixel beyond the
/// threshold that looks like an edge pixel in either image (`Antialiasing`) is counted apart.
/// Images of different sizes are not compared pixel by pixel: the verdict is `.sizeMismatch`.
///
/// Memory beyond the two images: one byte a pixel, and four more for the diff image when
/// `diffImage` is true (without it `Comparison.diffImage` is nil).
public func compare(
    expected: Pixmap, actual: Pixmap, options: ComparisonOptions = .init(),
    diffImage: Bool = true
) -> Comparison {
    var result = Comparison(
        expectedSize: PixelSize(expected), actualSize: PixelSize(actual), options: options,
        differingPixels: 0, antialiasedPixels: 0, changedPixels: 0, largestDistance: 0,
        largestChannelDifference: 0, boundingBox: nil, diffImage: nil)
    guard result.sizesMatch else { return result }
    let width = expected.width
    let height = expected.height
    let threshold = options.clampedThreshold
    let deltaLimit = PixelDistance.maxDelta * threshold * threshold
    // What each pixel turned out to be, for the diff image.
    var kinds = [PixelKind](repeating: .same, count: diffImage ? width * height : 0)
    var largestDelta = 0.0
    var minX = Int.max
    var minY = Int.max
    var maxX = -1
    var maxY = -1
    let expectedImage = PixelBuffer(bytes: expected.bytes, width: width, height: height)
    let actualImage = PixelBuffer(bytes: actual.bytes, width: width, height: height)
    for y in 0..<height {
        for x in 0..<width {
            let i = y * width + x
            let p = expectedImage.pixel(i)
            let q = actualImage.pixel(i)
            if p == q { continue }
            result.changedPixels += 1
            let levels = PixelDistance.largestChannelDifference(p, q)
            result.largestChannelDifference = max(result.largestChannelDifference, levels)
            let delta = PixelDistance.delta(p, q)
            largestDelta = max(largestDelta, delta)
            if levels <= options.levelTolerance {
                if diffImage { kinds[i] = .withinThreshold }
                continue
            }
            // With threshold 0 every changed pixel counts, whatever rounding does to tiny deltas.
            if threshold > 0 && delta <= deltaLimit {
                if diffImage { kinds[i] = .withinThreshold }
                continue
            }
            if options.antialiasing
                && (Antialiasing.isEdgePixel(x: x, y: y, in: expectedImage, other: actualImage)
                    || Antialiasing.isEdgePixel(x: x, y: y, in: actualImage, other: expectedImage))
            {
                result.antialiasedPixels += 1
                if diffImage { kinds[i] = .antialiasing }
                continue
            }
            result.differingPixels += 1
            if diffImage { kinds[i] = .different }
            minX = min(minX, x)
            maxX = max(maxX, x)
            minY = min(minY, y)
            maxY = max(maxY, y)
        }
    }
    result.largestDistance = (largestDelta / PixelDistance.maxDelta).squareRoot()
    if maxX >= 0 {
        result.boundingBox = PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }
    if diffImage { result.diffImage = DiffImage.render(expected: expected, kinds: kinds) }
    return result
}

/// How one pixel compared, for the diff image.
package enum PixelKind: UInt8 {
    case same, withinThreshold, antialiasing, different
}

/// Read access to premultiplied RGBA8 pixels by flat index, each packed into one `UInt32`.
package struct PixelBuffer {
    package let bytes: [UInt8]
    package let width: Int
    package let height: Int

    @inline(__always)
    package func pixel(_ i: Int) -> UInt32 {
        let o = i * 4
        return UInt32(bytes[o]) | UInt32(bytes[o + 1]) << 8 | UInt32(bytes[o + 2]) << 16 | UInt32(bytes[o + 3]) << 24
    }
}

/// The perceptual colour distance of pixelmatch (Kotsarenko and Ramos, "Measuring perceived color
/// difference using YIQ NTSC transmission color space in mobile applications", 2010).
///
/// A difference of colours is taken into NTSC's YIQ space and weighted
/// `0.5053·ΔY² + 0.299·ΔI² + 0.1957·ΔQ²` (`delta`, in squared 8-bit levels). The 0…1 distance is
/// `√(delta / maxDelta)`, where `maxDelta` is the delta of red against cyan, the farthest pair of
/// colours, so a threshold of 0.1 means "a tenth of the largest possible difference".
package enum PixelDistance {
    /// The weighted YIQ delta of an RGB difference (each component −255…255).
    @inline(__always)
    public static func yiqDelta(_ dr: Double, _ dg: Double, _ db: Double) -> Double {
        let y = dr * 0.29889531 + dg * 0.58662247 + db * 0.11448223
        let i = dr * 0.59597799 - dg * 0.27417610 - db * 0.32180189
        let q = dr * 0.21147017 - dg * 0.52261711 + db * 0.31114694
        return 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
    }

    /// The largest `yiqDelta` of two colours: red against cyan (about 35215).
    public static let maxDelta = yiqDelta(255, -255, -255)

    /// The 0…1 distance of two premultiplied pixels.
    ///
    /// Divergence from pixelmatch, which blends translucent pixels with white (or, lately, with a
    /// background that varies from pixel to pixel): both pixels are composited over black and over white,
    /// the two colours of our checkerboard, and the larger distance counts. A composite is linear in the
    /// background, so this is the worst case over every grey background, and no alpha difference can
    /// hide against one square (transparent over white looks like opaque white).
    public static func distance(_ p: PremultipliedRGBA8, _ q: PremultipliedRGBA8) -> Double {
        (delta(pack(p), pack(q)) / maxDelta).squareRoot()
    }

    /// `delta` of packed pixels: over black a premultiplied pixel shows its own r, g, b; over white it
    /// shows c + 255 − a, so the difference over white is the difference over black minus Δa.
    @inline(__always)
    package static func delta(_ p: UInt32, _ q: UInt32) -> Double {
        let dr = Double(Int(p & 0xFF) - Int(q & 0xFF))
        let dg = Double(Int(p >> 8 & 0xFF) - Int(q >> 8 & 0xFF))
        let db = Double(Int(p >> 16 & 0xFF) - Int(q >> 16 & 0xFF))
        let da = Double(Int(p >> 24) - Int(q >> 24))
        let overBlack = yiqDelta(dr, dg, db)
        guard da != 0 else { return overBlack }
        return max(overBlack, yiqDelta(dr - da, dg - da, db - da))
    }

    @inline(__always)
    package static func largestChannelDifference(_ p: UInt32, _ q: UInt32) -> Int {
        var largest = 0
        for shift in stride(from: UInt32(0), to: 32, by: 8) {
            largest = max(largest, abs(Int(p >> shift & 0xFF) - Int(q >> shift & 0xFF)))
        }
        return largest
    }

    /// The brightness (YIQ's Y, 0…255) of a packed premultiplied pixel over white.
    @inline(__always)
    package static func brightnessOverWhite(_ p: UInt32) -> Double {
        let cover = Double(255 - Int(p >> 24))
        return (Double(p & 0xFF) + cover) * 0.29889531 + (Double(p >> 8 & 0xFF) + cover) * 0.58662247
            + (Double(p >> 16 & 0xFF) + cover) * 0.11448223
    }

    @inline(__always)
    package static func pack(_ p: PremultipliedRGBA8) -> UInt32 {
        UInt32(p.r) | UInt32(p.g) << 8 | UInt32(p.b) << 16 | UInt32(p.a) << 24
    }
}

/// "0.084", "0.0021", "0": enough digits to tell small distances apart.
package func formatDistance(_ d: Double) -> String {
    if d == 0 { return "0" }
    return String(format: d >= 0.01 ? "%.3f" : "%.2g", d)
}

/// "0.093", "12.5", "100": a percentage with up to three decimals, trailing zeros dropped.
package func formatPercent(_ p: Double) -> String {
    var text = String(format: "%.3f", p)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
}
