import RevealTestSupport
import XCTest

@testable import RevealRender

final class JSONTests: XCTestCase {

    // MARK: Helpers

    private func parse(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> JSONValue? {
        do {
            return try JSON.parse(Array(text.utf8))
        } catch {
            XCTFail("unexpected error for \(text.debugDescription): \(error)", file: file, line: line)
            return nil
        }
    }

    /// The parse error for `bytes`, failing the test if parsing succeeds.
    private func syntaxError(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) -> JSONSyntaxError? {
        do {
            let value = try JSON.parse(bytes)
            XCTFail("expected an error, parsed \(String(describing: value).prefix(200))", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    private func assertError(
        _ text: String, _ expected: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        assertError(Array(text.utf8), expected, file: file, line: line)
    }

    private func assertError(
        _ bytes: [UInt8], _ expected: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        guard let error = syntaxError(bytes, file: file, line: line) else { return }
        XCTAssertEqual(error.description, expected, file: file, line: line)
    }

    private func node(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> JSONNode {
        do {
            return try JSONNode.parse(file: "scene.json", bytes: Array(text.utf8))
        } catch {
            XCTFail("unexpected error: \(error)", file: file, line: line)
            return JSONNode(value: .null, path: "", file: "scene.json")
        }
    }

    /// The description of the SceneError `body` throws, or nil (with a failure) if it does not throw.
    private func sceneError<T>(
        file: StaticString = #filePath, line: UInt = #line, _ body: () throws(SceneError) -> T
    ) -> String? {
        do {
            let value = try body()
            XCTFail("expected a SceneError, got \(value)", file: file, line: line)
            return nil
        } catch {
            return error.description
        }
    }

    // MARK: Valid documents

    func testScalars() {
        XCTAssertEqual(parse("null"), .null)
        XCTAssertEqual(parse("true"), .bool(true))
        XCTAssertEqual(parse("false"), .bool(false))
        XCTAssertEqual(parse(" 42 "), .number(42))
        XCTAssertEqual(parse("-1.5"), .number(-1.5))
        XCTAssertEqual(parse("\"hi\""), .string("hi"))
        XCTAssertEqual(parse("\"\""), .string(""))
    }

    func testStrings() {
        XCTAssertEqual(parse(#""a\"b\\c\/d\b\f\n\r\te""#), .string("a\"b\\c/d\u{8}\u{C}\n\r\te"))
        XCTAssertEqual(parse(#""\u00e9\u4E2D\ud83d\ude00""#), .string("é中😀"))
        XCTAssertEqual(parse(#""x\u0000y""#), .string("x\u{0}y"))
        XCTAssertEqual(parse("\"héllo 中 😀\""), .string("héllo 中 😀"))
        XCTAssertEqual(parse("\"naïve\\n\""), .string("naïve\n"))
        XCTAssertEqual(parse("\"\u{7F}\""), .string("\u{7F}"))  // DEL is not a control character in JSON
    }

    func testContainersKeepOrder() {
        let expected: JSONValue = .object([
            "b": .array([.number(1), .object(["c": .null])]),
            "a": .object([:]),
            "d": .array([]),
            "e": .array([.bool(true), .string("x"), .number(-0.5)]),
        ])
        XCTAssertEqual(
            parse(#"{"b": [1, {"c": null}], "a": {}, "d": [ ], "e": [true,"x",-0.5]}"#), expected)
        guard case .object(let object)? = parse(#"{"z": 1, "y": 2, "x": 3}"#) else {
            return XCTFail("not an object")
        }
        XCTAssertEqual(object.entries.map(\.key), ["z", "y", "x"])
        XCTAssertEqual(object["y"], .number(2))
        XCTAssertNil(object["w"])
        // Equality is order-sensitive.
        let ab: JSONObject = ["a": .number(1), "b": .number(2)]
        let ba: JSONObject = ["b": .number(2), "a": .number(1)]
        XCTAssertNotEqual(ab, ba)
        XCTAssertEqual(ab, JSONObject([(key: "a", value: .number(1)), (key: "b", value: .number(2))]))
        XCTAssertNotEqual(JSONValue.object(["a": .number(1)]), .object(["a": .number(2)]))
    }

    func testWhitespaceAndBOM() {
        XCTAssertEqual(parse(" \t\r\n[ 1 ,\n2 ]\r\n"), .array([.number(1), .number(2)]))
        XCTAssertEqual(try? JSON.parse([0xEF, 0xBB, 0xBF] + Array("[1]".utf8)), .array([.number(1)]))
        // Positions start after the BOM.
        assertError([0xEF, 0xBB, 0xBF] + Array("[1,]".utf8), "line 1, column 3: trailing comma at the end of an array")
    }

    func testKindDescription() {
        XCTAssertEqual(JSONValue.null.kindDescription, "null")
        XCTAssertEqual(JSONValue.bool(true).kindDescription, "true")
        XCTAssertEqual(JSONValue.bool(false).kindDescription, "false")
        XCTAssertEqual(JSONValue.number(1).kindDescription, "a number")
        XCTAssertEqual(JSONValue.string("").kindDescription, "a string")
        XCTAssertEqual(JSONValue.array([]).kindDescription, "an array")
        XCTAssertEqual(JSONValue.object([:]).kindDescription, "an object")
    }

    // MARK: Rejections

    func testEmpty() {
        assertError("", "line 1, column 1: file is empty")
        assertError("  \n ", "line 2, column 2: file is empty")
        assertError([0xEF, 0xBB, 0xBF], "line 1, column 1: file is empty")
    }

    func testTrailingCommas() {
        assertError("[1, 2,]", "line 1, column 6: trailing comma at the end of an array")
        assertError("{\n  \"a\": 1,\n}", "line 2, column 9: trailing comma at the end of an object")
        assertError("[1,,2]", "line 1, column 4: expected a value, found ','")
        assertError("{,}", "line 1, column 2: expected a string key in double quotes, found ','")
    }

    func testComments() {
        assertError("[1] // note", "line 1, column 5: comments are not allowed in JSON")
        assertError("/* header */ [1]", "line 1, column 1: comments are not allowed in JSON")
        assertError("[1 /* x */]", "line 1, column 4: comments are not allowed in JSON")
        assertError("{\"a\": 1, // x\n}", "line 1, column 10: comments are not allowed in JSON")
    }

    func testQuotesAndBareWords() {
        assertError("{'a': 1}", "line 1, column 2: strings must use double quotes, not single quotes")
        assertError("['x']", "line 1, column 2: strings must use double quotes, not single quotes")
        assertError("{a: 1}", "line 1, column 2: object key a must be in double quotes")
        assertError("[hello]", "line 1, column 2: unexpected word hello (strings must be in double quotes)")
        assertError("True", "line 1, column 1: True must be written in lowercase as true")
        assertError("[nulll]", "line 1, column 2: unexpected word nulll (strings must be in double quotes)")
        assertError("[“x”]", "line 1, column 2: curly quotes are not allowed, use straight double quotes (\")")
        assertError("[é]", "line 1, column 2: expected a value, found 'é' (U+00E9)")
    }

    func testNonFiniteTokens() {
        assertError("[NaN]", "line 1, column 2: NaN is not a valid JSON number (numbers must be finite)")
        assertError("Infinity", "line 1, column 1: Infinity is not a valid JSON number (numbers must be finite)")
        assertError("[1, -Infinity]", "line 1, column 5: -Infinity is not a valid JSON number (numbers must be finite)")
        assertError("{\"a\": nan}", "line 1, column 7: nan is not a valid JSON number (numbers must be finite)")
    }

    func testBadNumbers() {
        assertError("[01]", "line 1, column 2: leading zeros are not allowed in numbers (01)")
        assertError("-007", "line 1, column 1: leading zeros are not allowed in numbers (-007)")
        assertError("-", "line 1, column 2: expected a digit after '-'")
        assertError("[1.]", "line 1, column 4: expected a digit after the decimal point")
        assertError("1e", "line 1, column 3: expected a digit in the exponent")
        assertError("1e+", "line 1, column 4: expected a digit in the exponent")
        assertError("+1", "line 1, column 1: numbers must not start with '+'")
        assertError("[.5]", "line 1, column 2: numbers must start with a digit, not '.' (write 0.5)")
        assertError("0x1F", "line 1, column 1: invalid number 0x1F")
        assertError("[1.2.3]", "line 1, column 2: invalid number 1.2.3")
        assertError("1e999", "line 1, column 1: number 1e999 is out of range")
        assertError("[2, -1e999]", "line 1, column 5: number -1e999 is out of range")
        assertError(
            "1" + String(repeating: "0", count: 400),
            "line 1, column 1: number 1000000000000000000000000000000000000000… is out of range")
    }

    func testControlCharactersInStrings() {
        assertError("\"a\tb\"", "line 1, column 3: unescaped control character U+0009 in string")
        assertError("[\"ab\ncd\"]", "line 1, column 5: line break inside a string (missing closing quote?)")
        assertError("\"\u{1}\"", "line 1, column 2: unescaped control character U+0001 in string")
    }

    func testBadEscapes() {
        assertError(#""\ud800""#, #"line 1, column 2: unpaired surrogate \uD800 in string"#)
        assertError(#""x\udc00""#, #"line 1, column 3: unpaired surrogate \uDC00 in string"#)
        assertError(#""\ud800\u0041""#, #"line 1, column 2: unpaired surrogate \uD800 in string"#)
        assertError(#""\ud800x""#, #"line 1, column 2: unpaired surrogate \uD800 in string"#)
        assertError(#""\x""#, #"line 1, column 2: invalid escape \x in string"#)
        assertError(#""ab\u12G4""#, #"line 1, column 4: invalid \u escape in string: expected 4 hex digits"#)
        assertError(#""\u12"#, #"line 1, column 2: invalid \u escape in string: expected 4 hex digits"#)
        assertError("\"\\", "line 1, column 2: unterminated string")
    }

    func testStructuralErrors() {
        assertError("{\n  \"a\": 1\n  \"b\": 2\n}", "line 3, column 3: expected ',' or '}' after an object member")
        assertError("[1 2]", "line 1, column 4: expected ',' or ']' after an array element")
        assertError("{\"a\" 1}", "line 1, column 6: expected ':' after key \"a\"")
        assertError("]", "line 1, column 1: expected a value, found ']'")
        assertError(
            "[1, 2", "line 1, column 6: unexpected end of file: the array opened at line 1, column 1 is not closed")
        assertError(
            "{\"a\": [1,\n",
            "line 2, column 1: unexpected end of file: the array opened at line 1, column 7 is not closed")
        assertError(
            "{\"a\":", "line 1, column 6: unexpected end of file: the object opened at line 1, column 1 is not closed")
        assertError("[\"abc", "line 1, column 2: unterminated string")
        assertError("[\u{7}]", "line 1, column 2: expected a value, found control character U+0007")
    }

    func testTrailingGarbage() {
        assertError("{} x", "line 1, column 4: unexpected 'x' after the end of the JSON value")
        assertError("1 2", "line 1, column 3: unexpected '2' after the end of the JSON value")
        assertError("[1]\n]", "line 2, column 1: unexpected ']' after the end of the JSON value")
        assertError("{}{}", "line 1, column 3: unexpected '{' after the end of the JSON value")
    }

    func testDuplicateKeys() {
        assertError(#"{"width": 1, "height": 2, "width": 3}"#, #"line 1, column 27: duplicate key "width""#)
        // Large objects use a set; the check must still work.
        let keys = (0..<50).map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
        XCTAssertNotNil(try? JSON.parse(Array("{\(keys)}".utf8)))
        assertError("{\(keys), \"k7\": 0}", #"line 1, column \#(keys.count + 4): duplicate key "k7""#)
        // Duplicates in different objects are fine.
        XCTAssertNotNil(parse(#"[{"a": 1}, {"a": 2}]"#))
    }

    func testLineAndColumnCountCharacters() {
        // "日本" is 6 bytes but 2 characters.
        assertError("[\n\"日本\", x]", "line 2, column 7: unexpected word x (strings must be in double quotes)")
        assertError("[\r\n1,\r\n]", "line 2, column 2: trailing comma at the end of an array")
        assertError("[\r1,\r]", "line 2, column 2: trailing comma at the end of an array")
        assertError("\t[1,]", "line 1, column 4: trailing comma at the end of an array")
        assertError("[\"😀😀\" 1]", "line 1, column 7: expected ',' or ']' after an array element")
    }

    func testEncodings() {
        let utf16LE: [UInt8] = [0xFF, 0xFE, 0x5B, 0x00, 0x31, 0x00, 0x5D, 0x00]
        assertError(utf16LE, "line 1, column 1: file is not UTF-8 (looks like UTF-16)")
        assertError([0xFE, 0xFF, 0x00, 0x5B, 0x00, 0x5D], "line 1, column 1: file is not UTF-8 (looks like UTF-16)")
        assertError([0x00, 0x5B, 0x00, 0x31, 0x00, 0x5D], "line 1, column 1: file is not UTF-8 (looks like UTF-16)")
        assertError([0x5B, 0x00, 0x5D, 0x00], "line 1, column 1: file is not UTF-8 (looks like UTF-16)")
        assertError(
            [0x5B, 0x00, 0x00, 0x00, 0x5D, 0x00, 0x00, 0x00], "line 1, column 1: file is not UTF-8 (looks like UTF-32)")
        assertError(
            [0x00, 0x00, 0xFE, 0xFF, 0x00, 0x00, 0x00, 0x5B], "line 1, column 1: file is not UTF-8 (looks like UTF-32)")
        assertError(
            [0xFF, 0xFE, 0x00, 0x00, 0x5B, 0x00, 0x00, 0x00], "line 1, column 1: file is not UTF-8 (looks like UTF-32)")
    }

    func testInvalidUTF8() {
        let quote = UInt8(ascii: "\"")
        let open = UInt8(ascii: "[")
        // [ " é <FF>  → the bad byte is the 4th character.
        assertError([open, quote, 0xC3, 0xA9, 0xFF, quote, 0x5D], "line 1, column 4: invalid UTF-8 byte 0xFF")
        assertError([quote, 0x80, quote], "line 1, column 2: invalid UTF-8 byte 0x80")
        assertError([quote, 0xC0, 0x80, quote], "line 1, column 2: invalid UTF-8 byte 0xC0")  // overlong NUL
        assertError([quote, 0xE0, 0x80, 0x80, quote], "line 1, column 2: invalid UTF-8 sequence 0xE0 0x80")  // overlong
        // A surrogate, then a scalar above U+10FFFF.
        assertError([quote, 0xED, 0xA0, 0x80, quote], "line 1, column 2: invalid UTF-8 sequence 0xED 0xA0")
        assertError([quote, 0xF4, 0x90, 0x80, 0x80, quote], "line 1, column 2: invalid UTF-8 sequence 0xF4 0x90")
        assertError([quote, 0xE2, 0x82, quote], "line 1, column 2: invalid UTF-8 sequence 0xE2 0x82 0x22")  // truncated
        assertError([quote, 0xE2, 0x82], "line 1, column 2: invalid UTF-8 sequence 0xE2 0x82")  // truncated at EOF
        assertError([open, 0xFF, 0x5D], "line 1, column 2: invalid UTF-8 byte 0xFF")  // outside a string
        assertError([open, 0x31, 0x5D, 0xFE], "line 1, column 4: invalid UTF-8 byte 0xFE")  // trailing
        // Valid 2-, 3- and 4-byte sequences at the edges of the ranges.
        XCTAssertEqual(
            try? JSON.parse([quote, 0xC2, 0x80, 0xEF, 0xBF, 0xBF, 0xF4, 0x8F, 0xBF, 0xBF, quote]),
            .string("\u{80}\u{FFFF}\u{10FFFF}"))
    }

    // MARK: Depth and size

    func testDepthLimit() {
        let ok = String(repeating: "[", count: JSON.maxDepth) + String(repeating: "]", count: JSON.maxDepth)
        XCTAssertNotNil(parse(ok))
        let tooDeep = String(repeating: "[", count: 129) + String(repeating: "]", count: 129)
        assertError(tooDeep, "line 1, column 129: nesting deeper than 128 levels")
        let objects128 = String(repeating: "{\"a\":", count: 128) + "1" + String(repeating: "}", count: 128)
        XCTAssertNotNil(parse(objects128))
        let objects129 = String(repeating: "{\"a\":", count: 129) + "1" + String(repeating: "}", count: 129)
        assertError(objects129, "line 1, column 641: nesting deeper than 128 levels")
    }

    func testHostileNesting() {
        let nested200 = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        assertError(nested200, "line 1, column 129: nesting deeper than 128 levels")
        let deep = [UInt8](repeating: UInt8(ascii: "["), count: 1_000_000)
        assertError(deep, "line 1, column 129: nesting deeper than 128 levels")
        let deepObjects = [UInt8](String(repeating: "{\"a\":", count: 200_000).utf8)
        assertError(deepObjects, "line 1, column 641: nesting deeper than 128 levels")
    }

    func testLargeArray() {
        let text = "[" + (0..<100_000).map(String.init).joined(separator: ",") + "]"
        guard case .array(let elements)? = parse(text) else { return XCTFail("not an array") }
        XCTAssertEqual(elements.count, 100_000)
        XCTAssertEqual(elements[99_999], .number(99_999))
    }

    func testLongStringsAndKeys() {
        let long = String(repeating: "ab\\n", count: 100_000)
        guard case .string(let s)? = parse("\"\(long)\"") else { return XCTFail("not a string") }
        XCTAssertEqual(s.utf8.count, 300_000)
        let key = String(repeating: "k", count: 200)
        let doc = node("{\"\(key)\": 1}")
        let message = sceneError { () throws(SceneError) in try doc.object(allowedKeys: ["a"]) }
        // The message stays short: keys are cut at 80 characters.
        XCTAssertNotNil(message)
        XCTAssertLessThan(message?.count ?? .max, 260)
    }

    /// Random corruptions of a valid document must be parsed or refused, never crash or hang.
    func testMutatedInputsNeverCrash() {
        let sample = Array(
            """
            {"strokes": [{"points": [{"x": 1.5, "y": -2e3, "time": 0}, {"x": 0, "y": 1, "time": 0.25}],
              "color": "#ff2d55", "name": "caf\\u00e9 ☕️", "closed": false, "extra": null}],
             "size": [640, 480], "ε": [[], {}, "\\ud83d\\ude00"]}
            """.utf8)
        XCTAssertNotNil(try? JSON.parse(sample))
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: state >> 33)
        }
        let interesting: [UInt8] =
            Array("[]{}\",:\\-+.eE0129tfnu /'".utf8) + [0x00, 0x0A, 0x80, 0xC3, 0xE2, 0xF0, 0xFF]
        var failures = 0
        for _ in 0..<3_000 {
            var bytes = sample
            for _ in 0...(next() % 4) {
                let i = next() % bytes.count
                switch next() % 4 {
                case 0: bytes[i] = interesting[next() % interesting.count]
                case 1: bytes.insert(interesting[next() % interesting.count], at: i)
                case 2: bytes.remove(at: i)
                default: bytes.removeSubrange(i...)
                }
                if bytes.isEmpty { bytes = [0x20] }
            }
            do {
                _ = try JSON.parse(bytes)
            } catch {
                failures += 1
                XCTAssertGreaterThanOrEqual(error.line, 1)
                XCTAssertGreaterThanOrEqual(error.column, 1)
                XCTAssertFalse(error.message.isEmpty)
                XCTAssertFalse(error.message.contains("\n"))
            }
        }
        XCTAssertGreaterThan(failures, 1_000)
        // Every proper prefix of an object is incomplete.
        for length in 1..<sample.count {
            XCTAssertNil(try? JSON.parse(Array(sample[..<length])), "prefix of length \(length) parsed")
        }
    }

    // MARK: Numbers

    func testNumbersMatchDoubleParsing() {
        let tokens = [
            "0", "-0", "1e308", "5e-324", "1E+2", "0.1", "-0.0", "1e-400", "4.9e-324", "2.2250738585072014e-308",
            "1.7976931348623157e308", "9007199254740993", "9007199254740992", "18446744073709551615",
            "123456789012345678901234567890", "0.30000000000000004", "1e23", "1e22", "8.98846567431158e307",
            "-12.5e-3", "3.141592653589793", "0.000000000000000000001", "1e-22", "123456789e-30", "7e-10",
            "2.5E-3", "10000000000000000000000000000000000000000e-20", "0e99999999999",
            "1.00000000000000011102230246251565",
        ]
        for token in tokens {
            guard let expected = Double(token), case .number(let x)? = parse(token) else {
                XCTFail("could not parse \(token)")
                continue
            }
            XCTAssertEqual(x.bitPattern, expected.bitPattern, token)
        }
        guard case .number(let negativeZero)? = parse("-0") else { return XCTFail() }
        XCTAssertEqual(negativeZero.sign, .minus)
        XCTAssertEqual(parse("1e308"), .number(1e308))
        XCTAssertEqual(parse("5e-324"), .number(Double.leastNonzeroMagnitude))
    }

    func testRandomNumbersMatchDoubleParsing() {
        var state: UInt64 = 42
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state
        }
        var tokens: [String] = []
        for _ in 0..<5_000 {
            let bits = next()
            let x = Double(bitPattern: bits)
            if x.isFinite { tokens.append("\(x)") }
            let digits = String(next() % 100_000_000_000_000_000)
            let exponent = Int(next() % 60) - 30
            tokens.append("\(next() % 2 == 0 ? "-" : "")\(digits)e\(exponent)")
            tokens.append("\(next() % 1_000_000).\(next() % 10_000_000)")
        }
        let array = "[" + tokens.joined(separator: ",") + "]"
        guard case .array(let values)? = parse(array) else { return XCTFail("not an array") }
        XCTAssertEqual(values.count, tokens.count)
        for (token, value) in zip(tokens, values) {
            guard case .number(let x) = value, let expected = Double(token) else { return XCTFail(token) }
            if x.bitPattern != expected.bitPattern {
                return XCTFail("\(token): \(x) != \(expected)")
            }
        }
    }

    /// Long mantissas, long exponents (8 digits and more), leading zeros in fractions and exponents,
    /// both signs: each token parses to `Double(String)`'s correctly rounded value, or is refused as out
    /// of range when that is infinite. (Exponents used to be cut at seven digits, so
    /// `0.<999,999 zeros>1e10000002` read as 1.)
    func testLongNumbersMatchDoubleParsingOrAreOutOfRange() {
        var state: UInt64 = 7
        func next(_ bound: UInt64) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 11) % bound)
        }
        func digits(_ count: Int, leadingZeros: Int = 0) -> String {
            String(repeating: "0", count: leadingZeros) + String((0..<count).map { _ in Character(String(next(10))) })
        }
        var tokens = [
            "0." + String(repeating: "0", count: 999_999) + "1e10000002",
            "0." + String(repeating: "0", count: 999_999) + "1e1000000",
            "1e" + String(repeating: "0", count: 40) + "5", "1e-" + String(repeating: "9", count: 12),
            "-1e99999999999999999999", "1" + String(repeating: "0", count: 400) + "e-400",
            "0e" + String(repeating: "9", count: 30),
        ]
        for _ in 0..<3_000 {
            var token = next(2) == 0 ? "-" : ""
            let integerDigits = [1, 2, 19, 20, 40, 400][next(6)]
            token += next(4) == 0 ? "0" : String(next(9) + 1) + digits(integerDigits - 1)
            if next(2) == 0 { token += "." + digits(1 + next(60), leadingZeros: [0, 1, 20, 300][next(4)]) }
            if next(3) != 0 {
                token += ["e", "E"][next(2)] + ["", "+", "-"][next(3)]
                token +=
                    String(repeating: "0", count: [0, 0, 3, 12][next(4)])
                    + String([next(400), next(100_000), 10_000_000 + next(90_000_000)][next(3)])
            }
            tokens.append(token)
        }
        for token in tokens {
            let shown = token.count > 60 ? String(token.prefix(30)) + "…" + String(token.suffix(20)) : token
            guard let expected = Double(token) else {
                XCTFail("Swift cannot read \(shown)")
                continue
            }
            do {
                let value = try JSON.parse(Array(token.utf8))
                guard case .number(let x) = value else {
                    XCTFail("\(shown): \(value)")
                    continue
                }
                XCTAssertTrue(expected.isFinite, "\(shown) parsed to \(x), but it is out of range")
                XCTAssertEqual(x.bitPattern, expected.bitPattern, shown)
            } catch {
                XCTAssertFalse(expected.isFinite, "\(shown): \(error)")
                XCTAssertTrue(error.message.contains("is out of range"), "\(shown): \(error)")
            }
        }
    }

    // MARK: Tables and limits

    func testArraysOfNumberRowsAreTablesEqualToArrays() throws {
        let value = try JSON.parse(Array("[[1, 2, 3], [4, 5, 6], [7, \"x\", 9], [10, 11, 12], 13]".utf8))
        guard case .table(let table) = value else { return XCTFail("not a table: \(value)") }
        XCTAssertEqual(table.columns, 3)
        XCTAssertEqual(table.count, 5)
        XCTAssertEqual(table.exceptions.keys.sorted(), [2, 4], "the odd elements are kept as they are")
        XCTAssertEqual(table.row(1), .array([.number(4), .number(5), .number(6)]))
        XCTAssertEqual(table.row(2), .array([.number(7), .string("x"), .number(9)]))
        XCTAssertEqual(table.row(4), .number(13))
        let plain: JSONValue = .array([
            .array([.number(1), .number(2), .number(3)]), .array([.number(4), .number(5), .number(6)]),
            .array([.number(7), .string("x"), .number(9)]), .array([.number(10), .number(11), .number(12)]),
            .number(13),
        ])
        XCTAssertEqual(value, plain)
        XCTAssertEqual(value.kindDescription, "an array")
        // A node reads a table's elements as it reads an array's, with the same paths.
        let root = try JSONNode.parse(file: "f.json", bytes: Array(#"{"points": [[1, 2, 0], [3, 4, "t"]]}"#.utf8))
        let points = try root.required("points")
        XCTAssertNotNil(points.table(columns: 3))
        XCTAssertEqual(points[1].path, "points[1]")
        XCTAssertThrowsError(try points[1][2].number()) { error in
            XCTAssertEqual("\(error)", "f.json: points[1][2]: expected a number, found a string")
        }
        XCTAssertEqual(try points.array().count, 2)
        // Not a table: the first element is not a row.
        guard case .array = try JSON.parse(Array(#"["a", [1, 2]]"#.utf8)) else { return XCTFail() }
    }

    func testLimitsStopTheParseAtThePathOfTheArray() {
        let limits = JSONLimits(arrays: [
            .init(path: ["strokes"], maxCount: 2, message: "too many strokes"),
            .init(path: ["strokes", "[]", "points"], maxCount: 3, inAll: true, message: "too many points"),
        ])
        func limitError(_ text: String) -> JSONLimitError? {
            do {
                _ = try JSON.parse(Array(text.utf8), limits: limits)
                return nil
            } catch {
                if case .limit(let error) = error { return error }
                XCTFail("\(text): \(error)")
                return nil
            }
        }
        XCTAssertNil(limitError(#"{"strokes": [{"points": [[0, 0, 0]]}, {"points": [[0, 0, 0], [1, 1, 1]]}]}"#))
        XCTAssertEqual(
            limitError(#"{"strokes": [1, 2, 3]}"#), JSONLimitError(path: "strokes", message: "too many strokes"))
        XCTAssertEqual(
            limitError(#"{"strokes": [{"points": [[0, 0, 0], [0, 0, 0]]}, {"points": [[0, 0, 0], [1, 1, 1]]}]}"#),
            JSONLimitError(path: "strokes[1].points", message: "too many points"))
        XCTAssertNil(limitError(#"{"other": [1, 2, 3, 4], "strokes": []}"#), "limits apply at their path only")
        // The memory estimate stops values under any key.
        let budget = JSONLimits(maxValueBytes: 1 << 20)
        let junk = "{\"junk\": [" + Array(repeating: "1", count: 100_000).joined(separator: ",") + "]}"
        XCTAssertThrowsError(try JSON.parse(Array(junk.utf8), limits: budget)) { error in
            XCTAssertTrue("\(error)".hasPrefix("junk: the document holds more values"), "\(error)")
        }
        // A table of points costs 8 bytes a number.
        let points = "[" + Array(repeating: "[1,2,3]", count: 40_000).joined(separator: ",") + "]"
        XCTAssertNoThrow(try JSON.parse(Array(points.utf8), limits: budget))
    }

    // MARK: JSONNode

    private let sceneText = """
        {"width": 640, "scale": 20, "name": 5, "opacity": 0.25, "visible": true, "fade": 2.5, "huge": 1e20,
         "strokes": [{"points": [{"time": 1}, {"time": 2.5}], "brushwidth": 3}, {"points": []}],
         "colors": {"my key": "red", "say \\"hi\\"": null}, "nothing": null}
        """

    func testNodeAccessors() throws {
        let root = node(sceneText)
        XCTAssertEqual(try root.required("width").integer(), 640)
        XCTAssertEqual(try root.required("width").number(), 640)
        XCTAssertEqual(try root.required("opacity").number(in: 0...1, what: "opacity"), 0.25)
        XCTAssertEqual(try root.required("visible").bool(), true)
        XCTAssertEqual(try root["colors"]?["my key"]?.string(), "red")
        XCTAssertTrue(root["nothing"]?.isNull ?? false)
        XCTAssertFalse(try root.required("width").isNull)
        XCTAssertNil(root["absent"])
        XCTAssertNil(root["width"]?["x"])  // not an object
        let strokes = try root.required("strokes").array()
        XCTAssertEqual(strokes.map(\.path), ["strokes[0]", "strokes[1]"])
        XCTAssertEqual(try strokes[0].required("points")[1].required("time").number(), 2.5)
        XCTAssertEqual(try root.required("width").integer(in: 1...4096, what: "width"), 640)
    }

    func testNodePaths() throws {
        let root = node(sceneText)
        XCTAssertEqual(root.path, "")
        XCTAssertEqual(root["width"]?.path, "width")
        XCTAssertEqual(root["strokes"]?[0]["points"]?[1]["time"]?.path, "strokes[0].points[1].time")
        XCTAssertEqual(root["colors"]?["my key"]?.path, #"colors["my key"]"#)
        XCTAssertEqual(root["colors"]?[#"say "hi""#]?.path, #"colors["say \"hi\""]"#)
        let points = try root.required("strokes")[0].required("points").array()
        XCTAssertEqual(points.map(\.path), ["strokes[0].points[0]", "strokes[0].points[1]"])
        let array = node(#"[0, 1, 2, {"x": 1, "2d": 2}]"#)
        XCTAssertEqual(array[3].path, "[3]")
        XCTAssertEqual(array[3]["x"]?.path, "[3].x")
        XCTAssertEqual(array[3]["2d"]?.path, #"[3]["2d"]"#)
        XCTAssertEqual(node(#"{"a b": 1}"#)["a b"]?.path, #"["a b"]"#)
        XCTAssertEqual(node(#"{"_ok9": 1}"#)["_ok9"]?.path, "_ok9")
    }

    func testNodeErrors() {
        let root = node(sceneText)
        XCTAssertEqual(
            sceneError { () throws(SceneError) in try root.required("height") },
            #"scene.json: missing required field "height""#)
        XCTAssertEqual(
            sceneError { () throws(SceneError) in try root.required("strokes")[1].required("brushWidth") },
            #"scene.json: strokes[1]: missing required field "brushWidth""#)
        XCTAssertEqual(
            sceneError { () throws(SceneError) in try root.required("name").string() },
            "scene.json: name: expected a string, found a number")
        XCTAssertEqual(
            sceneError { () throws(SceneError) in try root.required("width").bool() },
            "scene.json: width: expected true or false, found a number")
        XCTAssertEqual(
            sceneError { () throws(SceneError) in try root.required("strokes").number() },
            "scene.json: strokes: expected a number, found an array")
        XCTAssertEqual(
            sceneError { () throws(SceneError) in try root.required("nothing").number() },
            "scene.json: nothing: expected a number, found null")
        XCTAssertEqual(
            sceneError { () throws(SceneError) in try root.required("visible").string() },
            "scene.json: visible: expected a string, found true")
        XCTAssertEqual(
            sceneError { () throws(SceneError) in try root.required("colors").array() },
            "scene.json: colors: expected an array, found an object")
        XCTAssertEqual(
            sceneError { () throws(SceneError) in try root.required("width").required("x") },
            "scene.json: width: expected an object, found a number")
        XCTAssertEqual(
            sceneError { () throws(SceneError) in try root.required("name").object(allowedKeys: []) },
            "scene.json: name: expected an object, found a number")
    }

    func testUnknownKeys() {
        let root = node(sceneText)
        XCTAssertEqual(
            sceneError { () throws(SceneError) in
                try root.required("strokes")[0].object(allowedKeys: ["points", "brushWidth", "color"])
            },
            #"scene.json: strokes[0].brushwidth: unknown field "brushwidth" (did you mean "brushWidth"?)"#)
        let doc = node(#"{"colr": 1}"#)
        XCTAssertEqual(
            sceneError { () throws(SceneError) in try doc.object(allowedKeys: ["width", "color"]) },
            #"scene.json: colr: unknown field "colr" (did you mean "color"?)"#)
        let swapped = node(#"{"wdith": 1}"#)
        XCTAssertEqual(
            sceneError { () throws(SceneError) in try swapped.object(allowedKeys: ["height", "width"]) },
            #"scene.json: wdith: unknown field "wdith" (did you mean "width"?)"#)
        let unrelated = node(#"{"zzz": 1}"#)
        XCTAssertEqual(
            sceneError { () throws(SceneError) in try unrelated.object(allowedKeys: ["width", "color"]) },
            #"scene.json: zzz: unknown field "zzz" (allowed: "width", "color")"#)
        // Every allowed field is listed, however many: none cut off with "…".
        let many = (1...20).map { "field\($0)" }
        XCTAssertEqual(
            sceneError { () throws(SceneError) in try unrelated.object(allowedKeys: many) },
            "scene.json: zzz: unknown field \"zzz\" (allowed: " + many.map { "\"\($0)\"" }.joined(separator: ", ") + ")"
        )
        let short = node(#"{"x": 1}"#)
        XCTAssertEqual(
            sceneError { () throws(SceneError) in try short.object(allowedKeys: ["y"]) },
            #"scene.json: x: unknown field "x" (allowed: "y")"#)
        XCTAssertEqual(
            sceneError { () throws(SceneError) in try short.object(allowedKeys: []) },
            #"scene.json: x: unknown field "x" (no fields are allowed here)"#)
        let quotedKey = node(#"{"a": {"my key": 1}}"#)
        XCTAssertEqual(
            sceneError { () throws(SceneError) in try quotedKey.required("a").object(allowedKeys: ["myKey"]) },
            #"scene.json: a["my key"]: unknown field "my key" (did you mean "myKey"?)"#)
        XCTAssertEqual(
            sceneError { () throws(SceneError) in try quotedKey.required("a").object(allowedKeys: ["other"]) },
            #"scene.json: a["my key"]: unknown field "my key" (allowed: "other")"#)
        // Case-insensitive equality wins even beyond the edit distance limit.
        let shouting = node(#"{"BRUSHWIDTH": 1}"#)
        XCTAssertEqual(
            sceneError { () throws(SceneError) in try shouting.object(allowedKeys: ["brushWidth"]) },
            #"scene.json: BRUSHWIDTH: unknown field "BRUSHWIDTH" (did you mean "brushWidth"?)"#)
        // Allowed keys pass, and the object keeps its order.
        XCTAssertEqual(try? node(#"{"b": 1, "a": 2}"#).object(allowedKeys: ["a", "b"]).entries.map(\.key), ["b", "a"])
    }

    func testNumberRangesAndIntegers() {
        let root = node(sceneText)
        XCTAssertEqual(
            sceneError { () throws(SceneError) in try root.required("scale").number(in: 0...16, what: "scale") },
            "scene.json: scale: scale 20 is outside 0…16")
        XCTAssertEqual(
            sceneError { () throws(SceneError) in try root.required("opacity").number(in: 0.5...1, what: "opacity") },
            "scene.json: opacity: opacity 0.25 is outside 0.5…1")
        XCTAssertEqual(
            sceneError { () throws(SceneError) in
                try root.required("fade").number(in: 3...Double.infinity, what: "fade")
            },
            "scene.json: fade: fade 2.5 is less than 3")
        XCTAssertEqual(
            sceneError { () throws(SceneError) in
                try root.required("fade").number(in: -Double.infinity...1, what: "fade")
            },
            "scene.json: fade: fade 2.5 is greater than 1")
        XCTAssertEqual(
            sceneError { () throws(SceneError) in try root.required("fade").integer() },
            "scene.json: fade: expected a whole number, found 2.5")
        XCTAssertEqual(
            sceneError { () throws(SceneError) in try root.required("huge").integer() },
            "scene.json: huge: whole number 1e+20 is out of range")
        XCTAssertEqual(try? root.required("name").integer(), 5)
        XCTAssertEqual(
            sceneError { () throws(SceneError) in try root.required("visible").integer() },
            "scene.json: visible: expected a whole number, found true")
        XCTAssertEqual(
            sceneError { () throws(SceneError) in try root.required("width").integer(in: 1...100, what: "width") },
            "scene.json: width: width 640 is outside 1…100")
        XCTAssertEqual(try? node("-3").integer(), -3)
        XCTAssertEqual(try? node("-9223372036854775808").integer(), Int.min)
        XCTAssertNil(try? node("9223372036854775808").integer())
    }

    func testArrayLimitsAndMissingElements() {
        let root = node(sceneText)
        XCTAssertEqual(
            sceneError { () throws(SceneError) in try root.required("strokes").array(maxCount: 1) },
            "scene.json: strokes: array has 2 elements, more than 1")
        // Out-of-range elements and non-arrays never trap; their accessors throw.
        XCTAssertEqual(
            sceneError { () throws(SceneError) in try root.required("strokes")[5].required("points") },
            "scene.json: strokes[5]: missing element: the array has 2 elements")
        XCTAssertEqual(
            sceneError { () throws(SceneError) in try root.required("strokes")[-1][0].number() },
            "scene.json: strokes[-1]: missing element: the array has 2 elements")
        XCTAssertEqual(
            sceneError { () throws(SceneError) in try root[0].number() },
            "scene.json: expected an array, found an object")
        XCTAssertEqual(
            sceneError { () throws(SceneError) in try node("[1]")[1].string() },
            "scene.json: [1]: missing element: the array has 1 element")
        XCTAssertNil(root["strokes"]?[9]["points"])
    }

    func testCustomErrorsAndParseErrors() {
        let root = node(#"{"strokes": [{}, {}, {"points": [0,1,2,3,4,5,6,7,8,9,10,11,12,13,1.2]}]}"#)
        let point = root["strokes"]?[2]["points"]?[14]
        XCTAssertEqual(
            point?.error("time 1.2 is earlier than 1.3").description,
            "scene.json: strokes[2].points[14]: time 1.2 is earlier than 1.3")
        XCTAssertEqual(root.error("no strokes").description, "scene.json: no strokes")
        XCTAssertEqual(
            sceneError { () throws(SceneError) in try JSONNode.parse(file: "strokes.json", bytes: Array("{".utf8)) },
            "strokes.json: line 1, column 2: unexpected end of file: the object opened at line 1, column 1 is not closed"
        )
        do {
            _ = try JSONNode.parse(file: "a.json", bytes: [])
            XCTFail("expected an error")
        } catch {
            XCTAssertEqual(error, SceneError(file: "a.json", path: "", message: "line 1, column 1: file is empty"))
        }
    }

    func testSceneErrorDescription() {
        XCTAssertEqual(
            SceneError(file: "strokes.json", path: "strokes[2].points[14]", message: "time 1.2 is earlier than 1.3")
                .description,
            "strokes.json: strokes[2].points[14]: time 1.2 is earlier than 1.3")
        XCTAssertEqual(
            SceneError(file: "scene.json", path: "", message: "file is empty").description,
            "scene.json: file is empty")
        XCTAssertEqual("\(SceneError(file: "s.json", path: "width", message: "bad"))", "s.json: width: bad")
    }

    func testFormatNumber() {
        XCTAssertEqual(formatNumber(1.0), "1")
        XCTAssertEqual(formatNumber(0.25), "0.25")
        XCTAssertEqual(formatNumber(-3), "-3")
        XCTAssertEqual(formatNumber(0), "0")
        XCTAssertEqual(formatNumber(1e-7), "1e-07")
        XCTAssertEqual(formatNumber(1e20), "1e+20")
        XCTAssertEqual(formatNumber(16384), "16384")
        XCTAssertEqual(formatNumber(0.1), "0.1")
        XCTAssertEqual(formatNumber(.infinity), "infinity")
    }
}
