import SwiftUI

/// A profile card: a gradient header with only its top corners rounded, an uppercase team caption in the
/// secondary color, a lazy list of skills, and a Follow button that turns into a disabled "Following"
/// (a second tap on it does nothing).
struct ProfileCard: View {
    @State private var following = false
    private let skills = ["Swift", "Rendering", "Accessibility"]

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            LinearGradient(
                colors: [Color(hue: 0.58, saturation: 0.55, brightness: 0.95), Color(hue: 0.8, saturation: 0.5, brightness: 0.85)],
                startPoint: .topLeading, endPoint: .bottomTrailing
            )
            .frame(height: 56)
            .clipShape(UnevenRoundedRectangle(topLeadingRadius: 16, topTrailingRadius: 16))
            VStack(alignment: .leading, spacing: 6) {
                Text("Design team")
                    .textCase(.uppercase)
                    .font(.caption)
                    .fontWeight(.semibold)
                    .foregroundStyle(.secondary)
                Text("Ada Park")
                    .font(.title3)
                    .bold()
                LazyVStack(alignment: .leading, spacing: 4) {
                    ForEach(skills, id: \.self) { skill in
                        Label(skill, systemImage: "star.fill")
                            .font(.footnote)
                            .foregroundStyle(Color.orange.mix(with: .red, by: 0.3))
                    }
                }
                Button(following ? "Following" : "Follow") {
                    withAnimation(.easeOut(duration: 0.25)) { following.toggle() }
                }
                .buttonStyle(.bordered)
                .disabled(following)
                .padding(.top, 4)
            }
            .padding(16)
        }
        .frame(width: 240)
        .background(Color.white)
        .clipShape(.rect(cornerRadius: 16))
        .overlay(RoundedRectangle(cornerRadius: 16).strokeBorder(Color(white: 0.85), lineWidth: 1))
    }
}

struct ProfileCard_Previews: PreviewProvider {
    static var previews: some View {
        ProfileCard()
            .padding()
            .background(Color(white: 0.95))
    }
}
