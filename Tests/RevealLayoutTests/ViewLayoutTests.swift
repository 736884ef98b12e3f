import RevealTestSupport
import XCTest

@testable import RevealRender

/// SwiftUI's layout rules, one at a time, on views whose sizes are known exactly (fixed frames,
/// colors that take what they are offered), and the demo screens against frames worked out by hand
/// from the seeds' code.
final class ViewLayoutTests: XCTestCase {
    private func layout(_ view: ViewNode, in size: Size = Size(width: 300, height: 200)) throws -> LayoutNode {
        var builder = ViewTreeBuilder(fonts: .inter, scale: 2)
        let root = try builder.build(view)
        ViewLayout.place(root, in: size)
        return root
    }

    private func fixed(_ w: Double, _ h: Double) -> ViewNode {
        ViewNode.color(.black).modifier(.frame(FrameSpec(width: w, height: h)))
    }

    /// The frames of every node of one kind, in drawing order.
    private func frames(_ root: LayoutNode, _ kind: String) -> [Rect] {
        root.listing(scale: 1).filter { $0.kind == kind }.map(\.frame)
    }

    func testLayoutLowersToTheViewsThatDrawWithTheirFramesAndEffects() throws {
        // An HStack of a faded square behind a border, a spacer and a square raised by zIndex: the stack, the
        // frames, the padding and the spacer leave no item; the background is drawn first, the raised square
        // last, each with its frame and its identity from its place in the tree.
        let faded = fixed(20, 20).modifier(.opacity(0.5)).modifier(.padding(.all(5)))
            .modifier(.background(ViewNode.color(.white), alignment: .center))
        let raised = fixed(10, 10).modifier(.zIndex(1))
        let view = ViewNode(
            .stack(
                .horizontal, spacing: 0, alignment: .center,
                children: [raised, faded, ViewNode(.spacer(minLength: nil))])
        ).modifier(.frame(FrameSpec(width: 100)))
        let items = try layout(view).displayList.items
        func describe(_ item: DisplayItem) -> String {
            switch item.content {
            case .drawing(.paint): return "paint \(item.frame)"
            case .group(.opacity(let o), let inner, _): return "opacity \(o) [\(inner.map(describe).joined())]"
            default: return "other"
            }
        }
        XCTAssertEqual(
            items.map(describe),
            [
                "paint \(Rect(x: 110, y: 85, width: 30, height: 30))",
                "opacity 0.5 [paint \(Rect(x: 115, y: 90, width: 20, height: 20))]",
                "paint \(Rect(x: 100, y: 95, width: 10, height: 10))",
            ])
        // Laid out again, the same views have the same identities; each view's is its own.
        let again = try layout(view).displayList.items
        XCTAssertEqual(items.map(\.identity), again.map(\.identity))
        XCTAssertEqual(Set(items.map(\.identity) + items[1].inner.map(\.identity)).count, 4)
    }

    func testAStackHoldingASpacerIsOfferedWhatIsLeftLast() throws {
        // SwiftUI's stacks order children by flexibility, their widths offered infinity less offered 0: a
        // VStack around a row with a spacer grows without end, so it comes after the fixed views and takes
        // what they leave (268 - 36 - 28 - 2 * 12 = 180), instead of an equal share.
        let row = ViewNode(
            .stack(
                .horizontal, spacing: nil, alignment: .center,
                children: [ViewNode(.text("Jonas")), ViewNode(.spacer(minLength: nil)), ViewNode(.text("9:12"))]))
        let column = ViewNode(.stack(.vertical, spacing: nil, alignment: .center, children: [row]))
        let root = try layout(
            ViewNode(
                .stack(.horizontal, spacing: 12, alignment: .center, children: [fixed(36, 36), column, fixed(28, 28)])
            )
            .modifier(.frame(FrameSpec(width: 268))))
        XCTAssertEqual(frames(root, "vstack").map(\.width), [180])
        XCTAssertEqual(frames(root, "hstack").map(\.width), [268, 180])
    }

