import RevealCore

/// A static picture read row by row while compositing: a full pixmap, or one color per row when every
/// row is a single color (solid paints and vertical gradients), which keeps tall frames small in memory.
package enum Layer: Sendable {
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
        case .pixmap(let p): return p.width
        case .rowColors(_, let width): return width
        }
    }

    public var height: Int {
        switch self {
        case .pixmap(let p): return p.height
        case .rowColors(let colors, _): return colors.count
        }
    }

    /// This layer drawn over `below` (source-over), keeping the compact form when both have it.
    public func over(_ below: Layer) throws -> Layer {
        if case .rowColors(let top, let width) = self, case .rowColors(let bottom, _) = below {
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
        var pixmap = try below.materialized()
        Compositor.sourceOver(try materialized(), onto: &pixmap, rows: RowRange(0, height))
        return .pixmap(pixmap)
    }

    /// The layer as a full pixmap.
    package func materialized() throws -> Pixmap {
        switch self {
        case .pixmap(let p): return p
        case .rowColors(let colors, let width):
            var pixmap = try Pixmap(width: width, height: colors.count)
            pixmap.copy(self, rows: 0..<colors.count, columns: 0..<width)
            return pixmap
        }
    }
}
