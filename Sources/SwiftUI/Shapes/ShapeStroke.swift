import RevealCore
import RevealLayout
import RevealRaster
import RevealText

extension Path {
    /// A path of `outline`.
    init(outline: PathOutline) { self.outline = outline }

    /// The area a pen of `style` covers along this path (SwiftUI's `strokedPath(_:)`), filled nonzero.
    public func strokedPath(_ style: StrokeStyle) -> Path { Path(outline: outline.stroked(style.engine)) }

    /// The part of this path from fraction `from` to `to` of its length (SwiftUI's `trimmedPath(from:to:)`).
    public func trimmedPath(from: CGFloat, to: CGFloat) -> Path {
        Path(outline: outline.trimmed(from: Double(from), to: Double(to)))
    }
}

extension StrokeStyle {
    nonisolated var engine: StrokeSpec {
        StrokeSpec(
            width: Double(lineWidth),
            cap: lineCap == .round ? .round : lineCap == .square ? .square : .butt,
            join: lineJoin == .round ? .round : lineJoin == .bevel ? .bevel : .miter,
            miterLimit: Double(miterLimit), dash: dash.map(Double.init), dashPhase: Double(dashPhase))
    }
}

/// A shape stroked: the area its outline's pen covers, itself a shape (SwiftUI's `_StrokedShape`).
nonisolated public struct _StrokedShape<Content: Shape>: Shape {
    public var shape: Content
    public var style: StrokeStyle
    public func path(in rect: CGRect) -> Path { shape.path(in: rect).strokedPath(style) }
    /// The shape's own data and the line width animate.
    public var animatableData: AnimatablePair<Content.AnimatableData, CGFloat> {
        get { AnimatablePair(shape.animatableData, style.lineWidth) }
        set {
            shape.animatableData = newValue.first
            style.lineWidth = newValue.second
        }
    }
}

/// The part of a shape's outline between two fractions of its length (SwiftUI's `_TrimmedShape`).
nonisolated public struct _TrimmedShape<Content: Shape>: Shape {
    public var shape: Content
    public var startFraction: CGFloat
    public var endFraction: CGFloat
    public func path(in rect: CGRect) -> Path {
        shape.path(in: rect).trimmedPath(from: startFraction, to: endFraction)
    }
    /// The fractions animate, and the shape's own data.
    public var animatableData: AnimatablePair<AnimatablePair<CGFloat, CGFloat>, Content.AnimatableData> {
        get { AnimatablePair(AnimatablePair(startFraction, endFraction), shape.animatableData) }
        set {
            startFraction = newValue.first.first
            endFraction = newValue.first.second
            shape.animatableData = newValue.second
        }
    }
}

/// A shape that can be inset, as SwiftUI's `InsettableShape`: what `strokeBorder` strokes inside its frame.
public protocol InsettableShape: Shape {
    associatedtype InsetShape: InsettableShape
    /// The shape inset by `amount` on every side.
    nonisolated func inset(by amount: CGFloat) -> InsetShape
}

/// A shape drawn in its frame inset by an amount: the same shape, in a smaller rectangle.
nonisolated public struct _Inset<Content: Shape>: InsettableShape {
    public var shape: Content
    public var amount: CGFloat
    public func path(in rect: CGRect) -> Path { shape.path(in: rect.insetBy(dx: amount, dy: amount)) }
    public func inset(by amount: CGFloat) -> _Inset<Content> { _Inset(shape: shape, amount: self.amount + amount) }
    public var animatableData: AnimatablePair<Content.AnimatableData, CGFloat> {
        get { AnimatablePair(shape.animatableData, amount) }
        set {
            shape.animatableData = newValue.first
            amount = newValue.second
        }
    }
}

extension Rectangle: InsettableShape {
    public func inset(by amount: CGFloat) -> _Inset<Rectangle> { _Inset(shape: self, amount: amount) }
}

