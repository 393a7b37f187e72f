package book

import (
	"errors"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/google/go-cmp/cmp"
)

// testEnv is a small game "uth" at a house "Demo casino": two pay tables,
// two settings, two rulings (one withheld), a sequence.
func testEnv() Env {
	odds := func(w, p int64) games.Odds { return games.Odds{Win: w, Per: p} }
	return Env{
		Game: "uth", GameName: "Ultimate Texas Hold'em",
		House: House{Name: "Demo casino", Currency: "CHF", Rounding: "down", SmallestChip: 50,
			Chips: []Chip{{Value: 50, Label: "½"}, {Value: 100000, Label: "1K"}}},
		Set: map[string]any{
			"fold_forfeits_trips": true,
			"progressive_stake":   games.Money(200),
			"preflop_multiples":   []int64{3, 4},
			"max_boxes":           7,
			"ante_on_noqual":      games.Odds{Win: 1, Per: 1},
		},
		Limits: Limits{Min: 500, Max: 50000},
		Specs: []games.TableSpec{
			{Kind: "blind", Rows: []string{"royal_flush", "flush", "straight"}, Optional: []string{"straight"}},
			{Kind: "progressive", Progressive: true, Rows: []string{"royal_flush", "straight_flush"}},
			{Kind: "trips", Rows: []string{"royal_flush", "three_of_a_kind"}},
		},
		Tables: map[string]games.PayTable{
			"blind":       {Kind: "blind", Name: "B", Rows: []games.PayRow{{Key: "royal_flush", Odds: odds(500, 1)}, {Key: "flush", Odds: odds(3, 2)}}},
			"progressive": {Kind: "progressive", Name: "t", Rows: []games.PayRow{{Key: "royal_flush", Percent: 10000}, {Key: "straight_flush", Amount: 50000}}},
			"trips":       {Kind: "trips", Name: "B", Rows: []games.PayRow{{Key: "royal_flush", Odds: odds(10000, 1)}, {Key: "three_of_a_kind", Odds: odds(3, 1)}}},
		},
		Rulings: map[string]Ruling{
			"uth.show_cards": {Game: "uth", Title: "A player shows his cards", Text: "Tell him it is not allowed; the hand stands."},
			"common.payout":  {Game: "common", Title: "A wrong payment", Text: "Correct it at once."},
			"oracle.R1":      {Game: "oracle", Title: "Another game's", Text: "No."},
		},
		Sequences: map[string]Sequence{
			"uth.deal": {Game: "uth", Title: "The deal", Steps: []string{"Shuffle.", "Deal the board.", "Deal the players.", "Deal the dealer."}},
		},
		Withheld: map[string]bool{"uth.late_bet": true},
	}
}

const gameMD = `# The game {#uth.game}

Played against the bank.

## The Blind bet {#uth.blind}

Blind pays {{pays "blind" "flush"}} on a flush.

## Trips {#uth.trips}

{{paytable "trips"}}

# Play {#uth.play}

See {{ref "uth.blind"}}.

{{include "common"}}
`

const commonMD = `# Paying {#common.paying}

Pay with the fewest chips.

## Rounding {#common.rounding}

Round {{.House.Rounding}} to {{money .House.SmallestChip}}.
`

func fsWith(files map[string]string) fstest.MapFS {
	m := fstest.MapFS{}
	for p, s := range files {
		m[p] = &fstest.MapFile{Data: []byte(s)}
	}
	return m
}

func load(t *testing.T, files map[string]string) (*Book, error) {
	t.Helper()
	return Load(fsWith(files), "houses/casino", testEnv())
}

// outline is the book as "number id title" lines.
func outline(b *Book) []string {
	var out []string
	for _, s := range b.Sections {
		out = append(out, s.Number+" "+s.ID+" "+s.Title)
	}
	return out
}

