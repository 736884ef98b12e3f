import Foundation
import RevealCore
import RevealLayout
import RevealRaster

/// A height a sheet rests at, as SwiftUI's `PresentationDetent`.
public struct PresentationDetent: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
        case medium, large
        case height(Double)
        case fraction(Double)
    }
    let kind: Kind
    /// About half the screen's height.
    public static let medium = PresentationDetent(kind: .medium)
    /// The whole height a sheet may take.
    public static let large = PresentationDetent(kind: .large)
    /// A sheet whose content is `height` points tall.
    public static func height(_ height: CGFloat) -> PresentationDetent { PresentationDetent(kind: .height(height)) }
    /// A sheet whose content takes `fraction` of the room a large sheet's content has.
    public static func fraction(_ fraction: CGFloat) -> PresentationDetent {
        PresentationDetent(kind: .fraction(fraction))
    }
}

/// Dismisses the presentation or the pushed screen a view is in, as SwiftUI's `DismissAction`
/// (`@Environment(\.dismiss)`); elsewhere it does nothing.
public struct DismissAction: @unchecked Sendable {
    let action: @MainActor () -> Void
    /// Dismisses.
    @MainActor public func callAsFunction() { action() }
}

extension EnvironmentValues {
    /// Dismisses the sheet, cover or pushed screen the view is in.
    public var dismiss: DismissAction {
        DismissAction(action: dismissAction ?? {})
    }

    /// Whether the view is in a sheet, cover or pushed screen that `dismiss` would dismiss.
    public var isPresented: Bool { dismissAction != nil }
}

extension View {
    /// Presents `content` in a sheet while `isPresented` is true: it slides up over the screen, which dims
    /// (and steps back when the sheet is large); a tap outside it, or `dismiss`, sets `isPresented` false.
    nonisolated public func sheet<Content: View>(
        isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping () -> Content
    ) -> some View {
        presentation(.sheet, isPresented: isPresented, onDismiss: onDismiss) { AnyView(content()) }
    }

    /// Presents `content` for `item` in a sheet while `item` is not nil.
    nonisolated public func sheet<Item: Identifiable, Content: View>(
        item: Binding<Item?>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping (Item) -> Content
    ) -> some View {
        presentation(.sheet, item: item, onDismiss: onDismiss, content: content)
    }

    /// Presents `content` over the whole screen while `isPresented` is true, sliding up from the bottom.
    nonisolated public func fullScreenCover<Content: View>(
        isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping () -> Content
    ) -> some View {
        presentation(.fullScreen, isPresented: isPresented, onDismiss: onDismiss) { AnyView(content()) }
    }

    /// Presents `content` for `item` over the whole screen while `item` is not nil.
    nonisolated public func fullScreenCover<Item: Identifiable, Content: View>(
        item: Binding<Item?>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping (Item) -> Content
    ) -> some View {
        presentation(.fullScreen, item: item, onDismiss: onDismiss, content: content)
    }

    /// Presents `content` in a popover while `isPresented` is true: on iPhone, a sheet.
    nonisolated public func popover<Content: View>(
        isPresented: Binding<Bool>, attachmentAnchor: PopoverAttachmentAnchor = .rect(.bounds),
        arrowEdge: Edge? = nil, @ViewBuilder content: @escaping () -> Content
    ) -> some View {
        presentation(.sheet, isPresented: isPresented, onDismiss: nil) { AnyView(content()) }
    }

    /// The heights the sheet this view is the content of rests at: it opens at the lowest.
    nonisolated public func presentationDetents(_ detents: Set<PresentationDetent>) -> some View {
        builtin(.presentationSettings { $0.detents = detents })
    }

    /// The heights the sheet rests at, and the one it is at.
    nonisolated public func presentationDetents(
        _ detents: Set<PresentationDetent>, selection: Binding<PresentationDetent>
    ) -> some View {
        let chosen = selection.wrappedValue
        // The settings are applied on the main actor, as the sheet's content is lowered.
        let box = MainThreadBox(value: selection)
        return builtin(
            .presentationSettings {
                $0.detents = detents
                $0.chosenDetent = chosen
                $0.detentSelection = box.value
            })
    }