extension Circle: InsettableShape {
    public func inset(by amount: CGFloat) -> _Inset<Circle> { _Inset(shape: self, amount: amount) }
}

extension Ellipse: InsettableShape {
    public func inset(by amount: CGFloat) -> _Inset<Ellipse> { _Inset(shape: self, amount: amount) }
}

extension Capsule: InsettableShape {
    public func inset(by amount: CGFloat) -> _Inset<Capsule> { _Inset(shape: self, amount: amount) }
}

extension RoundedRectangle: InsettableShape {
    /// Inset, the corners keep their centres: the radius shrinks by `amount` (SwiftUI's `RoundedRectangle._Inset`).
    public func inset(by amount: CGFloat) -> _Inset<RoundedRectangle> {
        var shape = self
        shape.cornerSize = CGSize(
            width: max(cornerSize.width - amount, 0), height: max(cornerSize.height - amount, 0))
        return _Inset(shape: shape, amount: amount)
    }
}

extension Shape {
    /// This shape's outline stroked with `content` in `style`.
    nonisolated public func stroke<S: ShapeStyle>(_ content: S, style: StrokeStyle, antialiased: Bool = true)
        -> some View
    {
        _StrokedShape(shape: self, style: style).fill(content)
    }

    /// This shape's outline stroked with `content`, `lineWidth` points wide.
    nonisolated public func stroke<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1, antialiased: Bool = true)
        -> some View
    {
        stroke(content, style: StrokeStyle(lineWidth: lineWidth))
    }

    /// The shape of this one's outline stroked in `style` (drawn with the foreground style).
    nonisolated public func stroke(style: StrokeStyle) -> _StrokedShape<Self> {
        _StrokedShape(shape: self, style: style)
    }

    /// The shape of this one's outline stroked `lineWidth` points wide.
    nonisolated public func stroke(lineWidth: CGFloat = 1) -> _StrokedShape<Self> {
        stroke(style: StrokeStyle(lineWidth: lineWidth))
    }

    /// The part of this shape's outline from fraction `from` to `to` of its length (SwiftUI: "Trims this
    /// shape by a fractional amount based on its representation as a path").
    nonisolated public func trim(from startFraction: CGFloat = 0, to endFraction: CGFloat = 1) -> _TrimmedShape<Self> {
        _TrimmedShape(shape: self, startFraction: startFraction, endFraction: endFraction)
    }

    /// This shape filled with the foreground style.
    nonisolated public func fill(style: FillStyle = FillStyle()) -> _ShapeView<Self> {
        _ShapeView(shape: self, fillStyle: style)
    }
}

extension InsettableShape {
    /// This shape's outline stroked with `content` in `style`, inside its frame (SwiftUI: "Returns a view
    /// that is the result of insetting self by style.lineWidth / 2, stroking the resulting shape with style").
    nonisolated public func strokeBorder<S: ShapeStyle>(_ content: S, style: StrokeStyle, antialiased: Bool = true)
        -> some View
    {
        inset(by: style.lineWidth / 2).stroke(content, style: style)
    }

    /// This shape's outline stroked with `content`, `lineWidth` points wide, inside its frame.
    nonisolated public func strokeBorder<S: ShapeStyle>(
        _ content: S, lineWidth: CGFloat = 1, antialiased: Bool = true
    ) -> some View {
        strokeBorder(content, style: StrokeStyle(lineWidth: lineWidth))
    }

    /// This shape's outline stroked in `style` inside its frame, with the foreground style.
    nonisolated public func strokeBorder(style: StrokeStyle, antialiased: Bool = true) -> some View {
        inset(by: style.lineWidth / 2).stroke(style: style)
    }

    /// This shape's outline stroked `lineWidth` points wide inside its frame, with the foreground style.
    nonisolated public func strokeBorder(lineWidth: CGFloat = 1, antialiased: Bool = true) -> some View {
        strokeBorder(style: StrokeStyle(lineWidth: lineWidth))
    }
}
