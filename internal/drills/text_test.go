package drills_test

import (
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	rules "github.com/dealerkiosk/trainer/content/rules"
	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/games/cards"
	"github.com/dealerkiosk/trainer/internal/rulebook"
)

// textSeeds is how many seeds each (game, kind, level) is generated with by
// the tests over generated text: 4 games × 6 kinds × 4 levels × 25 seeds is
// 2,400 drills at each house.
func textSeeds() int { return seedsPerLevel(25) }

// textHouses are the houses the text is checked at: the default house and
// the strict test house (every drilled setting flipped, another chip set).
func textHouses(t *testing.T) []struct {
	house string
	gen   *drills.Generator
} {
	_, def := generator(t)
	fsys := rulebook.Overlay(strictHouse, rules.FS)
	b, err := rulebook.Load(fsys)
	if err != nil {
		t.Fatal(err)
	}
	strict, err := drills.Load(b, fsys)
	if err != nil {
		t.Fatal(err)
	}
	return []struct {
		house string
		gen   *drills.Generator
	}{{"default", def}, {"strict", strict}}
}

// generatedDrill is one drill of the text and citation tests, with its house.
type generatedDrill struct {
	house string
	d     *drills.Drill
}

var (
	generatedOnce sync.Once
	generatedAll  []generatedDrill
	generatedErr  error
)

// everyGenerated calls f with every drill of every game, kind and level for
// textSeeds seeds at every test house, generated once for all the tests
// that read them. Kinds a house has nothing to ask of (rulings it changed
// without rewriting) are skipped, as the kiosk skips them.
func everyGenerated(t *testing.T, f func(house string, d *drills.Drill)) {
	t.Helper()
	houses := textHouses(t)
	generatedOnce.Do(func() {
		var mu sync.Mutex
		var wg sync.WaitGroup
		for _, th := range houses {
			for _, game := range drills.GameSlugs() {
				wg.Go(func() {
					var out []generatedDrill
					for _, kind := range drills.Kinds {
						for lv := range th.gen.Config().Levels {
							for seed := range uint64(textSeeds()) {
								d, err := th.gen.Generate(th.house, drills.Spec{Game: game, Kind: kind, Level: lv + 1, Seed: seed})
								if err != nil {
									if th.house != "default" && (kind == drills.KindRuling || kind == drills.KindProcedure) {
										continue
									}
									mu.Lock()
									generatedErr = fmt.Errorf("Generate(%s, %s, %s, L%d, %d): %w", th.house, game, kind, lv+1, seed, err)
									mu.Unlock()
									return
								}
								out = append(out, generatedDrill{th.house, d})
							}
						}
					}
					mu.Lock()
					generatedAll = append(generatedAll, out...)
					mu.Unlock()
				})
			}
		}
		wg.Wait()
		slices.SortStableFunc(generatedAll, func(a, b generatedDrill) int {
			return strings.Compare(a.house+a.d.Game+a.d.Kind, b.house+b.d.Game+b.d.Kind)
		})
	})
	if generatedErr != nil {
		t.Fatal(generatedErr)
	}
	for _, g := range generatedAll {
		f(g.house, g.d)
	}
}

// readText is every text of a drill a trainee reads, named.
func readText(d *drills.Drill) map[string]string {
	out := map[string]string{"prompt": d.Prompt, "explanation": d.Explanation}
	for i, c := range d.Choices {
		out[fmt.Sprintf("choice %d", i+1)] = c
	}
	for _, m := range d.Mistakes {
		out["mistake "+m.ID] = m.Explanation
	}
	return out
}

// A flaw is one pattern a trainee must never read.
type flaw struct {
	name string
	find func(s string) string // the offending text, or ""
}

func reFlaw(name, expr string) flaw {
	re := regexp.MustCompile(expr)
	return flaw{name, func(s string) string { return re.FindString(s) }}
}

