package i18n

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
	"time"
	"unicode/utf8"

	content "github.com/dealerkiosk/trainer/content/i18n"
	"github.com/dealerkiosk/trainer/internal/trainer"
	goi18n "github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/language"
)

// TestLoadShipped loads the catalogues the binary ships: every key of
// en.toml is in it.toml and ru.toml with the same placeholders and the
// language's plural forms (Load fails otherwise, naming file and key).
func TestLoadShipped(t *testing.T) {
	c, err := Load(content.FS)
	if err != nil {
		t.Fatal(err)
	}
	if p := c.Check(); len(p) > 0 {
		t.Errorf("Check() = %q; want no problems", p)
	}
	if n := len(c.IDs()); n < 50 {
		t.Errorf("en.toml has %d messages; want the kiosk's chrome", n)
	}
}

// TestCheck proves the completeness test can fail: each broken catalogue
// is refused with a sentence that names the file and the message.
func TestCheck(t *testing.T) {
	const en = "a = \"Hello {{.Name}}\"\n[n]\none = \"{{.Count}} chip\"\nother = \"{{.Count}} chips\"\n"
	const okIT = "a = \"Ciao {{.Name}}\"\n[n]\none = \"{{.Count}} fiche\"\nmany = \"{{.Count}} di fiches\"\nother = \"{{.Count}} fiches\"\n"
	const okRU = "a = \"Привет, {{.Name}}\"\n[n]\none = \"{{.Count}} фишка\"\nfew = \"{{.Count}} фишки\"\nmany = \"{{.Count}} фишек\"\nother = \"{{.Count}} фишки\"\n"
	tests := []struct {
		name   string
		it, ru string
		want   string // a problem Load must report; "" for none
	}{
		{"complete", okIT, okRU, ""},
		{"missing key", okIT, "[n]\none = \"{{.Count}} фишка\"\nfew = \"{{.Count}} фишки\"\nmany = \"{{.Count}} фишек\"\nother = \"{{.Count}} фишки\"\n", "ru.toml: a: missing"},
		{"extra key", "b = \"x\"\n" + okIT, okRU, "it.toml: b: not in en.toml"},
		{"placeholder renamed", strings.Replace(okIT, "{{.Name}}", "{{.Nome}}", 1), okRU, "it.toml: a: placeholders [Nome]; English has [Name]"},
		{"placeholder dropped", okIT, strings.Replace(okRU, ", {{.Name}}", "", 1), "ru.toml: a: placeholders []; English has [Name]"},
		{"russian lacks few", okIT, strings.Replace(okRU, "few = \"{{.Count}} фишки\"\n", "", 1), "ru.toml: n: plural forms [one many other]; ru needs [one few many other]"},
		{"italian lacks many", strings.Replace(okIT, "many = \"{{.Count}} di fiches\"\n", "", 1), okRU, "it.toml: n: plural forms [one other]; it needs [one many other]"},
		{"bad template", strings.Replace(okIT, "{{.Name}}", "{{.Name}", 1), okRU, "it.toml: a.other: does not parse"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fsys := fstest.MapFS{
				"en.toml": {Data: []byte(en)},
				"it.toml": {Data: []byte(tt.it)},
				"ru.toml": {Data: []byte(tt.ru)},
			}
			_, err := Load(fsys)
			switch {
			case tt.want == "" && err != nil:
				t.Fatalf("Load: %v; want no error", err)
			case tt.want != "" && err == nil:
				t.Fatalf("Load: no error; want %q", tt.want)
			case tt.want != "" && !strings.Contains(err.Error(), tt.want):
				t.Fatalf("Load: %v; want it to say %q", err, tt.want)
			}
		})
	}
}

