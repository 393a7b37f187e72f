package drills_test

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	rules "github.com/dealerkiosk/trainer/content/rules"
	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/rulebook"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// goldenSpecs are the (level, seed) pairs dumped for each game and kind.
var goldenSpecs = []struct {
	level int
	seed  uint64
}{{1, 1}, {2, 7}, {3, 42}, {4, 2026}}

// versionLine matches the rules version in a drill's JSON. Golden files hold
// a placeholder instead, so that a change anywhere in content/rules (which
// changes the version) does not rewrite every golden file; the drill's
// version is checked against the book's in TestVersion.
var versionLine = regexp.MustCompile(`"rules_version": "[0-9a-f]+"`)

const versionPlaceholder = `"rules_version": "<rules version>"`

// dump writes the golden drills of one game and kind.
func dump(t *testing.T, g *drills.Generator, game, kind string) []byte {
	t.Helper()
	var b bytes.Buffer
	for _, s := range goldenSpecs {
		d, err := g.Generate("", drills.Spec{Game: game, Kind: kind, Level: s.level, Seed: s.seed})
		if err != nil {
			t.Fatalf("Generate(%s, %s, L%d, %d): %v", game, kind, s.level, s.seed, err)
		}
		if err := drills.WriteJSON(&b, d); err != nil {
			t.Fatal(err)
		}
	}
	return versionLine.ReplaceAll(b.Bytes(), []byte(versionPlaceholder))
}

// TestGolden compares a few drills of every game and kind with the dumps in
// testdata, byte for byte. Regenerate with `go test ./internal/drills -update`
// after a deliberate change, and read the diff.
func TestGolden(t *testing.T) {
	_, g := generator(t)
	for _, game := range drills.GameSlugs() {
		for _, kind := range drills.Kinds {
			file := filepath.Join("testdata", fmt.Sprintf("%s_%s.golden", game, kind))
			got := dump(t, g, game, kind)
			if *update {
				if err := os.WriteFile(file, got, 0o644); err != nil {
					t.Fatal(err)
				}
				continue
			}
			want, err := os.ReadFile(file)
			if err != nil {
				t.Fatalf("%v (run go test ./internal/drills -update to create it)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s: the drills differ from the golden file; if the change is meant, run go test ./internal/drills -update and review the diff\n%s",
					file, firstDiff(got, want))
			}
		}
	}
}

// firstDiff shows the first differing line of two dumps.
func firstDiff(got, want []byte) string {
	g, w := bytes.Split(got, []byte("\n")), bytes.Split(want, []byte("\n"))
	for i := range max(len(g), len(w)) {
		var a, b []byte
		if i < len(g) {
			a = g[i]
		}
		if i < len(w) {
			b = w[i]
		}
		if !bytes.Equal(a, b) {
			return fmt.Sprintf("line %d:\n got: %s\nwant: %s", i+1, a, b)
		}
	}
	return ""
}

// TestDeterminism generates the same drills from a second, independently
// loaded rulebook and generator, and again from the first: byte-identical.
func TestDeterminism(t *testing.T) {
	b1, g1 := generator(t)
	b2, err := rulebook.Load(rules.FS)
	if err != nil {
		t.Fatal(err)
	}
	g2, err := drills.Load(b2, rules.FS)
	if err != nil {
		t.Fatal(err)
	}
	if b1.Version != b2.Version {
		t.Fatalf("rules version %s then %s", b1.Version, b2.Version)
	}
	n := uint64(seedsPerLevel(12))
	for _, game := range drills.GameSlugs() {
		for _, kind := range drills.Kinds {
			for lv := 1; lv <= len(g1.Config().Levels); lv++ {
				for seed := range n {
					s := drills.Spec{Game: game, Kind: kind, Level: lv, Seed: seed * 7919}
					var a, b, c bytes.Buffer
					for _, x := range []struct {
						g *drills.Generator
						w *bytes.Buffer
					}{{g1, &a}, {g2, &b}, {g1, &c}} {
						d, err := x.g.Generate("", s)
						if err != nil {
							t.Fatalf("Generate(%+v): %v", s, err)
						}
						drills.WriteJSON(x.w, d)
					}
					if !bytes.Equal(a.Bytes(), b.Bytes()) || !bytes.Equal(a.Bytes(), c.Bytes()) {
						t.Errorf("Generate(%+v) is not deterministic:\n%s", s, firstDiff(a.Bytes(), b.Bytes()))
					}
				}
			}
		}
	}
}

// TestVersion checks that a drill records the rules version, house and spec.
func TestVersion(t *testing.T) {
	b, g := generator(t)
	d, err := g.Generate("", drills.Spec{Game: "uth", Kind: drills.KindPayout, Seed: 9})
	if err != nil {
		t.Fatal(err)
	}
	if d.RulesVersion != b.Version || d.House != rulebook.DefaultHouse || d.Level != 1 || d.Seed != 9 {
		t.Errorf("drill records version %q house %q level %d seed %d; want %q %q 1 9",
			d.RulesVersion, d.House, d.Level, d.Seed, b.Version, rulebook.DefaultHouse)
	}
	if d.TargetSeconds != g.Config().Targets[drills.KindPayout] {
		t.Errorf("target %d s; want drills.toml's %d", d.TargetSeconds, g.Config().Targets[drills.KindPayout])
	}
}
