import Foundation
import RevealPlayer
import RevealRender
import SwiftUI
import XCTest

/// Each subview at its ideal size, the next 10 points right and 5 below the one before; the third (if any)
/// left unplaced. Its size is the sum of the steps and the last subview's size.
private struct Stairs: Layout {
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) -> CGSize {
        let last = subviews.prefix(2).last?.sizeThatFits(.unspecified) ?? .zero
        let steps = CGFloat(max(min(subviews.count, 2) - 1, 0))
        return CGSize(width: last.width + 10 * steps, height: last.height + 5 * steps)
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) {
        for (index, subview) in subviews.prefix(2).enumerated() {
            subview.place(
                at: CGPoint(x: bounds.minX + 10 * CGFloat(index), y: bounds.minY + 5 * CGFloat(index)),
                proposal: .unspecified)
        }
    }
}

/// A layout whose code answers sizes that are not numbers.
private struct Broken: Layout {
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) -> CGSize {
        CGSize(width: CGFloat.nan, height: -CGFloat.infinity)
    }
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) {
        subviews.first?.place(at: CGPoint(x: CGFloat.nan, y: 0), proposal: .unspecified)
    }
}

/// A label that counts its taps, so that a change of layout around it shows whether its state lives on.
private struct Counter: SwiftUI.View {
    @State private var taps = 0
    var body: some SwiftUI.View {
        Text("taps \(taps)").frame(width: 40, height: 20).contentShape(Rectangle()).onTapGesture { taps += 1 }
    }
}

/// `Stairs` at the top leading corner of a 100 × 100 screen, or a VStackLayout once `stacked`.
private struct Host: SwiftUI.View {
    let stacked: Bool
    var body: some SwiftUI.View {
        let layout = stacked ? AnyLayout(VStackLayout(spacing: 0)) : AnyLayout(Stairs())
        layout {
            Counter()
            SwiftUI.Color.black.frame(width: 20, height: 10)
            SwiftUI.Color.black.frame(width: 4, height: 4)
        }
        .frame(width: 100, height: 100, alignment: .topLeading)
    }
}

/// A toggle of the layout by a tap at 0.5 s, after a tap on the counter at 0.2 s.
private struct Switching: SwiftUI.View {
    @State private var stacked = false
    var body: some SwiftUI.View {
        VStack(spacing: 0) {
            Host(stacked: stacked)
            SwiftUI.Color.white.frame(width: 100, height: 20).contentShape(Rectangle()).onTapGesture { stacked = true }
        }
    }
}

private let screen = ViewScript(
    width: 100, height: 120, scale: 1, fps: 10, safeArea: Insets(),
    taps: [.init(t: 0.2, target: .point(x: 20, y: 10)), .init(t: 0.5, target: .point(x: 50, y: 110))])

@MainActor private func frames(_ views: [LaidOutView], kind: String) -> [Rect] {
    views.filter { $0.kind == kind }.map(\.frame)
}

/// The `Layout` protocol: a layout of your own sizes and places its subviews through proxies, `AnyLayout`
/// switches layouts keeping the views inside, and a layout's bad numbers draw nothing rather than trap.
final class CustomLayoutTests: XCTestCase {
    func testALayoutOfYourOwnPlacesItsSubviewsWhereItsCodeSays() throws {
        try MainActor.assumeIsolated {
            let player = ViewPlayer(script: screen) { Switching() }
            let views = try player.layout(at: 0.1)
            let layout = try XCTUnwrap(views.first { $0.kind == "layout" })
            // Its size is what sizeThatFits answered: 20 + 10 wide, 10 + 5 high, at the top leading corner.
            XCTAssertEqual(layout.frame, Rect(x: 0, y: 0, width: 30, height: 15))
            let text = try XCTUnwrap(views.first { $0.text == "taps 0" })
            XCTAssertEqual(text.frame.x, 0, accuracy: 20)
            // The bar's frame: placed 10 right and 5 down; the third, unplaced, centred in the layout.
            let colors = frames(views, kind: "frame").filter { $0.width == 20 && $0.height == 10 || $0.width == 4 }
            XCTAssertEqual(
                colors, [Rect(x: 10, y: 5, width: 20, height: 10), Rect(x: 13, y: 5.5, width: 4, height: 4)])
        }
    }

    func testAnyLayoutSwitchesLayoutsAndKeepsTheViewsInside() throws {
        try MainActor.assumeIsolated {
            let player = ViewPlayer(script: screen) { Switching() }
            XCTAssertNotNil(try player.layout(at: 0.3).first { $0.text == "taps 1" })
            let views = try player.layout(at: 0.6)
            // Stacked now, one under the other, and the counter still counts one tap.
            XCTAssertNotNil(views.first { $0.text == "taps 1" })
            XCTAssertNil(views.first { $0.kind == "layout" })
            let bar = frames(views, kind: "frame").first { $0.width == 20 && $0.height == 10 }
            XCTAssertEqual(bar?.y, 20)
        }
    }

    func testALayoutThatAnswersNoNumbersDrawsNothingRatherThanTrapping() throws {
        try MainActor.assumeIsolated {
            let player = ViewPlayer(script: ViewScript(width: 50, height: 50, scale: 1, fps: 10, safeArea: Insets())) {
                Broken { SwiftUI.Color.black.frame(width: 10, height: 10) }
            }
            let layout = try XCTUnwrap(player.layout(at: 0).first { $0.kind == "layout" })
            XCTAssertEqual(layout.frame.width, 0)
            XCTAssertEqual(layout.frame.height, 0)
        }
    }
}
