package server_test

import (
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/server/servertest"
	settlement "github.com/dealerkiosk/trainer/internal/settle"
	"github.com/dealerkiosk/trainer/web/view"
)

// checkerRounds are a round of each game as the hand checker's form posts
// it, each with wagers that win, lose or push, and fees where the game has
// them.
func checkerRounds() map[string]url.Values {
	return map[string]url.Values{
		"uth": uthRoyal(),
		"oracle": {
			"game": {"oracle"}, "boxes": {"2"}, "op": {"settle"},
			"dealer": {"2c 3d"}, "board": {"Ah Kh 9s 4c 7d"},
			"b0.cards": {"Qh Jh"}, "b0.ante": {"10"}, "b0.bet": {"20"}, "b0.fourth_card": {"1"},
			"b1.cards": {"5s 6d"}, "b1.ante": {"10"}, "b1.fold": {"1"},
		},
		"thrill": {
			"game": {"thrill"}, "boxes": {"1"}, "op": {"settle"},
			"dealer":   {"2c 5d 8h Jc Ks 3s 9d"},
			"b0.cards": {"Ah Kh Qh Jh 9h 4c 4d"}, "b0.poker": {"10"}, "b0.kings_or_better": {"5"}, "b0.special": {"5"},
			"b0.discards": {"Ah", "Kh"}, // cards speak: the five kept made less, which the hand's line says
		},
		"lunar": {
			"game": {"lunar"}, "boxes": {"2"}, "op": {"settle"},
			"dealer": {"2c 5d 8h Jc Ks"}, "dealer_draw": {"Kd"},
			"b0.cards": {"Ah Kh 7c 7d 3s"}, "b0.ante": {"10"}, "b0.super": {"10"}, "b0.bet": {"20"}, "b0.force": {"1"},
			"b0.ms.dealer": {"5"},
			"b1.cards":     {"9c 9d 4h 4s 2h"}, "b1.ante": {"10"}, "b1.super": {"10"}, "b1.bet": {"20"},
			"b1.draw": {"buy"}, "b1.buy": {"9s"},
		},
	}
}

// checkerMessageID matches a catalogue id left on a page instead of its words.
var checkerMessageID = regexp.MustCompile(`\b(?:hc|checker|checkplace|checkbox|felt|table|wager|reason|drill|row|flip|mistake)\.[a-z0-9_]+(?:\.[a-z0-9_]+)*\b`)

// settledLines are the lines of a settled page that say the settlement:
// each one's text by where it is, in page order.
func settledLines(r *servertest.Response) map[string][]string {
	lines := map[string][]string{}
	for name, sel := range map[string]string{
		"dealer":     `[data-testid="result-dealer"] h3`,
		"dealer tag": `[data-testid="result-dealer"] .tag`,
		"box":        `[data-testid="result-box"] h3`,
		"versus":     `[data-testid="result-box"] .versus`,
		"wager":      `[data-testid="wager-line"] .wl-head`,
		"fee":        `[data-testid="fee-line"] .wl-head`,
		"spot":       `[data-testid="table"] .spot-result`,
		"felt hand":  `[data-testid="table-box-hand"]`,
		"felt note":  `[data-testid="table-dealer"] .felt-note`,
	} {
		r.Doc.Find(sel).Each(func(_ int, s *goquery.Selection) {
			lines[name] = append(lines[name], strings.Join(strings.Fields(s.Text()), " "))
		})
	}
	return lines
}

// TestHandChecker_InLanguages: a manager who reads Italian or Russian
// settles a round of each game on the hand checker and reads the
// settlement in his language: every line that says it (the hands, the
// wagers' results, the box against the dealer, the fees, the felt) differs
// from the English page's same line, each reason the engine gave message
// ids for is said in other words, no catalogue id shows, and no English
// sentence of the catalogues is left. The English page says what it said
// before (TestHandChecker_SettlesWithReasons).
// engineRow is a pay-table row as the engine writes it: the table's kind,
// " table ", its rules-file name, ", ", then the row.
var engineRow = regexp.MustCompile(` table [^ ,]+, `)

