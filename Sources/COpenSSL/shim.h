#include <openssl/ssl.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/rand.h>
#include <openssl/x509v3.h>
#include <openssl/bio.h>
#include <sys/socket.h>
#include <errno.h>

/// OpenSSL's own socket BIO writes with write(2), which raises SIGPIPE when
/// the server has gone; a program that does not ignore SIGPIPE would die
/// instead of reporting a lost connection. This BIO sends with
/// MSG_NOSIGNAL, as libpq's does, and leaves everything else to the fd.
static inline int roster_bio_write(BIO *bio, const char *data, int length) {
    int fd = (int)(long)BIO_get_data(bio);
    BIO_clear_retry_flags(bio);
    ssize_t written;
    do {
        written = send(fd, data, (size_t)length, MSG_NOSIGNAL);
    } while (written < 0 && errno == EINTR);
    if (written < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) BIO_set_retry_write(bio);
    return (int)written;
}

static inline int roster_bio_read(BIO *bio, char *buffer, int length) {
    int fd = (int)(long)BIO_get_data(bio);
    BIO_clear_retry_flags(bio);
    ssize_t received;
    do {
        received = recv(fd, buffer, (size_t)length, 0);
    } while (received < 0 && errno == EINTR);
    if (received < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) BIO_set_retry_read(bio);
    return (int)received;
}

static inline long roster_bio_ctrl(BIO *bio, int command, long number, void *pointer) {
    (void)bio; (void)number; (void)pointer;
    return command == BIO_CTRL_FLUSH ? 1 : 0;
}

static inline int roster_bio_create(BIO *bio) {
    BIO_set_init(bio, 1);
    return 1;
}

/// A BIO on an already connected socket that never raises SIGPIPE.
/// The method is made once per process and kept, as OpenSSL expects.
static inline BIO *roster_bio_for_socket(int fd) {
    static BIO_METHOD *method = NULL;
    if (method == NULL) {
        BIO_METHOD *made = BIO_meth_new(BIO_get_new_index() | BIO_TYPE_SOURCE_SINK, "roster socket");
        if (made == NULL) return NULL;
        BIO_meth_set_write(made, roster_bio_write);
        BIO_meth_set_read(made, roster_bio_read);
        BIO_meth_set_ctrl(made, roster_bio_ctrl);
        BIO_meth_set_create(made, roster_bio_create);
        method = made;
    }
    BIO *bio = BIO_new(method);
    if (bio != NULL) BIO_set_data(bio, (void *)(long)fd);
    return bio;
}

/// SSL_set_tlsext_host_name is a macro over SSL_ctrl, which Swift cannot call.
static inline int roster_ssl_set_server_name(SSL *ssl, const char *name) {
    return (int)SSL_set_tlsext_host_name(ssl, name);
}

/// SSL_CTX_set_min_proto_version is a macro too.
static inline int roster_ssl_ctx_require_tls12(SSL_CTX *context) {
    return (int)SSL_CTX_set_min_proto_version(context, TLS1_2_VERSION);
}
