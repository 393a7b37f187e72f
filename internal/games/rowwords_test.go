package games_test

import (
	"testing"

	"github.com/pelletier/go-toml/v2"

	i18n "github.com/dealerkiosk/trainer/content/i18n"
	rules "github.com/dealerkiosk/trainer/content/rules"
	"github.com/dealerkiosk/trainer/internal/games"
)

// TestRowWordsAreTheCatalogues: the English catalogue of hands and pay tables
// says exactly what RowWords and KindWords say, so a row is named alike in
// English wherever it is named, whether by the engine or by a catalogue.
func TestRowWordsAreTheCatalogues(t *testing.T) {
	buf, err := i18n.FS.ReadFile("hands/en.toml")
	if err != nil {
		t.Fatal(err)
	}
	var cat struct {
		Row   map[string]string `toml:"row"`
		Table map[string]string `toml:"table"`
	}
	if err := toml.Unmarshal(buf, &cat); err != nil {
		t.Fatal(err)
	}
	if len(cat.Row) < 20 || len(cat.Table) < 10 {
		t.Fatalf("hands/en.toml: %d rows, %d tables; want every row and table", len(cat.Row), len(cat.Table))
	}
	for key, want := range cat.Row {
		if got := games.RowWords(key); got != want {
			t.Errorf("RowWords(%q) = %q; the catalogue says %q", key, got, want)
		}
	}
	// Every row and table of the four games' pay tables has its name.
	for _, game := range []string{"uth", "oracle", "thrill", "lunar"} {
		buf, err := rules.FS.ReadFile("games/" + game + ".toml")
		if err != nil {
			t.Fatal(err)
		}
		var g struct {
			Paytables map[string]map[string]map[string]any `toml:"paytables"`
		}
		if err := toml.Unmarshal(buf, &g); err != nil {
			t.Fatal(err)
		}
		for kind, tables := range g.Paytables {
			if _, ok := cat.Table[kind]; !ok {
				t.Errorf("%s: the pay table %q has no name in hands/en.toml", game, kind)
			}
			for _, rows := range tables {
				for key := range rows {
					if _, ok := cat.Row[key]; !ok {
						t.Errorf("%s: the row %q of %q has no name in hands/en.toml", game, key, kind)
					}
				}
			}
		}
	}
	for kind, want := range cat.Table {
		if got := games.KindWords(kind); got != want {
			t.Errorf("KindWords(%q) = %q; the catalogue says %q", kind, got, want)
		}
	}
}
