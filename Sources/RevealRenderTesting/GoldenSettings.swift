import Foundation

/// When golden assertions write golden images instead of only comparing with them.
///
/// Recording never passes a test: a test that wrote a golden fails and says so, so the new image is
/// looked at before anyone relies on it.
public enum RecordMode: String, CaseIterable, Equatable, Sendable {
    /// Write every golden whose pixels are not identical to the actual image (or that is missing).
    case all
    /// Write goldens that do not exist yet. The default, except on CI.
    case missing
    /// Write goldens that do not exist or whose comparison failed.
    case failed
    /// Never write a golden: a missing one fails. The default when `CI` is set, so that a retried CI
    /// job cannot pass on an image it has just recorded.
    case never
}

/// Why the environment's golden settings are unusable.
public struct GoldenSettingsError: Error, Equatable, CustomStringConvertible {
    public let description: String
}

/// How golden assertions record and where they put artifacts, normally read from the environment.
public struct GoldenSettings: Equatable, Sendable {
    /// Which goldens the assertions write; `missing` unless the settings say otherwise.
    public var recordMode: RecordMode
    /// Where expected, actual and diff images go when a golden does not match; nil: the package's own
    /// (`defaultArtifactsDirectory(forGoldenFolder:)`).
    public var artifactsDirectory: String?

    /// Settings as given, whatever the environment says; by default `missing` and the package's artifacts folder.
    public init(recordMode: RecordMode = .missing, artifactsDirectory: String? = nil) {
        self.recordMode = recordMode
        self.artifactsDirectory = artifactsDirectory
    }

    /// `.build/reveal-render-artifacts` in the package that holds `goldenFolder` (the nearest folder above it
    /// with a `Package.swift`), beside the package's other build products and apart from every other
    /// package's; `reveal-render-artifacts` in the system's temporary folder when no package holds it.
    public static func defaultArtifactsDirectory(forGoldenFolder goldenFolder: String) -> String {
        var folder = URL(fileURLWithPath: goldenFolder).standardized
        while folder.path != "/" && !folder.path.isEmpty {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                return folder.appendingPathComponent(".build/reveal-render-artifacts").path
            }
            folder.deleteLastPathComponent()
        }
        return FileManager.default.temporaryDirectory.appendingPathComponent("reveal-render-artifacts").path
    }

    /// The artifacts folder of goldens kept in `goldenFolder`.
    func artifacts(forGoldenFolder goldenFolder: String) -> String {
        artifactsDirectory ?? GoldenSettings.defaultArtifactsDirectory(forGoldenFolder: goldenFolder)
    }

    /// The settings an environment asks for:
    /// - `REVEAL_RECORD`: `all`, `missing`, `failed` or `never`; when unset or empty, `never` if `CI` is
    ///   set (to anything but empty, `0` or `false`), else `missing`. Any other value throws.
    /// - `REVEAL_ARTIFACTS`: the artifacts folder (default: the package's, `defaultArtifactsDirectory(forGoldenFolder:)`).
    public init(environment: [String: String]) throws(GoldenSettingsError) {
        let mode: RecordMode
        if let value = environment["REVEAL_RECORD"], !value.isEmpty {
            guard let named = RecordMode(rawValue: value.lowercased()) else {
                throw GoldenSettingsError(
                    description: "REVEAL_RECORD=\(value) is not a record mode (use all, missing, failed or never)")
            }
            mode = named
        } else {
            let ci = environment["CI"].map { !["", "0", "false"].contains($0.lowercased()) } ?? false
            mode = ci ? .never : .missing
        }
        let artifacts = environment["REVEAL_ARTIFACTS"].flatMap { $0.isEmpty ? nil : $0 }
        self.init(recordMode: mode, artifactsDirectory: artifacts)
    }

    /// The settings of this process's environment.
    public static func current() throws(GoldenSettingsError) -> GoldenSettings {
        try GoldenSettings(environment: ProcessInfo.processInfo.environment)
    }
}
