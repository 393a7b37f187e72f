package view

import (
	"errors"
	"math/rand/v2"
	"net/url"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/games/cards"
	"github.com/dealerkiosk/trainer/internal/games/thrill"
	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/settle"
	"github.com/dealerkiosk/trainer/web/templates"
)

// TestHandChecker_EveryRefusalHasWords fills the hand checker's form the
// way a floor manager might get it wrong — mostly right, with a card
// missing, a card twice, a stake that is not an amount, a fold with a bet,
// a draw half chosen — in every game, thousands of times from a fixed seed,
// and settles each round as the handler does. Every refusal the engine
// gives must be one the checker says in Italian and Russian (a rewrite
// knows it), never the engine's English quoted, and its English must name
// no key. The dealer's notes on every round that settles must be said in
// Italian and Russian too. FuzzHandCheckerForm checks
// the same on any body; this reaches the deeper refusals, which need a
// round that is nearly right.
func TestHandChecker_EveryRefusalHasWords(t *testing.T) {
	book := testBook(t)
	rounds := 4000
	if testing.Short() {
		rounds = 800
	}
	r := rand.New(rand.NewPCG(26, 11))
	seen := map[string]int{}
	unsaid := map[string]bool{}
	it := i18n.Default().Localizer("it")
	for _, game := range []string{"uth", "oracle", "thrill", "lunar"} {
		for range rounds {
			form := nearlyRightForm(r, game)
			st := readCheckRound(form, book, rulebook.DefaultHouse)
			h, err := book.House(st.in.House)
			if err != nil {
				t.Fatal(err)
			}
			st.apply("settle", maxBoxes(h, st.in.Game))
			res, err := settle.Round(book, &st.in, rulebook.DefaultHouse)
			if err == nil {
				seen[game+": settled"]++
				for _, note := range res.Dealer.Notes {
					shape := shapeRE.ReplaceAllString(note, "#")
					if dealerNoteIn(it, note) == note && !unsaid["note "+shape] {
						unsaid["note "+shape] = true
						t.Errorf("%s: the dealer's note %q has no words in Italian and Russian\nform: %s", game, note, form.Encode())
					}
				}
				continue
			}
			var fe *games.FieldError
			if !errors.As(err, &fe) {
				t.Fatalf("%s: %s: not a field error: %v", game, form.Encode(), err)
			}
			shape := shapeRE.ReplaceAllString(fe.Msg, "#")
			seen[game+": "+shape]++
			if en, _ := checkerSentences(english(), fe, game); plumbingRE.MatchString(en) && !unsaid["en "+shape] {
				unsaid["en "+shape] = true
				t.Errorf("%s: the refusal reads %q in English: a setting's or a wager's key", game, en)
			}
			if !rewritten(fe.Msg) && !unsaid[shape] {
				unsaid[shape] = true // once a kind of refusal, not once a round
				t.Errorf("%s: refusal %q (%s) has no words in Italian and Russian\nform: %s", game, fe.Msg, fe.Field, form.Encode())
			}
		}
	}
	if testing.Verbose() {
		keys := make([]string, 0, len(seen))
		for k := range seen {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			t.Logf("%6d  %s", seen[k], k)
		}
	}
	for _, game := range []string{"uth", "oracle", "thrill", "lunar"} {
		if seen[game+": settled"] == 0 {
			t.Errorf("%s: no round settled: the forms are too wrong to reach the deeper refusals", game)
		}
	}
}

// shapeRE finds the figures and quoted texts of a refusal, so that
// refusals of one kind are reported once.
var shapeRE = regexp.MustCompile(`"[^"]*"|[0-9][0-9.]*|\b[2-9TJQKA][cdhs]\b`)

// plumbingRE finds keys in a sentence for people: "kings_or_better",
// "(uth.max_boxes)".
var plumbingRE = regexp.MustCompile(`\b[a-z]+_[a-z_]+\b|\([a-z]+\.[a-z_.]+\)`)

