import RevealCore
import RevealDisplay
import RevealRaster
import RevealText

/// A SwiftUI-like view: what it is (`ViewKind`) and the modifiers applied to it, innermost first —
/// `View(.text("Hi"), [.padding(.all(8)), .background(.paint(.color(.red)))])` is SwiftUI's
/// `Text("Hi").padding(8).background(Color.red)`. A scene's `content`, `cover`, `base`, `revealed`
/// and `screen` are views; a `Paint` is a view that fills what it is offered, as `Color` does.
package struct ViewNode: Equatable, Sendable {
    /// What the view is before any modifier: a paint, text, a symbol, a shape, a stack, …
    package var kind: ViewKind
    /// The modifiers applied to the view, innermost first: each wraps everything before it.
    package var modifiers: [NodeModifier]

    /// A view of `kind` with `modifiers`, innermost first (default: none).
    package init(_ kind: ViewKind, _ modifiers: [NodeModifier] = []) {
        self.kind = kind
        self.modifiers = modifiers
    }

    /// A paint as a view.
    package static func paint(_ paint: Paint) -> ViewNode { ViewNode(.paint(paint)) }
    /// A color filling what it is offered, as SwiftUI's `Color`.
    package static func color(_ color: RGBAColor) -> ViewNode { ViewNode(.paint(.color(color))) }
    /// A gradient with its colors evenly spaced, as `LinearGradient(colors:startPoint:endPoint:)`.
    package static func linearGradient(_ colors: [RGBAColor], from start: RelativePoint, to end: RelativePoint)
        -> ViewNode
    {
        ViewNode(.paint(.linearGradient(colors, from: start, to: end)))
    }

    /// This view with one more modifier outside the others.
    package func modifier(_ modifier: NodeModifier) -> ViewNode {
        ViewNode(kind, modifiers + [modifier])
    }

    /// The paint this view is, when it is nothing but a paint (no modifiers): drawn as fast as before.
    package var plainPaint: Paint? {
        if case .paint(let paint) = kind, modifiers.isEmpty { return paint }
        return nil
    }
}

/// The kinds of views, as SwiftUI's built-in ones.
package indirect enum ViewKind: Equatable, Sendable {
    /// A color, gradient or image filling the offered size.
    case paint(Paint)
    /// A string in the inherited font, wrapped between words at the width offered, as SwiftUI's `Text`.
    case text(String)
    /// Runs of text each in its own style, set and wrapped as one text, as SwiftUI's `Text + Text`.
    case styledText([TextRun])
    /// One of `SymbolShape.names`, sized from the font and weighed by it as SF Symbols are.
    case symbol(String)
    /// A shape filling the offered size; with no fill it takes the foreground style.
    case shape(ShapeKind, fill: Paint?)
    /// Children laid out along the axis with `spacing` points between them (nil: 8) and placed across it by
    /// `alignment` (on both axes in a `.depth` stack), as SwiftUI's `VStack`, `HStack` and `ZStack`.
    case stack(StackAxis, spacing: Double?, alignment: NodeAlignment, children: [ViewNode])
    /// Flexible room along a stack's axis, at least `minLength` (SwiftUI's default: 8).
    case spacer(minLength: Double?)
    /// The first child whose ideal size fits the size offered on the axes named, or the last when none does,
    /// as SwiftUI's `ViewThatFits`.
    case firstFitting(horizontally: Bool, vertically: Bool, children: [ViewNode])
    /// Rows of cells sharing columns, `horizontalSpacing` and `verticalSpacing` points apart (nil: 8), each
    /// cell placed in its column's width and its row's height by `alignment`, as SwiftUI's `Grid`.
    case grid(alignment: NodeAlignment, horizontalSpacing: Double?, verticalSpacing: Double?, rows: [GridRowContent])
    /// A lazy grid's views in its tracks, as SwiftUI's `LazyVGrid` and `LazyHGrid`.
    case lazyGrid(LazyGridContent)
    /// A symbol and a title side by side, as `Label(_:systemImage:)`.
    case label(title: String, symbol: String)
    /// A `.bordered` button: its title (and symbol) on a tinted rounded rectangle, as SwiftUI draws
    /// `Button(_:systemImage:)` with `.buttonStyle(.bordered)`.
    case button(title: String, symbol: String?)
    /// A `.bordered` button around any label (in the tint color): what `button` is for a title and symbol.
    /// Prominent, it is `.borderedProminent`: the label in white on the tint itself. VoiceOver reads it as
    /// one button labelled with what its label says. `shape` is its border (`buttonBorderShape`); nil, the
    /// rounded rectangle of its control size.
    case borderedButton(label: ViewNode, prominent: Bool = false, shape: ShapeKind? = nil)
    /// `from` giving way to `to`, `fraction` (0…1) of the way: as SwiftUI animates a content change inside
    /// an animation, the size moves from one's to the other's and the two cross-fade, each centred.
    case crossfade(from: ViewNode, to: ViewNode, fraction: Double)
    /// A space a front end fills with pixels of its own once layout has placed it (the port's scene effect),
    /// listed under `name`: it takes the size offered, as a color does, and draws `Drawing.placeholder`.
    case placeholder(name: String)
    /// A view made from named values set above it (`ViewTreeBuilder.values`), as a view reading the environment.
    case environmentReader(EnvironmentReader)
    /// Drawing commands at the size offered, which it takes whole, as SwiftUI's `Canvas`.
    case canvas(CanvasContent)
    /// A view built from the size offered, which it takes whole, as SwiftUI's `GeometryReader`.
    case geometryReader(GeometryContent)
    /// Content laid out unbounded along the scrolled axes and seen through the view's frame, as SwiftUI's
    /// `ScrollView`.
    case scroll(ScrollSpec, content: ViewNode)
    /// A layout of a front end's own (SwiftUI's `Layout`) around its children.
    case customLayout(CustomLayout, children: [ViewNode])
}

