package server_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/dealerkiosk/trainer/internal/browsertest"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// TestBrowserRecords: on an upright tablet (820×1180) a marked signer
// opens a dealer's table test from the file, is refused initials on the
// signature field, fails two items, sees them first at the next sitting,
// passes the dealer, and prints who may deal what today: every page passes
// axe-core with fingers' targets, and the floor's list prints on one A4
// sheet in English, Italian and Russian, and the dealer's file on A4 in
// the three (TRAINER_ARTIFACTS keeps the PDFs).
func TestBrowserRecords(t *testing.T) {
	t.Parallel()
	browsertest.Require(t)
	k := newKiosk(t)
	k.ApproveRules(k.manager)
	k.SitExam(k.trainee, "uth", true)
	approveProgramme(t, k, "uth")
	markSigner(t, k, k.manager)
	other := k.CreateUser("Olga Ostrovskaya-Bianchi", trainer.RoleTrainee, "2077", traineePIN)
	k.Certify(other, "oracle", k.manager)
	day := k.Clock.Now().UTC().Truncate(24 * time.Hour)
	if err := k.DB.EnterTableHours(trainer.WithActor(t.Context(), k.manager), &trainer.TableHours{UserID: k.trainee.ID, Game: "uth",
		Day: day, Table: "UTH 3", Minutes: 90, Note: "The late shift."}); err != nil {
		t.Fatal(err)
	}

	ctx := browsertest.New(t, browsertest.Portrait)
	run(t, ctx, "staff sign-in", chromedp.Navigate(k.URL+"/signin/staff"), chromedp.WaitVisible(testID("staff-form")),
		chromedp.SendKeys(chromedp.CSS("#f-name"), "Max Manager"),
		chromedp.SendKeys(chromedp.CSS("#f-password"), managerPassword),
		chromedp.Click(testID("staff-submit")), chromedp.WaitVisible(testID("manager-home")))
	run(t, ctx, "the file's hours and topics", chromedp.Navigate(k.URL+filePath(k.trainee)), chromedp.WaitVisible(testID("checklist-uth")),
		chromedp.ScrollIntoView(testID("file-topics")))
	browsertest.Screenshot(t, ctx, "file-topics")
	browsertest.Axe(t, ctx, "the trainee's file with its hours and topics")
	checkPage(t, ctx, "the trainee's file with its hours and topics")
	run(t, ctx, "the dealer's file", chromedp.Navigate(k.URL+filePath(k.trainee)), chromedp.WaitVisible(testID("checklist-uth")),
		browsertest.Settled(), chromedp.Click(testID("checklist-uth")), chromedp.WaitVisible(testID("table-test-sheet")))
	browsertest.Screenshot(t, ctx, "sheet")
	browsertest.Axe(t, ctx, "table test sheet")
	checkPage(t, ctx, "table test sheet")

	// Initials: htmx swaps the form with the reason on the signature.
	tapAll := func(result string, failed ...string) {
		t.Helper()
		for _, id := range []string{"shuffle", "card_handling", "payouts", "chip_cutting", "procedures", "protection", "guest_presence"} {
			r := result
			for _, f := range failed {
				if f == id {
					r = "fail"
				}
			}
			run(t, ctx, "judge "+id, chromedp.Click(chromedp.CSS(fmt.Sprintf(`label[for="item-%s-%s"]`, id, r))))
		}
	}
	tapAll("pass", "payouts", "chip_cutting")
	run(t, ctx, "sign with initials", chromedp.SendKeys(testID("sheet-signature"), "M.M."),
		chromedp.SendKeys(chromedp.CSS("#sheet-notes"), "Cut the chips short twice."),
		chromedp.Click(testID("sheet-submit")),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid="field-signature"] [data-testid="field-error"]`)), browsertest.Settled())
	if got := text(t, ctx, chromedp.CSS(`[data-testid="field-signature"] [data-testid="field-error"]`)); !strings.HasPrefix(got, "Sign with your full name") {
		t.Errorf("the signature's refusal says %q", got)
	}
	browsertest.Screenshot(t, ctx, "sheet-initials")
	browsertest.Axe(t, ctx, "table test sheet, refused")
	checkPage(t, ctx, "table test sheet, refused")
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(document.getElementById("sheet-signature").value = "") === ""`)); err != nil {
		t.Fatal(err)
	}
	run(t, ctx, "sign in full", chromedp.SendKeys(testID("sheet-signature"), "Max Manager"),
		chromedp.Click(testID("sheet-submit")), chromedp.WaitVisible(testID("trainee-file")))
	run(t, ctx, "the next sitting", chromedp.Navigate(k.URL+gamePath(k.trainee, "uth")+"/checklist"), chromedp.WaitVisible(testID("sheet-last-failed")))
	if got := text(t, ctx, testID("sheet-last-failed")); !strings.Contains(got, "Payout accuracy and speed") || !strings.Contains(got, "Chip cutting") {
		t.Errorf("the next sitting shows %q", got)
	}
	browsertest.Screenshot(t, ctx, "sheet-next-sitting")
	tapAll("pass")
	run(t, ctx, "pass", chromedp.SendKeys(testID("sheet-signature"), "Max Manager"),
		chromedp.Click(testID("sheet-submit")), chromedp.WaitVisible(testID("trainee-file")))

	// The floor's list, from the dashboard, on one A4 sheet in each language.
	run(t, ctx, "the floor's list", chromedp.Navigate(k.URL+"/manager"), chromedp.WaitVisible(testID("floor-link")),
		browsertest.Settled(), chromedp.Click(testID("floor-link")), chromedp.WaitVisible(testID("floor")))
	if got := text(t, ctx, testID("floor-table")); !strings.Contains(got, "Tia Trainee") || !strings.Contains(got, "Olga Ostrovskaya-Bianchi") {
		t.Errorf("the floor's list shows %q", got)
	}
	for _, lang := range []string{"en", "it", "ru"} {
		run(t, ctx, "the floor's list in "+lang, chromedp.Navigate(k.URL+"/manager/floor?lang="+lang), chromedp.WaitVisible(testID("floor")))
		browsertest.Screenshot(t, ctx, "floor-"+lang)
		browsertest.Axe(t, ctx, "floor in "+lang)
		checkPage(t, ctx, "floor in "+lang)
		if n := browsertest.PrintedPages(t, ctx, "floor-"+lang, browsertest.A4); n != 1 {
			t.Errorf("the floor's list in %s prints on %d A4 pages; want 1", lang, n)
		}
	}

	// The dealer's file for a regulator: A4, a section per game, in each
	// language; the PDFs are kept for people to look at.
	for _, lang := range []string{"en", "it", "ru"} {
		run(t, ctx, "the dealer's file in "+lang, chromedp.Navigate(k.URL+filePath(k.trainee)+"/records?lang="+lang), chromedp.WaitVisible(testID("dealer-file")))
		browsertest.Screenshot(t, ctx, "dealer-file-"+lang)
		browsertest.Axe(t, ctx, "dealer file in "+lang)
		checkPage(t, ctx, "dealer file in "+lang)
		if n := browsertest.PrintedPages(t, ctx, "dealer-file-"+lang, browsertest.A4); n < 1 || n > 3 {
			t.Errorf("the dealer's file in %s prints on %d A4 pages; want one to three", lang, n)
		}
	}
}

