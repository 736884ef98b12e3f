#if canImport(Testing)
    import Foundation
    import RevealRender
    import Testing

    /// Records a Swift Testing issue unless `pixmap` matches the golden image `name`: `assertGolden` for
    /// `@Test` functions, with the same goldens, record modes and artifacts. On a mismatch the expected,
    /// actual and diff PNGs are also attached to the test.
    @discardableResult
    public func expectGolden(
        _ pixmap: Pixmap, named name: String, options: ComparisonOptions = .init(),
        directory: String? = nil, settings: GoldenSettings? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> GoldenResult {
        let result = Golden.verify(
            pixmap, named: name, options: options, directory: directory, settings: settings,
            testFile: sourceLocation.filePath)
        report(result, sourceLocation)
        return result
    }

    /// Records a Swift Testing issue unless `elements` equal the accessibility golden `name`:
    /// `assertAccessibility` for `@Test` functions, attaching the expected and actual lists on a mismatch.
    @discardableResult
    public func expectAccessibility(
        _ elements: [AccessibilityElement], named name: String, directory: String? = nil,
        settings: GoldenSettings? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) -> GoldenResult {
        let result = Golden.verifyAccessibility(
            elements, named: name, directory: directory, settings: settings,
            testFile: sourceLocation.filePath, test: Test.current?.name)
        report(result, sourceLocation)
        return result
    }

    /// A failed check as an issue with its artifacts attached.
    private func report(_ result: GoldenResult, _ sourceLocation: SourceLocation) {
        if !result.passed {
            // Recorded, not thrown: an issue with an error reads "Caught error: …", though nothing was thrown.
            Issue.record(Comment(rawValue: result.message), sourceLocation: sourceLocation)
            if let files = result.artifacts {
                for path in [files.expected, files.actual, files.diff].compactMap({ $0 }) {
                    if let bytes = FileManager.default.contents(atPath: path) {
                        Attachment.record(
                            [UInt8](bytes), named: PathComponents.name(of: path), sourceLocation: sourceLocation)
                    }
                }
            }
        }
    }
#endif
