/* The floor under `roster set-weapon` on PostgreSQL: the least a client
 * process can do for the same change on the same server, timed as a whole
 * process by bench/postgres.sh beside roster and psql.
 *
 *   pg-set-weapon-floor SOCKET DATABASE update WEAPON   psql's work: one UPDATE
 *   pg-set-weapon-floor SOCKET DATABASE roster WEAPON   roster's whole transaction
 *
 * A static C program that speaks just enough of PostgreSQL's protocol
 * (version 3) for a trusted unix socket, as the bench cluster is: the
 * start-up message, then its statements as one simple query, one round
 * trip, then Terminate. No library, no loader, no parsing of its own.
 * `roster` sends what a roster set-weapon makes the server do (the write
 * lock, the marker, the row read FOR UPDATE, the history entry and its
 * row, the UPDATE, the trimming of the history, the notification,
 * COMMIT), with the before-values read by the server instead of sent
 * back, so no answer is needed before the rest goes: no client could do
 * it in fewer round trips. Values are literals here, which roster never
 * does; this program measures, it is not a way to write a roster. */
#include <arpa/inet.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

static int connection;

static void put(const void *bytes, size_t count) {
    const char *at = bytes;
    while (count > 0) {
        ssize_t sent = write(connection, at, count);
        if (sent <= 0) { perror("pg-set-weapon-floor: write"); exit(75); }
        at += sent;
        count -= (size_t)sent;
    }
}

static void take(void *bytes, size_t count) {
    char *at = bytes;
    while (count > 0) {
        ssize_t got = read(connection, at, count);
        if (got <= 0) { fprintf(stderr, "pg-set-weapon-floor: the server closed the connection\n"); exit(75); }
        at += got;
        count -= (size_t)got;
    }
}

/* Reads messages until ReadyForQuery; 1 when an ErrorResponse came. */
static int until_ready(void) {
    static char body[1 << 16];
    int failed = 0;
    for (;;) {
        char type;
        uint32_t length;
        take(&type, 1);
        take(&length, 4);
        length = ntohl(length) - 4;
        if (length > sizeof body) { fprintf(stderr, "pg-set-weapon-floor: a message too long\n"); exit(1); }
        take(body, length);
        if (type == 'E') {
            failed = 1;
            for (uint32_t i = 0; i < length && body[i] != 0; i += (uint32_t)strlen(body + i + 1) + 2)
                if (body[i] == 'M') fprintf(stderr, "pg-set-weapon-floor: %s\n", body + i + 1);
        }
        if (type == 'R' && length >= 4 && body[3] != 0) { fprintf(stderr, "pg-set-weapon-floor: the server asks a password\n"); exit(1); }
        if (type == 'Z') return failed;
    }
}

static const char *weapons[] = {"blowgun", "ninja-star", "fire", "sword", "smoke"};

int main(int argc, char **argv) {
    if (argc != 5 || (strcmp(argv[3], "update") != 0 && strcmp(argv[3], "roster") != 0)) {
        fprintf(stderr, "usage: pg-set-weapon-floor SOCKET DATABASE update|roster WEAPON\n");
        return 64;
    }
    const char *weapon = NULL;
    for (size_t i = 0; i < sizeof weapons / sizeof *weapons; i++)
        if (strcmp(argv[4], weapons[i]) == 0) weapon = weapons[i];
    if (weapon == NULL) {
        fprintf(stderr, "pg-set-weapon-floor: unknown weapon %s\n", argv[4]);
        return 64;
    }
    struct sockaddr_un address = {.sun_family = AF_UNIX};
    snprintf(address.sun_path, sizeof address.sun_path, "%s", argv[1]);
    connection = socket(AF_UNIX, SOCK_STREAM, 0);
    if (connection < 0 || connect(connection, (struct sockaddr *)&address, sizeof address) != 0) {
        perror("pg-set-weapon-floor: connect");
        return 75;
    }
    char message[8192];
    size_t length = 8;
    uint32_t version = htonl(3 << 16);
    memcpy(message + 4, &version, 4);
    const char *pairs[] = {"user", "postgres", "database", argv[2], "client_encoding", "UTF8"};
    for (size_t i = 0; i < sizeof pairs / sizeof *pairs; i++) {
        size_t size = strlen(pairs[i]) + 1;
        memcpy(message + length, pairs[i], size);
        length += size;
    }
    message[length++] = 0;
    uint32_t total = htonl((uint32_t)length);
    memcpy(message, &total, 4);
    put(message, length);
    if (until_ready()) return 1;

    char sql[4096];
    if (strcmp(argv[3], "update") == 0) {
        snprintf(sql, sizeof sql, "UPDATE roster.monster SET weapon = '%s' WHERE name_key = 'cat-bot'", weapon);
    } else {
        snprintf(sql, sizeof sql,
            "BEGIN;"
            "SELECT set_config('lock_timeout', '5000ms', true), set_config('roster.writing', 'on', true), pg_advisory_xact_lock(1380930388, 1);"
            "SELECT application, version FROM roster.roster_schema;"
            "SELECT id, name, description, icon, name_color, weapon, height, origin, activated, name_key FROM roster.monster"
            " WHERE name_key = 'cat-bot' FOR UPDATE;"
            "INSERT INTO roster.history (client, surface, command, summary, kind) VALUES ('floor@vm', 'command line', 'set-weapon', 'Cat-Bot', 'rows');"
            "INSERT INTO roster.history_row (change, position, monster, before_exists, after_exists, before_name, before_description, before_icon,"
            " before_name_color, before_weapon, before_height, before_origin, before_activated, after_name, after_description, after_icon,"
            " after_name_color, after_weapon, after_height, after_origin, after_activated)"
            " SELECT (SELECT last_id FROM roster.history_counter), 0, id, true, true, name, description, icon, name_color, weapon, height, origin, activated,"
            " name, description, icon, name_color, '%s', height, origin, activated FROM roster.monster WHERE name_key = 'cat-bot';"
            "UPDATE roster.monster SET weapon = '%s' WHERE name_key = 'cat-bot';"
            "DELETE FROM roster.history WHERE id <= (SELECT last_id FROM roster.history_counter) - 10000;"
            "DELETE FROM roster.history_roster WHERE change <= (SELECT last_id FROM roster.history_counter) - 10000;"
            "SELECT pg_notify('roster', (SELECT last_id FROM roster.history_counter)::text);"
            "COMMIT",
            weapon, weapon);
    }
    size_t size = strlen(sql) + 1;
    message[0] = 'Q';
    uint32_t query_length = htonl((uint32_t)(size + 4));
    memcpy(message + 1, &query_length, 4);
    memcpy(message + 5, sql, size);
    put(message, size + 5);
    int failed = until_ready();
    const char terminate[] = {'X', 0, 0, 0, 4};
    put(terminate, sizeof terminate);
    close(connection);
    return failed ? 1 : 0;
}
