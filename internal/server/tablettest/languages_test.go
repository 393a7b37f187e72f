package tablettest_test

import (
	"context"
	"fmt"
	"io/fs"
	"net/url"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/pelletier/go-toml/v2"

	catalogues "github.com/dealerkiosk/trainer/content/i18n"
	rules "github.com/dealerkiosk/trainer/content/rules"
	"github.com/dealerkiosk/trainer/internal/browsertest"
	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// TestLanguageJourneys is the journey in Italian and in Russian, on
// a tablet upright: the trainee taps the language on the sign-in grid,
// signs in, practises every kind of question in every game, opens the rule
// book, takes an exam; a manager working in the same language prints the
// trainee's certificate and transcript. Every page must be in that language
// (its html lang, and none of the kiosk's English sentences left on it),
// pass axe-core, and not scroll sideways; screenshots of each are saved for
// people to look at (TRAINER_ARTIFACTS). A question's explanation is held to
// it too: the engine's reasons are said in the reader's language.
func TestLanguageJourneys(t *testing.T) {
	t.Parallel()
	english := englishSentences(t)
	for _, lang := range []string{"it", "ru"} {
		t.Run(lang, func(t *testing.T) {
			t.Parallel()
			k := newKiosk(t)
			k.h.ApproveRules(k.manager)
			for _, u := range []*trainer.User{k.trainee, k.manager} {
				if err := k.h.DB.SetUserLanguage(t.Context(), u.ID, lang); err != nil {
					t.Fatal(err)
				}
			}
			ctx := browsertest.New(t, browsertest.Portrait)
			page := func(name string, axe bool) {
				t.Helper()
				inLanguage(t, ctx, lang, english, name, axe)
			}

			// The sign-in grid in the language tapped, then the trainee's own.
			run(t, ctx, "the sign-in grid", chromedp.Navigate(k.h.URL+"/signin"), chromedp.WaitVisible(testID("signin-languages")))
			run(t, ctx, "tap "+lang, chromedp.Tap(chromedp.CSS(`[data-testid="signin-languages"] button[value="`+lang+`"]`)),
				chromedp.WaitVisible(chromedp.CSS(`html[lang="`+lang+`"]`)), chromedp.WaitVisible(testID("trainee-tile")))
			page("signin", true)
			k.signIn(ctx)
			page("home", true)

			// Every kind of question in every game, and its feedback.
			for _, game := range allGames {
				for _, kind := range allKinds {
					id := k.startPractice(ctx, game, kind, trainer.ModePractice, 1)
					fitted(t, ctx, browsertest.Portrait)
					first := game == allGames[0]
					page(fmt.Sprintf("%s-%s", game, kind), first)
					_, d := k.pending(id)
					post(t, ctx, answerPathOf(k, id), answerForm(mistaken(d)))
					run(t, ctx, "feedback", chromedp.Navigate(k.h.URL+"/practice/"+itoa(id)), chromedp.WaitVisible(testID("feedback")))
					page(fmt.Sprintf("%s-%s-feedback", game, kind), first)
				}
			}
			for _, p := range []struct{ path, ready, name string }{
				{"/progress", "nav-progress", "progress"},
				{"/history", "history", "history"},
				{"/book", "book-list", "books"},
				{"/book/uth", "book", "book-uth"},
				{"/book/lunar", "book", "book-lunar"},
			} {
				run(t, ctx, p.name, chromedp.Navigate(k.h.URL+p.path), chromedp.WaitVisible(chromedp.CSS(`[data-testid="`+p.ready+`"], main`)))
				page(p.name, true)
			}

			// An exam of Ultimate Texas Hold'em, answered right.
			where := post(t, ctx, "/exams", url.Values{"game": {"uth"}})
			m := sessionPath.FindStringSubmatch(where)
			if m == nil {
				t.Fatalf("start the exam: ended at %s", where)
			}
			examID, _ := strconv.ParseInt(m[1], 10, 64)
			ex, err := k.h.DB.FindExam(t.Context(), examID, k.trainee.ID)
			if err != nil {
				t.Fatal(err)
			}
			for n, it := range ex.Items {
				run(t, ctx, "open the exam", chromedp.Navigate(k.h.URL+where), chromedp.WaitVisible(testID("question")))
				_, d := k.pending(examID)
				if n == 0 {
					fitted(t, ctx, browsertest.Portrait)
					page("exam-item", true)
				}
				post(t, ctx, fmt.Sprintf("/exams/%d/items/%d/answer", examID, it.Position), answerForm(d.Key))
			}
			run(t, ctx, "the exam's result", chromedp.Navigate(k.h.URL+where), chromedp.WaitVisible(testID("exam-result")))
			page("exam-result", true)

			// The manager, in the same language, prints the certificate.
			k.h.RecordCert(k.trainee, "uth", trainer.EventTablePass, k.manager, "")
			staff := browsertest.New(t, browsertest.Landscape)
			run(t, staff, "staff sign-in", chromedp.Navigate(k.h.URL+"/signin/staff"), chromedp.WaitVisible(testID("staff-form")),
				chromedp.SendKeys(chromedp.CSS("#f-name"), managerName),
				chromedp.SendKeys(chromedp.CSS("#f-password"), managerPassword),
				chromedp.Click(testID("staff-submit")), chromedp.WaitVisible(chromedp.CSS(`html[lang="`+lang+`"] main`)))
			inLanguage(t, staff, lang, english, "dashboard", true)
			base := fmt.Sprintf("%s/manager/trainees/%d", k.h.URL, k.trainee.ID)
			for _, p := range []struct{ path, ready, name string }{
				{base, "main", "trainee-file"},
				{base + "/games/uth/certificate", `[data-testid="certificate"]`, "certificate"},
				{base + "/games/uth/transcript", `[data-testid="transcript"]`, "transcript"},
			} {
				run(t, staff, p.name, chromedp.Navigate(p.path), chromedp.WaitVisible(chromedp.CSS(p.ready)))
				inLanguage(t, staff, lang, english, p.name, true)
			}
		})
	}
}

// mistaken is a wrong answer to d that the drill anticipates, so that its
// feedback explains the mistake too; else any wrong answer (or, for a chips
// drill that anticipates none, the right one).
func mistaken(d *drills.Drill) drills.Key {
	if len(d.Mistakes) > 0 {
		return d.Mistakes[0].Key
	}
	if len(d.Key.Outcomes) > 0 {
		k := drills.Key{Outcomes: append([]drills.Outcome(nil), d.Key.Outcomes...)}
		if k.Outcomes[0].Result == drills.OutcomeLose {
			k.Outcomes[0].Result = drills.OutcomeWin
		} else {
			k.Outcomes[0].Result = drills.OutcomeLose
		}
		return k
	}
	if d.Key.Chips != nil {
		return d.Key
	}
	return wrongKey(d)
}

// inLanguage checks the page in the browser is in lang: its html lang, and
// none of English's sentences left in what it shows (englishSentences). It
// runs axe-core when asked, checks the page does not scroll sideways and
// saves a screenshot named after lang and name.
func inLanguage(t *testing.T, ctx context.Context, lang string, english map[string][]string, name string, axe bool) {
	t.Helper()
	what := lang + " " + name
	run(t, ctx, "settle "+what, browsertest.Settled())
	if got := eval[string](t, ctx, "html lang", "document.documentElement.lang"); got != lang {
		t.Errorf("%s: <html lang=%q>; want %q", what, got, lang)
	}
	collapse := func(s string) string { return strings.Join(strings.Fields(s), " ") }
	shown := collapse(eval[string](t, ctx, "the page's text", "document.body.innerText"))
	var left []string
	for _, s := range english[lang] {
		if strings.Contains(shown, s) {
			left = append(left, strconv.Quote(s))
		}
	}
	if len(left) > 0 {
		t.Errorf("%s: English left on the page: %s", what, strings.Join(left, ", "))
	}
	noSideways(t, ctx, what)
	if axe {
		browsertest.Axe(t, ctx, what)
	}
	browsertest.Screenshot(t, ctx, "lang-"+lang+"-"+name)
}

// actionRE is a catalogue message's placeholder, a book's template action
// or a procedure's placeholder: the text between them is what a reader sees.
var actionRE = regexp.MustCompile(`\{\{[^}]*\}\}|\{[a-z_]+\}|[.;:!?]\s|\n`)

// englishSentences lists, for each translated language, the stretches of
// English a page in that language must not show: the text between
// placeholders (three words and 14 letters or more) of the kiosk's English
// catalogues, of the English rule books and of the English ruling
// situations and sequences of play, less any the language's own texts also
// say (a wager's name, kept as the layout prints it).
func englishSentences(t *testing.T) map[string][]string {
	t.Helper()
	cat, err := i18n.Load(catalogues.FS)
	if err != nil {
		t.Fatal(err)
	}
	var source []string
	for _, id := range cat.IDs() {
		source = append(source, values(cat.Text(i18n.Source, id))...)
	}
	source = append(source, contentTexts(t, "")...)
	out := map[string][]string{}
	for _, lang := range []string{"it", "ru"} {
		var own []string
		for _, id := range cat.IDs() {
			own = append(own, values(cat.Text(lang, id))...)
		}
		own = append(own, contentTexts(t, lang)...)
		translated := strings.Join(strings.Fields(strings.Join(own, "\n")), " ")
		seen := map[string]bool{}
		for _, text := range source {
			for _, s := range actionRE.Split(text, -1) {
				s = strings.Trim(strings.Join(strings.Fields(s), " "), " ,()«»\"'*#|-")
				if len(strings.Fields(s)) < 3 || len(s) < 14 || seen[s] || strings.Contains(translated, s) {
					continue
				}
				seen[s] = true
				out[lang] = append(out[lang], s)
			}
		}
		sort.Strings(out[lang])
	}
	return out
}

// contentTexts are the texts people read of the rule books and the
// procedures in lang ("" for the English sources): every line of the books
// but headings' ids and comments, and every string of the procedures.
func contentTexts(t *testing.T, lang string) []string {
	t.Helper()
	var out []string
	dir := func(d string) string {
		if lang == "" {
			return d
		}
		return d + "/" + lang
	}
	books, _ := fs.Glob(rules.FS, dir("books")+"/*.md")
	for _, f := range books {
		buf, err := fs.ReadFile(rules.FS, f)
		if err != nil {
			t.Fatal(err)
		}
		text := regexp.MustCompile(`(?s)\{\{/\*.*?\*/\}\}|\{#[^}]*\}`).ReplaceAllString(string(buf), "")
		out = append(out, strings.Split(text, "\n\n")...)
	}
	procs, _ := fs.Glob(rules.FS, dir("procedures")+"/*.toml")
	for _, f := range procs {
		buf, err := fs.ReadFile(rules.FS, f)
		if err != nil {
			t.Fatal(err)
		}
		var v any
		if err := toml.Unmarshal(buf, &v); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		out = append(out, stringsIn(v)...)
	}
	return out
}

// stringsIn lists every string in a decoded TOML value but ids and keys of
// settings (one word with a dot or an underscore).
func stringsIn(v any) []string {
	var out []string
	switch v := v.(type) {
	case string:
		if strings.Contains(v, " ") {
			out = append(out, v)
		}
	case []any:
		for _, x := range v {
			out = append(out, stringsIn(x)...)
		}
	case map[string]any:
		for _, x := range v {
			out = append(out, stringsIn(x)...)
		}
	}
	return out
}

func values(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for _, v := range m {
		out = append(out, v)
	}
	return out
}
