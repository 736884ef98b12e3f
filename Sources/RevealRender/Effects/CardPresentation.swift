/// A drop shadow as SwiftUI's `.shadow(color:radius:x:y:)` draws it: the card's shape blurred with
/// standard deviation radius / 2, offset by (x, y) points. The defaults are SwiftUI's (and a scene
/// file's): black at a third, radius 10.
public struct Shadow: Equatable, Sendable {
    /// The shadow's color, opacity included (default black at 33%).
    public var color: RGBAColor
    /// The blur radius in points; the blur's standard deviation is half of it (default 10).
    public var radius: Double
    /// The horizontal offset in points, positive to the right (default 0).
    public var x: Double
    /// The vertical offset in points, positive downward (default 0).
    public var y: Double

    /// A shadow as `.shadow(color:radius:x:y:)` draws it; the defaults are SwiftUI's.
    public init(color: RGBAColor = RGBAColor.black.opacity(0.33), radius: Double = 10, x: Double = 0, y: Double = 0) {
        self.color = color
        self.radius = radius
        self.x = x
        self.y = y
    }
}

/// How a card's corners are rounded: Apple's continuous corner (SwiftUI's default for
/// `.rect(cornerRadius:)`), or plain quarter circles.
public enum CornerStyle: String, Equatable, Sendable, CaseIterable {
    /// Apple's continuous corner, whose curvature eases in from the straight edges (SwiftUI's default).
    case continuous
    /// A plain quarter circle of the corner radius, as `RoundedCornerStyle.circular`.
    case circular
}

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
        var effect = View(.effect, [.frame(FrameSpec(width: width, height: height))])
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
