import Foundation
import RevealCore
import RevealLayout
import RevealOutput
import RevealRaster
import RevealText

/// The seed's `ScratchToRevealCoverage`: how much of the card is uncovered, on a coarse grid of cells.
///
/// A line-for-line port, quirks included: a brush line is sampled at most 257 times whatever its
/// length (the 256-step cap), a cell is cleared when its centre lies within the brush radius or half a
/// cell diagonal, whichever is larger, and indices are clamped into the grid, so points beyond the
/// view clear the edge cells nearest to them. Coordinates are in view points.
public struct ScratchCoverage: Equatable, Sendable {
    /// Cells across the view, 1...256 (default 24).
    public let columns: Int
    /// Cells down the view, 1...256 (default 24).
    public let rows: Int
    private var cells: [Bool]
    /// How many cells have been cleared so far.
    public private(set) var clearedCount = 0

    /// A grid of `columns`×`rows` cells, none cleared; each count is clamped to 1...256.
    public init(columns: Int = 24, rows: Int = 24) {
        self.columns = min(max(columns, 1), 256)
        self.rows = min(max(rows, 1), 256)
        cells = [Bool](repeating: false, count: self.columns * self.rows)
    }

    /// The fraction of cells cleared, 0...1.
    public var fraction: Double {
        Double(clearedCount) / Double(columns * rows)
    }

    /// Whether the cell at `row * columns + column` is cleared.
    public func isCleared(_ index: Int) -> Bool { cells.indices.contains(index) && cells[index] }

    /// Clears the cells under a brush line from `start` to `end` in a view of the given size.
    public mutating func scratch(
        from start: Point, to end: Point, brushWidth: Double, in size: (width: Double, height: Double)
    ) {
        guard size.width > 0, size.height > 0, brushWidth > 0 else { return }
        let distance = hypot(end.x - start.x, end.y - start.y)
        guard distance.isFinite else { return }
        let steps = Int(min(distance / (brushWidth / 2), 256)) + 1
        for step in 0...steps {
            let progress = Double(step) / Double(steps)
            let point = Point(x: start.x + (end.x - start.x) * progress, y: start.y + (end.y - start.y) * progress)
            clear(around: point, radius: brushWidth / 2, in: size)
        }
    }

    private mutating func clear(around point: Point, radius: Double, in size: (width: Double, height: Double)) {
        let cellWidth = size.width / Double(columns)
        let cellHeight = size.height / Double(rows)
        let reach = max(radius, hypot(cellWidth, cellHeight) / 2)
        for row in index(
            (point.y - reach) / cellHeight, limit: rows)...index((point.y + reach) / cellHeight, limit: rows)
        {
            for column in index(
                (point.x - reach) / cellWidth, limit: columns)...index((point.x + reach) / cellWidth, limit: columns)
            {
                let center = Point(x: (Double(column) + 0.5) * cellWidth, y: (Double(row) + 0.5) * cellHeight)
                if hypot(center.x - point.x, center.y - point.y) <= reach {
                    let cell = row * columns + column
                    if !cells[cell] {
                        cells[cell] = true
                        clearedCount += 1
                    }
                }
            }
        }
    }

    private func index(_ value: Double, limit: Int) -> Int {
        Int(min(max(value.rounded(.down), 0), Double(limit - 1)))
    }
}
