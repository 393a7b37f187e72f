package pgtest

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"testing"
)

// Cluster is a PostgreSQL server of a test's own, on a data directory it
// made, for tests that stop and start the server under a kiosk (the fault
// tests) and so cannot share TRAINER_TEST_POSTGRES's server with others.
type Cluster struct {
	tb   testing.TB
	bin  string // the directory of initdb, pg_ctl and createdb
	Dir  string // the data directory
	Port int
	// asPostgres is set when the test runs as root: initdb refuses root,
	// so the server's programs run as the "postgres" user.
	asPostgres bool
	// settings are the server's own, as "name=value" (-c).
	settings []string
}

// NewCluster initialises a cluster on a new directory, starts it on a free
// port of 127.0.0.1 and creates the database "trainer" on it; the cluster
// is stopped and its directory removed when tb ends. Without PostgreSQL's
// programs (Debian's postgresql package) the test is skipped, or fails on
// CI (CI=true). settings ("name=value") are given to the server beside the
// cluster's own (the load benchmark loads pg_stat_statements so).
func NewCluster(tb testing.TB, settings ...string) *Cluster {
	tb.Helper()
	bin := serverBin()
	if bin == "" {
		msg := "no PostgreSQL server programs (initdb, pg_ctl) in /usr/lib/postgresql/*/bin: install Debian's postgresql"
		if os.Getenv("CI") == "true" {
			tb.Fatal(msg)
		}
		tb.Skip(msg)
	}
	c := &Cluster{tb: tb, bin: bin, asPostgres: os.Geteuid() == 0, settings: settings}
	// Not tb.TempDir: the postgres user must be able to reach it.
	dir, err := os.MkdirTemp("", "trainer-pgtest-")
	if err != nil {
		tb.Fatal(err)
	}
	c.Dir = dir
	tb.Cleanup(func() {
		c.run("pg_ctl", "-D", c.Dir, "stop", "-m", "immediate")
		os.RemoveAll(c.Dir)
	})
	if c.asPostgres {
		u, err := user.Lookup("postgres")
		if err != nil {
			tb.Fatalf("running as root, PostgreSQL's programs need the postgres user: %v", err)
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		if err := os.Chown(dir, uid, gid); err != nil {
			tb.Fatal(err)
		}
	}
	c.Port = freePort(tb)
	if out, err := c.run("initdb", "-D", dir, "-A", "trust", "-U", "postgres", "--no-sync"); err != nil {
		tb.Fatalf("initdb: %v\n%s", err, out)
	}
	c.Start()
	if out, err := c.run("createdb", "-h", "127.0.0.1", "-p", strconv.Itoa(c.Port), "-U", "postgres", "trainer"); err != nil {
		tb.Fatalf("createdb: %v\n%s", err, out)
	}
	return c
}

// URL is the URL of the cluster's database "trainer".
func (c *Cluster) URL() string {
	return fmt.Sprintf("postgres://postgres@127.0.0.1:%d/trainer?sslmode=disable", c.Port)
}

// Start starts the server and waits until it takes connections.
func (c *Cluster) Start() {
	c.tb.Helper()
	opts := fmt.Sprintf("-p %d -k %s -c listen_addresses=127.0.0.1 -c fsync=off", c.Port, c.Dir)
	for _, s := range c.settings {
		opts += " -c " + s
	}
	out, err := c.run("pg_ctl", "-D", c.Dir, "-l", filepath.Join(c.Dir, "log"), "-w", "-o", opts, "start")
	if err != nil {
		c.tb.Fatalf("pg_ctl start: %v\n%s", err, out)
	}
}

// Stop stops the server as an operator would for maintenance (pg_ctl stop
// -m fast): open connections are cut and transactions in flight roll back.
func (c *Cluster) Stop() {
	c.tb.Helper()
	if out, err := c.run("pg_ctl", "-D", c.Dir, "-w", "stop", "-m", "fast"); err != nil {
		c.tb.Fatalf("pg_ctl stop: %v\n%s", err, out)
	}
}

func (c *Cluster) run(prog string, args ...string) ([]byte, error) {
	path := filepath.Join(c.bin, prog)
	var cmd *exec.Cmd
	if c.asPostgres {
		cmd = exec.Command("runuser", append([]string{"-u", "postgres", "--", path}, args...)...)
	} else {
		cmd = exec.Command(path, args...)
	}
	return cmd.CombinedOutput()
}

// serverBin is the newest /usr/lib/postgresql/N/bin with initdb, or "".
func serverBin() string {
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	sort.Slice(dirs, func(i, j int) bool {
		vi, _ := strconv.Atoi(filepath.Base(filepath.Dir(dirs[i])))
		vj, _ := strconv.Atoi(filepath.Base(filepath.Dir(dirs[j])))
		return vi < vj
	})
	for i := len(dirs) - 1; i >= 0; i-- {
		if _, err := os.Stat(filepath.Join(dirs[i], "initdb")); err == nil {
			return dirs[i]
		}
	}
	return ""
}

// freePort is a port of 127.0.0.1 nothing listens on now.
func freePort(tb testing.TB) int {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}
