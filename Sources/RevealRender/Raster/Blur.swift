import Foundation

/// Gaussian blur of a mask, as Core Graphics draws shadows: SwiftUI's shadow `radius` is the blur
/// radius, and the Gaussian's standard deviation is half of it.
public enum Blur {
    /// The mask blurred with standard deviation `sigma` pixels (separable, in floating point, kernel
    /// cut at 3σ and normalised, edges treated as empty), then quantised.
    public static func gaussian(_ mask: Mask, sigma: Double) throws -> Mask {
        guard sigma > 0 else { return mask }
        let reach = Int((3 * sigma).rounded(.up))
        var kernel = (-reach...reach).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let total = kernel.reduce(0, +)
        kernel = kernel.map { $0 / total }
        let w = mask.width, h = mask.height
        var horizontal = [Double](repeating: 0, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                var sum = 0.0
                for k in max(-reach, -x)...min(reach, w - 1 - x) {
                    sum += Double(mask.bytes[y * w + x + k]) * kernel[k + reach]
                }
                horizontal[y * w + x] = sum
            }
        }
        var result = try Mask(width: w, height: h)
        for y in 0..<h {
            for x in 0..<w {
                var sum = 0.0
                for k in max(-reach, -y)...min(reach, h - 1 - y) {
                    sum += horizontal[(y + k) * w + x] * kernel[k + reach]
                }
                result.bytes[y * w + x] = UInt8(min(max(sum, 0), 255).rounded())
            }
        }
        return result
    }
}
