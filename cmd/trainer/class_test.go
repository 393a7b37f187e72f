package main

import (
	"bytes"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/dealerkiosk/trainer/internal/postgres"
	"github.com/dealerkiosk/trainer/internal/postgres/pgtest"
	"github.com/dealerkiosk/trainer/internal/sqlite"
	"github.com/dealerkiosk/trainer/internal/storetest"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// runCmd runs the command with args and standard input stdin, returning
// what it printed.
func runCmd(t *testing.T, getenv func(string) string, stdin string, args ...string) (string, error) {
	t.Helper()
	var out bytes.Buffer
	err := run(t.Context(), args, getenv, strings.NewReader(stdin), &out, io.Discard)
	return out.String(), err
}

// rosterKiosk makes a kiosk with the users the 40-row roster meets and
// its class Evenings, and writes the roster with sep (and prefix before
// it) to a file; it returns the database's path and the file's.
func rosterKiosk(t *testing.T, sep, prefix string) (string, string) {
	t.Helper()
	dir := t.TempDir()
	path := filepath.Join(dir, "kiosk.db")
	db, err := sqlite.Open(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
	storetest.RosterUsers(t, db)
	db.Close()
	csv := filepath.Join(dir, "roster.csv")
	if err := os.WriteFile(csv, []byte(prefix+storetest.Roster40(sep)), 0o600); err != nil {
		t.Fatal(err)
	}
	return path, csv
}

// TestClass_Import: `trainer class import` with the 40-row roster of every
// fate. -preview prints each row's fate and saves nothing; the import
// prints the same fates in the English catalogue's words, commits the 22
// accepted rows at once, and lists the 9 PINs the kiosk made, each one
// the new trainee's; the changes are the machine operator's in the audit
// log. Imported again, everyone is in the class already and nothing is
// saved.
func TestClass_Import(t *testing.T) {
	t.Parallel()
	path, csv := rosterKiosk(t, ",", "")
	out, err := runCmd(t, noEnv, "", "class", "import", "-db", path, "-class", "evenings", "-csv", csv, "-preview")
	if err != nil {
		t.Fatal(err)
	}
	if n := len(regexp.MustCompile(`(?m)^line \d+\t`).FindAllString(out, -1)); n != 40 ||
		!strings.Contains(out, "preview of Evenings: 18 new, 4 joining, 2 in the class already, 16 refused; nothing saved") {
		t.Errorf("the preview printed %d rows:\n%s", n, out)
	}
	if got := members(t, path, "Evenings"); got != 2 {
		t.Errorf("the preview saved: the class has %d members", got)
	}

	out, err = runCmd(t, noEnv, "", "class", "import", "-db", path, "-class", "Evenings", "-csv", csv)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"line 2\tTrainee Alpha (B-000)\tNew trainee: PIN from the file\n",
		"line 3\tTrainee Bravo (B-001)\tNew trainee: PIN made by the kiosk\n",
		"line 20\tJo Join (J-1)\tJoins the class\n",
		"line 22\tJill Join (J-3)\tJoins the class: Has a PIN already: the one in the file is not used.\n",
		"line 24\tMo Member\tAlready in the class\n",
		"line 26\t(no name) (X-1)\tRefused: Enter a name.\n",
		"line 27\tRex Refused (R-1)\tRefused: A PIN is 4 to 6 digits.\n",
		"line 28\tRay Refused (R-2)\tRefused: A PIN is 4 to 6 digits.\n",
		"line 29\tTrainee Alpha (Z-9)\tRefused: This name is on line 2 already.\n",
		"line 30\tRoy Refused (B-001)\tRefused: This badge number is on line 3 already.\n",
		"line 31\tMax Manager\tRefused: This is the name of a manager or administrator: only trainees join a class.\n",
		"line 32\tGus Gone\tRefused: This trainee is deactivated: reactivate them under Users first.\n",
		"line 33\tTess Other (Q-1)\tRefused: Badge number Q-1 belongs to Quinn Q.\n",
		"line 34\tTrainee GoIf\tRefused: This name looks like “Trainee Golf” on line 8: add an initial or a number.\n",
		"line 35\tKirn Lee\tRefused: This name looks like “Kim Lee”, another user's name: add an initial or a number.\n",
		"line 36\tOmar Other (O-2)\tRefused: The trainee of this name has badge number O-1.",
		"line 37\tNell Nobadge (N-5)\tRefused: The trainee of this name has no badge number.",
		"line 38\tBea Badge (B/7)\tRefused: Use digits, letters and dashes only.\n",
		"\tRefused: Use letters, digits, spaces and punctuation only.\n",
		"\tRefused: Use at most 40 characters.\n",
		"\tRefused: Use at most 3 accents or marks on a letter, so the name can be read on the sign-in screen.\n",
		"imported into Evenings: 18 new, 4 joining, 2 in the class already, 16 refused\n",
		"\nPINs the kiosk made, to hand out (name, badge, PIN):\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the import's output lacks %q:\n%s", want, out)
		}
	}
	for line, want := range map[int]string{39: "punctuation only", 40: "at most 40 characters", 41: "accents or marks"} {
		if !regexp.MustCompile(fmt.Sprintf(`(?m)^line %d\t.*%s`, line, want)).MatchString(out) {
			t.Errorf("line %d is not refused with %q:\n%s", line, want, out)
		}
	}
	slips := regexp.MustCompile(`(?m)^(Trainee \w+)\t(B-\d{3})\t(\d{6})$`).FindAllStringSubmatch(out, -1)
	if len(slips) != 9 {
		t.Fatalf("%d PINs listed; want the 9 the kiosk made:\n%s", len(slips), out)
	}
	db, err := sqlite.Open(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, s := range append(slips, []string{"", "Trainee Alpha", "B-000", "4000"}) {
		u, err := db.FindUserByName(t.Context(), s[1])
		if err != nil || u.Badge != s[2] || !trainer.CheckSecret(u.SecretHash, s[3]) {
			t.Errorf("%s (%s) does not sign in with %s: %+v, %v", s[1], s[2], s[3], u, err)
		}
	}
	c, err := db.FindClassByName(t.Context(), 0, "Evenings")
	if err != nil || len(c.Members) != 24 {
		t.Fatalf("after the import the class = %+v, %v; want 24 members", c, err)
	}
	es, err := db.ListAudit(t.Context(), trainer.AuditFilter{Limit: 60})
	if err != nil {
		t.Fatal(err)
	}
	created, joined := 0, 0
	for _, e := range es {
		switch {
		case e.Actor != trainer.OperatorName:
		case e.Action == trainer.AuditUserCreated:
			created++
		case e.Action == trainer.AuditClassJoined:
			joined++
		}
	}
	if created != 18 || joined != 22 {
		t.Errorf("the operator's audit entries: %d user.created, %d class.joined; want 18 and 22", created, joined)
	}
	db.Close()

	out, err = runCmd(t, noEnv, "", "class", "import", "-db", path, "-class", "Evenings", "-csv", csv)
	if err != nil || !strings.Contains(out, "Evenings: 0 new, 0 joining, 24 in the class already, 16 refused; nothing to save") {
		t.Errorf("the same file again = %v:\n%s", err, out)
	}
}

