package rulebook_test

import (
	"bytes"
	"image"
	"image/png"
	"reflect"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	rules "github.com/dealerkiosk/trainer/content/rules"
	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/rulebook"
)

// TestBooksLoaded checks that every house has a book of every game, written
// with its own values, and that the books are part of the rules version.
func TestBooksLoaded(t *testing.T) {
	b, err := rulebook.Load(rules.FS)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range b.HouseNames() {
		h := b.Houses[name]
		for _, g := range rulebook.GameSlugs {
			bk := h.Book(g)
			if bk == nil || len(bk.Sections) == 0 {
				t.Fatalf("house %s: no book of %s", name, g)
			}
			if !strings.Contains(bk.Title, h.Title) {
				t.Errorf("house %s, %s: title %q does not name the house", name, g, bk.Title)
			}
			if _, ok := b.Files["books/"+g+".md"]; !ok {
				t.Errorf("books/%s.md is not among the version's files", g)
			}
		}
	}
	if h, _ := b.House(""); h.Title != "Demo casino" || h.Logo == nil || h.Logo.Type != "image/svg+xml" {
		t.Errorf("default house: title %q, logo %+v; want Demo casino with its SVG logo", h.Title, h.Logo)
	}
}

// TestBookEditIsNewVersion checks that a changed book, a changed house
// section and a changed logo each make a new version.
func TestBookEditIsNewVersion(t *testing.T) {
	base, err := rulebook.Load(rules.FS)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name string
		edit func(fstest.MapFS)
	}{
		{"shipped book", func(m fstest.MapFS) {
			m["books/uth.md"] = &fstest.MapFile{Data: bytes.Replace(m["books/uth.md"].Data, []byte("{#uth.game}\n"), []byte("{#uth.game}\n\nOne more line.\n"), 1)}
		}},
		{"house section", func(m fstest.MapFS) {
			m["houses/default/books/uth.md"] = &fstest.MapFile{Data: []byte("## Late bets {#uth.late after=\"uth.wagers\"}\n\nNone.\n")}
		}},
		{"logo", func(m fstest.MapFS) {
			m["houses/default/logo.svg"] = &fstest.MapFile{Data: []byte(`<svg xmlns="http://www.w3.org/2000/svg"><rect width="4" height="4"/></svg>`)}
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			m := mapFS(t)
			tt.edit(m)
			b, err := rulebook.Load(m)
			if err != nil {
				t.Fatal(err)
			}
			if b.Version == base.Version {
				t.Errorf("version %s unchanged", b.Version)
			}
			// A snapshot of the files loads as the same version.
			again, err := rulebook.Load(rulebook.SnapshotFS(b.Files))
			if err != nil || again.Version != b.Version {
				t.Errorf("snapshot loads as %v, %v; want %s", again, err, b.Version)
			}
		})
	}
}

// TestHouseBook checks a house's own section and values in its book.
func TestHouseBook(t *testing.T) {
	m := mapFS(t)
	m["houses/riviera/house.toml"] = &fstest.MapFile{Data: []byte("name = \"riviera\"\ntitle = \"Casino Riviera\"\ncurrency = \"EUR\"\n")}
	m["houses/riviera/uth.toml"] = &fstest.MapFile{Data: []byte("blind_table = \"straight-pushes\"\n")}
	m["houses/riviera/books/uth.md"] = &fstest.MapFile{Data: []byte("## Late bets {#uth.late after=\"uth.blind\"}\n\nNo bet after the first card at {{.House.Name}}.\n")}
	b, err := rulebook.Load(m)
	if err != nil {
		t.Fatal(err)
	}
	h := b.Houses["riviera"]
	bk := h.Book("uth")
	late, ok := bk.Section("uth.late")
	if !ok || late.Markdown != "No bet after the first card at Casino Riviera." || !late.House {
		t.Errorf("house section = %+v, %v", late, ok)
	}
	blind, _ := bk.Section("uth.paytable_blind")
	if strings.Contains(blind.Markdown, "| Straight |") || !strings.Contains(blind.Markdown, "| Flush | 3 to 2 |") {
		t.Errorf("riviera's Blind table B should not pay the straight:\n%s", blind.Markdown)
	}
	def, _ := b.Houses["default"].Book("uth").Section("uth.paytable_blind")
	if !strings.Contains(def.Markdown, "| Straight | 1 to 1 |") {
		t.Errorf("the default Blind table A pays the straight 1 to 1:\n%s", def.Markdown)
	}
	if _, ok := b.Houses["default"].Book("uth").Section("uth.late"); ok {
		t.Error("riviera's section is in the default house's book")
	}
	if h.Logo != nil {
		t.Error("riviera took the default house's logo")
	}
	r, ok := h.Cite("uth", "uth.late")
	if !ok || r.String() != "§7.5 Late bets" {
		t.Errorf("Cite(uth.late) = %q, %v", r.String(), ok)
	}
	if r, ok := h.Cite("uth", "RULES.md §2.3"); ok || r.Section != "RULES.md §2.3" {
		t.Errorf("Cite of a raw rule = %+v, %v; want the id back, false", r, ok)
	}
	// A house without a title of its own is called by its folder's name.
	m["houses/riviera/house.toml"] = &fstest.MapFile{Data: []byte("name = \"riviera\"\n")}
	if b, err = rulebook.Load(m); err != nil || b.Houses["riviera"].Title != "riviera" {
		t.Errorf("untitled house: %v, %v", b, err)
	}
}

