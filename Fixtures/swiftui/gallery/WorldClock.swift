import SwiftUI

/// A world clock for Reykjavík (UTC all year): an analog face whose second hand sweeps on every frame of
/// a `TimelineView(.animation)`, and a digital readout that a periodic timeline updates once a second.
/// Both read the timeline's date, so every run shows the same time.
struct WorldClock: View {
    private static let formatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.dateFormat = "HH:mm:ss"
        return formatter
    }()

    var body: some View {
        VStack(spacing: 12) {
            TimelineView(.animation) { context in
                let seconds = context.date.timeIntervalSince1970.truncatingRemainder(dividingBy: 86_400)
                ZStack {
                    Circle()
                        .fill(RadialGradient(colors: [.white, Color(white: 0.9)], center: .center, startRadius: 20, endRadius: 60))
                    Circle().strokeBorder(Color(white: 0.75), lineWidth: 1)
                    ForEach(0..<12) { tick in
                        Capsule()
                            .fill(.secondary)
                            .frame(width: tick % 3 == 0 ? 3 : 1.5, height: tick % 3 == 0 ? 9 : 5)
                            .offset(y: -44)
                            .rotationEffect(.degrees(Double(tick) * 30))
                    }
                    hand(length: 26, width: 4, color: .primary, degrees: seconds / 120)
                    hand(length: 38, width: 3, color: .primary, degrees: seconds / 10)
                    hand(length: 42, width: 1.5, color: .orange, degrees: seconds * 6)
                    Circle().fill(.orange).frame(width: 7, height: 7)
                }
                .frame(width: 104, height: 104)
            }
            TimelineView(.periodic(from: Date(timeIntervalSince1970: 0), by: 1)) { context in
                VStack(spacing: 2) {
                    Text("Reykjavík").font(.headline)
                    Text(WorldClock.formatter.string(from: context.date))
                        .font(.subheadline)
                        .foregroundStyle(.secondary)
                }
            }
        }
        .padding(20)
    }

    /// A hand `length` points long from the middle, turned `degrees` clockwise from twelve o'clock.
    private func hand(length: CGFloat, width: CGFloat, color: Color, degrees: Double) -> some View {
        Capsule()
            .fill(color)
            .frame(width: width, height: length)
            .offset(y: -length / 2)
            .rotationEffect(.degrees(degrees))
    }
}

struct WorldClock_Previews: PreviewProvider {
    static var previews: some View {
        WorldClock()
    }
}
