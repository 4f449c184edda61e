import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The test servers outlive the moment they start, so they must hold none
/// of the test process's descriptors: a pipe another test was reading its
/// child's output from, inherited by a server, never reached its end, and
/// that test waited until the whole run was killed.
@Suite struct TestClusterDescriptorTests {
    @Test("a server started while the test process holds a pipe does not keep that pipe open")
    func serverHoldsNoPipeOfTheTestProcess() throws {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)  // not close-on-exec, as Foundation's pipes are not
        defer { close(ends[0]) }
        let cluster = try TestCluster()
        close(ends[1])
        // Every writer gone, the reader sees the end at once.
        var descriptor = pollfd(fd: ends[0], events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, 2000)
        #expect(ready == 1, "a process started with the cluster holds the pipe's write end")
        var byte: UInt8 = 0
        if ready == 1 { #expect(read(ends[0], &byte, 1) == 0) }
        cluster.stop()
    }
}