// TestBookErrorsStopLoad checks that a broken book names its file and line.
func TestBookErrorsStopLoad(t *testing.T) {
	m := mapFS(t)
	m["houses/default/books/uth.md"] = &fstest.MapFile{Data: []byte("## Late {#uth.late after=\"uth.nowhere\"}\n")}
	_, err := rulebook.Load(m)
	if err == nil || !strings.Contains(err.Error(), `houses/default/books/uth.md:1: heading "Late": after="uth.nowhere"`) {
		t.Errorf("err = %v", err)
	}
	m = mapFS(t)
	m["books/oracle.md"] = &fstest.MapFile{Data: []byte("# Game {#oracle.game}\n\n{{paytable \"trips\"}}\n")}
	_, err = rulebook.Load(m)
	if err == nil || !strings.Contains(err.Error(), `books/oracle.md:3: paytable: Texas Oracle has no pay table of kind "trips"`) {
		t.Errorf("err = %v", err)
	}
}

func pngOf(t *testing.T, w, h int) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, image.NewGray(image.Rect(0, 0, w, h))); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestLogo(t *testing.T) {
	for _, tt := range []struct {
		name, logo string
		data       []byte
		want       string // "" loads
	}{
		{"png", "logo.png", pngOf(t, 64, 32), ""},
		{"svg", "logo.svg", []byte(`<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><use href="#a"/></svg>`), ""},
		{"missing", "none.png", nil, `logo: "none.png": cannot read houses/riviera/none.png`},
		{"path outside the folder", "../default/logo.svg", nil, "name a file in the house's folder"},
		{"other type", "logo.gif", []byte("GIF89a"), "a PNG or SVG file"},
		{"not a png", "logo.png", []byte("<svg/>"), "is not a PNG image"},
		{"png too big", "logo.png", pngOf(t, 4000, 10), "4000×10 pixels"},
		{"too many bytes", "logo.svg", append([]byte("<svg>"), bytes.Repeat([]byte(" "), 300<<10)...), "at most 256 KiB"},
		{"script", "logo.svg", []byte(`<svg><script>alert(1)</script></svg>`), "may not hold <script>"},
		{"handler", "logo.svg", []byte(`<svg onload="alert(1)"/>`), "event handlers"},
		{"outside link", "logo.svg", []byte(`<svg><image href="http://x/y.png"/></svg>`), "may not link outside"},
		{"entity", "logo.svg", []byte(`<!DOCTYPE svg [<!ENTITY a "b">]><svg/>`), "entities"},
		{"html", "logo.svg", []byte(`<html/>`), "not an SVG image"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			m := mapFS(t)
			m["houses/riviera/house.toml"] = &fstest.MapFile{Data: []byte("name = \"riviera\"\nlogo = \"" + tt.logo + "\"\n")}
			if tt.data != nil {
				m["houses/riviera/"+tt.logo] = &fstest.MapFile{Data: tt.data}
			}
			b, err := rulebook.Load(m)
			if tt.want == "" {
				if err != nil {
					t.Fatal(err)
				}
				if l := b.Houses["riviera"].Logo; l == nil || !bytes.Equal(l.Data, tt.data) {
					t.Errorf("logo = %+v", l)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), "houses/riviera/house.toml") || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("err = %v; want houses/riviera/house.toml … %s", err, tt.want)
			}
		})
	}
}

