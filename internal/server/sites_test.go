package server_test

import (
	"fmt"
	"io/fs"
	"net/http"
	"net/url"
	"path"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	rules "github.com/dealerkiosk/trainer/content/rules"
	"github.com/dealerkiosk/trainer/internal/rulebook"

	"github.com/PuerkitoBio/goquery"
	"github.com/dealerkiosk/trainer/internal/server"
	"github.com/dealerkiosk/trainer/internal/server/servertest"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// sites is a group of two sites on one PostgreSQL database, each served by
// its own kiosk server: a at the first site, b at North Shore.
type sites struct {
	a, b  *servertest.Harness
	north *trainer.Site
}

func newSites(t *testing.T) *sites {
	t.Helper()
	_, open := groupOpener(t)
	g := &sites{a: servertest.Start(t, servertest.Options{Open: open})}
	g.north = &trainer.Site{Name: "North Shore", House: "default"}
	if err := g.a.Store.CreateSite(t.Context(), g.north); err != nil {
		t.Fatal(err)
	}
	g.b = servertest.Start(t, servertest.Options{Open: open, Configure: []func(*server.Config){
		func(c *server.Config) { c.Site = g.north.ID },
	}})
	return g
}

// userAt creates a user of site on harness h.
func userAt(t *testing.T, h *servertest.Harness, name string, role trainer.Role, site int64, secret string) *trainer.User {
	t.Helper()
	hash, err := trainer.HashSecret(secret)
	if err != nil {
		t.Fatal(err)
	}
	u := &trainer.User{Name: name, Role: role, SecretHash: hash, SiteID: site}
	if err := h.Store.CreateUser(t.Context(), u); err != nil {
		t.Fatal(err)
	}
	return u
}

// TestGroup_Sites: each process's sign-in grid shows its site's trainees and
// no other's keypad; a manager sees and opens their own site's trainees only
// (another site's is not found), wherever they sign in; an administrator
// lists their own site's users; the group director sees both sites, from
// either process. Needs TRAINER_TEST_POSTGRES.
func TestGroup_Sites(t *testing.T) {
	t.Parallel()
	g := newSites(t)
	first := trainer.FirstSiteID
	ana := userAt(t, g.a, "Ana Lee", trainer.RoleTrainee, first, traineePIN)
	bo := userAt(t, g.b, "Bo Chan", trainer.RoleTrainee, g.north.ID, traineePIN)
	userAt(t, g.a, "Mia Manager", trainer.RoleManager, first, managerPassword)
	userAt(t, g.b, "Ned Manager", trainer.RoleManager, g.north.ID, managerPassword)
	userAt(t, g.a, "Ada Admin", trainer.RoleAdministrator, first, adminPassword)
	userAt(t, g.a, "Dee Director", trainer.RoleDirector, first, managerPassword)

	// The grids.
	for _, tt := range []struct {
		h         *servertest.Harness
		shows     *trainer.User
		notShowed *trainer.User
	}{{g.a, ana, bo}, {g.b, bo, ana}} {
		grid := tt.h.Client().Get("/signin")
		wantStatus(t, "sign-in grid", grid, http.StatusOK)
		if !strings.Contains(grid.Body, tt.shows.Name) || strings.Contains(grid.Body, tt.notShowed.Name) {
			t.Errorf("the sign-in grid shows %q: want %s, not %s", grid.Text("main"), tt.shows.Name, tt.notShowed.Name)
		}
		wantStatus(t, "another site's keypad", tt.h.Client().Get(pinPath(tt.notShowed)), http.StatusNotFound)
	}
	// Bo practises at North Shore: one answer, right.
	bc := traineeOn(t, g.b, bo)
	sid := startSession(t, bc, "uth", "payout", trainer.ModePractice, 1)
	a, d := pending(t, g.b, sid)
	if resp := bc.PostForm(answerPath(a), answerForm(d.Key)); resp.StatusCode >= 400 {
		t.Fatalf("Bo's answer: status %d", resp.StatusCode)
	}

	// Managers: their own site, from either process.
	for _, h := range []*servertest.Harness{g.a, g.b} {
		mia := staffOn(t, h, "Mia Manager", managerPassword)
		wantStatus(t, "Mia opens Ana's file", mia.Get(filePath(ana)), http.StatusOK)
		wantStatus(t, "Mia opens Bo's file", mia.Get(filePath(bo)), http.StatusNotFound)
		wantStatus(t, "Mia's CSV of Bo's attempts", mia.Get(filePath(bo)+"/attempts.csv"), http.StatusNotFound)
		dash := mia.Get("/manager")
		if !strings.Contains(dash.Body, "Ana Lee") || strings.Contains(dash.Body, "Bo Chan") {
			t.Errorf("Mia's dashboard: want Ana Lee and not Bo Chan; shows %q", dash.Text("main"))
		}
		ned := staffOn(t, h, "Ned Manager", managerPassword)
		wantStatus(t, "Ned opens Bo's file", ned.Get(filePath(bo)), http.StatusOK)
		wantStatus(t, "Ned opens Ana's file", ned.Get(filePath(ana)), http.StatusNotFound)

		dee := staffOn(t, h, "Dee Director", managerPassword)
		wantStatus(t, "the director opens Ana's file", dee.Get(filePath(ana)), http.StatusOK)
		wantStatus(t, "the director opens Bo's file", dee.Get(filePath(bo)), http.StatusOK)
		dash = dee.Get("/manager")
		if !strings.Contains(dash.Body, "Ana Lee") || !strings.Contains(dash.Body, "Bo Chan") {
			t.Errorf("the director's dashboard: want both sites' trainees; shows %q", dash.Text("main"))
		}
		wantStatus(t, "the director on the users' page", dee.Get("/admin/users"), http.StatusForbidden)
		var rows []string
		dash.Doc.Find(`[data-testid="site-comparison"] [data-testid="site-row"]`).Each(func(_ int, row *goquery.Selection) {
			var cells []string
			row.Find("th, td").Each(func(_ int, c *goquery.Selection) { cells = append(cells, strings.TrimSpace(c.Text())) })
			rows = append(rows, strings.Join(cells, " | "))
		})
		for _, want := range []string{"North Shore | Ultimate Texas Hold'em | 1 | 0 | 0 | 0 | 100% of 1 answer", "This kiosk | Ultimate Texas Hold'em | 1 | 0 | 0 | 0 | no answers"} {
			if !slices.Contains(rows, want) {
				t.Errorf("the director's comparison of sites lacks %q: %q", want, rows)
			}
		}
		if mia := staffOn(t, h, "Mia Manager", managerPassword); mia.Get("/manager").Has(`[data-testid="site-comparison"]`) {
			t.Error("a manager's dashboard compares the sites")
		}
	}

	// The administrator of the first site.
	ada := staffOn(t, g.a, "Ada Admin", adminPassword)
	list := ada.Get("/admin/users")
	if !strings.Contains(list.Body, "Ana Lee") || strings.Contains(list.Body, "Bo Chan") || strings.Contains(list.Body, "Ned Manager") {
		t.Errorf("the first site's users page: want its users only; shows %q", list.Text("main"))
	}
	wantStatus(t, "Ada opens Bo's account", ada.Get(userPath(bo)), http.StatusNotFound)

	// The store refuses a certification signed at another site.
	mia, err := g.a.Store.FindUserByName(t.Context(), "Mia Manager")
	if err != nil {
		t.Fatal(err)
	}
	err = g.a.Store.RecordCertEvent(t.Context(), &trainer.CertEvent{UserID: bo.ID, Game: "uth", Kind: trainer.EventRevoked, ActorID: mia.ID, Notes: "left the group"}, nil)
	if trainer.KindOf(err) != trainer.KindForbidden {
		t.Errorf("a certification event for another site's trainee, signed by a manager = %v; want KindForbidden", err)
	}
}

// riversideRules are the built-in rules with a third house, Riverside, a copy
// of the default house whose Trips pay table differs.
func riversideRules(t *testing.T) fs.FS {
	t.Helper()
	m := fstest.MapFS{}
	err := fs.WalkDir(rules.FS, "houses/default", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(rules.FS, p)
		text := string(data)
		switch path.Base(p) {
		case "house.toml":
			text = strings.Replace(text, `name     = "default"`, `name     = "riverside"`, 1)
		case "uth.toml":
			text = strings.Replace(text, `trips_table               = "50-40-30-8-6-5-3"`, `trips_table               = "50-40-30-9-7-4-3"`, 1)
		}
		m["houses/riverside/"+strings.TrimPrefix(p, "houses/default/")] = &fstest.MapFile{Data: []byte(text)}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return rulebook.Overlay(m, rules.FS)
}

// TestGroup_CertAcrossSites: one certification record, shown in the file
// for each site of the group: valid where the house plays the game alike,
// "table test needed" at the site whose Trips pay table differs, and valid
// there once a manager of that site records a passing table test. Only a
// game played alike is valid everywhere. Needs TRAINER_TEST_POSTGRES.
func TestGroup_CertAcrossSites(t *testing.T) {
	t.Parallel()
	_, open := groupOpener(t)
	h := servertest.Start(t, servertest.Options{Open: open})
	k := &kiosk{
		Harness: h,
		admin:   h.CreateUser("Ada Admin", trainer.RoleAdministrator, "", adminPassword),
		manager: h.CreateUser("Max Manager", trainer.RoleManager, "", managerPassword),
		trainee: h.CreateUser("Tia Trainee", trainer.RoleTrainee, "1042", traineePIN),
	}
	k.ApproveRules(k.manager)
	passExam(t, k, k.traineeClient(t), "uth")
	mc := k.staffClient(t, "Max Manager", managerPassword)
	wantStatus(t, "the table test", mc.PostForm(gamePath(k.trainee, "uth")+"/table-test", url.Values{"result": {"pass"}, "confirm": {"yes"}}), http.StatusSeeOther)
	if rec, err := h.Store.FindCertRecord(t.Context(), k.trainee.ID, "uth"); err != nil || len(rec.Events) != 2 {
		t.Fatalf("after the table test: %+v, %v; want the exam and the pass", rec.Events, err)
	}
	// Another process of the group, whose rules have the Riverside house.
	h2 := servertest.Start(t, servertest.Options{Open: open, Rules: riversideRules(t)})
	mc = (&kiosk{Harness: h2}).staffClient(t, "Max Manager", managerPassword)
	sites := func() string {
		t.Helper()
		file := mc.Get(filePath(k.trainee))
		wantStatus(t, "the file", file, http.StatusOK)
		return file.Text(`[data-testid="file-uth"] [data-testid="cert-sites"]`)
	}
	if got := sites(); got != "" {
		t.Errorf("a kiosk of one site shows %q; want nothing", got)
	}
	for _, s := range []*trainer.Site{{Name: "North Shore", House: "default"}, {Name: "Riverside", House: "riverside"}} {
		if err := h.Store.CreateSite(t.Context(), s); err != nil {
			t.Fatal(err)
		}
	}
	want := "Valid at North Shore Table test needed at Riverside Valid at This kiosk"
	if got := sites(); got != want {
		t.Errorf("the file's sites = %q; want %q", got, want)
	}
	river, err := h.Store.FindSiteByName(t.Context(), "Riverside")
	if err != nil {
		t.Fatal(err)
	}
	// Max, a manager of the dealer's site, is offered no table test at
	// Riverside, and the store refuses his; the director records it.
	siteTest := gamePath(k.trainee, "uth") + "/site-table-test"
	if mc.Get(filePath(k.trainee)).Has(`[data-testid="site-table-test"]`) {
		t.Error("a manager of another site is offered the table test at Riverside")
	}
	wantStatus(t, "Max's table test at Riverside", mc.PostForm(siteTest, url.Values{"site": {fmt.Sprint(river.ID)}}), http.StatusForbidden)
	userAt(t, h, "Dee Director", trainer.RoleDirector, trainer.FirstSiteID, managerPassword)
	dc := (&kiosk{Harness: h2}).staffClient(t, "Dee Director", managerPassword)
	form := dc.Get(filePath(k.trainee))
	if got := form.Text(`[data-testid="file-uth"] [data-testid="site-table-test"]`); got != "Record a passing table test at Riverside" {
		t.Errorf("the director's file offers %q; want the table test at Riverside", got)
	}
	wantRedirect(t, "the director's table test at Riverside", dc.PostForm(siteTest, url.Values{"site": {fmt.Sprint(river.ID)}}), filePath(k.trainee)+"?done=table-test")
	if got, want := sites(), "Valid at North Shore Valid at Riverside Valid at This kiosk"; got != want {
		t.Errorf("after the table test at Riverside, the file's sites = %q; want %q", got, want)
	}
}

// visitingGroup is a dealer certified in UTH at the first site (house
// default) and a manager of Riverside, whose house pays Trips otherwise, on
// a process that knows both houses.
type visitingGroup struct {
	k          *kiosk
	river      *trainer.Site
	exam       int64
	rita, max  *servertest.Client // Riverside's manager, the first site's
	riverStaff *kiosk             // the process Riverside's staff use
}

func newVisitingGroup(t *testing.T) *visitingGroup {
	t.Helper()
	_, open := groupOpener(t)
	h := servertest.Start(t, servertest.Options{Open: open})
	k := &kiosk{
		Harness: h,
		admin:   h.CreateUser("Ada Admin", trainer.RoleAdministrator, "", adminPassword),
		manager: h.CreateUser("Max Manager", trainer.RoleManager, "", managerPassword),
		trainee: h.CreateUser("Tia Trainee", trainer.RoleTrainee, "1042", traineePIN),
	}
	k.ApproveRules(k.manager)
	g := &visitingGroup{k: k, exam: passExam(t, k, k.traineeClient(t), "uth")}
	mc := k.staffClient(t, "Max Manager", managerPassword)
	wantStatus(t, "the table test", mc.PostForm(gamePath(k.trainee, "uth")+"/table-test", url.Values{"result": {"pass"}, "confirm": {"yes"}}), http.StatusSeeOther)
	g.river = &trainer.Site{Name: "Riverside", House: "riverside"}
	if err := h.Store.CreateSite(t.Context(), g.river); err != nil {
		t.Fatal(err)
	}
	h2 := servertest.Start(t, servertest.Options{Open: open, Rules: riversideRules(t), Configure: []func(*server.Config){
		func(c *server.Config) { c.Site = g.river.ID },
	}})
	g.riverStaff = &kiosk{Harness: h2}
	userAt(t, h, "Rita Rivers", trainer.RoleManager, g.river.ID, managerPassword)
	g.rita = g.riverStaff.staffClient(t, "Rita Rivers", managerPassword)
	g.max = g.riverStaff.staffClient(t, "Max Manager", managerPassword)
	return g
}

// TestGroup_VisitingTableTest: a manager of Riverside finds, on the
// dashboard, the dealer certified at another site who needs a table test at
// Riverside, and records it there (audited, signed by her); the dealer's
// own site's manager cannot record it at Riverside; and nothing else of the
// dealer opens to her. Needs TRAINER_TEST_POSTGRES.
func TestGroup_VisitingTableTest(t *testing.T) {
	t.Parallel()
	g := newVisitingGroup(t)
	tia := g.k.trainee
	siteTest := gamePath(tia, "uth") + "/site-table-test"
	river := url.Values{"site": {fmt.Sprint(g.river.ID)}}

	dash := g.rita.Get("/manager")
	wantStatus(t, "Rita's dashboard", dash, http.StatusOK)
	rows := dash.Doc.Find(`[data-testid="visiting-row"]`)
	if rows.Length() != 1 {
		t.Fatalf("Rita's dashboard lists %d visiting dealers; want Tia in UTH alone:\n%s", rows.Length(), dash.Text(`[data-testid="visiting-list"]`))
	}
	row := strings.Join(strings.Fields(rows.Text()), " ")
	for _, want := range []string{"Tia Trainee", "This kiosk", "Ultimate Texas Hold", "Record a passing table test at Riverside"} {
		if !strings.Contains(row, want) {
			t.Errorf("the visiting dealer's row = %q; want %q in it", row, want)
		}
	}
	if action, _ := rows.Find("form").Attr("action"); action != siteTest {
		t.Errorf("the row's form posts to %q; want %q", action, siteTest)
	}
	if g.max.Get("/manager").Has(`[data-testid="visiting-list"]`) {
		t.Error("the dealer's own site's manager is shown her as visiting")
	}

	// The dealer's own manager cannot sign a table test at Riverside;
	// Rita cannot record one at the first site, nor where none is needed.
	wantStatus(t, "Max's table test at Riverside", g.max.PostForm(siteTest, river), http.StatusForbidden)
	wantStatus(t, "Rita's table test at the first site", g.rita.PostForm(siteTest, url.Values{"site": {fmt.Sprint(trainer.FirstSiteID)}}), http.StatusNotFound)
	wantStatus(t, "Rita's table test in a game Tia is not certified in", g.rita.PostForm(gamePath(tia, "thrill")+"/site-table-test", river), http.StatusNotFound)

	wantRedirect(t, "Rita's table test at Riverside", g.rita.PostForm(siteTest, river), "/manager#visiting-h")
	if g.rita.Get("/manager").Has(`[data-testid="visiting-row"]`) {
		t.Error("after the table test, Rita's dashboard still lists Tia")
	}
	wantStatus(t, "the same table test again", g.rita.PostForm(siteTest, river), http.StatusNotFound)
	tests, err := g.k.Store.ListSiteTableTests(t.Context(), tia.ID, "uth")
	if err != nil || len(tests) != 1 || tests[0].SiteID != g.river.ID || tests[0].Actor != "Rita Rivers" {
		t.Fatalf("table tests on record = %+v, %v; want one at Riverside signed by Rita", tests, err)
	}
	es, err := g.k.Store.ListAudit(t.Context(), trainer.AuditFilter{Limit: 1000})
	if err != nil {
		t.Fatal(err)
	}
	var audited []string
	for _, e := range es {
		if e.Action == trainer.AuditSiteTableTest {
			audited = append(audited, e.Actor+" "+e.Subject+" "+e.Detail)
		}
	}
	if len(audited) != 1 || !strings.HasPrefix(audited[0], "Rita Rivers "+trainer.CertSubject(tia.ID, "uth")) || !strings.Contains(audited[0], "Riverside") {
		t.Errorf("audit entries of table tests at another site = %q; want one by Rita for Tia's UTH at Riverside", audited)
	}
	if _, err := g.k.Store.VerifyAudit(t.Context()); err != nil {
		t.Errorf("the audit trail after the table test: %v", err)
	}
	// The dealer's file, seen by her own manager, is valid at Riverside.
	file := g.max.Get(filePath(tia))
	if got := file.Text(`[data-testid="file-uth"] [data-testid="cert-sites"]`); !strings.Contains(got, "Valid at Riverside") {
		t.Errorf("Tia's file says %q; want valid at Riverside", got)
	}
}
