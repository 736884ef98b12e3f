import RevealRender
import SwiftUI

/// Why a script could not be played: a tap or a VoiceOver action found nothing to act on.
public struct ViewScriptError: Error, Equatable, CustomStringConvertible {
    public let description: String
}

/// Why the view's code was stopped: it went past a budget (`ViewScript.jobsPerFrame`).
public struct ViewCodeError: Error, Equatable, CustomStringConvertible {
    public let description: String
}

/// What of the view's code the player is about to run, for a watchdog that names what never returned.
public enum PlayerActivity: Sendable, CustomStringConvertible {
    /// Handling a script event, named as in a crash report ("tap on \"Add\" at t = 0.5 s"): its handlers run.
    case event(String)
    /// Running a job the view's code scheduled (a task's step, main-queue work, an animation's completion)
    /// due at this scene time.
    case scheduledJob(at: Double)
    /// Evaluating bodies and laying the view out at this scene time (`onAppear` and `onChange` run then too).
    case evaluation(at: Double)
    /// Drawing the frame at this scene time (a canvas, a shape's path, a geometry reader's content run then).
    case drawing(at: Double)

    public var description: String {
        switch self {
        case .event(let event): return "handling \(event)"
        case .scheduledJob(let t): return "running a task or scheduled work at t = \(formatNumber(t)) s"
        case .evaluation(let t): return "evaluating the view at t = \(formatNumber(t)) s"
        case .drawing(let t): return "drawing the frame at t = \(formatNumber(t)) s"
        }
    }
}

/// A SwiftUI view played through a script: frame *i* shows the view after every event with t ≤ i / fps,
/// laid out, drawn and read by the engine. Events are handled in time order; before each, the view is
/// evaluated again if a state changed, so touches land on what is on screen.
public struct ViewPlayer: FrameSequence {
    private let state: PlayerState
    public let pixelWidth: Int
    public let pixelHeight: Int
    public let scale: Double
    public let fps: Double
    public let frameCount: Int
    /// Whether each frame is drawn whole, rather than from the frame before (`ScreenRenderer`): the same
    /// pixels, a check on the incremental drawing.
    public var redrawsWholeFrames = false
    /// Whether every frame evaluates every body and lays the view out again, as if every state had changed:
    /// what a frame costs at worst (`reveal-render swiftui --reevaluate`, timed by `Scripts/bench`).
    public var reevaluatesEveryFrame = false

    /// Plays `view` (built on the main actor) through `script`, with `hold` seconds of still frames after it.
    /// `onActivity` is told what of the view's code is about to run (each event, each scheduled job, each
    /// evaluation and drawing), in the dry run that finds the end too.
    @MainActor public init(
        script: ViewScript, hold: Double = 0, fonts: FontFiles = .inter,
        onActivity: ((PlayerActivity) -> Void)? = nil,
        view: @escaping @MainActor () -> any SwiftUI.View
    ) {
        let played = PlayerState.dryRun(of: script, fonts: fonts, onActivity: onActivity, view)
        var script = script
        if let fitted = played.fitted {
            // The layout `sizeThatFits`: the screen is the view's ideal size, the largest it took.
            script.width = fitted.width
            script.height = fitted.height
        }
        state = PlayerState(script: script, fonts: fonts, view: view)
        state.onActivity = onActivity
        scale = script.scale
        fps = script.fps
        pixelWidth = PixelSize.pixels(script.width * script.scale)
        pixelHeight = PixelSize.pixels(script.height * script.scale)
        frameCount = FrameClock(fps: script.fps).frameCount(through: played.end + hold)
    }

    public var summary: [(String, FrameMetadata)] { [] }

    public mutating func render(frame index: Int) throws -> Pixmap {
        let state = state
        let time = FrameClock(fps: fps).time(ofFrame: index)
        let whole = redrawsWholeFrames
        let reevaluate = reevaluatesEveryFrame
        return try MainActor.assumeIsolated {
            if reevaluate { state.graph.invalidate() }
            return try state.render(at: time, whole: whole)
        }
    }