    /// Whether the sheet shows its drag indicator (automatic: when it has more than one detent).
    nonisolated public func presentationDragIndicator(_ visibility: Visibility) -> some View {
        builtin(.presentationSettings { $0.dragIndicator = visibility })
    }

    /// The sheet's corner radius (nil: iOS's).
    nonisolated public func presentationCornerRadius(_ cornerRadius: CGFloat?) -> some View {
        builtin(.presentationSettings { $0.cornerRadius = cornerRadius.map(Double.init) })
    }

    /// Whether a drag or a tap outside may dismiss the sheet (a binding or `dismiss` still can).
    nonisolated public func interactiveDismissDisabled(_ isDisabled: Bool = true) -> some View {
        builtin(.presentationSettings { if isDisabled { $0.interactiveDismissDisabled = true } })
    }

    nonisolated fileprivate func presentation(
        _ style: PresentationStyle, isPresented: Binding<Bool>, onDismiss: (() -> Void)?,
        content: @escaping () -> AnyView
    ) -> some View {
        let shown = isPresented.wrappedValue
        return builtin(
            .presentation(
                PresentationRequest(
                    style: style, isPresented: shown, content: { shown ? content() : nil },
                    dismiss: { isPresented.wrappedValue = false }, onDismiss: onDismiss)))
    }

    nonisolated fileprivate func presentation<Item: Identifiable, Content: View>(
        _ style: PresentationStyle, item: Binding<Item?>, onDismiss: (() -> Void)?,
        content: @escaping (Item) -> Content
    ) -> some View {
        let value = item.wrappedValue
        return builtin(
            .presentation(
                PresentationRequest(
                    style: style, isPresented: value != nil, content: { value.map { AnyView(content($0)) } },
                    dismiss: { item.wrappedValue = nil }, onDismiss: onDismiss)))
    }
}

/// Where a popover points (accepted: on iPhone a popover is a sheet).
public enum PopoverAttachmentAnchor: Sendable {
    case rect(Anchor<CGRect>.Source)
    case point(UnitPoint)
}

enum PresentationStyle {
    case sheet, fullScreen, alert, actionSheet

    /// How it comes and goes.
    var animation: Animation { self == .alert ? DialogMetrics.alertAnimation : SheetMetrics.animation }
}

/// What a presenting modifier asks of the screen: its content while presented, and how to dismiss it.
struct PresentationRequest {
    let style: PresentationStyle
    let isPresented: Bool
    let content: () -> AnyView?
    let dismiss: () -> Void
    let onDismiss: (() -> Void)?
}

/// What a sheet's content asks of its sheet (`presentationDetents`, …), set as the content is lowered.
@MainActor final class PresentationSettings {
    var detents: Set<PresentationDetent> = []
    var chosenDetent: PresentationDetent?
    /// The binding a drag to another detent writes.
    var detentSelection: Binding<PresentationDetent>?
    var dragIndicator = Visibility.automatic
    var cornerRadius: Double?
    var interactiveDismissDisabled = false
}

/// A presentation's state from one evaluation to the next: the content last presented (shown while it
/// slides away), and whether it was presented.
@MainActor final class PresentationState {
    var content: AnyView?
    var wasPresented = false
    /// The detent a finger last dragged the sheet to.
    var detent: PresentationDetent?
}

/// A presentation to draw over the screen this evaluation.
struct ActivePresentation {
    let request: PresentationRequest
    let content: AnyView
    /// 0: off screen, 1: presented.
    let progress: Double
    let path: String
    let environment: EnvironmentValues
}

