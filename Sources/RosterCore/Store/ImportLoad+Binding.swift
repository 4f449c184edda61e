/// How `ImportLoad` hands a record's values to SQLite: borrowed, never
/// copied, from the batch the reading thread laid out or from an arena;
/// and how `replace` puts aside a record that waits for its id, in a
/// temporary table rather than in memory.
extension ImportLoad {
    static func bind(_ slot: BatchValues.Slot, at parameter: Int32, to statement: Statement) throws {
        switch slot {
        case .integer(let number): try statement.bind(number, at: parameter)
        case .cString(let bytes): try statement.bindBorrowedCString(bytes, at: parameter)
        case .text(let bytes, let count): try statement.bindBorrowedText(bytes, count: count, at: parameter)
        case .null: try statement.bind(.null, at: parameter)
        }
    }

    /// Binds every value from memory SQLite reads in place
    /// (`bindBorrowedText`): copying each string into SQLite, with a
    /// malloc and a free, cost more than the insert itself. The values
    /// come laid out from the reading thread, or are laid out here.
    func insert(_ record: ImportedRecord, id: Int64?, values: (BatchValues, Int)? = nil) throws {
        defer { insert.reset() }
        try bind(record, values: values, to: insert)
        try insert.bind(id.map(SQLValue.integer) ?? .null, at: Int32(BatchValues.slotsPerRecord + 1))
        _ = try insert.step()
    }

    /// Puts `record` in `temp.import_deferred`, with where its name and id
    /// are, to be written by `finish` (`replace`).
    mutating func deferRecord(_ record: ImportedRecord, values: (BatchValues, Int)? = nil) throws {
        let statement: Statement
        if let deferInsert {
            statement = deferInsert
        } else {
            try database.execute("""
                DROP TABLE IF EXISTS temp.import_deferred;
                CREATE TEMP TABLE import_deferred AS
                    SELECT \(MonsterTable.dataColumns), name_key, 0 AS name_line, 0 AS name_column, 0 AS id_line, 0 AS id_column
                    FROM monster WHERE 0;
                """)
            statement = try database.prepare("""
                INSERT INTO temp.import_deferred (\(MonsterTable.dataColumns), name_key, name_line, name_column, id_line, id_column)
                VALUES (\(Array(repeating: "?", count: BatchValues.slotsPerRecord + 4).joined(separator: ", ")))
                """)
            deferInsert = statement
        }
        defer { statement.reset() }
        try bind(record, values: values, to: statement)
        let places = [record.nameLocation.line, record.nameLocation.column, record.idLocation.line, record.idLocation.column]
        for (offset, number) in places.enumerated() {
            try statement.bind(Int64(number), at: Int32(BatchValues.slotsPerRecord + 1 + offset))
        }
        _ = try statement.step()
        deferredCount += 1
    }

    /// Binds the record's fields and name key to the first parameters of
    /// `statement`. Text is borrowed from the batch or from `arena`, which
    /// stays as it is until the next record is bound.
    func bind(_ record: ImportedRecord, values: (BatchValues, Int)?, to statement: Statement) throws {
        if let (batch, index) = values {
            try batch.forEachSlot(ofRecord: index) { (parameter, slot) throws in
                try Self.bind(slot, at: parameter, to: statement)
            }
            return
        }
        arena.removeAll()
        var parameter: Int32 = 1
        for field in MonsterTable.dataFields {
            switch field.value(record.monster) {
            case .integer(let number): try statement.bind(number, at: parameter)
            case .text(let text): try arena.append(text, for: parameter)
            case .null: try statement.bind(.null, at: parameter)
            }
            parameter += 1
        }
        try arena.append(record.nameKey, for: parameter)
        // The arena is complete: its storage no longer moves.
        try arena.forEachSpan { (bytes, count, parameter) throws in
            try statement.bindBorrowedText(bytes, count: count, at: parameter)
        }
    }
}
