/// Calls `body` with the UTF-8 bytes of `text`, keeping `body`'s typed
/// error (the standard library's `withUTF8` only rethrows untyped).
@inline(__always)
public func withUTF8Bytes<T, E: Error>(of text: String, _ body: (UnsafeBufferPointer<UInt8>) throws(E) -> T) throws(E) -> T {
    var text = text
    let result: Result<T, E> = text.withUTF8 { bytes in
        Result { () throws(E) -> T in try body(bytes) }
    }
    return try result.get()
}
