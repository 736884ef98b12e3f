import RevealCore
import RevealRaster
import RevealText

/// A child of a custom layout, as the layout sees it: it can be measured, and read for its layout priority.
package struct LayoutProxy {
    package let node: LayoutNode

    /// The child's size for `proposal`.
    package func size(for proposal: ProposedSize) -> Size { node.size(for: proposal) }

    /// The child's `layoutPriority`.
    package var priority: Double { node.layoutPriority }
}

/// Where a custom layout puts a child: `anchor` (a unit point of the child) at `point`, from the layout's
/// top leading corner, sized for `proposal`.
package struct LayoutPlacement: Sendable {
    package var point: Point
    package var anchor: RelativePoint
    package var proposal: ProposedSize

    package init(point: Point, anchor: RelativePoint, proposal: ProposedSize) {
        self.point = point
        self.anchor = anchor
        self.proposal = proposal
    }
}

/// A layout of a front end's own (SwiftUI's `Layout` protocol): its size for a proposal, and where each child
/// goes, both computed through proxies of the children. Two layouts are equal when they come from one value.
package struct CustomLayout: Equatable, Sendable {
    let size: SharedFunction<(ProposedSize, [LayoutProxy]), Size>
    let place: SharedFunction<(Size, ProposedSize, [LayoutProxy]), [LayoutPlacement?]>

    package init(
        size: @escaping @Sendable (ProposedSize, [LayoutProxy]) -> Size,
        place: @escaping @Sendable (Size, ProposedSize, [LayoutProxy]) -> [LayoutPlacement?]
    ) {
        self.size = SharedFunction(size)
        self.place = SharedFunction(place)
    }

    /// The layout's size for `proposal`: what it answers, a length that is not a finite non-negative number
    /// read as 0.
    func size(for proposal: ProposedSize, _ children: [LayoutNode]) -> Size {
        let s = size.call((proposal, children.map(LayoutProxy.init)))
        func clean(_ v: Double) -> Double { v.isFinite ? min(max(v, 0), SceneLimits.maxCoordinate) : 0 }
        return Size(width: clean(s.width), height: clean(s.height))
    }

    /// Where each of `children` goes in a layout of `size`: the rectangle from its placement (a child left
    /// unplaced is centred, as SwiftUI centres a subview `placeSubviews` does not place), and its proposal.
    func arrangement(_ size: Size, _ proposal: ProposedSize, _ children: [LayoutNode])
        -> [(rect: Rect, proposal: ProposedSize)]
    {
        let placements = place.call((size, proposal, children.map(LayoutProxy.init)))
        return children.enumerated().map { index, child in
            let placement =
                index < placements.count ? placements[index] : nil
            let chosen =
                placement
                ?? LayoutPlacement(
                    point: Point(x: size.width / 2, y: size.height / 2), anchor: RelativePoint(x: 0.5, y: 0.5),
                    proposal: ProposedSize(width: nil, height: nil))
            let s = child.size(for: chosen.proposal)
            let x = chosen.point.x - chosen.anchor.x * s.width
            let y = chosen.point.y - chosen.anchor.y * s.height
            return (
                Rect(x: x.isFinite ? x : 0, y: y.isFinite ? y : 0, width: s.width, height: s.height), chosen.proposal
            )
        }
    }
}
