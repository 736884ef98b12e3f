import SwiftUI

/// A navigation stack as iOS draws it: a large title over a list that collapses to the inline title as the
/// list scrolls, a toolbar button, and rows with disclosure chevrons that push a detail screen, which slides
/// in from the trailing edge with a back button titled after the screen it came from.
struct ContactsStack: View {
    private let names = [
        "Ada Lovelace", "Alan Turing", "Barbara Liskov", "Claude Shannon", "Donald Knuth", "Edsger Dijkstra",
        "Frances Allen", "Grace Hopper", "John McCarthy", "Ken Thompson", "Leslie Lamport", "Margaret Hamilton",
        "Niklaus Wirth", "Radia Perlman", "Tim Berners-Lee",
    ]

    var body: some View {
        NavigationStack {
            List {
                Section("Favorites") {
                    ForEach(names.prefix(3), id: \.self) { name in
                        NavigationLink(name) { ContactDetail(name: name) }
                    }
                }
                Section("All") {
                    ForEach(names, id: \.self) { name in
                        NavigationLink(name) { ContactDetail(name: name) }
                    }
                }
            }
            .navigationTitle("Contacts")
            .toolbar {
                ToolbarItem(placement: .topBarTrailing) {
                    Button("Add", systemImage: "plus") {}
                }
            }
        }
    }
}

/// A contact's screen: an inline title and a few rows.
struct ContactDetail: View {
    let name: String
    @State private var favorite = false

    var body: some View {
        Form {
            Section {
                Text(name).font(.title2.bold())
                Toggle("Favorite", isOn: $favorite)
            }
        }
        .navigationTitle(name)
        .navigationBarTitleDisplayMode(.inline)
    }
}

struct ContactsStack_Previews: PreviewProvider {
    static var previews: some View {
        ContactsStack()
    }
}
