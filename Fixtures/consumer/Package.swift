// swift-tools-version:6.0
// A package that uses reveal-render as README tells users to: its golden-image assertions in an XCTest
// and a Swift Testing target, over scenes built in code, with their goldens beside the tests; and view code
// written as SwiftUI (`import SwiftUI`), which on Linux takes reveal-render's SwiftUI module.
// `reveal-render` here is a link to this repository, so the dependency has the identity users see.
import PackageDescription

let package = Package(
    name: "consumer",
    dependencies: [.package(path: "reveal-render")],
    targets: [
        // On Apple platforms `import SwiftUI` is Apple's; on Linux, reveal-render's.
        .target(
            name: "CounterViews",
            dependencies: [.product(name: "SwiftUI", package: "reveal-render", condition: .when(platforms: [.linux]))]
        ),
        .testTarget(
            name: "CounterViewTests",
            dependencies: [
                // The testing product alone: it brings the script, the player and the checks.
                "CounterViews", .product(name: "RevealSwiftUITesting", package: "reveal-render"),
            ]
        ),
        .testTarget(
            name: "CardTests",
            dependencies: [
                .product(name: "RevealRender", package: "reveal-render"),
                .product(name: "RevealRenderTesting", package: "reveal-render"),
            ]
        ),
        // The Swift blocks of README and the DocC articles, one file per document, written by
        // Scripts/doc-blocks before each build (Scripts/consumer-check).
        .testTarget(
            name: "ReadmeTests",
            dependencies: [
                .product(name: "RevealRender", package: "reveal-render"),
                .product(name: "RevealRenderTesting", package: "reveal-render"),
                .product(name: "RevealPlayer", package: "reveal-render"),
                .product(name: "RevealSwiftUITesting", package: "reveal-render"),
                .product(name: "SwiftUI", package: "reveal-render", condition: .when(platforms: [.linux])),
            ]
        ),
    ]
)