/// The numbers of iOS 17/18's sheets on iPhone. From UIKit: `.medium` is "approximately half the height of
/// the screen"; a custom height excludes the bottom safe area, which the sheet covers too. Our measures of
/// iOS's screenshots (UIKit publishes none): a large sheet's top 10 points below the safe area's, its
/// corners 10 points, its drag indicator 36×5 points 5 points from its top; the screen under a sheet dimmed
/// by black at 20 %, and under a large one stepped back: scaled to 92 % about its top, its top at the safe
/// area's, its corners 10 points. A sheet comes and goes with a critically damped spring of 0.5 s; pulled down
/// by a finger, it follows, and springs back unless let go past half its height.
enum SheetMetrics {
    static let largeTopGap = 10.0
    static let cornerRadius = 10.0
    static let indicator = (width: 36.0, height: 5.0, top: 5.0)
    static let dimming = 0.2
    static let steppedBackScale = 0.92
    static let animation = Animation.spring(response: 0.5, dampingFraction: 1)
    /// A sheet pulled down past this fraction of its height and let go is dismissed (our estimate).
    static let dismissFraction = 0.5
    /// The sheet's background: white; in dark mode the elevated background, (28, 28, 30).
    static let background = Color.adaptive((255, 255, 255, 1), (28, 28, 30, 1))

    /// The sheet's height for `detent` (its content's, and the bottom safe area's) on a screen of `height`
    /// points with `safeArea`.
    static func height(_ detent: PresentationDetent, screen height: Double, safeArea: Insets) -> Double {
        let large = height - safeArea.top - largeTopGap
        switch detent.kind {
        case .large: return large
        case .medium: return min(height / 2, large)
        case .height(let h): return min(max(h, 0) + safeArea.bottom, large)
        case .fraction(let f): return min(max(f, 0) * (large - safeArea.bottom) + safeArea.bottom, large)
        }
    }
}

extension ViewGraph {
    /// Notes a presenting modifier's request: while presented, or sliding away, its content is drawn over the
    /// screen once the root is lowered (`composePresentations`).
    func request(_ request: PresentationRequest, path: String, _ environment: EnvironmentValues) {
        let state = kept(\.presentationStates, at: path) { PresentationState() }
        if request.isPresented, let content = request.content() { state.content = content }
        if state.wasPresented && !request.isPresented, let onDismiss = request.onDismiss {
            schedule(at: time) { onDismiss() }
        }
        state.wasPresented = request.isPresented
        let progress = present(
            request.isPresented ? 1.0 : 0.0, key: path + "/presented", animatedBy: request.style.animation)
        guard let content = state.content, request.isPresented || progress > 1e-3 else {
            if !request.isPresented { state.content = nil }
            return
        }
        presentations.append(
            ActivePresentation(
                request: request, content: content, progress: progress, path: path, environment: environment))
    }

    /// `root` with each presentation requested while it was lowered drawn over it, in order (a presentation's
    /// content may present one more). Only the top presentation takes touches.
    func composePresentations(over root: ViewNode) -> ViewNode {
        var node = root
        var index = 0
        var coversSafeArea = rootIgnoresSafeArea
        while index < presentations.count {
            let presentation = presentations[index]
            index += 1
            node = compose(presentation, over: node, insetBy: coversSafeArea ? Insets() : safeArea)
            coversSafeArea = true
        }
        if index > 0 { rootIgnoresSafeArea = true }
        return node
    }

    /// The presenting screen, laid out inside `inset` of the whole screen.
    private func screenView(_ screen: ViewNode, insetBy inset: Insets) -> some View {
        _LoweredView(views: [screen])
            .frame(width: screenSize.width, height: screenSize.height - inset.top - inset.bottom)
            .padding(.top, inset.top)
            .padding(.bottom, inset.bottom)
    }

    /// The screen dimmed by black at `SheetMetrics.dimming` × `progress`, taking every touch outside the
    /// presentation (`tap` decides what a tap does).
    private func dimming(_ progress: Double, tap: @escaping @MainActor () -> Void) -> some View {
        Color.black.opacity(SheetMetrics.dimming * progress)
            .frame(width: screenSize.width, height: screenSize.height)
            .contentShape(Rectangle())
            .onTapGesture(perform: tap)
    }

