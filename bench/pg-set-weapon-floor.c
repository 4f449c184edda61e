/* The floor under `roster set-weapon` on PostgreSQL: the least a client
 * process can do for the same change on the same server, timed as a whole
 * process by bench/set-weapon-floor.sh beside roster, psql, and the same
 * statements sent through libpq (bench/pg-one-trip.c).
 *
 *   pg-set-weapon-floor SOCKET DATABASE FILE
 *
 * A static C program that speaks just enough of PostgreSQL's protocol
 * (version 3) for a trusted unix socket, as the bench cluster is: the
 * start-up message, then the statements of FILE as one simple query, one
 * round trip, then Terminate. No library, no loader, no parsing of its
 * own: what it costs is the server's work and the kernel's. The bench
 * gives it psql's lone UPDATE, or roster's whole transaction with the
 * before-values read by the server instead of sent back, so that no
 * answer is needed before the rest goes: no client could do it in fewer
 * round trips or with less of its own. Values are literals there, which
 * roster never does; this program measures, it is not a way to write a
 * roster. */
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

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: pg-set-weapon-floor SOCKET DATABASE FILE\n");
        return 64;
    }
    static char sql[1 << 16];
    FILE *file = fopen(argv[3], "r");
    if (file == NULL) { perror(argv[3]); return 66; }
    size_t sql_length = fread(sql, 1, sizeof sql - 1, file);
    fclose(file);
    sql[sql_length] = 0;
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

    uint32_t query_length = htonl((uint32_t)(sql_length + 1 + 4));
    put("Q", 1);
    put(&query_length, 4);
    put(sql, sql_length + 1);
    int failed = until_ready();
    const char terminate[] = {'X', 0, 0, 0, 4};
    put(terminate, sizeof terminate);
    close(connection);
    return failed ? 1 : 0;
}
