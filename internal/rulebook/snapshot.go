package rulebook

import (
	"fmt"
	"io/fs"
	"strings"
	"testing/fstest"

	"github.com/pelletier/go-toml/v2"
)

// SnapshotFS returns the files of a recorded rules version (Book.Files, as
// the kiosk keeps them) as a file system that Load, and drills.Load, read
// exactly as they read content/rules: loading it gives back the same Version.
//
// fstest.MapFS is the standard library's in-memory file system; it is in
// testing/fstest but imports nothing of package testing.
func SnapshotFS(files map[string][]byte) fs.FS {
	m := fstest.MapFS{}
	for p, data := range files {
		m[p] = &fstest.MapFile{Data: data, Mode: 0o444}
	}
	return m
}

// FileChange is how one rules file differs between two versions.
type FileChange struct {
	Path   string
	Change string      // "added", "removed" or "changed"
	Keys   []KeyChange // for a changed file that both versions can read, the keys that differ
}

// KeyChange is one key that differs: Old is "" for a key added, New "" for
// one removed.
type KeyChange struct {
	Key      string // "paytables.trips.B.flush", "situation[3].ruling"
	Old, New string
}

// Changes of a file.
const (
	FileAdded   = "added"
	FileRemoved = "removed"
	FileChanged = "changed"
)

// Diff lists the files and keys that differ from old to new (two
// Book.Files), by path. A file that is not valid TOML on one side is listed
// as changed without keys.
func Diff(old, new map[string][]byte) []FileChange {
	paths := map[string]bool{}
	for p := range old {
		paths[p] = true
	}
	for p := range new {
		paths[p] = true
	}
	var out []FileChange
	for _, p := range sortedKeys(paths) {
		o, inOld := old[p]
		n, inNew := new[p]
		switch {
		case !inOld:
			out = append(out, FileChange{Path: p, Change: FileAdded})
		case !inNew:
			out = append(out, FileChange{Path: p, Change: FileRemoved})
		case string(o) != string(n):
			out = append(out, FileChange{Path: p, Change: FileChanged, Keys: diffKeys(o, n)})
		}
	}
	return out
}

// diffKeys compares two TOML documents key by key.
func diffKeys(old, new []byte) []KeyChange {
	ok, err1 := flatten(old)
	nk, err2 := flatten(new)
	if err1 != nil || err2 != nil {
		return nil
	}
	keys := map[string]bool{}
	for k := range ok {
		keys[k] = true
	}
	for k := range nk {
		keys[k] = true
	}
	var out []KeyChange
	for _, k := range sortedKeys(keys) {
		if ok[k] != nk[k] {
			out = append(out, KeyChange{Key: k, Old: ok[k], New: nk[k]})
		}
	}
	return out
}

// flatten reads a TOML document into its leaf keys and their values written
// as TOML: tables become dotted keys, lists of tables indexed keys
// ("situation[3].ruling"); a list of plain values stays one value.
func flatten(data []byte) (map[string]string, error) {
	var m map[string]any
	if err := toml.Unmarshal(data, &m); err != nil {
		return nil, err
	}
	out := map[string]string{}
	var walk func(prefix string, v any)
	walk = func(prefix string, v any) {
		switch v := v.(type) {
		case map[string]any:
			for k, sub := range v {
				key := k
				if prefix != "" {
					key = prefix + "." + k
				}
				walk(key, sub)
			}
		case []any:
			if len(v) > 0 && isTable(v[0]) {
				for i, sub := range v {
					walk(fmt.Sprintf("%s[%d]", prefix, i), sub)
				}
				return
			}
			parts := make([]string, len(v))
			for i, x := range v {
				parts[i] = value(x)
			}
			out[prefix] = "[" + strings.Join(parts, ", ") + "]"
		default:
			out[prefix] = value(v)
		}
	}
	walk("", m)
	return out, nil
}

func isTable(v any) bool {
	_, ok := v.(map[string]any)
	return ok
}

// value writes a TOML value as it would be written in the file.
func value(v any) string {
	switch v := v.(type) {
	case string:
		return fmt.Sprintf("%q", v)
	case map[string]any:
		keys := sortedKeys(v)
		parts := make([]string, len(keys))
		for i, k := range keys {
			parts[i] = k + " = " + value(v[k])
		}
		return "{ " + strings.Join(parts, ", ") + " }"
	case []any:
		parts := make([]string, len(v))
		for i, x := range v {
			parts[i] = value(x)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	}
	return fmt.Sprint(v)
}
