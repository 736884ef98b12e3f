import RevealCore
import RevealRaster
import RevealText

/// A laid-out screen as what it draws, in drawing order: the one thing layout hands the renderer. Layout's
/// containers (stacks, padding, frames, positions) are gone; what is left is each view that draws, with its
/// frame, and the effects and transforms that wrap the views inside them, as SwiftUI's display list keeps
/// effects apart from layout.
///
/// Two lists of one screen are compared item by item (`ScreenDamage`): the renderer draws again only what
/// changed from the list before.
package struct DisplayList {
    package var items: [DisplayItem]
    /// Made once when the list is made: two lists sharing it are one list, unchanged.
    private let made = Made()
    private final class Made {}

    package init(_ items: [DisplayItem] = []) { self.items = items }

    /// Whether `other` is this very list (copied, not made again): nothing in it changed.
    package func isSameList(as other: DisplayList) -> Bool { made === other.made }
}

/// One view's part of a display list: what it draws, or the effect or transform around the views inside it.
package struct DisplayItem {
    package enum Content {
        /// What the view draws itself, in its frame.
        case drawing(Drawing)
        /// The views inside drawn into one layer, then put through the effect; for `.mask`, shown where the
        /// mask's views have alpha.
        case group(GroupEffect, [DisplayItem], mask: [DisplayItem])
        /// The views inside drawn turned and scaled about a point of the frame.
        case transform(ViewTransform, [DisplayItem])
    }

    /// The view's structural identity: where it stands in the view tree. The same view in the next frame's
    /// list has the same one.
    package let identity: DisplayIdentity
    /// The frame count of the renderer's sequence in which the item, or an item inside it, last changed
    /// (stamped by the `ScreenRenderer` that draws the list; 0 before).
    package var version = 0
    /// The view's frame on the screen, in points.
    package let frame: Rect
    package var content: Content

    package init(identity: DisplayIdentity, frame: Rect, content: Content) {
        self.identity = identity
        self.frame = frame
        self.content = content
    }

    /// The lists inside, taken out (the item keeps empty ones) so that they can be changed in place and put
    /// back.
    package mutating func takeLists() -> (inner: [DisplayItem], mask: [DisplayItem]) {
        switch content {
        case .drawing:
            return ([], [])
        case .group(let effect, let inner, let mask):
            content = .group(effect, [], mask: [])
            return (inner, mask)
        case .transform(let transform, let inner):
            content = .transform(transform, [])
            return (inner, [])
        }
    }

    /// Calls `body` with each of `items` and every item inside them (masks' included), an item after the
    /// items inside it.
    /// Whether any of `items` or the items inside them draws a material, which reads what is drawn behind it.
    package static func readsBehind(_ items: [DisplayItem]) -> Bool {
        var found = false
        forEach(in: items) { item in
            guard !found, case .drawing(let drawing) = item.content else { return }
            switch drawing {
            case .paint(let paint), .shape(_, let paint), .text(_, let paint), .symbol(_, _, let paint):
                if case .backdrop = paint.kind { found = true }
            default:
                break
            }
        }
        return found
    }

    package static func forEach(in items: [DisplayItem], _ body: (DisplayItem) throws -> Void) rethrows {
        for item in items {
            switch item.content {
            case .drawing:
                break
            case .group(_, let inner, let mask):
                try forEach(in: inner, body)
                try forEach(in: mask, body)
            case .transform(_, let inner):
                try forEach(in: inner, body)
            }
            try body(item)
        }
    }

    /// The part of the screen, in points, the item may draw on, generously: its frame with a margin for what
    /// reaches past a frame (a stroke's half width, a glyph's overhang), grown by its shadows and blurs; nil
    /// where a transform may put it anywhere. A scroll view leaves out the items that cannot reach its viewport.
    package var reach: Rect? {
        switch content {
        case .drawing:
            return frame.outset(by: DisplayItem.overhang)
        case .group(let effect, let inner, _):
            var reach = frame.outset(by: DisplayItem.overhang)
            for item in inner {
                guard let r = item.reach else { return nil }
                reach = reach.union(r)
            }
            switch effect {
            case .shadow(let shadow):
                // The blur's standard deviation is half the radius; three of them hold all but a trace.
                return reach.outset(by: 1.5 * shadow.radius + max(abs(shadow.x), abs(shadow.y)))
            case .blur(let sigma):
                return reach.outset(by: 3 * sigma)
            case .opacity, .clip, .mask, .colorMatrix, .alphaThreshold, .blend:
                return reach
            }
        case .transform:
            return nil
        }
    }

    /// How far past its frame, in points, a view is taken to draw.
    private static let overhang = 32.0

    /// The items inside a group or transform; none for a drawing.
    package var inner: [DisplayItem] {
        switch content {
        case .drawing: return []
        case .group(_, let items, _), .transform(_, let items): return items
        }
    }
}

