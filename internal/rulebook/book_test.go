package rulebook_test

import (
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"

	rules "github.com/dealerkiosk/trainer/content/rules"
	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/rulebook"
)

// TestLoadEmbedded loads the shipped rules, so that a broken pay table or
// house file fails CI.
func TestLoadEmbedded(t *testing.T) {
	b, err := rulebook.Load(rules.FS)
	if err != nil {
		t.Fatal(err)
	}
	h, err := b.House("default")
	if err != nil {
		t.Fatal(err)
	}
	if h.Rounding.Chip != 50 {
		t.Errorf("smallest chip = %v; want 0.5", h.Rounding.Chip)
	}
	if got := h.UTH.Trips.Name; got != "50-40-30-8-6-5-3" {
		t.Errorf("default Trips table = %q; want 50-40-30-8-6-5-3 (RULES.md §2.4)", got)
	}
	if o, _ := h.UTH.Blind.Odds("flush"); o != (games.Odds{Win: 3, Per: 2}) {
		t.Errorf("Blind flush = %v; want 3:2", o)
	}
	if len(b.Version) != 12 {
		t.Errorf("Version = %q; want 12 hex digits", b.Version)
	}
	if _, err := b.House("nowhere"); err == nil || !strings.Contains(err.Error(), "default") {
		t.Errorf("House(nowhere) = %v; want an error listing the known houses", err)
	}
}

// mapFS copies the embedded rules into a MapFS so that a test can break one file.
func mapFS(t *testing.T) fstest.MapFS {
	t.Helper()
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
		t.Fatal(err)
	}
	return m
}

func TestLoadErrors(t *testing.T) {
	tests := []struct {
		name   string
		file   string
		edit   func(string) string
		remove bool
		want   []string // every fragment must be in the error
	}{
		{"malformed odds", "games/uth.toml",
			func(s string) string {
				return strings.Replace(s, `flush          = "3:2"`, `flush          = "3/2"`, 1)
			},
			false, []string{"games/uth.toml", "paytables.blind.straight-pays.flush", `bad odds "3/2"`}},
		{"missing row", "games/uth.toml",
			func(s string) string {
				return strings.Replace(s, "three_of_a_kind = \"3:1\"\n\n[paytables.trips.50-40-30-8-6-5-3]", "\n[paytables.trips.50-40-30-8-6-5-3]", 1)
			},
			false, []string{"games/uth.toml", "paytables.trips.50-40-30-9-7-4-3.three_of_a_kind", "missing row"}},
		{"unknown row", "games/uth.toml",
			func(s string) string {
				return strings.Replace(s, "[paytables.trips.50-40-30-8-7-4-3]", "[paytables.trips.50-40-30-8-7-4-3]\nfive_aces = \"9:1\"", 1)
			},
			false, []string{"games/uth.toml", "paytables.trips.50-40-30-8-7-4-3.five_aces", "unknown row"}},
		{"unknown key in house", "houses/default/uth.toml",
			func(s string) string { return s + "\ntrips_tabel = \"B\"\n" },
			false, []string{"houses/default/uth.toml", "trips_tabel", "unknown key"}},
		{"table that does not exist", "houses/default/uth.toml",
			func(s string) string {
				return strings.Replace(s, `trips_table               = "50-40-30-8-6-5-3"`, `trips_table               = "Z"`, 1)
			},
			false, []string{"houses/default/uth.toml", "trips_table", `no trips table "Z"`, "50-40-20-7-6-5-3, 50-40-30-8-6-5-3, 50-40-30-8-7-4-3, 50-40-30-9-7-4-3"}},
		{"default house misses a setting", "houses/default/uth.toml",
			func(s string) string { return strings.Replace(s, "envy_bonus          = false\n", "", 1) },
			false, []string{"houses/default/uth.toml", "envy_bonus", "missing"}},
		{"bad amount", "houses/default/house.toml",
			func(s string) string {
				return strings.Replace(s, `smallest_chip = "0.5"`, `smallest_chip = "0.505"`, 1)
			},
			false, []string{"houses/default/house.toml", "smallest_chip"}},
		{"missing game file", "games/lunar.toml", nil, true, []string{"games/lunar.toml", "cannot read"}},
		{"house table clashes", "houses/default/uth.toml",
			func(s string) string {
				return s + "\n[paytables.trips.50-40-30-8-6-5-3]\nroyal_flush=\"1:1\"\nstraight_flush=\"1:1\"\nfour_of_a_kind=\"1:1\"\nfull_house=\"1:1\"\nflush=\"1:1\"\nstraight=\"1:1\"\nthree_of_a_kind=\"1:1\"\n"
			},
			false, []string{"houses/default/uth.toml", "paytables.trips.50-40-30-8-6-5-3", "already exists"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := mapFS(t)
			if tt.remove {
				delete(m, tt.file)
			} else {
				before := string(m[tt.file].Data)
				after := tt.edit(before)
				if after == before {
					t.Fatalf("the edit did not change %s", tt.file)
				}
				m[tt.file] = &fstest.MapFile{Data: []byte(after)}
			}
			_, err := rulebook.Load(m)
			if err == nil {
				t.Fatal("Load succeeded; want an error")
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not mention %q", err, w)
				}
			}
		})
	}
}

