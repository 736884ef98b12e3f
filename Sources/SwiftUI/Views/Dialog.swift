import Foundation
import RevealCore
import RevealLayout

extension View {
    /// Presents an alert titled `title` while `isPresented` is true: a card in the middle of the dimmed
    /// screen with `message` under the title and a row for each button of `actions` (an OK button when there
    /// is none, as SwiftUI documents). A tap on a button runs its action and dismisses the alert.
    nonisolated public func alert<A: View, M: View>(
        _ title: Text, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A, @ViewBuilder message: () -> M
    ) -> some View {
        dialog(.alert, title: title, isPresented: isPresented, actions: AnyView(actions()), message: AnyView(message()))
    }

    /// An alert without a message.
    nonisolated public func alert<A: View>(_ title: Text, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A)
        -> some View
    {
        dialog(.alert, title: title, isPresented: isPresented, actions: AnyView(actions()), message: nil)
    }

    /// An alert titled with a localized key.
    nonisolated public func alert<A: View, M: View>(
        _ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A,
        @ViewBuilder message: () -> M
    ) -> some View {
        alert(Text(titleKey), isPresented: isPresented, actions: actions, message: message)
    }

    /// An alert titled with a localized key, without a message.
    nonisolated public func alert<A: View>(
        _ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A
    ) -> some View {
        alert(Text(titleKey), isPresented: isPresented, actions: actions)
    }

    /// An alert titled with a string.
    @_disfavoredOverload nonisolated public func alert<S: StringProtocol, A: View, M: View>(
        _ title: S, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A, @ViewBuilder message: () -> M
    ) -> some View {
        alert(Text(title), isPresented: isPresented, actions: actions, message: message)
    }

    /// An alert titled with a string, without a message.
    @_disfavoredOverload nonisolated public func alert<S: StringProtocol, A: View>(
        _ title: S, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A
    ) -> some View {
        alert(Text(title), isPresented: isPresented, actions: actions)
    }

    /// An alert whose actions and message are made from `data` while it is presented.
    nonisolated public func alert<T, A: View, M: View>(
        _ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, presenting data: T?,
        @ViewBuilder actions: (T) -> A, @ViewBuilder message: (T) -> M
    ) -> some View {
        dialog(
            .alert, title: Text(titleKey), isPresented: isPresented,
            actions: data.map { AnyView(actions($0)) } ?? AnyView(EmptyView()),
            message: data.map { AnyView(message($0)) })
    }

    /// An alert whose actions are made from `data` while it is presented.
    nonisolated public func alert<T, A: View>(
        _ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, presenting data: T?,
        @ViewBuilder actions: (T) -> A
    ) -> some View {
        dialog(
            .alert, title: Text(titleKey), isPresented: isPresented,
            actions: data.map { AnyView(actions($0)) } ?? AnyView(EmptyView()), message: nil)
    }

    /// An alert described by an `Alert` (SwiftUI's older spelling) while `isPresented` is true.
    nonisolated public func alert(isPresented: Binding<Bool>, content: () -> Alert) -> some View {
        let alert = content()
        return dialog(
            .alert, title: alert.title, isPresented: isPresented, actions: alert.actions,
            message: alert.message.map { AnyView($0) })
    }

    /// An alert described by an `Alert` made from `item` while it is not nil.
    nonisolated public func alert<Item: Identifiable>(item: Binding<Item?>, content: (Item) -> Alert) -> some View {
        let alert = item.wrappedValue.map(content)
        let shown = Binding(get: { item.wrappedValue != nil }, set: { if !$0 { item.wrappedValue = nil } })
        return dialog(
            .alert, title: alert?.title ?? Text(""), isPresented: shown,
            actions: alert?.actions ?? AnyView(EmptyView()),
            message: alert?.message.map { AnyView($0) })
    }

    /// Presents a confirmation dialog while `isPresented` is true: on iPhone an action sheet rising from the
    /// bottom, a row for each button of `actions` and a separate Cancel (the cancel button's, or iOS's own).
    /// `titleVisibility` `.automatic` hides the title, as iOS does unless it is asked for.
    nonisolated public func confirmationDialog<A: View, M: View>(
        _ title: Text, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic,
        @ViewBuilder actions: () -> A, @ViewBuilder message: () -> M
    ) -> some View {
        dialog(
            .actionSheet, title: titleVisibility == .visible ? title : nil, isPresented: isPresented,
            actions: AnyView(actions()), message: AnyView(message()))
    }

