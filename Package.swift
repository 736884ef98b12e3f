// swift-tools-version:6.0
import CompilerPluginSupport
import PackageDescription

let package = Package(
    name: "reveal-render",
    products: [
        .library(name: "RevealRender", targets: ["RevealRender"]),
        // Golden-image assertions for XCTest and Swift Testing; for test targets only.
        .library(name: "RevealRenderTesting", targets: ["RevealRenderTesting"]),
        .executable(name: "reveal-render", targets: ["reveal-render"]),
        // `import SwiftUI` on Linux: SwiftUI's surface over the engine, for views written as SwiftUI.
        .library(name: "SwiftUI", targets: ["SwiftUI"]),
        // Plays a view written with it through a script of touches, taps and VoiceOver actions (test targets).
        .library(name: "RevealPlayer", targets: ["RevealPlayer"]),
        // assertGolden(of:) / expectGolden(of:) and the accessibility checks over SwiftUI views; for test targets.
        .library(name: "RevealSwiftUITesting", targets: ["RevealSwiftUITesting"]),
        // What `reveal-render swiftui` links a user's view with: our SwiftUI and its player, as one library.
        .library(name: "RevealSwiftUIKit", type: .dynamic, targets: ["SwiftUI", "RevealPlayer", "RevealViewHost"]),
    ],
    targets: [
        // libpng and zlib as the system provides them.
        .systemLibrary(
            name: "CLibPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev", "zlib1g-dev"])]
        ),
        // The only code that calls libpng: every setjmp/longjmp stays in here. It calls zlib itself
        // too (to measure IDAT streams), and pkg-config's libpng flags do not name zlib.
        .target(name: "CPNG", dependencies: ["CLibPNG"], linkerSettings: [.linkedLibrary("z")]),
        // JPEG decoding for an app's image assets, through Debian's libjpeg (libjpeg62-turbo-dev); its errors
        // are caught in C.
        .target(name: "CJPEG", linkerSettings: [.linkedLibrary("jpeg")]),
        // HarfBuzz as the system provides it, and the only code that calls it (shaping, outlines).
        .systemLibrary(
            name: "CHarfBuzz",
            pkgConfig: "harfbuzz",
            providers: [.apt(["libharfbuzz-dev"])]
        ),
        // FriBidi as the system provides it: the Unicode bidirectional algorithm's levels, for right-to-left text.
        .systemLibrary(name: "CFriBidi", pkgConfig: "fribidi", providers: [.apt(["libfribidi-dev"])]),
        .target(name: "CText", dependencies: ["CHarfBuzz", "CFriBidi"]),
        .target(name: "CMalloc"),
        // Starts the programs `reveal-render swiftui` runs (the compiler, the view's program) with a process group
        // of their own and a death signal, which Foundation's Process cannot set.
        .target(name: "CProcess"),
        // The libraries behind the GIF, WebP and video outputs, as the system provides them.
        .systemLibrary(name: "CImageQuant", pkgConfig: "imagequant", providers: [.apt(["libimagequant-dev"])]),
        .systemLibrary(name: "CGIF", pkgConfig: "libgif", providers: [.apt(["libgif-dev"])]),
        .systemLibrary(name: "CWebP", pkgConfig: "libwebpmux", providers: [.apt(["libwebp-dev"])]),
        // FFmpeg's libraries, loaded (dlopen) only when a video is written: linked, they would add a hundred
        // libraries and 20 MB to every run. Built against their headers (libavcodec-dev, libavformat-dev).
        .target(name: "CVideo"),
        // The engine, in layers: each imports only the layers below it (LayerTests holds that).
        // Errors that name the input, limits, JSON, clocks and curves, bounded file reads.
        .target(name: "RevealCore", dependencies: ["CMalloc"]),
        // Pixmaps, paths, the rasterizer, the compositor, paint, canvas commands.
        .target(name: "RevealRaster", dependencies: ["RevealCore"]),
        // Fonts, shaping (HarfBuzz) and text blocks.
        .target(name: "RevealText", dependencies: ["RevealCore", "RevealRaster", "CText", "CPNG"]),
        // PNG, APNG, frame folders, manifests, and the frame sequences they are written from.
        .target(name: "RevealOutput", dependencies: ["RevealCore", "RevealRaster", "CPNG", "CJPEG"]),
        // The display list (what a laid-out screen draws) and the renderers that draw it: a screen whole, or a
        // sequence of screens from the one before, by comparing their lists (damage).
        .target(name: "RevealDisplay", dependencies: ["RevealCore", "RevealRaster", "RevealText"]),
        // The view tree and SwiftUI's layout, lowered to a display list.
        .target(name: "RevealLayout", dependencies: ["RevealCore", "RevealRaster", "RevealText", "RevealDisplay"]),
        // The image comparison that goldens use, with its diff images and report.
        .target(
            name: "RevealComparison",
            dependencies: ["RevealCore", "RevealRaster", "RevealText", "RevealOutput", "RevealDisplay", "RevealLayout"]),
        // The port's two effects, their scene files, and the view scripts.
        .target(
            name: "RevealScenes",
            dependencies: [
                "RevealCore", "RevealRaster", "RevealText", "RevealOutput", "RevealDisplay", "RevealLayout",
            ]),
        // The engine as one module: every layer above, re-exported.
        .target(
            name: "RevealRender",
            dependencies: [
                "RevealCore", "RevealRaster", "RevealText", "RevealOutput", "RevealDisplay", "RevealLayout",
                "RevealComparison", "RevealScenes",
            ]),
        // SwiftUI's signatures and a runtime (state per identity, environment, gestures) lowering views
        // onto RevealRender's; the module answers `import SwiftUI`.
        .target(
            name: "SwiftUI",
            dependencies: [
                "Combine", "RevealCore", "RevealRaster", "RevealText", "RevealDisplay", "RevealLayout",
                "RevealOutput", "RevealPreviewMacros",
            ]),
        // The part of Combine SwiftUI code uses (Just, subjects, sink), so files that import it build.
        .target(name: "Combine"),
        // The `#Preview` macro's plugin: it speaks the compiler's plugin protocol itself, so it needs no
        // swift-syntax package, and SwiftPM builds it for every package that imports our SwiftUI.
        .macro(name: "RevealPreviewMacros"),
        // Plays a SwiftUI view through a script of touches, taps and VoiceOver actions, as frames.
        .target(name: "RevealPlayer", dependencies: ["RevealRender", "SwiftUI"]),
        // What the view's program answers in place of the C library and Dispatch (`clock_gettime`, work for the
        // main queue), so that the user's code keeps the scene's time. Linked only into the view's program.
        .target(name: "CSceneHooks"),
        // The view's program: its entry point (`ViewHost.main`), the watchdog over the user's code, the frame
        // stream to reveal-render, and the `main.swift` template reveal-render compiles with the user's files.
        .target(
            name: "RevealViewHost", dependencies: ["RevealRender", "SwiftUI", "RevealPlayer", "CSceneHooks"],
            exclude: ["Template"]),
        // assertGolden / expectGolden over RevealRender's image comparison; imports XCTest (and Testing).
        .target(name: "RevealRenderTesting", dependencies: ["RevealRender"]),
        // The golden checks over SwiftUI views: played by RevealPlayer, checked by RevealRenderTesting.
        .target(
            name: "RevealSwiftUITesting",
            dependencies: ["RevealRender", "RevealRenderTesting", "SwiftUI", "RevealPlayer"]),
        // Frames to GIF, animated WebP and video (MP4, WebM): the outputs beyond PNG, for the command line.
        .target(name: "RevealMedia", dependencies: ["RevealRender", "CPNG", "CImageQuant", "CGIF", "CWebP", "CVideo"]),
        .executableTarget(name: "reveal-render", dependencies: ["RevealRender", "RevealMedia", "CProcess"]),
        // Independent references for accuracy measurements (ideal strokes), for the bench and the tests.
        .target(name: "Accuracy", dependencies: ["RevealRender"]),
        // Measurements for Scripts/bench: speed figures and antialiasing accuracy.
        .executableTarget(name: "reveal-bench", dependencies: ["RevealRender", "Accuracy"]),
        // libFuzzer targets for the scene decoders and the PNG reader (Scripts/fuzz); built
        // normally they replay the files they are given.
        .executableTarget(name: "fuzz", dependencies: ["RevealRender"]),
        // Tests, a target per library target. What they share: the repository's paths, test images, running
        // reveal-render and other programs, independent references.
        .target(
            name: "RevealTestSupport", dependencies: ["RevealRender", "RevealRenderTesting"], path: "Tests/Support"),
        .testTarget(name: "RevealCoreTests", dependencies: ["RevealCore", "RevealRender", "RevealTestSupport"]),
        .testTarget(
            name: "RevealRasterTests", dependencies: ["RevealRaster", "RevealRender", "RevealTestSupport", "Accuracy"]),
        .testTarget(name: "RevealTextTests", dependencies: ["RevealText", "RevealRender", "RevealTestSupport"]),
        .testTarget(name: "RevealOutputTests", dependencies: ["RevealOutput", "RevealRender", "RevealTestSupport"]),
        .testTarget(
            name: "RevealDisplayTests", dependencies: ["RevealDisplay", "RevealRender", "RevealTestSupport"]),
        .testTarget(name: "RevealLayoutTests", dependencies: ["RevealLayout", "RevealRender", "RevealTestSupport"]),
        .testTarget(
            name: "RevealComparisonTests", dependencies: ["RevealComparison", "RevealRender", "RevealTestSupport"]),
        .testTarget(
            name: "RevealScenesTests",
            dependencies: ["RevealScenes", "RevealRender", "RevealRenderTesting", "RevealTestSupport"]),
        // The package as a whole: the layers' order (LayerTests).
        .testTarget(name: "RevealRenderTests", dependencies: ["RevealRender", "RevealTestSupport"]),
        .testTarget(
            name: "RevealRenderTestingTests",
            dependencies: ["RevealRenderTesting", "RevealRender", "RevealTestSupport"]),
        // The command line, run as a program.
        .testTarget(name: "CLITests", dependencies: ["RevealRender", "RevealTestSupport"]),
        // What needs programs from outside the package (Chromium, ffmpeg, Pillow) or root: GIF, WebP and video
        // read back by decoders that are not ours, the HTML report in a browser. Ends by listing what it skipped.
        .testTarget(
            name: "IntegrationTests", dependencies: ["RevealRender", "RevealMedia", "RevealTestSupport"]),
        // Everyday components written as SwiftUI, one per file, each with a script in scripts/: our gallery.
        .target(
            name: "SwiftUIGallery", dependencies: ["SwiftUI"], path: "Fixtures/swiftui/gallery", exclude: ["scripts"]),
        // The gallery played through its scripts and checked against goldens looked at.
        .testTarget(
            name: "GalleryTests",
            dependencies: [
                "RevealRender", "RevealRenderTesting", "SwiftUI", "RevealPlayer", "RevealSwiftUITesting",
                "SwiftUIGallery",
            ]),
        // Views written as SwiftUI (`import SwiftUI`), played and drawn through the engine.
        .testTarget(
            name: "SwiftUITests",
            dependencies: ["RevealRender", "RevealRenderTesting", "SwiftUI", "RevealPlayer", "RevealSwiftUITesting"]),
    ]
)
