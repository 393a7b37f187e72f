package main

import (
	"bytes"
	"encoding/hex"
	"io"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dealerkiosk/trainer/internal/postgres"
	"github.com/dealerkiosk/trainer/internal/postgres/pgtest"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// TestSite_Postgres: a group's sites and its director from the command line.
// A site with a house the rules lack, or without a name, is refused with the
// flag named and nothing written; sites are listed; a director is added with
// the password on standard input; serve refuses to guess the site once the
// group has two, and names the flag for a site that does not exist, then
// serves the one named. Needs TRAINER_TEST_POSTGRES.
func TestSite_Postgres(t *testing.T) {
	t.Parallel()
	url := pgtest.URL(t)
	key := hex.EncodeToString(pgtest.Key())
	getenv := func(k string) string {
		if k == "TRAINER_AUDIT_KEY" {
			return key
		}
		return ""
	}
	cmd := func(stdin string, args ...string) (string, error) {
		var out bytes.Buffer
		err := run(t.Context(), args, getenv, strings.NewReader(stdin), &out, io.Discard)
		return out.String(), err
	}
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"site", "add", "-db", url, "-name", "North Shore", "-house", "nowhere"}, "-house"},
		{[]string{"site", "add", "-db", url, "-name", "", "-house", "default"}, "-name"},
		{[]string{"site", "add", "-db", "postgres://127.0.0.1:1/none?connect_timeout=2", "-name", "North Shore", "-house", "default"}, "-db"},
	} {
		if _, err := cmd("", tt.args...); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("trainer %s = %v; want a refusal naming %s", strings.Join(tt.args, " "), err, tt.want)
		}
	}
	out, err := cmd("", "site", "list", "-db", url)
	if err != nil || strings.Count(out, "\n") != 1 || !strings.HasPrefix(out, "This kiosk\thouse default") {
		t.Fatalf("site list after the refusals = %q, %v; want the first site alone", out, err)
	}
	// Serving the group's one site needs no -site.
	startGroupKiosk(t, getenv, url)
	if _, err := cmd("", "site", "add", "-db", url, "-name", "North Shore", "-house", "default"); err != nil {
		t.Fatal(err)
	}
	if _, err := cmd("", "site", "add", "-db", url, "-name", "north shore", "-house", "default"); err == nil || !strings.Contains(err.Error(), "-name") {
		t.Errorf("a second site of the same name = %v; want a refusal naming -name", err)
	}
	if out, err := cmd("", "site", "list", "-db", url); err != nil || !strings.Contains(out, "North Shore\thouse default\nThis kiosk") {
		t.Errorf("site list = %q, %v", out, err)
	}
	// A director belongs to no site: with several sites, none is asked
	// for, and one named is refused.
	if _, err := cmd("a long passphrase\n", "user", "add", "-db", url, "-name", "Dee Director", "-role", "director", "-site", "North Shore"); err == nil ||
		!strings.Contains(err.Error(), "-site: a group director belongs to no site") {
		t.Errorf("user add of a director at a site = %v; want a refusal naming -site", err)
	}
	if out, err := cmd("a long passphrase\n", "user", "add", "-db", url, "-name", "Dee Director", "-role", "director"); err != nil ||
		!strings.Contains(out, "added Dee Director (Group director) for the whole group") {
		t.Errorf("user add of a director = %q, %v", out, err)
	}
	if _, err := cmd("short\n", "user", "add", "-db", url, "-name", "Eve", "-role", "director"); err == nil {
		t.Error("user add with a password too short was accepted")
	}
	// At the machine, the director's password is reset and they are
	// deactivated and reactivated, each audited.
	if out, err := cmd("another long passphrase\n", "user", "password", "-db", url, "-name", "Dee Director"); err != nil ||
		!strings.Contains(out, "new password set for Dee Director") {
		t.Errorf("user password = %q, %v", out, err)
	}
	for _, verb := range []string{"deactivate", "reactivate"} {
		if out, err := cmd("", "user", verb, "-db", url, "-name", "Dee Director"); err != nil || !strings.Contains(out, verb+"d Dee Director") {
			t.Errorf("user %s = %q, %v", verb, out, err)
		}
	}
	if _, err := cmd("", "user", "deactivate", "-db", url, "-name", "Nobody Here"); err == nil || !strings.Contains(err.Error(), "-name") {
		t.Errorf("user deactivate of nobody = %v; want a refusal naming -name", err)
	}
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"serve", "-addr", "127.0.0.1:0", "-db", url}, "-site: the group has 2 sites (North Shore, This kiosk)"},
		{[]string{"serve", "-addr", "127.0.0.1:0", "-db", url, "-site", "South"}, `-site: the group has no site named "South"`},
		{[]string{"serve", "-addr", "127.0.0.1:0", "-db", url, "-site", "North Shore", "-house", "riverside"}, "-house"},
	} {
		if _, err := cmd("", tt.args...); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("trainer %s = %v; want %q", strings.Join(tt.args[2:], " "), err, tt.want)
		}
	}
	if _, err := cmd("a long passphrase\n", "user", "add", "-db", filepath.Join(t.TempDir(), "k.db"), "-name", "Dee", "-role", "director"); err == nil ||
		!strings.Contains(err.Error(), "-db: no kiosk database") {
		t.Errorf("user add to a file that is not there = %v; want a refusal naming -db", err)
	}
}

