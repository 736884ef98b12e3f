import Foundation
import RevealCore
import RevealDisplay
import RevealLayout
import RevealRaster
import RevealText

/// An SF Symbol by name, drawn from reveal-render's own outlines and sized from the font as SF Symbols are.
nonisolated public struct Image: _PrimitiveView, Sendable {
    /// A symbol's size relative to its font.
    public enum Scale: Hashable, Sendable {
        case small, medium, large
    }
    let systemName: String
    /// The image set of the app's asset catalog this image draws, when it is not a symbol.
    var assetName: String? = nil
    /// Whether the image fills the room it is offered (`resizable()`) instead of taking its font's size.
    var isResizable = false
    /// How a resizable asset image fills its room (`resizable(resizingMode:)`).
    var resizingMode = ResizingMode.stretch
    /// The rendering mode the symbol asks for itself (`symbolRenderingMode(_:)` on the image).
    var symbolMode: SymbolRenderingMode? = nil

    /// The symbol `systemName`; one reveal-render has no drawing for draws nothing (the article "Supported SwiftUI" lists ours).
    public init(systemName: String) { self.systemName = systemName }

    /// The image set `name` of the app's asset catalog (the `.xcassets` folder beside the files, or the one
    /// `--assets` names), at the screen's scale and in its appearance; a name no catalog holds draws nothing
    /// and takes no room, with a warning.
    public init(_ name: String, bundle: Bundle? = nil) {
        systemName = ""
        assetName = name
    }

    /// An image set with an accessibility label (the label is read as the image's).
    public init(_ name: String, bundle: Bundle? = nil, label: Text) { self.init(name, bundle: bundle) }

    /// An image set that VoiceOver passes over.
    public init(decorative name: String, bundle: Bundle? = nil) { self.init(name, bundle: bundle) }

    /// How a resizable image fills its room, as SwiftUI's `Image.ResizingMode`.
    public enum ResizingMode: Hashable, Sendable {
        case tile, stretch
    }

    /// How an image is colored, as SwiftUI's `Image.TemplateRenderingMode` (a symbol takes the foreground
    /// style either way here).
    public enum TemplateRenderingMode: Hashable, Sendable {
        case template, original
    }

    /// How an image is sampled when scaled, as SwiftUI's `Image.Interpolation` (symbols are outlines here).
    public enum Interpolation: Hashable, Sendable {
        case none, low, medium, high
    }

    /// The image filling the room it is offered instead of taking its font's size. A symbol keeps its
    /// proportions, centred in the room (SwiftUI stretches it to the room; with `scaledToFit()` or a square
    /// frame, as code most often asks, the two agree).
    public func resizable(capInsets: EdgeInsets = EdgeInsets(), resizingMode: ResizingMode = .stretch) -> Image {
        var image = self
        image.isResizable = true
        image.resizingMode = resizingMode
        return image
    }

    /// How the image is colored (accepted: a symbol takes the foreground style).
    public func renderingMode(_ renderingMode: TemplateRenderingMode?) -> Image { self }

    /// How the image is sampled when scaled (accepted: symbols are outlines).
    public func interpolation(_ interpolation: Interpolation) -> Image { self }

    /// Whether the image is antialiased when scaled (accepted: outlines are always drawn with exact areas).
    public func antialiased(_ isAntialiased: Bool) -> Image { self }
}

/// A title with an icon beside it, as SwiftUI's `Label`.
nonisolated public struct Label<Title: View, Icon: View>: _PrimitiveView {
    let title: Title
    let icon: Icon

    /// A label of the views the closures build.
    public init(@ViewBuilder title: () -> Title, @ViewBuilder icon: () -> Icon) {
        self.title = title()
        self.icon = icon()
    }
}

extension Label where Title == Text, Icon == Image {
    /// A label of a localized title and a symbol.
    public init(_ titleKey: LocalizedStringKey, systemImage name: String) {
        self.init(title: { Text(titleKey) }, icon: { Image(systemName: name) })
    }

    /// A label of a title and a symbol.
    @_disfavoredOverload public init<S: StringProtocol>(_ title: S, systemImage name: String) {
        self.init(title: { Text(title) }, icon: { Image(systemName: name) })
    }
}

