import SwiftUI

/// An upload card: a sync arrow turning while a bar below fills, both started when the card appears; the
/// arrow stops and turns into a check when the upload completes.
struct UploadStatus: View {
    @State private var turning = false
    @State private var progress = 0.0
    @State private var finished = false

    var body: some View {
        VStack(alignment: .leading, spacing: 12) {
            HStack(spacing: 10) {
                if finished {
                    Image(systemName: "checkmark.circle.fill")
                        .foregroundStyle(.green)
                } else {
                    Image(systemName: "arrow.counterclockwise")
                        .foregroundStyle(.blue)
                        .rotationEffect(.degrees(turning ? -360 : 0))
                        .animation(.linear(duration: 0.8).repeatForever(autoreverses: false), value: turning)
                }
                Text(finished ? "Uploaded" : "Uploading photos")
                    .font(.headline)
            }
            ProgressView(value: progress)
        }
        .padding(20)
        .onAppear {
            turning = true
            withAnimation(.easeInOut(duration: 1.2)) {
                progress = 1
            } completion: {
                finished = true
            }
        }
    }
}

struct UploadStatus_Previews: PreviewProvider {
    static var previews: some View {
        UploadStatus()
    }
}