// TestSite_AdminAndRename: a new site gets its first administrator with it
// (site add -admin, the password on standard input), both or neither; the
// first site, "This kiosk", can be renamed, audited, and a name another
// site has is refused naming -to.
func TestSite_AdminAndRename(t *testing.T) {
	t.Parallel()
	url := pgtest.URL(t)
	rawKey := pgtest.Key()
	getenv := func(k string) string {
		if k == "TRAINER_AUDIT_KEY" {
			return hex.EncodeToString(rawKey)
		}
		return ""
	}
	run := func(stdin string, args ...string) (string, error) {
		var out bytes.Buffer
		err := run(t.Context(), args, getenv, strings.NewReader(stdin), &out, io.Discard)
		return out.String(), err
	}
	if _, err := run("", "site", "list", "-db", url); err != nil {
		t.Fatal(err)
	}
	// A name the group has: neither the site nor its administrator.
	if _, err := run("a long passphrase\n", "user", "add", "-db", url, "-name", "Ada Admin", "-role", "administrator"); err != nil {
		t.Fatal(err)
	}
	if _, err := run("a long passphrase\n", "site", "add", "-db", url, "-name", "North Shore", "-house", "default", "-admin", "ada admin"); err == nil ||
		!strings.Contains(err.Error(), "-admin") || !strings.Contains(err.Error(), "nothing added") {
		t.Errorf("site add with a taken administrator's name = %v; want refused naming -admin", err)
	}
	if out, _ := run("", "site", "list", "-db", url); strings.Contains(out, "North Shore") {
		t.Errorf("a refused site add left the site: %q", out)
	}
	if _, err := run("short\n", "site", "add", "-db", url, "-name", "North Shore", "-house", "default", "-admin", "Nia North"); err == nil ||
		!strings.Contains(err.Error(), "-admin") {
		t.Errorf("site add with a short password = %v; want refused naming -admin", err)
	}
	out, err := run("a long passphrase\n", "site", "add", "-db", url, "-name", "North Shore", "-house", "default", "-admin", "Nia North")
	if err != nil || !strings.Contains(out, "with its administrator Nia North") {
		t.Fatalf("site add -admin = %q, %v", out, err)
	}
	group, err := postgres.Open(t.Context(), url, rawKey)
	if err != nil {
		t.Fatal(err)
	}
	defer group.Close()
	nia, err := group.FindUserByName(t.Context(), "Nia North")
	north, ferr := group.FindSiteByName(t.Context(), "North Shore")
	if err != nil || ferr != nil || nia.Role != trainer.RoleAdministrator || nia.SiteID != north.ID {
		t.Errorf("Nia North = %+v, %v (site %+v, %v); want North Shore's administrator", nia, err, north, ferr)
	}

	// The first site renamed; a taken name refused.
	if _, err := run("", "site", "rename", "-db", url, "-name", "This kiosk", "-to", "north shore"); err == nil || !strings.Contains(err.Error(), "-to") {
		t.Errorf("rename to another site's name = %v; want refused naming -to", err)
	}
	if out, err := run("", "site", "rename", "-db", url, "-name", "This kiosk", "-to", "Harbour View"); err != nil || !strings.Contains(out, "site This kiosk is now Harbour View") {
		t.Errorf("rename of the first site = %q, %v", out, err)
	}
	if out, err := run("", "site", "list", "-db", url); err != nil || !strings.Contains(out, "Harbour View\thouse default") {
		t.Errorf("site list after the rename = %q, %v", out, err)
	}
	if out, err := run("", "audit", "verify", "-db", url); err != nil {
		t.Errorf("audit verify after the site commands = %q, %v", out, err)
	}
}
