import SwiftUI

/// A download row: a label and a linear progress bar that fills on its own once the view appears, and
/// says it is done when the animation completes.
struct DownloadProgress: View {
    @State private var fraction = 0.0
    @State private var done = false

    var body: some View {
        VStack(alignment: .leading, spacing: 12) {
            ProgressView("Downloading assets", value: fraction)
            Text(done ? "Done" : "Please wait")
                .font(.footnote)
                .foregroundStyle(.gray)
        }
        .padding(24)
        .onAppear {
            withAnimation(.linear(duration: 1.5)) {
                fraction = 1
            } completion: {
                done = true
            }
        }
    }
}

struct DownloadProgress_Previews: PreviewProvider {
    static var previews: some View {
        DownloadProgress()
    }
}
