/// What the user does to a view over time, read from a script file (`reveal-render swiftui --script`), and the screen it is on: a script's `width`, `height`,
/// `scale`, `fps`, safe area, Reduce Motion, touches, taps and VoiceOver actions. Points are in screen
/// points; times in seconds from the start.
///
///     {"width": 393, "height": 852, "scale": 3, "fps": 60, "safeArea": "phone", "reduceMotion": false,
///      "touches": [{"points": [[x, y, t], …]}], "taps": [{"t": 2, "label": "Try again"}, {"t": 3, "at": [x, y]}],
///      "accessibility": [{"t": 1, "label": "Scratch card", "action": "activate"}], "until": 6.5}
public struct ViewScript: Equatable, Sendable {
    /// One finger: down at its first point, through the others, up at its last.
    public struct Touch: Equatable, Sendable {
        /// The finger's samples in time order, in screen points.
        public var points: [TouchSample]
        /// A finger through `points`.
        public init(points: [TouchSample]) { self.points = points }
    }

    /// A finger down and up at one time, at a point or on the element with an accessibility label.
    public struct Tap: Equatable, Sendable {
        /// Where a tap lands.
        public enum Target: Equatable, Sendable {
            /// At a point on the screen, in points.
            case point(x: Double, y: Double)
            /// At the centre of the first element VoiceOver reads with this label.
            case label(String)
        }
        /// When, in seconds.
        public var t: Double
        /// Where.
        public var target: Target
        /// A tap at `t` seconds on `target`.
        public init(t: Double, target: Target) {
            self.t = t
            self.target = target
        }
    }

    /// VoiceOver performing an action ("activate") on the element with a label.
    public struct AccessibilityAction: Equatable, Sendable {
        /// When, in seconds.
        public var t: Double
        /// The element's label.
        public var label: String
        /// The action's name: "activate" (a double tap) is the one there is.
        public var action: String
        /// VoiceOver performing `action` on `label` at `t` seconds.
        public init(t: Double, label: String, action: String = "activate") {
            self.t = t
            self.label = label
            self.action = action
        }
    }

    /// The screen's width in points.
    public var width: Double
    /// The screen's height in points.
    public var height: Double
    /// Pixels per point.
    public var scale: Double
    /// Frames per second.
    public var fps: Double
    /// Room the system keeps at the screen's edges; a root view that ignores it is laid out on the whole screen.
    public var safeArea: Insets
    /// As with the system's Reduce Motion setting on.
    public var reduceMotion: Bool
    /// Light or dark mode: the screen's background and the colors that adapt to it (a view's
    /// `preferredColorScheme` wins).
    public var appearance: Appearance = .light
    /// The fingers, each down to up.
    public var touches: [Touch]
    /// Taps, by point or by label.
    public var taps: [Tap]
    /// VoiceOver actions.
    public var accessibility: [AccessibilityAction]
    /// Where the sequence ends at the latest; nil: once the last event is handled.
    public var until: Double?
    /// How long one piece of the view's code (an event's handler, a body, a task's step, a frame) may run, in
    /// seconds of CPU time, before the run ends with an error naming it (`reveal-render swiftui`, whose child
    /// process can be stopped; waiting counts too, at three times the budget in wall-clock time).
    public var timeBudget: Double = ViewScript.defaultTimeBudget
    /// How many scheduled jobs (a task's steps, `DispatchQueue.main` work, an animation's completion) may run
    /// between two frames before the run ends with an error: work scheduled without end never reaches the next
    /// frame.
    public var jobsPerFrame: Int = ViewScript.defaultJobsPerFrame

    /// Ten seconds: honest code returns in milliseconds, and a loaded CI machine still far sooner than this.
    public static let defaultTimeBudget = 10.0
    /// A hundred thousand: a list of thousands of rows each starting a task stays far below it.
    public static let defaultJobsPerFrame = 100_000
    /// The time budgets a script or the command line may set: a millisecond to a day of CPU time.
    public static let timeBudgets = 0.001...86_400.0
    /// The job budgets a script or the command line may set: one job to a billion.
    public static let jobBudgets = 1...1_000_000_000

    /// A script on a 393×852-point phone at 3×, 60 fps, with the phone's safe area, and nothing happening.
    public init(
        width: Double = 393, height: Double = 852, scale: Double = 3, fps: Double = 60,
        safeArea: Insets = Screen.phoneSafeArea, reduceMotion: Bool = false, touches: [Touch] = [],
        taps: [Tap] = [], accessibility: [AccessibilityAction] = [], until: Double? = nil
    ) {
        self.width = width
        self.height = height
        self.scale = scale
        self.fps = fps
        self.safeArea = safeArea
        self.reduceMotion = reduceMotion
        self.touches = touches
        self.taps = taps
        self.accessibility = accessibility
        self.until = until
    }

    /// The system's appearance setting.
    public enum Appearance: String, Equatable, Sendable, CaseIterable {
        /// Light mode, the default.
        case light
        /// Dark mode.
        case dark
    }

    /// The time of the last event, or 0.
    public var lastEventTime: Double {
        let times = touches.compactMap { $0.points.last?.t } + taps.map(\.t) + accessibility.map(\.t)
        return times.max() ?? 0
    }
}
