package rulebook

import (
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"path"
	"slices"
	"strings"

	"github.com/dealerkiosk/trainer/internal/i18n"
)

// The procedures in another language (docs/i18n.md): procedures/<lang>/<game>.toml
// and common.toml translate, by id, what people read of the shipped
// situations and sequences; houses/<house>/procedures.<lang>.toml does the
// same for the house's own rewrites and situations (and may reword a shipped
// one). Everything else (answers, settings, requires, refs) is the English
// file's. A missing file or id falls back to English, item by item.

// transFile is one translation file.
type transFile struct {
	Game       string                   `toml:"game"` // optional; the file's name says the game
	Situations map[string]situationText `toml:"situation"`
	Sequences  map[string]sequenceText  `toml:"sequence"`
}

// situationText is what a translation gives of a situation.
type situationText struct {
	Title   string              `toml:"title"`
	Prompt  string              `toml:"prompt"`
	Ruling  string              `toml:"ruling"`
	Vars    map[string][]string `toml:"vars"`
	Choices []Choice            `toml:"choices"`
}

// sequenceText is what a translation gives of a sequence.
type sequenceText struct {
	Title string   `toml:"title"`
	Steps []string `toml:"steps"`
}

// textKey finds a translation: house "" for the shipped procedures/<lang>/.
type textKey struct{ house, lang, id string }

// texts are the translations a house's procedures read from.
type texts struct {
	sit map[textKey]situationText
	seq map[textKey]sequenceText
}

// Languages other than the source that the procedures may be translated to.
func translatedLangs() []string {
	var out []string
	for _, l := range i18n.Offered {
		if l.Tag != i18n.Source {
			out = append(out, l.Tag)
		}
	}
	return out
}

// loadShippedTexts reads procedures/<lang>/*.toml, checked against the
// shipped English situations and sequences of base.
func loadShippedTexts(fsys fs.FS, base *procBase, into *texts) error {
	sits := map[string]*Situation{}
	for _, s := range base.situations {
		sits[s.ID] = s
	}
	seqs := map[string]*Sequence{}
	for _, q := range base.sequences {
		seqs[q.ID] = q
	}
	want := append(slices.Clone(GameSlugs), CommonSlug)
	for _, lang := range translatedLangs() {
		dir := path.Join("procedures", lang)
		entries, err := fs.ReadDir(fsys, dir)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return errf(dir, "", "cannot list: "+err.Error())
		}
		for _, e := range entries {
			slug, ok := strings.CutSuffix(e.Name(), ".toml")
			file := path.Join(dir, e.Name())
			if e.IsDir() || !ok || !slices.Contains(want, slug) {
				return errf(file, "", "unknown file: "+dir+"/ holds <game>.toml and common.toml only")
			}
			if err := readTexts(fsys, file, slug, "", lang, sits, seqs, into); err != nil {
				return err
			}
		}
	}
	return nil
}

// loadHouseTexts reads houses/<house>/procedures.<lang>.toml for each
// language, checked against the house's procedures p (its rewrites and its
// own situations applied). An id the house holds back (Unresolved) is not
// among them: the house writes its ruling in English first.
func loadHouseTexts(fsys fs.FS, house string, p *Procedures, into *texts) error {
	sits := map[string]*Situation{}
	for _, s := range p.Situations {
		sits[s.ID] = s
	}
	seqs := map[string]*Sequence{}
	for _, q := range p.Sequences {
		seqs[q.ID] = q
	}
	for _, lang := range translatedLangs() {
		file := "houses/" + house + "/procedures." + lang + ".toml"
		if err := readTexts(fsys, file, "", house, lang, sits, seqs, into); err != nil {
			return err
		}
	}
	return nil
}

