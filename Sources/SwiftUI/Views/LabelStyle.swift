import RevealCore
import RevealLayout

/// How a `Label` draws its title and icon, as SwiftUI's `LabelStyle`: one of iOS's (`.titleAndIcon`, the
/// default; `.iconOnly`; `.titleOnly`) or a style of your own.
@MainActor @preconcurrency public protocol LabelStyle {
    associatedtype Body: View
    /// The view of a label with `configuration`'s title and icon.
    @ViewBuilder func makeBody(configuration: Configuration) -> Body
    typealias Configuration = LabelStyleConfiguration
}

/// What a `LabelStyle` builds a label from, as SwiftUI's `LabelStyleConfiguration`.
public struct LabelStyleConfiguration {
    /// The label's title, as a view.
    nonisolated public struct Title: _PrimitiveView {
        let content: AnyView
    }
    /// The label's icon, as a view.
    nonisolated public struct Icon: _PrimitiveView {
        let content: AnyView
    }
    public let title: Title
    public let icon: Icon
}

/// Which parts of a label iOS's own styles show.
enum LabelParts: Sendable {
    case both, icon, title
}

/// The platform's default: on iOS, the title after the icon.
nonisolated public struct DefaultLabelStyle: LabelStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View {
        HStack {
            configuration.icon
            configuration.title
        }
    }
}

/// The title after the icon.
nonisolated public struct TitleAndIconLabelStyle: LabelStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View {
        HStack {
            configuration.icon
            configuration.title
        }
    }
}

/// The icon alone (the title is still read by VoiceOver).
nonisolated public struct IconOnlyLabelStyle: LabelStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { configuration.icon }
}

/// The title alone.
nonisolated public struct TitleOnlyLabelStyle: LabelStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { configuration.title }
}

extension LabelStyle where Self == DefaultLabelStyle {
    public static var automatic: DefaultLabelStyle { DefaultLabelStyle() }
}
extension LabelStyle where Self == TitleAndIconLabelStyle {
    public static var titleAndIcon: TitleAndIconLabelStyle { TitleAndIconLabelStyle() }
}
extension LabelStyle where Self == IconOnlyLabelStyle {
    public static var iconOnly: IconOnlyLabelStyle { IconOnlyLabelStyle() }
}
extension LabelStyle where Self == TitleOnlyLabelStyle {
    public static var titleOnly: TitleOnlyLabelStyle { TitleOnlyLabelStyle() }
}

extension View {
    /// How labels inside draw themselves (SwiftUI's `labelStyle(_:)`).
    nonisolated public func labelStyle<S: LabelStyle>(_ style: S) -> some View {
        let parts: LabelParts? =
            style is IconOnlyLabelStyle
            ? .icon
            : style is TitleOnlyLabelStyle
                ? .title : (style is DefaultLabelStyle || style is TitleAndIconLabelStyle) ? .both : nil
        let custom: (any LabelStyle)? = parts == nil ? style : nil
        return environmentChange { environment in
            environment.labelParts = parts ?? .both
            environment.labelStyle = custom
        }
    }
}

extension LabelStyleConfiguration.Title: @MainActor Lowerable, ErasedContent {}

extension LabelStyleConfiguration.Icon: @MainActor Lowerable, ErasedContent {}
