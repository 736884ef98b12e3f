import SwiftUI

/// A storage card over an `ObservableObject` model: the card owns it with `@StateObject`, child views
/// observe it with `@ObservedObject` (a switch bound through `$model`), and the bar's segments, laid out by
/// a `GeometryReader`, slide to their new ends when "Clear Cache" or the switch changes the model.
struct StorageMeter: View {
    @StateObject private var model = Model()

    var body: some View {
        VStack(alignment: .leading, spacing: 12) {
            HStack(alignment: .firstTextBaseline) {
                // The title at its ideal width, the count offered the rest before the spacer (SwiftUI's
                // stacks offer room by layout priority, highest first).
                Text("iPhone Storage")
                    .font(.headline)
                    .fixedSize()
                Spacer()
                Text("\(Int(model.used)) of \(Int(model.capacity)) GB used")
                    .font(.caption)
                    .monospacedDigit()
                    .foregroundStyle(.secondary)
                    .layoutPriority(1)
            }
            Bar(model: model)
                .frame(height: 12)
            LazyHStack(spacing: 14) {
                ForEach(model.segments) { segment in
                    HStack(spacing: 5) {
                        Circle()
                            .fill(segment.color)
                            .frame(width: 8, height: 8)
                        Text(segment.id)
                            .font(.caption)
                            .foregroundStyle(.secondary)
                    }
                }
            }
            Divider()
            Actions(model: model)
        }
        .padding(16)
        .background(RoundedRectangle(cornerRadius: 18).fill(Color.white))
        .padding(12)
        .frame(width: 320, height: 250)
        .background(Color(white: 0.94))
    }

    /// What uses the disk, in gigabytes; its `@Published` properties announce each change.
    final class Model: ObservableObject {
        @Published var apps = 30.0
        @Published var photos = 46.0
        @Published var cache = 22.0
        @Published var offloadsApps = false
        let capacity = 128.0

        /// Offloading keeps the apps' documents and drops about half of what they take.
        var appsOnDisk: Double { offloadsApps ? apps * 0.5 : apps }
        var used: Double { appsOnDisk + photos + cache }

        var segments: [Segment] {
            [
                Segment(id: "Apps", color: .blue, gigabytes: appsOnDisk),
                Segment(id: "Photos", color: .orange, gigabytes: photos),
                Segment(id: "Cache", color: .teal, gigabytes: cache),
            ]
        }

        /// Where each segment ends along the bar, as a fraction of the capacity.
        var ends: [Double] {
            var total = 0.0
            return segments.map { segment in
                total += segment.gigabytes
                return total / capacity
            }
        }
    }

    /// One kind of content on the bar and in the legend.
    struct Segment: Identifiable {
        let id: String
        let color: Color
        let gigabytes: Double
    }

    /// The bar: each segment a capsule as wide as the reader, pushed left (an offset, which animates) so
    /// that its rounded end sits where the segment ends; the later segments lie under the earlier ones.
    struct Bar: View {
        @ObservedObject var model: Model

        var body: some View {
            let ends = model.ends
            let colors = model.segments.map { $0.color }
            GeometryReader { proxy in
                ZStack(alignment: .leading) {
                    Capsule()
                        .fill(Color(white: 0.9))
                    ForEach([2, 1, 0], id: \.self) { index in
                        Capsule()
                            .fill(colors[index])
                            .frame(width: proxy.size.width)
                            .offset(x: -proxy.size.width * CGFloat(1 - ends[index]))
                    }
                }
                .clipShape(Capsule())
            }
            .animation(.easeInOut(duration: 0.5), value: model.offloadsApps)
        }
    }

    /// The controls, observing the same model: a switch bound to it and a button that empties the cache.
    struct Actions: View {
        @ObservedObject var model: Model

        var body: some View {
            VStack(spacing: 12) {
                Toggle("Offload Unused Apps", isOn: $model.offloadsApps)
                    .font(.subheadline)
                HStack {
                    VStack(alignment: .leading, spacing: 2) {
                        Text("Cache")
                            .font(.subheadline)
                        Text(model.cache == 0 ? "Nothing to clear" : "\(Int(model.cache)) GB of downloads")
                            .font(.caption)
                            .foregroundStyle(.secondary)
                    }
                    .fixedSize()
                    Spacer()
                    Button("Clear Cache") {
                        withAnimation(.easeInOut(duration: 0.6)) { model.cache = 0 }
                    }
                    .buttonStyle(.bordered)
                    .controlSize(.small)
                    .fixedSize()
                    .disabled(model.cache == 0)
                }
            }
        }
    }
}

struct StorageMeter_Previews: PreviewProvider {
    static var previews: some View {
        StorageMeter()
    }
}
