import Foundation

/// A size offered to a view by its parent: nil on an axis asks for the view's ideal size there.
struct ProposedSize: Hashable, Sendable {
    var width: Double?
    var height: Double?

    static let unspecified = ProposedSize(width: nil, height: nil)
}

/// A size in points.
public struct Size: Equatable, Sendable {
    /// The horizontal extent in points.
    public var width: Double
    /// The vertical extent in points.
    public var height: Double

    /// A size of `width` by `height` points.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// A rectangle in points: its top-left corner, with y growing downwards as in SwiftUI's layout, and its size.
public struct Rect: Hashable, Sendable {
    /// The top-left corner's x and y (y grows downwards) and the width and height, all in points.
    public var x: Double, y: Double, width: Double, height: Double

    /// A rectangle whose top-left corner is at (`x`, `y`), `width` by `height` points.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    var maxX: Double { x + width }
    var maxY: Double { y + height }
}

/// What a view draws itself, once its frame is known.
enum Drawing {
    case none
    case paint(Paint)
    case shape(Shape, Paint)
    case text(TextBlock, Paint)
    case symbol(SymbolShape, pointsPerUnit: Double, Paint)
    case canvas(CanvasContent)
    case effect
}

/// An effect on a whole subtree, applied to its rendered pixels as SwiftUI's display list does.
enum GroupEffect {
    case opacity(Double)
    case clip(Shape)
    case shadow(Shadow)
    /// children[0] shows where children[1], placed in its frame by the alignment, has alpha.
    case mask(Alignment)
}

/// One step of a laid-out view: a view kind or one modifier, with its children in drawing order.
/// Sizes are cached per proposal, so a stack measuring its children several times stays linear.
final class LayoutNode {
    enum Role {
        case leaf(Drawing)
        /// Flexible along its stack's axis (both, outside a stack), never shorter than `minLength`.
        case spacer(minLength: Double, axis: StackAxis?)
        case stack(StackAxis, spacing: Double, alignment: Alignment)
        case padding(EdgeInsets)
        case frame(FrameSpec)
        case position(x: Double, y: Double)
        case offset(x: Double, y: Double)
        /// children[0] is the primary view; children[1] is drawn behind it (background) or over it.
        case secondary(behind: Bool, alignment: Alignment)
        case group(GroupEffect)
        /// A view made from its size when it is placed (`GeometryReader`); `make` builds the child.
        case reader(make: (Size) -> LayoutNode)
        /// A view whose frame is reported by id after layout.
        case anchor(Int)
        /// A view drawn turned and scaled about a point of its frame.
        case transform(ViewTransform)
        /// children[0] giving way to children[1], this fraction of the way: the size between theirs, both
        /// centred in it.
        case crossfade(Double)
    }

    let role: Role
    /// The views inside, in drawing order (a reader's one child is made when it is placed).
    private(set) var children: [LayoutNode]
    /// What the layout listing calls this view ("text", "vstack", "padding", …).
    let name: String
    /// What the view says to VoiceOver, in modifier order (the view's own element first).
    var semantics: [AccessibilitySemantic] = []
    private var sizes: [ProposedSize: Size] = [:]
    /// Set by `place`: the frame in the screen's coordinates, in points.
    private(set) var frame = Rect(x: 0, y: 0, width: 0, height: 0)

    init(_ role: Role, name: String, children: [LayoutNode] = []) {
        self.role = role
        self.name = name
        self.children = children
    }

    /// The children in the order they are drawn: a background before the view it is behind.
    var drawingOrder: [LayoutNode] {
        if case .secondary(behind: true, _) = role, children.count == 2 { return [children[1], children[0]] }
        return children
    }

    var isSpacer: Bool {
        if case .spacer = role { return true }
        return false
    }

    // MARK: Sizing

    /// The size this view chooses for `proposal` (SwiftUI's `sizeThatFits`).
    func size(for proposal: ProposedSize) -> Size {
        if let size = sizes[proposal] { return size }
        let size = computeSize(proposal)
        sizes[proposal] = size
        return size
    }

    private func computeSize(_ p: ProposedSize) -> Size {
        switch role {
        case .leaf(let drawing):
            return leafSize(drawing, p)
        case .spacer(let minLength, let axis):
            // What it is offered along its stack's axis, at least its minimum; nothing across.
            let along = { (offer: Double?) in max(offer ?? minLength, minLength) }
            switch axis {
            case .horizontal: return Size(width: along(p.width), height: 0)
            case .vertical: return Size(width: 0, height: along(p.height))
            default: return Size(width: along(p.width), height: along(p.height))
            }
        case .stack(let axis, let spacing, _):
            return axis == .depth ? depthSize(p) : stackSize(axis, spacing: spacing, p).size
        case .padding(let e):
            let inner = ProposedSize(
                width: p.width.map { max($0 - e.leading - e.trailing, 0) },
                height: p.height.map { max($0 - e.top - e.bottom, 0) })
            let s = children[0].size(for: inner)
            return Size(width: s.width + e.leading + e.trailing, height: s.height + e.top + e.bottom)
        case .frame(let f):
            return f.isFlexible ? flexibleFrameSize(f, p) : fixedFrameSize(f, p)
        case .position:
            // `.position` takes all it is offered (its child's size where nothing is offered).
            let s = children[0].size(for: p)
            return Size(width: p.width ?? s.width, height: p.height ?? s.height)
        case .offset, .group, .secondary, .anchor, .transform:
            return children[0].size(for: p)
        case .crossfade(let f):
            let a = children[0].size(for: p)
            let b = children[1].size(for: p)
            return Size(width: a.width + (b.width - a.width) * f, height: a.height + (b.height - a.height) * f)
        case .reader:
            // GeometryReader takes what it is offered, SwiftUI's default 10 points where nothing is.
            return Size(width: p.width ?? 10, height: p.height ?? 10)
        }
    }

