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
