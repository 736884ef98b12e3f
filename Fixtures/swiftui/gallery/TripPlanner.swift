import SwiftUI

/// An app screen's controls and a sheet as iOS draws them: a search field under the large title, a compact
/// date picker, a closed menu, a disclosure group that expands with its chevron turning; then a sheet at the
/// medium detent over the dimmed screen, dismissed by its Done button through `dismiss`.
struct TripPlanner: View {
    @State private var showsDetails = false
    /// 14 May 2026 (a date of its own: the gallery's goldens are drawn in-process, where `Date()` is today).
    @State private var departure = Date(timeIntervalSince1970: 1_778_716_800)
    @State private var query = ""

    var body: some View {
        NavigationStack {
            List {
                Section("Trip") {
                    DatePicker("Departure", selection: $departure, displayedComponents: .date)
                    Menu("Share Itinerary") {
                        Button("Copy Link") {}
                        Button("Send by Mail") {}
                    }
                    DisclosureGroup("Packing List") {
                        Text("Passport")
                        Text("Charger")
                    }
                }
                Section {
                    Button("Show Flight Details") { showsDetails = true }
                }
            }
            .navigationTitle("Lisbon")
            .searchable(text: $query, prompt: "Search Places")
            .sheet(isPresented: $showsDetails) {
                FlightDetails()
                    .presentationDetents([.medium, .large])
            }
        }
    }
}

/// The sheet's content: its Done button dismisses it.
struct FlightDetails: View {
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        VStack(spacing: 12) {
            Text("Flight 815").font(.title2.bold())
            Text("Gate 23 · Boarding 9:41").foregroundStyle(.secondary)
            Button("Done") { dismiss() }
                .buttonStyle(.borderedProminent)
        }
    }
}

struct TripPlanner_Previews: PreviewProvider {
    static var previews: some View {
        TripPlanner()
    }
}
