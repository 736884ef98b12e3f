import RevealCore
import RevealLayout
import RevealRaster
import RevealText

/// How `accessibilityElement(children:)` treats a view's children.
public struct AccessibilityChildBehavior: Hashable, Sendable {
    let engine: AccessibilityChildren
    public static let ignore = AccessibilityChildBehavior(engine: .ignore)
    public static let contain = AccessibilityChildBehavior(engine: .contain)
    public static let combine = AccessibilityChildBehavior(engine: .combine)
}

/// What an element is, for VoiceOver, as SwiftUI's `AccessibilityTraits`.
public struct AccessibilityTraits: SetAlgebra, Hashable, Sendable {
    var traits: Set<AccessibilityTrait>
    public init() { traits = [] }
    init(_ trait: AccessibilityTrait) { traits = [trait] }
    public static let isButton = AccessibilityTraits(.isButton)
    public static let isHeader = AccessibilityTraits(.isHeader)
    public static let isImage = AccessibilityTraits(.isImage)
    public static let isLink = AccessibilityTraits(.isLink)
    public static let isModal = AccessibilityTraits(.isModal)
    public static let isSearchField = AccessibilityTraits(.isSearchField)
    public static let isSelected = AccessibilityTraits(.isSelected)
    public static let isStaticText = AccessibilityTraits(.isStaticText)
    public static let isSummaryElement = AccessibilityTraits(.isSummaryElement)
    public static let isToggle = AccessibilityTraits(.isToggle)
    public static let updatesFrequently = AccessibilityTraits(.updatesFrequently)
    public static let startsMediaSession = AccessibilityTraits(.startsMediaSession)
    public static let allowsDirectInteraction = AccessibilityTraits(.allowsDirectInteraction)
    public static let causesPageTurn = AccessibilityTraits(.causesPageTurn)
    public static let playsSound = AccessibilityTraits(.playsSound)

    public func union(_ other: Self) -> Self {
        var result = self
        result.traits.formUnion(other.traits)
        return result
    }
    public func intersection(_ other: Self) -> Self {
        var result = self
        result.traits.formIntersection(other.traits)
        return result
    }
    public func symmetricDifference(_ other: Self) -> Self {
        var result = self
        result.traits.formSymmetricDifference(other.traits)
        return result
    }
    public func contains(_ member: Self) -> Bool { member.traits.isSubset(of: traits) }
    @discardableResult public mutating func insert(_ newMember: Self) -> (inserted: Bool, memberAfterInsert: Self) {
        let had = contains(newMember)
        traits.formUnion(newMember.traits)
        return (!had, newMember)
    }
    @discardableResult public mutating func remove(_ member: Self) -> Self? {
        let had = contains(member)
        traits.subtract(member.traits)
        return had ? member : nil
    }
    @discardableResult public mutating func update(with newMember: Self) -> Self? {
        let had = contains(newMember)
        traits.formUnion(newMember.traits)
        return had ? newMember : nil
    }
    public mutating func formUnion(_ other: Self) { traits.formUnion(other.traits) }
    public mutating func formIntersection(_ other: Self) { traits.formIntersection(other.traits) }
    public mutating func formSymmetricDifference(_ other: Self) { traits.formSymmetricDifference(other.traits) }
}

/// An action VoiceOver can perform.
public struct AccessibilityActionKind: Hashable, Sendable {
    let name: String
    /// Activate: VoiceOver's double tap.
    public static let `default` = AccessibilityActionKind(name: "activate")
    public static let escape = AccessibilityActionKind(name: "escape")
    public static let magicTap = AccessibilityActionKind(name: "magicTap")
}

extension View {
    /// Hides the view from VoiceOver while `hidden`.
    nonisolated public func accessibilityHidden(_ hidden: Bool) -> ModifiedContent<Self, _BuiltinModifier> {
        builtin(.accessibilityHidden(hidden))
    }

    /// The spellings before iOS 14, which Apple deprecated and still compile: `accessibility(hidden:)`,
    /// `accessibility(label:)`, `accessibility(hint:)`, `accessibility(value:)`, `accessibility(addTraits:)`.
    @available(*, deprecated, renamed: "accessibilityHidden(_:)")
    nonisolated public func accessibility(hidden: Bool) -> ModifiedContent<Self, _BuiltinModifier> {
        accessibilityHidden(hidden)
    }
    /// The label VoiceOver reads, in the spelling before iOS 14.
    @available(*, deprecated, renamed: "accessibilityLabel(_:)")
    nonisolated public func accessibility(label: Text) -> ModifiedContent<Self, _BuiltinModifier> {
        accessibilityLabel(label)
    }
    /// The hint VoiceOver reads, in the spelling before iOS 14.
    @available(*, deprecated, renamed: "accessibilityHint(_:)")
    nonisolated public func accessibility(hint: Text) -> ModifiedContent<Self, _BuiltinModifier> {
        accessibilityHint(hint)
    }
    /// The value VoiceOver reads, in the spelling before iOS 14.
    @available(*, deprecated, renamed: "accessibilityValue(_:)")
    nonisolated public func accessibility(value: Text) -> ModifiedContent<Self, _BuiltinModifier> {
        accessibilityValue(value)
    }
    /// The traits VoiceOver reads, in the spelling before iOS 14.
    @available(*, deprecated, renamed: "accessibilityAddTraits(_:)")
    nonisolated public func accessibility(addTraits traits: AccessibilityTraits) -> ModifiedContent<
        Self, _BuiltinModifier
    > {
        accessibilityAddTraits(traits)
    }