    /// The frame `render(frame:)` drew last, drawn again whole from the same layout: a check on the
    /// incremental drawing that plays the script once.
    public func renderedWhole() throws -> Pixmap {
        let state = state
        return try MainActor.assumeIsolated { try state.layout().render() }
    }

    /// The boxes the last `render(frame:)` drew again; every other pixel is as in the frame before it.
    public var changedBoxes: [(x: Int, y: Int, width: Int, height: Int)] {
        let state = state
        return MainActor.assumeIsolated { state.renderer.changedAreas }
    }

    /// Nothing beyond the frame's index and time: what VoiceOver reads comes from `currentAccessibility()`.
    public func metadata(frame index: Int) -> [(String, FrameMetadata)] { [] }

    public func frame(_ index: Int, looksLike other: Int) -> Bool { false }

    /// What VoiceOver reads in the frame rendered last.
    @MainActor public func currentAccessibility() throws -> [AccessibilityElement] {
        try state.layout().accessibilityElements
    }

    /// Plays the view up to frame `index` as `render(frame:)` does, without drawing it.
    public mutating func skip(frame index: Int) throws {
        let state = state
        let time = FrameClock(fps: fps).time(ofFrame: index)
        try MainActor.assumeIsolated {
            try state.advance(to: time)
            state.graph.time = time
            _ = try state.layout()
        }
    }

    /// Every view laid out after the events up to `time`, as `reveal-render layout` lists them.
    @MainActor public func layout(at time: Double) throws -> [LaidOutView] {
        try state.advance(to: time)
        state.graph.time = time
        return try state.layout().laidOutViews
    }

    /// What VoiceOver reads after the events up to `time`.
    @MainActor public func accessibilityElements(at time: Double) throws -> [AccessibilityElement] {
        try state.advance(to: time)
        return try state.layout().accessibilityElements
    }
}

/// The player's working state, on the main actor: the graph, the last layout, the fingers down.
@MainActor final class PlayerState {
    private let script: ViewScript
    private let fonts: FontFiles
    let graph: ViewGraph
    /// The time of the last evaluation.
    private var evaluated = -Double.infinity
    private let events: [(t: Double, event: ScriptEvent)]
    private var next = 0
    private var screen: ViewScreen?
    /// Whether each evaluation measures the view's ideal size (a dry run for the layout `sizeThatFits`).
    var measuresIdealSize = false
    /// The largest ideal size measured, on each axis.
    private(set) var largestIdealSize: Size?
    /// Draws each frame from the one before: what changed, not the whole screen.
    private(set) var renderer = ScreenRenderer()
    /// What each finger down touches: the target that took it, and the simultaneous ones along with it.
    private var fingers: [Int: [ActiveTouch]] = [:]
    var onActivity: ((PlayerActivity) -> Void)?
    /// The jobs run so far for the frame at `jobsFrame` (the first frame at or after their time).
    private var jobsRun = 0
    private var jobsFrame = -Double.infinity

    /// A finger down on a target: where it went down, in the target's coordinates' origin.
    private struct ActiveTouch {
        var anchor: Int
        var target: TouchTarget
        var frame: Rect
        var start: Point
        var began: Bool
        var last: Point
    }

    init(script: ViewScript, fonts: FontFiles, view: @escaping @MainActor () -> any SwiftUI.View) {
        self.script = script
        self.fonts = fonts
        var environment = EnvironmentValues()
        environment.accessibilityReduceMotion = script.reduceMotion
        environment.colorScheme = script.appearance == .dark ? .dark : .light
        environment.displayScale = CGFloat(script.scale)
        graph = ViewGraph(environment: environment, root: view)
        graph.screenSize = Size(width: script.width, height: script.height)
        graph.safeArea = script.safeArea
        graph.storage = StoredValues(seeds: script.storage.mapValues(\.value))
        events = script.events
    }

