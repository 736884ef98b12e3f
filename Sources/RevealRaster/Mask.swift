import RevealCore

/// One byte of coverage or alpha per pixel (0 = none, 255 = full), rows top to bottom, stride == width.
package struct Mask: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public var bytes: [UInt8]

    /// A mask filled with `value`. Throws for empty or absurd sizes, like `Pixmap`.
    public init(width: Int, height: Int, value: UInt8 = 0) throws {
        guard width > 0, height > 0, width <= Pixmap.maxSide, height <= Pixmap.maxSide else {
            throw PixmapSizeError(width: width, height: height)
        }
        self.width = width
        self.height = height
        bytes = [UInt8](repeating: value, count: width * height)
    }

    public subscript(x: Int, y: Int) -> UInt8 {
        get { bytes[y * width + x] }
        set { bytes[y * width + x] = newValue }
    }

    /// Sets every pixel to `value`.
    package mutating func fill(_ value: UInt8) {
        bytes = [UInt8](repeating: value, count: width * height)
    }

    /// The sum of all coverage in pixel units (255 = one pixel), for area checks.
    public var totalCoverage: Double {
        var sum = 0
        for b in bytes { sum += Int(b) }
        return Double(sum) / 255
    }
}
