import PostgresWire

/// roster's own schema in a PostgreSQL database, and the forward
/// migrations that build it, as literal SQL that never changes once
/// shipped (a migration depends on no type of the model: a new weapon or
/// field is a new migration, never an edit of an old one).
///
/// Everything roster keeps lives in the schema `roster`; a database that
/// holds other schemas and tables is fine, and roster never touches them.
/// `roster.roster_schema` is the version marker: one row saying that the
/// schema is roster's (`application = 'roster'`) and how many migrations
/// it has had. Opening reads it first. A schema named `roster` without
/// that marker (and not empty), or with another application's, is not
/// roster's, and one from a newer roster is refused: both in one sentence,
/// both left exactly as they are.
///
/// Each migration runs in one transaction with its version bump, under
/// the migration lock (an advisory lock of its own), so two programs
/// opening a new database at once make the schema once, and a failed
/// migration leaves the database at the last version it finished.
enum PostgresSchema {
    /// The schema roster keeps its tables in.
    static let name = "roster"
    /// Written in `roster_schema.application`: this schema is roster's.
    static let application = "roster"

    /// The advisory-lock keys roster takes, in the two-key form
    /// (`pg_advisory_xact_lock(int, int)`), the first key "ROST" as an
    /// integer so that another application's locks cannot meet them.
    enum LockKey {
        static let space: Int32 = 0x524F_5354
        /// Held by a migration, so that two programs do not both migrate.
        static let migration: Int32 = 2
        /// Held by schema 12's trigger while another program's insert
        /// moves the monster id sequence (written as 3 in its SQL), up to
        /// schema 15, which takes a table lock instead.
        static let outsideIDs: Int32 = 3
    }

    /// The write lock, held by every write transaction until it ends: one
    /// writer at a time. A table lock, not an advisory one (key 1 of the
    /// space above, up to this roster): any role that may connect can hold
    /// an advisory lock, and so could block every write with no grant at
    /// all. EXCLUSIVE mode on the counter needs `UPDATE` on it, which a
    /// reader lacks, and it does not conflict with the plain reads a
    /// reader (or a dry run) makes of the counter.
    static let writeLock = "LOCK TABLE roster.history_counter IN EXCLUSIVE MODE"

    struct Migration {
        let version: Int32
        let summary: String
        let sql: String
    }

    static let migrations: [Migration] = [
        Migration(version: 1, summary: "create roster's schema: monsters, the history of changes and who made them, and the default roster",
                  sql: version1),
        Migration(version: 2, summary: "announce changes other programs make to the monsters, so that an open roster sees them",
                  sql: version2),
        Migration(version: 3, summary: "roster's own writes pass the outside-change trigger by its WHEN, without calling its function",
                  sql: version3),
        Migration(version: 4, summary: "monsters by weapon, for the filter language's weapon conditions",
                  sql: version4),
        Migration(version: 5, summary: "number the history from a counter each change updates, so that a crash leaves no gap",
                  sql: version5),
        Migration(version: 6, summary: "count the writes other programs make to the monsters, so that roster re-derives the name keys they leave",
                  sql: version6),
        Migration(version: 7, summary: "monsters by height, origin and activation in both directions, so that a sorted list is read a window at a time",
                  sql: version7),
        Migration(version: 8, summary: "tell roster's writes from other programs' by the history entry written with them, not by a setting any session may make",
                  sql: version8),
        Migration(version: 9, summary: "each history entry keeps the token its writer drew, so that a writer whose reply was lost can ask whether its change was saved",
                  sql: version9),
        Migration(version: 10, summary: "a writer role can neither hide its own change by deleting the entry written with it, nor touch the table of writes awaiting their check, nor wind the history's numbering back",
                  sql: version10),
        Migration(version: 11, summary: "remember the name each key was derived from, so that keys another program left stale are found in one probe",
                  sql: version11),
        Migration(version: 12, summary: "an id another program writes moves the id sequence past it, and a key it rewrites alone is derived again",
                  sql: version12),
        Migration(version: 13, summary: "note the role and program of the latest outside write, so that an open roster can say who changed it",
                  sql: version13),
        Migration(version: 14, summary: "the version marker's row is its owner's: a writer role may set only the keys it derived, never the version, the count of outside writes or who made them",
                  sql: version14),
        Migration(version: 15, summary: "other programs' inserts past the id sequence take turns under a table lock, which a role that may only connect cannot hold",
                  sql: version15),
        Migration(version: 16, summary: "give new monsters ids past every id the roster and its history have held, even after another program winds the id sequence back",
                  sql: version16),
        Migration(version: 17, summary: "derive again a key that is another id's shadow, and every key the upgrade cannot tell is its name's",
                  sql: version17),
        Migration(version: 18, summary: "only a role that may add monsters moves the ids roster gives",
                  sql: version18),
        Migration(version: 19, summary: "announce a history entry another program writes with its change, as roster announces its own",
                  sql: version19),
        Migration(version: 20, summary: "a writer whose right to add monsters comes through a role it sets, or through columns, moves the ids roster gives",
                  sql: version20),
        Migration(version: 21, summary: "give each roster an identity of its own, so that an open roster tells another server's roster set up alike from its own",
                  sql: version21),
    ]

