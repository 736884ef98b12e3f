/// A static picture read row by row while compositing: a full pixmap, or one color per row when every
/// row is a single color (solid paints and vertical gradients), which keeps tall frames small in memory.
public enum Layer: Sendable {
    case pixmap(Pixmap)
    case rowColors([PremultipliedRGBA8], width: Int)

    /// The paint filled into a `width`×`height` layer, with exactly the pixels of `Paint.render`.
    public init(_ paint: Paint, width: Int, height: Int) throws {
        if let colors = paint.rowColors(width: width, height: height) {
            self = .rowColors(colors, width: width)
        } else {
            self = .pixmap(try paint.render(width: width, height: height))
        }
    }

    public var width: Int {
        switch self {
        case let .pixmap(p): return p.width
        case let .rowColors(_, width): return width
        }
    }

    public var height: Int {
        switch self {
        case let .pixmap(p): return p.height
        case let .rowColors(colors, _): return colors.count
        }
    }

    /// This layer drawn over `below` (source-over), keeping the compact form when both have it.
    public func over(_ below: Layer) throws -> Layer {
        if case let .rowColors(top, width) = self, case let .rowColors(bottom, _) = below {
            var pixel = try Pixmap(width: 1, height: 1)
            var result: [PremultipliedRGBA8] = []
            result.reserveCapacity(top.count)
            for (t, b) in zip(top, bottom) {
                let source = try Pixmap(width: 1, height: 1, fill: t)
                pixel[0, 0] = b
                Compositor.sourceOver(source, onto: &pixel, rows: RowRange(0, 1))
                result.append(pixel[0, 0])
            }
            return .rowColors(result, width: width)
        }
        var pixmap = below.materialized
        Compositor.sourceOver(materialized, onto: &pixmap, rows: RowRange(0, height))
        return .pixmap(pixmap)
    }

    /// The layer as a full pixmap.
    public var materialized: Pixmap {
        switch self {
        case let .pixmap(p): return p
        case let .rowColors(colors, width):
            var bytes = [UInt8](repeating: 0, count: width * colors.count * 4)
            for (y, c) in colors.enumerated() {
                for x in 0..<width {
                    let i = (y * width + x) * 4
                    bytes[i] = c.r; bytes[i + 1] = c.g; bytes[i + 2] = c.b; bytes[i + 3] = c.a
                }
            }
            // Sizes come from a valid layer, so this cannot fail.
            return try! Pixmap(width: width, height: colors.count, premultipliedBytes: bytes)
        }
    }

    /// Calls `body` with row `y`'s pixels (4 bytes each, the whole width). `scratch` holds the row
    /// for compact layers and is reused between calls.
    public func withRow<R>(_ y: Int, scratch: inout [UInt8], _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        switch self {
        case let .pixmap(p):
            return p.bytes.withUnsafeBufferPointer { all in
                body(UnsafeBufferPointer(rebasing: all[y * p.width * 4..<(y + 1) * p.width * 4]))
            }
        case let .rowColors(colors, width):
            let c = colors[y]
            if scratch.count != width * 4 { scratch = [UInt8](repeating: 0, count: width * 4) }
            scratch.withUnsafeMutableBufferPointer { row in
                for x in 0..<width {
                    row[x * 4] = c.r; row[x * 4 + 1] = c.g; row[x * 4 + 2] = c.b; row[x * 4 + 3] = c.a
                }
            }
            return scratch.withUnsafeBufferPointer(body)
        }
    }
}
