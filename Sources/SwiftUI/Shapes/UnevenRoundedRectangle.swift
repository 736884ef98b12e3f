import RevealCore
import RevealLayout
import RevealRaster
import RevealText

/// A rectangle with each corner rounded by its own radius (SwiftUI's `UnevenRoundedRectangle`).
nonisolated public struct UnevenRoundedRectangle: Shape {
    public var cornerRadii: RectangleCornerRadii
    public var style: RoundedCornerStyle

    public init(cornerRadii: RectangleCornerRadii, style: RoundedCornerStyle = .continuous) {
        self.cornerRadii = cornerRadii
        self.style = style
    }

    public init(
        topLeadingRadius: CGFloat = 0, bottomLeadingRadius: CGFloat = 0, bottomTrailingRadius: CGFloat = 0,
        topTrailingRadius: CGFloat = 0, style: RoundedCornerStyle = .continuous
    ) {
        self.init(
            cornerRadii: RectangleCornerRadii(
                topLeading: topLeadingRadius, bottomLeading: bottomLeadingRadius,
                bottomTrailing: bottomTrailingRadius, topTrailing: topTrailingRadius), style: style)
    }

    /// Each corner a quarter circle of its radius (as one cubic, like `Path(roundedRect:)`), the radii
    /// clamped to half the shorter side.
    public func path(in rect: CGRect) -> Path {
        let limit = min(rect.width, rect.height) / 2
        func r(_ v: CGFloat) -> CGFloat { max(0, min(v, limit)) }
        let tl = r(cornerRadii.topLeading)
        let tr = r(cornerRadii.topTrailing)
        let br = r(cornerRadii.bottomTrailing)
        let bl = r(cornerRadii.bottomLeading)
        let k: CGFloat = 0.552_284_749_8
        var path = Path()
        path.move(to: CGPoint(x: rect.minX + tl, y: rect.minY))
        path.addLine(to: CGPoint(x: rect.maxX - tr, y: rect.minY))
        path.addCurve(
            to: CGPoint(x: rect.maxX, y: rect.minY + tr), control1: CGPoint(x: rect.maxX - tr + k * tr, y: rect.minY),
            control2: CGPoint(x: rect.maxX, y: rect.minY + tr - k * tr))
        path.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY - br))
        path.addCurve(
            to: CGPoint(x: rect.maxX - br, y: rect.maxY), control1: CGPoint(x: rect.maxX, y: rect.maxY - br + k * br),
            control2: CGPoint(x: rect.maxX - br + k * br, y: rect.maxY))
        path.addLine(to: CGPoint(x: rect.minX + bl, y: rect.maxY))
        path.addCurve(
            to: CGPoint(x: rect.minX, y: rect.maxY - bl), control1: CGPoint(x: rect.minX + bl - k * bl, y: rect.maxY),
            control2: CGPoint(x: rect.minX, y: rect.maxY - bl + k * bl))
        path.addLine(to: CGPoint(x: rect.minX, y: rect.minY + tl))
        path.addCurve(
            to: CGPoint(x: rect.minX + tl, y: rect.minY), control1: CGPoint(x: rect.minX, y: rect.minY + tl - k * tl),
            control2: CGPoint(x: rect.minX + tl - k * tl, y: rect.minY))
        path.closeSubpath()
        return path
    }
}

/// The radius of each corner of a rectangle.
public struct RectangleCornerRadii: Hashable, Sendable {
    public var topLeading: CGFloat, bottomLeading: CGFloat, bottomTrailing: CGFloat, topTrailing: CGFloat
    public init(
        topLeading: CGFloat = 0, bottomLeading: CGFloat = 0, bottomTrailing: CGFloat = 0, topTrailing: CGFloat = 0
    ) {
        self.topLeading = topLeading
        self.bottomLeading = bottomLeading
        self.bottomTrailing = bottomTrailing
        self.topTrailing = topTrailing
    }
}
