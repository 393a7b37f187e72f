package i18n

import (
	"io/fs"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
	"unicode/utf8"

	content "github.com/dealerkiosk/trainer/content/i18n"
	rules "github.com/dealerkiosk/trainer/content/rules"
	"github.com/pelletier/go-toml/v2"
)

// A text people read, in English and in one translation, and where it is:
// a catalogue message, a rule book's section or a procedure's field. id is
// what a glossary's except names (the message id, the section's id, the
// situation's or sequence's id).
type pairedText struct {
	where, id string
	en, tr    string
}

// loadGlossary reads content/i18n/glossary.<lang>.toml strictly: a key the
// format lacks is a typo that would silently check nothing.
func loadGlossary(t *testing.T, lang string) glossary {
	t.Helper()
	name := "glossary." + lang + ".toml"
	buf, err := content.FS.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	var g glossary
	d := toml.NewDecoder(strings.NewReader(string(buf)))
	d.DisallowUnknownFields()
	if err := d.Decode(&g); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return g
}

// glossaryProblems applies g to texts: wherever the English says a term
// (case-insensitive; a term written with a capital, a wager's name, only so
// written), the translation says the term's use or one of its accepted
// forms; no translation says a rendering the glossary avoids.
func glossaryProblems(g glossary, texts []pairedText) []string {
	var problems []string
	for _, term := range g.Term {
		flags := "(?i)"
		if term.EN != strings.ToLower(term.EN) {
			flags = ""
		}
		re := regexp.MustCompile(flags + `\b` + regexp.QuoteMeta(term.EN) + `s?\b`)
		for _, p := range texts {
			// A line break inside a term ("tabelle dei\n   pagamenti") is
			// still the term.
			p.en, p.tr = strings.Join(strings.Fields(p.en), " "), strings.Join(strings.Fields(p.tr), " ")
			tr := strings.ToLower(p.tr)
			for _, bad := range term.Avoid {
				if strings.Contains(tr, strings.ToLower(bad)) {
					problems = append(problems, p.where+": "+strconv.Quote(excerpt(tr, strings.ToLower(bad)))+" says "+strconv.Quote(bad)+", which the glossary refuses for "+strconv.Quote(term.EN))
				}
			}
			if !re.MatchString(p.en) || slices.Contains(term.Except, p.id) {
				continue
			}
			ok := strings.Contains(tr, strings.ToLower(term.Use))
			for _, a := range term.Accept {
				ok = ok || strings.Contains(tr, strings.ToLower(a))
			}
			if !ok {
				problems = append(problems, p.where+": does not say "+strconv.Quote(term.Use)+" (or an accepted form) where the English says "+strconv.Quote(re.FindString(p.en))+": "+strconv.Quote(p.tr))
			}
		}
	}
	return problems
}

// excerpt is s around the first occurrence of word, so that a failure shows
// the sentence to fix rather than a whole section.
func excerpt(s, word string) string {
	i := strings.Index(s, word)
	if i < 0 {
		return s
	}
	from, to := max(0, i-60), min(len(s), i+len(word)+60)
	for from > 0 && !utf8.RuneStart(s[from]) {
		from--
	}
	for to < len(s) && !utf8.RuneStart(s[to]) {
		to++
	}
	return s[from:to]
}

var (
	// A heading with its section id: "## The layout {#uth.layout}".
	sectionHeading = regexp.MustCompile(`^#{1,6} .*\{#([\w.]+)\}\s*$`)
	// Template actions and comments: values, refs and conditions, not words
	// a translator chose ({{ruling "id"}} brings in the procedures, checked
	// on their own).
	templateAction = regexp.MustCompile(`(?s)\{\{.*?\}\}`)
	// A procedure's {placeholder}: a name for code, not a word of the text.
	placeholder = regexp.MustCompile(`\{\w+\}`)
)

// bookSections splits a rule book into its sections by id: each heading's
// title and the text up to the next heading, without template actions.
func bookSections(src string) map[string]string {
	sections := map[string]string{}
	id := ""
	for line := range strings.SplitSeq(templateAction.ReplaceAllString(src, " "), "\n") {
		if m := sectionHeading.FindStringSubmatch(line); m != nil {
			id = m[1]
			line = strings.TrimSuffix(strings.TrimSpace(line), "{#"+id+"}") // the id is not a word of the title
		}
		if id != "" {
			sections[id] += line + "\n"
		}
	}
	return sections
}