    /// A confirmation dialog without a message.
    nonisolated public func confirmationDialog<A: View>(
        _ title: Text, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic,
        @ViewBuilder actions: () -> A
    ) -> some View {
        dialog(
            .actionSheet, title: titleVisibility == .visible ? title : nil, isPresented: isPresented,
            actions: AnyView(actions()), message: nil)
    }

    /// A confirmation dialog titled with a localized key.
    nonisolated public func confirmationDialog<A: View, M: View>(
        _ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic,
        @ViewBuilder actions: () -> A, @ViewBuilder message: () -> M
    ) -> some View {
        confirmationDialog(
            Text(titleKey), isPresented: isPresented, titleVisibility: titleVisibility, actions: actions,
            message: message)
    }

    /// A confirmation dialog titled with a localized key, without a message.
    nonisolated public func confirmationDialog<A: View>(
        _ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic,
        @ViewBuilder actions: () -> A
    ) -> some View {
        confirmationDialog(Text(titleKey), isPresented: isPresented, titleVisibility: titleVisibility, actions: actions)
    }

    /// A confirmation dialog titled with a string.
    @_disfavoredOverload nonisolated public func confirmationDialog<S: StringProtocol, A: View, M: View>(
        _ title: S, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic,
        @ViewBuilder actions: () -> A, @ViewBuilder message: () -> M
    ) -> some View {
        confirmationDialog(
            Text(title), isPresented: isPresented, titleVisibility: titleVisibility, actions: actions, message: message)
    }

    /// A confirmation dialog titled with a string, without a message.
    @_disfavoredOverload nonisolated public func confirmationDialog<S: StringProtocol, A: View>(
        _ title: S, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic,
        @ViewBuilder actions: () -> A
    ) -> some View {
        confirmationDialog(Text(title), isPresented: isPresented, titleVisibility: titleVisibility, actions: actions)
    }

    /// An action sheet described by an `ActionSheet` (SwiftUI's older spelling) while `isPresented` is true.
    nonisolated public func actionSheet(isPresented: Binding<Bool>, content: () -> ActionSheet) -> some View {
        let sheet = content()
        return dialog(
            .actionSheet, title: sheet.title, isPresented: isPresented, actions: sheet.actions,
            message: sheet.message.map { AnyView($0) })
    }

    nonisolated fileprivate func dialog(
        _ look: DialogLook, title: Text?, isPresented: Binding<Bool>, actions: AnyView, message: AnyView?
    ) -> some View {
        let shown = isPresented.wrappedValue
        let card = AnyView(DialogCard(look: look, title: title, message: message, actions: actions))
        return builtin(
            .presentation(
                PresentationRequest(
                    style: look == .alert ? .alert : .actionSheet, isPresented: shown, content: { shown ? card : nil },
                    dismiss: { isPresented.wrappedValue = false }, onDismiss: nil)))
    }
}

/// An alert as SwiftUI's older API describes it: a title, a message and one or two buttons.
nonisolated public struct Alert {
    let title: Text
    let message: Text?
    let buttons: [Button]

    /// A button of an `Alert` or `ActionSheet`.
    public struct Button {
        let label: Text
        let role: ButtonRole?
        let action: (@MainActor () -> Void)?

        /// A button in the tint.
        public static func `default`(_ label: Text, action: (@MainActor () -> Void)? = {}) -> Button {
            Button(label: label, role: nil, action: action)
        }
        /// A cancel button titled `label`.
        public static func cancel(_ label: Text, action: (@MainActor () -> Void)? = {}) -> Button {
            Button(label: label, role: .cancel, action: action)
        }
        /// A cancel button titled "Cancel".
        public static func cancel(_ action: (@MainActor () -> Void)? = {}) -> Button {
            Button(label: Text("Cancel"), role: .cancel, action: action)
        }
        /// A red button for what cannot be undone.
        public static func destructive(_ label: Text, action: (@MainActor () -> Void)? = {}) -> Button {
            Button(label: label, role: .destructive, action: action)
        }
    }

    /// An alert with one button (OK when it is nil).
    public init(title: Text, message: Text? = nil, dismissButton: Button? = nil) {
        self.title = title
        self.message = message
        buttons = dismissButton.map { [$0] } ?? []
    }

    /// An alert with two buttons.
    public init(title: Text, message: Text? = nil, primaryButton: Button, secondaryButton: Button) {
        self.title = title
        self.message = message
        buttons = [primaryButton, secondaryButton]
    }

    /// The buttons as the views a dialog's actions are.
    var actions: AnyView { Alert.views(buttons) }

    static func views(_ buttons: [Button]) -> AnyView { AnyView(AlertButtons(buttons: buttons)) }
}

