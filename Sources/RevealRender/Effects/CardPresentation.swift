/// A drop shadow as SwiftUI's `.shadow(color:radius:x:y:)` draws it: the card's shape blurred with
/// standard deviation radius / 2, offset by (x, y) points. The defaults are SwiftUI's (and a scene
/// file's): black at a third, radius 10.
public struct Shadow: Equatable, Sendable {
    public var color: Color
    public var radius: Double
    public var x: Double
    public var y: Double

    public init(color: Color = Color.black.opacity(0.33), radius: Double = 10, x: Double = 0, y: Double = 0) {
        self.color = color
        self.radius = radius
        self.x = x
        self.y = y
    }
}

/// How a card's corners are rounded: Apple's continuous corner (SwiftUI's default for
/// `.rect(cornerRadius:)`), or plain quarter circles.
public enum CornerStyle: String, Equatable, Sendable, CaseIterable {
    case continuous
    case circular
}

/// How the rendered view sits on a page, as the seed demos present it: clipped to a rounded
/// rectangle (`.clipShape(.rect(cornerRadius:))`), with a shadow, inside some padding on a canvas. A
/// scene's card-look fields, together.
public struct CardStyle: Equatable, Sendable {
    /// Corner radius in points (0: square corners).
    public var cornerRadius: Double
    public var cornerStyle: CornerStyle
    public var shadow: Shadow?
    /// Room around the view on every side, in points (rounded to whole pixels).
    public var padding: Double
    /// The page behind the card and its shadow.
    public var canvas: Paint

    public init(cornerRadius: Double = 0, cornerStyle: CornerStyle = .continuous, shadow: Shadow? = nil,
                padding: Double = 0, canvas: Paint = .color(.clear)) {
        self.cornerRadius = cornerRadius
        self.cornerStyle = cornerStyle
        self.shadow = shadow
        self.padding = padding
        self.canvas = canvas
    }

    /// No clipping, shadow or padding: frames are the view itself.
    public var isPlain: Bool { cornerRadius == 0 && shadow == nil && padding == 0 }

    /// The padding in whole pixels at `scale`.
    public func paddingPixels(scale: Double) -> Int { PixelSize.pixels(padding * scale) }
}

/// Any sequence presented as a card: each frame clipped to the card's shape and drawn over a page
/// that holds the canvas and the shadow. From one frame to the next only the view's rows that changed
/// are drawn again, over the page drawn again under them.
///
/// The page is not kept as a picture: its rows are drawn when needed from the canvas (one colour a row
/// when it can be) and the shadow's mask, so a frame on a large padded page costs four bytes a pixel
/// for the frame and one for the shadow, not another four for a copy of the page.
struct CardPresentation<Base: FrameSequence>: FrameSequence {
    public private(set) var base: Base
    public let style: CardStyle
    private let page: CardPage
    private let clip: Mask
    private let offset: Int
    /// The page with the last view drawn on it, and a copy of that view's pixels (not the base's own
    /// frame, which holding would make the base copy its frame on every draw).
    private var drawn: (page: Pixmap, view: Pixmap)?

    public init(_ base: Base, style: CardStyle) throws {
        self.base = base
        self.style = style
        let scale = base.scale
        offset = style.paddingPixels(scale: scale)
        let room = 2 * offset
        let (width, height) = (base.pixelWidth + room, base.pixelHeight + room)
        var rasterizer = Rasterizer()
        var clipPath = Path()
        clipPath.addRoundedRect(x: 0, y: 0, width: Double(base.pixelWidth), height: Double(base.pixelHeight),
                                radius: style.cornerRadius * scale, continuous: style.cornerStyle == .continuous)
        var clip = try Mask(width: base.pixelWidth, height: base.pixelHeight)
        rasterizer.fill(clipPath, into: &clip, rows: RowRange(0, clip.height))
        self.clip = clip
        var shadowMask: Mask?
        if let shadow = style.shadow {
            var shape = Path()
            shape.addRoundedRect(x: Double(offset) + shadow.x * scale, y: Double(offset) + shadow.y * scale,
                                 width: Double(base.pixelWidth), height: Double(base.pixelHeight),
                                 radius: style.cornerRadius * scale, continuous: style.cornerStyle == .continuous)
            var mask = try Mask(width: width, height: height)
            rasterizer.fill(shape, into: &mask, rows: RowRange(0, height))
            shadowMask = try Blur.gaussian(mask, sigma: shadow.radius * scale / 2)
        }
        page = CardPage(canvas: try Layer(style.canvas, width: width, height: height), shadow: shadowMask,
                            color: style.shadow?.color.premultiplied ?? .transparent)
    }

    public var pixelWidth: Int { page.canvas.width }
    public var pixelHeight: Int { page.canvas.height }
    public var scale: Double { base.scale }
    public var frameCount: Int { base.frameCount }

    public var fps: Double { base.fps }
    public var summary: [(String, FrameMetadata)] { base.summary }

    public mutating func render(frame index: Int) throws -> Pixmap {
        let view = try base.render(frame: index)
        guard var (out, last) = drawn else {
            var out = try Pixmap(width: pixelWidth, height: pixelHeight)
            page.draw(rows: 0..<pixelHeight, columns: 0..<pixelWidth, into: &out)
            Compositor.draw(view, mask: clip, onto: &out, x: offset, y: offset)
            drawn = (out, view.ownCopy())
            return out
        }
        drawn = nil  // one reference to each buffer, so both are updated in place
        let changed = last.updateRows(from: view)
        var y = 0
        while let first = changed[y...].firstIndex(of: true) {
            let end = changed[first...].firstIndex(of: false) ?? changed.count
            // Under the changed rows the page again, then the view over it.
            page.draw(rows: first + offset..<end + offset, columns: offset..<offset + view.width, into: &out)
            Compositor.draw(view, mask: clip, onto: &out, x: offset, y: offset, rows: RowRange(first, end))
            y = end
        }
        drawn = (out, last)
        return out
    }

    public func metadata(frame index: Int) -> [(String, FrameMetadata)] { base.metadata(frame: index) }
    public func frame(_ index: Int, looksLike other: Int) -> Bool { base.frame(index, looksLike: other) }
}

/// The page behind a card, drawn row by row: the canvas, and over it the shadow's colour through its
/// blurred mask.
struct CardPage {
    let canvas: Layer
    let shadow: Mask?
    let color: PremultipliedRGBA8

    init(canvas: Layer, shadow: Mask?, color: PremultipliedRGBA8) {
        self.canvas = canvas
        self.shadow = shadow
        self.color = color
    }

    /// Replaces `columns` of `rows` in `out` (the page's size) with the page.
    func draw(rows: Range<Int>, columns: Range<Int>, into out: inout Pixmap) {
        out.copy(canvas, rows: rows, columns: columns)
        guard let shadow else { return }
        for y in rows { Compositor.fill(color, mask: shadow, row: y, columns: columns, onto: &out) }
    }
}

extension CardStyle {
    /// `sequence` as this card presents it (or as it is, when the style is plain).
    public func present<S: FrameSequence>(_ sequence: S) throws -> any FrameSequence {
        isPlain ? sequence : try CardPresentation(sequence, style: self)
    }
}
