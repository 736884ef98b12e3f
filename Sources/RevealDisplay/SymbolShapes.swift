import RevealCore
import RevealRaster
import RevealText

/// A symbol ready to draw, on a grid where 100 units are the font's cap height: y = 0 is the baseline and
/// y = -100 the cap line (y grows downward, as in SVG), x = 0 the leading edge.
///
/// Two kinds come here: our own drawings of the symbols the seed demos and the gallery use (`all`, filled
/// outlines, the same at every weight), and `SymbolLibrary`'s, stroked at a weight from an open icon set.
/// Apple's symbols may not be redistributed.
package struct SymbolShape: Sendable, Equatable {
    /// The SF Symbols name.
    package let name: String
    /// The weight the drawing was stroked at; nil for our own drawings, which have one weight.
    package let weight: FontWeight?
    /// The advance width in grid units (the drawing spans 0...width).
    package let width: Double
    /// The drawing's top and bottom in grid units (its bounding box's minY and maxY).
    package let top: Double
    package let bottom: Double
    /// What the symbol covers, filled with the nonzero rule.
    package let outline: PathOutline
    /// What is knocked out of `outline` (a glyph in a filled circle, the halo around a badge); nil: nothing.
    package let cut: PathOutline?
    /// What is drawn over `outline` after the cut (a slash, a badge); nil: nothing.
    package let over: PathOutline?
    /// A filled enclosure (`xmark.circle.fill`'s disc) and the glyph knocked out of it, which SwiftUI's
    /// hierarchical and palette rendering modes draw in two styles; nil for a symbol of one layer.
    package let layers: (enclosure: PathOutline, glyph: PathOutline)?
    /// The whole symbol, or one of its layers alone.
    package let part: Part

    /// A symbol's layers, as `layer(_:)` picks them.
    package enum Part: Sendable {
        case whole, enclosure, glyph
    }

    /// A drawing of ours: SVG path data (absolute M L C Q A Z) spanning `0...width` and `top...bottom`.
    init(name: String, width: Double, pathData: String, top: Double, bottom: Double) {
        let outline = (try? SVGPathData.outline(pathData)) ?? PathOutline()
        self.init(
            name: name, weight: nil, width: width, top: top, bottom: bottom, outline: outline, cut: nil, over: nil,
            layers: SymbolShape.enclosureLayers(name: name, outline: outline, tolerance: 0.02))
    }

    package init(
        name: String, weight: FontWeight?, width: Double, top: Double, bottom: Double, outline: PathOutline,
        cut: PathOutline?, over: PathOutline?, layers: (enclosure: PathOutline, glyph: PathOutline)?,
        part: Part = .whole
    ) {
        self.name = name
        self.weight = weight
        self.width = width
        self.top = top
        self.bottom = bottom
        self.outline = outline
        self.cut = cut
        self.over = over
        self.layers = layers
        self.part = part
    }

    /// Two symbols are the same drawing when they have the same name, weight and part.
    package static func == (a: SymbolShape, b: SymbolShape) -> Bool {
        a.name == b.name && a.weight == b.weight && a.part == b.part
    }

    /// One layer of a layered symbol alone, in the same box; the whole symbol when it has one layer.
    package func layer(_ part: Part) -> SymbolShape {
        guard let layers, part != .whole else { return self }
        return SymbolShape(
            name: name, weight: weight, width: width, top: top, bottom: bottom,
            outline: part == .enclosure ? layers.enclosure : layers.glyph, cut: nil, over: nil, layers: nil, part: part)
    }

    /// SF Symbols' enclosed fills (`….circle.fill`, `….square.fill`, `exclamationmark.triangle.fill`, …) as
    /// two layers: the outline's outer contour, and the holes in it (each drawn the right way round). Nil
    /// for any other name, or an outline with an island inside a hole, whose layers are not this simple.
    package static func enclosureLayers(name: String, outline: PathOutline, tolerance: Double) -> (
        enclosure: PathOutline, glyph: PathOutline
    )? {
        let enclosures = ["circle", "square", "rectangle", "app", "triangle", "octagon", "seal", "shield", "diamond"]
        let words = name.split(separator: ".")
        guard words.count >= 3, words.last == "fill", enclosures.contains(String(words[words.count - 2])) else {
            return nil
        }
        let contours = outline.polylines(tolerance: tolerance).map(\.points).filter { $0.count > 2 }
        let areas = contours.map(PathOutline.signedArea)
        guard let outer = areas.indices.max(by: { abs(areas[$0]) < abs(areas[$1]) }) else { return nil }
        let holes = areas.indices.filter { $0 != outer }
        guard !holes.isEmpty, holes.allSatisfy({ areas[$0] * areas[outer] < 0 }) else { return nil }
        return (PathOutline(polygons: [contours[outer]]), PathOutline(polygons: holes.map { contours[$0] }))
    }

    /// The symbol named `name` drawn at `weight`: our own drawing when there is one, else the library's.
    package static func named(_ name: String, weight: FontWeight = .regular) -> SymbolShape? {
        ours[name] ?? SymbolLibrary.shape(named: name, weight: weight)
    }

    /// Every name there is a drawing for, sorted.
    package static let names: [String] = Set(all.map(\.name)).union(SymbolLibrary.names).sorted()

    private static let ours: [String: SymbolShape] = Dictionary(all.map { ($0.name, $0) }) { first, _ in first }

    /// Every drawing: the seeds' and the gallery's first, then `more`.
    package static let all: [SymbolShape] = first + more

    /// The seed demos' and the first gallery components' symbols.
    private static let first: [SymbolShape] = [
        SymbolShape(
            name: "gift.fill",
            width: 132,
            pathData:
                "M5 -79.75L60.75 -79.75L60.75 -53.75L5 -53.75A5 5 0 0 1 0 -58.75L0 -74.75A5 5 0 0 1 5 -79.75ZM71.25 -79.75L127 -79.75A5 5 0 0 1 132 -74.75L132 -58.75A5 5 0 0 1 127 -53.75L71.25 -53.75ZM8 -47.75L60.75 -47.75L60.75 10.25L16 10.25A8 8 0 0 1 8 2.25ZM71.25 -47.75L124 -47.75L124 2.25A8 8 0 0 1 116 10.25L71.25 10.25ZM66 -81.75L42.05 -81.25A14.5 14.5 0 0 1 29.19 -103A14.5 14.5 0 0 1 54.46 -102.74ZM48.76 -99.61A8 8 0 0 0 34.82 -99.75A8 8 0 0 0 41.92 -87.75L55.13 -88.03ZM66 -81.75L77.54 -102.74A14.5 14.5 0 0 1 102.81 -103A14.5 14.5 0 0 1 89.95 -81.25ZM90.08 -87.75A8 8 0 0 0 97.18 -99.75A8 8 0 0 0 83.24 -99.61L76.87 -88.03Z",
            top: -110.25,
            bottom: 10.25
        ),
        SymbolShape(
            name: "hand.draw.fill",
            width: 117.79,
            pathData:
                "M45.64 -41.94L41.59 -88.26A7.5 7.5 0 0 1 48.4 -96.39A7.5 7.5 0 0 1 56.53 -89.57L60.58 -43.25A7.5 7.5 0 0 1 53.77 -35.12A7.5 7.5 0 0 1 45.64 -41.94ZM63.61 -42.4L62.19 -96.88A7.5 7.5 0 0 1 69.49 -104.57A7.5 7.5 0 0 1 77.18 -97.27L78.61 -42.79A7.5 7.5 0 0 1 71.31 -35.09A7.5 7.5 0 0 1 63.61 -42.4ZM81.61 -42.79L82.94 -93.27A7.5 7.5 0 0 1 90.63 -100.57A7.5 7.5 0 0 1 97.93 -92.88L96.61 -42.4A7.5 7.5 0 0 1 88.92 -35.09A7.5 7.5 0 0 1 81.61 -42.79ZM99.64 -43.25L102.82 -79.61A7.5 7.5 0 0 1 110.95 -86.42A7.5 7.5 0 0 1 117.76 -78.3L114.58 -41.94A7.5 7.5 0 0 1 106.46 -35.12A7.5 7.5 0 0 1 99.64 -43.25ZM49.61 -50.59L110.61 -50.59A4 4 0 0 1 114.61 -46.59L114.61 -8.59A22 22 0 0 1 92.61 13.41L71.61 13.41A26 26 0 0 1 45.61 -12.59L45.61 -46.59A4 4 0 0 1 49.61 -50.59ZM51.49 -3.76L21.49 -41.76A7.8 7.8 0 0 1 22.78 -52.71A7.8 7.8 0 0 1 33.73 -51.43L63.73 -13.43A7.8 7.8 0 0 1 62.44 -2.47A7.8 7.8 0 0 1 51.49 -3.76ZM52.41 -87.35A11.9 11.9 0 0 1 36.6 -81.6A11.9 11.9 0 0 1 30.84 -97.41A4.5 4.5 0 0 0 28.67 -103.39A4.5 4.5 0 0 0 22.69 -101.21A11.9 11.9 0 0 1 6.87 -95.46A11.9 11.9 0 0 1 1.11 -111.27A3.7 3.7 0 0 1 6.03 -113.06A3.7 3.7 0 0 1 7.82 -108.14A4.5 4.5 0 0 0 10 -102.16A4.5 4.5 0 0 0 15.98 -104.34A11.9 11.9 0 0 1 31.79 -110.1A11.9 11.9 0 0 1 37.55 -94.28A4.5 4.5 0 0 0 39.73 -88.3A4.5 4.5 0 0 0 45.71 -90.48A3.7 3.7 0 0 1 50.62 -92.27A3.7 3.7 0 0 1 52.41 -87.35Z",
            top: -113.41,
            bottom: 13.41
        ),
        SymbolShape(
            name: "sun.max.fill",
            width: 130,
            pathData:
                "M94 -50A29 29 0 0 1 50.5 -24.89A29 29 0 0 1 50.5 -75.11A29 29 0 0 1 94 -50ZM59 -91L59 -109A6 6 0 0 1 65 -115A6 6 0 0 1 71 -109L71 -91A6 6 0 0 1 65 -85A6 6 0 0 1 59 -91ZM89.75 -83.23L102.48 -95.96A6 6 0 0 1 110.96 -95.96A6 6 0 0 1 110.96 -87.48L98.23 -74.75A6 6 0 0 1 89.75 -74.75A6 6 0 0 1 89.75 -83.23ZM106 -56L124 -56A6 6 0 0 1 130 -50A6 6 0 0 1 124 -44L106 -44A6 6 0 0 1 100 -50A6 6 0 0 1 106 -56ZM98.23 -25.25L110.96 -12.52A6 6 0 0 1 110.96 -4.04A6 6 0 0 1 102.48 -4.04L89.75 -16.77A6 6 0 0 1 89.75 -25.25A6 6 0 0 1 98.23 -25.25ZM71 -9L71 9A6 6 0 0 1 65 15A6 6 0 0 1 59 9L59 -9A6 6 0 0 1 65 -15A6 6 0 0 1 71 -9ZM40.25 -16.77L27.52 -4.04A6 6 0 0 1 19.04 -4.04A6 6 0 0 1 19.04 -12.52L31.77 -25.25A6 6 0 0 1 40.25 -25.25A6 6 0 0 1 40.25 -16.77ZM24 -44L6 -44A6 6 0 0 1 0 -50A6 6 0 0 1 6 -56L24 -56A6 6 0 0 1 30 -50A6 6 0 0 1 24 -44ZM31.77 -74.75L19.04 -87.48A6 6 0 0 1 19.04 -95.96A6 6 0 0 1 27.52 -95.96L40.25 -83.23A6 6 0 0 1 40.25 -74.75A6 6 0 0 1 31.77 -74.75Z",
            top: -115,
            bottom: 15
        ),
        SymbolShape(
            name: "moon.stars.fill",
            width: 134,
            pathData:
                "M107.41 -35.54A54 54 0 0 1 14.15 -7.06A54 54 0 0 1 50.84 -97.41A44 44 0 0 0 107.41 -35.54ZM97 -110.5C98.77 -99.61 105.11 -93.27 116 -91.5C105.11 -89.73 98.77 -83.39 97 -72.5C95.23 -83.39 88.89 -89.73 78 -91.5C88.89 -93.27 95.23 -99.61 97 -110.5ZM122 -70.5C123.12 -63.62 127.12 -59.62 134 -58.5C127.12 -57.38 123.12 -53.38 122 -46.5C120.88 -53.38 116.88 -57.38 110 -58.5C116.88 -59.62 120.88 -63.62 122 -70.5Z",
            top: -110.5,
            bottom: 10.5
        ),
        SymbolShape(
            name: "arrow.counterclockwise",
            width: 109.2,
            pathData:
                "M49.84 -99.77A54.6 54.6 0 0 1 86.69 -1.2A54.6 54.6 0 0 1 4.34 -66.71A5.1 5.1 0 0 1 11.03 -69.41A5.1 5.1 0 0 1 13.73 -62.72A44.4 44.4 0 0 0 80.7 -9.45A44.4 44.4 0 0 0 50.73 -89.61L51.44 -81.44C51.57 -79.98 51.03 -79.66 49.82 -80.48L33.01 -91.91C31.91 -92.66 31.84 -93.5 32.79 -94.43L47.36 -108.59C48.41 -109.62 49 -109.4 49.13 -107.94L49.84 -99.77Z",
            top: -109.23,
            bottom: 9.23
        ),
        SymbolShape(
            name: "plus",
            width: 110,
            pathData:
                "M12.5 -48.5L97.5 -48.5A7.5 7.5 0 0 1 97.5 -33.5L12.5 -33.5A7.5 7.5 0 0 1 12.5 -48.5ZM47.5 -83.5A7.5 7.5 0 0 1 62.5 -83.5L62.5 1.5A7.5 7.5 0 0 1 47.5 1.5Z",
            top: -91,
            bottom: 9
        ),
        SymbolShape(
            name: "heart",
            width: 114,
            pathData:
                "M57 -81.46A30 30 0 0 1 82.55 -98.34A30 30 0 0 1 109.61 -84A30 30 0 0 1 109.98 -53.38C97.98 -32.59 78.21 -21.59 59.12 -2.5A3 3 0 0 1 54.88 -2.5C35.79 -21.59 16.02 -32.59 4.02 -53.38A30 30 0 0 1 4.39 -84A30 30 0 0 1 31.45 -98.34A30 30 0 0 1 57 -81.46ZM48 -77.1A20 20 0 0 0 30.97 -88.36A20 20 0 0 0 12.93 -78.79A20 20 0 0 0 12.68 -58.38C22.04 -42.17 43.85 -27.67 57 -14.52C70.15 -27.67 91.96 -42.17 101.32 -58.38A20 20 0 0 0 101.07 -78.79A20 20 0 0 0 83.03 -88.36A20 20 0 0 0 66 -77.1A10 10 0 0 1 57 -71.46A10 10 0 0 1 48 -77.1Z",
            top: -98.38,
            bottom: -1.62
        ),
        SymbolShape(
            name: "heart.fill",
            width: 114,
            pathData:
                "M57 -81.46A30 30 0 0 1 82.55 -98.34A30 30 0 0 1 109.61 -84A30 30 0 0 1 109.98 -53.38C97.98 -32.59 78.21 -21.59 59.12 -2.5A3 3 0 0 1 54.88 -2.5C35.79 -21.59 16.02 -32.59 4.02 -53.38A30 30 0 0 1 4.39 -84A30 30 0 0 1 31.45 -98.34A30 30 0 0 1 57 -81.46Z",
            top: -98.38,
            bottom: -1.62
        ),
        SymbolShape(
            name: "star",
            width: 110.29,
            pathData:
                "M37.23 -72.22L49.7 -99.25A6 6 0 0 1 55.15 -102.74A6 6 0 0 1 60.59 -99.25L73.06 -72.22A3 3 0 0 0 75.43 -70.5L105 -66.99A6 6 0 0 1 110 -62.89A6 6 0 0 1 108.37 -56.63L86.51 -36.42A3 3 0 0 0 85.6 -33.63L91.4 -4.43A6 6 0 0 1 89.05 1.59A6 6 0 0 1 82.59 1.98L56.61 -12.57A3 3 0 0 0 53.68 -12.57L27.7 1.98A6 6 0 0 1 21.25 1.59A6 6 0 0 1 18.89 -4.43L24.69 -33.63A3 3 0 0 0 23.78 -36.42L1.93 -56.63A6 6 0 0 1 0.29 -62.89A6 6 0 0 1 5.29 -66.99L34.86 -70.5A3 3 0 0 0 37.23 -72.22ZM46.31 -68.03A13 13 0 0 1 36.03 -60.57L16.8 -58.29A0.8 0.8 0 0 0 16.14 -57.74A0.8 0.8 0 0 0 16.36 -56.91L30.57 -43.76A13 13 0 0 1 34.5 -31.68L30.72 -12.69A0.8 0.8 0 0 0 31.04 -11.88A0.8 0.8 0 0 0 31.9 -11.83L48.8 -21.29A13 13 0 0 1 61.5 -21.29L78.39 -11.83A0.8 0.8 0 0 0 79.25 -11.88A0.8 0.8 0 0 0 79.57 -12.69L75.79 -31.68A13 13 0 0 1 79.72 -43.76L93.94 -56.91A0.8 0.8 0 0 0 94.15 -57.74A0.8 0.8 0 0 0 93.49 -58.29L74.26 -60.57A13 13 0 0 1 63.98 -68.03L55.87 -85.62A0.8 0.8 0 0 0 55.15 -86.08A0.8 0.8 0 0 0 54.42 -85.62L46.31 -68.03Z",
            top: -102.74,
            bottom: 2.74
        ),
        SymbolShape(
            name: "star.fill",
            width: 110.29,
            pathData:
                "M37.23 -72.22L49.7 -99.25A6 6 0 0 1 55.15 -102.74A6 6 0 0 1 60.59 -99.25L73.06 -72.22A3 3 0 0 0 75.43 -70.5L105 -66.99A6 6 0 0 1 110 -62.89A6 6 0 0 1 108.37 -56.63L86.51 -36.42A3 3 0 0 0 85.6 -33.63L91.4 -4.43A6 6 0 0 1 89.05 1.59A6 6 0 0 1 82.59 1.98L56.61 -12.57A3 3 0 0 0 53.68 -12.57L27.7 1.98A6 6 0 0 1 21.25 1.59A6 6 0 0 1 18.89 -4.43L24.69 -33.63A3 3 0 0 0 23.78 -36.42L1.93 -56.63A6 6 0 0 1 0.29 -62.89A6 6 0 0 1 5.29 -66.99L34.86 -70.5A3 3 0 0 0 37.23 -72.22Z",
            top: -102.74,
            bottom: 2.74
        ),
        SymbolShape(
            name: "checkmark",
            width: 101,
            pathData:
                "M2.04 -28.35A7.5 7.5 0 0 1 2.35 -38.96A7.5 7.5 0 0 1 12.96 -38.65L39.28 -10.72L87.14 -87.47A7.5 7.5 0 0 1 97.47 -89.86A7.5 7.5 0 0 1 99.86 -79.53L46.86 5.47A7.5 7.5 0 0 1 41.24 8.96A7.5 7.5 0 0 1 35.04 6.65L2.04 -28.35Z",
            top: -91,
            bottom: 9
        ),
        SymbolShape(
            name: "checkmark.circle.fill",
            width: 120,
            pathData:
                "M60 -110A60 60 0 0 1 120 -50A60 60 0 0 1 60 10A60 60 0 0 1 0 -50A60 60 0 0 1 60 -110ZM28.91 -45.32L46.91 -25.32A5.5 5.5 0 0 0 51.23 -23.5A5.5 5.5 0 0 0 55.38 -25.67L90.38 -71.67A5.5 5.5 0 0 0 89.33 -79.38A5.5 5.5 0 0 0 81.62 -78.33L50.64 -37.62L37.09 -52.68A5.5 5.5 0 0 0 29.32 -53.09A5.5 5.5 0 0 0 28.91 -45.32Z",
            top: -110,
            bottom: 10
        ),
        // A ring as thick as the heart's outline, and the disc it bounds.
        SymbolShape(
            name: "circle",
            width: 120,
            pathData:
                "M60 -110A60 60 0 0 1 120 -50A60 60 0 0 1 60 10A60 60 0 0 1 0 -50A60 60 0 0 1 60 -110ZM60 -100A50 50 0 0 0 10 -50A50 50 0 0 0 60 0A50 50 0 0 0 110 -50A50 50 0 0 0 60 -100Z",
            top: -110,
            bottom: 10
        ),
        SymbolShape(
            name: "circle.fill",
            width: 120,
            pathData: "M60 -110A60 60 0 0 1 120 -50A60 60 0 0 1 60 10A60 60 0 0 1 0 -50A60 60 0 0 1 60 -110Z",
            top: -110,
            bottom: 10
        ),
        SymbolShape(
            name: "xmark",
            width: 84.99,
            pathData:
                "M2.2 -70.7A7.5 7.5 0 0 1 2.2 -81.3A7.5 7.5 0 0 1 12.8 -81.3L82.8 -11.3A7.5 7.5 0 0 1 82.8 -0.7A7.5 7.5 0 0 1 72.2 -0.7L2.2 -70.7ZM72.2 -81.3A7.5 7.5 0 0 1 82.8 -81.3A7.5 7.5 0 0 1 82.8 -70.7L12.8 -0.7A7.5 7.5 0 0 1 2.2 -0.7A7.5 7.5 0 0 1 2.2 -11.3L72.2 -81.3Z",
            top: -83.49,
            bottom: 1.49
        ),
        SymbolShape(
            name: "minus",
            width: 100,
            pathData:
                "M7.5 -33.5A7.5 7.5 0 0 1 0 -41A7.5 7.5 0 0 1 7.5 -48.5L92.5 -48.5A7.5 7.5 0 0 1 100 -41A7.5 7.5 0 0 1 92.5 -33.5L7.5 -33.5Z",
            top: -48.5,
            bottom: -33.5
        ),
        SymbolShape(
            name: "chevron.left",
            width: 55,
            pathData:
                "M41.89 -90.98A7.5 7.5 0 0 1 52.48 -91.61A7.5 7.5 0 0 1 53.11 -81.02L17.53 -41L53.11 -0.98A7.5 7.5 0 0 1 52.48 9.61A7.5 7.5 0 0 1 41.89 8.98L1.89 -36.02A7.5 7.5 0 0 1 1.89 -45.98L41.89 -90.98Z",
            top: -93.5,
            bottom: 11.5
        ),
        SymbolShape(
            name: "chevron.right",
            width: 55,
            pathData:
                "M1.89 -81.02A7.5 7.5 0 0 1 2.52 -91.61A7.5 7.5 0 0 1 13.11 -90.98L53.11 -45.98A7.5 7.5 0 0 1 53.11 -36.02L13.11 8.98A7.5 7.5 0 0 1 2.52 9.61A7.5 7.5 0 0 1 1.89 -0.98L37.47 -41L1.89 -81.02Z",
            top: -93.5,
            bottom: 11.5
        ),
        SymbolShape(
            name: "bell.fill",
            width: 101,
            pathData:
                "M50.5 -97C71.5 -97 86.5 -83 86.5 -65L86.5 -51C86.5 -37 87.66 -29.06 97.05 -25.64A6 6 0 0 1 100.91 -18.96A6 6 0 0 1 95 -14L6 -14A6 6 0 0 1 0.09 -18.96A6 6 0 0 1 3.95 -25.64C13.34 -29.06 14.5 -37 14.5 -51L14.5 -65C14.5 -83 29.5 -97 50.5 -97ZM44 -97.5L44 -98.5A6.5 6.5 0 0 1 50.5 -105A6.5 6.5 0 0 1 57 -98.5L57 -97.5A6.5 6.5 0 0 1 50.5 -91A6.5 6.5 0 0 1 44 -97.5ZM37.5 -8L63.5 -8A13 13 0 0 1 50.5 5A13 13 0 0 1 37.5 -8Z",
            top: -105,
            bottom: 5
        ),
        SymbolShape(
            name: "trash",
            width: 96,
            pathData:
                "M5 -77.5A5 5 0 0 1 0 -82.5A5 5 0 0 1 5 -87.5L91 -87.5A5 5 0 0 1 96 -82.5A5 5 0 0 1 91 -77.5L5 -77.5ZM29 -81.5L29 -96.5A8 8 0 0 1 37 -104.5L59 -104.5A8 8 0 0 1 67 -96.5L67 -81.5L29 -81.5ZM38 -83.5L58 -83.5L58 -94A1.5 1.5 0 0 0 56.5 -95.5L39.5 -95.5A1.5 1.5 0 0 0 38 -94L38 -83.5ZM12.3 -7.75L8 -82.5L88 -82.5L83.7 -7.75A13 13 0 0 1 70.73 4.5L25.27 4.5A13 13 0 0 1 12.3 -7.75ZM22.28 -8.33A3 3 0 0 0 25.27 -5.5L70.73 -5.5A3 3 0 0 0 73.72 -8.33L77.93 -81.5L18.07 -81.5L22.28 -8.33ZM29 -64.5A4 4 0 0 1 33 -68.5A4 4 0 0 1 37 -64.5L37 -16.5A4 4 0 0 1 33 -12.5A4 4 0 0 1 29 -16.5L29 -64.5ZM44 -64.5A4 4 0 0 1 48 -68.5A4 4 0 0 1 52 -64.5L52 -16.5A4 4 0 0 1 48 -12.5A4 4 0 0 1 44 -16.5L44 -64.5ZM59 -64.5A4 4 0 0 1 63 -68.5A4 4 0 0 1 67 -64.5L67 -16.5A4 4 0 0 1 63 -12.5A4 4 0 0 1 59 -16.5L59 -64.5Z",
            top: -104.5,
            bottom: 4.5
        ),
        SymbolShape(
            name: "wifi",
            width: 119.47,
            pathData:
                "M21.56 -46.36A54 54 0 0 1 97.92 -46.36A6 6 0 0 1 97.92 -37.87A6 6 0 0 1 89.44 -37.87A42 42 0 0 0 30.04 -37.87A6 6 0 0 1 21.56 -37.87A6 6 0 0 1 21.56 -46.36ZM1.76 -66.15A82 82 0 0 1 117.72 -66.15A6 6 0 0 1 117.72 -57.67A6 6 0 0 1 109.24 -57.67A70 70 0 0 0 10.24 -57.67A6 6 0 0 1 1.76 -57.67A6 6 0 0 1 1.76 -66.15ZM56.91 -11L43.87 -24.05A5 5 0 0 1 42.43 -28.13A5 5 0 0 1 44.72 -31.8A28 28 0 0 1 74.76 -31.8A5 5 0 0 1 77.05 -28.13A5 5 0 0 1 75.61 -24.05L62.57 -11A4 4 0 0 1 56.91 -11Z",
            top: -90.16,
            bottom: -9.83
        ),
        SymbolShape(
            name: "bolt.fill",
            width: 70.46,
            pathData:
                "M0.8 -46.83L42.23 -97.14A3.5 3.5 0 0 1 46.5 -98.04A3.5 3.5 0 0 1 48.32 -94.06L40.7 -63.59A2 2 0 0 0 41.07 -61.88A2 2 0 0 0 42.65 -61.11L66.96 -61.11A3.5 3.5 0 0 1 70.1 -59.15A3.5 3.5 0 0 1 69.73 -55.47L29.22 -2.95A3.5 3.5 0 0 1 25 -1.9A3.5 3.5 0 0 1 23.02 -5.78L29.61 -38.71A2 2 0 0 0 29.19 -40.37A2 2 0 0 0 27.64 -41.11L3.5 -41.11A3.5 3.5 0 0 1 0.33 -43.11A3.5 3.5 0 0 1 0.8 -46.83Z",
            top: -98.41,
            bottom: -1.59
        ),
    ]
}
