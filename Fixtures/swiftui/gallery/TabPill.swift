import SwiftUI

/// A tab bar whose selection is a capsule drawn behind the selected tab only: `matchedGeometryEffect` makes
/// the capsule of a newly selected tab start from the one it replaces, so it slides (and resizes) across.
struct TabPill: View {
    private let tabs = ["Home", "Search", "Library"]
    @Namespace private var pill
    @State private var selected = "Home"

    var body: some View {
        HStack(spacing: 4) {
            ForEach(tabs, id: \.self) { tab in
                Text(tab)
                    .font(.subheadline.weight(.semibold))
                    .foregroundStyle(selected == tab ? .white : .primary)
                    .padding(.horizontal, 14)
                    .padding(.vertical, 8)
                    .background {
                        if selected == tab {
                            Capsule()
                                .fill(.indigo)
                                .matchedGeometryEffect(id: "pill", in: pill)
                        }
                    }
                    .contentShape(Capsule())
                    .onTapGesture {
                        withAnimation(.spring(response: 0.4, dampingFraction: 0.8)) { selected = tab }
                    }
            }
        }
        .padding(4)
        .background(Capsule().fill(Color(white: 0.93)))
        .frame(width: 300, height: 80)
    }
}

struct TabPill_Previews: PreviewProvider {
    static var previews: some View {
        TabPill()
    }
}
