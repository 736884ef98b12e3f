import RevealLayout

/// A frame of reference for geometry, as SwiftUI's `CoordinateSpace`: the screen, the view itself, or a view
/// named with `coordinateSpace(name:)` (a scroll view's own space is named by the system).
public enum CoordinateSpace: Hashable, @unchecked Sendable {
    case global, local
    case named(AnyHashable)

    /// Whether this is the screen's space.
    public var isGlobal: Bool { self == .global }
    /// Whether this is the view's own space.
    public var isLocal: Bool { self == .local }
}

/// A coordinate space to measure in, as SwiftUI's `CoordinateSpaceProtocol` (iOS 17): `.global`, `.local`,
/// `.named(_:)`, `.scrollView` and `.scrollView(axis:)`.
public protocol CoordinateSpaceProtocol {
    /// The space this value stands for.
    var coordinateSpace: CoordinateSpace { get }
}

/// The screen's coordinate space.
public struct GlobalCoordinateSpace: CoordinateSpaceProtocol {
    public init() {}
    public var coordinateSpace: CoordinateSpace { .global }
}

/// The view's own coordinate space.
public struct LocalCoordinateSpace: CoordinateSpaceProtocol {
    public init() {}
    public var coordinateSpace: CoordinateSpace { .local }
}

/// A coordinate space named by a view (`coordinateSpace(_:)`) or by the system (a scroll view's).
public struct NamedCoordinateSpace: CoordinateSpaceProtocol, Equatable {
    let name: AnyHashable
    public var coordinateSpace: CoordinateSpace { .named(name) }
}

extension CoordinateSpaceProtocol where Self == GlobalCoordinateSpace {
    /// The screen's coordinate space.
    public static var global: GlobalCoordinateSpace { GlobalCoordinateSpace() }
}

extension CoordinateSpaceProtocol where Self == LocalCoordinateSpace {
    /// The view's own coordinate space.
    public static var local: LocalCoordinateSpace { LocalCoordinateSpace() }
}

extension CoordinateSpaceProtocol where Self == NamedCoordinateSpace {
    /// The space a view named `name` with `coordinateSpace(_:)` or `coordinateSpace(name:)`.
    public static func named(_ name: some Hashable) -> NamedCoordinateSpace { NamedCoordinateSpace(name: name) }
    /// The innermost scroll view's space: its visible region, whose origin stays at the viewport's corner as
    /// the content scrolls.
    public static var scrollView: NamedCoordinateSpace { NamedCoordinateSpace(name: ScrollViewSpaceName(axis: nil)) }
    /// The space of the innermost scroll view that scrolls along `axis`.
    public static func scrollView(axis: Axis) -> NamedCoordinateSpace {
        NamedCoordinateSpace(name: ScrollViewSpaceName(axis: axis))
    }
}

extension View {
    /// Names this view's coordinate space, so views inside can measure their frames in it
    /// (`GeometryProxy.frame(in: .named(name))`).
    nonisolated public func coordinateSpace(name: some Hashable) -> some View {
        CoordinateSpaceView(content: self, name: AnyHashable(name))
    }

    /// Names this view's coordinate space (`coordinateSpace(.named(name))`, iOS 17).
    nonisolated public func coordinateSpace(_ name: NamedCoordinateSpace) -> some View {
        CoordinateSpaceView(content: self, name: name.name)
    }
}

/// A view whose coordinate space has a name.
nonisolated struct CoordinateSpaceView<Content: View>: _PrimitiveView {
    let content: Content
    let name: AnyHashable
}

extension CoordinateSpaceView: @MainActor Lowerable {
    @MainActor func lower(in graph: ViewGraph, path: String, _ environment: EnvironmentValues) -> [ViewNode] {
        graph.lowerInCoordinateSpace(AnyView(content), name: name, path: path, environment)
    }
}
