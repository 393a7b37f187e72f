package server_test

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

func TestUserCreate(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	admin := k.staffClient(t, "Ada Admin", adminPassword)

	resp := admin.Get("/admin/users/new?role=trainee")
	wantStatus(t, "GET new trainee", resp, http.StatusOK)
	if !resp.Has(`[data-testid="user-form"] input[name="secret"][inputmode="numeric"]`) {
		t.Error("the new-trainee form asks for no numeric PIN")
	}

	resp = admin.PostForm("/admin/users", url.Values{
		"role": {"trainee"}, "name": {"Bo Chan"}, "badge": {"77"}, "secret": {"13579"}, "confirm": {"13579"},
	})
	wantStatus(t, "create trainee", resp, http.StatusSeeOther)
	bo, err := k.DB.FindUserByName(t.Context(), "Bo Chan")
	if err != nil {
		t.Fatal(err)
	}
	if loc := resp.Header.Get("Location"); !strings.HasSuffix(loc, "?added="+strconv.FormatInt(bo.ID, 10)) {
		t.Errorf("redirect after create = %q", loc)
	}
	if got := admin.Get(resp.Header.Get("Location")).TestID("notice"); got != "Added Bo Chan." {
		t.Errorf("notice = %q; want %q", got, "Added Bo Chan.")
	}
	if bo.Role != trainer.RoleTrainee || bo.Badge != "77" || !trainer.CheckSecret(bo.SecretHash, "13579") {
		t.Errorf("stored trainee = %+v", bo)
	}

	resp = admin.PostForm("/admin/users", url.Values{
		"role": {"manager"}, "name": {"Pat Pit"}, "secret": {"long enough"}, "confirm": {"long enough"},
	})
	wantStatus(t, "create manager", resp, http.StatusSeeOther)
	wantRedirect(t, "new manager signs in",
		k.Client().PostForm("/signin/staff", url.Values{"name": {"Pat Pit"}, "password": {"long enough"}}), "/manager")
}

func TestUserCreate_BadInput(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	admin := k.staffClient(t, "Ada Admin", adminPassword)
	tests := []struct {
		what                               string
		role, name, badge, secret, confirm string
		field, msg                         string
	}{
		{"empty name", "trainee", "", "", "1234", "1234", "name", "Enter a name."},
		{"short PIN", "trainee", "Bo", "", "123", "123", "secret", "A PIN is 4 to 6 digits."},
		{"long PIN", "trainee", "Bo", "", "1234567", "1234567", "secret", "A PIN is 4 to 6 digits."},
		{"PIN with a letter", "trainee", "Bo", "", "12a4", "12a4", "secret", "A PIN is 4 to 6 digits."},
		{"mismatched PINs", "trainee", "Bo", "", "1234", "1243", "confirm", "The two entries do not match."},
		{"short password", "manager", "Bo", "", "abc", "abc", "secret", "Use at least 8 characters."},
		{"mismatched passwords", "administrator", "Bo", "", "long enough", "long enougH", "confirm", "The two entries do not match."},
		{"bad badge", "trainee", "Bo", "12/4", "1234", "1234", "badge", "Use digits, letters and dashes only."},
		{"duplicate name", "trainee", "tia  trainee", "", "1234", "1234", "name", trainer.ErrNameTaken.Message},
		{"duplicate badge", "trainee", "Bo", "1042", "1234", "1234", "badge", trainer.ErrBadgeTaken.Message},
	}
	for _, htmx := range []bool{false, true} {
		admin.Header.Del("HX-Request")
		if htmx {
			admin.Header.Set("HX-Request", "true")
		}
		for _, tt := range tests {
			resp := admin.PostForm("/admin/users", url.Values{
				"role": {tt.role}, "name": {tt.name}, "badge": {tt.badge}, "secret": {tt.secret}, "confirm": {tt.confirm},
			})
			wantStatus(t, tt.what, resp, http.StatusUnprocessableEntity)
			wantFieldError(t, tt.what, resp, tt.field, tt.msg)
			if isFragment(resp.Body) != htmx {
				t.Errorf("%s (htmx %v): fragment = %v", tt.what, htmx, isFragment(resp.Body))
			}
			if v, _ := resp.Doc.Find(`input[name="name"]`).Attr("value"); tt.field != "name" && v != tt.name {
				t.Errorf("%s: the name %q was not kept in the form (got %q)", tt.what, tt.name, v)
			}
		}
	}
	users, _ := k.DB.CountUsers(t.Context())
	if users != 3 {
		t.Errorf("users after bad input: %d; want the 3 we started with", users)
	}
	resp := admin.PostForm("/admin/users", url.Values{"role": {"owner"}, "name": {"Bo"}})
	wantStatus(t, "unknown role", resp, http.StatusBadRequest)
}

