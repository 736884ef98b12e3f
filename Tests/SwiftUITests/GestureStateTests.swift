import Foundation
import RevealPlayer
import RevealRender
import SwiftUI
import XCTest

/// A finger down at (50, 20), moving 30 points right over 0.3 s, lifting at 0.4 s.
private let screen = ViewScript(
    width: 100, height: 40, scale: 1, fps: 10, safeArea: Insets(),
    touches: [
        .init(points: [
            TouchSample(x: 50, y: 20, t: 0.1), TouchSample(x: 65, y: 20, t: 0.2), TouchSample(x: 80, y: 20, t: 0.3),
            TouchSample(x: 80, y: 20, t: 0.4),
        ])
    ])

/// A 10-point red square in the middle that follows a drag while the finger is down.
private struct Draggable: SwiftUI.View {
    @GestureState private var offset = CGSize.zero

    var body: some SwiftUI.View {
        SwiftUI.Color(red: 1, green: 0, blue: 0).frame(width: 10, height: 10)
            .offset(offset)
            .frame(width: 100, height: 40)
            .contentShape(Rectangle())
            .gesture(DragGesture(minimumDistance: 0).updating($offset) { value, state, _ in state = value.translation })
    }
}

/// `@GestureState` with `updating`: set at each change of the drag, back to its initial value when it ends.
final class GestureStateTests: XCTestCase {
    func testAGestureStateFollowsTheDragAndResetsWhenItEnds() throws {
        try MainActor.assumeIsolated {
            var player = ViewPlayer(script: screen) { Draggable() }
            func redLeft(_ frame: Int) throws -> Int? {
                let pixels = try player.render(frame: frame)
                return (0..<100).first { pixels.pixel(x: $0, y: 20)?.g == 0 && pixels.pixel(x: $0, y: 20)?.r == 255 }
            }
            XCTAssertEqual(try redLeft(0), 45)
            XCTAssertEqual(try redLeft(2), 60)
            XCTAssertEqual(try redLeft(3), 75)
            XCTAssertEqual(try redLeft(5), 45, "back where it was once the finger lifts")
        }
    }
}
