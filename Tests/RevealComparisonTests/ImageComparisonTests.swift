import RevealTestSupport
import XCTest

@testable import RevealRender

/// `compare(expected:actual:options:)`: exact by default, thresholds on pixelmatch's YIQ distance,
/// alpha over the checkerboard, budgets, the bounding box, the diff image and the report.
final class ImageComparisonTests: XCTestCase {
    func testIdenticalImagesAreIdentical() throws {
        let image = try TestImages.gradient(30, 20)
        let result = compare(expected: image, actual: image)
        XCTAssertEqual(result.verdict, .identical)
        XCTAssertTrue(result.passed)
        XCTAssertEqual(result.differingPixels, 0)
        XCTAssertEqual(result.changedPixels, 0)
        XCTAssertEqual(result.largestChannelDifference, 0)
        XCTAssertEqual(result.largestDistance, 0)
        XCTAssertNil(result.boundingBox)
        XCTAssertEqual(result.report, "identical: 30×20, every pixel the same")
    }

    func testSizeMismatchIsReportedWithoutComparingPixels() throws {
        let result = compare(expected: try TestImages.gradient(30, 20), actual: try TestImages.gradient(30, 21))
        XCTAssertEqual(result.verdict, .sizeMismatch)
        XCTAssertFalse(result.passed)
        XCTAssertFalse(result.sizesMatch)
        XCTAssertEqual(result.expectedSize, PixelSize(width: 30, height: 20))
        XCTAssertEqual(result.actualSize, PixelSize(width: 30, height: 21))
        XCTAssertNil(result.diffImage)
        XCTAssertEqual(result.report, "size mismatch: expected 30×20, actual 30×21; no pixel was compared")
        // Even a budget of every pixel does not excuse a size mismatch.
        XCTAssertFalse(
            compare(
                expected: try TestImages.gradient(30, 20), actual: try TestImages.gradient(31, 20),
                options: .init(budget: .ratio(1))
            ).passed)
    }

    func testALevelToleranceExcusesPixelsWithinItsLevelsOnly() throws {
        let expected = try TestImages.gradient(30, 20)
        var actual = expected
        actual.bytes[0] = expected.bytes[0] &+ 2  // two levels of red in the first pixel
        actual.bytes[40] = expected.bytes[40] &+ 1  // one level of red in the eleventh
        let one = compare(expected: expected, actual: actual, options: .init(levelTolerance: 1))
        XCTAssertEqual(one.verdict, .different)
        XCTAssertEqual(one.differingPixels, 1)
        XCTAssertEqual(one.changedPixels, 2)
        XCTAssertEqual(one.largestChannelDifference, 2)
        let two = compare(expected: expected, actual: actual, options: .init(levelTolerance: 2))
        XCTAssertEqual(two.verdict, .withinTolerance)
        XCTAssertEqual(two.differingPixels, 0)
        XCTAssertTrue(two.report.contains("2 pixels changed by no more than the threshold or 2 levels"), two.report)
    }

    func testOneLevelInOneChannelIsOneDifferingPixel() throws {
        let expected = try TestImages.gradient(30, 20)
        for channel in 0..<3 {
            let actual = expected.nudged(x: 17, y: 4, channel: channel, by: 1)
            let result = compare(expected: expected, actual: actual)
            XCTAssertEqual(result.verdict, .different, "channel \(channel)")
            XCTAssertEqual(result.differingPixels, 1, "channel \(channel)")
            XCTAssertEqual(result.changedPixels, 1, "channel \(channel)")
            XCTAssertEqual(result.largestChannelDifference, 1, "channel \(channel)")
            XCTAssertEqual(result.boundingBox, PixelRect(x: 17, y: 4, width: 1, height: 1), "channel \(channel)")
            XCTAssertGreaterThan(result.largestDistance, 0, "channel \(channel)")
        }
    }

    func testAlphaAloneCounts() throws {
        let expected = try TestImages.solid(4, 4, PremultipliedRGBA8(r: 10, g: 20, b: 30, a: 100))
        let result = compare(expected: expected, actual: expected.nudged(x: 1, y: 2, channel: 3, by: 1))
        XCTAssertEqual(result.differingPixels, 1)
        XCTAssertEqual(result.largestChannelDifference, 1)
    }

