import RevealCore
import RevealLayout
import RevealRaster
import RevealText

/// How a symbol's layers take the foreground style, as SwiftUI's `SymbolRenderingMode`. Hierarchical and
/// palette draw an enclosed symbol (`xmark.circle.fill`) in two layers: the enclosure in the secondary
/// style, the glyph in the primary one. Multicolor draws as monochrome: our symbols have no colors of their own.
public struct SymbolRenderingMode: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
        case monochrome, multicolor, hierarchical, palette
    }
    let kind: Kind

    /// One layer in the foreground style.
    public static let monochrome = SymbolRenderingMode(kind: .monochrome)
    /// The symbol's own colors (drawn as monochrome here).
    public static let multicolor = SymbolRenderingMode(kind: .multicolor)
    /// The layers in the foreground style's levels: the first in the style, the second in its secondary level.
    public static let hierarchical = SymbolRenderingMode(kind: .hierarchical)
    /// The layers in the styles `foregroundStyle(_:_:)` gives, in order.
    public static let palette = SymbolRenderingMode(kind: .palette)
}

/// The variant of a symbol that images inside take, as SwiftUI's `SymbolVariants`: an enclosing shape, a
/// slash and a fill, alone or together (`.circle.fill`). An image takes the variant when a symbol of that
/// name exists, and its own name otherwise.
public struct SymbolVariants: Hashable, Sendable {
    /// The enclosing shape's name part (`circle`, `square`, `rectangle`), if any.
    var shape: String?
    var hasSlash = false
    var isFilled = false

    /// No variant: the symbol as named.
    public static let none = SymbolVariants()
    /// In a circle.
    public static let circle = SymbolVariants(shape: "circle")
    /// In a square.
    public static let square = SymbolVariants(shape: "square")
    /// In a rectangle.
    public static let rectangle = SymbolVariants(shape: "rectangle")
    /// Filled.
    public static let fill = SymbolVariants(isFilled: true)
    /// Struck through with a slash.
    public static let slash = SymbolVariants(hasSlash: true)

    /// This variant in a circle.
    public var circle: SymbolVariants { with { $0.shape = "circle" } }
    /// This variant in a square.
    public var square: SymbolVariants { with { $0.shape = "square" } }
    /// This variant in a rectangle.
    public var rectangle: SymbolVariants { with { $0.shape = "rectangle" } }
    /// This variant filled.
    public var fill: SymbolVariants { with { $0.isFilled = true } }
    /// This variant with a slash.
    public var slash: SymbolVariants { with { $0.hasSlash = true } }

    /// Whether this variant has every part of `other`.
    public func contains(_ other: SymbolVariants) -> Bool {
        (other.shape == nil || other.shape == shape) && (!other.hasSlash || hasSlash) && (!other.isFilled || isFilled)
    }

    private func with(_ change: (inout SymbolVariants) -> Void) -> SymbolVariants {
        var copy = self
        change(&copy)
        return copy
    }

    /// The symbol name `name` takes in this variant: SF Symbols' order puts the slash, then the enclosure,
    /// then the fill after the base (`bell.slash.circle.fill`). Parts the name already has are kept; when no
    /// symbol has the full name, the parts are dropped fill last (`heart.square` for `heart` in `.square.fill`
    /// if only that exists), down to the name itself.
    func name(for name: String, exists: (String) -> Bool) -> String {
        guard self != .none else { return name }
        var words = name.split(separator: ".").map(String.init)
        let hadFill = words.last == "fill"
        if hadFill { words.removeLast() }
        let shapes: Set<String> = ["circle", "square", "rectangle"]
        let ownShape = words.count > 1 && shapes.contains(words[words.count - 1]) ? words.removeLast() : nil
        let ownSlash = words.count > 1 && words.last == "slash"
        if ownSlash { words.removeLast() }
        let base = words.joined(separator: ".")
        let slashes = hasSlash || ownSlash
        let enclosure = shape ?? ownShape
        let filled = isFilled || hadFill
        var candidates: [String] = []
        for (s, e, f) in [
            (slashes, enclosure, filled), (slashes, enclosure, hadFill), (slashes, ownShape, filled),
            (ownSlash, enclosure, filled), (ownSlash, ownShape, filled),
        ] {
            candidates.append(
                ([base] + (s ? ["slash"] : []) + (e.map { [$0] } ?? []) + (f ? ["fill"] : [])).joined(separator: "."))
        }
        return candidates.first(where: exists) ?? name
    }
}

