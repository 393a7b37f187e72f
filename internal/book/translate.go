package book

import (
	"io/fs"
	"path"
	"strings"

	"github.com/dealerkiosk/trainer/internal/i18n"
)

// english is the language of the shipped books (Book.Lang, Section.Lang).
const english = i18n.Source

// LangFiles lists the book files of game in language lang that a house in
// houseDir reads (docs/i18n.md): the shipped translation of the game's book
// and of the common chapters, then the house's own translations. Any of
// them may be missing.
func LangFiles(game, houseDir, lang string) []string {
	return []string{
		path.Join(Dir, lang, game+".md"), path.Join(Dir, lang, Common+".md"),
		path.Join(houseDir, Dir, lang, Common+".md"), path.Join(houseDir, Dir, lang, game+".md"),
	}
}

// Translate assembles src, the house's English book of env.Game (from Load),
// in language env.Lang: every section, in the same place and with the same
// number, is taken from the translation of its file (books/<lang>/…, or,
// for a section the house wrote, houses/<house>/books/<lang>/…), else from
// fallback (the house's own language, when it is neither English nor
// env.Lang; nil otherwise) where that book has it translated, else from
// src; a section not in env.Lang begins with a note saying it is not yet
// translated. env carries the house's values with the rulings and steps in
// env.Lang.
//
// A missing file or section is no error. A translation is refused, naming
// the file and the line, for a section the English lacks, a section out of
// the English order or at another level, a place given with after= (a
// translation keeps the English places), and anything Load refuses in a
// file (a template that does not parse or run, a heading without an id…).
func Translate(fsys fs.FS, houseDir string, env Env, src, fallback *Book) (*Book, error) {
	lang := env.Lang
	l := &loader{fsys: fsys, env: &env, sources: map[string][]byte{}}
	en := Files(env.Game, houseDir)
	tr := LangFiles(env.Game, houseDir, lang)
	shippedText := map[string]part{}
	for i, f := range []struct {
		file, en   string
		canInclude bool
	}{{tr[0], en[0], true}, {tr[1], en[1], false}} {
		if i == 1 && !src.included {
			continue
		}
		parts, err := l.run(f.file, true, f.canInclude)
		if err != nil {
			return nil, err
		}
		if err := inOrder(parts, src.shipped[f.en], f.en, shippedText, src.included); err != nil {
			return nil, err
		}
	}
	houseText := map[string]part{}
	for i, file := range tr[2:] {
		if i == 0 && !src.included {
			continue
		}
		parts, err := l.run(file, true, false)
		if err != nil {
			return nil, err
		}
		var heads []headingOf
		for _, s := range src.Sections {
			if !s.ruling {
				heads = append(heads, headingOf{s.ID, s.Level})
				continue
			}
			heads = append(heads, headingOf{s.ID, 3}) // {{ruling}} writes ###; its place sets its level
		}
		if err := inOrder(parts, heads, "the house's English book", houseText, false); err != nil {
			return nil, err
		}
	}
	loc := localizer(lang)
	note := loc.T("book_text.untranslated")
	b := &Book{Game: src.Game, Lang: lang, Title: loc.T("book_text.title", "Game", env.GameName, "House", env.House.Name),
		Sections: make([]Section, len(src.Sections)), index: src.index, included: src.included, shipped: src.shipped}
	for i, s := range src.Sections {
		p, ok := houseText[s.ID]
		if !ok && !s.House {
			// A section the house rewrote is not the shipped one: the
			// shipped translation would say the shipped rule.
			p, ok = shippedText[s.ID]
		}
		r, isRuling := env.Rulings[s.ID]
		switch {
		case ok:
			s.Title, s.raw, s.File, s.Line, s.Lang = p.title, p.body, p.file, p.line, lang
		case s.ruling && isRuling && r.Lang == lang:
			// The file lacks the section {{ruling}} writes, but the
			// procedures have the ruling in this language: state it.
			s.Title, s.raw, s.Lang = r.Title, r.Text, lang
		case fallback != nil && fallback.Lang != lang && fallback.hasOwn(s.ID):
			f, _ := fallback.Section(s.ID)
			s.Title, s.raw, s.File, s.Line, s.Lang = f.Title, f.raw, f.File, f.Line, f.Lang
		}
		s.Markdown, s.Note = s.raw, ""
		if s.Lang != lang {
			s.Note = note
		}
		// An English section without cross-references reads the same in
		// every book: keep its rendering (rendering is most of the cost of
		// a translation, and most sections of a new one are English).
		s.rendered = s.Lang == src.Lang && !strings.Contains(s.raw, "⟦ref:")
		b.Sections[i] = s
	}
	if err := l.finish(b); err != nil {
		return nil, err
	}
	for i := range b.Sections {
		// The note leads the section's Markdown (what `trainer book`
		// prints); a page shows it apart from the HTML, in the page's
		// language, while the text is marked as written in another.
		if s := &b.Sections[i]; s.Note != "" {
			s.Markdown = "_" + s.Note + "_\n\n" + s.Markdown
		}
	}
	return b, nil
}

// hasOwn reports whether the book has section id in its own language.
func (b *Book) hasOwn(id string) bool {
	s, ok := b.Section(id)
	return ok && s.Lang == b.Lang
}

// inOrder checks the parts of a translated file against the headings of the
// English (enName names it): each id is the English's, in the English order,
// at the English level, without after=; and adds them to out by id.
func inOrder(parts []part, heads []headingOf, enName string, out map[string]part, canInclude bool) error {
	pos := make(map[string]int, len(heads))
	for i, h := range heads {
		pos[h.id] = i
	}
	last := -1
	for _, p := range parts {
		if p.include {
			if !canInclude {
				return errf(p.file, p.line, `{{include "common"}}: the English book does not include the common chapters`)
			}
			continue
		}
		i, ok := pos[p.id]
		switch {
		case p.after != "":
			return errf(p.file, p.line, "heading %q: a translation keeps the places of the English book: leave out after=", p.title)
		case !ok:
			return errf(p.file, p.line, "heading %q: %s has no section %q: a translation has the English sections only", p.title, enName, p.id)
		case i == last:
			return errf(p.file, p.line, "heading %q: section %q is translated twice", p.title, p.id)
		case i < last:
			return errf(p.file, p.line, "heading %q: section %q comes before %q in %s: keep the English order", p.title, p.id, heads[last].id, enName)
		case p.level != heads[i].level:
			return errf(p.file, p.line, "heading %q is %s, but %s writes %q as %s: keep its level", p.title,
				strings.Repeat("#", p.level), enName, p.id, strings.Repeat("#", heads[i].level))
		}
		last = i
		out[p.id] = p
	}
	return nil
}
