package server_test

import (
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/dealerkiosk/trainer/internal/records"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// The pages of the records a regulator inspects (issue 24, part 2): the
// table test with its checklist and typed signature, and the floor's list.

// approveProgramme records the house's programme of game as a version and
// approves it, as `trainer records programmes -approve` does.
func approveProgramme(t *testing.T, k *kiosk, game string) *trainer.ProgrammeVersion {
	t.Helper()
	h := k.Book.Houses[rulebook.DefaultHouse]
	body, err := records.Body(h.Programmes[game], h.Certification[game])
	if err != nil {
		t.Fatal(err)
	}
	ctx := trainer.WithOperator(t.Context())
	v, err := k.DB.RecordProgrammeVersion(ctx, &trainer.ProgrammeVersion{Body: body})
	if err != nil {
		t.Fatal(err)
	}
	if v, err = k.DB.ApproveProgrammeVersion(ctx, v.ID); err != nil {
		t.Fatal(err)
	}
	return v
}

// markSigner marks u as one who may sign table tests.
func markSigner(t *testing.T, k *kiosk, u *trainer.User) {
	t.Helper()
	if _, err := k.DB.SetTableTestSigner(trainer.WithOperator(t.Context()), u.ID, true); err != nil {
		t.Fatal(err)
	}
}

// sheetForm is the checklist of v with every item passed but those in
// failed, signed signature.
func sheetForm(v *trainer.ProgrammeVersion, signature string, failed ...string) url.Values {
	f := url.Values{"signature": {signature}}
	for _, it := range v.Body.Checklist {
		r := "pass"
		if slices.Contains(failed, it.ID) {
			r = "fail"
		}
		f.Set("item."+it.ID, r)
	}
	return f
}

// recorded are the dealer's table tests in game, and its certification's events.
func recorded(t *testing.T, k *kiosk, game string) ([]trainer.TableTest, int) {
	t.Helper()
	tests, err := k.DB.ListTableTests(t.Context(), k.trainee.ID, game)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := k.DB.FindCertRecord(t.Context(), k.trainee.ID, game)
	if err != nil {
		t.Fatal(err)
	}
	return tests, len(rec.Events)
}

// TestRecordsTableTestForm: a manager records a dealer's table test with
// the programme's checklist and a typed signature. Each refusal (not a
// marked signer, initials, items not judged, a fail without notes) is said
// on its field and saves nothing; a fail names its items, which the next
// sitting shows first; a pass grants the authorisation; the quick form of
// before is refused once the programme has an approved version.
func TestRecordsTableTestForm(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	k.ApproveRules(k.manager)
	k.SitExam(k.trainee, "uth", true)
	mc := k.staffClient(t, "Max Manager", managerPassword)
	sheet := gamePath(k.trainee, "uth") + "/checklist"

	// Without an approved programme the page says so and offers no form.
	resp := mc.Get(sheet)
	wantStatus(t, "the sheet before the programme's approval", resp, http.StatusOK)
	if got := resp.TestID("sheet-blocked"); got != "The training programme of this game has no approved version yet: an administrator approves it first." || resp.Has(`[data-testid="table-test-sheet"]`) {
		t.Errorf("the sheet without an approved programme says %q", got)
	}
	v := approveProgramme(t, k, "uth")

	file := mc.Get(filePath(k.trainee))
	if !file.Has(`[data-testid="checklist-uth"]`) || file.Has(`[data-testid="file-uth"] [data-testid="table-test-form"]`) {
		t.Errorf("the file does not send the table test to its checklist")
	}
	quick := mc.PostForm(gamePath(k.trainee, "uth")+"/table-test", url.Values{"result": {"pass"}, "confirm": {"yes"}})
	wantStatus(t, "the quick form with a checklist to judge", quick, http.StatusConflict)

	resp = mc.Get(sheet)
	wantStatus(t, "the sheet", resp, http.StatusOK)
	if n := resp.Doc.Find(`[data-testid="table-test-sheet"] tbody tr`).Length(); n != len(v.Body.Checklist) || n != 7 {
		t.Errorf("the sheet lists %d items; want the programme's %d", n, len(v.Body.Checklist))
	}
	if got := resp.TestID("item-shuffle"); !strings.HasPrefix(got, "Shuffle procedure") {
		t.Errorf("the shuffle item reads %q", got)
	}
	if resp.Has(`[data-testid="sheet-last-failed"]`) {
		t.Error("a first sitting shows failed items")
	}

	// Not a marked signer: refused on the signature, in the house's words.
	resp = mc.PostForm(sheet, sheetForm(v, "Max Manager"))
	wantStatus(t, "a table test signed by an unmarked manager", resp, http.StatusForbidden)
	wantFieldError(t, "an unmarked signer", resp, "signature",
		"Max Manager is not marked as pit manager or higher: an administrator marks who may sign table tests. Nothing was recorded.")
	if tests, n := recorded(t, k, "uth"); len(tests) != 0 || n != 1 {
		t.Fatalf("a refused table test saved %d tests, %d events", len(tests), n)
	}
	markSigner(t, k, k.manager)

	// What the form alone says, every field at once.
	resp = mc.PostForm(sheet, url.Values{"item.shuffle": {"fail"}, "signature": {"  "}})
	wantStatus(t, "an incomplete sheet", resp, http.StatusUnprocessableEntity)
	wantFieldError(t, "an incomplete sheet", resp, "checklist", "Judge every item of the checklist, pass or fail.")
	wantFieldError(t, "an incomplete sheet", resp, "signature", "Type your full name to sign the table test.")
	wantFieldError(t, "an incomplete sheet", resp, "notes", "Write what went wrong at the table.")
	if !resp.Has(`#item-shuffle-fail[checked]`) {
		t.Error("the refused sheet forgot the item judged")
	}
	// Initials are not a signature (Nevada's MICS).
	resp = htmxClient(k.staffClient(t, "Max Manager", managerPassword)).PostForm(sheet, sheetForm(v, "M. Manager"))
	wantStatus(t, "initials", resp, http.StatusUnprocessableEntity)
	if !isFragment(resp.Body) {
		t.Error("htmx: want the form alone")
	}
	wantFieldError(t, "initials", resp, "signature", "Sign with your full name as your account has it (Max Manager), not initials or another name.")
	if tests, n := recorded(t, k, "uth"); len(tests) != 0 || n != 1 {
		t.Fatalf("refused table tests saved %d tests, %d events", len(tests), n)
	}

	// A fail names its items; the next sitting shows them first.
	f := sheetForm(v, "max  manager", "payouts", "protection")
	f.Set("notes", "Paid the Blind short twice.")
	wantRedirect(t, "a failed table test", mc.PostForm(sheet, f), filePath(k.trainee)+"?done=table-test")
	tests, _ := recorded(t, k, "uth")
	if len(tests) != 1 || tests[0].Event.Kind != trainer.EventTableFail || !slices.Equal(tests[0].Failed(), []string{"payouts", "protection"}) ||
		tests[0].Signature != "max  manager" || tests[0].ProgrammeID != v.ID {
		t.Fatalf("recorded %+v; want a fail of payouts and protection, signed as typed", tests)
	}
	resp = mc.Get(sheet)
	if got := resp.Doc.Find(`[data-testid="sheet-last-failed"] li`).Map(func(_ int, s *goquery.Selection) string { return s.Text() }); !slices.Equal(got, []string{"Payout accuracy and speed", "Game protection"}) {
		t.Errorf("the next sitting shows failed items %q", got)
	}

	// A pass grants the authorisation.
	wantRedirect(t, "a passed table test", mc.PostForm(sheet, sheetForm(v, "Max Manager")), filePath(k.trainee)+"?done=table-test")
	st, err := k.DB.FindCertRecord(t.Context(), k.trainee.ID, "uth")
	if err != nil {
		t.Fatal(err)
	}
	a := records.Authorise(st, k.Book.Houses[rulebook.DefaultHouse].Certification["uth"].Policy, k.DB.Clock())
	if !a.MayDeal || a.Grant == nil || a.Grant.Actor != "Max Manager" {
		t.Fatalf("after a passed table test the authorisation is %+v", a)
	}
	// Now a re-test of a dealer authorised to deal.
	if got := mc.Get(sheet).TestID("sheet-sitting"); !strings.HasPrefix(got, "A re-test of a dealer authorised to deal this game") {
		t.Errorf("the sheet of an authorised dealer says %q", got)
	}
}

// TestRecordsTableTestCrossOrigin: the sheet's form goes through the
// kiosk's cross-origin protection like every other form.
func TestRecordsTableTestCrossOrigin(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	k.ApproveRules(k.manager)
	k.SitExam(k.trainee, "uth", true)
	v := approveProgramme(t, k, "uth")
	markSigner(t, k, k.manager)
	mc := k.staffClient(t, "Max Manager", managerPassword)
	req := mc.NewRequest(http.MethodPost, gamePath(k.trainee, "uth")+"/checklist", strings.NewReader(sheetForm(v, "Max Manager").Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Sec-Fetch-Site", "cross-site")
	wantStatus(t, "a cross-site table test", mc.Do(req), http.StatusForbidden)
	if tests, n := recorded(t, k, "uth"); len(tests) != 0 || n != 1 {
		t.Fatalf("a cross-site table test saved %d tests, %d events", len(tests), n)
	}
}

// TestRecordsFloor: who may deal what today, on the page and as CSV with
// the columns of `trainer records floor`: an authorised dealer is listed
// with the signer, one whose exam waits for its table test is not, a name
// that would start a formula is written as text, and another site's
// dealers are not the site's.
func TestRecordsFloor(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	k.ApproveRules(k.manager)
	k.Certify(k.trainee, "uth", k.manager)
	waiting := k.CreateUser("Wes Waiting", trainer.RoleTrainee, "77", traineePIN)
	k.SitExam(waiting, "uth", true)
	evil := k.CreateUser("=HYPERLINK(1)", trainer.RoleTrainee, "", traineePIN)
	k.Certify(evil, "oracle", k.manager)
	mc := k.staffClient(t, "Max Manager", managerPassword)

	page := mc.Get("/manager/floor")
	wantStatus(t, "the floor's list", page, http.StatusOK)
	var rows [][]string
	page.Doc.Find(`[data-testid="floor-row"]`).Each(func(_ int, s *goquery.Selection) {
		rows = append(rows, s.Find("td").Map(func(_ int, c *goquery.Selection) string { return c.Text() }))
	})
	if len(rows) != 2 || rows[1][0] != "Tia Trainee" || rows[1][1] != "1042" || rows[1][2] != "Ultimate Texas Hold'em" || rows[1][5] != "Max Manager" {
		t.Errorf("the floor's list shows %q; want the two authorised dealers", rows)
	}
	if got := page.TestID("floor-day"); strings.Contains(got, trainer.DefaultSiteName) || !strings.HasPrefix(got, k.DB.Clock().Format("2 Jan 2006")) {
		t.Errorf("the floor's list begins %q; want the day, and no placeholder site name", got)
	}
	if strings.Contains(page.Body, "Wes Waiting") {
		t.Error("a dealer waiting for the table test is on the floor's list")
	}
	if !page.Has(`[data-testid="print-lang-it"]`) || page.TestID("floor-csv") == "" {
		t.Error("the floor's list has no language links or no CSV link")
	}
	it := mc.Get("/manager/floor?lang=it")
	if got := it.Text(`[data-testid="floor"] h1`); got != "Chi può condurre quale gioco oggi" {
		t.Errorf("the Italian sheet's title is %q", got)
	}

	csv := csvRows(t, mc, "/manager/floor.csv")
	want := []string{"Name", "Badge", "Game", "Authorised since", "Until", "Signer"}
	if len(csv) != 3 || !slices.Equal(csv[0], want) {
		t.Fatalf("floor.csv = %q; want the header %q and two rows", csv, want)
	}
	for _, r := range csv {
		for _, cell := range r {
			if strings.HasPrefix(cell, "=") {
				t.Errorf("a cell starts a formula: %q", cell)
			}
		}
	}
	if csv[1][0] != "'=HYPERLINK(1)" || csv[2][0] != "Tia Trainee" {
		t.Errorf("floor.csv rows %q", csv[1:])
	}
	if got := csvRows(t, mc, "/manager/floor.csv?lang=ru")[0][0]; got != "Имя" {
		t.Errorf("the Russian CSV's first column is %q", got)
	}
}

// TestRecordsDealerFile: the dealer's file for a regulator shows, per
// game, the authorisation with its signer, the programme version, each
// table test with its typed signature and checklist, and a game not
// trained yet as such; the verification code is the store's; the sheet
// speaks the language asked for.
func TestRecordsDealerFile(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	k.ApproveRules(k.manager)
	k.SitExam(k.trainee, "uth", true)
	v := approveProgramme(t, k, "uth")
	markSigner(t, k, k.manager)
	mc := k.staffClient(t, "Max Manager", managerPassword)
	sheet := gamePath(k.trainee, "uth") + "/checklist"
	f := sheetForm(v, "Max Manager", "shuffle")
	f.Set("notes", "Stripped the deck twice.")
	wantRedirect(t, "a failed table test", mc.PostForm(sheet, f), filePath(k.trainee)+"?done=table-test")
	wantRedirect(t, "a passed table test", mc.PostForm(sheet, sheetForm(v, "Max Manager")), filePath(k.trainee)+"?done=table-test")

	if !mc.Get(filePath(k.trainee)).Has(`[data-testid="dealer-file-link"]`) {
		t.Error("the trainee's file has no link to the file for the regulator")
	}
	page := mc.Get(filePath(k.trainee) + "/records")
	wantStatus(t, "the dealer's file", page, http.StatusOK)
	if got := page.Text(`[data-testid="dealer-file"] h1`); got != "Training file of Tia Trainee" {
		t.Errorf("title %q", got)
	}
	uth := page.TestID("dealer-file-uth")
	for _, want := range []string{"Authorised to deal from", "the table test was signed by Max Manager", "Programme: version 1, approved on",
		"Programme completed (first authorised) on", "failed, signed “Max Manager” by Max Manager", "Shuffle procedure: fail",
		"Stripped the deck twice.", "Guest presence: pass"} {
		if !strings.Contains(uth, want) {
			t.Errorf("the UTH section lacks %q:\n%s", want, uth)
		}
	}
	if got := page.Text(`[data-testid="dealer-file-oracle"] [data-testid="dealer-file-stale"]`); !strings.HasPrefix(got, "Not trained in this game yet") {
		t.Errorf("a game not trained yet says %q", got)
	}
	code, err := k.DB.DealerFileCode(t.Context(), k.trainee.ID)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(page.Body, "Verification code: "+code.String()) {
		t.Errorf("the file does not carry the code %s", code)
	}
	it := mc.Get(filePath(k.trainee) + "/records?lang=it")
	if got := it.Text(`[data-testid="dealer-file"] h1`); got == "Training file of Tia Trainee" || !strings.Contains(got, "Tia Trainee") {
		t.Errorf("the Italian file's title is %q", got)
	}
}

// TestRecordsSigners: an administrator marks a manager as one who may
// sign table tests and takes the mark away, each audited; the page names
// them in the house's words; a trainee cannot be marked.
func TestRecordsSigners(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	ac := k.staffClient(t, "Ada Admin", adminPassword)
	if !ac.Get("/admin/users").Has(`[data-testid="signers-link"]`) {
		t.Error("the users' page has no link to the signers")
	}
	page := ac.Get("/admin/signers")
	wantStatus(t, "the signers' page", page, http.StatusOK)
	if !strings.Contains(page.Body, "pit manager or higher") || page.Has(fmt.Sprintf(`[data-testid="signer-%d"]`, k.trainee.ID)) {
		t.Error("the signers' page does not say the house's word, or lists a trainee")
	}
	row := fmt.Sprintf(`[data-testid="signer-%d"]`, k.manager.ID)
	if got := page.Text(row + ` [data-testid="signer-mark"]`); got != "Not marked" {
		t.Errorf("the manager's mark reads %q", got)
	}
	wantRedirect(t, "marking the manager", ac.PostForm(fmt.Sprintf("/admin/signers/%d", k.manager.ID), url.Values{"allowed": {"yes"}}), "/admin/signers?done=allowed")
	page = ac.Get("/admin/signers?done=allowed")
	if got := page.Text(row + ` [data-testid="signer-mark"]`); !strings.HasPrefix(got, "Marked on ") || !strings.HasSuffix(got, " by Ada Admin") {
		t.Errorf("after marking, the manager's mark reads %q", got)
	}
	wantRedirect(t, "withdrawing", ac.PostForm(fmt.Sprintf("/admin/signers/%d", k.manager.ID), url.Values{"allowed": {"no"}}), "/admin/signers?done=withdrawn")
	if ms, _ := k.DB.ListTableTestSigners(t.Context()); len(ms) != 0 {
		t.Errorf("after withdrawing, the signers are %+v", ms)
	}
	es, err := k.DB.ListAudit(t.Context(), trainer.AuditFilter{Limit: 100})
	if err != nil {
		t.Fatal(err)
	}
	var actions []string
	for _, e := range es {
		if strings.HasPrefix(e.Action, "signer.") {
			actions = append(actions, e.Action)
		}
	}
	if len(actions) != 2 {
		t.Errorf("the marks were audited as %q; want signer.allowed and signer.withdrawn", actions)
	}
	resp := ac.PostForm(fmt.Sprintf("/admin/signers/%d", k.trainee.ID), url.Values{"allowed": {"yes"}})
	if resp.StatusCode < 400 || resp.StatusCode >= 500 {
		t.Errorf("marking a trainee: status %d; want a refusal", resp.StatusCode)
	}
	if ms, _ := k.DB.ListTableTestSigners(t.Context()); len(ms) != 0 {
		t.Errorf("a trainee was marked: %+v", ms)
	}
}
