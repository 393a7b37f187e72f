package server_test

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/dealerkiosk/trainer/internal/browsertest"
	"github.com/dealerkiosk/trainer/internal/server/servertest"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// TestBrowserHandChecker settles a round of each game the way a floor
// manager does on a tablet, held upright and sideways: sign in, open the
// hand checker, tap the cards in, type the stakes, settle, read the reasons.
func TestBrowserHandChecker(t *testing.T) {
	t.Parallel()
	browsertest.Require(t)
	h := servertest.New(t)
	h.CreateUser("Max Manager", trainer.RoleManager, "", managerPassword)
	ctx := browsertest.New(t, browsertest.Portrait)
	run(t, ctx, "staff sign-in", chromedp.Navigate(h.URL+"/signin/staff"), chromedp.WaitVisible(testID("staff-form")),
		chromedp.SendKeys(chromedp.CSS("#f-name"), "Max Manager"),
		chromedp.SendKeys(chromedp.CSS("#f-password"), managerPassword),
		chromedp.Click(testID("staff-submit")), chromedp.WaitVisible(testID("manager-home")))

	for _, size := range []struct {
		name string
		browsertest.Size
	}{{"portrait", browsertest.Portrait}, {"landscape", browsertest.Landscape}} {
		t.Run(size.name, func(t *testing.T) {
			run(t, ctx, "open the hand checker from the menu",
				chromedp.EmulateViewport(int64(size.Width), int64(size.Height), chromedp.EmulateTouch),
				chromedp.Navigate(h.URL+"/manager"), chromedp.WaitVisible(testID("manager-home")),
				browsertest.Settled(), chromedp.Click(chromedp.CSS(`a.nav-link[href="/tools/hand-checker"]`)),
				chromedp.WaitVisible(testID("picker")))
			shot := func(name string) { browsertest.Screenshot(t, ctx, size.name+"-"+name) }

			// Ultimate Texas Hold'em: SETTLE.md's royal flush.
			tapCards(t, ctx, "Qh", "Qc", "As", "Ks", "Qs", "Js", "9h")
			shot("uth-picking")
			// Two taps at once: the second comes while the first is on its
			// way to the server, and is not lost.
			if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(() => {
				document.querySelector('[data-testid="pick-Ts"]').click();
				document.querySelector('[data-testid="pick-2d"]').click();
				return true;
			})()`)); err != nil {
				t.Fatal(err)
			}
			quick, cancelQuick := context.WithTimeout(ctx, 30*time.Second)
			run(t, quick, "both cards placed",
				chromedp.WaitVisible(`[data-testid="pick-Ts"][disabled]`),
				chromedp.WaitVisible(`[data-testid="pick-2d"][disabled]`))
			cancelQuick()
			stakes(t, ctx, map[string]string{"b0.ante": "10", "b0.blind": "10", "b0.trips": "5"})
			run(t, ctx, "play 4×", chromedp.SetValue(chromedp.CSS(`select[name="b0.play"]`), "4"))
			settleRound(t, ctx)
			wantReason(t, ctx, "Blind pays 500:1: the player won with a royal flush")
			if got := text(t, ctx, `[data-testid="box-net"]`); got != "+5,300" {
				t.Errorf("UTH net %q; want +5,300", got)
			}
			shot("uth-settled")
			scrollTo(t, ctx, `[data-testid="result-box"]`)
			shot("uth-reasons")

			// A mistake is caught and marked: the Blind is not the Ante.
			run(t, ctx, "change the Blind",
				chromedp.SetValue(chromedp.CSS(`[name="b0.blind"]`), "15"),
				browsertest.Settled(), chromedp.Click(testID("settle")),
				chromedp.WaitVisible(testID("checker-problem")))
			if v, err := chromedp.Run(ctx, chromedp.AttributeValue(chromedp.CSS(`[name="b0.blind"]`), "aria-invalid")); err != nil || v.Value != "true" {
				t.Errorf("Blind ≠ Ante: aria-invalid %q (%v)", v.Value, err)
			}
			scrollTo(t, ctx, `[data-testid="box-1"]`)
			shot("uth-refused")

			// Lunar Poker: a box forces a dealer who does not qualify; the
			// other buys a 6th card.
			run(t, ctx, "switch to Lunar Poker", browsertest.Settled(), chromedp.Click(testID("game-lunar")),
				chromedp.WaitVisible(`[data-testid="game-lunar"][aria-current="page"]`))
			tapCards(t, ctx, "2c", "5d", "8h", "Jc", "Ks", "Ah", "Kh", "7c", "7d", "3s")
			run(t, ctx, "the dealer's draw card",
				browsertest.Settled(), chromedp.Click(testID("target-dealer_draw")),
				chromedp.WaitVisible(`[data-testid="target-dealer_draw"][aria-pressed="true"]`))
			tapCards(t, ctx, "Kd")
			run(t, ctx, "add box 2", browsertest.Settled(), chromedp.Click(testID("add-box")), chromedp.WaitVisible(testID("box-2")))
			tapCards(t, ctx, "9c", "9d", "4h", "4s", "2h")
			run(t, ctx, "box 2 buys a 6th card", browsertest.Settled(), chromedp.Click(testID("draw-2-buy")),
				chromedp.WaitVisible(`[data-testid="target-b1.buy"][aria-pressed="true"]`))
			tapCards(t, ctx, "9s")
			stakes(t, ctx, map[string]string{"b0.ante": "10", "b0.super": "10", "b0.bet": "20", "b0.ms.dealer": "5",
				"b1.ante": "10", "b1.super": "10", "b1.bet": "20"})
			run(t, ctx, "box 1 forces", browsertest.Settled(), chromedp.Click(chromedp.CSS(`[name="b0.force"]`)))
			scrollTo(t, ctx, `[data-testid="box-1"]`)
			shot("lunar-wagers")
			settleRound(t, ctx)
			wantReason(t, ctx, "Ante pushes: the player forced and the dealer still did not qualify")
			wantReason(t, ctx, "Ante pays 1:1: the dealer did not qualify and the player took the Ante payout")
			shot("lunar-settled")
			scrollTo(t, ctx, `[data-testid="result-dealer"]`)
			shot("lunar-reasons")

			if size.Size != browsertest.Portrait {
				return
			}
			// Texas Oracle and 7 Card Thrill, on the upright tablet.
			run(t, ctx, "switch to Texas Oracle", browsertest.Settled(), chromedp.Click(testID("game-oracle")),
				chromedp.WaitVisible(`[data-testid="game-oracle"][aria-current="page"]`))
			tapCards(t, ctx, "2c", "3d", "Ah", "Kh", "9s", "4c", "7d", "Qh", "Jh")
			run(t, ctx, "box 1 bought the 4th card", browsertest.Settled(), chromedp.Click(chromedp.CSS(`[name="b0.fourth_card"]`)))
			stakes(t, ctx, map[string]string{"b0.ante": "10"})
			// Enter in a stake field settles, as the form's first button.
			run(t, ctx, "type the Bet and press Enter",
				chromedp.SendKeys(chromedp.CSS(`[name="b0.bet"]`), "20\r"), chromedp.WaitVisible(testID("result")))
			wantReason(t, ctx, "Bet")
			shot("oracle-settled")

			run(t, ctx, "switch to 7 Card Thrill", browsertest.Settled(), chromedp.Click(testID("game-thrill")),
				chromedp.WaitVisible(`[data-testid="game-thrill"][aria-current="page"]`))
			// The cards can be typed as well as tapped (a desk, a keyboard case).
			stakes(t, ctx, map[string]string{"dealer": "Kc Jd 8s 6h 4c 3d 2s", "b0.cards": "jk ah ad ac 7h 5d 9c",
				"b0.poker": "10", "b0.kings_or_better": "5", "b0.special": "1"})
			settleRound(t, ctx)
			wantReason(t, ctx, "Poker")
			shot("thrill-settled")

			// Seven boxes on a phone: a round posted as one line (the
			// developer's door, linked from no page), settled, wraps box
			// under box.
			run(t, ctx, "phone", chromedp.EmulateViewport(int64(browsertest.Phone.Width), int64(browsertest.Phone.Height), chromedp.EmulateTouch))
			run(t, ctx, "post seven boxes",
				chromedp.Navigate(h.URL+"/tools/hand-checker"), chromedp.WaitVisible(testID("picker")),
				browsertest.Settled(), chromedp.Evaluate[chromedp.Void](`(function () {
					var f = document.createElement("form");
					f.method = "post";
					f.action = "/tools/hand-checker";
					[["game", "uth"], ["op", "load"], ["load", `+strconv.Quote(sevenBoxes)+`]].forEach(function (kv) {
						var i = document.createElement("input");
						i.type = "hidden";
						i.name = kv[0];
						i.value = kv[1];
						f.appendChild(i);
					});
					document.body.appendChild(f);
					f.submit();
				})()`), chromedp.WaitVisible(testID("result")))
			if n := count(t, ctx, `[data-testid="table-box"]`); n != 7 {
				t.Errorf("the table shows %d boxes; want 7", n)
			}
			if over, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.documentElement.scrollWidth - window.innerWidth`)); err != nil || over > 0 {
				t.Errorf("on a phone the page is %d px wider than the screen (%v)", over, err)
			}
			shot("phone-seven-boxes")
			scrollTo(t, ctx, `[data-testid="picker"]`)
			shot("phone-picker")
		})
	}
}

