package server_test

import (
	"database/sql"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/dealerkiosk/trainer/internal/server/servertest"
)

// failExam sits an exam of game as client c with every answer wrong.
func failExam(t *testing.T, k *kiosk, c *servertest.Client, game string) int64 {
	t.Helper()
	id := startExam(t, c, game)
	ex, err := k.DB.FindExam(t.Context(), id, k.trainee.ID)
	if err != nil {
		t.Fatal(err)
	}
	for _, it := range ex.Items {
		_, d := pending(t, k.Harness, id)
		c.PostForm(examItemPath(id, it.Position), answerForm(wrongKey(d)))
	}
	if ex, err = k.DB.FindExam(t.Context(), id, k.trainee.ID); err != nil || !ex.Finished() || ex.Passed {
		t.Fatalf("the exam did not fail: %+v (%v)", ex, err)
	}
	return id
}

// behindTheKiosk runs SQL on the kiosk's database file as someone with the
// file would, the kiosk running.
func behindTheKiosk(t *testing.T, k *kiosk, stmts ...string) {
	t.Helper()
	raw, err := sql.Open("sqlite", "file:"+k.DB.Path()+"?_pragma=busy_timeout(5000)")
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	for _, s := range stmts {
		if _, err := raw.Exec(s); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
}

const msgRecordsDisagree = "This trainee&#39;s certification records do not match the audit trail"

// TestCert_GrantRefusedOnChangedRecords: an exam failure turned into a pass
// in the database (the exam and its event) would let a manager sign the
// table test off; the kiosk refuses the grant, says why and logs it.
func TestCert_GrantRefusedOnChangedRecords(t *testing.T) {
	plainRunOnly(t)
	t.Parallel()
	k := newKiosk(t)
	k.ApproveRules(k.manager)
	exam := failExam(t, k, k.traineeClient(t), "uth")
	behindTheKiosk(t, k,
		fmt.Sprintf(`UPDATE exams SET passed = 1 WHERE session_id = %d`, exam),
		`DROP TRIGGER cert_events_no_update`,
		fmt.Sprintf(`UPDATE cert_events SET kind = 'exam_passed' WHERE exam_id = %d`, exam))
	mc := k.staffClient(t, "Max Manager", managerPassword)
	file := mc.Get(filePath(k.trainee))
	if got := file.Text(`[data-testid="file-uth"] [data-testid="state"]`); got != "Exam passed" {
		t.Fatalf("after the change the file shows %q; want Exam passed (the kiosk reads its records)", got)
	}
	if got := file.TestID("form-problem"); !strings.HasPrefix(got, "The Ultimate Texas Hold'em records do not match the audit trail (") ||
		!strings.Contains(got, "no certificate can be granted or printed from them") {
		t.Errorf("the file does not warn of the changed records: %q", got)
	}
	resp := mc.PostForm(gamePath(k.trainee, "uth")+"/table-test", url.Values{"result": {"pass"}, "confirm": {"yes"}})
	wantStatus(t, "a sign-off on changed records", resp, http.StatusConflict)
	if !strings.Contains(resp.Body, msgRecordsDisagree) || !strings.Contains(resp.Body, "the audit trail says it was failed") {
		t.Errorf("the refusal does not say why:\n%.3000s", resp.Body)
	}
	if rec, _ := k.DB.FindCertRecord(t.Context(), k.trainee.ID, "uth"); len(rec.Events) != 1 {
		t.Errorf("the refused sign-off left %d events; want the exam's alone", len(rec.Events))
	}
	if logs := k.Logs(); !strings.Contains(logs, "certificate refused: records disagree with the audit trail") ||
		!strings.Contains(logs, "refused=grant") || !strings.Contains(logs, fmt.Sprintf("exam %d", exam)) {
		t.Errorf("the refusal is not logged with the exam named:\n%s", logs)
	}
}

// TestCert_CertificateRefusedOnChangedRecords: a certificate is not printed
// from records that disagree with the audit trail — a failed table test
// made a pass in cert_events, or an earlier exam failure made a pass in
// exams — and is printed again once they agree.
func TestCert_CertificateRefusedOnChangedRecords(t *testing.T) {
	plainRunOnly(t)
	t.Parallel()
	t.Run("cert_events", func(t *testing.T) {
		k := newKiosk(t)
		k.ApproveRules(k.manager)
		passExam(t, k, k.traineeClient(t), "uth")
		mc := k.staffClient(t, "Max Manager", managerPassword)
		wantRedirect(t, "a failed table test", mc.PostForm(gamePath(k.trainee, "uth")+"/table-test",
			url.Values{"result": {"fail"}, "notes": {"Paid the Blind on two pair."}, "confirm": {"yes"}}), filePath(k.trainee)+"?done=table-test")
		cert := gamePath(k.trainee, "uth") + "/certificate"
		wantStatus(t, "the certificate before any grant", mc.Get(cert), http.StatusNotFound)
		behindTheKiosk(t, k, `DROP TRIGGER cert_events_no_update`,
			`UPDATE cert_events SET kind = 'table_pass', notes = '' WHERE kind = 'table_fail'`)
		if got := mc.Get(filePath(k.trainee)).Text(`[data-testid="file-uth"] [data-testid="state"]`); got != "Certified" {
			t.Fatalf("after the change the file shows %q; want Certified (the kiosk believes its records)", got)
		}
		resp := mc.Get(cert)
		wantStatus(t, "the certificate of a changed table test", resp, http.StatusConflict)
		if !strings.Contains(resp.Body, msgRecordsDisagree) || resp.Has(`[data-testid="certificate-name"]`) {
			t.Errorf("the certificate was not refused with the reason:\n%.2000s", resp.Body)
		}
		if logs := k.Logs(); !strings.Contains(logs, "refused=print") || !strings.Contains(logs, `recorded the table test as \"fail\"`) {
			t.Errorf("the refusal is not logged with what differs:\n%s", logs)
		}
	})
	t.Run("exams", func(t *testing.T) {
		k := newKiosk(t)
		k.ApproveRules(k.manager)
		failed := failExam(t, k, k.traineeClient(t), "uth")
		k.Clock.Advance(49 * time.Hour)
		passExam(t, k, k.traineeClient(t), "uth")
		mc := k.staffClient(t, "Max Manager", managerPassword)
		wantRedirect(t, "the sign-off", mc.PostForm(gamePath(k.trainee, "uth")+"/table-test", url.Values{"result": {"pass"}, "confirm": {"yes"}}),
			filePath(k.trainee)+"?done=table-test")
		cert := gamePath(k.trainee, "uth") + "/certificate"
		wantStatus(t, "the certificate", mc.Get(cert), http.StatusOK)
		behindTheKiosk(t, k, fmt.Sprintf(`UPDATE exams SET passed = 1 WHERE session_id = %d`, failed))
		resp := mc.Get(cert)
		wantStatus(t, "the certificate after an exam failure made a pass", resp, http.StatusConflict)
		if !strings.Contains(resp.Body, msgRecordsDisagree) || !strings.Contains(resp.Body, "is shown as passed, but the audit trail says it was failed") {
			t.Errorf("the certificate was not refused with the reason:\n%.2000s", resp.Body)
		}
		behindTheKiosk(t, k, fmt.Sprintf(`UPDATE exams SET passed = 0 WHERE session_id = %d`, failed))
		wantStatus(t, "the certificate with the records put back", mc.Get(cert), http.StatusOK)
	})
}
