package server_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web/templates"
)

// TestRecordsHoursForm: a manager enters a dealer's table hours on the
// dealer's file. Hours the store refuses (too many minutes, no table, a day
// to come) or the form cannot read are shown on the file again with the
// sentence naming the field, the values as typed, and nothing saved; hours
// it takes are on record, audited, and counted on the dealer's file.
func TestRecordsHoursForm(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	c := k.staffClient(t, "Max Manager", managerPassword)
	file := templates.TraineeFileURL(k.trainee.ID)
	resp := c.Get(file)
	wantStatus(t, "the file", resp, http.StatusOK)
	if !resp.Has(`[data-testid="hours-form"]`) {
		t.Fatalf("the file has no form for table hours\n%s", resp.Body)
	}
	today := k.Clock.Now().Local().Format(time.DateOnly)
	form := func(change func(url.Values)) url.Values {
		v := url.Values{"game": {"uth"}, "day": {today}, "table": {"UTH 3"}, "minutes": {"90"}, "note": {"with the pit boss"}}
		if change != nil {
			change(v)
		}
		return v
	}
	for _, tc := range []struct {
		what   string
		change func(url.Values)
		says   string
	}{
		{"too many minutes", func(v url.Values) { v.Set("minutes", "100000") }, "inute"},
		{"minutes not a number", func(v url.Values) { v.Set("minutes", "ninety") }, "Give the minutes as a whole number."},
		{"no table", func(v url.Values) { v.Set("table", " ") }, "able"},
		{"a day to come", func(v url.Values) { v.Set("day", k.Clock.Now().AddDate(0, 0, 3).Format(time.DateOnly)) }, ""},
		{"no date", func(v url.Values) { v.Set("day", "tomorrow") }, "Give the day dealt as a date."},
		{"a game the house does not certify", func(v url.Values) { v.Set("game", "baccarat") }, "Choose one of the games."},
	} {
		resp := c.PostForm(file+"/hours", form(tc.change))
		wantStatus(t, tc.what, resp, http.StatusUnprocessableEntity)
		problem := resp.Doc.Find(`[role="alert"]`).Text()
		if problem == "" || !strings.Contains(problem, tc.says) {
			t.Errorf("%s: the file says %q; want it to say %q", tc.what, problem, tc.says)
		}
		if got, _ := resp.Doc.Find(`#hours-note`).Attr("value"); got != "with the pit boss" {
			t.Errorf("%s: the note typed is not kept (%q)", tc.what, got)
		}
	}
	if hs, err := k.DB.ListTableHours(t.Context(), k.trainee.ID); err != nil || len(hs) != 0 {
		t.Fatalf("%d table hours on record after the refusals (%v); want none", len(hs), err)
	}

	wantRedirect(t, "enter the hours", c.PostForm(file+"/hours", form(nil)), file+"?done=hours")
	hs, err := k.DB.ListTableHours(t.Context(), k.trainee.ID)
	if err != nil || len(hs) != 1 || hs[0].Minutes != 90 || hs[0].Table != "UTH 3" || hs[0].Game != "uth" || hs[0].EnteredBy != k.manager.ID {
		t.Fatalf("table hours on record: %+v (%v); want the 90 minutes entered by the manager", hs, err)
	}
	if got := c.Get(file + "?done=hours").TestID("notice"); got != "Table hours entered." {
		t.Errorf("the notice after entering hours: %q", got)
	}
	entries, err := k.DB.ListAudit(t.Context(), trainer.AuditFilter{SubjectPrefix: trainer.CertSubject(k.trainee.ID, "uth")})
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, e := range entries {
		found = found || e.Action == trainer.AuditHoursEntered
	}
	if !found {
		t.Errorf("no audit entry for the hours among %d entries of the dealer's game", len(entries))
	}
}
