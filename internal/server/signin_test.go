package server_test

import (
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

func TestStaffSignin(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	if err := k.DB.CreateUser(t.Context(), &trainer.User{Name: "Old Manager", Role: trainer.RoleManager, SecretHash: mustHash(t, managerPassword)}); err != nil {
		t.Fatal(err)
	}
	old, _ := k.DB.FindUserByName(t.Context(), "Old Manager")
	if err := k.DB.SetUserActive(t.Context(), old.ID, false); err != nil {
		t.Fatal(err)
	}

	t.Run("OK", func(t *testing.T) {
		c := k.Client()
		resp := c.PostForm("/signin/staff", url.Values{"name": {"max manager"}, "password": {managerPassword}})
		wantRedirect(t, "manager sign-in", resp, "/manager")
		wantStatus(t, "GET /manager", c.Get("/manager"), http.StatusOK)
	})

	// A failed sign-in re-renders the form with 422 and one message that
	// does not tell whether the name exists.
	tests := []struct {
		what, name, password string
		msg                  string
	}{
		{"wrong password", "Max Manager", "not the password", "The name or the password is not right."},
		{"unknown name", "Nobody", managerPassword, "The name or the password is not right."},
		{"a trainee's PIN", "Tia Trainee", traineePIN, "The name or the password is not right."},
		{"deactivated", "Old Manager", managerPassword, "This account is deactivated. Ask an administrator."},
	}
	for _, tt := range tests {
		t.Run(tt.what, func(t *testing.T) {
			c := k.Client()
			resp := c.PostForm("/signin/staff", url.Values{"name": {tt.name}, "password": {tt.password}})
			wantStatus(t, tt.what, resp, http.StatusUnprocessableEntity)
			if got := resp.TestID("form-problem"); got != tt.msg {
				t.Errorf("%s: message %q; want %q", tt.what, got, tt.msg)
			}
			if c.Cookie("trainer_session") != "" {
				t.Errorf("%s: a session cookie was set", tt.what)
			}
		})
	}

	t.Run("EmptyFields", func(t *testing.T) {
		resp := k.Client().PostForm("/signin/staff", url.Values{})
		wantStatus(t, "empty staff sign-in", resp, http.StatusUnprocessableEntity)
		wantFieldError(t, "empty staff sign-in", resp, "name", "Enter your name.")
		wantFieldError(t, "empty staff sign-in", resp, "password", "Enter your password.")
	})
}

func mustHash(t *testing.T, secret string) string {
	t.Helper()
	h, err := trainer.HashSecret(secret)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func TestTraineeSignin(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)

	t.Run("Grid", func(t *testing.T) {
		resp := k.Client().Get("/signin")
		wantStatus(t, "GET /signin", resp, http.StatusOK)
		tiles := resp.Doc.Find(`[data-testid="trainee-tile"]`)
		if tiles.Length() != 1 || strings.TrimSpace(tiles.Find(".tile-name").Text()) != "Tia Trainee" {
			t.Fatalf("trainee grid = %q; want only Tia Trainee", tiles.Text())
		}
		if href, _ := tiles.Attr("href"); href != pinPath(k.trainee) {
			t.Errorf("tile links to %q; want %q", href, pinPath(k.trainee))
		}
	})

	t.Run("Badge", func(t *testing.T) {
		c := k.Client()
		wantRedirect(t, "badge 1042", c.PostForm("/signin/badge", url.Values{"badge": {" 1042 "}}), pinPath(k.trainee))
		for badge, msg := range map[string]string{
			"9999": "No trainee has this badge number.",
			"":     "Type your badge number, or tap your name.",
		} {
			resp := c.PostForm("/signin/badge", url.Values{"badge": {badge}})
			wantStatus(t, "badge "+badge, resp, http.StatusUnprocessableEntity)
			wantFieldError(t, "badge "+badge, resp, "badge", msg)
		}
	})

	t.Run("PIN", func(t *testing.T) {
		c := k.Client()
		resp := c.Get(pinPath(k.trainee))
		wantStatus(t, "GET keypad", resp, http.StatusOK)
		if got := resp.TestID("pin-name"); got != "Tia Trainee" {
			t.Errorf("keypad greets %q; want Tia Trainee", got)
		}
		for pin, msg := range map[string]string{
			"1357":  "That PIN is not right. Try again.",
			"12":    "A PIN is 4 to 6 digits.",
			"12a45": "A PIN is 4 to 6 digits.",
		} {
			resp := c.PostForm(pinPath(k.trainee), url.Values{"pin": {pin}})
			wantStatus(t, "PIN "+pin, resp, http.StatusUnprocessableEntity)
			wantFieldError(t, "PIN "+pin, resp, "pin", msg)
		}
		wantRedirect(t, "right PIN", c.PostForm(pinPath(k.trainee), url.Values{"pin": {traineePIN}}), "/trainee")
		resp = c.Get("/trainee")
		wantStatus(t, "GET /trainee", resp, http.StatusOK)
		if !resp.Has(`[data-testid="trainee-home"]`) {
			t.Error("no trainee home page")
		}
	})

	t.Run("NoKeypadForStaff", func(t *testing.T) {
		for _, path := range []string{pinPath(k.manager), pinPath(k.admin), "/signin/trainees/999", "/signin/trainees/x"} {
			wantStatus(t, "GET "+path, k.Client().Get(path), http.StatusNotFound)
		}
	})
}

func TestSession_RotatedAtSigninAndEndedAtSignout(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	c := k.Client()
	c.SetCookie("trainer_session", "planted-before-sign-in")
	wantRedirect(t, "sign-in", c.PostForm(pinPath(k.trainee), url.Values{"pin": {traineePIN}}), "/trainee")
	token := c.Cookie("trainer_session")
	if token == "" || token == "planted-before-sign-in" {
		t.Fatalf("session cookie after sign-in = %q; want a new one", token)
	}

	wantRedirect(t, "sign-out", c.PostForm("/signout", nil), "/signin?ended=out")
	if got := c.Cookie("trainer_session"); got != "" {
		t.Errorf("cookie after sign-out = %q; want none", got)
	}
	// The old cookie is worthless: the session ended on the server.
	replay := k.Client()
	replay.SetCookie("trainer_session", token)
	wantRedirect(t, "replayed cookie", replay.Get("/trainee"), "/signin")

	resp := c.Get("/signin?ended=out")
	if got := resp.TestID("notice"); got != "You are signed out." {
		t.Errorf("notice after sign-out = %q", got)
	}
}

func TestSession_BadCookieIsSignedOut(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	c := k.Client()
	c.SetCookie("trainer_session", "garbage!")
	wantStatus(t, "GET /signin with a bad cookie", c.Get("/signin"), http.StatusOK)
	wantRedirect(t, "GET /manager with a bad cookie", c.Get("/manager"), "/signin")
}

func TestSession_TraineeInactivityTimeout(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	c := k.traineeClient(t)

	resp := c.Get("/trainee")
	wantStatus(t, "GET /trainee", resp, http.StatusOK)
	// The page returns to the start by itself one second after the timeout.
	if got, _ := resp.Doc.Find("body").Attr("data-idle-seconds"); got != "301" {
		t.Errorf("body data-idle-seconds = %q; want 301", got)
	}
	// The test clock runs on from the real one: leave room for a loaded
	// machine's seconds between two requests.
	k.Clock.Advance(4*time.Minute + 30*time.Second)
	wantStatus(t, "GET /trainee after 4:30 idle", c.Get("/trainee"), http.StatusOK)
	k.Clock.Advance(5 * time.Minute)
	wantRedirect(t, "GET /trainee after 5:00 idle", c.Get("/trainee"), "/signin?ended=idle")
	resp = c.Get("/signin?ended=idle")
	if got := resp.TestID("notice"); got != "You were signed out after 5 minutes without activity." {
		t.Errorf("notice = %q", got)
	}
	wantRedirect(t, "GET /trainee again", c.Get("/trainee"), "/signin")

	// htmx requests are redirected with HX-Redirect, not a 303 that htmx
	// would follow and swap into the page.
	c = k.traineeClient(t)
	k.Clock.Advance(5 * time.Minute)
	c.Header.Set("HX-Request", "true")
	resp = c.Get("/trainee")
	wantStatus(t, "htmx GET after the timeout", resp, http.StatusNoContent)
	if got := resp.Header.Get("HX-Redirect"); got != "/signin?ended=idle" {
		t.Errorf("HX-Redirect = %q; want /signin?ended=idle", got)
	}

	// Staff are not signed out by the trainee timeout, but by their own
	// (15 minutes by default), and their pages say when they return to
	// sign-in by themselves.
	m := k.staffClient(t, "Max Manager", managerPassword)
	resp = m.Get("/manager")
	if got, _ := resp.Doc.Find("body").Attr("data-idle-seconds"); got != "901" {
		t.Errorf("manager's page returns to sign-in after %q s; want 901 (15 min + 1 s)", got)
	}
	k.Clock.Advance(14 * time.Minute)
	wantStatus(t, "manager after 14 min", m.Get("/manager"), http.StatusOK)
	k.Clock.Advance(15 * time.Minute)
	wantRedirect(t, "manager after 15 min idle", m.Get("/manager"), "/signin?ended=staff-idle")
	resp = m.Get("/signin?ended=staff-idle")
	if got := resp.TestID("notice"); got != "You were signed out after 15 minutes without activity." {
		t.Errorf("notice after the staff's timeout = %q", got)
	}
}

func TestSession_TimeoutSetting(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	admin := k.staffClient(t, "Ada Admin", adminPassword)
	resp := admin.Get("/admin/settings")
	wantStatus(t, "GET settings", resp, http.StatusOK)
	if v, _ := resp.Doc.Find(`input[name="idle_minutes"]`).Attr("value"); v != "5" {
		t.Errorf("idle minutes shown = %q; want 5", v)
	}
	for in, msg := range map[string]string{
		"0":    "Enter a whole number of minutes from 1 to 60.",
		"61":   "Enter a whole number of minutes from 1 to 60.",
		"five": "Enter a whole number of minutes from 1 to 60.",
		"":     "Enter a whole number of minutes from 1 to 60.",
	} {
		resp := admin.PostForm("/admin/settings", url.Values{"idle_minutes": {in}})
		wantStatus(t, "settings "+in, resp, http.StatusUnprocessableEntity)
		wantFieldError(t, "settings "+in, resp, "idle_minutes", msg)
	}
	wantRedirect(t, "settings 10", admin.PostForm("/admin/settings", url.Values{"idle_minutes": {"10"}, "max_failures": {"5"}, "lockout_minutes": {"15"}}), "/admin/settings?saved=1")
	if got := admin.Get("/admin/settings?saved=1").TestID("notice"); got != "Settings saved." {
		t.Errorf("notice = %q", got)
	}

	c := k.traineeClient(t)
	k.Clock.Advance(9 * time.Minute)
	wantStatus(t, "trainee after 9 of 10 minutes", c.Get("/trainee"), http.StatusOK)
	k.Clock.Advance(10 * time.Minute)
	wantRedirect(t, "trainee after 10 of 10 minutes", c.Get("/trainee"), "/signin?ended=idle")
}

// A class of 30 or more puts the badge box and a name filter before the
// grid; the filter finds names by the start of any word, regardless of case
// and accents, and htmx gets the grid alone.
func TestTraineeSignin_LargeClass(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	hash := mustHash(t, traineePIN)
	names := []string{"José Pérez", "Anne-Marie O'Neil", "Joanna Lee", "Bartholomew Featherstonehaugh"}
	for i := len(names); i < 30; i++ {
		names = append(names, fmt.Sprintf("Class Member %02d", i))
	}
	for i, name := range names {
		u := &trainer.User{Name: name, Role: trainer.RoleTrainee, Badge: fmt.Sprint(2000 + i), SecretHash: hash}
		if err := k.DB.CreateUser(t.Context(), u); err != nil {
			t.Fatal(err)
		}
	}

	resp := k.Client().Get("/signin")
	wantStatus(t, "GET /signin", resp, http.StatusOK)
	if got := resp.Doc.Find(`[data-testid="trainee-tile"]`).Length(); got != 31 {
		t.Errorf("%d tiles; want 31", got)
	}
	// The badge box and the filter come before the grid.
	order := resp.Doc.Find(`form.badge-form, [data-testid="name-filter"], [data-testid="trainee-grid"]`)
	var got []string
	order.Each(func(_ int, s *goquery.Selection) {
		id, _ := s.Attr("data-testid")
		if s.HasClass("badge-form") {
			id = "badge"
		}
		got = append(got, id)
	})
	if want := []string{"badge", "name-filter", "trainee-grid"}; !slices.Equal(got, want) {
		t.Errorf("order %q; want %q", got, want)
	}
	if got := resp.TestID("grid-count"); got != "31 trainees" {
		t.Errorf("count %q; want 31 trainees", got)
	}
	if got := resp.Text(`label[for="f-badge"]`); got != "Type your badge number" {
		t.Errorf("badge label %q", got)
	}

	tests := []struct {
		q    string
		want []string
		msg  string
	}{
		{"jo", []string{"Joanna Lee", "José Pérez"}, "2 names begin with “jo”"},
		{"JOSE pe", []string{"José Pérez"}, "1 name begins with “JOSE pe”"},
		{"marie", []string{"Anne-Marie O'Neil"}, "1 name begins with “marie”"},
		{"oneil", nil, "No name begins with “oneil”. Check the spelling, or type your badge number."},
		{"neil", []string{"Anne-Marie O'Neil"}, "1 name begins with “neil”"},
		{"ee", nil, "No name begins with “ee”. Check the spelling, or type your badge number."},
	}
	for _, tt := range tests {
		for _, hx := range []bool{false, true} {
			c := k.Client()
			if hx {
				c = htmxClient(c)
			}
			resp := c.Get("/signin?q=" + url.QueryEscape(tt.q))
			wantStatus(t, tt.q, resp, http.StatusOK)
			if isFragment(resp.Body) != hx {
				t.Errorf("q=%q htmx=%v: fragment %v", tt.q, hx, isFragment(resp.Body))
			}
			var names []string
			resp.Doc.Find(`[data-testid="trainee-tile"] .tile-name`).Each(func(_ int, s *goquery.Selection) {
				names = append(names, strings.TrimSpace(s.Text()))
			})
			slices.Sort(names)
			if !slices.Equal(names, tt.want) {
				t.Errorf("q=%q htmx=%v: names %q; want %q", tt.q, hx, names, tt.want)
			}
			if got := resp.TestID("grid-count"); got != tt.msg {
				t.Errorf("q=%q: count %q; want %q", tt.q, got, tt.msg)
			}
		}
	}

	// A long word is set smaller rather than broken.
	if !resp.Has(`a.tile.tile-longer`) {
		t.Error("no tile-longer on Featherstonehaugh")
	}
}
