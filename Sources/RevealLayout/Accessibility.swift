import Foundation
import RevealCore
import RevealDisplay
import RevealRaster
import RevealText

/// One element VoiceOver reads at a frame: what it says, what it is, what it does and where it is, in
/// points in the frame's coordinates.
public struct AccessibilityElement: Hashable, Sendable {
    /// What VoiceOver says for the element (a text's string, a button's title, `.accessibilityLabel(_:)`); may be
    /// empty when only a hint or an action makes it an element.
    public var label: String
    /// What VoiceOver says after the label about what the element does (`.accessibilityHint(_:)`); nil: none.
    public var hint: String?
    /// What VoiceOver says the element's value is, after its label (`.accessibilityValue(_:)`); nil: none.
    public var value: String?
    /// In `AccessibilityTrait.allCases` order.
    public var traits: [AccessibilityTrait]
    /// "activate" for buttons and the covered scratch card (the seed's `.accessibilityAction`).
    public var actions: [String]
    /// Where the element is: the frame of the view it stands for, in points from the rendered frame's top-left.
    public var frame: Rect

    /// An element saying `label`; by default it has no hint, traits or actions and an empty frame at the origin.
    public init(
        label: String, hint: String? = nil, traits: [AccessibilityTrait] = [], actions: [String] = [],
        frame: Rect = Rect(x: 0, y: 0, width: 0, height: 0)
    ) {
        self.label = label
        self.hint = hint
        self.traits = traits
        self.actions = actions
        self.frame = frame
    }

    /// As the manifest and accessibility goldens write it.
    public var metadata: FrameMetadata {
        var keys = ["label"]
        var values: [FrameMetadata] = [.string(label)]
        if let value {
            keys.append("value")
            values.append(.string(value))
        }
        if let hint {
            keys.append("hint")
            values.append(.string(hint))
        }
        keys += ["traits", "actions", "frame"]
        values += [
            .list(traits.map { .string($0.rawValue) }), .list(actions.map { .string($0) }),
            .object(
                keys: ["x", "y", "width", "height"],
                values: [.number(frame.x), .number(frame.y), .number(frame.width), .number(frame.height)]),
        ]
        return .object(keys: keys, values: values)
    }

    /// Elements as JSON text, one per line: the form of accessibility goldens.
    public static func json(_ elements: [AccessibilityElement]) -> String {
        elements.isEmpty ? "[]\n" : "[\n" + elements.map { "  " + $0.metadata.json }.joined(separator: ",\n") + "\n]\n"
    }
}

/// What VoiceOver sees of a scene's effect at one frame, as its timeline decides.
public struct EffectAccessibility: Hashable, Sendable {
    /// The scene's states as they hold, not as they animate (`isDark` is true from the toggle on):
    /// what `when` views and `accessibilityHidden` read for accessibility.
    public var states: [String: Bool]
    /// The effect's own element over its whole frame (the covered scratch card); its frame is filled in.
    public var element: AccessibilityElement?
    /// The effect views VoiceOver reads, by field name, in order.
    public var views: [String]

    /// What VoiceOver sees with the scene in `states`; by default the effect has no element of its own and no
    /// views read.
    public init(states: [String: Bool], element: AccessibilityElement? = nil, views: [String] = []) {
        self.states = states
        self.element = element
        self.views = views
    }
}

/// What a laid-out view says to VoiceOver, applied in order after its children's elements are known.
package enum AccessibilitySemantic {
    /// The view is one element with this label and traits; its children are not read.
    case element(label: String, traits: [AccessibilityTrait], actions: [String])
    case hidden
    case children(AccessibilityChildren)
    case label(String)
    case hint(String)
    case value(String)
    case traits([AccessibilityTrait])
    case action(String)
    /// One element saying what the children say, with these traits and actions only (a button's label).
    case control(traits: [AccessibilityTrait], actions: [String])
}