/// Where a view stands in the view tree: its parent's identity and its place among the parent's children,
/// mixed into 64 bits. Two views of one screen share one only by a collision of the mix: for a screen of a
/// thousand views, about one chance in 10^13.
package struct DisplayIdentity: Hashable, Sendable {
    package let value: UInt64

    /// The root's.
    package static let root = DisplayIdentity(value: 0x6A09_E667_F3BC_C908)

    /// The identity of the child at `index` of the view with this identity.
    package func child(_ index: Int) -> DisplayIdentity {
        // SplitMix64's finaliser over the parent and the index: well mixed, cheap, the same on every run.
        var z = value &+ 0x9E37_79B9_7F4A_7C15 &* UInt64(truncatingIfNeeded: index &+ 1)
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return DisplayIdentity(value: z ^ (z >> 31))
    }
}

/// What a view draws itself, once its frame is known.
package enum Drawing {
    case none
    case paint(Paint)
    case shape(ShapeKind, Paint)
    case text(TextBlock, Paint)
    case symbol(SymbolShape, pointsPerUnit: Double, Paint)
    case canvas(CanvasContent)
    /// Nothing: the place a front end puts pixels of its own (`pixels`) once layout has placed it.
    case placeholder
    /// A front end's own pixels at `version`, one to one from the frame's top-left pixel.
    case pixels(PixelSource, version: Int)
}

/// An effect on a whole subtree, applied to its rendered pixels as SwiftUI's display list does.
package enum GroupEffect {
    case opacity(Double)
    case clip(ShapeKind)
    case shadow(Shadow)
    /// The group's views shown where its mask's views have alpha.
    case mask
    /// Blurred with this standard deviation in points.
    case blur(sigma: Double)
    /// Every pixel's color through the matrix.
    case colorMatrix(ColorMatrix)
    /// Pixels whose alpha is in range made one color, the others clear (within the group's box).
    case alphaThreshold(AlphaThreshold)
    /// Combined with what is beneath in the mode.
    case blend(BlendOperation)
}

/// A shape to fill or to clip with, in the rectangle it is given.
package enum ShapeKind: Equatable, Sendable {
    /// The whole rectangle, as SwiftUI's `Rectangle`.
    case rectangle
    /// The rectangle with corners of `radius` points, rounded as `style` says, as SwiftUI's
    /// `RoundedRectangle(cornerRadius:style:)`.
    case roundedRectangle(radius: Double, style: CornerStyle)
    /// The largest circle centred in the rectangle.
    case circle
    /// A rounded rectangle whose radius is half its shorter side.
    case capsule
    /// SVG path data in a `viewBox` (x, y, width, height) scaled to the rectangle.
    case path(data: String, viewBox: (x: Double, y: Double, width: Double, height: Double))
    /// An outline worked out from the rectangle, as a SwiftUI `Shape`'s `path(in:)`.
    case outline(ShapeOutline)
    /// A symbol's drawing scaled to fit the rectangle and centred, as a resizable `Image(systemName:)`.
    case symbol(SymbolShape)

    package static func == (a: ShapeKind, b: ShapeKind) -> Bool {
        switch (a, b) {
        case (.rectangle, .rectangle), (.circle, .circle), (.capsule, .capsule): return true
        case (.roundedRectangle(let r1, let s1), .roundedRectangle(let r2, let s2)): return r1 == r2 && s1 == s2
        case (.path(let d1, let v1), .path(let d2, let v2)): return d1 == d2 && v1 == v2
        case (.outline(let o1), .outline(let o2)): return o1 == o2
        case (.symbol(let s1), .symbol(let s2)): return s1 == s2
        default: return false
        }
    }
}
