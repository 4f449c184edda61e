/// Version 21 of roster's PostgreSQL schema: each roster has an identity
/// of its own, drawn at random when its marker is made.
///
/// An interface that connects again checks that the roster it reaches is
/// the one it shows (`checkSameRoster`). The object id of the marker's
/// table told a roster made anew in the same cluster, but two clusters
/// set up alike give that table the same object id: a server put in
/// another's place behind the same address (a database container made
/// again from scratch, a failover to a server set up the same way) passed
/// as the roster shown, and a change the interface acknowledged went to
/// the other server, unseen when the first came back. A random UUID in
/// the marker's row (`roster_id`), which the marker's guard (schema 14)
/// keeps as its owner's like the rest of the row, tells them apart.
extension PostgresSchema {
    static let version21 = #"""
        ALTER TABLE roster.roster_schema ADD COLUMN roster_id uuid NOT NULL DEFAULT gen_random_uuid();
        """#
}
