package rulebook_test

import (
	"strings"
	"testing"
	"testing/fstest"

	rules "github.com/dealerkiosk/trainer/content/rules"
	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/rulebook"
)

// TestRoundingSetting checks house.toml's `rounding` (RULES.md §1.6, §6 row
// 30): the default house rounds down, another house may round up or to the
// nearest chip, and anything else stops the load naming the file and key.
func TestRoundingSetting(t *testing.T) {
	house := func(name, body string) fstest.MapFS {
		return fstest.MapFS{"houses/" + name + "/house.toml": {Data: []byte("name = \"" + name + "\"\n" + body)}}
	}
	b, err := rulebook.Load(rulebook.Overlay(fstest.MapFS{
		"houses/up/house.toml":      {Data: []byte("name = \"up\"\nrounding = \"up\"\n")},
		"houses/nearest/house.toml": {Data: []byte("name = \"nearest\"\nrounding = \"nearest\"\nsmallest_chip = \"1\"\n[[chips]]\nvalue = \"1\"\nlabel = \"1\"\ncolour = \"#fff\"\npattern = \"dots\"\n")},
	}, rules.FS))
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]games.Rounding{
		"default": {Chip: 50, Mode: games.RoundDown},
		"up":      {Chip: 50, Mode: games.RoundUp},
		"nearest": {Chip: 100, Mode: games.RoundNearest},
	} {
		h, err := b.House(name)
		if err != nil {
			t.Fatal(err)
		}
		if h.Rounding != want {
			t.Errorf("house %s: Rounding = %+v; want %+v", name, h.Rounding, want)
		}
	}

	for _, tt := range []struct {
		name  string
		files fstest.MapFS
		want  []string
	}{
		{"unknown rounding", house("odd", "rounding = \"half_even\"\n"),
			[]string{"houses/odd/house.toml", "rounding", `"half_even": want "down", "up" or "nearest"`}},
		// TOML puts a key written after [[chips]] into the last chip.
		{"rounding below the chips", house("late", "smallest_chip = \"1\"\n[[chips]]\nvalue = \"1\"\nlabel = \"1\"\ncolour = \"#fff\"\npattern = \"dots\"\nrounding = \"up\"\n"),
			[]string{"houses/late/house.toml", "chips.rounding", "unknown key (line 8)", `"rounding" is a top-level key: write it above the first [table]`}},
		{"rounding in a limits table", house("lim", "[limits.uth]\nmin = \"5\"\nmax = \"500\"\nrounding = \"nearest\"\n"),
			[]string{"houses/lim/house.toml", "limits.uth.rounding", `"rounding" is a top-level key`}},
		// games.CapBox pays a capped box exactly the cap: 10.25 is not whole 0.5 chips.
		{"cap in a fraction of a chip", func() fstest.MapFS {
			m := house("capped", "")
			m["houses/capped/lunar.toml"] = &fstest.MapFile{Data: []byte("max_payout_per_box = \"10.25\"\n")}
			return m
		}(), []string{"houses/capped/lunar.toml", "max_payout_per_box", "10.25 is not a whole number of the smallest chip (0.5)"}},
	} {
		_, err := rulebook.Load(rulebook.Overlay(tt.files, rules.FS))
		if err == nil {
			t.Errorf("%s: Load succeeded; want an error", tt.name)
			continue
		}
		for _, w := range tt.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: error %q does not mention %q", tt.name, err, w)
			}
		}
	}
}