    func render(at time: Double, whole: Bool = false) throws -> Pixmap {
        try advance(to: time)
        graph.time = time
        onActivity?(.drawing(at: time))
        return whole ? try layout().render() : try renderer.render(try layout())
    }

    /// When the script is over: at `until`, else once the last event is handled and every animation has
    /// settled. Found by playing the script once without drawing (the view's code runs on the same clock,
    /// so it does the same again).
    static func dryRun(
        of script: ViewScript, fonts: FontFiles, onActivity: ((PlayerActivity) -> Void)?,
        _ view: @escaping @MainActor () -> any SwiftUI.View
    ) -> (end: Double, fitted: (width: Double, height: Double)?) {
        let fits = script.layout == .sizeThatFits
        if let until = script.until, !fits { return (until, nil) }
        let last = min(script.lastEventTime, script.until ?? .infinity)
        let dry = PlayerState(script: script, fonts: fonts, view: view)
        dry.onActivity = onActivity
        dry.measuresIdealSize = fits
        var end = last
        // The smallest whole-pixel frame that holds every ideal size the view took (a view of no size: one pixel).
        func fitted() -> (width: Double, height: Double)? {
            guard fits else { return nil }
            let ideal = dry.largestIdealSize ?? Size(width: script.width, height: script.height)
            let side = { (length: Double) in
                Double(max(PixelSize.pixels((length * script.scale).rounded(.up)), 1)) / script.scale
            }
            return (side(ideal.width), side(ideal.height))
        }
        do {
            try dry.advance(to: last)
            dry.graph.time = last
            _ = try dry.layout()
            if let until = script.until { return (until, fitted()) }
            // What the view scheduled plays out too (a completion that starts another animation, a task's
            // sleeps). What is still scheduled after `maxScheduledRounds` rounds, or past `maxScheduledLength`,
            // never settles (a task that ticks for ever).
            var rounds = 0
            while true {
                // The last time the view changed: a scheduled action that changes nothing (a cancelled task's
                // sleep ending) does not make the run longer.
                end = max(end, dry.evaluated, dry.graph.animationsEnd)
                guard end.isFinite, let timer = dry.graph.nextTimer, timer.isFinite else { break }
                rounds += 1
                guard rounds <= PlayerState.maxScheduledRounds, timer <= last + PlayerState.maxScheduledLength
                else { return (last + PlayerState.foreverLength, fitted()) }
                try dry.advance(to: timer)
                _ = try dry.layout()
            }
        } catch {
            // The drawn run meets the same error and reports it.
            return (script.until ?? last, fitted())
        }
        end = max(end, dry.evaluated, dry.graph.animationsEnd)
        // An animation that repeats for ever never settles: without `until`, the run shows it for this long.
        return (end.isFinite ? end : last + PlayerState.foreverLength, fitted())
    }

    /// Handles every event, and runs every action the view scheduled (an animation's completion), up to
    /// `time`, in time order (an event before an action due at the same time). A state changed by one is
    /// evaluated at its time, as SwiftUI updates the view after each event, so an `onChange` it sets off
    /// runs then, whichever frame is drawn next.
    func advance(to time: Double) throws {
        try graph.running {
            if screen == nil {
                // The view appears at t = 0, whichever frame is asked for first: its onAppear runs then.
                graph.time = 0
                _ = try layout()
            }
            while true {
                let event = next < events.count ? events[next].t : .infinity
                let timer = graph.nextTimer ?? .infinity
                guard min(event, timer) <= time + FrameClock.tolerance else { return }
                if timer < event {
                    try countJob(at: timer)
                    onActivity?(.scheduledJob(at: timer))
                    graph.runNextTimer()
                } else {
                    onActivity?(.event("\(events[next].event) at t = \(formatNumber(events[next].t)) s"))
                    graph.time = events[next].t
                    try handle(events[next].event)
                    next += 1
                }
                if graph.needsEvaluation { _ = try layout() }
            }
        }
    }