var (
	cardCode = regexp.MustCompile(`^(?:10|[2-9TJQKA])[cdhs]$|^Jk$`)
	// The developer's sources and plumbing (docs/book.md, "Writing the
	// books"): where a rule came from belongs in docs/, never in the kiosk.
	textFlaws = []flaw{
		reFlaw("doubled punctuation", `[.,;:!?]\s*[.,;:!?]`),
		{`"a" before a vowel sound`, wrongArticle(`\b[Aa] ([a-z0-9]+)`, true)},
		{`"an" before a consonant sound`, wrongArticle(`\b[Aa]n ([a-z0-9]+)`, false)},
		{"card code in a sentence", findCardCode},
		reFlaw("a seed document", `(?i)\bseeds?\b`),
		reFlaw("a developer's file", `(?i)\b[a-z_]+\.(?:md|toml|go)\b`),
		reFlaw("a source of the rules", `(?i)wizard of odds|\bWoO\b|solaire|pennsylvania|\bPA\b|\bPa\. Code|\bNSW\b|\bTCS\b|campione|oracul|widus|\b[a-z0-9-]+\.(?:com|it|org|ph|net)\b`),
		reFlaw("a section number", `§\s*\d`),
		reFlaw("a snake_case id or setting key", `\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b`),
		reFlaw("a dotted id", `\b(?:uth|oracle|thrill|lunar|common|slip|rounding|house)\.[a-z_][a-z0-9_.]*`),
		reFlaw(`"house rule"`, `(?i)\bhouse rule\b`),
	}
)

// wrongArticle finds an article (expr, the word after it as its group)
// that does not suit the word's sound: vowel says the article is "a" and
// wants a consonant sound. Words are checked by their first sound, as a
// reader hears them: "an ace", "an 8", "an 11"; "a one-card", "a unit", "a
// hundred".
func wrongArticle(expr string, vowel bool) func(string) string {
	re := regexp.MustCompile(expr)
	return func(s string) string {
		for _, m := range re.FindAllStringSubmatch(s, -1) {
			if vowelSound(m[1]) == vowel {
				return m[0]
			}
		}
		return ""
	}
}

func vowelSound(w string) bool {
	for _, p := range []string{"one", "once", "uni", "use", "usu", "eu", "u"} {
		if strings.HasPrefix(w, p) {
			return false // "a one", "a unit"; a bare "u" word is left alone
		}
	}
	switch {
	case strings.HasPrefix(w, "8"), strings.HasPrefix(w, "hour"), strings.HasPrefix(w, "honest"), w == "11", w == "18":
		return true
	}
	return strings.ContainsAny(w[:1], "aeio")
}

// findCardCode finds a card written in `trainer settle` notation ("Kd",
// "Th"), where the kiosk writes "K♦". "As" is a word too: it counts only
// beside another card code ("As Kd").
func findCardCode(s string) string {
	words := strings.FieldsFunc(s, func(r rune) bool { return strings.ContainsRune(" \n\t,;:()“”\"'.!?", r) })
	for i, w := range words {
		if !cardCode.MatchString(w) {
			continue
		}
		if w != "As" {
			return w
		}
		if i > 0 && cardCode.MatchString(words[i-1]) || i+1 < len(words) && cardCode.MatchString(words[i+1]) {
			return w
		}
	}
	return ""
}

// TestTextForTrainees generates thousands of drills of every game, kind and
// level at the default and the strict house and fails on any text a trainee
// reads that has doubled punctuation, "a" before a vowel sound, a card code
// in a sentence, or developer language: a source ("seed 002", "RULES.md",
// "Wizard of Odds", "Solaire", "PA"), a section number written in the text
// ("§2.3": the kiosk shows the cited section beside it), a snake_case id or
// setting key, a dotted id ("slip.x"), "house rule x". The failures are
// grouped by flaw, game, kind and where the text comes from (a mistake's id
// names the file that wrote it; an explanation is the engine's reasons with
// the drill's own words), with a count and the first example of each.
func TestTextForTrainees(t *testing.T) {
	found := map[finding]*example{}
	n := 0
	everyGenerated(t, func(house string, d *drills.Drill) {
		n++
		for where, text := range readText(d) {
			for _, f := range textFlaws {
				if bad := f.find(text); bad != "" {
					note(found, finding{f.name, house, d.Game, d.Kind, source(where)},
						fmt.Sprintf("L%d seed %d, %s: %q in %q", d.Level, d.Seed, where, bad, text))
				}
			}
		}
	})
	if n < 2000 && !testing.Short() && !raceEnabled {
		t.Errorf("only %d drills checked; want at least 2,000", n)
	}
	report(t, found)
}

// finding is one kind of failure: what is wrong, where.
type finding struct{ what, house, game, kind, source string }

// example counts a finding and keeps its first case.
type example struct {
	n    int
	text string
}

func note(found map[finding]*example, f finding, text string) {
	if found[f] == nil {
		found[f] = &example{text: text}
	}
	found[f].n++
}