    private func leafSize(_ drawing: Drawing, _ p: ProposedSize) -> Size {
        switch drawing {
        case .text(let block, _):
            return block.size(for: p)
        case .symbol(let symbol, let unit, _):
            return Size(width: symbol.width * unit, height: (symbol.bottom - symbol.top) * unit)
        case .none:
            return Size(width: 0, height: 0)
        case .paint, .shape, .effect, .canvas:
            // Shapes and colors fill what they are offered; SwiftUI's default where nothing is: 10.
            return Size(width: p.width ?? 10, height: p.height ?? 10)
        }
    }

    private func fixedFrameSize(_ f: FrameSpec, _ p: ProposedSize) -> Size {
        let child = children[0].size(for: ProposedSize(width: f.width ?? p.width, height: f.height ?? p.height))
        return Size(width: f.width ?? child.width, height: f.height ?? child.height)
    }

    /// SwiftUI's flexible frame: the proposal clamped to min…max goes to the child; the frame is
    /// the proposal clamped when there is a max, else the child's size raised to the min.
    private func flexibleFrameSize(_ f: FrameSpec, _ p: ProposedSize) -> Size {
        let child = children[0].size(for: flexibleChildProposal(f, p))
        func resolve(_ proposed: Double?, _ child: Double, _ low: Double?, _ high: Double?) -> Double {
            if let proposed {
                if let high { return min(max(proposed, low ?? -.infinity), high) }
                return max(child, low ?? -.infinity)
            }
            return min(max(child, low ?? -.infinity), high ?? .infinity)
        }
        return Size(
            width: resolve(p.width, child.width, f.minWidth, f.maxWidth),
            height: resolve(p.height, child.height, f.minHeight, f.maxHeight))
    }

    private func flexibleChildProposal(_ f: FrameSpec, _ p: ProposedSize) -> ProposedSize {
        func clamp(_ value: Double?, _ low: Double?, _ high: Double?) -> Double? {
            value.map { min(max($0, low ?? -.infinity), high ?? .infinity) }
        }
        return ProposedSize(
            width: clamp(p.width, f.minWidth, f.maxWidth), height: clamp(p.height, f.minHeight, f.maxHeight))
    }

    private func depthSize(_ p: ProposedSize) -> Size {
        var size = Size(width: 0, height: 0)
        for child in children {
            let s = child.size(for: p)
            size.width = max(size.width, s.width)
            size.height = max(size.height, s.height)
        }
        return size
    }

    /// SwiftUI's stack algorithm: the spacing comes off the offered length first; children are
    /// then offered, least flexible first, an equal share of what is left, each taking its size
    /// out of it. Flexibility is the difference between a child's sizes offered 0 and infinity.
    private func stackSize(_ axis: StackAxis, spacing: Double, _ p: ProposedSize) -> (size: Size, lengths: [Double]) {
        let vertical = axis == .vertical
        let along = vertical ? p.height : p.width
        let across = vertical ? p.width : p.height
        func proposal(_ length: Double?, _ child: LayoutNode) -> ProposedSize {
            // A spacer is offered nothing across its stack's axis, so it grows only along it.
            let cross = child.isSpacer ? 0 : across
            return vertical ? ProposedSize(width: cross, height: length) : ProposedSize(width: length, height: cross)
        }
        func length(_ s: Size) -> Double { vertical ? s.height : s.width }
        func crossLength(_ s: Size) -> Double { vertical ? s.width : s.height }
        let gaps = spacing * Double(max(children.count - 1, 0))
        var lengths = [Double](repeating: 0, count: children.count)
        var cross = 0.0
        if let along {
            let order = children.indices.sorted { a, b in
                let fa =
                    length(children[a].size(for: proposal(.infinity, children[a])))
                    - length(children[a].size(for: proposal(0, children[a])))
                let fb =
                    length(children[b].size(for: proposal(.infinity, children[b])))
                    - length(children[b].size(for: proposal(0, children[b])))
                return fa != fb ? fa < fb : a < b
            }
            var remaining = max(along - gaps, 0)
            for (n, index) in order.enumerated() {
                let share = remaining / Double(order.count - n)
                let s = children[index].size(for: proposal(share, children[index]))
                lengths[index] = length(s)
                cross = max(cross, crossLength(s))
                remaining = max(remaining - length(s), 0)
            }
        } else {
            for (index, child) in children.enumerated() {
                let s = child.size(for: proposal(nil, child))
                lengths[index] = length(s)
                cross = max(cross, crossLength(s))
            }
        }
        let total = lengths.reduce(0, +) + gaps
        return (vertical ? Size(width: cross, height: total) : Size(width: total, height: cross), lengths)
    }

