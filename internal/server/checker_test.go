package server_test

import (
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/dealerkiosk/trainer/internal/server/servertest"
	"github.com/dealerkiosk/trainer/web/view"
)

const checkerPath = "/tools/hand-checker"

// uthRoyal is SETTLE.md's example round: box 1 makes a royal flush with the
// board, so the Blind pays 500:1.
func uthRoyal() url.Values {
	return url.Values{
		"game": {"uth"}, "house": {"default"}, "boxes": {"1"},
		"dealer": {"Qh Qc"}, "board": {"As Ks Qs Js 9h"},
		"b0.cards": {"Ts 2d"}, "b0.ante": {"10"}, "b0.blind": {"10"}, "b0.play": {"4"}, "b0.trips": {"5"},
		"op": {"settle"},
	}
}

func TestHandChecker_Roles(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	wantRedirect(t, "signed out GET", k.Client().Get(checkerPath), "/signin")
	wantRedirect(t, "signed out POST", k.Client().PostForm(checkerPath, uthRoyal()), "/signin")
	trainee := k.traineeClient(t)
	wantStatus(t, "trainee GET", trainee.Get(checkerPath), http.StatusForbidden)
	wantStatus(t, "trainee POST", trainee.PostForm(checkerPath, uthRoyal()), http.StatusForbidden)
	for _, who := range []struct{ name, password string }{{"Max Manager", managerPassword}, {"Ada Admin", adminPassword}} {
		resp := k.staffClient(t, who.name, who.password).Get(checkerPath)
		wantStatus(t, who.name+" GET", resp, http.StatusOK)
		if !resp.Has(`[data-testid="hand-checker"]`) {
			t.Errorf("%s: no hand checker on the page", who.name)
		}
	}
}

func TestHandChecker_SettlesWithReasons(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	c := k.staffClient(t, "Max Manager", managerPassword)
	resp := c.PostForm(checkerPath, uthRoyal())
	wantStatus(t, "settle the royal flush", resp, http.StatusOK)
	if !strings.Contains(strings.ToLower(resp.Body), "<html") {
		t.Error("a plain POST got a fragment; want the whole page")
	}
	if got := resp.Header.Values("Vary"); !contains(got, "HX-Request") {
		t.Errorf("Vary = %q; want HX-Request", got)
	}
	// The Content Security Policy would block any inline script or style.
	if resp.Has("script:not([src])") || resp.Has("style") || resp.Has("[style]") {
		t.Error("the settled hand checker has an inline script or style")
	}
	reasons := resp.TestID("wager-reason")
	for _, want := range []string{
		"Blind pays 500:1: the player won with a royal flush",
		"Trips pays 50:1 on a royal flush, whatever the dealer holds",
		"Ante pays 1:1",
	} {
		if !strings.Contains(reasons, want) {
			t.Errorf("reasons %q lack %q", reasons, want)
		}
	}
	if rows := resp.TestID("wager-row"); !strings.Contains(rows, "At this house the Blind pays 500 to 1 for a royal flush.") {
		t.Errorf("pay-table rows %q lack the Blind's royal flush row", rows)
	}
	if got := resp.TestID("box-net"); got != "+5,300" {
		t.Errorf("net = %q; want +5,300", got)
	}
	if got := resp.Text(`[data-testid="result-dealer"] h3`); got != "Dealer: Three of a kind, queens, ace kicker" {
		t.Errorf("dealer = %q", got)
	}
	// The table is drawn with the stakes as chips and the results on the spots.
	if got := resp.Text(`[data-testid="spot-blind"] .spot-result`); got != "Wins +5,000" {
		t.Errorf("Blind spot says %q; want Wins +5,000", got)
	}
	if n := resp.Doc.Find(`[data-testid="table"] svg[role="img"][aria-label="ten of spades"]`).Length(); n != 1 {
		t.Errorf("the table draws the ten of spades %d times; want 1", n)
	}
	// The form the page comes back with holds the round as settled: read
	// back as the kiosk reads a posted form, the Play is 4× the Ante.
	round := view.ReadChecker(formOf(t, resp), k.Book, "default").Round()
	if round.Game != "uth" || round.House != "default" || len(round.Boxes) != 1 {
		t.Fatalf("the page's round = %+v", round)
	}
	if w := round.Boxes[0].Wagers; w["play"] != "40" || w["blind"] != "10" {
		t.Errorf("the page's wagers = %v; want play 40 (4× the Ante) and blind 10", w)
	}
	// No plumbing: the round is not written out as JSON on the page.
	if resp.Has(`textarea[readonly]`) || strings.Contains(resp.Text("main"), `{"game"`) {
		t.Error("the hand checker still shows the round written out as JSON")
	}
}

