/// How one monster is written as a JSON object or a CSV record, walking
/// `MonsterFields.all`: the key order is the table's order (`id, name,
/// description, icon, name_color, weapon`), so output is byte-identical
/// from run to run and a new field appears in every format at once.
public enum MonsterRecords {
    public static var fieldNames: [String] { MonsterFields.keys }

    /// `{"id":1,"name":"Cat-Bot",…}` from a value.
    public static func appendJSON(_ monster: Monster, to output: ByteOutput) throws(IOFailure) {
        for (index, field) in MonsterFields.all.enumerated() {
            try appendKey(field, first: index == 0, to: output)
            switch field.value(monster) {
            case .integer(let number): try output.append(decimal: number)
            case .text(let text): try JSONWriter.appendString(text, to: output)
            }
        }
        try output.append(UInt8(ascii: "}"))
    }

    /// The same object straight from a row of `RosterStore.forEachRow`,
    /// copying column bytes without making strings: the fast path for
    /// large lists and exports. Column `i` is field `i` of the table.
    public static func appendJSON(row: Row, to output: ByteOutput) throws(IOFailure) {
        for (index, field) in MonsterFields.all.enumerated() {
            try appendKey(field, first: index == 0, to: output)
            let column = Int32(index)
            switch field.kind {
            case .integer:
                try output.append(decimal: row.int(column))
            case .text:
                try row.withUTF8(column) { (bytes) throws(IOFailure) in try JSONWriter.appendString(bytes, to: output) }
            }
        }
        try output.append(UInt8(ascii: "}"))
    }

    /// `{"key":` or `,"key":`. Keys are plain ASCII, so they need no escaping.
    @inline(__always)
    private static func appendKey(_ field: MonsterField, first: Bool, to output: ByteOutput) throws(IOFailure) {
        try output.append(first ? UInt8(ascii: "{") : UInt8(ascii: ","))
        try output.append(UInt8(ascii: "\""))
        try output.append(field.key)
        try output.append("\":")
    }

    public static func appendCSVHeader(to output: ByteOutput, writer: CSVWriter) throws(IOFailure) {
        try writer.appendRecord(fieldNames, to: output)
    }

    public static func appendCSV(_ monster: Monster, to output: ByteOutput, writer: CSVWriter) throws(IOFailure) {
        try writer.appendRecord(MonsterFields.all.map { $0.value(monster).text }, to: output)
    }

    public static func appendCSV(row: Row, to output: ByteOutput, writer: CSVWriter) throws(IOFailure) {
        for (index, field) in MonsterFields.all.enumerated() {
            if index > 0 { try output.append(UInt8(ascii: ",")) }
            let column = Int32(index)
            switch field.kind {
            case .integer:
                // Digits never need quoting or neutralising (ids are positive).
                try output.append(decimal: row.int(column))
            case .text:
                try row.withUTF8(column) { (bytes) throws(IOFailure) in try writer.appendField(bytes, to: output) }
            }
        }
        try output.append("\r\n")
    }
}
