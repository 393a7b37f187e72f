package server_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web/templates"
)

// TestRecordsStrikeHours: a manager strikes out hours entered on a
// dealer's file. Without a reason the file says so on that entry's reason
// field and nothing changes; with one the entry stays on the file, struck
// (who, when, why), stops counting on the dealer's file for the regulator,
// is audited once, and offers no second strike.
func TestRecordsStrikeHours(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	c := k.staffClient(t, "Max Manager", managerPassword)
	file := templates.TraineeFileURL(k.trainee.ID)
	today := k.Clock.Now().Local().Format(time.DateOnly)
	wantRedirect(t, "enter the hours", c.PostForm(file+"/hours",
		url.Values{"game": {"uth"}, "day": {today}, "table": {"UTH 3"}, "minutes": {"90"}}), file+"?done=hours")
	hs, err := k.DB.ListTableHours(t.Context(), k.trainee.ID)
	if err != nil || len(hs) != 1 {
		t.Fatalf("table hours: %+v (%v)", hs, err)
	}
	entry := fmt.Sprintf(`[data-testid="hours-entry-%d"]`, hs[0].ID)
	strike := fmt.Sprintf("%s/hours/%d/strike", file, hs[0].ID)
	page := c.Get(file)
	if !page.Has(entry+` [data-testid="hours-strike"]`) || page.Has(entry+` [data-testid="hours-struck"]`) {
		t.Fatalf("the entry is not listed with its strike form:\n%s", page.Text(`[data-testid="file-hours"]`))
	}

	resp := c.PostForm(strike, url.Values{"reason": {"   "}})
	wantStatus(t, "a strike without a reason", resp, http.StatusUnprocessableEntity)
	if got := resp.Text(entry + ` [data-testid="field-reason"] [data-testid="field-error"]`); got != "Give the reason for striking these hours out." {
		t.Errorf("the reason's field says %q", got)
	}
	if hs, _ := k.DB.ListTableHours(t.Context(), k.trainee.ID); hs[0].Struck != nil {
		t.Fatal("a refused strike struck the hours out")
	}
	wantStatus(t, "hours of another dealer's URL", c.PostForm(fmt.Sprintf("%s/hours/%d/strike", templates.TraineeFileURL(k.manager.ID), hs[0].ID),
		url.Values{"reason": {"x"}}), http.StatusNotFound)

	wantRedirect(t, "strike", c.PostForm(strike, url.Values{"reason": {"Entered twice: one shift."}}), file+"?done=struck")
	page = c.Get(file + "?done=struck")
	if got := page.TestID("notice"); got != "The hours are struck out: they stay on the file and no longer count." {
		t.Errorf("the notice reads %q", got)
	}
	if got := page.Text(entry + ` [data-testid="hours-struck"]`); !strings.HasPrefix(got, "Struck out on ") || !strings.HasSuffix(got, "by Max Manager: Entered twice: one shift.") {
		t.Errorf("the struck entry reads %q", got)
	}
	if !page.Has(entry+` [data-testid="hours-struck-line"]`) || page.Has(entry+` [data-testid="hours-strike"]`) {
		t.Error("the struck entry is not shown struck, or offers another strike")
	}
	if body := page.Body; !strings.Contains(body, "Table hours struck out") || strings.Contains(body, "hours.struck") || strings.Contains(body, "hours.entered") {
		t.Error("the file's audit trail does not say the strike and the entry in words")
	}
	wantStatus(t, "a second strike", c.PostForm(strike, url.Values{"reason": {"again"}}), http.StatusUnprocessableEntity)

	doc := c.Get(templates.DealerFileURL(k.trainee.ID))
	if !strings.Contains(doc.Text(`[data-testid="dealer-file-uth"]`), "0 h 00 min at the table") {
		t.Errorf("the dealer's file still counts the struck hours:\n%s", doc.Text(`[data-testid="dealer-file-uth"]`))
	}
	if got := doc.Text(`[data-testid="dealer-file-struck"]`); !strings.Contains(got, "Entered twice: one shift.") {
		t.Errorf("the dealer's file does not show the hours struck: %q", got)
	}
	es, err := k.DB.ListAudit(t.Context(), trainer.AuditFilter{SubjectPrefix: trainer.CertSubject(k.trainee.ID, "uth")})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range es {
		if e.Action == trainer.AuditHoursStruck && e.ActorID == k.manager.ID {
			n++
		}
	}
	if n != 1 {
		t.Errorf("%d hours.struck entries by the manager; want 1", n)
	}
}

