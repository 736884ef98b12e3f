import Foundation
import RevealPlayer
import RevealRender
import SwiftUI
import XCTest

/// Three 60-point tabs in a row; a tap on the third at 0.2 s selects it inside a 1-second linear animation.
private let tabs: ViewScript = {
    var script = ViewScript(width: 180, height: 30, scale: 1, fps: 10, safeArea: Insets())
    script.taps = [.init(t: 0.2, target: .point(x: 150, y: 15))]
    return script
}()

private let red = SwiftUI.Color(red: 1, green: 0, blue: 0)

/// A red rectangle that follows the selected tab: not a source, it takes the frame of the tab of its id.
private struct Follower: SwiftUI.View {
    @Namespace private var tabs
    @State private var selected = 0

    var body: some SwiftUI.View {
        HStack(spacing: 0) {
            ForEach(0..<3, id: \.self) { index in
                SwiftUI.Color.clear.frame(width: 60, height: 30)
                    .matchedGeometryEffect(id: index, in: tabs)
                    .contentShape(Rectangle())
                    .onTapGesture { withAnimation(.linear(duration: 1)) { selected = index } }
            }
        }
        .background(red.matchedGeometryEffect(id: selected, in: tabs, isSource: false))
    }
}

/// A red rectangle filling the selected tab only (the third tab is 40 points wide): when another tab is
/// selected, the new one starts from the old one's frame.
private struct Inserted: SwiftUI.View {
    @Namespace private var tabs
    @State private var selected = 0

    var body: some SwiftUI.View {
        HStack(spacing: 0) {
            ForEach(0..<3, id: \.self) { index in
                ZStack {
                    if selected == index { red.matchedGeometryEffect(id: "pill", in: tabs) }
                }
                .frame(width: index == 2 ? 40 : 60, height: 30)
                .contentShape(Rectangle())
                .onTapGesture { withAnimation(.linear(duration: 1)) { selected = index } }
            }
        }
    }
}

/// A red rectangle following a tab that a view inserted before it pushes 60 points right (the tap inserts
/// it inside the animation, with no transition of its own).
private struct Pushed: SwiftUI.View {
    @Namespace private var space
    @State private var pushed = false

    var body: some SwiftUI.View {
        HStack(spacing: 0) {
            if pushed { SwiftUI.Color.clear.frame(width: 60, height: 30) }
            SwiftUI.Color.clear.frame(width: 60, height: 30).matchedGeometryEffect(id: "tab", in: space)
        }
        .frame(maxWidth: .infinity, alignment: .leading)
        .background(red.matchedGeometryEffect(id: "tab", in: space, isSource: false))
        .contentShape(Rectangle())
        .onTapGesture { withAnimation(.linear(duration: 1)) { pushed = true } }
    }
}

/// The first and last red columns across the middle row of a frame.
private func redSpan(_ frame: Pixmap) -> ClosedRange<Int>? {
    let reds = (0..<frame.width).filter { x in
        frame.pixel(x: x, y: 15).map { $0.r == 255 && $0.g == 0 } ?? false
    }
    guard let first = reds.first, let last = reds.last else { return nil }
    return first...last
}

/// `matchedGeometryEffect` within one view: a view that is not the source follows the source's frame, and a
/// source inserted as another of its group goes starts from that one's frame; both animate.
final class MatchedGeometryTests: XCTestCase {
    func testAViewThatIsNotTheSourceFollowsTheSourceOfItsId() throws {
        try MainActor.assumeIsolated {
            var player = ViewPlayer(script: tabs) { Follower() }
            XCTAssertEqual(redSpan(try player.render(frame: 1)), 0...59, "on the first tab")
            // Half way through the animation (0.7 s): half of the 120 points to the third tab.
            XCTAssertEqual(redSpan(try player.render(frame: 7)), 60...119)
            XCTAssertEqual(redSpan(try player.render(frame: 13)), 120...179, "on the third tab")
        }
    }

    func testAFollowerAnimatesWhenLayoutMovesItsSourceInsideAnAnimation() throws {
        try MainActor.assumeIsolated {
            var player = ViewPlayer(script: tabs) { Pushed() }
            XCTAssertEqual(redSpan(try player.render(frame: 1)), 0...59)
            // The source moved at once; the follower, evaluated again in the tap's transaction, is half way.
            XCTAssertEqual(redSpan(try player.render(frame: 7)), 30...89)
            XCTAssertEqual(redSpan(try player.render(frame: 13)), 60...119)
        }
    }

    func testASourceInsertedAsAnotherGoesStartsFromItsFrame() throws {
        try MainActor.assumeIsolated {
            var player = ViewPlayer(script: tabs) { Inserted() }
            // The 160 points of tabs are centred: they start at 10.
            XCTAssertEqual(redSpan(try player.render(frame: 1)), 10...69)
            // Half way: the origin half of the way from 10 to the third tab's 130, the width half way from 60
            // to 40.
            XCTAssertEqual(redSpan(try player.render(frame: 7)), 70...119)
            XCTAssertEqual(redSpan(try player.render(frame: 13)), 130...169)
        }
    }
}
