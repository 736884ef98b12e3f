import SwiftUI

/// An inbox in a stack driven by a path: pulled down, it refreshes (a new message arrives after a second's
/// load); a row swiped left uncovers Flag (its own action, so `onDelete`'s Delete is not given) and one swiped
/// right its tinted Pin; a tap on a row pushes its message, drawn by `navigationDestination(for:)`.
struct InboxActions: View {
    struct Message: Identifiable, Hashable {
        let id: Int
        let sender: String
        let subject: String
    }

    @State private var path: [Message] = []
    @State private var messages = [
        Message(id: 1, sender: "Jonas", subject: "Slides for Thursday"),
        Message(id: 2, sender: "Priya", subject: "Lunch on the terrace?"),
        Message(id: 3, sender: "Mei", subject: "Your bookshop receipt"),
    ]
    @State private var pinned: Set<Int> = []

    var body: some View {
        NavigationStack(path: $path) {
            List {
                ForEach(messages) { message in
                    NavigationLink(value: message) {
                        VStack(alignment: .leading, spacing: 2) {
                            Text(message.sender + (pinned.contains(message.id) ? " · pinned" : "")).font(.headline)
                            Text(message.subject).font(.subheadline).foregroundStyle(.secondary)
                        }
                    }
                    .swipeActions {
                        Button("Flag") {}.tint(.orange)
                    }
                    .swipeActions(edge: .leading) {
                        Button("Pin") { pinned.insert(message.id) }.tint(.yellow)
                    }
                }
                .onDelete { messages.remove(atOffsets: $0) }
            }
            .navigationTitle("Inbox")
            .navigationDestination(for: Message.self) { message in
                VStack(alignment: .leading, spacing: 12) {
                    Text(message.subject).font(.title2.bold())
                    Text("From " + message.sender).foregroundStyle(.secondary)
                    Spacer()
                }
                .padding()
                .frame(maxWidth: .infinity, alignment: .leading)
                .navigationTitle(message.sender)
                .navigationBarTitleDisplayMode(.inline)
            }
            .refreshable {
                try? await Task.sleep(for: .seconds(1))
                messages.insert(Message(id: 4, sender: "Ana", subject: "Photos from Saturday"), at: 0)
            }
        }
    }
}

struct InboxActions_Previews: PreviewProvider {
    static var previews: some View { InboxActions() }
}