    static var currentVersion: Int32 { Int32(migrations.count) }
    /// The oldest schema this roster reads when its role may not migrate
    /// it: the later ones change nothing a read needs (version 2 adds
    /// announcements, versions 3 and 4 make writes and filters cheaper,
    /// version 5 adds the history counter, version 6 the count of outside
    /// writes, without which lookups by name compare names instead of
    /// trusting keys; see `PostgresNameKeys`; version 7 indexes sorts;
    /// version 8 stops trusting `roster.writing`, which roster still sets
    /// for the older ones' trigger; version 9 keeps write tokens, which
    /// only a lost reply asks about; version 10 bounds what writers can do
    /// to the bookkeeping; version 11 finds stale keys in one probe,
    /// without which lookups compare names; version 12 keeps the id
    /// sequence past ids other programs write, and marks keys they
    /// rewrite alone; version 13 names who made the latest outside write,
    /// without which it is told unnamed; version 14 keeps the marker's row
    /// its owner's, version 15 the turn of other programs' inserts past
    /// the id sequence a table lock, and version 16 the ids roster gives
    /// past every id held, without which they come from the sequence as
    /// they are; version 17 marks keys that are another id's shadow, and
    /// those the upgrade cannot vouch for; version 18 lets only writers
    /// move the ids given). Writes need version 5's
    /// counter: its owner runs the new roster once first, as
    /// docs/sharing.md says for every upgrade.
    static let oldestCompatibleVersion: Int32 = 1

    /// The newest history id given out, as the counter holds it.
    static let lastHistoryID = "(SELECT last_id FROM roster.history_counter)"
    /// Gives out the next history id, in the caller's transaction.
    static let nextHistoryID = "roster.next_history_id()"

    /// The default roster, as `Data/default-roster.json` holds it, into a
    /// schema version 1 just made: one statement, every value bound.
    static func seedDefaultRoster() throws -> BoundStatement {
        let monsters = try DefaultRoster.monsters()
        let columns = ["id"] + PostgresMonsterTable.dataFields.map(\.key) + ["name_key"]
        var values: [String?] = []
        var rows: [String] = []
        for monster in monsters {
            rows.append("(" + PostgresMonsterTable.parameters(from: values.count + 1, count: columns.count) + ")")
            values += [String(monster.id)] + PostgresMonsterTable.values(of: monster)
        }
        return BoundStatement("""
            WITH added AS (INSERT INTO roster.monster (\(columns.joined(separator: ", "))) VALUES \(rows.joined(separator: ", ")) RETURNING id)
            SELECT setval('roster.monster_id', max(id)) FROM added
            """, values)
    }

