package view_test

import (
	"net/url"
	"slices"
	"testing"

	rules "github.com/dealerkiosk/trainer/content/rules"
	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/practice"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web/view"
)

func testPlanner(tb testing.TB) *practice.Planner {
	tb.Helper()
	b, err := rulebook.Load(rules.FS)
	if err != nil {
		tb.Fatal(err)
	}
	gen, err := drills.Load(b, rules.FS)
	if err != nil {
		tb.Fatal(err)
	}
	return practice.NewPlanner(gen, rulebook.DefaultHouse, b.Version)
}

func TestReadStart(t *testing.T) {
	t.Parallel()
	plan := testPlanner(t)
	tests := []struct {
		form   string
		fields []string // the fields with a message
	}{
		{"game=uth&kind=payout&mode=practice&level=1", nil},
		{"game=lunar&kind=mixed&mode=review&level=4", nil},
		{"game=uth&kind=payout&mode=exam&level=1", []string{"mode"}}, // exams start elsewhere (issue 8)
		{"game=poker&kind=payout&mode=practice&level=1", []string{""}},
		{"game=uth&kind=solitaire&mode=timed&level=9", []string{"kind", "level"}},
		{"", []string{"", "level", "mode"}},
	}
	for _, tt := range tests {
		form, _ := url.ParseQuery(tt.form)
		_, errs := view.ReadStart(form, plan, i18n.Default().Localizer("en"))
		var got []string
		for f := range errs {
			got = append(got, f)
		}
		slices.Sort(got)
		if !slices.Equal(got, tt.fields) {
			t.Errorf("ReadStart(%q): messages on %q; want on %q (%v)", tt.form, got, tt.fields, errs)
		}
	}
}

// FuzzReadStart checks that any start form is either a session the kiosk
// can run or messages, never a panic.
func FuzzReadStart(f *testing.F) {
	plan := testPlanner(f)
	f.Add("game=uth&kind=payout&mode=practice&level=1")
	f.Add("game=thrill&kind=mixed&mode=timed&level=2")
	f.Add("game=&kind=&mode=&level=-1")
	f.Fuzz(func(t *testing.T, raw string) {
		form, err := url.ParseQuery(raw)
		if err != nil {
			return
		}
		c, errs := view.ReadStart(form, plan, i18n.Default().Localizer("en"))
		if len(errs) > 0 {
			return
		}
		if !plan.Offers(c.Game, c.Kind) || !slices.Contains(trainer.Modes, c.Mode) || c.Level < 1 || c.Level > len(plan.Levels()) {
			t.Errorf("%q accepted as %+v", raw, c)
		}
	})
}
