package i18n

import (
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"

	goi18n "github.com/nicksnyder/go-i18n/v2/i18n"
	"github.com/pelletier/go-toml/v2"
	"golang.org/x/text/language"
)

// Language is one language the kiosk offers.
type Language struct {
	Tag  string // the BCP 47 tag, also the catalogue's file name and the stored value: "it"
	Name string // the language's name in itself, as its button reads: "Italiano"
}

// Source is the language the catalogues are written in first; every other
// catalogue translates it.
const Source = "en"

// Pseudo is the development pseudo-locale: English lengthened by 40 % and
// accented, so that a layout that cannot take a longer language, or a text
// left out of the catalogues, shows at a glance. It is never offered to
// users; `trainer serve -pseudo-locale` turns it on for every page.
const Pseudo = "en-XA"

// Offered lists the languages people may choose, in the order the sign-in
// page shows them.
var Offered = []Language{
	{Tag: "en", Name: "English"},
	{Tag: "it", Name: "Italiano"},
	{Tag: "ru", Name: "Русский"},
}

// IsOffered reports whether tag is one of the Offered languages.
func IsOffered(tag string) bool {
	return slices.ContainsFunc(Offered, func(l Language) bool { return l.Tag == tag })
}

// pluralForms are the CLDR plural categories each language's integers and
// decimals fall into (go-i18n's rules, CLDR 44): a plural message of that
// language carries exactly these forms. Italian's "many" is for millions
// ("1.000.000 di fiches").
var pluralForms = map[string][]string{
	"en": {"one", "other"},
	"it": {"one", "many", "other"},
	"ru": {"one", "few", "many", "other"},
}

// Catalog holds the messages of every offered language and the pseudo-locale.
type Catalog struct {
	bundle *goi18n.Bundle
	pseudo *goi18n.Bundle
	files  map[string]*goi18n.MessageFile // every part of a language, merged, by language tag
	parts  []part                         // the catalogue files, part by part, for Check

	idsOnce sync.Once
	ids     []string // the source language's ids, sorted, once asked for (IDs)
}

// part is one catalogue file in every language: the kiosk's pages in
// <lang>.toml, and each subject that has a folder of its own (drills/<lang>.toml,
// staff/<lang>.toml…), so that the people translating one subject, and the
// code that owns it, work in files of their own.
type part struct {
	dir   string                         // "" for the top folder, else the folder's name
	files map[string]*goi18n.MessageFile // by language tag
}

// name is the file of the part in language tag, as a problem names it.
func (p part) name(tag string) string {
	if p.dir == "" {
		return tag + ".toml"
	}
	return p.dir + "/" + tag + ".toml"
}

// Load reads the catalogues of every offered language from fsys: <lang>.toml
// and <folder>/<lang>.toml for each folder, and checks them with Check: a
// catalogue that lacks a message, or whose placeholders or plural forms
// differ from English, is an error naming the file and the message. A
// message id belongs to one file only.
func Load(fsys fs.FS) (*Catalog, error) {
	c := &Catalog{
		bundle: goi18n.NewBundle(language.English),
		pseudo: goi18n.NewBundle(language.English),
		files:  map[string]*goi18n.MessageFile{},
	}
	c.bundle.RegisterUnmarshalFunc("toml", toml.Unmarshal)
	dirs := []string{""}
	entries, err := fs.ReadDir(fsys, ".")
	if err != nil {
		return nil, fmt.Errorf("i18n.Load: %w", err)
	}
	for _, e := range entries {
		if e.IsDir() {
			dirs = append(dirs, e.Name())
		}
	}
	owner := map[string]string{} // message id → the English file that holds it
	for _, dir := range dirs {
		p := part{dir: dir, files: map[string]*goi18n.MessageFile{}}
		for _, l := range Offered {
			name := p.name(l.Tag)
			buf, err := fs.ReadFile(fsys, name)
			if err != nil {
				return nil, fmt.Errorf("i18n.Load: %w", err)
			}
			f, err := goi18n.ParseMessageFileBytes(buf, path.Base(name), map[string]goi18n.UnmarshalFunc{"toml": toml.Unmarshal})
			if err != nil {
				return nil, fmt.Errorf("i18n.Load: %s: %w", name, err)
			}
			p.files[l.Tag] = f
			if l.Tag == Source {
				for _, m := range f.Messages {
					if other, ok := owner[m.ID]; ok {
						return nil, fmt.Errorf("i18n.Load: %s: %s: also in %s", name, m.ID, other)
					}
					owner[m.ID] = name
				}
			}
			if c.files[l.Tag] == nil {
				c.files[l.Tag] = &goi18n.MessageFile{Path: l.Tag, Tag: f.Tag, Format: f.Format}
			}
			c.files[l.Tag].Messages = append(c.files[l.Tag].Messages, f.Messages...)
			if err := c.bundle.AddMessages(f.Tag, f.Messages...); err != nil {
				return nil, fmt.Errorf("i18n.Load: %s: %w", name, err)
			}
		}
		c.parts = append(c.parts, p)
	}
	if problems := c.Check(); len(problems) > 0 {
		return nil, fmt.Errorf("i18n.Load: %s", strings.Join(problems, "; "))
	}
	for _, m := range c.files[Source].Messages {
		if err := c.pseudo.AddMessages(language.English, pseudoMessage(m)); err != nil {
			return nil, fmt.Errorf("i18n.Load: pseudo-locale: %w", err)
		}
	}
	return c, nil
}

