import FuzzSupport

/// libFuzzer's entry point: the JSON document, array and NDJSON readers,
/// through format detection (`--format auto`, which also reaches CSV).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzCheck.run(data, size, format: nil)
    return 0
}