    func testStackOfFixedChildrenIsTheirSumCentred() throws {
        let root = try layout(
            ViewNode(.stack(.vertical, spacing: 10, alignment: .center, children: [fixed(50, 20), fixed(30, 40)])))
        XCTAssertEqual(root.frame, Rect(x: 125, y: 65, width: 50, height: 70))
        XCTAssertEqual(
            frames(root, "frame"),
            [Rect(x: 125, y: 65, width: 50, height: 20), Rect(x: 135, y: 95, width: 30, height: 40)])
        let leading = try layout(
            ViewNode(
                .stack(
                    .vertical, spacing: 0, alignment: NodeAlignment(horizontal: 0, vertical: 0.5),
                    children: [fixed(50, 20), fixed(30, 40)])))
        XCTAssertEqual(frames(leading, "frame")[1].x, 125, "leading alignment lines up the left edges")
    }

    func testFlexibleChildrenShareWhatTheFixedOnesLeave() throws {
        // 300 wide: the fixed 50 first (least flexible), then 250 shared by two colors: 125 each.
        let root = try layout(
            ViewNode(
                .stack(
                    .horizontal, spacing: 0, alignment: .center,
                    children: [.color(SystemColor.red), fixed(50, 10), .color(SystemColor.blue)])))
        XCTAssertEqual(frames(root, "paint").map(\.width), [125, 50, 125])
        XCTAssertEqual(frames(root, "paint").map(\.x), [0, 125, 175])
        // With spacing 10 the gaps come off first: (300 − 20 − 50) / 2 = 115.
        let spaced = try layout(
            ViewNode(
                .stack(
                    .horizontal, spacing: 10, alignment: .center,
                    children: [.color(SystemColor.red), fixed(50, 10), .color(SystemColor.blue)])))
        XCTAssertEqual(frames(spaced, "paint").map(\.width), [115, 50, 115])
    }

    func testSpacerPushesAndKeepsItsMinimum() throws {
        let root = try layout(
            ViewNode(
                .stack(
                    .horizontal, spacing: 0, alignment: .center,
                    children: [fixed(40, 10), ViewNode(.spacer(minLength: nil)), fixed(60, 10)])))
        XCTAssertEqual(frames(root, "frame").map(\.x), [0, 240])
        XCTAssertEqual(frames(root, "spacer").first?.width, 200)
        let tight = try layout(
            ViewNode(
                .stack(
                    .horizontal, spacing: 0, alignment: .center,
                    children: [fixed(200, 10), ViewNode(.spacer(minLength: 30)), fixed(100, 10)])),
            in: Size(width: 300, height: 50))
        XCTAssertEqual(frames(tight, "spacer").first?.width, 30, "a spacer never shrinks below its minLength")
    }

    func testInfiniteMaxFrameTakesTheOfferAndAlignsItsChild() throws {
        let root = try layout(
            fixed(40, 10).modifier(
                .frame(FrameSpec(maxWidth: .infinity, alignment: NodeAlignment(horizontal: 1, vertical: 0.5)))))
        let listed = root.listing(scale: 1)
        XCTAssertEqual(
            listed[0].frame, Rect(x: 0, y: 95, width: 300, height: 10), "width: all it is offered; height: its child's")
        XCTAssertEqual(listed[1].frame, Rect(x: 260, y: 95, width: 40, height: 10), "trailing alignment")
        // A max below the offer caps it; a min above the child raises it.
        let capped = try layout(fixed(40, 10).modifier(.frame(FrameSpec(maxWidth: 100, minHeight: 30))))
        XCTAssertEqual(capped.frame.width, 100)
        XCTAssertEqual(capped.frame.height, 30)
    }

