extension SceneLimits {
    /// The counts checked while a scene file is parsed, before its values fill memory.
    static let json = JSONLimits(
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
