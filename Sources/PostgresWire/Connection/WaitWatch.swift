/// What a wait for the server also heeds: a person at a terminal who
/// wants to quit while roster waits on a server that stopped answering.
///
/// Every wait on the server's socket polls `descriptors` beside it (a
/// terminal, a signal pipe). When one can be read, `shouldGiveUp` runs:
/// it reads them (it must, or the next poll would wake at once again) and
/// says whether to stop waiting. The connection is then closed, as its
/// state is unknown, and the wait throws `.interrupted`.
///
/// `whileQuiet`, if given, is told each whole second the server has
/// been silent in a wait (1, 2, …), so that an interface can say that
/// it waits, and how to stop.
public struct WaitWatch {
    public var descriptors: [Int32]
    public var shouldGiveUp: () -> Bool
    public var whileQuiet: ((_ seconds: Int) -> Void)?

    public init(descriptors: [Int32], shouldGiveUp: @escaping () -> Bool, whileQuiet: ((_ seconds: Int) -> Void)? = nil) {
        self.descriptors = descriptors
        self.shouldGiveUp = shouldGiveUp
        self.whileQuiet = whileQuiet
    }
}
