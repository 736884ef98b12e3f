import Foundation
import RevealCore
import RevealDisplay
import RevealRaster
import RevealText

/// A view laid out on a screen in one state, for a front end that builds views in code (the SwiftUI
/// module): where its anchored views ended up, what VoiceOver reads, and its pixels.
///
/// The root is offered the screen less its safe area and centred in it, as `Screen` lays out a scene's
/// view; a root that ignores the safe area is offered the whole screen.
package struct ViewScreen {
    /// The screen's size in points.
    package let width: Double, height: Double
    /// Pixels per point.
    package let scale: Double
    package let root: LayoutNode
    /// What the laid-out view draws: made once, so a screen kept from the frame before is known unchanged.
    package let displayList: DisplayList
    package let background: RGBAColor
    /// The view as given, and how it was laid out: for what VoiceOver reads, which is laid out at rest.
    private let view: ViewNode
    private let layout: (safeArea: Insets, ignoresSafeArea: Bool, fonts: FontFiles)
    private let crossfades: BuildNotes
    /// What VoiceOver reads, once worked out.
    private let readOut: ReadOut
    private final class ReadOut {
        var elements: [AccessibilityElement]?
    }

    /// Lays `view` out on a `width`×`height`-point screen inside `safeArea` (or on the whole of it when
    /// `ignoresSafeArea`), over `background`.
    package init(
        _ view: ViewNode, width: Double, height: Double, safeArea: Insets, ignoresSafeArea: Bool, scale: Double,
        fonts: FontFiles, background: RGBAColor = .white
    ) throws(FontError) {
        self.width = width
        self.height = height
        self.scale = scale
        self.background = background
        self.view = view
        layout = (safeArea, ignoresSafeArea, fonts)
        (root, crossfades) = try ViewScreen.place(
            view, width: width, height: height, safeArea: ignoresSafeArea ? Insets() : safeArea, scale: scale,
            fonts: fonts, atRest: false)
        displayList = root.displayList
        readOut = ReadOut()
    }

    /// What `view` asks for offered nothing on either axis (SwiftUI's `.unspecified` proposal, which
    /// `sizeThatFits` uses): its ideal size in points.
    package static func idealSize(of view: ViewNode, scale: Double, fonts: FontFiles) throws(FontError) -> Size {
        var builder = ViewTreeBuilder(fonts: fonts, scale: scale)
        return try builder.build(view).size(for: .unspecified)
    }

    /// The view laid out, and whether it holds a cross-fade (readers' content included, once placed).
    private static func place(
        _ view: ViewNode, width: Double, height: Double, safeArea inset: Insets, scale: Double, fonts: FontFiles,
        atRest: Bool
    ) throws(FontError) -> (LayoutNode, BuildNotes) {
        var builder = ViewTreeBuilder(fonts: fonts, scale: scale)
        builder.atRest = atRest
        let root = try builder.build(view)
        ViewLayout.place(root, onScreen: Size(width: width, height: height), safeArea: inset)
        return (root, builder.notes)
    }

    /// The frames of the views marked `.anchor(id)`, in screen points, by id (the last one placed wins).
    package var anchors: [Int: Rect] {
        var frames: [Int: Rect] = [:]
        root.visit { node, _ in
            if case .anchor(let id) = node.role { frames[id] = node.frame }
        }
        return frames
    }

    /// What VoiceOver reads, in reading order: the views as they are at rest, as the port reads its states
    /// ("as they hold, not as they animate"). A content change still cross-fading is read as its new content
    /// in its new frame.
    package var accessibilityElements: [AccessibilityElement] {
        // Worked out once per screen: a player asks at every frame, and keeps the screen while nothing changed.
        if let elements = readOut.elements { return elements }
        let elements = readOutAtRest
        readOut.elements = elements
        return elements
    }

    private var readOutAtRest: [AccessibilityElement] {
        guard crossfades.crossfades > 0,
            let (rest, _) = try? ViewScreen.place(
                view, width: width, height: height, safeArea: layout.ignoresSafeArea ? Insets() : layout.safeArea,
                scale: scale, fonts: layout.fonts, atRest: true)
        else {
            return root.accessibilityElements(offset: Point(x: 0, y: 0), effect: [])
        }
        return rest.accessibilityElements(offset: Point(x: 0, y: 0), effect: [])
    }

    /// Every view as laid out, in drawing order, as `reveal-render layout` lists them.
    package var laidOutViews: [LaidOutView] { root.listing(scale: scale) }

    /// The screen's size in pixels.
    package var pixelSize: PixelSize {
        PixelSize(width: PixelSize.pixels(width * scale), height: PixelSize.pixels(height * scale))
    }

    /// The frame's pixels: the background, then the view, all drawn (`ScreenRenderer` draws a sequence of
    /// them, each from the one before).
    package func render() throws -> Pixmap {
        let size = pixelSize
        var canvas = try Pixmap(width: size.width, height: size.height, fill: background.premultiplied)
        var renderer = DisplayRenderer(scale: scale)
        try renderer.draw(displayList.items, into: &canvas)
        return canvas
    }
}

extension ScreenRenderer {
    /// The frame for `screen`, drawn from the frame before where it can be.
    package mutating func render(_ screen: ViewScreen) throws -> Pixmap {
        try render(screen.displayList, size: screen.pixelSize, scale: screen.scale, background: screen.background)
    }
}
