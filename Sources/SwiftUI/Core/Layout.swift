import RevealCore
import RevealLayout
import RevealRaster
import RevealText

/// A guide a view answers with an offset from its leading edge; views aligned by it have those offsets
/// brought together (SwiftUI's `HorizontalAlignment`).
public struct HorizontalAlignment: Equatable, Sendable {
    let guide: AlignmentGuide

    init(guide: AlignmentGuide) { self.guide = guide }

    /// The guide `id` stands for: views that set no value for it answer `id.defaultValue(in:)`.
    public init(_ id: any AlignmentID.Type) {
        // A metatype holds no state; AlignmentID, as Apple declares it, is not Sendable.
        nonisolated(unsafe) let type = id
        guide = .custom("H:" + String(reflecting: id)) { Double(type.defaultValue(in: ViewDimensions($0))) }
    }

    public static let leading = HorizontalAlignment(guide: .fraction(0))
    public static let center = HorizontalAlignment(guide: .fraction(0.5))
    public static let trailing = HorizontalAlignment(guide: .fraction(1))
}

/// A guide a view answers with an offset from its top edge; views aligned by it have those offsets brought
/// together (SwiftUI's `VerticalAlignment`).
public struct VerticalAlignment: Equatable, Sendable {
    let guide: AlignmentGuide

    init(guide: AlignmentGuide) { self.guide = guide }

    /// The guide `id` stands for: views that set no value for it answer `id.defaultValue(in:)`.
    public init(_ id: any AlignmentID.Type) {
        // A metatype holds no state; AlignmentID, as Apple declares it, is not Sendable.
        nonisolated(unsafe) let type = id
        guide = .custom("V:" + String(reflecting: id)) { Double(type.defaultValue(in: ViewDimensions($0))) }
    }

    public static let top = VerticalAlignment(guide: .fraction(0))
    public static let center = VerticalAlignment(guide: .fraction(0.5))
    public static let bottom = VerticalAlignment(guide: .fraction(1))
    /// The baseline of a view's first line of text (the least of its texts'); a view without text answers
    /// its bottom edge.
    public static let firstTextBaseline = VerticalAlignment(guide: .firstTextBaseline)
    /// The baseline of a view's last line of text (the greatest of its texts'); a view without text answers
    /// its bottom edge.
    public static let lastTextBaseline = VerticalAlignment(guide: .lastTextBaseline)
}

/// A type naming an alignment guide of your own, with its value in views that set none.
public protocol AlignmentID {
    /// The guide's value in a view that sets none, from the view's dimensions.
    static func defaultValue(in context: ViewDimensions) -> CGFloat
}

/// A view's size and its alignment guide values, as an alignment guide's value is computed from them.
public struct ViewDimensions {
    private let dimensions: GuideDimensions

    init(_ dimensions: GuideDimensions) { self.dimensions = dimensions }

    /// The view's width in points.
    public var width: CGFloat { CGFloat(dimensions.width) }
    /// The view's height in points.
    public var height: CGFloat { CGFloat(dimensions.height) }

    /// The view's value for `guide`: the value it sets, else the guide's default.
    public subscript(guide: HorizontalAlignment) -> CGFloat {
        CGFloat(dimensions.value(guide.guide, horizontal: true))
    }

    /// The view's value for `guide`: the value it sets, else the guide's default.
    public subscript(guide: VerticalAlignment) -> CGFloat {
        CGFloat(dimensions.value(guide.guide, horizontal: false))
    }

    /// The value the view sets for `guide`, nil where it sets none.
    public subscript(explicit guide: HorizontalAlignment) -> CGFloat? {
        dimensions.explicitValue(guide.guide, horizontal: true).map { CGFloat($0) }
    }

    /// The value the view sets for `guide`, nil where it sets none.
    public subscript(explicit guide: VerticalAlignment) -> CGFloat? {
        dimensions.explicitValue(guide.guide, horizontal: false).map { CGFloat($0) }
    }
}

/// Where a view sits in the room it is given, on both axes.
public struct Alignment: Equatable, Sendable {
    public var horizontal: HorizontalAlignment
    public var vertical: VerticalAlignment
    /// An alignment of `horizontal` and `vertical`.
    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
        self.horizontal = horizontal
        self.vertical = vertical
    }
    public static let center = Alignment(horizontal: .center, vertical: .center)
    public static let leading = Alignment(horizontal: .leading, vertical: .center)
    public static let trailing = Alignment(horizontal: .trailing, vertical: .center)
    public static let top = Alignment(horizontal: .center, vertical: .top)
    public static let bottom = Alignment(horizontal: .center, vertical: .bottom)
    public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
    public static let topTrailing = Alignment(horizontal: .trailing, vertical: .top)
    public static let bottomLeading = Alignment(horizontal: .leading, vertical: .bottom)
    public static let bottomTrailing = Alignment(horizontal: .trailing, vertical: .bottom)
    /// Centred across, the first baselines' line down.
    public static let centerFirstTextBaseline = Alignment(horizontal: .center, vertical: .firstTextBaseline)
    /// Centred across, the last baselines' line down.
    public static let centerLastTextBaseline = Alignment(horizontal: .center, vertical: .lastTextBaseline)
    /// Leading, the first baselines' line down.
    public static let leadingFirstTextBaseline = Alignment(horizontal: .leading, vertical: .firstTextBaseline)
    /// Leading, the last baselines' line down.
    public static let leadingLastTextBaseline = Alignment(horizontal: .leading, vertical: .lastTextBaseline)
    /// Trailing, the first baselines' line down.
    public static let trailingFirstTextBaseline = Alignment(horizontal: .trailing, vertical: .firstTextBaseline)
    /// Trailing, the last baselines' line down.
    public static let trailingLastTextBaseline = Alignment(horizontal: .trailing, vertical: .lastTextBaseline)
}

