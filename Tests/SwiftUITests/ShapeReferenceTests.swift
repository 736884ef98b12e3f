import Foundation
import RevealPlayer
import RevealRender
import SwiftUI
import XCTest

/// A 200×200-point screen at 2×, with no safe area.
private let screen = ViewScript(width: 200, height: 200, scale: 2, fps: 10, safeArea: Insets())

@MainActor private func render(_ view: @escaping @MainActor () -> any SwiftUI.View) throws -> Pixmap {
    var player = ViewPlayer(script: screen, view: view)
    return try player.render(frame: 0)
}

/// The error of our pixels against a reference, in 8-bit levels, over the pixels the reference says are
/// on an edge (partly covered): their mean and 99.9th percentile; and the largest error anywhere else.
private struct EdgeError {
    var mean = 0.0, p999 = 0.0, elsewhere = 0.0, edges = 0

    init(_ ours: (Int, Int) -> Double, reference: (Int, Int) -> (value: Double, edge: Bool), size: Int) {
        var errors: [Double] = []
        for y in 0..<size {
            for x in 0..<size {
                let (value, edge) = reference(x, y)
                let error = abs(ours(x, y) - value)
                if edge { errors.append(error) } else { elsewhere = max(elsewhere, error) }
            }
        }
        errors.sort()
        edges = errors.count
        mean = errors.reduce(0, +) / Double(max(errors.count, 1))
        p999 = errors.isEmpty ? 0 : errors[min(errors.count - 1, Int(Double(errors.count) * 0.999))]
    }
}

/// Ink coverage (black on white) of a pixel, in levels.
private func ink(_ pixels: Pixmap) -> (Int, Int) -> Double {
    { x, y in Double(255 - Int(pixels.pixel(x: x, y: y)?.r ?? 255)) }
}

/// The share of a pixel's `n`×`n` sample points (at the centres of an n×n grid) that `inside` holds, in
/// screen pixels.
private func supersampled(_ x: Int, _ y: Int, _ n: Int = 16, _ inside: (Double, Double) -> Bool) -> Double {
    var count = 0
    for j in 0..<n {
        for i in 0..<n
        where inside(Double(x) + (Double(i) + 0.5) / Double(n), Double(y) + (Double(j) + 0.5) / Double(n)) {
            count += 1
        }
    }
    return Double(count) / Double(n * n)
}

/// The area of a pixel a convex shape covers, integrated from 64 vertical slices, each cut exactly (to a
/// billionth of a pixel, by bisection of `inside`) where it enters and leaves the shape: a reference that a
/// regular grid of samples is not, near edges close to horizontal or vertical.
private func sliced(_ x: Int, _ y: Int, _ inside: (Double, Double) -> Bool) -> Double {
    let (top, bottom) = (Double(y), Double(y) + 1)
    var area = 0.0
    for k in 0..<64 {
        let px = Double(x) + (Double(k) + 0.5) / 64
        // A point inside on the slice, if the shape meets it; then where the inside interval ends each way.
        guard let seed = (0...32).map({ top + Double($0) / 32 }).first(where: { inside(px, $0) }) else { continue }
        func edge(from a: Double, to b: Double) -> Double {
            guard !inside(px, b) else { return b }
            var (lo, hi) = (a, b)
            for _ in 0..<30 {
                let mid = (lo + hi) / 2
                if inside(px, mid) { lo = mid } else { hi = mid }
            }
            return (lo + hi) / 2
        }
        area += (edge(from: seed, to: bottom) - edge(from: seed, to: top)) / 64
    }
    return area
}

/// The reference coverage of every pixel of a `size`×`size` screen for a convex shape: cut into slices where
/// an edge may pass (by an 8×8 grid), else whole or none.
private func referenceCoverage(size: Int, _ inside: (Double, Double) -> Bool) -> [[Double]] {
    let coarse = (0..<size).map { y in (0..<size).map { x in supersampled(x, y, 8, inside) } }
    return (0..<size).map { y in
        (0..<size).map { x in
            // Near an edge: a neighbour partly covered, or covered beside one that is not.
            let around = (max(y - 1, 0)...min(y + 1, size - 1)).flatMap { j in
                (max(x - 1, 0)...min(x + 1, size - 1)).map { i in coarse[j][i] }
            }
            let mixed = around.contains { $0 > 0 && $0 < 1 } || (around.contains(0) && around.contains(1))
            return mixed ? sliced(x, y, inside) : coarse[y][x]
        }
    }
}

