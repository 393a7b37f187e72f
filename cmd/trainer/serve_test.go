package main

import (
	"bufio"
	"bytes"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/json"
	"encoding/pem"
	"errors"
	"io"
	"math/big"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/dealerkiosk/trainer/internal/sqlite"
)

// startKiosk runs `trainer serve args…` in this process until the test
// ends, and returns the URL of its "kiosk ready" line.
func startKiosk(t *testing.T, args ...string) string {
	t.Helper()
	ctx, cancel := context.WithCancel(t.Context())
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() {
		err := run(ctx, append([]string{"serve", "-addr", "127.0.0.1:0"}, args...), noEnv, nil, io.Discard, pw)
		pw.Close()
		done <- err
	}()
	var u string
	sc := bufio.NewScanner(pr)
	for sc.Scan() {
		line := sc.Text()
		if _, rest, ok := strings.Cut(line, "url="); ok && strings.Contains(line, "kiosk ready") {
			u, _, _ = strings.Cut(rest, " ")
			break
		}
	}
	if u == "" {
		cancel()
		t.Fatalf("no \"kiosk ready\" line; run returned %v", <-done)
	}
	go io.Copy(io.Discard, pr)
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("the kiosk stopped with %v", err)
		}
	})
	return u
}

// TestServe_SecondKioskRefused: a second kiosk on the same database file is
// refused with one line naming the file; the lock goes with the process, so
// a kiosk starts again once the first has stopped, and `trainer backup` and
// `trainer audit verify` work beside a running kiosk.
func TestServe_SecondKioskRefused(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "trainer.db")
	ctx, stop := context.WithCancel(t.Context())
	first := make(chan error, 1)
	pr, pw := io.Pipe()
	go func() {
		err := run(ctx, []string{"serve", "-addr", "127.0.0.1:0", "-db", path}, noEnv, nil, io.Discard, pw)
		pw.Close()
		first <- err
	}()
	sc := bufio.NewScanner(pr)
	for sc.Scan() && !strings.Contains(sc.Text(), "kiosk ready") {
	}
	go io.Copy(io.Discard, pr)

	// Were it not refused, the second kiosk would serve until this
	// context ends, and then return nil.
	second, cancel := context.WithTimeout(t.Context(), 20*time.Second)
	defer cancel()
	err := run(second, []string{"serve", "-addr", "127.0.0.1:0", "-db", path}, noEnv, nil, io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "Another kiosk (process ") ||
		!strings.Contains(err.Error(), "is already running on the database "+path) || strings.Contains(err.Error(), "\n") {
		t.Errorf("a second kiosk on %s: %v; want one line naming the file", path, err)
	}
	var out bytes.Buffer
	if err := run(t.Context(), []string{"backup", "-db", path, filepath.Join(t.TempDir(), "b.db")}, noEnv, nil, &out, io.Discard); err != nil {
		t.Errorf("backup beside the running kiosk: %v", err)
	}
	if err := run(t.Context(), []string{"audit", "verify", "-db", path}, noEnv, nil, &out, io.Discard); err != nil {
		t.Errorf("audit verify beside the running kiosk: %v\n%s", err, out.String())
	}
	if err := run(t.Context(), []string{"audit", "accept", "-db", path, "-reason", "restored a backup"}, noEnv, nil, io.Discard, io.Discard); err == nil ||
		!strings.Contains(err.Error(), "is already running on the database") {
		t.Errorf("audit accept beside the running kiosk: %v; want refused", err)
	}
	stop()
	if err := <-first; err != nil {
		t.Fatal(err)
	}
	startKiosk(t, "-db", path) // the lock went with the first kiosk
}