// readTexts reads one translation file (a missing house file is none) and
// checks each id against its English: slug is the game every id belongs to
// ("" for a house's file).
func readTexts(fsys fs.FS, file, slug, house, lang string, sits map[string]*Situation, seqs map[string]*Sequence, into *texts) error {
	data, err := fs.ReadFile(fsys, file)
	if errors.Is(err, fs.ErrNotExist) && house != "" {
		return nil
	}
	if err != nil {
		return errf(file, "", "cannot read: "+err.Error())
	}
	var tf transFile
	if err := decodeStrict(file, data, &tf); err != nil {
		return err
	}
	if tf.Game != "" && tf.Game != slug {
		return errf(file, "game", fmt.Sprintf("is %q, want %q (or leave it out)", tf.Game, slug))
	}
	english := "the English procedures"
	if slug != "" {
		english = "procedures/" + slug + ".toml"
	}
	for _, id := range slices.Sorted(maps.Keys(tf.Situations)) {
		key := fmt.Sprintf("situation[%s]", id)
		en := sits[id]
		if en == nil || slug != "" && en.Game != slug {
			return errf(file, key, fmt.Sprintf("%s has no situation %q: a translation translates the English ids only", english, id))
		}
		t := tf.Situations[id]
		if err := checkSituationText(file, key, en, t); err != nil {
			return err
		}
		into.sit[textKey{house, lang, id}] = t
	}
	for _, id := range slices.Sorted(maps.Keys(tf.Sequences)) {
		key := fmt.Sprintf("sequence[%s]", id)
		en := seqs[id]
		if en == nil || slug != "" && en.Game != slug {
			return errf(file, key, fmt.Sprintf("%s has no sequence %q: a translation translates the English ids only", english, id))
		}
		t := tf.Sequences[id]
		if err := checkSequenceText(file, key, en, t); err != nil {
			return err
		}
		into.seq[textKey{house, lang, id}] = t
	}
	return nil
}

// checkSituationText refuses a translation that does not match its English
// item for item: every text given, as many values of each var and as many
// choices, in the same order, a why exactly where the English has one, and
// the same {placeholders} in each text.
func checkSituationText(file, key string, en *Situation, t situationText) error {
	for _, f := range []struct{ name, text string }{{"title", t.Title}, {"prompt", t.Prompt}, {"ruling", t.Ruling}} {
		if strings.TrimSpace(f.text) == "" {
			return errf(file, key+"."+f.name, "is empty: translate it, or leave the situation out to read it in English")
		}
	}
	if strings.ContainsAny(t.Title, "{}") {
		return errf(file, key+".title", "a title has no placeholders")
	}
	if err := samePlaceholders(file, key+".prompt", en.Prompt, t.Prompt); err != nil {
		return err
	}
	if err := samePlaceholders(file, key+".ruling", en.Ruling, t.Ruling); err != nil {
		return err
	}
	if len(t.Choices) != len(en.Choices) {
		return errf(file, key+".choices", fmt.Sprintf("has %d choices; the English has %d, in the same order", len(t.Choices), len(en.Choices)))
	}
	for i, c := range t.Choices {
		ck := fmt.Sprintf("%s.choices[%d]", key, i+1)
		e := en.Choices[i]
		switch {
		case strings.TrimSpace(c.Text) == "":
			return errf(file, ck+".text", "is empty")
		case e.Why == "" && c.Why != "":
			return errf(file, ck+".why", "the English has no why here (it is the right choice: the ruling explains it)")
		case e.Why != "" && strings.TrimSpace(c.Why) == "":
			return errf(file, ck+".why", "missing: the English says why this choice is wrong")
		}
		if err := samePlaceholders(file, ck+".text", e.Text, c.Text); err != nil {
			return err
		}
		if err := samePlaceholders(file, ck+".why", e.Why, c.Why); err != nil {
			return err
		}
	}
	for _, name := range slices.Sorted(maps.Keys(t.Vars)) {
		if _, ok := en.Vars[name]; !ok {
			return errf(file, key+".vars."+name, "the English has no vars."+name)
		}
	}
	for _, name := range slices.Sorted(maps.Keys(en.Vars)) {
		vk := key + ".vars." + name
		vals, ok := t.Vars[name]
		if !ok {
			return errf(file, vk, "missing: the English draws {"+name+"} from its values")
		}
		if len(vals) != len(en.Vars[name]) {
			return errf(file, vk, fmt.Sprintf("has %d values; the English has %d, in the same order", len(vals), len(en.Vars[name])))
		}
		for j, v := range vals {
			k := fmt.Sprintf("%s[%d]", vk, j+1)
			if strings.TrimSpace(v) == "" {
				return errf(file, k, "is empty")
			}
			if err := samePlaceholders(file, k, en.Vars[name][j], v); err != nil {
				return err
			}
		}
	}
	return nil
}

// checkSequenceText refuses a sequence whose title is missing or whose
// steps are not as many as the English's.
func checkSequenceText(file, key string, en *Sequence, t sequenceText) error {
	if strings.TrimSpace(t.Title) == "" {
		return errf(file, key+".title", "is empty: translate it, or leave the sequence out to read it in English")
	}
	if len(t.Steps) != len(en.Steps) {
		return errf(file, key+".steps", fmt.Sprintf("has %d steps; the English has %d, in the same order", len(t.Steps), len(en.Steps)))
	}
	for i, st := range t.Steps {
		k := fmt.Sprintf("%s.steps[%d]", key, i+1)
		switch {
		case strings.TrimSpace(st) == "":
			return errf(file, k, "is empty")
		case strings.ContainsAny(st, "{}"):
			return errf(file, k, "a step has no placeholders")
		}
	}
	return nil
}

