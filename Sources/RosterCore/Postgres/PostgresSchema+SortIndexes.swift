/// Version 7 of roster's PostgreSQL schema: the indexes a sorted list is
/// paged by (see `PostgresSortedWindowSQL`), frozen as literal SQL like
/// every migration.
extension PostgresSchema {
    /// Version 7: monsters by height (in inches, as `--sort height` reads
    /// it), by origin and by activation, each by value then id, once per
    /// direction, since ties keep id order both ways and an index read
    /// backwards would give them in reverse. Only monsters that have a
    /// value are indexed: those without sort last either way, by id, and
    /// the primary key gives them in that order, so a roster with few
    /// heights pays little. Names page by their unique key and weapons by
    /// `monster_weapon` (version 4), one weapon at a time, so neither
    /// needs another index. The height expression is `QuerySQL`'s, as
    /// shipped with this version: a test holds the two together, and a
    /// new reading of heights would be a new migration.
    static let version7 = #"""
        CREATE INDEX IF NOT EXISTS monster_height_up ON roster.monster
            ((CASE WHEN height ~ '^[0-9]+ft[0-9]+in$' THEN split_part(height, 'ft', 1)::integer * 12 + left(split_part(height, 'ft', 2), -2)::integer END), id)
            WHERE (CASE WHEN height ~ '^[0-9]+ft[0-9]+in$' THEN split_part(height, 'ft', 1)::integer * 12 + left(split_part(height, 'ft', 2), -2)::integer END) IS NOT NULL;
        CREATE INDEX IF NOT EXISTS monster_height_down ON roster.monster
            ((CASE WHEN height ~ '^[0-9]+ft[0-9]+in$' THEN split_part(height, 'ft', 1)::integer * 12 + left(split_part(height, 'ft', 2), -2)::integer END) DESC NULLS LAST, id)
            WHERE (CASE WHEN height ~ '^[0-9]+ft[0-9]+in$' THEN split_part(height, 'ft', 1)::integer * 12 + left(split_part(height, 'ft', 2), -2)::integer END) IS NOT NULL;
        CREATE INDEX IF NOT EXISTS monster_origin_up ON roster.monster (origin, id) WHERE origin IS NOT NULL;
        CREATE INDEX IF NOT EXISTS monster_origin_down ON roster.monster (origin DESC NULLS LAST, id) WHERE origin IS NOT NULL;
        CREATE INDEX IF NOT EXISTS monster_activated_up ON roster.monster (activated, id) WHERE activated IS NOT NULL;
        CREATE INDEX IF NOT EXISTS monster_activated_down ON roster.monster (activated DESC NULLS LAST, id) WHERE activated IS NOT NULL;
        """#
}