// sevenBoxes is a full UTH table of seven boxes, one line of SETTLE.md.
const sevenBoxes = `{"game":"uth","dealer":["Qh","Qc"],"board":["As","Ks","Qs","Js","9h"],"boxes":[` +
	`{"cards":["Ts","2d"],"wagers":{"ante":10,"blind":10,"play":40,"trips":5,"progressive":2}},` +
	`{"cards":["Ah","Ad"],"wagers":{"ante":25,"blind":25,"play":75}},` +
	`{"cards":["3c","4c"],"wagers":{"ante":5,"blind":5},"fold":true},` +
	`{"cards":["8d","8s"],"wagers":{"ante":7.5,"blind":7.5,"play":15,"trips":2.5}},` +
	`{"cards":["Kd","Kc"],"wagers":{"ante":100,"blind":100,"play":400}},` +
	`{"cards":["5h","6h"],"wagers":{"ante":10,"blind":10,"play":10}},` +
	`{"cards":["Jd","Td"],"wagers":{"ante":500,"blind":500,"play":2000,"trips":100}}]}`

// count is the number of elements that match sel.
func count(t *testing.T, ctx context.Context, sel string) int {
	t.Helper()
	n, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll(`+strconv.Quote(sel)+`).length`))
	if err != nil {
		t.Fatalf("count %s: %v", sel, err)
	}
	return n
}

// tapCards taps each card in the picker, waiting for the page to come back
// with it placed.
func tapCards(t *testing.T, ctx context.Context, codes ...string) {
	t.Helper()
	for _, c := range codes {
		tapCard(t, ctx, c)
	}
}

// tapCard taps one card of the picker, once the previous swap has settled,
// until the page shows it placed. On a loaded machine Chromium sometimes
// still loses a tap; the card is still enabled then, and tapping it again is
// what a manager would do.
func tapCard(t *testing.T, ctx context.Context, c string) {
	t.Helper()
	placed := `[data-testid="pick-` + c + `"][disabled]`
	for try := 1; ; try++ {
		enabled, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`!!document.querySelector('[data-testid="pick-`+c+`"]:not([disabled])')`))
		if err != nil {
			t.Fatalf("tap %s: %v", c, err)
		}
		if enabled {
			if err := chromedp.Do(ctx, browsertest.Settled(), chromedp.Tap(testID("pick-"+c))); err != nil {
				t.Fatalf("tap %s: %v", c, err)
			}
		}
		wait, cancel := context.WithTimeout(ctx, 15*time.Second)
		err = chromedp.Do(wait, chromedp.WaitVisible(placed))
		cancel()
		if err == nil {
			return
		}
		if try == 4 || ctx.Err() != nil {
			t.Fatalf("tap %s: the card was not placed after %d taps: %v", c, try, err)
		}
	}
}

// stakes types each value into its field (by the field's name).
// stakes types values into the round's fields, each once htmx has settled:
// a field typed into while a swap replaces the form is lost ("could not
// find node", seen on a loaded CI machine after a change of game).
func stakes(t *testing.T, ctx context.Context, values map[string]string) {
	t.Helper()
	for name, v := range values {
		run(t, ctx, "stake "+name, browsertest.Settled(), chromedp.SendKeys(chromedp.CSS(`[name="`+name+`"]`), v))
	}
}

func settleRound(t *testing.T, ctx context.Context) {
	t.Helper()
	run(t, ctx, "settle", browsertest.Settled(), chromedp.Click(testID("settle")), chromedp.WaitVisible(testID("result")))
}

func wantReason(t *testing.T, ctx context.Context, want string) {
	t.Helper()
	if got := text(t, ctx, `[data-testid="result"]`); !strings.Contains(got, want) {
		t.Errorf("the settlement does not say %q", want)
	}
}

func scrollTo(t *testing.T, ctx context.Context, sel string) {
	t.Helper()
	run(t, ctx, "scroll to "+sel, chromedp.ScrollIntoView(chromedp.CSS(sel)))
}