// TestOldVersionWithoutBooks loads the files of a version recorded before
// the rule books existed: it loads, with no books, so that what was made
// under it can still be shown.
func TestOldVersionWithoutBooks(t *testing.T) {
	m := mapFS(t)
	for p := range m {
		if strings.HasPrefix(p, "books/") {
			delete(m, p)
		}
	}
	b, err := rulebook.Load(m)
	if err != nil {
		t.Fatal(err)
	}
	if h := b.Houses["default"]; h.Book("uth") != nil {
		t.Error("a version without books has a book")
	}
	if _, ok := b.Houses["default"].Cite("uth", "uth.game"); ok {
		t.Error("Cite resolves in a version without books")
	}
}

// TestCompare checks what Compare finds between two versions: a pay-table
// row, a setting in words, a book section changed, one added, and the
// other files in words; and that with no old version every section is new.
func TestCompare(t *testing.T) {
	old, err := rulebook.Load(rules.FS)
	if err != nil {
		t.Fatal(err)
	}
	m := mapFS(t)
	edit := func(file, from, to string) {
		t.Helper()
		s := string(m[file].Data)
		if !strings.Contains(s, from) {
			t.Fatalf("%s: no %q", file, from)
		}
		m[file] = &fstest.MapFile{Data: []byte(strings.Replace(s, from, to, 1))}
	}
	edit("houses/default/uth.toml", `blind_table               = "straight-pays"`, `blind_table               = "straight-pushes"`)
	edit("houses/default/oracle.toml", "max_boxes", "max_boxes = 6 #")
	edit("drills.toml", "\n", "\n# a comment\n")
	first := old.Houses["default"].Book("uth").Sections[0]
	m["houses/default/books/uth.md"] = &fstest.MapFile{Data: []byte("# " + first.Title + " {#" + first.ID + "}\n\nOurs.\n\n" +
		"## Late bets {#uth.late after=\"" + first.ID + "\"}\n\nNone.\n")}
	nb, err := rulebook.Load(m)
	if err != nil {
		t.Fatal(err)
	}
	c, err := rulebook.Compare(old, nb, "default")
	if err != nil {
		t.Fatal(err)
	}
	want := rulebook.RowChange{Game: "uth", Kind: "blind", Row: "straight", OldTable: "straight-pays", NewTable: "straight-pushes", Old: "1 to 1", New: "nothing",
		OldWhy: games.Why{{ID: "book_text.odds", Args: []any{"Paid", int64(1), "Staked", int64(1)}}}, NewWhy: games.Why{{ID: "book_text.nothing"}}}
	if len(c.Rows) != 1 || !reflect.DeepEqual(c.Rows[0], want) {
		t.Errorf("Rows = %+v; want %+v", c.Rows, want)
	}
	var labels []string
	for _, s := range c.Settings {
		labels = append(labels, s.Game+": "+s.Label+": "+s.Old+" → "+s.New)
	}
	if want := []string{"uth: Blind table: straight 1 to 1 → straight not paid"}; !strings.Contains(strings.Join(labels, "\n"), want[0]) {
		t.Errorf("Settings = %q; want %q among them", labels, want)
	}
	got := map[string]string{}
	for _, s := range c.Sections {
		id := ""
		if s.New != nil {
			id = s.New.ID
		} else {
			id = s.Old.ID
		}
		got[id] = s.Change
	}
	if got[first.ID] != rulebook.FileChanged || got["uth.late"] != rulebook.FileAdded {
		t.Errorf("Sections = %v; want %s changed and uth.late added", got, first.ID)
	}
	if !slices.Contains(c.Others, "The practice levels and target times") {
		t.Errorf("Others = %q", c.Others)
	}
	all, err := rulebook.Compare(nil, nb, "default")
	if err != nil || len(all.Rows) != 0 || len(all.Sections) < len(nb.Houses["default"].Book("uth").Sections) {
		t.Errorf("Compare with no old version: %d sections, %d rows, %v", len(all.Sections), len(all.Rows), err)
	}
}
