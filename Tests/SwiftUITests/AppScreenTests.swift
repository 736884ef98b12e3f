import Foundation
import RevealPlayer
import RevealRender
import XCTest

@testable import SwiftUI

private let phone = ViewScript(
    width: 390, height: 844, scale: 1, fps: 30, safeArea: Insets(top: 47, leading: 0, bottom: 34, trailing: 0))

@MainActor private func layout<V: View>(
    _ taps: [ViewScript.Tap] = [], touches: [ViewScript.Touch] = [], at time: Double, _ view: @escaping () -> V
) throws -> [LaidOutView] {
    var script = phone
    script.taps = taps
    script.touches = touches
    return try ViewPlayer(script: script) { view() }.layout(at: time)
}

/// Three tabs with items, the second chosen by a tap.
private struct Tabs: View {
    var body: some View {
        TabView {
            Text("One").tabItem { Label("First", systemImage: "house.fill") }
            Text("Two").tabItem { Label("Second", systemImage: "star") }
            Text("Three").tabItem { Label("Third", systemImage: "bell") }
        }
    }
}

/// UITabBar's sizes, a tap choosing a tab, and pages turned by a drag.
final class TabViewTests: XCTestCase {
    func testTheTabBarIsUIKitsFortyNinePointsOverTheSafeAreaWithItsItemsSharingItsWidth() throws {
        let laid = try MainActor.assumeIsolated { try layout(at: 0) { Tabs() } }
        // The bar's items sit in the 49 points above the home indicator's 34; each item a third of 390.
        let titles = ["First", "Second", "Third"].compactMap { name in laid.first { $0.text == name } }
        XCTAssertEqual(titles.count, 3)
        for (index, title) in titles.enumerated() {
            XCTAssertEqual(title.frame.x + title.frame.width / 2, 65 + 130 * Double(index), accuracy: 0.5)
            XCTAssertGreaterThanOrEqual(title.frame.y, 844 - 34 - 49)
            XCTAssertLessThanOrEqual(title.frame.maxY, 844 - 34)
            XCTAssertEqual(title.fontSize, 10, "UITabBarItem's title: 10 points")
        }
        // Only the chosen tab is drawn, centred in the room above the bar.
        let one = try XCTUnwrap(laid.first { $0.text == "One" })
        XCTAssertEqual(one.frame.y + one.frame.height / 2, (47 + 844 - 34 - 49) / 2, accuracy: 0.1)
        XCTAssertNil(laid.first { $0.text == "Two" })
    }

    func testATapOnAnItemShowsItsTab() throws {
        let laid = try MainActor.assumeIsolated {
            try layout([ViewScript.Tap(t: 0.1, target: .label("Second"))], at: 0.5) { Tabs() }
        }
        XCTAssertNotNil(laid.first { $0.text == "Two" })
        XCTAssertNil(laid.first { $0.text == "One" })
    }

    func testAPageStyleTabViewTurnsToTheNextPageOnAFlickAndStaysOnASlowShortDrag() throws {
        struct Pages: View {
            var body: some View {
                TabView {
                    ForEach(0..<3, id: \.self) { Text("Page \($0)").frame(maxWidth: .infinity, maxHeight: .infinity) }
                }
                .tabViewStyle(.page)
            }
        }
        let flick = ViewScript.Touch(points: [
            .init(x: 300, y: 400, t: 0.1), .init(x: 260, y: 400, t: 0.12), .init(x: 200, y: 400, t: 0.15),
        ])
        let flicked = try MainActor.assumeIsolated { try layout(touches: [flick], at: 1.5) { Pages() } }
        XCTAssertEqual(try XCTUnwrap(flicked.first { $0.text == "Page 1" }).frame.midX, 195, accuracy: 0.5)
        // A slow drag of a fifth of the page comes back to the page it started on.
        let slow = ViewScript.Touch(points: [
            .init(x: 300, y: 400, t: 0.1), .init(x: 280, y: 400, t: 0.3), .init(x: 240, y: 400, t: 0.6),
            .init(x: 238, y: 400, t: 0.9),
        ])
        let held = try MainActor.assumeIsolated { try layout(touches: [slow], at: 2.5) { Pages() } }
        XCTAssertEqual(try XCTUnwrap(held.first { $0.text == "Page 0" }).frame.midX, 195, accuracy: 0.5)
    }

