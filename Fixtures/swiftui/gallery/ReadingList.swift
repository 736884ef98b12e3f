import SwiftUI

/// A reading list in the plain list style with a single selection, whose rows fade and shrink as they leave
/// the list's edges (`scrollTransition`), and a toolbar button that scrolls to the last book through a
/// `ScrollViewReader`.
struct ReadingList: View {
    private let books = [
        "Middlemarch", "Moby-Dick", "Persuasion", "Bleak House", "Beloved", "Dracula", "Emma", "Ulysses",
        "Walden", "Hamlet", "Kindred", "Lolita", "Orlando", "Pale Fire", "Rebecca", "Solaris",
    ]
    @State private var chosen: String?

    var body: some View {
        NavigationStack {
            ScrollViewReader { proxy in
                List(selection: $chosen) {
                    ForEach(books, id: \.self) { book in
                        Text(book)
                            .scrollTransition { content, phase in
                                content.opacity(phase.isIdentity ? 1 : 0.3).scaleEffect(phase.isIdentity ? 1 : 0.9)
                            }
                    }
                }
                .listStyle(.plain)
                .navigationTitle("Reading")
                .toolbar {
                    ToolbarItem(placement: .topBarTrailing) {
                        Button("Last") { withAnimation { proxy.scrollTo("Solaris", anchor: .bottom) } }
                    }
                }
            }
        }
    }
}

struct ReadingList_Previews: PreviewProvider {
    static var previews: some View {
        ReadingList()
    }
}
