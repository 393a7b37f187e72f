package settle_test

import (
	"io/fs"
	"testing"
	"testing/fstest"

	rules "github.com/dealerkiosk/trainer/content/rules"
	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/settle"
)

// TestCite checks that a wager's rule, a section id, is written as the
// section's number and title of the round's house's book, and that a rule
// the book does not have is left as it is. The house adds its own section,
// so that the test controls both the citation and the book.
func TestCite(t *testing.T) {
	m := fstest.MapFS{}
	if err := fs.WalkDir(rules.FS, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(rules.FS, p)
		m[p] = &fstest.MapFile{Data: data}
		return err
	}); err != nil {
		t.Fatal(err)
	}
	first := book(t).Houses[rulebook.DefaultHouse].Book("uth").Sections[0].ID
	m["houses/test/house.toml"] = &fstest.MapFile{Data: []byte("name = \"test\"\ntitle = \"Test casino\"\n")}
	m["houses/test/books/uth.md"] = &fstest.MapFile{Data: []byte("# Late bets {#uth.test_late after=\"" + first + "\"}\n\nNone.\n")}
	b, err := rulebook.Load(m)
	if err != nil {
		t.Fatal(err)
	}
	s := &games.Settlement{Game: "uth", House: "test", Boxes: []games.BoxResult{{Wagers: []games.WagerResult{
		{Wager: "ante", Rule: "uth.test_late"}, {Wager: "blind", Rule: "uth.nowhere"}, {Wager: "play"},
	}}}}
	settle.Cite(b, s)
	got := []string{s.Boxes[0].Wagers[0].Rule, s.Boxes[0].Wagers[1].Rule, s.Boxes[0].Wagers[2].Rule}
	if got[0] != "2 Late bets" || got[1] != "uth.nowhere" || got[2] != "" {
		t.Errorf("rules after Cite = %q; want [\"2 Late bets\" \"uth.nowhere\" \"\"]", got)
	}
	// The default house's book has no such section.
	s.House, s.Boxes[0].Wagers[0].Rule = rulebook.DefaultHouse, "uth.test_late"
	settle.Cite(b, s)
	if r := s.Boxes[0].Wagers[0].Rule; r != "uth.test_late" {
		t.Errorf("default house: rule = %q; want it unchanged", r)
	}
}
