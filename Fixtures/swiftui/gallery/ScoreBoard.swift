import SwiftUI

/// A scoreboard: a Grid of players, their points and a bar of their share, a divider across the grid and a
/// total in the points column; a title that is long where it fits and short where it does not
/// (ViewThatFits). A tap on a player's name (a plain button) gives them three points, and their bar grows.
struct ScoreBoard: View {
    @State private var scores = [12, 9, 4]
    private let names = ["Ana", "Bartholomew", "Cy"]

    var body: some View {
        VStack(alignment: .leading, spacing: 12) {
            ViewThatFits(in: .horizontal) {
                Text("Weekly leaderboard, all teams")
                Text("Leaderboard")
            }
            .font(.headline)
            Grid(alignment: .leading, horizontalSpacing: 12, verticalSpacing: 8) {
                GridRow {
                    Text("Player")
                    Text("Points")
                    Text("Share")
                }
                .font(.caption)
                .foregroundStyle(.secondary)
                ForEach(0..<3) { index in
                    GridRow(alignment: .center) {
                        Button(names[index]) {
                            withAnimation(.easeOut(duration: 0.3)) { scores[index] += 3 }
                        }
                        .buttonStyle(.plain)
                        Text("\(scores[index])")
                        Capsule()
                            .fill(Color.accentColor)
                            .frame(width: CGFloat(scores[index]) * 3, height: 8)
                    }
                }
                Divider()
                GridRow {
                    Text("Total").bold()
                    Text("\(scores.reduce(0, +))").bold()
                }
            }
        }
        .padding(16)
    }
}

struct ScoreBoard_Previews: PreviewProvider {
    static var previews: some View {
        ScoreBoard()
    }
}