/// An `Alert`'s or `ActionSheet`'s buttons among a dialog's actions.
nonisolated struct AlertButtons: _PrimitiveView {
    let buttons: [Alert.Button]
}

extension AlertButtons: @MainActor Lowerable {
    @MainActor func lower(in graph: ViewGraph, path: String, _ environment: EnvironmentValues) -> [ViewNode] {
        for button in buttons {
            let action = button.action
            environment.dialogActions?.buttons.append(
                DialogActions.Action(label: AnyView(button.label), role: button.role, action: { action?() }))
        }
        return []
    }
}

/// An action sheet as SwiftUI's older API describes it.
nonisolated public struct ActionSheet {
    let title: Text
    let message: Text?
    let buttons: [Alert.Button]

    /// An action sheet with `buttons` (a Cancel button among them, or iOS's own).
    public init(title: Text, message: Text? = nil, buttons: [Alert.Button] = [.cancel()]) {
        self.title = title
        self.message = message
        self.buttons = buttons
    }

    var actions: AnyView { Alert.views(buttons) }
}

enum DialogLook: Equatable {
    case alert, actionSheet
}

/// The buttons a dialog's actions hold, collected as they are lowered (`Button` hands itself over instead of
/// drawing), and the other views among them.
@MainActor final class DialogActions {
    struct Action {
        let label: AnyView
        let role: ButtonRole?
        let action: @MainActor () -> Void
        /// The tint set around the button (a swipe action's color).
        var tint: Color? = nil
    }
    var buttons: [Action] = []
}

/// The numbers of iOS 17/18's alerts and action sheets on iPhone, measured on iOS's screenshots (UIKit
/// publishes none): an alert 270 points wide with corners of 14, its title in the headline style over a
/// footnote message, 16 points in from its sides, 19 from its top, 17 above its buttons, which are 44 points
/// tall in the body style; an action sheet 8 points in from the screen's sides and above the safe area, its
/// rows 57 points tall at 20 points, its header 13 points in the secondary label color, corners of 13, and
/// its Cancel 8 points below the rest on an opaque background. Both over the screen dimmed by black at 20 %;
/// an alert grows in from 1.2 times its size as it fades in, and fades out; an action sheet rises as a sheet
/// does.
enum DialogMetrics {
    static let alertWidth = 270.0
    static let alertRadius = 14.0
    static let alertInsets = EdgeInsets(top: 19, leading: 16, bottom: 17, trailing: 16)
    static let alertRow = 44.0
    static let alertGrowth = 0.2
    static let sheetMargin = 8.0
    static let sheetRow = 57.0
    static let sheetRadius = 13.0
    static let sheetFontSize = 20.0
    static let sheetHeaderFontSize = 13.0
    static let sheetHeaderInsets = EdgeInsets(top: 14, leading: 16, bottom: 14, trailing: 16)
    static let alertAnimation = Animation.spring(response: 0.4, dampingFraction: 1)
    /// An alert's background: the regular material as it looks over the dimmed screen, drawn opaque (the
    /// layer that fades the alert in would keep a blur from what lies behind it): (237, 237, 237), in dark
    /// mode (30, 30, 32).
    static let alertBackground = Color.adaptive((237, 237, 237, 1), (30, 30, 32, 1))
    /// The opaque background of an action sheet's Cancel: white, in dark mode (44, 44, 46).
    static let cancelBackground = Color.adaptive((255, 255, 255, 1), (44, 44, 46, 1))
}

/// An alert's or action sheet's card: lowered inside the presentation, where `dismiss` closes it.
nonisolated struct DialogCard: _PrimitiveView {
    let look: DialogLook
    let title: Text?
    let message: AnyView?
    let actions: AnyView
}

extension DialogCard: @MainActor Lowerable {
    @MainActor func lower(in graph: ViewGraph, path: String, _ environment: EnvironmentValues) -> [ViewNode] {
        let collector = DialogActions()
        var collecting = environment
        collecting.dialogActions = collector
        // The actions' other views (a text field in an alert) go under the message.
        let others = graph.lowerContainer(actions, path: path + "/actions", collecting)
        let dismiss = environment.dismissAction ?? {}
        var buttons = collector.buttons
        let card: any View
        switch look {
        case .alert:
            if buttons.isEmpty { buttons = [DialogActions.Action(label: AnyView(Text("OK")), role: nil, action: {})] }
            card = alertCard(buttons, others: others, dismiss: dismiss)
        case .actionSheet:
            card = actionSheetCard(buttons, others: others, dismiss: dismiss)
        }
        return graph.lower(card, path: path + "/card", environment)
    }

