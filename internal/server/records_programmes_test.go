package server_test

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/dealerkiosk/trainer/internal/records"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// TestRecordsProgrammesPage: the administrator sees each game's programme
// waiting for approval with the change in words, is refused an approval of
// a programme other than the one shown, approves it (recorded and
// approved, both audited as the administrator), and then sees the version
// approved, with what a later change would change in words.
func TestRecordsProgrammesPage(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	ac := k.staffClient(t, "Ada Admin", adminPassword)
	if !ac.Get("/admin/users").Has(`[data-testid="programmes-link"]`) {
		t.Error("the users' page has no link to the programmes")
	}
	page := ac.Get("/admin/programmes")
	wantStatus(t, "the programmes' page", page, http.StatusOK)
	uth := `[data-testid="programme-uth"]`
	if got := page.Text(uth + ` [data-testid="programme-approved"]`); !strings.HasPrefix(got, "No version approved yet") {
		t.Errorf("before any approval, uth reads %q", got)
	}
	if got := page.Text(uth + ` [data-testid="programme-changes"]`); got != "The first version." {
		t.Errorf("the first version's change reads %q", got)
	}
	if !strings.Contains(page.Text(uth+` [data-testid="programme-content"]`), "Shuffle procedure") {
		t.Error("the programme's content does not list its checklist")
	}
	digest, ok := page.Doc.Find(uth + ` input[name="digest"]`).Attr("value")
	if !ok || digest == "" {
		t.Fatal("the approve form carries no digest")
	}

	resp := ac.PostForm("/admin/programmes/uth/approve", url.Values{"digest": {"0123"}})
	wantStatus(t, "approving another content", resp, http.StatusConflict)
	if !strings.Contains(resp.Body, "changed since this page was shown") {
		t.Errorf("the refusal does not say why:\n%.400s", resp.Body)
	}
	if vs, _ := k.DB.ListProgrammeVersions(t.Context(), "uth"); len(vs) != 0 {
		t.Fatalf("a refused approval recorded %d versions", len(vs))
	}

	wantRedirect(t, "approving", ac.PostForm("/admin/programmes/uth/approve", url.Values{"digest": {digest}}), "/admin/programmes?done=approved")
	vs, err := k.DB.ListProgrammeVersions(t.Context(), "uth")
	if err != nil {
		t.Fatal(err)
	}
	if len(vs) != 1 || !vs[0].Approved() || vs[0].ApprovedBy != k.admin.ID || vs[0].Digest != digest {
		t.Fatalf("after approving, uth's versions are %+v", vs)
	}
	es, err := k.DB.ListAudit(t.Context(), trainer.AuditFilter{Limit: 100})
	if err != nil {
		t.Fatal(err)
	}
	var actions []string
	for _, e := range es {
		if strings.HasPrefix(e.Action, "programme.") && e.ActorID == k.admin.ID {
			actions = append(actions, e.Action)
		}
	}
	if len(actions) != 2 {
		t.Errorf("the approval was audited as %q; want programme.recorded and programme.approved by the administrator", actions)
	}
	wantStatus(t, "approving again", ac.PostForm("/admin/programmes/uth/approve", url.Values{"digest": {digest}}), http.StatusConflict)

	page = ac.Get("/admin/programmes?done=approved")
	if got := page.Text(uth + ` [data-testid="programme-approved"]`); !strings.HasPrefix(got, "Approved: version 1, on ") || !strings.Contains(got, " by Ada Admin.") {
		t.Errorf("after approving, uth reads %q", got)
	}
	if page.Has(uth+` [data-testid="programme-approve"]`) || !page.Has(uth+` [data-testid="programme-current"]`) {
		t.Error("the approved programme still offers an approval")
	}
	if !page.Has(uth + ` [data-testid="programme-export"]`) {
		t.Error("the approved version has no link to its document")
	}

	// A later version approved at the machine with fewer hours: the
	// house's files now differ from it, and the page says how.
	h := k.Book.Houses[rulebook.DefaultHouse]
	body, err := records.Body(h.Programmes["uth"], h.Certification["uth"])
	if err != nil {
		t.Fatal(err)
	}
	body.MinimumHours--
	ctx := trainer.WithOperator(t.Context())
	v, err := k.DB.RecordProgrammeVersion(ctx, &trainer.ProgrammeVersion{Body: body})
	if err == nil {
		_, err = k.DB.ApproveProgrammeVersion(ctx, v.ID)
	}
	if err != nil {
		t.Fatal(err)
	}
	page = ac.Get("/admin/programmes")
	want := "The minimum of training hours goes from " + strconv.Itoa(body.MinimumHours) + " to " + strconv.Itoa(body.MinimumHours+1) + "."
	if got := page.Text(uth + ` [data-testid="programme-changes"]`); got != want {
		t.Errorf("the change reads %q; want %q", got, want)
	}
	if got := page.Text(uth + ` [data-testid="programme-approved"]`); !strings.Contains(got, "version 2") || !strings.Contains(got, "the kiosk's operator") {
		t.Errorf("the operator's approval reads %q", got)
	}
}

// TestRecordsProgrammeDoc: a version of a game's programme prints for a
// regulator with the game, version, approval, topics with hours, kinds of
// drill, the exam's standard and the checklist, in the language asked for.
func TestRecordsProgrammeDoc(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	approveProgramme(t, k, "uth")
	mc := k.staffClient(t, "Max Manager", managerPassword)
	wantStatus(t, "a version not recorded", mc.Get("/manager/programmes/uth/versions/2"), http.StatusNotFound)
	doc := mc.Get("/manager/programmes/uth/versions/1")
	wantStatus(t, "the programme's document", doc, http.StatusOK)
	text := doc.Text(`[data-testid="programme-doc"]`)
	for _, want := range []string{"Training programme: Ultimate Texas Hold'em, version 1", "Approved on ", "by the kiosk's operator",
		"Minimum of training hours: ", "Game protection", "Total", "The exam's standard", "questions, at least ", "Shuffle procedure", "Guest presence",
		"signed by a pit manager or higher"} {
		if !strings.Contains(text, want) {
			t.Errorf("the document does not say %q:\n%s", want, text)
		}
	}
	if n := doc.Doc.Find(`[data-testid="programme-doc-topics"] tbody tr`).Length(); n == 0 {
		t.Error("the document lists no topics")
	}
	it := mc.Get("/manager/programmes/uth/versions/1?lang=it").Text(`[data-testid="programme-doc"]`)
	ru := mc.Get("/manager/programmes/uth/versions/1?lang=ru").Text(`[data-testid="programme-doc"]`)
	if !strings.Contains(it, "Programma di formazione") || !strings.Contains(ru, "Программа обучения") {
		t.Errorf("the document is not in the language asked for:\n%s\n%s", it, ru)
	}
	for _, s := range []string{text, it, ru} {
		if strings.Contains(s, "records.") || strings.Contains(s, "chip_cutting") || strings.Contains(s, "{{") {
			t.Errorf("the document shows plumbing:\n%s", s)
		}
	}
}
