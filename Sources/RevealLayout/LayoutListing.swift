import RevealCore
import RevealDisplay
import RevealRaster
import RevealText

/// One view of a laid-out screen, as `reveal-render layout` lists it: what it is and its frame in
/// points, in the screen's coordinates; for text also the string, font file, size, weight and first
/// baseline (from the frame's top).
public struct LaidOutView: Equatable, Sendable {
    /// "text", "vstack", "padding", "effect", …; the effect's own views are listed after it under
    /// their scene field ("content", "cover", "base", "revealed", "background").
    public var kind: String
    /// How deep in the tree (0: a root).
    public var depth: Int
    /// The view's frame in points, in the screen's coordinates.
    public var frame: Rect
    /// The string a text view shows; nil for other views.
    public var text: String?
    /// The path of the font file a text view is set in; nil for other views.
    public var fontFile: String?
    /// The font size a text view is set at, in points, after any `minimumScaleFactor` shrinking; nil for other views.
    public var fontSize: Double?
    /// The weight a text view is set in; nil for other views.
    public var fontWeight: FontWeight?
    /// A text view's first baseline below the top of its frame, in points; nil for other views.
    public var firstBaseline: Double?
    /// The SF Symbols name a symbol view draws; nil for other views.
    public var symbol: String? = nil
    /// Where a text view's glyphs are drawn from, in points: its frame's origin snapped to whole pixels at
    /// the screen's scale, as the renderer places them (`frame` is the origin before snapping); nil for
    /// other views.
    public var textOrigin: Point? = nil

    package init(
        kind: String, depth: Int, frame: Rect, text: String? = nil, fontFile: String? = nil, fontSize: Double? = nil,
        fontWeight: FontWeight? = nil, firstBaseline: Double? = nil, symbol: String? = nil, textOrigin: Point? = nil
    ) {
        self.kind = kind
        self.depth = depth
        self.frame = frame
        self.text = text
        self.fontFile = fontFile
        self.fontSize = fontSize
        self.fontWeight = fontWeight
        self.firstBaseline = firstBaseline
        self.symbol = symbol
        self.textOrigin = textOrigin
    }
}

extension LayoutNode {
    /// This tree, listed in drawing order; frames moved by `offset` points, drawn at `scale` pixels a point.
    package func listing(offset: Point = Point(x: 0, y: 0), depth: Int = 0, scale: Double) -> [LaidOutView] {
        var views: [LaidOutView] = []
        visit { node, level in
            var view = LaidOutView(
                kind: node.name, depth: depth + level,
                frame: Rect(
                    x: node.frame.x + offset.x, y: node.frame.y + offset.y,
                    width: node.frame.width, height: node.frame.height))
            if case .leaf(.text(let block, _)) = node.role {
                let size = block.fittedSize(for: block.proposal(for: node.frame))
                view.text = block.string
                view.fontFile = block.instance.path
                view.fontSize = size
                view.fontWeight = block.font.weight
                view.firstBaseline = block.firstBaseline(size: size)
                view.textOrigin = Point(
                    x: Double(DisplayRenderer.pixel(view.frame.x * scale)) / scale,
                    y: Double(DisplayRenderer.pixel(view.frame.y * scale)) / scale)
            }
            if case .leaf(.symbol(let symbol, _, _)) = node.role { view.symbol = symbol.name }
            views.append(view)
        }
        return views
    }
}
