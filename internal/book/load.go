package book

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"text/template"
)

// The files of a book (docs/book.md).
const (
	// Dir holds the shipped books: Dir/<game>.md and Dir/common.md.
	Dir = "books"
	// Common is the name of the chapters every game's book may include.
	Common = "common"
)

// Files lists the book files of game that a house in houseDir reads, shipped
// first: what Load reads, for callers that hash or copy them.
func Files(game, houseDir string) []string {
	return []string{
		path.Join(Dir, game+".md"), path.Join(Dir, Common+".md"),
		path.Join(houseDir, Dir, Common+".md"), path.Join(houseDir, Dir, game+".md"),
	}
}

// Load assembles the book of env.Game for the house whose folder is houseDir
// ("houses/casino"): the shipped books/<game>.md, with books/common.md where
// it says {{include "common"}}, then the house's own books/common.md and
// books/<game>.md over them. Every problem is an *Error naming the file and
// the line.
func Load(fsys fs.FS, houseDir string, env Env) (*Book, error) {
	l := &loader{fsys: fsys, env: &env, sources: map[string][]byte{}}
	b, err := l.load(houseDir)
	if err != nil {
		return nil, err
	}
	return b, nil
}

type loader struct {
	fsys    fs.FS
	env     *Env
	sources map[string][]byte
	refs    map[string][]string // file → the ids its `ref` calls point at
}

// run reads file, runs its template and splits the output into parts. A
// missing file gives no parts and no error when optional.
func (l *loader) run(file string, optional, canInclude bool) ([]part, error) {
	src, err := fs.ReadFile(l.fsys, file)
	if errors.Is(err, fs.ErrNotExist) && optional {
		return nil, nil
	}
	if err != nil {
		return nil, errf(file, 0, "cannot read: %v", err)
	}
	l.sources[file] = src
	w := &writer{env: l.env, file: file, rulings: map[string]bool{}, canInclude: canInclude}
	t, err := template.New(file).Option("missingkey=error").Funcs(w.funcs()).Parse(string(src))
	if err != nil {
		return nil, templateError(file, err, l.setKeys())
	}
	var out bytes.Buffer
	d := data{House: l.env.House, Game: gameData{Slug: l.env.Game, Name: l.env.GameName}, Set: l.env.Set, Limits: l.env.Limits}
	if err := t.Execute(&out, d); err != nil {
		return nil, templateError(file, err, l.setKeys())
	}
	if l.refs == nil {
		l.refs = map[string][]string{}
	}
	l.refs[file] = w.refs
	return split(file, src, out.Bytes(), w.rulings)
}

func (l *loader) setKeys() []string { return slices.Sorted(maps.Keys(l.env.Set)) }

func (l *loader) load(houseDir string) (*Book, error) {
	files := Files(l.env.Game, houseDir)
	gameFile, commonFile, houseCommon, houseGame := files[0], files[1], files[2], files[3]
	parts, err := l.run(gameFile, false, true)
	if err != nil {
		return nil, err
	}
	var secs []Section
	included := false
	heads := map[string][]headingOf{}
	for _, p := range parts {
		if p.include {
			included = true
			common, err := l.run(commonFile, false, false)
			if err != nil {
				return nil, err
			}
			for _, c := range common {
				if err := shipped(c, Common); err != nil {
					return nil, err
				}
				secs = append(secs, sectionOf(c, false))
				heads[commonFile] = append(heads[commonFile], headingOf{c.id, c.level})
			}
			continue
		}
		if err := shipped(p, l.env.Game); err != nil {
			return nil, err
		}
		secs = append(secs, sectionOf(p, false))
		heads[gameFile] = append(heads[gameFile], headingOf{p.id, p.level})
	}
	if len(secs) == 0 {
		return nil, errf(gameFile, 0, "the book has no section")
	}
	if err := unique(secs); err != nil {
		return nil, err
	}
	if included {
		if secs, err = l.applyHouse(secs, houseCommon, Common); err != nil {
			return nil, err
		}
	}
	if secs, err = l.applyHouse(secs, houseGame, l.env.Game); err != nil {
		return nil, err
	}
	if err := structure(secs); err != nil {
		return nil, err
	}
	number(secs)
	b := &Book{Game: l.env.Game, Title: l.env.GameName + ": the rule book of " + l.env.House.Name, Lang: english, Sections: secs,
		index: make(map[string]int, len(secs)), included: included, shipped: heads}
	for i := range secs {
		b.index[secs[i].ID] = i
		secs[i].Lang, secs[i].raw = english, secs[i].Markdown
	}
	if err := l.finish(b); err != nil {
		return nil, err
	}
	return b, nil
}

