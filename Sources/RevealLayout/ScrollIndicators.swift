import RevealRaster

/// Where a scroll view's indicators are drawn. UIKit publishes no size for them; these are our estimates from
/// iOS 17 screenshots, to be replaced by measurements when a device is at hand: a capsule 3 points thick,
/// 3 points in from the viewport's edge and ends, never shorter than 36 points, and shortened by as much as the
/// content is pulled past its end (UIKit squeezes the indicator while rubber-banding).
package enum ScrollIndicators {
    package static let thickness = 3.0
    package static let inset = 3.0
    package static let minimumLength = 36.0

    /// The indicators' frames, in points: one on each scrolled axis whose content is longer than the
    /// viewport, none while they are hidden.
    package static func frames(_ spec: ScrollSpec, viewport: Rect, content: Rect) -> [Rect] {
        guard spec.indicatorOpacity > 0 else { return [] }
        var bars: [Rect] = []
        // The vertical bar keeps clear of the horizontal one's corner when both show.
        let both = spec.vertical && spec.horizontal
        if spec.vertical, content.height > viewport.height,
            let (start, length) = bar(
                offset: spec.offset.y, viewport: viewport.height, content: content.height,
                track: viewport.height - 2 * inset - (both ? thickness + inset : 0))
        {
            bars.append(
                Rect(
                    x: viewport.maxX - inset - thickness, y: viewport.y + inset + start, width: thickness,
                    height: length))
        }
        if spec.horizontal, content.width > viewport.width,
            let (start, length) = bar(
                offset: spec.offset.x, viewport: viewport.width, content: content.width,
                track: viewport.width - 2 * inset - (both ? thickness + inset : 0))
        {
            bars.append(
                Rect(
                    x: viewport.x + inset + start, y: viewport.maxY - inset - thickness, width: length,
                    height: thickness))
        }
        return bars
    }

    /// A bar's start along its track and its length: the track's share the viewport is of the content, at the
    /// place the offset is along the room to scroll; past either end it shortens by the overscroll.
    private static func bar(offset: Double, viewport: Double, content: Double, track: Double)
        -> (start: Double, length: Double)?
    {
        guard track > thickness, content > 0 else { return nil }
        let room = content - viewport
        let full = min(max(track * viewport / content, minimumLength), track)
        let over = offset < 0 ? -offset : max(offset - room, 0)
        let length = max(full - over, thickness)
        let fraction = room > 0 ? min(max(offset / room, 0), 1) : 0
        return (fraction * (track - length), length)
    }
}
