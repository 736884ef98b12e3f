import Foundation
import RevealPlayer
import RevealRender
import SwiftUI
import XCTest

/// Counts how often a timeline's content is built.
@MainActor private final class Builds {
    var count = 0
}

/// The timeline's date as seconds after the scene clock's epoch (Thursday 1 January 2026, 09:41 UTC).
private struct Stamp: SwiftUI.View {
    let date: Date
    let builds: Builds
    var body: some SwiftUI.View {
        builds.count += 1
        return Text(String(format: "%.3f", date.timeIntervalSince1970 - 1_767_260_460))
    }
}

/// A 100×100-point screen at 1×, 10 frames a second.
private let screen = ViewScript(width: 100, height: 100, scale: 1, fps: 10, safeArea: Insets())

/// The labels VoiceOver reads at each of `frames`, playing `view` at 10 frames a second for 2 seconds.
@MainActor private func labels(
    at frames: [Int], _ view: @escaping @MainActor () -> any SwiftUI.View
) throws -> [String] {
    var script = screen
    script.until = 2
    var player = ViewPlayer(script: script, view: view)
    var labels: [String] = []
    for frame in 0...frames.max()! {
        try player.skip(frame: frame)
        if frames.contains(frame) { labels.append(try player.currentAccessibility().map(\.label).joined()) }
    }
    return labels
}

/// `TimelineView` on the scene clock: its dates are the epoch plus the frame's time, its content is built
/// at the schedule's entries and at no other time, and a timeline never settles.
final class TimelineViewTests: XCTestCase {
    func testAnAnimationTimelineShowsEachFramesDateAndIsBuiltForEachFrame() throws {
        try MainActor.assumeIsolated {
            let builds = Builds()
            let shown = try labels(at: [0, 3, 13]) {
                TimelineView(.animation) { context in Stamp(date: context.date, builds: builds) }
            }
            XCTAssertEqual(shown, ["0.000", "0.300", "1.300"])
            XCTAssertEqual(builds.count, 14, "one build for each of frames 0 through 13")
        }
    }

    func testAPeriodicTimelineShowsItsLatestEntryAndIsBuiltOnlyAtItsEntries() throws {
        try MainActor.assumeIsolated {
            let builds = Builds()
            // Entries every half second from a second before the scene starts: 0, 0.5, 1, 1.5 in the scene.
            let start = Date(timeIntervalSince1970: 1_767_260_459)
            let shown = try labels(at: [0, 4, 5, 12, 19]) {
                TimelineView(.periodic(from: start, by: 0.5)) { context in Stamp(date: context.date, builds: builds) }
            }
            XCTAssertEqual(shown, ["0.000", "0.000", "0.500", "1.000", "1.500"])
            XCTAssertEqual(builds.count, 4, "built at 0, 0.5, 1 and 1.5 s, not at every frame")
        }
    }

    func testAnExplicitScheduleShowsNowBeforeItsFirstDateAndThenEachDate() throws {
        try MainActor.assumeIsolated {
            let builds = Builds()
            let dates = [0.25, 1.0].map { Date(timeIntervalSince1970: 1_767_260_460 + $0) }
            let shown = try labels(at: [0, 2, 3, 15]) {
                TimelineView(.explicit(dates)) { context in Stamp(date: context.date, builds: builds) }
            }
            XCTAssertEqual(shown, ["0.000", "0.000", "0.250", "1.000"])
        }
    }

    func testAViewWithATimelineAndNoEndRunsForTheForeverLength() throws {
        MainActor.assumeIsolated {
            let player = ViewPlayer(script: screen) {
                TimelineView(.periodic(from: .distantPast, by: 1)) { context in Text("\(context.date)") }
            }
            // Three seconds (`PlayerState.foreverLength`) at 10 frames a second, and the frame at 0.
            XCTAssertEqual(player.frameCount, 31)
        }
    }
}