func TestLoadNumbersAndIncludes(t *testing.T) {
	b, err := load(t, map[string]string{"books/uth.md": gameMD, "books/common.md": commonMD})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"1 uth.game The game",
		"1.1 uth.blind The Blind bet",
		"1.2 uth.trips Trips",
		"2 uth.play Play",
		"3 common.paying Paying",
		"3.1 common.rounding Rounding",
	}
	if diff := cmp.Diff(want, outline(b)); diff != "" {
		t.Errorf("outline (-want +got):\n%s", diff)
	}
	if b.Title != "Ultimate Texas Hold'em: the rule book of Demo casino" {
		t.Errorf("Title = %q", b.Title)
	}
	r, ok := b.Ref("uth.blind")
	if !ok || r != (Ref{Section: "uth.blind", Number: "1.1", Title: "The Blind bet"}) || r.String() != "§1.1 The Blind bet" || r.Plain() != "1.1 The Blind bet" {
		t.Errorf("Ref(uth.blind) = %+v, %v (%q)", r, ok, r.String())
	}
	if _, ok := b.Ref("uth.nothing"); ok {
		t.Error("Ref of an unknown id resolves")
	}
	play, _ := b.Section("uth.play")
	if play.Markdown != "See [§1.1 The Blind bet](#uth.blind)." {
		t.Errorf("ref in Markdown: %q", play.Markdown)
	}
	if !strings.Contains(play.HTML, `<a href="#uth.blind">§1.1 The Blind bet</a>`) || play.Text != "See §1.1 The Blind bet." {
		t.Errorf("ref in HTML/Text: %q / %q", play.HTML, play.Text)
	}
	if id, ok := b.TableSection("trips"); !ok || id != "uth.trips" {
		t.Errorf("TableSection(trips) = %q, %v; want uth.trips", id, ok)
	}
	if _, ok := b.TableSection("blind"); ok {
		t.Error("TableSection(blind): the book prints no Blind table, only a row of it")
	}
	if trips, _ := b.Section("uth.trips"); strings.Contains(trips.Markdown+trips.HTML, "book:paytable") {
		t.Errorf("the table's marker is left in the section: %q", trips.Markdown)
	}
	if got := len(b.Subtree("uth.game")); got != 3 {
		t.Errorf("Subtree(uth.game) has %d sections; want 3", got)
	}
	if got := len(b.Subtree("common.rounding")); got != 1 {
		t.Errorf("Subtree(common.rounding) has %d sections; want 1", got)
	}
}

// TestHouseValues checks what each function writes.
func TestHouseValues(t *testing.T) {
	for _, tt := range []struct {
		name, src string
		want      string // the section's Markdown
	}{
		{"paytable", `{{paytable "blind"}}`, "| Hand | Pays |\n| --- | --- |\n| Royal flush | 500 to 1 |\n| Flush | 3 to 2 |"},
		{"paytable thousands", `{{paytable "trips"}}`, "| Hand | Pays |\n| --- | --- |\n| Royal flush | 10,000 to 1 |\n| Three of a kind | 3 to 1 |"},
		{"paytable progressive", `{{paytable "progressive"}}`, "| Hand | Pays |\n| --- | --- |\n| Royal flush | 100% of the jackpot meter |\n| Straight flush | CHF 500 |"},
		{"pays", `A flush pays {{pays "blind" "flush"}}.`, "A flush pays 3 to 2."},
		{"pays nothing", `A straight pays {{pays "blind" "straight"}}.`, "A straight pays nothing."},
		{"money", `{{money .Set.progressive_stake}} and {{money .House.SmallestChip}} and {{money .Limits.Max}}`, "CHF 2 and CHF 0.50 and CHF 500"},
		{"times", `Play {{times .Set.preflop_multiples}} or check.`, "Play 3× or 4× or check."},
		{"times one", `Play {{times .Set.max_boxes}}.`, "Play 7×."},
		{"odds", `The Ante pays {{odds .Set.ante_on_noqual}}.`, "The Ante pays 1 to 1."},
		{"if setting", `{{if .Set.fold_forfeits_trips}}A fold loses Trips.{{else}}Trips stays.{{end}}`, "A fold loses Trips."},
		{"chips", `{{range .House.Chips}}{{.Label}}: {{money .Value}}. {{end}}`, "½: CHF 0.50. 1K: CHF 1,000."},
		{"house and game", `{{.House.Name}} deals {{.Game.Name}} in {{.House.Currency}}.`, "Demo casino deals Ultimate Texas Hold'em in CHF."},
		{"steps", `The deal:
{{steps "uth.deal"}}`, "The deal:\n\n1. Shuffle.\n2. Deal the board.\n3. Deal the players.\n4. Deal the dealer."},
		{"steps withheld", `Before.{{steps "uth.late_bet"}}`, "Before."},
		{"ruling withheld", `Before.{{ruling "uth.late_bet"}}`, "Before."},
	} {
		t.Run(tt.name, func(t *testing.T) {
			b, err := load(t, map[string]string{"books/uth.md": "# Rules {#uth.rules}\n\n" + tt.src + "\n"})
			if err != nil {
				t.Fatal(err)
			}
			if got := b.Sections[0].Markdown; got != tt.want {
				t.Errorf("Markdown = %q; want %q", got, tt.want)
			}
		})
	}
}

