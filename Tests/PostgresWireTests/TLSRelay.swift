import Foundation
@testable import PostgresWire

/// A machine in the middle, for tests: it answers a client's SSLRequest
/// with its own certificate, opens its own TLS session to the real server
/// and passes every byte on both ways, as a TLS-terminating proxy that
/// `sslmode=require` does not notice. With `strikesPLUS` it also takes
/// SCRAM-SHA-256-PLUS out of the server's SASL offer. It runs as a small
/// python3 program (its ssl module) until the value goes away.
final class TLSRelay {
    let port: UInt16
    private let folder: TemporaryFolder
    private let pid: pid_t

    init(toPort upstream: UInt16, certificate: String, key: String, strikesPLUS: Bool = false) throws {
        folder = try TemporaryFolder()
        let program = folder.path + "/relay.py"
        let ready = folder.path + "/port"
        try Self.program.write(toFile: program, atomically: true, encoding: .utf8)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, folder.path + "/out", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, folder.path + "/err", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let arguments = ["python3", program, certificate, key, ready, String(upstream), strikesPLUS ? "strike" : "pass"]
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var child: pid_t = 0
        guard posix_spawnp(&child, "python3", &actions, nil, argv, environ) == 0 else {
            throw TestCluster.Failure(description: "python3 could not start the TLS relay.")
        }
        pid = child
        let started = Date()
        while true {
            if let text = try? String(contentsOfFile: ready, encoding: .utf8), let port = UInt16(text) {
                self.port = port
                return
            }
            if Date().timeIntervalSince(started) > 10 {
                kill(pid, SIGKILL)
                waitpid(pid, nil, 0)
                let complaint = (try? String(contentsOfFile: folder.path + "/err", encoding: .utf8)) ?? ""
                throw TestCluster.Failure(description: "The TLS relay did not start: \(complaint)")
            }
            usleep(20_000)
        }
    }

    deinit {
        kill(pid, SIGKILL)
        waitpid(pid, nil, 0)
    }

    private static let program = #"""
    import os, socket, ssl, struct, sys, threading
    certificate, key, ready, upstream, mode = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5]
    SSL_REQUEST = struct.pack('!ii', 8, 80877103)
    towards_client = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    towards_client.load_cert_chain(certificate, key)
    towards_server = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    towards_server.check_hostname = False
    towards_server.verify_mode = ssl.CERT_NONE

    def strike(data):
        # The SASL offer: 'R', its length, 10, each mechanism ending in NUL.
        name = b'SCRAM-SHA-256-PLUS\0'
        at = data.find(name)
        if data[:1] != b'R' or data[5:9] != struct.pack('!i', 10) or at < 0:
            return data
        length = struct.unpack('!i', data[1:5])[0] - len(name)
        return b'R' + struct.pack('!i', length) + data[5:at] + data[at + len(name):]

    # Each direction runs until its source ends, then ends its target's
    # sending half only: closing both ends at once could drop what the other
    # direction has not delivered yet (the server's refusal, as it hangs up).
    def pump(source, target, rewrite):
        try:
            while True:
                data = source.recv(65536)
                if not data:
                    break
                target.sendall(strike(data) if rewrite else data)
        except OSError:
            pass
        finally:
            try:
                # The socket's own half-close: an SSL socket's would drop its TLS state under the other direction.
                socket.socket.shutdown(target, socket.SHUT_WR)
            except OSError:
                pass

    def serve(client):
        if client.recv(8) != SSL_REQUEST:
            client.close()
            return
        client.sendall(b'S')
        client = towards_client.wrap_socket(client, server_side=True)
        server = socket.create_connection(('127.0.0.1', upstream))
        server.sendall(SSL_REQUEST)
        if server.recv(1) != b'S':
            client.close()
            return
        server = towards_server.wrap_socket(server)
        upwards = threading.Thread(target=pump, args=(client, server, False), daemon=True)
        upwards.start()
        pump(server, client, mode == 'strike')
        upwards.join(5)
        for end in (client, server):
            try:
                end.close()
            except OSError:
                pass

    listener = socket.socket()
    listener.bind(('127.0.0.1', 0))
    listener.listen(16)
    with open(ready + '.new', 'w') as note:
        note.write(str(listener.getsockname()[1]))
    os.rename(ready + '.new', ready)
    while True:
        connection, _ = listener.accept()
        threading.Thread(target=serve, args=(connection,), daemon=True).start()
    """#
}
