import RosterCLI

#if canImport(Glibc)
import Glibc
#endif

exit(RosterCommandLine.run(Array(CommandLine.arguments.dropFirst())))