func TestHandChecker_RefusedRoundMarksTheField(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	c := k.staffClient(t, "Max Manager", managerPassword)
	tests := []struct {
		name    string
		change  url.Values
		control string // the name of the control marked invalid
		msg     string // beside the control
		problem string // at the top of the form
	}{
		{"duplicate card", url.Values{"boxes": {"2"}, "b1.cards": {"Qh 3c"}, "b1.ante": {"5"}, "b1.blind": {"5"}, "b1.play": {"1"}},
			"b1.cards", "Q♥ is entered twice: a deck has one.",
			"Box 2: Q♥ is entered twice: a deck has one. Take it out of the box, or out of the other place."},
		{"blind not the ante", url.Values{"b0.blind": {"15"}}, "b0.blind", "The Blind must equal the Ante (10).",
			"Box 1: the Blind must equal the Ante (10). Make the Blind 10, or change the Ante."},
		{"fold with a play bet", url.Values{"b0.fold": {"1"}}, "b0.play", "A box that folded has no Play bet.",
			"Box 1: a box that folded has no Play bet. Choose “No Play bet”, or untick Fold."},
		{"short board", url.Values{"board": {"As Ks Qs Js"}}, "board", "The board needs 5 cards and has 4.",
			"The board needs 5 cards and has 4. Tap a card to add it, or tap one of its cards to take it back."},
		{"not a stake", url.Values{"b0.trips": {"five"}}, "b0.trips", "“five” is not an amount.",
			"Box 1: “five” is not an amount. Write the Trips in figures, such as 25 or 12.50."},
	}
	for _, tt := range tests {
		form := uthRoyal()
		for k, v := range tt.change {
			form[k] = v
		}
		resp := c.PostForm(checkerPath, form)
		wantStatus(t, tt.name, resp, http.StatusUnprocessableEntity)
		ctl := resp.Doc.Find(`[name="` + tt.control + `"]`)
		if v, _ := ctl.Attr("aria-invalid"); v != "true" {
			t.Errorf("%s: control %s aria-invalid = %q; want true", tt.name, tt.control, v)
		}
		id, _ := ctl.Attr("aria-describedby")
		if got := strings.TrimSpace(resp.Doc.Find("#" + id).Text()); got != tt.msg {
			t.Errorf("%s: message on %s = %q; want %q", tt.name, tt.control, got, tt.msg)
		}
		// The problem at the top names the box as the form does.
		want := tt.problem
		if got := resp.Text(`[data-testid="checker-problem"] p:last-child`); got != want {
			t.Errorf("%s: problem %q; want %q", tt.name, got, want)
		}
		if resp.Has(`[data-testid="result"]`) {
			t.Errorf("%s: a refused round shows a settlement", tt.name)
		}
		// What was entered is kept.
		if v, _ := resp.Doc.Find(`[name="dealer"]`).Attr("value"); v != "Qh Qc" {
			t.Errorf("%s: dealer kept as %q", tt.name, v)
		}
	}
}

func TestHandChecker_HTMXFragment(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	c := k.staffClient(t, "Max Manager", managerPassword)
	c.Header.Set("HX-Request", "true")
	for _, tt := range []struct {
		name   string
		form   url.Values
		status int
	}{
		{"settle", uthRoyal(), http.StatusOK},
		{"pick", url.Values{"game": {"uth"}, "boxes": {"1"}, "op": {"pick:Ah"}}, http.StatusOK},
		{"refused", func() url.Values { f := uthRoyal(); f.Set("b0.blind", "1"); return f }(), http.StatusUnprocessableEntity},
	} {
		resp := c.PostForm(checkerPath, tt.form)
		wantStatus(t, "htmx "+tt.name, resp, tt.status)
		if !isFragment(resp.Body) {
			t.Errorf("htmx %s: got a whole page; want the form fragment", tt.name)
		}
		if got := resp.Header.Values("Vary"); !contains(got, "HX-Request") {
			t.Errorf("htmx %s: Vary = %q; want HX-Request", tt.name, got)
		}
		if id, _ := resp.Doc.Find("form").First().Attr("id"); id != "hand-checker" {
			t.Errorf("htmx %s: fragment root id %q; want hand-checker", tt.name, id)
		}
	}
}

