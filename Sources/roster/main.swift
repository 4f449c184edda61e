import RosterCLI

#if canImport(Glibc)
import Glibc
#endif

let arguments = Array(CommandLine.arguments.dropFirst())
// Only once they are copied: a password in a URI then leaves `ps`.
ProcessTitlePasswords.hide()
exit(RosterCommandLine.run(arguments))