// members counts the members of the class named name in the kiosk at path.
func members(t *testing.T, path, name string) int {
	t.Helper()
	db, err := sqlite.Open(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	c, err := db.FindClassByName(t.Context(), 0, name)
	if err != nil {
		t.Fatal(err)
	}
	return len(c.Members)
}

// TestClass_AddAndImportExcel: a class made at the machine, then a roster
// as Excel writes it in Italy: UTF-8 with a byte-order mark, `;` between
// cells, CRLF lines, an Italian header with the surname apart.
func TestClass_AddAndImportExcel(t *testing.T) {
	t.Parallel()
	path, _ := rosterKiosk(t, ";", "")
	out, err := runCmd(t, noEnv, "", "class", "add", "-db", path, "-name", " Serale  UTH ", "-instructor", "max manager",
		"-game", "uth", "-starts", "2027-03-01", "-ends", "2027-05-28")
	if err != nil || out != "added class Serale UTH at This kiosk, led by Max Manager, learning uth\n" {
		t.Fatalf("class add = %q, %v", out, err)
	}
	csv := filepath.Join(t.TempDir(), "classe.csv")
	file := "\ufeffCognome;Nome;Matricola;PIN\r\nRossi;Mario;t-77;\r\nBianchi;Lucia;;1234\r\n;;;\r\nJoin;Jo;J-1;\r\n"
	if err := os.WriteFile(csv, []byte(file), 0o600); err != nil {
		t.Fatal(err)
	}
	out, err = runCmd(t, noEnv, "", "class", "import", "-db", path, "-class", "serale uth", "-csv", csv)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"line 2\tMario Rossi (T-77)\tNew trainee: PIN made by the kiosk\n",
		"line 3\tLucia Bianchi\tNew trainee: PIN from the file\n",
		"line 5\tJo Join (J-1)\tJoins the class\n",
		"imported into Serale UTH: 2 new, 1 joining, 0 in the class already, 0 refused\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the import's output lacks %q:\n%s", want, out)
		}
	}
	if !regexp.MustCompile(`(?m)^Mario Rossi\tT-77\t\d{6}$`).MatchString(out) || strings.Contains(out, "Lucia Bianchi\t-\t1234") {
		t.Errorf("the PINs to hand out are not Mario's alone:\n%s", out)
	}
	out, err = runCmd(t, noEnv, "", "class", "list", "-db", path)
	if err != nil || !strings.Contains(out, "Evenings\tled by Max Manager\t2 trainees\tuth\tno dates\n") ||
		!strings.Contains(out, "Serale UTH\tled by Max Manager\t3 trainees\tuth\t2027-03-01 to 2027-05-28\n") {
		t.Errorf("class list = %v:\n%s", err, out)
	}
	if out, _ := runCmd(t, noEnv, "", "help"); !strings.Contains(out, "  class ") {
		t.Errorf("help does not list class:\n%s", out)
	}
}

