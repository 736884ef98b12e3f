/// Hands pointers to `concurrentPerform`'s workers, which only touch disjoint parts of them.
struct UnsafeSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
