import RevealPlayer
import RevealRender
import SwiftUI
import XCTest

/// A value of a type the typed path below cannot hold.
private struct Swatch: Hashable { let name: String }

/// A stack driven by a typed path, with destinations for two types and one pushed by a flag.
private struct Numbers: SwiftUI.View {
    @State private var path: [Int] = []
    @State private var showsAbout = false
    var body: some SwiftUI.View {
        NavigationStack(path: $path) {
            List {
                NavigationLink("Number 2", value: 2)
                NavigationLink("Swatch", value: Swatch(name: "Pink"))
                Button("About") { showsAbout = true }
                Button("Jump") { path = [1, 3] }
                Text(showsAbout ? "about shown" : "about hidden")
                Text("path \(path.map(String.init).joined(separator: ","))")
            }
            .navigationTitle("Numbers")
            .navigationDestination(for: Int.self) { n in Text("Screen \(n)").navigationTitle("No. \(n)") }
            .navigationDestination(for: Swatch.self) { s in Text("Swatch \(s.name)").navigationTitle(s.name) }
            .navigationDestination(isPresented: $showsAbout) { Text("About screen").navigationTitle("About") }
        }
    }
}

private let phone = ViewScript(
    width: 390, height: 844, scale: 1, fps: 30, safeArea: Insets(top: 47, leading: 0, bottom: 34, trailing: 0))

/// `NavigationStack(path:)`, `NavigationLink(value:)` and `navigationDestination` in its three forms, as
/// SwiftUI documents them: a link's value goes onto the path and the destination for its type draws it; the
/// back button takes it off again.
final class NavigationDestinationTests: XCTestCase {
    private func views(_ taps: [ViewScript.Tap], at time: Double) throws -> [LaidOutView] {
        var script = phone
        script.taps = taps
        return try MainActor.assumeIsolated { try ViewPlayer(script: script) { Numbers() }.layout(at: time) }
    }

    /// Whether `text` is on screen (not off past its trailing edge).
    private func shows(_ laid: [LaidOutView], _ text: String) -> Bool {
        laid.contains { $0.text == text && $0.frame.x >= 0 && $0.frame.x < 390 }
    }

    /// Asserts that the texts `shown` are on screen in `laid` and the texts `hidden` are not.
    private func check(
        _ laid: [LaidOutView], shows shown: [String], not hidden: [String] = [], line: UInt = #line
    ) {
        for text in shown { XCTAssertTrue(shows(laid, text), "\(text) is shown", line: line) }
        for text in hidden { XCTAssertFalse(shows(laid, text), "\(text) is not shown", line: line) }
    }

    private func tap(_ label: String, at t: Double) -> ViewScript.Tap { ViewScript.Tap(t: t, target: .label(label)) }

    /// The screen at rest after `link` is tapped, and after `back` is tapped then.
    private func pushedAndBack(_ link: String, back: String) throws -> (pushed: [LaidOutView], back: [LaidOutView]) {
        (try views([tap(link, at: 0.1)], at: 1), try views([tap(link, at: 0.1), tap(back, at: 1)], at: 2))
    }

    func testALinkToAValuePushesTheScreenItsTypesDestinationDrawsAndBackPopsIt() throws {
        let (pushed, popped) = try pushedAndBack("Number 2", back: "Numbers")
        // The back button is titled after the screen below.
        check(pushed, shows: ["Screen 2", "No. 2", "Numbers"], not: ["Number 2"])
        // Back: the value leaves the path, the list is shown again and says so.
        check(popped, shows: ["path "], not: ["Screen 2"])
    }

    func testTheLinkWritesItsValueIntoThePathBinding() throws {
        // Mid-push the root is still drawn, sliding out: its text reads the path the link wrote.
        let sliding = try views([tap("Number 2", at: 0.1)], at: 0.2)
        XCTAssertTrue(sliding.contains { $0.text == "path 2" })
        XCTAssertTrue(sliding.contains { $0.text == "Screen 2" })
    }

