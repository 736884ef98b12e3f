import Foundation
import RevealPlayer
import RevealRender
import SwiftUI
import XCTest

/// A 100×100-point screen at 1×, with no safe area.
private let screen = ViewScript(width: 100, height: 100, scale: 1, fps: 10, safeArea: Insets())

@MainActor private func render(_ view: @escaping @MainActor () -> any SwiftUI.View) throws -> Pixmap {
    var player = ViewPlayer(script: screen, view: view)
    return try player.render(frame: 0)
}

/// The box of pixels whose red level is below 128 (drawn in black), as (minX, minY, maxX + 1, maxY + 1).
private func inkBox(_ pixels: Pixmap) -> [Int] {
    var box = [Int.max, Int.max, Int.min, Int.min]
    for y in 0..<pixels.height {
        for x in 0..<pixels.width where (pixels.pixel(x: x, y: y)?.r ?? 255) < 128 {
            box = [min(box[0], x), min(box[1], y), max(box[2], x + 1), max(box[3], y + 1)]
        }
    }
    return box
}

/// The ink drawn, in pixels' worth of full coverage.
private func inkArea(_ pixels: Pixmap) -> Double {
    var sum = 0.0
    for y in 0..<pixels.height {
        for x in 0..<pixels.width { sum += Double(255 - Int(pixels.pixel(x: x, y: y)?.r ?? 255)) / 255 }
    }
    return sum
}

/// `CGAffineTransform` on paths, shapes' `rotation`, `offset` and `scale`, and a canvas's transform, against
/// boxes and areas worked out by hand.
final class ShapeTransformTests: XCTestCase {
    func testAShapeTurnedMovedOrScaledDrawsWhereTheTransformPutsIt() throws {
        try MainActor.assumeIsolated {
            XCTAssertEqual(inkBox(try render { SwiftUI.Color.black.frame(width: 40, height: 20) }), [30, 40, 70, 60])
            // A 40×20 rectangle turned a quarter about its centre (50, 50) stands 20×40.
            XCTAssertEqual(
                inkBox(try render { Rectangle().rotation(.degrees(90)).fill(.black).frame(width: 40, height: 20) }),
                [40, 30, 60, 70])
            XCTAssertEqual(
                inkBox(try render { Rectangle().offset(x: 10, y: -5).fill(.black).frame(width: 40, height: 20) }),
                [40, 35, 80, 55])
            XCTAssertEqual(
                inkBox(
                    try render {
                        Rectangle().scale(0.5, anchor: .topLeading).fill(.black).frame(width: 40, height: 20)
                    }), [30, 40, 50, 50])
        }
    }

    func testACircleTurnedKeepsItsAreaAndACanvasDrawsThroughItsTransform() throws {
        try MainActor.assumeIsolated {
            // A circle of radius 30 is π·900 ≈ 2827.4 pixels, upright or turned (then traced by cubics).
            let upright = inkArea(try render { Circle().fill(.black).frame(width: 60, height: 60) })
            let turned = inkArea(
                try render { Circle().rotation(.degrees(30)).fill(.black).frame(width: 60, height: 60) })
            XCTAssertEqual(upright, .pi * 900, accuracy: 2)
            XCTAssertEqual(turned, .pi * 900, accuracy: 3)
            let canvas = try render {
                Canvas { context, _ in
                    context.translateBy(x: 50, y: 50)
                    context.rotate(by: .degrees(90))
                    context.scaleBy(x: 2, y: 1)
                    // A 10×5 rectangle at the origin: scaled to 20×5, turned to 5×20 (x −5…0), moved by (50, 50).
                    context.fill(Path(CGRect(x: 0, y: 0, width: 10, height: 5)), with: .color(.black))
                }
            }
            XCTAssertEqual(inkBox(canvas), [45, 50, 50, 70])
            XCTAssertEqual(
                CGPoint(x: 1, y: 0).applying(CGAffineTransform(rotationAngle: .pi / 2)).y, 1, accuracy: 1e-12)
            let t = CGAffineTransform(translationX: 3, y: 4).scaledBy(x: 2, y: 5)
            let back = CGPoint(x: 7, y: 9).applying(t).applying(t.inverted())
            XCTAssertEqual(back.x, 7, accuracy: 1e-12)
            XCTAssertEqual(back.y, 9, accuracy: 1e-12)
        }
    }
}