/// How a scroll view shows its content: the axes it scrolls on, how far it is scrolled, and its indicators.
package struct ScrollSpec: Equatable, Sendable {
    /// Whether the content is unbounded (and scrolled) horizontally, and vertically.
    package var horizontal: Bool, vertical: Bool
    /// The content's point at the viewport's top-left corner, in points: (0, 0) shows its top-left corner.
    /// Past the content's ends (a rubber band) is allowed.
    package var offset: Point
    /// How strongly the indicators show (0: not at all), and their color.
    package var indicatorOpacity: Double
    package var indicatorColor: RGBAColor
    /// Told the viewport's size and the content's each time the view is placed (a front end keeps them to
    /// bound its scrolling).
    package var geometry: SharedFunction<ScrollGeometry, Void>?

    /// A scroll view on the axes named, scrolled to `offset`, its indicators at `indicatorOpacity`.
    package init(
        horizontal: Bool, vertical: Bool, offset: Point = Point(x: 0, y: 0), indicatorOpacity: Double = 0,
        indicatorColor: RGBAColor = .black, geometry: SharedFunction<ScrollGeometry, Void>? = nil
    ) {
        self.horizontal = horizontal
        self.vertical = vertical
        self.offset = offset
        self.indicatorOpacity = indicatorOpacity
        self.indicatorColor = indicatorColor
        self.geometry = geometry
    }
}

/// A placed scroll view's sizes, in points.
package struct ScrollGeometry: Equatable, Sendable {
    /// The part of the screen the content is seen through.
    package var viewport: Size
    /// The content's whole size.
    package var content: Size
}

/// One row of a `grid`: its cells, one to a column, as SwiftUI's `GridRow`; or one view across every column
/// (a view put in a `Grid` outside any row, such as a `Divider`).
package struct GridRowContent: Equatable, Sendable {
    /// The row's views, from the first column on.
    package var cells: [ViewNode]
    /// Whether the row is one view spanning every column.
    package var spansColumns: Bool
    /// The row's own vertical alignment, else the grid's.
    package var alignment: AlignmentGuide?

    /// A row of `cells`, or (`spansColumns`) one view across the grid, aligned by `alignment` or the grid's.
    package init(cells: [ViewNode], spansColumns: Bool = false, alignment: AlignmentGuide? = nil) {
        self.cells = cells
        self.spansColumns = spansColumns
        self.alignment = alignment
    }
}

/// How a stack lays out its children: top to bottom, leading to trailing, or on top of each other.
package enum StackAxis: String, Equatable, Sendable {
    /// Top to bottom, as SwiftUI's `VStack` (listed as "vstack" in the layout listing).
    case vertical = "vstack"
    /// Leading to trailing, as SwiftUI's `HStack` (listed as "hstack").
    case horizontal = "hstack"
    /// On top of each other, the first child at the back, as SwiftUI's `ZStack` (listed as "zstack").
    case depth = "zstack"
}

