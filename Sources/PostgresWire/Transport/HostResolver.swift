#if canImport(Glibc)
import Glibc
#endif

/// Turns a host into socket addresses without ever letting a static glibc
/// load an NSS module, which would crash it. A numeric address needs no
/// resolver. For a name, getaddrinfo is used only when the hosts line of
/// /etc/nsswitch.conf names nothing but `files` and `dns` (glibc has both
/// built in); otherwise the name is looked up in /etc/hosts here, and if it
/// is not there the error says why roster cannot look it up, rather than
/// risk the crash.
enum HostResolver {
    struct Address {
        var storage: sockaddr_storage
        var length: socklen_t
        var family: Int32

        /// An address from a sockaddr_in or sockaddr_in6, copied into
        /// storage that holds either.
        init<SocketAddress>(socketAddress: SocketAddress, family: Int32) {
            var storage = sockaddr_storage()
            withUnsafeMutableBytes(of: &storage) { target in
                withUnsafeBytes(of: socketAddress) { target.copyMemory(from: $0) }
            }
            self.init(storage: storage, length: socklen_t(MemoryLayout<SocketAddress>.size), family: family)
        }

        init(storage: sockaddr_storage, length: socklen_t, family: Int32) {
            self.storage = storage
            self.length = length
            self.family = family
        }
    }

    static func addresses(host: String, port: UInt16, nsswitchPath: String = "/etc/nsswitch.conf",
                          hostsPath: String = "/etc/hosts") throws(PostgresError) -> [Address] {
        if let numeric = numericAddress(host, port: port) { return [numeric] }
        let modules = hostModules(nsswitchPath: nsswitchPath)
        if modules.allSatisfy({ $0 == "files" || $0 == "dns" }) {
            return try systemLookUp(host, port: port)
        }
        let fromFile = hostsFileAddresses(host, port: port, hostsPath: hostsPath)
        if !fromFile.isEmpty { return fromFile }
        if host.lowercased() == "localhost" {
            return [numericAddress("127.0.0.1", port: port), numericAddress("::1", port: port)].compactMap { $0 }
        }
        let others = modules.filter { $0 != "files" && $0 != "dns" }.joined(separator: ", ")
        throw .unreachable(server: "\(host):\(port)", reason: "the host name is not in \(hostsPath), and \(nsswitchPath) asks for name services (\(others)) that roster, a static program, cannot load; give the server's address, or add the name to \(hostsPath)")
    }

    /// An IPv4 or IPv6 address written as numbers, or nil for a name.
    static func numericAddress(_ host: String, port: UInt16) -> Address? {
        var v4 = in_addr()
        if inet_pton(AF_INET, host, &v4) == 1 {
            let address = sockaddr_in(sin_family: sa_family_t(AF_INET), sin_port: port.bigEndian, sin_addr: v4, sin_zero: (0, 0, 0, 0, 0, 0, 0, 0))
            return Address(socketAddress: address, family: AF_INET)
        }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, host, &v6) == 1 else { return nil }
        let address = sockaddr_in6(sin6_family: sa_family_t(AF_INET6), sin6_port: port.bigEndian, sin6_flowinfo: 0,
                                   sin6_addr: v6, sin6_scope_id: 0)
        return Address(socketAddress: address, family: AF_INET6)
    }

    /// The modules of the `hosts:` line, without its [NOTFOUND=return]
    /// actions. glibc's default without the file is dns then files.
    static func hostModules(nsswitchPath: String) -> [String] {
        guard let contents = readWholeFile(nsswitchPath) else { return ["dns", "files"] }
        for line in String(decoding: contents, as: UTF8.self).split(separator: "\n") {
            let content = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let words = content.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard let first = words.first, first == "hosts:" else { continue }
            var modules: [String] = []
            var inAction = false
            for word in words.dropFirst() {
                if word.hasPrefix("[") { inAction = true }
                if !inAction { modules.append(String(word)) }
                if word.hasSuffix("]") { inAction = false }
            }
            return modules
        }
        return ["dns", "files"]
    }

    static func hostsFileAddresses(_ host: String, port: UInt16, hostsPath: String) -> [Address] {
        guard let contents = readWholeFile(hostsPath) else { return [] }
        var found: [Address] = []
        let wanted = host.lowercased()
        for line in String(decoding: contents, as: UTF8.self).split(separator: "\n") {
            let content = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let words = content.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard words.count >= 2, words.dropFirst().contains(where: { $0.lowercased() == wanted }) else { continue }
            if let address = numericAddress(String(words[0]), port: port) { found.append(address) }
        }
        return found
    }

    private static func systemLookUp(_ host: String, port: UInt16) throws(PostgresError) -> [Address] {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_ADDRCONFIG
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0 else {
            throw .unreachable(server: "\(host):\(port)", reason: "the host name cannot be looked up (\(String(cString: gai_strerror(status))))")
        }
        defer { freeaddrinfo(list) }
        var found: [Address] = []
        var entry = list
        while let current = entry {
            if let socketAddress = current.pointee.ai_addr {
                var storage = sockaddr_storage()
                let length = Int(current.pointee.ai_addrlen)
                withUnsafeMutableBytes(of: &storage) { target in
                    target.copyMemory(from: UnsafeRawBufferPointer(start: socketAddress, count: min(length, target.count)))
                }
                found.append(Address(storage: storage, length: current.pointee.ai_addrlen, family: current.pointee.ai_family))
            }
            entry = current.pointee.ai_next
        }
        return found
    }
}
