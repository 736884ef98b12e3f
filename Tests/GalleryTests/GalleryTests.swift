import Foundation
import RevealPlayer
import RevealRender
import RevealRenderTesting
import RevealSwiftUITesting
import SwiftUI
import XCTest

@testable import SwiftUIGallery

/// One component of the gallery: its view, and the times its golden frames are taken at.
private struct GalleryEntry {
    let name: String
    let times: [Double]
    /// Times also taken in dark mode (the script's appearance turned dark), as NAME-dark-TIME.
    var darkTimes: [Double] = []
    let view: @MainActor () -> any SwiftUI.View
}

/// Every file of `Fixtures/swiftui/gallery`, with the times where it shows what it does.
private let gallery: [GalleryEntry] = [
    // The ring at its first quarter, halfway through the first ease, and full after two quick taps.
    GalleryEntry(name: "ActivityRing", times: [0, 0.5, 2.5]) { ActivityRing_Previews.previews },
    // Bluetooth's thumb mid-slide, Airplane Mode tinted orange, Wi-Fi turned off through VoiceOver.
    GalleryEntry(name: "SettingsToggles", times: [0, 0.3, 1]) { SettingsToggles_Previews.previews },
    // The bar filling from onAppear, then "Done" from the animation's completion.
    GalleryEntry(name: "DownloadProgress", times: [0.5, 1.5]) { DownloadProgress_Previews.previews },
    // Three dots out of phase, repeating for ever.
    GalleryEntry(name: "PulsingDots", times: [0.3, 0.9]) { PulsingDots_Previews.previews },
    // A tapped tag fading out of a ForEach, then the row without it.
    GalleryEntry(name: "TagList", times: [0, 0.35, 1]) { TagList_Previews.previews },
    // Dashed until a double tap (two taps 0.2 s apart; one tap alone does nothing).
    GalleryEntry(name: "DropZone", times: [0.5, 1.5]) { DropZone_Previews.previews },
    // The heart filling and popping on a bouncy spring, then taken back.
    GalleryEntry(name: "LikeButton", times: [0, 0.3, 1.2, 1.6]) { LikeButton_Previews.previews },
    // A gradient arc turning for ever at a constant speed.
    GalleryEntry(name: "SpinningLoader", times: [0, 0.3, 0.8]) { SpinningLoader_Previews.previews },
    // An arrow turning while the bar below it fills, then a check once the animation completes.
    GalleryEntry(name: "UploadStatus", times: [0.4, 1.5]) { UploadStatus_Previews.previews },
    // A toast dropping in from the top (move and fade combined), then falling out through the bottom
    // (asymmetric); its time stamp in the secondary label color.
    GalleryEntry(name: "ToastBanner", times: [0.25, 0.8, 1.3]) { ToastBanner_Previews.previews },
    // A "Max" badge scaling in at the top count, then fading out; the plus button dimmed meanwhile.
    GalleryEntry(name: "StepperBadge", times: [0.7, 1.2, 1.5, 2]) { StepperBadge_Previews.previews },
    // An @Observable cart: its count read by a child view, a switch bound through @Bindable, the total.
    GalleryEntry(name: "CartSummary", times: [0, 0.35, 1.2]) { CartSummary_Previews.previews },
    // Top corners rounded alone, an uppercase semibold caption in the secondary color, a lazy list, and
    // a disabled button that a second tap does not reach.
    GalleryEntry(name: "ProfileCard", times: [0, 1]) { ProfileCard_Previews.previews },
    // A press lifted early (the fill runs back), then a second's hold that deletes.
    GalleryEntry(name: "HoldToConfirm", times: [0.5, 0.7, 1.5, 2.4]) { HoldToConfirm_Previews.previews },
    // Shapes filled, stroked across their edges, stroked inside them, dashed and trimmed.
    GalleryEntry(name: "ShapeSampler", times: [0]) { ShapeSampler_Previews.previews },
    // A conic wheel of hues whitened by a radial gradient, a gauge arc with an angular gradient's gap, an
    // elliptical glow, a prominent button: at rest, the selection ring turning, and a third of the way round.
    // A clock whose second hand sweeps on every frame of an animation timeline, and whose readout a
    // periodic timeline turns over once a second: at 09:41:00 on the scene clock, then a second and a half on.
    GalleryEntry(name: "WorldClock", times: [0, 1.5]) { WorldClock_Previews.previews },
    // A grid whose columns fit their widest cells, a divider across it, a header row's font on each of its
    // cells, the short title where the long one does not fit; a score cross-fading as its bar grows.
    GalleryEntry(name: "ScoreBoard", times: [0, 0.35, 1.2]) { ScoreBoard_Previews.previews },
    // Checkboxes from a ToggleStyle of our own (a ring and a check symbol), a switch beside them: one item
    // packed, a second mid-animation (the count cross-fading), and the first unpacked by a tap.
    GalleryEntry(name: "PackingList", times: [0, 0.3, 1]) { PackingList_Previews.previews },
    // A segmented picker whose thumb slides to a tapped segment, a slider dragged in whole steps between
    // two symbols, a closed menu picker: at rest, the thumb mid-slide, the volume moved.
    GalleryEntry(name: "PlaybackSettings", times: [0, 0.3, 1.4]) { PlaybackSettings_Previews.previews },
    // An answer blurred until a tap, the blur radius easing to nothing; a hint that stays lightly blurred.
    GalleryEntry(name: "SpoilerText", times: [0, 0.45, 1.2]) { SpoilerText_Previews.previews },
    // A badge in a bell's top trailing overlay: popping in (scale and opacity on a bouncy spring), then
    // widening to two digits.
    GalleryEntry(name: "InboxBadge", times: [0.3, 0.8, 1.8]) { InboxBadge_Previews.previews },
    // A tracked caption, a struck-through old price, joined runs in bold and italic, tabular digits and an
    // underlined plain button; mid cross-fade to the lower price, then at rest.
    GalleryEntry(name: "PriceTag", times: [0, 0.3, 1]) { PriceTag_Previews.previews },
    GalleryEntry(name: "ColorWheel", times: [0, 0.5, 1.2]) { ColorWheel_Previews.previews },
    // A title kept whole by its priority beside a wrapping caption on one baseline, overlapping avatars
    // raised by zIndex, a cover of a fixed ratio with a badge on its corner, spaced centred lines; the
    // next avatar mid-spring, then at rest.
    GalleryEntry(name: "TeamRow", times: [0, 0.3, 1]) { TeamRow_Previews.previews },
    // Circles blended into a gradient (screen, multiply) under a title in overlay; the card easing to
    // gray, then mid-way through a hue turn.
    GalleryEntry(name: "FilterPreview", times: [0, 0.45, 1.05]) { FilterPreview_Previews.previews },
    // A card turning over in perspective on a spring: the question, the card near edge-on, the answer.
    GalleryEntry(name: "FlipCard", times: [0, 0.45, 1.2]) { FlipCard_Previews.previews },
    // Confetti thrown out of a badge in one Canvas: gradient-shaded pieces turned in the context's
    // transform, sparks added with plusLighter, the badge a layer with a glow and a star cut out.
    GalleryEntry(name: "CelebrationBurst", times: [0.1, 0.6, 1.5]) { CelebrationBurst_Previews.previews },
    // A halo breathing through three phases for ever; a tap sets the star's keyframes off: squashed, then
    // jumping and turning on springs, then back at rest.
    GalleryEntry(name: "ReactionPop", times: [0.4, 0.6, 1.4]) { ReactionPop_Previews.previews },
    // Dark mode by preference: a switch, a segmented picker and a slider in their dark values, label
    // levels, an indigo symbol; the slider dragged warmer, then the picker's thumb sliding to "Custom".
    GalleryEntry(name: "NightShift", times: [0, 0.7, 1.4]) { NightShift_Previews.previews },
    // A message typed by a task sleeping 45 ms a letter, the caret blinking in a second task: part-typed
    // with the caret shown, then hidden, then the button rising in after the pause.
    GalleryEntry(name: "Typewriter", times: [0.3, 0.6, 1.6]) { Typewriter_Previews.previews },
    // Two fingers spreading and turning a photo (magnify and a simultaneous rotate, both gesture states):
    // half-way, at 1.6 times and 20°, then springing back after the fingers lift at 1 s.
    // A task counting down every half second, each number rolling in (numeric text, counting down): mid
    // roll from 5 to 4, at rest on 3, then the Go capsule popping in after 1.
    GalleryEntry(name: "LaunchCountdown", times: [0.6, 1.3, 2.65]) { LaunchCountdown_Previews.previews },
    // The selection capsule sliding from Home to Library on a spring (matched geometry: the new tab's
    // capsule starts from the old one's frame), at rest there, then on its way back to Search.
    GalleryEntry(name: "TabPill", times: [0.35, 1.1, 1.35]) { TabPill_Previews.previews },
    // An ObservableObject shared by @StateObject and @ObservedObject views: the cache segment of a
    // GeometryReader bar sliding away after "Clear Cache", the apps segment halving after the bound switch
    // is turned through VoiceOver, then at rest.
    GalleryEntry(name: "StorageMeter", times: [0.6, 1.45, 2]) { StorageMeter_Previews.previews },
    // A LazyVStack of identifiable messages, subjects cut to one line: a new one pushing in from the
    // trailing edge, an archived one fading out (asymmetric), then the list closed up.
    GalleryEntry(name: "MailTriage", times: [0.45, 1.25, 1.8]) { MailTriage_Previews.previews },
    // A redacted skeleton pulsing (text as bars, symbols as boxes, the header greyed, the edition tag
    // unredacted), mid cross-fade once the task has slept, then the loaded card.
    GalleryEntry(name: "ArticleLoader", times: [0.3, 1, 1.6]) { ArticleLoader_Previews.previews },
    // Key caps from a ViewModifier: the third dot popping in, the dots mid-swing in a shake chained
    // through animation completions (repeatCount 3, autoreverses), then cleared under the red prompt.
    GalleryEntry(name: "PasscodePad", times: [0.5, 0.8, 1.9]) { PasscodePad_Previews.previews },
    // Switches from a ToggleStyle of our own: Focus's knob mid-slide, the rows mid cross-fade to their
    // right-to-left copy, then right to left at rest with Notifications' knob slid to the left.
    GalleryEntry(name: "DirectionPreview", times: [0.3, 0.85, 1.7]) { DirectionPreview_Previews.previews },
    // A ProgressView filling and the day count cross-fading after "Check In", the star blurring in
    // (withTransaction) as the dashed ring turns, then unlocked at rest.
    GalleryEntry(name: "StreakBadge", times: [0.6, 1.1, 2.1]) { StreakBadge_Previews.previews },
    // A row following the finger, the trash can grown over the red action and its masked word; the row
    // gone and the list closed up; the next row let go short of the threshold, springing back.
    GalleryEntry(name: "SwipeToDelete", times: [0.4, 0.95, 1.45]) { SwipeToDelete_Previews.previews },
    GalleryEntry(name: "PhotoZoom", times: [0.5, 0.9, 1.15]) { PhotoZoom_Previews.previews },
    // A heart tapped inside a scroll view; a flick mid-coast with its indicator; the feed pulled past its top
    // (rubber band, the indicator squeezed) and springing back; the chips' row scrolled sideways.
    GalleryEntry(name: "ScrollFeed", times: [0.35, 1, 3.2, 3.4, 3.9]) { ScrollFeed_Previews.previews },
    // A form's sections on the grouped background: a switch turned on by a tap, then the form pulled down
    // past its top; in dark mode, its dark backgrounds and separators.
    GalleryEntry(name: "SettingsForm", times: [0, 0.5, 1.3], darkTimes: [0.5]) { SettingsForm_Previews.previews },
    // A large title over a list, collapsed into the bar once the list has scrolled under it; a row's screen
    // sliding in over the list (which moves a third of the way out), at rest with its back button, and
    // sliding away after the back button's tap.
    GalleryEntry(name: "ContactsStack", times: [0, 1, 1.6, 2, 2.55], darkTimes: [2]) {
        ContactsStack_Previews.previews
    },
    // Fields in a form: placeholders, the email focused by onAppear with its caret, dots, a formatted number,
    // a rounded border; then the focus moved to the password by a button.
    GalleryEntry(name: "SignInFields", times: [0.1, 0.7], darkTimes: [0.1]) { SignInFields_Previews.previews },
    // A tab bar over a list (its background shown), the grid tab after a tap (adaptive columns), then the
    // inbox tab's unavailable-content view over a bare bar.
    GalleryEntry(name: "HomeTabs", times: [0.3, 0.8, 1.5], darkTimes: [0.8]) { HomeTabs_Previews.previews },
    // Pages mid-flick, at rest on the second page with its dot (the selection followed), mid slow drag, and
    // back on the second page after the slow drag let go short of half a page.
    GalleryEntry(name: "OnboardingPages", times: [0.42, 1.0, 1.55, 2.3], darkTimes: [1.0]) {
        OnboardingPages_Previews.previews
    },
    // A disclosure group expanded by a tap under a search field and a compact date picker; a sheet rising to
    // its medium detent over the dimmed screen, at rest with its drag indicator, then dismissed by Done.
    GalleryEntry(name: "TripPlanner", times: [0.6, 1.0, 1.7, 2.1], darkTimes: [1.7]) { TripPlanner_Previews.previews },
    // A stepper stepped up, a color well, a gauge and a link in a form; an alert growing in over the dimmed
    // screen, at rest, fading after Cancel; an action sheet rising, then at rest with its Cancel apart.
    GalleryEntry(name: "AccountSettings", times: [0.5, 0.7, 1.1, 1.4, 2.0, 2.6], darkTimes: [1.1, 2.6]) {
        AccountSettings_Previews.previews
    },
    // Group boxes two to a screen (containerRelativeFrame), mid-scroll and at rest; a capsule button.
    GalleryEntry(name: "CapsuleCards", times: [0, 0.45, 1.2], darkTimes: [0]) { CapsuleCards_Previews.previews },
    // An inbox pulled down (the spinner over the large title), held under the spinner while it loads, the new
    // message in; a row swiped open on its Flag, another on its Pin; the message a tap pushed, mid-slide and
    // at rest; popped back.
    GalleryEntry(
        name: "InboxActions", times: [0.45, 1.0, 2.2, 2.8, 3.35, 4.35, 4.8, 5.2], darkTimes: [1.0, 3.35, 4.8]
    ) {
        InboxActions_Previews.previews
    },
    // A strip of tiles mid-drag (turning and fading by their place in the strip) and at rest; the cover rising
    // and up.
    GalleryEntry(name: "PhotoJournal", times: [0.5, 1.0, 1.45, 2.0], darkTimes: [1.0, 2.0]) {
        PhotoJournal_Previews.previews
    },
    // A plain list: a row chosen by a tap, then scrolled to its last book by a reader's proxy, mid-glide (rows
    // fading at the edges) and at rest.
    GalleryEntry(name: "ReadingList", times: [0.5, 1.0, 1.8], darkTimes: [1.8]) { ReadingList_Previews.previews },
]

