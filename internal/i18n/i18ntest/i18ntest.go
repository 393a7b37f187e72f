// Package i18ntest finds English left in an Italian or Russian text: a word
// the language's glossary lists as English no text of it says
// (content/i18n/glossary.<lang>.toml, english), or a pay table's name from
// the rules files ("Regular", "straight-pays", "50-40-30-8-6-5-3", "table
// C"), which people never read in any language (issue 26). Tests of every
// layer use it on what they render: drills, books and procedures here, pages
// and prints in the server's tests. It is test support: the kiosk never
// calls it.
package i18ntest

import (
	"fmt"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"unicode"

	content "github.com/dealerkiosk/trainer/content/i18n"
	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/pelletier/go-toml/v2"
)

// Checker finds English left in texts of one language.
type Checker struct {
	lang string
	// words are the glossary's English words, lower case; cased those
	// written with a capital, which match only so written (Russian's
	// Latin "Ante", not the felt's printed ANTE field).
	words, cased map[string]bool
	// proper are the games' names ("7 Card Thrill"), which every language
	// keeps.
	proper []string
	// names are the pay tables' names a text never says anywhere: those
	// with a capital, a digit or a hyphen ("Regular", "50-40-30-8-6-5-3").
	names []string
	// near are the other names ("C", "standard", "jackpot"; in English
	// also "Regular", "Even money"), which are words or letters of their
	// own and are a table's name only beside the word for a table: within
	// window words of it (English: the next word, "table C").
	near   []string
	window int
}

// tableWord begins the word for a pay table in the languages offered.
var tableWord = regexp.MustCompile(`(?i)^(table|tabell|таблиц)`)

// New returns the checker of language lang for the pay tables of b (every
// game's and every house's own). In English, the source, it looks for the
// tables' names alone. Returns an error when the glossary of another
// language cannot be read or lists no English words.
func New(lang string, b *rulebook.Book) (*Checker, error) {
	if lang == i18n.Source {
		return newChecker(lang, nil, b), nil
	}
	buf, err := content.FS.ReadFile("glossary." + lang + ".toml")
	if err != nil {
		return nil, err
	}
	var g struct {
		English []string `toml:"english"`
	}
	if err := toml.Unmarshal(buf, &g); err != nil {
		return nil, fmt.Errorf("glossary.%s.toml: %w", lang, err)
	}
	if len(g.English) < 10 {
		return nil, fmt.Errorf("glossary.%s.toml lists %d English words; want the list", lang, len(g.English))
	}
	return newChecker(lang, g.English, b), nil
}

func newChecker(lang string, english []string, b *rulebook.Book) *Checker {
	c := &Checker{lang: lang, words: map[string]bool{}, cased: map[string]bool{}, window: 3}
	if lang == i18n.Source {
		c.window = 1
	}
	for _, w := range english {
		if w == strings.ToLower(w) {
			c.words[w] = true
		} else {
			c.cased[w] = true
		}
	}
	for _, g := range b.Games {
		c.proper = append(c.proper, g.Name)
	}
	for _, n := range TableNames(b) {
		distinct := strings.ContainsFunc(n, func(r rune) bool { return unicode.IsUpper(r) || unicode.IsDigit(r) || r == '-' }) && len(n) >= 3
		// English says "even money" and "regular" as words of its own.
		plain := !strings.ContainsFunc(n, func(r rune) bool { return !unicode.IsLetter(r) && r != ' ' })
		if distinct && !(lang == i18n.Source && plain) {
			c.names = append(c.names, n)
		} else {
			c.near = append(c.near, n)
		}
	}
	return c
}

