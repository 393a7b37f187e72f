package server_test

import (
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/server"
	"github.com/dealerkiosk/trainer/internal/server/servertest"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// access says who may use a route.
type access int

const (
	anyone      access = iota // signed out included; no role check
	signedIn                  // every signed-in role; signed out goes to sign-in
	traineeOnly               // trainees; staff get 403
	staffOnly                 // managers, administrators and group directors; trainees get 403
	adminOnly                 // administrators; trainees, managers and directors get 403
)

// routeAccess is the one table of who may use each route of the router, by
// "METHOD /pattern" exactly as chi registers it. A route added to routes.go
// without a line here fails TestRoleMatrix, and so does a line here for a
// route that no longer exists. Give a POST a form in routeForms if its
// handler should get past validation.
var routeAccess = map[string]access{
	"GET /healthz":    anyone,
	"HEAD /healthz":   anyone,
	"GET /static/*":   anyone,
	"GET /house/logo": anyone,
	"GET /":           anyone,
	"GET /setup":      anyone, // 404 once the kiosk has a user
	"POST /setup":     anyone,
	"GET /signin":     anyone,

	"POST /signin/badge":         anyone,
	"POST /signin/language":      anyone,
	"GET /signin/trainees/{id}":  anyone,
	"POST /signin/trainees/{id}": anyone,
	"GET /signin/staff":          anyone,
	"POST /signin/staff":         anyone,
	"POST /signout":              anyone,

	"POST /session/alive":                     signedIn,
	"GET /language":                           signedIn,
	"POST /language":                          signedIn,
	"GET /book":                               signedIn,
	"GET /book/{game}":                        signedIn,
	"GET /book/{game}/sections/{section}":     signedIn,
	"GET /trainee":                            traineeOnly,
	"GET /practice/new":                       traineeOnly,
	"POST /practice":                          traineeOnly,
	"GET /practice/{id}":                      traineeOnly,
	"POST /practice/{id}/next":                traineeOnly,
	"POST /practice/{id}/end":                 traineeOnly,
	"GET /attempts/{id}":                      traineeOnly,
	"POST /attempts/{id}/answer":              traineeOnly,
	"POST /attempts/{id}/hint":                traineeOnly,
	"GET /progress":                           traineeOnly,
	"GET /history":                            traineeOnly,
	"GET /exams/new":                          traineeOnly,
	"POST /exams":                             traineeOnly,
	"GET /exams/{id}":                         traineeOnly,
	"POST /exams/{id}/items/{n}/answer":       traineeOnly,
	"GET /manager":                            staffOnly,
	"GET /manager/certifications.csv":         staffOnly,
	"GET /manager/programme":                  staffOnly,
	"GET /manager/trainees/{id}":              staffOnly,
	"GET /manager/trainees/{id}/attempts.csv": staffOnly,
	"POST /manager/trainees/{id}/games/{game}/table-test":      staffOnly,
	"POST /manager/trainees/{id}/games/{game}/revoke":          staffOnly,
	"POST /manager/trainees/{id}/games/{game}/allow":           staffOnly,
	"POST /manager/trainees/{id}/games/{game}/site-table-test": staffOnly,
	"GET /manager/trainees/{id}/games/{game}/checklist":        staffOnly,
	"POST /manager/trainees/{id}/games/{game}/checklist":       staffOnly,
	"GET /manager/trainees/{id}/records":                       staffOnly,
	"POST /manager/trainees/{id}/hours":                        staffOnly,
	"POST /manager/trainees/{id}/hours/{hours}/strike":         staffOnly,
	"POST /manager/trainees/{id}/topics":                       staffOnly,
	"GET /manager/floor":                                       staffOnly,
	"GET /manager/floor.csv":                                   staffOnly,
	"GET /manager/programmes/{game}/versions/{n}":              staffOnly,
	"GET /manager/trainees/{id}/games/{game}/transcript":       staffOnly,
	"GET /manager/trainees/{id}/games/{game}/certificate":      staffOnly,
	"GET /manager/exams/{id}":                                  staffOnly,
	"GET /manager/rules":                                       staffOnly,
	"GET /manager/rules/{version}":                             staffOnly,
	"POST /manager/rules/{version}/approve":                    staffOnly,
	"GET /tools/hand-checker":                                  staffOnly,
	"POST /tools/hand-checker":                                 staffOnly,
	"GET /tools/paytables":                                     staffOnly,
	"GET /tools/paytables/simulation":                          staffOnly,
	"GET /tools/paytables/whatif":                              staffOnly,
	"GET /tools/content":                                       staffOnly,
	"GET /tools/content/sample":                                staffOnly,
	// Classes (class*.go): the staff's pages, the projector and its
	// stream; a class's driving is checked past the role (class.Drives,
	// TestClass_*). The live page on the tablet is the trainees'.
	"GET /classes":                                staffOnly,
	"GET /classes/new":                            staffOnly,
	"POST /classes":                               staffOnly,
	"GET /classes/lists":                          staffOnly,
	"POST /classes/lists":                         staffOnly,
	"POST /classes/lists/{id}/delete":             staffOnly,
	"GET /classes/{id}":                           staffOnly,
	"POST /classes/{id}/tables":                   staffOnly,
	"POST /classes/{id}/roster/preview":           staffOnly,
	"POST /classes/{id}/roster/import":            staffOnly,
	"GET /classes/{id}/runs/{run}":                staffOnly,
	"GET /classes/{id}/runs/{run}/report.csv":     staffOnly,
	"GET /classes/{id}/live":                      staffOnly,
	"GET /classes/{id}/live/events":               staffOnly,
	"GET /classes/{id}/live/panel":                staffOnly,
	"POST /classes/{id}/live/start":               staffOnly,
	"POST /classes/{id}/live/question":            staffOnly,
	"POST /classes/{id}/live/action":              staffOnly,
	"POST /classes/{id}/live/standing":            staffOnly,
	"POST /classes/{id}/live/end":                 staffOnly,
	"GET /live/{id}":                              traineeOnly,
	"POST /live/{id}/join":                        traineeOnly,
	"GET /live/{id}/events":                       traineeOnly,
	"GET /live/{id}/panel":                        traineeOnly,
	"POST /live/{id}/questions/{question}/answer": traineeOnly,
	"GET /admin/users":                            adminOnly,
	"GET /admin/users/new":                        adminOnly,
	"POST /admin/users":                           adminOnly,
	"GET /admin/users/{id}":                       adminOnly,
	"POST /admin/users/{id}/profile":              adminOnly,
	"POST /admin/users/{id}/secret":               adminOnly,
	"POST /admin/users/{id}/deactivate":           adminOnly,
	"POST /admin/users/{id}/reactivate":           adminOnly,
	"POST /admin/users/{id}/unlock":               adminOnly,
	"POST /admin/users/{id}/language":             adminOnly,
	"POST /admin/holds/{id}/lift":                 adminOnly,
	"GET /admin/signers":                          adminOnly,
	"POST /admin/signers/{id}":                    adminOnly,
	"GET /admin/programmes":                       adminOnly,
	"POST /admin/programmes/{game}/approve":       adminOnly,
	"GET /admin/settings":                         adminOnly,
	"POST /admin/settings":                        adminOnly,
}

// routeForms are the forms posted to routes whose handler does more than
// refuse an empty form. Routes not listed get an empty form.
var routeForms = map[string]url.Values{
	"POST /practice":             {"game": {"uth"}, "kind": {"payout"}, "mode": {"practice"}, "level": {"1"}},
	"POST /attempts/{id}/answer": {"amount": {"5"}},
	"POST /tools/hand-checker":   {"game": {"uth"}, "op": {"settle"}},
	// The languages: the house's is "" on the user's pages.
	"POST /signin/language":           {"language": {"en"}},
	"POST /language":                  {"language": {""}},
	"POST /admin/users/{id}/language": {"language": {""}},
}

// allows reports whether role may use a route of access a.
func (a access) allows(role string) bool {
	switch a {
	case anyone, signedIn:
		return true
	case traineeOnly:
		return role == "trainee"
	case staffOnly:
		return role == "manager" || role == "administrator" || role == "director"
	case adminOnly:
		return role == "administrator"
	}
	return false
}

// roleNames are the four kinds of visitor of a kiosk, signed out first; a
// group (PostgreSQL) has a fifth, its director.
var roleNames = []string{"signed out", "trainee", "manager", "administrator"}

// TestRoleMatrix walks every route of the router as each kind of visitor and
// checks the answer against routeAccess: a signed-out visitor is sent to
// sign-in from every protected route, a signed-in user of another role gets
// 403, and an allowed one gets neither (nor 401, 405 or a 5xx). Path
// parameters are IDs of real objects the test creates. Every response also
// carries the security headers.
func TestRoleMatrix(t *testing.T) {
	plainRunOnly(t)
	t.Parallel()
	roleMatrix(t, newKiosk(t), roleNames)
}

// TestGroup_RoleMatrix is TestRoleMatrix at a group on PostgreSQL, with its
// director, who may use the managers' routes and not the administrators'.
// Needs TRAINER_TEST_POSTGRES.
func TestGroup_RoleMatrix(t *testing.T) {
	plainRunOnly(t)
	t.Parallel()
	g := newSites(t)
	k := &kiosk{
		Harness: g.a,
		admin:   g.a.CreateUser("Ada Admin", trainer.RoleAdministrator, "", adminPassword),
		manager: g.a.CreateUser("Max Manager", trainer.RoleManager, "", managerPassword),
		trainee: g.a.CreateUser("Tia Trainee", trainer.RoleTrainee, "1042", traineePIN),
	}
	k.CreateUser("Dee Director", trainer.RoleDirector, "", managerPassword)
	roleMatrix(t, k, append(slices.Clone(roleNames), "director"))
}

// TestGroup_VisitingDealerMatrix: every route of a trainee's file, and her
// exam, as a manager of another site for whom she is a visiting dealer
// needing a table test there: not found, all but the one form that records
// that table test. A route added under a trainee's file that forgets the
// site's scope fails here. Needs TRAINER_TEST_POSTGRES.
func TestGroup_VisitingDealerMatrix(t *testing.T) {
	t.Parallel()
	g := newVisitingGroup(t)
	routes, err := server.Routes(g.k.Server)
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(routes)
	ids := map[string]int64{"/manager/trainees/": g.k.trainee.ID, "/manager/exams/": g.exam}
	params := map[string]string{"{game}": "uth"}
	const recordHere = "POST /manager/trainees/{id}/games/{game}/site-table-test"
	tried := 0
	for _, route := range routes {
		method, pattern, _ := strings.Cut(route, " ")
		if !strings.HasPrefix(pattern, "/manager/trainees/{id}") && !strings.HasPrefix(pattern, "/manager/exams/{id}") {
			continue
		}
		path, err := concretePath(pattern, ids, params)
		if err != nil {
			t.Error(err)
			continue
		}
		tried++
		var resp *servertest.Response
		switch {
		case route == recordHere:
			continue // last: once recorded, nothing is needed here
		case method == http.MethodGet:
			resp = g.rita.Get(path)
		default:
			resp = g.rita.PostForm(path, url.Values{"site": {fmt.Sprint(g.river.ID)}, "result": {"pass"}, "confirm": {"yes"}})
		}
		if resp.StatusCode != http.StatusNotFound {
			t.Errorf("%s as a manager of another site (%s): status %d; want 404", route, path, resp.StatusCode)
		}
	}
	if tried < 8 {
		t.Fatalf("the matrix tried %d routes of a trainee's file; want every one", tried)
	}
	path, _ := concretePath(strings.TrimPrefix(recordHere, "POST "), ids, params)
	if resp := g.rita.PostForm(path, url.Values{"site": {fmt.Sprint(g.river.ID)}}); resp.StatusCode != http.StatusSeeOther {
		t.Errorf("%s as the manager of the site that needs it: status %d; want 303", recordHere, resp.StatusCode)
	}
}

func roleMatrix(t *testing.T, k *kiosk, roleNames []string) {
	routes, err := server.Routes(k.Server)
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(routes)
	for _, r := range routes {
		if _, ok := routeAccess[r]; !ok {
			t.Errorf("route %q is not in routeAccess: say who may use it", r)
		}
	}
	for r := range routeAccess {
		if !slices.Contains(routes, r) {
			t.Errorf("routeAccess lists %q, which the router does not have", r)
		}
	}

	// Real objects for the path parameters: the trainee's session and
	// attempt, and a user for the administrator's pages.
	tc := k.traineeClient(t)
	sessionID := startSession(t, tc, "uth", "payout", trainer.ModePractice, 1)
	attempt, _ := pending(t, k.Harness, sessionID)
	other := k.CreateUser("Otto Other", trainer.RoleTrainee, "", traineePIN)
	// Another trainee's exam: an exam of the matrix's own trainee would
	// stop the practice routes (a trainee with an exam open cannot
	// practise). The trainee gets 404 for it, which the matrix accepts as
	// "not refused by role"; TestExam_* check the owner's own routes.
	k.ApproveRules(k.manager)
	examID := startExam(t, signInTrainee(t, k.Harness, other), "uth")
	// A hold of the other trainee on a tablet that is not the test's.
	var hold int64
	for range trainer.DefaultMaxSigninFailures {
		d, err := k.Store.ReserveSigninAttempt(t.Context(), trainer.SigninAttempt{
			Account: trainer.UserAccount(other.ID), UserID: other.ID, Device: "10.9.9.9"})
		if err != nil {
			t.Fatal(err)
		}
		for _, h := range d.Started {
			hold = h.ID
		}
	}
	// A class the manager leads with the trainee in it, with a live drill
	// ended (its report) and none running, so that the event streams end
	// at once; the matrix's own POSTs start one later.
	cls, runID, questionID, listID := matrixClass(t, k)
	ids := map[string]int64{
		"/classes/":          cls,
		"/classes/lists/":    listID,
		"/live/":             cls,
		"/admin/holds/":      hold,
		"/signin/trainees/":  k.trainee.ID,
		"/practice/":         sessionID,
		"/attempts/":         attempt.ID,
		"/admin/users/":      other.ID,
		"/admin/signers/":    other.ID,
		"/exams/":            examID,
		"/manager/exams/":    examID,
		"/manager/trainees/": k.trainee.ID,
	}
	params := map[string]string{"{game}": "uth", "{hours}": "1", "{version}": k.Book.Version, "{n}": "1",
		"{run}": fmt.Sprint(runID), "{question}": fmt.Sprint(questionID),
		"{section}": k.Book.Houses[rulebook.DefaultHouse].Book("uth").Sections[0].ID}

	signedIn := map[string]*servertest.Client{
		"trainee":       tc,
		"manager":       k.staffClient(t, "Max Manager", managerPassword),
		"administrator": k.staffClient(t, "Ada Admin", adminPassword),
	}
	if slices.Contains(roleNames, "director") {
		signedIn["director"] = k.staffClient(t, "Dee Director", managerPassword)
	}
	// A POST may end or replace the session of the browser that sends it
	// (sign-out, a sign-in): each goes from a browser signed in for it.
	fresh := func(role string) *servertest.Client {
		switch role {
		case "signed out":
			return k.Client()
		case "trainee":
			return k.traineeClient(t)
		case "manager":
			return k.staffClient(t, "Max Manager", managerPassword)
		case "director":
			return k.staffClient(t, "Dee Director", managerPassword)
		}
		return k.staffClient(t, "Ada Admin", adminPassword)
	}

	for _, route := range routes {
		a, ok := routeAccess[route]
		if !ok {
			continue
		}
		method, pattern, _ := strings.Cut(route, " ")
		path, err := concretePath(pattern, ids, params)
		if err != nil {
			t.Error(err)
			continue
		}
		for _, role := range roleNames {
			var resp *servertest.Response
			switch method {
			case http.MethodGet, http.MethodHead:
				c := signedIn[role]
				if c == nil {
					c = k.Client()
				}
				resp = c.Do(c.NewRequest(method, path, nil))
			default:
				resp = fresh(role).PostForm(path, routeForms[route])
			}
			what := fmt.Sprintf("%s as %s (%s %s)", route, role, method, path)
			checkAccess(t, what, resp, a, role)
			checkSecurityHeaders(t, what, resp)
			// Back after signing out must not show a signed-in page
			// from the browser's cache: every answer to a signed-in
			// user is no-store (static files and the house logo are the same
			// for all).
			if role != "signed out" && pattern != "/static/*" && pattern != "/house/logo" {
				if got := resp.Header.Get("Cache-Control"); got != "no-store" {
					t.Errorf("%s: Cache-Control = %q; want no-store for a signed-in user", what, got)
				}
			}
		}
	}
}

// checkAccess checks one response of the matrix.
func checkAccess(t *testing.T, what string, resp *servertest.Response, a access, role string) {
	t.Helper()
	loc := resp.Header.Get("Location")
	toSignin := resp.StatusCode == http.StatusSeeOther && (loc == "/signin" || strings.HasPrefix(loc, "/signin?"))
	switch {
	case a == anyone:
		if resp.StatusCode == http.StatusUnauthorized || resp.StatusCode == http.StatusForbidden ||
			resp.StatusCode == http.StatusMethodNotAllowed || resp.StatusCode >= 500 {
			t.Errorf("%s: status %d; the route is open to anyone", what, resp.StatusCode)
		}
	case role == "signed out":
		if !toSignin {
			t.Errorf("%s: status %d to %q; want 303 to /signin", what, resp.StatusCode, loc)
		}
	case !a.allows(role):
		if resp.StatusCode != http.StatusForbidden {
			t.Errorf("%s: status %d; want 403", what, resp.StatusCode)
		}
	default:
		if toSignin || resp.StatusCode == http.StatusUnauthorized || resp.StatusCode == http.StatusForbidden ||
			resp.StatusCode == http.StatusMethodNotAllowed || resp.StatusCode >= 500 {
			t.Errorf("%s: status %d to %q; the role may use this route\n%.500s", what, resp.StatusCode, loc, resp.Body)
		}
	}
}

// concretePath fills a route pattern's parameters with the IDs of real
// objects: ids maps the path before "{id}" to the ID to use there, and
// params the other parameters ("{game}") to their value.
func concretePath(pattern string, ids map[string]int64, params map[string]string) (string, error) {
	for name, v := range params {
		pattern = strings.ReplaceAll(pattern, name, v)
	}
	if p, ok := strings.CutSuffix(pattern, "/*"); ok {
		if p == "/static" {
			return "/static/app.css", nil
		}
		return "", fmt.Errorf("route %q: no file to ask for under %s/: add one to concretePath", pattern, p)
	}
	before, after, ok := strings.Cut(pattern, "{id}")
	if !ok {
		if strings.Contains(pattern, "{") {
			return "", fmt.Errorf("route %q: a parameter concretePath does not know: add it", pattern)
		}
		return pattern, nil
	}
	id, ok := ids[before]
	if !ok {
		return "", fmt.Errorf("route %q: no object for {id} after %q: add one to the test's ids", pattern, before)
	}
	return fmt.Sprintf("%s%d%s", before, id, after), nil
}

// TestSession_RotationAndServerSideSignout checks that a sign-in always
// issues a new session token and ends the browser's previous session on the
// server, so that a copy of a cookie taken before a sign-in (on a shared
// tablet, or planted) is worthless after it; and that a sign-out ends the
// session on the server, so that a copy of the signed-out cookie is refused
// too.
func TestSession_RotationAndServerSideSignout(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	const cookie = "trainer_session"
	tablet := k.traineeClient(t)
	first := tablet.Cookie(cookie)
	copied := k.Client()
	copied.SetCookie(cookie, first)
	wantStatus(t, "a copy of the trainee's cookie before the next sign-in", copied.Get("/trainee"), http.StatusOK)

	// The manager signs in on the same tablet without signing out first.
	resp := tablet.PostForm("/signin/staff", url.Values{"name": {"Max Manager"}, "password": {managerPassword}})
	wantRedirect(t, "manager sign-in on the tablet", resp, "/manager")
	second := tablet.Cookie(cookie)
	if second == "" || second == first {
		t.Fatalf("sign-in kept the session cookie %q; want a new one", first)
	}
	wantRedirect(t, "the trainee's copied cookie after the next sign-in", copied.Get("/trainee"), "/signin")
	wantStatus(t, "the manager on the tablet", tablet.Get("/manager"), http.StatusOK)

	// Sign-out ends the session on the server, not only in the browser.
	kept := k.Client()
	kept.SetCookie(cookie, second)
	wantStatus(t, "a copy of the manager's cookie before sign-out", kept.Get("/manager"), http.StatusOK)
	wantRedirect(t, "sign-out", tablet.PostForm("/signout", nil), "/signin?ended=out")
	wantRedirect(t, "the copy after sign-out", kept.Get("/manager"), "/signin")
	wantRedirect(t, "a POST with the copy after sign-out", kept.PostForm("/tools/hand-checker", url.Values{"game": {"uth"}}), "/signin")
}
