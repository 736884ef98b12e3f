import SwiftUI

/// A tab bar as iOS draws it: three tabs with symbols and titles, the chosen one in the tint. The first tab
/// is a list (so the bar takes its background), the second a grid of adaptive columns, the third a view
/// that says there is nothing to show; a tap on an item shows its tab, and each keeps its state.
struct HomeTabs: View {
    @State private var tab = "home"

    var body: some View {
        TabView(selection: $tab) {
            NavigationStack {
                List(1..<16, id: \.self) { day in
                    Label("Day \(day)", systemImage: day.isMultiple(of: 3) ? "star.fill" : "star")
                }
                .navigationTitle("Home")
            }
            .tabItem { Label("Home", systemImage: "house.fill") }
            .tag("home")

            ColorGrid()
                .tabItem { Label("Colors", systemImage: "heart.fill") }
                .tag("colors")

            ContentUnavailableView(
                "No Messages", systemImage: "envelope.fill",
                description: Text("Messages you receive will appear here."))
                .tabItem { Label("Inbox", systemImage: "bell.fill") }
                .tag("inbox")
        }
    }
}

/// Tiles in as many columns of at least 70 points as fit, 12 points apart.
struct ColorGrid: View {
    private let colors: [Color] = [.red, .orange, .yellow, .green, .mint, .teal, .cyan, .blue, .indigo, .purple]

    var body: some View {
        ScrollView {
            LazyVGrid(columns: [GridItem(.adaptive(minimum: 70), spacing: 12)], spacing: 12) {
                ForEach(0..<24, id: \.self) { index in
                    RoundedRectangle(cornerRadius: 12)
                        .fill(colors[index % colors.count].gradient)
                        .frame(height: 70)
                        .overlay(Text("\(index + 1)").font(.headline).foregroundStyle(.white))
                }
            }
            .padding()
        }
    }
}

struct HomeTabs_Previews: PreviewProvider {
    static var previews: some View {
        HomeTabs()
    }
}
