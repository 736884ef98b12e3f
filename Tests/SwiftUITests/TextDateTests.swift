import Foundation
import RevealPlayer
import RevealRender
import SwiftUI
import XCTest

/// A 300×40-point screen at 1×, ten frames a second, played to 5 s without a dry run.
private let screen: ViewScript = {
    var script = ViewScript(width: 300, height: 40, scale: 1, fps: 10, safeArea: Insets())
    script.until = 5
    return script
}()

/// The scene clock's start: 09:41 UTC on 1 January 2026.
private let start = Date(timeIntervalSince1970: 1_767_260_460)

@MainActor private func frame(_ index: Int, _ view: @escaping @MainActor () -> any SwiftUI.View) throws -> [UInt8] {
    var player = ViewPlayer(script: screen, view: view)
    return try player.render(frame: index).bytes
}

/// `Text(_:style:)` and `Text(timerInterval:)` on the scene clock, each frame held against the text Apple's
/// documentation gives for the style (Text.DateStyle's example outputs), written out verbatim.
final class TextDateTests: XCTestCase {
    private func assertReads(
        _ expected: String, at index: Int, _ view: @escaping @MainActor () -> any SwiftUI.View,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        try MainActor.assumeIsolated {
            XCTAssertEqual(
                try frame(index, view), try frame(index) { Text(verbatim: expected) }, "\(expected) at frame \(index)",
                file: file, line: line)
        }
    }

    func testATimerCountsDownInWholeSecondsRoundedUp() throws {
        let date = start.addingTimeInterval(152)
        // "2:32" until a second has gone, then "2:31": the view is evaluated again at each whole second.
        try assertReads("2:32", at: 0) { Text(date, style: .timer) }
        try assertReads("2:32", at: 5) { Text(date, style: .timer) }
        try assertReads("2:31", at: 15) { Text(date, style: .timer) }
        try assertReads("2:29", at: 30) { Text(date, style: .timer) }
        // Past an hour, hours come first ("36:59:01" in Apple's example).
        try assertReads("36:59:01", at: 0) { Text(start.addingTimeInterval(-(36 * 3600 + 59 * 60 + 1)), style: .timer) }
    }

    func testRelativeAndOffsetStylesNameTheTwoLargestUnits() throws {
        try assertReads("1 hour, 2 minutes", at: 0) { Text(start.addingTimeInterval(-3725), style: .relative) }
        try assertReads("2 hours, 23 minutes", at: 0) {
            Text(start.addingTimeInterval(2 * 3600 + 23 * 60), style: .relative)
        }
        try assertReads("+2 hours", at: 0) { Text(start.addingTimeInterval(7200), style: .offset) }
        // Seconds count once the minutes are the largest unit: 2:05 ahead, and a second later 2:04.
        try assertReads("2 minutes, 5 seconds", at: 0) { Text(start.addingTimeInterval(125), style: .relative) }
        try assertReads("2 minutes, 4 seconds", at: 12) { Text(start.addingTimeInterval(125), style: .relative) }
    }

    func testDateAndTimeStylesWriteTheDateAndTheTimeAlone() throws {
        try assertReads("January 1, 2026", at: 0) { Text(start, style: .date) }
        try assertReads("9:41\u{202F}AM", at: 0) { Text(start, style: .time) }
    }

    func testATimerIntervalStaysWithinItsRangeAndHoldsAtItsPause() throws {
        let range = start...start.addingTimeInterval(2)
        try assertReads("0:02", at: 0) { Text(timerInterval: range) }
        try assertReads("0:01", at: 10) { Text(timerInterval: range) }
        try assertReads("0:00", at: 40) { Text(timerInterval: range) }
        try assertReads("0:01", at: 10) { Text(timerInterval: range, countsDown: false) }
        let long = start...start.addingTimeInterval(7200)
        try assertReads("1:59:59", at: 10) { Text(timerInterval: long) }
        try assertReads("119:59", at: 10) { Text(timerInterval: long, showsHours: false) }
        try assertReads("1:59:59", at: 40) { Text(timerInterval: long, pauseTime: start.addingTimeInterval(1)) }
    }
}