// IDs returns the ids of the source catalogue's messages, sorted.
func (c *Catalog) IDs() []string {
	c.idsOnce.Do(func() {
		for _, m := range c.files[Source].Messages {
			c.ids = append(c.ids, m.ID)
		}
		sort.Strings(c.ids)
	})
	return slices.Clone(c.ids)
}

// Text returns the forms of message id in language tag, by plural category
// ("other" alone for a message without plural forms), for tests and reviews.
func (c *Catalog) Text(tag, id string) map[string]string {
	f := c.files[tag]
	if f == nil {
		return nil
	}
	for _, m := range f.Messages {
		if m.ID == id {
			return forms(m)
		}
	}
	return nil
}

// Check compares every translation with the source catalogue, file by file,
// and returns one sentence per problem, each naming the file and the
// message: a message missing or extra, placeholders that differ from
// English, plural forms other than the language's CLDR categories, a
// template that does not parse.
func (c *Catalog) Check() []string {
	var problems []string
	for _, p := range c.parts {
		src := byID(p.files[Source])
		for _, l := range Offered {
			name := p.name(l.Tag)
			got := byID(p.files[l.Tag])
			for id, m := range got {
				if _, ok := src[id]; !ok {
					problems = append(problems, fmt.Sprintf("%s: %s: not in %s", name, id, p.name(Source)))
					continue
				}
				for form, text := range forms(m) {
					if err := parses(text); err != nil {
						problems = append(problems, fmt.Sprintf("%s: %s.%s: %v", name, id, form, err))
					}
				}
				if !isPlural(src[id]) {
					if isPlural(m) {
						problems = append(problems, fmt.Sprintf("%s: %s: plural forms, but the English has none", name, id))
					}
				} else if want, have := pluralForms[l.Tag], formNames(m); !slices.Equal(want, have) {
					problems = append(problems, fmt.Sprintf("%s: %s: plural forms %v; %s needs %v", name, id, have, l.Tag, want))
				}
				if want, have := placeholders(src[id]), placeholders(m); !slices.Equal(want, have) {
					problems = append(problems, fmt.Sprintf("%s: %s: placeholders %v; English has %v", name, id, have, want))
				}
			}
			for id := range src {
				if _, ok := got[id]; !ok {
					problems = append(problems, fmt.Sprintf("%s: %s: missing", name, id))
				}
			}
		}
	}
	sort.Strings(problems)
	return problems
}

func byID(f *goi18n.MessageFile) map[string]*goi18n.Message {
	out := map[string]*goi18n.Message{}
	if f == nil {
		return out
	}
	for _, m := range f.Messages {
		out[m.ID] = m
	}
	return out
}

// forms returns m's texts by CLDR category, leaving out empty ones.
func forms(m *goi18n.Message) map[string]string {
	out := map[string]string{}
	for k, v := range map[string]string{"zero": m.Zero, "one": m.One, "two": m.Two, "few": m.Few, "many": m.Many, "other": m.Other} {
		if v != "" {
			out[k] = v
		}
	}
	return out
}

// formNames lists m's plural categories in CLDR order.
func formNames(m *goi18n.Message) []string {
	f := forms(m)
	var out []string
	for _, k := range []string{"zero", "one", "two", "few", "many", "other"} {
		if _, ok := f[k]; ok {
			out = append(out, k)
		}
	}
	return out
}

func isPlural(m *goi18n.Message) bool {
	return m.Zero != "" || m.One != "" || m.Two != "" || m.Few != "" || m.Many != ""
}

// placeholderRE finds a named placeholder: {{.Name}}.
var placeholderRE = regexp.MustCompile(`\{\{\s*\.([A-Za-z][A-Za-z0-9_]*)\s*\}\}`)

// placeholders lists the distinct placeholder names of every form of m,
// sorted. Count is left out: a plural form may say "one" in words ("Una
// fiche") instead of writing the number, as CLDR's "one" allows.
func placeholders(m *goi18n.Message) []string {
	seen := map[string]bool{}
	for _, t := range forms(m) {
		for _, sm := range placeholderRE.FindAllStringSubmatch(t, -1) {
			if sm[1] != "Count" {
				seen[sm[1]] = true
			}
		}
	}
	out := make([]string, 0, len(seen))
	for k := range seen {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// Match returns the offered language that best fits an Accept-Language
// header ("it-CH,it;q=0.9,en;q=0.8" gives "it"), or "" when none fits.
func Match(acceptLanguage string) string {
	tags, _, err := language.ParseAcceptLanguage(acceptLanguage)
	if err != nil || len(tags) == 0 {
		return ""
	}
	offered := make([]language.Tag, len(Offered))
	for i, l := range Offered {
		offered[i] = language.Make(l.Tag)
	}
	_, i, conf := language.NewMatcher(offered).Match(tags...)
	if conf == language.No {
		return ""
	}
	return Offered[i].Tag
}
