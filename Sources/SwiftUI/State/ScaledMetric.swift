import Foundation

/// A Dynamic Type size, which says how large scalable content is, as SwiftUI's `DynamicTypeSize`: iOS's seven
/// text sizes and its five accessibility sizes, in order. The default is `.large`.
public enum DynamicTypeSize: Int, CaseIterable, Comparable, Hashable, Sendable {
    case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge
    case accessibility1, accessibility2, accessibility3, accessibility4, accessibility5

    /// Whether the size is one of the accessibility sizes (Settings › Accessibility › Larger Text).
    public var isAccessibilitySize: Bool { self >= .accessibility1 }

    public static func < (lhs: DynamicTypeSize, rhs: DynamicTypeSize) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The point size of `style` at this size: the Human Interface Guidelines' table "iOS, iPadOS Dynamic
    /// Type sizes" (Typography), one row per text style, one column per size from xSmall to AX5.
    func pointSize(of style: Font.TextStyle) -> Double {
        let row: [Double]
        switch style {
        case .largeTitle: row = [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60]
        case .title: row = [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58]
        case .title2: row = [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56]
        case .title3: row = [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55]
        case .headline, .body: row = [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
        case .callout: row = [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51]
        case .subheadline: row = [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49]
        case .footnote: row = [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44]
        case .caption: row = [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43]
        case .caption2: row = [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 40]
        }
        return row[rawValue]
    }
}

extension EnvironmentValues {
    /// The Dynamic Type size of the views inside (`dynamicTypeSize(_:)`; the script's default, `.large`).
    public var dynamicTypeSize: DynamicTypeSize {
        get { (custom[ObjectIdentifier(DynamicTypeSize.self)] as? DynamicTypeSize) ?? .large }
        set { custom[ObjectIdentifier(DynamicTypeSize.self)] = newValue }
    }
}

extension View {
    /// Sets the Dynamic Type size of the views inside, which `@ScaledMetric` values follow.
    nonisolated public func dynamicTypeSize(_ size: DynamicTypeSize) -> some View {
        environmentChange { $0.dynamicTypeSize = size }
    }

    /// Keeps the Dynamic Type size inside within `range`, as SwiftUI's `dynamicTypeSize(_:)` with a range.
    nonisolated public func dynamicTypeSize<T: RangeExpression>(_ range: T) -> some View
    where T.Bound == DynamicTypeSize {
        environmentChange { environment in
            let all = DynamicTypeSize.allCases.filter { range.contains($0) }
            guard let lowest = all.first, let highest = all.last else { return }
            environment.dynamicTypeSize = min(max(environment.dynamicTypeSize, lowest), highest)
        }
    }
}

/// A number that scales with the Dynamic Type size, as SwiftUI's `@ScaledMetric`: UIKit's
/// `UIFontMetrics.scaledValue(for:)`, the value times the ratio of its text style's point size at the
/// current size to its point size at `.large` (so at the default size it is the value itself).
@propertyWrapper public struct ScaledMetric<Value: BinaryFloatingPoint>: DynamicProperty {
    let base: Value
    let style: Font.TextStyle
    let cell = EnvironmentCell()

    /// A metric scaled as body text is.
    public init(wrappedValue: Value) { self.init(wrappedValue: wrappedValue, relativeTo: .body) }

    /// A metric scaled as text in `textStyle` is.
    public init(wrappedValue: Value, relativeTo textStyle: Font.TextStyle) {
        base = wrappedValue
        style = textStyle
    }

    /// The value at the Dynamic Type size where the view is.
    public var wrappedValue: Value {
        let size = cell.values.dynamicTypeSize
        return base * Value(size.pointSize(of: style) / DynamicTypeSize.large.pointSize(of: style))
    }
}

extension ScaledMetric: DynamicPropertyLink {
    func link(to node: GraphNode, slot index: Int) { cell.values = node.environment }
}