func TestHandChecker_InLanguages(t *testing.T) {
	t.Parallel()
	plainRunOnly(t)
	k := newKiosk(t)
	en := k.staffClient(t, "Max Manager", managerPassword)
	english := map[string]*servertest.Response{}
	for game, form := range checkerRounds() {
		resp := en.PostForm(checkerPath, form)
		wantStatus(t, "English "+game, resp, http.StatusOK)
		if !resp.Has(`[data-testid="result"]`) {
			t.Fatalf("English %s: no settlement\n%s", game, resp.TestID("outcome"))
		}
		english[game] = resp
		// The English page says its pay-table rows in words too: the
		// engine's row names the table by its rules-file name ("Trips
		// table 50-40-30-8-6-5-3, flush 7:1").
		resp.Doc.Find(`[data-testid="wager-row"]`).Each(func(_ int, s *goquery.Selection) {
			if row := strings.Join(strings.Fields(s.Text()), " "); engineRow.MatchString(row) {
				t.Errorf("English %s: the pay-table row is the engine's, naming the table: %q", game, row)
			}
		})
	}
	for _, tag := range []string{"it", "ru"} {
		if err := k.DB.SetUserLanguage(t.Context(), k.admin.ID, tag); err != nil {
			t.Fatal(err)
		}
		c := k.staffClient(t, "Ada Admin", adminPassword)
		for game, form := range checkerRounds() {
			resp := c.PostForm(checkerPath, form)
			wantStatus(t, tag+" "+game, resp, http.StatusOK)
			if !resp.Has(`[data-testid="result"]`) {
				t.Fatalf("%s %s: no settlement\n%s", tag, game, resp.TestID("outcome"))
			}
			got, want := settledLines(resp), settledLines(english[game])
			for name, lines := range want {
				if len(got[name]) != len(lines) {
					t.Errorf("%s %s: %d %s lines; the English page has %d", tag, game, len(got[name]), name, len(lines))
					continue
				}
				for i, line := range lines {
					if got[name][i] == line {
						t.Errorf("%s %s: %s line %q is the English one", tag, game, name, line)
					}
				}
			}
			// Reasons: each that the engine gave ids for is said in the
			// language; the others are the engine's English whole.
			whys := reasonWhys(t, k, english[game])
			reasons := resp.Doc.Find(`[data-testid="wager-reason"]`)
			enReasons := english[game].Doc.Find(`[data-testid="wager-reason"]`)
			if reasons.Length() != len(whys) || enReasons.Length() != len(whys) {
				t.Fatalf("%s %s: %d reasons, %d in English; the engine gave %d", tag, game, reasons.Length(), enReasons.Length(), len(whys))
			}
			outcome := goquery.CloneDocument(resp.Doc).Find(`[data-testid="outcome"]`)
			outcome.Find(`[data-testid="wager-reason"]`).Each(func(i int, s *goquery.Selection) {
				text, enText := s.Text(), enReasons.Eq(i).Text()
				switch {
				case whys[i] && text == enText:
					t.Errorf("%s %s: reason %q is the English one, though the engine gave its ids", tag, game, text)
				case !whys[i] && text != enText:
					t.Errorf("%s %s: reason %q is not the engine's English %q, though it has no ids", tag, game, text, enText)
				case !whys[i]:
					s.Remove() // English whole until the engine gives it ids
				}
			})
			// A pay-table row the drills' words cannot say yet (one the engine
			// names in its own words) is the engine's English whole.
			enRows := english[game].Doc.Find(`[data-testid="wager-row"]`)
			outcome.Find(`[data-testid="wager-row"]`).Each(func(i int, s *goquery.Selection) {
				if en := enRows.Eq(i).Text(); s.Text() == en && drills.RowIn(i18n.Default().Localizer(tag), en) == en {
					s.Remove()
				}
			})
			text := strings.Join(strings.Fields(outcome.Text()), " ")
			if ids := checkerMessageID.FindAllString(text, -1); len(ids) > 0 {
				t.Errorf("%s %s: the settlement shows message ids %q", tag, game, ids)
			}
			if left := englishLeft(tag, text); len(left) > 0 {
				t.Errorf("%s %s: the settlement still says, in English: %s", tag, game, strings.Join(left, "; "))
			}
		}
	}
}

