package book

import (
	"fmt"
	"regexp"
	"strings"
)

// Book is one game's rule book at one house, assembled and numbered.
type Book struct {
	Game  string // the game's slug: "uth"
	Title string // "Ultimate Texas Hold'em: the rules of Demo casino"
	// Lang is the language the book is read in: "en" for the English
	// source (Load), else the language of Translate. A section the
	// translation lacks keeps its number and is written in another
	// language (Section.Lang), with a note saying so.
	Lang string
	// Sections are in reading order. A section's subsections follow it,
	// one level deeper.
	Sections []Section

	index  map[string]int
	tables map[string]string // pay-table kind → the section that prints it
	// included says whether the game's book includes the common chapters,
	// and shipped lists the headings of each shipped English file in
	// order: what a translation is checked against (Translate).
	included bool
	shipped  map[string][]headingOf
}

// headingOf is one heading of a shipped file, as a translation must repeat it.
type headingOf struct {
	id    string
	level int
}

// TableSection returns the id of the first section that prints the house's
// pay table of kind ({{paytable "kind"}}), or false: what the pay-table page
// cites for each wager.
func (b *Book) TableSection(kind string) (string, bool) {
	id, ok := b.tables[kind]
	return id, ok
}

// Section is one heading of the book and its text up to the next heading of
// any level.
type Section struct {
	ID     string // "uth.blind": stable, every citation points at it
	Number string // "2.3", computed from the order of the headings
	Level  int    // 1 for a chapter (#), 2 for a section (##), 3 for a subsection (###)
	Title  string // "The Blind bet", plain words
	// Markdown is the section's text as Markdown, its heading left out,
	// with the house's values and cross-references filled in.
	Markdown string
	// HTML is the same text as HTML. Raw HTML in the source is never
	// passed through; cross-references link to "#<id>".
	HTML string
	// Text is the same text as plain words, for search.
	Text string
	// File and Line say where the section was written: a shipped book or
	// the house's own file.
	File string
	Line int
	// House is set when the house's own file wrote the section (replaced
	// or added).
	House bool
	// Lang is the language the section's title and text are written in:
	// the book's own, or, for a section its translation lacks, the house's
	// language or English (the text then begins with a note in the book's
	// language).
	Lang string
	// Note is "This section is not yet translated." in the book's
	// language, for a section whose Lang is not the book's: Markdown
	// begins with it; HTML and Text leave it to the page.
	Note string

	ruling   bool   // written by {{ruling}}: its level follows where it stands
	raw      string // the text before cross-references are resolved, for Translate
	rendered bool   // HTML and Text are set already (finish leaves them)
}

// Ref is a citation resolved against a book: what `trainer drill` prints
// under "refs" and what a page shows as "§2.3 The Blind bet".
type Ref struct {
	Section string `json:"section"` // the section id
	Number  string `json:"number"`  // "2.3"
	Title   string `json:"title"`   // "The Blind bet"
}

// String is the citation as a page shows it: "§2.3 The Blind bet".
func (r Ref) String() string { return "§" + r.Plain() }

// Plain is the citation without the section sign: "2.3 The Blind bet", as
// `trainer settle` prints a wager's rule.
func (r Ref) Plain() string { return r.Number + " " + r.Title }

// Ref resolves a section id, or reports false when the book has no such
// section.
func (b *Book) Ref(id string) (Ref, bool) {
	s, ok := b.Section(id)
	if !ok {
		return Ref{}, false
	}
	return Ref{Section: s.ID, Number: s.Number, Title: s.Title}, true
}

// Refs resolves every id that the book has, in order and without repeats,
// and leaves out the rest.
func (b *Book) Refs(ids ...string) []Ref {
	var out []Ref
	seen := map[string]bool{}
	for _, id := range ids {
		if r, ok := b.Ref(id); ok && !seen[id] {
			seen[id] = true
			out = append(out, r)
		}
	}
	return out
}

// Section returns the section id.
func (b *Book) Section(id string) (Section, bool) {
	i, ok := b.index[id]
	if !ok {
		return Section{}, false
	}
	return b.Sections[i], true
}

// Subtree returns the section id and its subsections, or nil.
func (b *Book) Subtree(id string) []Section {
	i, ok := b.index[id]
	if !ok {
		return nil
	}
	j := i + 1
	for j < len(b.Sections) && b.Sections[j].Level > b.Sections[i].Level {
		j++
	}
	return b.Sections[i:j]
}

// Markdown writes the whole book as Markdown with the numbers in the
// headings and the ids after them ("## 2.3 The Blind bet {#uth.blind}"):
// what `trainer book` prints, and what a house copies from to write its own
// sections.
func (b *Book) Markdown() string {
	var w strings.Builder
	w.WriteString(b.Title + "\n")
	for _, s := range b.Sections {
		fmt.Fprintf(&w, "\n%s %s %s {#%s}\n", strings.Repeat("#", s.Level), s.Number, s.Title, s.ID)
		if body := strings.TrimSpace(s.Markdown); body != "" {
			w.WriteString("\n" + body + "\n")
		}
	}
	return w.String()
}

// Search returns the sections whose title or text holds every word of q,
// ignoring case, in book order. An empty query finds nothing.
func (b *Book) Search(q string) []Section {
	words := strings.Fields(strings.ToLower(q))
	if len(words) == 0 {
		return nil
	}
	var out []Section
	for _, s := range b.Sections {
		hay := strings.ToLower(s.Number + " " + s.Title + "\n" + s.Text)
		all := true
		for _, w := range words {
			if !strings.Contains(hay, w) {
				all = false
				break
			}
		}
		if all {
			out = append(out, s)
		}
	}
	return out
}

// idPattern is a section id: the game's slug or "common", a dot, then
// letters, digits, ".", "-" and "_". Upper case is allowed so that a ruling
// keeps its situation's id ("oracle.R7"); two ids that differ only in case
// are refused as duplicates.
var idPattern = regexp.MustCompile(`^[a-z]+\.[A-Za-z0-9][A-Za-z0-9._-]*$`)

// ValidID reports whether id has the form of a section id.
func ValidID(id string) bool { return idPattern.MatchString(id) }
