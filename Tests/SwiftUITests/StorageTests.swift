import Foundation
import RevealPlayer
import RevealRender
import SwiftUI
import XCTest

private enum Mode: String {
    case light, dark
}

/// Three 20-point squares showing stored values: green when `count` is 3, blue in another view once `count`
/// reaches 4, black when the scene's `mode` is dark; and a button that adds one to `count`.
private struct Stored: View {
    @AppStorage("count") private var count = 0
    @SceneStorage("mode") private var mode = Mode.light
    var body: some View {
        VStack(spacing: 0) {
            HStack(spacing: 0) {
                (count == 3 ? Color.green : Color.red).frame(width: 20, height: 20)
                Reader().frame(width: 20, height: 20)
                (mode == .dark ? Color.black : Color.white).frame(width: 20, height: 20)
            }
            Button("Add") { count += 1 }.frame(width: 60, height: 40)
        }
    }
}

/// Another view reading the same key.
private struct Reader: View {
    @AppStorage("count") private var count = 0
    var body: some View { count >= 4 ? Color.blue : Color.yellow }
}

/// `@AppStorage` and `@SceneStorage`, kept in memory for the run: they start from the script's `storage`,
/// read a number as the property's type and a string as an enum's raw value, and a write reaches every view
/// reading the key.
final class StorageTests: XCTestCase {
    private func colors(_ storage: [String: ViewScript.Stored], tapAt: Double? = nil, frame: Int = 0) throws
        -> [[Int]]
    {
        try MainActor.assumeIsolated {
            var script = ViewScript(width: 60, height: 60, scale: 1, fps: 10, safeArea: Insets())
            script.storage = storage
            if let tapAt { script.taps = [ViewScript.Tap(t: tapAt, target: .label("Add"))] }
            script.until = 1
            var player = ViewPlayer(script: script) { Stored() }
            let pixmap = try player.render(frame: frame)
            return [10, 30, 50].map { x in
                let p = pixmap.pixel(x: x, y: 10)!
                return [Int(p.r), Int(p.g), Int(p.b)]
            }
        }
    }

    private let green = [52, 199, 89], red = [255, 59, 48], yellow = [255, 204, 0], blue = [0, 122, 255]

    func testStoredValuesStartFromTheScriptElseFromTheirDeclaration() throws {
        XCTAssertEqual(try colors([:]), [red, yellow, [255, 255, 255]])
        XCTAssertEqual(try colors(["count": .number(3), "mode": .string("dark")]), [green, yellow, [0, 0, 0]])
        // A value of another type than the property's is not read: the declared value stands.
        XCTAssertEqual(try colors(["count": .string("three"), "mode": .number(1)]), [red, yellow, [255, 255, 255]])
    }

    func testAScriptGivesStoredValuesAsBooleansNumbersOrStrings() throws {
        let script = try ViewScriptFile.decode(
            Array(#"{"storage": {"on": true, "count": 3, "name": "Ada"}}"#.utf8), file: "s.json")
        XCTAssertEqual(script.storage, ["on": .bool(true), "count": .number(3), "name": .string("Ada")])
        XCTAssertThrowsError(try ViewScriptFile.decode(Array(#"{"storage": {"list": [1]}}"#.utf8), file: "s.json")) {
            XCTAssertEqual(
                "\($0)", "s.json: storage.list: a stored value must be a boolean, a number or a string")
        }
        XCTAssertThrowsError(try ViewScriptFile.decode(Array(#"{"storage": 3}"#.utf8), file: "s.json")) {
            XCTAssertTrue("\($0)".contains("storage must be an object"), "\($0)")
        }
    }

    func testAWriteReachesEveryViewReadingTheKey() throws {
        // 3 from the script, then a tap at 0.5 s adds one: the button's view and the other reader both see 4.
        XCTAssertEqual(try colors(["count": .number(3)], tapAt: 0.5, frame: 4), [green, yellow, [255, 255, 255]])
        XCTAssertEqual(try colors(["count": .number(3)], tapAt: 0.5, frame: 6), [red, blue, [255, 255, 255]])
    }
}
