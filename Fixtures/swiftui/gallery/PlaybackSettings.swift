import SwiftUI

/// Playback settings: a segmented picker of quality, a volume slider in whole steps between two symbols,
/// and a speed picker in the default (menu) style, shown closed. A tap picks "High" and the thumb slides
/// there; a drag moves the volume.
struct PlaybackSettings: View {
    @State private var quality = 1
    @State private var volume = 40.0
    @State private var speed = 1.0

    var body: some View {
        VStack(alignment: .leading, spacing: 16) {
            Picker("Quality", selection: $quality) {
                Text("Low").tag(0)
                Text("Medium").tag(1)
                Text("High").tag(2)
            }
            .pickerStyle(.segmented)
            VStack(alignment: .leading, spacing: 6) {
                Text("Volume \(Int(volume))")
                    .font(.subheadline)
                    .foregroundStyle(.secondary)
                Slider(value: $volume, in: 0...100, step: 1) {
                    Text("Volume")
                } minimumValueLabel: {
                    Image(systemName: "minus")
                } maximumValueLabel: {
                    Image(systemName: "plus")
                }
            }
            HStack {
                Text("Speed")
                Spacer()
                Picker("Speed", selection: $speed) {
                    Text("1×").tag(1.0)
                    Text("1.5×").tag(1.5)
                    Text("2×").tag(2.0)
                }
            }
        }
        .padding(20)
    }
}

struct PlaybackSettings_Previews: PreviewProvider {
    static var previews: some View {
        PlaybackSettings()
    }
}