    // MARK: Placement

    /// Places this view in `rect` (its parent's choice, in screen points) with the proposal it was
    /// sized for, and its children inside it.
    func place(in rect: Rect, proposal: ProposedSize) {
        frame = rect
        switch role {
        case .leaf, .spacer:
            break
        case .stack(let axis, let spacing, let alignment):
            if axis == .depth {
                for child in children { placeAligned(child, in: rect, proposal: proposal, alignment: alignment) }
                return
            }
            let vertical = axis == .vertical
            let (_, lengths) = stackSize(axis, spacing: spacing, proposal)
            var cursor = vertical ? rect.y : rect.x
            for (index, child) in children.enumerated() {
                let childProposal: ProposedSize
                let cross = child.isSpacer ? 0 : (vertical ? proposal.width : proposal.height)
                if vertical {
                    childProposal = ProposedSize(width: cross, height: lengths[index])
                } else {
                    childProposal = ProposedSize(width: lengths[index], height: cross)
                }
                let s = child.size(for: childProposal)
                let r =
                    vertical
                    ? Rect(
                        x: rect.x + (rect.width - s.width) * alignment.horizontal, y: cursor, width: s.width,
                        height: s.height)
                    : Rect(
                        x: cursor, y: rect.y + (rect.height - s.height) * alignment.vertical, width: s.width,
                        height: s.height)
                child.place(in: r, proposal: childProposal)
                cursor += lengths[index] + spacing
            }
        case .padding(let e):
            let inner = ProposedSize(
                width: proposal.width.map { max($0 - e.leading - e.trailing, 0) },
                height: proposal.height.map { max($0 - e.top - e.bottom, 0) })
            let s = children[0].size(for: inner)
            children[0].place(
                in: Rect(x: rect.x + e.leading, y: rect.y + e.top, width: s.width, height: s.height), proposal: inner)
        case .frame(let f):
            let inner =
                f.isFlexible
                ? flexibleChildProposal(f, proposal)
                : ProposedSize(width: f.width ?? proposal.width, height: f.height ?? proposal.height)
            placeAligned(children[0], in: rect, proposal: inner, alignment: f.alignment)
        case .position(let x, let y):
            let s = children[0].size(for: proposal)
            children[0].place(
                in: Rect(x: rect.x + x - s.width / 2, y: rect.y + y - s.height / 2, width: s.width, height: s.height),
                proposal: proposal)
        case .offset(let x, let y):
            children[0].place(
                in: Rect(x: rect.x + x, y: rect.y + y, width: rect.width, height: rect.height), proposal: proposal)
            frame = children[0].frame
        case .secondary(_, let alignment):
            children[0].place(in: rect, proposal: proposal)
            // The secondary view is offered the primary's size and aligned in it.
            placeAligned(
                children[1], in: rect, proposal: ProposedSize(width: rect.width, height: rect.height),
                alignment: alignment)
        case .group(.mask(let alignment)):
            children[0].place(in: rect, proposal: proposal)
            placeAligned(
                children[1], in: rect, proposal: ProposedSize(width: rect.width, height: rect.height),
                alignment: alignment)
        case .group, .anchor, .transform:
            children[0].place(in: rect, proposal: proposal)
        case .crossfade:
            for child in children { placeAligned(child, in: rect, proposal: proposal, alignment: .center) }
        case .reader(let make):
            // The content is made for this size and placed at the top leading corner, offered the whole of it.
            let size = Size(width: rect.width, height: rect.height)
            let child = make(size)
            children = [child]
            let s = child.size(for: ProposedSize(width: size.width, height: size.height))
            child.place(
                in: Rect(x: rect.x, y: rect.y, width: s.width, height: s.height),
                proposal: ProposedSize(width: size.width, height: size.height))
        }
    }

    private func placeAligned(_ child: LayoutNode, in rect: Rect, proposal: ProposedSize, alignment: Alignment) {
        let s = child.size(for: proposal)
        child.place(
            in: Rect(
                x: rect.x + (rect.width - s.width) * alignment.horizontal,
                y: rect.y + (rect.height - s.height) * alignment.vertical,
                width: s.width, height: s.height), proposal: proposal)
    }

    /// Calls `body` with every node and its depth, in drawing order, depth first.
    func visit(_ body: (LayoutNode, Int) -> Void, depth: Int = 0) {
        body(self, depth)
        for child in children { child.visit(body, depth: depth + 1) }
    }
}
