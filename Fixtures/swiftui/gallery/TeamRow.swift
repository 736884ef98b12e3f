import SwiftUI

/// A project row: a title that keeps its room (`layoutPriority`) beside a caption that wraps, the two on one
/// first baseline; overlapping avatars, the chosen one raised (`zIndex`) and grown on a spring; a cover of a
/// fixed aspect ratio with a count badge centred on its corner (`alignmentGuide`); a note in spaced,
/// centred lines; and a button at its own size (`fixedSize`).
struct TeamRow: View {
    @State private var chosen = 0
    private let initials = ["AK", "BO", "CJ"]
    private let colors: [Color] = [.orange, .pink, .purple]

    var body: some View {
        VStack(alignment: .leading, spacing: 14) {
            HStack(alignment: .firstTextBaseline, spacing: 8) {
                Text("Design Sprint").font(.title2.bold()).layoutPriority(1)
                Text("updated two hours ago by the whole team").font(.footnote).foregroundStyle(.secondary)
            }
            HStack(spacing: -10) {
                ForEach(0..<3) { index in
                    Circle()
                        .fill(colors[index])
                        .overlay(Text(initials[index]).font(.caption.bold()).foregroundStyle(.white))
                        .overlay(Circle().stroke(.white, lineWidth: 2))
                        .frame(width: 40, height: 40)
                        .scaleEffect(chosen == index ? 1.15 : 1)
                        .zIndex(chosen == index ? 1 : 0)
                }
                Spacer()
                Button("Next") {
                    withAnimation(.spring(response: 0.35, dampingFraction: 0.6)) { chosen = (chosen + 1) % 3 }
                }
                .buttonStyle(.bordered)
                .fixedSize()
            }
            RoundedRectangle(cornerRadius: 12)
                .fill(LinearGradient(colors: [.teal, .blue], startPoint: .topLeading, endPoint: .bottomTrailing))
                .aspectRatio(3, contentMode: .fit)
                .overlay(alignment: .topTrailing) {
                    Text("12")
                        .font(.caption.bold())
                        .foregroundStyle(.white)
                        .padding(6)
                        .background(Circle().fill(.red))
                        .alignmentGuide(.top) { $0[VerticalAlignment.center] }
                        .alignmentGuide(.trailing) { $0[HorizontalAlignment.center] }
                }
            Text("Sketches, reviews and a prototype by Friday; everyone joins the Thursday critique.")
                .font(.callout)
                .lineSpacing(6)
                .multilineTextAlignment(.center)
        }
        .padding(20)
    }
}

struct TeamRow_Previews: PreviewProvider {
    static var previews: some View {
        TeamRow()
    }
}
