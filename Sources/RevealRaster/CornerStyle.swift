import RevealCore

/// How a card's corners are rounded: Apple's continuous corner (SwiftUI's default for
/// `.rect(cornerRadius:)`), or plain quarter circles.
public enum CornerStyle: String, Equatable, Sendable, CaseIterable {
    /// Apple's continuous corner, whose curvature eases in from the straight edges (SwiftUI's default).
    case continuous
    /// A plain quarter circle of the corner radius, as `RoundedCornerStyle.circular`.
    case circular
}
