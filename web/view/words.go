package view

import (
	"github.com/dealerkiosk/trainer/internal/i18n"
)

// english is the source language's Localizer, for the words that keep the
// engine's English (the hand checker's refusals and notes in English).
func english() *i18n.Localizer { return i18n.Default().Localizer(i18n.Source) }

// lookup is message id in l's language, or fallback when the catalogues
// have no such message.
func lookup(l *i18n.Localizer, id, fallback string) string {
	if s := l.T(id); s != id {
		return s
	}
	return fallback
}
