import SwiftUI

/// A spoiler: the answer blurred until a tap, the blur easing away; a hint beside it, its own blur kept.
struct SpoilerText: View {
    @State private var revealed = false

    var body: some View {
        VStack(alignment: .leading, spacing: 10) {
            Text("Who wrote the first program?")
                .font(.headline)
            Text("Ada Lovelace, in 1843")
                .font(.title3)
                .blur(radius: revealed ? 0 : 8)
                .onTapGesture {
                    withAnimation(.easeOut(duration: 0.4)) { revealed = true }
                }
            HStack(spacing: 6) {
                Image(systemName: "star.fill")
                    .foregroundStyle(.orange)
                Text("Hint: the Analytical Engine")
                    .font(.footnote)
                    .blur(radius: 2)
            }
        }
        .padding(20)
    }
}

struct SpoilerText_Previews: PreviewProvider {
    static var previews: some View {
        SpoilerText()
    }
}