// TestParts checks the catalogues kept in folders of their own: each folder
// is compared with its own English file, a problem names the folder's file,
// and a message id may live in one file only.
func TestParts(t *testing.T) {
	top := fstest.MapFS{
		"en.toml": {Data: []byte("a = \"Hello\"\n")},
		"it.toml": {Data: []byte("a = \"Ciao\"\n")},
		"ru.toml": {Data: []byte("a = \"Привет\"\n")},
	}
	tests := []struct {
		name  string
		files map[string]string
		want  string // "" for none
	}{
		{"complete", map[string]string{"drills/en.toml": "b = \"Box\"\n", "drills/it.toml": "b = \"Box\"\n", "drills/ru.toml": "b = \"Бокс\"\n"}, ""},
		{"missing in a folder", map[string]string{"drills/en.toml": "b = \"Box\"\nc = \"Dealer\"\n", "drills/it.toml": "b = \"Box\"\nc = \"Banco\"\n", "drills/ru.toml": "b = \"Бокс\"\n"}, "drills/ru.toml: c: missing"},
		{"file missing", map[string]string{"drills/en.toml": "b = \"Box\"\n", "drills/it.toml": "b = \"Box\"\n"}, "drills/ru.toml"},
		{"id in two files", map[string]string{"drills/en.toml": "a = \"Hi\"\n", "drills/it.toml": "a = \"Ciao\"\n", "drills/ru.toml": "a = \"Привет\"\n"}, "drills/en.toml: a: also in en.toml"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fsys := fstest.MapFS{}
			for k, v := range top {
				fsys[k] = v
			}
			for k, v := range tt.files {
				fsys[k] = &fstest.MapFile{Data: []byte(v)}
			}
			c, err := Load(fsys)
			switch {
			case tt.want == "" && err != nil:
				t.Fatalf("Load: %v; want no error", err)
			case tt.want != "" && err == nil:
				t.Fatalf("Load: no error; want %q", tt.want)
			case tt.want != "" && !strings.Contains(err.Error(), tt.want):
				t.Fatalf("Load: %v; want it to say %q", err, tt.want)
			}
			if err == nil && c.Text("ru", "b")["other"] != "Бокс" {
				t.Errorf("the folder's Russian message b = %v; want Бокс", c.Text("ru", "b"))
			}
		})
	}
}

// TestPluralFormsAreCLDR checks the table of plural forms a catalogue must
// carry against go-i18n's own CLDR rules: every form the rules choose for
// some number is in the table, and nothing else is.
func TestPluralFormsAreCLDR(t *testing.T) {
	for tag, want := range pluralForms {
		b := goi18n.NewBundle(language.English)
		m := &goi18n.Message{ID: "f", Zero: "zero", One: "one", Two: "two", Few: "few", Many: "many", Other: "other"}
		b.MustAddMessages(language.Make(tag), m)
		l := goi18n.NewLocalizer(b, tag)
		seen := map[string]bool{}
		var counts []any
		for n := range 2000 {
			counts = append(counts, n)
		}
		counts = append(counts, 1000000, 2000000, "1.5", "0.5", "2.25")
		for _, n := range counts {
			s, err := l.Localize(&goi18n.LocalizeConfig{MessageID: "f", PluralCount: n})
			if err != nil {
				t.Fatalf("%s: %v: %v", tag, n, err)
			}
			seen[s] = true
		}
		var got []string
		for _, f := range []string{"zero", "one", "two", "few", "many", "other"} {
			if seen[f] {
				got = append(got, f)
			}
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s: CLDR chooses %v; pluralForms says %v", tag, got, want)
		}
	}
}

// TestRussianPlurals: 1 фишка, 2 фишки, 5 фишек, as Russian counts.
func TestPlurals(t *testing.T) {
	c := Default()
	tests := []struct {
		tag   string
		count int
		want  string
	}{
		{"en", 1, "1 trainee"},
		{"en", 31, "31 trainees"},
		{"ru", 1, "1 стажёр"},
		{"ru", 2, "2 стажёра"},
		{"ru", 5, "5 стажёров"},
		{"ru", 11, "11 стажёров"},
		{"ru", 21, "21 стажёр"},
		{"ru", 22, "22 стажёра"},
		{"ru", 1234, "1\u00a0234 стажёра"},
		{"it", 1, "1 allievo"},
		{"it", 31, "31 allievi"},
		{"it", 1000000, "1.000.000 di allievi"},
	}
	for _, tt := range tests {
		if got := c.Localizer(tt.tag).T("signin.trainees", "Count", tt.count); got != tt.want {
			t.Errorf("%s: T(signin.trainees, %d) = %q; want %q", tt.tag, tt.count, got, tt.want)
		}
	}
}

