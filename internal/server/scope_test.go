package server_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

// TestGroup_DirectorOutOfAdministratorsReach: a site's administrator sees
// the group director among the users but cannot change them: a new
// password, a deactivation, a new name or a language posted for the
// director is refused with 403 and the reason in words, nothing changes
// (the director still signs in with their own password), and each refused
// attempt is in the audit log with its actor and what was tried. The same
// administrator still changes their own site's manager. Needs
// TRAINER_TEST_POSTGRES.
func TestGroup_DirectorOutOfAdministratorsReach(t *testing.T) {
	t.Parallel()
	g := newSites(t)
	first := trainer.FirstSiteID
	ada := userAt(t, g.a, "Ada Admin", trainer.RoleAdministrator, first, adminPassword)
	mia := userAt(t, g.a, "Mia Manager", trainer.RoleManager, first, managerPassword)
	dee := userAt(t, g.a, "Dee Director", trainer.RoleDirector, 0, managerPassword)
	if dee.SiteID != 0 {
		t.Errorf("the director was stored at site %d; want no site", dee.SiteID)
	}

	admin := staffOn(t, g.a, ada.Name, adminPassword)
	list := admin.Get("/admin/users")
	wantStatus(t, "users", list, http.StatusOK)
	if !strings.Contains(list.Text("main"), dee.Name) {
		t.Errorf("the users page does not show the director: %q", list.Text("main"))
	}
	page := admin.Get(userPath(dee))
	wantStatus(t, "the director's page", page, http.StatusOK)
	if !page.Has(`[data-testid="read-only"]`) || page.Has(`form[action$="/secret"]`) || page.Has(`[data-testid="deactivate"]`) {
		t.Errorf("the director's page offers forms to a site's administrator: %q", page.Text("main"))
	}

	const takeover = "a new password of the attacker"
	for _, tt := range []struct {
		what, path string
		form       url.Values
	}{
		{"a new password", "/secret", url.Values{"secret": {takeover}, "confirm": {takeover}}},
		{"a deactivation", "/deactivate", url.Values{"confirm": {"yes"}}},
		{"a new name", "/profile", url.Values{"name": {"Dee Renamed"}, "badge": {""}}},
		{"a language", "/language", url.Values{"language": {"it"}}},
	} {
		resp := admin.PostForm(userPath(dee)+tt.path, tt.form)
		wantStatus(t, tt.what+" for the director", resp, http.StatusForbidden)
		if !strings.Contains(resp.Text("main"), "Only another group director") {
			t.Errorf("%s for the director: the page says %q; want the reason in words", tt.what, resp.Text("main"))
		}
	}
	got, err := g.a.Store.FindUserByID(t.Context(), dee.ID)
	if err != nil {
		t.Fatal(err)
	}
	if !got.Active || got.Name != dee.Name || got.Language != "" {
		t.Errorf("the director after the refusals: %+v", got)
	}
	// The takeover's next step fails, and the director's own password works.
	c := g.b.Client()
	wantStatus(t, "signing in as the director with the attacker's password",
		c.PostForm("/signin/staff", url.Values{"name": {dee.Name}, "password": {takeover}}), http.StatusUnprocessableEntity)
	staffOn(t, g.b, dee.Name, managerPassword)

	entries, err := g.a.Store.ListAudit(t.Context(), trainer.AuditFilter{SubjectPrefix: trainer.UserSubject(dee.ID)})
	if err != nil {
		t.Fatal(err)
	}
	var refused []string
	for _, e := range entries {
		if e.Action == trainer.AuditUserChangeRefused {
			if e.ActorID != ada.ID {
				t.Errorf("refusal entry %d names actor %d; want %d", e.Seq, e.ActorID, ada.ID)
			}
			refused = append(refused, e.Detail)
		}
	}
	if len(refused) != 4 {
		t.Errorf("the audit log has %d refused changes of the director (%v); want 4", len(refused), refused)
	}

	// The administrator's own site's manager is theirs to change.
	wantStatus(t, "a new password for the site's manager",
		admin.PostForm(userPath(mia)+"/secret", url.Values{"secret": {"another long one"}, "confirm": {"another long one"}}), http.StatusSeeOther)
}

// TestGroup_TraineeAtAnotherSitesProcess: a trainee's session is good at
// their own site's processes only. Carried to another site's process (one
// cookie key serves the group), it does not count there: the trainee is
// sent to sign in, and no practice is recorded as the other site's, which
// would skew the director's comparison of sites. At home it still works.
func TestGroup_TraineeAtAnotherSitesProcess(t *testing.T) {
	t.Parallel()
	g := newSites(t)
	bo := userAt(t, g.b, "Bo Chan", trainer.RoleTrainee, g.north.ID, traineePIN)
	home := traineeOn(t, g.b, bo)
	away := g.a.Client()
	away.SetCookie("trainer_session", home.Cookie("trainer_session"))
	resp := away.Get("/trainee")
	if resp.StatusCode != http.StatusSeeOther || !strings.HasPrefix(resp.Header.Get("Location"), "/signin") {
		t.Errorf("Bo's session at the first site's process: %d to %q; want sent to sign in", resp.StatusCode, resp.Header.Get("Location"))
	}
	start := away.PostForm("/practice", url.Values{"game": {"uth"}, "kind": {"payout"}, "mode": {"practice"}, "level": {"1"}})
	if start.StatusCode < 300 || start.StatusCode >= 400 || strings.HasPrefix(start.Header.Get("Location"), "/practice/") {
		t.Errorf("starting practice with Bo's session at the first site's process: %d to %q; want refused", start.StatusCode, start.Header.Get("Location"))
	}
	sessions, err := g.a.Store.ListPracticeSessions(t.Context(), trainer.SessionFilter{UserID: bo.ID})
	if err != nil {
		t.Fatal(err)
	}
	if len(sessions) != 0 {
		t.Errorf("practice recorded for Bo at another site's process: %+v", sessions)
	}
	wantStatus(t, "Bo at home", home.Get("/trainee"), http.StatusOK)
}

// TestGroup_AdministratorsUsersBelongToTheirSite: an administrator of the
// first site who signs in at North Shore's process adds users to their own
// site, whose users they manage, not to the process's (docs/group.md).
func TestGroup_AdministratorsUsersBelongToTheirSite(t *testing.T) {
	t.Parallel()
	g := newSites(t)
	userAt(t, g.a, "Ada Admin", trainer.RoleAdministrator, trainer.FirstSiteID, adminPassword)
	admin := staffOn(t, g.b, "Ada Admin", adminPassword)
	wantStatus(t, "add a trainee", admin.PostForm("/admin/users", url.Values{
		"role": {"trainee"}, "name": {"Cy Cole"}, "secret": {"13579"}, "confirm": {"13579"}}), http.StatusSeeOther)
	cy, err := g.a.Store.FindUserByName(t.Context(), "Cy Cole")
	if err != nil {
		t.Fatal(err)
	}
	if cy.SiteID != trainer.FirstSiteID {
		t.Errorf("the trainee Ada added at North Shore's process belongs to site %d; want hers, %d", cy.SiteID, trainer.FirstSiteID)
	}
}
