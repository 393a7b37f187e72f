package server_test

import (
	"io/fs"
	"net/http"
	"net/url"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"
	"unicode"
	"unicode/utf8"

	"github.com/PuerkitoBio/goquery"
	rules "github.com/dealerkiosk/trainer/content/rules"
	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/server"
	"github.com/dealerkiosk/trainer/internal/server/servertest"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// wordedRules are the built-in rules with the default house changed in
// every kind of value the rules approval words: a house's rounding, its
// smallest chip, a table limit and its logo; booleans, amounts, odds,
// counts, words and lists of words of each game; an Oracle ante rule
// from odds to a word; Lunar's fee as a multiple of the Ante; two pay
// tables (Lunar's Super, exact, and Oracle's BET, simulated); 7 Card
// Thrill's limits per wager, a map, from none to two; and the
// drills, the certification standards and the procedures.
func wordedRules(t *testing.T) fs.FS {
	t.Helper()
	over := fstest.MapFS{}
	edit := func(file string, pairs ...string) {
		t.Helper()
		b, err := fs.ReadFile(rules.FS, file)
		if err != nil {
			t.Fatal(err)
		}
		s := string(b)
		for i := 0; i+1 < len(pairs); i += 2 {
			if strings.Count(s, pairs[i]) != 1 {
				t.Fatalf("%s: %q is not where the test expects it", file, pairs[i])
			}
			s = strings.Replace(s, pairs[i], pairs[i+1], 1)
		}
		over[file] = &fstest.MapFile{Data: []byte(s)}
	}
	edit("houses/default/house.toml",
		`logo     = "logo.svg"`, ``,
		`rounding      = "down"`, `rounding      = "nearest"`,
		"[limits.uth]\nmin = \"5\"\nmax = \"500\"", "[limits.uth]\nmin = \"5\"\nmax = \"1000\"")
	edit("houses/default/uth.toml",
		`preflop_multiples         = [3, 4]`, `preflop_multiples         = [4]`,
		`fold_forfeits_trips       = true`, `fold_forfeits_trips       = false`,
		`progressive_meter   = "25000"`, `progressive_meter   = "30000.5"`,
		`shuffle                  = "shuffler"`, `shuffle                  = "by_hand"`,
		`settlement_order         = "folds,right_to_left"`, `settlement_order         = "right_to_left"`,
		`misdeal                  = "void_and_redeal"`, `misdeal                  = "void_and_return_bets"`,
		`max_boxes                = 7`, `max_boxes                = 6`)
	edit("houses/default/oracle.toml",
		`fourth_card_fee           = "1:1"`, `fourth_card_fee           = "2:1"`,
		`ante_on_dealer_no_qualify = "1:1"`, `ante_on_dealer_no_qualify = "push"`,
		`bet_table                 = "Regular"`, `bet_table                 = "Enhanced"`,
		`premature_dealer_reveal_options = ["fold", "continue_without_purchase"]`, `premature_dealer_reveal_options = ["fold"]`,
		`recover_overpayment       = "before_next_round"`, `recover_overpayment       = "never"`)
	edit("houses/default/lunar.toml",
		`super_table      = "A"`, `super_table      = "B"`,
		`draw_fee     = "1"`, `draw_fee     = "0.5"`,
		`super_min            = "ante"`, `super_min            = "none"`,
		`force_card   = "highest"`, `force_card   = "lowest"`)
	edit("houses/default/thrill.toml",
		`joker_flush_rank           = "highest_missing"`, `joker_flush_rank           = "ace_always"`,
		"[wager_limits]\n", "[wager_limits]\npoker = { min = \"5\", max = \"500\" }\nspecial = { min = \"1\" }\n")
	for _, f := range []string{"drills.toml", "certification.toml", "procedures/common.toml"} {
		b, err := fs.ReadFile(rules.FS, f)
		if err != nil {
			t.Fatal(err)
		}
		over[f] = &fstest.MapFile{Data: append(b, "\n# changed for a test\n"...)}
	}
	return rulebook.Overlay(over, rules.FS)
}

// TestApprovalWordsEnglish compares the built-in rules with wordedRules
// and checks each setting's label and values, each row's odds and each
// other file that changed: they have message ids, the English catalogue
// says rulebook's own words byte for byte, and Italian and Russian have
// every id.
func TestApprovalWordsEnglish(t *testing.T) {
	t.Parallel()
	plainRunOnly(t)
	old, err := rulebook.Load(rules.FS)
	if err != nil {
		t.Fatal(err)
	}
	nb, err := rulebook.Load(wordedRules(t))
	if err != nil {
		t.Fatal(err)
	}
	ch, err := rulebook.Compare(old, nb, rulebook.DefaultHouse)
	if err != nil {
		t.Fatal(err)
	}
	if len(ch.Settings) < 20 || len(ch.Rows) < 4 || len(ch.Others) != 3 {
		t.Fatalf("%d settings, %d rows and %d other files changed; want the test's 20 and more, 4 and more, and 3", len(ch.Settings), len(ch.Rows), len(ch.Others))
	}
	check := func(what, english string, why games.Why) {
		t.Helper()
		if why == nil {
			t.Errorf("%s: %q has no message ids", what, english)
			return
		}
		for _, tag := range []string{i18n.Source, "it", "ru"} {
			got, ok := server.SayWhy(i18n.Default().Localizer(tag), why)
			switch {
			case !ok:
				t.Errorf("%s: %q: an id is missing in %s (%v)", what, english, tag, why)
			case tag == i18n.Source && got != english:
				t.Errorf("%s: the English catalogue says %q; rulebook says %q", what, got, english)
			}
		}
	}
	for _, c := range ch.Settings {
		if c.Game == "" {
			check(c.Key+" label", c.Label, c.LabelWhy)
		}
		check(c.Key+" before", c.Old, c.OldWhy)
		check(c.Key+" now", c.New, c.NewWhy)
	}
	for _, c := range ch.Rows {
		check(c.Game+" "+c.Kind+" "+c.Row+" before", c.Old, c.OldWhy)
		check(c.Game+" "+c.Kind+" "+c.Row+" now", c.New, c.NewWhy)
	}
	for i, o := range ch.Others {
		check("other file", o, games.Why{{ID: ch.OtherIDs[i]}})
	}
}

// approvalMessageID matches a catalogue id shown as it is: words joined by dots.
var approvalMessageID = regexp.MustCompile(`\b[a-z_]+\.[a-z_]+(\.[a-z_]+)*\b`)

// feltWords are English words the approval page may show in every
// language: the names printed on the felt and the games', the currency,
// the pay tables' own names (Oracle's Regular and Enhanced), which are the
// rules files' names as the pay-table page shows them, and "logo", which
// Italian says so too.
var feltWords = map[string]bool{"ante": true, "blind": true, "trips": true, "play": true, "bet": true, "super": true,
	"poker": true, "special": true, "instant": true, "cash": true, "multi": true, "texas": true, "oracle": true,
	"ultimate": true, "hold'em": true, "lunar": true, "card": true, "thrill": true, "chf": true, "regular": true, "enhanced": true,
	"progressive": true, "logo": true}

// englishWords are the words of four letters or more of english that text
// also says, the felt's words aside.
func englishWords(english, text string) []string {
	var out []string
	have := map[string]bool{}
	for _, w := range strings.FieldsFunc(strings.ToLower(text), func(r rune) bool { return !unicode.IsLetter(r) && r != '\'' }) {
		have[w] = true
	}
	for _, w := range strings.FieldsFunc(strings.ToLower(english), func(r rune) bool { return !unicode.IsLetter(r) && r != '\'' }) {
		if len([]rune(w)) >= 4 && !feltWords[w] && have[w] {
			out = append(out, w)
		}
	}
	return out
}

// TestLanguage_ApprovalPage runs the kiosk on the built-in rules, approves
// them, then runs it on wordedRules and reads the new version's page as a
// manager whose language is English, Italian and Russian in turn. In
// English the computed words are rulebook's and edge's, as before. In
// Italian and Russian no setting, value, row, house edge or other file
// changed says an English word of the English page's same cell (the
// felt's names aside), no catalogue sentence is left in English, no
// message id shows, and the house edges take the decimal comma.
func TestLanguage_ApprovalPage(t *testing.T) {
	t.Parallel()
	plainRunOnly(t)
	path := filepath.Join(t.TempDir(), "trainer.db")
	first := servertest.Start(t, servertest.Options{Path: path})
	manager := first.CreateUser("Max Manager", trainer.RoleManager, "", managerPassword)
	mc := staffSignIn(t, first, "Max Manager", managerPassword)
	wantRedirect(t, "approve the built-in rules", mc.PostForm("/manager/rules/"+first.Book.Version+"/approve", confirmed),
		"/manager/rules/"+first.Book.Version+"?done=approved")
	first.Close()

	second := servertest.Start(t, servertest.Options{Path: path, Rules: wordedRules(t)})
	mc = staffSignIn(t, second, "Max Manager", managerPassword)
	url := "/manager/rules/" + second.Book.Version
	parts := []string{"rules-setting", "rules-row-change", "rules-edge", "rules-others"}
	cells := func(r *servertest.Response) map[string][]string {
		out := map[string][]string{}
		for _, p := range parts {
			r.Doc.Find(`[data-testid="` + p + `"]`).Find("th, td, li").Each(func(_ int, c *goquery.Selection) {
				out[p] = append(out[p], strings.Join(strings.Fields(c.Text()), " "))
			})
		}
		return out
	}

	en := mc.Get(url)
	wantStatus(t, "the changed version in English", en, http.StatusOK)
	english := cells(en)
	for p, want := range map[string][]string{
		"rules-setting":    {"Rounding of payments", "down to the smallest chip", "to the nearest smallest chip", "Table limits of Ultimate Texas Hold'em", "CHF 5 to CHF 1000", "a picture (SVG)", "Fold forfeits Trips", "Progressive meter", "CHF 30000.5", "folds, then right to left", "void and return bets", "Max boxes", "2 to 1", "push", "fold, continue without purchase", "Draw fee", "0.5", "Wager limits", "Poker Bet: CHF 5 to CHF 500 · Special: at least CHF 1"},
		"rules-row-change": {"Five picture cards", "nothing", "150 to 1"},
		"rules-edge":       {"Super", "exact", "simulated, 100,000 rounds"},
		"rules-others":     {"The practice levels and target times", "The certification standards (what each exam holds and what passes it)", "The ruling situations and sequences of play"},
	} {
		all := strings.Join(english[p], " | ")
		for _, w := range want {
			if !strings.Contains(all, w) {
				t.Errorf("English %s lacks %q: %s", p, w, all)
			}
		}
	}
	if len(english["rules-edge"]) == 0 || len(english["rules-setting"]) < 4*20 {
		t.Fatalf("the English page shows %d edge cells and %d setting cells", len(english["rules-edge"]), len(english["rules-setting"]))
	}
	// The check below sees English: most English cells fail it.
	seen := 0
	for _, p := range parts {
		for _, c := range english[p] {
			if len(englishWords(c, c)) > 0 {
				seen++
			}
		}
	}
	if seen < len(english["rules-setting"])/2 {
		t.Fatalf("the check finds English words in %d English cells only", seen)
	}

	for _, tag := range []string{"it", "ru"} {
		if err := second.DB.SetUserLanguage(t.Context(), manager.ID, tag); err != nil {
			t.Fatal(err)
		}
		page := mc.Get(url)
		wantStatus(t, "the changed version in "+tag, page, http.StatusOK)
		if lang, _ := page.Doc.Find("html").Attr("lang"); lang != tag {
			t.Fatalf("<html lang=%q>; want %q", lang, tag)
		}
		got := cells(page)
		for _, p := range parts {
			if len(got[p]) != len(english[p]) {
				t.Errorf("%s: %s has %d cells; English %d", tag, p, len(got[p]), len(english[p]))
				continue
			}
			for i, cell := range got[p] {
				if ws := englishWords(english[p][i], cell); len(ws) > 0 {
					t.Errorf("%s: %s %q still says %q of the English %q", tag, p, cell, ws, english[p][i])
				}
				if !utf8.ValidString(cell) {
					t.Errorf("%s: %s %q is not valid UTF-8", tag, p, cell)
				}
				if id := approvalMessageID.FindString(cell); id != "" {
					t.Errorf("%s: %s %q shows the message id %q", tag, p, cell, id)
				}
			}
		}
		page.Doc.Find(`article.rules-section, [data-testid="rules-summary"]`).Remove() // the books' own text and titles
		if left := englishLeft(tag, pageText(page)); len(left) > 0 {
			t.Errorf("%s: the page still says, in English: %s", tag, strings.Join(left, "; "))
		}
		edges := strings.Join(got["rules-edge"], " | ")
		for _, want := range map[string][]string{"it": {"esatto", "simulato su 100.000 colpi", ",", "%"}, "ru": {"точно", "моделирование, раундов: 100 000", ",", "%"}}[tag] {
			if !strings.Contains(edges, want) {
				t.Errorf("%s: the house edges %q lack %q", tag, edges, want)
			}
		}
		if pointed := regexp.MustCompile(`\d\.\d+ %`).FindString(edges); pointed != "" {
			t.Errorf("%s: the house edge %q keeps a decimal point", tag, pointed)
		}
		confirm := mc.PostForm(url+"/approve", nil)
		wantStatus(t, tag+": approve", confirm, http.StatusOK)
		summary := confirm.TestID("rules-confirm-summary")
		for _, o := range english["rules-others"] {
			if strings.Contains(summary, o) {
				t.Errorf("%s: the confirmation still says %q", tag, o)
			}
		}
	}
}

// TestLanguage_PayTableRoundsRefused: a simulation length the pay-table
// page does not offer is refused in the reader's language, on the
// simulation's card and on the what-if's field, with the lengths offered
// in the language's digits; English says it as before.
func TestLanguage_PayTableRoundsRefused(t *testing.T) {
	plainRunOnly(t)
	t.Parallel()
	k := newKiosk(t)
	for _, tt := range []struct{ lang, card, field string }{
		{"en", `rounds: Choose 1,000,000 or 10,000,000 rounds, not "5".`, `Choose 1,000,000 or 10,000,000 rounds, not "5".`},
		{"it", `colpi: Scegli 1.000.000 o 10.000.000 colpi, non "5".`, `Scegli 1.000.000 o 10.000.000 colpi, non "5".`},
		{"ru", "раунды: Выберите число раундов: 1\u00a0000\u00a0000 или 10\u00a0000\u00a0000, но не \"5\".",
			"Выберите число раундов: 1\u00a0000\u00a0000 или 10\u00a0000\u00a0000, но не \"5\"."},
	} {
		// The catalogue says what the page says; in English, the error's own
		// sentence, which the catalogue repeats.
		if got := i18n.Default().Localizer(tt.lang).T("approval.err.sim_rounds", "Short", int64(1_000_000), "Long", int64(10_000_000), "Sent", `"5"`); got != tt.field {
			t.Errorf("%s: the catalogue says %q; want %q", tt.lang, got, tt.field)
		}
		if err := k.DB.SetUserLanguage(t.Context(), k.manager.ID, tt.lang); err != nil {
			t.Fatal(err)
		}
		c := k.staffClient(t, "Max Manager", managerPassword)
		resp := c.Get("/tools/paytables/simulation?game=uth&wager=main&table=straight-pays&rounds=5")
		wantStatus(t, tt.lang+": rounds 5", resp, http.StatusUnprocessableEntity)
		card := resp.Doc.Find(`[data-testid="sim-straight-pays"] [data-testid="figure-problem"]`)
		if got := strings.TrimSpace(card.Text()); got != tt.card {
			t.Errorf("%s: the card says %q; want %q", tt.lang, got, tt.card)
		}
		q := url.Values{"game": {"uth"}, "wager": {"main"}, "table": {"straight-pays"}, "row": {"flush"}, "odds": {"2:1"}, "rounds": {"5"}}
		resp = c.Get(whatIfPath(q))
		wantStatus(t, tt.lang+": what-if rounds 5", resp, http.StatusUnprocessableEntity)
		wantFieldError(t, tt.lang+": what-if rounds 5", resp, "rounds", squash(tt.field)) // the page's text, spaces squashed
	}
}
