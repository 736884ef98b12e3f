import RevealPlayer
import RevealRender
import RevealSwiftUITesting
import SwiftUI
import XCTest

/// A card that is its own size: a title, and a button that makes the title longer.
private struct GrowingCard: SwiftUI.View {
    @State private var long = false

    var body: some SwiftUI.View {
        VStack(spacing: 12) {
            Text(long ? "A much longer title than before" : "Short").font(.title3)
            Button("Grow") { long = true }
        }
        .padding(20)
        .background(Color(white: 0.9))
    }
}

/// A red bar across the top of whatever it is offered.
private struct TopBar: SwiftUI.View {
    var body: some SwiftUI.View {
        VStack(spacing: 0) {
            Color.red.frame(height: 10)
            Spacer()
        }
    }
}

/// The frame a golden is drawn in: the view's own size (`sizeThatFits`, the default of `ViewScript()`), a fixed
/// size or a device's screen, as swift-snapshot-testing names them.
final class GoldenLayoutTests: XCTestCase {
    /// The card's frame on a screen far larger than it: a card that does not stretch takes its ideal size there,
    /// which is what `sizeThatFits` must give the whole frame.
    private func cardSize(after taps: [ViewScript.Tap] = [], at time: Double = 0) throws -> (Double, Double) {
        let roomy = ViewScript(width: 2000, height: 2000, scale: 2, safeArea: Insets(), taps: taps)
        let views = try MainActor.assumeIsolated {
            try ViewCheck.layout(of: { GrowingCard() }, script: roomy, at: time)
        }
        let card = try XCTUnwrap(views.max { $0.frame.width * $0.frame.height < $1.frame.width * $1.frame.height })
        return (card.frame.width, card.frame.height)
    }

    func testSizeThatFitsIsTheViewsIdealSizeInWholePixels() throws {
        let frame = try MainActor.assumeIsolated {
            try ViewCheck.frame(of: { GrowingCard() }, script: ViewScript(), at: 0)
        }
        let (width, height) = try cardSize()
        XCTAssertEqual(frame.width, Int((width * 2).rounded(.up)))
        XCTAssertEqual(frame.height, Int((height * 2).rounded(.up)))
        // The card fills it: its gray at the middle of each edge, no white margin and no safe area.
        let gray = PremultipliedRGBA8(r: 230, g: 230, b: 230, a: 255)
        XCTAssertEqual(frame.pixel(x: 0, y: frame.height / 2), gray)
        XCTAssertEqual(frame.pixel(x: frame.width / 2, y: 0), gray)
        XCTAssertEqual(frame.pixel(x: frame.width - 1, y: frame.height / 2), gray)
    }

    func testSizeThatFitsHoldsTheLargestSizeTheViewTakesWhileTheScriptPlays() throws {
        let taps = [ViewScript.Tap(t: 0.5, target: .label("Grow"))]
        let size = MainActor.assumeIsolated {
            let player = ViewPlayer(script: ViewScript(taps: taps)) { GrowingCard() }
            return (width: player.pixelWidth, height: player.pixelHeight)
        }
        let (shortWidth, _) = try cardSize()
        let (longWidth, longHeight) = try cardSize(after: taps, at: 1)
        XCTAssertGreaterThan(longWidth, shortWidth + 50)
        XCTAssertEqual(size.width, Int((longWidth * 2).rounded(.up)))
        XCTAssertEqual(size.height, Int((longHeight * 2).rounded(.up)))
    }

    func testAFixedSizeHasNoSafeAreaAndADeviceHasItsOwn() throws {
        let fixed = try MainActor.assumeIsolated {
            try ViewCheck.frame(of: { TopBar() }, script: ViewScript(layout: .fixed(width: 100, height: 60)), at: 0)
        }
        XCTAssertEqual([fixed.width, fixed.height], [200, 120])
        XCTAssertEqual(fixed.pixel(x: 100, y: 0), PremultipliedRGBA8(r: 255, g: 59, b: 48, a: 255))
        let phone = try MainActor.assumeIsolated {
            try ViewCheck.frame(of: { TopBar() }, script: ViewScript(layout: .device(.iPhoneSE)), at: 0)
        }
        // 375×667 points at 2×, under a 20-point status bar.
        XCTAssertEqual([phone.width, phone.height], [750, 1334])
        XCTAssertEqual(phone.pixel(x: 375, y: 39), PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255))
        XCTAssertEqual(phone.pixel(x: 375, y: 40), PremultipliedRGBA8(r: 255, g: 59, b: 48, a: 255))
    }

    func testAScriptFileNamesItsLayoutAndSaysWhatIsWrongWithIt() throws {
        func script(_ json: String) throws -> ViewScript { try ViewScriptFile.decode(Array(json.utf8), file: "s.json") }
        // Without a layout, a script file plays a phone's screen, as the command line does.
        XCTAssertEqual(try script("{}").layout, .device(.iPhone16))
        let fits = try script(#"{"layout": "sizeThatFits", "scale": 1}"#)
        XCTAssertEqual(fits.layout, .sizeThatFits)
        XCTAssertEqual(fits.safeArea, Insets())
        XCTAssertEqual(fits.scale, 1)
        let se = try script(#"{"layout": "iPhone SE"}"#)
        XCTAssertEqual([se.width, se.height, se.scale, se.safeArea.top], [375, 667, 2, 20])
        let fixed = try script(#"{"layout": "320x200", "height": 250}"#)
        XCTAssertEqual(fixed.layout, .fixed(width: 320, height: 250))
        XCTAssertEqual(fixed.safeArea, Insets())
        XCTAssertThrowsError(try script(#"{"layout": "sizeThatFits", "width": 100}"#)) {
            XCTAssertTrue("\($0)".contains("width: the layout sizeThatFits takes the view's own size"), "\($0)")
        }
        XCTAssertThrowsError(try script(#"{"layout": "Nokia 3310"}"#)) {
            XCTAssertTrue("\($0)".contains("layout must be sizeThatFits, WxH in points"), "\($0)")
            XCTAssertTrue("\($0)".contains("\"iPhone 16 Pro\""), "\($0)")
        }
    }
}
