import Foundation
import RevealPlayer
import RevealRender
import XCTest

@testable import SwiftUI

/// `Path`'s arcs, added paths and current point, against the geometry Core Graphics documents: angles grow
/// from +x towards +y (clockwise on a screen), `clockwise` is Core Graphics' flipped-space sense, and an arc
/// is joined to the current point by a line.
final class PathArcTests: XCTestCase {
    private let center = CGPoint(x: 50, y: 50)

    /// The end points of the path's elements, in order.
    private func ends(_ path: Path) -> [CGPoint] {
        path.outline.elements.compactMap { element in
            switch element {
            case .move(let p), .line(let p), .quadCurve(let p, _), .curve(let p, _, _): return CGPoint(x: p.x, y: p.y)
            case .rect, .ellipse, .close: return nil
            }
        }
    }

    private func assertNear(_ a: CGPoint?, _ b: CGPoint, _ message: String = "", line: UInt = #line) {
        guard let a else { return XCTFail("no point; \(message)", line: line) }
        XCTAssertEqual(a.x, b.x, accuracy: 1e-9, message, line: line)
        XCTAssertEqual(a.y, b.y, accuracy: 1e-9, message, line: line)
    }

    func testAnArcTurnsTheWayCoreGraphicsTurnsInAFlippedSpace() {
        var down = Path()
        down.addArc(center: center, radius: 40, startAngle: .zero, endAngle: .degrees(90), clockwise: false)
        // From +x to +y: a quarter turn down the right side, one cubic.
        XCTAssertEqual(ends(down).count, 2)
        assertNear(ends(down).first, CGPoint(x: 90, y: 50))
        assertNear(down.currentPoint, CGPoint(x: 50, y: 90))

        var up = Path()
        up.addArc(center: center, radius: 40, startAngle: .zero, endAngle: .degrees(90), clockwise: true)
        // The other way round: three quarters, over the top and the left.
        let points = ends(up)
        XCTAssertEqual(points.count, 4)
        assertNear(points[1], CGPoint(x: 50, y: 10))
        assertNear(points[2], CGPoint(x: 10, y: 50))
        assertNear(points[3], CGPoint(x: 50, y: 90))
    }

    func testEachCubicStaysOnTheCircle() {
        var path = Path()
        path.addArc(center: center, radius: 40, startAngle: .degrees(-30), endAngle: .degrees(200), clockwise: false)
        var from = CGPoint(x: 0, y: 0)
        for element in path.outline.elements {
            switch element {
            case .move(let p):
                from = CGPoint(x: p.x, y: p.y)
            case .curve(let p, let c1, let c2):
                // The cubic's midpoint, (p0 + 3·c1 + 3·c2 + p3) / 8, is within 0.03 % of the radius of the circle
                // (the 4/3·tan(θ/4) construction's error for a quarter turn is 2.7e-4 of the radius).
                let mid = CGPoint(
                    x: (from.x + 3 * c1.x + 3 * c2.x + p.x) / 8, y: (from.y + 3 * c1.y + 3 * c2.y + p.y) / 8)
                XCTAssertEqual(hypot(mid.x - 50, mid.y - 50), 40, accuracy: 40 * 3e-4)
                from = CGPoint(x: p.x, y: p.y)
            default:
                XCTFail("an arc is a move and cubics: \(element)")
            }
        }
        assertNear(
            path.currentPoint, CGPoint(x: 50 + 40 * cos(200 * Double.pi / 180), y: 50 + 40 * sin(200 * Double.pi / 180))
        )
    }

    func testATurnOfAFullCircleOrMoreIsTheWholeCircle() {
        var path = Path()
        path.addArc(center: center, radius: 10, startAngle: .zero, endAngle: .degrees(720), clockwise: false)
        XCTAssertEqual(ends(path).count, 5, "a move and four quarter turns")
        assertNear(path.currentPoint, CGPoint(x: 60, y: 50))
        var relative = Path()
        relative.addRelativeArc(center: center, radius: 10, startAngle: .zero, delta: .degrees(-450))
        XCTAssertEqual(ends(relative).count, 6, "a relative arc is not wrapped: five quarter turns")
        assertNear(relative.currentPoint, CGPoint(x: 50, y: 40))
    }

    func testAnArcAfterAPointIsJoinedToItByALine() {
        var path = Path()
        path.move(to: center)
        path.addArc(center: center, radius: 20, startAngle: .zero, endAngle: .degrees(90), clockwise: false)
        guard case .line(let p) = path.outline.elements[1] else { return XCTFail("no line to the arc") }
        XCTAssertEqual(p.x, 70, accuracy: 1e-9)
        XCTAssertEqual(p.y, 50, accuracy: 1e-9)
    }

    func testATangentArcRoundsTheCorner() {
        var path = Path()
        path.move(to: .zero)
        path.addArc(tangent1End: CGPoint(x: 100, y: 0), tangent2End: CGPoint(x: 100, y: 100), radius: 20)
        // A line to (80, 0), then a quarter turn about (80, 20) to (100, 20).
        let points = ends(path)
        assertNear(points[1], CGPoint(x: 80, y: 0))
        assertNear(path.currentPoint, CGPoint(x: 100, y: 20))
    }

    func testAddedPathsAndTheCurrentPointAfterAClose() {
        var path = Path()
        path.move(to: CGPoint(x: 1, y: 2))
        path.addLine(to: CGPoint(x: 5, y: 2))
        path.closeSubpath()
        assertNear(path.currentPoint, CGPoint(x: 1, y: 2), "a close returns to the subpath's start")
        path.addPath(
            Path(CGRect(x: 0, y: 0, width: 4, height: 4)), transform: CGAffineTransform(translationX: 10, y: 0))
        assertNear(path.currentPoint, CGPoint(x: 10, y: 0), "a rectangle ends where it starts, at its origin")
        XCTAssertNil(Path().currentPoint)
    }

    func testAFilledQuarterPieCoversItsArea() throws {
        // A quarter disc of radius 40 drawn at scale 1: the ink sums to π·40²/4 = 1256.6 square points, to
        // within the cubic's error (the exact-area rasterizer adds none of its own).
        struct Pie: SwiftUI.View {
            var body: some SwiftUI.View {
                Path { path in
                    path.move(to: CGPoint(x: 50, y: 50))
                    path.addArc(
                        center: CGPoint(x: 50, y: 50), radius: 40, startAngle: .degrees(10), endAngle: .degrees(100),
                        clockwise: false)
                    path.closeSubpath()
                }
                .fill(SwiftUI.Color.black)
                .frame(width: 100, height: 100)
                .background(SwiftUI.Color.white)
            }
        }
        try MainActor.assumeIsolated {
            var player = ViewPlayer(script: ViewScript(width: 100, height: 100, scale: 1, fps: 10, safeArea: Insets()))
            {
                Pie()
            }
            let pixels = try player.render(frame: 0)
            var ink = 0.0
            for y in 0..<100 {
                for x in 0..<100 { ink += Double(255 - Int(pixels.pixel(x: x, y: y)?.r ?? 255)) / 255 }
            }
            XCTAssertEqual(ink, Double.pi * 1600 / 4, accuracy: 1)
        }
    }
}