// source is where a text comes from: a mistake's id, or the drill's part.
func source(where string) string {
	if id, ok := strings.CutPrefix(where, "mistake "); ok {
		return id
	}
	if strings.HasPrefix(where, "choice") {
		return "choices"
	}
	return where
}

// report writes one error per finding, sorted, with its count and example.
func report(t *testing.T, found map[finding]*example) {
	t.Helper()
	var lines []string
	for f, e := range found {
		lines = append(lines, fmt.Sprintf("%s: %s %s at %s, %s (%d drills), e.g. %s", f.what, f.game, f.kind, f.house, f.source, e.n, e.text))
	}
	sort.Strings(lines)
	for _, l := range lines {
		t.Error(l)
	}
}

// TestSaidOnce checks that what the kiosk shows after a wrong answer says
// each thing once: the mistake's text (the red box) and the drill's
// explanation (the paragraph below it) share no sentence, neither contains
// the other, and the explanation repeats no sentence of its own.
func TestSaidOnce(t *testing.T) {
	found := map[finding]*example{}
	everyGenerated(t, func(house string, d *drills.Drill) {
		expl := sentencesOf(d.Explanation)
		for i, s := range expl {
			if slices.Contains(expl[:i], s) {
				note(found, finding{"said twice", house, d.Game, d.Kind, "explanation"},
					fmt.Sprintf("L%d seed %d: %q twice in %q", d.Level, d.Seed, s, d.Explanation))
			}
		}
		for _, m := range d.Mistakes {
			for _, s := range sentencesOf(m.Explanation) {
				if slices.Contains(expl, s) || strings.Contains(d.Explanation, m.Explanation) || strings.Contains(m.Explanation, d.Explanation) {
					note(found, finding{"said twice", house, d.Game, d.Kind, m.ID},
						fmt.Sprintf("L%d seed %d: %q is in the mistake and in the explanation %q", d.Level, d.Seed, s, d.Explanation))
					break
				}
			}
		}
	})
	report(t, found)
}

// sentencesOf splits text into its sentences of four words or more,
// lowercased: shorter ones ("Net -125.") may well recur.
func sentencesOf(text string) []string {
	var out []string
	for _, line := range strings.Split(text, "\n") {
		for rest := line; rest != ""; {
			i := strings.IndexAny(rest, ".!?")
			for i >= 0 && i+1 < len(rest) && rest[i+1] != ' ' {
				j := strings.IndexAny(rest[i+1:], ".!?")
				if j < 0 {
					i = -1
					break
				}
				i += 1 + j
			}
			s := rest
			if i >= 0 {
				s, rest = rest[:i+1], rest[i+1:]
			} else {
				rest = ""
			}
			if s = strings.ToLower(strings.TrimSpace(s)); len(strings.Fields(s)) >= 4 {
				out = append(out, s)
			}
		}
	}
	return out
}

// TestTextFlawsFind checks that each flaw catches what it is for and lets
// plain text pass: a test that finds nothing proves nothing.
func TestTextFlawsFind(t *testing.T) {
	bad := map[string]string{
		"doubled punctuation":            "The fee is kept (1× Ante)..",
		`"a" before a vowel sound`:       "As a ace, to make a straight",
		`"an" before a consonant sound`:  "He holds an king.",
		"card code in a sentence":        "The board is 2h 2d Ad Kc Th.",
		"a seed document":                "Seed 002 says so.",
		"a developer's file":             "See RULES.md for the rule.",
		"a source of the rules":          "The Wizard of Odds table pays 3:2.",
		"a section number":               "The rule broken: §2.7.",
		"a snake_case id or setting key": "At this house fold_forfeits_trips is off.",
		"a dotted id":                    "The mistake slip.stake_included again.",
		`"house rule"`:                   "By house rule poker_half_pay_hand.",
	}
	good := "As an ace, K♠ Q♦ 10♥ make a straight, an 8 and a one-card exchange: 0.5 pays 3 to 2. A → B → C. Step 2 of 6: after “X” comes “Y”."
	for _, f := range textFlaws {
		if got := f.find(bad[f.name]); got == "" {
			t.Errorf("%s: finds nothing in %q", f.name, bad[f.name])
		}
		if got := f.find(good); got != "" {
			t.Errorf("%s: finds %q in plain text %q", f.name, got, good)
		}
	}
	if got := findCardCode("As the dealer, As Kd"); got != "As" {
		t.Errorf("findCardCode: %q; want the As beside Kd", got)
	}
	if !cardCode.MatchString(cards.MustParse("Td").String()) {
		t.Error("cardCode misses the notation cards.Card writes")
	}
}
