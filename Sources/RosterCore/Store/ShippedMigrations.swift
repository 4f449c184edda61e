/// The SQL of every migration that has shipped, frozen.
///
/// A migration is literal SQL that no later change to the model can
/// alter: a new weapon, colour, field or way of telling a change must not
/// change what version 1 or 3 creates, or a fresh roster and an upgraded
/// one would differ and no test made with today's code could see it
/// (GRDB's rule: a migration never depends on application types). So
/// nothing here reads `WeaponType`, `NameColor`, `MonsterFields` or the
/// default roster's JSON; each text is what the version that shipped it
/// ran, byte for byte (the schema test compares files those versions
/// made, `Tests/RosterCoreTests/Fixtures/roster-v*.db`, with fresh ones).
/// A change to the schema is a new migration at the end, never an edit.
enum ShippedMigrations {
    /// Version 1: the monster table and the default roster as it was then
    /// (names keyed by lower case, as version 1 keyed them).
    static let version1 = """
        CREATE TABLE monster (
            id          INTEGER PRIMARY KEY,
            name        TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 512),
            name_key    TEXT NOT NULL,
            description TEXT NOT NULL DEFAULT '' CHECK (length(description) <= 2240),
            icon        TEXT NOT NULL CHECK (length(icon) BETWEEN 5 AND 64),
            name_color  TEXT NOT NULL DEFAULT 'default'
                        CHECK (name_color = 'default' OR name_color = 'red' OR name_color = 'green' OR name_color = 'blue'),
            weapon      TEXT NOT NULL
                        CHECK (weapon = 'blowgun' OR weapon = 'ninja-star' OR weapon = 'fire' OR weapon = 'sword' OR weapon = 'smoke')
        ) STRICT;
        CREATE UNIQUE INDEX monster_name_key ON monster (name_key);
        INSERT INTO monster (id, name, name_key, description, icon, name_color, weapon) VALUES
            (1, 'Cat-Bot', 'cat-bot', 'MEE-OW', 'meetcatbot.png', 'default', 'sword'),
            (2, 'Dog-Bot', 'dog-bot', 'BOW-WOW', 'meetdogbot.png', 'blue', 'blowgun'),
            (3, 'Explode-Bot', 'explode-bot', 'Tick, tick, BOOM!', 'meetexplodebot.png', 'red', 'smoke'),
            (4, 'Fire-Bot', 'fire-bot', 'Will Make You Steamed', 'meetfirebot.png', 'red', 'ninja-star'),
            (5, 'Ice-Bot', 'ice-bot', 'Has A Chilling Effect', 'meeticebot.png', 'blue', 'fire'),
            (6, 'Mini-Tomato-Bot', 'mini-tomato-bot', 'Extremely Handsome', 'meetminitomatobot.png', 'green', 'ninja-star');
        """

    /// Version 2: height, origin and activation, and the default bots'
    /// own, where they are still there under their names and still blank.
    static let version2 = """
        ALTER TABLE monster ADD COLUMN height TEXT CHECK (height GLOB '[0-9]*ft[0-9]*in' AND length(height) <= 8);
        ALTER TABLE monster ADD COLUMN origin TEXT CHECK (length(origin) = 2);
        ALTER TABLE monster ADD COLUMN activated TEXT
            CHECK (activated GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]T[0-2][0-9]:[0-5][0-9]:[0-5][0-9]Z');
        UPDATE monster SET height = '2ft4in', origin = 'JP', activated = '2019-03-14T09:30:00Z'
            WHERE name_key = 'cat-bot' AND height IS NULL AND origin IS NULL AND activated IS NULL;
        UPDATE monster SET height = '3ft1in', origin = 'GB', activated = '2018-07-02T16:45:00Z'
            WHERE name_key = 'dog-bot' AND height IS NULL AND origin IS NULL AND activated IS NULL;
        UPDATE monster SET height = '4ft8in', origin = 'US', activated = '2020-10-31T23:55:00Z'
            WHERE name_key = 'explode-bot' AND height IS NULL AND origin IS NULL AND activated IS NULL;
        UPDATE monster SET height = '5ft9in', origin = 'IS', activated = '2021-06-21T12:00:00Z'
            WHERE name_key = 'fire-bot' AND height IS NULL AND origin IS NULL AND activated IS NULL;
        UPDATE monster SET height = '5ft5in', origin = 'FI', activated = '2017-12-21T06:15:00Z'
            WHERE name_key = 'ice-bot' AND height IS NULL AND origin IS NULL AND activated IS NULL;
        UPDATE monster SET height = '1ft3in', origin = 'IT', activated = '2022-08-24T10:10:00Z'
            WHERE name_key = 'mini-tomato-bot' AND height IS NULL AND origin IS NULL AND activated IS NULL;
        """

