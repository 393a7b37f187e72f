package main

import (
	"context"
	"crypto/tls"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"runtime/debug"
	"strings"
	"time"

	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/server"
	"github.com/dealerkiosk/trainer/internal/sqlite"
	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web"
)

// Config is the kiosk server's configuration, from flags and the environment.
type Config struct {
	Addr     string // -addr: where to listen
	DBPath   string // -db: the SQLite file, or a postgres:// URL (the group edition)
	House    string // -house: which house's rules to train on
	HouseSet bool   // -house was given (at a group, the site's house decides)
	Site     string // -site: the site of a group this process serves
	RulesDir string // -rules: a directory of house rules instead of the built-in ones
	// SessionKey is TRAINER_SESSION_KEY decoded, or nil to use the key kept
	// in the database.
	SessionKey []byte
	// Audit are the audit key and head files (-audit-key, -audit-head);
	// TRAINER_AUDIT_KEY, when set, is the key instead of the file.
	Audit auditFiles
	// TLSCert and TLSKey (-tls-cert, -tls-key) serve HTTPS directly.
	TLSCert, TLSKey string
	// TrustedProxies (-trusted-proxy) are the address ranges whose
	// X-Forwarded-Proto and X-Forwarded-For the kiosk believes.
	TrustedProxies []netip.Prefix
	// PseudoLocale (-pseudo-locale) shows every page in the pseudo-locale,
	// for developers checking that layouts take longer languages.
	PseudoLocale bool
}

// Server timeouts: long enough for a slow tablet on a busy Wi-Fi, short
// enough that idle or stuck connections do not pile up.
const (
	readHeaderTimeout = 5 * time.Second
	readTimeout       = 15 * time.Second
	writeTimeout      = 30 * time.Second
	idleTimeout       = 120 * time.Second
	shutdownTimeout   = 10 * time.Second
)

func parseServe(e *env, args []string) (*Config, error) {
	fs := flag.NewFlagSet("trainer serve", flag.ContinueOnError)
	fs.SetOutput(e.Stderr)
	cfg := &Config{}
	fs.StringVar(&cfg.Addr, "addr", ":8080", "listen on this `address`")
	fs.StringVar(&cfg.DBPath, "db", "trainer.db", "SQLite database `file` (created on first start), or a postgres:// `URL` for the group edition (docs/group.md)")
	fs.StringVar(&cfg.House, "house", "default", "the `house` whose rules the kiosk trains")
	fs.StringVar(&cfg.RulesDir, "rules", "", "read house rules from `dir` instead of the built-in ones")
	fs.StringVar(&cfg.Site, "site", "", "at a group (postgres:// -db), the `site` this kiosk serves; needed when the group has more than one")
	addAuditFlags(fs, &cfg.Audit)
	fs.StringVar(&cfg.TLSCert, "tls-cert", "", "serve HTTPS with the certificate (PEM) in `file`; needs -tls-key")
	fs.StringVar(&cfg.TLSKey, "tls-key", "", "the private key (PEM) of -tls-cert, in `file`")
	fs.BoolVar(&cfg.PseudoLocale, "pseudo-locale", false, "show every page in the pseudo-locale (English lengthened by 40 % and accented), for developers")
	proxies := fs.String("trusted-proxy", "", "believe X-Forwarded-Proto and X-Forwarded-For only from proxies in these `ranges` (comma-separated CIDRs or IPs)")
	fs.Usage = func() {
		fmt.Fprintln(e.Stderr, "usage: trainer [serve] [flags]")
		fs.PrintDefaults()
		fmt.Fprintln(e.Stderr, "\nenvironment:\n  TRAINER_SESSION_KEY  hex key (32 or 64 bytes) that signs session cookies;\n                       when unset, a key is generated once and kept in the database"+
			"\n  TRAINER_AUDIT_KEY    hex key (32 bytes) that keys the audit trail, instead of the -audit-key file")
	}
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	if fs.NArg() > 0 {
		return nil, fmt.Errorf("serve: unexpected argument %q", fs.Arg(0))
	}
	fs.Visit(func(f *flag.Flag) { cfg.HouseSet = cfg.HouseSet || f.Name == "house" })
	cfg.Audit.resolve(cfg.DBPath)
	if (cfg.TLSCert == "") != (cfg.TLSKey == "") {
		return nil, errors.New("-tls-cert and -tls-key go together: give both, or neither")
	}
	for _, a := range strings.Split(*proxies, ",") {
		if a = strings.TrimSpace(a); a == "" {
			continue
		}
		p, err := parseProxy(a)
		if err != nil {
			return nil, fmt.Errorf("-trusted-proxy: %q is not an IP address or a range of them (CIDR, as 10.0.0.0/24)", a)
		}
		cfg.TrustedProxies = append(cfg.TrustedProxies, p)
	}
	if v := e.Getenv("TRAINER_SESSION_KEY"); v != "" {
		key, err := hex.DecodeString(v)
		if err != nil || (len(key) != 32 && len(key) != 64) {
			return nil, errors.New("TRAINER_SESSION_KEY must be 32 or 64 bytes written in hex (64 or 128 hex digits)")
		}
		cfg.SessionKey = key
	}
	return cfg, nil
}

