import SwiftUI

/// Settings rows previewed left to right and right to left: a segmented picker cross-fades to a copy under
/// `environment(\.layoutDirection, .rightToLeft)`, where the rows, paddings and offsets mirror; the switches
/// are a `ToggleStyle` of our own, whose knob's offset slides the other way there.
struct DirectionPreview: View {
    @State private var direction = LayoutDirection.leftToRight
    @State private var wifi = true
    @State private var notifications = false
    @State private var focus = false

    var body: some View {
        VStack(alignment: .leading, spacing: 14) {
            Picker("Layout direction", selection: $direction) {
                Text("Left to Right").tag(LayoutDirection.leftToRight)
                Text("Right to Left").tag(LayoutDirection.rightToLeft)
            }
            .pickerStyle(.segmented)
            ZStack {
                if direction == .rightToLeft {
                    settings
                        .environment(\.layoutDirection, .rightToLeft)
                        .transition(.opacity)
                } else {
                    settings
                        .transition(.opacity)
                }
            }
            .animation(.easeInOut(duration: 0.3), value: direction)
            Text("Stacks run from the right and leading paddings move over; text is still set left to right.")
                .font(.caption)
                .foregroundStyle(.secondary)
        }
        .padding(16)
        .frame(width: 320, height: 270, alignment: .top)
        .background(Color(white: 0.94))
    }

    private var settings: some View {
        VStack(spacing: 0) {
            row("Wi-Fi", symbol: "wifi", color: .blue, isOn: $wifi)
            Divider()
                .padding(.leading, 40)
            row("Notifications", symbol: "bell.fill", color: .red, isOn: $notifications)
            Divider()
                .padding(.leading, 40)
            row("Focus", symbol: "moon.stars.fill", color: .indigo, isOn: $focus)
        }
        .toggleStyle(SwitchStyle())
        .padding(.horizontal, 12)
        .background(RoundedRectangle(cornerRadius: 14).fill(Color.white))
    }

    private func row(_ title: String, symbol: String, color: Color, isOn: Binding<Bool>) -> some View {
        Toggle(isOn: isOn) {
            HStack(spacing: 12) {
                Image(systemName: symbol)
                    .font(.footnote)
                    .foregroundStyle(.white)
                    .frame(width: 28, height: 28)
                    .background(RoundedRectangle(cornerRadius: 7).fill(color))
                    .accessibilityHidden(true)
                Text(title)
                    .font(.subheadline)
            }
        }
        .padding(.vertical, 8)
    }

    /// A compact switch: a capsule that fills with green, its knob offset toward the trailing side when on
    /// (an offset, so under right to left it slides to the left); a tap anywhere on the row turns it.
    struct SwitchStyle: ToggleStyle {
        func makeBody(configuration: Configuration) -> some View {
            HStack(spacing: 12) {
                configuration.label
                Spacer()
                ZStack {
                    Capsule()
                        .fill(Color(white: 0.86))
                    Capsule()
                        .fill(Color.green)
                        .opacity(configuration.isOn ? 1 : 0)
                    Circle()
                        .fill(Color.white)
                        .shadow(color: Color(white: 0, opacity: 0.2), radius: 1.5, y: 1)
                        .padding(3)
                        .offset(x: configuration.isOn ? 9 : -9)
                }
                .frame(width: 46, height: 28)
            }
            .contentShape(Rectangle())
            .onTapGesture {
                withAnimation(.snappy(duration: 0.3)) { configuration.isOn.toggle() }
            }
            .accessibilityElement(children: .combine)
            .accessibilityAddTraits(.isToggle)
        }
    }
}

struct DirectionPreview_Previews: PreviewProvider {
    static var previews: some View {
        DirectionPreview()
    }
}
