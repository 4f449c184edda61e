/// Version 20 of roster's PostgreSQL schema: every role that may insert
/// monsters moves the ids roster gives, however it holds the right.
///
/// Version 18's `roster.refuse_unless_writer()` asked whether the login
/// role holds `INSERT` on `roster.monster` as a table grant, its own or
/// inherited. Two writers PostgreSQL knows were refused every add and
/// import, and told they "may only read", right after a change of a
/// monster went through:
/// - a member of a writers group that does not inherit its rights and
///   takes them with `SET ROLE` (as `ALTER ROLE … SET role = 'writers'`
///   does at each login): the function now asks the same of the role set
///   (the setting `role`, which a session may set only to a role it is a
///   member of);
/// - a role granted `INSERT` on some columns of `roster.monster`: the
///   function asks whether the role may insert into any column
///   (`has_any_column_privilege`, which a table grant answers too).
/// Refusing them kept nothing safe: either could insert a monster with an
/// id of its choosing in psql, which moves the ids past it.
extension PostgresSchema {
    static let version20 = #"""
        CREATE OR REPLACE FUNCTION roster.refuse_unless_writer() RETURNS boolean LANGUAGE plpgsql STABLE
            SET search_path = pg_catalog, pg_temp AS $$
        DECLARE
            set_role text := current_setting('role');
        BEGIN
            IF NOT has_any_column_privilege(session_user, 'roster.monster', 'INSERT')
               AND NOT (set_role <> 'none' AND has_any_column_privilege(set_role, 'roster.monster', 'INSERT')) THEN
                RAISE EXCEPTION 'permission denied: only a role that may add monsters gives out their ids' USING ERRCODE = '42501';
            END IF;
            RETURN true;
        END
        $$;
        """#
}
