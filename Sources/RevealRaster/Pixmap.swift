import Foundation
import RevealCore

/// Why a pixmap of the requested size cannot exist.
public struct PixmapSizeError: Error, Equatable, CustomStringConvertible {
    /// The requested width in pixels; it or the height was not in 1...`Pixmap.maxSide`, or the pair did
    /// not match the bytes given.
    public let width: Int
    /// The requested height in pixels; it or the width was not in 1...`Pixmap.maxSide`, or the pair did
    /// not match the bytes given.
    public let height: Int
    public var description: String { "invalid image size \(width)×\(height)" }
}

/// An image of premultiplied RGBA8 pixels, rows top to bottom with no padding (stride == width).
///
/// Straight alpha never enters a pixmap: decoders premultiply, encoders demultiply a copy.
public struct Pixmap: Equatable, Sendable {
    /// The pixmap's width in pixels, 1...`maxSide`.
    public let width: Int
    /// The pixmap's height in pixels, 1...`maxSide`.
    public let height: Int
    /// `4 * width * height` bytes: r, g, b, a per pixel, premultiplied, rows top to bottom.
    public package(set) var bytes: [UInt8]

    /// The largest side we accept; larger images are refused at creation rather than failing later.
    public static let maxSide = 1 << 16

    /// A pixmap filled with one color (transparent by default). Throws for empty or absurd sizes.
    public init(width: Int, height: Int, fill: PremultipliedRGBA8 = .transparent) throws {
        guard width > 0, height > 0, width <= Pixmap.maxSide, height <= Pixmap.maxSide else {
            throw PixmapSizeError(width: width, height: height)
        }
        self.width = width
        self.height = height
        if fill == .transparent {
            bytes = [UInt8](repeating: 0, count: width * height * 4)
        } else {
            // Written once, in the color: no clearing pass first.
            bytes = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
                Pixmap.fill(UnsafeMutableRawBufferPointer(buffer), with: fill)
                count = buffer.count
            }
        }
    }

    /// Wraps existing premultiplied bytes; `bytes.count` must be `4 * width * height`.
    public init(width: Int, height: Int, premultipliedBytes: [UInt8]) throws {
        guard width > 0, height > 0, width <= Pixmap.maxSide, height <= Pixmap.maxSide,
            premultipliedBytes.count == width * height * 4
        else {
            throw PixmapSizeError(width: width, height: height)
        }
        self.width = width
        self.height = height
        bytes = premultipliedBytes
    }

    /// The pixel at column `x`, row `y`; nil outside the image.
    public func pixel(x: Int, y: Int) -> PremultipliedRGBA8? {
        guard x >= 0, y >= 0, x < width, y < height else { return nil }
        return self[x, y]
    }

    package subscript(x: Int, y: Int) -> PremultipliedRGBA8 {
        get {
            let i = (y * width + x) * 4
            return PremultipliedRGBA8(r: bytes[i], g: bytes[i + 1], b: bytes[i + 2], a: bytes[i + 3])
        }
        set {
            let i = (y * width + x) * 4
            bytes[i] = newValue.r
            bytes[i + 1] = newValue.g
            bytes[i + 2] = newValue.b
            bytes[i + 3] = newValue.a
        }
    }

    /// A pixmap with the same pixels in storage of its own (not shared with this one's).
    public func ownCopy() -> Pixmap {
        var copy = self
        copy.bytes = bytes.withUnsafeBufferPointer { Array($0) }
        return copy
    }
}
