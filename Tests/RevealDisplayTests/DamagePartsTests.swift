import RevealTestSupport
import XCTest

@testable import RevealRender

/// The pieces that find what changed between two frames: a canvas's layer, a shape's convex spans, and the
/// region of boxes drawn again.
final class DamagePartsTests: XCTestCase {
    func testACanvasLayerGrowsToWhatDrawingItsCommandsAgainGives() throws {
        var layer = try CanvasLayer(width: 200, height: 150, scale: 2, commands: [])
        var commands = [
            CanvasCommand(path: PathOutline([.rect(Rect(x: 5, y: 5, width: 80, height: 60))]), color: .black)
        ]
        var previous = layer.pixels
        for step in 0..<30 {
            switch step % 10 {
            case 9:
                // Not a polyline: drawn on top as a whole command.
                commands.append(
                    CanvasCommand(
                        path: PathOutline([.ellipse(Rect(x: Double(step), y: 10, width: 20, height: 14))]),
                        color: RGBAColor(red: 0.2, green: 0.5, blue: 1, alpha: 0.7)))
            case 0, 5:
                commands.append(
                    CanvasCommand(
                        path: PathOutline([.move(Point(x: Double(step) * 3, y: 20))]), color: .black,
                        stroke: CanvasStroke(lineWidth: 9), blendMode: step % 2 == 0 ? .destinationOut : .normal))
            default:
                var last = commands.removeLast()
                last.path.elements.append(.line(Point(x: Double(step) * 3 + 2, y: 20 + Double(step % 4) * 7)))
                commands.append(last)
            }
            let changed = layer.update(to: commands)
            let fresh = try CanvasLayer(width: 200, height: 150, scale: 2, commands: commands)
            XCTAssertEqual(layer.pixels, fresh.pixels, "step \(step)")
            // Every pixel that changed is in the box it says changed.
            for y in 0..<150 {
                for x in 0..<200 where layer.pixels.pixel(x: x, y: y) != previous.pixel(x: x, y: y) {
                    XCTAssertTrue(changed.columns.contains(x) && changed.rows.contains(y), "step \(step) (\(x), \(y))")
                }
            }
            previous = layer.pixels
        }
        // A command changed in the middle draws everything again, the same way.
        commands[0].color = RGBAColor(red: 1, green: 0, blue: 0)
        XCTAssertEqual(layer.update(to: commands), PixelBox(x: 0, y: 0, width: 200, height: 150))
        XCTAssertEqual(layer.pixels, try CanvasLayer(width: 200, height: 150, scale: 2, commands: commands).pixels)
    }

    func testConvexSpansHoldTheRasterizedCoverage() throws {
        var circle = PixelPath()
        circle.addCircle(center: Point(x: 101.3, y: 77.7), radius: 61.2)
        var rounded = PixelPath()
        rounded.addRoundedRect(x: 12.5, y: 20.25, width: 170, height: 90.5, radius: 22, continuous: true)
        var triangle = PixelPath()
        triangle.move(to: Point(x: 10, y: 140))
        triangle.line(to: Point(x: 100.5, y: 3.3))
        triangle.line(to: Point(x: 190, y: 120))
        triangle.close()
        for (name, path) in [("circle", circle), ("rounded", rounded), ("triangle", triangle)] {
            let spans = try XCTUnwrap(path.convexSpans(bandHeight: 16), name)
            var mask = try Mask(width: 200, height: 160)
            var rasterizer = Rasterizer()
            rasterizer.fill(path, into: &mask, rows: RowRange(0, 160))
            for y in 0..<160 {
                let band = spans[y / 16]
                for x in 0..<200 {
                    let coverage = mask.bytes[y * 200 + x]
                    if coverage > 0 { XCTAssertTrue(band?.touched.contains(x) == true, "\(name) (\(x), \(y)) touched") }
                    if band?.covered.contains(x) == true {
                        XCTAssertEqual(coverage, 255, "\(name) (\(x), \(y)) covered")
                    }
                }
            }
        }
        // Not convex, or more than one contour: no spans.
        var notch = PixelPath()
        for p in [(0.0, 0.0), (100.0, 0.0), (50.0, 40.0), (100.0, 100.0), (0.0, 100.0)] {
            if notch.isEmpty { notch.move(to: Point(x: p.0, y: p.1)) } else { notch.line(to: Point(x: p.0, y: p.1)) }
        }
        XCTAssertNil(notch.convexSpans(bandHeight: 16))
        var two = circle
        two.append(triangle)
        XCTAssertNil(two.convexSpans(bandHeight: 16))
    }

    func testARegionsBoxesHoldWhatWasAddedAndJoinBands() {
        var region = DamageRegion(width: 100, height: 100)
        region.add(PixelBox(x: 10, y: 5, width: 20, height: 50))
        region.add(PixelBox(x: 70, y: 40, width: 10, height: 10))
        XCTAssertEqual(
            region.boxes,
            [PixelBox(x: 10, y: 0, width: 20, height: 64), PixelBox(x: 70, y: 32, width: 10, height: 32)])
        XCTAssertTrue(region.contains(PixelBox(x: 12, y: 0, width: 5, height: 60)))
        XCTAssertFalse(region.contains(PixelBox(x: 40, y: 0, width: 5, height: 5)))
        XCTAssertEqual(region.rows, 0..<64)
        // Past four spans in a band, the closest two join.
        for x in stride(from: 0, to: 100, by: 20) { region.add(PixelBox(x: x, y: 90, width: 2, height: 2)) }
        XCTAssertEqual(region.boxes.filter { $0.y == 80 }.count, 4)
        XCTAssertTrue(region.contains(PixelBox(x: 0, y: 90, width: 2, height: 2)))
    }
}