    func testPagingComesToRestOnAPageOnASpringFromWhereTheFingerLeftIt() throws {
        var motion = ScrollAxisMotion()
        motion.limit = 780
        motion.viewport = 390
        motion.pageLength = 390
        // 150 points dragged, let go at rest: the nearest page is the first one.
        motion.drag(by: 150, at: 0)
        motion.release(velocity: 0, at: 0)
        XCTAssertEqual(motion.position(at: 2), 0, accuracy: 0.01)
        // The same drag flicked on at 500 points a second: the next page.
        motion.drag(by: 150, at: 3)
        motion.release(velocity: 500, at: 3)
        XCTAssertEqual(motion.position(at: 5), 390, accuracy: 0.01)
        XCTAssertLessThan(try XCTUnwrap(motion.settles), 5)
        // A flick past the last page stays on the last page.
        motion.drag(by: 300, at: 6)
        motion.release(velocity: 2000, at: 6)
        XCTAssertEqual(motion.position(at: 8), 780, accuracy: 0.01)
    }
}

/// A sheet's detents and its coming and going.
final class SheetTests: XCTestCase {
    func testTheDetentsHeights() throws {
        let safe = Insets(top: 47, leading: 0, bottom: 34, trailing: 0)
        // UIKit: medium is about half the screen; a custom height excludes the bottom safe area; large stops 10
        // points under the safe area's top.
        XCTAssertEqual(SheetMetrics.height(.medium, screen: 844, safeArea: safe), 422)
        XCTAssertEqual(SheetMetrics.height(.large, screen: 844, safeArea: safe), 844 - 47 - 10)
        XCTAssertEqual(SheetMetrics.height(.height(100), screen: 844, safeArea: safe), 134)
        XCTAssertEqual(SheetMetrics.height(.fraction(0.5), screen: 844, safeArea: safe), (787 - 34) / 2 + 34)
    }

    func testASheetSlidesUpToItsDetentAndItsDismissCloses() throws {
        struct Presenter: View {
            @State private var shown = false
            var body: some View {
                Button("Open") { shown = true }
                    .sheet(isPresented: $shown) { Closer().presentationDetents([.medium]) }
            }
        }
        struct Closer: View {
            @Environment(\.dismiss) private var dismiss
            var body: some View { Button("Close") { dismiss() } }
        }
        let open = ViewScript.Tap(t: 0.1, target: .label("Open"))
        let rest = try MainActor.assumeIsolated { try layout([open], at: 1.5) { Presenter() } }
        // At rest, the medium sheet's content is centred in its 422 - 34 points above the home indicator.
        let close = try XCTUnwrap(rest.first { $0.text == "Close" })
        XCTAssertEqual(close.frame.midY, 422 + (422 - 34) / 2, accuracy: 0.5)
        let rising = try MainActor.assumeIsolated { try layout([open], at: 0.2) { Presenter() } }
        XCTAssertGreaterThan(try XCTUnwrap(rising.first { $0.text == "Close" }).frame.midY, close.frame.midY + 20)
        // Its Close button dismisses it through `dismiss`: it slides away.
        let closed = try MainActor.assumeIsolated {
            try layout([open, ViewScript.Tap(t: 1.6, target: .label("Close"))], at: 3) { Presenter() }
        }
        XCTAssertNil(closed.first { $0.text == "Close" && $0.frame.y < 844 })
    }