    func testSettingThePathPushesEachValueAndBackReturnsToTheOneBelow() throws {
        let (jumped, back) = try pushedAndBack("Jump", back: "No. 1")
        // The back button is titled after the screen of the path's first value.
        check(jumped, shows: ["Screen 3", "No. 1"], not: ["Screen 1"])
        check(back, shows: ["Screen 1", "Numbers"])
    }

    func testAValueTheTypedPathCannotHoldIsStillPushedByTheStack() throws {
        let (laid, back) = try pushedAndBack("Swatch", back: "Numbers")
        check(laid, shows: ["Swatch Pink"])
        check(back, shows: ["path "])
    }

    func testAPresentedDestinationPushesWhileItsFlagIsSetAndBackClearsIt() throws {
        let (laid, back) = try pushedAndBack("About", back: "Numbers")
        check(laid, shows: ["About screen"])
        check(back, shows: ["about hidden"], not: ["About screen"])
    }

    func testNavigationPathCountsItsValuesOfAnyType() {
        var path = NavigationPath([1, 2])
        path.append("three")
        XCTAssertEqual(path.count, 3)
        path.removeLast(5)
        XCTAssertTrue(path.isEmpty)
    }
}

/// Thirty rows in a scroll view, and buttons that scroll through a `ScrollViewReader`'s proxy.
private struct Rows: SwiftUI.View {
    var body: some SwiftUI.View {
        ScrollViewReader { proxy in
            VStack(spacing: 0) {
                HStack {
                    Button("Top") { proxy.scrollTo(5, anchor: .top) }
                    Button("Show") { proxy.scrollTo(12) }
                    Button("Glide") { withAnimation(.linear(duration: 1)) { proxy.scrollTo(20, anchor: .center) } }
                }
                .frame(height: 50)
                ScrollView {
                    VStack(spacing: 0) {
                        ForEach(0..<30, id: \.self) { i in Text("Row \(i)").frame(height: 50) }
                        Text("End").frame(height: 50).id("end")
                    }
                }
            }
            .onAppear { proxy.scrollTo("end") }
        }
    }
}

/// `ScrollViewReader`'s `scrollTo(_:anchor:)` as SwiftUI documents it: the view's anchor point meets the
/// viewport's; with no anchor, the least scroll that shows the view whole.
final class ScrollViewReaderTests: XCTestCase {
    // The viewport: from 50 points below the safe area's top (the buttons) to its bottom, 844 − 47 − 34 − 50.
    private let top = 47.0 + 50
    private let viewport = 844.0 - 47 - 34 - 50

    private func row(_ name: String, _ taps: [ViewScript.Tap], at time: Double) throws -> Rect {
        var script = phone
        script.taps = taps
        let laid = try MainActor.assumeIsolated { try ViewPlayer(script: script) { Rows() }.layout(at: time) }
        return try XCTUnwrap(laid.first { $0.text == name }).frame
    }

    func testWithNoAnchorTheLeastScrollShowsTheView() throws {
        // onAppear scrolls to the end: its bottom meets the viewport's (the content is 1,550 points long).
        let end = try row("End", [], at: 0.1)
        XCTAssertEqual(end.y + end.height / 2, top + viewport - 25, accuracy: 0.5)
        // Row 12 is above the viewport then: it comes to the viewport's top edge.
        let shown = try row("Row 12", [ViewScript.Tap(t: 0.2, target: .label("Show"))], at: 0.3)
        XCTAssertEqual(shown.y + shown.height / 2 - 25, top, accuracy: 0.5)
    }

    func testUnderALargeTitleTheListScrollsItsLastRowToTheBottom() throws {
        // The large title heads the list's content; offsets are measured from the content's top above it, so
        // the last row's view meets the viewport's bottom, the safe area's (844 − 34). (The view of the id is
        // the row's text here; iOS aligns the row's cell, 11.5 points lower.)
        struct Titled: SwiftUI.View {
            var body: some SwiftUI.View {
                NavigationStack {
                    ScrollViewReader { proxy in
                        List { ForEach(0..<30, id: \.self) { Text("Row \($0)") } }
                            .navigationTitle("Rows")
                            .toolbar { Button("Last") { proxy.scrollTo(29, anchor: .bottom) } }
                    }
                }
            }
        }
        var script = phone
        script.taps = [ViewScript.Tap(t: 0.2, target: .label("Last"))]
        let laid = try MainActor.assumeIsolated { try ViewPlayer(script: script) { Titled() }.layout(at: 0.5) }
        let last = try XCTUnwrap(laid.first { $0.text == "Row 29" }).frame
        XCTAssertEqual(last.maxY, 844 - 34, accuracy: 0.5)
    }

