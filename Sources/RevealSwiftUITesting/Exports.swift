@_exported import RevealPlayer
import RevealRender
// What a golden test of a SwiftUI view needs, from this one import (with `import SwiftUI`): the checks of
// RevealRenderTesting, the player, and the engine's script and image types under their own names. The engine
// module itself is not re-exported: its `View`, `Color` and `Alignment` would collide with SwiftUI's.
@_exported import RevealRenderTesting

/// What happens to the view, and the frame it is drawn in (`RevealRender.ViewScript`).
public typealias ViewScript = RevealRender.ViewScript
/// Insets in points, for a script's safe area (`RevealRender.Insets`).
public typealias Insets = RevealRender.Insets
/// How closely an image must match its golden (`RevealRender.ComparisonOptions`).
public typealias ComparisonOptions = RevealRender.ComparisonOptions
/// A frame's pixels (`RevealRender.Pixmap`).
public typealias Pixmap = RevealRender.Pixmap
/// What VoiceOver reads for one element (`RevealRender.AccessibilityElement`).
public typealias AccessibilityElement = RevealRender.AccessibilityElement
/// A view as laid out (`RevealRender.LaidOutView`).
public typealias LaidOutView = RevealRender.LaidOutView
/// A finger's sample in a script's touch (`RevealRender.TouchSample`).
public typealias TouchSample = RevealRender.TouchSample