// Find returns the English left in text, each as it stands there with a
// little context, or nil.
func (c *Checker) Find(text string) []string {
	for _, p := range c.proper {
		text = strings.ReplaceAll(text, p, strings.Repeat(" ", len(p)))
	}
	var out []string
	for _, n := range c.names {
		if i := wordIndex(text, n); i >= 0 {
			out = append(out, "table name "+quoteAround(text, i, len(n)))
		}
	}
	tokens := tokenize(text)
	for i, t := range tokens {
		if c.words[strings.ToLower(t.s)] || c.cased[t.s] {
			out = append(out, "English "+quoteAround(text, t.at, len(t.s)))
		}
		if !tableWord.MatchString(t.s) {
			continue
		}
		// The words around the word for a table: before it and after it
		// in Italian and Russian ("tabella Super A", "Таблица казино: C"),
		// the next word in English ("table C").
		from, to := t.at, len(text)
		if c.lang != i18n.Source && i-c.window >= 0 {
			from = tokens[i-c.window].at
		} else if c.lang != i18n.Source {
			from = 0
		}
		if j := i + c.window + 1; j < len(tokens) {
			to = tokens[j].at
		}
		around := text[from:to]
		for _, n := range c.near {
			if k := wordIndex(around, n); k >= 0 && from+k != t.at {
				out = append(out, "table name "+quoteAround(text, from+k, len(n)))
			}
		}
	}
	return out
}

// TableNames are the names of every pay table of b: each game's, and those
// a house adds in its own files, sorted.
func TableNames(b *rulebook.Book) []string {
	var out []string
	add := func(n string) {
		if n != "" && !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	for _, g := range b.Games {
		for _, byName := range g.Tables {
			for n := range byName {
				add(n)
			}
		}
	}
	for _, name := range b.HouseNames() {
		h, err := b.House(name)
		if err != nil {
			continue
		}
		for _, game := range rulebook.GameSlugs {
			if s := h.Settings(game); s != nil {
				for _, pt := range payTables(reflect.ValueOf(s)) {
					add(pt.Name)
				}
			}
		}
	}
	slices.Sort(out)
	return out
}

// payTables are the games.PayTable fields of a settings struct (or a
// pointer to one), as a house resolved them.
func payTables(v reflect.Value) []games.PayTable {
	for v.Kind() == reflect.Pointer {
		if v.IsNil() {
			return nil
		}
		v = v.Elem()
	}
	if v.Kind() != reflect.Struct {
		return nil
	}
	var out []games.PayTable
	for i := range v.NumField() {
		if !v.Type().Field(i).IsExported() {
			continue
		}
		if pt, ok := v.Field(i).Interface().(games.PayTable); ok {
			out = append(out, pt)
		}
	}
	return out
}

// token is a word of a text and where it starts.
type token struct {
	s  string
	at int
}

// tokenize cuts text into words: letters and digits, with the hyphens
// and apostrophes inside them.
func tokenize(text string) []token {
	var out []token
	start := -1
	for i, r := range text {
		inWord := unicode.IsLetter(r) || unicode.IsDigit(r) || (start >= 0 && (r == '-' || r == '\''))
		switch {
		case inWord && start < 0:
			start = i
		case !inWord && start >= 0:
			out = append(out, token{strings.TrimRight(text[start:i], "-'"), start})
			start = -1
		}
	}
	if start >= 0 {
		out = append(out, token{strings.TrimRight(text[start:], "-'"), start})
	}
	return out
}

// wordIndex is where word stands in text as a whole word (not inside a
// longer one), or -1.
func wordIndex(text, word string) int {
	from := 0
	for {
		i := strings.Index(text[from:], word)
		if i < 0 {
			return -1
		}
		i += from
		before, after := rune(' '), rune(' ')
		if i > 0 {
			before = lastRune(text[:i])
		}
		if j := i + len(word); j < len(text) {
			after = []rune(text[j:])[0]
		}
		if !isWordRune(before) && !isWordRune(after) {
			return i
		}
		from = i + len(word)
	}
}

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' }

func lastRune(s string) rune {
	r := []rune(s)
	return r[len(r)-1]
}

// quoteAround quotes text around the n bytes at i, thirty letters either
// side, so that a failure shows the sentence to fix.
func quoteAround(text string, i, n int) string {
	r := []rune(text)
	at := len([]rune(text[:i]))
	from, to := max(0, at-30), min(len(r), at+len([]rune(text[i:i+n]))+30)
	return fmt.Sprintf("%q in …%s…", text[i:i+n], string(r[from:to]))
}