private let galleryFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../Fixtures/swiftui/gallery").standardized.path

/// The gallery's components played through their scripts, frame by frame as `reveal-render swiftui` plays
/// them, against golden frames looked at.
final class GalleryTests: XCTestCase {

    /// `REVEAL_GALLERY=Name,Other` plays only those entries (while working on them); the suite plays them all.
    private var entries: [GalleryEntry] {
        guard let only = ProcessInfo.processInfo.environment["REVEAL_GALLERY"] else { return gallery }
        let names = Set(only.split(separator: ",").map(String.init))
        return gallery.filter { names.contains($0.name) }
    }

    func testEachComponentMatchesItsGoldenFrames() throws {
        for entry in entries {
            let script = try ViewScriptFile.load(path: "\(galleryFolder)/scripts/\(entry.name).script.json")
            var dark = script
            dark.appearance = .dark
            for (script, times, suffix) in [(script, entry.times, ""), (dark, entry.darkTimes, "-dark")] {
                // One play of the script draws every golden frame of the entry.
                let frames = try MainActor.assumeIsolated {
                    try ViewCheck.frames(of: entry.view, script: script, at: times)
                }
                for (time, frame) in zip(times, frames) {
                    assertGolden(frame, named: "\(entry.name)\(suffix)-\(formatTime(time))")
                }
            }
        }
    }

