import RevealCore
import RevealDisplay
import RevealLayout
import RevealOutput
import RevealRaster
import RevealText

/// The effect's frames drawn into its screen, as any screen is drawn (`ScreenRenderer`): the screen's display
/// list with the effect's frame as its own pixels (`PixelSource`) where the layout placed it, inside the groups
/// of its modifiers (clip shape, shadow, opacity).
///
/// The list is laid out again only when the state (the `when` conditions) changes. From one frame to the
/// next the renderer draws again what changed: the rows and columns the effect changed, as its sequence
/// reports them, and what a change of state moved or redrew.
package struct ScreenPresentation<Base: FrameSequence>: FrameSequence, DamageReporting {
    package private(set) var base: Base
    package let screen: Screen
    package let fonts: FontFiles
    package let conditions: @Sendable (Int) -> ViewConditions
    package let pixelWidth: Int
    package let pixelHeight: Int
    /// The screen as laid out for the last state.
    private var state: (key: ViewConditions, list: DisplayList)?
    private var effect: PixelSource?
    private var renderer = ScreenRenderer()
    /// What the last `render` drew again.
    package var lastDamage: DamageRegion { renderer.damage }

    package init(
        _ base: Base, screen: Screen, fonts: FontFiles, conditions: @escaping @Sendable (Int) -> ViewConditions
    ) {
        self.base = base
        self.screen = screen
        self.fonts = fonts
        self.conditions = conditions
        let size = screen.pixelSize(scale: base.scale)
        pixelWidth = size.width
        pixelHeight = size.height
    }

    package var scale: Double { base.scale }
    package var fps: Double { base.fps }
    package var frameCount: Int { base.frameCount }
    package var summary: [(String, FrameMetadata)] { base.summary }

    package func metadata(frame index: Int) -> [(String, FrameMetadata)] { base.metadata(frame: index) }

    package func frame(_ index: Int, looksLike other: Int) -> Bool {
        base.frame(index, looksLike: other) && conditions(index) == conditions(other)
    }

    package mutating func render(frame index: Int) throws -> Pixmap {
        let key = conditions(index)
        if state?.key != key {
            state = (key, try ScreenLayout(screen, fonts: fonts, scale: scale, conditions: key).displayList)
        }
        let frame = try base.render(frame: index)
        let pixels: PixelSource
        if let effect {
            pixels = effect
            pixels.update(from: frame, damage: base.damageOfTheLastRender)
        } else {
            pixels = PixelSource(frame)
            effect = pixels
        }
        let list = DisplayList(ScreenPresentation.filling(state!.list.items, with: pixels.drawing))
        let drawn = try renderer.render(
            list, size: PixelSize(width: pixelWidth, height: pixelHeight), scale: scale, background: .clear)
        return drawn
    }

    /// `items` with every placeholder drawing `drawing` instead.
    private static func filling(_ items: [DisplayItem], with drawing: Drawing) -> [DisplayItem] {
        items.map { item in
            var item = item
            switch item.content {
            case .drawing(.placeholder):
                item.content = .drawing(drawing)
            case .drawing:
                break
            case .group(let effect, let inner, let mask):
                item.content = .group(effect, filling(inner, with: drawing), mask: filling(mask, with: drawing))
            case .transform(let transform, let inner):
                item.content = .transform(transform, filling(inner, with: drawing))
            }
            return item
        }
    }
}