    func testPaddingInsetsTheProposal() throws {
        let root = try layout(
            ViewNode.color(SystemColor.red).modifier(.padding(Insets(top: 5, leading: 10, bottom: 15, trailing: 20))))
        XCTAssertEqual(root.frame, Rect(x: 0, y: 0, width: 300, height: 200))
        XCTAssertEqual(frames(root, "paint"), [Rect(x: 10, y: 5, width: 270, height: 180)])
    }

    func testPositionCentresTheChildAtThePoint() throws {
        let root = try layout(fixed(40, 20).modifier(.position(x: 100, y: 50)))
        XCTAssertEqual(root.frame, Rect(x: 0, y: 0, width: 300, height: 200), "position takes all it is offered")
        XCTAssertEqual(frames(root, "frame"), [Rect(x: 80, y: 40, width: 40, height: 20)])
    }

    func testOverlayAndBackgroundTakeThePrimarySize() throws {
        let root = try layout(
            fixed(40, 20).modifier(.background(.color(SystemColor.red), alignment: .center)).modifier(
                .overlay(fixed(10, 10), alignment: NodeAlignment(horizontal: 0, vertical: 0))))
        let paints = frames(root, "paint")
        XCTAssertEqual(
            paints[1], Rect(x: 130, y: 90, width: 40, height: 20), "the background color is offered the view's size")
        XCTAssertEqual(frames(root, "frame")[1], Rect(x: 130, y: 90, width: 10, height: 10), "top-leading overlay")
    }

    func testTextWrapsAtTheOfferedWidthInWholePixels() throws {
        let text = ViewNode(.text("on your next order, while stocks last"), [.font(FontSpec(style: .headline))])
        let wide = try layout(text, in: Size(width: 1000, height: 200))
        let narrow = try layout(text, in: Size(width: 120, height: 200))
        let instance = try FontLibrary.shared.instance(path: FontFiles.inter.text, weight: 600)
        let line = instance.metrics.lineHeight * 17
        XCTAssertEqual(
            wide.frame.height, (line * 2).rounded(.up) / 2,
            "one line: the font's ascender to descender, rounded up to a pixel")
        XCTAssertEqual(narrow.frame.height, (3 * line * 2).rounded(.up) / 2, "three lines")
        XCTAssertLessThanOrEqual(narrow.frame.width, 120)
        XCTAssertEqual((wide.frame.width * 2).rounded(), wide.frame.width * 2, "a whole number of pixels wide")
    }

    func testALineFeedEndsALineAndIsNotDrawn() throws {
        let instance = try FontLibrary.shared.instance(path: FontFiles.inter.text, weight: 600)
        let line = instance.metrics.lineHeight * 17
        func height(_ string: String) throws -> Double {
            try layout(ViewNode(.text(string), [.font(FontSpec(style: .headline))]), in: Size(width: 1000, height: 200))
                .frame.height
        }
        // Lines as UIKit sets them: one a line feed ends, an empty one between two, an empty last one after one
        // at the end; each as high as the font's line.
        XCTAssertEqual(try height("Save\nnow"), (2 * line * 2).rounded(.up) / 2)
        XCTAssertEqual(try height("Save\n\nnow"), (3 * line * 2).rounded(.up) / 2)
        XCTAssertEqual(try height("Save\n"), (2 * line * 2).rounded(.up) / 2)
        // The first line as wide as "Save" alone: the feed is not drawn, nor counted in a line's width.
        let save = try layout(
            ViewNode(.text("Save"), [.font(FontSpec(style: .headline))]), in: Size(width: 1000, height: 200))
        let both = try layout(
            ViewNode(.text("Save\nSave"), [.font(FontSpec(style: .headline))]), in: Size(width: 1000, height: 200))
        XCTAssertEqual(both.frame.width, save.frame.width)
    }

    func testMinimumScaleFactorShrinksInsteadOfWrapping() throws {
        let text = ViewNode(
            .text("50% off"),
            [.font(FontSpec(style: .largeTitle, weight: .bold)), .lineLimit(1), .minimumScaleFactor(0.5)])
        let root = try layout(text, in: Size(width: 80, height: 200))
        let size = try XCTUnwrap(root.listing(scale: 1).first { $0.kind == "text" }?.fontSize)
        XCTAssertLessThan(size, 34)
        XCTAssertGreaterThanOrEqual(size, 17)
        XCTAssertLessThanOrEqual(root.frame.width, 80)
    }