func TestUserSecretReset(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	admin := k.staffClient(t, "Ada Admin", adminPassword)
	trainee := k.traineeClient(t)

	resp := admin.PostForm(userPath(k.trainee)+"/secret", url.Values{"secret": {"99"}, "confirm": {"99"}})
	wantStatus(t, "reset to a 2-digit PIN", resp, http.StatusUnprocessableEntity)
	wantFieldError(t, "reset to a 2-digit PIN", resp, "secret", "A PIN is 4 to 6 digits.")

	resp = admin.PostForm(userPath(k.trainee)+"/secret", url.Values{"secret": {"9876"}, "confirm": {"9876"}})
	wantRedirect(t, "reset PIN", resp, userPath(k.trainee)+"?done=secret")
	if got := admin.Get(userPath(k.trainee) + "?done=secret").TestID("notice"); got != "New PIN set." {
		t.Errorf("notice = %q", got)
	}
	// The reset ended the trainee's session, and only the new PIN works.
	wantRedirect(t, "trainee after the reset", trainee.Get("/trainee"), "/signin")
	wantStatus(t, "old PIN", k.Client().PostForm(pinPath(k.trainee), url.Values{"pin": {traineePIN}}), http.StatusUnprocessableEntity)
	wantRedirect(t, "new PIN", k.Client().PostForm(pinPath(k.trainee), url.Values{"pin": {"9876"}}), "/trainee")
}

func TestUserDeactivate(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	admin := k.staffClient(t, "Ada Admin", adminPassword)
	trainee := k.traineeClient(t)

	// The first tap asks (issue 15): nothing changes until it is confirmed.
	ask := admin.PostForm(userPath(k.trainee)+"/deactivate", nil)
	wantStatus(t, "deactivate, not confirmed", ask, http.StatusOK)
	if got := ask.Text(`[data-testid="confirm-deactivate"] h2`); got != "Deactivate Tia Trainee?" {
		t.Errorf("confirmation %q", got)
	}
	if !ask.Has(`[data-testid="confirm-deactivate"] input[name="confirm"][value="yes"]`) || ask.Has(`[data-testid="deactivate"]`) {
		t.Error("the confirmation does not carry confirm=yes, or the first button is still offered")
	}
	wantStatus(t, "trainee after an unconfirmed deactivation", trainee.Get("/trainee"), http.StatusOK)
	wantRedirect(t, "deactivate", admin.PostForm(userPath(k.trainee)+"/deactivate", url.Values{"confirm": {"yes"}}), userPath(k.trainee)+"?done=deactivated")
	wantRedirect(t, "deactivated trainee's session", trainee.Get("/trainee"), "/signin")
	if k.Client().Get("/signin").Has(`[data-testid="trainee-tile"]`) {
		t.Error("a deactivated trainee is still on the grid")
	}
	wantStatus(t, "deactivated trainee's keypad", k.Client().Get(pinPath(k.trainee)), http.StatusNotFound)
	list := admin.Get("/admin/users")
	if !strings.Contains(list.TestID("user-list"), "Tia Trainee Trainee Badge 1042 Deactivated") {
		t.Errorf("user list = %q; want Tia shown as deactivated", list.TestID("user-list"))
	}

	wantRedirect(t, "reactivate", admin.PostForm(userPath(k.trainee)+"/reactivate", nil), userPath(k.trainee)+"?done=reactivated")
	wantRedirect(t, "reactivated trainee signs in", k.Client().PostForm(pinPath(k.trainee), url.Values{"pin": {traineePIN}}), "/trainee")

	// An administrator cannot lock themselves out.
	resp := admin.PostForm(userPath(k.admin)+"/deactivate", url.Values{"confirm": {"yes"}})
	wantStatus(t, "deactivate self", resp, http.StatusConflict)
	if got := resp.TestID("form-problem"); got != "You cannot deactivate your own account." {
		t.Errorf("deactivate self: %q", got)
	}
	wantStatus(t, "deactivate user 999", admin.PostForm("/admin/users/999/deactivate", url.Values{"confirm": {"yes"}}), http.StatusNotFound)
}