extension EnvironmentValues {
    /// The rendering mode of symbols inside (`symbolRenderingMode(_:)`); nil: monochrome.
    public var symbolRenderingMode: SymbolRenderingMode? {
        get { symbolRendering }
        set { symbolRendering = newValue }
    }

    /// The variant symbols inside take (`symbolVariant(_:)`).
    public var symbolVariants: SymbolVariants {
        get { symbolVariant }
        set { symbolVariant = newValue }
    }
}

extension View {
    /// Symbols inside drawn in `mode` (nil: as the environment says).
    nonisolated public func symbolRenderingMode(_ mode: SymbolRenderingMode?) -> some View {
        environmentChange { if let mode { $0.symbolRenderingMode = mode } }
    }

    /// Symbols inside in `variant`, added to the variant around (`.symbolVariant(.circle)` inside
    /// `.symbolVariant(.fill)` draws `….circle.fill`).
    nonisolated public func symbolVariant(_ variant: SymbolVariants) -> some View {
        environmentChange { environment in
            var merged = environment.symbolVariants
            if let shape = variant.shape { merged.shape = shape }
            merged.hasSlash = merged.hasSlash || variant.hasSlash
            merged.isFilled = merged.isFilled || variant.isFilled
            if variant == .none { merged = .none }
            environment.symbolVariants = merged
        }
    }

    /// Symbols' layers in `primary` then `secondary`, as the palette and hierarchical rendering modes draw
    /// them; text and shapes take `primary`.
    nonisolated public func foregroundStyle<S1: ShapeStyle, S2: ShapeStyle>(_ primary: S1, _ secondary: S2)
        -> some View
    {
        foregroundStyle(primary).environmentChange { $0.secondaryForegroundStyle = secondary }
    }

    /// Symbols' layers in `primary`, `secondary` and `tertiary` (our symbols have at most two layers).
    nonisolated public func foregroundStyle<S1: ShapeStyle, S2: ShapeStyle, S3: ShapeStyle>(
        _ primary: S1, _ secondary: S2, _ tertiary: S3
    ) -> some View {
        foregroundStyle(primary, secondary)
    }
}

extension Image {
    /// This image's symbol drawn in `mode`.
    public func symbolRenderingMode(_ mode: SymbolRenderingMode?) -> Image {
        var image = self
        image.symbolMode = mode
        return image
    }

    /// The paint of a symbol's enclosure layer in `environment`, or nil when it draws in one layer: the
    /// palette's second style, else the secondary level of the foreground (SwiftUI: "If you only specify a
    /// primary foreground style, SwiftUI automatically derives the others from that style").
    nonisolated func enclosurePaint(in environment: EnvironmentValues) -> Paint? {
        let mode = symbolMode ?? environment.symbolRenderingMode ?? .monochrome
        switch mode.kind {
        case .monochrome, .multicolor:
            return nil
        case .palette:
            if let secondary = environment.secondaryForegroundStyle { return secondary.resolved(in: environment).paint }
            return HierarchicalShapeStyle.secondary.resolved(in: environment).paint
        case .hierarchical:
            return HierarchicalShapeStyle.secondary.resolved(in: environment).paint
        }
    }
}

/// A symbol effect, as SwiftUI's `SymbolEffect`: accepted, and drawn without its motion (the symbol at rest).
public protocol SymbolEffect: Sendable {}
/// An effect that runs while it is active (`symbolEffect(_:options:isActive:)`).
public protocol IndefiniteSymbolEffect {}
/// An effect that runs once each time a value changes (`symbolEffect(_:options:value:)`).
public protocol DiscreteSymbolEffect {}
/// An effect that shows or hides a symbol (`transition(.symbolEffect(…))`).
public protocol TransitionSymbolEffect {}
/// An effect that replaces one symbol with another (`contentTransition(.symbolEffect(.replace))`).
public protocol ContentTransitionSymbolEffect {}

