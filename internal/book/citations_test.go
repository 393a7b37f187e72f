package book_test

import (
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	rules "github.com/dealerkiosk/trainer/content/rules"
	"github.com/dealerkiosk/trainer/internal/book"
	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/settle"
)

// citation is one thing that cites a section of a house's book of a game:
// where it was found, the id it cites, and the ref it carries already
// resolved (a drill's refs), if any.
type citation struct {
	house, game string
	where       string // "procedures uth.show_cards", "drill uth payout 2 #7 mistake slip.stake"
	id          string
	ref         *book.Ref
}

// collect gathers the citations of the content at every house: each ruling
// situation's and sequence's ref, and, from seeds drills of every game, kind
// and level, each drill's refs, each mistake's rule and refs, and the rule
// of every wager of the drill's round as settle.Round gives it. With
// requireRefs, a drill without refs or a mistake without refs is a citation
// of nothing (reported as unresolved): `trainer drill` owes both.
func collect(t *testing.T, b *rulebook.Book, gen *drills.Generator, kinds []string, seeds uint64, requireRefs bool) []citation {
	t.Helper()
	var out []citation
	for _, name := range b.HouseNames() {
		h := b.Houses[name]
		for _, s := range h.Procedures.Situations {
			for _, g := range gamesOf(s.Game) {
				out = append(out, citation{house: name, game: g, where: "situation " + s.ID, id: s.Ref})
			}
		}
		for _, q := range h.Procedures.Sequences {
			for _, g := range gamesOf(q.Game) {
				out = append(out, citation{house: name, game: g, where: "sequence " + q.ID, id: q.Ref})
			}
		}
		for _, g := range rulebook.GameSlugs {
			for _, kind := range kinds {
				for level := 1; level <= len(gen.Config().Levels); level++ {
					for seed := range seeds {
						d, err := gen.Generate(name, drills.Spec{Game: g, Kind: kind, Level: level, Seed: seed})
						if err != nil {
							continue // a kind the game or house does not have
						}
						where := fmt.Sprintf("drill %s %s level %d seed %d", g, kind, level, seed)
						out = append(out, refs(name, g, where+" key", d.Refs, requireRefs)...)
						for _, m := range d.Mistakes {
							mw := where + " mistake " + m.ID
							out = append(out, citation{house: name, game: g, where: mw + " rule", id: m.Rule})
							out = append(out, refs(name, g, mw, m.Refs, requireRefs)...)
						}
						if d.Round == nil {
							continue
						}
						st, err := settle.Round(b, d.Round, name)
						if err != nil {
							t.Fatalf("%s: settle: %v", where, err)
						}
						for _, box := range st.Boxes {
							for _, w := range box.Wagers {
								out = append(out, citation{house: name, game: g, where: fmt.Sprintf("%s box %d %s rule", where, box.Box, w.Wager), id: w.Rule})
							}
						}
					}
				}
			}
		}
	}
	return out
}

func refs(house, game, where string, rs []book.Ref, require bool) []citation {
	if len(rs) == 0 && require {
		return []citation{{house: house, game: game, where: where + " refs", id: "(none)"}}
	}
	var out []citation
	for _, r := range rs {
		out = append(out, citation{house: house, game: game, where: where + " refs", id: r.Section, ref: &r})
	}
	return out
}

// gamesOf are the books a situation of game is cited in: its own, or every
// game's for a common one.
func gamesOf(game string) []string {
	if game == rulebook.CommonSlug {
		return rulebook.GameSlugs
	}
	return []string{game}
}

// unresolved checks each citation against its house's book of its game and
// returns one line per problem, repeats folded: an id with no section, or a
// resolved ref whose number or title is not the book's.
func unresolved(b *rulebook.Book, cs []citation) []string {
	seen := map[string]int{}
	var order []string
	for _, c := range cs {
		var msg string
		bk := b.Houses[c.house].Book(c.game)
		r, ok := bk.Ref(c.id)
		switch {
		case !ok:
			msg = fmt.Sprintf("house %s, %s: %q is not a section of the book", c.house, c.game, c.id)
		case c.ref != nil && *c.ref != r:
			msg = fmt.Sprintf("house %s, %s: ref %+v, but the book has %+v", c.house, c.game, *c.ref, r)
		default:
			continue
		}
		if seen[msg] == 0 {
			order = append(order, msg+" (first at "+c.where+")")
		}
		seen[msg]++
	}
	return order
}

