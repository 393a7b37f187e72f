package server_test

import (
	"fmt"
	"math/big"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	rules "github.com/dealerkiosk/trainer/content/rules"
	"github.com/dealerkiosk/trainer/internal/edge"
	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/server"
	"github.com/dealerkiosk/trainer/internal/server/servertest"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

const payTablesPath = "/tools/paytables"

// shippedBook is the shipped rules, read once for every test of this file.
var shippedBook = sync.OnceValue(func() *rulebook.Book {
	b, err := rulebook.Load(rules.FS)
	if err != nil {
		panic(err)
	}
	return b
})

// calc is a Calculator of the tests' own, independent of the server's.
var calc = edge.NewCalculator()

// newKioskWith is newKiosk with the server's Config changed by options.
func newKioskWith(t *testing.T, options ...func(*server.Config)) *kiosk {
	t.Helper()
	h := servertest.New(t, options...)
	return &kiosk{
		Harness: h,
		admin:   h.CreateUser("Ada Admin", trainer.RoleAdministrator, "", adminPassword),
		manager: h.CreateUser("Max Manager", trainer.RoleManager, "", managerPassword),
		trainee: h.CreateUser("Tia Trainee", trainer.RoleTrainee, "1042", traineePIN),
	}
}

// noWait makes every pay-table request answer at once, so that a figure
// being computed shows its progress bar.
func noWait(c *server.Config) { c.FigureWait = time.Nanosecond }

func whatIfPath(v url.Values) string { return "/tools/paytables/whatif?" + v.Encode() }

func TestPayTables_Roles(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	paths := []string{
		payTablesPath,
		payTablesPath + "?game=lunar",
		"/tools/paytables/simulation?game=uth&wager=main&table=straight-pays&rounds=1000000",
		whatIfPath(url.Values{"game": {"uth"}, "wager": {"trips"}, "table": {"50-40-30-8-6-5-3"}, "row": {"flush"}, "odds": {"7:1"}}),
	}
	trainee := k.traineeClient(t)
	for _, p := range paths {
		wantRedirect(t, "signed out GET "+p, k.Client().Get(p), "/signin")
		resp := trainee.Get(p)
		wantStatus(t, "trainee GET "+p, resp, http.StatusForbidden)
		if resp.Has(`[data-testid="paytables-page"]`) {
			t.Errorf("trainee GET %s: the page is shown with the 403", p)
		}
	}
	for _, who := range []struct{ name, password string }{{"Max Manager", managerPassword}, {"Ada Admin", adminPassword}} {
		resp := k.staffClient(t, who.name, who.password).Get(payTablesPath)
		wantStatus(t, who.name+" GET", resp, http.StatusOK)
		if !resp.Has(`[data-testid="paytables-page"]`) || !resp.Has(`nav a[href="/tools/paytables"][aria-current="page"]`) {
			t.Errorf("%s: no pay-table page, or no current nav link to it", who.name)
		}
	}
	wantStatus(t, "unknown game", k.staffClient(t, "Max Manager", managerPassword).Get(payTablesPath+"?game=poker"), http.StatusNotFound)
}

// TestPayTables_EveryWagerAndTable checks each game's page against edge:
// every wager edge can price, every table the house could choose with the
// house's own marked, the exact figures as edge computes them, and no
// simulation run by opening the page.
func TestPayTables_EveryWagerAndTable(t *testing.T) {
	plainRunOnly(t)
	t.Parallel()
	k := newKiosk(t)
	c := k.staffClient(t, "Max Manager", managerPassword)
	h, _ := shippedBook().House(rulebook.DefaultHouse)
	for _, game := range rulebook.GameSlugs {
		resp := c.Get(payTablesPath + "?game=" + game)
		wantStatus(t, game, resp, http.StatusOK)
		if resp.Has("script:not([src])") || resp.Has("style") || resp.Has("[style]") {
			t.Errorf("%s: the page has an inline script or style", game)
		}
		for _, w := range edge.Wagers(game) {
			sec := resp.Doc.Find(`[data-testid="wager-` + w.Name + `"]`)
			if sec.Length() != 1 {
				t.Errorf("%s %s: %d sections; want 1", game, w.Name, sec.Length())
				continue
			}
			own := edge.HouseTable(h, w).Name
			if got := strings.Join(strings.Fields(sec.Find(`[data-testid="house-choice"]`).Text()), " "); !strings.HasPrefix(got, "The first table below is the one this house pays.") {
				t.Errorf("%s %s: house choice %q; want the first table named the house's", game, w.Name, got)
			}
			prefix := "table-"
			if w.Method == edge.Simulation {
				prefix = "sim-"
			} else {
				// On a loaded machine the count may take longer than the
				// page waits: then its progress bar is polled, as htmx does.
				sec = settle(t, c, sec.Find(`[data-testid="figures-`+w.Name+`"]`), "figures-"+w.Name)
			}
			tags := sec.Find(`[data-testid="house-tag"]`)
			if tags.Length() != 1 || tags.Closest(`[data-testid="`+prefix+own+`"]`).Length() != 1 {
				t.Errorf("%s %s: %d house tags; want one, on table %s", game, w.Name, tags.Length(), own)
			}
			if first, _ := sec.Find(`[data-testid^="` + prefix + `"]`).First().Attr("data-testid"); first != prefix+own {
				t.Errorf("%s %s: the first table is %s; want the house's, %s", game, w.Name, first, own)
			}
			for _, name := range edge.TableNames(shippedBook(), h, w) {
				card := sec.Find(`[data-testid="` + prefix + name + `"]`)
				if card.Length() != 1 {
					t.Errorf("%s %s: table %s shown %d times; want once", game, w.Name, name, card.Length())
					continue
				}
				// Each table is said in words, never by its rules file's name
				// ("straight-pays", "C").
				title := strings.TrimSpace(card.Find("h3").First().Text())
				switch {
				case name == own && title != "This house's table":
					t.Errorf("%s %s: the house's table is titled %q", game, w.Name, title)
				case name != own && !strings.HasPrefix(title, "Another table: ") && title != "Another table, paying as this house does":
					t.Errorf("%s %s table %s: titled %q; want another table said by its rows", game, w.Name, name, title)
				case name != own && containsWords(title, name):
					t.Errorf("%s %s table %s: its title %q names it", game, w.Name, name, title)
				}
				pt, _ := edge.FindTable(shippedBook(), h, w, name)
				if n := card.Find(`[data-testid="row"]`).Length(); n < len(pt.Rows) {
					t.Errorf("%s %s table %s: %d rows shown; want its %d rows at least", game, w.Name, name, n, len(pt.Rows))
				}
				if w.Method == edge.Simulation {
					if card.Find(`[data-testid="simulate"]`).Length() != 1 || card.Find(`[data-testid="house-edge"]`).Length() != 0 {
						t.Errorf("%s %s table %s: want a Simulate button and no figure before one is asked for", game, w.Name, name)
					}
					continue
				}
				checkExactCard(t, card, w, h, pt)
			}
		}
	}
}

// checkExactCard holds one priced table to edge's own figures for it.
func checkExactCard(t *testing.T, card *goquery.Selection, w edge.Wager, h *rulebook.House, pt games.PayTable) {
	t.Helper()
	want, err := calc.Compute(t.Context(), edge.Query{Wager: w, House: h, Table: &pt}, nil)
	if err != nil {
		t.Fatal(err)
	}
	what := fmt.Sprintf("%s %s table %s", w.Game, w.Name, pt.Name)
	// The return to player is 1 − the house edge (the stake included);
	// edge's own return (the stake not included) shows as "pays" only
	// where there is no house edge.
	var rtp, pays *edge.Num
	if want.Edge != nil {
		n := edge.RatNum(new(big.Rat).Sub(big.NewRat(1, 1), want.Edge))
		rtp = &n
		if got := card.Find(`[data-testid="exact-figures"] [data-testid="fraction"]`).Eq(1).Text(); got != new(big.Rat).Sub(big.NewRat(1, 1), want.Edge).String() {
			t.Errorf("%s: exact return %q", what, got)
		}
	} else {
		pays = want.Return
	}
	for _, f := range []struct {
		id   string
		want *edge.Num
	}{{"house-edge", want.HouseEdge}, {"return", rtp}, {"pays", pays}, {"hit-frequency", want.HitFrequency}} {
		got, ok := card.Find(`[data-testid="` + f.id + `"]`).Attr("value")
		switch {
		case f.want == nil && ok:
			t.Errorf("%s: shows a %s (%s) edge does not give", what, f.id, got)
		case f.want != nil && got != string(*f.want):
			t.Errorf("%s: %s %q; want %q", what, f.id, got, *f.want)
		}
	}
	rows := card.Find(`[data-testid="row"]`)
	if rows.Length() != len(want.Rows) {
		t.Errorf("%s: %d rows; want %d", what, rows.Length(), len(want.Rows))
		return
	}
	rows.Each(func(i int, row *goquery.Selection) {
		cells := row.Find("td")
		r := want.Rows[i]
		if got := strings.TrimSpace(cells.Eq(1).Text()); got != groupDigits(r.Count) {
			t.Errorf("%s row %s: count %q; want %s", what, r.Key, got, groupDigits(r.Count))
		}
		if got, _ := cells.Eq(2).Find("data").Attr("value"); got != string(r.Probability) {
			t.Errorf("%s row %s: probability %q; want %q", what, r.Key, got, r.Probability)
		}
		if r.Return != nil {
			p, _ := new(big.Rat).SetString(string(r.Probability))
			ret, _ := new(big.Rat).SetString(string(*r.Return))
			if got, _ := cells.Eq(3).Find("data").Attr("value"); got != string(edge.RatNum(p.Add(p, ret))) {
				t.Errorf("%s row %s: return %q; want probability + what it pays, %s", what, r.Key, got, edge.RatNum(p))
			}
		}
	})
}

// outer is sel's HTML, for failure messages.
func outer(sel *goquery.Selection) string {
	h, _ := goquery.OuterHtml(sel)
	return h
}

func groupDigits(n int64) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// TestPayTables_KnownFigures holds the page to figures published in
// docs/math.md (and, for UTH Trips 50-40-30-8-6-5-3, the published 1.90%).
func TestPayTables_KnownFigures(t *testing.T) {
	plainRunOnly(t)
	t.Parallel()
	k := newKiosk(t)
	c := k.staffClient(t, "Max Manager", managerPassword)
	for _, tt := range []struct{ game, table, want string }{
		{"uth", "table-50-40-30-8-6-5-3", "0.019040493163"},
		{"uth", "table-50-40-20-7-6-5-3", "0.0618082385591"},
		{"lunar", "table-A", "0.0276618339644"},
	} {
		resp := c.Get(payTablesPath + "?game=" + tt.game)
		id := "figures-" + map[string]string{"uth": "trips", "lunar": "super"}[tt.game]
		figs := settle(t, c, resp.Doc.Find(`[data-testid="`+id+`"]`), id)
		got, _ := figs.Find(`[data-testid="` + tt.table + `"] [data-testid="house-edge"]`).Attr("value")
		if got != tt.want {
			t.Errorf("%s %s: house edge %q; want %q", tt.game, tt.table, got, tt.want)
		}
	}
}

// expectedEdge prices pt with row at o from edge's exact counts of the
// table as it is, with the test's own arithmetic: the chance of losing less
// the odds-weighted chance of every paying row.
func expectedEdge(t *testing.T, w edge.Wager, pt games.PayTable, row string, o games.Odds) (changed, orig *big.Rat) {
	t.Helper()
	h, _ := shippedBook().House(rulebook.DefaultHouse)
	res, err := calc.Compute(t.Context(), edge.Query{Wager: w, House: h, Table: &pt}, nil)
	if err != nil {
		t.Fatal(err)
	}
	changed, orig = new(big.Rat), new(big.Rat)
	for _, r := range res.Rows {
		p := big.NewRat(r.Count, res.Combinations)
		switch r.Pays {
		case "lose":
			changed.Add(changed, p)
			orig.Add(orig, p)
			continue
		case "push", "none":
			continue
		}
		was, err := games.ParseOdds(r.Pays)
		if err != nil {
			t.Fatalf("row %s pays %q: %v", r.Key, r.Pays, err)
		}
		now := was
		if r.Key == row {
			now = o
		}
		orig.Sub(orig, new(big.Rat).Mul(p, big.NewRat(was.Win, was.Per)))
		changed.Sub(changed, new(big.Rat).Mul(p, big.NewRat(now.Win, now.Per)))
	}
	return changed, orig
}

func TestPayTables_WhatIfExact(t *testing.T) {
	plainRunOnly(t)
	t.Parallel()
	k := newKiosk(t)
	c := k.staffClient(t, "Max Manager", managerPassword)
	h, _ := shippedBook().House(rulebook.DefaultHouse)
	for _, tt := range []struct{ game, wager, table, row, odds string }{
		{"uth", "trips", "50-40-30-8-6-5-3", "flush", "7:1"},
		{"uth", "trips", "50-40-20-7-6-5-3", "four_of_a_kind", "40:1"},
		{"thrill", "kings_or_better", "standard", "pair_of_kings", "1:1"},
		{"thrill", "special", "standard", "five_aces", "5,000:1"},
		{"lunar", "super", "B", "ace_king_queen", "6:1"},
	} {
		what := fmt.Sprintf("%s %s %s %s %s", tt.game, tt.wager, tt.table, tt.row, tt.odds)
		resp := c.Get(whatIfPath(url.Values{"game": {tt.game}, "wager": {tt.wager}, "table": {tt.table}, "row": {tt.row}, "odds": {tt.odds}}))
		wantStatus(t, what, resp, http.StatusOK)
		w, _ := edge.FindWager(tt.game, tt.wager)
		pt, _ := edge.FindTable(shippedBook(), h, w, tt.table)
		o, _ := games.ParseOdds(tt.odds)
		changed, orig := expectedEdge(t, w, pt, tt.row, o)
		res := settle(t, c, resp.Doc.Find(`[data-testid="whatif-result"]`), "whatif-result")
		if got, _ := res.Find(`[data-testid="changed"] [data-testid="house-edge"]`).Attr("value"); got != string(edge.RatNum(changed)) {
			t.Errorf("%s: changed house edge %q; want %q", what, got, edge.RatNum(changed))
		}
		if got, _ := res.Find(`[data-testid="original"] [data-testid="house-edge"]`).Attr("value"); got != string(edge.RatNum(orig)) {
			t.Errorf("%s: original house edge %q; want %q", what, got, edge.RatNum(orig))
		}
		diff := new(big.Rat).Sub(changed, orig)
		if got, _ := res.Find(`[data-testid="difference"] data`).Attr("value"); got != string(edge.RatNum(diff)) {
			t.Errorf("%s: difference %q; want %q", what, got, edge.RatNum(diff))
		}
		if got := res.Find(`[data-testid="changed"] tr.is-changed`).Length(); got != 1 {
			t.Errorf("%s: %d rows marked changed; want 1", what, got)
		}
	}
	// Instant Cash has no edge of its own: the what-if compares its return.
	resp := c.Get(whatIfPath(url.Values{"game": {"lunar"}, "wager": {"instant"}, "table": {"C"}, "row": {"royal_flush"}, "odds": {"2000:1"}}))
	wantStatus(t, "instant what-if", resp, http.StatusOK)
	res := settle(t, c, resp.Doc.Find(`[data-testid="whatif-result"]`), "whatif-result")
	// A royal flush (4 of 2,598,960 hands) paying 2,000:1 instead of 1,000:1 adds 4×1000/2598960.
	want := edge.RatNum(big.NewRat(4*1000, 2598960))
	if got, _ := res.Find(`[data-testid="difference"] data`).Attr("value"); got != string(want) {
		t.Errorf("instant what-if: return changes by %q; want %q", got, want)
	}
	if got := squash(res.Find(`[data-testid="difference"]`).Text()); !strings.HasPrefix(got, "Change in what it pays on average: +0.154 percentage points") {
		t.Errorf("instant what-if: %q does not say it is what it pays", got)
	}
}

func TestPayTables_WhatIfRefused(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	c := k.staffClient(t, "Max Manager", managerPassword)
	good := url.Values{"game": {"uth"}, "wager": {"trips"}, "table": {"50-40-30-8-6-5-3"}, "row": {"flush"}, "odds": {"7:1"}}
	with := func(k, v string) url.Values {
		q := url.Values{}
		for key, val := range good {
			q[key] = val
		}
		q.Set(k, v)
		return q
	}
	tests := []struct {
		name  string
		q     url.Values
		field string
		msg   string
	}{
		{"bad odds", with("odds", "3/2"), "odds", `"3/2" is not odds like 3:2.`},
		{"odds of nothing", with("odds", "3:0"), "odds", `"3:0" is not odds like 3:2.`},
		{"no odds", with("odds", ""), "odds", "Enter the new odds, like 7:1."},
		{"unknown table", with("table", "Z"), "table", `There is no trips table "Z" (tables: 50-40-20-7-6-5-3, 50-40-30-8-6-5-3, 50-40-30-8-7-4-3, 50-40-30-9-7-4-3).`},
		{"unknown row", with("row", "five_aces"), "row",
			`Table 50-40-30-8-6-5-3 has no row "five_aces" (rows: royal flush, straight flush, four of a kind, full house, flush, straight, three of a kind).`},
		{"the Blind", url.Values{"game": {"uth"}, "wager": {"blind"}, "table": {"straight-pays"}, "row": {"flush"}, "odds": {"2:1"}}, "wager", ""},
		{"rounds not offered", url.Values{"game": {"uth"}, "wager": {"main"}, "table": {"straight-pays"}, "row": {"flush"}, "odds": {"2:1"}, "rounds": {"5"}},
			"rounds", `Choose 1,000,000 or 10,000,000 rounds, not "5".`},
	}
	for _, htmx := range []bool{false, true} {
		c.Header.Del("HX-Request")
		if htmx {
			c.Header.Set("HX-Request", "true")
		}
		for _, tt := range tests {
			what := fmt.Sprintf("%s (htmx %v)", tt.name, htmx)
			resp := c.Get(whatIfPath(tt.q))
			wantStatus(t, what, resp, http.StatusUnprocessableEntity)
			if isFragment(resp.Body) != htmx {
				t.Errorf("%s: fragment %v; want %v", what, isFragment(resp.Body), htmx)
			}
			if resp.Has(`[data-testid="whatif-result"]`) {
				t.Errorf("%s: something was computed", what)
			}
			summary := resp.TestID("form-problem")
			if !strings.Contains(summary, tt.field+": "+tt.msg) {
				t.Errorf("%s: summary %q does not name field %s with %q", what, summary, tt.field, tt.msg)
			}
			if tt.field != "wager" {
				wantFieldError(t, what, resp, tt.field, tt.msg)
			}
		}
	}
}

// TestPayTables_SimulationRefused: a simulation length the page does not
// offer is 422 with the card saying so; a table or wager it never offers is
// 404. Nothing is simulated.
func TestPayTables_SimulationRefused(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	c := k.staffClient(t, "Max Manager", managerPassword)
	resp := c.Get("/tools/paytables/simulation?game=uth&wager=main&table=straight-pays&rounds=5")
	wantStatus(t, "rounds 5", resp, http.StatusUnprocessableEntity)
	card := resp.Doc.Find(`[data-testid="sim-straight-pays"]`)
	if got := squash(card.Find(`[data-testid="figure-problem"]`).Text()); got != `rounds: Choose 1,000,000 or 10,000,000 rounds, not "5".` {
		t.Errorf("rounds 5: card says %q", got)
	}
	if card.Find(`[data-testid="progress"]`).Length()+card.Find(`[data-testid="house-edge"]`).Length() != 0 {
		t.Error("rounds 5: something was simulated")
	}
	for _, p := range []string{
		"/tools/paytables/simulation?game=uth&wager=main&table=Z&rounds=1000000",
		"/tools/paytables/simulation?game=uth&wager=trips&table=50-40-30-8-6-5-3&rounds=1000000",
		"/tools/paytables/simulation?game=dice&wager=main&table=A&rounds=1000000",
		"/tools/paytables/whatif?game=uth&wager=dice&table=A&row=flush&odds=1:1",
	} {
		wantStatus(t, p, c.Get(p), http.StatusNotFound)
	}
}

// TestPayTables_Fragments checks what htmx gets and what a browser without
// JavaScript gets for the same addresses.
func TestPayTables_Fragments(t *testing.T) {
	plainRunOnly(t)
	t.Parallel()
	k := newKiosk(t)
	plain := k.staffClient(t, "Max Manager", managerPassword)
	hx := k.staffClient(t, "Max Manager", managerPassword)
	hx.Header.Set("HX-Request", "true")
	q := url.Values{"game": {"uth"}, "wager": {"trips"}, "table": {"50-40-30-8-6-5-3"}, "row": {"flush"}, "odds": {"7:1"}}
	for _, tt := range []struct {
		name, path, root string
	}{
		{"what-if", whatIfPath(q), "pt-trips-whatif"},
		{"what-if poll", whatIfPath(q) + "&poll=1", "pt-trips-whatif-result"},
		{"a wager's figures", payTablesPath + "?game=uth&wager=trips&poll=1", "pt-trips-figures"},
		{"simulation", "/tools/paytables/simulation?game=thrill&wager=main&table=standard&rounds=1000000", "pt-main-sim-standard"},
	} {
		resp := hx.Get(tt.path)
		wantStatus(t, "htmx "+tt.name, resp, http.StatusOK)
		if !isFragment(resp.Body) {
			t.Errorf("htmx %s: a whole page; want a fragment", tt.name)
		}
		if id, _ := resp.Doc.Find("body > *").First().Attr("id"); id != tt.root {
			t.Errorf("htmx %s: fragment root %q; want %q", tt.name, id, tt.root)
		}
		if got := resp.Header.Values("Vary"); !contains(got, "HX-Request") {
			t.Errorf("htmx %s: Vary = %q", tt.name, got)
		}
		resp = plain.Get(tt.path)
		wantStatus(t, "plain "+tt.name, resp, http.StatusOK)
		if isFragment(resp.Body) || !resp.Has(`[data-testid="paytables-page"] #`+tt.root) {
			t.Errorf("plain %s: want the whole page with #%s in it", tt.name, tt.root)
		}
	}
	// Without JavaScript the what-if form is a plain GET form.
	resp := plain.Get(payTablesPath + "?game=uth")
	form := resp.Doc.Find(`#pt-trips-whatif form`)
	if m, _ := form.Attr("method"); m != "get" || form.AttrOr("action", "") != "/tools/paytables/whatif#pt-trips-whatif" {
		t.Errorf("what-if form: method %q action %q", m, form.AttrOr("action", ""))
	}
}

// TestPayTables_ProgressAndPolling opens pages on a fresh server that does
// not wait for figures: the exact counts and a simulation show a progress
// bar that htmx polls (and a plain refresh) until their figures are ready,
// and a figure once computed is served from the cache.
func TestPayTables_ProgressAndPolling(t *testing.T) {
	t.Parallel()
	k := newKioskWith(t, noWait)
	c := k.staffClient(t, "Max Manager", managerPassword)
	resp := c.Get(payTablesPath + "?game=thrill")
	wantStatus(t, "thrill page", resp, http.StatusOK)
	box := resp.Doc.Find(`[data-testid="figures-special"]`)
	poll, _ := box.Attr("hx-get")
	if box.Find(`[data-testid="progress"] progress`).Length() != 1 || poll == "" || box.AttrOr("hx-trigger", "") != "load delay:500ms" {
		t.Fatalf("the first count shows no polled progress bar:\n%s", outer(box))
	}
	if href := box.Find(`[data-testid="refresh"]`).AttrOr("href", ""); href != "/tools/paytables?game=thrill#pt-special" {
		t.Errorf("refresh link %q", href)
	}
	// (The parser reads <noscript> as text, as a browser with scripts does.)
	if !strings.Contains(resp.Body, `<noscript><meta http-equiv="refresh" content="2"></noscript>`) {
		t.Error("a page waiting for a figure does not reload itself without JavaScript")
	}
	// Every wager's figures on the page, each polled until it is counted
	// (the Special is checked; the others may finish later on a busy
	// machine, and the page must then hold no progress at all).
	others := map[string]string{}
	resp.Doc.Find(`[data-testid^="figures-"][hx-get]`).Each(func(_ int, el *goquery.Selection) {
		if id := el.AttrOr("data-testid", ""); id != "figures-special" {
			others[id] = el.AttrOr("hx-get", "")
		}
	})
	c.Header.Set("HX-Request", "true")
	frag := pollUntilDone(t, c, poll, "figures-special")
	if frag.Find(`[data-testid="table-standard"] [data-testid="house-edge"]`).Length() != 1 {
		t.Errorf("after the count: no figures\n%s", outer(frag))
	}
	for id, path := range others {
		pollUntilDone(t, c, path, id)
	}
	c.Header.Del("HX-Request")
	if resp := c.Get(payTablesPath + "?game=thrill"); resp.Has(`[data-testid="progress"]`) || strings.Contains(resp.Body, `http-equiv="refresh"`) {
		t.Error("the counted page still shows a progress bar or reloads itself")
	}

	// A simulation: asked for, polled, then cached.
	sim := "/tools/paytables/simulation?game=lunar&wager=main&table=standard&rounds=100000"
	c.Header.Set("HX-Request", "true")
	resp = c.Get(sim)
	card := resp.Doc.Find(`[data-testid="sim-standard"]`)
	poll, _ = card.Attr("hx-get")
	if card.Find(`[data-testid="progress"] progress`).Length() != 1 || !strings.Contains(poll, "poll=1") {
		t.Fatalf("a new simulation shows no polled progress bar:\n%s", resp.Body)
	}
	card = pollUntilDone(t, c, poll, "sim-standard")
	edgeText, _ := card.Find(`[data-testid="house-edge"]`).Attr("value")
	if edgeText == "" || card.Find(`[data-testid="house-edge-stderr"]`).Length() != 1 {
		t.Fatalf("the simulation's card has no house edge with its standard error:\n%s", outer(card))
	}
	if got := strings.Join(strings.Fields(card.Find(`[data-testid="figure-method"]`).Text()), " "); !strings.HasPrefix(got, "Simulated: 100,000 rounds, players following the simple strategy.") {
		t.Errorf("method line %q", got)
	}
	if card.Find(`[data-testid="command"]`).Length() != 0 {
		t.Error("the card shows a command line")
	}
	// The same figure again comes from the cache: at once, the same digits.
	start := time.Now()
	again := c.Get(sim).Doc.Find(`[data-testid="sim-standard"]`)
	if v, _ := again.Find(`[data-testid="house-edge"]`).Attr("value"); v != edgeText || again.Find(`[data-testid="progress"]`).Length() != 0 {
		t.Errorf("asked again: house edge %q, progress %d; want %q from the cache", v, again.Find(`[data-testid="progress"]`).Length(), edgeText)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("a cached simulation took %s to serve", d)
	}
	// And the page shows it without being asked.
	c.Header.Del("HX-Request")
	if v, _ := c.Get(payTablesPath + "?game=lunar").Doc.Find(`[data-testid="sim-standard"] [data-testid="house-edge"]`).Attr("value"); v != edgeText {
		t.Errorf("the page shows the simulated house edge %q; want the cached %q", v, edgeText)
	}
}

// settle returns el (testid) once computed: as it is, or polled at its
// hx-get address until its figures are ready.
func settle(t *testing.T, c *servertest.Client, el *goquery.Selection, testid string) *goquery.Selection {
	t.Helper()
	if poll, ok := el.Attr("hx-get"); ok {
		return pollUntilDone(t, c, poll, testid)
	}
	return el
}

// pollUntilDone asks for path as htmx does until the element testid no
// longer polls, and returns it.
func pollUntilDone(t *testing.T, c *servertest.Client, path, testid string) *goquery.Selection {
	t.Helper()
	deadline := time.Now().Add(3 * time.Minute)
	for polls := 1; ; polls++ {
		resp := c.Get(path)
		wantStatus(t, "poll "+path, resp, http.StatusOK)
		el := resp.Doc.Find(`[data-testid="` + testid + `"]`)
		if el.Length() != 1 {
			t.Fatalf("poll %d of %s: no %s in\n%s", polls, path, testid, resp.Body)
		}
		if _, polling := el.Attr("hx-get"); !polling {
			if el.Find(`[data-testid="progress"]`).Length() != 0 {
				t.Fatalf("poll %d: a progress bar that is not polled", polls)
			}
			return el
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: still computing after %d polls", path, polls)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// TestPayTables_CloseStopsSimulations stops the server while a long
// simulation of a million rounds runs: Close cancels it, and the card says
// the computation was stopped rather than showing its figures.
func TestPayTables_CloseStopsSimulations(t *testing.T) {
	t.Parallel()
	k := newKioskWith(t, noWait)
	c := k.staffClient(t, "Max Manager", managerPassword)
	c.Header.Set("HX-Request", "true")
	sim := "/tools/paytables/simulation?game=oracle&wager=main&table=Regular&rounds=1000000"
	if resp := c.Get(sim); !resp.Has(`[data-testid="sim-Regular"] [data-testid="progress"]`) {
		t.Fatalf("the simulation is not under way:\n%s", resp.Body)
	}
	// Close returns once the simulation has stopped; that it was stopped,
	// not finished, the card says. (How long Close takes is logged, not
	// bounded: on a loaded machine a bound fails for the wrong reason.)
	start := time.Now()
	k.Server.Close()
	t.Logf("Close took %s with a simulation running", time.Since(start))
	resp := c.Get(sim + "&poll=1")
	if got := resp.TestID("figure-problem"); got != "The computation was stopped: the kiosk is shutting down." {
		t.Errorf("after Close the card says %q", got)
	}
}

// TestPayTables_ManagersWords: outside "Exact figures" (where the command
// line is), no page of the pay tables shows a setting key, a command-line
// flag or a seed (issue 15); and every table shows its return to player
// beside its house edge.
func TestPayTables_ManagersWords(t *testing.T) {
	plainRunOnly(t)
	t.Parallel()
	k := newKiosk(t)
	c := k.staffClient(t, "Max Manager", managerPassword)
	for _, game := range rulebook.GameSlugs {
		resp := c.Get(payTablesPath + "?game=" + game)
		wantStatus(t, game, resp, http.StatusOK)
		main := resp.Doc.Find("main").Clone()
		// The counted figures, once the count is done (polled as htmx does).
		exact := false
		for _, w := range edge.Wagers(game) {
			if w.Method == edge.Exact {
				exact = true
				figs := settle(t, c, main.Find(`[data-testid="figures-`+w.Name+`"]`), "figures-"+w.Name)
				main.Find(`[data-testid="figures-` + w.Name + `"]`).ReplaceWithSelection(figs.Clone())
			}
		}
		main.Find("details, script, [hidden]").Remove()
		text := squash(main.Text())
		if exact && !strings.Contains(text, "Return to player") {
			t.Errorf("%s: no return to player on the page", game)
		}
		for _, bad := range []string{"_", "--", "seed", "Seed", " PA ", "Pa. Code", "RULES.md", "SETTLE.md"} {
			if strings.Contains(text, bad) {
				i := strings.Index(text, bad)
				t.Errorf("%s: the page shows %q: …%s…", game, bad, text[max(0, i-60):min(len(text), i+60)])
			}
		}
		resp.Doc.Find(`[data-testid^="table-"]`).Each(func(_ int, card *goquery.Selection) {
			if card.Find(`[data-testid="house-edge"]`).Length() == 1 && card.Find(`[data-testid="return"]`).Length() != 1 {
				id, _ := card.Attr("data-testid")
				t.Errorf("%s %s: a house edge without the return to player beside it", game, id)
			}
		})
	}
}