// bookTexts pairs each section of books/<lang>/<game>.md with the English
// section of the same id. A section the translation lacks is shown in
// English (docs/i18n.md), so there is nothing to compare.
func bookTexts(fsys fs.FS, lang string) ([]pairedText, error) {
	names, err := fs.Glob(fsys, "books/"+lang+"/*.md")
	if err != nil {
		return nil, err
	}
	var texts []pairedText
	for _, name := range names {
		tr, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, err
		}
		en, err := fs.ReadFile(fsys, "books/"+strings.TrimPrefix(name, "books/"+lang+"/"))
		if err != nil {
			return nil, err
		}
		enSections := bookSections(string(en))
		for id, text := range bookSections(string(tr)) {
			texts = append(texts, pairedText{where: name + "#" + id, id: id, en: enSections[id], tr: text})
		}
	}
	return texts, nil
}

// The fields of a procedure that people read, in English (procedures/<game>.toml)
// and translated (procedures/<lang>/<game>.toml, by id). Other fields are
// the English file's alone and are ignored here.
type (
	procedureSituation struct {
		ID      string              `toml:"id"`
		Title   string              `toml:"title"`
		Prompt  string              `toml:"prompt"`
		Ruling  string              `toml:"ruling"`
		Vars    map[string][]string `toml:"vars"`
		Choices []struct {
			Text string `toml:"text"`
			Why  string `toml:"why"`
		} `toml:"choices"`
	}
	procedureSequence struct {
		ID    string   `toml:"id"`
		Title string   `toml:"title"`
		Steps []string `toml:"steps"`
	}
	englishProcedures struct {
		Situation []procedureSituation `toml:"situation"`
		Sequence  []procedureSequence  `toml:"sequence"`
	}
	translatedProcedures struct {
		Situation map[string]procedureSituation `toml:"situation"`
		Sequence  map[string]procedureSequence  `toml:"sequence"`
	}
)

// fields lists a situation's texts by field name (vars.act[2], choices[1].why).
func (s procedureSituation) fields() map[string]string {
	f := map[string]string{"title": s.Title, "prompt": s.Prompt, "ruling": s.Ruling}
	for name, values := range s.Vars {
		for i, v := range values {
			f["vars."+name+"["+strconv.Itoa(i)+"]"] = v
		}
	}
	for i, c := range s.Choices {
		f["choices["+strconv.Itoa(i)+"].text"] = c.Text
		f["choices["+strconv.Itoa(i)+"].why"] = c.Why
	}
	return f
}

func (s procedureSequence) fields() map[string]string {
	f := map[string]string{"title": s.Title}
	for i, v := range s.Steps {
		f["steps["+strconv.Itoa(i)+"]"] = v
	}
	return f
}

// procedureTexts pairs each text of procedures/<lang>/<game>.toml with the
// English text of the same id and field.
func procedureTexts(fsys fs.FS, lang string) ([]pairedText, error) {
	names, err := fs.Glob(fsys, "procedures/"+lang+"/*.toml")
	if err != nil {
		return nil, err
	}
	var texts []pairedText
	pair := func(name, id string, en, tr map[string]string) {
		for field, text := range tr {
			if text == "" {
				continue
			}
			texts = append(texts, pairedText{
				where: name + ": " + id + "." + field, id: id,
				en: placeholder.ReplaceAllString(en[field], " "), tr: placeholder.ReplaceAllString(text, " "),
			})
		}
	}
	for _, name := range names {
		var en englishProcedures
		var tr translatedProcedures
		if err := decodeFile(fsys, "procedures/"+strings.TrimPrefix(name, "procedures/"+lang+"/"), &en); err != nil {
			return nil, err
		}
		if err := decodeFile(fsys, name, &tr); err != nil {
			return nil, err
		}
		for _, s := range en.Situation {
			if t, ok := tr.Situation[s.ID]; ok {
				pair(name, s.ID, s.fields(), t.fields())
			}
		}
		for _, s := range en.Sequence {
			if t, ok := tr.Sequence[s.ID]; ok {
				pair(name, s.ID, s.fields(), t.fields())
			}
		}
	}
	return texts, nil
}

func decodeFile(fsys fs.FS, name string, v any) error {
	buf, err := fs.ReadFile(fsys, name)
	if err != nil {
		return err
	}
	if err := toml.Unmarshal(buf, v); err != nil {
		return &fs.PathError{Op: "decode", Path: name, Err: err}
	}
	return nil
}