// parseProxy reads one -trusted-proxy entry: a CIDR range, or one address
// (a range of one).
func parseProxy(s string) (netip.Prefix, error) {
	if strings.Contains(s, "/") {
		p, err := netip.ParsePrefix(s)
		if err != nil {
			return netip.Prefix{}, err
		}
		if p.Addr().Is4In6() && p.Bits() >= 96 {
			p = netip.PrefixFrom(p.Addr().Unmap(), p.Bits()-96)
		}
		return p.Masked(), nil
	}
	ip, err := netip.ParseAddr(s)
	if err != nil {
		return netip.Prefix{}, err
	}
	ip = ip.Unmap()
	return netip.PrefixFrom(ip, ip.BitLen()), nil
}

// tooWideProxies are the trusted proxy ranges that reach past a private
// network into public addresses and hold more than a small subnet's worth
// (wider than a /24, or a /64 for IPv6): 0.0.0.0/0 trusts every client on
// the internet to write its own X-Forwarded-For. A proxy's own public
// address, or a private range (10.0.0.0/8), is not one.
func tooWideProxies(ps []netip.Prefix) []netip.Prefix {
	var wide []netip.Prefix
	for _, p := range ps {
		small := 24
		if p.Addr().Is6() {
			small = 64
		}
		if p.Bits() >= small {
			continue
		}
		first, last := p.Masked().Addr(), lastAddr(p)
		private := func(a netip.Addr) bool { return a.IsPrivate() || a.IsLoopback() || a.IsLinkLocalUnicast() }
		if !private(first) || !private(last) {
			wide = append(wide, p)
		}
	}
	return wide
}

// lastAddr is the last address of p.
func lastAddr(p netip.Prefix) netip.Addr {
	b := p.Masked().Addr().AsSlice()
	for i := p.Bits(); i < len(b)*8; i++ {
		b[i/8] |= 1 << (7 - i%8)
	}
	a, _ := netip.AddrFromSlice(b)
	return a
}

// memoryLimit is the kiosk's soft memory limit, unless GOMEMLIMIT sets
// another. The kiosk lives in about 30 MiB, but each sign-in's argon2id check
// leaves 19 MiB of garbage; with Go's default pacing a class signing in at
// once would grow the process past 150 MiB before the collector caught up.
// Near this limit the collector works harder instead (BenchmarkKioskLoad
// runs with it too).
const memoryLimit = 100 << 20

