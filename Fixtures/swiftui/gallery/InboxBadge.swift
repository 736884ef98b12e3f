import SwiftUI

/// A bell with an unread count: a red capsule badge on its top trailing corner that pops in on a bouncy
/// spring when the first message arrives and grows wider as the count reaches two digits.
struct InboxBadge: View {
    @State private var unread = 0

    var body: some View {
        HStack(spacing: 24) {
            Image(systemName: "bell.fill")
                .font(.system(size: 34))
                .foregroundStyle(.gray)
                .overlay(alignment: .topTrailing) {
                    if unread > 0 {
                        Text("\(unread)")
                            .font(.caption.bold())
                            .foregroundStyle(.white)
                            .padding(.horizontal, 6)
                            .padding(.vertical, 2)
                            .background(Capsule().fill(Color.red))
                            .offset(x: 10, y: -8)
                            .transition(.scale.combined(with: .opacity))
                    }
                }
            Button("New message") {
                withAnimation(.bouncy) { unread += unread == 0 ? 1 : 9 }
            }
            .buttonStyle(.bordered)
        }
        .padding(24)
    }
}

struct InboxBadge_Previews: PreviewProvider {
    static var previews: some View {
        InboxBadge()
    }
}