func TestRulingSubsection(t *testing.T) {
	// A ruling is a subsection of what it is written under: under a #, a ##.
	b, err := load(t, map[string]string{"books/uth.md": "# Rulings {#uth.rulings}\n\nThe house rules these.\n{{ruling \"uth.show_cards\"}}\n{{ruling \"common.payout\"}}\n"})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"1 uth.rulings Rulings", "1.1 uth.show_cards A player shows his cards", "1.2 common.payout A wrong payment"}, outline(b)); diff != "" {
		t.Errorf("a ruling under a chapter (-want +got):\n%s", diff)
	}
	b, err = load(t, map[string]string{"books/uth.md": "# Rulings {#uth.rulings}\n\n## At the table {#uth.table}\n{{ruling \"uth.show_cards\"}}\n{{ruling \"common.payout\"}}\n"})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"1 uth.rulings Rulings", "1.1 uth.table At the table", "1.1.1 uth.show_cards A player shows his cards", "1.1.2 common.payout A wrong payment"}
	if diff := cmp.Diff(want, outline(b)); diff != "" {
		t.Errorf("outline (-want +got):\n%s", diff)
	}
	s, _ := b.Section("uth.show_cards")
	if s.Markdown != "Tell him it is not allowed; the hand stands." {
		t.Errorf("ruling text = %q", s.Markdown)
	}
}

