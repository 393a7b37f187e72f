package templates_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/a-h/templ"
	rules "github.com/dealerkiosk/trainer/content/rules"
	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/games/cards"
	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/web/templates"
)

// defaultChips is the default house's chip set, from the real rules.
func defaultChips(t *testing.T) []templates.Chip {
	t.Helper()
	book, err := rulebook.Load(rules.FS)
	if err != nil {
		t.Fatal(err)
	}
	h, err := book.House(rulebook.DefaultHouse)
	if err != nil {
		t.Fatal(err)
	}
	var set []templates.Chip
	for _, c := range h.Chips {
		set = append(set, templates.Chip{Value: c.Value, Label: c.Label, Colour: c.Colour, Pattern: c.Pattern})
	}
	return set
}

func TestCardEveryCardHasItsName(t *testing.T) {
	t.Parallel()
	seen := map[string]bool{}
	for c := cards.Card(0); c < cards.NumCards; c++ {
		doc := render(t, templates.Card(templates.NewCard(c)))
		svg := doc.Find("svg")
		if role, _ := svg.Attr("role"); role != "img" {
			t.Errorf("%s: role %q; want img", c, role)
		}
		name, _ := svg.Attr("aria-label")
		if name != c.Name() {
			t.Errorf("%s: accessible name %q; want %q", c, name, c.Name())
		}
		if seen[name] {
			t.Errorf("two cards named %q", name)
		}
		seen[name] = true
		if code, _ := svg.Attr("data-card"); code != c.String() {
			t.Errorf("%s: data-card %q", c, code)
		}
		if c == cards.Joker {
			continue
		}
		// The corner index prints the rank as a dealer reads it, and the
		// suit is drawn (twice: index and centre), never left to colour.
		rank := strings.TrimSpace(doc.Find("text.card-rank").Text())
		want := c.Rank().String()
		if c.Rank() == cards.Ten {
			want = "10"
		}
		if rank != want {
			t.Errorf("%s: rank printed %q; want %q", c, rank, want)
		}
		if n := doc.Find("g.ink").Length(); n != 2 {
			t.Errorf("%s: %d suit symbols; want 2", c, n)
		}
		class, _ := svg.Attr("class")
		if !strings.Contains(class, "suit-"+c.Suit().Name()) {
			t.Errorf("%s: class %q lacks its suit", c, class)
		}
	}
	if len(seen) != 53 {
		t.Errorf("%d distinct card names; want 53", len(seen))
	}
}

func TestCardSuitsAreDrawnDifferently(t *testing.T) {
	t.Parallel()
	shapes := map[string]string{}
	for s := cards.Suit(0); s < cards.NumSuits; s++ {
		doc := render(t, templates.Card(templates.NewCard(cards.New(cards.Seven, s))))
		html, err := doc.Find("g.ink").First().Html()
		if err != nil {
			t.Fatal(err)
		}
		for other, h := range shapes {
			if h == html {
				t.Errorf("%s and %s are drawn with the same shape", s.Name(), other)
			}
		}
		shapes[s.Name()] = html
	}
}

func TestCardJokerIsDistinct(t *testing.T) {
	t.Parallel()
	doc := render(t, templates.Card(templates.NewCard(cards.Joker)))
	svg := doc.Find("svg")
	class, _ := svg.Attr("class")
	if !strings.Contains(class, "card-joker") || strings.Contains(class, "suit-") {
		t.Errorf("joker class %q; want card-joker and no suit", class)
	}
	if got := strings.TrimSpace(svg.Find("text").Text()); got != "JOKER" {
		t.Errorf("joker prints %q; want JOKER", got)
	}
	if doc.Find(".joker-star").Length() == 0 {
		t.Error("the joker has no star")
	}
	if doc.Find("text.card-rank").Length() != 0 {
		t.Error("the joker has a rank index like a standard card")
	}
}

func TestCardBackAndEmptyPlace(t *testing.T) {
	t.Parallel()
	back := render(t, templates.Card(templates.CardBack())).Find("svg")
	if name, _ := back.Attr("aria-label"); name != "face-down card" {
		t.Errorf("card back named %q", name)
	}
	if back.Find("text").Length() != 0 {
		t.Error("a card back shows text")
	}
	empty := render(t, templates.Card(templates.EmptyCard())).Find("svg")
	if h, _ := empty.Attr("aria-hidden"); h != "true" {
		t.Error("an empty place is not hidden from screen readers")
	}
	if v := templates.CardOf("10h"); v.Name != "ten of hearts" || v.Rank != "10" || !v.Red {
		t.Errorf(`CardOf("10h") = %+v`, v)
	}
	if v := templates.CardOf("1x"); !v.Empty || v.Name != "1x" {
		t.Errorf(`CardOf("1x") = %+v; want an empty place named 1x`, v)
	}
}

