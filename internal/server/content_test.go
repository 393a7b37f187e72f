package server_test

import (
	"fmt"
	"github.com/dealerkiosk/trainer/web/view"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/PuerkitoBio/goquery"
	rules "github.com/dealerkiosk/trainer/content/rules"
	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/server/servertest"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

const contentPath = "/tools/content"

func TestContent_Roles(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	paths := []string{contentPath, contentPath + "?game=oracle&level=2&seed_payout=7",
		"/tools/content/sample?game=uth&kind=payout&level=1&seed=7"}
	trainee := k.traineeClient(t)
	for _, p := range paths {
		wantRedirect(t, "signed out GET "+p, k.Client().Get(p), "/signin")
		resp := trainee.Get(p)
		wantStatus(t, "trainee GET "+p, resp, http.StatusForbidden)
		if resp.Has(`[data-testid="key-json"]`) || resp.Has(`[data-testid="sample-key"]`) {
			t.Errorf("trainee GET %s: a key is on the 403 page", p)
		}
	}
	// Nothing a trainee is shown links to the page.
	for _, p := range []string{"/trainee", "/progress", "/history", "/practice/new?game=uth"} {
		if resp := trainee.Get(p); resp.Has(`a[href^="/tools/"]`) {
			t.Errorf("trainee page %s links to a manager's tool", p)
		}
	}
	for _, who := range []struct{ name, password string }{{"Max Manager", managerPassword}, {"Ada Admin", adminPassword}} {
		resp := k.staffClient(t, who.name, who.password).Get(contentPath)
		wantStatus(t, who.name+" GET", resp, http.StatusOK)
		if !resp.Has(`[data-testid="content-page"]`) || !resp.Has(`nav a[href="/tools/content"][aria-current="page"]`) {
			t.Errorf("%s: no content page, or no current nav link to it", who.name)
		}
	}
	c := k.staffClient(t, "Max Manager", managerPassword)
	for _, tt := range []struct {
		path   string
		status int
	}{
		{contentPath + "?game=poker", http.StatusNotFound},
		{contentPath + "?level=9", http.StatusBadRequest},
		{contentPath + "?level=two", http.StatusBadRequest},
		{contentPath + "?seed_payout=-1", http.StatusBadRequest},
		{"/tools/content/sample?game=uth&kind=dice&seed=1", http.StatusNotFound},
		{"/tools/content/sample?game=uth&kind=payout&seed=x", http.StatusBadRequest},
	} {
		wantStatus(t, tt.path, c.Get(tt.path), tt.status)
	}
}

// TestContent_EverySituation finds every situation and sequence of the
// house, as the rulebook lists them, on the content pages with its ruling,
// its choices and its source.
func TestContent_EverySituation(t *testing.T) {
	t.Parallel()
	plainRunOnly(t)
	k := newKiosk(t)
	c := k.staffClient(t, "Max Manager", managerPassword)
	pages := map[string]*servertest.Response{}
	for _, g := range rulebook.GameSlugs {
		pages[g] = c.Get(contentPath + "?game=" + g)
		wantStatus(t, g, pages[g], http.StatusOK)
		if pages[g].Has("script:not([src])") || pages[g].Has("style") || pages[g].Has("[style]") {
			t.Errorf("%s: the page has an inline script or style", g)
		}
	}
	h, _ := shippedBook().House(rulebook.DefaultHouse)
	p := h.Procedures
	if len(p.Situations) < 40 || len(p.Sequences) < 4 {
		t.Fatalf("the rulebook lists %d situations and %d sequences; the test expects the shipped content", len(p.Situations), len(p.Sequences))
	}
	for _, s := range p.Situations {
		games := []string{s.Game}
		if s.Game == rulebook.CommonSlug {
			games = rulebook.GameSlugs // common situations are on every game's page
		}
		for _, g := range games {
			el := pages[g].Doc.Find(`[data-testid="situation-` + s.ID + `"]`)
			if el.Length() != 1 {
				t.Errorf("%s: situation %s shown %d times; want once", g, s.ID, el.Length())
				continue
			}
			if got, want := squash(el.Find(`[data-testid="ref"]`).Text()), "In the rule book: "+citedAs(h, g, s.Ref); got != want {
				t.Errorf("%s: ref %q; want %q", s.ID, got, want)
			}
			if got, want := squash(el.Find(`[data-testid="ruling"]`).Text()), "Ruling: "+unbrace(s.Ruling); got != want {
				t.Errorf("%s: ruling %q; want %q", s.ID, got, want)
			}
			right := el.Find(`[data-testid="ruling-choice"]`).Closest("li")
			if right.Length() != 1 || !strings.HasPrefix(squash(right.Text()), unbrace(s.Choices[s.Answer].Text)) {
				t.Errorf("%s: the choice marked as the ruling is %q; want %q", s.ID, squash(right.Text()), s.Choices[s.Answer].Text)
			}
			if n := el.Find(".situation-choices > li").Length(); n != len(s.Choices) {
				t.Errorf("%s: %d choices; want %d", s.ID, n, len(s.Choices))
			}
			if el.Find(`[data-testid="house-note"]`).Length() != 0 {
				t.Errorf("%s: a shipped ruling is marked as the house's own", s.ID)
			}
		}
	}
	for _, q := range p.Sequences {
		el := pages[q.Game].Doc.Find(`[data-testid="sequence-` + q.ID + `"]`)
		if el.Length() != 1 {
			t.Errorf("sequence %s shown %d times on its game's page; want once", q.ID, el.Length())
			continue
		}
		var steps []string
		el.Find("ol.steps li").Each(func(_ int, li *goquery.Selection) { steps = append(steps, squash(li.Text())) })
		if strings.Join(steps, "|") != strings.Join(q.Steps, "|") {
			t.Errorf("sequence %s: steps %q; want %q", q.ID, steps, q.Steps)
		}
	}
}

// squash collapses whitespace, as a reader sees text.
func squash(s string) string { return strings.Join(strings.Fields(s), " ") }

// unbrace is a text with its {placeholders} as the page writes them: the
// name alone, marked as a variable.
func unbrace(s string) string { return squash(strings.NewReplacer("{", "", "}", "").Replace(s)) }

// TestContent_SampleKeys checks every sample of every game at two levels
// and chosen seeds against the drill package: the prompt, the key (as
// `trainer drill` prints it), the choice marked, and the command.
func TestContent_SampleKeys(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	c := k.staffClient(t, "Max Manager", managerPassword)
	for _, game := range drills.GameSlugs() {
		for _, level := range []int{1, 3} {
			q := url.Values{"game": {game}, "level": {fmt.Sprint(level)}}
			seeds := map[string]uint64{}
			for i, kind := range drills.Kinds {
				seeds[kind] = uint64(17*i + level)
				q.Set("seed_"+kind, fmt.Sprint(seeds[kind]))
			}
			resp := c.Get(contentPath + "?" + q.Encode())
			wantStatus(t, game, resp, http.StatusOK)
			for _, kind := range drills.Kinds {
				checkSample(t, resp.Doc.Find(`[data-testid="sample-`+kind+`"]`), drills.Spec{Game: game, Kind: kind, Level: level, Seed: seeds[kind]})
			}
		}
	}
}

// checkSample holds one sample on the page to the drill of spec.
func checkSample(t *testing.T, el *goquery.Selection, spec drills.Spec) {
	t.Helper()
	what := fmt.Sprintf("%s %s level %d seed %d", spec.Game, spec.Kind, spec.Level, spec.Seed)
	if el.Length() != 1 {
		t.Errorf("%s: %d samples; want 1", what, el.Length())
		return
	}
	d, err := generator(t).Generate(rulebook.DefaultHouse, spec)
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	if got := el.AttrOr("data-seed", ""); got != fmt.Sprint(spec.Seed) {
		t.Errorf("%s: seed %q", what, got)
	}
	if got := squash(el.Find(`[data-testid="sample-prompt"]`).Text()); got != squash(d.Prompt) {
		t.Errorf("%s: prompt %q; want %q", what, got, d.Prompt)
	}
	if len(d.Choices) > 0 {
		marked := el.Find(`[data-testid="key-choice"]`).Closest("li")
		if marked.AttrOr("data-testid", "") != fmt.Sprintf("choice-%d", d.Key.Choice) || marked.Length() != 1 {
			t.Errorf("%s: the choice marked as the key is %q; want choice-%d", what, marked.AttrOr("data-testid", ""), d.Key.Choice)
		}
		if got := el.Find(`[data-testid="sample-choices"] > li`).Length(); got != len(d.Choices) {
			t.Errorf("%s: %d choices; want %d", what, got, len(d.Choices))
		}
	}
	if el.Find(`[data-testid="key-line"]`).Length() == 0 {
		t.Errorf("%s: the key is not written out", what)
	}
	if got := squash(el.Find(`[data-testid="explanation"]`).Text()); got != squash(d.Explanation) {
		t.Errorf("%s: explanation %q; want %q", what, got, d.Explanation)
	}
	wantName := "Another sample"
	if spec.Seed == view.DefaultSeed {
		wantName = "Sample 1"
	}
	if got := el.Find(`[data-testid="seed"]`).Text(); got != wantName {
		t.Errorf("%s: the sample is called %q; want %q", what, got, wantName)
	}
	if d.Round != nil && el.Find(`[data-testid="round-table"]`).Length() != 1 {
		t.Errorf("%s: the round is not drawn", what)
	}
}

// TestContent_AnotherSample follows "another sample" as a browser without
// JavaScript does (a link to the whole page) and as htmx does (the sample
// alone), and the level links.
func TestContent_AnotherSample(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	c := k.staffClient(t, "Max Manager", managerPassword)
	resp := c.Get(contentPath + "?game=lunar&level=2")
	another := resp.Doc.Find(`[data-testid="sample-ruling"] [data-testid="another"]`)
	href, hx := another.AttrOr("href", ""), another.AttrOr("hx-get", "")
	u, err := url.Parse(href)
	if err != nil || u.Path != contentPath || u.Fragment != "sample-ruling" {
		t.Fatalf("another sample links to %q", href)
	}
	seed := u.Query().Get("seed_ruling")
	if seed == "" || seed == "1" || !strings.Contains(hx, "seed="+seed) {
		t.Fatalf("another sample: href %q, hx-get %q; want a new seed in both", href, hx)
	}
	var n uint64
	fmt.Sscan(seed, &n)
	page := c.Get(href)
	wantStatus(t, "another sample, plain", page, http.StatusOK)
	if isFragment(page.Body) {
		t.Error("another sample without htmx: a fragment; want the page")
	}
	checkSample(t, page.Doc.Find(`[data-testid="sample-ruling"]`), drills.Spec{Game: "lunar", Kind: "ruling", Level: 2, Seed: n})
	checkSample(t, page.Doc.Find(`[data-testid="sample-payout"]`), drills.Spec{Game: "lunar", Kind: "payout", Level: 2, Seed: 1})

	c.Header.Set("HX-Request", "true")
	frag := c.Get(hx)
	wantStatus(t, "another sample, htmx", frag, http.StatusOK)
	if !isFragment(frag.Body) || frag.Doc.Find("body > *").First().AttrOr("id", "") != "sample-ruling" {
		t.Errorf("htmx another sample: want the sample alone\n%s", frag.Body)
	}
	checkSample(t, frag.Doc.Find(`[data-testid="sample-ruling"]`), drills.Spec{Game: "lunar", Kind: "ruling", Level: 2, Seed: n})
	c.Header.Del("HX-Request")

	level := resp.Doc.Find(`[data-testid="level-4"]`).AttrOr("href", "")
	page = c.Get(level)
	checkSample(t, page.Doc.Find(`[data-testid="sample-hand"]`), drills.Spec{Game: "lunar", Kind: "hand", Level: 4, Seed: 1})
	if page.Doc.Find(`[data-testid="level-4"][aria-current="page"]`).Length() != 1 {
		t.Error("level 4 is not marked current")
	}
}

// TestContent_HouseRulings runs the kiosk for a house that rewrites a
// shipped ruling, adds a situation of its own and changes a setting a
// shipped ruling depends on: the page says which rulings are the house's
// and lists the ruling it left unwritten.
func TestContent_HouseRulings(t *testing.T) {
	t.Parallel()
	plainRunOnly(t)
	files := fstest.MapFS{
		"houses/riviera/house.toml": {Data: []byte("name = \"riviera\"\n")},
		"houses/riviera/uth.toml":   {Data: []byte("fold_forfeits_trips = false\n")},
		"houses/riviera/procedures.toml": {Data: []byte(`
[[override]]
id     = "oracle.R10"
ref    = "Riviera procedures §4.2"
ruling = "Pay any shortfall; an overpayment stays with the player."
answer = 2
[[override.choices]]
text = "Take back the overpayment."
why  = "Riviera does not recover overpayments."
[[override.choices]]
text = "Pay any shortfall; leave an overpayment."
[[override.choices]]
text = "Leave every payment as it is."
why  = "A short payment is always corrected."

[[situation]]
id     = "oracle.riviera_tip"
title  = "A tip for the dealer"
prompt = "The player on box {box} puts a chip beside his Ante."
answer = 1
ruling = "Accept it as a toke and drop it in the box."
ref    = "Riviera procedures §9"
[[situation.choices]]
text = "Drop it in the toke box."
[[situation.choices]]
text = "Refuse it."
why  = "Riviera accepts tokes (§9)."
[[situation.choices]]
text = "Play it as a bet."
why  = "A toke is not a wager (§9)."
`)},
	}
	h := servertest.NewWithRules(t, rulebook.Overlay(files, rules.FS), "riviera")
	h.CreateUser("Max Manager", trainer.RoleManager, "", managerPassword)
	k := &kiosk{Harness: h}
	c := k.staffClient(t, "Max Manager", managerPassword)

	resp := c.Get(contentPath + "?game=oracle")
	wantStatus(t, "riviera oracle", resp, http.StatusOK)
	if got := resp.TestID("house"); got != "riviera" {
		t.Errorf("house %q; want riviera", got)
	}
	r10 := resp.Doc.Find(`[data-testid="situation-oracle.R10"]`)
	if got := squash(r10.Find(`[data-testid="house-note"]`).Text()); got != "House riviera overrides the kiosk's default here, in its own procedures." {
		t.Errorf("oracle.R10 house note %q", got)
	}
	if got := squash(r10.Find(`[data-testid="ruling"]`).Text()); got != "Ruling: Pay any shortfall; an overpayment stays with the player." {
		t.Errorf("oracle.R10 ruling %q", got)
	}
	if got := squash(r10.Find(`[data-testid="ref"]`).Text()); got != "In the rule book: not in the rule book: Riviera procedures §4.2" {
		t.Errorf("oracle.R10 ref %q", got)
	}
	own := resp.Doc.Find(`[data-testid="situation-oracle.riviera_tip"] [data-testid="house-note"]`)
	if got := squash(own.Text()); got != "Written by house riviera, in its own procedures." {
		t.Errorf("the house's own situation: note %q", got)
	}
	if n := resp.Doc.Find(`[data-testid="house-note"]`).Length(); n != 2 {
		t.Errorf("%d house notes on the oracle page; want 2 (R10 and the house's own)", n)
	}

	uthPage := c.Get(contentPath + "?game=uth")
	hs := uthPage.Doc.Find(`[data-testid="unresolved"]`)
	if hs.Length() != 1 || !strings.Contains(hs.Text(), "Fold forfeits Trips") || !strings.Contains(hs.Text(), "Trips after a fold") {
		t.Errorf("the ruling left unwritten is not listed:\n%s", outer(hs))
	}
}

// citedAs is how the content page cites ref: the section's number and title
// where the house's book of game has it, else the raw reference marked.
func citedAs(h *rulebook.House, game, ref string) string {
	if r, ok := h.Cite(game, ref); ok {
		return r.String()
	}
	return "not in the rule book: " + squash(ref)
}
