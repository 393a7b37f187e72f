package rulebook

import (
	"errors"
	"io/fs"
	"path"
	"slices"
)

// Overlay returns a file system that reads upper first and falls back to
// lower, merging directory listings. It lets a house kept outside the binary
// (`-rules DIR`) add or replace files over the embedded content/rules.
func Overlay(upper, lower fs.FS) fs.FS { return overlay{upper, lower} }

type overlay struct{ upper, lower fs.FS }

func (o overlay) Open(name string) (fs.File, error) {
	f, err := o.upper.Open(name)
	if err != nil {
		return o.lower.Open(name)
	}
	if st, serr := f.Stat(); serr == nil && !st.IsDir() {
		return f, nil
	}
	// A directory: prefer the lower one (listings are merged by ReadDir),
	// unless only the upper has it.
	if lf, lerr := o.lower.Open(name); lerr == nil {
		f.Close()
		return lf, nil
	}
	return f, nil
}

func (o overlay) ReadFile(name string) ([]byte, error) {
	b, err := fs.ReadFile(o.upper, name)
	if err == nil {
		return b, nil
	}
	return fs.ReadFile(o.lower, name)
}

func (o overlay) ReadDir(name string) ([]fs.DirEntry, error) {
	up, uerr := fs.ReadDir(o.upper, name)
	lo, lerr := fs.ReadDir(o.lower, name)
	if uerr != nil && lerr != nil {
		return nil, errors.Join(lerr, uerr)
	}
	seen := map[string]bool{}
	var out []fs.DirEntry
	for _, e := range append(up, lo...) {
		if !seen[e.Name()] {
			seen[e.Name()] = true
			out = append(out, e)
		}
	}
	slices.SortFunc(out, func(a, b fs.DirEntry) int {
		switch {
		case a.Name() < b.Name():
			return -1
		case a.Name() > b.Name():
			return 1
		}
		return 0
	})
	return out, nil
}

// Without returns fsys without the named files, as if they had never been
// written: a rules tree before a translation was added. Tests of what a
// reader sees of a section or a ruling not yet translated use it, now that
// the shipped rules translate everything.
func Without(fsys fs.FS, names ...string) fs.FS { return without{fsys, names} }

type without struct {
	fsys  fs.FS
	names []string
}

func (w without) hidden(name string) bool { return slices.Contains(w.names, name) }

func (w without) Open(name string) (fs.File, error) {
	if w.hidden(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	return w.fsys.Open(name)
}

func (w without) ReadFile(name string) ([]byte, error) {
	if w.hidden(name) {
		return nil, &fs.PathError{Op: "read", Path: name, Err: fs.ErrNotExist}
	}
	return fs.ReadFile(w.fsys, name)
}

func (w without) ReadDir(name string) ([]fs.DirEntry, error) {
	es, err := fs.ReadDir(w.fsys, name)
	return slices.DeleteFunc(es, func(e fs.DirEntry) bool {
		return w.hidden(path.Join(name, e.Name()))
	}), err
}
