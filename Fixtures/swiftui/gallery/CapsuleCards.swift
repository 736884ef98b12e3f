import SwiftUI

/// Cards two to a screen in a horizontal scroll view (`containerRelativeFrame` with a count and a span), each
/// a group box, under a capsule-shaped prominent button tinted white with a pink title.
struct CapsuleCards: View {
    private let cities = ["Lisbon", "Kyoto", "Oslo", "Lima"]

    var body: some View {
        VStack(spacing: 24) {
            ScrollView(.horizontal) {
                HStack(spacing: 16) {
                    ForEach(cities, id: \.self) { city in
                        GroupBox(city) {
                            Text("3 nights").foregroundStyle(.secondary)
                        }
                        .containerRelativeFrame(.horizontal, count: 2, spacing: 16)
                    }
                }
            }
            .scrollIndicators(.hidden)
            Button {
            } label: {
                Text("Book").frame(maxWidth: .infinity)
            }
            .buttonStyle(.borderedProminent)
            .buttonBorderShape(.capsule)
            .tint(.white)
            .foregroundStyle(.pink)
            .padding(.horizontal)
        }
        .padding(.vertical)
        .frame(maxHeight: .infinity)
        .background(Color.pink.overlay(Gradient(colors: [.clear, .black.opacity(0.5)])).ignoresSafeArea())
    }
}

struct CapsuleCards_Previews: PreviewProvider {
    static var previews: some View {
        CapsuleCards()
    }
}
