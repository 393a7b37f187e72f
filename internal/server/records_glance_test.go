package server_test

import (
	"strings"
	"testing"
	"time"

	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web/templates"
)

// TestRecordsGlanceFreshness: the class at a glance warns on a dealer's
// game whose programme was completed longer ago than the house allows
// (freshness_years, 5 shipped), with the dealer's file's sentence; a
// completion inside the limit, and a dealer never authorised, carry none.
func TestRecordsGlanceFreshness(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	k.ApproveRules(k.manager)
	k.Certify(k.trainee, "uth", k.manager)
	mc := k.staffClient(t, "Max Manager", managerPassword)
	stale := `[data-testid="glance-stale"]`
	if dash := mc.Get("/manager?game=uth"); dash.Has(stale) {
		t.Errorf("a completion of today warns: %q", dash.Text(stale))
	}
	k.Clock.Advance(4 * 365 * 24 * time.Hour)
	newcomer := k.CreateUser("Nina Nuova", trainer.RoleTrainee, "2051", traineePIN)
	k.Certify(newcomer, "uth", k.manager)
	mc = k.staffClient(t, "Max Manager", managerPassword) // the session ended while the years passed
	if dash := mc.Get("/manager?game=uth"); dash.Has(stale) {
		t.Errorf("a completion four years old warns: %q", dash.Text(stale))
	}
	k.Clock.Advance(366 * 24 * time.Hour)
	mc = k.staffClient(t, "Max Manager", managerPassword)
	dash := mc.Get("/manager?game=uth")
	want := "The programme was completed more than 5 years ago, longer than the house allows."
	if n := dash.Doc.Find(stale).Length(); n != 1 {
		t.Fatalf("%d lines warn; want the one dealer's whose completion is over five years old\n%s", n, dash.Text(`[data-testid="cert-row"]`))
	}
	if got := dash.Text(`[data-testid="cert-row"]:has(a[href="` + templates.TraineeFileURL(k.trainee.ID) + `"]) ` + stale); got != want {
		t.Errorf("the stale dealer's line warns %q; want %q", got, want)
	}
	file := mc.Get(templates.DealerFileURL(k.trainee.ID))
	if got := file.Text(`[data-testid="dealer-file-uth"] [data-testid="dealer-file-stale"]`); got != want {
		t.Errorf("the dealer's file warns %q; the glance %q", got, want)
	}
	if !strings.Contains(mc.Get("/manager").Text(stale), want) {
		t.Error("the glance of every game does not warn")
	}
}