/// Where a view sits in the room it is given, as SwiftUI's `Alignment`: a guide on each axis.
package struct NodeAlignment: Equatable, Sendable {
    /// The horizontal guide: a fraction of the width (0 leading, 0.5 center, 1 trailing) or a guide of
    /// the front end's own.
    package var horizontal: AlignmentGuide
    /// The vertical guide: a fraction of the height (0 top, 1 bottom), a text baseline, or a guide of the
    /// front end's own.
    package var vertical: AlignmentGuide

    /// An alignment by the guides `horizontal` and `vertical`.
    package init(horizontal: AlignmentGuide, vertical: AlignmentGuide) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    /// An alignment as fractions (0...1) of the room left over: `horizontal` from the leading edge, `vertical`
    /// from the top.
    package init(horizontal: Double, vertical: Double) {
        self.init(horizontal: .fraction(horizontal), vertical: .fraction(vertical))
    }

    /// Centred on both axes (0.5, 0.5), as SwiftUI's `Alignment.center`.
    package static let center = NodeAlignment(horizontal: 0.5, vertical: 0.5)

    /// SwiftUI's names: `center`, `leading`, `top`, `bottomTrailing`, …
    package static let named: [String: NodeAlignment] = RelativePoint.named.mapValues {
        NodeAlignment(horizontal: $0.x, vertical: $0.y)
    }
}

/// Distances in points on each side of a view.
public struct Insets: Equatable, Sendable {
    /// The inset in points on each edge, as SwiftUI's `EdgeInsets`; layout runs left to right, so leading is the
    /// left edge and trailing the right.
    public var top: Double, leading: Double, bottom: Double, trailing: Double

    /// Insets in points; each edge defaults to 0.
    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    /// `d` points on every edge, as `.padding(d)`.
    public static func all(_ d: Double) -> Insets { Insets(top: d, leading: d, bottom: d, trailing: d) }
    /// `d` points on the leading and trailing edges, as `.padding(.horizontal, d)`.
    public static func horizontal(_ d: Double) -> Insets { Insets(leading: d, trailing: d) }
    /// `d` points on the top and bottom edges, as `.padding(.vertical, d)`.
    public static func vertical(_ d: Double) -> Insets { Insets(top: d, bottom: d) }
}

/// `.frame(width:height:alignment:)` or `.frame(minWidth:maxWidth:minHeight:maxHeight:alignment:)`:
/// a fixed size on an axis when `width`/`height` is set, else the proposal clamped to min…max.
package struct FrameSpec: Equatable, Sendable {
    /// A fixed frame's width and height in points; nil on an axis takes the child's size there. Ignored when any
    /// min or max is set.
    package var width: Double?, height: Double?
    /// A flexible frame's bounds in points; nil leaves that bound open, and a max of `.infinity` takes all that is
    /// offered on that axis.
    package var minWidth: Double?, maxWidth: Double?, minHeight: Double?, maxHeight: Double?
    /// A flexible frame's ideal width and height in points: its size, and its child's offer, on an axis it is
    /// offered nothing on.
    package var idealWidth: Double?, idealHeight: Double?
    /// Where the child sits in the frame when their sizes differ (SwiftUI's default: `.center`).
    package var alignment: NodeAlignment

    /// A frame; every size defaults to nil (unconstrained) and the alignment to `.center`, as SwiftUI's.
    package init(
        width: Double? = nil, height: Double? = nil, minWidth: Double? = nil, maxWidth: Double? = nil,
        minHeight: Double? = nil, maxHeight: Double? = nil, idealWidth: Double? = nil, idealHeight: Double? = nil,
        alignment: NodeAlignment = .center
    ) {
        self.idealWidth = idealWidth
        self.idealHeight = idealHeight
        self.width = width
        self.height = height
        self.minWidth = minWidth
        self.maxWidth = maxWidth
        self.minHeight = minHeight
        self.maxHeight = maxHeight
        self.alignment = alignment
    }

    /// Whether this is a flexible frame (any min or max) rather than a fixed one.
    package var isFlexible: Bool {
        minWidth != nil || maxWidth != nil || minHeight != nil || maxHeight != nil || idealWidth != nil
            || idealHeight != nil
    }
}