    /// A presentation's content, where `dismiss` closes it and touches reach it only while it is presented.
    private func lowerContent(of presentation: ActivePresentation) -> ViewNode {
        var inside = presentation.environment
        let box = MainThreadBox(value: presentation.request.dismiss)
        inside.dismissAction = { box.value() }
        inside.allowsHitTesting = presentation.progress > 0.999 || presentation.request.isPresented
        // Presented in a host of its own: several views of the content stack as a root's do.
        return hosted(lowerContainer(presentation.content, path: presentation.path + "/presented", inside))
    }

    /// One presentation over `screen` (laid out inside `inset` of the whole screen): the screen dimmed and
    /// maybe stepped back, a tap on it dismissing; the sheet or cover sliding up with the content.
    private func compose(_ presentation: ActivePresentation, over screen: ViewNode, insetBy inset: Insets) -> ViewNode {
        if presentation.request.style == .alert || presentation.request.style == .actionSheet {
            return composeDialog(presentation, over: screen, insetBy: inset)
        }
        let size = screenSize
        let covered = targets.count
        let settings = PresentationSettings()
        presentationSettings.append(settings)
        let request = presentation.request
        let content = lowerContent(of: presentation)
        presentationSettings.removeLast()
        let contentTargets = targets.count
        let p = presentation.progress
        let scheme = presentation.environment.colorScheme
        let fullScreen = request.style == .fullScreen
        // The sheet rests at the detent its selection names, else the one a finger dragged it to, else the
        // smallest.
        func heightOf(_ detent: PresentationDetent) -> Double {
            SheetMetrics.height(detent, screen: size.height, safeArea: safeArea)
        }
        let detents = (settings.detents.isEmpty ? [.large] : settings.detents).sorted { heightOf($0) < heightOf($1) }
        let state = presentationStates[presentation.path]
        let detent =
            [settings.chosenDetent, state?.detent].lazy.compactMap { $0 }.first { detents.contains($0) }
            ?? detents[0]
        let height = fullScreen ? size.height : heightOf(detent)
        let tallest = fullScreen ? height : heightOf(detents[detents.count - 1])
        let radius = settings.cornerRadius ?? SheetMetrics.cornerRadius
        let showsIndicator =
            !fullScreen
            && (settings.dragIndicator == .visible
                || settings.dragIndicator == .automatic && settings.detents.count > 1)
        let behind = rootBackground ?? (scheme == .dark ? RGBAColor.black : RGBAColor.white)
        let dismissesOnTap = !fullScreen && !settings.interactiveDismissDisabled
        let dismiss = request.dismiss
        // A sheet follows a finger: down, and up as far as its tallest detent. Let go, it rests at the detent
        // nearest its height, or is dismissed when under half its smallest (UISheetPresentationController's
        // behaviour; the fraction is our estimate). The move to another detent continues from where the finger
        // left it: the offset is set against the new detent, then springs to it.
        let dragKey = presentation.path + "/sheetDrag"
        let drag = kept(\.dragOffsets, at: dragKey) { DragOffsetState(graph: self) }
        let pulled = shownOffset(drag, key: dragKey, animatedBy: request.style.animation)
        let selection = settings.detentSelection
        let pull = DragGesture(minimumDistance: 10)
            .onChanged { value in drag.drag(to: max(value.translation.height, height - tallest)) }
            .onEnded { [weak self] value in
                let shown = height - max(value.translation.height, height - tallest)
                if dismissesOnTap, shown < heightOf(detents[0]) * (1 - SheetMetrics.dismissFraction) {
                    drag.settle(at: 0)
                    dismiss()
                    return
                }
                let next = detents.min { abs(heightOf($0) - shown) < abs(heightOf($1) - shown) } ?? detent
                guard next != detent else { return drag.settle(at: 0) }
                state?.detent = next
                selection?.wrappedValue = next
                drag.drag(to: heightOf(next) - shown)
                self?.pendingActions.append { drag.settle(at: 0) }
            }
        // The screen behind steps back as the sheet nears the large detent: all the way at it, from the next
        // detent down (or at once, when large is its only one).
        let shownHeight = height - pulled
        var stepsBack = 0.0
        if !fullScreen, detents.contains(.large) {
            let below = detents.last { $0 != .large }.map(heightOf) ?? 0
            let large = heightOf(.large)
            stepsBack = below > 0 && large > below ? p * min(max((shownHeight - below) / (large - below), 0), 1) : p
        }
        let composed = ZStack(alignment: .top) {
            screenView(screen, insetBy: inset)
                .background(Color(behind))
                .clipShape(RoundedRectangle(cornerRadius: SheetMetrics.cornerRadius * stepsBack))
                .scaleEffect(1 - (1 - SheetMetrics.steppedBackScale) * stepsBack, anchor: .top)
                .offset(y: safeArea.top * stepsBack)
            if !fullScreen {
                dimming(p * (1 - min(max(pulled, 0) / max(height, 1), 1))) { if dismissesOnTap { dismiss() } }
            }
            _LoweredView(views: [content])
                .frame(maxWidth: .infinity, maxHeight: .infinity)
                .padding(.top, fullScreen ? safeArea.top : 0)
                .padding(.bottom, safeArea.bottom)
                .frame(width: size.width, height: max(height, shownHeight))
                .background(fullScreen ? Color(behind) : SheetMetrics.background)
                .overlay(alignment: .top) {
                    if showsIndicator {
                        Capsule().fill(HierarchicalShapeStyle.labelColors[2])
                            .frame(width: SheetMetrics.indicator.width, height: SheetMetrics.indicator.height)
                            .padding(.top, SheetMetrics.indicator.top)
                    }
                }
                .clipShape(
                    UnevenRoundedRectangle(
                        topLeadingRadius: fullScreen ? 0 : radius, topTrailingRadius: fullScreen ? 0 : radius)
                )
                .contentShape(Rectangle())
                .gesture(pull, isEnabled: dismissesOnTap || detents.count > 1)
                .onTapGesture {}
                .offset(y: size.height - max(height, shownHeight) * p + max(pulled, 0))
        }
        .frame(width: size.width, height: size.height, alignment: .top)
        // Stepped back, the screen shows black around it.
        if stepsBack > 0 { rootBackground = .black }
        let node = single(lower(composed, path: presentation.path + "/sheet", presentation.environment))
        // Touches go to the presentation alone: the dimming and the sheet's own area under its content, then
        // the content's views on top of them; the screen under it takes none.
        keepPresentationTargets(content: covered..<contentTargets)
        return node
    }

