import SwiftUI

/// Pages as iOS draws a page-style tab view: each page as large as the view, turned by a horizontal drag
/// that comes to rest on a page, with the dots for the page shown; the selection follows the pages.
struct OnboardingPages: View {
    @State private var page = 0
    private let pages: [(title: String, symbol: String, color: Color)] = [
        ("Welcome", "hand.draw.fill", .blue), ("Share", "paperplane.fill", .purple), ("Relax", "moon.stars.fill", .indigo),
    ]

    var body: some View {
        VStack(spacing: 0) {
            TabView(selection: $page) {
                ForEach(pages.indices, id: \.self) { index in
                    VStack(spacing: 16) {
                        Image(systemName: pages[index].symbol).font(.system(size: 64))
                        Text(pages[index].title).font(.largeTitle.bold())
                    }
                    .foregroundStyle(.white)
                    .frame(maxWidth: .infinity, maxHeight: .infinity)
                    .background(pages[index].color.gradient)
                }
            }
            .tabViewStyle(.page)
            Text("Page \(page + 1) of \(pages.count)")
                .font(.footnote)
                .foregroundStyle(.secondary)
                .padding()
        }
    }
}

struct OnboardingPages_Previews: PreviewProvider {
    static var previews: some View {
        OnboardingPages()
    }
}
