package server_test

import (
	"fmt"
	"net/http"
	"net/netip"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/dealerkiosk/trainer/internal/server"
	"github.com/dealerkiosk/trainer/internal/server/servertest"
	"github.com/dealerkiosk/trainer/internal/sqlite"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// clockText is t as the kiosk's clock says it in English against now
// (say.Clock): "14:35", or "Sun 00:09" when t falls on another day, as a
// hold begun before midnight ends after it.
func clockText(now, t time.Time) string {
	now, t = now.Local(), t.Local()
	if t.YearDay() != now.YearDay() || t.Year() != now.Year() {
		return t.Format("Mon 15:04")
	}
	return t.Format("15:04")
}

// lockedMsg is the message of an account locked everywhere, as the kiosk
// words it.
func lockedMsg(what string, now, until time.Time) string {
	return "Too many wrong " + what + ": this account is locked until " + clockText(now, until) +
		". An administrator can unlock it sooner."
}

// heldMsg is the message of an account held on the visitor's device.
func heldMsg(what string, now, until time.Time) string {
	return "Too many wrong " + what + " on this device: this account is held here until " + clockText(now, until) +
		". Sign in on another device, or ask an administrator."
}

// TestSignin_TraineeHold: five wrong PINs hold a trainee's account on that
// tablet; while held even the right PIN is refused there, with a message
// that says until when and the same whatever PIN was typed; the hold is
// logged, shown to the administrator, and lifted by them; another trainee
// on the same tablet is not affected, nor the trainee on another tablet.
func TestSignin_TraineeHold(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	tablet := k.Client()
	wrong := url.Values{"pin": {"1111"}}
	for i := 1; i < trainer.DefaultMaxSigninFailures; i++ {
		resp := tablet.PostForm(pinPath(k.trainee), wrong)
		wantStatus(t, fmt.Sprintf("wrong PIN %d", i), resp, http.StatusUnprocessableEntity)
		// The last two tries before the hold say so (issue 15).
		want := "That PIN is not right. Try again."
		switch trainer.DefaultMaxSigninFailures - i {
		case 2:
			want = "That PIN is not right. 2 tries left before sign-in is held on this device."
		case 1:
			want = "That PIN is not right. 1 try left before sign-in is held on this device."
		}
		wantFieldError(t, fmt.Sprintf("wrong PIN %d", i), resp, "pin", want)
	}
	heldAt := k.Clock.Now()
	resp := tablet.PostForm(pinPath(k.trainee), wrong)
	wantStatus(t, "the fifth wrong PIN", resp, http.StatusTooManyRequests)
	msg := heldMsg("PINs", heldAt, heldAt.Add(trainer.DefaultLockoutDuration))
	wantFieldError(t, "the fifth wrong PIN", resp, "pin", msg)

	// Held: the right PIN, a near miss and a wrong one get one answer.
	for _, pin := range []string{traineePIN, "2469", "9999"} {
		resp := tablet.PostForm(pinPath(k.trainee), url.Values{"pin": {pin}})
		wantStatus(t, "PIN "+pin+" while held", resp, http.StatusTooManyRequests)
		wantFieldError(t, "PIN "+pin+" while held", resp, "pin", msg)
		if tablet.Cookie("trainer_session") != "" {
			t.Fatalf("PIN %s while held: signed in", pin)
		}
	}
	logs := k.Logs()
	if !strings.Contains(logs, `msg="account held on a device"`) || !strings.Contains(logs, fmt.Sprintf("user_id=%d", k.trainee.ID)) ||
		!strings.Contains(logs, "address=127.0.0.1") {
		t.Errorf("no log of the hold naming the user and the address:\n%s", logs)
	}

	// The class goes on: another trainee signs in on the same tablet.
	other := k.CreateUser("Otto Other", trainer.RoleTrainee, "", "1357")
	wantRedirect(t, "another trainee on the tablet", k.Client().PostForm(pinPath(other), url.Values{"pin": {"1357"}}), "/trainee")

	// The administrator sees the hold and lifts it.
	admin := k.staffClient2(t, "127.0.0.2", "Ada Admin", adminPassword)
	until := clockText(heldAt, heldAt.Add(trainer.DefaultLockoutDuration))
	list := admin.Get("/admin/users")
	if got := list.Doc.Find(`[data-testid="user-row"]:contains("Tia Trainee") [data-testid="held"]`).Text(); got != "Held on 1 device" {
		t.Errorf("users page: Tia Trainee's hold shows %q; want %q", got, "Held on 1 device")
	}
	if got, want := list.TestID("hold-what"), "Tia Trainee on device 127.0.0.1 until "+until; got != want {
		t.Errorf("users page: holds %q; want %q", got, want)
	}
	page := admin.Get(userPath(k.trainee))
	if got, want := page.TestID("hold-what"), "Held on device 127.0.0.1 until "+until; got != want {
		t.Errorf("user page: holds %q; want %q", got, want)
	}
	if !page.Has(`[data-testid="unlock-form"]`) {
		t.Fatal("no unlock form on the held user's page")
	}
	wantRedirect(t, "unlock", admin.PostForm(userPath(k.trainee)+"/unlock", nil), userPath(k.trainee)+"?done=unlocked")
	page = admin.Get(userPath(k.trainee) + "?done=unlocked")
	if page.Has(`[data-testid="unlock-form"]`) || page.TestID("notice") != "Tia Trainee is unlocked and can sign in again." {
		t.Errorf("after unlock: form shown %v, notice %q", page.Has(`[data-testid="unlock-form"]`), page.TestID("notice"))
	}
	wantRedirect(t, "the right PIN after the unlock", tablet.PostForm(pinPath(k.trainee), url.Values{"pin": {traineePIN}}), "/trainee")
}

// TestSignin_LockedEverywhereShownAndLifted: an account locked everywhere
// (wrong PINs from three devices) and a device held back are shown under
// Users; the administrator lifts each with its own button, and each lifting
// is in the audit log with the administrator's name.
func TestSignin_LockedEverywhereShownAndLifted(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	at := k.Clock.Now()
	for _, addr := range []string{"127.0.0.3", "127.0.0.4", "127.0.0.5"} {
		wrongPINs(t, k.ClientFrom(addr), k.trainee, trainer.DefaultMaxSigninFailures-1)
	}
	guesser := k.ClientFrom("127.0.0.6")
	for i := range trainer.DeviceMaxFailures {
		guesser.PostForm("/signin/staff", url.Values{"name": {fmt.Sprintf("Guess %d", i)}, "password": {"password1"}})
	}
	admin := k.staffClient2(t, "127.0.0.2", "Ada Admin", adminPassword)
	list := admin.Get("/admin/users")
	if got := list.Doc.Find(`[data-testid="user-row"]:contains("Tia Trainee") [data-testid="locked"]`).Text(); !strings.HasPrefix(got, "Locked until ") {
		t.Errorf("users page: Tia Trainee's row shows %q; want locked", got)
	}
	var holds []string
	list.Doc.Find(`[data-testid="hold-what"]`).Each(func(_ int, s *goquery.Selection) { holds = append(holds, s.Text()) })
	// Each hold began between at and now: on a busy machine the wrong
	// sign-ins can take seconds and cross a minute.
	now := k.Clock.Now()
	wants := []struct {
		what string
		d    time.Duration
	}{ // those ending last first
		{"Tia Trainee on every device until ", trainer.DefaultLockoutDuration},
		{"Every account on device 127.0.0.6 until ", trainer.DeviceHoldFirst},
	}
	if len(holds) != len(wants) {
		t.Errorf("users page holds:\n%s\nwant %d holds", strings.Join(holds, "\n"), len(wants))
	}
	for i, w := range wants[:min(len(holds), len(wants))] {
		early, late := w.what+clockText(at, at.Add(w.d)), w.what+clockText(now, now.Add(w.d))
		if holds[i] != early && holds[i] != late {
			t.Errorf("users page: hold %d is %q; want %q", i+1, holds[i], early)
		}
	}
	// Lift both, one by one.
	for range 2 {
		form := list.Doc.Find(`[data-testid="hold-row"] form`).First()
		action, _ := form.Attr("action")
		wantRedirect(t, "lift "+action, admin.PostForm(action, nil), "/admin/users?lifted=1")
		list = admin.Get("/admin/users?lifted=1")
		if got := list.TestID("notice"); got != "The hold is lifted." {
			t.Errorf("notice after lifting = %q", got)
		}
	}
	if list.Has(`[data-testid="hold-row"]`) {
		t.Errorf("holds left after lifting both: %q", list.TestID("holds"))
	}
	wantRedirect(t, "the trainee after the lifting", k.ClientFrom("127.0.0.7").PostForm(pinPath(k.trainee), url.Values{"pin": {traineePIN}}), "/trainee")
	wantRedirect(t, "the released device", guesser.PostForm("/signin/staff", url.Values{"name": {"Max Manager"}, "password": {managerPassword}}), "/manager")
	entries, err := k.DB.ListAudit(t.Context(), sqlite.AuditFilter{})
	if err != nil {
		t.Fatal(err)
	}
	var lifts []string
	for _, e := range entries {
		if e.Action == trainer.AuditUserUnlocked || e.Action == trainer.AuditDeviceReleased {
			lifts = append(lifts, e.Action+" "+e.Subject+" by "+e.Actor)
		}
	}
	slices.Sort(lifts)
	if got, want := strings.Join(lifts, ", "), "device.released device:127.0.0.6 by Ada Admin, "+
		"user.unlocked "+trainer.UserSubject(k.trainee.ID)+" by Ada Admin"; got != want {
		t.Errorf("audit of the liftings: %s; want %s", got, want)
	}
	wantStatus(t, "lift a hold that is gone", admin.PostForm("/admin/holds/999/lift", nil), http.StatusNotFound)
}

// TestSignin_LockoutEnds: a hold ends by itself after the lockout time, and
// a repeat within a day lasts twice as long.
func TestSignin_LockoutEnds(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	c := k.Client()
	lock := func() time.Time {
		t.Helper()
		var resp *servertest.Response
		for range trainer.DefaultMaxSigninFailures {
			resp = c.PostForm(pinPath(k.trainee), url.Values{"pin": {"1111"}})
		}
		wantStatus(t, "lock", resp, http.StatusTooManyRequests)
		return k.Clock.Now()
	}
	lock()
	k.Clock.Advance(trainer.DefaultLockoutDuration - time.Minute)
	wantStatus(t, "a minute before the end", c.PostForm(pinPath(k.trainee), url.Values{"pin": {traineePIN}}), http.StatusTooManyRequests)
	k.Clock.Advance(time.Minute)
	wantRedirect(t, "at the end of the lockout", c.PostForm(pinPath(k.trainee), url.Values{"pin": {traineePIN}}), "/trainee")

	c = k.Client()
	at := lock()
	resp := c.PostForm(pinPath(k.trainee), url.Values{"pin": {traineePIN}})
	wantFieldError(t, "second lockout", resp, "pin", heldMsg("PINs", at, at.Add(2*trainer.DefaultLockoutDuration)))
}

// TestSignin_StaffLockout: wrong passwords hold a staff account on the
// device as wrong PINs hold a trainee's, with a message about passwords.
func TestSignin_StaffLockout(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	c := k.Client()
	wrong := url.Values{"name": {"Max Manager"}, "password": {"not the password"}}
	for i := 1; i < trainer.DefaultMaxSigninFailures; i++ {
		wantStatus(t, fmt.Sprintf("wrong password %d", i), c.PostForm("/signin/staff", wrong), http.StatusUnprocessableEntity)
	}
	at := k.Clock.Now()
	resp := c.PostForm("/signin/staff", wrong)
	wantStatus(t, "the fifth wrong password", resp, http.StatusTooManyRequests)
	msg := heldMsg("passwords", at, at.Add(trainer.DefaultLockoutDuration))
	if got := resp.TestID("form-problem"); got != msg {
		t.Errorf("message %q; want %q", got, msg)
	}
	resp = c.PostForm("/signin/staff", url.Values{"name": {"Max Manager"}, "password": {managerPassword}})
	wantStatus(t, "the right password while locked", resp, http.StatusTooManyRequests)
	if got := resp.TestID("form-problem"); got != msg {
		t.Errorf("right password while locked: message %q; want %q", got, msg)
	}
	// The administrator is not held by the manager's hold, and the
	// manager signs in on another device.
	k.staffClient(t, "Ada Admin", adminPassword)
	k.staffClient2(t, "127.0.0.2", "Max Manager", managerPassword)
}

// TestSignin_LockoutSettings: the administrator sets how many wrong entries
// lock an account, and for how long.
func TestSignin_LockoutSettings(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	admin := k.staffClient(t, "Ada Admin", adminPassword)
	resp := admin.PostForm("/admin/settings", url.Values{"idle_minutes": {"5"}, "max_failures": {"2"}, "lockout_minutes": {"0"}})
	wantStatus(t, "settings out of range", resp, http.StatusUnprocessableEntity)
	wantFieldError(t, "max_failures 2", resp, "max_failures", "Enter a whole number from 3 to 10.")
	wantFieldError(t, "lockout_minutes 0", resp, "lockout_minutes", "Enter a whole number of minutes from 1 to 1440.")
	wantRedirect(t, "settings", admin.PostForm("/admin/settings",
		url.Values{"idle_minutes": {"5"}, "max_failures": {"3"}, "lockout_minutes": {"60"}}), "/admin/settings?saved=1")
	page := admin.Get("/admin/settings")
	for field, want := range map[string]string{"max_failures": "3", "lockout_minutes": "60"} {
		if v, _ := page.Doc.Find(`input[name="` + field + `"]`).Attr("value"); v != want {
			t.Errorf("settings page: %s = %q; want %q", field, v, want)
		}
	}
	c := k.Client()
	c.PostForm(pinPath(k.trainee), url.Values{"pin": {"1111"}})
	c.PostForm(pinPath(k.trainee), url.Values{"pin": {"1111"}})
	at := k.Clock.Now()
	resp = c.PostForm(pinPath(k.trainee), url.Values{"pin": {"1111"}})
	wantStatus(t, "the third wrong PIN", resp, http.StatusTooManyRequests)
	wantFieldError(t, "the third wrong PIN", resp, "pin", heldMsg("PINs", at, at.Add(time.Hour)))
}

// TestSignin_AddressLimit: one device that sends many wrong entries across
// accounts (here, names that are nobody's) is held back for a while, for
// every account, and the kiosk logs it; the limit is far above what a class
// sharing a tablet makes.
func TestSignin_AddressLimit(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	c := k.Client()
	const limit = trainer.DeviceMaxFailures
	for i := 1; i < limit; i++ {
		resp := c.PostForm("/signin/staff", url.Values{"name": {fmt.Sprintf("Guess %d", i)}, "password": {"password1"}})
		wantStatus(t, fmt.Sprintf("wrong entry %d", i), resp, http.StatusUnprocessableEntity)
	}
	resp := c.PostForm("/signin/staff", url.Values{"name": {"Guess 30"}, "password": {"password1"}})
	wantStatus(t, "wrong entry 30", resp, http.StatusTooManyRequests)
	if got := resp.TestID("form-problem"); !strings.HasPrefix(got, "Too many wrong PINs and passwords from this device. Try again at ") {
		t.Errorf("message %q", got)
	}
	// Every account, the right PIN included, waits.
	resp = k.Client().PostForm(pinPath(k.trainee), url.Values{"pin": {traineePIN}})
	wantStatus(t, "the right PIN from the held-back device", resp, http.StatusTooManyRequests)
	if !strings.Contains(k.Logs(), `msg="sign-in device held"`) {
		t.Errorf("no log of the held-back address:\n%s", k.Logs())
	}
	k.Clock.Advance(10 * time.Minute)
	wantRedirect(t, "after the window", k.Client().PostForm(pinPath(k.trainee), url.Values{"pin": {traineePIN}}), "/trainee")
}

// TestSignin_AddressLimitBehindProxy: behind a trusted proxy the sign-in
// limits count the tablet X-Forwarded-For names, so one tablet's wrong
// guesses hold back that tablet and not the others behind the proxy; a
// client that is not the proxy cannot pick a device by writing the header.
func TestSignin_AddressLimitBehindProxy(t *testing.T) {
	t.Parallel()
	k := newKioskWith(t, func(c *server.Config) { c.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("127.0.0.0/30")} })
	tablet := func(from, xff string) *servertest.Client {
		c := k.ClientFrom(from)
		c.Header.Set("X-Forwarded-For", xff)
		return c
	}
	guesser := tablet("127.0.0.1", "192.168.7.10")
	for i := 1; i <= trainer.DeviceMaxFailures; i++ {
		guesser.PostForm("/signin/staff", url.Values{"name": {fmt.Sprintf("Guess %d", i)}, "password": {"password1"}})
	}
	resp := tablet("127.0.0.2", "192.168.7.10").PostForm(pinPath(k.trainee), url.Values{"pin": {traineePIN}})
	wantStatus(t, "the guessing tablet, through another proxy address", resp, http.StatusTooManyRequests)
	wantRedirect(t, "another tablet behind the proxy", tablet("127.0.0.1", "192.168.7.11").PostForm(pinPath(k.trainee), url.Values{"pin": {traineePIN}}), "/trainee")
	if !strings.Contains(k.Logs(), "192.168.7.10") {
		t.Errorf("the held-back tablet's address is not in the log:\n%s", k.Logs())
	}
	// 127.0.0.5 is not a trusted proxy: its header is its own writing.
	spoofer := tablet("127.0.0.5", "192.168.7.12")
	for i := 1; i <= trainer.DeviceMaxFailures; i++ {
		spoofer.PostForm("/signin/staff", url.Values{"name": {fmt.Sprintf("Guess %d", i)}, "password": {"password1"}})
	}
	wantRedirect(t, "the tablet the spoofer named", tablet("127.0.0.1", "192.168.7.12").PostForm(pinPath(k.trainee), url.Values{"pin": {traineePIN}}), "/trainee")
	resp = tablet("127.0.0.5", "192.168.7.99").PostForm(pinPath(k.trainee), url.Values{"pin": {traineePIN}})
	wantStatus(t, "the spoofer, whatever it writes", resp, http.StatusTooManyRequests)
}

// TestSignin_HashesBounded: many sign-ins at once compute at most a few
// argon2id hashes (19 MiB each) at a time; and as many attempts are in
// flight, honest ones at once from one device all get through.
func TestSignin_HashesBounded(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	var wg sync.WaitGroup
	for range 24 {
		wg.Go(func() {
			c := k.Client()
			resp := c.PostForm("/signin/staff", url.Values{"name": {"Max Manager"}, "password": {managerPassword}})
			if resp.StatusCode != http.StatusSeeOther {
				t.Errorf("sign-in: status %d", resp.StatusCode)
			}
		})
	}
	wg.Wait()
	if peak := server.HashPeak(k.Server); peak < 1 || peak > server.HashSlots {
		t.Errorf("%d hashes computed at once; want 1 to %d", peak, server.HashSlots)
	}
}
