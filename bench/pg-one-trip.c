/* The least a libpq client does for a given change: connect, send the
 * statements of FILE as one simple query (one round trip, however many
 * statements it holds), finish. bench/set-weapon-floor.sh times it as a
 * whole process beside roster and psql, with FILE holding psql's lone
 * UPDATE, or roster's whole set-weapon transaction, or a variant of it,
 * to see what each statement costs the server.
 *
 *   pg-one-trip CONNINFO FILE
 *
 * A bench tool, not shipped: built with gcc against Debian's libpq-dev
 * (dynamically, as psql is; Debian's libpq cannot be linked statically).
 * The values in FILE are literals, which roster never sends: this program
 * measures, it is not a way to write a roster. Exit 1 when the server
 * answered an error (the transaction then changed nothing). */
#include <libpq-fe.h>
#include <stdio.h>

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: pg-one-trip CONNINFO FILE\n");
        return 64;
    }
    static char sql[1 << 16];
    FILE *file = fopen(argv[2], "r");
    if (file == NULL) {
        perror(argv[2]);
        return 66;
    }
    size_t length = fread(sql, 1, sizeof sql - 1, file);
    fclose(file);
    sql[length] = 0;
    PGconn *connection = PQconnectdb(argv[1]);
    if (PQstatus(connection) != CONNECTION_OK) {
        fprintf(stderr, "pg-one-trip: %s", PQerrorMessage(connection));
        PQfinish(connection);
        return 75;
    }
    /* Sent as one Query message: the server runs every statement and
     * answers once; PQexec keeps the last result, or the first error. */
    PGresult *result = PQexec(connection, sql);
    ExecStatusType status = PQresultStatus(result);
    int failed = status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK;
    if (failed) fprintf(stderr, "pg-one-trip: %s", PQresultErrorMessage(result));
    PQclear(result);
    PQfinish(connection);
    return failed ? 1 : 0;
}
