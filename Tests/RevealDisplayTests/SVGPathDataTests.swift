import Foundation
import RevealTestSupport
import XCTest

@testable import RevealRender

/// The SVG path-data parser: the grammar, the commands reduced to move/line/cubic/close in absolute
/// coordinates, arcs against exact circles, and errors with their offsets.
final class SVGPathDataTests: XCTestCase {
    private func p(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

    private func parse(
        _ text: String, maxCommands: Int = 100_000,
        file: StaticString = #filePath, line: UInt = #line
    ) -> [PathCommand] {
        do {
            return try SVGPathData.parse(text, maxCommands: maxCommands)
        } catch {
            XCTFail("\(text.debugDescription): \(error.message) at \(error.offset)", file: file, line: line)
            return []
        }
    }

    /// The error parsing `text` throws, nil if it parses.
    private func failure(_ text: String, maxCommands: Int = 100_000) -> PathDataError? {
        do {
            _ = try SVGPathData.parse(text, maxCommands: maxCommands)
            return nil
        } catch {
            return error
        }
    }

    private func assertClose(
        _ a: Point, _ b: Point, _ tolerance: Double, _ message: String = "",
        file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertLessThanOrEqual((a - b).length, tolerance, "\(a) vs \(b) \(message)", file: file, line: line)
    }

    /// The points of a command list (moves, lines and cubics) in order, closes as nothing.
    private func points(_ commands: [PathCommand]) -> [Point] {
        commands.flatMap { command -> [Point] in
            switch command {
            case .move(let a), .line(let a): return [a]
            case .cubic(let a, let b, let c): return [a, b, c]
            case .close: return []
            }
        }
    }

    /// commands[index], or a close when there is no such command (so that a `case .cubic` test fails).
    private func item(_ commands: [PathCommand], _ index: Int) -> PathCommand {
        commands.indices.contains(index) ? commands[index] : .close
    }

    /// The cubic starting at `start` evaluated at t = ½.
    private func midpoint(from start: Point, _ command: PathCommand) -> Point? {
        guard case .cubic(let c1, let c2, let end) = command else { return nil }
        return (start + c1 * 3 + c2 * 3 + end) * 0.125
    }

    /// (start, cubic) pairs of a command list whose drawing commands after the first move are all cubics.
    private func cubics(_ commands: [PathCommand]) -> [(Point, PathCommand)] {
        var result: [(Point, PathCommand)] = []
        var current = p(0, 0)
        for command in commands {
            switch command {
            case .move(let a), .line(let a): current = a
            case .cubic(_, _, let end):
                result.append((current, command))
                current = end
            case .close: break
            }
        }
        return result
    }

    // MARK: Commands

    func testAbsoluteAndRelativeFormsGiveTheSameCommands() {
        let absolute = parse(
            "M10 20 L30 40 H50 V60 C50 70 60 80 70 80 S90 100 100 100 Q110 110 120 100 T140 100 A10 10 0 0 1 160 100 Z")
        let relative = parse(
            "m10 20 l20 20 h20 v20 c0 10 10 20 20 20 s20 20 30 20 q10 10 20 0 t20 0 a10 10 0 0 1 20 0 z")
        XCTAssertEqual(absolute, relative)
        XCTAssertEqual(absolute.count, 11)
        XCTAssertEqual(
            Array(absolute.prefix(8)),
            [
                .move(p(10, 20)),
                .line(p(30, 40)),
                .line(p(50, 40)),
                .line(p(50, 60)),
                .cubic(p(50, 70), p(60, 80), p(70, 80)),
                .cubic(p(80, 80), p(90, 100), p(100, 100)),
                .cubic(p(320.0 / 3, 320.0 / 3), p(340.0 / 3, 320.0 / 3), p(120, 100)),
                .cubic(p(380.0 / 3, 280.0 / 3), p(400.0 / 3, 280.0 / 3), p(140, 100)),
            ])
        XCTAssertEqual(absolute.last, .close)
        guard case .cubic(_, _, let top) = item(absolute, 8), case .cubic(_, _, let end) = item(absolute, 9) else {
            return XCTFail("the arc is not two cubics: \(absolute)")
        }
        assertClose(top, p(150, 90), 1e-9)
        XCTAssertEqual(end, p(160, 100))
    }

    func testHorizontalAndVerticalLines() {
        XCTAssertEqual(
            parse("M1 2 H5 V7 h-2 v-3 H0"),
            [
                .move(p(1, 2)), .line(p(5, 2)), .line(p(5, 7)), .line(p(3, 7)), .line(p(3, 4)), .line(p(0, 4)),
            ])
        XCTAssertEqual(
            parse("M0 0 H1 2 3 v1,2"),
            [
                .move(p(0, 0)), .line(p(1, 0)), .line(p(2, 0)), .line(p(3, 0)), .line(p(3, 1)), .line(p(3, 3)),
            ])
    }

    func testNumbersAfterAMoveAreLines() {
        XCTAssertEqual(parse("M1 2 3 4 5 6"), [.move(p(1, 2)), .line(p(3, 4)), .line(p(5, 6))])
        XCTAssertEqual(parse("m1 2 3 4 5 6"), [.move(p(1, 2)), .line(p(4, 6)), .line(p(9, 12))])
        XCTAssertEqual(parse("M1,2,3,4 L5 6,7 8"), [.move(p(1, 2)), .line(p(3, 4)), .line(p(5, 6)), .line(p(7, 8))])
        XCTAssertEqual(
            parse("M0 0 C1 1 2 2 3 3 4 4 5 5 6 6"),
            [
                .move(p(0, 0)), .cubic(p(1, 1), p(2, 2), p(3, 3)), .cubic(p(4, 4), p(5, 5), p(6, 6)),
            ])
        XCTAssertEqual(parse("M1 1 M2 2"), [.move(p(1, 1)), .move(p(2, 2))])
    }

    func testSmoothCubicReflectsThePreviousSecondControlPoint() {
        XCTAssertEqual(
            parse("M0 0 C10 0 20 10 20 20 S30 40 40 40 S50 50 60 40"),
            [
                .move(p(0, 0)),
                .cubic(p(10, 0), p(20, 10), p(20, 20)),
                .cubic(p(20, 30), p(30, 40), p(40, 40)),
                .cubic(p(50, 40), p(50, 50), p(60, 40)),
            ])
        XCTAssertEqual(
            parse("M0 0 c10 0 20 10 20 20 s10 20 20 20"),
            [
                .move(p(0, 0)), .cubic(p(10, 0), p(20, 10), p(20, 20)), .cubic(p(20, 30), p(30, 40), p(40, 40)),
            ])
        // Not after a cubic: the first control point is the current point.
        XCTAssertEqual(
            parse("M0 0 L10 10 S20 20 30 30"),
            [
                .move(p(0, 0)), .line(p(10, 10)), .cubic(p(10, 10), p(20, 20), p(30, 30)),
            ])
        XCTAssertEqual(
            parse("M0 0 Q3 3 6 0 S9 9 12 0"),
            [
                .move(p(0, 0)), .cubic(p(2, 2), p(4, 2), p(6, 0)), .cubic(p(6, 0), p(9, 9), p(12, 0)),
            ])
    }

    func testSmoothQuadraticReflectsThePreviousControlPoint() {
        // Controls (10, 10), then (30, -10), then (50, 10).
        XCTAssertEqual(
            parse("M0 0 Q10 10 20 0 T40 0 T60 0"),
            [
                .move(p(0, 0)),
                .cubic(p(20.0 / 3, 20.0 / 3), p(40.0 / 3, 20.0 / 3), p(20, 0)),
                .cubic(p(80.0 / 3, -20.0 / 3), p(100.0 / 3, -20.0 / 3), p(40, 0)),
                .cubic(p(140.0 / 3, 20.0 / 3), p(160.0 / 3, 20.0 / 3), p(60, 0)),
            ])
        XCTAssertEqual(parse("m0 0 q10 10 20 0 t20 0 20 0"), parse("M0 0 Q10 10 20 0 T40 0 T60 0"))
        // Not after a quadratic (a line, a cubic): the control point is the current point.
        XCTAssertEqual(
            parse("M0 0 L10 0 T20 0"),
            [
                .move(p(0, 0)), .line(p(10, 0)), .cubic(p(10, 0), p(40.0 / 3, 0), p(20, 0)),
            ])
        XCTAssertEqual(
            parse("M0 0 C1 1 2 2 3 3 T6 0"),
            [
                .move(p(0, 0)), .cubic(p(1, 1), p(2, 2), p(3, 3)), .cubic(p(3, 3), p(4, 2), p(6, 0)),
            ])
    }

    func testQuadraticsBecomeTheSameCurveAsCubics() {
        let commands = parse("M1 7 Q-4 2.5 9 -3")
        XCTAssertEqual(commands.count, 2)
        guard case .cubic(let c1, let c2, let end) = item(commands, 1) else { return XCTFail("\(commands)") }
        let p0 = p(1, 7)
        let q = p(-4, 2.5)
        let p3 = p(9, -3)
        XCTAssertEqual(end, p3)
        for i in 0...10 {
            let t = Double(i) / 10
            let u = 1 - t
            let quadratic = p0 * (u * u) + q * (2 * u * t) + p3 * (t * t)
            let cubic = p0 * (u * u * u) + c1 * (3 * u * u * t) + c2 * (3 * u * t * t) + end * (t * t * t)
            assertClose(quadratic, cubic, 1e-12, "t = \(t)")
        }
    }

    // MARK: Arcs

    func testAQuarterArcIsOneCubicCloseToTheCircle() {
        let commands = parse("M1 0 A1 1 0 0 1 0 1")
        XCTAssertEqual(commands.count, 2)
        let k = 4.0 / 3 * tan(Double.pi / 8)
        guard case .cubic(let c1, let c2, let end) = item(commands, 1) else { return XCTFail("\(commands)") }
        assertClose(c1, p(1, k), 1e-12)
        assertClose(c2, p(k, 1), 1e-12)
        XCTAssertEqual(end, p(0, 1))
        guard let mid = midpoint(from: p(1, 0), item(commands, 1)) else { return XCTFail() }
        XCTAssertEqual(mid.length, 1, accuracy: 1e-3)
        assertClose(mid, p(sqrt(0.5), sqrt(0.5)), 1e-3)

        // The large arc between the same points: three quarters round the other centre, (1, 1).
        let large = parse("M1 0 A1 1 0 1 1 0 1")
        XCTAssertEqual(large.count, 4)
        guard case .cubic(let l1, let l2, let lEnd) = large.last else { return XCTFail("\(large)") }
        assertClose(l1, p(1 - k, 2), 1e-12)
        assertClose(l2, p(0, 1 + k), 1e-12)
        XCTAssertEqual(lEnd, p(0, 1))
        for (start, cubic) in cubics(large) {
            guard let mid = midpoint(from: start, cubic) else { return XCTFail() }
            XCTAssertEqual((mid - p(1, 1)).length, 1, accuracy: 1e-3)
        }
        guard case .cubic(_, _, let first) = item(large, 1), case .cubic(_, _, let second) = item(large, 2) else {
            return XCTFail("\(large)")
        }
        assertClose(first, p(2, 1), 1e-12)
        assertClose(second, p(1, 2), 1e-12)

        // An ellipse, and the same ellipse turned by 90°.
        let ellipse = parse("M2 0 A2 1 0 0 1 0 1")
        guard case .cubic(let e1, let e2, let eEnd) = ellipse.last else { return XCTFail("\(ellipse)") }
        assertClose(e1, p(2, k), 1e-12)
        assertClose(e2, p(2 * k, 1), 1e-12)
        XCTAssertEqual(eEnd, p(0, 1))
        let turned = parse("M0 2 A2 1 90 0 1 -1 0")
        XCTAssertEqual(turned.count, 2)
        guard case .cubic(let t1, let t2, _) = turned.last, let tMid = midpoint(from: p(0, 2), item(turned, 1)) else {
            return XCTFail("\(turned)")
        }
        assertClose(t1, p(-k, 2), 1e-12)
        assertClose(t2, p(-1, 2 * k), 1e-12)
        XCTAssertEqual(tMid.x * tMid.x + tMid.y * tMid.y / 4, 1, accuracy: 1e-3)
    }

    func testATurnedEllipseArcStaysOnItsEllipseBothWaysRound() {
        // The ellipse of radii 20 × 10 turned by 30° round (3, -4), from parameter 0.3 to 1.9.
        let phi = Double.pi / 6
        let rx = 20.0
        let ry = 10.0
        let centre = p(3, -4)
        func on(_ t: Double) -> Point {
            centre + p(rx * cos(phi) * cos(t) - ry * sin(phi) * sin(t), rx * sin(phi) * cos(t) + ry * cos(phi) * sin(t))
        }
        func deviation(_ q: Point) -> Double {
            let d = q - centre
            let u = (cos(phi) * d.x + sin(phi) * d.y) / rx
            let v = (-sin(phi) * d.x + cos(phi) * d.y) / ry
            return abs(u * u + v * v - 1)
        }
        let a = on(0.3)
        let b = on(1.9)
        let short = parse("M\(a.x) \(a.y) A20 10 30 0 1 \(b.x) \(b.y)")
        let long = parse("M\(a.x) \(a.y) A20 10 30 1 0 \(b.x) \(b.y)")
        XCTAssertEqual(short.count, 1 + 2)  // 1.6 rad, 92°
        XCTAssertEqual(long.count, 1 + 3)  // 2π − 1.6 rad, 268°
        for commands in [short, long] {
            for (start, cubic) in cubics(commands) {
                guard case .cubic(let c1, let c2, let end) = cubic else { return XCTFail() }
                for t in [0.2, 0.5, 0.8] {
                    let u = 1 - t
                    let q = start * (u * u * u) + c1 * (3 * u * u * t) + c2 * (3 * u * t * t) + end * (t * t * t)
                    XCTAssertLessThan(deviation(q), 1e-3, "t = \(t) of \(cubic)")
                }
            }
            // The end is the given point exactly (Double's description round-trips).
            guard case .cubic(_, _, let end) = commands.last else { return XCTFail("\(commands)") }
            XCTAssertEqual(end, b)
        }
        // The short way starts along the increasing parameter, the long way against it.
        guard case .cubic(let shortC1, _, _) = item(short, 1), case .cubic(let longC1, _, _) = item(long, 1) else {
            return XCTFail()
        }
        let tangent = on(0.3 + 1e-6) - a
        XCTAssertGreaterThan((shortC1 - a).x * tangent.x + (shortC1 - a).y * tangent.y, 0)
        XCTAssertLessThan((longC1 - a).x * tangent.x + (longC1 - a).y * tangent.y, 0)
    }

    func testRadiiTooSmallAreScaledUp() {
        // Radius 1 cannot span 10: scaled to 5, a half circle round (5, 0) in two quarters.
        let small = parse("M0 0 A1 1 0 0 1 10 0")
        XCTAssertEqual(small.count, 3)
        let exact = parse("M0 0 A5 5 0 0 1 10 0")
        XCTAssertEqual(exact.count, 3)
        for (a, b) in zip(points(small), points(exact)) { assertClose(a, b, 1e-9) }
        guard case .cubic(let c1, let c2, let top) = item(small, 1), case .cubic(_, _, let end) = item(small, 2) else {
            return XCTFail("\(small)")
        }
        let k = 4.0 / 3 * tan(Double.pi / 8) * 5
        assertClose(c1, p(0, -k), 1e-9)
        assertClose(c2, p(5 - k, -5), 1e-9)
        assertClose(top, p(5, -5), 1e-9)
        XCTAssertEqual(end, p(10, 0))
        // The other sweep goes below; negative radii count as their absolute values.
        guard case .cubic(_, _, let bottom) = item(parse("M0 0 A1 1 0 0 0 10 0"), 1) else { return XCTFail() }
        assertClose(bottom, p(5, 5), 1e-9)
        XCTAssertEqual(parse("M0 0 A-1 -1 0 0 1 10 0"), small)
        // An ellipse too small is scaled keeping its proportions: 1 × 2 to 5 × 10 here.
        guard case .cubic(_, _, let tall) = item(parse("M0 0 A1 2 0 0 1 10 0"), 1) else { return XCTFail() }
        assertClose(tall, p(5, -10), 1e-9)
    }

    func testZeroRadiusIsALineAndAnArcToItsStartIsLeftOut() {
        XCTAssertEqual(parse("M0 0 A0 5 0 0 1 10 0"), [.move(p(0, 0)), .line(p(10, 0))])
        XCTAssertEqual(parse("M0 0 a5 0 30 1 0 10 5"), [.move(p(0, 0)), .line(p(10, 5))])
        XCTAssertEqual(parse("M3 4 A5 5 0 1 1 3 4 L5 5"), [.move(p(3, 4)), .line(p(5, 5))])
        XCTAssertEqual(parse("M3 4 a5 5 0 1 1 0 0"), [.move(p(3, 4))])
        // At most 90° a cubic: a nearly full circle takes four.
        XCTAssertEqual(parse("M1 0 A1 1 0 1 1 0.9999 -0.0141").count, 5)
    }

    // MARK: Numbers and separators

    func testTheNumberGrammar() {
        XCTAssertEqual(parse("M.5.5"), [.move(p(0.5, 0.5))])
        XCTAssertEqual(parse("M1-2"), [.move(p(1, -2))])
        XCTAssertEqual(parse("M1.5.5"), [.move(p(1.5, 0.5))])
        XCTAssertEqual(parse("M-.5-.5"), [.move(p(-0.5, -0.5))])
        XCTAssertEqual(parse("M1e-3 -1.5e-3"), [.move(p(0.001, -0.0015))])
        XCTAssertEqual(parse("M1E2+2e+1"), [.move(p(100, 20))])
        XCTAssertEqual(parse("M 1. 2."), [.move(p(1, 2))])
        XCTAssertEqual(parse("M+0,-0"), [.move(p(0, 0))])
        XCTAssertEqual(parse("M1e-400 0"), [.move(p(0, 0))])
        XCTAssertEqual(parse("\t\n\r\u{0C} M 1 , 2 \n"), [.move(p(1, 2))])
    }

    func testArcFlagsNeedNoSeparators() {
        let spaced = parse("M0 0 a1 1 0 0 0 1 1")
        XCTAssertEqual(spaced.count, 2)
        XCTAssertEqual(parse("M0 0 a1 1 0 00 1 1"), spaced)
        XCTAssertEqual(parse("M0 0a1 1 0 001 1"), spaced)
        XCTAssertEqual(parse("M0,0 A1,1,0,0,0,1,1"), spaced)
        XCTAssertEqual(parse("M0 0 a1 1 0 111 1"), parse("M0 0 a1 1 0 1 1 1 1"))
        XCTAssertEqual(parse("M0 0 a1 1 0 111 1").count, 4)  // 270°
        // Repeated arcs.
        XCTAssertEqual(parse("M0 0 a1 1 0 001 1 1 1 0 001 1").count, 3)
    }

    func testEmptyAndWhitespaceOnlyParseToNothing() {
        XCTAssertEqual(parse(""), [])
        XCTAssertEqual(parse("  \n\t\r\u{0C}"), [])
        XCTAssertEqual(parse("", maxCommands: 0), [])
    }

    // MARK: Close

    func testACommandAfterCloseStartsAtTheSubpathStart() {
        XCTAssertEqual(
            parse("M10 10 L20 10 Z l5 5"),
            [
                .move(p(10, 10)), .line(p(20, 10)), .close, .move(p(10, 10)), .line(p(15, 15)),
            ])
        XCTAssertEqual(
            parse("M10 10 L20 10 z m5 5 l1 1"),
            [
                .move(p(10, 10)), .line(p(20, 10)), .close, .move(p(15, 15)), .line(p(16, 16)),
            ])
        XCTAssertEqual(
            parse("M1 1 L2 2 Z L5 5 Z h1z"),
            [
                .move(p(1, 1)), .line(p(2, 2)), .close, .move(p(1, 1)), .line(p(5, 5)), .close,
                .move(p(1, 1)), .line(p(2, 1)), .close,
            ])
        XCTAssertEqual(parse("m1 1 2 2 zm1 1"), [.move(p(1, 1)), .line(p(3, 3)), .close, .move(p(2, 2))])
    }

    // MARK: Errors

    func testErrorsSayWhatAndWhere() {
        let cases: [(String, Int, String)] = [
            ("M 10", 4, "expected a number"),
            ("M 1 2 X", 6, "unknown command 'X'"),
            ("L 1 2", 0, "path data must start with M or m"),
            ("  10 20", 2, "path data must start with M or m"),
            ("M", 1, "expected a number"),
            ("M 1 2 L", 7, "expected a number"),
            ("M 1,2,", 6, "expected a number"),
            ("M,1 2", 1, "expected a number"),
            ("M 1 2 L 3 x", 10, "expected a number"),
            ("M 1 2 L 3 4 5", 13, "expected a number"),
            ("M 1 2 -", 6, "expected a number"),
            ("M 1 2 .", 6, "expected a number"),
            ("M 1,,2", 4, "expected a number"),
            ("M 1 2, L 3 4", 7, "expected a number"),
            ("M 0 0 A 1 1 0 2 0 1 1", 14, "expected a flag (0 or 1)"),
            ("M 0 0 A 1 1 0 0", 15, "expected a flag (0 or 1)"),
            ("M 0 0 z 1", 8, "expected a command letter"),
            ("M 1e999 0", 2, "number out of range"),
            ("M 0 -1e999", 4, "number out of range"),
            ("M 0 0 L 1e", 10, "expected exponent digits"),
            ("M 0 0 L 1e+x", 11, "expected exponent digits"),
            ("M 1 2 é", 6, "unknown command 'é'"),
            ("M 1e308 0 l 1e308 0", 12, "coordinate out of range"),
        ]
        for (text, offset, message) in cases {
            XCTAssertEqual(failure(text), PathDataError(offset: offset, message: message), text.debugDescription)
        }
    }

    func testMoreThanMaxCommandsIsAnError() {
        XCTAssertEqual(parse("M0 0 L1 1 L2 2", maxCommands: 3).count, 3)
        XCTAssertEqual(
            failure("M0 0 L1 1 L2 2", maxCommands: 2), PathDataError(offset: 11, message: "more than 2 commands"))
        XCTAssertEqual(
            failure("M0 0 L1 1 2 2", maxCommands: 2), PathDataError(offset: 10, message: "more than 2 commands"))
        // Every cubic of an arc counts, and so does a move put in after a close.
        XCTAssertEqual(
            failure("M0 0 A1 1 0 0 1 10 0", maxCommands: 2), PathDataError(offset: 6, message: "more than 2 commands"))
        XCTAssertEqual(
            failure("M0 0 z l1 1", maxCommands: 2), PathDataError(offset: 8, message: "more than 2 commands"))
        XCTAssertEqual(failure("M0 0", maxCommands: 0), PathDataError(offset: 1, message: "more than 0 commands"))
        XCTAssertEqual(failure("M0 0", maxCommands: -5), PathDataError(offset: 1, message: "more than 0 commands"))
    }

    func testOddInputNeverTrapsAndGivesFinitePoints() {
        let odd = [
            "M0 0 A1e308 1e308 0 0 1 1e-308 0", "M0 0 A1e-308 1e-308 0 0 1 1e308 1e308",
            "M1e308 1e308 A1 1 1e308 1 1 -1e308 -1e308", "M0 0 A1 1 -7e300 1 0 5 5",
            "M0 0 Q1e308 1e308 1e308 1e308 T-1e308 -1e308", "M0 0 C1e308 0 1e308 0 1e308 0 S-1e308 0 -1e308 0",
            "M0 0 A 5e-324 5e-324 0 1 1 5e-324 0", "M 1e308 0 h 1e308", "M" + String(repeating: "9", count: 400),
            String(repeating: "z", count: 10), "M0 0" + String(repeating: "z", count: 10), "\u{0}", "M\u{FFFF}",
        ]
        var generated = odd
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        let alphabet = Array("MmLlHhVvCcSsQqTtAaZz0123456789.-+eE, \n1001")
        for _ in 0..<3000 {
            var s = ""
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            for _ in 0..<Int(seed >> 59) + 1 {
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                s.append(alphabet[Int(seed >> 33) % alphabet.count])
            }
            generated.append("M" + s)
        }
        for text in generated {
            do {
                let commands = try SVGPathData.parse(text, maxCommands: 1000)
                for point in points(commands) {
                    XCTAssertTrue(point.x.isFinite && point.y.isFinite, text.debugDescription)
                }
            } catch {
                XCTAssertTrue(error.offset >= 0 && error.offset <= text.unicodeScalars.count, text.debugDescription)
                XCTAssertFalse(error.message.isEmpty)
            }
        }
    }
}