    func testASheetPulledDownPastHalfItsHeightIsDismissedAndAShorterPullSpringsBack() throws {
        struct Presenter: View {
            @State private var shown = false
            var body: some View {
                Button(shown ? "Shown" : "Open") { shown = true }
                    .sheet(isPresented: $shown) { Text("Sheet").presentationDetents([.medium]) }
            }
        }
        let open = ViewScript.Tap(t: 0.1, target: .label("Open"))
        /// A finger from 500 points down, pulling `distance` points over 0.3 s from 1 s.
        func pull(_ distance: Double) -> ViewScript.Touch {
            ViewScript.Touch(
                points: (0...10).map { .init(x: 200, y: 500 + distance * Double($0) / 10, t: 1 + 0.03 * Double($0)) })
        }
        // The medium sheet's text at rest: centred in its 422 - 34 points.
        let restY = 422 + (422.0 - 34) / 2
        // Mid-pull the sheet follows the finger: at 1.25 s its last move (1.24 s) is 120 points down.
        let held = try MainActor.assumeIsolated { try layout([open], touches: [pull(150)], at: 1.25) { Presenter() } }
        XCTAssertEqual(try XCTUnwrap(held.first { $0.text == "Sheet" }).frame.midY, restY + 120, accuracy: 0.5)
        // 150 points of 422, let go: back at rest, still shown.
        let back = try MainActor.assumeIsolated { try layout([open], touches: [pull(150)], at: 2.5) { Presenter() } }
        XCTAssertEqual(try XCTUnwrap(back.first { $0.text == "Sheet" }).frame.midY, restY, accuracy: 0.5)
        // 250 points, past half: dismissed, its binding false again.
        let gone = try MainActor.assumeIsolated { try layout([open], touches: [pull(250)], at: 2.5) { Presenter() } }
        XCTAssertNil(gone.first { $0.text == "Sheet" && $0.frame.y < 844 })
        XCTAssertNotNil(gone.first { $0.text == "Open" })
    }

    func testASheetDraggedUpRestsAtTheNearestDetentAndWritesItsSelection() throws {
        struct Presenter: View {
            @State private var shown = false
            @State private var detent = PresentationDetent.medium
            var body: some View {
                Button("Open") { shown = true }
                    .sheet(isPresented: $shown) {
                        Text(detent == .large ? "large" : "medium")
                            .presentationDetents([.medium, .large], selection: $detent)
                    }
            }
        }
        let open = ViewScript.Tap(t: 0.1, target: .label("Open"))
        /// A finger from 600 points down, moving up `distance` points over 0.3 s from 1 s.
        func push(_ distance: Double) -> ViewScript.Touch {
            ViewScript.Touch(
                points: (0...10).map { .init(x: 200, y: 600 - distance * Double($0) / 10, t: 1 + 0.03 * Double($0)) })
        }
        // 200 points up from medium (422): 622 high, nearer large (787) than medium. It rests at large, its
        // text centred in the 787 - 34 points above the home indicator, and the binding holds large.
        let large = try MainActor.assumeIsolated { try layout([open], touches: [push(200)], at: 2.5) { Presenter() } }
        let text = try XCTUnwrap(large.first { $0.text == "large" })
        XCTAssertEqual(text.frame.midY, 844 - 787 + (787.0 - 34) / 2, accuracy: 0.5)
        // 100 points up: 522, nearer medium: back at medium.
        let medium = try MainActor.assumeIsolated { try layout([open], touches: [push(100)], at: 2.5) { Presenter() } }
        XCTAssertEqual(
            try XCTUnwrap(medium.first { $0.text == "medium" }).frame.midY, 422 + (422.0 - 34) / 2, accuracy: 0.5)
    }
}

/// An object made in the root view's expression, as a preview makes it.
private final class TapCounter: ObservableObject {
    @Published var count = 0
}

private struct CounterButton: View {
    @EnvironmentObject var counter: TapCounter
    var body: some View { Button("Count \(counter.count)") { counter.count += 1 } }
}

/// Pieces app screens use.
final class AppControlTests: XCTestCase {
    func testTheRootViewIsMadeOnceSoAnObjectMadeThereLivesOn() throws {
        // A host keeps the root view it was given (UIHostingController(rootView:)): the object made with it is
        // the one the tap changes, not a new one at each evaluation.
        let laid = try MainActor.assumeIsolated {
            try layout([ViewScript.Tap(t: 0.1, target: .label("Count 0"))], at: 0.5) {
                CounterButton().environmentObject(TapCounter())
            }
        }
        XCTAssertNotNil(laid.first { $0.text == "Count 1" }, "\(laid.compactMap(\.text))")
    }

