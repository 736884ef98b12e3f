import RevealPlayer
import RevealRender
import SwiftUI
import XCTest

private let screen = ViewScript(width: 200, height: 250, scale: 1, fps: 30, safeArea: Insets())

/// The frames of the views of `kind` laid out at time 0 on `screen`.
@MainActor private func frames<V: View>(_ kind: String, _ view: @escaping @Sendable () -> V) throws -> [Rect] {
    try ViewPlayer(script: screen, view: view).layout(at: 0).filter { $0.kind == kind }.map(\.frame)
}

/// The first frame of `view` on `screen`.
@MainActor private func render<V: View>(_ view: @escaping @Sendable () -> V) throws -> Pixmap {
    var player = ViewPlayer(script: screen, view: view)
    return try player.render(frame: 0)
}

/// Code that reads where its view was laid out: `GeometryProxy.frame(in:)` in every coordinate space,
/// `visualEffect`, and `containerRelativeFrame` inside a scroll view, each as SwiftUI documents it, with the
/// view evaluated again in the same frame once its layout is known.
final class GeometryReadingTests: XCTestCase {

    func testAReaderMeasuresItsFrameInTheScreenInANamedSpaceAndInItself() throws {
        // A 30-point bar over a row of a 12-point bar and a 100-point reader: 130 points centred on a 250-point
        // screen, so the reader's top is 60 + 30 = 90 on the screen, and it starts 12 points into the row named
        // "row". The reader shows those numbers as its content's size: width from the screen, height from the row.
        let laid = try MainActor.assumeIsolated {
            try frames("shape") {
                VStack(spacing: 0) {
                    Rectangle().fill(.red).frame(height: 30)
                    HStack(spacing: 0) {
                        Rectangle().fill(.blue).frame(width: 12)
                        GeometryReader { proxy in
                            Rectangle().fill(.green)
                                .frame(
                                    width: proxy.frame(in: .global).minY + proxy.frame(in: .local).minY,
                                    height: proxy.frame(in: .named("row")).minX)
                        }
                        .frame(width: 100, height: 100)
                    }
                    .coordinateSpace(name: "row")
                }
            }
        }
        XCTAssertTrue(laid.contains { $0.width == 90 && $0.height == 12 }, "\(laid)")
    }

    func testASpaceNotAroundTheViewMeasuresAsTheScreenAndHasNoBounds() throws {
        let laid = try MainActor.assumeIsolated {
            try frames("shape") {
                GeometryReader { proxy in
                    Rectangle().fill(.green)
                        .frame(
                            width: proxy.frame(in: .named("elsewhere")).minY,
                            height: proxy.bounds(of: .named("elsewhere")) == nil ? 7 : 3)
                }
                .frame(width: 100, height: 100)
            }
        }
        // The reader is centred: its top 75 points down the screen.
        XCTAssertTrue(laid.contains { $0.width == 75 && $0.height == 7 }, "\(laid)")
    }

    /// A 50-point bar over a scroll view of black rows 100 points tall, whose red first row sticks to the top of
    /// the viewport through a visual effect reading its frame in the scroll view, scrolled up by `top` points.
    private func stickyHeader(scrolledBy top: Double) throws -> Pixmap {
        var script = screen
        // A slow drag up by `top` points (past the 10-point slop), held still before it lifts: no coast.
        let points = (0...10).map {
            TouchSample(x: 100, y: 200 - (top + 10) * Double($0) / 10, t: 0.1 + 0.03 * Double($0))
        }
        script.touches = [ViewScript.Touch(points: points + [.init(x: 100, y: 190 - top, t: 0.8)])]
        return try MainActor.assumeIsolated {
            var player = ViewPlayer(script: script) {
                VStack(spacing: 0) {
                    Color.blue.frame(height: 50)
                    ScrollView {
                        VStack(spacing: 0) {
                            Color.red.frame(height: 100)
                                .visualEffect { content, proxy in
                                    content.offset(y: -min(0, proxy.frame(in: .scrollView(axis: .vertical)).minY))
                                }
                                .zIndex(1)
                            ForEach(0..<5) { _ in Color.black.frame(height: 100) }
                        }
                    }
                    .scrollIndicators(.hidden)
                }
            }
            return try player.render(frame: 45)
        }
    }