    /// The distance is pixelmatch's: 0.5053·ΔY² + 0.299·ΔI² + 0.1957·ΔQ², over its maximum (≈ 35215).
    func testDistanceFollowsTheYIQFormula() {
        XCTAssertEqual(PixelDistance.maxDelta, 35215, accuracy: 0.5)
        let red = PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255)
        let cyan = PremultipliedRGBA8(r: 0, g: 255, b: 255, a: 255)
        XCTAssertEqual(PixelDistance.distance(red, cyan), 1, accuracy: 1e-12)
        // A grey step has no I or Q: ΔY = 10 gives √(0.5053 · 100 / 35215).
        let a = PremultipliedRGBA8(r: 100, g: 100, b: 100, a: 255)
        let b = PremultipliedRGBA8(r: 110, g: 110, b: 110, a: 255)
        XCTAssertEqual(PixelDistance.distance(a, b), (0.5053 * 100 / 35215).squareRoot(), accuracy: 1e-5)
        // Pure blue: ΔY = 0.11448223·255, ΔI = −0.32180189·255, ΔQ = 0.31114694·255.
        let blue = PremultipliedRGBA8(r: 0, g: 0, b: 255, a: 255)
        let black = PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255)
        let y: Double = 0.11448223 * 255
        let i: Double = 0.32180189 * 255
        let q: Double = 0.31114694 * 255
        let delta: Double = 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
        XCTAssertEqual(PixelDistance.distance(blue, black), (delta / 35215).squareRoot(), accuracy: 1e-5)
    }

    func testThresholdAcceptsSmallerDistancesOnly() throws {
        let expected = try TestImages.solid(3, 3, PremultipliedRGBA8(r: 100, g: 100, b: 100, a: 255))
        var actual = expected
        actual[1, 1] = PremultipliedRGBA8(r: 110, g: 110, b: 110, a: 255)
        let distance = (0.5053 * 100 / 35215).squareRoot()  // ≈ 0.0379

        let strict = compare(expected: expected, actual: actual, options: .init(threshold: 0.037))
        XCTAssertEqual(strict.verdict, .different)
        XCTAssertEqual(strict.differingPixels, 1)
        XCTAssertEqual(strict.largestDistance, distance, accuracy: 1e-5)

        let loose = compare(expected: expected, actual: actual, options: .init(threshold: 0.038))
        XCTAssertEqual(loose.verdict, .withinTolerance)
        XCTAssertEqual(loose.differingPixels, 0)
        XCTAssertEqual(loose.changedPixels, 1)
        XCTAssertNil(loose.boundingBox)
        XCTAssertTrue(loose.report.contains("1 pixel changed by no more than the threshold"), loose.report)
        XCTAssertEqual(loose.largestChannelDifference, 10)
    }

    /// Over one square of the checkerboard these pairs look the same; over the other they do not.
    func testAlphaDifferencesCannotHideAgainstTheCheckerboard() throws {
        let pairs: [(PremultipliedRGBA8, PremultipliedRGBA8)] = [
            (.transparent, PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255)),  // same over white
            (.transparent, PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255)),  // same over black
            (PremultipliedRGBA8(r: 100, g: 100, b: 100, a: 200), PremultipliedRGBA8(r: 155, g: 155, b: 155, a: 255)),
        ]
        for (p, q) in pairs {
            // Every position, so both squares of the checkerboard are tried.
            let result = compare(
                expected: try TestImages.solid(16, 16, p), actual: try TestImages.solid(16, 16, q),
                options: .init(threshold: 0.2))
            XCTAssertEqual(result.differingPixels, 256, "\(p) vs \(q)")
        }
    }

    func testPixelBudget() throws {
        let expected = try TestImages.gradient(10, 10)
        var actual = expected
        for k in 0..<5 { actual = actual.nudged(x: k, y: 2 * k, by: 3) }
        XCTAssertEqual(
            compare(expected: expected, actual: actual, options: .init(budget: .pixels(5))).verdict, .withinTolerance)
        let over = compare(expected: expected, actual: actual, options: .init(budget: .pixels(4)))
        XCTAssertEqual(over.verdict, .different)
        XCTAssertEqual(over.differingPixels, 5)
        XCTAssertEqual(over.allowedPixels, 4)
    }

    func testRatioBudget() throws {
        let expected = try TestImages.gradient(10, 10)
        var actual = expected
        for k in 0..<5 { actual = actual.nudged(x: 9 - k, y: k, by: -2) }
        XCTAssertTrue(compare(expected: expected, actual: actual, options: .init(budget: .ratio(0.05))).passed)
        XCTAssertFalse(compare(expected: expected, actual: actual, options: .init(budget: .ratio(0.049))).passed)
        XCTAssertEqual(DifferenceBudget.ratio(0.29).limit(forPixels: 100), 29)
        XCTAssertEqual(DifferenceBudget.ratio(2).limit(forPixels: 100), 100)
        XCTAssertEqual(DifferenceBudget.ratio(-1).limit(forPixels: 100), 0)
        XCTAssertEqual(DifferenceBudget.pixels(-3).limit(forPixels: 100), 0)
    }

    func testBoundingBoxHoldsEveryDifferingPixel() throws {
        let expected = try TestImages.gradient(20, 12)
        let actual = expected.nudged(x: 3, y: 2, by: 9).nudged(x: 7, y: 5, channel: 0, by: -4).nudged(
            x: 5, y: 9, channel: 2, by: 1)
        let result = compare(expected: expected, actual: actual)
        XCTAssertEqual(result.boundingBox, PixelRect(x: 3, y: 2, width: 5, height: 8))
        XCTAssertEqual(result.boundingBox?.description, "x 3…7, y 2…9 (5×8)")
        XCTAssertEqual(result.largestChannelDifference, 9)
    }

    func testDiffImageIsRedOverAFadedGreyCopy() throws {
        let background = PremultipliedRGBA8(r: 30, g: 60, b: 200, a: 255)
        let expected = try TestImages.solid(12, 10, background)
        let actual = expected.nudged(x: 4, y: 6, channel: 0, by: 50)
        let result = compare(expected: expected, actual: actual)
        let diff = try XCTUnwrap(result.diffImage)
        XCTAssertEqual(PixelSize(diff), PixelSize(width: 12, height: 10))
        // Y of (30, 60, 200) ≈ 66.9; faded to 255 − (255 − 66.9)·0.2 ≈ 217.
        let grey = PremultipliedRGBA8(r: 217, g: 217, b: 217, a: 255)
        for y in 0..<10 {
            for x in 0..<12 {
                XCTAssertEqual(diff[x, y], x == 4 && y == 6 ? Comparison.differenceColor : grey, "(\(x), \(y))")
            }
        }
        XCTAssertEqual(Comparison.differenceColor, PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255))
        XCTAssertEqual(Comparison.antialiasingColor, PremultipliedRGBA8(r: 255, g: 255, b: 0, a: 255))
    }

    func testDiffImageShowsTransparencyAsAFaintCheckerboard() throws {
        let expected = try TestImages.solid(16, 16, .transparent)
        let diff = try XCTUnwrap(compare(expected: expected, actual: expected).diffImage)
        XCTAssertEqual(diff[0, 0], PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255))  // white square
        XCTAssertEqual(diff[8, 0], PremultipliedRGBA8(r: 204, g: 204, b: 204, a: 255))  // black square, faded
        XCTAssertEqual(diff[8, 8], diff[0, 0])
    }

    func testDiffImageMarksAntialiasingYellow() throws {
        let (expected, actual) = try shiftedDiscs(by: 0.25)
        let exact = compare(expected: expected, actual: actual)
        let lenient = compare(expected: expected, actual: actual, options: .init(antialiasing: true))
        let exactDiff = try XCTUnwrap(exact.diffImage)
        let lenientDiff = try XCTUnwrap(lenient.diffImage)
        var red = 0
        var yellow = 0
        for y in 0..<expected.height {
            for x in 0..<expected.width where expected[x, y] != actual[x, y] {
                XCTAssertEqual(exactDiff[x, y], Comparison.differenceColor)
                XCTAssertEqual(lenientDiff[x, y], Comparison.antialiasingColor)
                red += 1
                yellow += 1
            }
        }
        XCTAssertGreaterThan(yellow, 0)
        XCTAssertEqual(red, exact.differingPixels)
        XCTAssertEqual(yellow, lenient.antialiasedPixels)
    }

    func testReportGivesTheFigures() throws {
        let expected = try TestImages.gradient(20, 10)
        let actual = expected.nudged(x: 2, y: 3, by: 7).nudged(x: 6, y: 4, by: -1)
        let report = compare(expected: expected, actual: actual, options: .init(budget: .pixels(1))).report
        let lines = report.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "DIFFERENT: 2 pixels differ (1%) (20×10; allowed 1)", report)
        XCTAssertTrue(report.contains("largest difference: 7 levels"), report)
        XCTAssertTrue(report.contains("differences within x 2…6, y 3…4 (5×2)"), report)
        XCTAssertLessThanOrEqual(lines.count, 5)
    }

    // MARK: - Antialiasing

    /// A quarter-pixel shift of a disc's edge changes pixels all around it: the exact comparison must
    /// see them, the antialiasing-aware one must accept every one of them as antialiasing.
    func testQuarterPixelShiftOfACircleIsAntialiasingOnly() throws {
        let (expected, actual) = try shiftedDiscs(by: 0.25)
        let exact = compare(expected: expected, actual: actual)
        XCTAssertEqual(exact.verdict, .different)
        XCTAssertGreaterThan(exact.differingPixels, 100)
        let lenient = compare(expected: expected, actual: actual, options: .init(antialiasing: true))
        XCTAssertEqual(lenient.verdict, .withinTolerance, lenient.report)
        XCTAssertEqual(lenient.differingPixels, 0)
        XCTAssertEqual(lenient.antialiasedPixels, exact.differingPixels)
    }

    func testQuarterPixelShiftOfAStrokeIsAntialiasingOnly() throws {
        var scene = ScratchScene(width: 80, height: 60)
        scene.scale = 1
        scene.brushWidth = 12
        scene.content = .color(SystemColor.pink)
        scene.cover = .color(RGBAColor(white: 0.8))
        scene.strokes = [
            Stroke(points: [
                TouchSample(x: 10, y: 10, t: 0), TouchSample(x: 40, y: 45, t: 0.01),
                TouchSample(x: 70, y: 20, t: 0.02),
            ])
        ]
        var shifted = scene
        shifted.strokes = scene.strokes.map {
            Stroke(points: $0.points.map { TouchSample(x: $0.x + 0.25, y: $0.y, t: $0.t) })
        }
        let expected = try scene.renderFrame(1)
        let actual = try shifted.renderFrame(1)
        let exact = compare(expected: expected, actual: actual)
        XCTAssertGreaterThan(exact.differingPixels, 50)
        let lenient = compare(expected: expected, actual: actual, options: .init(antialiasing: true))
        XCTAssertEqual(lenient.differingPixels, 0, lenient.report)
        XCTAssertEqual(lenient.antialiasedPixels, exact.differingPixels)

        // Not a blanket excuse: the stroke going one sample further is a real difference.
        var longer = scene
        longer.strokes[0].points.append(TouchSample(x: 75, y: 50, t: 0.03))
        let changed = compare(
            expected: try scene.renderFrame(3), actual: try longer.renderFrame(3),
            options: .init(antialiasing: true))
        XCTAssertGreaterThan(changed.differingPixels, 50, changed.report)
    }

    /// One level in a flat area has no darker-and-brighter neighbourhood: never antialiasing.
    func testOneLevelInAFlatAreaIsNotAntialiasing() throws {
        let expected = try TestImages.solid(9, 9, PremultipliedRGBA8(r: 200, g: 120, b: 40, a: 255))
        let result = compare(
            expected: expected, actual: expected.nudged(x: 4, y: 4, by: 1), options: .init(antialiasing: true))
        XCTAssertEqual(result.differingPixels, 1)
        XCTAssertEqual(result.antialiasedPixels, 0)
    }

    /// An indigo disc on white, 80×60, half grown, and the same with its centre `dx` pixels to the right.
    private func shiftedDiscs(by dx: Double) throws -> (Pixmap, Pixmap) {
        var scene = CircleRevealScene(width: 80, height: 60)
        scene.scale = 1
        scene.base = .color(.white)
        scene.revealed = .color(SystemColor.indigo)
        scene.animation = .timing(.linear, duration: 1)
        var shifted = scene
        shifted.origin = RelativePoint(x: 0.5 + dx / 80, y: 0.5)
        return (try scene.renderFrame(at: 0.5), try shifted.renderFrame(at: 0.5))
    }
}