/// Our ink (black on white) against the reference coverage of the convex shape `inside` holds: within the
/// bar on its edges, within a level elsewhere.
private func assertMatchesOutline(
    _ pixels: Pixmap, _ name: String, file: StaticString = #filePath, line: UInt = #line,
    _ inside: (Double, Double) -> Bool
) {
    let reference = referenceCoverage(size: 400, inside)
    let error = EdgeError(
        ink(pixels),
        reference: { x, y in
            let share = reference[y][x]
            return (share * 255, share > 1e-9 && share < 1 - 1e-9)
        }, size: 400)
    XCTAssertGreaterThan(error.edges, 500, name, file: file, line: line)
    XCTAssertLessThanOrEqual(error.mean, 0.5, "\(name): mean \(error.mean)", file: file, line: line)
    XCTAssertLessThanOrEqual(error.p999, 3, "\(name): 99.9th \(error.p999)", file: file, line: line)
    XCTAssertLessThanOrEqual(error.elsewhere, 1, "\(name): off the edges", file: file, line: line)
}

/// Shapes, transforms and gradients against references worked out here from their definitions: coverage
/// integrated from the analytic outline (`sliced`), gradient colors from the documented interpolation. The
/// bar is the one our strokes meet: mean edge error at most 0.5 levels, 99.9th percentile at most 3.
final class ShapeReferenceTests: XCTestCase {
    func testATurnedRoundedRectangleAndAnEllipseMatchTheirOutlinesAreas() throws {
        try MainActor.assumeIsolated {
            // A 120×80-point rectangle with circular 20-point corners, turned 30° about its centre (200, 200 px).
            let rect = try render {
                RoundedRectangle(cornerRadius: 20, style: .circular).fill(.black).frame(width: 120, height: 80)
                    .rotationEffect(.degrees(30))
            }
            let (c, s) = (cos(Double.pi / 6), sin(Double.pi / 6))
            func inRoundedRect(_ px: Double, _ py: Double) -> Bool {
                // Back into the rectangle's own frame (points from its centre), then the corner test.
                let (dx, dy) = ((px - 200) / 2, (py - 200) / 2)
                let (u, v) = (abs(c * dx + s * dy), abs(-s * dx + c * dy))
                guard u <= 60, v <= 40 else { return false }
                let (cu, cv) = (u - 40, v - 20)
                return cu <= 0 || cv <= 0 || cu * cu + cv * cv <= 400
            }
            assertMatchesOutline(rect, "rounded rectangle", inRoundedRect)
            // A 140×70-point ellipse.
            let ellipse = try render { Ellipse().fill(.black).frame(width: 140, height: 70) }
            assertMatchesOutline(ellipse, "ellipse") { px, py in
                let (u, v) = ((px - 200) / 140, (py - 200) / 70)
                return u * u + v * v <= 1
            }
        }
    }

    func testGradientsStraightAndTurnedMatchTheirDefinitions() throws {
        try MainActor.assumeIsolated {
            // Red to blue from the top leading to the bottom trailing corner of a 160×100-point rectangle,
            // interpolated in gamma-encoded sRGB; then the same turned 20°.
            let colors: [SwiftUI.Color] = [
                SwiftUI.Color(red: 1, green: 0, blue: 0), SwiftUI.Color(red: 0, green: 0, blue: 1),
            ]
            func expected(_ u: Double, _ v: Double) -> (r: Double, b: Double) {
                // u, v: points from the rectangle's top leading corner.
                let (dx, dy) = (160.0, 100.0)
                let t = min(max((u * dx + v * dy) / (dx * dx + dy * dy), 0), 1)
                return (255 * (1 - t), 255 * t)
            }
            for degrees in [0.0, 20] {
                let pixels = try render {
                    LinearGradient(colors: colors, startPoint: .topLeading, endPoint: .bottomTrailing)
                        .frame(width: 160, height: 100).rotationEffect(.degrees(degrees))
                }
                let (c, s) = (cos(degrees * .pi / 180), sin(degrees * .pi / 180))
                var errors: [Double] = []
                for y in 0..<400 {
                    for x in 0..<400 {
                        // Pixels wholly inside the turned rectangle, compared by their centres.
                        let inside = supersampled(x, y) { px, py in
                            let (dx, dy) = ((px - 200) / 2, (py - 200) / 2)
                            return abs(c * dx + s * dy) <= 80 && abs(-s * dx + c * dy) <= 50
                        }
                        guard inside == 1, let p = pixels.pixel(x: x, y: y) else { continue }
                        let (dx, dy) = ((Double(x) + 0.5 - 200) / 2, (Double(y) + 0.5 - 200) / 2)
                        let e = expected(c * dx + s * dy + 80, -s * dx + c * dy + 50)
                        errors.append(max(abs(Double(p.r) - e.r), abs(Double(p.b) - e.b)))
                    }
                }
                errors.sort()
                let mean = errors.reduce(0, +) / Double(errors.count)
                XCTAssertGreaterThan(errors.count, 50_000)
                XCTAssertLessThanOrEqual(mean, 0.5, "\(degrees)°: mean \(mean)")
                XCTAssertLessThanOrEqual(errors[Int(Double(errors.count) * 0.999)], 3, "\(degrees)°: 99.9th")
            }
        }
    }
}