func TestT(t *testing.T) {
	c := Default()
	tests := []struct {
		tag, id string
		args    []any
		want    string
	}{
		{"en", "home.hello", []any{"Name", "Ana"}, "Hello, Ana"},
		{"it", "home.hello", []any{"Name", "Ana"}, "Ciao, Ana"},
		{"ru", "signin.matches", []any{"Count", 3, "Query", "Ан"}, "С «Ан» начинаются 3 имени"},
		{"en", "no.such.message", nil, "no.such.message"},
		// A Count in a message without plural forms (Russian 22 is "few").
		{"ru", "exam.answered", []any{"N", 22, "Of", 30, "Count", 22}, "Отвечено: 22 из 30"},
		{"fr", "nav.signout", nil, "Sign out"}, // a language not offered speaks English
	}
	for _, tt := range tests {
		if got := c.Localizer(tt.tag).T(tt.id, tt.args...); got != tt.want {
			t.Errorf("%s: T(%q, %v) = %q; want %q", tt.tag, tt.id, tt.args, got, tt.want)
		}
	}
}

func TestFormat(t *testing.T) {
	c := Default()
	day := time.Date(2026, time.May, 2, 15, 4, 0, 0, time.UTC)
	tests := []struct {
		tag                  string
		number, amount, date string
	}{
		{"en", "1,234,567", "-1250.5", "2 May 2026"},
		{"it", "1.234.567", "-1250,5", "2 mag 2026"},
		{"ru", "1\u00a0234\u00a0567", "-1250,5", "2 мая 2026"},
	}
	for _, tt := range tests {
		l := c.Localizer(tt.tag)
		if got := l.Number(1234567); got != tt.number {
			t.Errorf("%s: Number(1234567) = %q; want %q", tt.tag, got, tt.number)
		}
		if got := l.Amount(-125050); got != tt.amount {
			t.Errorf("%s: Amount(-125050) = %q; want %q", tt.tag, got, tt.amount)
		}
		if got := l.Date(day); got != tt.date {
			t.Errorf("%s: Date = %q; want %q", tt.tag, got, tt.date)
		}
	}
	en := c.Localizer("en")
	for hundredths, want := range map[int64]string{0: "0", 750: "7.5", 25: "0.25", 5: "0.05", 100: "1", -25: "-0.25", 999: "9.99"} {
		if got := en.Amount(hundredths); got != want {
			t.Errorf("en: Amount(%d) = %q; want %q", hundredths, got, want)
		}
	}
	if got := c.Localizer("ru").Amount(750); got != "7,5" {
		t.Errorf("ru: Amount(750) = %q; want 7,5", got)
	}
	for tag, want := range map[string]string{"en": "0.9 s", "it": "0,9 s", "ru": "0,9 с"} {
		if got := c.Localizer(tag).Seconds(870*time.Millisecond, 1); got != want {
			t.Errorf("%s: Seconds(870 ms, 1) = %q; want %q", tag, got, want)
		}
	}
	if got := c.Localizer("en").Seconds(30*time.Second, 0); got != "30 s" {
		t.Errorf("en: Seconds(30 s, 0) = %q; want 30 s", got)
	}
}