    /// Counts a scheduled job due at `time` against the budget of the frame it comes before: work that
    /// schedules more work at once for ever (a zero-delay `DispatchQueue.main.async` chain, a task that
    /// yields in a loop) never lets the scene's clock reach that frame, and ends here with a named error.
    private func countJob(at time: Double) throws {
        let frame = (time * script.fps - FrameClock.tolerance * script.fps).rounded(.up)
        if frame != jobsFrame {
            jobsFrame = frame
            jobsRun = 0
        }
        jobsRun += 1
        guard jobsRun <= script.jobsPerFrame else {
            throw ViewCodeError(
                description:
                    "the view's code scheduled work without end: \(script.jobsPerFrame) jobs (task steps, DispatchQueue.main work) ran at t = \(formatNumber(time)) s without reaching the next frame; raise the budget with the script's jobsPerFrame or --jobs-per-frame"
            )
        }
    }

    /// The view as it is now, evaluated again if a state changed since the last layout.
    /// A body that writes state every time it is evaluated would be evaluated for ever: after this many
    /// evaluations in a row at one time, the player stops with an error.
    static let maxEvaluations = 100
    /// How long past the last event a run of a view that animates for ever lasts when the script gives
    /// no `until`.
    static let foreverLength = 3.0
    /// How many rounds of scheduled actions, and how many seconds past the last event, a run plays out to find
    /// when the view settles.
    static let maxScheduledRounds = 1000
    static let maxScheduledLength = 60.0

    /// The view as it is now: evaluated again when a state changed since the last layout, or while an
    /// animation that was running then is still to be shown.
    func layout() throws -> ViewScreen {
        try graph.running {
            var count = 0
            while screen == nil || graph.needsEvaluation || (graph.isAnimating && graph.time > evaluated) {
                count += 1
                guard count <= PlayerState.maxEvaluations else {
                    throw ViewScriptError(
                        description:
                            "the view's state never settles: its body was evaluated \(PlayerState.maxEvaluations) times at t = \(formatNumber(graph.time)) s and changed state each time (a state write in body?)"
                    )
                }
                onActivity?(.evaluation(at: graph.time))
                graph.beginEvaluation()
                let root = graph.evaluateRoot()
                if measuresIdealSize {
                    let ideal = try ViewScreen.idealSize(of: root, scale: script.scale, fonts: fonts)
                    largestIdealSize = Size(
                        width: max(largestIdealSize?.width ?? 0, ideal.width),
                        height: max(largestIdealSize?.height ?? 0, ideal.height))
                }
                let laid = try ViewScreen(
                    root, width: script.width, height: script.height, safeArea: script.safeArea,
                    ignoresSafeArea: graph.rootIgnoresSafeArea, scale: script.scale, fonts: fonts,
                    background: graph.rootBackground ?? (graph.environment.colorScheme == .dark ? .black : .white))
                graph.endEvaluation()
                // What the frames just laid out feed back (matched geometry, code reading its geometry, scroll
                // positions) evaluates again at once when it changes something.
                graph.laidOut { laid.anchors }
                // A preferred color scheme is the whole screen's: evaluated again from the root in it.
                let scheme = graph.preferredColorScheme ?? (script.appearance == .dark ? .dark : .light)
                if scheme != graph.environment.colorScheme {
                    graph.environment.colorScheme = scheme
                    graph.invalidate()
                }
                screen = laid
                evaluated = graph.time
                // onAppear, onDisappear and onChange run after the evaluation that found them, before the frame
                // is drawn; what they change is evaluated again at the same time.
                _ = graph.runPendingActions()
            }
            return screen!
        }
    }

