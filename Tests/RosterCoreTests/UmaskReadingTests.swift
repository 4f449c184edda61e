#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import RosterCore

/// Reading the umask must not change it, even for a moment: the umask is
/// the whole process's, and a file another thread made while it was set
/// to something else got that mode (a test's folder made 0700 beside a
/// read of the umask shut another user out of it).
@Suite("Reading the umask")
struct UmaskReadingTests {
    @Test("the umask is read without being set: another thread never sees it change")
    func readWithoutSetting() async throws {
        let original = umask(0o022)
        defer { umask(original) }
        #expect(FileSystem.currentUmask() == 0o022)
        let seen = await withTaskGroup(of: Set<mode_t>.self) { group in
            // One thread reads the umask through roster, over and over…
            group.addTask {
                for _ in 0..<20_000 { _ = FileSystem.currentUmask() }
                return []
            }
            // …while another asks the kernel what it is.
            group.addTask {
                var masks = Set<mode_t>()
                for _ in 0..<20_000 { if let mask = Self.kernelUmask() { masks.insert(mask) } }
                return masks
            }
            var all = Set<mode_t>()
            for await masks in group { all.formUnion(masks) }
            return all
        }
        #expect(seen == [0o022])
    }

    /// What the kernel says the umask is, read apart from roster's code.
    private static func kernelUmask() -> mode_t? {
        let descriptor = open("/proc/self/status", O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 4096)
        let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        let line = String(decoding: bytes[0..<count], as: UTF8.self).split(separator: "\n").first { $0.hasPrefix("Umask:") }
        return line.flatMap { mode_t(String($0.dropFirst(6).filter { $0 != " " && $0 != "\t" }), radix: 8) }
    }
}