// runServe runs the kiosk until ctx ends (SIGINT or SIGTERM), then shuts down
// gracefully, giving requests in flight up to 10 s.
func runServe(ctx context.Context, e *env, args []string) error {
	cfg, err := parseServe(e, args)
	if err != nil {
		return err
	}
	if e.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(memoryLimit)
	}
	log := slog.New(slog.NewTextHandler(e.Stderr, nil))
	profileOnSignal(ctx, e, log)
	if trainer.TestHashCost {
		log.Warn("this build has the race detector: it hashes PINs and passwords with the tests' smallest cost; build without -race for a kiosk people use")
	}
	for _, p := range tooWideProxies(cfg.TrustedProxies) {
		log.Warn("-trusted-proxy trusts every address in "+p.String()+", the internet's among them: any client there can "+
			"say which address the sign-in limits count it as, and that it came over HTTPS; give the proxies' own addresses",
			"range", p.String())
	}

	// The house rules are validated before anything else starts: a broken
	// pay table stops the kiosk with the file and key named. A kiosk that
	// validated these very rules with this very program before loads them
	// in the background instead, once it listens (validated.go).
	fsys, err := rulesFS(cfg.RulesDir)
	if err != nil {
		return err
	}
	postgres := isPostgres(cfg.DBPath)
	stamp := ""
	if !postgres {
		// At a group the site's house, kept in the database, decides.
		stamp = validationStamp(fsys, cfg.House)
	}
	background := validatedBefore(stamp)
	var book *rulebook.Book
	loadRules := func() error {
		b, err := rulebook.Load(fsys)
		if err != nil {
			return err
		}
		book = b
		if _, err := book.House(cfg.House); err != nil {
			return fmt.Errorf("-house: %w", err)
		}
		return nil
	}
	if !background {
		if err := loadRules(); err != nil {
			return err
		}
	}

	db, dbName, err := openServed(ctx, e, log, cfg)
	if err != nil {
		return err
	}
	defer db.Close()
	health := server.NewHealth(db, log)

	// build makes the server: the rules (when not loaded yet), the site, the
	// session key, the drills and the pages.
	build := func() (*server.Server, *trainer.Site, error) {
		if book == nil {
			if err := loadRules(); err != nil {
				return nil, nil, err
			}
		}
		site, err := servedSite(ctx, db, book, cfg, postgres)
		if err != nil {
			return nil, nil, err
		}
		if cfg.SessionKey == nil {
			if cfg.SessionKey, err = db.SessionKey(ctx); err != nil {
				return nil, nil, err
			}
		}
		// The drills read drills.toml from the same rules as the book.
		gen, err := drills.Load(book, fsys)
		if err != nil {
			return nil, nil, err
		}
		srv, err := server.New(server.Config{SessionKey: cfg.SessionKey, Logger: log, House: cfg.House, Site: site.ID, Drills: gen,
			TrustedProxies: cfg.TrustedProxies, PseudoLocale: cfg.PseudoLocale, Health: health}, db, book, web.Static)
		if err != nil {
			return nil, nil, err
		}
		// The house's programmes as its files hold them now: a new content
		// is recorded as a version waiting for approval (docs/records.md).
		house, err := book.House(cfg.House)
		if err != nil {
			return nil, nil, err
		}
		if _, err := recordHouseProgrammes(ctx, db, house); err != nil {
			srv.Close()
			return nil, nil, fmt.Errorf("the training programmes: %w", err)
		}
		return srv, site, nil
	}
	gate := &startingHandler{health: health, ready: make(chan struct{})}
	var site *trainer.Site
	var buildErr error
	built := make(chan struct{}) // closed once build has returned
	// Runs once the HTTP server has shut down: stops the pay-table figures
	// still being computed in the background.
	defer func() {
		<-built
		if gate.srv != nil {
			gate.srv.Close()
		}
	}()
	finish := func() {
		defer close(built)
		gate.srv, site, buildErr = build()
		if buildErr == nil {
			close(gate.ready)
		}
	}
	if background {
		go finish()
	} else {
		finish()
		if buildErr != nil {
			return buildErr
		}
		if err := recordValidated(stamp, book.Version, cfg.House); err != nil {
			log.Warn("could not record the rules as validated: the next start validates them again", "error", err)
		}
	}

	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return err
	}
	scheme := "http"
	var tlsConfig *tls.Config
	if cfg.TLSCert != "" {
		cert, err := tls.LoadX509KeyPair(cfg.TLSCert, cfg.TLSKey)
		if err != nil {
			ln.Close()
			return fmt.Errorf("-tls-cert %s, -tls-key %s: %w", cfg.TLSCert, cfg.TLSKey, err)
		}
		tlsConfig = &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12}
		scheme = "https"
	}
	var handler http.Handler = gate
	if !background {
		handler = gate.srv // built already: no gate to pass
	}
	hs := &http.Server{
		Handler:           handler,
		ReadHeaderTimeout: readHeaderTimeout,
		ReadTimeout:       readTimeout,
		WriteTimeout:      writeTimeout,
		IdleTimeout:       idleTimeout,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
		TLSConfig:         tlsConfig,
	}
	ready := func(site *trainer.Site) {
		version, _ := db.SchemaVersion(ctx)
		log.Info("kiosk ready", "url", scheme+"://"+displayAddr(ln.Addr()), "db", dbName, "schema", version, "site", site.Name, "house", cfg.House)
		go gate.srv.Warm()
	}
	if !background {
		ready(site)
	}

	errc := make(chan error, 1)
	go func() {
		if tlsConfig != nil {
			errc <- hs.ServeTLS(ln, "", "") // the certificate is in TLSConfig
			return
		}
		errc <- hs.Serve(ln)
	}()
	failed := make(chan error, 1) // the background build's error
	if background {
		go func() {
			<-built
			if buildErr != nil {
				failed <- buildErr
				return
			}
			ready(site)
		}()
	}
	select {
	case err := <-errc:
		return err
	case err := <-failed:
		hs.Close()
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down")
	sctx, cancel := context.WithTimeout(context.Background(), shutdownTimeout)
	defer cancel()
	if err := hs.Shutdown(sctx); err != nil {
		return fmt.Errorf("shutdown: %w", err)
	}
	if err := <-errc; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// openServed opens the database the kiosk serves from, with its audit key,
// and returns it with the name the log gives it. A SQLite file is locked to
// this process; a PostgreSQL database is shared by the group's processes.
func openServed(ctx context.Context, e *env, log *slog.Logger, cfg *Config) (trainer.Store, string, error) {
	if isPostgres(cfg.DBPath) {
		db, source, err := openGroup(ctx, e, cfg.DBPath, cfg.Audit.key)
		if err != nil {
			return nil, "", err
		}
		// A chain broken in the middle is logged, as on SQLite: the
		// kiosk runs, and `trainer audit verify` names the entry.
		if rep, err := db.VerifyAudit(ctx); err != nil {
			log.Error("the audit trail is broken: run trainer audit verify", "db", db.Name(), "error", err)
		} else {
			log.Info("audit trail checked", "entries", rep.Entries, "keyed_from", rep.KeyedFrom, "key", source)
		}
		return db, db.Name(), nil
	}
	// One kiosk per database file: the per-device limits and the
	// background work assume it (sqlite.LockFile). Taken before the
	// database is opened, so a second kiosk does not migrate it either.
	lock, err := sqlite.LockFile(cfg.DBPath)
	if err != nil {
		return nil, "", err
	}
	db, err := sqlite.Open(ctx, cfg.DBPath)
	if err != nil {
		lock.Unlock()
		return nil, "", err
	}
	// A school moved into a group works there now (trainer migrate).
	if err := db.RefuseMoved(ctx); err != nil {
		db.Close()
		lock.Unlock()
		return nil, "", err
	}
	if err := useAuditKey(ctx, e, log, db, cfg); err != nil {
		db.Close()
		lock.Unlock()
		return nil, "", err
	}
	return lockedDB{db, lock}, cfg.DBPath, nil
}

// lockedDB is a SQLite database with its file lock, released once it closes.
type lockedDB struct {
	*sqlite.DB
	lock *sqlite.FileLock
}

func (d lockedDB) Close() error {
	defer d.lock.Unlock()
	return d.DB.Close()
}

// useAuditKey gives the kiosk its audit key (made at the first start) and
// checks the log against its head on record: a log that lost entries stops
// the kiosk with one line saying how to accept a restored backup. A chain
// broken in the middle is logged: the kiosk runs, its dashboard shows it,
// and `trainer audit verify` names it.
func useAuditKey(ctx context.Context, e *env, log *slog.Logger, db *sqlite.DB, cfg *Config) error {
	key, source, err := auditKey(ctx, e, db, cfg.Audit.key, true)
	if err != nil {
		return err
	}
	// The heads go to the log too (the system's journal under a service
	// manager), where a copy of the database and its folder cannot reach
	// them; and to a second file when one is given.
	db.HeadCopy = cfg.Audit.headCopy
	db.OnHead = func(h trainer.AuditHead) {
		log.Info("audit head", "entry", h.Seq, "hash", h.Hash)
	}
	use := db.UseAuditKey
	if strings.HasSuffix(source, newKeySource) {
		use = db.KeyAuditLog // a kiosk from before the key, or a new one
	}
	if err := use(ctx, key, cfg.Audit.head); err != nil {
		return auditStartError(cfg.DBPath, cfg.Audit, err)
	}
	rep, err := db.VerifyAudit(ctx)
	if err != nil {
		log.Error("the audit trail is broken: run trainer audit verify", "db", cfg.DBPath, "error", err)
		return nil
	}
	log.Info("audit trail checked", "entries", rep.Entries, "keyed_from", rep.KeyedFrom, "key", source, "head", cfg.Audit.head)
	return nil
}

// displayAddr turns a wildcard listen address into one a browser can open.
func displayAddr(a net.Addr) string {
	tcp, ok := a.(*net.TCPAddr)
	if !ok || !tcp.IP.IsUnspecified() {
		return a.String()
	}
	return net.JoinHostPort("localhost", fmt.Sprint(tcp.Port))
}

// startingHandler serves a kiosk that listens before its server is built
// (validated.go): /healthz at once, from the database, and every other
// request once the server is ready, which the request waits for.
type startingHandler struct {
	health http.Handler
	ready  chan struct{}  // closed once srv is set
	srv    *server.Server // the server, once ready is closed
}

func (h *startingHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	select {
	case <-h.ready:
		h.srv.ServeHTTP(w, r)
		return
	default:
	}
	if r.URL.Path == "/healthz" && (r.Method == http.MethodGet || r.Method == http.MethodHead) {
		h.health.ServeHTTP(w, r)
		return
	}
	select {
	case <-h.ready:
		h.srv.ServeHTTP(w, r)
	case <-r.Context().Done():
	}
}
