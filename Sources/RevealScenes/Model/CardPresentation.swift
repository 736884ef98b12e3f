import RevealCore
import RevealLayout
import RevealOutput
import RevealRaster
import RevealText

/// How the rendered view sits on a page, as the seed demos present it: clipped to a rounded
/// rectangle (`.clipShape(.rect(cornerRadius:))`), with a shadow, inside some padding on a canvas. A
/// scene's card-look fields, together.
public struct CardStyle: Equatable, Sendable {
    /// Corner radius in points (0: square corners).
    public var cornerRadius: Double
    /// How the corners are rounded (default continuous).
    public var cornerStyle: CornerStyle
    /// The card's drop shadow; nil (the default) draws none.
    public var shadow: Shadow?
    /// Room around the view on every side, in points (rounded to whole pixels).
    public var padding: Double
    /// The page behind the card and its shadow.
    public var canvas: Paint

    /// A card look; the defaults are plain (square corners, no shadow, no padding, a clear canvas).
    public init(
        cornerRadius: Double = 0, cornerStyle: CornerStyle = .continuous, shadow: Shadow? = nil,
        padding: Double = 0, canvas: Paint = .color(.clear)
    ) {
        self.cornerRadius = cornerRadius
        self.cornerStyle = cornerStyle
        self.shadow = shadow
        self.padding = padding
        self.canvas = canvas
    }

    /// No clipping, shadow or padding: frames are the view itself.
    public var isPlain: Bool { cornerRadius == 0 && shadow == nil && padding == 0 }

    /// The padding in whole pixels at `scale`.
    public func paddingPixels(scale: Double) -> Int { PixelSize.pixels(padding * scale) }
}

extension CardStyle {
    /// The card look as the screen it stands for: the effect sized `width`×`height` points, clipped
    /// to the rounded rectangle, with the shadow, inside the padding (whole pixels), on the canvas —
    /// `.frame(width:height:).clipShape(…).shadow(…).padding(…)` over the canvas. Nil when plain.
    public func screen(width: Double, height: Double, scale: Double) -> Screen? {
        guard !isPlain else { return nil }
        let pad = Double(paddingPixels(scale: scale)) / scale
        var effect = ViewNode(.effect, [.frame(FrameSpec(width: width, height: height))])
        if cornerRadius > 0 {
            effect.modifiers.append(.clipShape(.roundedRectangle(radius: cornerRadius, style: cornerStyle)))
        }
        if let shadow { effect.modifiers.append(.shadow(shadow)) }
        effect.modifiers.append(.padding(.all(pad)))
        let pixels = PixelSize(width: PixelSize.pixels(width * scale), height: PixelSize.pixels(height * scale))
        return Screen(
            width: Double(pixels.width) / scale + 2 * pad, height: Double(pixels.height) / scale + 2 * pad,
            view: SceneContent(effect), background: .paint(canvas))
    }
}
