import RevealCore
import RevealDisplay
import RevealRaster
import RevealScenes
import XCTest

/// A screen's display list cut at the effect's placeholder, in drawing order, through groups and transforms.
final class SplitDisplayListTests: XCTestCase {
    private let root = DisplayIdentity.root
    private let frame = Rect(x: 0, y: 0, width: 10, height: 10)

    private func paint(_ index: Int) -> DisplayItem {
        DisplayItem(identity: root.child(index), frame: frame, content: .drawing(.paint(Paint(.color(.black)))))
    }

    /// Each item as a letter: P a paint, - nothing, E the placeholder, and a group or transform with its items.
    private func describe(_ items: [DisplayItem]) -> String {
        items.map { item in
            switch item.content {
            case .drawing(.paint): return "P"
            case .drawing(.none): return "-"
            case .drawing(.placeholder): return "E"
            case .drawing: return "?"
            case .group(_, let inner, let mask): return "g(\(describe(inner))|\(describe(mask)))"
            case .transform(_, let inner): return "t(\(describe(inner)))"
            }
        }.joined()
    }

    func testDrawingsFallOnTheirSideOfTheEffectAndGroupsStayOnBoth() {
        let placeholder = DisplayItem(identity: root.child(9), frame: frame, content: .drawing(.placeholder))
        let group = DisplayItem(
            identity: root.child(1), frame: frame,
            content: .group(.opacity(0.5), [paint(2), placeholder], mask: [paint(3)]))
        let turned = DisplayItem(
            identity: root.child(4), frame: frame,
            content: .transform(ViewTransform(), [paint(5)]))
        let split = SplitDisplayList(DisplayList([paint(0), group, turned, paint(6)]))
        XCTAssertEqual(describe(split.under), "Pg(PE|P)t(-)-")
        XCTAssertEqual(describe(split.over), "-g(-E|P)t(P)P")
    }
}
