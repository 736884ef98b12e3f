import RevealCore
import RevealLayout
import RevealRaster
import RevealText

/// How a view's colors combine with what is beneath it (SwiftUI's `BlendMode`); the engine names the rules.
public enum BlendMode: Sendable, Hashable, CaseIterable {
    case normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight, hardLight
    case difference, exclusion, hue, saturation, color, luminosity
    case sourceAtop, destinationOver, destinationOut, plusDarker, plusLighter

    nonisolated var engine: BlendOperation {
        switch self {
        case .normal: return .normal
        case .multiply: return .multiply
        case .screen: return .screen
        case .overlay: return .overlay
        case .darken: return .darken
        case .lighten: return .lighten
        case .colorDodge: return .colorDodge
        case .colorBurn: return .colorBurn
        case .softLight: return .softLight
        case .hardLight: return .hardLight
        case .difference: return .difference
        case .exclusion: return .exclusion
        case .hue: return .hue
        case .saturation: return .saturation
        case .color: return .color
        case .luminosity: return .luminosity
        case .sourceAtop: return .sourceAtop
        case .destinationOver: return .destinationOver
        case .destinationOut: return .destinationOut
        case .plusDarker: return .plusDarker
        case .plusLighter: return .plusLighter
        }
    }
}

/// A color effect on a view's pixels, by its amount; each animates.
enum ColorEffect {
    case brightness(Double)
    case contrast(Double)
    case saturation(Double)
    case grayscale(Double)
    case hueRotation(Angle)
    case multiply(Color)

    /// The amount, animated under `key`, as the engine's matrix (a color as drawn in `scheme`).
    @MainActor func matrix(in graph: ViewGraph, key: String, scheme: ColorScheme) -> ColorMatrix {
        func present(_ value: Double, _ name: String) -> Double {
            graph.present(value.finite(or: 0), key: key + "/" + name)
        }
        switch self {
        case .brightness(let amount): return .brightness(present(amount, "brightness"))
        case .contrast(let amount): return .contrast(present(amount, "contrast"))
        case .saturation(let amount): return .saturation(present(amount, "saturation"))
        case .grayscale(let amount): return .grayscale(present(amount, "grayscale"))
        case .hueRotation(let angle): return .hueRotation(present(angle.radians, "hueRotation"))
        case .multiply(let color):
            let c = color.resolved(scheme).value
            return .multiply(
                RGBAColor(
                    red: present(c.red, "multiplyRed"), green: present(c.green, "multiplyGreen"),
                    blue: present(c.blue, "multiplyBlue"), alpha: present(c.alpha, "multiplyAlpha")))
        }
    }
}

extension View {
    /// The view, drawn as a group, combined with what is beneath it in `blendMode`.
    nonisolated public func blendMode(_ blendMode: BlendMode) -> some View { builtin(.blendMode(blendMode)) }

    /// Adds `amount` to each color channel of the view (0 no change, 1 white; below 0 darker).
    nonisolated public func brightness(_ amount: Double) -> some View { builtin(.colorEffect(.brightness(amount))) }

    /// Scales the view's colors' distance from mid-gray (1 no change, 0 gray, below 0 inverted).
    nonisolated public func contrast(_ amount: Double) -> some View { builtin(.colorEffect(.contrast(amount))) }

    /// The view's colors more or less vivid (1 no change, 0 gray).
    nonisolated public func saturation(_ amount: Double) -> some View { builtin(.colorEffect(.saturation(amount))) }

    /// The view's colors toward gray (0 no change, 1 all gray).
    nonisolated public func grayscale(_ amount: Double) -> some View { builtin(.colorEffect(.grayscale(amount))) }

    /// The view's hues turned by `angle`, their luminance kept.
    nonisolated public func hueRotation(_ angle: Angle) -> some View { builtin(.colorEffect(.hueRotation(angle))) }

    /// Each of the view's channels, alpha too, multiplied by `color`'s.
    nonisolated public func colorMultiply(_ color: Color) -> some View { builtin(.colorEffect(.multiply(color))) }
}

/// Why a view's content is hidden behind placeholders (SwiftUI's `RedactionReasons`).
public struct RedactionReasons: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Content not loaded yet: text and images inside are drawn as placeholder bars.
    public static let placeholder = RedactionReasons(rawValue: 1)
    /// Private content: hides only views marked privacy sensitive (none here), so it draws no placeholders.
    public static let privacy = RedactionReasons(rawValue: 2)
    /// Content out of date (widgets); it draws no placeholders.
    public static let invalidated = RedactionReasons(rawValue: 4)
}

extension View {
    /// Adds `reason` to the view's redaction reasons; with `.placeholder`, its text and symbols are drawn
    /// as placeholder bars in a faint foreground, shapes and colors as they are.
    nonisolated public func redacted(reason: RedactionReasons) -> some View {
        environmentChange(reason.contains(.placeholder) ? .redacted(true) : nil) {
            $0.redactionReasons.formUnion(reason)
        }
    }

    /// Clears the view's redaction reasons: its content is drawn as it is inside a redacted view.
    nonisolated public func unredacted() -> some View {
        environmentChange(.redacted(false)) { $0.redactionReasons = [] }
    }
}
