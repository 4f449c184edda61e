/// How one monster is written as a JSON object or a CSV record. The key
/// order is fixed (`id, name, description, icon, name_color, weapon`) so
/// output is byte-identical from run to run.
public enum MonsterRecords {
    public static let fieldNames = ["id", "name", "description", "icon", "name_color", "weapon"]

    /// `{"id":1,"name":"Cat-Bot",…}` from a value.
    public static func appendJSON(_ monster: Monster, to output: ByteOutput) throws(IOFailure) {
        try output.append("{\"id\":")
        try output.append(decimal: monster.id)
        try output.append(",\"name\":")
        try JSONWriter.appendString(monster.name, to: output)
        try output.append(",\"description\":")
        try JSONWriter.appendString(monster.description, to: output)
        try output.append(",\"icon\":")
        try JSONWriter.appendString(monster.icon, to: output)
        try output.append(",\"name_color\":")
        try JSONWriter.appendString(monster.nameColor.key, to: output)
        try output.append(",\"weapon\":")
        try JSONWriter.appendString(monster.weapon.type.key, to: output)
        try output.append(UInt8(ascii: "}"))
    }

    /// The same object straight from a row of `RosterStore.forEachRow`,
    /// copying column bytes without making strings: the fast path for
    /// large lists and exports.
    public static func appendJSON(row: Row, to output: ByteOutput) throws(IOFailure) {
        try output.append("{\"id\":")
        try output.append(decimal: row.int(0))
        try output.append(",\"name\":")
        try appendJSONColumn(row, 1, to: output)
        try output.append(",\"description\":")
        try appendJSONColumn(row, 2, to: output)
        try output.append(",\"icon\":")
        try appendJSONColumn(row, 3, to: output)
        try output.append(",\"name_color\":")
        try appendJSONColumn(row, 4, to: output)
        try output.append(",\"weapon\":")
        try appendJSONColumn(row, 5, to: output)
        try output.append(UInt8(ascii: "}"))
    }

    @inline(__always)
    private static func appendJSONColumn(_ row: Row, _ column: Int32, to output: ByteOutput) throws(IOFailure) {
        try row.withUTF8(column) { (bytes) throws(IOFailure) in try JSONWriter.appendString(bytes, to: output) }
    }

    public static func appendCSVHeader(to output: ByteOutput, writer: CSVWriter) throws(IOFailure) {
        try writer.appendRecord(fieldNames, to: output)
    }

    public static func appendCSV(_ monster: Monster, to output: ByteOutput, writer: CSVWriter) throws(IOFailure) {
        try writer.appendRecord([String(monster.id), monster.name, monster.description, monster.icon,
                                 monster.nameColor.key, monster.weapon.type.key], to: output)
    }

    public static func appendCSV(row: Row, to output: ByteOutput, writer: CSVWriter) throws(IOFailure) {
        try output.append(decimal: row.int(0))
        for column in Int32(1)...5 {
            try output.append(UInt8(ascii: ","))
            try row.withUTF8(column) { (bytes) throws(IOFailure) in try writer.appendField(bytes, to: output) }
        }
        try output.append("\r\n")
    }
}
