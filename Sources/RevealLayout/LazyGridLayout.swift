import RevealCore
import RevealRaster

/// A lazy grid, as SwiftUI's `LazyVGrid` (columns across, its views flowing into rows down it) and
/// `LazyHGrid` (rows across, its views flowing into columns along it): the tracks across, the spacing between
/// the lines along, how views sit in their cells, and the views.
package struct LazyGridContent: Equatable, Sendable {
    /// How a track (a column of a vertical grid, a row of a horizontal one) takes its length, as `GridItem.Size`.
    package enum Size: Equatable, Sendable {
        case fixed(Double)
        case flexible(minimum: Double, maximum: Double)
        case adaptive(minimum: Double, maximum: Double)
    }
    /// One `GridItem`: its size, the spacing after it (nil: 8), and how views sit in its cells (nil: the grid's).
    package struct Item: Equatable, Sendable {
        package var size: Size
        package var spacing: Double?
        package var alignment: NodeAlignment?
        package init(size: Size, spacing: Double?, alignment: NodeAlignment?) {
            self.size = size
            self.spacing = spacing
            self.alignment = alignment
        }
    }
    package var vertical: Bool
    package var items: [Item]
    /// Points between the lines along the grid (nil: 8).
    package var spacing: Double?
    package var alignment: NodeAlignment
    package var children: [ViewNode]

    package init(vertical: Bool, items: [Item], spacing: Double?, alignment: NodeAlignment, children: [ViewNode]) {
        self.vertical = vertical
        self.items = items
        self.spacing = spacing
        self.alignment = alignment
        self.children = children
    }
}

/// A lazy grid's layout: its tracks and line spacing; its views are the node's children.
package struct LazyGridSpec {
    package var vertical: Bool
    package var items: [LazyGridContent.Item]
    package var spacing: Double
    package var alignment: NodeAlignment

    package init(vertical: Bool, items: [LazyGridContent.Item], spacing: Double, alignment: NodeAlignment) {
        self.vertical = vertical
        self.items = items
        self.spacing = spacing
        self.alignment = alignment
    }
}

extension LayoutNode {
    /// A lazy grid's tracks across for the length `across` (nil: each its ideal): their offsets, lengths and
    /// alignments. SwiftUI's `GridItem` documents the rule: a fixed item takes its size; flexible items share
    /// what is left, each kept within its bounds; an adaptive item fills the length a flexible one would get
    /// with as many tracks of at least its minimum as fit, its spacing between them. The tracks are centred in
    /// the grid when they fill less than it.
    package static func lazyGridTracks(_ spec: LazyGridSpec, across: Double?)
        -> [(offset: Double, length: Double, alignment: NodeAlignment)]
    {
        let items = spec.items
        guard !items.isEmpty else { return [] }
        let gaps = items.dropLast().map { $0.spacing ?? 8 }
        var lengths = [Double?](repeating: nil, count: items.count)
        for (i, item) in items.enumerated() {
            if case .fixed(let size) = item.size { lengths[i] = max(size, 0) }
        }
        if let across {
            // What is left after the fixed tracks and the spacing, shared by the others: a track whose bound
            // the equal share passes takes its bound, and the rest share again.
            var left = across - gaps.reduce(0, +) - lengths.compactMap { $0 }.reduce(0, +)
            var open = items.indices.filter { lengths[$0] == nil }
            while !open.isEmpty {
                let share = max(left, 0) / Double(open.count)
                let bounded = open.first { i in
                    let (low, high) = LayoutNode.bounds(items[i].size)
                    return share < low || share > high
                }
                guard let i = bounded else {
                    for i in open { lengths[i] = share }
                    break
                }
                let (low, high) = LayoutNode.bounds(items[i].size)
                lengths[i] = min(max(share, low), high)
                left -= lengths[i] ?? 0
                open.removeAll { $0 == i }
            }
        } else {
            for i in items.indices where lengths[i] == nil { lengths[i] = LayoutNode.bounds(items[i].size).0 }
        }
        // Each item's tracks: an adaptive one splits its length.
        var tracks: [(length: Double, alignment: NodeAlignment, gapAfter: Double)] = []
        for (i, item) in items.enumerated() {
            let length = lengths[i] ?? 0
            let alignment = item.alignment ?? spec.alignment
            let gap = i < gaps.count ? gaps[i] : 0
            if case .adaptive(let minimum, let maximum) = item.size {
                let spacing = item.spacing ?? 8
                let count = max(Int((length + spacing) / (max(minimum, 1) + spacing)), 1)
                let each = min((length - spacing * Double(count - 1)) / Double(count), maximum)
                for k in 0..<count {
                    tracks.append((max(each, 0), alignment, k == count - 1 ? gap : spacing))
                }
            } else {
                tracks.append((length, alignment, gap))
            }
        }
        let total = tracks.map(\.length).reduce(0, +) + tracks.dropLast().map(\.gapAfter).reduce(0, +)
        var offset = across.map { max(($0 - total) / 2, 0) } ?? 0
        return tracks.map { track in
            defer { offset += track.length + track.gapAfter }
            return (offset, track.length, track.alignment)
        }
    }

    /// A flexible or adaptive size's bounds.
    private static func bounds(_ size: LazyGridContent.Size) -> (Double, Double) {
        switch size {
        case .fixed(let s): return (s, s)
        case .flexible(let low, let high), .adaptive(let low, let high): return (max(low, 0), max(high, low, 0))
        }
    }

    /// The grid's size for `p` and where each view goes: views fill the tracks across a line, then the next
    /// line along; a line is as long as its longest view, each view offered its track's length across and
    /// nothing along, and placed in its cell by its track's alignment.
    func lazyGridLayout(_ spec: LazyGridSpec, _ p: ProposedSize)
        -> (size: Size, cells: [(rect: Rect, proposal: ProposedSize)])
    {
        let across = spec.vertical ? p.width : p.height
        let tracks = LayoutNode.lazyGridTracks(spec, across: across)
        guard !tracks.isEmpty else { return (Size(width: 0, height: 0), []) }
        let perLine = tracks.count
        var cells: [(rect: Rect, proposal: ProposedSize)] = []
        var along = 0.0
        var start = 0
        while start < children.count {
            let line = start..<min(start + perLine, children.count)
            let proposals = line.map { index -> ProposedSize in
                let track = tracks[index - start]
                return spec.vertical
                    ? ProposedSize(width: track.length, height: nil) : ProposedSize(width: nil, height: track.length)
            }
            let sizes = zip(line, proposals).map { children[$0].size(for: $1) }
            let extent = sizes.map { spec.vertical ? $0.height : $0.width }.max() ?? 0
            for (k, index) in line.enumerated() {
                let track = tracks[k]
                let cell =
                    spec.vertical
                    ? Rect(x: track.offset, y: along, width: track.length, height: extent)
                    : Rect(x: along, y: track.offset, width: extent, height: track.length)
                let placed = aligned(
                    children[index], in: Size(width: cell.width, height: cell.height), proposals[k], track.alignment)
                cells.append(
                    (
                        Rect(
                            x: cell.x + placed.rect.x, y: cell.y + placed.rect.y, width: placed.rect.width,
                            height: placed.rect.height), proposals[k]
                    ))
            }
            along += extent + spec.spacing
            start = line.upperBound
        }
        along = max(along - spec.spacing, 0)
        let last = tracks[tracks.count - 1]
        let acrossLength = across ?? (last.offset + last.length)
        let size = spec.vertical ? Size(width: acrossLength, height: along) : Size(width: along, height: acrossLength)
        return (size, cells)
    }
}