// TestBrowserRecordsProgrammes: on an upright tablet the administrator
// approves uth's programme from the programmes' page (axe-core, fingers'
// targets), and the approved version's document for a regulator prints on
// A4 in English, Italian and Russian (TRAINER_ARTIFACTS keeps the PDFs).
func TestBrowserRecordsProgrammes(t *testing.T) {
	t.Parallel()
	browsertest.Require(t)
	k := newKiosk(t)

	ctx := browsertest.New(t, browsertest.Portrait)
	run(t, ctx, "administrator sign-in", chromedp.Navigate(k.URL+"/signin/staff"), chromedp.WaitVisible(testID("staff-form")),
		chromedp.SendKeys(chromedp.CSS("#f-name"), "Ada Admin"),
		chromedp.SendKeys(chromedp.CSS("#f-password"), adminPassword),
		chromedp.Click(testID("staff-submit")), chromedp.WaitVisible(testID("users-page")))
	run(t, ctx, "the programmes' page", chromedp.Navigate(k.URL+"/admin/programmes"), chromedp.WaitVisible(testID("programmes-page")))
	browsertest.Screenshot(t, ctx, "programmes")
	browsertest.Axe(t, ctx, "programmes page")
	checkPage(t, ctx, "programmes page")
	run(t, ctx, "approving uth", browsertest.Settled(), chromedp.Click(`[data-testid="programme-uth"] [data-testid="programme-approve"]`),
		chromedp.WaitVisible(`[data-testid="programme-uth"] [data-testid="programme-export"]`))
	browsertest.Screenshot(t, ctx, "programmes-approved")
	for _, lang := range []string{"en", "it", "ru"} {
		run(t, ctx, "the programme's document in "+lang, chromedp.Navigate(k.URL+"/manager/programmes/uth/versions/1?lang="+lang),
			chromedp.WaitVisible(testID("programme-doc")))
		browsertest.Screenshot(t, ctx, "programme-doc-"+lang)
		browsertest.Axe(t, ctx, "programme document in "+lang)
		checkPage(t, ctx, "programme document in "+lang)
		if n := browsertest.PrintedPages(t, ctx, "programme-doc-"+lang, browsertest.A4); n < 1 || n > 2 {
			t.Errorf("the programme's document in %s prints on %d A4 pages; want one or two", lang, n)
		}
	}
}