// TestServe_ReadOnlyDatabaseRefused: a database file the kiosk may read but
// not write stops it at start with one line naming the file, instead of a
// kiosk that says it is ready and fails every sign-in. The real binary runs
// without the right to write the file: as another user when the test runs
// as root (root may write any file), or on a file made read-only.
func TestServe_ReadOnlyDatabaseRefused(t *testing.T) {
	t.Parallel()
	bin := trainerBinary(t)
	dir, err := os.MkdirTemp("", "trainer-ro-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	path := filepath.Join(dir, "trainer.db")
	db, err := sqlite.Open(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	// A kiosk ran here before, as the file's owner: its lock file stays.
	lock, err := sqlite.LockFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lock.Unlock()
	cmd := exec.Command(bin, "serve", "-addr", "127.0.0.1:0", "-db", path)
	if os.Geteuid() == 0 {
		// The directory is open to the other user (the lock and SQLite's
		// -wal and -shm files go there); the database file stays root's,
		// 0644: readable, not writable.
		own := filepath.Join(dir, "trainer")
		copyFile(t, bin, own)
		for _, p := range []string{dir, own} {
			if err := os.Chmod(p, 0o777); err != nil {
				t.Fatal(err)
			}
		}
		os.Chmod(path, 0o644)
		cmd = exec.Command(own, "serve", "-addr", "127.0.0.1:0", "-db", path)
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
	} else if err := os.Chmod(path, 0o444); err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	done := make(chan error, 1)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { done <- cmd.Wait() }()
	select {
	case err = <-done:
	case <-time.After(30 * time.Second):
		cmd.Process.Kill()
		t.Fatalf("the kiosk did not stop on a read-only database:\n%s", stderr.String())
	}
	var ee *exec.ExitError
	msg := strings.TrimSpace(stderr.String())
	if !errors.As(err, &ee) || ee.ExitCode() != 1 || strings.Contains(msg, "kiosk ready") || strings.Count(msg, "\n") != 0 ||
		!strings.Contains(msg, path) || !strings.Contains(msg, "the kiosk cannot write to it") {
		t.Errorf("serve on a read-only database: %v\n%s\nwant exit status 1 and one line naming %s", err, msg, path)
	}
}

// selfSigned writes a self-signed certificate for 127.0.0.1 and its key as
// PEM files, and returns their paths and a pool that trusts it.
func selfSigned(t *testing.T) (certFile, keyFile string, pool *x509.CertPool) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "kiosk.test"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		IPAddresses: []net.IP{net.ParseIP("127.0.0.1")}, KeyUsage: x509.KeyUsageDigitalSignature,
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	kder, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	certFile, keyFile = filepath.Join(dir, "cert.pem"), filepath.Join(dir, "key.pem")
	os.WriteFile(certFile, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o644)
	os.WriteFile(keyFile, pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: kder}), 0o600)
	cert, _ := x509.ParseCertificate(der)
	pool = x509.NewCertPool()
	pool.AddCert(cert)
	return certFile, keyFile, pool
}

// TestServe_TLS: with -tls-cert and -tls-key the kiosk serves HTTPS, and the
// session cookie it sets is Secure.
func TestServe_TLS(t *testing.T) {
	t.Parallel()
	certFile, keyFile, pool := selfSigned(t)
	base := startKiosk(t, "-db", filepath.Join(t.TempDir(), "trainer.db"), "-tls-cert", certFile, "-tls-key", keyFile)
	if !strings.HasPrefix(base, "https://") {
		t.Fatalf("kiosk ready at %s; want https", base)
	}
	c := &http.Client{
		Transport:     &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool}},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
	resp, err := c.Get(base + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	var h map[string]string
	json.NewDecoder(resp.Body).Decode(&h)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || h["status"] != "ok" || resp.TLS == nil {
		t.Errorf("GET /healthz over TLS = %d %v", resp.StatusCode, h)
	}
	form := url.Values{"name": {"Ada Admin"}, "password": {"correct horse battery"}, "confirm": {"correct horse battery"}}
	req, _ := http.NewRequest(http.MethodPost, base+"/setup", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Origin", base)
	resp, err = c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	var session *http.Cookie
	for _, ck := range resp.Cookies() {
		if ck.Name == "trainer_session" {
			session = ck
		}
	}
	if resp.StatusCode != http.StatusSeeOther || session == nil || !session.Secure || !session.HttpOnly {
		t.Errorf("setup over TLS: status %d, cookie %+v; want 303 and a Secure, HttpOnly session cookie", resp.StatusCode, session)
	}
	// Plain HTTP to the TLS port gets no page.
	if resp, err := http.Get("http://" + strings.TrimPrefix(base, "https://") + "/healthz"); err == nil {
		if resp.StatusCode == http.StatusOK {
			t.Error("the TLS kiosk answered plain HTTP with 200")
		}
		resp.Body.Close()
	}

	err = run(t.Context(), []string{"serve", "-tls-cert", certFile}, noEnv, nil, io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "-tls-cert and -tls-key go together") {
		t.Errorf("-tls-cert alone: %v", err)
	}
	err = run(t.Context(), []string{"serve", "-trusted-proxy", "proxy.lan"}, noEnv, nil, io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), `-trusted-proxy: "proxy.lan" is not an IP address`) {
		t.Errorf("-trusted-proxy with a name: %v", err)
	}
}

