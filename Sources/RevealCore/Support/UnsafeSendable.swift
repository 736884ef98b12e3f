/// Hands pointers to `concurrentPerform`'s workers, which only touch disjoint parts of them.
package struct UnsafeSendable<Value>: @unchecked Sendable {
    package let value: Value
    package init(_ value: Value) { self.value = value }
}
