import FuzzSupport

/// libFuzzer's entry point: the CSV reader, forced (`--format csv`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCSV(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzCheck.run(data, size, format: .csv)
    return 0
}
