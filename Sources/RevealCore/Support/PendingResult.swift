import Foundation

/// A result worked out on another thread: finished once, waited for by whoever needs it (an encoded
/// frame that the writing thread takes in turn).
package final class PendingResult<Value: Sendable>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var result: Result<Value, OutputError> = .failure(OutputError(path: "", reason: "not finished"))

    package init() {}

    /// Sets the result and wakes whoever waits.
    package func finish(_ result: Result<Value, OutputError>) {
        self.result = result
        done.signal()
    }

    /// The result, once finished.
    package func wait() -> Result<Value, OutputError> {
        done.wait()
        done.signal()
        return result
    }
}
