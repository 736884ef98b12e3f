import RevealCore

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