// TestPseudo: every message of the pseudo-locale is at least 40 % longer
// than its English, has no plain ASCII letter outside its placeholders, and
// keeps those placeholders.
func TestPseudo(t *testing.T) {
	c := Default()
	ascii := regexp.MustCompile(`[A-Za-z]`)
	for _, id := range c.IDs() {
		for form, en := range c.Text(Source, id) {
			p := Pseudolocalize(en)
			// A placeholder counts as the four letters a value may take.
			n := utf8.RuneCountInString(placeholderRE.ReplaceAllString(en, "xxxx"))
			if m := utf8.RuneCountInString(placeholderRE.ReplaceAllString(p, "xxxx")); m*10 < n*14 {
				t.Errorf("%s.%s: %q is %d runes for %d in English; want 40 %% more", id, form, p, m, n)
			}
			if ascii.MatchString(placeholderRE.ReplaceAllString(p, "")) {
				t.Errorf("%s.%s: %q keeps plain letters", id, form, p)
			}
			if !slices.Equal(placeholderRE.FindAllString(en, -1), placeholderRE.FindAllString(p, -1)) {
				t.Errorf("%s.%s: %q lost a placeholder of %q", id, form, p, en)
			}
		}
	}
	l := c.Localizer(Pseudo)
	if got := l.T("home.hello", "Name", "Ana"); !strings.HasPrefix(got, "[Ĥéľľö, Ana ") {
		t.Errorf("pseudo T(home.hello) = %q", got)
	}
	if l.Lang() != "en" {
		t.Errorf("pseudo Lang() = %q; want en", l.Lang())
	}
}

// glossary is content/i18n/glossary.<lang>.toml.
type glossary struct {
	// English are English words no text of the language says (the
	// i18ntest checker reads them; here they are only decoded).
	English []string       `toml:"english"`
	Term    []glossaryTerm `toml:"term"`
}

type glossaryTerm struct {
	EN     string   `toml:"en"`
	Use    string   `toml:"use"`
	Accept []string `toml:"accept"`
	Avoid  []string `toml:"avoid"`
	Note   string   `toml:"note"`
	Except []string `toml:"except"` // message, section or procedure ids where the English word is not the term
}

// TestGlossary: wherever an English message says a glossary term, its
// translation says it the glossary's way (the word to use or an accepted
// form), and no translation uses a rendering the glossary refuses. A term
// written with a capital (a wager's name: Play) matches only so written.
// TestGlossaryRules applies the same glossary to the rule books and procedures.
func TestGlossary(t *testing.T) {
	c := Default()
	for _, l := range Offered {
		if l.Tag == Source {
			continue
		}
		g := loadGlossary(t, l.Tag)
		if len(g.Term) < 10 {
			t.Fatalf("glossary.%s.toml has %d terms; want the table's terms", l.Tag, len(g.Term))
		}
		var texts []pairedText
		for _, id := range c.IDs() {
			texts = append(texts, pairedText{
				where: l.Tag + ".toml: " + id, id: id,
				en: strings.Join(values(c.Text(Source, id)), " "),
				tr: strings.Join(values(c.Text(l.Tag, id)), " "),
			})
		}
		for _, p := range glossaryProblems(g, texts) {
			t.Error(p)
		}
	}
}

func values(m map[string]string) []string {
	var out []string
	for _, k := range []string{"zero", "one", "two", "few", "many", "other"} {
		if v, ok := m[k]; ok {
			out = append(out, v)
		}
	}
	return out
}

func ExampleLocalizer_T() {
	l := Default().Localizer("ru")
	for _, n := range []int{1, 2, 5} {
		fmt.Println(l.T("signin.trainees", "Count", n))
	}
	// Output:
	// 1 стажёр
	// 2 стажёра
	// 5 стажёров
}

// TestOfferedAreTheUsersLanguages: the store accepts exactly the languages
// that have a catalogue.
func TestOfferedAreTheUsersLanguages(t *testing.T) {
	var tags []string
	for _, l := range Offered {
		tags = append(tags, l.Tag)
	}
	if !slices.Equal(tags, trainer.Languages) {
		t.Errorf("i18n.Offered = %v; trainer.Languages = %v", tags, trainer.Languages)
	}
}

func TestMatch(t *testing.T) {
	for accept, want := range map[string]string{
		"it-CH,it;q=0.9,en;q=0.8": "it",
		"ru-RU":                   "ru",
		"en-GB,en;q=0.9":          "en",
		"fr-FR,ru;q=0.5":          "ru",
		"de-DE":                   "",
		"":                        "",
		"*;q=;;":                  "",
	} {
		if got := Match(accept); got != want {
			t.Errorf("Match(%q) = %q; want %q", accept, got, want)
		}
	}
}