// TestRecordsTopicForm: a manager records a dealer's topic outside the
// games on their file. A topic not the house's, a day that is no date or
// to come, and no evidence are refused on their field, the form as typed
// and nothing saved; a completion is recorded, audited and shown.
func TestRecordsTopicForm(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	c := k.staffClient(t, "Max Manager", managerPassword)
	file := templates.TraineeFileURL(k.trainee.ID)
	page := c.Get(file)
	if !page.Has(`[data-testid="topic-form"]`) || !strings.Contains(page.Text(`[data-testid="topics-standing"]`), "CPR and first aid: not completed.") {
		t.Fatalf("the file has no topics' form or standing:\n%s", page.Text(`[data-testid="file-topics"]`))
	}
	day := k.Clock.Now().AddDate(0, 0, -3).Format(time.DateOnly)
	for _, tc := range []struct {
		what, field, value, says string
	}{
		{"a topic not the house's", "topic", "fire_safety", "Choose a topic of the house's list."},
		{"a day that is no date", "day", "last week", "Give the day dealt as a date."},
		{"a day to come", "day", k.Clock.Now().AddDate(0, 0, 5).Format(time.DateOnly), "The day cannot be in the future."},
		{"no evidence", "evidence", " ", "Note the evidence: the certificate's number or the course."},
	} {
		v := url.Values{"topic": {"cpr"}, "day": {day}, "evidence": {"Red Cross 4471"}}
		v.Set(tc.field, tc.value)
		resp := c.PostForm(file+"/topics", v)
		wantStatus(t, tc.what, resp, http.StatusUnprocessableEntity)
		if got := resp.Text(`[data-testid="field-` + tc.field + `"] [data-testid="field-error"]`); got != tc.says {
			t.Errorf("%s: the %s field says %q; want %q", tc.what, tc.field, got, tc.says)
		}
		if tc.field != "evidence" {
			if got, _ := resp.Doc.Find(`#topic-evidence`).Attr("value"); got != "Red Cross 4471" {
				t.Errorf("%s: the evidence typed is not kept (%q)", tc.what, got)
			}
		}
	}
	if cs, err := k.DB.ListTopicCompletions(t.Context(), k.trainee.ID); err != nil || len(cs) != 0 {
		t.Fatalf("%d completions after the refusals (%v)", len(cs), err)
	}
	wantRedirect(t, "record", c.PostForm(file+"/topics", url.Values{"topic": {"cpr"}, "day": {day}, "evidence": {"Red Cross 4471"}}), file+"?done=topic")
	cs, err := k.DB.ListTopicCompletions(t.Context(), k.trainee.ID)
	if err != nil || len(cs) != 1 || cs[0].Topic != "cpr" || cs[0].ActorID != k.manager.ID || cs[0].Evidence != "Red Cross 4471" {
		t.Fatalf("completions: %+v (%v)", cs, err)
	}
	page = c.Get(file + "?done=topic")
	if got := page.TestID("notice"); got != "The completion is recorded." {
		t.Errorf("the notice reads %q", got)
	}
	if got := page.Text(`[data-testid="topics-standing"]`); !strings.Contains(got, "CPR and first aid: completed on ") || !strings.Contains(got, "(Red Cross 4471), valid until ") {
		t.Errorf("the standing reads %q", got)
	}
	es, err := k.DB.ListAudit(t.Context(), trainer.AuditFilter{SubjectPrefix: trainer.TopicSubject(k.trainee.ID, "cpr")})
	if err != nil || len(es) != 1 || es[0].Action != trainer.AuditTopicCompleted {
		t.Errorf("the completion's audit: %d entries (%v)", len(es), err)
	}
}
