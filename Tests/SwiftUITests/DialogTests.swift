import Foundation
import RevealPlayer
import RevealRender
import RevealSwiftUITesting
import XCTest

@testable import SwiftUI

private let phone = ViewScript(
    width: 390, height: 844, scale: 1, fps: 30, safeArea: Insets(top: 47, leading: 0, bottom: 34, trailing: 0))

@MainActor private func layout<V: View>(_ taps: [ViewScript.Tap] = [], at time: Double, _ view: @escaping () -> V)
    throws -> [LaidOutView]
{
    var script = phone
    script.taps = taps
    return try ViewPlayer(script: script) { view() }.layout(at: time)
}

private func tap(_ t: Double, _ label: String) -> ViewScript.Tap { ViewScript.Tap(t: t, target: .label(label)) }
private func tap(_ t: Double, at x: Double, _ y: Double) -> ViewScript.Tap {
    ViewScript.Tap(t: t, target: .point(x: x, y: y))
}

/// A screen that asks in an alert and in a confirmation dialog, and says what was answered.
private struct Asking: View {
    @State private var alerting = false
    @State private var confirming = false
    @State private var answer = "none"
    var body: some View {
        VStack {
            Text("answer: \(answer)")
            Button("Ask") { alerting = true }
            Button("Confirm") { confirming = true }
        }
        .alert("Sign out?", isPresented: $alerting) {
            Button("Cancel", role: .cancel) { answer = "cancel" }
            Button("Sign Out") { answer = "sign out" }
        } message: {
            Text("You can sign in again.")
        }
        .confirmationDialog("Delete?", isPresented: $confirming) {
            Button("Delete", role: .destructive) { answer = "delete" }
        }
    }
}

/// Alerts and confirmation dialogs: their measures, their buttons, how they are dismissed.
final class DialogTests: XCTestCase {
    func testAnAlertIsA270PointCardInTheMiddleWithTwoButtonsSideBySide() throws {
        let laid = try MainActor.assumeIsolated { try layout([tap(0.1, "Ask")], at: 1.5) { Asking() } }
        let title = try XCTUnwrap(laid.first { $0.text == "Sign out?" })
        let cancel = try XCTUnwrap(laid.first { $0.text == "Cancel" })
        let signOut = try XCTUnwrap(laid.first { $0.text == "Sign Out" })
        // The card is 270 points wide and centred: its buttons share it, the cancel one leading, on one row.
        XCTAssertEqual(title.frame.midX, 195, accuracy: 0.5)
        XCTAssertEqual(cancel.frame.midX, 195 - 270 / 4, accuracy: 0.5)
        XCTAssertEqual(signOut.frame.midX, 195 + 270 / 4, accuracy: 0.5)
        XCTAssertEqual(cancel.frame.midY, signOut.frame.midY, accuracy: 0.5)
        // The title 19 points under the card's top; the card centred on the screen.
        let card = try XCTUnwrap(laid.first { $0.kind == "vstack" && abs($0.frame.width - 270) < 0.5 })
        XCTAssertEqual(card.frame.midY, 422, accuracy: 0.5)
        XCTAssertEqual(title.frame.y - card.frame.y, 19, accuracy: 1.5)
        XCTAssertEqual(card.frame.maxY - cancel.frame.midY, 22, accuracy: 0.5, "a 44-point button row")
    }

    func testAnAlertButtonRunsItsActionAndDismissesAndATapOutsideDoesNothing() throws {
        let answered = try MainActor.assumeIsolated {
            try layout([tap(0.1, "Ask"), tap(0.3, at: 20, 800), tap(0.9, "Sign Out")], at: 2) { Asking() }
        }
        XCTAssertNotNil(answered.first { $0.text == "answer: sign out" }, "the tap outside left the alert up")
        XCTAssertNil(answered.first { $0.text == "Sign out?" }, "the alert is gone")
    }

    func testAConfirmationDialogIsAnActionSheetThatATapOutsideCancels() throws {
        let up = try MainActor.assumeIsolated { try layout([tap(0.1, "Confirm")], at: 1.5) { Asking() } }
        // Its title is hidden (automatic visibility); its rows 57 points tall, 8 points in from the screen's
        // sides; its Cancel (iOS's own) 8 points above the safe area's bottom.
        XCTAssertNil(up.first { $0.text == "Delete?" })
        let delete = try XCTUnwrap(up.first { $0.text == "Delete" })
        let cancel = try XCTUnwrap(up.first { $0.text == "Cancel" })
        XCTAssertEqual(cancel.frame.midY, 844 - 34 - 57 / 2, accuracy: 0.5)
        XCTAssertEqual(cancel.frame.midY - delete.frame.midY, 57 + 8, accuracy: 0.5)
        XCTAssertEqual(delete.frame.midX, 195, accuracy: 0.5)
        // It rises: a point of its Delete row, on the material at rest, still shows the screen (white, a little
        // dimmed) just after the tap.
        var script = phone
        script.taps = [tap(0.1, "Confirm")]
        let (rising, resting) = try MainActor.assumeIsolated {
            (
                try ViewCheck.frame(of: { Asking() }, script: script, at: 0.15),
                try ViewCheck.frame(of: { Asking() }, script: script, at: 1.5)
            )
        }
        XCTAssertLessThan(try XCTUnwrap(resting.pixel(x: 30, y: 716)).g, 245)
        XCTAssertGreaterThan(try XCTUnwrap(rising.pixel(x: 30, y: 716)).g, 248)
        let cancelled = try MainActor.assumeIsolated {
            try layout([tap(0.1, "Confirm"), tap(1, at: 195, 100)], at: 2) { Asking() }
        }
        XCTAssertNotNil(cancelled.first { $0.text == "answer: none" })
        XCTAssertNil(cancelled.first { $0.text == "Delete" && $0.frame.y < 844 })
    }

