package view

import (
	"github.com/dealerkiosk/trainer/internal/book"
	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/web/templates"
)

// Citation is a resolved citation as a link into the book of game.
func Citation(game string, r book.Ref) templates.Citation {
	return templates.Citation{Label: r.String(), URL: templates.BookURL(game) + "#" + r.Section,
		Fragment: templates.BookSectionURL(game, r.Section)}
}

// Citations are refs as links into the house's book of game, titled in
// language lang (a Localizer's Lang; "" is English). A ref made under an
// older rules version is shown with the section's number and title today;
// one whose section is gone keeps its words, without a link.
func (k *Kiosk) Citations(lang, game string, refs []book.Ref) []templates.Citation {
	var out []templates.Citation
	seen := map[string]bool{}
	for _, ref := range refs {
		if seen[ref.Section] {
			continue
		}
		seen[ref.Section] = true
		if now, ok := k.House.CiteIn(game, lang, ref.Section); ok {
			out = append(out, Citation(game, now))
		} else if ref.Title != "" {
			out = append(out, templates.Citation{Label: ref.String()})
		}
	}
	return out
}

// Cite resolves section ids (an engine's rule, a mistake's rule) in the
// house's book of game in language lang; an id the book does not have is
// left out: the page never shows a raw id.
func (k *Kiosk) Cite(lang, game string, ids ...string) []templates.Citation {
	var refs []book.Ref
	for _, id := range ids {
		if ref, ok := k.House.CiteIn(game, lang, id); ok {
			refs = append(refs, ref)
		}
	}
	return k.Citations(lang, game, refs)
}

// citeOrRaw is a citation as a link into the book, or, for the instructors,
// the raw reference marked as missing from the book.
func (k *Kiosk) citeOrRaw(game, id string) templates.Citation {
	if id == "" {
		return templates.Citation{}
	}
	if cs := k.Cite(i18n.Source, game, id); len(cs) > 0 {
		return cs[0]
	}
	return templates.Citation{Label: id, Missing: true}
}

// checkerCitation is a wager's rule (a section id) at house h as a link
// into the book. A house other than the kiosk's own is cited by its words
// only: the book pages show the kiosk's house.
func (k *Kiosk) checkerCitation(lang string, h *rulebook.House, game, rule string) templates.Citation {
	r, ok := h.CiteIn(game, lang, rule) // titled in the reader's language where the book is translated
	switch {
	case !ok:
		return templates.Citation{}
	case h.Name != k.House.Name:
		return templates.Citation{Label: r.String()}
	}
	return Citation(game, r)
}
