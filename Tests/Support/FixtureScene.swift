import Foundation
import RevealRender

/// A fixture scene of `Fixtures/scenes` (`NAME.KIND.json`, KIND a `SceneFormat`'s name) and the key
/// frames `Fixtures/scenes/key-frames` lists for it.
package struct FixtureScene {
    /// The file name, e.g. `scratch-tap.scratch.json`.
    package var file: String
    /// The file name without `.KIND.json`: its golden folder's name.
    package var name: String
    package var format: SceneFormat
    package var keyFrames: [Int]

    package var path: String { Repository.fixture("scenes/" + file) }
    package var goldenFolder: String { Repository.goldens("RevealScenesTests/FixtureGoldenTests/" + name) }

    package func load() throws -> any RevealScene {
        try format.load(path: path)
    }

    /// The frames as `reveal-render` draws them (and Scripts/update-goldens recorded them).
    package func sequence() throws -> any FrameSequence {
        try load().frameSequence()
    }

    package struct ListError: Error, CustomStringConvertible {
        package let description: String
    }

    /// Every entry of `Fixtures/scenes/key-frames`, in order.
    package static func all() throws -> [FixtureScene] {
        let text = try String(contentsOfFile: Repository.fixture("scenes/key-frames"), encoding: .utf8)
        var scenes: [FixtureScene] = []
        for line in text.split(separator: "\n") where !line.hasPrefix("#") && !line.allSatisfy(\.isWhitespace) {
            let fields = line.split(separator: " ")
            let file = String(fields[0])
            guard let format = SceneFormat.all.first(where: { file.hasSuffix(".\($0.name).json") }) else {
                throw ListError(description: "key-frames: \(file) is not NAME.KIND.json for a kind of scene")
            }
            let name = String(file.dropLast(".\(format.name).json".count))
            let frames = try fields.dropFirst().map { field throws(ListError) -> Int in
                guard let n = Int(field) else {
                    throw ListError(description: "key-frames: \(file): \"\(field)\" is not a frame number")
                }
                return n
            }
            scenes.append(FixtureScene(file: file, name: name, format: format, keyFrames: frames))
        }
        return scenes
    }
}
