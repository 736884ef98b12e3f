import SwiftUI

/// Display settings in dark mode (`preferredColorScheme(.dark)`): system colors, label levels, a switch, a
/// slider and a segmented picker in their dark values, on a grouped background of the component's own; the
/// warmth slider tints the preview as it is dragged.
struct NightShift: View {
    @State private var enabled = true
    @State private var warmth = 0.4
    @State private var schedule = "Sunset"

    var body: some View {
        VStack(alignment: .leading, spacing: 14) {
            HStack {
                Image(systemName: "moon.stars.fill").foregroundStyle(.indigo)
                Text("Night Shift").font(.headline)
                Spacer()
                Toggle(isOn: $enabled) { EmptyView() }
                    .fixedSize()
            }
            Text("Shifts the colors of the display to the warmer end of the spectrum after dark.")
                .font(.footnote)
                .foregroundStyle(.secondary)
            Picker("Schedule", selection: $schedule) {
                Text("Sunset").tag("Sunset")
                Text("Custom").tag("Custom")
                Text("Off").tag("Off")
            }
            .pickerStyle(.segmented)
            HStack {
                Text("Less Warm").font(.caption).foregroundStyle(.tertiary)
                Slider(value: $warmth)
                Text("More Warm").font(.caption).foregroundStyle(.tertiary)
            }
            RoundedRectangle(cornerRadius: 10)
                .fill(Color.orange.opacity(enabled ? 0.15 + 0.6 * warmth : 0))
                .frame(height: 28)
                .overlay(Text("Preview").font(.caption).foregroundStyle(.primary))
        }
        .padding(16)
        .background(RoundedRectangle(cornerRadius: 16).fill(Color(white: 0.11)))
        .padding(16)
        .preferredColorScheme(.dark)
    }
}

struct NightShift_Previews: PreviewProvider {
    static var previews: some View {
        NightShift()
    }
}