/// A control that performs its action when a touch that went down on it lifts inside it, as SwiftUI's
/// `Button`.
nonisolated public struct Button<Label: View>: _PrimitiveView {
    let label: Label
    let role: ButtonRole?
    let action: @MainActor () -> Void

    /// A button showing the view `label` builds.
    public init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {
        self.init(role: nil, action: action, label: label)
    }

    /// A button of `role` showing the view `label` builds.
    public init(role: ButtonRole?, action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {
        self.label = label()
        self.role = role
        self.action = action
    }
}

/// What a button does, as SwiftUI's `ButtonRole`: a destructive button is drawn in the system red, where it
/// would be in the tint ("SwiftUI uses the role to style the button appropriately"); a cancel button as any.
public struct ButtonRole: Equatable, Sendable {
    let name: String
    /// Deletes data or does what cannot be undone.
    public static let destructive = ButtonRole(name: "destructive")
    /// Cancels the operation.
    public static let cancel = ButtonRole(name: "cancel")
}

extension Button where Label == Text {
    /// A button titled with a localized key.
    public init(_ titleKey: LocalizedStringKey, role: ButtonRole? = nil, action: @escaping @MainActor () -> Void) {
        self.init(role: role, action: action, label: { Text(titleKey) })
    }

    /// A button titled `title`.
    @_disfavoredOverload public init<S: StringProtocol>(
        _ title: S, role: ButtonRole? = nil, action: @escaping @MainActor () -> Void
    ) {
        self.init(role: role, action: action, label: { Text(title) })
    }
}

extension Button where Label == SwiftUI.Label<Text, Image> {
    /// A button with a localized title and a symbol.
    public init(
        _ titleKey: LocalizedStringKey, systemImage: String, role: ButtonRole? = nil,
        action: @escaping @MainActor () -> Void
    ) {
        self.init(role: role, action: action, label: { SwiftUI.Label(titleKey, systemImage: systemImage) })
    }

    /// A button with a title and a symbol.
    @_disfavoredOverload public init<S: StringProtocol>(
        _ title: S, systemImage: String, role: ButtonRole? = nil, action: @escaping @MainActor () -> Void
    ) {
        self.init(role: role, action: action, label: { SwiftUI.Label(title, systemImage: systemImage) })
    }
}

/// How buttons inside draw themselves.
@MainActor @preconcurrency public protocol PrimitiveButtonStyle {}

/// The platform's default button style: on iOS a borderless button, its title in the tint color.
nonisolated public struct DefaultButtonStyle: PrimitiveButtonStyle {
    public init() {}
}

/// A button on a tinted rounded rectangle, as iOS draws `.bordered`.
nonisolated public struct BorderedButtonStyle: PrimitiveButtonStyle {
    public init() {}
}

/// A button filled with the tint, its title white, as iOS draws `.borderedProminent`.
nonisolated public struct BorderedProminentButtonStyle: PrimitiveButtonStyle {
    public init() {}
}

/// A button that draws its label as it is, without the tint, as SwiftUI's `.plain`.
nonisolated public struct PlainButtonStyle: PrimitiveButtonStyle {
    public init() {}
}

/// A button with no border, its title in the tint color.
nonisolated public struct BorderlessButtonStyle: PrimitiveButtonStyle {
    public init() {}
}

extension PrimitiveButtonStyle where Self == DefaultButtonStyle {
    public static var automatic: DefaultButtonStyle { DefaultButtonStyle() }
}

extension PrimitiveButtonStyle where Self == BorderedButtonStyle {
    public static var bordered: BorderedButtonStyle { BorderedButtonStyle() }
}

extension PrimitiveButtonStyle where Self == BorderedProminentButtonStyle {
    public static var borderedProminent: BorderedProminentButtonStyle { BorderedProminentButtonStyle() }
}

extension PrimitiveButtonStyle where Self == PlainButtonStyle {
    public static var plain: PlainButtonStyle { PlainButtonStyle() }
}

extension PrimitiveButtonStyle where Self == BorderlessButtonStyle {
    public static var borderless: BorderlessButtonStyle { BorderlessButtonStyle() }
}

/// The outline of a bordered button, as SwiftUI's `ButtonBorderShape`.
nonisolated public struct ButtonBorderShape: Equatable, Sendable {
    enum Kind: Equatable, Sendable {
        case automatic, capsule, circle
        case roundedRectangle(Double?)
    }
    let kind: Kind
    /// The control size's rounded rectangle.
    public static let automatic = ButtonBorderShape(kind: .automatic)
    /// Ends rounded by half the button's height.
    public static let capsule = ButtonBorderShape(kind: .capsule)
    /// The largest circle in the button.
    public static let circle = ButtonBorderShape(kind: .circle)
    /// The control size's rounded rectangle.
    public static let roundedRectangle = ButtonBorderShape(kind: .roundedRectangle(nil))
    /// A rounded rectangle of `radius` points.
    public static func roundedRectangle(radius: CGFloat) -> ButtonBorderShape {
        ButtonBorderShape(kind: .roundedRectangle(Double(radius)))
    }

    /// The engine's shape; nil for the control size's own rounded rectangle.
    var engine: ShapeKind? {
        switch kind {
        case .automatic, .roundedRectangle(nil): return nil
        case .capsule: return .capsule
        case .circle: return .circle
        case .roundedRectangle(let radius?): return .roundedRectangle(radius: radius, style: .continuous)
        }
    }
}

/// The size class of controls inside.
public enum ControlSize: CaseIterable, Hashable, Sendable {
    case mini, small, regular, large, extraLarge
}

extension View {
    /// How buttons inside draw themselves.
    nonisolated public func buttonStyle<S: PrimitiveButtonStyle>(_ style: S) -> some View {
        let prominent = style is BorderedProminentButtonStyle
        let bordered = prominent || style is BorderedButtonStyle
        let plain = style is PlainButtonStyle
        return environmentChange {
            $0.buttonIsPlain = plain
            $0.buttonIsBordered = bordered
            $0.buttonIsProminent = prominent
        }
    }

    /// The outline bordered buttons inside draw (`.bordered`, `.borderedProminent`).
    nonisolated public func buttonBorderShape(_ shape: ButtonBorderShape) -> some View {
        environmentChange { $0.buttonBorderShape = shape }
    }

    /// The size of controls inside.
    nonisolated public func controlSize(_ controlSize: ControlSize) -> some View {
        environmentChange(.controlSize(controlSize.engine)) { $0.controlSize = controlSize }
    }
}

extension ControlSize {
    /// The engine's sizes; `.extraLarge` is drawn as `.large`.
    nonisolated var engine: ControlScale {
        switch self {
        case .mini: return .mini
        case .small: return .small
        case .regular: return .regular
        case .large, .extraLarge: return .large
        }
    }
}