func TestHouseSections(t *testing.T) {
	base := map[string]string{"books/uth.md": gameMD, "books/common.md": commonMD}
	with := func(files map[string]string) map[string]string {
		out := map[string]string{}
		for k, v := range base {
			out[k] = v
		}
		for k, v := range files {
			out[k] = v
		}
		return out
	}
	for _, tt := range []struct {
		name  string
		files map[string]string
		want  []string
		check func(t *testing.T, b *Book)
	}{
		{
			name:  "replace keeps place and subsections",
			files: map[string]string{"houses/casino/books/uth.md": "# Our game {#uth.game}\n\nOur words.\n"},
			want: []string{"1 uth.game Our game", "1.1 uth.blind The Blind bet", "1.2 uth.trips Trips", "2 uth.play Play",
				"3 common.paying Paying", "3.1 common.rounding Rounding"},
			check: func(t *testing.T, b *Book) {
				s, _ := b.Section("uth.game")
				if s.Markdown != "Our words." || !s.House || s.File != "houses/casino/books/uth.md" {
					t.Errorf("replaced section = %+v", s)
				}
				if s, _ := b.Section("uth.blind"); s.House {
					t.Error("a section the house left alone is marked as the house's")
				}
			},
		},
		{
			name: "add after a section, with subsections",
			files: map[string]string{"houses/casino/books/uth.md": "## Late bets {#uth.late after=\"uth.blind\"}\n\nNone.\n\n" +
				"### At the deal {#uth.late_deal}\n\nNo.\n\n### After the deal {#uth.late_after}\n\nNever.\n"},
			want: []string{"1 uth.game The game", "1.1 uth.blind The Blind bet", "1.2 uth.late Late bets", "1.2.1 uth.late_deal At the deal",
				"1.2.2 uth.late_after After the deal", "1.3 uth.trips Trips", "2 uth.play Play", "3 common.paying Paying", "3.1 common.rounding Rounding"},
		},
		{
			name:  "add a subsection at the end of a section",
			files: map[string]string{"houses/casino/books/uth.md": "### Our note {#uth.note after=\"uth.trips\"}\n\nText.\n"},
			want: []string{"1 uth.game The game", "1.1 uth.blind The Blind bet", "1.2 uth.trips Trips", "1.2.1 uth.note Our note", "2 uth.play Play",
				"3 common.paying Paying", "3.1 common.rounding Rounding"},
		},
		{
			name:  "add a chapter after a chapter and its sections",
			files: map[string]string{"houses/casino/books/uth.md": "# House rules {#uth.house after=\"uth.game\"}\n\nOurs.\n"},
			want: []string{"1 uth.game The game", "1.1 uth.blind The Blind bet", "1.2 uth.trips Trips", "2 uth.house House rules", "3 uth.play Play",
				"4 common.paying Paying", "4.1 common.rounding Rounding"},
		},
		{
			name: "house common file",
			files: map[string]string{"houses/casino/books/common.md": "## Rounding {#common.rounding}\n\nWe round up.\n\n" +
				"## Tips {#common.tips after=\"common.rounding\"}\n\nThanked.\n"},
			want: []string{"1 uth.game The game", "1.1 uth.blind The Blind bet", "1.2 uth.trips Trips", "2 uth.play Play",
				"3 common.paying Paying", "3.1 common.rounding Rounding", "3.2 common.tips Tips"},
		},
		{
			name:  "ref to a house section",
			files: map[string]string{"houses/casino/books/uth.md": "# Play {#uth.play}\n\nSee {{ref \"uth.extra\"}}.\n\n## Extra {#uth.extra after=\"uth.play\"}\n\nMore.\n"},
			want: []string{"1 uth.game The game", "1.1 uth.blind The Blind bet", "1.2 uth.trips Trips", "2 uth.play Play", "2.1 uth.extra Extra",
				"3 common.paying Paying", "3.1 common.rounding Rounding"},
			check: func(t *testing.T, b *Book) {
				if s, _ := b.Section("uth.play"); s.Markdown != "See [§2.1 Extra](#uth.extra)." {
					t.Errorf("Markdown = %q", s.Markdown)
				}
			},
		},
	} {
		t.Run(tt.name, func(t *testing.T) {
			b, err := load(t, with(tt.files))
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, outline(b)); diff != "" {
				t.Errorf("outline (-want +got):\n%s", diff)
			}
			if tt.check != nil {
				tt.check(t, b)
			}
		})
	}
}

