package server_test

import (
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/dealerkiosk/trainer/internal/server"
	"github.com/dealerkiosk/trainer/internal/server/servertest"
	"github.com/dealerkiosk/trainer/internal/sqlite"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// Sign-in limits under concurrent guessing (issue 16). Each test sends its
// burst over real HTTP at once and counts, on the server, the PINs and
// passwords that reached argon2id (server.SecretChecks): that count is what
// a guesser gains, whatever the responses say.

// burst sends n requests at once, each from its own browser on c's device,
// and returns their status codes by count.
func burst(t *testing.T, n int, send func(i int) *servertest.Response) map[int]int {
	t.Helper()
	var mu sync.Mutex
	statuses := map[int]int{}
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range n {
		wg.Go(func() {
			<-start
			resp := send(i)
			mu.Lock()
			statuses[resp.StatusCode]++
			mu.Unlock()
		})
	}
	close(start)
	wg.Wait()
	return statuses
}

// TestSigninLimits_ConcurrentPINs: 100 wrong PINs sent at once for one
// trainee from one tablet reach argon2id at most 5 times, and the right PIN
// sent after the burst is refused while the account is held.
func TestSigninLimits_ConcurrentPINs(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	before := server.SecretChecks(k.Server)
	statuses := burst(t, 100, func(i int) *servertest.Response {
		return k.Client().PostForm(pinPath(k.trainee), url.Values{"pin": {fmt.Sprintf("%04d", 1000+i)}})
	})
	checked := server.SecretChecks(k.Server) - before
	if checked < 1 || checked > trainer.DefaultMaxSigninFailures {
		t.Errorf("100 concurrent wrong PINs: %d checked against the hash; want 1 to %d (statuses %v)",
			checked, trainer.DefaultMaxSigninFailures, statuses)
	}
	if statuses[http.StatusTooManyRequests] < 100-trainer.DefaultMaxSigninFailures {
		t.Errorf("statuses %v; want at least %d refused with 429", statuses, 100-trainer.DefaultMaxSigninFailures)
	}
	c := k.Client()
	resp := c.PostForm(pinPath(k.trainee), url.Values{"pin": {traineePIN}})
	wantStatus(t, "the right PIN after the burst", resp, http.StatusTooManyRequests)
	if c.Cookie("trainer_session") != "" {
		t.Error("the right PIN after the burst signed in")
	}
	if n := server.SecretChecks(k.Server) - before; n != checked {
		t.Errorf("the refused right PIN was checked against the hash (%d checks, was %d)", n, checked)
	}
}

// TestSigninLimits_ConcurrentPasswords: the same for a staff password.
func TestSigninLimits_ConcurrentPasswords(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	before := server.SecretChecks(k.Server)
	statuses := burst(t, 100, func(i int) *servertest.Response {
		return k.Client().PostForm("/signin/staff", url.Values{"name": {"Max Manager"}, "password": {fmt.Sprintf("guess number %d", i)}})
	})
	checked := server.SecretChecks(k.Server) - before
	if checked < 1 || checked > trainer.DefaultMaxSigninFailures {
		t.Errorf("100 concurrent wrong passwords: %d checked; want 1 to %d (statuses %v)",
			checked, trainer.DefaultMaxSigninFailures, statuses)
	}
	c := k.Client()
	resp := c.PostForm("/signin/staff", url.Values{"name": {"Max Manager"}, "password": {managerPassword}})
	wantStatus(t, "the right password after the burst", resp, http.StatusTooManyRequests)
	if c.Cookie("trainer_session") != "" {
		t.Error("the right password after the burst signed in")
	}
}

// TestSigninLimits_ConcurrentDevice: one tablet sends 250 wrong PINs at
// once across 50 trainees (5 each): at most 30 reach argon2id, and none of
// the 50 is locked out of the class's other tablets.
func TestSigninLimits_ConcurrentDevice(t *testing.T) {
	t.Parallel()
	h := servertest.New(t)
	hash := mustHash(t, traineePIN)
	class := make([]*trainer.User, 50)
	for i := range class {
		class[i] = &trainer.User{Name: fmt.Sprintf("Trainee %02d", i+1), Role: trainer.RoleTrainee, SecretHash: hash}
		if err := h.DB.CreateUser(t.Context(), class[i]); err != nil {
			t.Fatal(err)
		}
	}
	before := server.SecretChecks(h.Server)
	statuses := burst(t, 250, func(i int) *servertest.Response {
		return h.Client().PostForm(pinPath(class[i%50]), url.Values{"pin": {fmt.Sprintf("%05d", i)}})
	})
	if checked := server.SecretChecks(h.Server) - before; checked < 1 || checked > 30 {
		t.Errorf("250 concurrent wrong PINs across 50 trainees from one tablet: %d checked; want 1 to 30 (statuses %v)", checked, statuses)
	}
	// The burst's tablet is held back, for the right PIN too.
	wantStatus(t, "the right PIN from the burst's tablet", h.Client().PostForm(pinPath(class[0]), url.Values{"pin": {traineePIN}}), http.StatusTooManyRequests)
	// Every trainee of the class signs in on another tablet.
	other := h.ClientFrom("127.0.0.2")
	for _, u := range class {
		resp := other.PostForm(pinPath(u), url.Values{"pin": {traineePIN}})
		if resp.StatusCode != http.StatusSeeOther {
			t.Errorf("%s on another tablet after the burst: status %d; want 303", u.Name, resp.StatusCode)
		}
	}
}

// wrongPINs sends n wrong PINs for u from c, one after the other, and
// returns the last response.
func wrongPINs(t *testing.T, c *servertest.Client, u *trainer.User, n int) *servertest.Response {
	t.Helper()
	var resp *servertest.Response
	for i := range n {
		resp = c.PostForm(pinPath(u), url.Values{"pin": {fmt.Sprintf("9%03d", i)}})
	}
	return resp
}

// wrongPasswords sends n wrong passwords for name from c.
func wrongPasswords(t *testing.T, c *servertest.Client, name string, n int) *servertest.Response {
	t.Helper()
	var resp *servertest.Response
	for i := range n {
		resp = c.PostForm("/signin/staff", url.Values{"name": {name}, "password": {fmt.Sprintf("wrong guess %d", i)}})
	}
	return resp
}

// TestSigninLimits_OneTabletCannotLockTheClass: wrong PINs for several
// trainees from one tablet hold those trainees on that tablet only; each
// signs in on another tablet at once.
func TestSigninLimits_OneTabletCannotLockTheClass(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	class := []*trainer.User{k.trainee,
		k.CreateUser("Otto Other", trainer.RoleTrainee, "", traineePIN),
		k.CreateUser("Una Third", trainer.RoleTrainee, "", traineePIN)}
	prank := k.Client()
	for _, u := range class {
		resp := wrongPINs(t, prank, u, trainer.DefaultMaxSigninFailures)
		wantStatus(t, "the fifth wrong PIN for "+u.Name, resp, http.StatusTooManyRequests)
		wantStatus(t, "the right PIN for "+u.Name+" on the prankster's tablet",
			prank.PostForm(pinPath(u), url.Values{"pin": {traineePIN}}), http.StatusTooManyRequests)
	}
	for _, u := range class {
		wantRedirect(t, u.Name+" on another tablet", k.ClientFrom("127.0.0.2").PostForm(pinPath(u), url.Values{"pin": {traineePIN}}), "/trainee")
	}
}

// TestSigninLimits_AdministratorBurst: a burst of 40 wrong passwords for
// the administrator from one device holds the administrator on that device
// for 15 minutes, not a day, and not anywhere else.
func TestSigninLimits_AdministratorBurst(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	prank := k.Client()
	statuses := burst(t, 40, func(i int) *servertest.Response {
		return prank.PostForm("/signin/staff", url.Values{"name": {"Ada Admin"}, "password": {fmt.Sprintf("guess %d", i)}})
	})
	if statuses[http.StatusTooManyRequests] == 0 {
		t.Fatalf("40 wrong passwords: statuses %v; want the later ones refused with 429", statuses)
	}
	// At the administrator's own desk, at once.
	k.staffClient2(t, "127.0.0.2", "Ada Admin", adminPassword)
	// On the prankster's device, once the first hold (15 minutes) is over.
	k.Clock.Advance(trainer.DefaultLockoutDuration)
	wantRedirect(t, "the administrator on the prankster's device 15 minutes later",
		k.Client().PostForm("/signin/staff", url.Values{"name": {"Ada Admin"}, "password": {adminPassword}}), "/admin/users")
}

// staffClient2 signs name in from the loopback address addr.
func (k *kiosk) staffClient2(t *testing.T, addr, name, password string) *servertest.Client {
	t.Helper()
	c := k.ClientFrom(addr)
	resp := c.PostForm("/signin/staff", url.Values{"name": {name}, "password": {password}})
	if resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("staff sign-in of %q from %s: status %d; want 303\n%.1500s", name, addr, resp.StatusCode, resp.Body)
	}
	return c
}

