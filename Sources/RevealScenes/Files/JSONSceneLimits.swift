import RevealCore

extension SceneLimits {
    /// The counts checked while a scene file is parsed, before its values fill memory.
    package static let json = JSONLimits(
        arrays: [
            .init(
                path: ["strokes"], maxCount: maxStrokes,
                message: "more than \(maxStrokes) strokes, the most a scene may have"),
            .init(
                path: ["strokes", "[]", "points"], maxCount: maxPoints, inAll: true,
                message: "more than \(maxPoints) points in all strokes, the most a scene may have"),
            .init(
                path: ["actions"], maxCount: maxActions,
                message: "more than \(maxActions) actions, the most a scene may have"),
            .init(
                path: ["toggles"], maxCount: maxToggles,
                message: "more than \(maxToggles) toggles, the most a scene may have"),
        ], maxValueBytes: maxValueBytes)
}

extension ViewScriptFile {
    /// The counts checked while a script is parsed, before its values fill memory.
    package static let json = JSONLimits(
        arrays: [
            .init(
                path: ["touches"], maxCount: SceneLimits.maxStrokes,
                message: "more than \(SceneLimits.maxStrokes) touches, the most a script may have"),
            .init(
                path: ["touches", "[]", "points"], maxCount: SceneLimits.maxPoints, inAll: true,
                message: "more than \(SceneLimits.maxPoints) points in all touches, the most a script may have"),
            .init(
                path: ["taps"], maxCount: SceneLimits.maxActions,
                message: "more than \(SceneLimits.maxActions) taps, the most a script may have"),
            .init(
                path: ["accessibility"], maxCount: SceneLimits.maxActions,
                message: "more than \(SceneLimits.maxActions) VoiceOver actions, the most a script may have"),
        ], maxValueBytes: SceneLimits.maxValueBytes)
}