    /// Reads the marker: `application, version`. Fails with an undefined
    /// schema, table or column when the schema is missing or not roster's.
    static let readMarker = "SELECT application, version FROM roster.roster_schema"

    /// Whether a schema named `roster` exists, and how many tables,
    /// sequences, views… it holds: asked only when the marker cannot be read.
    static let inspectSchema = """
        SELECT count(c.oid) FROM pg_catalog.pg_namespace n
        LEFT JOIN pg_catalog.pg_class c ON c.relnamespace = n.oid
        WHERE n.nspname = 'roster' GROUP BY n.oid
        """

    /// Version 1, whole (the default roster is added in the same
    /// transaction from `Data/`, by `seedDefaultRoster`). The CHECK constraints are those of the roster
    /// file's monster table (schema 6 of the file), the history keeps who
    /// made each change, and ids come from sequences, so that none is
    /// ever given out twice, even after the monster with the highest id
    /// is removed or the history is cleared.
    ///
    /// `name_key` is roster's folded form of the name (see
    /// `MonsterRules.nameKey`), compared byte by byte (`COLLATE "C"`), as
    /// in the file. Times are the server's, in UTC.
    static let version1 = #"""
        CREATE SCHEMA IF NOT EXISTS roster;
        COMMENT ON SCHEMA roster IS 'roster: a roster of monsters and their weapons, kept by the roster program (version in roster.roster_schema)';

        CREATE TABLE roster.roster_schema (
            one_row     boolean PRIMARY KEY DEFAULT true CHECK (one_row),
            application text    NOT NULL CHECK (application = 'roster'),
            version     integer NOT NULL CHECK (version >= 1)
        );
        INSERT INTO roster.roster_schema (application, version) VALUES ('roster', 1);