    /// The scratch demo, by hand from the seed: a VStack (spacing 24) of the title, the card (240
    /// high, 28 in from each side of the 393-point phone) and the button, centred in the safe area
    /// (59 points at the top, 34 at the bottom, so 759 high from y = 59).
    func testScratchDemoFramesFollowTheSeed() throws {
        let views = try ScratchScene.demo.prepare().layout(atFrame: 0)
        let effect = try XCTUnwrap(views.first { $0.kind == "effect" })
        let title = try XCTUnwrap(views.first { $0.text == "Scratch the card" })
        let button = try XCTUnwrap(views.first { $0.kind == "button" })
        XCTAssertEqual(effect.frame.x, 28)
        XCTAssertEqual(effect.frame.width, 337)
        XCTAssertEqual(effect.frame.height, 240)
        XCTAssertEqual(effect.frame.y, title.frame.maxY + 24, accuracy: 1e-9)
        XCTAssertEqual(button.frame.y, effect.frame.maxY + 24, accuracy: 1e-9)
        let stack = title.frame.height + 24 + 240 + 24 + button.frame.height
        XCTAssertEqual(title.frame.y, 59 + (759 - stack) / 2, accuracy: 1e-9)
        XCTAssertEqual(title.frame.x + title.frame.width / 2, 196.5, accuracy: 1e-9, "centred")
        XCTAssertEqual(title.fontSize, 28)
        XCTAssertEqual(title.fontWeight, .bold)
        // The button: the title's line plus the bordered style's padding on each side.
        let label = try XCTUnwrap(views.first { $0.text == "Try again" })
        XCTAssertEqual(
            button.frame.height, label.frame.height + 2 * ControlMetrics.padding(.regular).vertical, accuracy: 1e-9)
        // The prize and the cover are laid out in the card.
        let prize = try XCTUnwrap(views.first { $0.text == "50% off" })
        XCTAssertEqual(prize.fontSize, 34)
        XCTAssertEqual(prize.frame.x + prize.frame.width / 2, 28 + 337 / 2, accuracy: 1e-9)
        XCTAssertEqual(views.first { $0.text == "on your next order" }?.fontWeight, .semibold, "headline")
        XCTAssertTrue(views.contains { $0.text == "Scratch here" })
        // After the reveal the title changes, in the same place.
        let prepared = try ScratchScene.demo.prepare()
        let after = try prepared.layout(atFrame: prepared.frameCount - 1)
        XCTAssertNil(after.first { $0.text == "Scratch the card" })
        XCTAssertEqual(after.first { $0.text == "You found it!" }?.frame.y, title.frame.y)
    }

    /// The circle demo: the button is centred at (0.5, 0.78) of the 393×852 screen, over the
    /// full-screen effect.
    func testCircleDemoButtonSitsAtTheOrigin() throws {
        let views = try CircleRevealScene.demo.prepare().layout(atFrame: 0)
        let effect = try XCTUnwrap(views.first { $0.kind == "effect" })
        XCTAssertEqual(effect.frame, Rect(x: 0, y: 0, width: 393, height: 852))
        let button = try XCTUnwrap(views.first { $0.kind == "button" })
        XCTAssertEqual(button.frame.x + button.frame.width / 2, 196.5, accuracy: 1e-9)
        XCTAssertEqual(button.frame.y + button.frame.height / 2, 852 * 0.78, accuracy: 1e-9)
        XCTAssertTrue(views.contains { $0.text == "Sunset" })
        XCTAssertFalse(views.contains { $0.text == "Sunrise" }, "not until the toggle")
        XCTAssertEqual(views.first { $0.text == "Day" }?.fontSize, 34)
    }
}