// TestClass_Refusals: each refusal names the flag, and writes nothing.
func TestClass_Refusals(t *testing.T) {
	t.Parallel()
	path, csv := rosterKiosk(t, ",", "")
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	latin1 := write("latin1.csv", "Name,Badge\nJos\xe9 Garc\xeda,1\n")
	bagde := write("bagde.csv", "Name,Bagde\nAnna Bell,1\n")
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"class", "add", "-db", path, "-instructor", "Max Manager"}, "-name"},
		{[]string{"class", "add", "-db", path, "-name", "Nights"}, "-instructor"},
		{[]string{"class", "add", "-db", path, "-name", "Nights", "-instructor", "Nobody"}, "-instructor: there is no user named"},
		{[]string{"class", "add", "-db", path, "-name", "Nights", "-instructor", "Jo Join"}, "-instructor: Jo Join cannot lead a class"},
		{[]string{"class", "add", "-db", path, "-name", "Nights", "-instructor", "Max Manager", "-game", "uth,baccarat"}, "-game"},
		{[]string{"class", "add", "-db", path, "-name", "Nights", "-instructor", "Max Manager", "-starts", "2027-03-02", "-ends", "2027-03-01"}, "-ends"},
		{[]string{"class", "add", "-db", path, "-name", "Nights", "-instructor", "Max Manager", "-starts", "March"}, "-starts"},
		{[]string{"class", "add", "-db", path, "-name", "EVENINGS", "-instructor", "Max Manager"}, "-name: Another class of this site already has this name."},
		{[]string{"class", "add", "-db", path, "-name", "Nights", "-instructor", "Max Manager", "-site", "North"}, "-site"},
		{[]string{"class", "import", "-db", path, "-csv", csv}, "-class"},
		{[]string{"class", "import", "-db", path, "-class", "Mornings", "-csv", csv}, "-class: site This kiosk has no class named \"Mornings\""},
		{[]string{"class", "import", "-db", path, "-class", "Evenings"}, "-csv"},
		{[]string{"class", "import", "-db", path, "-class", "Evenings", "-csv", filepath.Join(dir, "none.csv")}, "-csv"},
		{[]string{"class", "import", "-db", path, "-class", "Evenings", "-csv", latin1}, "-csv: Line 2 is not UTF-8 text"},
		{[]string{"class", "import", "-db", path, "-class", "Evenings", "-csv", bagde}, "-csv: Line 1: “Bagde” is not a column"},
		{[]string{"class", "import", "-db", filepath.Join(dir, "none.db"), "-class", "Evenings", "-csv", csv}, "-db"},
		{[]string{"class", "rename"}, `unknown command "rename"`},
	} {
		if _, err := runCmd(t, noEnv, "", tt.args...); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("trainer %s = %v; want a refusal with %q", strings.Join(tt.args, " "), err, tt.want)
		}
	}
	if out, err := runCmd(t, noEnv, "", "class", "list", "-db", path); err != nil || strings.Count(out, "\n") != 1 || members(t, path, "Evenings") != 2 {
		t.Errorf("after the refusals: class list = %q, %v; want Evenings alone, with its 2 members", out, err)
	}
}