// TestCardInLanguages: a card's accessible name and the joker's face are
// said in the page's language (the Localizer in the context), as a dealer
// says them; every card has a name of its own in each language; English
// is cards.Card.Name, byte for byte, as before the catalogues.
func TestCardInLanguages(t *testing.T) {
	t.Parallel()
	tests := []struct {
		lang                   string
		king, ten, joker, back string
		face                   string
	}{
		{"en", "king of spades", "ten of hearts", "joker", "face-down card", "JOKER"},
		{"it", "re di picche", "dieci di cuori", "jolly", "carta coperta", "JOLLY"},
		{"ru", "король пик", "десятка червей", "джокер", "карта рубашкой вверх", "ДЖОКЕР"},
	}
	for _, tt := range tests {
		t.Run(tt.lang, func(t *testing.T) {
			t.Parallel()
			ctx := i18n.NewContext(t.Context(), i18n.Default().Localizer(tt.lang))
			in := func(c templ.Component) *goquery.Selection {
				t.Helper()
				var buf bytes.Buffer
				if err := c.Render(ctx, &buf); err != nil {
					t.Fatal(err)
				}
				doc, err := goquery.NewDocumentFromReader(&buf)
				if err != nil {
					t.Fatal(err)
				}
				return doc.Find("svg")
			}
			name := func(s *goquery.Selection) string { v, _ := s.Attr("aria-label"); return v }
			if got := name(in(templates.Card(templates.NewCard(cards.New(cards.King, cards.Spades))))); got != tt.king {
				t.Errorf("the king of spades is named %q; want %q", got, tt.king)
			}
			if got := name(in(templates.Card(templates.CardOf("10h")))); got != tt.ten {
				t.Errorf("10h is named %q; want %q", got, tt.ten)
			}
			joker := in(templates.Card(templates.NewCard(cards.Joker)))
			if got := name(joker); got != tt.joker {
				t.Errorf("the joker is named %q; want %q", got, tt.joker)
			}
			if got := strings.TrimSpace(joker.Find("text").Text()); got != tt.face {
				t.Errorf("the joker's face prints %q; want %q", got, tt.face)
			}
			if got := name(in(templates.Card(templates.CardBack()))); got != tt.back {
				t.Errorf("a card back is named %q; want %q", got, tt.back)
			}
			l := i18n.Default().Localizer(tt.lang)
			seen := map[string]cards.Card{}
			for c := cards.Card(0); c < cards.NumCards; c++ {
				got := templates.NewCard(c).NameIn(l)
				if tt.lang == "en" && got != c.Name() {
					t.Errorf("%s: English name %q; want %q as before", c, got, c.Name())
				}
				if got == "" || strings.Contains(got, "card.") || strings.Contains(got, "drill.") || strings.Contains(got, "{{") {
					t.Errorf("%s: name %q is not words", c, got)
				}
				if other, ok := seen[got]; ok {
					t.Errorf("%s and %s are both named %q", c, other, got)
				}
				seen[got] = c
			}
		})
	}
	// The English page is the same markup as before: the joker's word is
	// not squeezed.
	if _, squeezed := render(t, templates.Card(templates.NewCard(cards.Joker))).Find("text").Attr("textLength"); squeezed {
		t.Error("the English joker's face is squeezed")
	}
}

// fewestTable is the fewest chips of set that make each amount up to n
// exactly (−1 if none), by plain dynamic programming over every hundredth:
// an independent check of NewChipStack.
func fewestTable(n games.Money, set []templates.Chip) []int {
	best := make([]int, n+1)
	for x := games.Money(1); x <= n; x++ {
		best[x] = -1
		for _, c := range set {
			if c.Value <= x && best[x-c.Value] >= 0 && (best[x] < 0 || best[x-c.Value]+1 < best[x]) {
				best[x] = best[x-c.Value] + 1
			}
		}
	}
	return best
}

func fewest(amount games.Money, set []templates.Chip) int { return fewestTable(amount, set)[amount] }

func stackTotal(s templates.StackView) games.Money {
	total := s.Odd
	for _, p := range s.Piles {
		total += p.Chip.Value * games.Money(p.Count)
	}
	return total
}

