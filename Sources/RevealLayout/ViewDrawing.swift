import Foundation
import RevealCore
import RevealDisplay
import RevealRaster
import RevealText

extension DisplayRenderer {
    /// Lays `view` out in a `width`×`height`-point frame and draws it: how content and covers become pixels.
    /// `offset` (points) places the frame's corner inside the first pixel, as on the screen the pixmap goes to.
    package static func render(
        _ view: ViewNode, size: PixelSize, scale: Double, fonts: FontFiles,
        values: [String: Double] = [:], offset: Point = Point(x: 0, y: 0)
    ) throws -> Pixmap {
        if let paint = view.plainPaint { return try paint.render(width: size.width, height: size.height, scale: scale) }
        var builder = ViewTreeBuilder(fonts: fonts, scale: scale, values: values)
        let root = try builder.build(view)
        let points = Size(width: Double(size.width) / scale, height: Double(size.height) / scale)
        ViewLayout.place(root, in: points, origin: offset)
        return try render(root.displayList, width: size.width, height: size.height, scale: scale)
    }
}

/// Lays out a root view as a screen does: offered the whole size, centred in it.
package enum ViewLayout {
    package static func place(_ root: LayoutNode, in size: Size, origin: Point = Point(x: 0, y: 0)) {
        let proposal = ProposedSize(width: size.width, height: size.height)
        let s = root.size(for: proposal)
        root.place(
            in: Rect(
                x: origin.x + (size.width - s.width) / 2, y: origin.y + (size.height - s.height) / 2,
                width: s.width, height: s.height), proposal: proposal)
        root.mirrorRightToLeft()
    }

    /// Lays out a screen's root: offered the screen less `safeArea`, centred in what is left.
    package static func place(_ root: LayoutNode, onScreen screen: Size, safeArea inset: Insets) {
        place(
            root,
            in: Size(
                width: max(screen.width - inset.leading - inset.trailing, 0),
                height: max(screen.height - inset.top - inset.bottom, 0)),
            origin: Point(x: inset.leading, y: inset.top))
    }
}

extension Layer {
    /// A view drawn into a layer: a plain paint keeps its compact form.
    package init(_ view: ViewNode, size: PixelSize, scale: Double, fonts: FontFiles, offset: Point = Point(x: 0, y: 0))
        throws
    {
        if let paint = view.plainPaint {
            try self.init(paint, width: size.width, height: size.height)
        } else {
            self = .pixmap(try DisplayRenderer.render(view, size: size, scale: scale, fonts: fonts, offset: offset))
        }
    }
}
