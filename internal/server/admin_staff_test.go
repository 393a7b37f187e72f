package server_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/dealerkiosk/trainer/internal/sqlite"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// TestUserProfile: an administrator corrects a trainee's name and badge
// (issue 15). The new name is on the sign-in grid and the change in the
// audit log; a name that looks like another user's, or a badge someone
// else has, is refused on its field and nothing is saved.
func TestUserProfile(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	k.CreateUser("Tina Lee", trainer.RoleTrainee, "77", traineePIN)
	admin := k.staffClient(t, "Ada Admin", adminPassword)
	page := admin.Get(userPath(k.trainee))
	if got := page.Doc.Find(`[data-testid="profile-form"] input[name="name"]`).AttrOr("value", ""); got != "Tia Trainee" {
		t.Errorf("the form shows the name %q", got)
	}
	path := userPath(k.trainee) + "/profile"
	wantRedirect(t, "correct the name", admin.PostForm(path, url.Values{"name": {"  Tía   Trainer "}, "badge": {"1043"}}),
		userPath(k.trainee)+"?done=profile")
	if got := admin.Get(userPath(k.trainee) + "?done=profile").TestID("notice"); got != "Name and badge saved." {
		t.Errorf("notice %q", got)
	}
	if grid := k.Client().Get("/signin").TestID("trainee-grid"); !strings.Contains(grid, "Tía Trainer") || strings.Contains(grid, "Tia Trainee") {
		t.Errorf("sign-in grid %q; want the corrected name", grid)
	}
	u, _ := k.DB.FindUserByID(t.Context(), k.trainee.ID)
	if u.Name != "Tía Trainer" || u.Badge != "1043" {
		t.Errorf("stored %q, badge %q", u.Name, u.Badge)
	}
	es, _ := k.DB.ListAudit(t.Context(), sqlite.AuditFilter{Limit: 1})
	if es[0].Action != trainer.AuditUserChanged || es[0].Actor != "Ada Admin" ||
		!strings.Contains(es[0].Detail, `"name":{"new":"Tía Trainer","old":"Tia Trainee"}`) {
		t.Errorf("audit: %s by %s: %s", es[0].Action, es[0].Actor, es[0].Detail)
	}

	for _, tt := range []struct{ name, badge, field, msg string }{
		{"Tina Lee", "1043", "name", "Another user already has this name: add an initial or a number."},
		{"T\u0456na Lee", "1043", "name", "This name looks like “Tina Lee”, another user's name: add an initial or a number."},
		{"Tía Trainer", "77", "badge", "Another user already has this badge number."},
		{"", "1043", "name", ""}, // the new-user form's message for an empty name
	} {
		resp := admin.PostForm(path, url.Values{"name": {tt.name}, "badge": {tt.badge}})
		wantStatus(t, "refused "+tt.name, resp, http.StatusUnprocessableEntity)
		got := resp.Text(`[data-testid="profile-form"] [data-testid="field-` + tt.field + `"] [data-testid="field-error"]`)
		if tt.msg != "" && got != tt.msg || got == "" {
			t.Errorf("%q / %q: message on %s %q; want %q", tt.name, tt.badge, tt.field, got, tt.msg)
		}
	}
	if u, _ := k.DB.FindUserByID(t.Context(), k.trainee.ID); u.Name != "Tía Trainer" || u.Badge != "1043" {
		t.Errorf("after the refusals: %q, badge %q", u.Name, u.Badge)
	}

	// htmx gets the form alone.
	admin.Header.Set("HX-Request", "true")
	resp := admin.PostForm(path, url.Values{"name": {"Tina Lee"}, "badge": {""}})
	admin.Header.Del("HX-Request")
	if !isFragment(resp.Body) || !resp.Has(`form#profile-form`) {
		t.Errorf("htmx refusal: not the form alone\n%.300s", resp.Body)
	}
}

// TestNewUserRoleSwitch: switching the role tab of the new-user form keeps
// the name and badge typed (issue 15), never sends a PIN back, and adds
// nobody.
func TestNewUserRoleSwitch(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	admin := k.staffClient(t, "Ada Admin", adminPassword)
	form := admin.Get("/admin/users/new")
	if !form.Has(`[data-testid="user-form"] button[name="switch_role"][value="manager"]`) {
		t.Fatal("the role tabs are not buttons of the form")
	}
	resp := admin.PostForm("/admin/users", url.Values{"role": {"trainee"}, "name": {"Nia Novak"}, "badge": {"501"},
		"secret": {"1357"}, "confirm": {"1357"}, "switch_role": {"manager"}})
	wantStatus(t, "switch to manager", resp, http.StatusOK)
	input := func(name string) string {
		return resp.Doc.Find(`[data-testid="user-form"] input[name="`+name+`"]`).AttrOr("value", "")
	}
	if input("role") != "manager" || input("name") != "Nia Novak" || input("badge") != "501" {
		t.Errorf("after the switch: role %q, name %q, badge %q", input("role"), input("name"), input("badge"))
	}
	if input("secret") != "" || !strings.Contains(resp.TestID("field-secret"), "Password") {
		t.Errorf("after the switch the secret field is %q with the value %q; want an empty password", resp.TestID("field-secret"), input("secret"))
	}
	if got := resp.Doc.Find(`button[name="switch_role"][aria-pressed="true"]`).Text(); got != "Manager" {
		t.Errorf("the tab pressed is %q", got)
	}
	if _, err := k.DB.FindUserByName(t.Context(), "Nia Novak"); trainer.KindOf(err) != trainer.KindNotFound {
		t.Errorf("switching the tab added the user: %v", err)
	}
	wantStatus(t, "a role that does not exist", admin.PostForm("/admin/users", url.Values{"switch_role": {"owner"}}), http.StatusBadRequest)
}