    func testATopAnchorPutsTheViewsTopAtTheViewportsTop() throws {
        let laid = try row("Row 5", [ViewScript.Tap(t: 0.2, target: .label("Top"))], at: 0.3)
        XCTAssertEqual(laid.y + laid.height / 2 - 25, top, accuracy: 0.5)
    }

    func testInsideWithAnimationTheScrollFollowsTheAnimation() throws {
        let glide = [ViewScript.Tap(t: 0.2, target: .label("Glide"))]
        // Centred at the end of the linear second; half way there at its middle.
        let end = try row("Row 20", glide, at: 1.3)
        XCTAssertEqual(end.y + end.height / 2, top + viewport / 2, accuracy: 0.5)
        let start = try row("Row 20", [], at: 0.7)
        let middle = try row("Row 20", glide, at: 0.7)
        XCTAssertEqual(middle.y, (start.y + end.y) / 2, accuracy: 1)
    }
}

/// A scroll view whose position is bound to an id, shown in a header with a button that sets it.
private struct BoundRows: SwiftUI.View {
    @State private var shown: Int?
    var body: some SwiftUI.View {
        VStack(spacing: 0) {
            HStack {
                Text("Shown \(shown.map(String.init) ?? "none")")
                Button("To 10") { shown = 10 }
            }
            .frame(height: 50)
            ScrollView {
                VStack(spacing: 0) {
                    ForEach(0..<30, id: \.self) { i in Text("Row \(i)").frame(height: 50) }
                }
            }
            .scrollPosition(id: $shown)
        }
    }
}

/// `scrollPosition(id:anchor:)` as SwiftUI documents it: setting the binding scrolls to its view, and as a
/// finger scrolls, the binding takes the id of the top-most view.
final class ScrollPositionTests: XCTestCase {
    private let screen = ViewScript(width: 200, height: 400, scale: 1, fps: 30, safeArea: Insets())

    private func laidOut(touches: [ViewScript.Touch] = [], taps: [ViewScript.Tap] = [], at time: Double) throws
        -> [LaidOutView]
    {
        var script = screen
        script.touches = touches
        script.taps = taps
        return try MainActor.assumeIsolated { try ViewPlayer(script: script) { BoundRows() }.layout(at: time) }
    }

    func testAFingersScrollWritesTheTopMostViewsID() throws {
        // A slow drag up by 120 points (past the 10-point slop), held still: rows 0 and 1 (0…100) are out of
        // sight, row 2 (100…150) is the top-most view the viewport shows.
        let points = (0...10).map { TouchSample(x: 100, y: 350 - 130 * Double($0) / 10, t: 0.1 + 0.03 * Double($0)) }
        let drag = ViewScript.Touch(points: points + [.init(x: 100, y: 220, t: 0.8)])
        let laid = try laidOut(touches: [drag], at: 0.6)
        XCTAssertTrue(laid.contains { $0.text == "Shown 2" }, "\(laid.compactMap(\.text).prefix(2))")
        // Before the finger moved, nothing was written: the binding held nil.
        XCTAssertTrue(try laidOut(touches: [drag], at: 0.05).contains { $0.text == "Shown none" })
    }

    func testSettingTheBindingScrollsItsViewToTheTop() throws {
        let laid = try laidOut(taps: [ViewScript.Tap(t: 0.2, target: .label("To 10"))], at: 0.3)
        let row = try XCTUnwrap(laid.first { $0.text == "Row 10" }).frame
        XCTAssertEqual(row.y + row.height / 2 - 25, 50, accuracy: 0.5, "row 10 at the viewport's top")
        XCTAssertTrue(laid.contains { $0.text == "Shown 10" })
    }
}
