package procedures_test

import (
	"errors"
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	rules "github.com/dealerkiosk/trainer/content/rules"
	"github.com/dealerkiosk/trainer/internal/procedures"
	"github.com/dealerkiosk/trainer/internal/rulebook"
)

// TestUTHShuffle checks the shuffle after every hand (issue 14: a rule of the
// source documents without training content): a step of the sequence of play
// and a sequence of its own, and two ruling situations. A house that shuffles
// by hand is not asked about the shuffler (the shuffler's ruling and
// sequence are held back naming the setting), but is still asked about
// dealing a round without a full shuffle, which holds whatever shuffles.
func TestUTHShuffle(t *testing.T) {
	upper := fstest.MapFS{
		"houses/byhand/house.toml": {Data: []byte("name = \"byhand\"\n")},
		"houses/byhand/uth.toml":   {Data: []byte("shuffle = \"by_hand\"\n")},
	}
	b, err := rulebook.Load(rulebook.Overlay(upper, rules.FS))
	if err != nil {
		t.Fatal(err)
	}
	def, _ := b.House(rulebook.DefaultHouse)
	byHand, _ := b.House("byhand")

	play := def.Procedures.Sequence("uth.play")
	if play == nil || !strings.Contains(strings.ToLower(play.Steps[len(play.Steps)-1]), "shuffle the whole deck") {
		t.Errorf("the sequence of play does not end with the shuffle: %v", play)
	}
	for _, c := range []struct {
		kind procedures.Kind
		id   string
		held bool // held back where the house shuffles by hand
	}{
		{procedures.KindRuling, "uth.shuffle_every_hand", false},
		{procedures.KindRuling, "uth.shuffler_fails", true},
		{procedures.KindOrder, "uth.shuffle", true},
		{procedures.KindNextStep, "uth.shuffle", true},
	} {
		for seed := uint64(1); seed <= 5; seed++ {
			q, err := procedures.New(def, c.kind, c.id, seed)
			if err != nil {
				t.Fatalf("default house, %s %s: %v", c.kind, c.id, err)
			}
			if q.Ref != "uth.shuffle" && q.Ref != "uth.procedure_shuffle" {
				t.Errorf("%s cites %q; want the shuffling section of the book", c.id, q.Ref)
			}
		}
		_, err := procedures.New(byHand, c.kind, c.id, 1)
		switch {
		case c.held && (!errors.Is(err, procedures.ErrUnresolved) || !strings.Contains(err.Error(), "uth.shuffle")):
			t.Errorf("%s at a house that shuffles by hand: %v; want ErrUnresolved naming uth.shuffle", c.id, err)
		case !c.held && err != nil:
			t.Errorf("%s at a house that shuffles by hand: %v; the ruling holds there too", c.id, err)
		}
	}
}

// devWords are what a dealer must never read in a UTH situation or sequence:
// source documents, our specification, regulators, setting keys, section
// numbers, card codes.
// Placeholders ({other_box}) are taken out before matching.
var devWords = regexp.MustCompile(`(?i:RULES\.md|SETTLE\.md|\bseeds? ?\d|\bseed\b|Wizard of Odds|Solaire|Pa\. Code|Pennsylvania)|\bPA\b|\bNSW\b|§|` +
	`\buth\.[a-z_]+|\b[a-z]+_[a-z_]+\b|\b[2-9TJQKA][cdhs]\b`)

var placeholder = regexp.MustCompile(`\{[a-z_]+\}`)

// TestUTHProceduresPlainWords checks that every text of the UTH situations
// and sequences is in plain words for dealers, and that every citation is a
// section id of a rule book (uth.… or common.…), never a source.
func TestUTHProceduresPlainWords(t *testing.T) {
	h := loadDefault(t)
	p := h.Procedures
	section := regexp.MustCompile(`^(uth|common)\.[a-z0-9_.-]+$`)
	n := 0
	for _, s := range p.Situations {
		if s.Game != "uth" {
			continue
		}
		n++
		if !section.MatchString(s.Ref) {
			t.Errorf("%s: ref %q is not a section id", s.ID, s.Ref)
		}
		texts := []string{s.Title, s.Prompt, s.Ruling}
		for _, vs := range s.Vars {
			texts = append(texts, vs...)
		}
		for _, c := range s.Choices {
			texts = append(texts, c.Text, c.Why)
		}
		for _, x := range texts {
			if m := devWords.FindString(placeholder.ReplaceAllString(x, "")); m != "" {
				t.Errorf("%s: %q in %q", s.ID, m, x)
			}
		}
	}
	for _, q := range p.Sequences {
		if q.Game != "uth" {
			continue
		}
		n++
		if !section.MatchString(q.Ref) {
			t.Errorf("%s: ref %q is not a section id", q.ID, q.Ref)
		}
		for _, x := range append([]string{q.Title}, q.Steps...) {
			if m := devWords.FindString(placeholder.ReplaceAllString(x, "")); m != "" {
				t.Errorf("%s: %q in %q", q.ID, m, x)
			}
		}
	}
	if n < 19 {
		t.Errorf("%d UTH situations and sequences; want the 15 situations and 4 sequences shipped", n)
	}
	for _, id := range []string{"uth.shuffle_every_hand", "uth.shuffler_fails", "uth.late_side_bet", "uth.trips_after_fold", "uth.wrong_play_amount", "uth.ante_blind_unequal"} {
		if !slices.ContainsFunc(p.Situations, func(s *rulebook.Situation) bool { return s.ID == id }) {
			t.Errorf("%s is missing", id)
		}
	}
}