func TestChipStackFewestChipsOfTheDefaultSet(t *testing.T) {
	t.Parallel()
	set := defaultChips(t)
	tests := []struct {
		amount string
		want   string // pile by pile, largest first: label×count
	}{
		{"0.5", "½×1"},
		{"7.5", "5×1 1×2 ½×1"},
		{"40", "25×1 5×3"},
		{"1287.5", "1K×1 100×2 25×3 5×2 1×2 ½×1"},
		{"5300", "1K×5 100×3"},
	}
	for _, tt := range tests {
		amount, err := games.ParseMoney(tt.amount)
		if err != nil {
			t.Fatal(err)
		}
		s := templates.NewChipStack(amount, set)
		var got []string
		for _, p := range s.Piles {
			got = append(got, fmt.Sprintf("%s×%d", p.Chip.Label, p.Count))
		}
		if strings.Join(got, " ") != tt.want || s.Odd != 0 {
			t.Errorf("NewChipStack(%s) = %v, odd %s; want %s", tt.amount, got, s.Odd, tt.want)
		}
		if n := fewest(amount, set); s.Chips() != n {
			t.Errorf("NewChipStack(%s) uses %d chips; the fewest is %d", tt.amount, s.Chips(), n)
		}
		// Drawn: every pile prints its denomination and carries its count,
		// and the amount is there as text.
		doc := render(t, templates.ChipStack(s))
		if got := strings.TrimSpace(doc.Find(".stack-amount").Text()); got != templates.Amount(amount) {
			t.Errorf("stack of %s shows the amount %q", tt.amount, got)
		}
		doc.Find(".pile").Each(func(i int, pile *goquery.Selection) {
			p := s.Piles[i]
			if label := strings.TrimSpace(pile.Find("text.chip-label").Text()); label != p.Chip.Label {
				t.Errorf("stack of %s, pile %d prints %q; want %q", tt.amount, i, label, p.Chip.Label)
			}
			if c, _ := pile.Attr("data-count"); c != fmt.Sprint(p.Count) {
				t.Errorf("stack of %s, pile %d data-count %q; want %d", tt.amount, i, c, p.Count)
			}
			if n := pile.Find(".chip-rim").Length(); n != p.Shown() {
				t.Errorf("stack of %s, pile %d draws %d chips; want %d", tt.amount, i, n, p.Shown())
			}
		})
	}
}

func TestChipStackRandomAmounts(t *testing.T) {
	t.Parallel()
	set := defaultChips(t)
	rng := rand.New(rand.NewPCG(7, 0))
	const most = 400000 // 4,000.00
	best := fewestTable(most, set)
	for range 2000 {
		amount := games.Money(rng.IntN(most))
		s := templates.NewChipStack(amount, set)
		if total := stackTotal(s); total != amount {
			t.Fatalf("NewChipStack(%s) adds up to %s", amount, total)
		}
		if want := best[amount-s.Odd]; s.Chips() != want {
			t.Fatalf("NewChipStack(%s) uses %d chips; the fewest is %d", amount, s.Chips(), want)
		}
		if s.Odd >= set[0].Value || s.Odd < 0 {
			t.Fatalf("NewChipStack(%s) leaves %s without a chip", amount, s.Odd)
		}
	}
}

func TestChipStackOtherSets(t *testing.T) {
	t.Parallel()
	chip := func(v games.Money) templates.Chip {
		return templates.Chip{Value: v, Label: games.Money(v).String(), Colour: "#123456", Pattern: "dots"}
	}
	// A set where taking the largest chip first is not the fewest: 6 = 3+3.
	odd := []templates.Chip{chip(100), chip(300), chip(400)}
	for _, amount := range []games.Money{600, 800, 1200, 100 * 99, 100 * 12345} {
		s := templates.NewChipStack(amount, odd)
		if stackTotal(s) != amount || s.Odd != 0 {
			t.Errorf("{1,3,4} NewChipStack(%s) = %+v", amount, s)
		}
		if amount <= 100*99 {
			if want := fewest(amount, odd); s.Chips() != want {
				t.Errorf("{1,3,4} NewChipStack(%s) uses %d chips; want %d", amount, s.Chips(), want)
			}
		}
	}
	// 2.5 and 10 cannot make 1: it is left over, and 13.5 is 10 + 2.5 + 1 odd.
	quarter := []templates.Chip{chip(250), chip(1000)}
	if s := templates.NewChipStack(100, quarter); s.Chips() != 0 || s.Odd != 100 {
		t.Errorf("{2.5,10} NewChipStack(1) = %+v; want no chip and 1 odd", s)
	}
	if s := templates.NewChipStack(1350, quarter); s.Chips() != 2 || s.Odd != 100 {
		t.Errorf("{2.5,10} NewChipStack(13.5) = %+v; want 10 + 2.5 and 1 odd", s)
	}
	if s := templates.NewChipStack(0, odd); len(s.Piles) != 0 || s.Odd != 0 {
		t.Errorf("NewChipStack(0) = %+v; want empty", s)
	}
}

