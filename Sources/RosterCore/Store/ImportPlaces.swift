/// A `TextLocation` in half the memory, for the places an import keeps
/// per record: it reads at most 2 GiB, so lines and columns fit 32 bits.
struct PackedPlace {
    private let line: UInt32
    private let column: UInt32

    init(_ location: TextLocation) {
        line = UInt32(clamping: location.line)
        column = UInt32(clamping: location.column)
    }

    var location: TextLocation { TextLocation(line: Int(line), column: Int(column)) }
}

/// What an import keeps of each record it wrote: its id, and where its
/// name and id are in the file, for reporting clashes.
struct LoadedRecord {
    let id: Int64
    let name: PackedPlace
    let idPlace: PackedPlace
}