// TestLoadErrors checks that every broken rule stops the load with the file,
// the line and the problem.
func TestLoadErrors(t *testing.T) {
	for _, tt := range []struct {
		name  string
		files map[string]string
		file  string
		line  int
		msg   string
	}{
		{"no book", map[string]string{}, "books/uth.md", 0, "cannot read"},
		{"no id", map[string]string{"books/uth.md": "# Game {#uth.game}\n\ntext\n\n## The Blind\n"}, "books/uth.md", 5, `heading "The Blind" has no id`},
		{"duplicate id", map[string]string{"books/uth.md": "# A {#uth.a}\n\n## B {#uth.a}\n"}, "books/uth.md", 3, `duplicate id "uth.a": books/uth.md:1`},
		{"ids differing in case", map[string]string{"books/uth.md": "# A {#uth.a}\n\n## B {#uth.A}\n"}, "books/uth.md", 3, `duplicate id "uth.A"`},
		{"unreadable id", map[string]string{"books/uth.md": "# A {#uth.a b}\n"}, "books/uth.md", 1, `cannot read {#uth.a b}`},
		{"unknown attribute", map[string]string{"books/uth.md": "# A {#uth.a class=\"x\"}\n"}, "books/uth.md", 1, `unknown attribute "class"`},
		{"bad id", map[string]string{"books/uth.md": "# A {#Uth.a}\n"}, "books/uth.md", 1, `bad id "Uth.a"`},
		{"bad id chars", map[string]string{"books/uth.md": "# A {#uth.a/b}\n"}, "books/uth.md", 1, `cannot read {#uth.a/b}`},
		{"id of another game", map[string]string{"books/uth.md": "# A {#oracle.a}\n"}, "books/uth.md", 1, `begin with "uth."`},
		{"####", map[string]string{"books/uth.md": "# A {#uth.a}\n## B {#uth.b}\n### C {#uth.c}\n#### D {#uth.d}\n"}, "books/uth.md", 4, "deeper than ###"},
		{"skipped level", map[string]string{"books/uth.md": "# A {#uth.a}\n\n### C {#uth.c}\n"}, "books/uth.md", 3, `is ### but follows a # heading`},
		{"starts below a chapter", map[string]string{"books/uth.md": "## A {#uth.a}\n"}, "books/uth.md", 1, "follows the start of the book"},
		{"text before the first heading", map[string]string{"books/uth.md": "\nIntro.\n# A {#uth.a}\n"}, "books/uth.md", 2, "text before the first heading"},
		{"number in title", map[string]string{"books/uth.md": "# 2.3 Blind {#uth.a}\n"}, "books/uth.md", 1, "write the title in words"},
		{"section sign in title", map[string]string{"books/uth.md": "# §2 Blind {#uth.a}\n"}, "books/uth.md", 1, "write the title in words"},
		{"setext heading", map[string]string{"books/uth.md": "A {#uth.a}\n===\n"}, "books/uth.md", 1, "# signs"},
		{"heading in a list", map[string]string{"books/uth.md": "# A {#uth.a}\n\n- # B {#uth.b}\n"}, "books/uth.md", 3, "inside a list"},
		{"after in a shipped book", map[string]string{"books/uth.md": "# A {#uth.a}\n## B {#uth.b after=\"uth.a\"}\n"}, "books/uth.md", 2, "after= is for a house"},
		{"unknown setting", map[string]string{"books/uth.md": "# A {#uth.a}\n\n{{.Set.nothing}}\n"}, "books/uth.md", 3, `unknown setting "nothing" (the settings of this game: ante_on_noqual, fold_forfeits_trips, max_boxes`},
		{"unknown function", map[string]string{"books/uth.md": "# A {#uth.a}\n{{nothing}}\n"}, "books/uth.md", 2, `function "nothing" not defined`},
		{"unclosed action", map[string]string{"books/uth.md": "# A {#uth.a}\n\n{{if .Set.max_boxes}}\n"}, "books/uth.md", 4, "the end of the file comes before an {{end}}"},
		{"unknown table kind", map[string]string{"books/uth.md": "# A {#uth.a}\n\n{{paytable \"envy\"}}\n"}, "books/uth.md", 3, `paytable: Ultimate Texas Hold'em has no pay table of kind "envy" (kinds: blind, progressive, trips)`},
		{"unknown row", map[string]string{"books/uth.md": "# A {#uth.a}\n\n{{pays \"blind\" \"pair\"}}\n"}, "books/uth.md", 3, `pays: a blind table has no row "pair" (rows: royal_flush, flush, straight)`},
		{"unknown situation", map[string]string{"books/uth.md": "# A {#uth.a}\n\n{{ruling \"uth.nothing\"}}\n"}, "books/uth.md", 3, `ruling: no ruling situation "uth.nothing"`},
		{"another game's situation", map[string]string{"books/uth.md": "# A {#uth.a}\n\n{{ruling \"oracle.R1\"}}\n"}, "books/uth.md", 3, "a situation of another game"},
		{"unknown sequence", map[string]string{"books/uth.md": "# A {#uth.a}\n\n{{steps \"uth.nothing\"}}\n"}, "books/uth.md", 3, `steps: no sequence of play "uth.nothing"`},
		{"odds of a number", map[string]string{"books/uth.md": "# A {#uth.a}\n\n{{odds .Set.max_boxes}}\n"}, "books/uth.md", 3, "odds: want odds"},
		{"money of a flag", map[string]string{"books/uth.md": "# A {#uth.a}\n\n{{money .Set.fold_forfeits_trips}}\n"}, "books/uth.md", 3, "money: want an amount"},
		{"unknown ref", map[string]string{"books/uth.md": "# A {#uth.a}\n\ntext\n\nSee {{ref \"uth.b\"}}.\n"}, "books/uth.md", 5, `{{ref "uth.b"}}: the book has no section "uth.b"`},
		{"include of another file", map[string]string{"books/uth.md": "# A {#uth.a}\n\n{{include \"rules\"}}\n"}, "books/uth.md", 3, `only "common" can be included`},
		{"include without common", map[string]string{"books/uth.md": "# A {#uth.a}\n\n{{include \"common\"}}\n"}, "books/common.md", 0, "cannot read"},
		{"include inline", map[string]string{"books/uth.md": "# A {#uth.a}\n\nSee {{include \"common\"}} here.\n", "books/common.md": commonMD}, "books/uth.md", 3, `text after {{include "common"}}`},
		{"include in common", map[string]string{"books/uth.md": "# A {#uth.a}\n\n{{include \"common\"}}\n", "books/common.md": "# C {#common.c}\n\n{{include \"common\"}}\n"}, "books/common.md", 3, "game's shipped book"},
		{"game id in common", map[string]string{"books/uth.md": "# A {#uth.a}\n\n{{include \"common\"}}\n", "books/common.md": "# C {#uth.c}\n"}, "books/common.md", 1, `begin with "common."`},
		{"duplicate across common", map[string]string{"books/uth.md": "# A {#uth.a}\n\n{{include \"common\"}}\n", "books/common.md": "# C {#common.c}\n\n# D {#common.c}\n"}, "books/common.md", 3, `duplicate id "common.c"`},
		{"house: after unknown", map[string]string{"books/uth.md": gameMD, "books/common.md": commonMD,
			"houses/casino/books/uth.md": "\n## Late {#uth.late after=\"uth.nowhere\"}\n"}, "houses/casino/books/uth.md", 2, `after="uth.nowhere": the book has no section "uth.nowhere"`},
		{"house: new without after", map[string]string{"books/uth.md": gameMD, "books/common.md": commonMD,
			"houses/casino/books/uth.md": "## Late {#uth.late}\n"}, "houses/casino/books/uth.md", 1, `say where it goes with after=`},
		{"house: replacement changes level", map[string]string{"books/uth.md": gameMD, "books/common.md": commonMD,
			"houses/casino/books/uth.md": "# Blind {#uth.blind}\n"}, "houses/casino/books/uth.md", 1, "keep its level (##)"},
		{"house: replacement with after", map[string]string{"books/uth.md": gameMD, "books/common.md": commonMD,
			"houses/casino/books/uth.md": "## Blind {#uth.blind after=\"uth.play\"}\n"}, "houses/casino/books/uth.md", 1, "leave out after="},
		{"house: too deep after", map[string]string{"books/uth.md": gameMD, "books/common.md": commonMD,
			"houses/casino/books/uth.md": "### Note {#uth.note after=\"uth.game\"}\n"}, "houses/casino/books/uth.md", 1, "use # or ##"},
		{"house: chapter after a section", map[string]string{"books/uth.md": gameMD, "books/common.md": commonMD,
			"houses/casino/books/uth.md": "# Ours {#uth.ours after=\"uth.blind\"}\n"}, "houses/casino/books/uth.md", 1, "cannot go after"},
		{"house: wrong prefix", map[string]string{"books/uth.md": gameMD, "books/common.md": commonMD,
			"houses/casino/books/uth.md": "## Ours {#lunar.ours after=\"uth.blind\"}\n"}, "houses/casino/books/uth.md", 1, `beginning with "uth."`},
		{"house: duplicate of shipped in other case", map[string]string{"books/uth.md": gameMD, "books/common.md": commonMD,
			"houses/casino/books/uth.md": "## Ours {#uth.Blind after=\"uth.blind\"}\n"}, "houses/casino/books/uth.md", 1, `duplicate id "uth.Blind"`},
		{"house: template error", map[string]string{"books/uth.md": gameMD, "books/common.md": commonMD,
			"houses/casino/books/uth.md": "# Play {#uth.play}\n\n{{money .Set.nothing}}\n"}, "houses/casino/books/uth.md", 3, `unknown setting "nothing"`},
		{"house: include", map[string]string{"books/uth.md": gameMD, "books/common.md": commonMD,
			"houses/casino/books/uth.md": "# Play {#uth.play}\n\n{{include \"common\"}}\n"}, "houses/casino/books/uth.md", 3, "game's shipped book"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := load(t, tt.files)
			var be *Error
			if !errors.As(err, &be) {
				t.Fatalf("err = %v; want a *book.Error", err)
			}
			if be.File != tt.file || be.Line != tt.line || !strings.Contains(be.Msg, tt.msg) {
				t.Errorf("err = %q (file %q, line %d); want %s:%d: …%s…", err, be.File, be.Line, tt.file, tt.line, tt.msg)
			}
		})
	}
}