func TestChipFacePatternsAndInk(t *testing.T) {
	t.Parallel()
	set := defaultChips(t)
	patterns := map[string]bool{}
	for _, c := range set {
		f := c.Face()
		if patterns[f.Pattern] {
			t.Errorf("two denominations share the pattern %s", f.Pattern)
		}
		patterns[f.Pattern] = true
		doc := render(t, templates.ChipIcon(c))
		if name, _ := doc.Find("svg").Attr("aria-label"); name != c.Label+" chip" {
			t.Errorf("chip %s named %q", c.Label, name)
		}
		if fill, _ := doc.Find("circle.chip-rim").Attr("fill"); fill != c.Colour {
			t.Errorf("chip %s drawn %s; want %s", c.Label, fill, c.Colour)
		}
	}
	if ink := (templates.Chip{Colour: "#f5f5f0"}).Face().Ink; ink != "#1b1b1b" {
		t.Errorf("a white chip's marks are %s; want dark", ink)
	}
	if ink := (templates.Chip{Colour: "#212121"}).Face().Ink; ink != "#ffffff" {
		t.Errorf("a black chip's marks are %s; want white", ink)
	}
	if f := (templates.Chip{Colour: `red" onload="x`, Pattern: "stars"}).Face(); f.Fill != "#8a8a8a" || f.Pattern != "dots" {
		t.Errorf("a bad colour and pattern draw as %s %s; want grey dots", f.Fill, f.Pattern)
	}
}

func TestAmount(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		m    games.Money
		want string
	}{{0, "0"}, {750, "7.50"}, {1000, "10"}, {530000, "5,300"}, {-2500, "−25"}, {100000000, "1,000,000"}} {
		if got := templates.Amount(tt.m); got != tt.want {
			t.Errorf("Amount(%d) = %q; want %q", tt.m, got, tt.want)
		}
	}
	if got := templates.Signed(530000); got != "+5,300" {
		t.Errorf("Signed(5300) = %q", got)
	}
}

// oneBox is a round of game with one box holding stake on every wager.
func oneBox(game string, stake string) *games.Round {
	in := &games.Round{Game: game, Boxes: []games.Box{{Wagers: map[string]json.Number{}}}}
	for _, s := range templates.GameLayouts[game].Spots {
		in.Boxes[0].Wagers[s.Wager] = json.Number(stake)
	}
	return in
}

func TestTableLayoutsShowTheirBettingSpots(t *testing.T) {
	t.Parallel()
	set := defaultChips(t)
	want := map[string][]string{
		"uth":    {"Trips", "Ante", "Blind", "Play", "Progressive"},
		"oracle": {"Ante", "Bet", "Fees"},
		"thrill": {"Poker", "Pair of Kings+", "3 of a Kind+", "Full House+", "Special"},
		"lunar":  {"Ante", "Super", "Bet", "Box 2", "Dealer", "Options"},
	}
	for game, labels := range want {
		in := oneBox(game, "10")
		if game == "lunar" {
			in.Boxes = append(in.Boxes, games.Box{})
		}
		doc := render(t, templates.Table(templates.NewTable(in, set)))
		box := doc.Find(`[data-testid="table-box"]`).First()
		var got []string
		box.Find(".spot-label").Each(func(_ int, s *goquery.Selection) { got = append(got, strings.TrimSpace(s.Text())) })
		for _, l := range labels {
			if !contains(got, l) {
				t.Errorf("%s: spots %q lack %q", game, got, l)
			}
		}
		// Each wager's stake is drawn as a chip stack on its spot.
		for _, s := range templates.GameLayouts[game].Spots {
			sel := fmt.Sprintf(`[data-testid="spot-%s"] [data-testid="chip-stack"]`, s.Wager)
			if amount, _ := box.Find(sel).Attr("data-amount"); amount != "10" {
				t.Errorf("%s: the %s spot holds %q; want a stack of 10", game, s.Label, amount)
			}
		}
		dealer := doc.Find(`[data-testid="table-dealer"] svg`).Length()
		if dealer != templates.GameLayouts[game].DealerCards {
			t.Errorf("%s: %d places for the dealer's cards; want %d", game, dealer, templates.GameLayouts[game].DealerCards)
		}
		if name, _ := doc.Find(`[data-testid="table"]`).Attr("aria-label"); name != templates.GameLayouts[game].Name+" table" {
			t.Errorf("%s: table named %q", game, name)
		}
	}
}

