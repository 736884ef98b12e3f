import SwiftUI

/// Removable tags: capsules with a tinted fill and border, laid out in a row from an identifiable list;
/// a tapped tag fades out and the others close up.
struct TagList: View {
    struct Tag: Identifiable {
        let id: Int
        let name: String
    }

    @State private var tags = [Tag(id: 1, name: "Swift"), Tag(id: 2, name: "Linux"), Tag(id: 3, name: "Render")]

    var body: some View {
        HStack(spacing: 8) {
            ForEach(tags) { tag in
                Text(tag.name)
                    .font(.subheadline)
                    .padding(.horizontal, 12)
                    .padding(.vertical, 6)
                    .background(Capsule().fill(Color.blue.opacity(0.12)))
                    .overlay(Capsule().strokeBorder(Color.blue, lineWidth: 1))
                    .onTapGesture {
                        withAnimation(.easeOut(duration: 0.3)) {
                            tags.removeAll { $0.id == tag.id }
                        }
                    }
                    .transition(.opacity)
            }
        }
    }
}

struct TagList_Previews: PreviewProvider {
    static var previews: some View {
        TagList()
    }
}