// nearlyRightForm is a hand checker form for game that is right in most
// places and wrong in a few.
func nearlyRightForm(r *rand.Rand, game string) url.Values {
	l := templates.GameLayouts[game]
	slip := func(p float64) bool { return r.Float64() < p }
	deck := cards.Deck52()
	if game == "thrill" {
		deck = cards.Deck53()
	}
	r.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	var dealt []string
	deal := func(n int) []string {
		if slip(0.06) {
			n = max(0, n+r.IntN(3)-1)
		}
		var out []string
		for range n {
			switch {
			case slip(0.02) && len(dealt) > 0:
				out = append(out, dealt[r.IntN(len(dealt))]) // a card twice
			case slip(0.01):
				out = append(out, []string{"Jk", "Zz", "1x", "11h"}[r.IntN(4)])
			case len(deck) == 0:
				return out // more boxes than the deck can deal: a card short
			default:
				c := deck[0].String()
				deck = deck[1:]
				out = append(out, c)
				dealt = append(dealt, c)
			}
		}
		return out
	}
	amount := func(good string) string {
		if slip(0.06) {
			return []string{"", "0", "-5", "abc", "12.5", "1.234", "1e3", "99999999", "3", "1000", "0.5"}[r.IntN(11)]
		}
		return good
	}
	tick := func(good bool) string {
		if good != slip(0.05) {
			return "on"
		}
		return ""
	}

	f := url.Values{"game": {game}, "op": {"settle"}}
	boxes := 1 + r.IntN(3)
	if slip(0.03) {
		boxes = 1 + r.IntN(10)
	}
	f.Set("boxes", strconv.Itoa(boxes))
	ante := []string{"5", "10", "25", "50"}[r.IntN(4)]
	a, _ := strconv.Atoi(ante)
	times := func(n int) string { return strconv.Itoa(a * n) }
	for i := range boxes {
		k := "b" + strconv.Itoa(i) + "."
		hand := deal(l.BoxCards)
		f.Set(k+"cards", strings.Join(hand, " "))
		f.Set(k+"ante", amount(ante))
		fold := l.Fold && r.IntN(4) == 0
		if l.Fold {
			f.Set(k+"fold", tick(fold))
		}
		switch game {
		case "uth":
			f.Set(k+"blind", amount(ante))
			if r.IntN(3) == 0 {
				f.Set(k+"trips", amount(ante))
			}
			if slip(0.05) {
				f.Set(k+"progressive", amount("1"))
			}
			play := []string{"4", "3", "2", "1"}[r.IntN(4)]
			switch {
			case fold && !slip(0.05):
				play = ""
			case slip(0.05):
				play = "=" + amount(times(5))
			}
			f.Set(k+"play", play)
		case "oracle":
			if !fold || slip(0.05) {
				f.Set(k+"bet", amount(times(2)))
				f.Set(k+"fourth_card", tick(true))
			}
			if r.IntN(4) == 0 {
				f.Set(k+"exchanged", amount(strconv.Itoa(1+r.IntN(2))))
			}
		case "thrill":
			f.Del(k + "ante")
			for _, w := range thrill.Wagers {
				if (w == thrill.Poker && !slip(0.1)) || r.IntN(5) == 0 {
					f.Set(k+w, amount(ante))
				}
			}
			if len(hand) >= 2 {
				d := slices.Clone(hand[:2])
				if slip(0.05) {
					d = d[:1]
				}
				if slip(0.03) && len(deck) > 0 {
					d = append(d, deck[0].String())
				}
				f[k+"discards"] = d
			}
		case "lunar":
			if !slip(0.05) {
				f.Set(k+"super", amount(ante)) // compulsory at some houses
			}
			if !fold || slip(0.05) {
				f.Set(k+"bet", amount(times(2)))
			}
			if slip(0.1) {
				f.Set(k+"force", "on")
			}
			switch r.IntN(4) {
			case 0:
				f.Set(k+"draw", "buy")
				f.Set(k+"buy", strings.Join(deal(1), " "))
			case 1:
				f.Set(k+"draw", "exchange")
				n := 2 + r.IntN(4)
				if slip(0.05) {
					n = 1
				}
				if len(hand) >= n {
					f[k+"out"] = slices.Clone(hand[:n])
				}
				f.Set(k+"in", strings.Join(deal(n), " "))
			}
			if slip(0.1) {
				on := "dealer"
				if boxes > 1 && r.IntN(2) == 0 {
					on = strconv.Itoa(1 + (i+1)%boxes)
				}
				f.Set(k+"ms."+on, amount(ante))
			}
		}
	}
	f.Set("dealer", strings.Join(deal(l.DealerCards), " "))
	if len(l.Board) > 0 {
		f.Set("board", strings.Join(deal(len(l.Board)), " "))
	}
	if l.DealerDraw && r.IntN(3) == 0 {
		f.Set("dealer_draw", strings.Join(deal(1), " "))
	}
	return f
}