    func testAVisualEffectFollowsItsViewAsItScrolls() throws {
        // Scrolled 40 points, the first row's frame in the scroll view starts at -40 (on the screen at 10, under
        // the bar), so the effect moves it back down by 40: it covers 50…150, where it was laid out at 10…110.
        let pixels = try stickyHeader(scrolledBy: 40)
        let red = try XCTUnwrap(pixels.pixel(x: 100, y: 130))
        XCTAssertEqual([red.r, red.g, red.b], [255, 59, 48], "the header stays at the top of the viewport")
        let below = try XCTUnwrap(pixels.pixel(x: 100, y: 160))
        XCTAssertEqual([below.r, below.g, below.b], [0, 0, 0])
    }

    func testAVisualEffectSeesItsSizeAndNotWhereItsEffectsDrawIt() throws {
        // The effect scales by the view's width (80 points: 0.8) and moves it by its own global minY; the frame
        // the proxy gives stays the laid-out one, so the numbers settle at once instead of feeding back.
        let laid = try MainActor.assumeIsolated {
            try frames("shape") {
                Rectangle().fill(.red).frame(width: 80, height: 50)
                    .visualEffect { content, proxy in
                        content.offset(x: proxy.size.width / 100, y: proxy.frame(in: .global).minY)
                    }
            }
        }
        // Laid out at 60…140 × 100…150, it is listed where the effect draws it: 0.8 right, 100 down.
        XCTAssertEqual(laid, [Rect(x: 60.8, y: 200, width: 80, height: 50)])
    }

    func testAVisualEffectsOffsetIsDrawnFromTheFrameOfItsFirstLayout() throws {
        // The view laid out at 100…150 is drawn 100 points further down by its own global minY: 200…250.
        let pixels = try MainActor.assumeIsolated {
            try render {
                Rectangle().fill(.red).frame(width: 80, height: 50)
                    .visualEffect { content, proxy in content.offset(y: proxy.frame(in: .global).minY) }
            }
        }
        XCTAssertEqual(try XCTUnwrap(pixels.pixel(x: 100, y: 225)).g, 59, "drawn at 200…250")
        XCTAssertEqual(try XCTUnwrap(pixels.pixel(x: 100, y: 125)).g, 255, "not where it was laid out")
    }

    func testAContainerRelativeFrameInAScrollViewTakesTheViewportsSize() throws {
        // SwiftUI's nearest container is the scroll view: its 120-point viewport, not the 250-point screen.
        let laid = try MainActor.assumeIsolated {
            try frames("shape") {
                ScrollView {
                    Rectangle().fill(.red).containerRelativeFrame(.vertical) { length, _ in length / 2 }
                }
                .frame(height: 120)
            }
        }
        XCTAssertEqual(laid.map(\.height), [60])
    }

    func testGeometryThatMovesEachTimeItIsReadStopsAfterItsRounds() throws {
        // A horizontal scroll view as tall as its content, whose content is half the scroll view's height:
        // each layout halves it again. The screen's 250 points start it; it stops after its rounds.
        let laid = try MainActor.assumeIsolated {
            try frames("shape") {
                ScrollView(.horizontal) {
                    Rectangle().fill(.red).frame(width: 50).containerRelativeFrame(.vertical) { length, _ in length / 2
                    }
                }
            }
        }
        // Eight rounds after the first layout (ViewGraph.maxGeometryRounds): 250 ÷ 2⁹.
        XCTAssertEqual(laid.map(\.height), [250 / 512])
    }
}
