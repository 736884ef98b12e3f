import SwiftUI

/// An inbox: a `LazyVStack` of `Identifiable` messages whose subjects keep to one line (`lineLimit`); a
/// message a `.task` delivers pushes in from the trailing edge and an archived one fades away
/// (`.asymmetric(insertion: .push(from: .trailing), removal: .opacity)`).
struct MailTriage: View {
    @State private var messages = [
        Message(
            id: 1, sender: "Jonas", subject: "Slides for Thursday are in the shared folder", time: "9:12",
            color: .blue),
        Message(id: 2, sender: "Priya", subject: "Lunch on the terrace?", time: "10:05", color: .pink),
        Message(id: 3, sender: "Mei", subject: "Your bookshop receipt", time: "11:30", color: .green),
    ]

    var body: some View {
        VStack(alignment: .leading, spacing: 10) {
            HStack(alignment: .firstTextBaseline) {
                Text("Inbox")
                    .font(.title2.bold())
                Spacer()
                Text("\(messages.count) messages")
                    .font(.footnote)
                    .foregroundStyle(.secondary)
            }
            LazyVStack(spacing: 8) {
                ForEach(messages) { message in
                    row(message)
                        .transition(.asymmetric(insertion: .push(from: .trailing), removal: .opacity))
                }
            }
            Spacer(minLength: 0)
        }
        .padding(16)
        .frame(width: 320, height: 340)
        .background(Color(white: 0.95))
        .task {
            try? await Task.sleep(for: .seconds(0.3))
            withAnimation(.snappy(duration: 0.45)) {
                messages.append(
                    Message(id: 4, sender: "Ana", subject: "Tickets for Saturday", time: "12:48", color: .orange))
            }
        }
    }

    /// A message: an initial on a colored disc, the sender, time and subject, and a button that archives it.
    private func row(_ message: Message) -> some View {
        HStack(spacing: 12) {
            Circle()
                .fill(message.color)
                .frame(width: 36, height: 36)
                .overlay(
                    Text(String(message.sender.prefix(1)))
                        .font(.subheadline.bold())
                        .foregroundStyle(.white)
                )
            VStack(alignment: .leading, spacing: 2) {
                HStack(alignment: .firstTextBaseline) {
                    Text(message.sender)
                        .font(.subheadline.weight(.semibold))
                    Spacer()
                    Text(message.time)
                        .font(.caption)
                        .foregroundStyle(.secondary)
                }
                Text(message.subject)
                    .font(.footnote)
                    .foregroundStyle(.secondary)
                    .lineLimit(1)
            }
            Button {
                withAnimation(.easeOut(duration: 0.3)) {
                    messages.removeAll { $0.id == message.id }
                }
            } label: {
                Image(systemName: "checkmark")
                    .font(.caption.bold())
                    .foregroundStyle(.white)
                    .frame(width: 28, height: 28)
                    .background(Circle().fill(Color.green))
            }
            .buttonStyle(.plain)
            .accessibilityLabel("Archive \(message.sender)")
        }
        .padding(10)
        .background(RoundedRectangle(cornerRadius: 12).fill(Color.white))
    }

    struct Message: Identifiable {
        let id: Int
        let sender: String
        let subject: String
        let time: String
        let color: Color
    }
}

struct MailTriage_Previews: PreviewProvider {
    static var previews: some View {
        MailTriage()
    }
}