// TestCitationsResolve checks that every citation of the shipped content
// resolves in every house's book of its game: the procedures' refs, every
// generated drill's refs and its mistakes' rules and refs, and the rule of
// every wager the engine settles in those drills' rounds.
func TestCitationsResolve(t *testing.T) {
	b, err := rulebook.Load(rules.FS)
	if err != nil {
		t.Fatal(err)
	}
	gen, err := drills.Load(b, rules.FS)
	if err != nil {
		t.Fatal(err)
	}
	seeds := uint64(40)
	if testing.Short() {
		seeds = 5
	}
	cs := collect(t, b, gen, drills.Kinds, seeds, true)
	if len(cs) < 1000 {
		t.Fatalf("only %d citations collected", len(cs))
	}
	bad := unresolved(b, cs)
	for i, msg := range bad {
		if i == 40 {
			t.Errorf("… and %d more", len(bad)-40)
			break
		}
		t.Error(msg)
	}
}

// TestCitationsChecker runs the checker where the test controls both sides:
// a house whose book adds a section, and whose procedures cite it, so that
// every procedure and ruling citation of that house must resolve; and a
// hand-made list of citations, some good and some not, whose problems must
// be exactly the bad ones.
func TestCitationsChecker(t *testing.T) {
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
	shipped, err := rulebook.Load(m)
	if err != nil {
		t.Fatal(err)
	}
	// House "test": one section of its own in the common chapters (every
	// game's book includes them), and every situation and sequence cites it.
	m["houses/test/house.toml"] = &fstest.MapFile{Data: []byte("name = \"test\"\ntitle = \"Test casino\"\n")}
	lastCommon := ""
	for _, s := range shipped.Houses["default"].Book("uth").Sections {
		if strings.HasPrefix(s.ID, "common.") && s.Level == 1 {
			lastCommon = s.ID
		}
	}
	if lastCommon == "" {
		t.Fatal("the uth book includes no common chapter")
	}
	m["houses/test/books/common.md"] = &fstest.MapFile{Data: []byte("# Our procedures {#common.test_procedures after=\"" + lastCommon + "\"}\n\nAs the pit says.\n")}
	var over strings.Builder
	p := shipped.Houses["default"].Procedures
	for _, s := range p.Situations {
		fmt.Fprintf(&over, "[[override]]\nid = %q\nref = \"common.test_procedures\"\n\n", s.ID)
	}
	for _, q := range p.Sequences {
		fmt.Fprintf(&over, "[[override]]\nid = %q\nref = \"common.test_procedures\"\n\n", q.ID)
	}
	m["houses/test/procedures.toml"] = &fstest.MapFile{Data: []byte(over.String())}
	b, err := rulebook.Load(m)
	if err != nil {
		t.Fatal(err)
	}
	gen, err := drills.Load(b, m)
	if err != nil {
		t.Fatal(err)
	}
	var ours []citation
	for _, c := range collect(t, b, gen, []string{drills.KindRuling, drills.KindProcedure}, 8, false) {
		if c.house == "test" {
			ours = append(ours, c)
		}
	}
	if len(ours) < 50 {
		t.Fatalf("house test: only %d citations collected", len(ours))
	}
	if bad := unresolved(b, ours); len(bad) > 0 {
		t.Errorf("house test, whose procedures all cite its own section: %d problems, first %s", len(bad), bad[0])
	}

	good, _ := b.Houses["test"].Book("oracle").Ref("common.test_procedures")
	wrong := good
	wrong.Number = "99"
	hand := []citation{
		{house: "test", game: "lunar", where: "a", id: "common.test_procedures"},
		{house: "test", game: "oracle", where: "b", id: "common.test_procedures", ref: &good},
		{house: "test", game: "oracle", where: "c", id: "common.test_procedures", ref: &wrong},
		{house: "default", game: "uth", where: "d", id: "common.test_procedures"},
		{house: "test", game: "thrill", where: "e", id: "RULES.md §4.3"},
		{house: "test", game: "thrill", where: "f", id: "RULES.md §4.3"},
	}
	got := unresolved(b, hand)
	want := []string{"(first at c)", "(first at d)", "(first at e)"}
	if len(got) != len(want) {
		t.Fatalf("unresolved = %q; want %d problems", got, len(want))
	}
	for i, w := range want {
		if !strings.HasSuffix(got[i], w) {
			t.Errorf("problem %d = %q; want one %s", i, got[i], w)
		}
	}
	if !slices.ContainsFunc(got, func(s string) bool { return strings.Contains(s, `"RULES.md §4.3" is not a section`) }) {
		t.Errorf("a raw rule is not reported: %q", got)
	}
}
