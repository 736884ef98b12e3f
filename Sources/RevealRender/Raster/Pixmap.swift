import Foundation

/// Why a pixmap of the requested size cannot exist.
public struct PixmapSizeError: Error, Equatable, CustomStringConvertible {
    public let width: Int
    public let height: Int
    public var description: String { "invalid image size \(width)×\(height)" }
}

/// An image of premultiplied RGBA8 pixels, rows top to bottom with no padding (stride == width).
///
/// Straight alpha never enters a pixmap: decoders premultiply, encoders demultiply a copy.
public struct Pixmap: Equatable, Sendable {
    public let width: Int
    public let height: Int
    /// `4 * width * height` bytes: r, g, b, a per pixel, premultiplied.
    public var bytes: [UInt8]

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
            bytes = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
                for i in stride(from: 0, to: width * height * 4, by: 4) {
                    buffer[i] = fill.r
                    buffer[i + 1] = fill.g
                    buffer[i + 2] = fill.b
                    buffer[i + 3] = fill.a
                }
                count = width * height * 4
            }
        }
    }

    /// Wraps existing premultiplied bytes; `bytes.count` must be `4 * width * height`.
    public init(width: Int, height: Int, premultipliedBytes: [UInt8]) throws {
        guard width > 0, height > 0, width <= Pixmap.maxSide, height <= Pixmap.maxSide,
              premultipliedBytes.count == width * height * 4 else {
            throw PixmapSizeError(width: width, height: height)
        }
        self.width = width
        self.height = height
        bytes = premultipliedBytes
    }

    public subscript(x: Int, y: Int) -> PremultipliedRGBA8 {
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

    /// Makes each row equal to that row of `source` (same size) and says which rows it had to change:
    /// how a copy of a frame follows the frame at the cost of the rows that differ.
    public mutating func updateRows(from source: Pixmap) -> [Bool] {
        precondition(source.width == width && source.height == height && source.bytes.count == bytes.count)
        let rowBytes = width * 4
        return source.bytes.withUnsafeBufferPointer { from in
            bytes.withUnsafeMutableBufferPointer { to in
                (0..<height).map { y in
                    let row = y * rowBytes
                    guard memcmp(from.baseAddress! + row, to.baseAddress! + row, rowBytes) != 0 else { return false }
                    (to.baseAddress! + row).update(from: from.baseAddress! + row, count: rowBytes)
                    return true
                }
            }
        }
    }

    /// A pixmap with the same pixels in storage of its own (not shared with this one's).
    public func ownCopy() -> Pixmap {
        var copy = self
        copy.bytes = bytes.withUnsafeBufferPointer { Array($0) }
        return copy
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
}
