import RevealCore
import RevealRaster
import RevealText

/// One axis of an alignment, as SwiftUI's `HorizontalAlignment` or `VerticalAlignment` guide: each view
/// answers it with an offset from its leading (top) edge, and views aligned by it have those offsets
/// brought together. A view answers with a value it sets (`alignmentGuide`, a text's baselines, what its
/// children set) or else the guide's default for its size.
public struct AlignmentGuide: Equatable, Sendable {
    package enum Key: Hashable, Sendable {
        /// That fraction of the view's width (or height): `leading` 0, `center` 0.5, `trailing` 1.
        case fraction(Double)
        case firstTextBaseline
        case lastTextBaseline
        /// A guide of the front end's own (SwiftUI's `AlignmentID` types), by a name unique to it.
        case custom(String)
    }

    package let key: Key
    private let defaultFunction: SharedFunction<GuideDimensions, Double>?

    private init(_ key: Key, default function: SharedFunction<GuideDimensions, Double>? = nil) {
        self.key = key
        defaultFunction = function
    }

    /// `fraction` of the view's length on the guide's axis: 0 leading (top), 0.5 center, 1 trailing (bottom).
    public static func fraction(_ fraction: Double) -> AlignmentGuide { AlignmentGuide(.fraction(fraction)) }

    /// The baseline of a view's first line of text; a view without text answers its bottom edge
    /// (SwiftUI's `VerticalAlignment.firstTextBaseline`).
    public static let firstTextBaseline = AlignmentGuide(.firstTextBaseline)

    /// The baseline of a view's last line of text; a view without text answers its bottom edge.
    public static let lastTextBaseline = AlignmentGuide(.lastTextBaseline)

    /// A guide named `name` (unique among the front end's guides, axis included) whose value in a view that
    /// sets none is `defaultValue` of its dimensions, as SwiftUI's `AlignmentID.defaultValue(in:)`.
    public static func custom(_ name: String, defaultValue: @escaping @Sendable (GuideDimensions) -> Double)
        -> AlignmentGuide
    {
        AlignmentGuide(.custom(name), default: SharedFunction(defaultValue))
    }

    /// The fraction of a `fraction` guide; nil for the others.
    public var fraction: Double? {
        if case .fraction(let f) = key { return f }
        return nil
    }

    /// The guide's value in a view of `length` points along its axis that sets none.
    package func defaultValue(_ dimensions: GuideDimensions, length: Double) -> Double {
        switch key {
        case .fraction(let f): return f * length
        // SwiftUI: a view without text aligns its bottom edge with a text baseline.
        case .firstTextBaseline, .lastTextBaseline: return dimensions.height
        case .custom: return defaultFunction?.call(dimensions) ?? 0
        }
    }

    /// Merges the values children set into their container's, as SwiftUI's `combineExplicit(_:)` documents:
    /// "the mean of all non-nil values"; `firstTextBaseline` "returns the minimum value", `lastTextBaseline`
    /// "the maximum value".
    package func combine(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        switch key {
        case .firstTextBaseline: return values.min()
        case .lastTextBaseline: return values.max()
        default: return values.reduce(0, +) / Double(values.count)
        }
    }

    /// Guides are the same guide when their keys are: a custom guide's default goes with its name.
    public static func == (a: AlignmentGuide, b: AlignmentGuide) -> Bool { a.key == b.key }
}

/// A view's size and the guide values it sets, as SwiftUI's `ViewDimensions`: what a guide's value is
/// computed from.
public struct GuideDimensions {
    /// The view's size in points.
    public let width: Double, height: Double
    package let explicit: (AlignmentGuide, _ horizontal: Bool) -> Double?

    /// The value the view sets for `guide` on its axis (`horizontal` or vertical), else the guide's default.
    public func value(_ guide: AlignmentGuide, horizontal: Bool) -> Double {
        explicitValue(guide, horizontal: horizontal)
            ?? guide.defaultValue(self, length: horizontal ? width : height)
    }

    /// The value the view sets for `guide`, nil where it sets none.
    public func explicitValue(_ guide: AlignmentGuide, horizontal: Bool) -> Double? { explicit(guide, horizontal) }
}

/// A guide value set on a view (`alignmentGuide`): the guide, its axis, and the value from the view's
/// dimensions. Equal when it is the same function, as for a reader's content.
public struct GuideSetting: Equatable, Sendable {
    /// The guide set.
    public let guide: AlignmentGuide
    /// Whether the guide is horizontal (a `HorizontalAlignment`) rather than vertical.
    public let horizontal: Bool
    package let value: SharedFunction<GuideDimensions, Double>

    /// Sets `guide` on the `horizontal` (else vertical) axis to `value` of the view's dimensions.
    public init(
        _ guide: AlignmentGuide, horizontal: Bool, value: @escaping @Sendable (GuideDimensions) -> Double
    ) {
        self.guide = guide
        self.horizontal = horizontal
        self.value = SharedFunction(value)
    }
}
