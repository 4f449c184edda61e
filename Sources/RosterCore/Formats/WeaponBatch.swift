import TextSafety

/// Reads a batch of weapon assignments: one per line, either
/// `NAME<TAB>WEAPON`, `NAME,WEAPON` (CSV quoting: `"Bot, Esq.",fire`) or
/// an NDJSON object `{"name": …, "weapon": …}` (other keys are ignored, so
/// `list --format ndjson` output can be edited and fed back). Blank lines,
/// a `name,weapon` header and `#` comments (a line without a tab that
/// starts with `#`) are skipped, CRLF is accepted. Every problem is
/// collected with its line, so all of them can be reported at once.
public enum WeaponBatch {
    public struct Parsed: Sendable {
        public var assignments: [WeaponAssignment] = []
        public var problems: [InputProblem] = []
        /// Names from lines whose weapon could not be read: still looked
        /// up, so that a line with an unknown weapon and an unknown name
        /// reports both (`SQLiteRosterStore.setWeapons(_:dryRun:)` with a batch).
        public var namesWithoutWeapon: [NameReference] = []
    }

    /// A monster named on a line, and where.
    public struct NameReference: Hashable, Sendable {
        public let reference: String
        public let location: TextLocation
    }

    public static func parse(_ bytes: [UInt8]) -> Parsed {
        bytes.withUnsafeBufferPointer(parse)
    }

    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Parsed {
        var parsed = Parsed()
        var lineStart = 0
        var lineNumber = 1
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { lineStart = 3 }
        while lineStart < bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count, bytes[lineEnd] != 0x0A { lineEnd += 1 }
            var contentEnd = lineEnd
            if contentEnd > lineStart, bytes[contentEnd - 1] == 0x0D { contentEnd -= 1 }
            parseLine(UnsafeBufferPointer(rebasing: bytes[lineStart..<contentEnd]), number: lineNumber, into: &parsed)
            lineStart = lineEnd + 1
            lineNumber += 1
        }
        return parsed
    }

    private static func parseLine(_ line: UnsafeBufferPointer<UInt8>, number: Int, into parsed: inout Parsed) {
        let start = TextLocation(line: number, column: 1)
        guard UTF8Validation.isValid(line) else {
            parsed.problems.append(InputProblem(.syntax, at: start, "the line is not valid UTF-8"))
            return
        }
        let text = String(decoding: line, as: UTF8.self)
        let trimmed = text.drop { $0 == " " || $0 == "\t" }
        if trimmed.isEmpty { return }
        if trimmed.first == "{" {
            parseJSONLine(line, number: number, into: &parsed)
            return
        }
        if !text.contains("\t") {
            if trimmed.first == "#" { return }
            parseCSVLine(text, number: number, into: &parsed)
            return
        }
        let fields = text.split(separator: "\t", omittingEmptySubsequences: false)
        guard holdsTwo(fields.count, at: start, into: &parsed,
                       fewer: "expected NAME<TAB>WEAPON or a JSON object, but the line has no tab",
                       more: "expected NAME<TAB>WEAPON, but the line has \(fields.count) tab-separated fields") else { return }
        let weaponColumn = fields[0].unicodeScalars.count + 2
        add(name: String(fields[0]), nameAt: start, weapon: String(fields[1]),
            weaponAt: TextLocation(line: number, column: weaponColumn), into: &parsed)
    }

    /// `NAME,WEAPON`, each cell bare or in double quotes (`""` for a
    /// quote inside), as a spreadsheet writes two columns.
    private static func parseCSVLine(_ text: String, number: Int, into parsed: inout Parsed) {
        let start = TextLocation(line: number, column: 1)
        guard let cells = csvCells(text) else {
            parsed.problems.append(InputProblem(.syntax, at: start,
                "a quoted cell is not closed, or text follows its closing quote; quote a cell as \"Bot, Esq.\" and a quote inside it as \"\""))
            return
        }
        guard holdsTwo(cells.count, at: start, into: &parsed,
                       fewer: "expected NAME<TAB>WEAPON, NAME,WEAPON or a JSON object, but the line has neither a tab nor a comma",
                       more: "expected NAME,WEAPON, but the line has \(cells.count) comma-separated cells (quote a name holding a comma: \"Bot, Esq.\",fire)")
        else { return }
        // A header, as `name,weapon` columns from a spreadsheet start.
        let words = cells.map { $0.text.lowercased().trimmingBlanks() }
        if words == ["name", "weapon"] { return }
        add(name: cells[0].text, nameAt: start, weapon: cells[1].text,
            weaponAt: TextLocation(line: number, column: cells[1].column), into: &parsed)
    }

    /// Whether a line split into `count` columns holds exactly a name and a
    /// weapon; when not, the problem, worded for fewer or for more.
    private static func holdsTwo(_ count: Int, at start: TextLocation, into parsed: inout Parsed,
                                 fewer: @autoclosure () -> String, more: @autoclosure () -> String) -> Bool {
        guard count != 2 else { return true }
        parsed.problems.append(InputProblem(.syntax, at: start, count < 2 ? fewer() : more()))
        return false
    }

    /// The cells of one CSV line and the column (from 1, in characters)
    /// where each starts; nil when a quoted cell is not closed or text
    /// follows its closing quote.
    static func csvCells(_ text: String) -> [(text: String, column: Int)]? {
        var cells: [(text: String, column: Int)] = []
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while true {
            let column = index + 1
            var cell = String.UnicodeScalarView()
            if index < scalars.count, scalars[index] == "\"" {
                index += 1
                var closed = false
                while index < scalars.count {
                    if scalars[index] == "\"" {
                        if index + 1 < scalars.count, scalars[index + 1] == "\"" {
                            cell.append("\"")
                            index += 2
                            continue
                        }
                        index += 1
                        closed = true
                        break
                    }
                    cell.append(scalars[index])
                    index += 1
                }
                guard closed, index == scalars.count || scalars[index] == "," else { return nil }
            } else {
                while index < scalars.count, scalars[index] != "," {
                    cell.append(scalars[index])
                    index += 1
                }
            }
            cells.append((String(cell), column))
            guard index < scalars.count else { return cells }
            index += 1 // the comma
        }
    }

    private static func parseJSONLine(_ line: UnsafeBufferPointer<UInt8>, number: Int, into parsed: inout Parsed) {
        let node: JSONNode
        do {
            node = try JSONParser.parse(line, firstLine: number)
        } catch {
            parsed.problems.append(InputProblem(error.problemKind, at: error.location, error.message))
            return
        }
        guard case .object = node.value else {
            parsed.problems.append(InputProblem(.syntax, at: node.location, "expected a JSON object"))
            return
        }
        var name: String?
        var weapon: String?
        var nameAt = node.location
        var weaponAt = node.location
        for key in ["name", "weapon"] {
            guard let field = node[key] else {
                parsed.problems.append(InputProblem(.value, at: node.location, field: key, MonsterFields.missing(key)))
                continue
            }
            guard case .string(let value) = field.value else {
                parsed.problems.append(InputProblem(.value, at: field.location, field: key,
                                                    "expected a string but found \(field.kindName)"))
                continue
            }
            if key == "name" {
                name = value
                nameAt = field.location
            } else {
                weapon = value
                weaponAt = field.location
            }
        }
        add(name: name, nameAt: nameAt, weapon: weapon, weaponAt: weaponAt, into: &parsed)
    }

    /// Checks the name and the weapon each on its own (nil: missing or
    /// of the wrong type, already reported), so that every problem of the
    /// line is found.
    private static func add(name: String?, nameAt: TextLocation, weapon: String?, weaponAt: TextLocation,
                            into parsed: inout Parsed) {
        var reference: String?
        if let name {
            if name.isEmpty {
                parsed.problems.append(InputProblem(.value, at: nameAt, field: "name", "the name is empty"))
            } else {
                reference = name
            }
        }
        var type: WeaponType?
        if let weapon {
            switch WeaponType.reading(weapon) {
            case .success(let read):
                type = read
            case .failure(let problem):
                parsed.problems.append(InputProblem(.value, at: weaponAt, field: "weapon", problem.message))
            }
        }
        guard let reference else { return }
        if let type {
            parsed.assignments.append(WeaponAssignment(reference: reference, weapon: type, location: nameAt))
        } else {
            parsed.namesWithoutWeapon.append(NameReference(reference: reference, location: nameAt))
        }
    }
}
