import Foundation

@testable import RevealRender

/// Paths inside the repository, found from this file's location (not bundle resources).
enum Repository {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    static func fixture(_ name: String) -> String { root + "/Fixtures/" + name }
}

/// The bench scene and what the seed's own model says of it (`Fixtures/bench`, from shared/bench).
enum Bench {
    static func scratchScene() throws -> ScratchScene {
        try ScratchSceneFile.load(path: Repository.fixture("bench/bench-scratch.json"))
    }

    struct OracleFrame: Decodable {
        let index: Int
        let time: Double
        let coverage: Double
        let revealed: Bool
        let coverOpacity: Double
    }

    struct Oracle: Decodable {
        let cells: Int
        let revealedAt: Double
        let frames: [OracleFrame]
    }

    static func oracle() throws -> Oracle {
        let data = try Data(contentsOf: URL(fileURLWithPath: Repository.fixture("bench/bench-oracle.json")))
        return try JSONDecoder().decode(Oracle.self, from: data)
    }
}
