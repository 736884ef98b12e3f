import RevealCore
import RevealLayout
import RevealRaster
import RevealText

/// A geometric angle, as SwiftUI's `Angle`: stored in radians; positive turns clockwise on the screen.
public struct Angle: Hashable, Comparable, Sendable, Animatable {
    public var radians: Double
    public var degrees: Double {
        get { radians * 180 / .pi }
        set { radians = newValue * .pi / 180 }
    }
    public init() { radians = 0 }
    public init(radians: Double) { self.radians = radians }
    public init(degrees: Double) { radians = degrees * .pi / 180 }
    public static func radians(_ radians: Double) -> Angle { Angle(radians: radians) }
    public static func degrees(_ degrees: Double) -> Angle { Angle(degrees: degrees) }
    public static let zero = Angle()
    /// The angle animates by its radians.
    public var animatableData: Double {
        get { radians }
        set { radians = newValue }
    }
    public static func < (lhs: Angle, rhs: Angle) -> Bool { lhs.radians < rhs.radians }
    public static func + (lhs: Angle, rhs: Angle) -> Angle { Angle(radians: lhs.radians + rhs.radians) }
    public static func - (lhs: Angle, rhs: Angle) -> Angle { Angle(radians: lhs.radians - rhs.radians) }
    public static prefix func - (angle: Angle) -> Angle { Angle(radians: -angle.radians) }
    public static func * (lhs: Angle, rhs: Double) -> Angle { Angle(radians: lhs.radians * rhs) }
    public static func / (lhs: Angle, rhs: Double) -> Angle { Angle(radians: lhs.radians / rhs) }
}

extension View {
    /// Draws the view turned by `angle` about `anchor` (SwiftUI: "Rotates a view's rendered output in two
    /// dimensions around the specified point"); its layout does not change.
    nonisolated public func rotationEffect(_ angle: Angle, anchor: UnitPoint = .center) -> some View {
        builtin(.transform(rotation: angle, scale: CGSize(width: 1, height: 1), anchor: anchor, move: .zero))
    }

    /// Draws the view scaled by `scale` about `anchor` ("Scales this view's rendered output by the given
    /// amount in both the horizontal and vertical directions, relative to an anchor point").
    nonisolated public func scaleEffect(_ scale: CGFloat, anchor: UnitPoint = .center) -> some View {
        scaleEffect(CGSize(width: scale, height: scale), anchor: anchor)
    }

    /// Draws the view scaled by `scale`'s width and height about `anchor`.
    nonisolated public func scaleEffect(_ scale: CGSize, anchor: UnitPoint = .center) -> some View {
        builtin(.transform(rotation: .zero, scale: scale, anchor: anchor, move: .zero))
    }

    /// Draws the view scaled by `x` horizontally and `y` vertically about `anchor`.
    nonisolated public func scaleEffect(x: CGFloat = 1, y: CGFloat = 1, anchor: UnitPoint = .center) -> some View {
        scaleEffect(CGSize(width: x, height: y), anchor: anchor)
    }

    /// Draws the view turned by `angle` about `axis` through `anchor` (at depth `anchorZ`) and projected back
    /// onto its plane, the eye its larger side over `perspective` away (SwiftUI: "Renders a view's content as
    /// if it's rotated in three dimensions around the specified axis"); its layout does not change.
    nonisolated public func rotation3DEffect(
        _ angle: Angle, axis: (x: CGFloat, y: CGFloat, z: CGFloat), anchor: UnitPoint = .center, anchorZ: CGFloat = 0,
        perspective: CGFloat = 1
    ) -> some View {
        builtin(.rotation3D(angle, axis: axis, anchor: anchor, anchorZ: anchorZ, perspective: perspective))
    }
}

extension View {
    /// Draws the view moved by `fraction` of its own width and height (a move transition's offset).
    nonisolated func moved(by fraction: CGSize) -> some View {
        builtin(.transform(rotation: .zero, scale: CGSize(width: 1, height: 1), anchor: .center, move: fraction))
    }
}