    private func handle(_ event: ScriptEvent) throws {
        switch event {
        case .touch(let finger, .down, let point):
            touchDown(finger, at: point, in: try layout())
        case .touch(let finger, .moved, let point):
            touchMoved(finger, to: point)
        case .touch(let finger, .up, let point):
            touchUp(finger, at: point)
        case .tap(let target, let index):
            let screen = try layout()
            let point: Point
            switch target {
            case .point(let x, let y):
                point = Point(x: x, y: y)
            case .label(let label):
                guard let element = screen.accessibilityElements.first(where: { $0.label == label }) else {
                    throw ViewScriptError(
                        description:
                            "taps[\(index)]: no element VoiceOver reads is labelled \(jsonQuoted(label)) to tap at t = \(formatNumber(graph.time)) s; "
                            + PlayerState.labelsOnScreen(screen.accessibilityElements))
                }
                point = Point(
                    x: element.frame.x + element.frame.width / 2, y: element.frame.y + element.frame.height / 2)
            }
            let finger = -1
            touchDown(finger, at: point, in: screen)
            touchUp(finger, at: point)
        case .accessibility(let label, let action, let index):
            try perform(action, on: label, in: try layout(), index: index)
        case .type(let character, let field, let index):
            _ = try layout()
            guard graph.typeText(String(character), into: field) else {
                let names = graph.textInputs.flatMap(\.names).map { jsonQuoted($0) }
                throw ViewScriptError(
                    description:
                        "typing[\(index)]: no text field is labelled \(jsonQuoted(field)) or shows it as its placeholder at t = \(formatNumber(graph.time)) s; "
                        + (names.isEmpty
                            ? "there is no text field there" : "the fields there: " + names.joined(separator: ", ")))
            }
        }
    }

    /// The topmost target under `point` (the last met in the tree: inner views after the views around them,
    /// later siblings after earlier ones), and every simultaneous target under it.
    private func touchDown(_ finger: Int, at point: Point, in screen: ViewScreen) {
        let anchors = screen.anchors
        var taken = false
        // Scroll views take a touch along with the buttons and taps inside them (when no gesture inside took
        // it): the one that first follows the finger along its axes keeps it, the innermost first, as UIKit's
        // nested scroll views share a pan (a horizontal strip in a vertical feed).
        var scrollMayTake = true
        var touches: [ActiveTouch] = []
        for (anchor, target, simultaneous, clips) in graph.targets.reversed() {
            guard let frame = anchors[anchor], frame.contains(point) else { continue }
            // A view scrolled out of its scroll view's viewport is not there to touch.
            guard clips.allSatisfy({ anchors[$0]?.contains(point) ?? true }) else { continue }
            if case .scroll(let state) = target {
                guard scrollMayTake else { continue }
                state.touchDown(at: point, time: graph.time)
                touches.append(
                    ActiveTouch(anchor: anchor, target: target, frame: frame, start: point, began: false, last: point))
                continue
            }
            guard simultaneous || !taken else { continue }
            if case .gesture = target { scrollMayTake = false }
            taken = taken || !simultaneous
            let touch = ActiveTouch(
                anchor: anchor, target: target, frame: frame, start: point, began: false, last: point)
            switch target {
            case .gesture(let machine):
                // A second finger on the view reaches the same gesture: a magnify or rotate makes its pair.
                machine.hear(.down(gestureTouch(finger, at: point, in: frame)))
            case .longPress(let recognizer):
                recognizer.touchDown(in: graph)
            case .button, .tap, .scroll:
                break
            }
            touches.append(touch)
        }
        if !touches.isEmpty { fingers[finger] = touches }
    }