// shipped checks a part of a shipped file: its id belongs to the file, and
// it names no place (only a house's sections do).
func shipped(p part, prefix string) error {
	if p.include {
		return errf(p.file, p.line, `{{include "common"}} is written in a game's book only`)
	}
	if p.after != "" {
		return errf(p.file, p.line, "heading %q: after= is for a house's own sections; a shipped book is read in order", p.title)
	}
	if !p.fromRuling && !strings.HasPrefix(p.id, prefix+".") {
		return errf(p.file, p.line, "heading %q: the ids of %s begin with %q, not %q", p.title, p.file, prefix+".", p.id)
	}
	if p.fromRuling && prefix == Common && !strings.HasPrefix(p.id, Common+".") {
		return errf(p.file, p.line, "%q: the common chapters rule only common situations", p.id)
	}
	return nil
}

func sectionOf(p part, house bool) Section {
	return Section{ID: p.id, Level: p.level, Title: p.title, Markdown: p.body, File: p.file, Line: p.line, House: house, ruling: p.fromRuling}
}

// unique refuses two sections with the same id, or ids that differ only in
// case (a citation typed either way would find the wrong one).
func unique(secs []Section) error {
	seen := map[string]Section{}
	for _, s := range secs {
		k := strings.ToLower(s.ID)
		if first, dup := seen[k]; dup {
			return errf(s.File, s.Line, "duplicate id %q: %s:%d has %q already", s.ID, first.File, first.Line, first.ID)
		}
		seen[k] = s
	}
	return nil
}

// applyHouse applies a house's file to the assembled sections: a heading
// whose id is in the book replaces that section's title and text; a new id
// is added after the section its after= names (after its subsections), and
// the new headings that follow it, deeper, are its subsections.
func (l *loader) applyHouse(secs []Section, file, prefix string) ([]Section, error) {
	parts, err := l.run(file, true, false)
	if err != nil {
		return nil, err
	}
	index := func(id string) int { return slices.IndexFunc(secs, func(s Section) bool { return s.ID == id }) }
	type group struct{ level, cursor int }
	var g *group
	for _, p := range parts {
		if i := index(p.id); i >= 0 {
			old := secs[i]
			switch {
			case p.after != "":
				return nil, errf(p.file, p.line, "heading %q: %q is in the book already, so this replaces it where it stands: leave out after=", p.title, p.id)
			case p.level != old.Level:
				return nil, errf(p.file, p.line, "heading %q replaces %q, a %s heading: keep its level (%s)", p.title, p.id,
					strings.Repeat("#", old.Level), strings.Repeat("#", old.Level))
			}
			secs[i] = sectionOf(p, true)
			g = nil
			continue
		}
		if !p.fromRuling && !strings.HasPrefix(p.id, prefix+".") {
			return nil, errf(p.file, p.line, "heading %q: a new section of %s has an id beginning with %q, not %q", p.title, p.file, prefix+".", p.id)
		}
		if err := unique(append(slices.Clone(secs), sectionOf(p, true))); err != nil {
			return nil, err
		}
		at := -1
		switch {
		case p.after != "":
			x := index(p.after)
			if x < 0 {
				return nil, errf(p.file, p.line, "heading %q: after=%q: the book has no section %q", p.title, p.after, p.after)
			}
			if lv := secs[x].Level; p.level != lv && p.level != lv+1 {
				return nil, errf(p.file, p.line, "heading %q: a %s heading cannot go after %q, a %s heading: use %s or %s", p.title,
					strings.Repeat("#", p.level), p.after, strings.Repeat("#", lv), strings.Repeat("#", lv), strings.Repeat("#", lv+1))
			}
			at = x + 1
			for at < len(secs) && secs[at].Level > secs[x].Level {
				at++
			}
		case g != nil && p.level > g.level:
			at = g.cursor
		default:
			return nil, errf(p.file, p.line, "heading %q: %q is a new section: say where it goes with after=\"<id>\" ({#%s after=\"…\"})", p.title, p.id, p.id)
		}
		secs = slices.Insert(secs, at, sectionOf(p, true))
		if p.after != "" {
			g = &group{level: p.level}
		}
		g.cursor = at + 1
	}
	return secs, nil
}