/// How a view fills the size of an aspect ratio: fitting inside the offer or covering it.
public enum ContentMode: Hashable, CaseIterable, Sendable {
    case fit, fill
}

/// An edge of a view's rectangle.
public enum Edge: Int8, CaseIterable, Sendable {
    case top, leading, bottom, trailing

    /// A set of edges.
    public struct Set: OptionSet, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        /// The set holding `edge`.
        public init(_ edge: Edge) { rawValue = 1 << edge.rawValue }
        public static let top = Set(.top)
        public static let leading = Set(.leading)
        public static let bottom = Set(.bottom)
        public static let trailing = Set(.trailing)
        public static let all: Set = [.top, .leading, .bottom, .trailing]
        public static let horizontal: Set = [.leading, .trailing]
        public static let vertical: Set = [.top, .bottom]
    }
}

/// Distances in points on each side of a view.
public struct EdgeInsets: Equatable, Sendable {
    public var top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat
    /// Insets in points; each edge defaults to 0.
    public init(top: CGFloat = 0, leading: CGFloat = 0, bottom: CGFloat = 0, trailing: CGFloat = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }
}

/// The kinds of safe area a view can ignore.
public struct SafeAreaRegions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let container = SafeAreaRegions(rawValue: 1)
    public static let keyboard = SafeAreaRegions(rawValue: 2)
    public static let all: SafeAreaRegions = [.container, .keyboard]
}

/// The geometry of a view for code that reads it (a `GeometryReader`'s content, a `visualEffect`): its size,
/// and its frame in a coordinate space as the last layout placed it. Asking for a frame makes the view's code
/// run again whenever the view moves, so that what it draws follows where it is.
public struct GeometryProxy {
    /// The view's size in points.
    public let size: CGSize
    /// Where the view was at the last layout (nil before its first).
    let geometry: LaidOutGeometry?
    /// Noted when the code asks where the view is.
    let reads: GeometryReads?

    init(size: CGSize, geometry: LaidOutGeometry? = nil, reads: GeometryReads? = nil) {
        self.size = size
        self.geometry = geometry
        self.reads = reads
    }

    /// The safe area insets inside the view (none here: readers are laid out inside the safe area or
    /// over the whole screen).
    public var safeAreaInsets: EdgeInsets { EdgeInsets() }

    /// The view's frame in `space`, at its size now: its origin measured from the space's (the screen's
    /// for `.global`, the view's own for `.local`, so always zero there). A space not around the view
    /// measures as `.global` does. Before the view's first layout its origin reads zero in every space.
    public func frame(in space: CoordinateSpace) -> CGRect {
        reads?.note()
        guard let geometry, space != .local else { return CGRect(origin: .zero, size: size) }
        let origin = geometry.frame(of: space) ?? Rect(x: 0, y: 0, width: 0, height: 0)
        return CGRect(
            x: geometry.frame.x - origin.x, y: geometry.frame.y - origin.y, width: size.width, height: size.height)
    }

    /// The view's frame in `space` (iOS 17's spelling: `.global`, `.local`, `.named(_:)`, `.scrollView`).
    public func frame(in space: some CoordinateSpaceProtocol) -> CGRect { frame(in: space.coordinateSpace) }

    /// The bounds of the space named `space` in this view's own coordinates (SwiftUI: "the given coordinate
    /// space's bounds rectangle, converted to the local coordinate space"); nil when no such space is around
    /// the view.
    public func bounds(of space: NamedCoordinateSpace) -> CGRect? {
        reads?.note()
        guard let geometry, let bounds = geometry.frame(of: space.coordinateSpace) else { return nil }
        return CGRect(
            x: bounds.x - geometry.frame.x, y: bounds.y - geometry.frame.y, width: bounds.width, height: bounds.height)
    }
}

/// The horizontal or vertical dimension of a layout.
public enum Axis: Int8, CaseIterable, Sendable {
    case horizontal, vertical

    /// A set of axes.
    public struct Set: OptionSet, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public static let horizontal = Set(rawValue: 1)
        public static let vertical = Set(rawValue: 2)
    }
}