// TestSigninLimits_NoEscalationWhileHeld: wrong PINs sent at once, or
// while held, are refused without counting, so they neither lengthen the
// hold nor make the next one longer: a burst of 40 holds for the first
// time's 15 minutes, and the second hold lasts twice as long, no more.
func TestSigninLimits_NoEscalationWhileHeld(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	c := k.Client()
	d := trainer.DefaultLockoutDuration
	guesses := func(i int) *servertest.Response {
		return c.PostForm(pinPath(k.trainee), url.Values{"pin": {fmt.Sprintf("9%03d", i)}})
	}
	if st := burst(t, 40, guesses); st[http.StatusTooManyRequests] == 0 {
		t.Fatalf("first burst: statuses %v; want 429s", st)
	}
	wantStatus(t, "20 more while held", wrongPINs(t, c, k.trainee, 20), http.StatusTooManyRequests)
	k.Clock.Advance(d)
	wantRedirect(t, "the right PIN once the first hold is over", c.PostForm(pinPath(k.trainee), url.Values{"pin": {traineePIN}}), "/trainee")

	c = k.Client()
	if st := burst(t, 40, guesses); st[http.StatusTooManyRequests] == 0 {
		t.Fatalf("second burst: statuses %v; want 429s", st)
	}
	k.Clock.Advance(2*d - time.Minute)
	wantStatus(t, "a minute before the second hold ends", c.PostForm(pinPath(k.trainee), url.Values{"pin": {traineePIN}}), http.StatusTooManyRequests)
	k.Clock.Advance(time.Minute)
	wantRedirect(t, "the right PIN once the second hold is over", c.PostForm(pinPath(k.trainee), url.Values{"pin": {traineePIN}}), "/trainee")
}