// structure checks the levels: the book starts with a chapter, and no
// heading is more than one level below the one before it. A ruling
// ({{ruling}}, written as ###) is a subsection of whatever it is written
// under: one level below a # or a ##, beside another ###.
func structure(secs []Section) error {
	prev, under := 0, 0 // the level before, and that of the last section not a ruling
	for i := range secs {
		s := &secs[i]
		if s.ruling && under > 0 {
			s.Level = min(under+1, 3)
		} else {
			under = s.Level
		}
		if s.Level > prev+1 {
			want := "a chapter (#)"
			if prev > 0 {
				want = "a " + strings.Repeat("#", prev+1) + " heading"
			}
			return errf(s.File, s.Line, "heading %q is %s but follows %s: write %s", s.Title, strings.Repeat("#", s.Level),
				levelName(prev), want)
		}
		prev = s.Level
	}
	return nil
}

func levelName(l int) string {
	if l == 0 {
		return "the start of the book"
	}
	return "a " + strings.Repeat("#", l) + " heading"
}

// number gives each section its number from the order of the headings.
func number(secs []Section) {
	var n [3]int
	for i := range secs {
		lv := secs[i].Level
		n[lv-1]++
		for j := lv; j < 3; j++ {
			n[j] = 0
		}
		parts := make([]string, lv)
		for j := range lv {
			parts[j] = strconv.Itoa(n[j])
		}
		secs[i].Number = strings.Join(parts, ".")
	}
}

var (
	refTokens    = regexp.MustCompile(`⟦ref:([^⟧]*)⟧`)
	tableMarkers = regexp.MustCompile(`\n?<!--book:paytable ([a-z_]+)-->\n?`)
)

// finish resolves the cross-references, notes where each pay table is
// stated, and renders every section.
func (l *loader) finish(b *Book) error {
	b.tables = map[string]string{}
	for i := range b.Sections {
		s := &b.Sections[i]
		for _, m := range tableMarkers.FindAllStringSubmatch(s.Markdown, -1) {
			if _, ok := b.tables[m[1]]; !ok {
				b.tables[m[1]] = s.ID
			}
		}
		s.Markdown = strings.TrimSpace(tableMarkers.ReplaceAllString(s.Markdown, "\n"))
		var missing string
		s.Markdown = refTokens.ReplaceAllStringFunc(s.Markdown, func(tok string) string {
			id := refTokens.FindStringSubmatch(tok)[1]
			r, ok := b.Ref(id)
			if !ok {
				if missing == "" {
					missing = id
				}
				return tok
			}
			return r.String()
		})
		if missing != "" {
			line := s.Line
			if src, ok := l.sources[s.File]; ok {
				if n := newLocator(src).lineOf(fmt.Sprintf("ref %q", missing)); n > 0 {
					line = n
				}
			}
			return errf(s.File, line, "{{ref %q}}: the book has no section %q", missing, missing)
		}
		if s.rendered {
			continue // Translate kept the English rendering: nothing in it depends on the language
		}
		h, t, err := render(s.Markdown)
		if err != nil {
			return errf(s.File, s.Line, "cannot render section %q: %v", s.ID, err)
		}
		s.HTML, s.Text = h, t
	}
	return nil
}