    /// A row for `button`: its label centred in the tint (red when destructive, semibold when it cancels), a
    /// tap running its action and closing the dialog.
    @MainActor private func row(
        _ button: DialogActions.Action, height: Double, font: Font, dismiss: @escaping @MainActor () -> Void
    ) -> some View {
        button.label
            .font(button.role == .cancel ? font.weight(.semibold) : font)
            .foregroundStyle(button.role == .destructive ? Color.red : Color.accentColor)
            .lineLimit(1)
            .frame(maxWidth: .infinity, minHeight: height)
            .contentShape(Rectangle())
            .onTapGesture {
                dismiss()
                button.action()
            }
    }

    @MainActor private func alertCard(
        _ buttons: [DialogActions.Action], others fields: [ViewNode], dismiss: @escaping @MainActor () -> Void
    ) -> any View {
        // Two buttons share a row, the cancel one leading; more stack, the cancel one last (UIAlertController).
        let cancels = buttons.filter { $0.role == .cancel }
        let others = buttons.filter { $0.role != .cancel }
        let cancelFirst = cancels + others
        let stacked = others + cancels
        let font = Font.body
        return VStack(spacing: 0) {
            VStack(spacing: 2) {
                if let title { title.font(.headline) }
                if let message { message.font(.footnote) }
                if !fields.isEmpty { _LoweredView(views: fields).padding(.top, 14) }
            }
            .multilineTextAlignment(.center)
            .frame(maxWidth: .infinity)
            .padding(DialogMetrics.alertInsets)
            Divider()
            if buttons.count == 2 {
                HStack(spacing: 0) {
                    row(cancelFirst[0], height: DialogMetrics.alertRow, font: font, dismiss: dismiss)
                    Divider().frame(height: DialogMetrics.alertRow)
                    row(cancelFirst[1], height: DialogMetrics.alertRow, font: font, dismiss: dismiss)
                }
            } else {
                ForEach(Array(stacked.enumerated()), id: \.offset) { index, button in
                    if index > 0 { Divider() }
                    row(button, height: DialogMetrics.alertRow, font: font, dismiss: dismiss)
                }
            }
        }
        .frame(width: DialogMetrics.alertWidth)
        .background(DialogMetrics.alertBackground)
        .clipShape(RoundedRectangle(cornerRadius: DialogMetrics.alertRadius, style: .continuous))
    }

    @MainActor private func actionSheetCard(
        _ buttons: [DialogActions.Action], others: [ViewNode], dismiss: @escaping @MainActor () -> Void
    ) -> any View {
        let cancel =
            buttons.first { $0.role == .cancel }
            ?? DialogActions.Action(label: AnyView(Text("Cancel")), role: .cancel, action: {})
        let rows = buttons.filter { $0.role != .cancel }
        let font = Font.system(size: DialogMetrics.sheetFontSize)
        let hasHeader = title != nil || message != nil || !others.isEmpty
        return VStack(spacing: DialogMetrics.sheetMargin) {
            VStack(spacing: 0) {
                if hasHeader {
                    VStack(spacing: 2) {
                        if let title { title.font(.system(size: DialogMetrics.sheetHeaderFontSize, weight: .semibold)) }
                        if let message { message.font(.system(size: DialogMetrics.sheetHeaderFontSize)) }
                        if !others.isEmpty { _LoweredView(views: others) }
                    }
                    .foregroundStyle(.secondary)
                    .multilineTextAlignment(.center)
                    .frame(maxWidth: .infinity)
                    .padding(DialogMetrics.sheetHeaderInsets)
                }
                ForEach(Array(rows.enumerated()), id: \.offset) { index, button in
                    if index > 0 || hasHeader { Divider() }
                    row(button, height: DialogMetrics.sheetRow, font: font, dismiss: dismiss)
                }
            }
            .background(.regularMaterial)
            .clipShape(RoundedRectangle(cornerRadius: DialogMetrics.sheetRadius, style: .continuous))
            row(cancel, height: DialogMetrics.sheetRow, font: font, dismiss: dismiss)
                .background(DialogMetrics.cancelBackground)
                .clipShape(RoundedRectangle(cornerRadius: DialogMetrics.sheetRadius, style: .continuous))
        }
    }
}