    func testSeveralViewsAtTheRootAreStackedVertically() throws {
        struct Two: View {
            var body: some View {
                Text("Above")
                Text("Below")
            }
        }
        let laid = try MainActor.assumeIsolated { try layout(at: 0) { Two() } }
        let above = try XCTUnwrap(laid.first { $0.text == "Above" })
        let below = try XCTUnwrap(laid.first { $0.text == "Below" })
        XCTAssertEqual(above.frame.midX, below.frame.midX, accuracy: 0.5)
        XCTAssertEqual(below.frame.y - above.frame.maxY, 8, accuracy: 0.5, "a VStack's default spacing")
    }

    func testACompactDatePickerShowsTheDateAndTimeAsIOSWritesThem() {
        // The scene's clock starts at 2026-01-01 09:41 UTC.
        let (parts, epoch) = MainActor.assumeIsolated {
            (
                DatePickerMetrics.parts(of: Date(timeIntervalSince1970: 1_767_260_460), [.date, .hourAndMinute]),
                DatePickerMetrics.parts(of: Date(timeIntervalSince1970: 0), .date)
            )
        }
        // The time's space may be ICU's narrow no-break space.
        XCTAssertEqual(parts.map { $0.replacingOccurrences(of: "\u{202F}", with: " ") }, ["Jan 1, 2026", "9:41 AM"])
        XCTAssertEqual(epoch, ["Jan 1, 1970"])
    }

    func testAColorDescribesItselfAsSwiftUIDoes() {
        XCTAssertEqual(Color.purple.description, "purple")
        XCTAssertEqual(Color(red: 1, green: 0, blue: 0).description, "#FF0000FF")
    }

    func testCombinesSubjectsDeliverToTheirSinks() {
        var got: [Int] = []
        let subject = PassthroughSubject<Int, Never>()
        let subscription = subject.map { $0 * 2 }.sink { got.append($0) }
        subject.send(1)
        subject.send(2)
        subscription.cancel()
        subject.send(3)
        XCTAssertEqual(got, [2, 4])
        let current = CurrentValueSubject<String, Never>("a")
        var seen: [String] = []
        let kept = current.sink { seen.append($0) }
        current.value = "b"
        XCTAssertEqual(seen, ["a", "b"])
        _ = kept
        var just: [String] = []
        _ = Just("x").sink { just.append($0) }
        XCTAssertEqual(just, ["x"])
    }

    func testOnReceiveRunsItsActionForEachNewValueAJustGives() throws {
        struct Sanitizer: View {
            @State private var text = "12a3"
            var body: some View {
                Text(text).onReceive(Just(text)) { value in text = value.filter(\.isNumber) }
            }
        }
        let laid = try MainActor.assumeIsolated { try layout(at: 0.1) { Sanitizer() } }
        XCTAssertNotNil(laid.first { $0.text == "123" })
    }

    func testAnEnvironmentObjectReachesTheViewsInside() throws {
        final class Model: ObservableObject {
            @Published var name = "Ada"
        }
        struct Reader: View {
            @EnvironmentObject var model: Model
            var body: some View { Text(model.name) }
        }
        let laid = try MainActor.assumeIsolated { try layout(at: 0) { Reader().environmentObject(Model()) } }
        XCTAssertNotNil(laid.first { $0.text == "Ada" })
        // With none above it, the view draws nothing (SwiftUI would stop the app).
        let missing = try MainActor.assumeIsolated { try layout(at: 0) { Reader() } }
        XCTAssertNil(missing.first { $0.text == "Ada" })
    }

    func testAnInlinePickerShowsEachOptionAsARowAndChecksTheChosenOne() throws {
        struct Chooser: View {
            @State private var size = "M"
            var body: some View {
                List {
                    Picker("Size", selection: $size) {
                        ForEach(["S", "M", "L"], id: \.self) { Text($0) }
                    }
                    .pickerStyle(.inline)
                }
            }
        }
        let laid = try MainActor.assumeIsolated {
            try layout([ViewScript.Tap(t: 0.1, target: .label("L"))], at: 0.5) { Chooser() }
        }
        let rows = ["S", "M", "L"].compactMap { name in laid.first { $0.text == name } }
        XCTAssertEqual(rows.count, 3)
        // Rows 44 points apart (UITableView's minimum row height); the tap on L checked it (ForEach's ids tag).
        XCTAssertEqual(rows[1].frame.midY - rows[0].frame.midY, 44, accuracy: 0.5)
        let check = try XCTUnwrap(laid.first { $0.kind == "symbol" && abs($0.frame.midY - rows[2].frame.midY) < 2 })
        XCTAssertGreaterThan(check.frame.x, 300)
    }