    private func touchMoved(_ finger: Int, to point: Point) {
        guard var touches = fingers[finger] else { return }
        var scrolling = touches.firstIndex { if case .scroll = $0.target { $0.began } else { false } }
        for index in touches.indices {
            touches[index].last = point
            let touch = touches[index]
            let distance = hypot(point.x - touch.start.x, point.y - touch.start.y)
            switch touch.target {
            case .gesture(let machine):
                machine.hear(.moved(gestureTouch(finger, at: point, in: touch.frame)))
            case .longPress(let recognizer):
                recognizer.touchMoved(distance: distance)
            case .scroll(let state):
                guard scrolling == nil || scrolling == index else { continue }
                if state.touchMoved(to: point, time: graph.time) {
                    touches[index].began = true
                    scrolling = index
                }
            case .button, .tap:
                break
            }
        }
        // Once a scroll view follows the finger, the buttons and taps under it and the other scroll views let go
        // (a long press has already given up: the finger moved too far).
        if let scrolling {
            let kept = touches[scrolling].anchor
            touches.removeAll {
                switch $0.target {
                case .button, .tap: return true
                case .scroll(let state):
                    guard $0.anchor != kept else { return false }
                    state.touchUp(at: point, time: graph.time)
                    return true
                case .gesture, .longPress: return false
                }
            }
        }
        fingers[finger] = touches
    }

    private func touchUp(_ finger: Int, at point: Point) {
        guard let touches = fingers.removeValue(forKey: finger) else { return }
        for touch in touches {
            switch touch.target {
            case .gesture(let machine):
                machine.hear(.up(gestureTouch(finger, at: point, in: touch.frame)))
            case .button(let action):
                // A button acts on touch-up inside its frame.
                if touch.frame.contains(point) { action() }
            case .longPress(let recognizer):
                recognizer.touchUp()
            case .scroll(let state):
                state.touchUp(at: point, time: graph.time)
            case .tap(let recognizer):
                recognizer.touchUp(
                    at: graph.time, inside: touch.frame.contains(point),
                    moved: hypot(point.x - touch.start.x, point.y - touch.start.y))
            }
        }
    }

    /// Finger `finger` at `point` on a gesture's view at `frame`, as the gesture hears it.
    private func gestureTouch(_ finger: Int, at point: Point, in frame: Rect) -> GestureTouch {
        GestureTouch(
            finger: finger, point: CGPoint(x: point.x, y: point.y),
            frame: CGRect(x: frame.x, y: frame.y, width: frame.width, height: frame.height))
    }

    /// The labels of `elements`, for an error that names one that is not there: `the labels there are "Add",
    /// "Count 0"` (the first 20).
    static func labelsOnScreen(_ elements: [AccessibilityElement]) -> String {
        var labels: [String] = []
        for element in elements where !element.label.isEmpty && !labels.contains(element.label) {
            labels.append(element.label)
        }
        guard !labels.isEmpty else { return "nothing on screen has a label" }
        let shown = labels.prefix(20).map { jsonQuoted($0) }.joined(separator: ", ")
        return "the labels there are " + shown + (labels.count > 20 ? " and \(labels.count - 20) more" : "")
    }

    private func perform(_ action: String, on label: String, in screen: ViewScreen, index: Int) throws {
        guard
            let element = screen.accessibilityElements.first(where: {
                $0.label == label && $0.actions.contains(action)
            })
        else {
            throw ViewScriptError(
                description:
                    "accessibility[\(index)]: no element labelled \(jsonQuoted(label)) has the action \(jsonQuoted(action)) at t = \(formatNumber(graph.time)) s; "
                    + PlayerState.labelsOnScreen(screen.accessibilityElements.filter { $0.actions.contains(action) })
            )
        }
        let anchors = screen.anchors
        if let handler = graph.accessibilityActions.first(where: { anchors[$0.key] == element.frame })?.value {
            handler()
        } else if case .button(let run)? = graph.targets.first(where: { anchors[$0.anchor] == element.frame })?.target {
            run()
        }
    }
}

extension Rect {
    func contains(_ point: Point) -> Bool {
        point.x >= x && point.x <= x + width && point.y >= y && point.y <= y + height
    }
}
