import Foundation

/// A one-line progress bar on standard error, drawn only when standard error is a terminal.
struct ProgressBar {
    let total: Int
    let enabled: Bool
    private let start = Date()
    private var lastDraw = Date.distantPast

    init(total: Int, enabled: Bool) {
        self.total = total
        self.enabled = enabled && isatty(STDERR_FILENO) == 1
    }

    /// Removes the bar, e.g. before a message.
    func clear() {
        if enabled { FileHandle.standardError.write("\r\u{1B}[K".data(using: .utf8)!) }
    }

    mutating func update(_ done: Int) {
        guard enabled else { return }
        let now = Date()
        guard done == total || now.timeIntervalSince(lastDraw) > 0.1 else { return }
        lastDraw = now
        let width = 30
        let filled = total == 0 ? width : width * done / total
        let elapsed = now.timeIntervalSince(start)
        let left = done == 0 ? 0 : elapsed / Double(done) * Double(total - done)
        let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled)
        FileHandle.standardError.write(
            "\r\(bar) \(done)/\(total) frames, \(String(format: "%.1f", left)) s left \u{1B}[K".data(using: .utf8)!)
        if done == total { FileHandle.standardError.write("\r\u{1B}[K".data(using: .utf8)!) }
    }
}
