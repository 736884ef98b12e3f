import Foundation
import RevealPlayer
import RevealRender
import RevealRenderTesting
import SwiftUI

#if canImport(XCTest)
    import XCTest
#endif
#if canImport(Testing)
    import Testing
#endif

/// What a SwiftUI view shows when played through a script: the frame, what VoiceOver reads and the
/// layout at a time, as `reveal-render swiftui` plays it (frame *i* shows every event with t ≤ i / fps).
public enum ViewCheck {
    /// The frame of `view` at `time` seconds of `script` (a time past the end shows the final state).
    @MainActor public static func frame(
        of view: @escaping @MainActor () -> any SwiftUI.View, script: ViewScript, at time: Double
    ) throws -> Pixmap {
        try frames(of: view, script: script, at: [time])[0]
    }

    /// The frames of `view` at each of `times`, in that order, from one play of `script` that draws every
    /// frame up to the last one asked for, as `reveal-render swiftui` draws a run: the frames a run writes,
    /// whichever of them a test asks for.
    @MainActor public static func frames(
        of view: @escaping @MainActor () -> any SwiftUI.View, script: ViewScript, at times: [Double]
    ) throws -> [Pixmap] {
        var player = ViewPlayer(script: script, view: view)
        let clock = FrameClock(fps: script.fps)
        let indices = try times.map { try clock.frameIndex(at: $0) }
        guard let last = indices.max() else { return [] }
        var drawn: [Int: Pixmap] = [:]
        let wanted = Set(indices)
        for index in 0...last {
            let frame = try player.render(frame: index)
            if wanted.contains(index) { drawn[index] = frame }
        }
        return indices.compactMap { drawn[$0] }
    }

    /// What VoiceOver reads in `view` after the events of `script` up to `time`.
    @MainActor public static func accessibility(
        of view: @escaping @MainActor () -> any SwiftUI.View, script: ViewScript, at time: Double
    ) throws -> [AccessibilityElement] {
        try ViewPlayer(script: script, view: view).accessibilityElements(at: time)
    }

    /// Every view of `view` laid out after the events of `script` up to `time`, as `reveal-render layout`
    /// lists them: what each is and its frame in screen points.
    @MainActor public static func layout(
        of view: @escaping @MainActor () -> any SwiftUI.View, script: ViewScript, at time: Double
    ) throws -> [LaidOutView] {
        try ViewPlayer(script: script, view: view).layout(at: time)
    }
}

/// Why a check could not run.
public struct ViewCheckError: Error, CustomStringConvertible {
    public let description: String
}

/// Runs `body` on the main actor from the main thread, where XCTest runs synchronous tests (it cannot
/// call a `@MainActor` test method); elsewhere, an error rather than a trap.
func onMainActor<T: Sendable>(_ body: @MainActor () throws -> T) throws -> T {
    guard Thread.isMainThread else {
        throw ViewCheckError(
            description:
                "a view check runs the view's code on the main actor: call it from the main thread (XCTest's synchronous tests run there) or from @MainActor code"
        )
    }
    return try MainActor.assumeIsolated(body)
}

#if canImport(XCTest)
    /// Fails the test unless the frame of `view` at `time` seconds of `script` matches the golden image
    /// `name`: `assertGolden` over a SwiftUI view, with the same goldens, record modes and artifacts.
    /// Throws when the script cannot be played (a tap on a label nothing has). Call it from the test's
    /// thread (the main thread): XCTest on Linux cannot run `@MainActor` test methods.
    @discardableResult
    public func assertGolden<V: SwiftUI.View>(
        of view: @autoclosure @escaping @MainActor () -> V, script: ViewScript = ViewScript(), at time: Double = 0,
        named name: String, options: ComparisonOptions = .init(), directory: String? = nil,
        settings: GoldenSettings? = nil, file: StaticString = #filePath, function: StaticString = #function,
        line: UInt = #line
    ) throws -> GoldenResult {
        let pixmap = try onMainActor { try ViewCheck.frame(of: view, script: script, at: time) }
        return assertGolden(
            pixmap, named: name, options: options, directory: directory, settings: settings, file: file,
            function: function, line: line)
    }

    /// Fails the test unless what VoiceOver reads in `view` after the events of `script` up to `time`
    /// equals the accessibility golden `name`. Called as `assertGolden(of:)` is.
    @discardableResult
    public func assertAccessibility<V: SwiftUI.View>(
        of view: @autoclosure @escaping @MainActor () -> V, script: ViewScript = ViewScript(), at time: Double = 0,
        named name: String, directory: String? = nil, settings: GoldenSettings? = nil,
        file: StaticString = #filePath, function: StaticString = #function, line: UInt = #line
    ) throws -> GoldenResult {
        let elements = try onMainActor { try ViewCheck.accessibility(of: view, script: script, at: time) }
        return assertAccessibility(
            elements, named: name, directory: directory, settings: settings, file: file, function: function,
            line: line)
    }
#endif

#if canImport(Testing)
    /// Records an issue unless the frame of `view` at `time` seconds of `script` matches the golden image
    /// `name`: `expectGolden` over a SwiftUI view, for `@Test` functions.
    @MainActor @discardableResult
    public func expectGolden<V: SwiftUI.View>(
        of view: @autoclosure @escaping @MainActor () -> V, script: ViewScript = ViewScript(), at time: Double = 0,
        named name: String, options: ComparisonOptions = .init(), directory: String? = nil,
        settings: GoldenSettings? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> GoldenResult {
        let pixmap = try ViewCheck.frame(of: view, script: script, at: time)
        return expectGolden(
            pixmap, named: name, options: options, directory: directory, settings: settings,
            sourceLocation: sourceLocation)
    }

    /// Records an issue unless what VoiceOver reads in `view` after the events of `script` up to `time`
    /// equals the accessibility golden `name`, for `@Test` functions.
    @MainActor @discardableResult
    public func expectAccessibility<V: SwiftUI.View>(
        of view: @autoclosure @escaping @MainActor () -> V, script: ViewScript = ViewScript(), at time: Double = 0,
        named name: String, directory: String? = nil, settings: GoldenSettings? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> GoldenResult {
        let elements = try ViewCheck.accessibility(of: view, script: script, at: time)
        return expectAccessibility(
            elements, named: name, directory: directory, settings: settings, sourceLocation: sourceLocation)
    }
#endif