    func testEachFrameDrawnFromTheFrameBeforeEqualsTheFrameDrawnWhole() throws {
        // ScreenRenderer against drawing the same layout whole (turns, scales, strokes, switches, removals):
        // the same bytes. Every frame is drawn from the one before; every third one, and the last, is also
        // drawn whole. A pixel drawn wrong stays wrong until a later change covers it, so a fault outlives
        // the frame that made it and the sample sees it, at a third of the cost of drawing each frame twice.
        // At one pixel a point, where more edges fall on half pixels than at the goldens' 2× (a damage box
        // cutting a half-covered edge found the rounding that `Rasterizer.quantize` now makes exact).
        for entry in entries {
            var script = try ViewScriptFile.load(path: "\(galleryFolder)/scripts/\(entry.name).script.json")
            script.scale = 1
            let differing = try MainActor.assumeIsolated { () throws -> Int? in
                var player = ViewPlayer(script: script, view: entry.view)
                for index in 0..<player.frameCount {
                    let frame = try player.render(frame: index)
                    guard index % 3 == 0 || index == player.frameCount - 1 else { continue }
                    if try frame != player.renderedWhole() { return index }
                }
                return nil
            }
            XCTAssertNil(differing, "\(entry.name): a frame differs when drawn whole")
        }
    }

