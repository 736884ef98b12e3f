import Foundation
import RevealPlayer
import RevealRender
import SwiftUI
import XCTest

/// A 100×100-point screen at 1×, with no safe area.
private let screen = ViewScript(width: 100, height: 100, scale: 1, fps: 10, safeArea: Insets())

@MainActor private func render(_ view: @escaping @MainActor () -> any SwiftUI.View) throws -> Pixmap {
    var player = ViewPlayer(script: screen, view: view)
    return try player.render(frame: 0)
}

private func rgb(_ pixels: Pixmap, _ x: Int, _ y: Int) -> [Int] {
    guard let p = pixels.pixel(x: x, y: y) else { return [] }
    return [Int(p.r), Int(p.g), Int(p.b)]
}

private func near(_ a: [Int], _ b: [Int], within tolerance: Int = 1) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
}

/// What the views' actions saw.
@MainActor private final class Seen {
    var values: [Any] = []
}

private struct Total: PreferenceKey {
    static let defaultValue = 0
    static func reduce(value: inout Int, nextValue: () -> Int) { value += nextValue() }
}

private struct Names: PreferenceKey {
    static let defaultValue: [String] = []
    static func reduce(value: inout [String], nextValue: () -> [String]) { value += nextValue() }
}

private struct Measured: PreferenceKey {
    static let defaultValue = CGSize.zero
    static func reduce(value: inout CGSize, nextValue: () -> CGSize) { value = nextValue() }
}

/// A modifier that measures its content with a reader behind it, as real code does, and shows the size it
/// was told as its frame.
private struct MeasuredFrame: ViewModifier {
    let seen: Seen
    @State private var size = CGSize.zero
    func body(content: Content) -> some View {
        GeometryReader { _ in
            content
                .background(GeometryReader { proxy in Color.clear.preference(key: Measured.self, value: proxy.size) })
                .onPreferenceChange(Measured.self) { size = $0 }
        }
        .frame(width: size.width, height: size.height)
        .onChange(of: size) { seen.values.append($1) }
    }
}

/// Preferences (`PreferenceKey`, `preference`, `transformPreference`, `onPreferenceChange`), `@ScaledMetric`,
/// `MeshGradient`, gauge styles, shape styles with an opacity or a shadow, and text drawn into a canvas, each
/// against values worked out by hand from what SwiftUI documents.
final class PreferenceAndStyleTests: XCTestCase {
    func testPreferencesReduceInViewOrderAndReachTheWatcherAfterLayout() throws {
        try MainActor.assumeIsolated {
            let seen = Seen()
            _ = try render {
                VStack {
                    Rectangle().preference(key: Total.self, value: 2)
                    Circle().preference(key: Total.self, value: 3)
                    // Set inside a reader: known only once laid out.
                    GeometryReader { proxy in Rectangle().preference(key: Total.self, value: Int(proxy.size.width)) }
                    Text("a").preference(key: Names.self, value: ["a"])
                    Text("b").preference(key: Names.self, value: ["b"])
                        // The value the views inside reduce to, changed.
                        .transformPreference(Names.self) { $0 = $0.map { $0.uppercased() } }
                }
                .onPreferenceChange(Total.self) { seen.values.append($0) }
                .onPreferenceChange(Names.self) { seen.values.append($0) }
            }
            // Each watcher once, with the value first known (the player's dry run and its frame each play the
            // view from the start, so the pair comes twice).
            XCTAssertEqual(seen.values.count, 4)
            XCTAssertEqual(seen.values.compactMap { $0 as? Int }, [2 + 3 + 100, 2 + 3 + 100])
            XCTAssertEqual(seen.values.compactMap { $0 as? [String] }, [["a", "B"], ["a", "B"]])
        }
    }

    func testAPlaceholderInsideAReaderIsTheModifiersContent() throws {
        try MainActor.assumeIsolated {
            let seen = Seen()
            let pixels = try render {
                Color.red.frame(width: 40, height: 30).modifier(MeasuredFrame(seen: seen))
            }
            // The reader's size came back through the preference: the frame is the content's.
            XCTAssertEqual(seen.values.last as? CGSize, CGSize(width: 40, height: 30))
            XCTAssertEqual(rgb(pixels, 50, 50), [255, 59, 48], "the content is drawn, centred")
        }
    }

    func testScaledMetricFollowsTheDynamicTypeSizeOfItsTextStyle() throws {
        struct Probe: View {
            let seen: Seen
            @ScaledMetric var body17 = 17.0
            @ScaledMetric(relativeTo: .caption2) var caption = 11.0
            var body: some View { Color.clear.onAppear { seen.values += [body17, caption] } }
        }
        try MainActor.assumeIsolated {
            let seen = Seen()
            _ = try render {
                VStack {
                    Probe(seen: seen)
                    Probe(seen: seen).dynamicTypeSize(.accessibility3)
                    Probe(seen: seen).dynamicTypeSize(...DynamicTypeSize.small).dynamicTypeSize(.xxxLarge)
                }
            }
            // The HIG's table: body 17 at Large, 40 at AX3, 15 at Small; caption 2 is 11, 29, 11.
            // (The player's dry run and its frame each show the views once.)
            XCTAssertEqual(Array(seen.values.compactMap { $0 as? Double }.prefix(6)), [17, 11, 40, 29, 15, 11])
        }
    }