// TestSigninLimits_StaffHoldsGrowToAnHour: repeated bursts against a staff
// account from one device are held for 15, 30 and 60 minutes, and then an
// hour each time: delays that grow, never a day-long lock.
func TestSigninLimits_StaffHoldsGrowToAnHour(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	for i, minutes := range []int{15, 30, 60, 60, 60} {
		c := k.Client()
		what := fmt.Sprintf("burst %d", i+1)
		wantStatus(t, what, wrongPasswords(t, c, "Max Manager", trainer.DefaultMaxSigninFailures), http.StatusTooManyRequests)
		k.Clock.Advance(time.Duration(minutes-1) * time.Minute)
		wantStatus(t, what+": a minute before the hold ends",
			c.PostForm("/signin/staff", url.Values{"name": {"Max Manager"}, "password": {managerPassword}}), http.StatusTooManyRequests)
		k.Clock.Advance(time.Minute)
		wantRedirect(t, what+": once the hold is over",
			c.PostForm("/signin/staff", url.Values{"name": {"Max Manager"}, "password": {managerPassword}}), "/manager")
	}
}

// TestSigninLimits_SeveralDevicesLockEverywhere: wrong PINs for one
// trainee from three devices lock the account everywhere.
func TestSigninLimits_SeveralDevicesLockEverywhere(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	for _, addr := range []string{"127.0.0.1", "127.0.0.2", "127.0.0.3"} {
		wrongPINs(t, k.ClientFrom(addr), k.trainee, trainer.DefaultMaxSigninFailures-1)
	}
	resp := k.ClientFrom("127.0.0.4").PostForm(pinPath(k.trainee), url.Values{"pin": {traineePIN}})
	wantStatus(t, "the right PIN on a fourth device", resp, http.StatusTooManyRequests)
	if got := resp.Text(`[data-testid="field-pin"] [data-testid="field-error"]`); !strings.HasPrefix(got, "Too many wrong PINs: this account is locked until ") {
		t.Errorf("message %q; want the account's lock", got)
	}
}