func TestTableOracleBoardHasFaceDownPositions(t *testing.T) {
	t.Parallel()
	in := oneBox("oracle", "10")
	in.Board = []string{"Ah", "Kh", "9s", "4c", "7d"} // C3 C4 C5, then the 4th (C1) and 5th (C2)
	doc := render(t, templates.Table(templates.NewTable(in, defaultChips(t))))
	var got []string
	doc.Find(`[data-testid="table-board"] li`).Each(func(_ int, li *goquery.Selection) {
		name, _ := li.Find("svg").Attr("aria-label")
		down := ""
		if li.HasClass("is-face-down") {
			down = " (face down)"
		}
		got = append(got, strings.TrimSpace(li.Find(".place-label").Text())+": "+name+down)
	})
	want := []string{"C1 · 4th card: four of clubs (face down)", "C2 · 5th card: seven of diamonds (face down)",
		"C3: ace of hearts", "C4: king of hearts", "C5: nine of spades"}
	if strings.Join(got, "; ") != strings.Join(want, "; ") {
		t.Errorf("Oracle board:\n got %q\nwant %q", got, want)
	}
}

func TestTableSettle(t *testing.T) {
	t.Parallel()
	in := &games.Round{Game: "lunar", Dealer: []string{"2c", "5d", "8h", "Jc", "Ks"}, Boxes: []games.Box{
		{Cards: []string{"Ah", "Kh", "7c", "7d", "3s"}, Wagers: map[string]json.Number{"ante": "10", "super": "10", "bet": "20"},
			MultiSuper: []games.SideBet{{On: games.Target{Box: 2}, Stake: "5"}}, Force: true},
		{Cards: []string{"9c", "9d", "4h", "4s", "2h"}, Wagers: map[string]json.Number{"ante": "10", "super": "10"}, Fold: true},
	}}
	tv := templates.NewTable(in, defaultChips(t))
	tv.Settle(&games.Settlement{Game: "lunar", Dealer: games.Dealer{Description: "High card, king", Qualifies: false},
		Boxes: []games.BoxResult{{Box: 1, Description: "One pair, sevens", Versus: games.VersusWin, Net: -1500,
			Wagers: []games.WagerResult{
				{Wager: "ante", Stake: 1000, Result: games.Push},
				{Wager: "super", Stake: 1000, Result: games.Lose, Pays: -1000},
				{Wager: "bet", Stake: 2000, Result: games.Push},
				{Wager: "multi_super", On: &games.Target{Box: 2}, Stake: 500, Result: games.Win, Pays: 1500, Row: "super table A, three of a kind 8:1"},
			},
			FeeItems: []games.Fee{{Fee: "force", Amount: 1000}}, Fees: 1000}}})
	doc := render(t, templates.Table(tv))
	box := doc.Find(`[data-testid="table-box"]`).First()
	for sel, want := range map[string]string{
		`[data-testid="spot-super"] .spot-result`: "Loses 10",
		`[data-testid="spot-ante"] .spot-result`:  "Push",
		`[data-testid="spot-ms:2"] .spot-result`:  "Wins +15",
		`[data-testid="spot-fees"] .spot-result`:  "force",
		`[data-testid="table-box-net"]`:           "Net −15",
		`[data-testid="table-box-hand"]`:          "One pair, sevens beats the dealer",
		`.box-actions`:                            "Forced the dealer",
	} {
		if got := strings.Join(strings.Fields(box.Find(sel).Text()), " "); got != want {
			t.Errorf("%s = %q; want %q", sel, got, want)
		}
	}
	if got := strings.TrimSpace(doc.Find(`[data-testid="table-dealer"] .felt-note`).Text()); got != "High card, king · does not qualify" {
		t.Errorf("dealer note %q", got)
	}
	if amount, _ := box.Find(`[data-testid="spot-fees"] [data-testid="chip-stack"]`).Attr("data-amount"); amount != "10" {
		t.Errorf("fees spot holds %q; want 10", amount)
	}
	second := doc.Find(`[data-testid="table-box"]`).Eq(1)
	if got := strings.TrimSpace(second.Find(".box-actions").Text()); got != "Folded" {
		t.Errorf("box 2 actions %q; want Folded", got)
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