// TestClass_Postgres: at a group of two sites, a class of a site is led
// by that site's managers only, and a roster imported into it makes
// trainees of that site.
func TestClass_Postgres(t *testing.T) {
	t.Parallel()
	url := pgtest.URL(t)
	auditKey := pgtest.Key()
	key := hex.EncodeToString(auditKey)
	getenv := func(k string) string {
		if k == "TRAINER_AUDIT_KEY" {
			return key
		}
		return ""
	}
	for _, args := range [][]string{
		{"site", "add", "-db", url, "-name", "North Shore", "-house", "default"},
		{"user", "add", "-db", url, "-name", "Nina North", "-role", "manager", "-site", "North Shore"},
		{"user", "add", "-db", url, "-name", "Tom Kiosk", "-role", "manager", "-site", "This kiosk"},
	} {
		if _, err := runCmd(t, getenv, "a long passphrase\n", args...); err != nil {
			t.Fatalf("trainer %s: %v", strings.Join(args, " "), err)
		}
	}
	if _, err := runCmd(t, getenv, "", "class", "add", "-db", url, "-name", "Nights", "-instructor", "Nina North"); err == nil ||
		!strings.Contains(err.Error(), "-site") {
		t.Errorf("class add without -site at a group of two sites = %v; want a refusal naming -site", err)
	}
	if _, err := runCmd(t, getenv, "", "class", "add", "-db", url, "-site", "North Shore", "-name", "Nights", "-instructor", "Tom Kiosk"); err == nil ||
		!strings.Contains(err.Error(), "-instructor: Tom Kiosk belongs to another site.") {
		t.Errorf("an instructor of another site = %v; want a refusal naming -instructor", err)
	}
	out, err := runCmd(t, getenv, "", "class", "add", "-db", url, "-site", "North Shore", "-name", "Nights", "-instructor", "Nina North")
	if err != nil || !strings.Contains(out, "added class Nights at North Shore, led by Nina North, learning uth") {
		t.Fatalf("class add = %q, %v", out, err)
	}
	csv := filepath.Join(t.TempDir(), "nights.csv")
	if err := os.WriteFile(csv, []byte("\ufeffName;Badge;PIN\nNoor Night;N-1;\nNils Night;N-2;2468\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	out, err = runCmd(t, getenv, "", "class", "import", "-db", url, "-site", "North Shore", "-class", "nights", "-csv", csv)
	if err != nil || !strings.Contains(out, "imported into Nights: 2 new, 0 joining") || !regexp.MustCompile(`(?m)^Noor Night\tN-1\t\d{6}$`).MatchString(out) {
		t.Fatalf("class import = %v:\n%s", err, out)
	}
	db, err := postgres.Open(t.Context(), url, auditKey)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	north, err := db.FindSiteByName(t.Context(), "North Shore")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"Noor Night", "Nils Night"} {
		u, err := db.FindUserByName(t.Context(), name)
		if err != nil || u.SiteID != north.ID || u.Role != trainer.RoleTrainee {
			t.Errorf("%s = %+v, %v; want a trainee of North Shore", name, u, err)
		}
	}
	if out, err := runCmd(t, getenv, "", "class", "list", "-db", url, "-site", "This kiosk"); err != nil || out != "" {
		t.Errorf("the other site's classes = %q, %v; want none", out, err)
	}
	if out, err := runCmd(t, getenv, "", "class", "list", "-db", url, "-site", "North Shore"); err != nil ||
		out != fmt.Sprintf("Nights\tled by Nina North\t2 trainees\t%s\tno dates\n", "uth, oracle, thrill, lunar") {
		t.Errorf("class list = %q, %v", out, err)
	}
}
