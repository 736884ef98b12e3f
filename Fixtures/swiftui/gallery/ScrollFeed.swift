import SwiftUI

/// A feed in a vertical scroll view under a row of chips in a horizontal one: a flick coasts at UIKit's
/// deceleration, a pull past the top rubber-bands and springs back, the indicators show while the content
/// moves, and a tap on a row's button (a touch that does not move) still reaches it.
struct ScrollFeed: View {
    @State private var liked: Set<Int> = []

    private let chips = ["All", "Photos", "Videos", "Places", "People", "Music", "Podcasts", "Books"]

    var body: some View {
        VStack(spacing: 0) {
            ScrollView(.horizontal, showsIndicators: false) {
                HStack(spacing: 8) {
                    ForEach(chips, id: \.self) { chip in
                        Text(chip)
                            .font(.subheadline.weight(.medium))
                            .padding(.horizontal, 14)
                            .padding(.vertical, 7)
                            .background(Capsule().fill(chip == "All" ? Color.blue : Color.gray.opacity(0.15)))
                            .foregroundStyle(chip == "All" ? Color.white : Color.primary)
                    }
                }
                .padding(.horizontal, 16)
                .padding(.vertical, 10)
            }
            Divider()
            ScrollView {
                VStack(spacing: 12) {
                    ForEach(1...14, id: \.self) { index in
                        row(index)
                    }
                }
                .padding(16)
            }
        }
    }

    private func row(_ index: Int) -> some View {
        HStack(spacing: 12) {
            RoundedRectangle(cornerRadius: 10)
                .fill(Color(hue: Double(index) / 14, saturation: 0.55, brightness: 0.9))
                .frame(width: 52, height: 52)
            VStack(alignment: .leading, spacing: 4) {
                Text("Post \(index)")
                    .font(.headline)
                Text("A line about post \(index)")
                    .font(.subheadline)
                    .foregroundStyle(.secondary)
            }
            Spacer()
            Button {
                if liked.contains(index) { liked.remove(index) } else { liked.insert(index) }
            } label: {
                Image(systemName: liked.contains(index) ? "heart.fill" : "heart")
                    .foregroundStyle(.pink)
            }
        }
    }
}

struct ScrollFeed_Previews: PreviewProvider {
    static var previews: some View {
        ScrollFeed()
    }
}