/// The options of a symbol effect: how often it repeats and how fast it runs (accepted; the symbol is drawn at rest).
public struct SymbolEffectOptions: Sendable {
    /// The default options.
    public static let `default` = SymbolEffectOptions()
    /// Repeating.
    public static let repeating = SymbolEffectOptions()
    /// Not repeating.
    public static let nonRepeating = SymbolEffectOptions()
    /// Repeating `count` times.
    public static func `repeat`(_ count: Int) -> SymbolEffectOptions { SymbolEffectOptions() }
    /// At `speed` times the normal speed.
    public static func speed(_ speed: Double) -> SymbolEffectOptions { SymbolEffectOptions() }
    /// These options, repeating `count` times.
    public func `repeat`(_ count: Int) -> SymbolEffectOptions { self }
    /// These options at `speed`.
    public func speed(_ speed: Double) -> SymbolEffectOptions { self }
}

/// SwiftUI's symbol effects, each with its directions and scopes (`.bounce.up.byLayer`): one type serves
/// them all, as none of them moves the symbol here.
public struct AnySymbolEffectKind: SymbolEffect, IndefiniteSymbolEffect, DiscreteSymbolEffect, TransitionSymbolEffect,
    ContentTransitionSymbolEffect, Hashable
{
    let name: String
    /// Upwards.
    public var up: AnySymbolEffectKind { self }
    /// Downwards.
    public var down: AnySymbolEffectKind { self }
    /// Layer by layer.
    public var byLayer: AnySymbolEffectKind { self }
    /// The whole symbol at once.
    public var wholeSymbol: AnySymbolEffectKind { self }
    /// Cumulatively (variable color).
    public var cumulative: AnySymbolEffectKind { self }
    /// Iteratively (variable color).
    public var iterative: AnySymbolEffectKind { self }
    /// Reversing (variable color).
    public var reversing: AnySymbolEffectKind { self }
    /// Off, then on (replace).
    public var offUp: AnySymbolEffectKind { self }
    /// Down, then up (replace).
    public var downUp: AnySymbolEffectKind { self }
    /// Up, then up (replace).
    public var upUp: AnySymbolEffectKind { self }
    /// Clockwise (rotate).
    public var clockwise: AnySymbolEffectKind { self }
    /// Counterclockwise (rotate).
    public var counterClockwise: AnySymbolEffectKind { self }
}

extension SymbolEffect where Self == AnySymbolEffectKind {
    /// A bounce.
    public static var bounce: AnySymbolEffectKind { AnySymbolEffectKind(name: "bounce") }
    /// A pulse of opacity.
    public static var pulse: AnySymbolEffectKind { AnySymbolEffectKind(name: "pulse") }
    /// Layers lit in turn.
    public static var variableColor: AnySymbolEffectKind { AnySymbolEffectKind(name: "variableColor") }
    /// A change of scale.
    public static var scale: AnySymbolEffectKind { AnySymbolEffectKind(name: "scale") }
    /// Appearing.
    public static var appear: AnySymbolEffectKind { AnySymbolEffectKind(name: "appear") }
    /// Disappearing.
    public static var disappear: AnySymbolEffectKind { AnySymbolEffectKind(name: "disappear") }
    /// Replacing one symbol with another.
    public static var replace: AnySymbolEffectKind { AnySymbolEffectKind(name: "replace") }
    /// A wiggle.
    public static var wiggle: AnySymbolEffectKind { AnySymbolEffectKind(name: "wiggle") }
    /// A breath.
    public static var breathe: AnySymbolEffectKind { AnySymbolEffectKind(name: "breathe") }
    /// A rotation.
    public static var rotate: AnySymbolEffectKind { AnySymbolEffectKind(name: "rotate") }
}

extension View {
    /// A symbol effect while `isActive` (accepted; symbols are drawn at rest).
    nonisolated public func symbolEffect<T: IndefiniteSymbolEffect & SymbolEffect>(
        _ effect: T, options: SymbolEffectOptions = .default, isActive: Bool = true
    ) -> some View {
        self
    }

    /// A symbol effect each time `value` changes (accepted; symbols are drawn at rest).
    nonisolated public func symbolEffect<T: DiscreteSymbolEffect & SymbolEffect, U: Equatable>(
        _ effect: T, options: SymbolEffectOptions = .default, value: U
    ) -> some View {
        self
    }

    /// Symbol effects inside turned off (accepted).
    nonisolated public func symbolEffectsRemoved(_ isEnabled: Bool = true) -> some View { self }
}
