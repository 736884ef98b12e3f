import RevealCore
import RevealDisplay
import RevealLayout
import RevealRaster
import RevealText
import XCTest

@testable import RevealScenes

/// A `when` view: a reader of one of the scene's conditions, built as the condition's value says and
/// checked whole (both of its views) before anything is drawn.
final class SceneConditionTests: XCTestCase {
    private let path = ScenePath(.file).key("screen").key("view")

    private func check(_ view: ViewNode, conditions: [String] = ["revealed"]) throws {
        var rules = ViewRules(limits: SceneLimits(), values: conditions, isScreen: true)
        try rules.check(view, at: path)
    }

    private func error(_ body: () throws -> Void) -> SceneError? {
        do { try body() } catch let error as SceneError { return error } catch { XCTFail("\(error)") }
        return nil
    }

    func testItShowsOneViewOrTheOtherAndCrossFadesBetween() throws {
        let view = ViewNode(
            .when(condition: "revealed", then: ViewNode(.text("Yes")), otherwise: ViewNode(.text("No"))))
        func listing(_ value: Double) throws -> [String] {
            var builder = ViewTreeBuilder(fonts: .inter, scale: 1, values: ["revealed": value])
            let root = try builder.build(view)
            ViewLayout.place(root, in: Size(width: 200, height: 100))
            var names: [String] = []
            root.visit { node, _ in names.append(node.name) }
            return names
        }
        XCTAssertEqual(try listing(0), ["when", "text"])
        XCTAssertEqual(try listing(1), ["when", "text"])
        XCTAssertEqual(try listing(0.5), ["when", "crossfade", "opacity", "text", "opacity", "text"])
        let no = try Drawn.render(view, values: [:])
        XCTAssertEqual(no, try Drawn.render(ViewNode(.text("No")), values: [:]))
        XCTAssertEqual(
            try Drawn.render(view, values: ["revealed": 1]),
            try Drawn.render(ViewNode(.text("Yes")), values: [:]))
        XCTAssertNotEqual(no, try Drawn.render(view, values: ["revealed": 1]))
    }

    func testBothOfItsViewsAreCheckedAtTheirOwnPaths() {
        let bad = ViewNode(.text("No"), [.opacity(2)])
        let view = ViewNode(.when(condition: "revealed", then: ViewNode(.text("Yes")), otherwise: bad))
        XCTAssertEqual(error { try check(view) }?.path, "screen.view.else.modifiers[0].opacity")
        let swapped = ViewNode(.when(condition: "revealed", then: bad, otherwise: ViewNode(.text("No"))))
        XCTAssertEqual(error { try check(swapped) }?.path, "screen.view.then.modifiers[0].opacity")
    }

    func testAnUnknownConditionOrTheEffectInsideIsRefused() {
        let view = ViewNode(.when(condition: "isDark", then: ViewNode(.text("Yes")), otherwise: ViewNode(.text("No"))))
        let unknown = error { try check(view) }
        XCTAssertEqual(unknown?.path, "screen.view.when")
        XCTAssertEqual(unknown?.message, "unknown condition \"isDark\" (this scene has: revealed)")
        let effect = ViewNode(.when(condition: "revealed", then: ViewNode(.effect), otherwise: ViewNode(.text("No"))))
        let inside = error { try check(effect) }
        XCTAssertEqual(inside?.path, "screen.view.when")
        XCTAssertEqual(
            inside?.message, "the effect cannot come and go with a condition: keep it out of \"when\"")
    }
}

/// A view drawn alone at 1×, 200×100 points.
private enum Drawn {
    static func render(_ view: ViewNode, values: [String: Double]) throws -> Pixmap {
        try DisplayRenderer.render(
            view, size: PixelSize(width: 200, height: 100), scale: 1, fonts: .inter, values: values)
    }
}