    /// An alert or action sheet over `screen`: the screen dimmed, an alert in its middle growing in as it fades
    /// in (and fading out), an action sheet rising above the bottom safe area. A tap outside an action sheet
    /// cancels it; an alert waits for its buttons.
    private func composeDialog(_ presentation: ActivePresentation, over screen: ViewNode, insetBy inset: Insets)
        -> ViewNode
    {
        let size = screenSize
        let covered = targets.count
        let request = presentation.request
        let card = lowerContent(of: presentation)
        let contentTargets = targets.count
        let p = presentation.progress
        let alert = request.style == .alert
        let dismiss = request.dismiss
        let margin = DialogMetrics.sheetMargin
        let bottom = max(safeArea.bottom, margin)
        let composed = ZStack(alignment: .top) {
            screenView(screen, insetBy: inset)
            dimming(p) { if !alert { dismiss() } }
            if alert {
                _LoweredView(views: [card])
                    .scaleEffect(request.isPresented ? 1 + DialogMetrics.alertGrowth * (1 - p) : 1)
                    .opacity(p)
                    .frame(width: size.width, height: size.height)
            } else {
                _LoweredView(views: [card])
                    .padding(.horizontal, margin)
                    .padding(.bottom, bottom)
                    // Its own height (and the margin under it) away when hidden: just off the screen's bottom.
                    .moved(by: CGSize(width: 0, height: 1 - p))
                    .frame(width: size.width, height: size.height, alignment: .bottom)
            }
        }
        .frame(width: size.width, height: size.height, alignment: .top)
        let node = single(lower(composed, path: presentation.path + "/dialog", presentation.environment))
        keepPresentationTargets(content: covered..<contentTargets)
        return node
    }
}
