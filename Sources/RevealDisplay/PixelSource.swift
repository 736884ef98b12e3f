import RevealCore
import RevealRaster

/// Pixels a front end draws itself (the port's scene effect), shown one to one from the top-left pixel of
/// their item's frame (`Drawing.pixels`). The front end brings them up to date frame by frame, and the
/// source notes the columns of each row that changed, so that a screen draws again only those.
package final class PixelSource {
    /// The pixels as last updated (their own copy: the front end keeps drawing into its own).
    package private(set) var pixels: Pixmap
    /// Counts the updates that changed a pixel.
    package private(set) var version = 0
    /// The columns of each row that the update to `version` changed.
    private var lastChange: [Range<Int>?] = []

    /// A source showing `first`.
    package init(_ first: Pixmap) { pixels = first.ownCopy() }

    /// The drawing of the pixels as they are now.
    package var drawing: Drawing { .pixels(self, version: version) }

    /// Brings the pixels to `source`'s, comparing only the rows of `damage` (all when nil; the others are
    /// known unchanged).
    package func update(from source: Pixmap, damage: DamageRegion? = nil) {
        var alphaChanged = false
        let spans = pixels.updateSpans(from: source, rows: damage?.rows, alphaChanged: &alphaChanged)
        guard spans.contains(where: { $0 != nil }) else { return }
        version += 1
        lastChange = spans
    }

    /// The columns of each row that differ between version `old` and the pixels now; nil when that is not
    /// known (more than one update apart).
    package func changes(since old: Int) -> [Range<Int>?]? {
        if old == version { return [] }
        return old == version - 1 ? lastChange : nil
    }
}
