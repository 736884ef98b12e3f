import RevealPlayer
import RevealRender
import SwiftUI
import XCTest

/// A form of fields: one empty, one focused by a focus state, one secure, one of a formatted number.
private struct Fields: SwiftUI.View {
    @State private var empty = ""
    @State private var filled = "Ada"
    @State private var secret = "four"
    @State private var count = 1234
    @FocusState private var focused: Bool
    var body: some SwiftUI.View {
        VStack {
            TextField("Placeholder", text: $empty)
            TextField("Name", text: $filled).focused($focused)
            SecureField("Password", text: $secret)
            TextField("Count", value: $count, format: .number.grouping(.never))
        }
        .onAppear { focused = true }
    }
}

/// What text fields show: their text, else their placeholder; dots for a secure field; a value as its format
/// writes it; a caret where the focus is.
final class TextInputTests: XCTestCase {
    func testFieldsShowTheirTextTheirPlaceholderDotsAndFormattedValues() throws {
        let script = ViewScript(width: 300, height: 300, scale: 1, fps: 30, safeArea: Insets())
        let laid = try MainActor.assumeIsolated { try ViewPlayer(script: script) { Fields() }.layout(at: 0.1) }
        let texts = laid.compactMap(\.text)
        XCTAssertEqual(texts, ["Placeholder", "Ada", "••••", "1234"])
        // A field takes the width offered; the focused one has its 2-point caret after its text.
        let name = try XCTUnwrap(laid.first { $0.text == "Ada" })
        let caret = laid.filter { $0.kind == "shape" && $0.frame.width == 2 && $0.frame.height == 20 }
        XCTAssertEqual(caret.count, 1)
        XCTAssertEqual(caret.first?.frame.x, name.frame.maxX)
    }

    func testAScriptTypesIntoTheFieldItNamesACharacterAtATime() throws {
        var script = ViewScript(width: 300, height: 300, scale: 1, fps: 30, safeArea: Insets())
        script.typing = [ViewScript.Typing(t: 0.5, text: "Hi!", into: "Placeholder")]
        // Characters at 0.5, 0.6 and 0.7 s: two of them by 0.65 s, the field typed into taking the caret.
        let laid = try MainActor.assumeIsolated { try ViewPlayer(script: script) { Fields() }.layout(at: 0.65) }
        XCTAssertEqual(laid.compactMap(\.text).first, "Hi")
        let typed = try MainActor.assumeIsolated { try ViewPlayer(script: script) { Fields() }.layout(at: 1) }
        XCTAssertEqual(typed.compactMap(\.text).first, "Hi!")
        // The secure field takes typing by its placeholder too, shown as dots.
        script.typing = [ViewScript.Typing(t: 0.2, text: "ab", into: "Password")]
        let secret = try MainActor.assumeIsolated { try ViewPlayer(script: script) { Fields() }.layout(at: 1) }
        XCTAssertTrue(secret.contains { $0.text == "••••••" })
    }

    func testTypingIntoAFieldThatIsNotThereNamesTheFieldsThatAre() throws {
        var script = ViewScript(width: 300, height: 300, scale: 1, fps: 30, safeArea: Insets())
        script.typing = [ViewScript.Typing(t: 0.1, text: "x", into: "Email")]
        XCTAssertThrowsError(try MainActor.assumeIsolated { try ViewPlayer(script: script) { Fields() }.layout(at: 1) })
        {
            XCTAssertTrue("\($0)".contains("typing[0]: no text field is labelled \"Email\""), "\($0)")
            XCTAssertTrue("\($0)".contains("\"Placeholder\""), "\($0)")
        }
    }
}