        CREATE SEQUENCE roster.monster_id AS bigint;
        CREATE TABLE roster.monster (
            id          bigint PRIMARY KEY DEFAULT nextval('roster.monster_id'),
            name        text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 512),
            name_key    text COLLATE "C" NOT NULL,
            description text NOT NULL DEFAULT '' CHECK (char_length(description) <= 2240),
            icon        text NOT NULL CHECK (char_length(icon) BETWEEN 5 AND 64),
            name_color  text NOT NULL DEFAULT 'default'
                        CHECK (name_color IN ('default', 'red', 'green', 'blue')),
            weapon      text NOT NULL
                        CHECK (weapon IN ('blowgun', 'ninja-star', 'fire', 'sword', 'smoke')),
            height      text CHECK (height ~ '^[0-9].*ft[0-9].*in$' AND char_length(height) <= 8),
            origin      text CHECK (char_length(origin) = 2),
            activated   text CHECK (activated ~ '^[0-9]{4}-[0-1][0-9]-[0-3][0-9]T[0-2][0-9]:[0-5][0-9]:[0-5][0-9]Z$'),
            CONSTRAINT monster_name_key UNIQUE (name_key)
        );
        ALTER SEQUENCE roster.monster_id OWNED BY roster.monster.id;

        -- One row per change, newest last. `database_user` is the role that
        -- logged in (the server says it; nobody can write another's), and
        -- `client` the person's machine: the connection's application_name
        -- when one is given, else the OS user and host name.
        CREATE SEQUENCE roster.history_id AS bigint;
        CREATE TABLE roster.history (
            id            bigint PRIMARY KEY DEFAULT nextval('roster.history_id'),
            at            timestamptz NOT NULL DEFAULT statement_timestamp(),
            database_user text NOT NULL DEFAULT session_user,
            client        text NOT NULL CHECK (char_length(client) BETWEEN 1 AND 256),
            surface       text NOT NULL CHECK (surface IN ('command line', 'interactive roster')),
            command       text NOT NULL CHECK (char_length(command) BETWEEN 1 AND 32),
            file          text,
            summary       text NOT NULL,
            kind          text NOT NULL CHECK (kind IN ('rows', 'snapshot', 'snapshot-dropped')),
            undone        boolean NOT NULL DEFAULT false,
            reverses      bigint,
            count_before  bigint,
            count_after   bigint
        );
        ALTER SEQUENCE roster.history_id OWNED BY roster.history.id;
        CREATE INDEX history_author ON roster.history (database_user, client, id);

        -- Each monster a change touched, the whole row before and after.
        CREATE TABLE roster.history_row (
            change             bigint  NOT NULL REFERENCES roster.history (id) ON DELETE CASCADE,
            position           integer NOT NULL,
            monster            bigint  NOT NULL,
            before_exists      boolean NOT NULL,
            after_exists       boolean NOT NULL,
            before_name        text, before_description text, before_icon text, before_name_color text,
            before_weapon      text, before_height text, before_origin text, before_activated text,
            after_name         text, after_description text, after_icon text, after_name_color text,
            after_weapon       text, after_height text, after_origin text, after_activated text,
            PRIMARY KEY (change, position)
        );
        CREATE INDEX history_row_monster ON roster.history_row (monster, change);

        -- An import keeps the whole roster it replaced (and its undo the
        -- roster it took back), so that undo and redo can swap them. The
        -- rows are written before their change's entry, in the same
        -- transaction, and go when the history lets the change go; no
        -- foreign key, whose check would cost each of a million rows.
        CREATE TABLE roster.history_roster (
            change      bigint NOT NULL,
            id          bigint NOT NULL,
            name        text NOT NULL,
            name_key    text COLLATE "C" NOT NULL,
            description text NOT NULL,
            icon        text NOT NULL,
            name_color  text NOT NULL,
            weapon      text NOT NULL,
            height      text,
            origin      text,
            activated   text,
            PRIMARY KEY (change, id)
        );

        """#

    /// Version 2: a change another program makes straight in SQL (an
    /// INSERT, UPDATE, DELETE or TRUNCATE of `roster.monster` outside
    /// roster) is announced on the channel roster's own changes use, so
    /// that the change counter moves and an open interface shows it.
    /// roster's own writes say who they are with the transaction-local
    /// setting `roster.writing` and announce themselves with their history
    /// id; the trigger stays quiet for them.
    static let version2 = #"""
        CREATE FUNCTION roster.announce_outside_change() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            IF current_setting('roster.writing', true) IS DISTINCT FROM 'on' THEN
                PERFORM pg_notify('roster', 'outside');
            END IF;
            RETURN NULL;
        END
        $$;
        CREATE TRIGGER monster_changed_outside AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON roster.monster
            FOR EACH STATEMENT EXECUTE FUNCTION roster.announce_outside_change();
        """#

    /// Version 3: the outside-change trigger asks its question in its
    /// WHEN, which the executor evaluates itself, so that a write of
    /// roster's own (`roster.writing` on) never calls the PL/pgSQL
    /// function. A new server process compiles that function on its first
    /// call, about 3 ms; every `roster set-weapon` is a new process, and
    /// paid it for a trigger that then did nothing. Writes by other
    /// programs are announced as before.
    static let version3 = #"""
        DROP TRIGGER monster_changed_outside ON roster.monster;
        CREATE TRIGGER monster_changed_outside AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON roster.monster
            FOR EACH STATEMENT WHEN (current_setting('roster.writing', true) IS DISTINCT FROM 'on')
            EXECUTE FUNCTION roster.announce_outside_change();
        """#

    /// Version 4: monsters by weapon, with their ids, for `--where
    /// weapon=…`, `--weapon` and the interface's weapon filters, as the
    /// file's schema 8 has. The interface asks only for the matching ids
    /// in id order, which this index answers by itself (an index-only
    /// scan, 72 ms against 504 ms for a fifth of a million monsters); the
    /// whole rows of `list` come as cheaply by the primary key, and the
    /// planner chooses between them. Made only if the schema has no index
    /// by that name, as the file's is.
    static let version4 = #"""
        CREATE INDEX IF NOT EXISTS monster_weapon ON roster.monster (weapon, id);
        """#

    /// Version 5: history ids come from a counter row that each change
    /// updates in its own transaction (under the write lock), not from a
    /// sequence. A sequence logs 32 values ahead and is not rolled back,
    /// so a server crash or a failed write left a gap in the numbers
    /// people read and type (`undo`, `history`); the counter is exactly
    /// what committed. It starts past every id given out so far.
    static let version5 = #"""
        CREATE TABLE roster.history_counter (
            one_row boolean PRIMARY KEY DEFAULT true CHECK (one_row),
            last_id bigint  NOT NULL CHECK (last_id >= 0)
        );
        INSERT INTO roster.history_counter (last_id)
            SELECT greatest(CASE WHEN is_called THEN last_value ELSE 0 END,
                            (SELECT coalesce(max(id), 0) FROM roster.history))
            FROM roster.history_id;
        CREATE FUNCTION roster.next_history_id() RETURNS bigint LANGUAGE sql VOLATILE AS $$
            UPDATE roster.history_counter SET last_id = last_id + 1 RETURNING last_id
        $$;
        ALTER TABLE roster.history ALTER COLUMN id SET DEFAULT roster.next_history_id();
        DROP SEQUENCE roster.history_id;
        """#

    /// Version 6: the outside-change trigger also counts the writes other
    /// programs make (`outside_writes`), and `keys_checked` is the count at
    /// which roster last found every name key to be what its name gives
    /// (`keys_fold` the fold's revision): another program neither knows
    /// nor keeps roster's keys, so they are re-derived before a lookup
    /// trusts them (see `PostgresNameKeys`). The counter lives on the
    /// marker's one row. The function runs as its owner, so that a program
    /// that may write the monsters but not the marker still counts; it
    /// does nothing else. `keys_checked` starts at -1: writes made before
    /// this version were never counted.
    static let version6 = #"""
        ALTER TABLE roster.roster_schema
            ADD COLUMN outside_writes bigint NOT NULL DEFAULT 0,
            ADD COLUMN keys_checked bigint NOT NULL DEFAULT -1,
            ADD COLUMN keys_fold bigint NOT NULL DEFAULT 0;
        CREATE OR REPLACE FUNCTION roster.announce_outside_change() RETURNS trigger LANGUAGE plpgsql
            SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
        BEGIN
            IF current_setting('roster.writing', true) IS DISTINCT FROM 'on' THEN
                UPDATE roster.roster_schema SET outside_writes = outside_writes + 1;
                PERFORM pg_notify('roster', 'outside');
            END IF;
            RETURN NULL;
        END
        $$;
        """#

    /// Version 9: each history entry keeps the token its writer drew for
    /// the write (16 random bytes, in hex), taken from the transaction's
    /// setting `roster.write_token` by the column's default, so that every
    /// statement that records an entry carries it without naming it. A
    /// writer whose connection is lost after it sent COMMIT connects again
    /// and looks its token up: found, the change was saved; not found
    /// (under the write lock, so the lost transaction has ended), it was
    /// not. Entries written before this version, or by other programs, have none.
    static let version9 = #"""
        ALTER TABLE roster.history ADD COLUMN write_token text
            DEFAULT nullif(current_setting('roster.write_token', true), '')
            CHECK (char_length(write_token) <= 64);
        """#

    /// Whether every name key was checked since the last outside write, by
    /// the fold of `$1`: true, false, or NULL on a schema older than 6
    /// (read through `to_jsonb`, so that such a schema answers too).
    static let nameKeysChecked = """
        SELECT (to_jsonb(s) ->> 'outside_writes') = (to_jsonb(s) ->> 'keys_checked') AND (to_jsonb(s) ->> 'keys_fold') = $1
        FROM roster.roster_schema s
        """
}
