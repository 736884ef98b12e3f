import RevealCore
import RevealRaster

/// A view made from named values set above it when the tree is built, as a SwiftUI view whose body reads a
/// custom `EnvironmentValues` key: a front end's state passed down (the port's scene conditions).
///
/// Its `variants` are every view it can make its view from, each under a name: validation checks each one
/// whole, and `make` picks among them (or cross-fades two) by the values of `keys`.
package struct EnvironmentReader: Equatable, Sendable {
    /// Names the rule `make` follows: two readers of one name and variants make the same view from the same
    /// values. A layout listing shows the reader under it.
    package let name: String
    /// The values it reads.
    package let keys: [String]
    /// The names of `variants` (a scene file's keys for them).
    package let variantNames: [String]
    /// The views it makes its view from.
    package let variants: [ViewNode]
    private let make: SharedFunction<[String: Double], ViewNode>

    /// A reader named `name` of the values `keys`, making its view from `variants` (under `variantNames`) by
    /// `make(values, variants)`.
    package init(
        name: String, keys: [String], variants: [(name: String, view: ViewNode)],
        make: @escaping @Sendable ([String: Double], [ViewNode]) -> ViewNode
    ) {
        self.name = name
        self.keys = keys
        variantNames = variants.map(\.name)
        let views = variants.map(\.view)
        self.variants = views
        self.make = SharedFunction { values in make(values, views) }
    }

    /// The view for `values`.
    package func view(for values: [String: Double]) -> ViewNode { make.call(values) }

    package static func == (a: EnvironmentReader, b: EnvironmentReader) -> Bool {
        a.name == b.name && a.keys == b.keys && a.variantNames == b.variantNames && a.variants == b.variants
    }
}
