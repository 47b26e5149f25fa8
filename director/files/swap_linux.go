package files

import (
	"errors"
	"fmt"
	"os"

	"golang.org/x/sys/unix"
)

// exchange swaps two folders in one step (renameat2 RENAME_EXCHANGE): a
// reader sees one or the other at each name, never neither. It returns
// errNoExchange where the file system cannot.
func exchange(a, b string) error {
	err := unix.Renameat2(unix.AT_FDCWD, a, unix.AT_FDCWD, b, unix.RENAME_EXCHANGE)
	if errors.Is(err, unix.EINVAL) || errors.Is(err, unix.ENOSYS) || errors.Is(err, unix.ENOTSUP) {
		return errNoExchange
	}
	return err
}

// syncFolder makes the files written in dir durable: one sync of its
// whole file system (syncfs), however many files there are.
func syncFolder(dir string, _ []string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return unix.Syncfs(int(d.Fd()))
}

// folder is a folder open for writing new files into it by name: each
// file one openat (relative to the folder, not walking its path), one
// write and one close, as os.WriteFile's seven system calls (it also asks
// the poller about the file) cost thousands of pages more.
type folder struct {
	fd   int
	path string
}

// openFolder opens the folder path.
func openFolder(path string) (*folder, error) {
	fd, err := unix.Open(path, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	if err != nil {
		return nil, &os.PathError{Op: "open", Path: path, Err: err}
	}
	return &folder{fd: fd, path: path}, nil
}

// write writes the file name of the folder, replacing one of that name,
// or adds data to its end (add).
func (f *folder) write(name string, data []byte, add bool) error {
	flags := unix.O_WRONLY | unix.O_CREAT | unix.O_TRUNC | unix.O_CLOEXEC
	if add {
		flags = unix.O_WRONLY | unix.O_APPEND | unix.O_CLOEXEC
	}
	fd, err := unix.Openat(f.fd, name, flags, 0o644)
	for errors.Is(err, unix.EINTR) {
		fd, err = unix.Openat(f.fd, name, flags, 0o644)
	}
	if err != nil {
		return &os.PathError{Op: "open", Path: f.path + "/" + name, Err: err}
	}
	for len(data) > 0 && err == nil {
		var n int
		n, err = unix.Write(fd, data)
		if errors.Is(err, unix.EINTR) {
			err = nil
		}
		data = data[max(n, 0):]
	}
	if cerr := unix.Close(fd); err == nil && cerr != nil && !errors.Is(cerr, unix.EINTR) {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("write %s/%s: %w", f.path, name, err)
	}
	return nil
}

// close closes the folder.
func (f *folder) close() { unix.Close(f.fd) }