/// `.imageScale(_:)`: a symbol's size relative to its font.
package enum ImageScale: String, Equatable, Sendable, CaseIterable {
    /// As SwiftUI's `Image.Scale` cases: 0.78, 1 and 1.29 times a symbol's medium size (Apple, for
    /// `NSImage.SymbolScale`: small "approximately 20% smaller", large "approximately 30% larger");
    /// `.medium` is the default.
    case small, medium, large
}

/// `.controlSize(_:)` for buttons.
package enum ControlScale: String, Equatable, Sendable, CaseIterable {
    /// As SwiftUI's `ControlSize` cases, smallest to largest (`.regular` is the default); a bordered button's
    /// padding at each is 7×2, 10×4, 12×6 and 20×14 points (horizontal × vertical).
    case mini, small, regular, large
}

/// A modifier applied to a view, in SwiftUI's order: each wraps everything before it.
package enum NodeModifier: Equatable, Sendable {
    /// `.padding(_:)`: room in points around the view on each edge, taken off what the view is offered.
    case padding(Insets)
    /// `.frame(width:height:alignment:)` or `.frame(minWidth:maxWidth:minHeight:maxHeight:alignment:)`: a fixed
    /// or flexible frame around the view, as `FrameSpec` describes.
    case frame(FrameSpec)
    /// Centres the view at (x, y) in the room it is offered, which it takes whole.
    case position(x: Double, y: Double)
    /// Moves the drawing, not the layout.
    case offset(x: Double, y: Double)
    /// `.background(_:alignment:)`: a view drawn behind this one, offered this view's size and placed in it by
    /// `alignment`; it does not change this view's size.
    case background(ViewNode, alignment: NodeAlignment)
    /// `.overlay(_:alignment:)`: a view drawn over this one, offered this view's size and placed in it by
    /// `alignment`; it does not change this view's size.
    case overlay(ViewNode, alignment: NodeAlignment)
    /// The foreground style (text, symbols, shapes without a fill), inherited.
    case foreground(Paint)
    /// `.font(_:)`: the font of text and symbols inside, inherited; parts the spec leaves unset keep the
    /// inherited font's (SwiftUI's default: `.body`).
    case font(FontSpec)
    /// `.imageScale(_:)`: the size of symbols inside relative to their font, inherited (default `.medium`).
    case imageScale(ImageScale)
    /// Symbols inside drawn in two layers, as SwiftUI's hierarchical and palette rendering modes draw them:
    /// an enclosure (`xmark.circle.fill`'s disc) in this paint, the glyph in it in the foreground; inherited.
    case symbolLayers(Paint)
    /// `.lineLimit(_:)`: the most lines text inside wraps to, inherited (default: no limit).
    case lineLimit(Int)
    /// `.multilineTextAlignment(_:)`: how the lines of wrapped text inside align, inherited (default `.leading`).
    case multilineTextAlignment(LineAlignment)
    /// `.minimumScaleFactor(_:)`: the fraction (0.01...1) of its font size text inside may shrink to so it fits
    /// its line limit and the room offered, inherited (default 1: it never shrinks).
    case minimumScaleFactor(Double)
    /// `.controlSize(_:)`: the padding and corner radius of buttons inside, inherited (default `.regular`).
    case controlSize(ControlScale)
    /// The button tint, inherited.
    case tint(RGBAColor)
    /// Multiplies the rendered view's alpha, as a group.
    case opacity(Double)
    /// `.clipShape(_:)`: clips the rendered view, as a group, to the shape in the view's frame.
    case clipShape(ShapeKind)
    /// `.shadow(color:radius:x:y:)`: a drop shadow of the rendered view, as a group.
    case shadow(Shadow)
    /// `.blur(radius:)`: the rendered view blurred, as a group, with standard deviation `radius / 2`
    /// points (Core Animation's blur radius, as for shadows); transparent past its edges.
    case blur(Double)
    /// `.accessibilityHidden(_:)`: VoiceOver skips the view, always or while a state holds.
    case accessibilityHidden(StateFlag)
    /// `.accessibilityElement(children:)`: the view becomes one element made of its children.
    case accessibilityElement(AccessibilityChildren)
    /// `.accessibilityLabel(_:)`: what VoiceOver says for the view, replacing the label of each of its elements
    /// (a view with none, such as a shape, becomes one element over its frame).
    case accessibilityLabel(String)
    /// `.accessibilityHint(_:)`: what VoiceOver says after the label about what the view does, set on each of
    /// its elements (or on a new one over its frame when it has none).
    case accessibilityHint(String)
    /// `.accessibilityValue(_:)`: what VoiceOver says the view's value is, set on each of its elements.
    case accessibilityValue(String)
    /// `.accessibilityAddTraits(_:)`.
    case accessibilityAddTraits([AccessibilityTrait])
    /// `.accessibilityAction(named:_:)`: VoiceOver can perform the named action ("activate") on each of the
    /// view's elements (or on a new one over its frame when it has none).
    case accessibilityAction(String)
    /// `.mask(alignment:_:)`: the view shows only where the mask view, offered this view's size and placed
    /// in it by `alignment`, has alpha.
    case mask(ViewNode, alignment: NodeAlignment)
    /// `.rotationEffect(_:anchor:)` and `.scaleEffect(_:anchor:)`: the drawing turned and scaled about a
    /// point of the frame; layout, hit testing and VoiceOver's frames are unchanged.
    case transform(ViewTransform)
    /// Marks the view so its laid-out frame can be asked for by `id` (`ViewScreen.anchors`): how a
    /// front end finds where its buttons and gestures ended up.
    case anchor(Int)
    /// `.alignmentGuide(_:computeValue:)`: the view answers the guide with the setting's value, computed from
    /// its dimensions, in every container that aligns by it.
    case alignmentGuide(GuideSetting)
    /// `.fixedSize(horizontal:vertical:)`: on each axis marked, the view is offered nothing and takes its
    /// ideal size, whatever its parent offers.
    case fixedSize(horizontal: Bool, vertical: Bool)
    /// `.aspectRatio(_:contentMode:)`: the view is offered the largest size of this width-to-height ratio
    /// that fits in (or, with `fill`, the smallest that covers) what it is offered; nil takes the ratio of its
    /// ideal size.
    case aspectRatio(Double?, fill: Bool)
    /// `.layoutPriority(_:)`: a stack offers room to its children of higher priority first.
    case layoutPriority(Double)
    /// `.zIndex(_:)`: among its siblings, the view is drawn after those of lower values.
    case zIndex(Double)
    /// `.environment(\.layoutDirection, _)`: right to left, the views inside are laid out as mirrored
    /// (stacks run from the right, leading is the right side, offsets and paddings mirror) while what each
    /// draws is not, and text lines up with its trailing edge where it would its leading one; left to right
    /// undoes a right-to-left view around.
    case layoutDirection(rightToLeft: Bool)
    /// `.lineSpacing(_:)`: points added between the lines of every text inside.
    case lineSpacing(Double)
    /// `.brightness`, `.contrast`, `.saturation`, `.grayscale`, `.hueRotation`, `.colorMultiply`: the view's
    /// pixels, drawn as a group, through a color matrix.
    case colorMatrix(ColorMatrix)
    /// A canvas layer's `alphaThreshold` filter on a view drawn into it: the view's pixels, drawn as a group,
    /// one color where their alpha is in range and clear elsewhere.
    case alphaThreshold(AlphaThreshold)
    /// `.blendMode(_:)`: the view, drawn as a group, combined with what is beneath it in the mode.
    case blendMode(BlendOperation)
    /// `.redacted(reason: .placeholder)` (true) or `.unredacted()` (false): text and symbols inside drawn as
    /// placeholder bars in a faint foreground.
    case redacted(Bool)
}

/// A flag that is constant or follows one of the scene's states ("revealed", "inserted"), as
/// `.accessibilityHidden(isDark)` does.
package enum StateFlag: Equatable, Sendable {
    /// Always true or always false, whatever the scene's states.
    case constant(Bool)
    /// True while the named state holds.
    case state(String)
}

/// How `.accessibilityElement(children:)` treats the children's elements.
package enum AccessibilityChildren: String, Equatable, Sendable, CaseIterable {
    /// One element whose label joins the children's labels.
    case combine
    /// One element that reads none of its children (its own label, hint and traits only).
    case ignore
    /// The children's elements as they are, grouped.
    case contain
}

/// SwiftUI's `AccessibilityTraits`, by their Swift names.
public enum AccessibilityTrait: String, Equatable, Sendable, CaseIterable {
    /// The traits as SwiftUI names them (`.isButton` is `AccessibilityTraits.isButton`); this declaration order is
    /// the order an element lists its traits in.
    case isButton, isHeader, isImage, isLink, isModal, isSearchField, isSelected, isStaticText,
        isSummaryElement, isToggle, updatesFrequently, startsMediaSession, allowsDirectInteraction,
        causesPageTurn, playsSound
}
