import Foundation
import RevealPlayer
import RevealRender
import SwiftUI
import XCTest

/// A 40×40-point screen at 1×, with no safe area.
private let screen = ViewScript(width: 40, height: 40, scale: 1, fps: 10, safeArea: Insets())

@MainActor private func render(
    dark: Bool = false, _ view: @escaping @MainActor () -> any SwiftUI.View
) throws -> Pixmap {
    var script = screen
    script.appearance = dark ? .dark : .light
    var player = ViewPlayer(script: script, view: view)
    return try player.render(frame: 0)
}

private func rgb(_ pixels: Pixmap, _ x: Int, _ y: Int) -> [Int] {
    guard let p = pixels.pixel(x: x, y: y) else { return [] }
    return [Int(p.r), Int(p.g), Int(p.b)]
}

/// A reader of the environment's color scheme: green in dark mode, red in light.
private struct SchemeSwatch: SwiftUI.View {
    @Environment(\.colorScheme) private var colorScheme
    var body: some SwiftUI.View {
        colorScheme == .dark ? SwiftUI.Color(red: 0, green: 1, blue: 0) : SwiftUI.Color(red: 1, green: 0, blue: 0)
    }
}

/// Dark mode: the script's appearance, `preferredColorScheme` and `environment(\.colorScheme, _)`, against
/// the values Apple's Human Interface Guidelines and UIKit give for each mode.
final class ColorSchemeTests: XCTestCase {
    func testSystemColorsLabelsAndTheScreenTakeTheirDarkValues() throws {
        try MainActor.assumeIsolated {
            // HIG: red is #FF3B30 in light mode and #FF453A in dark mode; blue #007AFF and #0A84FF.
            XCTAssertEqual(rgb(try render { SwiftUI.Color.red }, 20, 20), [255, 59, 48])
            XCTAssertEqual(rgb(try render(dark: true) { SwiftUI.Color.red }, 20, 20), [255, 69, 58])
            XCTAssertEqual(rgb(try render(dark: true) { Rectangle().fill(.blue) }, 20, 20), [10, 132, 255])
            // The screen is black, and a shape with no style takes the label color: white.
            let shape = try render(dark: true) { Rectangle().frame(width: 10, height: 10) }
            XCTAssertEqual(rgb(shape, 2, 2), [0, 0, 0])
            XCTAssertEqual(rgb(shape, 20, 20), [255, 255, 255])
            XCTAssertEqual(rgb(try render { Rectangle().frame(width: 10, height: 10) }, 20, 20), [0, 0, 0])
            // The secondary label: (235, 235, 245) at 60 % over black.
            XCTAssertEqual(rgb(try render(dark: true) { Rectangle().fill(.secondary) }, 20, 20), [141, 141, 147])
            XCTAssertEqual(rgb(try render(dark: true) { SchemeSwatch() }, 20, 20), [0, 255, 0])
            // A switch's off track, the secondary system fill: (120, 120, 128) at 32 % over black.
            let toggle = try render(dark: true) { Toggle(isOn: .constant(false)) { EmptyView() } }
            XCTAssertEqual(rgb(toggle, 32, 20), [38, 38, 41])
        }
    }

    func testAPreferenceDarkensTheWholeScreenAndAnEnvironmentOnlyItsViews() throws {
        try MainActor.assumeIsolated {
            let preferred = try render {
                VStack {
                    SchemeSwatch().frame(width: 10, height: 10)
                    SchemeSwatch().frame(width: 10, height: 10).preferredColorScheme(.dark)
                }
            }
            XCTAssertEqual(rgb(preferred, 1, 1), [0, 0, 0], "the screen behind is dark")
            XCTAssertEqual(rgb(preferred, 20, 14), [0, 255, 0], "a view beside the preference is dark too")
            let scoped = try render {
                HStack(spacing: 0) {
                    Rectangle()
                    Rectangle().environment(\.colorScheme, .dark)
                }
                .frame(width: 20, height: 10)
            }
            XCTAssertEqual(rgb(scoped, 1, 1), [255, 255, 255])
            XCTAssertEqual(rgb(scoped, 15, 20), [0, 0, 0])
            XCTAssertEqual(rgb(scoped, 25, 20), [255, 255, 255])
            XCTAssertEqual(rgb(scoped, 25, 2), [255, 255, 255])
        }
    }

    func testAScriptAsksForDarkModeByName() throws {
        let script = try ViewScriptFile.decode(Array(#"{"colorScheme": "dark"}"#.utf8), file: "s.json")
        XCTAssertEqual(script.appearance, .dark)
        XCTAssertThrowsError(try ViewScriptFile.decode(Array(#"{"colorScheme": "dim"}"#.utf8), file: "s.json")) {
            XCTAssertTrue("\($0)".contains("colorScheme must be \"light\" or \"dark\""), "\($0)")
        }
    }
}

/// A destructive button's title and a bordered one's fill: the system red, light or dark, where a button
/// would be in the tint.
final class ButtonRoleTests: XCTestCase {
    func testADestructiveButtonIsDrawnInTheSystemRed() throws {
        try MainActor.assumeIsolated {
            @MainActor func fill(_ role: ButtonRole?, dark: Bool = false) throws -> [Int] {
                rgb(
                    try render(dark: dark) {
                        Button(role: role) {
                        } label: {
                            Rectangle().frame(width: 20, height: 20)
                        }
                    }, 20, 20)
            }
            XCTAssertEqual(try fill(nil), [0, 122, 255])
            XCTAssertEqual(try fill(.destructive), [255, 59, 48])
            XCTAssertEqual(try fill(.destructive, dark: true), [255, 69, 58])
            XCTAssertEqual(try fill(.cancel), [0, 122, 255])
            // A prominent bordered button, drawn by the engine, filled with the tint of the scheme it is in.
            @MainActor func prominent(dark: Bool) throws -> [Int] {
                rgb(
                    try render(dark: dark) {
                        Button {
                        } label: {
                            SwiftUI.Color.clear.frame(width: 10, height: 10)
                        }.buttonStyle(.borderedProminent)
                    }, 20, 20)
            }
            XCTAssertEqual(try prominent(dark: false), [0, 122, 255])
            XCTAssertEqual(try prominent(dark: true), [10, 132, 255])
        }
    }
}