// TestParseServe_TrustedProxy: -trusted-proxy takes CIDR ranges and single
// addresses (a range of one), IPv4-mapped ones as IPv4; anything else is
// refused with the flag named.
func TestParseServe_TrustedProxy(t *testing.T) {
	t.Parallel()
	tests := []struct {
		arg     string
		want    []string // the ranges, or nil when refused
		problem string
	}{
		{"10.0.0.0/24", []string{"10.0.0.0/24"}, ""},
		{"10.0.0.7/24, 192.168.1.2", []string{"10.0.0.0/24", "192.168.1.2/32"}, ""},
		{"fd00::/64,::ffff:10.1.2.3", []string{"fd00::/64", "10.1.2.3/32"}, ""},
		{"::ffff:10.1.0.0/112", []string{"10.1.0.0/16"}, ""},
		{"proxy.lan", nil, `-trusted-proxy: "proxy.lan" is not an IP address`},
		{"10.0.0.0/33", nil, `-trusted-proxy: "10.0.0.0/33" is not an IP address or a range`},
		{"10.0.0.0/", nil, `-trusted-proxy: "10.0.0.0/"`},
	}
	for _, tc := range tests {
		cfg, err := parseServe(&env{Getenv: noEnv, Stderr: io.Discard}, []string{"-trusted-proxy", tc.arg})
		if tc.want == nil {
			if err == nil || !strings.Contains(err.Error(), tc.problem) {
				t.Errorf("-trusted-proxy %q: %v; want %q", tc.arg, err, tc.problem)
			}
			continue
		}
		if err != nil {
			t.Errorf("-trusted-proxy %q: %v", tc.arg, err)
			continue
		}
		var got []string
		for _, p := range cfg.TrustedProxies {
			got = append(got, p.String())
		}
		if strings.Join(got, " ") != strings.Join(tc.want, " ") {
			t.Errorf("-trusted-proxy %q = %v; want %v", tc.arg, got, tc.want)
		}
	}
}

// TestTooWideProxies: a trusted proxy range that reaches into the
// internet's addresses and is wider than a small subnet is warned about at
// start; a private range, a proxy's own address and a small subnet are not.
func TestTooWideProxies(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		arg  string
		wide bool
	}{
		{"0.0.0.0/0", true},
		{"::/0", true},
		{"128.0.0.0/1", true},
		{"8.0.0.0/8", true},
		{"10.0.0.0/8", false},
		{"192.168.0.0/16", false},
		{"127.0.0.1", false},
		{"203.0.113.7", false},
		{"203.0.113.0/24", false},
		{"fd00::/8", false},
		{"2001:db8::/32", true},
	} {
		p, err := parseProxy(tt.arg)
		if err != nil {
			t.Fatal(err)
		}
		if got := len(tooWideProxies([]netip.Prefix{p})) > 0; got != tt.wide {
			t.Errorf("tooWideProxies(%s) = %v; want %v", tt.arg, got, tt.wide)
		}
	}
	// At start, the warning is in the log.
	var logs bytes.Buffer
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan error, 1)
	pr, pw := io.Pipe()
	go func() {
		done <- run(ctx, []string{"serve", "-addr", "127.0.0.1:0", "-db", filepath.Join(t.TempDir(), "k.db"), "-trusted-proxy", "0.0.0.0/0"},
			noEnv, nil, io.Discard, pw)
		pw.Close()
	}()
	sc := bufio.NewScanner(pr)
	for sc.Scan() {
		logs.WriteString(sc.Text() + "\n")
		if strings.Contains(sc.Text(), "kiosk ready") {
			break
		}
	}
	cancel()
	go io.Copy(io.Discard, pr)
	<-done
	if !strings.Contains(logs.String(), "level=WARN") || !strings.Contains(logs.String(), "trusts every address in 0.0.0.0/0") {
		t.Errorf("the start with -trusted-proxy 0.0.0.0/0 logged:\n%s", logs.String())
	}
}