    func testATwoByTwoMeshIsTheBilinearBlendOfItsCorners() throws {
        try MainActor.assumeIsolated {
            let pixels = try render {
                MeshGradient(
                    width: 2, height: 2, points: [[0, 0], [1, 0], [0, 1], [1, 1]],
                    colors: [
                        Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 1, blue: 0),
                        Color(red: 0, green: 0, blue: 1), Color(red: 1, green: 1, blue: 1),
                    ])
            }
            // With one cell, the Catmull-Rom tangents are the edges themselves and the Hermite patch is
            // bilinear: at the pixel centre (u, v) each channel is the corners weighted (1−u)(1−v), u(1−v), …
            for (x, y) in [(0, 0), (49, 49), (10, 80), (90, 20), (99, 99)] {
                let u = (Double(x) + 0.5) / 100
                let v = (Double(y) + 0.5) / 100
                let red = (1 - u) * (1 - v) + u * v
                let green = u * (1 - v) + u * v
                let blue = (1 - u) * v + u * v
                let expected = [red, green, blue].map { Int(($0 * 255).rounded()) }
                XCTAssertTrue(near(rgb(pixels, x, y), expected), "(\(x), \(y)): \(rgb(pixels, x, y)) vs \(expected)")
            }
        }
    }

    func testAMeshBendsItsColorsThroughThePointsWithCatmullRomTangents() throws {
        try MainActor.assumeIsolated {
            // Evenly spaced points (the surface's positions are then linear) colored black, white, black
            // across every row: along a row the color is the Hermite curve with Catmull-Rom tangents 1 at the
            // first point, 0 at the middle one. At pixel 25 (u = 0.51 of the first cell) that is
            // h10(0.51)·1 + h01(0.51)·1 = 0.122451 + 0.514998 = 0.637449 (163 of 255), where a bilinear
            // blend would give 0.51 (130).
            let pixels = try render {
                MeshGradient(
                    width: 3, height: 2, points: [[0, 0], [0.5, 0], [1, 0], [0, 1], [0.5, 1], [1, 1]],
                    colors: [.black, .white, .black, .black, .white, .black])
            }
            XCTAssertTrue(near(rgb(pixels, 25, 50), [163, 163, 163], within: 2), "\(rgb(pixels, 25, 50))")
            XCTAssertTrue(near(rgb(pixels, 74, 50), [163, 163, 163], within: 2), "\(rgb(pixels, 74, 50))")
        }
    }

    func testAMeshPointPullsTheColorsWithIt() throws {
        try MainActor.assumeIsolated {
            // The middle point moved right: left of it the top row's color reaches further down.
            let pixels = try render {
                MeshGradient(
                    width: 3, height: 3,
                    points: [
                        [0, 0], [0.5, 0], [1, 0], [0, 0.5], [0.8, 0.5], [1, 0.5], [0, 1], [0.5, 1], [1, 1],
                    ],
                    colors: [.black, .black, .black, .white, .white, .white, .black, .black, .black])
            }
            XCTAssertTrue(near(rgb(pixels, 80, 50), [255, 255, 255], within: 2))
            XCTAssertTrue(near(rgb(pixels, 0, 50), [255, 255, 255], within: 2))
            XCTAssertTrue(near(rgb(pixels, 50, 0), [0, 0, 0], within: 4), "\(rgb(pixels, 50, 0))")
        }
    }

    func testAGaugeStyleBuildsTheGaugeFromItsFraction() throws {
        struct Bar: GaugeStyle {
            func makeBody(configuration: Configuration) -> some View {
                Color.red.frame(width: 100 * configuration.value, height: 10)
                    .frame(maxWidth: .infinity, alignment: .leading)
            }
        }
        try MainActor.assumeIsolated {
            let pixels = try render {
                Gauge(value: 30, in: 20...70) { Text("Level") }.gaugeStyle(Bar())
            }
            // (30 − 20) / (70 − 20) = 0.2 of the range: 20 points of red.
            XCTAssertEqual(rgb(pixels, 19, 50), [255, 59, 48])
            XCTAssertEqual(rgb(pixels, 20, 50), [255, 255, 255])
        }
    }

    func testAStyleCarriesItsOwnOpacityAndShadow() throws {
        try MainActor.assumeIsolated {
            let pixels = try render {
                Rectangle()
                    .fill(
                        LinearGradient(colors: [.black, .black], startPoint: .top, endPoint: .bottom).opacity(0.5)
                            .shadow(.drop(color: .black, radius: 0, x: 20, y: 0))
                    )
                    .frame(width: 40, height: 40)
            }
            // Black at half opacity over white is 128 (the shadow under it too, composited first).
            XCTAssertTrue(near(rgb(pixels, 50, 50), [64, 64, 64], within: 2), "\(rgb(pixels, 50, 50))")
            // The drop shadow, 20 points right of the shape, is the style's alpha in its color.
            XCTAssertTrue(near(rgb(pixels, 75, 50), [128, 128, 128], within: 2), "\(rgb(pixels, 75, 50))")
            XCTAssertEqual(rgb(pixels, 95, 50), [255, 255, 255], "the shadow ends 20 points right of the shape")
        }
    }

    func testTextDrawnIntoACanvasSitsByItsAnchor() throws {
        try MainActor.assumeIsolated {
            @MainActor func ink(_ anchor: UnitPoint) throws -> (minX: Int, minY: Int, maxX: Int, maxY: Int) {
                let pixels = try render {
                    Canvas { context, size in
                        context.fill(Path(CGRect(origin: .zero, size: size)), with: .color(.white))
                        context.draw(Text("MM").foregroundColor(.black), at: CGPoint(x: 50, y: 50), anchor: anchor)
                    }
                }
                var box = (minX: 100, minY: 100, maxX: -1, maxY: -1)
                for y in 0..<100 {
                    for x in 0..<100 where rgb(pixels, x, y)[0] < 128 {
                        box = (min(box.minX, x), min(box.minY, y), max(box.maxX, x), max(box.maxY, y))
                    }
                }
                return box
            }
            let topLeading = try ink(.topLeading)
            XCTAssertTrue(topLeading.minX >= 50 && topLeading.minX < 53 && topLeading.minY > 50, "\(topLeading)")
            let bottomTrailing = try ink(.bottomTrailing)
            XCTAssertTrue(bottomTrailing.maxX < 50 && bottomTrailing.maxX > 46 && bottomTrailing.maxY < 50)
            let centre = try ink(.center)
            XCTAssertLessThanOrEqual(abs((centre.minX + centre.maxX) - 99), 2, "\(centre)")
        }
    }

    func testAGroupEffectDrawsWhatItsContentReachesFarPastItsFrame() throws {
        // An offset moves drawing, not layout: under opacity, a blur or a shadow the square is drawn whole
        // 80 points past its 10-point frame (the layer once stopped 64 points out).
        try MainActor.assumeIsolated {
            for effect in ["opacity", "blur", "shadow"] {
                let pixels = try render {
                    ZStack(alignment: .topLeading) {
                        Color.white
                        let square = Rectangle().fill(.black).frame(width: 10, height: 10).offset(x: 80, y: 80)
                        switch effect {
                        case "opacity": square.opacity(0.5)
                        case "blur": square.blur(radius: 0.01)
                        default: square.shadow(color: .clear, radius: 0)
                        }
                    }
                }
                let expected = effect == "opacity" ? [128, 128, 128] : [0, 0, 0]
                XCTAssertTrue(near(rgb(pixels, 85, 85), expected, within: 2), "\(effect): \(rgb(pixels, 85, 85))")
                XCTAssertTrue(near(rgb(pixels, 89, 89), expected, within: 2), "\(effect): \(rgb(pixels, 89, 89))")
            }
        }
    }

    func testAForegroundStyleAroundABorderlessButtonColorsItsLabelInsteadOfTheTint() throws {
        // A black block of text in the label: tinted blue by default, black under `.foregroundStyle(.black)`.
        try MainActor.assumeIsolated {
            func darkest(_ pixels: Pixmap) -> [Int] {
                var best = [255, 255, 255]
                for y in 0..<100 {
                    for x in 0..<100 where rgb(pixels, x, y).reduce(0, +) < best.reduce(0, +) {
                        best = rgb(pixels, x, y)
                    }
                }
                return best
            }
            let tinted = darkest(try render { Button("MMM") {}.font(.system(size: 30, weight: .black)) })
            XCTAssertTrue(tinted[2] > 200 && tinted[0] < 60, "the default label is in the tint: \(tinted)")
            let styled = darkest(
                try render { Button("MMM") {}.font(.system(size: 30, weight: .black)).foregroundStyle(.black) })
            XCTAssertEqual(styled, [0, 0, 0], "the label takes the foreground style around it")
        }
    }

    func testACanvasRendererRunsOnceAFrameWithTheViewsItDrawsAndWithout() throws {
        // The overlay of drawn views and the drawing share one run of the renderer at the canvas's size.
        try MainActor.assumeIsolated {
            for drawsText in [false, true] {
                let runs = Seen()
                // With an end given, the player makes no dry run: one frame is one evaluation and layout.
                var script = screen
                script.until = 0
                var player = ViewPlayer(script: script) {
                    Canvas { context, size in
                        runs.values.append(size)
                        context.fill(Path(CGRect(origin: .zero, size: size)), with: .color(.white))
                        if drawsText { context.draw(Text("M"), at: CGPoint(x: 50, y: 50)) }
                    }
                }
                _ = try player.render(frame: 0)
                XCTAssertEqual(runs.values.count, 1, (drawsText ? "with text " : "without text ") + "\(runs.values)")
            }
        }
    }
}
