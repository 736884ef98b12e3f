import RevealPlayer
import RevealRender
import SwiftUI
import XCTest

/// A label drawn the way a style of the user's says: its icon over its title.
private struct StackedLabelStyle: LabelStyle {
    func makeBody(configuration: Configuration) -> some View {
        VStack(spacing: 4) {
            configuration.icon
            configuration.title
        }
    }
}

/// `labelStyle` as SwiftUI documents it: `.iconOnly` and `.titleOnly` show one part, `.titleAndIcon` both, and a
/// style of your own builds the label from its configuration's title and icon.
final class LabelStyleTests: XCTestCase {
    private func laid(@ViewBuilder _ view: @escaping @MainActor () -> some View) throws -> [LaidOutView] {
        let script = ViewScript(width: 200, height: 200, scale: 1, fps: 30, safeArea: Insets())
        return try MainActor.assumeIsolated { try ViewPlayer(script: script) { view() }.layout(at: 0) }
    }

    func testTheBuiltInStylesShowTheirParts() throws {
        let iconOnly = try laid { Label("Trash", systemImage: "trash").labelStyle(.iconOnly) }
        XCTAssertNil(iconOnly.first { $0.text == "Trash" })
        XCTAssertNotNil(iconOnly.first { $0.kind == "symbol" })
        let titleOnly = try laid { Label("Trash", systemImage: "trash").labelStyle(.titleOnly) }
        XCTAssertNotNil(titleOnly.first { $0.text == "Trash" })
        XCTAssertNil(titleOnly.first { $0.kind == "symbol" })
        let both = try laid { Label("Trash", systemImage: "trash").labelStyle(.titleAndIcon) }
        XCTAssertNotNil(both.first { $0.text == "Trash" })
    }

    func testAStyleOfYourOwnBuildsTheLabelFromItsTitleAndIcon() throws {
        let views = try laid { Label("Trash", systemImage: "trash").labelStyle(StackedLabelStyle()) }
        let title = try XCTUnwrap(views.first { $0.text == "Trash" })
        let icon = try XCTUnwrap(views.first { $0.kind == "symbol" })
        XCTAssertGreaterThanOrEqual(title.frame.y, icon.frame.maxY + 4 - 0.5, "the title under the icon")
    }
}
