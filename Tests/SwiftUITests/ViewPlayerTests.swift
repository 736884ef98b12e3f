import RevealPlayer
import RevealRender
import SwiftUI
import XCTest

/// A counter whose button adds one; its label says the count.
private struct Counter: SwiftUI.View {
    @State private var count = 0
    var body: some SwiftUI.View {
        VStack(spacing: 12) {
            Text("Count \(count)")
            Button("Add") { count += 1 }
                .buttonStyle(.bordered)
        }
    }
}

/// Turns, scales, offsets, frames and padding no screen can hold: not numbers, infinite, far past any size.
private struct Extremes: SwiftUI.View {
    var body: some SwiftUI.View {
        VStack {
            Text("Not a number").rotationEffect(.radians(.nan))
            Circle().fill(Color.blue).frame(width: 20, height: 20).scaleEffect(1e300)
            Text("Infinitely far").offset(x: .infinity)
            Rectangle().fill(Color.red).frame(width: 20, height: 20).scaleEffect(x: 0, y: 1)
            Color.green.frame(width: .nan, height: 10)
            Text("Padded").padding(.infinity)
            Text("Kept").font(.headline)
        }
    }
}

/// A counter inside a view whose "Start over" gives it a new `.id`, as the scratch demo's "Try again" does.
private struct Rounds: SwiftUI.View {
    @State private var round = 0
    var body: some SwiftUI.View {
        VStack {
            Counter().id(round)
            Button("Start over") { round += 1 }
        }
    }
}

/// A canvas that erases the lines a finger draws from a black fill, as the scratch card's mask does.
private struct Eraser: SwiftUI.View {
    @State private var strokes: [[CGPoint]] = []
    var body: some SwiftUI.View {
        Canvas { context, size in
            context.fill(Path(CGRect(origin: .zero, size: size)), with: .color(.black))
            context.blendMode = .destinationOut
            for stroke in strokes {
                var path = Path()
                path.addLines(stroke)
                context.stroke(path, with: .color(.black), style: StrokeStyle(lineWidth: 10, lineCap: .round))
            }
        }
        .frame(width: 100, height: 100)
        .gesture(
            DragGesture(minimumDistance: 0)
                .onChanged { value in
                    if value.location == value.startLocation { strokes.append([]) }
                    strokes[strokes.count - 1].append(value.location)
                })
    }
}

/// A 200×200-point screen at 1×, 10 frames a second, with no safe area.
private let phone = ViewScript(width: 200, height: 200, scale: 1, fps: 10, safeArea: Insets())

/// XCTest on Linux runs each test on the main thread, but cannot call a `@MainActor` test method: the
/// tests assume the main actor instead.
final class ViewPlayerTests: XCTestCase {

    func testAButtonTappedByItsLabelRunsItsActionAndTheBodyIsEvaluatedAgain() throws {
        try MainActor.assumeIsolated {
            var script = phone
            script.taps = [.init(t: 0.5, target: .label("Add")), .init(t: 0.7, target: .label("Add"))]
            let player = ViewPlayer(script: script) { Counter() }
            XCTAssertEqual(try player.accessibilityElements(at: 0.4).map(\.label), ["Count 0", "Add"])
            XCTAssertEqual(try player.accessibilityElements(at: 0.5).map(\.label), ["Count 1", "Add"])
            XCTAssertEqual(try player.accessibilityElements(at: 0.7).map(\.label), ["Count 2", "Add"])
        }
    }

    func testATapOutsideAButtonDoesNothing() throws {
        try MainActor.assumeIsolated {
            var script = phone
            script.taps = [.init(t: 0.5, target: .point(x: 5, y: 5))]
            let player = ViewPlayer(script: script) { Counter() }
            XCTAssertEqual(try player.accessibilityElements(at: 1).map(\.label), ["Count 0", "Add"])
        }
    }

    func testANewIDStartsTheViewsStateOver() throws {
        try MainActor.assumeIsolated {
            var script = phone
            script.taps = [
                .init(t: 0.1, target: .label("Add")), .init(t: 0.2, target: .label("Add")),
                .init(t: 0.3, target: .label("Start over")),
            ]
            let player = ViewPlayer(script: script) { Rounds() }
            XCTAssertEqual(try player.accessibilityElements(at: 0.2).first?.label, "Count 2")
            // SwiftUI's rule: a new `.id` is a new view, whose @State starts from its initial value.
            XCTAssertEqual(try player.accessibilityElements(at: 0.3).first?.label, "Count 0")
        }
    }

    func testAVoiceOverActivateRunsTheButtonsAction() throws {
        try MainActor.assumeIsolated {
            var script = phone
            script.accessibility = [.init(t: 0.2, label: "Add")]
            let player = ViewPlayer(script: script) { Counter() }
            XCTAssertEqual(try player.accessibilityElements(at: 0.2).first?.label, "Count 1")
        }
    }

    func testADragErasesWhatTheCanvasFilledAlongItsPath() throws {
        try MainActor.assumeIsolated {
            var script = phone
            // The canvas is centred: its 100×100 frame starts at (50, 50).
            script.touches = [
                .init(points: [
                    TouchSample(x: 60, y: 100, t: 0.1), TouchSample(x: 100, y: 100, t: 0.2),
                    TouchSample(x: 140, y: 100, t: 0.3),
                ])
            ]
            var player = ViewPlayer(script: script) { Eraser() }
            let before = try player.render(frame: 0)
            XCTAssertEqual(before.pixel(x: 100, y: 100), PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255))
            let after = try player.render(frame: 3)
            // Erased along the line, to white underneath (the screen's background); untouched 20 points off it.
            XCTAssertEqual(after.pixel(x: 100, y: 100), PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255))
            XCTAssertEqual(after.pixel(x: 139, y: 100), PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255))
            XCTAssertEqual(after.pixel(x: 100, y: 120), PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255))
            // The round cap reaches 5 points past the last point, no further.
            XCTAssertEqual(after.pixel(x: 147, y: 100), PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255))
        }
    }

    func testTransformsNoScreenCanHoldDrawWithoutTrapping() throws {
        // Drawn, not trapped: the library runs in a user's test process. A value that is not a number draws
        // as no turn, and the text after them is drawn where it belongs.
        let script = ViewScript(width: 160, height: 200, scale: 2, fps: 10, safeArea: Insets())
        let frame = try MainActor.assumeIsolated { () throws -> Pixmap in
            var player = ViewPlayer(script: script) { Extremes() }
            return try player.render(frame: 0)
        }
        XCTAssertEqual(frame.width, 320)
        let kept = try MainActor.assumeIsolated {
            try ViewPlayer(script: script) { Extremes() }.layout(at: 0).first { $0.text == "Kept" }
        }
        XCTAssertNotNil(kept)
    }
}
