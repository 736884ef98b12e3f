/// An app, as SwiftUI's `App`: a type marked `@main` whose `body` gives its scenes. `reveal-render swiftui`
/// renders the root view of its first window when no view is named.
@MainActor @preconcurrency public protocol App {
    associatedtype Body: Scene
    /// The app's scenes.
    @SceneBuilder var body: Body { get }
    init()
}

extension App {
    /// The app's entry point. The program `reveal-render swiftui` builds gives the `@main` type a `main` of its
    /// own, which plays the app's window; this one, reached only when the app is built some other way, says so.
    public static func main() {
        print("reveal-render: play this app with `reveal-render swiftui`, which renders its window's root view")
    }
}

/// A part of an app's user interface, as SwiftUI's `Scene`: a window group, or scenes built from others.
@MainActor @preconcurrency public protocol Scene {
    associatedtype Body: Scene
    /// What this scene is made of.
    @SceneBuilder var body: Body { get }
}

extension Never: Scene {}

/// A built-in scene: the player asks it for its window's root view instead of asking for a body.
@MainActor @preconcurrency public protocol _PrimitiveScene: Scene where Body == Never {}

extension _PrimitiveScene {
    /// Never evaluated: the player asks a primitive scene for its window instead.
    public var body: Never { fatalError("\(Self.self) is a primitive scene and has no body") }
}

/// A built-in scene's window: the root view of its first window, or nil when it has none.
protocol WindowRooted {
    @MainActor var windowRoot: AnyView? { get }
}

/// The root view of the first window among `scene` and the scenes it is made of, or nil when it has none.
@MainActor func firstWindowRoot(of scene: some Scene) -> AnyView? {
    if let primitive = scene as? any WindowRooted { return primitive.windowRoot }
    return firstWindowRoot(of: scene.body)
}

/// What `reveal-render swiftui` plays for an `@main` app: the root view of its first window (a `WindowGroup`'s
/// content), or an empty view when it has none.
// swift-format-ignore: AlwaysUseLowerCamelCase
@MainActor public func __revealAppRoot<A: App>(_ app: A) -> AnyView {
    firstWindowRoot(of: app.body) ?? AnyView(EmptyView())
}

/// A group of identical windows, as SwiftUI's `WindowGroup`: on an iPhone, one window showing `content`.
nonisolated public struct WindowGroup<Content: View>: _PrimitiveScene {
    let content: () -> Content

    /// A window group showing `content`.
    public init(@ViewBuilder content: @escaping () -> Content) { self.content = content }

    /// A window group with a title (shown by macOS, not by an iPhone) and `id`.
    public init(_ title: Text? = nil, id: String? = nil, @ViewBuilder content: @escaping () -> Content) {
        self.content = content
    }

    /// A window group with a localized title.
    public init(_ title: LocalizedStringKey, id: String? = nil, @ViewBuilder content: @escaping () -> Content) {
        self.content = content
    }

    /// A window group with a title.
    @_disfavoredOverload
    public init(_ title: some StringProtocol, id: String? = nil, @ViewBuilder content: @escaping () -> Content) {
        self.content = content
    }

    /// A window group with `id`.
    public init(id: String, @ViewBuilder content: @escaping () -> Content) { self.content = content }

}

/// Scenes listed one after another in a scene builder; the first window among them is the app's.
nonisolated public struct _TupleScene: _PrimitiveScene {
    let scenes: [any Scene]
}

/// A scene whose window's root view is changed by a view modifier (`environmentObject`, `onChange`, …).
nonisolated public struct _ModifiedScene<Base: Scene>: _PrimitiveScene {
    let base: Base
    let modify: (AnyView) -> AnyView

}

extension WindowGroup: @MainActor WindowRooted {
    @MainActor var windowRoot: AnyView? { AnyView(content()) }
}

extension _TupleScene: @MainActor WindowRooted {
    @MainActor var windowRoot: AnyView? {
        for scene in scenes {
            if let root = firstWindowRoot(of: scene) { return root }
        }
        return nil
    }
}

extension _ModifiedScene: @MainActor WindowRooted {
    @MainActor var windowRoot: AnyView? { firstWindowRoot(of: base).map(modify) }
}

/// Builds an app's scenes from the ones listed in its `body`.
@resultBuilder public enum SceneBuilder {
    /// One scene is itself.
    public static func buildBlock<S: Scene>(_ scene: S) -> S { scene }

    /// Several scenes, in order.
    public static func buildBlock(_ scenes: any Scene...) -> _TupleScene { _TupleScene(scenes: scenes) }

    /// A scene listed under an `if`: none when the condition is false.
    public static func buildOptional(_ scene: (any Scene)?) -> _TupleScene {
        _TupleScene(scenes: scene.map { [$0] } ?? [])
    }

    /// A scene chosen by `if`/`else`.
    public static func buildEither(first scene: any Scene) -> _TupleScene { _TupleScene(scenes: [scene]) }

    /// A scene chosen by `if`/`else`.
    public static func buildEither(second scene: any Scene) -> _TupleScene { _TupleScene(scenes: [scene]) }

    /// A scene under `#available`.
    public static func buildLimitedAvailability(_ scene: any Scene) -> _TupleScene { _TupleScene(scenes: [scene]) }
}

/// Where a scene is in its life, as SwiftUI's `ScenePhase`: a rendered app's scene is always active.
public enum ScenePhase: Comparable, Hashable, Sendable {
    case background, inactive, active
}

extension EnvironmentValues {
    /// The scene's phase: `.active` while it plays.
    public var scenePhase: ScenePhase {
        get { .active }
        set {}
    }
}

extension Scene {
    /// The window's views see `object` as an environment object.
    public func environmentObject<T: ObservableObject>(_ object: T) -> some Scene {
        _ModifiedScene(base: self) { AnyView($0.environmentObject(object)) }
    }

    /// The window's views see `value` at `keyPath` in their environment.
    public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some Scene {
        _ModifiedScene(base: self) { AnyView($0.environment(keyPath, value)) }
    }

    /// Runs `action` when `value` changes, as a view's `onChange(of:initial:_:)` does.
    public func onChange<V: Equatable>(
        of value: V, initial: Bool = false, _ action: @escaping @MainActor (_ oldValue: V, _ newValue: V) -> Void
    ) -> some Scene {
        _ModifiedScene(base: self) { AnyView($0.onChange(of: value, initial: initial, action)) }
    }

    /// Runs `action` when `value` changes, as a view's `onChange(of:initial:_:)` does.
    public func onChange<V: Equatable>(
        of value: V, initial: Bool = false, _ action: @escaping @MainActor () -> Void
    ) -> some Scene {
        _ModifiedScene(base: self) { AnyView($0.onChange(of: value, initial: initial, action)) }
    }
}
