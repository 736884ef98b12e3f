import RevealLayout

/// The state a screen is drawn in: the value of each condition `when` views test, 0 (false) to 1
/// (true), in between while an animated change cross-fades. The screen's views read them as values set
/// above them (`ViewTreeBuilder.values`).
public typealias ViewConditions = [String: Double]

extension ViewKind {
    /// `then` while the scene's state `condition` holds, `otherwise` before and after; a change inside an
    /// animation cross-fades as `crossfade` does, SwiftUI's `.opacity` content transition. A reader of the
    /// condition, listed as "when"; its views are a scene file's "then" and "else".
    package static func when(condition: String, then: ViewNode, otherwise: ViewNode) -> ViewKind {
        .environmentReader(
            EnvironmentReader(
                name: "when", keys: [condition], variants: [("then", then), ("else", otherwise)]
            ) { values, views in
                let value = min(max(values[condition] ?? 0, 0), 1)
                if value == 1 { return views[0] }
                if value == 0 { return views[1] }
                return ViewNode(.crossfade(from: views[1], to: views[0], fraction: value))
            })
    }
}