extension LayoutNode {
    /// The elements of this tree in reading order (tree order), frames moved by `offset`; the
    /// effect's leaf reads `effect`.
    package func accessibilityElements(offset: Point, effect: [AccessibilityElement]) -> [AccessibilityElement] {
        elements(offset: offset, effect: effect).filter { !$0.label.isEmpty || $0.hint != nil || !$0.actions.isEmpty }
    }

    private func elements(offset: Point, effect: [AccessibilityElement]) -> [AccessibilityElement] {
        let frame = Rect(
            x: self.frame.x + offset.x, y: self.frame.y + offset.y, width: self.frame.width, height: self.frame.height)
        var elements: [AccessibilityElement]
        if case .leaf(.placeholder) = role {
            elements = effect
        } else if case .element(let label, let traits, let actions)? = semantics.first {
            elements = [AccessibilityElement(label: label, traits: traits, actions: actions, frame: frame)]
        } else {
            elements = children.flatMap { $0.elements(offset: offset, effect: effect) }
        }
        for semantic in semantics {
            switch semantic {
            case .element:
                continue
            case .hidden:
                elements = []
            case .children(.contain):
                continue
            case .children(.ignore):
                elements = [AccessibilityElement(label: "", frame: frame)]
            case .children(.combine):
                guard !elements.isEmpty else { continue }
                let hints = elements.compactMap(\.hint)
                let values = elements.compactMap(\.value)
                var combined = [
                    AccessibilityElement(
                        label: elements.map(\.label).filter { !$0.isEmpty }.joined(separator: ", "),
                        hint: hints.isEmpty ? nil : hints.joined(separator: ", "),
                        traits: AccessibilityTrait.ordered(elements.flatMap(\.traits)),
                        actions: ordered(elements.flatMap(\.actions)), frame: frame)
                ]
                combined[0].value = values.isEmpty ? nil : values.joined(separator: ", ")
                elements = combined
            case .label(let label):
                elements = modifying(elements, frame) { $0.label = label }
            case .hint(let hint):
                elements = modifying(elements, frame) { $0.hint = hint }
            case .value(let value):
                elements = modifying(elements, frame) { $0.value = value }
            case .traits(let traits):
                elements = modifying(elements, frame) { $0.traits = AccessibilityTrait.ordered($0.traits + traits) }
            case .control(let traits, let actions):
                elements = [
                    AccessibilityElement(
                        label: elements.map(\.label).filter { !$0.isEmpty }.joined(separator: ", "), traits: traits,
                        actions: actions, frame: frame)
                ]
            case .action(let name):
                elements = modifying(elements, frame) { $0.actions = ordered($0.actions + [name]) }
            }
        }
        return elements
    }

    /// `change` applied to each element, or to a new one over `frame` when there are none (a label on
    /// a shape makes it an element).
    private func modifying(
        _ elements: [AccessibilityElement], _ frame: Rect,
        _ change: (inout AccessibilityElement) -> Void
    ) -> [AccessibilityElement] {
        var result = elements.isEmpty ? [AccessibilityElement(label: "", frame: frame)] : elements
        for k in result.indices { change(&result[k]) }
        return result
    }

    private func ordered(_ names: [String]) -> [String] {
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }
    }
}

extension AccessibilityTrait {
    /// Each trait once, in `allCases` order.
    package static func ordered(_ traits: [AccessibilityTrait]) -> [AccessibilityTrait] {
        let set = Set(traits)
        return allCases.filter(set.contains)
    }
}

extension SymbolShape {
    /// What VoiceOver says for a symbol that is not hidden: its name's words without style suffixes
    /// ("gift.fill" → "Gift", "arrow.counterclockwise" → "Arrow counterclockwise"). Apple's own labels
    /// for SF Symbols are not published; hide decorative symbols, as the seeds do.
    package static func accessibilityLabel(_ name: String) -> String {
        let styles: Set<Substring> = ["fill", "circle", "square", "slash"]
        let words = name.split(separator: ".").filter { !styles.contains($0) }
        let text = (words.isEmpty ? name.split(separator: ".") : words).joined(separator: " ")
        return text.prefix(1).uppercased() + text.dropFirst()
    }
}
