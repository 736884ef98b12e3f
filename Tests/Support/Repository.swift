import Foundation
import RevealRender

/// Paths inside the repository, found from this file's location (not bundle resources).
package enum Repository {
    package static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    package static func fixture(_ name: String) -> String { root + "/Fixtures/" + name }
    /// A folder of goldens: `Tests/__Goldens__/<test target>/<test file>/…`, as `assertGolden` keeps them.
    package static func goldens(_ path: String) -> String { root + "/Tests/__Goldens__/" + path }
}

/// The bench scene and what the seed's own model says of it (`Fixtures/bench`, from shared/bench).
package enum Bench {
    package static func scratchScene() throws -> ScratchScene {
        try ScratchSceneFile.load(path: Repository.fixture("bench/bench-scratch.json"))
    }

    package struct OracleFrame: Decodable {
        package let index: Int
        package let time: Double
        package let coverage: Double
        package let revealed: Bool
        package let coverOpacity: Double
    }

    package struct Oracle: Decodable {
        package let cells: Int
        package let revealedAt: Double
        package let frames: [OracleFrame]
    }

    package static func oracle() throws -> Oracle {
        let data = try Data(contentsOf: URL(fileURLWithPath: Repository.fixture("bench/bench-oracle.json")))
        return try JSONDecoder().decode(Oracle.self, from: data)
    }
}
