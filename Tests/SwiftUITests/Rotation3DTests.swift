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

/// The ink drawn (black on the white screen) in each column, in pixels' worth of full coverage.
private func inkColumns(_ pixels: Pixmap) -> [Double] {
    (0..<pixels.width).map { x in
        (0..<pixels.height).reduce(0.0) { $0 + Double(255 - Int(pixels.pixel(x: x, y: $1)?.r ?? 255)) / 255 }
    }
}

/// A 40×20 black rectangle in the middle of the screen, turned.
@MainActor private func turned(
    _ degrees: Double, axis: (x: CGFloat, y: CGFloat, z: CGFloat), perspective: CGFloat = 1
) throws -> [Double] {
    inkColumns(
        try render {
            SwiftUI.Color.black.frame(width: 40, height: 20)
                .rotation3DEffect(.degrees(degrees), axis: axis, perspective: perspective)
        })
}

/// `rotation3DEffect` against the projection worked out by hand from Core Animation's conventions: the plane
/// turned about the axis through the anchor, then w = 1 − z′ / d with d the larger side over `perspective`.
final class Rotation3DTests: XCTestCase {
    func testAboutTheZAxisItTurnsAsRotationEffectDoes() throws {
        try MainActor.assumeIsolated {
            let flat = inkColumns(
                try render { SwiftUI.Color.black.frame(width: 40, height: 20).rotationEffect(.degrees(30)) })
            let z = try turned(30, axis: (0, 0, 1))
            for x in 0..<100 { XCTAssertEqual(z[x], flat[x], accuracy: 0.02, "column \(x)") }
        }
    }

    func testWithoutPerspectiveATurnAboutYNarrowsTheViewByTheCosine() throws {
        try MainActor.assumeIsolated {
            let columns = try turned(60, axis: (0, 1, 0), perspective: 0)
            // 40 wide × cos 60° = 20, centred: columns 40..<60 full height 20.
            XCTAssertEqual(columns[39], 0, accuracy: 0.01)
            XCTAssertEqual(columns[40], 20, accuracy: 0.01)
            XCTAssertEqual(columns[59], 20, accuracy: 0.01)
            XCTAssertEqual(columns[60], 0, accuracy: 0.01)
        }
    }

    func testInPerspectiveTheSideTurnedAwayShrinksAndTheAreaIsTheProjectedTrapezoids() throws {
        try MainActor.assumeIsolated {
            let columns = try turned(60, axis: (0, 1, 0))
            // A point u pixels right of the anchor goes to u·cos θ, at depth z′ = −u·sin θ; the eye is d = 40
            // away, so it is seen at u·cos θ / w and v / w from the anchor, w = 1 + u·sin θ / d.
            let (c, s, d) = (cos(Double.pi / 3), sin(Double.pi / 3), 40.0)
            func w(_ u: Double) -> Double { 1 + u * s / d }
            let (left, right) = (50 - 20 * c / w(-20), 50 + 20 * c / w(20))
            let (leftHeight, rightHeight) = (20 / w(-20), 20 / w(20))
            let area = (leftHeight + rightHeight) / 2 * (right - left)
            XCTAssertEqual(columns.reduce(0, +), area, accuracy: 1)
            // The near (left) side is taller than the view; the far (right) side shorter.
            XCTAssertEqual(columns[Int(left) + 1], leftHeight, accuracy: 1.5)
            XCTAssertEqual(columns[Int(right) - 1], rightHeight, accuracy: 1.5)
            XCTAssertGreaterThan(leftHeight, 20)
            XCTAssertLessThan(rightHeight, 20)
        }
    }

    func testHalfATurnAboutYMirrorsTheViewAndAQuarterTurnShowsItEdgeOn() throws {
        try MainActor.assumeIsolated {
            let mirrored = inkColumns(
                try render {
                    HStack(spacing: 0) {
                        SwiftUI.Color.black
                        SwiftUI.Color.clear
                    }
                    .frame(width: 40, height: 20)
                    .rotation3DEffect(.degrees(180), axis: (x: 0, y: 1, z: 0))
                })
            XCTAssertEqual(mirrored[35], 0, accuracy: 0.01)
            XCTAssertEqual(mirrored[65], 20, accuracy: 0.01)
            let edgeOn = try turned(90, axis: (0, 1, 0))
            XCTAssertLessThan(edgeOn.reduce(0, +), 1)
        }
    }
}