    /// Version 3: the history of changes (see `HistoryTable`).
    static let version3 = """
        CREATE TABLE history (
            id           INTEGER PRIMARY KEY,
            at           TEXT NOT NULL CHECK (at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]T[0-2][0-9]:[0-5][0-9]:[0-5][0-9]Z'),
            surface      TEXT NOT NULL CHECK (surface = 'command line' OR surface = 'interactive roster'),
            command      TEXT NOT NULL CHECK (length(command) BETWEEN 1 AND 32),
            file         TEXT,
            summary      TEXT NOT NULL,
            kind         TEXT NOT NULL CHECK (kind = 'rows' OR kind = 'snapshot' OR kind = 'snapshot-dropped'),
            undone       INTEGER NOT NULL DEFAULT 0 CHECK (undone = 0 OR undone = 1),
            reverses     INTEGER,
            count_before INTEGER,
            count_after  INTEGER
        ) STRICT;
        CREATE TABLE history_row (
            change        INTEGER NOT NULL,
            position      INTEGER NOT NULL,
            monster       INTEGER NOT NULL,
            before_exists INTEGER NOT NULL CHECK (before_exists = 0 OR before_exists = 1),
            after_exists  INTEGER NOT NULL CHECK (after_exists = 0 OR after_exists = 1),
            before_name TEXT,
            before_description TEXT,
            before_icon TEXT,
            before_name_color TEXT,
            before_weapon TEXT,
            before_height TEXT,
            before_origin TEXT,
            before_activated TEXT
            ,
            after_name TEXT,
            after_description TEXT,
            after_icon TEXT,
            after_name_color TEXT,
            after_weapon TEXT,
            after_height TEXT,
            after_origin TEXT,
            after_activated TEXT
            ,
            PRIMARY KEY (change, position)
        ) STRICT, WITHOUT ROWID;
        """

    /// Version 4 re-keys names by how they read; it is the one migration
    /// that is code (`NameRekeying`, over `NameFolding`'s table): the keys
    /// are what the fold says, and a key that no longer matches its name
    /// is re-derived before any lookup (`NameKeyCheck`).

    /// Version 5: every change to the monsters counted (see `OutsideChanges`).
    static let version5 = """
        CREATE TABLE monster_changes (
            id    INTEGER PRIMARY KEY CHECK (id = 1),
            count INTEGER NOT NULL,
            name  TEXT,
            kind  TEXT CHECK (kind = 'added' OR kind = 'changed' OR kind = 'removed')
        ) STRICT;
        INSERT INTO monster_changes (id, count) VALUES (1, 0);
        ALTER TABLE history ADD COLUMN changes INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE history ADD COLUMN outside_changes INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE history ADD COLUMN outside_name TEXT;
        ALTER TABLE history ADD COLUMN outside_kind TEXT;
        \(version5Triggers)
        """

    /// Version 5's triggers, which count every change to the monsters. An
    /// import drops them and makes them again as this made them (see
    /// `OutsideChanges`).
    static let version5Triggers = """
        CREATE TRIGGER monster_counted_insert AFTER INSERT ON monster BEGIN
            UPDATE monster_changes SET count = count + 1, name = NEW.name, kind = 'added';
        END;
        CREATE TRIGGER monster_counted_update AFTER UPDATE ON monster BEGIN
            UPDATE monster_changes SET count = count + 1, name = NEW.name, kind = 'changed';
        END;
        CREATE TRIGGER monster_counted_delete AFTER DELETE ON monster BEGIN
            UPDATE monster_changes SET count = count + 1, name = OLD.name, kind = 'removed';
        END;
        """

    /// Version 6: the last change's id, so that a cleared history never
    /// gives an id out again.
    static let version6 = """
        CREATE TABLE history_sequence (
            id   INTEGER PRIMARY KEY CHECK (id = 1),
            last INTEGER NOT NULL
        ) STRICT;
        INSERT INTO history_sequence (id, last) VALUES (1, coalesce((SELECT max(id) FROM history), 0));
        """

