import Foundation
import RevealPlayer
import RevealRender
import SwiftUI
import XCTest

/// A counter from `from` to `to`, changed by a tap at 0 s inside a 1-second linear animation.
private struct Counter: SwiftUI.View {
    @State private var value: Int
    let to: Int
    let transition: (Int) -> ContentTransition

    init(from: Int, to: Int, transition: @escaping (Int) -> ContentTransition) {
        _value = State(initialValue: from)
        self.to = to
        self.transition = transition
    }

    var body: some SwiftUI.View {
        Text("\(value)")
            .font(.system(size: fontSize))
            .contentTransition(transition(value))
            .frame(width: 120, height: 80)
            .contentShape(Rectangle())
            .onTapGesture { withAnimation(.linear(duration: 1)) { value = to } }
    }
}

/// Columns of characters, each one character or two stacked (the old one, then the new), placed by hand:
/// what the numeric roll should draw.
private struct Columns: SwiftUI.View {
    let columns: [(old: String?, new: String?, oldLines: CGFloat, newLines: CGFloat, fraction: Double)]
    let lineHeight: CGFloat

    var body: some SwiftUI.View {
        HStack(spacing: 0) {
            ForEach(0..<columns.count, id: \.self) { index in
                let column = columns[index]
                ZStack {
                    if let old = column.old {
                        Text(old).offset(y: column.oldLines * lineHeight).opacity(1 - column.fraction)
                    }
                    if let new = column.new {
                        Text(new).offset(y: column.newLines * lineHeight).opacity(column.fraction)
                    }
                }
            }
        }
        .font(.system(size: fontSize))
        .frame(width: 120, height: 80)
    }
}

/// A size whose line is 36 points in Inter (1239/1024 of the size, ascender to descender): a quarter line
/// is then 18 whole pixels at 2x, so the roll's moves land on the same pixels as the offsets of the hand-made
/// reference (an offset moves the layout, and text is drawn from its origin on whole pixels).
private let fontSize: CGFloat = 36 * 1024 / 1239

/// Fails when the frames differ, writing both to the temporary folder to look at.
private func assertSame(_ frame: Pixmap, _ expected: Pixmap, _ name: String, line: UInt = #line) throws {
    guard frame != expected else { return }
    let folder = NSTemporaryDirectory()
    try Data(PNG.encode(frame)).write(to: URL(fileURLWithPath: folder + name + "-actual.png"))
    try Data(PNG.encode(expected)).write(to: URL(fileURLWithPath: folder + name + "-expected.png"))
    XCTFail("\(name): the frames differ (written to \(folder)\(name)-actual.png and -expected.png)", line: line)
}

/// The height of a line of the counter's text, from the listing of a text at rest.
@MainActor private func lineHeight(_ text: String) throws -> Double {
    let player = ViewPlayer(script: tapped) { Text(text).font(.system(size: fontSize)) }
    return try XCTUnwrap(try player.layout(at: 0).first { $0.text == text }?.frame.height)
}

private let tapped: ViewScript = {
    var script = ViewScript(width: 120, height: 80, scale: 2, fps: 4, safeArea: Insets())
    script.taps = [.init(t: 0, target: .point(x: 60, y: 40))]
    return script
}()

/// `contentTransition`: `.numericText` rolls the characters that change, `.identity` shows the new text at
/// once, `.opacity` cross-fades.
final class ContentTransitionTests: XCTestCase {
    func testNumericTextRollsEachChangedDigitHalfALineAtHalfway() throws {
        try MainActor.assumeIsolated {
            var counter = ViewPlayer(script: tapped) { Counter(from: 19, to: 20) { _ in .numericText() } }
            let line = try lineHeight("20")
            // Half way (frame 2, 0.5 s): every digit changed; the old ones half a line up, the new half a
            // line below, each at half opacity.
            var reference = ViewPlayer(script: tapped) {
                Columns(
                    columns: [("1", "2", -0.5, 0.5, 0.5), ("9", "0", -0.5, 0.5, 0.5)], lineHeight: CGFloat(line))
            }
            try assertSame(try counter.render(frame: 2), try reference.render(frame: 2), "numeric-halfway")
            // VoiceOver reads the new number as one text meanwhile.
            XCTAssertEqual(try counter.currentAccessibility().map(\.label), ["20"])
        }
    }

    func testADigitThatStaysPutStaysAndCountingDownRollsTheOtherWay() throws {
        try MainActor.assumeIsolated {
            var counter = ViewPlayer(script: tapped) {
                Counter(from: 11, to: 10) { .numericText(value: Double($0)) }
            }
            let line = try lineHeight("10")
            // A quarter of the way (frame 1): the tens stay; the units roll down, the old 1 a quarter line
            // below, the new 0 three quarters of a line above.
            var reference = ViewPlayer(script: tapped) {
                Columns(
                    columns: [(nil, "1", 0, 0, 1), ("1", "0", 0.25, -0.75, 0.25)], lineHeight: CGFloat(line))
            }
            try assertSame(try counter.render(frame: 1), try reference.render(frame: 1), "numeric-down")
        }
    }

    func testIdentityShowsTheNewTextAtOnceAndOpacityCrossFades() throws {
        try MainActor.assumeIsolated {
            var identity = ViewPlayer(script: tapped) { Counter(from: 19, to: 20) { _ in .identity } }
            var settled = ViewPlayer(script: tapped) { Counter(from: 20, to: 20) { _ in .identity } }
            try assertSame(try identity.render(frame: 1), try settled.render(frame: 1), "identity")
            var opacity = ViewPlayer(script: tapped) { Counter(from: 19, to: 20) { _ in .opacity } }
            var plain = ViewPlayer(script: tapped) {
                Text("19").font(.system(size: fontSize)).frame(width: 120, height: 80)
                    .onTapGesture { withAnimation(.linear(duration: 1)) {} }
            }
            XCTAssertTrue(try opacity.render(frame: 1) != plain.render(frame: 1))
            XCTAssertTrue(try opacity.render(frame: 1) != settled.render(frame: 1))
        }
    }
}
