import SwiftUI

/// An article card that loads: a `.redacted(reason: .placeholder)` skeleton pulses until a `.task` has
/// slept 0.8 s, then cross-fades to the card; the card reads the redaction reasons to grey its header,
/// keeps its edition tag with `unredacted()`, and sets its text with `textCase`, `lineLimit` and `lineSpacing`.
struct ArticleLoader: View {
    @State private var loaded = false
    @State private var pulsing = false

    var body: some View {
        ZStack {
            if loaded {
                Card()
                    .transition(.opacity)
            } else {
                Card()
                    .redacted(reason: .placeholder)
                    .opacity(pulsing ? 0.5 : 1)
                    .transition(.opacity)
            }
        }
        .padding(16)
        .frame(width: 300, height: 330)
        .background(Color(white: 0.94))
        .onAppear {
            withAnimation(.easeInOut(duration: 0.45).repeatForever(autoreverses: true)) { pulsing = true }
        }
        .task {
            try? await Task.sleep(for: .seconds(0.8))
            withAnimation(.easeInOut(duration: 0.45)) { loaded = true }
        }
    }

    /// The card itself, the same loaded or not: what is redacted is decided around it.
    struct Card: View {
        @Environment(\.redactionReasons) private var redactionReasons

        var body: some View {
            VStack(alignment: .leading, spacing: 0) {
                ZStack(alignment: .bottomLeading) {
                    UnevenRoundedRectangle(topLeadingRadius: 16, topTrailingRadius: 16)
                        .fill(
                            EllipticalGradient(
                                colors: [
                                    Color(hue: 0.13, saturation: 0.55, brightness: 1),
                                    Color(hue: 0.03, saturation: 0.75, brightness: 0.9),
                                ],
                                center: .topLeading, startRadiusFraction: 0, endRadiusFraction: 1))
                    if redactionReasons.contains(.placeholder) {
                        UnevenRoundedRectangle(topLeadingRadius: 16, topTrailingRadius: 16)
                            .fill(Color(white: 0.88))
                    }
                    Image(systemName: "sun.max.fill")
                        .font(.title)
                        .foregroundStyle(.white)
                        .padding(14)
                }
                .frame(height: 84)
                .overlay(alignment: .topTrailing) {
                    Text("Weekend Edition")
                        .font(.caption2.weight(.semibold))
                        .foregroundStyle(.white)
                        .padding(.horizontal, 8)
                        .padding(.vertical, 4)
                        .background(Capsule().fill(Color(white: 0, opacity: 0.3)))
                        .padding(10)
                        .unredacted()
                }
                VStack(alignment: .leading, spacing: 8) {
                    Text("Travel")
                        .font(.caption.weight(.semibold))
                        .tracking(1.2)
                        .foregroundStyle(.orange)
                        .textCase(.uppercase)
                    Text("Ten quiet beaches to visit before the summer crowds")
                        .font(.headline)
                        .lineLimit(2)
                    Text(
                        "From the cliffs of the Algarve to the coves of Menorca: where to swim, eat and stay while "
                            + "the season is still young and the water already warm."
                    )
                    .font(.footnote)
                    .foregroundStyle(.secondary)
                    .lineSpacing(3)
                    .lineLimit(3)
                    HStack(spacing: 5) {
                        Image(systemName: "star.fill")
                            .foregroundStyle(.yellow)
                        Text("4.8")
                            .fontWeight(.semibold)
                        Text("6 min read")
                            .foregroundStyle(.secondary)
                    }
                    .font(.caption)
                }
                .padding(14)
            }
            .background(RoundedRectangle(cornerRadius: 16).fill(Color.white))
            .shadow(color: Color(white: 0, opacity: 0.08), radius: 8, y: 3)
        }
    }
}

struct ArticleLoader_Previews: PreviewProvider {
    static var previews: some View {
        ArticleLoader()
    }
}