func TestHandChecker_CrossOriginRefused(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	c := k.staffClient(t, "Max Manager", managerPassword)
	form := uthRoyal()
	req := c.NewRequest(http.MethodPost, checkerPath, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Sec-Fetch-Site", "cross-site")
	req.Header.Set("Origin", "https://evil.example")
	resp := c.Do(req)
	wantStatus(t, "cross-origin POST", resp, http.StatusForbidden)
	if resp.Has(`[data-testid="result"]`) {
		t.Error("a cross-origin POST was settled")
	}
}

// TestHandChecker_PickingCards taps cards in as a browser without
// JavaScript does: each tap posts the form and the picked cards come back
// in it.
func TestHandChecker_PickingCards(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	c := k.staffClient(t, "Max Manager", managerPassword)
	resp := c.Get(checkerPath + "?game=uth")
	wantStatus(t, "open", resp, http.StatusOK)
	if got := resp.TestID("picker-target"); got != "Dealer" {
		t.Fatalf("the picker starts on %q; want Dealer", got)
	}
	if n := resp.Doc.Find(`[data-testid="picker"] button[data-testid^="pick-"]`).Length(); n != 52 {
		t.Errorf("UTH picker has %d cards; want 52", n)
	}
	// Tap cards one after the other, posting back what the page holds.
	for _, code := range []string{"Qh", "Qc", "As", "Ks", "Qs", "Js", "9h", "Ts", "2d"} {
		form := formOf(t, resp)
		form.Set("op", "pick:"+code)
		resp = c.PostForm(checkerPath, form)
		wantStatus(t, "pick "+code, resp, http.StatusOK)
		if !resp.Has(`button[data-testid="pick-` + code + `"][disabled]`) {
			t.Errorf("after picking %s the picker still offers it", code)
		}
	}
	for name, want := range map[string]string{"dealer": "Qh Qc", "board": "As Ks Qs Js 9h", "b0.cards": "Ts 2d"} {
		if v, _ := resp.Doc.Find(`[name="` + name + `"]`).Attr("value"); v != want {
			t.Errorf("%s holds %q; want %q", name, v, want)
		}
	}
	// A card already in the round is refused with a word, not placed twice.
	form := formOf(t, resp)
	form.Set("op", "pick:Qh")
	resp = c.PostForm(checkerPath, form)
	if got := resp.TestID("notice"); got != "The queen of hearts is already in the round." {
		t.Errorf("picking a used card: notice %q", got)
	}
	// Taking a card back empties its place and points the picker there.
	form = formOf(t, resp)
	form.Set("op", "remove:board:1")
	resp = c.PostForm(checkerPath, form)
	if v, _ := resp.Doc.Find(`[name="board"]`).Attr("value"); v != "As Qs Js 9h" {
		t.Errorf("board after taking back the Ks: %q", v)
	}
	if got := resp.TestID("picker-target"); got != "Board" {
		t.Errorf("after taking a card back the picker is on %q; want Board", got)
	}
	// Boxes come and go.
	form = formOf(t, resp)
	form.Set("op", "addbox")
	resp = c.PostForm(checkerPath, form)
	if n := resp.Doc.Find(`[data-testid^="box-"]`).Length(); n != 2 {
		t.Errorf("after adding a box: %d boxes", n)
	}
	if got := resp.TestID("picker-target"); got != "Box 2" {
		t.Errorf("a new box puts the picker on %q; want Box 2", got)
	}
	form = formOf(t, resp)
	form.Set("op", "removebox:0")
	resp = c.PostForm(checkerPath, form)
	if n := resp.Doc.Find(`[data-testid^="box-"]`).Length(); n != 1 {
		t.Errorf("after removing a box: %d boxes", n)
	}
}

func TestHandChecker_Lunar(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	c := k.staffClient(t, "Max Manager", managerPassword)
	form := url.Values{
		"game": {"lunar"}, "boxes": {"2"}, "op": {"settle"},
		"dealer": {"2c 5d 8h Jc Ks"}, "dealer_draw": {"Kd"},
		"b0.cards": {"Ah Kh 7c 7d 3s"}, "b0.ante": {"10"}, "b0.super": {"10"}, "b0.bet": {"20"}, "b0.force": {"1"},
		"b0.ms.dealer": {"5"},
		"b1.cards":     {"9c 9d 4h 4s 2h"}, "b1.ante": {"10"}, "b1.super": {"10"}, "b1.bet": {"20"},
		"b1.draw": {"buy"}, "b1.buy": {"9s"},
	}
	resp := c.PostForm(checkerPath, form)
	wantStatus(t, "settle Lunar", resp, http.StatusOK)
	reasons := resp.TestID("wager-reason")
	for _, want := range []string{
		"Ante pushes: the player forced and the dealer still did not qualify",
		"Dealer Super loses",
		"Ante pays 1:1: the dealer did not qualify and the player took the Ante payout",
	} {
		if !strings.Contains(reasons, want) {
			t.Errorf("reasons %q lack %q", reasons, want)
		}
	}
	if got := resp.TestID("fee-line"); !strings.Contains(got, "Force fee") || !strings.Contains(got, "Draw fee") {
		t.Errorf("fees %q; want the force and the draw fees", got)
	}
	// A fee is the player's to pay, and says so.
	resp.Doc.Find(`[data-testid="fee-line"] .wl-result`).Each(func(_ int, s *goquery.Selection) {
		if !strings.HasPrefix(s.Text(), "The player pays ") {
			t.Errorf("fee line %q; want “The player pays …”", s.Text())
		}
	})
	if !resp.Has(`[data-testid="place-b1.buy"]`) {
		t.Error("box 2 bought a card but has no place for it")
	}
	// The force without the dealer's draw card is refused at dealer_draw.
	form.Set("dealer_draw", "")
	resp = c.PostForm(checkerPath, form)
	wantStatus(t, "force without a draw card", resp, http.StatusUnprocessableEntity)
	if v, _ := resp.Doc.Find(`[name="dealer_draw"]`).Attr("aria-invalid"); v != "true" {
		t.Error("dealer_draw not marked invalid")
	}
}

// TestHandChecker_LoadJSON: a round posted as one SETTLE.md line (op=load,
// linked from no page: a developer's door, e.g. to replay a dispute report's
// round) is settled and put in the form; a broken line says why.
func TestHandChecker_LoadJSON(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	c := k.staffClient(t, "Max Manager", managerPassword)
	line := `{"game":"oracle","dealer":["2c","3d"],"board":["Ah","Kh","9s","4c","7d"],` +
		`"boxes":[{"cards":["Qh","Jh"],"wagers":{"ante":10,"bet":20},"fourth_card":true}]}`
	resp := c.PostForm(checkerPath, url.Values{"game": {"uth"}, "op": {"load"}, "load": {line}})
	wantStatus(t, "load an Oracle round", resp, http.StatusOK)
	if !resp.Has(`[data-testid="result"]`) {
		t.Fatalf("no settlement after loading\n%s", resp.TestID("outcome"))
	}
	if !resp.Has(`a[data-testid="game-oracle"][aria-current="page"]`) {
		t.Error("loading an Oracle round did not switch the form to Texas Oracle")
	}
	if v, _ := resp.Doc.Find(`[name="b0.fourth_card"]`).Attr("checked"); v == "" && !resp.Has(`[name="b0.fourth_card"][checked]`) {
		t.Error("the 4th card bought was not loaded into the form")
	}
	resp = c.PostForm(checkerPath, url.Values{"game": {"uth"}, "op": {"load"}, "load": {`{"game":"uth",`}})
	wantStatus(t, "load broken JSON", resp, http.StatusUnprocessableEntity)
	if !strings.Contains(resp.TestID("checker-problem"), "the line ends too early") {
		t.Errorf("broken JSON: the reason shown is %q; want the reader's own", resp.TestID("checker-problem"))
	}
}

// formOf is what a browser would post from the page in resp: every named
// input, select and checked box of the hand checker's form.
func formOf(t *testing.T, resp *servertest.Response) url.Values {
	t.Helper()
	form := url.Values{}
	f := resp.Doc.Find(`form#hand-checker`)
	if f.Length() == 0 {
		t.Fatal("no hand checker form in the response")
	}
	f.Find("input[name], select[name], textarea[name]").Each(func(_ int, s *goquery.Selection) {
		name, _ := s.Attr("name")
		switch {
		case s.Is("select"):
			v, _ := s.Find("option[selected]").Attr("value")
			form.Add(name, v)
		case s.Is("textarea"):
			form.Add(name, s.Text())
		case s.Is(`[type="checkbox"]`):
			if _, on := s.Attr("checked"); on {
				v, _ := s.Attr("value")
				form.Add(name, v)
			}
		default:
			v, _ := s.Attr("value")
			form.Add(name, v)
		}
	})
	return form
}

// TestHandChecker_WagerNames: the checker's stake fields carry the names
// the practice screens ask about (issue 15): one name for each wager.
func TestHandChecker_WagerNames(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	c := k.staffClient(t, "Max Manager", managerPassword)
	for game, want := range map[string][]string{
		"thrill": {"Pair of Kings or Better", "3 of a Kind or Better", "Full House or Better"},
		"oracle": {"BET"},
	} {
		resp := c.Get(checkerPath + "?game=" + game)
		wantStatus(t, game, resp, http.StatusOK)
		var labels []string
		resp.Doc.Find(`label`).Each(func(_ int, s *goquery.Selection) { labels = append(labels, strings.TrimSpace(s.Text())) })
		for _, w := range want {
			if !slices.Contains(labels, w) {
				t.Errorf("%s: no field labelled %q among %q", game, w, labels)
			}
		}
	}
}