// TestHouseOverlay checks that another house starts from the default, may
// override any setting, and may add a pay table of its own.
func TestHouseOverlay(t *testing.T) {
	m := mapFS(t)
	m["houses/riviera/house.toml"] = &fstest.MapFile{Data: []byte("name = \"riviera\"\ntitle = \"Riviera\"\ncurrency = \"EUR\"\n")}
	m["houses/riviera/uth.toml"] = &fstest.MapFile{Data: []byte(`
fold_forfeits_trips = false
trips_table = "riviera"
[paytables.trips.riviera]
royal_flush = "100:1"
straight_flush = "40:1"
four_of_a_kind = "30:1"
full_house = "8:1"
flush = "6:1"
straight = "5:1"
three_of_a_kind = "3:1"
`)}
	b, err := rulebook.Load(m)
	if err != nil {
		t.Fatal(err)
	}
	h, err := b.House("riviera")
	if err != nil {
		t.Fatal(err)
	}
	if h.UTH.FoldForfeitsTrips {
		t.Error("riviera: fold_forfeits_trips still true")
	}
	if o, _ := h.UTH.Trips.Odds("royal_flush"); o.Win != 100 {
		t.Errorf("riviera Trips royal = %v; want 100:1", o)
	}
	if h.UTH.BlindTable != "straight-pays" || h.Rounding.Chip != 50 || h.Currency != "EUR" {
		t.Errorf("riviera did not inherit the default: blind %q, chip %v, currency %q", h.UTH.BlindTable, h.Rounding.Chip, h.Currency)
	}
	d, _ := b.House("default")
	if !d.UTH.FoldForfeitsTrips || d.UTH.Trips.Name != "50-40-30-8-6-5-3" {
		t.Error("the default house changed when another house overrode it")
	}
	if got := b.HouseNames(); strings.Join(got, ",") != "default,riviera" {
		t.Errorf("HouseNames = %v", got)
	}
}

// TestOverlayDir checks that a house kept outside the binary is layered over the embedded rules.
func TestOverlayDir(t *testing.T) {
	upper := fstest.MapFS{
		"houses/outside/house.toml": &fstest.MapFile{Data: []byte("name = \"outside\"\n")},
		"houses/outside/uth.toml":   &fstest.MapFile{Data: []byte("blind_table = \"straight-pushes\"\n")},
	}
	b, err := rulebook.Load(rulebook.Overlay(upper, rules.FS))
	if err != nil {
		t.Fatal(err)
	}
	h, err := b.House("outside")
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := h.UTH.Blind.Odds("straight"); ok {
		t.Error("house outside uses the straight-pushes Blind table, which does not pay the straight")
	}
}