    /// Version 7: monster ids are never given out twice (see
    /// `MonsterSequence`): the highest id the roster ever held, from its
    /// monsters and its history; the count at which every name's key was
    /// last found to match its name, and the fold it was derived by (see
    /// `NameKeyCheck`); and the index by
    /// monster that early version-3 files have and later ones never made.
    /// The history's rosters kept for undoing imports are added in code,
    /// as their names are only known then.
    static let version7 = """
        CREATE TABLE monster_sequence (
            id   INTEGER PRIMARY KEY CHECK (id = 1),
            last INTEGER NOT NULL
        ) STRICT;
        INSERT INTO monster_sequence (id, last) VALUES (1, max(
            coalesce((SELECT max(id) FROM monster), 0),
            coalesce((SELECT max(monster) FROM history_row), 0)));
        \(version7Triggers)
        ALTER TABLE monster_changes ADD COLUMN keys_checked INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE monster_changes ADD COLUMN keys_fold INTEGER NOT NULL DEFAULT 0;
        DROP INDEX IF EXISTS history_row_monster;
        """

    /// Version 7's triggers, which keep the highest id ever held. An
    /// import drops them and makes them again as this made them (see
    /// `MonsterSequence`).
    static let version7Triggers = """
        CREATE TRIGGER monster_sequence_insert AFTER INSERT ON monster
        WHEN NEW.id > (SELECT last FROM monster_sequence) BEGIN
            UPDATE monster_sequence SET last = NEW.id;
        END;
        CREATE TRIGGER monster_sequence_update AFTER UPDATE OF id ON monster
        WHEN NEW.id > (SELECT last FROM monster_sequence) BEGIN
            UPDATE monster_sequence SET last = NEW.id;
        END;
        """

    /// Version 7's sequence, past the ids a kept roster holds.
    static func version7Snapshot(_ table: String) -> String {
        "UPDATE monster_sequence SET last = max(last, coalesce((SELECT max(id) FROM \(table)), 0))"
    }

    /// Version 8: monsters by weapon, for `--where weapon=…` and
    /// `--weapon`: the index gives the matches in id order, so a filter
    /// reads only its own rows and needs no sort.
    static let version8 = """
        CREATE INDEX IF NOT EXISTS monster_weapon ON monster (weapon);
        """

    /// Version 9: the name each key was derived from (`keyed_name`, see
    /// `NameKeyCheck`), which roster sets whenever it writes a key and
    /// other programs leave as it was (or NULL, in a row they insert), and
    /// an index of the rows where it is not the name: the rows whose keys
    /// another program may have left stale, found in one probe. The
    /// keys of a file whose bookkeeping said every key was checked are
    /// taken as derived from their names; the others are derived again
    /// by the first write. The count's update trigger is set aside while
    /// the column is filled, so the upgrade counts as no change.
    static let version9 = """
        ALTER TABLE monster ADD COLUMN keyed_name TEXT;
        DROP TRIGGER monster_counted_update;
        UPDATE monster SET keyed_name = name WHERE (SELECT count = keys_checked FROM monster_changes);
        CREATE TRIGGER monster_counted_update AFTER UPDATE ON monster BEGIN
            UPDATE monster_changes SET count = count + 1, name = NEW.name, kind = 'changed';
        END;
        CREATE INDEX monster_stale_key ON monster (id) WHERE keyed_name IS NOT name;
        """

    /// Version 9's column in a roster kept for undoing an import, left
    /// NULL: its keys are checked when it becomes the roster again.
    static func version9Snapshot(_ table: String) -> String {
        "ALTER TABLE \(table) ADD COLUMN keyed_name TEXT"
    }

    /// Version 11: monsters by height (in inches, as `--sort height`
    /// reads it), by origin and by activation, each then by id (the rowid
    /// every SQLite index ends with), so that a sorted list is read a
    /// window at a time (`SQLiteSortedWindows`). Only monsters that have
    /// a value are indexed: those without sort last either way, by id,
    /// and the table gives them in that order, so a roster with few
    /// heights pays little. One index serves both directions: read
    /// backwards it gives ties in falling id order, and the reader puts
    /// each run of ties right. Names sort by their unique key and weapons
    /// by `monster_weapon` (version 8). The height expression is
    /// `QuerySQL`'s, built-in functions only, so that any SQLite (the
    /// shell, sqlite-utils) can still write the table; a test holds the
    /// two together, and a new reading of heights would be a new migration.
    static let version11 = """
        CREATE INDEX monster_height ON monster
            ((CAST(height AS INTEGER) * 12 + CAST(substr(height, instr(height, 'ft') + 2) AS INTEGER)))
            WHERE height IS NOT NULL;
        CREATE INDEX monster_origin ON monster (origin) WHERE origin IS NOT NULL;
        CREATE INDEX monster_activated ON monster (activated) WHERE activated IS NOT NULL;
        """
}
