import Foundation
import RevealRenderTesting
import RevealTestSupport
import Testing

@testable import RevealRender

/// `expectGolden` under Swift Testing. Scripts/test runs XCTest only (--disable-swift-testing); run these
/// with `swift test --filter ExpectGoldenTests` (Swift Testing is on by default there).
@Suite struct ExpectGoldenTests {
    private func folders() throws -> (goldens: String, artifacts: String) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ExpectGoldenTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        return (root.appendingPathComponent("goldens").path, root.appendingPathComponent("artifacts").path)
    }

    @Test func matchingGoldenRecordsNoIssue() throws {
        let (goldens, artifacts) = try folders()
        defer { try? FileManager.default.removeItem(atPath: (goldens as NSString).deletingLastPathComponent) }
        let image = try Pixmap(width: 3, height: 2, fill: PremultipliedRGBA8(r: 9, g: 80, b: 200, a: 255))
        try FileManager.default.createDirectory(atPath: goldens, withIntermediateDirectories: true)
        try AtomicFile.write(try PNG.encode(image), to: goldens + "/blue.png")
        let result = expectGolden(
            image, named: "blue", directory: goldens,
            settings: GoldenSettings(recordMode: .never, artifactsDirectory: artifacts))
        #expect(result.passed)
    }

    @Test func mismatchRecordsAnIssueNamingTheFiles() throws {
        let (goldens, artifacts) = try folders()
        defer { try? FileManager.default.removeItem(atPath: (goldens as NSString).deletingLastPathComponent) }
        let image = try Pixmap(width: 3, height: 2, fill: PremultipliedRGBA8(r: 9, g: 80, b: 200, a: 255))
        try FileManager.default.createDirectory(atPath: goldens, withIntermediateDirectories: true)
        try AtomicFile.write(try PNG.encode(image), to: goldens + "/blue.png")
        var changed = image
        changed[1, 1] = PremultipliedRGBA8(r: 9, g: 81, b: 200, a: 255)
        var result: GoldenResult?
        withKnownIssue {
            result = expectGolden(
                changed, named: "blue", directory: goldens,
                settings: GoldenSettings(recordMode: .never, artifactsDirectory: artifacts))
        } matching: { issue in
            // Recorded, not thrown (no "Caught error"): the golden's whole message is the issue's comment.
            guard case .unconditional = issue.kind, let text = issue.comments.first?.rawValue else { return false }
            return text.hasPrefix("golden \"blue\" does not match") && text.contains("1 pixel differs")
                && text.contains("blue.diff.png")
        }
        #expect(result?.outcome == .failed)
    }

    @Test func accessibilityMismatchRecordsAnIssueAndAMatchNone() throws {
        let (goldens, artifacts) = try folders()
        defer { try? FileManager.default.removeItem(atPath: (goldens as NSString).deletingLastPathComponent) }
        let settings = GoldenSettings(recordMode: .never, artifactsDirectory: artifacts)
        let elements = [AccessibilityElement(label: "Scratch card", traits: [.isButton], actions: ["activate"])]
        try FileManager.default.createDirectory(atPath: goldens, withIntermediateDirectories: true)
        try AtomicFile.write(Array(AccessibilityElement.json(elements).utf8), to: goldens + "/card.accessibility.json")
        #expect(expectAccessibility(elements, named: "card", directory: goldens, settings: settings).passed)
        var changed = elements
        changed[0].label = "Prize"
        var result: GoldenResult?
        withKnownIssue {
            result = expectAccessibility(changed, named: "card", directory: goldens, settings: settings)
        } matching: { issue in
            guard case .unconditional = issue.kind, let text = issue.comments.first?.rawValue else { return false }
            return text.hasPrefix("accessibility golden \"card\" does not match") && text.contains("element 0 differs")
        }
        #expect(result?.outcome == .failed)
        #expect(result?.artifacts?.actual.hasSuffix("card.accessibility.actual.json") == true)
    }
}
