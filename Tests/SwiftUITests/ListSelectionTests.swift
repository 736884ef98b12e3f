import RevealPlayer
import RevealRender
import SwiftUI
import XCTest

private struct Planet: Identifiable, Hashable {
    let name: String
    var id: String { name }
}

/// A list whose selection a tap changes; its rows are `ForEach` elements, and a row tagged by hand; a picker
/// inside a row keeps its own tags.
private struct Planets: SwiftUI.View {
    @State private var selected: String? = "Venus"
    @State private var unit = 0
    let planets = [Planet(name: "Mercury"), Planet(name: "Venus"), Planet(name: "Earth")]
    var body: some SwiftUI.View {
        List(selection: $selected) {
            ForEach(planets) { planet in Text(planet.name) }
            Text("Pluto").tag("Pluto")
            Text("selected \(selected ?? "none")")
        }
    }
}

/// `List(selection:)` with a single selection, as iOS 16 and later select outside edit mode: the selected row on
/// UITableViewCell's selected background (`systemGray4`), a tap selecting another.
final class ListSelectionTests: XCTestCase {
    private let phone = ViewScript(
        width: 390, height: 844, scale: 1, fps: 30, safeArea: Insets(top: 47, leading: 0, bottom: 34, trailing: 0))

    private func render(_ taps: [ViewScript.Tap], at time: Double) throws -> (Pixmap, [LaidOutView]) {
        var script = phone
        script.taps = taps
        return try MainActor.assumeIsolated {
            var player = ViewPlayer(script: script) { Planets() }
            let laid = try player.layout(at: time)
            let frame = Int((time * 30).rounded())
            return (try player.render(frame: frame), laid)
        }
    }

    /// The row background at the card's left inside, by the row of `text`.
    private func background(_ pixels: Pixmap, _ laid: [LaidOutView], _ text: String) throws -> [UInt8] {
        let row = try XCTUnwrap(laid.first { $0.text == text }, text)
        let p = try XCTUnwrap(pixels.pixel(x: 25, y: Int(row.frame.y + row.frame.height / 2)))
        return [p.r, p.g, p.b]
    }

    func testTheSelectedRowIsGrayAndATapSelectsAnother() throws {
        let (pixels, laid) = try render([], at: 0)
        XCTAssertEqual(try background(pixels, laid, "Venus"), [209, 209, 214])
        XCTAssertEqual(try background(pixels, laid, "Earth"), [255, 255, 255])
        let (after, laidAfter) = try render([ViewScript.Tap(t: 0.1, target: .label("Earth"))], at: 0.5)
        XCTAssertEqual(try background(after, laidAfter, "Earth"), [209, 209, 214])
        XCTAssertEqual(try background(after, laidAfter, "Venus"), [255, 255, 255])
        XCTAssertNotNil(laidAfter.first { $0.text == "selected Earth" })
    }

    func testARowTaggedByHandIsSelectedByItsTag() throws {
        let (_, laid) = try render([ViewScript.Tap(t: 0.1, target: .label("Pluto"))], at: 0.5)
        XCTAssertNotNil(laid.first { $0.text == "selected Pluto" })
    }
}
