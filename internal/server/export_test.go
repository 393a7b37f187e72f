package server

import (
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/dealerkiosk/trainer/internal/edge"
	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/i18n"
)

// Routes lists every route of s as "METHOD /pattern", for TestRoleMatrix.
// It lives in a _test file: the server exports nothing of its routing.
func Routes(s *Server) ([]string, error) {
	var out []string
	err := chi.Walk(s.handler.(chi.Routes), func(method, route string, _ http.Handler, _ ...func(http.Handler) http.Handler) error {
		out = append(out, method+" "+route)
		return nil
	})
	return out, err
}

// HashPeak is the most PIN and password hashes the server has computed at
// once.
func HashPeak(s *Server) int64 { return s.hashes.peak.Load() }

// HashSlots is the most it may compute at once.
const HashSlots = hashSlots

// SecretChecks is how many PINs and passwords the server has checked
// against a hash (argon2id), a name that matched nobody included.
func SecretChecks(s *Server) int64 { return s.hashes.checks.Load() }

// FigureProblem is figureProblem, for TestLanguage_PayTableWhatIfWords.
var FigureProblem = figureProblem

// WhatIfWords are a what-if's change ("flush 7:1") and the label of its
// table before the change, in l's language.
func WhatIfWords(l *i18n.Localizer, pt games.PayTable, row string, o games.Odds, label string) (change, before string, err error) {
	in := whatIfInput{row: row, pt: pt}
	if in.changed, err = edge.WithRow(pt, row, o); err != nil {
		return "", "", err
	}
	return changeText(l, in), beforeLabel(l, label), nil
}
