package cli

import "runtime/debug"

// crashNotUsage makes a fatal runtime failure (out of memory, or a panic
// dtm did not catch) end the process with SIGABRT, after the runtime's
// report, instead of the runtime's exit status 2, which dtm uses for usage
// errors. No core file is written unless the user asked for one.
func crashNotUsage() {
	noCoreFile()
	debug.SetTraceback("crash")
}
