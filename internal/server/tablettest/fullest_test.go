package tablettest_test

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/dealerkiosk/trainer/internal/browsertest"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// minCardPX is the narrowest a box's card may be drawn on a tablet once
// the question is fitted to the screen (issue 26, item 13): at 1024 × 768
// the fit steps once zoomed a full table's cards down to 23 px.
const minCardPX = 40

// fullestRounds are the fullest rounds of each game at level 4, made again
// from their seeds: the most boxes, wagers, draws and (for an outcome) the
// most answer rows among the first 6,000 seeds of each kind, and the rounds
// that once did not fit a tablet however far they were zoomed out (a 7
// Card Thrill payout whose wager names wrapped a word a line at 768 × 1024,
// a Lunar Poker outcome of nine rows at 1024 × 768).
var fullestRounds = []struct {
	game, kind string
	seed       uint64
}{
	{"uth", "outcome", 3014},    // seven boxes
	{"uth", "payout", 1438},     // seven boxes
	{"thrill", "outcome", 5028}, // six boxes
	{"thrill", "payout", 3172},  // six boxes
	{"thrill", "payout", 738790435174341},
	{"thrill", "payout", 746758592536375},
	{"oracle", "outcome", 1763}, // seven boxes, 4th cards and exchanges
	{"oracle", "payout", 1584},  // seven boxes
	{"oracle", "outcome", 36},
	{"lunar", "outcome", 809}, // six boxes with draws and Super bets
	{"lunar", "payout", 458},  // six boxes, five forcing the dealer
	{"lunar", "outcome", 1068800758351601},
}

// boxCardJS is the width of the narrowest card of a box's hand as drawn
// (its bounding box, after every zoom), 0 when the round draws none.
const boxCardJS = `(function () {
  var w = 0;
  document.querySelectorAll('.question .round-box .box-hand > .hand-group:first-child .round-card > svg').forEach(function (c) {
    var r = c.getBoundingClientRect().width;
    w = w === 0 ? r : Math.min(w, r);
  });
  return w;
})()`

// TestFullestRoundsInView opens the fullest round of each game, in English
// and in Russian (the longest words), and checks it at the four tablet
// sizes as any question is checked (checkInView); and that on a tablet
// either way up (1024 × 768, 820 × 1180) its boxes draw their cards at
// least minCardPX wide.
func TestFullestRoundsInView(t *testing.T) {
	t.Parallel()
	for _, lang := range []string{"en", "ru"} {
		t.Run(lang, func(t *testing.T) {
			t.Parallel()
			k := newKiosk(t)
			if err := k.h.DB.SetUserLanguage(t.Context(), k.trainee.ID, lang); err != nil {
				t.Fatal(err)
			}
			ctx := k.tablet(browsertest.Portrait)
			for _, tt := range fullestRounds {
				id := k.startPractice(ctx, tt.game, tt.kind, trainer.ModeTimed, 4)
				a, _ := k.pending(id)
				tx, err := k.h.DB.BeginTx(t.Context(), nil)
				if err != nil {
					t.Fatal(err)
				}
				if _, err := tx.ExecContext(t.Context(), `UPDATE attempts SET seed = ? WHERE id = ?`, tt.seed, a.ID); err != nil {
					t.Fatal(err)
				}
				if err := tx.Commit(); err != nil {
					t.Fatal(err)
				}
				where := fmt.Sprintf("/practice/%d", id)
				run(t, ctx, "open "+where, chromedp.Navigate(k.h.URL+where), chromedp.WaitVisible(testID("question")))
				a, d := k.pending(id)
				if a.Seed != tt.seed {
					t.Fatalf("the question's seed is %d; want %d", a.Seed, tt.seed)
				}
				what := fmt.Sprintf("%s %s level 4 (seed %d, %s)", tt.game, tt.kind, tt.seed, lang)
				checkInView(t, ctx, what, d, true, nil, false, "")
				for _, size := range []browsertest.Size{browsertest.Landscape, browsertest.Portrait} {
					if err := browsertest.Resize(ctx, size); err != nil {
						t.Fatalf("%s: turn to %s: %v", what, sizeName(size), err)
					}
					fitted(t, ctx, size)
					w := eval[float64](t, ctx, "the cards' width", boxCardJS)
					t.Logf("%s at %s: a box's card is drawn %.1f px wide", what, sizeName(size), w)
					if w < minCardPX {
						t.Errorf("%s at %s: a box's card is drawn %.1f px wide; want %d px at least", what, sizeName(size), w, minCardPX)
					}
				}
			}
		})
	}
}
