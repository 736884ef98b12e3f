import RevealCore
import RevealLayout
import RevealOutput
import RevealRaster
import RevealText

extension RevealScene {
    /// The font files the scene's text is set in (its effect's views and its screen in every state), sorted.
    public var fontFilesUsed: [String] {
        var files: Set<String> = []
        var views = effectViews.map(\.1.view)
        if let screen { views += [screen.view.view, screen.background.view] }
        for value in [0.0, 1.0] {
            let conditions = Dictionary(uniqueKeysWithValues: conditionNames.map { ($0, value) })
            for view in views {
                var builder = ViewTreeBuilder(fonts: fonts, scale: scale, values: conditions)
                _ = try? builder.build(view)
                files.formUnion(builder.fontFiles)
            }
        }
        return files.sorted()
    }

    /// The manifest's `fonts` field: each font file used, with its size and SHA-256 (empty without text).
    package var fontSummary: [(String, FrameMetadata)] {
        let files = fontFilesUsed
        return files.isEmpty ? [] : [("fonts", .list(files.map(FontLibrary.record)))]
    }
}
