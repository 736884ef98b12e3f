import Foundation
import RevealCore
import RevealDisplay
import RevealRaster
import RevealText

/// A grid's rows (how many of the cells that follow each holds, and whether it is one view across the
/// grid), with its alignment and spacing.
package struct GridSpec {
    package struct Row {
        var count: Int
        var spansColumns: Bool
        /// The row's vertical alignment, else the grid's.
        var alignment: AlignmentGuide?
    }
    package var rows: [Row]
    package var alignment: NodeAlignment
    package var horizontalSpacing: Double
    package var verticalSpacing: Double
}

/// One step of a laid-out view: a view kind or one modifier, with its children in drawing order.
/// Sizes are cached per proposal, so a stack measuring its children several times stays linear.
package final class LayoutNode {
    package enum Role {
        case leaf(Drawing)
        /// Flexible along its stack's axis (both, outside a stack), never shorter than `minLength`.
        case spacer(minLength: Double, axis: StackAxis?)
        case stack(StackAxis, spacing: Double, alignment: NodeAlignment)
        case padding(Insets)
        case frame(FrameSpec)
        case position(x: Double, y: Double)
        case offset(x: Double, y: Double)
        /// children[0] is the primary view; children[1] is drawn behind it (background) or over it.
        case secondary(behind: Bool, alignment: NodeAlignment)
        case group(GroupEffect)
        /// children[0] shown where children[1], placed in its frame by the alignment, has alpha.
        case mask(NodeAlignment)
        /// A view made from its size when it is placed (`GeometryReader`); `make` builds the child.
        case reader(make: (Size) -> LayoutNode)
        /// A view whose frame is reported by id after layout.
        case anchor(Int)
        /// A view drawn turned and scaled about a point of its frame.
        case transform(ViewTransform)
        /// children[0] giving way to children[1], this fraction of the way: the size between theirs, both
        /// centred in it.
        case crossfade(Double)
        /// The first of `candidates` that fits, which becomes the one child when it is placed.
        case firstFitting(candidates: [LayoutNode], horizontally: Bool, vertically: Bool)
        /// The children are a grid's cells, row after row.
        case grid(GridSpec)
        /// A view answering an alignment guide with a value of its own.
        case guide(GuideSetting)
        /// A view offered nothing on the axes marked, so it takes its ideal size there.
        case fixedSize(horizontal: Bool, vertical: Bool)
        /// A view offered a size of its width-to-height ratio (nil: its ideal size's) in or over its offer.
        case aspectRatio(Double?, fill: Bool)
        /// A view carrying a trait its container reads.
        case trait(Trait)
        /// A lazy grid: the children fill its tracks across, line after line along it.
        case lazyGrid(LazyGridSpec)
        /// A layout of a front end's own, sizing and placing its children through proxies.
        case custom(CustomLayout)
        /// A scroll view: children[0] is its content, offered nothing along the scrolled axes, placed from the
        /// spec's offset and seen through this view's frame.
        case scroll(ScrollSpec)
    }

    /// What a container reads from the views in it, through any modifiers around them (SwiftUI's view traits).
    package enum Trait {
        case layoutPriority(Double)
        case zIndex(Double)
        /// The views inside laid out right to left (true) or left to right again.
        case layoutDirection(rightToLeft: Bool)
    }

    package let role: Role
    /// The views inside, in drawing order (a reader's one child is made when it is placed).
    package private(set) var children: [LayoutNode]
    /// What the layout listing calls this view ("text", "vstack", "padding", …).
    package let name: String
    /// What the view says to VoiceOver, in modifier order (the view's own element first).
    package var semantics: [AccessibilitySemantic] = []
    private var sizes: [ProposedSize: Size] = [:]
    private var guideValues: [GuideQuery: Double?] = [:]
    /// Set by `place`: the frame in the screen's coordinates, in points.
    package private(set) var frame = Rect(x: 0, y: 0, width: 0, height: 0)

    package init(_ role: Role, name: String, children: [LayoutNode] = []) {
        self.role = role
        self.name = name
        self.children = children
    }

    /// The children in the order they are drawn: a background before the view it is behind; a stack's
    /// or a grid's children by `zIndex`, those of equal values in order.
    package var drawingOrder: [LayoutNode] { drawingIndices.map { children[$0] } }

    /// The indices of the children in the order they are drawn.
    package var drawingIndices: [Int] {
        switch role {
        case .secondary(behind: true, _) where children.count == 2:
            return [1, 0]
        case .stack, .grid, .lazyGrid, .custom:
            let z = children.map { $0.trait { if case .zIndex(let z) = $0 { return z } else { return nil } } ?? 0 }
            guard z.contains(where: { $0 != 0 }) else { return Array(children.indices) }
            return children.indices.sorted { z[$0] != z[$1] ? z[$0] < z[$1] : $0 < $1 }
        default:
            return Array(children.indices)
        }
    }

    // MARK: Display

    /// The placed view as what it draws (`DisplayList`): each view that draws, with its frame, and the
    /// effects and transforms around the views inside them, in drawing order; layout's containers are gone.
    package var displayList: DisplayList { DisplayList(displayItems(identity: .root)) }

    /// This view's items, its identity `identity`: one for a view that draws, groups or transforms; its
    /// children's for a container.
    package func displayItems(identity: DisplayIdentity) -> [DisplayItem] {
        switch role {
        case .leaf(let drawing):
            return [DisplayItem(identity: identity, frame: frame, content: .drawing(drawing))]
        case .spacer:
            return []
        case .group(let effect):
            return [
                DisplayItem(identity: identity, frame: frame, content: .group(effect, childItems(identity), mask: []))
            ]
        case .mask:
            let content = children[0].displayItems(identity: identity.child(0))
            let mask = children.count > 1 ? children[1].displayItems(identity: identity.child(1)) : []
            return [DisplayItem(identity: identity, frame: frame, content: .group(.mask, content, mask: mask))]
        case .scroll(let spec):
            // The content is clipped to the viewport (SwiftUI's ScrollView clips unless told not to), and what
            // cannot reach the viewport is left out: content out of sight costs nothing to draw.
            let visible = children[0].displayItems(identity: identity.child(0)).filter {
                $0.reach.map { $0.intersects(frame) } ?? true
            }
            let clipped = DisplayItem(
                identity: identity, frame: frame, content: .group(.clip(.rectangle), visible, mask: []))
            let indicators = ScrollIndicators.frames(spec, viewport: frame, content: children[0].frame)
            return [clipped]
                + indicators.enumerated().map { index, bar in
                    DisplayItem(
                        identity: identity.child(1 + index), frame: bar,
                        content: .drawing(.shape(.capsule, .color(spec.indicatorColor.opacity(spec.indicatorOpacity)))))
                }
        case .transform(let transform):
            return [DisplayItem(identity: identity, frame: frame, content: .transform(transform, childItems(identity)))]
        default:
            return childItems(identity)
        }
    }

    private func childItems(_ identity: DisplayIdentity) -> [DisplayItem] {
        drawingIndices.flatMap { children[$0].displayItems(identity: identity.child($0)) }
    }

    /// The first value `read` finds in the traits of this view and the modifiers around it, outermost first.
    private func trait<T>(_ read: (Trait) -> T?) -> T? {
        switch role {
        case .trait(let trait):
            return read(trait) ?? children[0].trait(read)
        case .padding, .frame, .position, .offset, .secondary, .group, .mask, .anchor, .transform, .guide, .fixedSize,
            .aspectRatio:
            return children[0].trait(read)
        default:
            return nil
        }
    }

    /// The view's layout priority: a stack offers room to higher priorities first (SwiftUI's default: 0).
    package var layoutPriority: Double {
        trait { if case .layoutPriority(let p) = $0 { return p } else { return nil } } ?? 0
    }

    package var isSpacer: Bool {
        if case .spacer = role { return true }
        return false
    }

    // MARK: Sizing

    /// The size this view chooses for `proposal` (SwiftUI's `sizeThatFits`).
    package func size(for proposal: ProposedSize) -> Size {
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
        case .stack(let axis, let spacing, let alignment):
            if axis == .depth {
                let h = depthPlacement(alignment.horizontal, horizontal: true, p)
                let v = depthPlacement(alignment.vertical, horizontal: false, p)
                return Size(width: h.extent, height: v.extent)
            }
            return stackSize(axis, spacing: spacing, alignment: alignment, p).size
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
        case .offset, .group, .mask, .secondary, .anchor, .transform, .guide, .trait:
            return children[0].size(for: p)
        case .fixedSize(let horizontal, let vertical):
            return children[0].size(for: LayoutNode.fixed(p, horizontal, vertical))
        case .aspectRatio(let ratio, let fill):
            return children[0].size(for: aspectProposal(ratio, fill: fill, p))
        case .crossfade(let f):
            let a = children[0].size(for: p)
            let b = children[1].size(for: p)
            return Size(width: a.width + (b.width - a.width) * f, height: a.height + (b.height - a.height) * f)
        case .reader:
            // GeometryReader takes what it is offered, SwiftUI's default 10 points where nothing is.
            return Size(width: p.width ?? 10, height: p.height ?? 10)
        case .scroll(let spec):
            // Along an axis it scrolls on, a scroll view is as long as it is offered (its content's length where
            // nothing is); across, it is as wide as its content (as swiftuifieldguide.com measures SwiftUI's).
            let content = children[0].size(for: LayoutNode.scrollProposal(spec, p))
            return Size(
                width: spec.horizontal ? p.width ?? content.width : content.width,
                height: spec.vertical ? p.height ?? content.height : content.height)
        case .firstFitting(let candidates, let horizontally, let vertically):
            return LayoutNode.fitting(candidates, horizontally, vertically, p)?.size(for: p)
                ?? Size(width: 0, height: 0)
        case .grid(let spec):
            let tracks = gridTracks(spec, p)
            return Size(width: tracks.width, height: tracks.height)
        case .custom(let layout):
            return layout.size(for: p, children)
        case .lazyGrid(let spec):
            return lazyGridLayout(spec, p).size
        }
    }

    /// A scroll view's offer to its content: no length along an axis it scrolls on (its content may be as long
    /// as it likes there; that is what scrolling is for), and what the view is offered across.
    private static func scrollProposal(_ spec: ScrollSpec, _ p: ProposedSize) -> ProposedSize {
        ProposedSize(width: spec.horizontal ? nil : p.width, height: spec.vertical ? nil : p.height)
    }

    /// SwiftUI's `ViewThatFits`: it "selects the first child whose ideal size on the constrained axes fits
    /// within the proposed size", and "if none of the views fit, … selects the last child". The ideal size
    /// on an axis is the size for no proposal on it.
    private static func fitting(_ candidates: [LayoutNode], _ horizontally: Bool, _ vertically: Bool, _ p: ProposedSize)
        -> LayoutNode?
    {
        for candidate in candidates {
            let ideal = candidate.size(
                for: ProposedSize(width: horizontally ? nil : p.width, height: vertically ? nil : p.height))
            let fitsWidth = !horizontally || p.width.map { ideal.width <= $0 + 1e-9 } ?? true
            let fitsHeight = !vertically || p.height.map { ideal.height <= $0 + 1e-9 } ?? true
            if fitsWidth && fitsHeight { return candidate }
        }
        return candidates.last
    }

    /// The cells of each row (ranges of `children`), whether the row is one view across the grid, and the
    /// number of columns (the longest row that does not span).
    private func gridRows(_ spec: GridSpec) -> (rows: [Range<Int>], spans: [Bool], columns: Int) {
        var rows: [Range<Int>] = []
        var start = 0
        for row in spec.rows {
            let end = min(start + row.count, children.count)
            rows.append(start..<end)
            start = end
        }
        let spans = zip(spec.rows, rows).map { $0.spansColumns && $1.count == 1 }
        let columns = zip(rows, spans).filter { !$1 }.map(\.0.count).max() ?? 0
        return (rows, spans, columns)
    }

    /// A grid's column widths and row heights for proposal `p`, and its size. Columns are sized as an
    /// HStack sizes its children and rows as a VStack does (SwiftUI's `Grid` "sizes columns and rows"
    /// from "the widest cell in each column" and "the tallest cell in each row"): spacing comes off first,
    /// then the least flexible column (or row) is offered an equal share of what is left, and takes the
    /// widest (tallest) of its cells' sizes for it. A view across every column is offered the grid's width.
    private func gridTracks(_ spec: GridSpec, _ p: ProposedSize)
        -> (widths: [Double], heights: [Double], width: Double, height: Double)
    {
        let (rows, spans, columnCount) = gridRows(spec)
        func columnWidth(_ j: Int, _ offer: Double?) -> Double {
            rows.indices.filter { !spans[$0] && j < rows[$0].count }
                .map { children[rows[$0].lowerBound + j].size(for: ProposedSize(width: offer, height: nil)).width }
                .max() ?? 0
        }
        let widths = LayoutNode.shareOut(
            count: columnCount, length: p.width, spacing: spec.horizontalSpacing, measure: columnWidth)
        let columnsWidth = widths.reduce(0, +) + spec.horizontalSpacing * Double(max(columnCount - 1, 0))
        // With no columns, views across the grid are offered what the grid is.
        let spanOffer = columnCount > 0 ? columnsWidth : p.width
        func rowHeight(_ i: Int, _ offer: Double?) -> Double {
            rows[i].enumerated().map { k, index in
                children[index].size(for: ProposedSize(width: spans[i] ? spanOffer : widths[k], height: offer)).height
            }.max() ?? 0
        }
        let heights = LayoutNode.shareOut(
            count: rows.count, length: p.height, spacing: spec.verticalSpacing, measure: rowHeight)
        var width = columnsWidth
        if columnCount == 0 {
            width =
                rows.indices.filter { spans[$0] }.map {
                    children[rows[$0].lowerBound].size(for: ProposedSize(width: spanOffer, height: heights[$0])).width
                }.max() ?? 0
        }
        let height = heights.reduce(0, +) + spec.verticalSpacing * Double(max(rows.count - 1, 0))
        return (widths, heights, width, height)
    }

    /// Lengths for `count` tracks sharing `length` (nil: each its own), `spacing` apart, as a stack shares
    /// its length: least flexible first (flexibility: the track offered infinity against offered 0), each
    /// offered an equal share of what is left. `measure` is a track's length for an offer.
    private static func shareOut(
        count: Int, length: Double?, spacing: Double, measure: (Int, Double?) -> Double
    ) -> [Double] {
        guard let length else { return (0..<count).map { measure($0, nil) } }
        var lengths = [Double](repeating: 0, count: count)
        let flexibility = (0..<count).map { measure($0, .infinity) - measure($0, 0) }
        let order = (0..<count).sorted {
            flexibility[$0] != flexibility[$1] ? flexibility[$0] < flexibility[$1] : $0 < $1
        }
        var remaining = max(length - spacing * Double(max(count - 1, 0)), 0)
        for (n, index) in order.enumerated() {
            lengths[index] = measure(index, remaining / Double(count - n))
            remaining = max(remaining - lengths[index], 0)
        }
        return lengths
    }

    private func leafSize(_ drawing: Drawing, _ p: ProposedSize) -> Size {
        switch drawing {
        case .text(let block, _):
            return block.size(for: p)
        case .symbol(let symbol, let unit, _):
            return Size(width: symbol.width * unit, height: (symbol.bottom - symbol.top) * unit)
        case .none:
            return Size(width: 0, height: 0)
        case .paint, .shape, .placeholder, .pixels, .canvas:
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
    private func flexibleFrameSize(_ f: FrameSpec, _ given: ProposedSize) -> Size {
        let p = LayoutNode.withIdeal(f, given)
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

    /// A flexible frame's ideal size stands in for the offer on an axis it is offered nothing on: the frame
    /// takes it there and offers it to its child.
    private static func withIdeal(_ f: FrameSpec, _ p: ProposedSize) -> ProposedSize {
        ProposedSize(width: p.width ?? f.idealWidth, height: p.height ?? f.idealHeight)
    }

    /// `p` with nothing offered on the axes marked: what a fixed-size view is offered.
    private static func fixed(_ p: ProposedSize, _ horizontal: Bool, _ vertical: Bool) -> ProposedSize {
        ProposedSize(width: horizontal ? nil : p.width, height: vertical ? nil : p.height)
    }

    /// What an aspect-ratio view offers its child for `p`: SwiftUI's `aspectRatio(_:contentMode:)` takes the
    /// largest size of the ratio within the offer (`fit`) or the smallest covering it (`fill`); offered one
    /// axis, the other follows from the ratio; offered neither (or an infinite length), the child's ideal
    /// size is fitted or filled instead. Without a ratio, the child's ideal size gives it.
    private func aspectProposal(_ ratio: Double?, fill: Bool, _ p: ProposedSize) -> ProposedSize {
        let ideal = children[0].size(for: .unspecified)
        let r = ratio ?? (ideal.height > 0 ? ideal.width / ideal.height : 1)
        guard r.isFinite, r > 0 else { return p }
        var width = p.width.flatMap { $0.isFinite ? $0 : nil }
        var height = p.height.flatMap { $0.isFinite ? $0 : nil }
        if width == nil && height == nil {
            width = ideal.width
            height = ideal.height
        }
        switch (width, height) {
        case (let w?, let h?):
            // The ratio's width at the offered height, when it is the one to keep.
            let keepHeight = (w / max(h, 1e-12) > r) != fill
            return keepHeight ? ProposedSize(width: h * r, height: h) : ProposedSize(width: w, height: w / r)
        case (let w?, nil): return ProposedSize(width: w, height: w / r)
        case (nil, let h?): return ProposedSize(width: h * r, height: h)
        case (nil, nil): return p
        }
    }

    private func flexibleChildProposal(_ f: FrameSpec, _ given: ProposedSize) -> ProposedSize {
        let p = LayoutNode.withIdeal(f, given)
        func clamp(_ value: Double?, _ low: Double?, _ high: Double?) -> Double? {
            value.map { min(max($0, low ?? -.infinity), high ?? .infinity) }
        }
        return ProposedSize(
            width: clamp(p.width, f.minWidth, f.maxWidth), height: clamp(p.height, f.minHeight, f.maxHeight))
    }

    /// SwiftUI's stack algorithm: the spacing comes off the offered length first; children are
    /// then offered, least flexible first, an equal share of what is left, each taking its size
    /// out of it. Flexibility is the difference between a child's sizes offered 0 and infinity.
    private func stackSize(_ axis: StackAxis, spacing: Double, alignment: NodeAlignment, _ p: ProposedSize)
        -> (size: Size, lengths: [Double], cross: CrossPlacement)
    {
        let vertical = axis == .vertical
        let along = vertical ? p.height : p.width
        let across = vertical ? p.width : p.height
        func proposal(_ length: Double?, _ child: LayoutNode) -> ProposedSize {
            // A spacer is offered nothing across its stack's axis, so it grows only along it.
            let cross = child.isSpacer ? 0 : across
            return vertical ? ProposedSize(width: cross, height: length) : ProposedSize(width: length, height: cross)
        }
        func length(_ s: Size) -> Double { vertical ? s.height : s.width }
        let gaps = spacing * Double(max(children.count - 1, 0))
        var lengths = [Double](repeating: 0, count: children.count)
        if let along, along.isInfinite {
            // Offered all the room there is, each child is offered all of it too (an equal share of infinity),
            // and takes what it takes: a spacer or a color all of it.
            for (index, child) in children.enumerated() {
                lengths[index] = length(child.size(for: proposal(along, child)))
            }
        } else if let along {
            // Each child's flexibility (its longest less its shortest length) is measured once, not per comparison.
            let flexibility = children.map { child in
                length(child.size(for: proposal(.infinity, child))) - length(child.size(for: proposal(0, child)))
            }
            let order = children.indices.sorted { a, b in
                flexibility[a] != flexibility[b] ? flexibility[a] < flexibility[b] : a < b
            }
            // SwiftUI offers room by layout priority, highest first; a group keeps back, out of what is left,
            // what the lower ones need at least (their length offered 0).
            let priorities = children.map(\.layoutPriority)
            var remaining = max(along - gaps, 0)
            for priority in Set(priorities).sorted(by: >) {
                let group = order.filter { priorities[$0] == priority }
                let reserved = children.indices.filter { priorities[$0] < priority }.reduce(0.0) {
                    $0 + length(children[$1].size(for: proposal(0, children[$1])))
                }
                var available = max(remaining - reserved, 0)
                for (n, index) in group.enumerated() {
                    let share = available / Double(group.count - n)
                    lengths[index] = length(children[index].size(for: proposal(share, children[index])))
                    available = max(available - lengths[index], 0)
                    remaining = max(remaining - lengths[index], 0)
                }
            }
        } else {
            for (index, child) in children.enumerated() {
                lengths[index] = length(child.size(for: proposal(nil, child)))
            }
        }
        // Each child is placed with its own length as the proposal along the axis.
        let proposals = children.indices.map { proposal(lengths[$0], children[$0]) }
        let cross = LayoutNode.crossPlacement(
            children, proposals, vertical ? alignment.horizontal : alignment.vertical, horizontal: vertical)
        let total = lengths.reduce(0, +) + gaps
        let size = vertical ? Size(width: cross.extent, height: total) : Size(width: total, height: cross.extent)
        return (size, lengths, cross)
    }

    /// Where children sit on one axis when aligned by a guide (a stack's cross axis, both of a `ZStack`'s):
    /// SwiftUI brings their guide values to one line, so a child is offset by the line less its value,
    /// the line being the largest value; the extent reaches the furthest child's far edge.
    package struct CrossPlacement {
        var offsets: [Double]
        var extent: Double
    }

    private static func crossPlacement(
        _ children: [LayoutNode], _ proposals: [ProposedSize], _ guide: AlignmentGuide, horizontal: Bool
    ) -> CrossPlacement {
        let values = children.indices.map { children[$0].guideValue(guide, horizontal: horizontal, proposals[$0]) }
        let lengths = children.indices.map { i -> Double in
            let s = children[i].size(for: proposals[i])
            return horizontal ? s.width : s.height
        }
        guard let line = values.max() else { return CrossPlacement(offsets: [], extent: 0) }
        // A child as long as all the room there is (a spacer or a color offered infinity): so is the stack,
        // which is only asked so to know how far it can grow; lined up, infinity less infinity is no number.
        if lengths.contains(where: \.isInfinite) {
            return CrossPlacement(offsets: values.map { _ in 0 }, extent: .infinity)
        }
        let beyond = zip(lengths, values).map { $0 - $1 }.max() ?? 0
        return CrossPlacement(offsets: values.map { line - $0 }, extent: line + beyond)
    }

    private func depthPlacement(_ guide: AlignmentGuide, horizontal: Bool, _ p: ProposedSize) -> CrossPlacement {
        LayoutNode.crossPlacement(
            children, [ProposedSize](repeating: p, count: children.count), guide, horizontal: horizontal)
    }

    // MARK: Alignment guides

    private struct GuideQuery: Hashable {
        var key: AlignmentGuide.Key
        var horizontal: Bool
        var proposal: ProposedSize
    }

    /// The guides this view or a view inside it sets, by key and axis: a view setting none answers every
    /// guide with its default at once.
    private lazy var guidesSet: Set<GuideKey> = {
        switch role {
        case .leaf(.text), .leaf(.symbol):
            return [
                GuideKey(key: .firstTextBaseline, horizontal: false),
                GuideKey(key: .lastTextBaseline, horizontal: false),
            ]
        case .leaf, .spacer, .reader, .scroll, .lazyGrid:
            return []
        case .guide(let setting):
            return children[0].guidesSet.union([GuideKey(key: setting.guide.key, horizontal: setting.horizontal)])
        case .firstFitting(let candidates, _, _):
            return candidates.reduce(into: []) { $0.formUnion($1.guidesSet) }
        case .secondary, .mask:
            return children[0].guidesSet
        default:
            return children.reduce(into: []) { $0.formUnion($1.guidesSet) }
        }
    }()

    private struct GuideKey: Hashable {
        var key: AlignmentGuide.Key
        var horizontal: Bool
    }

    /// The view's value for `guide` on the `horizontal` (else vertical) axis at its size for `p`: the value it
    /// sets, else the guide's default for that size.
    package func guideValue(_ guide: AlignmentGuide, horizontal: Bool, _ p: ProposedSize) -> Double {
        if let value = explicitGuide(guide, horizontal: horizontal, p) { return value }
        return guide.defaultValue(dimensions(p), length: horizontal ? size(for: p).width : size(for: p).height)
    }

    /// The view's dimensions at its size for `p`, as a guide's value is computed from them.
    package func dimensions(_ p: ProposedSize) -> GuideDimensions {
        let s = size(for: p)
        return GuideDimensions(width: s.width, height: s.height) { [self] guide, horizontal in
            explicitGuide(guide, horizontal: horizontal, p)
        }
    }

    /// The value the view sets for `guide` at its size for `p`, nil where it sets none: its own
    /// `alignmentGuide`, a text's baselines, or the values its children set, where they are placed, merged as
    /// the guide merges them.
    package func explicitGuide(_ guide: AlignmentGuide, horizontal: Bool, _ p: ProposedSize) -> Double? {
        guard guidesSet.contains(GuideKey(key: guide.key, horizontal: horizontal)) else { return nil }
        let query = GuideQuery(key: guide.key, horizontal: horizontal, proposal: p)
        if let value = guideValues[query] { return value }
        let value = computeExplicitGuide(guide, horizontal: horizontal, p)
        guideValues[query] = value
        return value
    }

    private func computeExplicitGuide(_ guide: AlignmentGuide, horizontal: Bool, _ p: ProposedSize) -> Double? {
        switch role {
        case .leaf(.text(let block, _)):
            let baselines = block.baselines(for: p)
            return guide.key == .firstTextBaseline ? baselines.first : baselines.last
        case .leaf(.symbol(let symbol, let unit, _)):
            // A symbol's drawing has its baseline at y = 0, so it lines up with text as SF Symbols do.
            return -symbol.top * unit
        case .leaf, .spacer, .reader, .scroll, .lazyGrid:
            return nil
        case .guide(let setting):
            guard setting.guide == guide, setting.horizontal == horizontal else {
                return children[0].explicitGuide(guide, horizontal: horizontal, p)
            }
            // A front end's function may answer anything: a value that is not finite counts as 0.
            let value = setting.value.call(children[0].dimensions(p))
            let limit = SceneLimits.maxCoordinate
            return value.isFinite ? min(max(value, -limit), limit) : 0
        case .firstFitting(let candidates, let horizontally, let vertically):
            return LayoutNode.fitting(candidates, horizontally, vertically, p)?
                .explicitGuide(guide, horizontal: horizontal, p)
        case .offset, .transform, .group, .mask, .anchor, .secondary:
            // Moving or turning what is drawn leaves layout, and so guides, alone; a secondary view adds none.
            return children[0].explicitGuide(guide, horizontal: horizontal, p)
        case .stack, .padding, .frame, .position, .crossfade, .grid, .fixedSize, .aspectRatio, .trait, .custom:
            let values = zip(children, arrangement(size(for: p), p)).compactMap { child, placed in
                child.explicitGuide(guide, horizontal: horizontal, placed.proposal).map {
                    $0 + (horizontal ? placed.rect.x : placed.rect.y)
                }
            }
            return guide.combine(values)
        }
    }

    // MARK: Placement

    /// Places this view in `rect` (its parent's choice, in screen points) with the proposal it was
    /// sized for, and its children inside it.
    package func place(in rect: Rect, proposal: ProposedSize) {
        frame = rect
        switch role {
        case .firstFitting(let candidates, let horizontally, let vertically):
            // Only the view that fits is laid out, drawn and read by VoiceOver.
            guard let chosen = LayoutNode.fitting(candidates, horizontally, vertically, proposal) else { return }
            children = [chosen]
            chosen.place(in: rect, proposal: proposal)
        case .reader(let make):
            // The content is made for this size and placed at the top leading corner, offered the whole of it.
            let size = Size(width: rect.width, height: rect.height)
            let child = make(size)
            children = [child]
            let s = child.size(for: ProposedSize(width: size.width, height: size.height))
            child.place(
                in: Rect(x: rect.x, y: rect.y, width: s.width, height: s.height),
                proposal: ProposedSize(width: size.width, height: size.height))
        case .scroll(let spec):
            // The content starts at the viewport's top leading corner on a scrolled axis, moved by the offset,
            // and is centred on an axis it does not scroll on, as SwiftUI's ScrollView places it.
            let offered = LayoutNode.scrollProposal(spec, ProposedSize(width: rect.width, height: rect.height))
            let s = children[0].size(for: offered)
            let x = spec.horizontal ? -spec.offset.x : (rect.width - s.width) / 2
            let y = spec.vertical ? -spec.offset.y : (rect.height - s.height) / 2
            children[0].place(
                in: Rect(x: rect.x + x, y: rect.y + y, width: s.width, height: s.height), proposal: offered)
            spec.geometry?.call(
                ScrollGeometry(viewport: Size(width: rect.width, height: rect.height), content: s))
        default:
            for (child, placed) in zip(children, arrangement(Size(width: rect.width, height: rect.height), proposal)) {
                let r = placed.rect
                child.place(
                    in: Rect(x: rect.x + r.x, y: rect.y + r.y, width: r.width, height: r.height),
                    proposal: placed.proposal)
            }
            if case .offset = role { frame = children[0].frame }
        }
    }

    /// Where each child goes in this view at `size`, laid out for `proposal`: its rectangle from the view's
    /// top-left corner and the proposal it is placed with. Empty for a leaf, a spacer, a reader and a
    /// `ViewThatFits`, whose children are made or chosen as they are placed.
    package func arrangement(_ size: Size, _ proposal: ProposedSize) -> [(rect: Rect, proposal: ProposedSize)] {
        let whole = Rect(x: 0, y: 0, width: size.width, height: size.height)
        let offered = ProposedSize(width: size.width, height: size.height)
        switch role {
        case .leaf, .spacer, .reader, .firstFitting, .scroll:
            return []
        case .stack(let axis, let spacing, let alignment):
            if axis == .depth {
                let h = depthPlacement(alignment.horizontal, horizontal: true, proposal)
                let v = depthPlacement(alignment.vertical, horizontal: false, proposal)
                return children.indices.map { i in
                    let s = children[i].size(for: proposal)
                    return (Rect(x: h.offsets[i], y: v.offsets[i], width: s.width, height: s.height), proposal)
                }
            }
            let vertical = axis == .vertical
            let (_, lengths, cross) = stackSize(axis, spacing: spacing, alignment: alignment, proposal)
            var cursor = 0.0
            return children.indices.map { i in
                let across = children[i].isSpacer ? 0 : (vertical ? proposal.width : proposal.height)
                let p =
                    vertical
                    ? ProposedSize(width: across, height: lengths[i]) : ProposedSize(width: lengths[i], height: across)
                let s = children[i].size(for: p)
                let rect =
                    vertical
                    ? Rect(x: cross.offsets[i], y: cursor, width: s.width, height: s.height)
                    : Rect(x: cursor, y: cross.offsets[i], width: s.width, height: s.height)
                cursor += lengths[i] + spacing
                return (rect, p)
            }
        case .padding(let e):
            let inner = ProposedSize(
                width: proposal.width.map { max($0 - e.leading - e.trailing, 0) },
                height: proposal.height.map { max($0 - e.top - e.bottom, 0) })
            let s = children[0].size(for: inner)
            return [(Rect(x: e.leading, y: e.top, width: s.width, height: s.height), inner)]
        case .frame(let f):
            let inner =
                f.isFlexible
                ? flexibleChildProposal(f, proposal)
                : ProposedSize(width: f.width ?? proposal.width, height: f.height ?? proposal.height)
            return [aligned(children[0], in: size, inner, f.alignment)]
        case .position(let x, let y):
            let s = children[0].size(for: proposal)
            return [(Rect(x: x - s.width / 2, y: y - s.height / 2, width: s.width, height: s.height), proposal)]
        case .offset(let x, let y):
            return [(Rect(x: x, y: y, width: size.width, height: size.height), proposal)]
        case .secondary(_, let alignment), .mask(let alignment):
            // The secondary view is offered the primary's size and aligned in it.
            return [(whole, proposal), aligned(children[1], in: size, offered, alignment)]
        case .group, .anchor, .transform, .guide, .trait:
            return [(whole, proposal)]
        case .fixedSize(let horizontal, let vertical):
            return [(whole, LayoutNode.fixed(proposal, horizontal, vertical))]
        case .aspectRatio(let ratio, let fill):
            return [(whole, aspectProposal(ratio, fill: fill, proposal))]
        case .crossfade:
            return children.map { aligned($0, in: size, proposal, .center) }
        case .lazyGrid(let spec):
            return lazyGridLayout(spec, proposal).cells
        case .custom(let layout):
            return layout.arrangement(size, proposal, children)
        case .grid(let spec):
            let (rows, spans, _) = gridRows(spec)
            let tracks = gridTracks(spec, proposal)
            var xs: [Double] = []
            var x = 0.0
            for width in tracks.widths {
                xs.append(x)
                x += width + spec.horizontalSpacing
            }
            var placed = [(rect: Rect, proposal: ProposedSize)](
                repeating: (whole, proposal), count: children.count)
            var y = 0.0
            for (i, row) in rows.enumerated() {
                let height = tracks.heights[i]
                let alignment = NodeAlignment(
                    horizontal: spec.alignment.horizontal,
                    vertical: spec.rows[i].alignment ?? spec.alignment.vertical)
                for (k, index) in row.enumerated() {
                    let cell =
                        spans[i]
                        ? Rect(x: 0, y: y, width: size.width, height: height)
                        : Rect(x: xs[k], y: y, width: tracks.widths[k], height: height)
                    var p = aligned(
                        children[index], in: Size(width: cell.width, height: cell.height),
                        ProposedSize(width: cell.width, height: cell.height), alignment)
                    p.rect.x += cell.x
                    p.rect.y += cell.y
                    placed[index] = p
                }
                y += height + spec.verticalSpacing
            }
            return placed
        }
    }

    /// A child placed in a container of `size` (a frame, an overlay, a grid cell) by `alignment`: the
    /// child's guide values meet the container's own on each axis, as SwiftUI's frame layout aligns them.
    func aligned(_ child: LayoutNode, in size: Size, _ proposal: ProposedSize, _ alignment: NodeAlignment)
        -> (rect: Rect, proposal: ProposedSize)
    {
        let s = child.size(for: proposal)
        let container = GuideDimensions(width: size.width, height: size.height) { _, _ in nil }
        let x =
            alignment.horizontal.defaultValue(container, length: size.width)
            - child.guideValue(alignment.horizontal, horizontal: true, proposal)
        let y =
            alignment.vertical.defaultValue(container, length: size.height)
            - child.guideValue(alignment.vertical, horizontal: false, proposal)
        return (Rect(x: x, y: y, width: s.width, height: s.height), proposal)
    }

    /// Calls `body` with every node and its depth, in drawing order, depth first.
    package func visit(_ body: (LayoutNode, Int) -> Void, depth: Int = 0) {
        body(self, depth)
        for child in children { child.visit(body, depth: depth + 1) }
    }
}

extension LayoutNode {
    /// Mirrors the layout inside each view laid out right to left (or back to left to right inside one),
    /// as SwiftUI lays out for a right-to-left `layoutDirection`: the views inside are placed as left to
    /// right, then their frames reflected about the middle of that view, so a stack runs from the right and
    /// leading is the right side. What each view draws in its frame is not reflected. `rightToLeft` is the
    /// direction of the views around.
    package func mirrorRightToLeft(rightToLeft: Bool = false) {
        var inside = rightToLeft
        if case .trait(.layoutDirection(let wanted)) = role, wanted != rightToLeft {
            let axis = frame.x + frame.maxX
            for child in children { child.reflect(about: axis) }
            inside = wanted
        }
        for child in children { child.mirrorRightToLeft(rightToLeft: inside) }
    }

    /// This view's frame and every view's inside it reflected about the vertical line x = `axis` / 2.
    private func reflect(about axis: Double) {
        frame.x = axis - frame.maxX
        for child in children { child.reflect(about: axis) }
    }
}

extension LineAlignment {
    /// Leading and trailing swapped, as right-to-left text lines up.
    package var mirrored: LineAlignment {
        switch self {
        case .leading: return .trailing
        case .center: return .center
        case .trailing: return .leading
        }
    }
}
