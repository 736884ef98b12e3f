import RevealDisplay

/// A screen's display list cut where the scene's effect is drawn (its placeholder): the screen under the
/// effect, and the screen over it. The port composites the effect's own frames between the two.
package struct SplitDisplayList {
    /// The items drawn before the effect; the drawings after it left out.
    package let under: [DisplayItem]
    /// The items drawn after the effect; the drawings before it left out.
    package let over: [DisplayItem]

    /// `list` cut at its first placeholder, in drawing order. Groups and transforms stay on both sides, each
    /// around its own side's drawings: a group applies its effect to what it holds on that side, and an
    /// effect on nothing can still draw (a color matrix's offset).
    package init(_ list: DisplayList) {
        var passed = false
        (under, over) = SplitDisplayList.split(list.items, passed: &passed)
    }

    private static func split(_ items: [DisplayItem], passed: inout Bool) -> ([DisplayItem], [DisplayItem]) {
        var under: [DisplayItem] = []
        var over: [DisplayItem] = []
        for item in items {
            var (below, above) = (item, item)
            switch item.content {
            case .drawing(.placeholder):
                passed = true
            case .drawing:
                if passed { below.content = .drawing(.none) } else { above.content = .drawing(.none) }
            case .group(let effect, let inner, let mask):
                // A mask's own views are drawn whole on both sides, as its content's alpha is applied.
                let (u, o) = split(inner, passed: &passed)
                below.content = .group(effect, u, mask: mask)
                above.content = .group(effect, o, mask: mask)
            case .transform(let transform, let inner):
                let (u, o) = split(inner, passed: &passed)
                below.content = .transform(transform, u)
                above.content = .transform(transform, o)
            }
            under.append(below)
            over.append(above)
        }
        return (under, over)
    }
}