    /// Gives the view (a canvas, usually) accessibility elements of its own made from `children`, which are
    /// not drawn. Here the view stays the one element its label makes; the children are not read yet.
    nonisolated public func accessibilityChildren<V: View>(@ViewBuilder children: () -> V) -> some View { self }

    /// Makes the view one element of its children.
    nonisolated public func accessibilityElement(children: AccessibilityChildBehavior = .ignore) -> some View {
        builtin(.accessibilityElement(children))
    }

    /// What VoiceOver says for the view.
    nonisolated public func accessibilityLabel(_ label: Text) -> ModifiedContent<Self, _BuiltinModifier> {
        builtin(.accessibilityLabel(label))
    }

    /// What VoiceOver says for the view, from a key.
    nonisolated public func accessibilityLabel(_ labelKey: LocalizedStringKey) -> ModifiedContent<
        Self, _BuiltinModifier
    > {
        builtin(.accessibilityLabel(Text(labelKey)))
    }

    /// What VoiceOver says for the view.
    @_disfavoredOverload
    nonisolated public func accessibilityLabel<S: StringProtocol>(_ label: S) -> ModifiedContent<
        Self, _BuiltinModifier
    > {
        builtin(.accessibilityLabel(Text(label)))
    }

    /// What VoiceOver says after the label about what the view does.
    nonisolated public func accessibilityHint(_ hint: Text) -> ModifiedContent<Self, _BuiltinModifier> {
        builtin(.accessibilityHint(hint))
    }

    /// What VoiceOver says after the label, from a key.
    nonisolated public func accessibilityHint(_ hintKey: LocalizedStringKey) -> ModifiedContent<
        Self, _BuiltinModifier
    > {
        builtin(.accessibilityHint(Text(hintKey)))
    }

    /// What VoiceOver says after the label.
    @_disfavoredOverload
    nonisolated public func accessibilityHint<S: StringProtocol>(_ hint: S) -> ModifiedContent<
        Self, _BuiltinModifier
    > {
        builtin(.accessibilityHint(Text(hint)))
    }

    /// What VoiceOver says the view's value is, after its label (a control's setting, a field's text).
    nonisolated public func accessibilityValue(_ value: Text) -> ModifiedContent<Self, _BuiltinModifier> {
        builtin(.accessibilityValue(value))
    }

    /// What VoiceOver says the view's value is, from a key.
    nonisolated public func accessibilityValue(_ valueKey: LocalizedStringKey) -> ModifiedContent<
        Self, _BuiltinModifier
    > {
        builtin(.accessibilityValue(Text(valueKey)))
    }

    /// What VoiceOver says the view's value is.
    @_disfavoredOverload
    nonisolated public func accessibilityValue<S: StringProtocol>(_ value: S) -> ModifiedContent<
        Self, _BuiltinModifier
    > {
        builtin(.accessibilityValue(Text(value)))
    }

    /// Adds traits to the view's elements.
    nonisolated public func accessibilityAddTraits(_ traits: AccessibilityTraits) -> ModifiedContent<
        Self, _BuiltinModifier
    > {
        builtin(.accessibilityAddTraits(traits))
    }

    /// Runs `handler` when VoiceOver performs `actionKind` on the view (activate: a double tap).
    nonisolated public func accessibilityAction(
        _ actionKind: AccessibilityActionKind = .default, _ handler: @escaping @MainActor () -> Void
    ) -> ModifiedContent<Self, _BuiltinModifier> {
        builtin(.accessibilityAction(actionKind, handler))
    }
}

/// Where VoiceOver's focus is, as SwiftUI's `AccessibilityFocusState`: a value a view owns, bound to views with
/// `accessibilityFocused`. VoiceOver is not running in a render, so the focus only moves when code sets it: it
/// keeps a value as a `FocusState` does, and is one.
public typealias AccessibilityFocusState<Value: Hashable> = FocusState<Value>

extension View {
    /// Binds VoiceOver's focus on this view to `condition` (accepted: VoiceOver is not running in a render).
    nonisolated public func accessibilityFocused(_ condition: AccessibilityFocusState<Bool>.Binding) -> some View {
        self
    }

    /// Binds VoiceOver's focus on this view to `binding` being `value` (accepted: VoiceOver is not running).
    nonisolated public func accessibilityFocused<Value: Hashable>(
        _ binding: AccessibilityFocusState<Value>.Binding, equals value: Value
    ) -> some View { self }
}
