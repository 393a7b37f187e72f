package view

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/dealerkiosk/trainer/internal/edge"
	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/rulebook"
)

// TestEdgeNotComputed_SaysWhy: a house whose hands play both hole cards has
// no exact Trips figure. The approval page and the pay tables say so in the
// reader's language, never edge's English with the game's slug and the
// house's key; a computation that ran out of time says so too.
func TestEdgeNotComputed_SaysWhy(t *testing.T) {
	book := testBook(t)
	h := *book.Houses[rulebook.DefaultHouse]
	settings := *h.UTH
	h.UTH = &settings
	h.UTH.MustUseBothHoleCards = true
	w, err := edge.FindWager("uth", "trips")
	if err != nil {
		t.Fatal(err)
	}
	_, refused := edge.NewCalculator().Compute(t.Context(), edge.Query{Wager: w, House: &h}, nil)
	if !errors.Is(refused, edge.ErrBothHoleCards) {
		t.Fatalf("Trips at a house with both hole cards: %v; want edge.ErrBothHoleCards", refused)
	}
	late := fmt.Errorf("uth trips: %w", context.DeadlineExceeded)

	want := map[string][2]string{
		"en": {"both hole cards, and the exact count covers the best five of seven only", "took too long"},
		"it": {"entrambe le carte coperte", "troppo tempo"},
		"ru": {"обеих закрытых карт", "слишком много времени"},
	}
	for tag, w := range want {
		l := i18n.Default().Localizer(tag)
		for i, err := range []error{refused, late} {
			for _, text := range []string{versionFigureIn(l, VersionFigure{Problem: err}).Text, FigureProblem(l, err)} {
				if !strings.Contains(text, w[i]) {
					t.Errorf("%s: %q; want it to say %q", tag, text, w[i])
				}
				for _, bad := range []string{"uth", `"` + h.Name + `"`, "deadline", "approval.edge"} {
					if strings.Contains(text, bad) {
						t.Errorf("%s: %q shows %q", tag, text, bad)
					}
				}
			}
		}
	}

}