var clockRE = regexp.MustCompile(`\b\d\d:\d\d\b`)

// TestSignin_UnknownNamesCountedAlike: wrong passwords for a staff name and
// for a name that is nobody's get the same answers, one by one, so the
// counting does not tell names from non-names.
func TestSignin_UnknownNamesCountedAlike(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	answers := func(addr, name string) []string {
		c := k.ClientFrom(addr)
		var out []string
		for i := range trainer.DefaultMaxSigninFailures + 2 {
			resp := c.PostForm("/signin/staff", url.Values{"name": {name}, "password": {fmt.Sprintf("wrong guess %d", i)}})
			// The clock runs between the two runs: compare the
			// messages without their time.
			msg := clockRE.ReplaceAllString(resp.TestID("form-problem"), "HH:MM")
			out = append(out, fmt.Sprintf("%d %s", resp.StatusCode, msg))
		}
		return out
	}
	known := answers("127.0.0.2", "Max Manager")
	unknown := answers("127.0.0.3", "Nobody Here")
	if !strings.HasPrefix(known[trainer.DefaultMaxSigninFailures-1], "429 ") {
		t.Errorf("the manager's wrong password %d: %q; want it held", trainer.DefaultMaxSigninFailures, known[trainer.DefaultMaxSigninFailures-1])
	}
	for i := range known {
		if known[i] != unknown[i] {
			t.Errorf("wrong password %d: %q for a manager's name, %q for nobody's; want the same", i+1, known[i], unknown[i])
		}
	}
}

// TestSignin_LongValuesNotEchoed: a rejected form shows back at most a
// field's length of what was typed, not the megabytes a script can post.
func TestSignin_LongValuesNotEchoed(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	long := strings.Repeat("x", 5000)
	tooMuch := strings.Repeat("x", trainer.MaxNameLen+1)
	resp := k.Client().PostForm("/signin/staff", url.Values{"name": {long}, "password": {"whatever it is"}})
	wantStatus(t, "staff sign-in with a long name", resp, http.StatusUnprocessableEntity)
	if strings.Contains(resp.Body, tooMuch) {
		t.Errorf("staff sign-in echoed more than %d characters of the name", trainer.MaxNameLen)
	}
	resp = k.Client().PostForm("/signin/badge", url.Values{"badge": {long}})
	wantStatus(t, "badge with a long number", resp, http.StatusUnprocessableEntity)
	if strings.Contains(resp.Body, strings.Repeat("X", trainer.MaxBadgeLen+1)) {
		t.Errorf("badge form echoed more than %d characters", trainer.MaxBadgeLen)
	}
	admin := k.staffClient(t, "Ada Admin", adminPassword)
	resp = admin.PostForm("/admin/users", url.Values{"role": {"trainee"}, "name": {long}, "badge": {long}, "secret": {"1234"}, "confirm": {"1234"}})
	wantStatus(t, "new user with long values", resp, http.StatusUnprocessableEntity)
	wantFieldError(t, "long name", resp, "name", fmt.Sprintf("Use at most %d characters.", trainer.MaxNameLen))
	if strings.Contains(resp.Body, tooMuch) || strings.Contains(resp.Body, strings.Repeat("X", trainer.MaxBadgeLen+1)) {
		t.Errorf("the new-user form echoed more than a field's length")
	}
}

