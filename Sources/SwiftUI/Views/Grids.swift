import RevealCore
import RevealLayout
import RevealRaster
import RevealText

/// The first of its views that fits the size offered on `axes`, or the last when none does, as SwiftUI's
/// `ViewThatFits`: a view's ideal size is what it takes when nothing is offered on those axes.
nonisolated public struct ViewThatFits<Content: View>: _PrimitiveView {
    let axes: Axis.Set
    let content: Content

    /// The views `content` builds, tried in order on `axes` (both by default).
    public init(in axes: Axis.Set = [.horizontal, .vertical], @ViewBuilder content: () -> Content) {
        self.axes = axes
        self.content = content()
    }
}

/// Rows of views sharing columns, as SwiftUI's `Grid`: each column as wide as its widest cell, each row as
/// tall as its tallest, cells placed in them by `alignment`. A view in the grid outside a `GridRow` (a
/// `Divider`) spans every column.
nonisolated public struct Grid<Content: View>: _PrimitiveView {
    let alignment: Alignment
    let horizontalSpacing: CGFloat?
    let verticalSpacing: CGFloat?
    let content: Content

    /// A grid of the rows `content` builds, `horizontalSpacing` and `verticalSpacing` points apart (nil: 8).
    public init(
        alignment: Alignment = .center, horizontalSpacing: CGFloat? = nil, verticalSpacing: CGFloat? = nil,
        @ViewBuilder content: () -> Content
    ) {
        self.alignment = alignment
        self.horizontalSpacing = horizontalSpacing
        self.verticalSpacing = verticalSpacing
        self.content = content()
    }
}

/// One row of a `Grid`: its views go one to a column; `alignment` overrides the grid's vertical alignment.
/// Outside a grid, its views are laid out as a `Group`'s are.
nonisolated public struct GridRow<Content: View>: _PrimitiveView {
    let alignment: VerticalAlignment?
    let content: Content

    /// A row of the views `content` builds.
    public init(alignment: VerticalAlignment? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.content = content()
    }
}

extension ViewThatFits: @MainActor Lowerable {
    @MainActor func lower(in graph: ViewGraph, path: String, _ environment: EnvironmentValues) -> [ViewNode] {
        // Each candidate is its own view, as a ZStack's children are.
        let candidates = graph.lowerContainer(content, path: path, environment).map { graph.single([$0]) }
        return [
            ViewNode(
                .firstFitting(
                    horizontally: axes.contains(.horizontal), vertically: axes.contains(.vertical),
                    children: candidates))
        ]
    }
}

extension Grid: @MainActor Lowerable {
    @MainActor func lower(in graph: ViewGraph, path: String, _ environment: EnvironmentValues) -> [ViewNode] {
        var inner = environment
        // A view across the grid is laid out as in a VStack (a divider runs across).
        inner.stackAxis = .vertical
        let (views, collected) = graph.lowerContainer(content, path: path, inner, collectingGridRows: true)
        // Each row left a marker where it was met, carrying the row's modifiers (a font, a color), which
        // apply to each of its cells; every other view spans the grid.
        let rows = views.map { view in
            guard let index = GridRowMarker.index(of: view), collected.indices.contains(index) else {
                return GridRowContent(cells: [view], spansColumns: true)
            }
            var row = collected[index]
            row.cells = row.cells.map { ViewNode($0.kind, $0.modifiers + view.modifiers) }
            return row
        }
        return [
            ViewNode(
                .grid(
                    alignment: alignment.engine, horizontalSpacing: Double(horizontalSpacing ?? 8),
                    verticalSpacing: Double(verticalSpacing ?? 8), rows: rows))
        ]
    }
}

/// Where the `index`th `GridRow` of a grid was met among its views: an empty grid with no spacing given
/// (a `Grid` always gives its spacing), the index in its alignment.
enum GridRowMarker {
    static func view(_ index: Int) -> ViewNode {
        ViewNode(
            .grid(
                alignment: NodeAlignment(horizontal: Double(index), vertical: -1), horizontalSpacing: nil,
                verticalSpacing: nil, rows: []))
    }

    /// The row index a marker stands for, whatever modifiers it has; nil for any other view.
    static func index(of view: ViewNode) -> Int? {
        guard case .grid(let alignment, nil, nil, let rows) = view.kind, rows.isEmpty,
            alignment.vertical.fraction == -1, let index = alignment.horizontal.fraction
        else { return nil }
        return Int(index)
    }
}

extension GridRow: @MainActor Lowerable {
    @MainActor func lower(in graph: ViewGraph, path: String, _ environment: EnvironmentValues) -> [ViewNode] {
        // Outside a grid (or inside another container in one) the row's views are a group's.
        guard let last = graph.gridRows.last, let rows = last else {
            return graph.lower(content, path: path, environment)
        }
        var inner = environment
        inner.stackAxis = .horizontal
        let cells = graph.lowerContainer(content, path: path, inner)
        graph.gridRows[graph.gridRows.count - 1] =
            rows + [GridRowContent(cells: cells, alignment: alignment?.guide)]
        return [GridRowMarker.view(rows.count)]
    }
}
