package tablettest_test

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/dealerkiosk/trainer/internal/browsertest"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// TestFullestRoundsInView opens questions whose rounds once did not fit a
// tablet however far they were zoomed out, each made again from its seed:
// a 7 Card Thrill payout of six boxes, whose wager names wrapped a word a
// line (768 × 1024), and a Lunar Poker outcome of nine rows (1024 × 768).
// Each must fit every tablet size as any question must (checkInView).
func TestFullestRoundsInView(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	ctx := k.tablet(browsertest.Portrait)
	for _, tt := range []struct {
		game, kind string
		level      int
		seed       uint64
	}{
		{"thrill", "payout", 4, 738790435174341},
		{"thrill", "payout", 4, 746758592536375},
		{"lunar", "outcome", 4, 1068800758351601},
	} {
		id := k.startPractice(ctx, tt.game, tt.kind, trainer.ModeTimed, tt.level)
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
		what := fmt.Sprintf("%s %s level %d (seed %d)", tt.game, tt.kind, tt.level, tt.seed)
		checkInView(t, ctx, what, d, true, nil, false, "")
	}
}
