import SwiftUI

/// A flash card that turns over when tapped: a `rotation3DEffect` about the vertical axis in perspective on a
/// spring, the two faces cross-fading as it turns (the answer's own half turn keeps its text readable).
struct FlipCard: View {
    @State private var flipped = false

    var body: some View {
        ZStack {
            face(title: "Capital of Iceland?", symbol: "star.fill", colors: [.indigo, .purple])
                .opacity(flipped ? 0 : 1)
            face(title: "Reykjavík", symbol: "checkmark.circle.fill", colors: [.teal, .green])
                .rotation3DEffect(.degrees(180), axis: (x: 0, y: 1, z: 0))
                .opacity(flipped ? 1 : 0)
        }
        .frame(width: 220, height: 140)
        .rotation3DEffect(.degrees(flipped ? 180 : 0), axis: (x: 0, y: 1, z: 0), perspective: 0.6)
        .onTapGesture {
            withAnimation(.spring(duration: 0.8, bounce: 0.2)) { flipped.toggle() }
        }
        .padding(30)
    }

    private func face(title: String, symbol: String, colors: [Color]) -> some View {
        RoundedRectangle(cornerRadius: 18)
            .fill(LinearGradient(colors: colors, startPoint: .topLeading, endPoint: .bottomTrailing))
            .overlay {
                VStack(spacing: 10) {
                    Image(systemName: symbol).font(.system(size: 34))
                    Text(title).font(.title3.weight(.semibold))
                }
                .foregroundStyle(.white)
            }
            .shadow(color: .black.opacity(0.25), radius: 8, y: 4)
    }
}

struct FlipCard_Previews: PreviewProvider {
    static var previews: some View {
        FlipCard()
    }
}
