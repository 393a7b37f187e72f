package rulebook_test

import (
	"errors"
	"io/fs"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	rules "github.com/dealerkiosk/trainer/content/rules"
	"github.com/dealerkiosk/trainer/internal/rulebook"
)

// fuzzTargets are the files FuzzLoad replaces with fuzzed TOML: every
// shipped rules file, then the files of a second house ("other"), which
// starts from the default house and overrides what it sets.
func fuzzTargets(tb testing.TB) []string {
	tb.Helper()
	var files []string
	err := fs.WalkDir(rules.FS, ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".toml") && p != "drills.toml" {
			files = append(files, p) // drills.toml is the drills package's
		}
		return err
	})
	if err != nil {
		tb.Fatal(err)
	}
	slices.Sort(files)
	return append(files, "houses/other/house.toml", "houses/other/uth.toml", "houses/other/lunar.toml",
		"houses/other/procedures.toml", "houses/default/procedures.toml")
}

// FuzzLoad builds the rules from the shipped files with one of them (chosen
// by which) replaced by fuzzed TOML, and loads them. Load must never panic;
// what it refuses it refuses with one line that starts "rulebook.Load:" and
// names the file at fault, a file of the rules, and the key when the file
// could be read as TOML. Seed corpus: testdata/fuzz/FuzzLoad.
func FuzzLoad(f *testing.F) {
	shipped := mapFSFor(f)
	targets := fuzzTargets(f)
	f.Fuzz(func(t *testing.T, which uint8, data []byte) {
		m := fstest.MapFS{}
		for p, file := range shipped {
			m[p] = file
		}
		target := targets[int(which)%len(targets)]
		if strings.HasPrefix(target, "houses/other/") && target != "houses/other/house.toml" {
			m["houses/other/house.toml"] = &fstest.MapFile{Data: []byte("name = \"other\"\n")}
		}
		m[target] = &fstest.MapFile{Data: data}
		_, err := rulebook.Load(m)
		if err == nil {
			return
		}
		msg := err.Error()
		var re *rulebook.Error
		switch {
		case strings.ContainsAny(msg, "\n\r"):
			t.Errorf("%s: message %q is not one line", target, msg)
		case !errors.As(err, &re):
			t.Errorf("%s: error %q does not name a file", target, msg)
		case !strings.HasPrefix(msg, "rulebook.Load: "+re.File):
			t.Errorf("%s: message %q does not start with the file %s", target, msg, re.File)
		case !isRulesPath(m, re.File):
			t.Errorf("%s: message %q names %q, which is not a file of the rules", target, msg, re.File)
		case re.Msg == "":
			t.Errorf("%s: message %q says nothing", target, msg)
		}
	})
}

// isRulesPath reports whether p is a file or directory of m.
func isRulesPath(m fstest.MapFS, p string) bool {
	if _, ok := m[p]; ok {
		return true
	}
	_, err := fs.Stat(m, p)
	return err == nil
}

// mapFSFor copies the embedded rules into a MapFS, for a fuzz target.
func mapFSFor(tb testing.TB) fstest.MapFS {
	tb.Helper()
	m := fstest.MapFS{}
	err := fs.WalkDir(rules.FS, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(rules.FS, p)
		m[p] = &fstest.MapFile{Data: data}
		return err
	})
	if err != nil {
		tb.Fatal(err)
	}
	return m
}