// TestUserCreate_Names: names that look like another user's name, or that
// cannot be read, are refused with the reason; names are stored in NFC.
func TestUserCreate_Names(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	k.CreateUser("Tina", trainer.RoleTrainee, "", traineePIN)
	admin := k.staffClient(t, "Ada Admin", adminPassword)
	create := func(name string) *servertest.Response {
		return admin.PostForm("/admin/users", url.Values{"role": {"trainee"}, "name": {name}, "secret": {"1357"}, "confirm": {"1357"}})
	}
	tests := []struct{ what, name, msg string }{
		{"a Cyrillic Т", "\u0422ina", "This name looks like “Tina”, another user's name: add an initial or a number."},
		{"a Cyrillic і", "T\u0456na", "This name looks like “Tina”, another user's name: add an initial or a number."},
		{"a Greek Ι in another's name", "Tia Tra\u0399nee", "This name looks like “Tia Trainee”, another user's name: add an initial or a number."},
		{"stacked marks", "Zed" + strings.Repeat("\u0336\u0337", 15), "Use at most 3 accents or marks on a letter, so the name can be read on the sign-in screen."},
	}
	for _, tt := range tests {
		resp := create(tt.name)
		wantStatus(t, tt.what, resp, http.StatusUnprocessableEntity)
		wantFieldError(t, tt.what, resp, "name", tt.msg)
	}
	// Decomposed accents are stored composed, and are the same name.
	wantStatus(t, "José typed decomposed", create("Jose\u0301 Di\u0301az"), http.StatusSeeOther)
	users, err := k.DB.ListUsers(t.Context(), sqlite.UserFilter{})
	if err != nil {
		t.Fatal(err)
	}
	var found bool
	for _, u := range users {
		found = found || u.Name == "Jos\u00e9 D\u00edaz"
	}
	if !found {
		t.Errorf("no user named %q (NFC) among %v", "Jos\u00e9 D\u00edaz", users)
	}
	resp := create("Jos\u00e9 D\u00edaz")
	wantStatus(t, "José typed composed", resp, http.StatusUnprocessableEntity)
	wantFieldError(t, "José typed composed", resp, "name", trainer.ErrNameTaken.Message)
}

// TestSigninLimits_ClassAtOnceFromOneAddress: 40 trainees signing in at the
// same moment from one address (tablets behind one router) all get in,
// although attempts count before they are checked and the device's limit is
// 30: only as many are in flight as hashes are computed at once.
func TestSigninLimits_ClassAtOnceFromOneAddress(t *testing.T) {
	t.Parallel()
	h := servertest.New(t)
	hash := mustHash(t, traineePIN)
	class := make([]*trainer.User, 40)
	for i := range class {
		class[i] = &trainer.User{Name: fmt.Sprintf("Trainee %02d", i+1), Role: trainer.RoleTrainee, SecretHash: hash}
		if err := h.DB.CreateUser(t.Context(), class[i]); err != nil {
			t.Fatal(err)
		}
	}
	statuses := burst(t, len(class), func(i int) *servertest.Response {
		return h.Client().PostForm(pinPath(class[i]), url.Values{"pin": {traineePIN}})
	})
	if statuses[http.StatusSeeOther] != len(class) {
		t.Errorf("40 trainees at once from one address: statuses %v; want every one signed in (303)", statuses)
	}
}