// TestGlossaryRules: the rule books and the procedures say each casino term
// the glossary's way, as the catalogues do (TestGlossary): the translation
// of a book section, or of a procedure's text, says the term's word wherever
// the English of the same id says the term, and no rendering the glossary
// refuses appears anywhere. Two translators of one language who pick two
// words for a misdeal fail here.
func TestGlossaryRules(t *testing.T) {
	for _, l := range Offered {
		if l.Tag == Source {
			continue
		}
		g := loadGlossary(t, l.Tag)
		books, err := bookTexts(rules.FS, l.Tag)
		if err != nil {
			t.Fatal(err)
		}
		procs, err := procedureTexts(rules.FS, l.Tag)
		if err != nil {
			t.Fatal(err)
		}
		if len(books) < 100 || len(procs) < 500 {
			t.Fatalf("%s: %d book sections and %d procedure texts; want the four games' books and procedures", l.Tag, len(books), len(procs))
		}
		problems := glossaryProblems(g, append(books, procs...))
		slices.Sort(problems)
		for _, p := range problems {
			t.Error(p)
		}
	}
}

// TestGlossaryRulesCatches: the pairing finds a term said another way, in a
// book section and in a procedure's choice, and a refused word anywhere; it
// leaves alone a section whose English lacks the term.
func TestGlossaryRulesCatches(t *testing.T) {
	g := glossary{Term: []glossaryTerm{{EN: "misdeal", Use: "misdeal", Accept: []string{"errore di distribuzione"}, Avoid: []string{"distribuzione errata"}}}}
	const enBook = "{{/* comment: misdeal */}}\n# Misdeals {#g.misdeal}\n\nA misdeal voids the round.\n\n# Other {#g.other}\n\nNothing here.\n"
	const enProc = "[[situation]]\nid = \"g.s\"\ntitle = \"A misdeal\"\nprompt = \"On box {box}.\"\nruling = \"Call it.\"\n[[situation.choices]]\ntext = \"Call a misdeal.\"\n[[situation.choices]]\ntext = \"Go on.\"\nwhy = \"It is a misdeal.\"\n"
	tests := []struct {
		name, book, proc string
		want             []string // where each problem is
	}{
		{"agrees",
			"# Errori {#g.misdeal}\n\nUn errore di distribuzione annulla il colpo.\n\n# Altro {#g.other}\n\nNiente.\n",
			"[situation.\"g.s\"]\ntitle = \"Un errore di distribuzione\"\nprompt = \"Sul box {box}.\"\nruling = \"Chiamalo.\"\nchoices = [{ text = \"Dichiara l'errore di distribuzione.\" }, { text = \"Continua.\", why = \"È un errore di distribuzione.\" }]\n",
			nil},
		{"another word in a book and in a choice",
			"# Errori {#g.misdeal}\n\nUna distribuzione sbagliata annulla il colpo.\n\n# Altro {#g.other}\n\nNiente.\n",
			"[situation.\"g.s\"]\ntitle = \"Un errore di distribuzione\"\nprompt = \"Sul box {box}.\"\nruling = \"Chiamalo.\"\nchoices = [{ text = \"Dichiara l'errore di distribuzione.\" }, { text = \"Continua.\", why = \"La distribuzione è sbagliata.\" }]\n",
			[]string{"books/it/g.md#g.misdeal", "procedures/it/g.toml: g.s.choices[1].why"}},
		{"a refused word where the English lacks the term",
			"# Errori {#g.misdeal}\n\nUn errore di distribuzione annulla il colpo.\n\n# Altro {#g.other}\n\nNessuna distribuzione errata.\n",
			"[situation.\"g.s\"]\ntitle = \"Un errore di distribuzione\"\nprompt = \"Sul box {box}.\"\nruling = \"Chiamalo.\"\nchoices = [{ text = \"Dichiara l'errore di distribuzione.\" }, { text = \"Continua.\", why = \"È un errore di distribuzione.\" }]\n",
			[]string{"books/it/g.md#g.other"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fsys := fstest.MapFS{
				"books/g.md":             {Data: []byte(enBook)},
				"books/it/g.md":          {Data: []byte(tt.book)},
				"procedures/g.toml":      {Data: []byte(enProc)},
				"procedures/it/g.toml":   {Data: []byte(tt.proc)},
				"procedures/common.toml": {Data: []byte("")},
			}
			books, err := bookTexts(fsys, "it")
			if err != nil {
				t.Fatal(err)
			}
			procs, err := procedureTexts(fsys, "it")
			if err != nil {
				t.Fatal(err)
			}
			var where []string
			problems := glossaryProblems(g, append(books, procs...))
			for _, p := range problems {
				i := slices.IndexFunc(tt.want, func(w string) bool { return strings.HasPrefix(p, w+": ") })
				if i < 0 {
					where = append(where, p)
					continue
				}
				where = append(where, tt.want[i])
			}
			if !slices.Equal(sorted(where), sorted(tt.want)) {
				t.Errorf("problems %q; want one at each of %q", problems, tt.want)
			}
		})
	}
}

func sorted(s []string) []string {
	s = slices.Clone(s)
	slices.Sort(s)
	return s
}
