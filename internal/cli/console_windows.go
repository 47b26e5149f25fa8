package cli

import (
	"syscall"
	"unsafe"
)

var getConsoleProcessList = syscall.NewLazyDLL("kernel32.dll").NewProc("GetConsoleProcessList")

// ownConsole reports whether dtm is the only program attached to its
// console window: Windows opened the window for dtm because it was started
// from Explorer (double-clicked, or a workbook dropped on dtm.exe), and
// closes it the moment dtm ends.
func ownConsole() bool {
	var pids [2]uint32
	n, _, _ := getConsoleProcessList.Call(uintptr(unsafe.Pointer(&pids[0])), uintptr(len(pids)))
	return n == 1
}
