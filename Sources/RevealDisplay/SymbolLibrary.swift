import Foundation
import RevealCore
import RevealRaster
import RevealText

/// The SF Symbols names drawn from an open icon set (Phosphor Icons, MIT; `Scripts/generate-symbols` writes
/// `records`), stroked at the weight asked for. A drawing keeps the icon's centre lines, so a heavier weight
/// thickens its lines, as Apple describes SF Symbols' weights ("progressively thicken some or all of the
/// image's lines", `UIImage.SymbolWeight`).
package enum SymbolLibrary {
    /// The names in the library, sorted.
    package static let names: [String] = table.keys.sorted()

    /// The symbol named `name` stroked at `weight`, built once per name and weight; nil for a name the
    /// library lacks.
    package static func shape(named name: String, weight: FontWeight) -> SymbolShape? {
        guard let record = table[name] else { return nil }
        return cache.shape(name: name, weight: weight) { build(name: name, record: record, weight: weight) }
    }

    /// The icon sets' grid: 256 units, the pen 16 units wide at the regular weight.
    static let grid = 256.0
    static let regularPen = 16.0
    /// Our grid units per icon grid unit: the icon sets' regular circle (radius 96 plus half a pen) spans
    /// 120 units, 1.2 cap heights, as our own `circle` does; its centre sits on the middle of the cap height.
    package static let unitsPerGridUnit = 120.0 / 208
    /// How finely curves are flattened, in icon grid units (a hundredth of a point for a symbol in a
    /// 17-point font; under a tenth of a pixel at 3x for one 100 points tall).
    static let tolerance = 0.05

    /// The pen's width at each weight, relative to the regular pen. Apple says SF Symbols' weights "do not
    /// correspond to a specific line thickness" (`UIImage.SymbolWeight`); these factors are our estimate,
    /// chosen so a symbol's lines are about as thick as the strokes of text at the same weight.
    package static func penFactor(_ weight: FontWeight) -> Double {
        switch weight {
        case .ultraLight: return 0.35
        case .thin: return 0.5
        case .light: return 0.75
        case .regular: return 1
        case .medium: return 1.15
        case .semibold: return 1.3
        case .bold: return 1.5
        case .heavy: return 1.75
        case .black: return 2
        }
    }

    /// Each record's drawing, by name (the text after the name).
    private static let table: [String: Substring] = {
        var table: [String: Substring] = [:]
        for line in records.split(separator: "\n") {
            guard let tab = line.firstIndex(of: "\t") else { continue }
            table[String(line[..<tab])] = line[line.index(after: tab)...]
        }
        return table
    }()

    private static let cache = ShapeCache()

    /// Builds a record's three part lists (base, cut, over) at the weight, in our grid units. A fourth field
    /// `L` says the cut is a glyph knocked out of the base, the symbol's two layers.
    private static func build(name: String, record: Substring, weight: FontWeight) -> SymbolShape {
        let pen = regularPen * penFactor(weight)
        let fields = record.split(separator: "\t", omittingEmptySubsequences: false)
        let groups = fields.prefix(3).map { group in group.split(separator: ";").flatMap { polygons(of: $0, pen: pen) }
        }
        let base = groups[0]
        let cut = groups.count > 1 ? groups[1] : []
        let over = groups.count > 2 ? groups[2] : []
        let drawn = (base + over).flatMap { $0 }
        let minX = drawn.map(\.x).min() ?? 0
        let maxX = drawn.map(\.x).max() ?? 0
        let minY = drawn.map(\.y).min() ?? 0
        let maxY = drawn.map(\.y).max() ?? 0
        let k = unitsPerGridUnit
        let centre = grid / 2
        func place(_ list: [[Point]]) -> PathOutline? {
            guard !list.isEmpty else { return nil }
            return PathOutline(
                polygons: list.map { $0.map { Point(x: ($0.x - minX) * k, y: ($0.y - centre) * k - 50) } })
        }
        let outline = place(base) ?? PathOutline()
        let layers: (enclosure: PathOutline, glyph: PathOutline)?
        if fields.count > 3, fields[3] == "L", let glyph = place(cut) {
            layers = (outline, glyph)
        } else if cut.isEmpty, over.isEmpty {
            layers = SymbolShape.enclosureLayers(name: name, outline: outline, tolerance: tolerance)
        } else {
            layers = nil
        }
        return SymbolShape(
            name: name, weight: weight, width: (maxX - minX) * k, top: (minY - centre) * k - 50,
            bottom: (maxY - centre) * k - 50, outline: outline, cut: place(cut), over: place(over), layers: layers)
    }

    /// One part as polygons that each wind positively, so their union fills with the nonzero rule:
    /// `S` centre lines stroked with round caps and joins, `D` a dot, `F` an outline (turned if need be),
    /// each `+EXTRA` units wider.
    private static func polygons(of part: Substring, pen: Double) -> [[Point]] {
        guard let colon = part.firstIndex(of: ":") else { return [] }
        let head = part[..<colon]
        let body = String(part[part.index(after: colon)...])
        let extra = head.split(separator: "+").dropFirst().first.flatMap { Double($0) } ?? 0
        func stroke(_ outline: PathOutline, width: Double) -> [[Point]] {
            outline.stroked(StrokeSpec(width: width, cap: .round, join: .round), tolerance: tolerance).polylines.map(
                \.points)
        }
        switch head.first {
        case "S":
            guard let outline = try? SVGPathData.outline(body) else { return [] }
            return stroke(outline, width: pen + extra)
        case "D":
            let v = body.split(separator: " ").compactMap { Double($0) }
            guard v.count == 3 else { return [] }
            // The icon sets' dots grow with the pen: radius 12 under the regular pen of 16, 16 under bold's 24.
            let radius = v[2] + (pen - regularPen) / 2 + extra / 2
            return stroke(PathOutline([.move(Point(x: v[0], y: v[1]))]), width: 2 * radius)
        case "F":
            guard let outline = try? SVGPathData.outline(body) else { return [] }
            var contours = outline.polylines(tolerance: tolerance).map(\.points).filter { $0.count > 2 }
            // Turned as a whole when its largest contour winds negatively, so holes stay holes.
            let areas = contours.map(PathOutline.signedArea)
            if let largest = areas.max(by: { abs($0) < abs($1) }), largest < 0 {
                contours = contours.map { $0.reversed() }
            }
            return contours + (extra > 0 ? stroke(outline, width: extra) : [])
        default:
            return []
        }
    }

}

/// Built symbols by name and weight, shared by every thread that draws.
private final class ShapeCache: @unchecked Sendable {
    private let lock = NSLock()
    private var shapes: [String: SymbolShape] = [:]

    func shape(name: String, weight: FontWeight, build: () -> SymbolShape) -> SymbolShape {
        let key = name + "\t" + weight.rawValue
        lock.lock()
        if let shape = shapes[key] {
            lock.unlock()
            return shape
        }
        lock.unlock()
        let shape = build()
        lock.lock()
        shapes[key] = shape
        lock.unlock()
        return shape
    }
}
