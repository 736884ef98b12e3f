import RevealCore
import RevealDisplay
import RevealLayout
import RevealOutput
import RevealRaster
import RevealText

/// A whole screen around the effect, as the seed demos lay theirs out: `view` holds the effect once
/// (`ViewNode(.effect)`), and is laid out in `width`×`height` points less the safe area. The effect's
/// size is the layout's, so the scene's own `width` and `height` follow from it.
public struct Screen: Equatable, Sendable {
    /// The screen's width in points.
    public var width: Double
    /// The screen's height in points.
    public var height: Double
    /// Room the system keeps at the edges (status bar, home indicator); `.ignoresSafeArea()` is 0.
    public var safeArea: Insets
    /// The screen's view tree, which must hold the effect exactly once (`ViewNode(.effect)`).
    public var view: SceneContent
    /// Drawn over the whole screen, safe area included, under everything (default: white, the
    /// system background in light mode).
    public var background: SceneContent

    /// A `width`×`height`-point screen laying out `view` inside `safeArea` (default none) over
    /// `background` (default white).
    public init(
        width: Double, height: Double, safeArea: Insets = Insets(), view: SceneContent,
        background: SceneContent = .color(.white)
    ) {
        self.width = width
        self.height = height
        self.safeArea = safeArea
        self.view = view
        self.background = background
    }

    /// The safe area of a 393×852-point iPhone 15 Pro held upright (Apple's Human Interface
    /// Guidelines, Layout: 59 points at the top, 34 at the bottom).
    public static let phoneSafeArea = Insets(top: 59, bottom: 34)

    /// The frames' size in pixels.
    public func pixelSize(scale: Double) -> PixelSize {
        PixelSize(width: PixelSize.pixels(width * scale), height: PixelSize.pixels(height * scale))
    }

    package func validate(_ limits: SceneLimits, conditions: [String], at path: ScenePath) throws(SceneError) {
        let limit = SceneLimits.maxCoordinate
        try SceneRules.check(width, in: 1e-6...limit, "width", at: path.key("width"))
        try SceneRules.check(height, in: 1e-6...limit, "height", at: path.key("height"))
        let at = path.key("safeArea")
        for (name, value) in [
            ("top", safeArea.top), ("leading", safeArea.leading), ("bottom", safeArea.bottom),
            ("trailing", safeArea.trailing),
        ] {
            try SceneRules.check(value, in: 0...limit, name, at: at.key(name))
        }
        try background.view.validate(limits, at: path.key("background"), states: conditions)
        var rules = ViewRules(limits: limits, values: conditions, isScreen: true)
        try rules.check(view.view, at: path.key("view"))
        guard rules.effects == 1 else {
            throw SceneError(
                path.key("view"),
                "a screen holds the effect exactly once ({\"effect\": {}} in a file, SceneEffect() in Swift)")
        }
    }
}

extension ViewKind {
    /// The scene's own effect (the scratch card, the circle reveal) in its screen: a placeholder the
    /// presentation fills with the effect's frames, listed as "effect".
    package static let effect = ViewKind.placeholder(name: "effect")
}

/// A screen laid out in one state: what it draws, and where the effect is.
package struct ScreenLayout {
    package let root: LayoutNode
    /// What the laid-out screen draws, the effect a placeholder (`Drawing.placeholder`).
    package let displayList: DisplayList
    /// The effect's frame in screen points.
    package let effectFrame: Rect

    package init(_ screen: Screen, fonts: FontFiles, scale: Double, conditions: ViewConditions) throws(FontError) {
        var builder = ViewTreeBuilder(fonts: fonts, scale: scale, values: conditions)
        root = try builder.build(screen.view.view)
        ViewLayout.place(root, onScreen: Size(width: screen.width, height: screen.height), safeArea: screen.safeArea)
        var frame = Rect(x: 0, y: 0, width: 0, height: 0)
        root.visit { node, _ in
            if case .leaf(.placeholder) = node.role { frame = node.frame }
        }
        effectFrame = frame
        // The background, laid out over the whole screen, is drawn first: its items' identities stand apart
        // from the screen's.
        let background = try builder.build(screen.background.view)
        let pixels = screen.pixelSize(scale: scale)
        ViewLayout.place(
            background, in: Size(width: Double(pixels.width) / scale, height: Double(pixels.height) / scale))
        displayList = DisplayList(
            background.displayItems(identity: .root.child(0)) + root.displayItems(identity: .root.child(1)))
    }
}

extension RevealScene {
    /// The screen the frames show: the scene's own, or the one its card look stands for.
    public var presentation: Screen? {
        screen ?? card.screen(width: width, height: height, scale: scale)
    }

    /// The scene with its effect sized by its screen's layout (in the state before anything
    /// happens), or as it is without a screen.
    package func sizedByScreen() throws(SceneError) -> Self {
        guard let screen = presentation else { return self }
        let layout: ScreenLayout
        do {
            layout = try ScreenLayout(screen, fonts: fonts, scale: scale, conditions: [:])
        } catch {
            throw SceneError(file: "", path: "", message: error.description)
        }
        var scene = self
        scene.width = layout.effectFrame.width
        scene.height = layout.effectFrame.height
        let size = scene.pixelSize
        let frame = screen.pixelSize(scale: scale)
        let origin = DisplayRenderer(scale: scale).pixelRect(layout.effectFrame)
        scene.pixelOffset = Point(
            x: layout.effectFrame.x - Double(origin.x) / scale, y: layout.effectFrame.y - Double(origin.y) / scale)
        guard size.width >= 1, size.height >= 1 else {
            throw SceneError(
                file: "", path: "",
                message:
                    "the screen's layout gives the effect \(formatNumber(scene.width))×\(formatNumber(scene.height)) points, less than a pixel"
            )
        }
        guard origin.x >= 0, origin.y >= 0, origin.x + size.width <= frame.width, origin.y + size.height <= frame.height
        else {
            throw SceneError(
                file: "", path: "",
                message:
                    "the screen's layout puts the effect (\(size) pixels at \(origin.x), \(origin.y)) partly outside the \(frame) screen"
            )
        }
        return scene
    }
}
