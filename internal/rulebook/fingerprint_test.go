package rulebook_test

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/dealerkiosk/trainer/internal/rulebook"
)

// TestGameFingerprint: a house copied from the default deals every game
// alike; changing its Trips pay table changes Ultimate Texas Hold'em's
// fingerprint and no other game's.
func TestGameFingerprint(t *testing.T) {
	m := mapFS(t)
	for p, f := range m {
		rest, ok := strings.CutPrefix(p, "houses/default/")
		if !ok {
			continue
		}
		for _, house := range []string{"riverside", "changed"} {
			data := f.Data
			if rest == "house.toml" {
				data = []byte(strings.Replace(string(data), `name     = "default"`, `name     = "`+house+`"`, 1))
			}
			if rest == "uth.toml" && house == "changed" {
				data = []byte(strings.Replace(string(data), `trips_table               = "50-40-30-8-6-5-3"`, `trips_table               = "50-40-30-9-7-4-3"`, 1))
				if string(data) == string(f.Data) {
					t.Fatal("the test's edit of the Trips table did not apply")
				}
			}
			m["houses/"+house+"/"+rest] = &fstest.MapFile{Data: data}
		}
	}
	b, err := rulebook.Load(m)
	if err != nil {
		t.Fatal(err)
	}
	fp := func(house, game string) string {
		h, err := b.House(house)
		if err != nil {
			t.Fatal(err)
		}
		s, err := h.GameFingerprint(game)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	for _, g := range rulebook.GameSlugs {
		if fp("default", g) != fp("riverside", g) {
			t.Errorf("%s: a copy of the default house has another fingerprint", g)
		}
		same := fp("default", g) == fp("changed", g)
		if want := g != "uth"; same != want {
			t.Errorf("%s: the same fingerprint after the Trips table changed = %v; want %v", g, same, want)
		}
	}
	h, _ := b.House("default")
	if _, err := h.GameFingerprint("craps"); err == nil {
		t.Error("the fingerprint of a game the house has not: no error")
	}
}
