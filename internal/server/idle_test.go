package server_test

import (
	"net/http"
	"net/url"
	"testing"
	"time"

	"github.com/dealerkiosk/trainer/internal/sqlite"
)

// TestSession_StaffTimeoutSetting: an administrator sets the staff's
// inactivity timeout on the settings page; the change is audited with its
// old and new value, and managers are signed out after the new time.
func TestSession_StaffTimeoutSetting(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	admin := k.staffClient(t, "Ada Admin", adminPassword)
	resp := admin.Get("/admin/settings")
	if v, _ := resp.Doc.Find(`input[name="staff_idle_minutes"]`).Attr("value"); v != "15" {
		t.Errorf("staff idle minutes shown = %q; want 15", v)
	}
	form := url.Values{"idle_minutes": {"5"}, "max_failures": {"5"}, "lockout_minutes": {"15"}}
	for _, in := range []string{"0", "121", "ten", ""} {
		form.Set("staff_idle_minutes", in)
		resp := admin.PostForm("/admin/settings", form)
		wantStatus(t, "staff settings "+in, resp, http.StatusUnprocessableEntity)
		wantFieldError(t, "staff settings "+in, resp, "staff_idle_minutes", "Enter a whole number of minutes from 1 to 120.")
	}
	form.Set("staff_idle_minutes", "30")
	wantRedirect(t, "staff settings 30", admin.PostForm("/admin/settings", form), "/admin/settings?saved=1")
	es, err := k.DB.ListAudit(t.Context(), sqlite.AuditFilter{SubjectPrefix: "settings", Limit: 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(es) != 1 || es[0].Actor != "Ada Admin" || es[0].Detail != `{"staff_idle_timeout_minutes":{"new":30,"old":15}}` {
		t.Errorf("audit entry of the change: %+v", es)
	}
	m := k.staffClient(t, "Max Manager", managerPassword)
	if got, _ := m.Get("/manager").Doc.Find("body").Attr("data-idle-seconds"); got != "1801" {
		t.Errorf("manager's page returns to sign-in after %q s; want 1801", got)
	}
	k.Clock.Advance(29 * time.Minute)
	wantStatus(t, "manager after 29 of 30 minutes", m.Get("/manager"), http.StatusOK)
	k.Clock.Advance(30 * time.Minute)
	wantRedirect(t, "manager after 30 of 30 minutes", m.Get("/manager"), "/signin?ended=staff-idle")
}