    func testAMaterialBlursWhatIsBehindItUnderItsTint() throws {
        // A black half and a white half, a 100-point ultra-thin material square over their edge, at 1×: in
        // the square, the edge blurred (standard deviation 10 points) under white at 35 %; outside it, sharp.
        let script = ViewScript(width: 200, height: 200, scale: 1, fps: 10, safeArea: Insets())
        let frame = try MainActor.assumeIsolated {
            var player = ViewPlayer(script: script) {
                ZStack {
                    HStack(spacing: 0) {
                        Color.black
                        Color.white
                    }
                    Rectangle().fill(.ultraThinMaterial).frame(width: 100, height: 100)
                }
            }
            return try player.render(frame: 0)
        }
        func red(_ x: Int) throws -> Double { Double(try XCTUnwrap(frame.pixel(x: x, y: 100)).r) }
        let tint = 0.35 * 255
        XCTAssertEqual(try red(20), 0, "outside the material: black as drawn")
        XCTAssertEqual(try red(60), tint, accuracy: 2, "40 points into the black: black, under the tint")
        // On the edge, half of each: Φ(0.05) of white 0.5 points past it.
        XCTAssertEqual(try red(100), tint + 0.65 * 255 * 0.52, accuracy: 3)
        XCTAssertEqual(try red(140), tint + 0.65 * 255, accuracy: 2, "into the white")
        XCTAssertLessThan(try red(95), try red(105), "a gradient across the edge")
    }

    func testLabeledContentPutsItsLabelLeadingAndItsValueTrailingAsApplesRenderingDoes() throws {
        // apple-refs pair 01: LabeledContent("Clean") { Text("Code") } on a 390-point phone: "Clean" from the
        // leading edge, "Code" to the trailing edge in the secondary color, both centred in the safe area.
        let laid = try MainActor.assumeIsolated {
            try layout(at: 0) { LabeledContent("Clean") { Text(verbatim: "Code") } }
        }
        let label = try XCTUnwrap(laid.first { $0.text == "Clean" })
        let value = try XCTUnwrap(laid.first { $0.text == "Code" })
        XCTAssertEqual(label.frame.x, 0, accuracy: 0.5)
        XCTAssertEqual(value.frame.maxX, 390, accuracy: 0.5)
        XCTAssertEqual(value.frame.midY, (47 + 844 - 34) / 2, accuracy: 0.5)
    }

    func testAnEnvironmentKeyOfOursHasItsDefaultAndTheValueSetAroundTheView() throws {
        struct Padding: EnvironmentKey { static let defaultValue = 20.0 }
        struct Reader: View {
            @Environment(\.self) private var environment
            var body: some View { Text("\(Int(environment[Padding.self]))") }
        }
        var values = EnvironmentValues()
        XCTAssertEqual(values[Padding.self], 20)
        values[Padding.self] = 8
        XCTAssertEqual(values[Padding.self], 8)
        let laid = try MainActor.assumeIsolated { try layout(at: 0) { Reader() } }
        XCTAssertNotNil(laid.first { $0.text == "20" })
    }

    func testADisclosureGroupExpandsOnATap() throws {
        struct Group_: View {
            var body: some View {
                DisclosureGroup("More") { Text("Hidden") }
            }
        }
        let closed = try MainActor.assumeIsolated { try layout(at: 0) { Group_() } }
        XCTAssertNil(closed.first { $0.text == "Hidden" })
        let open = try MainActor.assumeIsolated {
            try layout([ViewScript.Tap(t: 0.1, target: .label("More"))], at: 1) { Group_() }
        }
        XCTAssertNotNil(open.first { $0.text == "Hidden" })
    }
}

/// Centres of frames, for the layout checks of this module's tests.
extension Rect {
    var midX: Double { x + width / 2 }
    var midY: Double { y + height / 2 }
}
