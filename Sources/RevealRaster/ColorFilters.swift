import Foundation
import RevealCore

/// A 4×5 matrix over straight (not premultiplied) RGBA in 0...1, as the W3C Filter Effects' `feColorMatrix`:
/// each channel out is a weighted sum of r, g, b and a plus an offset, clamped to 0...1. SwiftUI's color
/// effects (`brightness`, `contrast`, `saturation`, `grayscale`, `hueRotation`, `colorMultiply`) are such
/// matrices, applied here to sRGB-encoded components.
public struct ColorMatrix: Equatable, Sendable {
    /// Row after row (r, g, b, a out), each the weights of r, g, b, a in and then the offset: 20 values.
    public let values: [Double]

    /// A matrix of 20 values, row after row; any other count is the identity.
    public init(_ values: [Double]) {
        self.values = values.count == 20 && values.allSatisfy(\.isFinite) ? values : ColorMatrix.identity.values
    }

    /// Leaves every color as it is.
    public static let identity = ColorMatrix(
        [1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0])

    /// Adds `amount` to each color channel (SwiftUI's `brightness`: 0 no change, 1 white).
    public static func brightness(_ amount: Double) -> ColorMatrix {
        ColorMatrix([1, 0, 0, 0, amount, 0, 1, 0, 0, amount, 0, 0, 1, 0, amount, 0, 0, 0, 1, 0])
    }

    /// Scales each color channel's distance from mid-gray by `amount` (SwiftUI's `contrast`: 1 no change,
    /// 0 all gray, below 0 inverted), as Filter Effects' `contrast()`.
    public static func contrast(_ amount: Double) -> ColorMatrix {
        let offset = 0.5 * (1 - amount)
        return ColorMatrix([amount, 0, 0, 0, offset, 0, amount, 0, 0, offset, 0, 0, amount, 0, offset, 0, 0, 0, 1, 0])
    }

    /// Filter Effects' `saturate` matrix (Rec. 709 luminance weights): 1 no change, 0 gray, above 1 more
    /// vivid (SwiftUI's `saturation`).
    public static func saturation(_ s: Double) -> ColorMatrix {
        ColorMatrix([
            0.2126 + 0.7874 * s, 0.7152 - 0.7152 * s, 0.0722 - 0.0722 * s, 0, 0,
            0.2126 - 0.2126 * s, 0.7152 + 0.2848 * s, 0.0722 - 0.0722 * s, 0, 0,
            0.2126 - 0.2126 * s, 0.7152 - 0.7152 * s, 0.0722 + 0.9278 * s, 0, 0,
            0, 0, 0, 1, 0,
        ])
    }

    /// Filter Effects' `grayscale(amount)`, which is `saturate(1 − amount)`: 0 no change, 1 all gray.
    public static func grayscale(_ amount: Double) -> ColorMatrix { saturation(1 - min(max(amount, 0), 1)) }

    /// Filter Effects' `hueRotate` matrix: hues turned by `radians`, luminance kept.
    public static func hueRotation(_ radians: Double) -> ColorMatrix {
        let c = cos(radians)
        let s = sin(radians)
        return ColorMatrix([
            0.213 + c * 0.787 - s * 0.213, 0.715 - c * 0.715 - s * 0.715, 0.072 - c * 0.072 + s * 0.928, 0, 0,
            0.213 - c * 0.213 + s * 0.143, 0.715 + c * 0.285 + s * 0.140, 0.072 - c * 0.072 - s * 0.283, 0, 0,
            0.213 - c * 0.213 - s * 0.787, 0.715 - c * 0.715 + s * 0.715, 0.072 + c * 0.928 + s * 0.072, 0, 0,
            0, 0, 0, 1, 0,
        ])
    }

    /// Each channel, alpha too, multiplied by `color`'s (SwiftUI's `colorMultiply`).
    public static func multiply(_ color: RGBAColor) -> ColorMatrix {
        let (r, g, b, a) = (color.red, color.green, color.blue, color.alpha)
        return ColorMatrix([r, 0, 0, 0, 0, 0, g, 0, 0, 0, 0, 0, b, 0, 0, 0, 0, 0, a, 0])
    }

    /// Whether the matrix leaves every color as it is (to rounding far below a level).
    package var isIdentity: Bool { zip(values, ColorMatrix.identity.values).allSatisfy { abs($0 - $1) < 1e-9 } }

    /// Applies the matrix to every pixel of `pixmap`: demultiplied, transformed, clamped, premultiplied again.
    /// A fully transparent pixel stays transparent unless the matrix gives it alpha.
    package func apply(to pixmap: inout Pixmap) {
        let m = values
        pixmap.bytes.withUnsafeMutableBufferPointer { bytes in
            var i = 0
            while i < bytes.count {
                defer { i += 4 }
                let a = Double(bytes[i + 3]) / 255
                // A transparent pixel stays so unless the matrix makes alpha from nothing.
                if a == 0 && m[19] <= 0 { continue }
                let k = a > 0 ? 1 / (a * 255) : 0
                let r = Double(bytes[i]) * k
                let g = Double(bytes[i + 1]) * k
                let b = Double(bytes[i + 2]) * k
                let outR = min(max(m[0] * r + m[1] * g + m[2] * b + m[3] * a + m[4], 0), 1)
                let outG = min(max(m[5] * r + m[6] * g + m[7] * b + m[8] * a + m[9], 0), 1)
                let outB = min(max(m[10] * r + m[11] * g + m[12] * b + m[13] * a + m[14], 0), 1)
                let outA = min(max(m[15] * r + m[16] * g + m[17] * b + m[18] * a + m[19], 0), 1)
                bytes[i] = RGBAColor.nearest(outR * outA * 255)
                bytes[i + 1] = RGBAColor.nearest(outG * outA * 255)
                bytes[i + 2] = RGBAColor.nearest(outB * outA * 255)
                bytes[i + 3] = RGBAColor.nearest(outA * 255)
            }
        }
    }
}

/// SwiftUI's `GraphicsContext.Filter.alphaThreshold(min:max:color:)`: "replaces each pixel with alpha
/// components within a range by a constant color, or transparency otherwise". Alpha is compared in 0...1.
public struct AlphaThreshold: Equatable, Hashable, Sendable {
    /// The lowest alpha kept.
    public var min: Double
    /// The highest alpha kept.
    public var max: Double
    /// What a kept pixel becomes.
    public var color: RGBAColor

    /// Keeps alpha in `min...max` as `color` (SwiftUI's defaults: up to 1, in black).
    public init(min: Double, max: Double = 1, color: RGBAColor = .black) {
        self.min = min
        self.max = max
        self.color = color
    }

    package func apply(to pixmap: inout Pixmap) {
        let kept = color.premultiplied
        let value = [kept.r, kept.g, kept.b, kept.a]
        // Compared on the byte scale: alpha a/255 lies in min...max.
        let low = min * 255
        let high = max * 255
        pixmap.bytes.withUnsafeMutableBufferPointer { bytes in
            var i = 0
            while i < bytes.count {
                let a = Double(bytes[i + 3])
                let inside = a >= low && a <= high
                for k in 0..<4 { bytes[i + k] = inside ? value[k] : 0 }
                i += 4
            }
        }
    }
}
