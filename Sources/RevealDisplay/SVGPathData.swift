import Foundation
import RevealCore
import RevealRaster
import RevealText

/// One drawing command of parsed path data, in absolute coordinates; quadratics and arcs become cubics.
package enum PathCommand: Equatable, Sendable {
    case move(Point)
    case line(Point)
    case cubic(Point, Point, Point)  // control 1, control 2, end
    case close
}

/// A syntax error in path data: what is wrong and where (offset counted in Unicode scalars from 0).
package struct PathDataError: Error, Equatable, Sendable {
    package var offset: Int
    package var message: String

    package init(offset: Int, message: String) {
        self.offset = offset
        self.message = message
    }
}

/// The SVG path-data grammar (the `d` attribute of `<path>`, SVG 1.1 §8.3 and SVG 2 §9.3), reduced to
/// moves, lines, cubics and closes in absolute coordinates.
///
/// - Every subpath in the result starts with `.move`: a drawing command after Z/z that has no M/m of
///   its own gets a `.move` to the closed subpath's start inserted before it.
/// - Quadratics are elevated to cubics exactly; arcs become at most four cubics of at most 90° each
///   (radii scaled up as in F.6.6, zero radii as a line, an arc ending where it starts left out).
/// - Errors follow the grammar strictly: a comma only between two arguments (so not right after a
///   command letter, and not after a command's last argument), numbers as `sign? (digits "."? digits? |
///   "." digits) exponent?`, arc flags as a single `0` or `1`.
package enum SVGPathData {
    /// Parses SVG path data (the `d` attribute): M L H V C S Q T A Z in absolute and relative forms,
    /// implicit repetition (numbers after a command repeat it; after M/m they are line-tos), numbers
    /// such as `-1.5e-3`, `.5.5` (two numbers), `1-2` (two numbers), commas and any whitespace;
    /// arc flags as single characters `0`/`1` even without separators (`a1 1 0 00 1 1`).
    ///
    /// `maxCommands` bounds the number of commands returned (inserted moves and every cubic of an arc
    /// count); one more is an error at the offset of the segment that would add it.
    package static func parse(_ text: String, maxCommands: Int = 100_000) throws(PathDataError) -> [PathCommand] {
        var parser = Parser(text: Array(text.unicodeScalars), maxCommands: maxCommands)
        return try parser.run()
    }

    /// Path data as an outline to fill or stroke, in the data's own units.
    package static func outline(_ text: String) throws(PathDataError) -> PathOutline {
        PathOutline(
            try parse(text).map { command in
                switch command {
                case .move(let p): return .move(p)
                case .line(let p): return .line(p)
                case .cubic(let c1, let c2, let p): return .curve(to: p, control1: c1, control2: c2)
                case .close: return .close
                }
            })
    }

    // MARK: - Parser

    private struct Parser {
        let text: [Unicode.Scalar]
        let maxCommands: Int
        var pos = 0
        var out: [PathCommand] = []
        /// The current point, and the start of the current subpath (where Z/z returns to).
        var current = Point(x: 0, y: 0)
        var subpathStart = Point(x: 0, y: 0)
        /// After Z/z: the next drawing command (unless it is a move) starts a subpath at `subpathStart`.
        var needsMove = false
        /// The second control point of the previous command if it was C/c/S/s, the control point of
        /// the previous command if it was Q/q/T/t; nil otherwise.
        var lastCubicControl: Point?
        var lastQuadControl: Point?

        init(text: [Unicode.Scalar], maxCommands: Int) {
            self.text = text
            self.maxCommands = maxCommands
        }

        mutating func run() throws(PathDataError) -> [PathCommand] {
            skipWhitespace()
            guard let first = peek() else { return [] }
            guard first == "M" || first == "m" else {
                throw PathDataError(offset: pos, message: "path data must start with M or m")
            }
            while true {
                skipWhitespace()
                guard let letter = peek() else { break }
                guard Parser.isCommand(letter) else {
                    if Parser.startsNumber(letter) {
                        throw PathDataError(offset: pos, message: "expected a command letter")
                    }
                    throw PathDataError(offset: pos, message: "unknown command '\(letter)'")
                }
                pos += 1
                try command(letter)
            }
            return out
        }

        // MARK: Commands

        private mutating func command(_ letter: Unicode.Scalar) throws(PathDataError) {
            let relative = letter.value >= 0x61  // lower case
            let upper = relative ? (Unicode.Scalar(letter.value - 0x20) ?? letter) : letter
            if upper == "Z" {
                try emit(.close, at: pos - 1)
                current = subpathStart
                needsMove = true
                lastCubicControl = nil
                lastQuadControl = nil
                return
            }
            skipWhitespace()
            var isFirstMove = upper == "M"
            while true {
                let offset = pos
                let origin = current
                func absolute(_ p: Point) -> Point { relative ? p + origin : p }
                switch upper {
                case "M":
                    let p = absolute(try pair(first: true))
                    try checkFinite(p, at: offset)
                    if isFirstMove {
                        try emit(.move(p), at: offset)
                        subpathStart = p
                        needsMove = false
                        isFirstMove = false
                    } else {
                        try draw(.line(p), at: offset)
                    }
                    current = p
                    lastCubicControl = nil
                    lastQuadControl = nil
                case "L":
                    let p = absolute(try pair(first: true))
                    try draw(.line(p), at: offset)
                    current = p
                    lastCubicControl = nil
                    lastQuadControl = nil
                case "H":
                    let x = try number()
                    let p = Point(x: relative ? origin.x + x : x, y: origin.y)
                    try draw(.line(p), at: offset)
                    current = p
                    lastCubicControl = nil
                    lastQuadControl = nil
                case "V":
                    let y = try number()
                    let p = Point(x: origin.x, y: relative ? origin.y + y : y)
                    try draw(.line(p), at: offset)
                    current = p
                    lastCubicControl = nil
                    lastQuadControl = nil
                case "C":
                    let c1 = absolute(try pair(first: true))
                    let c2 = absolute(try pair(first: false))
                    let p = absolute(try pair(first: false))
                    try draw(.cubic(c1, c2, p), at: offset)
                    current = p
                    lastCubicControl = c2
                    lastQuadControl = nil
                case "S":
                    let c2 = absolute(try pair(first: true))
                    let p = absolute(try pair(first: false))
                    let c1 = lastCubicControl.map { Parser.reflect($0, about: origin) } ?? origin
                    try draw(.cubic(c1, c2, p), at: offset)
                    current = p
                    lastCubicControl = c2
                    lastQuadControl = nil
                case "Q":
                    let q = absolute(try pair(first: true))
                    let p = absolute(try pair(first: false))
                    try draw(Parser.elevate(from: origin, control: q, to: p), at: offset)
                    current = p
                    lastCubicControl = nil
                    lastQuadControl = q
                case "T":
                    let p = absolute(try pair(first: true))
                    let q = lastQuadControl.map { Parser.reflect($0, about: origin) } ?? origin
                    try draw(Parser.elevate(from: origin, control: q, to: p), at: offset)
                    current = p
                    lastCubicControl = nil
                    lastQuadControl = q
                default:  // "A"
                    let rx = try number()
                    separator()
                    let ry = try number()
                    separator()
                    let rotation = try number()
                    separator()
                    let large = try flag()
                    separator()
                    let sweep = try flag()
                    let p = absolute(try pair(first: false))
                    try checkFinite(p, at: offset)
                    for segment in Parser.arc(
                        from: origin, to: p, rx: rx, ry: ry, rotation: rotation,
                        large: large, sweep: sweep)
                    {
                        try draw(segment, at: offset)
                    }
                    current = p
                    lastCubicControl = nil
                    lastQuadControl = nil
                }
                // Implicit repetition: a comma promises more arguments, a number start brings them.
                if separator() { continue }
                guard let next = peek(), Parser.startsNumber(next) else { return }
            }
        }

        /// Appends a drawing command, first a move to the subpath start if a Z/z came just before.
        private mutating func draw(_ command: PathCommand, at offset: Int) throws(PathDataError) {
            switch command {
            case .move(let a), .line(let a):
                try checkFinite(a, at: offset)
            case .cubic(let a, let b, let c):
                try checkFinite(a, at: offset)
                try checkFinite(b, at: offset)
                try checkFinite(c, at: offset)
            case .close:
                break
            }
            if needsMove {
                try emit(.move(subpathStart), at: offset)
                needsMove = false
            }
            try emit(command, at: offset)
        }

        private mutating func emit(_ command: PathCommand, at offset: Int) throws(PathDataError) {
            guard out.count < maxCommands else {
                throw PathDataError(offset: offset, message: "more than \(max(maxCommands, 0)) commands")
            }
            out.append(command)
        }

        /// Relative coordinates can add up beyond any Double even when every number is finite.
        private func checkFinite(_ p: Point, at offset: Int) throws(PathDataError) {
            guard p.x.isFinite && p.y.isFinite else {
                throw PathDataError(offset: offset, message: "coordinate out of range")
            }
        }

        // MARK: Geometry

        private static func reflect(_ p: Point, about center: Point) -> Point {
            Point(x: 2 * center.x - p.x, y: 2 * center.y - p.y)
        }

        /// The cubic equal to the quadratic p0 q p3: controls (p0 + 2q) / 3 and (p3 + 2q) / 3.
        private static func elevate(from p0: Point, control q: Point, to p3: Point) -> PathCommand {
            func third(_ a: Double, _ b: Double) -> Double {
                let exact = (a + 2 * b) / 3
                return exact.isFinite ? exact : a / 3 + b / 3 + b / 3
            }
            return .cubic(
                Point(x: third(p0.x, q.x), y: third(p0.y, q.y)),
                Point(x: third(p3.x, q.x), y: third(p3.y, q.y)),
                p3)
        }

        /// cos and sin of `degrees`, exact at multiples of 90°.
        private static func cosSin(degrees: Double) -> (Double, Double) {
            var d = fmod(degrees, 360)
            if d < 0 { d += 360 }
            switch d {
            case 0: return (1, 0)
            case 90: return (0, 1)
            case 180: return (-1, 0)
            case 270: return (0, -1)
            default:
                let r = d * .pi / 180
                return (cos(r), sin(r))
            }
        }

        /// An endpoint-parameterised elliptical arc (SVG implementation notes F.6.5, F.6.6) as cubics
        /// of at most 90° each; empty when the endpoints coincide, a line for a zero radius.
        private static func arc(
            from p1: Point, to p2: Point, rx rxIn: Double, ry ryIn: Double,
            rotation: Double, large: Bool, sweep: Bool
        ) -> [PathCommand] {
            if p1 == p2 { return [] }
            var rx = abs(rxIn)
            var ry = abs(ryIn)
            if rx == 0 || ry == 0 { return [.line(p2)] }
            let (cosPhi, sinPhi) = cosSin(degrees: rotation)
            // Step 1: (x1', y1'), halved and rotated difference; halves first so it cannot overflow.
            let dx = p1.x / 2 - p2.x / 2
            let dy = p1.y / 2 - p2.y / 2
            let x1 = cosPhi * dx + sinPhi * dy
            let y1 = -sinPhi * dx + cosPhi * dy
            // In units of the radii, which keeps every square below in range.
            var a = x1 / rx
            var b = y1 / ry
            let lambda = a * a + b * b
            guard lambda.isFinite, lambda > 0 else { return [.line(p2)] }
            // Step 2 with F.6.6: radii too small to reach are scaled up until the ends are diametric.
            var coef = 0.0
            if lambda >= 1 {
                let s = lambda.squareRoot()
                rx *= s
                ry *= s
                a /= s
                b /= s
            } else {
                coef = ((1 - lambda) / lambda).squareRoot()
                if large == sweep { coef = -coef }
            }
            // Centre (cx', cy') = coef·(rx·b, −ry·a); step 3 maps it back.
            let cxp = coef * rx * b
            let cyp = -coef * ry * a
            let cx = cosPhi * cxp - sinPhi * cyp + (p1.x / 2 + p2.x / 2)
            let cy = sinPhi * cxp + cosPhi * cyp + (p1.y / 2 + p2.y / 2)
            // Step 4: the start angle and the sweep, on the unit circle.
            let ux = a - coef * b
            let uy = b + coef * a
            let vx = -a - coef * b
            let vy = -b + coef * a
            let theta1 = atan2(uy, ux)
            var delta = atan2(ux * vy - uy * vx, ux * vx + uy * vy)
            if !sweep && delta > 0 { delta -= 2 * .pi }
            if sweep && delta < 0 { delta += 2 * .pi }
            guard rx.isFinite, ry.isFinite, cx.isFinite, cy.isFinite, theta1.isFinite, delta.isFinite,
                delta != 0
            else { return [.line(p2)] }

            // Segments of at most 90° (up to rounding), each with k = 4/3·tan(θ/4).
            let quarters = (abs(delta) / (.pi / 2) - 1e-9).rounded(.up)
            let count = Int(min(4, max(1, quarters)))
            let step = delta / Double(count)
            let k = 4.0 / 3.0 * tan(step / 4)
            func map(_ x: Double, _ y: Double) -> Point {
                Point(
                    x: cx + rx * cosPhi * x - ry * sinPhi * y,
                    y: cy + rx * sinPhi * x + ry * cosPhi * y)
            }
            var result: [PathCommand] = []
            result.reserveCapacity(count)
            var cosA = cos(theta1)
            var sinA = sin(theta1)
            for i in 0..<count {
                let next = theta1 + step * Double(i + 1)
                let cosB = cos(next)
                let sinB = sin(next)
                let c1 = map(cosA - k * sinA, sinA + k * cosA)
                let c2 = map(cosB + k * sinB, sinB - k * cosB)
                let end = i == count - 1 ? p2 : map(cosB, sinB)
                result.append(.cubic(c1, c2, end))
                cosA = cosB
                sinA = sinB
            }
            for case .cubic(let c1, let c2, let end) in result {
                for q in [c1, c2, end] where !(q.x.isFinite && q.y.isFinite) { return [.line(p2)] }
            }
            return result
        }

        // MARK: Lexing

        private func peek(_ ahead: Int = 0) -> Unicode.Scalar? {
            let i = pos + ahead
            return i >= 0 && i < text.count ? text[i] : nil
        }

        private static func isWhitespace(_ c: Unicode.Scalar) -> Bool {
            c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\u{0C}"
        }

        private static func isDigit(_ c: Unicode.Scalar?) -> Bool {
            guard let c else { return false }
            return c.value >= 0x30 && c.value <= 0x39
        }

        private static func startsNumber(_ c: Unicode.Scalar) -> Bool {
            isDigit(c) || c == "." || c == "-" || c == "+"
        }

        private static func isCommand(_ c: Unicode.Scalar) -> Bool {
            switch c {
            case "M", "m", "Z", "z", "L", "l", "H", "h", "V", "v", "C", "c", "S", "s",
                "Q", "q", "T", "t", "A", "a":
                return true
            default:
                return false
            }
        }

        private mutating func skipWhitespace() {
            while let c = peek(), Parser.isWhitespace(c) { pos += 1 }
        }

        /// comma_wsp?: whitespace, at most one comma, whitespace. Tells whether there was a comma.
        @discardableResult
        private mutating func separator() -> Bool {
            skipWhitespace()
            guard peek() == "," else { return false }
            pos += 1
            skipWhitespace()
            return true
        }

        private mutating func pair(first: Bool) throws(PathDataError) -> Point {
            if !first { separator() }
            let x = try number()
            separator()
            let y = try number()
            return Point(x: x, y: y)
        }

        private mutating func flag() throws(PathDataError) -> Bool {
            switch peek() {
            case "0":
                pos += 1
                return false
            case "1":
                pos += 1
                return true
            default: throw PathDataError(offset: pos, message: "expected a flag (0 or 1)")
            }
        }

        /// sign? (digits "."? digits? | "." digits) (("e" | "E") sign? digits)?
        private mutating func number() throws(PathDataError) -> Double {
            let start = pos
            var chars = ""
            if let c = peek(), c == "+" || c == "-" {
                chars.unicodeScalars.append(c)
                pos += 1
            }
            var digits = 0
            while let c = peek(), Parser.isDigit(c) {
                chars.unicodeScalars.append(c)
                pos += 1
                digits += 1
            }
            if peek() == "." && (digits > 0 || Parser.isDigit(peek(1))) {
                chars.unicodeScalars.append(".")
                pos += 1
                while let c = peek(), Parser.isDigit(c) {
                    chars.unicodeScalars.append(c)
                    pos += 1
                    digits += 1
                }
            }
            guard digits > 0 else {
                pos = start
                throw PathDataError(offset: start, message: "expected a number")
            }
            if let e = peek(), e == "e" || e == "E" {
                var i = 1
                if let s = peek(1), s == "+" || s == "-" { i = 2 }
                guard Parser.isDigit(peek(i)) else {
                    throw PathDataError(offset: pos + i, message: "expected exponent digits")
                }
                for _ in 0..<i {
                    if let c = peek() { chars.unicodeScalars.append(c) }
                    pos += 1
                }
                while let c = peek(), Parser.isDigit(c) {
                    chars.unicodeScalars.append(c)
                    pos += 1
                }
            }
            guard let value = Double(chars), value.isFinite else {
                throw PathDataError(offset: start, message: "number out of range")
            }
            return value
        }
    }
}
