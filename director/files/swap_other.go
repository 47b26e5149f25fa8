//go:build !linux

package files

import (
	"os"
	"path/filepath"
)

// exchange swaps two folders in one step where the system can; here it
// cannot, and the caller renames one after the other.
func exchange(_, _ string) error { return errNoExchange }

// syncFolder makes the files written in dir durable: each of names, then
// the folder where the system allows (there is no one call for a whole
// folder here).
func syncFolder(dir string, names []string) error {
	for _, name := range names {
		f, err := os.Open(filepath.Join(dir, name))
		if err != nil {
			return err
		}
		err = f.Sync()
		f.Close()
		if err != nil {
			return err
		}
	}
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
	return nil
}

// folder is a folder open for writing new files into it by name.
type folder struct{ path string }

// openFolder opens the folder path.
func openFolder(path string) (*folder, error) { return &folder{path: path}, nil }

// write writes the file name of the folder, replacing one of that name,
// or adds data to its end (add).
func (f *folder) write(name string, data []byte, add bool) error {
	if !add {
		return os.WriteFile(filepath.Join(f.path, name), data, 0o644)
	}
	out, err := os.OpenFile(filepath.Join(f.path, name), os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		return err
	}
	if _, err := out.Write(data); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// close closes the folder.
func (f *folder) close() {}