// samePlaceholders refuses a translated text whose {placeholders} are not
// the English text's (in any order: a language puts words where it needs).
func samePlaceholders(file, key, en, tr string) error {
	want, err := Placeholders(en)
	if err != nil {
		return errf(file, key, err.Error())
	}
	got, err := Placeholders(tr)
	if err != nil {
		return errf(file, key, err.Error())
	}
	set := func(ns []string) []string { s := slices.Clone(ns); slices.Sort(s); return slices.Compact(s) }
	if w, g := set(want), set(got); !slices.Equal(w, g) {
		return errf(file, key, fmt.Sprintf("has the placeholders {%s}; the English has {%s}", strings.Join(g, "}, {"), strings.Join(w, "}, {")))
	}
	return nil
}

// SituationIn returns situation id with what people read of it in language
// lang: the house's own translation, else (for a situation as shipped) the
// shipped one, else the same in the house's language, else English. The
// answer, the order of the choices and the values' order are the English
// ones, so that a seed draws the same question in every language. Nil for
// an unknown id.
func (p *Procedures) SituationIn(lang, id string) *Situation {
	s := p.situations[id]
	if s == nil {
		return nil
	}
	for _, l := range p.chain(lang) {
		t, ok := lookup(p.texts.sit, p.house, l, s.ID, s.owner())
		if !ok {
			continue
		}
		c := *s
		c.Title, c.Prompt, c.Ruling = t.Title, t.Prompt, t.Ruling
		c.Vars = t.Vars
		c.Choices = make([]Choice, len(s.Choices))
		copy(c.Choices, t.Choices)
		return &c
	}
	return s
}

// SequenceIn returns sequence id in language lang, as SituationIn does.
func (p *Procedures) SequenceIn(lang, id string) *Sequence {
	q := p.sequences[id]
	if q == nil {
		return nil
	}
	for _, l := range p.chain(lang) {
		if t, ok := lookup(p.texts.seq, p.house, l, q.ID, q.owner()); ok {
			c := *q
			c.Title, c.Steps = t.Title, t.Steps
			return &c
		}
	}
	return q
}

// Translated reports whether situation or sequence id reads in lang from a
// translation of its own (not from a fallback).
func (p *Procedures) Translated(lang, id string) bool { return p.LangOf(lang, id) == lang }

// LangOf is the language SituationIn and SequenceIn give id in for a reader
// of lang: lang, the house's language, or English.
func (p *Procedures) LangOf(lang, id string) string {
	for _, l := range p.chain(lang) {
		var ok bool
		if s := p.situations[id]; s != nil {
			_, ok = lookup(p.texts.sit, p.house, l, id, s.owner())
		} else if q := p.sequences[id]; q != nil {
			_, ok = lookup(p.texts.seq, p.house, l, id, q.owner())
		}
		if ok {
			return l
		}
	}
	return i18n.Source
}

// owner is the house whose file wrote the situation's words, or "" when
// they are the shipped ones (a house that changed only its ref or answer
// keeps the shipped words, and their translations).
func (s *Situation) owner() string { return s.wordsBy }

// owner is as Situation's.
func (q *Sequence) owner() string { return q.wordsBy }

// chain lists the languages a text of lang is looked for in, before English.
func (p *Procedures) chain(lang string) []string {
	if lang == "" || lang == i18n.Source {
		return nil // English is the source: no fallback to read it in
	}
	var out []string
	for _, l := range []string{lang, p.language} {
		if l != "" && l != i18n.Source && !slices.Contains(out, l) {
			out = append(out, l)
		}
	}
	return out
}

// lookup finds the text of id in lang for house: the house's own file
// first; then, for an item a house file wrote (owner, which may be the
// default house's file that every house reads), that house's file only —
// the shipped translation says the shipped rule, not the rewrite; else the
// shipped translation.
func lookup[T any](m map[textKey]T, house, lang, id, owner string) (T, bool) {
	if t, ok := m[textKey{house, lang, id}]; ok {
		return t, true
	}
	if owner != "" {
		t, ok := m[textKey{owner, lang, id}]
		return t, ok
	}
	t, ok := m[textKey{"", lang, id}]
	return t, ok
}