// reasonWhys settles the round the English page's form holds (read back as
// the kiosk reads a posted form) through the engine and reports, wager by wager in page order, whether
// the engine gave the reason as message ids.
func reasonWhys(t *testing.T, k *kiosk, resp *servertest.Response) []bool {
	t.Helper()
	in := view.ReadChecker(formOf(t, resp), k.Book, "default").Round()
	res, err := settlement.Round(k.Book, in, "default")
	if err != nil {
		t.Fatalf("settle the page's round: %v", err)
	}
	var whys []bool
	for _, b := range res.Boxes {
		for _, w := range b.Wagers {
			whys = append(whys, w.Why != nil)
		}
	}
	return whys
}

// TestHandChecker_RefusalsInLanguages: the engine's refusals, beside the
// field and at the top of the form, read in the manager's language, and
// differ from the English ones; no id or English sentence shows.
func TestHandChecker_RefusalsInLanguages(t *testing.T) {
	t.Parallel()
	plainRunOnly(t)
	k := newKiosk(t)
	tests := []struct {
		name    string
		game    string
		change  url.Values
		control string
	}{
		{"duplicate card", "uth", url.Values{"boxes": {"2"}, "b1.cards": {"Qh 3c"}, "b1.ante": {"5"}, "b1.blind": {"5"}, "b1.play": {"1"}}, "b1.cards"},
		{"blind not the ante", "uth", url.Values{"b0.blind": {"15"}}, "b0.blind"},
		{"fold with a play bet", "uth", url.Values{"b0.fold": {"1"}}, "b0.play"},
		{"short board", "uth", url.Values{"board": {"As Ks Qs Js"}}, "board"},
		{"not a stake", "uth", url.Values{"b0.trips": {"five"}}, "b0.trips"},
		{"not a card", "uth", url.Values{"b0.cards": {"Ts 1x"}}, "b0.cards"},
		{"oracle bet", "oracle", url.Values{"b0.bet": {"15"}}, "b0.bet"},
		{"lunar force without a draw card", "lunar", url.Values{"dealer_draw": {""}}, "dealer_draw"},
		{"thrill negative stake", "thrill", url.Values{"b0.kings_or_better": {"-5"}}, "b0.kings_or_better"},
		{"thrill two discards", "thrill", url.Values{"b0.discards": {"Ah"}}, "b0.discards"},
	}
	refuse := func(c *servertest.Client, game string, change url.Values) *servertest.Response {
		form := checkerRounds()[game]
		for key, v := range change {
			form[key] = v
		}
		return c.PostForm(checkerPath, form)
	}
	en := k.staffClient(t, "Max Manager", managerPassword)
	for _, tag := range []string{"it", "ru"} {
		if err := k.DB.SetUserLanguage(t.Context(), k.admin.ID, tag); err != nil {
			t.Fatal(err)
		}
		c := k.staffClient(t, "Ada Admin", adminPassword)
		for _, tt := range tests {
			want := refuse(en, tt.game, tt.change)
			wantStatus(t, "English "+tt.name, want, http.StatusUnprocessableEntity)
			got := refuse(c, tt.game, tt.change)
			wantStatus(t, tag+" "+tt.name, got, http.StatusUnprocessableEntity)
			for _, sel := range []string{`[data-testid="checker-problem"] p:last-child`, "#" + fieldErrorID(got, tt.control)} {
				g, w := got.Text(sel), want.Text(sel)
				switch {
				case g == "":
					t.Errorf("%s %s: nothing at %s", tag, tt.name, sel)
				case g == w:
					t.Errorf("%s %s: %q is the English refusal", tag, tt.name, g)
				case checkerMessageID.MatchString(g):
					t.Errorf("%s %s: %q shows a message id", tag, tt.name, g)
				}
				if left := englishLeft(tag, g); len(left) > 0 {
					t.Errorf("%s %s: %q still says, in English: %s", tag, tt.name, g, strings.Join(left, "; "))
				}
			}
		}
	}
}

// fieldErrorID is the id of the message tied to control name.
func fieldErrorID(r *servertest.Response, name string) string {
	id, _ := r.Doc.Find(`[name="` + name + `"]`).Attr("aria-describedby")
	return id
}
