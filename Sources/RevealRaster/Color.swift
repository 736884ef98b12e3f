import RevealCore

/// A straight-alpha sRGB color with gamma-encoded components in 0...1, as SwiftUI's `Color` holds it.
public struct RGBAColor: Equatable, Hashable, Sendable {
    /// The red component, gamma-encoded sRGB in 0...1, not multiplied by `alpha`.
    public var red: Double
    /// The green component, gamma-encoded sRGB in 0...1, not multiplied by `alpha`.
    public var green: Double
    /// The blue component, gamma-encoded sRGB in 0...1, not multiplied by `alpha`.
    public var blue: Double
    /// The opacity in 0...1 (straight alpha): 0 is fully transparent, 1 opaque.
    public var alpha: Double

    /// A color from gamma-encoded sRGB components in 0...1, opaque by default; values are kept as given
    /// and clamped only when the color is premultiplied.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// `Color(white:)`: a gray with all three components equal.
    public init(white: Double, alpha: Double = 1) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// A color from 8-bit components, e.g. `Color(rgb8: 0xFF, 0x2D, 0x55)`.
    public init(rgb8 r: UInt8, _ g: UInt8, _ b: UInt8, alpha: Double = 1) {
        self.init(red: Double(r) / 255, green: Double(g) / 255, blue: Double(b) / 255, alpha: alpha)
    }

    /// SwiftUI's `Color.clear`: fully transparent black, alpha 0.
    public static let clear = RGBAColor(red: 0, green: 0, blue: 0, alpha: 0)
    /// SwiftUI's `Color.black`: opaque black.
    public static let black = RGBAColor(red: 0, green: 0, blue: 0)
    /// SwiftUI's `Color.white`: opaque white.
    public static let white = RGBAColor(red: 1, green: 1, blue: 1)

    /// The same color with its alpha multiplied by `opacity` (SwiftUI's `.opacity(_:)`).
    public func opacity(_ opacity: Double) -> RGBAColor {
        RGBAColor(red: red, green: green, blue: blue, alpha: alpha * opacity)
    }

    /// The color quantised to premultiplied 8-bit RGBA, rounding to nearest.
    /// Components outside 0…1 are clamped, and NaN counts as 0.
    public var premultiplied: PremultipliedRGBA8 {
        let a = RGBAColor.unit(alpha)
        func q(_ v: Double) -> UInt8 { RGBAColor.nearest(RGBAColor.unit(v) * a * 255) }
        return PremultipliedRGBA8(r: q(red), g: q(green), b: q(blue), a: RGBAColor.level(a))
    }

    /// `v` clamped to 0…1, NaN as 0.
    package static func unit(_ v: Double) -> Double { v >= 0 ? min(v, 1) : 0 }

    /// An opacity (0…1, clamped, NaN as 0) as the compositor applies it: an 8-bit level, rounded.
    package static func level(_ opacity: Double) -> UInt8 { nearest(unit(opacity) * 255) }

    /// `v` (0...255) rounded to nearest, halves away from zero: exactly `v.rounded()`, since `v` minus
    /// its whole part is exact, but without the library call that `rounded()` is on x86-64.
    @inline(__always)
    package static func nearest(_ v: Double) -> UInt8 {
        let whole = Int(v)
        return UInt8(whole + (v - Double(whole) >= 0.5 ? 1 : 0))
    }
}

/// One premultiplied RGBA8 pixel: every color channel is at most `a`.
public struct PremultipliedRGBA8: Equatable, Hashable, Sendable {
    /// The red channel, premultiplied by alpha: 0...`a`.
    public var r: UInt8
    /// The green channel, premultiplied by alpha: 0...`a`.
    public var g: UInt8
    /// The blue channel, premultiplied by alpha: 0...`a`.
    public var b: UInt8
    /// The alpha channel, 0 (transparent) to 255 (opaque).
    public var a: UInt8

    /// A pixel from channels that are already premultiplied; nothing checks that each color channel is at
    /// most `a`, so the caller must keep it so.
    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// The fully transparent pixel, all four channels 0; what a new pixmap is filled with.
    public static let transparent = PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 0)
}
