package server

import (
	"context"

	"github.com/dealerkiosk/trainer/internal/i18n"
)

// drillLang is the language a new question is asked in: the request's
// (server.language: the signed-in user's own, else the house's), as
// drills.Spec.Lang writes it, "" for English. The pseudo-locale asks in
// English: its drills are not converted. The attempt stores it; a question
// already served keeps the language it was asked in.
func drillLang(ctx context.Context) string {
	if lang := i18n.FromContext(ctx).Lang(); lang != i18n.Source {
		return lang
	}
	return ""
}
