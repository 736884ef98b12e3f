@_exported import Foundation  // As SwiftUI does: CGFloat, CGPoint, CGSize, CGRect and hypot come with it.

/// A piece of user interface, as SwiftUI's `View`: a value whose `body` is made of other views.
///
/// Isolation is SwiftUI's: the protocol is `@MainActor @preconcurrency`, so a user's view is main-actor
/// isolated, while the built-in views are `nonisolated` structs that any `@ViewBuilder` can make.
@MainActor @preconcurrency public protocol View {
    /// The type of the view's content.
    associatedtype Body: View
    /// The view's content, evaluated again whenever state it reads changes.
    @ViewBuilder @MainActor @preconcurrency var body: Body { get }
}

extension Never: View {
    public typealias Body = Never
    /// Never evaluated: the built-in views have no body.
    public var body: Never { fatalError("Never has no body") }
}

/// A built-in view: the runtime lowers it onto the engine instead of asking for a body.
@MainActor @preconcurrency public protocol _PrimitiveView: View where Body == Never {}

extension _PrimitiveView {
    /// Never evaluated: the runtime lowers a primitive view itself.
    public var body: Never { fatalError("\(Self.self) is a primitive view and has no body") }
}

/// A view that shows nothing and takes no room.
nonisolated public struct EmptyView: _PrimitiveView {
    /// The empty view.
    public init() {}
}

/// The views of a `@ViewBuilder` block, in order.
nonisolated public struct TupleView<T>: _PrimitiveView {
    /// The views, as a tuple.
    public var value: T {
        didSet { views = nil }
    }
    /// The views of `value` in order when a `@ViewBuilder` made it; else they are found by reflection.
    var views: [any View]?
    /// Views of a block.
    public init(_ value: T) { self.value = value }
}

/// A `TupleView` of any tuple type, for code that lists its views.
protocol TupleViewProtocol {
    /// The views in order.
    var listedViews: [any View] { get }
}

extension TupleView: TupleViewProtocol {
    var listedViews: [any View] { views ?? Mirror(reflecting: value).children.compactMap { $0.value as? any View } }
}

extension Optional: View where Wrapped: View {
    public typealias Body = Never
    /// Never evaluated: an optional view is lowered as its value, or as nothing.
    public var body: Never { fatalError("Optional views have no body") }
}

/// The branch an `if`/`else` in a `@ViewBuilder` took; each branch has its own identity.
nonisolated public struct _ConditionalContent<TrueContent: View, FalseContent: View>: _PrimitiveView {
    enum Storage {
        case trueContent(TrueContent)
        case falseContent(FalseContent)
    }
    let storage: Storage
}

/// Builds views from a closure's statements, as SwiftUI's `ViewBuilder`.
@resultBuilder public struct ViewBuilder {
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<
        (repeat each Content)
    > {
        var tuple = TupleView((repeat each content))
        var views: [any View] = []
        for view in repeat each content { views.append(view) }
        tuple.views = views
        return tuple
    }
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    public static func buildEither<T: View, F: View>(first: T) -> _ConditionalContent<T, F> {
        _ConditionalContent(storage: .trueContent(first))
    }
    public static func buildEither<T: View, F: View>(second: F) -> _ConditionalContent<T, F> {
        _ConditionalContent(storage: .falseContent(second))
    }
    public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView { AnyView(content) }
}

/// A view of any type; its identity includes the type it holds, so a different type is a new view.
nonisolated public struct AnyView: _PrimitiveView {
    let storage: any View
    /// `view`, type-erased.
    public init<V: View>(_ view: V) { storage = view }
    /// `view`, type-erased.
    public init<V: View>(erasing view: V) { storage = view }
}

/// Views in a group: modifiers on the group apply to each, as SwiftUI's `Group`.
nonisolated public struct Group<Content: View>: _PrimitiveView {
    let content: Content
    /// The views the closure builds.
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
}