func TestRawHTMLIsNotRendered(t *testing.T) {
	b, err := load(t, map[string]string{"books/uth.md": "# A {#uth.a}\n\n<script>alert(1)</script>\n\nText with <b onclick=\"x\">bold</b>.\n"})
	if err != nil {
		t.Fatal(err)
	}
	h := b.Sections[0].HTML
	if strings.Contains(h, "<script") || strings.Contains(h, "onclick") || strings.Contains(h, "<b") {
		t.Errorf("raw HTML passed through: %s", h)
	}
}

func TestMarkdownAndSearch(t *testing.T) {
	b, err := load(t, map[string]string{"books/uth.md": gameMD, "books/common.md": commonMD})
	if err != nil {
		t.Fatal(err)
	}
	md := b.Markdown()
	for _, want := range []string{
		"Ultimate Texas Hold'em: the rule book of Demo casino\n",
		"\n# 1 The game {#uth.game}\n\nPlayed against the bank.\n",
		"\n## 1.1 The Blind bet {#uth.blind}\n\nBlind pays 3 to 2 on a flush.\n",
		"| Royal flush | 10,000 to 1 |",
		"\n## 3.1 Rounding {#common.rounding}\n\nRound down to CHF 0.50.\n",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("Markdown() lacks %q:\n%s", want, md)
		}
	}
	for _, tt := range []struct {
		q    string
		want []string
	}{
		{"flush", []string{"uth.blind", "uth.trips"}},
		{"FLUSH blind", []string{"uth.blind"}},
		{"rounding", []string{"common.rounding"}},
		{"chf 0.50", []string{"common.rounding"}},
		{"nothing like this", nil},
		{"  ", nil},
	} {
		var got []string
		for _, s := range b.Search(tt.q) {
			got = append(got, s.ID)
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("Search(%q) (-want +got):\n%s", tt.q, diff)
		}
	}
	if got := b.Refs("uth.play", "uth.nothing", "uth.play", "uth.blind"); len(got) != 2 || got[0].Number != "2" || got[1].Number != "1.1" {
		t.Errorf("Refs = %+v", got)
	}
}