    func testAnAlertWithoutActionsHasAnOKButton() throws {
        struct Bare: View {
            @State private var shown = true
            var body: some View { Text("Behind").alert("Saved", isPresented: $shown) {} }
        }
        let laid = try MainActor.assumeIsolated { try layout(at: 1) { Bare() } }
        XCTAssertNotNil(laid.first { $0.text == "OK" })
    }
}

/// Controls of forms: a stepper's segments, the container a frame is relative to, a capsule border, a root
/// background over the whole screen.
final class FormControlTests: XCTestCase {
    private struct Counter: View {
        @State private var count = 1
        var body: some View { Stepper("Count: \(count)", value: $count, in: 0...2) }
    }

    func testAStepperIsUIStepperSizedAndStopsAtItsBounds() throws {
        let laid = try MainActor.assumeIsolated {
            try layout([tap(0.1, "Increment"), tap(0.3, "Increment"), tap(0.5, "Increment")], at: 1) { Counter() }
        }
        XCTAssertNotNil(laid.first { $0.text == "Count: 2" }, "the third tap goes past the bound: nothing")
        let down = try MainActor.assumeIsolated { try layout([tap(0.1, "Decrement")], at: 1) { Counter() } }
        XCTAssertNotNil(down.first { $0.text == "Count: 0" })
        // UIStepper's 94 × 32 points.
        let control = try XCTUnwrap(laid.first { abs($0.frame.width - 94) < 0.01 && abs($0.frame.height - 32) < 0.01 })
        XCTAssertEqual(control.frame.maxX, 390, accuracy: 0.5)
    }

    func testContainerRelativeFramesShareTheScreenLessItsSafeArea() throws {
        struct Cards: View {
            var body: some View {
                ScrollView(.horizontal) {
                    HStack(spacing: 10) {
                        Text("A").containerRelativeFrame(.horizontal, count: 3, span: 2, spacing: 10)
                        Text("B").containerRelativeFrame([.horizontal, .vertical])
                    }
                }
            }
        }
        let laid = try MainActor.assumeIsolated { try layout(at: 0) { Cards() } }
        let frames = laid.filter { $0.kind == "frame" }.map(\.frame)
        // (390 − 10 × 2) ÷ 3 × 2 + 10 (SwiftUI's formula); the whole container, 844 − 47 − 34 tall.
        XCTAssertTrue(frames.contains { abs($0.width - ((390 - 20) / 3 * 2 + 10)) < 0.01 }, "\(frames)")
        XCTAssertTrue(frames.contains { abs($0.width - 390) < 0.01 && abs($0.height - 763) < 0.01 }, "\(frames)")
    }

    func testACapsuleBorderedButtonIsRoundedByHalfItsHeight() throws {
        struct Capsuled: View {
            var body: some View {
                Button("Go") {}.buttonStyle(.borderedProminent).buttonBorderShape(.capsule)
            }
        }
        let shapes = try MainActor.assumeIsolated {
            try ViewPlayer(script: phone) { Capsuled() }.layout(at: 0).filter { $0.kind == "shape" }
        }
        XCTAssertEqual(shapes.count, 1)
        let pixmap = try MainActor.assumeIsolated { try ViewCheck.frameForTests { Capsuled() } }
        let shape = try XCTUnwrap(shapes.first).frame
        // A capsule's corner: the pixel a tenth of the height in from the corner is outside the fill (a
        // rounded rectangle of the regular control's 8-point radius would cover it).
        let x = Int(shape.x + shape.height * 0.1)
        let y = Int(shape.y + shape.height * 0.1)
        XCTAssertEqual(pixmap.pixel(x: x, y: y)?.r, 255, "white, the screen behind (the tint is blue)")
    }

    func testARootBackgroundThatIgnoresTheSafeAreaCoversTheScreen() throws {
        struct Pink: View {
            var body: some View {
                Text("Hi").frame(maxWidth: .infinity, maxHeight: .infinity).background(Color.red.ignoresSafeArea())
            }
        }
        struct Styled: View {
            var body: some View { Text("Hi").padding().background(Color.red) }
        }
        let pixmap = try MainActor.assumeIsolated { try ViewCheck.frameForTests { Pink() } }
        // The status bar's area and the home indicator's are red too.
        let top = try XCTUnwrap(pixmap.pixel(x: 5, y: 5))
        XCTAssertEqual(top, pixmap.pixel(x: 5, y: 400))
        XCTAssertLessThan(top.g, 100)
        XCTAssertLessThan(try XCTUnwrap(pixmap.pixel(x: 5, y: 840)).g, 100)
        // A style's background stays behind its view.
        let styled = try MainActor.assumeIsolated { try ViewCheck.frameForTests { Styled() } }
        XCTAssertEqual(styled.pixel(x: 5, y: 5)?.g, 255)
        let laid = try MainActor.assumeIsolated { try layout(at: 0) { Pink() } }
        XCTAssertEqual(
            try XCTUnwrap(laid.first { $0.text == "Hi" }).frame.midY, 47 + (844 - 47 - 34) / 2, accuracy: 0.5)
    }
}

extension ViewCheck {
    /// The first frame of `view` on the test phone.
    @MainActor fileprivate static func frameForTests(_ view: @escaping @MainActor () -> any View) throws -> Pixmap {
        try frame(of: view, script: phone, at: 0)
    }
}
