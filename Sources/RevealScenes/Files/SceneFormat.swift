import RevealCore
import RevealLayout
import RevealOutput
import RevealRaster
import RevealText

/// One kind of scene file: how the command line names it, the fields it may hold, its demo, and its
/// decoder. `SceneFormat.all` is the one place a new kind of scene is registered.
public struct SceneFormat: Sendable {
    /// The kind's name, as `--demo` takes it: "scratch", "circle".
    public let name: String
    /// The command-line flag that reads such a file: "--stroke", "--circle".
    public let flag: String
    /// What it renders, for messages: "the scratch card".
    public let title: String
    /// The fields its files may hold, besides the card look's.
    public let fields: [String]
    /// The command line's options that only this kind takes.
    public let overrides: Set<SceneOverride>
    /// The seed's demo.
    public let demo: any RevealScene
    private let decoder:
        @Sendable ([UInt8], String, String, SceneLimits, SceneInputs) throws(SceneError) -> any RevealScene

    /// A kind of scene file; `decode` takes the bytes, the file's name for errors, the folder its paths are
    /// relative to, the limits and the record of inputs, as `decode(_:file:baseDirectory:limits:inputs:)` does.
    public init(
        name: String, flag: String, title: String, fields: [String], overrides: Set<SceneOverride>,
        demo: any RevealScene,
        decode:
            @escaping @Sendable ([UInt8], String, String, SceneLimits, SceneInputs) throws(SceneError) ->
            any RevealScene
    ) {
        self.name = name
        self.flag = flag
        self.title = title
        self.fields = fields
        self.overrides = overrides
        self.demo = demo
        decoder = decode
    }

    /// Every kind of scene reveal-render knows.
    public static let all: [SceneFormat] = [.scratch, .circle]

    /// The kind whose flag is `flag`, or whose name is `name`.
    public static func named(_ name: String) -> SceneFormat? { all.first { $0.name == name } }
    /// The kind whose command-line flag is `flag` ("--stroke", "--circle"); nil for any other string.
    public static func flagged(_ flag: String) -> SceneFormat? { all.first { $0.flag == flag } }

    /// Decodes and validates a scene file's bytes (paths in it are relative to `baseDirectory`).
    public func decode(
        _ bytes: [UInt8], file: String, baseDirectory: String, limits: SceneLimits = SceneLimits(),
        inputs: SceneInputs = SceneInputs()
    ) throws(SceneError) -> any RevealScene {
        try decoder(bytes, file, baseDirectory, limits, inputs)
    }

    /// Reads, decodes and validates the scene file at `path` (named in errors as given); the files read
    /// are noted in `inputs`.
    public func load(
        path: String, limits: SceneLimits = SceneLimits(),
        inputs: SceneInputs = SceneInputs()
    ) throws(SceneError) -> any RevealScene {
        try decode(
            try SceneFileReader.read(path, inputs: inputs), file: path, baseDirectory: SceneFileReader.folder(of: path),
            limits: limits, inputs: inputs)
    }
}

/// Command-line options that only some kinds of scene take.
public enum SceneOverride: Sendable, Hashable {
    /// `--origin`: where the circle grows from.
    case origin
    /// `--debug-overlay`: the scratch card's workings drawn on each frame.
    case debugOverlay
}
