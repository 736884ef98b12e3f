import RevealCore
import RevealLayout
import RevealOutput
import RevealRaster
import RevealText

/// What the user does to a view over time, read from a script file (`reveal-render swiftui --script`), and the screen it is on: a script's `width`, `height`,
/// `scale`, `fps`, safe area, Reduce Motion, touches, taps and VoiceOver actions. Points are in screen
/// points; times in seconds from the start.
///
///     {"width": 393, "height": 852, "scale": 3, "fps": 60, "safeArea": "phone", "reduceMotion": false,
///      "touches": [{"points": [[x, y, t], …]}], "taps": [{"t": 2, "label": "Try again"}, {"t": 3, "at": [x, y]}],
///      "accessibility": [{"t": 1, "label": "Scratch card", "action": "activate"}],
///      "typing": [{"t": 3, "text": "Hello", "into": "Email"}], "until": 6.5}
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

    /// Text typed into a text field found by its label or placeholder, a character at a time from `t`.
    public struct Typing: Equatable, Sendable {
        /// When the first character is typed, in seconds.
        public var t: Double
        /// What is typed.
        public var text: String
        /// The field's label or placeholder.
        public var into: String
        /// Seconds between characters: 0.1, a brisk typist's ten a second.
        public static let characterInterval = 0.1
        /// `text` typed into the field `into` from `t` seconds.
        public init(t: Double, text: String, into: String) {
            self.t = t
            self.text = text
            self.into = into
        }
        /// When the last character is typed.
        public var end: Double { t + Double(max(text.count - 1, 0)) * Typing.characterInterval }
    }

    /// How the frame is sized: the view's ideal size, a fixed size or a device's screen.
    public var layout: Layout
    /// The screen's width in points (for `sizeThatFits`, the screen a run's first pass lays the view out on).
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
    /// Text typed into fields (no keyboard is drawn).
    public var typing: [Typing] = []
    /// Where the sequence ends at the latest; nil: once the last event is handled.
    public var until: Double?
    /// The values `@AppStorage` and `@SceneStorage` start from, by key (the run keeps them in memory).
    public var storage: [String: Stored] = [:]

    /// A stored value as a script gives it.
    public enum Stored: Equatable, Sendable {
        /// `true` or `false`.
        case bool(Bool)
        /// A number, read as an `Int` or a `Double` as the property is.
        case number(Double)
        /// A string, or an enum's raw value.
        case string(String)

        /// The value as Swift holds it: a `Bool`, a `Double` or a `String`.
        public var value: Any {
            switch self {
            case .bool(let b): return b
            case .number(let n): return n
            case .string(let s): return s
            }
        }
    }
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

    /// A script whose frame is sized by `layout` (by default the view's ideal size, as a component's golden
    /// wants it), at `scale` pixels per point (by default the device's, else 2) and `fps`, with nothing
    /// happening unless events are given.
    public init(
        layout: Layout = .sizeThatFits, scale: Double? = nil, fps: Double = 60, reduceMotion: Bool = false,
        touches: [Touch] = [], taps: [Tap] = [], accessibility: [AccessibilityAction] = [], until: Double? = nil
    ) {
        let device = Device.iPhone16
        self.init(
            width: device.width, height: device.height, scale: scale ?? 2, fps: fps, safeArea: Insets(),
            reduceMotion: reduceMotion, touches: touches, taps: taps, accessibility: accessibility, until: until)
        use(layout, scale: scale)
    }

    /// Sizes the frame by `layout`: a fixed size drops the safe area, a device brings its size, safe area and
    /// scale (unless `scale` is given).
    public mutating func use(_ layout: Layout, scale: Double? = nil) {
        self.layout = layout
        switch layout {
        case .sizeThatFits:
            safeArea = Insets()
        case .fixed(let width, let height):
            self.width = width
            self.height = height
            safeArea = Insets()
        case .device(let device):
            width = device.width
            height = device.height
            safeArea = device.safeArea
            self.scale = device.scale
        }
        if let scale { self.scale = scale }
    }

    /// A script on a `width`×`height`-point screen inside `safeArea` (by default a phone's), at `scale` pixels
    /// per point and `fps`: the layout `fixed(width:height:)` with a safe area of its own.
    public init(
        width: Double, height: Double, scale: Double = 3, fps: Double = 60,
        safeArea: Insets = Screen.phoneSafeArea, reduceMotion: Bool = false, touches: [Touch] = [],
        taps: [Tap] = [], accessibility: [AccessibilityAction] = [], until: Double? = nil
    ) {
        self.layout = .fixed(width: width, height: height)
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

    /// How a frame is sized, as swift-snapshot-testing's `SwiftUISnapshotLayout` names the choices.
    public enum Layout: Equatable, Sendable {
        /// The view's ideal size: offered nothing on either axis (SwiftUI's `.unspecified` proposal), with no
        /// safe area; the largest it takes while the script plays, rounded up to whole pixels.
        case sizeThatFits
        /// A `width`×`height`-point frame, with no safe area unless the script gives one.
        case fixed(width: Double, height: Double)
        /// A device's screen: its size, scale and safe area.
        case device(Device)
    }

    /// The layout `text` names, as `--layout` and a script's `layout` give it: `sizeThatFits`, `WxH` in points
    /// (`320x480`), `device` (our default phone) or a device's name (`"iPhone 16 Pro"`); nil when it names none.
    public static func layout(named text: String) -> Layout? {
        if text == "sizeThatFits" { return .sizeThatFits }
        if text == "device" { return .device(.iPhone16) }
        if let device = Device.named(text) { return .device(device) }
        let sides = text.split(separator: "x", omittingEmptySubsequences: false)
        guard sides.count == 2, let width = Double(sides[0]), let height = Double(sides[1]),
            width > 0, height > 0, width <= SceneLimits.maxCoordinate, height <= SceneLimits.maxCoordinate
        else { return nil }
        return .fixed(width: width, height: height)
    }

    /// What `layout(named:)` accepts, for error messages.
    public static let layoutNames =
        "sizeThatFits, WxH in points (320x480), device, or a device: "
        + Device.presets.map { "\"\($0.name)\"" }.joined(separator: ", ")

    /// A device's screen in portrait: its size in points and scale from Apple's Human Interface Guidelines
    /// ("Layout", Specifications: device screen dimensions), and the safe area UIKit reports on it
    /// (`UIView.safeAreaInsets` of a full-screen view: the status bar or sensor housing at the top, the home
    /// indicator at the bottom).
    public struct Device: Equatable, Sendable {
        /// What it is called (`"iPhone 16 Pro"`), as `--layout` and a script's `layout` name it.
        public var name: String
        /// The screen in points.
        public var width: Double, height: Double
        /// Pixels per point.
        public var scale: Double
        /// The safe area's insets.
        public var safeArea: Insets

        /// A device of these measures.
        public init(name: String, width: Double, height: Double, scale: Double, safeArea: Insets) {
            self.name = name
            self.width = width
            self.height = height
            self.scale = scale
            self.safeArea = safeArea
        }

        /// iPhone SE (2nd and 3rd generation): 375×667 at 2×, a 20-point status bar and no home indicator.
        public static let iPhoneSE = Device(
            name: "iPhone SE", width: 375, height: 667, scale: 2, safeArea: Insets(top: 20, bottom: 0))
        /// iPhone 13, 14 and 16e: 390×844 at 3×.
        public static let iPhone13 = Device(
            name: "iPhone 13", width: 390, height: 844, scale: 3, safeArea: Insets(top: 47, bottom: 34))
        /// iPhone 15 and 16 (and 14 Pro, 15 Pro): 393×852 at 3×, with the Dynamic Island; our default phone.
        public static let iPhone16 = Device(
            name: "iPhone 16", width: 393, height: 852, scale: 3, safeArea: Screen.phoneSafeArea)
        /// iPhone 16 Pro: 402×874 at 3×.
        public static let iPhone16Pro = Device(
            name: "iPhone 16 Pro", width: 402, height: 874, scale: 3, safeArea: Insets(top: 62, bottom: 34))
        /// iPhone 16 Plus (and 15 Plus, 15 Pro Max): 430×932 at 3×.
        public static let iPhone16Plus = Device(
            name: "iPhone 16 Plus", width: 430, height: 932, scale: 3, safeArea: Insets(top: 59, bottom: 34))
        /// iPhone 16 Pro Max: 440×956 at 3×.
        public static let iPhone16ProMax = Device(
            name: "iPhone 16 Pro Max", width: 440, height: 956, scale: 3, safeArea: Insets(top: 62, bottom: 34))
        /// iPad (10th generation) and iPad Air 11-inch: 820×1180 at 2×, full screen.
        public static let iPad = Device(
            name: "iPad", width: 820, height: 1180, scale: 2, safeArea: Insets(top: 24, bottom: 20))
        /// iPad Pro 13-inch (M4): 1032×1376 at 2×, full screen.
        public static let iPadPro13 = Device(
            name: "iPad Pro 13", width: 1032, height: 1376, scale: 2, safeArea: Insets(top: 24, bottom: 20))

        /// Every preset, in the order above.
        public static let presets = [
            iPhoneSE, iPhone13, iPhone16, iPhone16Pro, iPhone16Plus, iPhone16ProMax, iPad, iPadPro13,
        ]

        /// The preset called `name`, ignoring case and spaces (`"iphone16pro"`); nil when there is none.
        public static func named(_ name: String) -> Device? {
            let key = { (text: String) in text.lowercased().filter { $0 != " " } }
            return presets.first { key($0.name) == key(name) }
        }
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
        let times =
            touches.compactMap { $0.points.last?.t } + taps.map(\.t) + accessibility.map(\.t) + typing.map(\.end)
        return times.max() ?? 0
    }
}
