import RevealPlayer
import RevealRender
import SwiftUI
import XCTest

/// Lists and forms as iOS 17/18 draws them, held against the numbers measured on Apple's own rendering of a
/// one-row List (`../shared/apple-refs`, pair 04: a 390 × 844 iPhone at 3×, 47 points of safe area on top).
private let phone = ViewScript(
    width: 390, height: 844, scale: 1, fps: 30, safeArea: Insets(top: 47, leading: 0, bottom: 34, trailing: 0))

final class ListTests: XCTestCase {
    private func views(_ view: @escaping @MainActor () -> any SwiftUI.View) throws -> [LaidOutView] {
        try MainActor.assumeIsolated { try ViewPlayer(script: phone, view: view).layout(at: 0) }
    }

    func testAOneRowListSitsWhereApplesDoes() throws {
        let laid = try views { List { Text("San Francisco") } }
        // Apple's card: 20 points in from each side (x 20…370), from 35 points under the safe area (y 82),
        // 44 points high; the row's text 20 points into the card.
        let row = try XCTUnwrap(laid.first { $0.kind == "frame" && $0.frame.height == 44 })
        XCTAssertEqual(row.frame, Rect(x: 20, y: 82, width: 350, height: 44))
        let text = try XCTUnwrap(laid.first { $0.text == "San Francisco" })
        XCTAssertEqual(text.frame.x, 40)
        XCTAssertEqual(text.frame.y + text.frame.height / 2, 82 + 22, accuracy: 0.5, "centred in the row")
    }

    func testTheScreenTakesTheGroupedBackgroundAndTheCardIsWhite() throws {
        let pixels = try MainActor.assumeIsolated {
            var player = ViewPlayer(script: phone) { List { Text("San Francisco") } }
            return try player.render(frame: 0)
        }
        // systemGroupedBackground (242, 242, 247) above the card, even under the status bar; the card white.
        for (x, y) in [(10, 10), (10, 300), (195, 60)] {
            XCTAssertEqual(
                pixels.pixel(x: x, y: y), PremultipliedRGBA8(r: 242, g: 242, b: 247, a: 255), "at \(x), \(y)")
        }
        XCTAssertEqual(pixels.pixel(x: 300, y: 100), PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255))
    }

    func testSectionsGroupRowsUnderCapitalHeadersAndOverFooters() throws {
        let laid = try views {
            Form {
                Section("Account") {
                    Text("Name")
                    Text("Email")
                }
                Section {
                    Text("Version")
                } footer: {
                    Text("Shown in Settings")
                }
            }
        }
        let header = try XCTUnwrap(laid.first { $0.text == "ACCOUNT" })
        let name = try XCTUnwrap(laid.first { $0.text == "Name" })
        let email = try XCTUnwrap(laid.first { $0.text == "Email" })
        let version = try XCTUnwrap(laid.first { $0.text == "Version" })
        let footer = try XCTUnwrap(laid.first { $0.text == "Shown in Settings" })
        XCTAssertEqual(header.frame.x, 40, "the header lines up with the rows' text")
        XCTAssertLessThan(header.frame.y, name.frame.y)
        XCTAssertEqual(email.frame.y - name.frame.y, 44, accuracy: 1e-9, "rows 44 points apart")
        // The second section's card starts 35 points under the first's end.
        XCTAssertEqual(version.frame.y - email.frame.y, 44 + 35, accuracy: 1e-9)
        XCTAssertGreaterThan(footer.frame.y, version.frame.y + 22)
    }

    func testARowsModifiersReachTheList() throws {
        let laid = try views {
            List {
                Text("Flush").listRowInsets(EdgeInsets())
                Text("Default")
            }
            .listStyle(.plain)
        }
        // Plain: rows across the whole width; the first row's content with no insets at all.
        XCTAssertEqual(try XCTUnwrap(laid.first { $0.text == "Flush" }).frame.x, 0)
        XCTAssertEqual(try XCTUnwrap(laid.first { $0.text == "Default" }).frame.x, 20)
    }
}
