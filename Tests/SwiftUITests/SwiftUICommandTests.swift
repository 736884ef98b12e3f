import Foundation
import RevealRender
import XCTest

/// `reveal-render swiftui` on files that go wrong: each is said in one line with its exit code, and nothing
/// half-written is left.
final class SwiftUICommandTests: WorkFolderTestCase {
    /// A counter whose button traps on its second tap; the script taps it twice.
    private func counter() throws -> (source: String, script: String) {
        let source = try file(
            "Counter.swift",
            """
            import SwiftUI

            struct Counter: View {
                @State private var count = 0
                var body: some View {
                    VStack {
                        Text("Count \\(count)")
                        Button("Add") {
                            count += 1
                            precondition(count < 2, "counted too far")
                        }
                    }
                }
            }

            #Preview {
                Counter()
            }
            """)
        let script = try file(
            "taps.json",
            """
            {"width": 200, "height": 200, "scale": 1, "fps": 10, "safeArea": "none",
             "taps": [{"t": 0.2, "label": "Add"}, {"t": 0.5, "label": "Add"}]}
            """)
        return (source, script)
    }

    func testACrashInTheViewsCodeNamesTheSignalAndTheEventAndWritesNoManifest() throws {
        let (source, script) = try counter()
        let out = work.appendingPathComponent("frames")
        let text = try ReleaseBinary.run(
            try ReleaseBinary.url(), ["swiftui", source, "--script", script, "--out", out.path], expecting: 1)
        XCTAssertTrue(text.contains("counted too far"), text)
        XCTAssertTrue(
            text.contains(
                "reveal-render: the view's code crashed (SIGILL, a Swift runtime error such as a failed precondition) while handling tap on \"Add\" at t = 0.5 s; no manifest was written"
            ), text)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.appendingPathComponent("manifest.json").path))
    }

    func testTheFirstPreviewIsTheViewAndAStillComesFromItsCache() throws {
        let (source, _) = try counter()
        let script = try file(
            "once.json", #"{"width": 200, "height": 200, "scale": 1, "fps": 10, "taps": [{"t": 0.2, "label": "Add"}]}"#)
        let still = work.appendingPathComponent("still.png")
        let text = try ReleaseBinary.run(
            try ReleaseBinary.url(), ["swiftui", source, "--script", script, "--time", "0.3", "--out", still.path],
            expecting: 0)
        XCTAssertTrue(text.contains("wrote frame 3 (t = 0.3 s"), text)
        XCTAssertTrue(FileManager.default.fileExists(atPath: still.path))
        // Drawn again (from the cached build), the still has the same bytes.
        let again = work.appendingPathComponent("again.png")
        try ReleaseBinary.run(
            try ReleaseBinary.url(), ["swiftui", source, "--script", script, "--time", "0.3", "--out", again.path],
            expecting: 0)
        XCTAssertEqual(try Data(contentsOf: still), try Data(contentsOf: again))
    }

    func testTheCompilersVersionIsAskedOncePerCompiler() throws {
        // A swiftc in front of the real one that notes how it is run, its frontend beside it: the first run asks
        // its version (a tenth of a second each time), the next finds the answer kept for that compiler.
        let (source, _) = try counter()
        let script = try file("still.json", #"{"width": 120, "height": 120, "scale": 1, "fps": 10}"#)
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let real = try XCTUnwrap(
            path.split(separator: ":").map { "\($0)/swiftc" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        )
        let resolved = URL(fileURLWithPath: real).resolvingSymlinksInPath().deletingLastPathComponent()
        let bin = work.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let log = work.appendingPathComponent("swiftc.log")
        let wrapper = bin.appendingPathComponent("swiftc")
        try "#!/bin/sh\necho \"$*\" >> '\(log.path)'\nexec '\(real)' \"$@\"\n".write(
            to: wrapper, atomically: true, encoding: .utf8)
        XCTAssertEqual(chmod(wrapper.path, 0o755), 0)
        try FileManager.default.createSymbolicLink(
            at: bin.appendingPathComponent("swift-frontend"),
            withDestinationURL: resolved.appendingPathComponent("swift-frontend"))
        let environment = ["PATH": "\(bin.path):\(path)"]
        for name in ["one.png", "two.png"] {
            try ReleaseBinary.run(
                try ReleaseBinary.url(),
                ["swiftui", source, "--script", script, "--out", work.appendingPathComponent(name).path, "-q"],
                environment: environment, expecting: 0)
        }
        let runs = try String(contentsOf: log, encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(runs.filter { $0 == "--version" }.count, 1, "\(runs)")
    }

    /// `#Preview` as real files write it: attributes and a doc comment before it, a name, a comment after the
    /// brace, and a body of statements read as Apple's `@ViewBuilder` reads it. The first preview is drawn.
    func testAPreviewWithAttributesANameAndStatementsIsDrawnAsWritten() throws {
        let source = try file(
            "Swatches.swift",
            """
            import SwiftUI

            /// The first preview: a red screen.
            @available(iOS 17.0, *)
            #Preview("Red", body: { // the one drawn
                let shade: Double = 1
                Color(red: shade, green: 0, blue: 0)
                    .ignoresSafeArea()
            })

            #Preview { Color.blue }
            """)
        let still = work.appendingPathComponent("red.png")
        try ReleaseBinary.run(
            try ReleaseBinary.url(), ["swiftui", source, "--time", "0", "--scale", "1", "--out", still.path],
            expecting: 0)
        let frame = try PNG.decode(contentsOf: still.path)
        XCTAssertEqual(frame.pixel(x: 10, y: 10), PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255))
    }

    func testAPreviewProviderIsTheViewWhenThereIsNoPreviewMacro() throws {
        // A gallery file names its view only through `DropZone_Previews: PreviewProvider`; the CLI's frame
        // is the one the gallery's golden holds (played in process by GalleryTests).
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..")
            .standardized.path
        let still = work.appendingPathComponent("drop-zone.png")
        try ReleaseBinary.run(
            try ReleaseBinary.url(),
            [
                "swiftui", "\(root)/Fixtures/swiftui/gallery/DropZone.swift", "--script",
                "\(root)/Fixtures/swiftui/gallery/scripts/DropZone.script.json", "--time", "1.5", "--out", still.path,
            ], expecting: 0)
        let golden = try PNG.decode(
            contentsOf: "\(root)/Tests/__Goldens__/GalleryTests/GalleryTests/DropZone-1_50.png")
        XCTAssertEqual(try PNG.decode(contentsOf: still.path), golden)
    }

    func testAnAppsWindowIsTheViewWhenNoneIsNamedAndANamedViewStillBuildsBesideIt() throws {
        // The window's root sees the app's scene modifier (an environment object); a named view is drawn
        // instead when asked for, though the file has its `@main` type.
        let source = try file(
            "PaintApp.swift",
            """
            import SwiftUI

            final class Palette: ObservableObject {
                @Published var color = Color(red: 1, green: 0, blue: 0)
            }

            @main
            struct PaintApp: App {
                @StateObject private var palette = Palette()
                var body: some Scene {
                    WindowGroup("Paint") {
                        Swatch()
                            .environmentObject(palette)
                    }
                }
            }

            struct Swatch: View {
                @EnvironmentObject var palette: Palette
                var body: some View { palette.color.ignoresSafeArea() }
            }

            struct Other: View {
                var body: some View { Color(red: 0, green: 0, blue: 1).ignoresSafeArea() }
            }

            #Preview { Other() }
            """)
        let script = try file("still.json", #"{"width": 40, "height": 40, "scale": 1, "safeArea": "none"}"#)
        let window = work.appendingPathComponent("window.png")
        try ReleaseBinary.run(
            try ReleaseBinary.url(), ["swiftui", source, "--script", script, "--frame", "0", "--out", window.path],
            expecting: 0)
        XCTAssertEqual(
            try PNG.decode(contentsOf: window.path).pixel(x: 20, y: 20), PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255))
        let other = work.appendingPathComponent("other.png")
        try ReleaseBinary.run(
            try ReleaseBinary.url(),
            ["swiftui", source, "--view", "Other", "--script", script, "--frame", "0", "--out", other.path],
            expecting: 0)
        XCTAssertEqual(
            try PNG.decode(contentsOf: other.path).pixel(x: 20, y: 20), PremultipliedRGBA8(r: 0, g: 0, b: 255, a: 255))
    }

    func testRandomNumbersAndHashingAreTheSameOnEveryRun() throws {
        // Random colors and a set's order (Swift seeds its hashing at random): each run is a new process, and
        // draws the same frame.
        let source = try file(
            "Confetti.swift",
            """
            import SwiftUI

            struct Confetti: View {
                let hues = (0..<12).map { _ in Double.random(in: 0..<1) }
                let names: Set<String> = ["ant", "bee", "cat", "dog", "eel", "fox", "gnu", "hen"]
                var body: some View {
                    VStack(spacing: 0) {
                        HStack(spacing: 0) {
                            ForEach(hues.indices, id: \\.self) { Color(hue: hues[$0], saturation: 1, brightness: 1) }
                        }
                        Text(names.joined(separator: " "))
                    }
                }
            }
            """)
        let script = try file("still.json", #"{"width": 240, "height": 80, "scale": 1, "safeArea": "none"}"#)
        var frames: [Data] = []
        for run in 0..<2 {
            let out = work.appendingPathComponent("run\(run).png")
            try ReleaseBinary.run(
                try ReleaseBinary.url(),
                ["swiftui", source, "--view", "Confetti", "--script", script, "--frame", "0", "--out", out.path],
                expecting: 0)
            frames.append(try Data(contentsOf: out))
        }
        XCTAssertEqual(frames[0], frames[1], "two runs drew different frames")
    }

    func testTheWallClockInTheViewsProcessIsTheSceneClock() throws {
        // `Date()` kept in @State when the view appears, a periodic timeline from `.now`, and `Date()` read
        // in the body: all on the scene clock (09:41 UTC on 1 January 2026 at t = 0), on every run.
        let source = try file(
            "Probe.swift",
            """
            import SwiftUI

            struct Probe: View {
                @State private var start = Date()
                var body: some View {
                    TimelineView(.periodic(from: .now, by: 0.5)) { context in
                        VStack {
                            Text(String(format: "start %.2f", start.timeIntervalSince1970 - 1_767_260_460))
                            Text(String(format: "tick %.2f", context.date.timeIntervalSince1970 - 1_767_260_460))
                            Text(String(format: "now %.2f", Date().timeIntervalSince1970 - 1_767_260_460))
                        }
                    }
                }
            }
            """)
        let script = try file("probe.json", #"{"width": 200, "height": 200, "scale": 1, "fps": 10, "until": 1}"#)
        let text = try ReleaseBinary.run(
            try ReleaseBinary.url(), ["layout", source, "--view", "Probe", "--script", script, "--time", "0.7"],
            expecting: 0)
        let json = try XCTUnwrap(text.range(of: "{\"frame\"").map { String(text[$0.lowerBound...]) }, text)
        let listing = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let texts = try XCTUnwrap(listing["views"] as? [[String: Any]]).compactMap { $0["text"] as? String }
        XCTAssertEqual(texts, ["start 0.00", "tick 0.50", "now 0.50"])
    }

    func testDispatchTimersAndSleepsInTheViewsProcessKeepTheSceneClock() throws {
        // `DispatchQueue.main.async`, `asyncAfter` on both of Dispatch's clocks, and a task's sleeps measured on
        // `ContinuousClock` and `Date`: each runs at its scene time, and every duration is exact.
        let source = try file(
            "Timers.swift",
            """
            import Foundation
            import SwiftUI

            struct Timers: View {
                @State private var log: [String] = []
                var body: some View {
                    Text(log.joined(separator: ","))
                        .onAppear {
                            DispatchQueue.main.async { log.append("async") }
                            DispatchQueue.main.asyncAfter(deadline: .now() + 0.3) { log.append("after 0.3") }
                            DispatchQueue.main.asyncAfter(wallDeadline: .now() + 0.6) { log.append("wall 0.6") }
                        }
                        .task {
                            let start = ContinuousClock.now
                            try? await Task.sleep(for: .seconds(0.5))
                            log.append("slept \\(start.duration(to: .now))")
                            let date = Date()
                            try? await Task.sleep(nanoseconds: 200_000_000)
                            log.append(String(format: "date %.6f", Date().timeIntervalSince(date)))
                        }
                }
            }
            """)
        let script = try file("timers.json", #"{"width": 400, "height": 100, "scale": 1, "fps": 10}"#)
        func text(at time: String) throws -> String? {
            let output = try ReleaseBinary.run(
                try ReleaseBinary.url(), ["layout", source, "--view", "Timers", "--script", script, "--time", time],
                expecting: 0)
            let json = try XCTUnwrap(output.range(of: "{\"frame\"").map { String(output[$0.lowerBound...]) }, output)
            let listing = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
            return try XCTUnwrap(listing["views"] as? [[String: Any]]).compactMap { $0["text"] as? String }.first
        }
        XCTAssertEqual(try text(at: "0.29"), "async")
        XCTAssertEqual(try text(at: "0.5"), "async,after 0.3,slept 0.5 seconds")
        XCTAssertEqual(try text(at: "0.7"), "async,after 0.3,slept 0.5 seconds,wall 0.6,date 0.200000")
    }

    func testEvaluatingEveryFrameAgainChangesNoPixelAndTheTimingsCountTheFrames() throws {
        // What Scripts/bench times for a static component: every body evaluated and every frame drawn whole.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..")
            .standardized.path
        let source = "\(root)/Fixtures/swiftui/gallery/ProfileCard.swift"
        let script = "\(root)/Fixtures/swiftui/gallery/scripts/ProfileCard.script.json"
        let plain = work.appendingPathComponent("plain")
        let again = work.appendingPathComponent("again")
        try ReleaseBinary.run(
            try ReleaseBinary.url(), ["swiftui", source, "--script", script, "--frames", "8-12", "--out", plain.path],
            expecting: 0)
        let text = try ReleaseBinary.run(
            try ReleaseBinary.url(),
            [
                "swiftui", source, "--script", script, "--frames", "8-12", "--reevaluate", "--redraw-all", "--timings",
                "--out", again.path,
            ], expecting: 0)
        // Drawn whole, the frames before the range are only played: the five written are the five drawn.
        XCTAssertTrue(text.contains("reveal-render: rendered 5 frames, "), text)
        for frame in 8...12 {
            let name = String(format: "frame-%05d.png", frame)
            XCTAssertEqual(
                try Data(contentsOf: plain.appendingPathComponent(name)),
                try Data(contentsOf: again.appendingPathComponent(name)), name)
        }
    }

    func testLayoutNamesTheSymbolsAViewDraws() throws {
        // Through the child's stream: the like button's heart, outlined before the tap and filled after.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..")
            .standardized.path
        func symbols(at time: String) throws -> [String] {
            let text = try ReleaseBinary.run(
                try ReleaseBinary.url(),
                [
                    "layout", "\(root)/Fixtures/swiftui/gallery/LikeButton.swift", "--script",
                    "\(root)/Fixtures/swiftui/gallery/scripts/LikeButton.script.json", "--time", time,
                ], expecting: 0)
            let json = try XCTUnwrap(text.range(of: "{\"frame\"").map { String(text[$0.lowerBound...]) }, text)
            let listing = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
            return try XCTUnwrap(listing["views"] as? [[String: Any]]).compactMap { $0["symbol"] as? String }
        }
        XCTAssertEqual(try symbols(at: "0"), ["heart"])
        XCTAssertEqual(try symbols(at: "1"), ["heart.fill"])
    }

    func testASymbolWithNoDrawingIsNamedInOneWarningAndDrawsNothing() throws {
        // The player's dry run and its play evaluate the body alike; the warning is said once.
        let source = try file(
            "Missing.swift",
            """
            import SwiftUI

            #Preview {
                HStack { Image(systemName: "sparkles.tv"); Image(systemName: "heart") }
            }
            """)
        let still = work.appendingPathComponent("still.png")
        let text = try ReleaseBinary.run(
            try ReleaseBinary.url(), ["swiftui", source, "--frame", "0", "--out", still.path], expecting: 0)
        let warning = "reveal-render: warning: no drawing for the symbol \"sparkles.tv\": it draws nothing"
        XCTAssertEqual(text.components(separatedBy: warning).count - 1, 1, text)
        XCTAssertFalse(text.contains("\"heart\""), text)
    }

    func testLayoutListsTheViewsAfterTheEventsUpToTheFrame() throws {
        let (source, _) = try counter()
        let script = try file(
            "once.json", #"{"width": 200, "height": 200, "scale": 1, "fps": 10, "taps": [{"t": 0.2, "label": "Add"}]}"#)
        func views(at time: String) throws -> [[String: Any]] {
            let text = try ReleaseBinary.run(
                try ReleaseBinary.url(), ["layout", source, "--script", script, "--time", time], expecting: 0)
            let json = try XCTUnwrap(text.range(of: "{\"frame\"").map { String(text[$0.lowerBound...]) }, text)
            let listing = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
            return try XCTUnwrap(listing["views"] as? [[String: Any]])
        }
        let before = try views(at: "0")
        XCTAssertEqual(before.compactMap { $0["text"] as? String }, ["Count 0", "Add"])
        XCTAssertEqual(try views(at: "0.3").compactMap { $0["text"] as? String }, ["Count 1", "Add"])
        // The stack is centred on the 200-point screen (its safe area, "phone" by default, taken off).
        let stack = try XCTUnwrap(before.first { $0["kind"] as? String == "vstack" })
        let x = try XCTUnwrap(stack["x"] as? Double)
        let width = try XCTUnwrap(stack["width"] as? Double)
        XCTAssertEqual(x + width / 2, 100, accuracy: 1e-6)
        // Each text also says where its glyphs are drawn from: its origin on whole pixels (scale 1).
        let count = try XCTUnwrap(before.first { $0["text"] as? String == "Count 0" })
        let textX = try XCTUnwrap(count["textX"] as? Double)
        XCTAssertEqual(textX, (try XCTUnwrap(count["x"] as? Double) + 0.5).rounded(.down))
        XCTAssertEqual(
            try XCTUnwrap(count["textY"] as? Double), (try XCTUnwrap(count["y"] as? Double) + 0.5).rounded(.down))
    }

    func testItNeverWritesOverTheSwiftFilesOrTheScript() throws {
        let (source, script) = try counter()
        let before = try Data(contentsOf: URL(fileURLWithPath: source))
        let binary = try ReleaseBinary.url()
        for (output, input) in [(source, source), (script, script)] {
            let text = try ReleaseBinary.run(
                binary, ["swiftui", source, "--script", script, "--time", "0", "--out", output], expecting: 2)
            XCTAssertTrue(text.contains("\"\(input)\", an input of this render"), text)
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: source)), before)
    }

    func testShardsOfOneRunJoinIntoTheWholeRun() throws {
        let (source, _) = try counter()
        let script = try file(
            "once.json",
            #"{"width": 100, "height": 100, "scale": 1, "fps": 10, "until": 0.9, "taps": [{"t": 0.2, "label": "Add"}]}"#
        )
        let binary = try ReleaseBinary.url()
        let folder = { (name: String) in self.work.appendingPathComponent(name).path }
        try ReleaseBinary.run(
            binary, ["swiftui", source, "--script", script, "--out", folder("whole"), "-q"], expecting: 0)
        for (range, name) in [("0-4", "a"), ("5-9", "b")] {
            try ReleaseBinary.run(
                binary, ["swiftui", source, "--script", script, "--frames", range, "--out", folder(name), "-q"],
                expecting: 0)
        }
        try ReleaseBinary.run(binary, ["join", folder("a"), folder("b"), "--out", folder("joined")], expecting: 0)
        for name in (try FileManager.default.contentsOfDirectory(atPath: folder("whole"))).sorted() {
            XCTAssertEqual(
                try Data(contentsOf: URL(fileURLWithPath: folder("whole") + "/" + name)),
                try Data(contentsOf: URL(fileURLWithPath: folder("joined") + "/" + name)), name)
        }
    }

    func testScriptAndSourceErrorsExitTwoNamingWhereTheyAre() throws {
        let (source, _) = try counter()
        let binary = try ReleaseBinary.url()
        let nobody = try file("nobody.json", #"{"taps": [{"t": 1, "label": "Remove"}]}"#)
        var text = try ReleaseBinary.run(binary, ["swiftui", source, "--script", nobody, "--out", "x"], expecting: 2)
        XCTAssertTrue(
            text.hasSuffix(
                "nobody.json: taps[0]: no element VoiceOver reads is labelled \"Remove\" to tap at t = 1 s; the labels there are \"Count 0\", \"Add\"\n"
            ), text)
        let shape = try file("shape.json", #"{"taps": [{"t": 1}]}"#)
        text = try ReleaseBinary.run(binary, ["swiftui", source, "--script", shape, "--out", "x"], expecting: 2)
        XCTAssertTrue(
            text.hasSuffix(
                "shape.json: taps[0]: a tap names its target by \"label\" or by \"at\": [x, y], one of the two\n"),
            text)
        let broken = try file(
            "Broken.swift",
            "import SwiftUI\nstruct Broken: View {\n    var body: some View { Text(\"x\").sparkle() }\n}\n")
        text = try ReleaseBinary.run(binary, ["swiftui", broken, "--view", "Broken", "--out", "x"], expecting: 2)
        XCTAssertTrue(text.contains("Broken.swift:3:37: error: value of type 'Text' has no member 'sparkle'"), text)
        text = try ReleaseBinary.run(binary, ["swiftui", source, "--view", "Missing", "--out", "x"], expecting: 2)
        XCTAssertTrue(text.contains("--view Missing: no view of that name in the files"), text)
    }
}