    func testAGoldenFrameIsTheSameWhicheverFramesWereAskedForBeforeIt() throws {
        // ArticleLoader's skeleton pulses for ever until a task's sleep ends: its frame at 1 s once came out
        // different when the frame at 0.3 s had been drawn first. A check draws every frame up to the one asked
        // for, as a run does.
        let script = try ViewScriptFile.load(path: "\(galleryFolder)/scripts/ArticleLoader.script.json")
        let (alone, after) = try MainActor.assumeIsolated {
            (
                try ViewCheck.frames(of: { ArticleLoader_Previews.previews }, script: script, at: [1]),
                try ViewCheck.frames(of: { ArticleLoader_Previews.previews }, script: script, at: [0.3, 1])
            )
        }
        XCTAssertEqual(alone.count, 1)
        XCTAssertEqual(after.count, 2)
        XCTAssertTrue(alone.first == after.last, "the frame at 1 s depends on the frames drawn before it")
    }

    func testEveryGalleryFileHasAnEntryAndAScript() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: galleryFolder)
            .filter { $0.hasSuffix(".swift") }.map { String($0.dropLast(6)) }.sorted()
        XCTAssertEqual(files, gallery.map(\.name).sorted(), "each gallery file is checked here, by its file name")
        for name in files {
            XCTAssertTrue(
                FileManager.default.fileExists(atPath: "\(galleryFolder)/scripts/\(name).script.json"),
                "\(name) has no script")
        }
    }

    private func formatTime(_ time: Double) -> String {
        String(format: "%.2f", time).replacingOccurrences(of: ".", with: "_")
    }
}
