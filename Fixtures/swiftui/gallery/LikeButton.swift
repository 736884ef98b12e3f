import SwiftUI

/// A like button: the heart fills and turns red, and pops with a bouncy spring; the count beside it goes
/// up. Tapping again takes the like back.
struct LikeButton: View {
    @State private var liked = false
    @State private var likes = 41

    var body: some View {
        HStack(spacing: 8) {
            Image(systemName: liked ? "heart.fill" : "heart")
                .font(.title)
                .foregroundStyle(liked ? Color.red : Color.gray)
                .scaleEffect(liked ? 1.25 : 1)
                .animation(.spring(response: 0.3, dampingFraction: 0.4), value: liked)
            Text("\(likes)")
                .font(.headline)
        }
        .padding(.horizontal, 16)
        .padding(.vertical, 10)
        .background(Capsule().fill(Color(white: 0.95)))
        .onTapGesture {
            liked.toggle()
            likes += liked ? 1 : -1
        }
        .accessibilityElement(children: .combine)
        .accessibilityAddTraits(.isButton)
    }
}

struct LikeButton_Previews: PreviewProvider {
    static var previews: some View {
        LikeButton()
    }
}
