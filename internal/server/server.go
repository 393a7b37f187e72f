package server

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net/http"
	"net/netip"
	"time"

	rules "github.com/dealerkiosk/trainer/content/rules"
	"github.com/dealerkiosk/trainer/internal/account"
	"github.com/dealerkiosk/trainer/internal/approval"
	"github.com/dealerkiosk/trainer/internal/certs"
	"github.com/dealerkiosk/trainer/internal/class"
	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/figure"
	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/live"
	"github.com/dealerkiosk/trainer/internal/lockout"
	"github.com/dealerkiosk/trainer/internal/practice"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web/view"
	"github.com/gorilla/sessions"
)

// Config is what the server needs from cmd/trainer.
type Config struct {
	// SessionKey signs the session cookie: 32 or 64 bytes, from
	// TRAINER_SESSION_KEY or generated and kept in the database.
	SessionKey []byte
	// Logger receives one line per request and every internal error.
	// Nil discards them.
	Logger *slog.Logger
	// House is the -house flag: the house whose rules the kiosk trains.
	House string
	// Site is the site this process serves (-site): the sign-in grid shows
	// its trainees, and users created here belong to it. 0 is the first
	// site, a SQLite kiosk's only one.
	Site int64
	// Drills makes the scenarios of the practice sessions, from the same
	// rules as the book. Nil loads them from the built-in rules.
	Drills *drills.Generator
	// FigureWait is how long a pay-table page waits for a figure being
	// computed before it answers with a progress bar instead; 0 is one
	// second.
	FigureWait time.Duration
	// TrustedProxies are the address ranges of the reverse proxies whose
	// X-Forwarded-Proto and X-Forwarded-For the kiosk believes
	// (-trusted-proxy): a request from one of them that says "https" gets a
	// Secure cookie, and the client it names counts as the device for the
	// sign-in limits (clientaddr.go). Anyone else's headers are ignored.
	TrustedProxies []netip.Prefix
	// PseudoLocale shows every page in the pseudo-locale (i18n.Pseudo), for
	// developers checking that layouts take longer languages.
	PseudoLocale bool
	// Health, when set, answers /healthz: the handler the process answered
	// with before New (NewHealth), so that its last write probe carries
	// over. Nil: the server makes its own.
	Health *Health
}

// Server is the kiosk's HTTP handler.
type Server struct {
	db    trainer.Store
	book  *rulebook.Book
	house *rulebook.House
	site  int64 // Config.Site, never 0
	// catalog holds the messages of every language (internal/i18n);
	// pseudo is Config.PseudoLocale.
	catalog *i18n.Catalog
	pseudo  bool
	log     *slog.Logger
	cookies *sessions.CookieStore
	static  fs.FS
	etags   map[string]string
	handler http.Handler
	// plan makes the scenarios practice sessions serve (practice.Flow).
	plan *practice.Planner
	// flow serves, rebuilds and grades the sessions' and exams' scenarios.
	flow *practice.Flow
	// drive writes the instructor's live drill (class.Drive).
	drive *class.Drive
	// accounts adds users and changes their secrets and standing
	// (account.Accounts).
	accounts *account.Accounts
	// certs reads and judges the trainees' certifications.
	certs *certs.Certs
	// gen makes the instructors' sample drills (content.go).
	gen *drills.Generator
	// view builds the pages' view models from what the handlers read
	// (web/view).
	view *view.Kiosk
	// figures computes the pay-table review page's figures in the
	// background and keeps them (package figure).
	figures *figure.Board
	// hashes bounds the PIN and password hashes computed at once and
	// checks them against the sign-in limits the store keeps (package
	// lockout).
	hashes *lockout.Gate
	// logoTag is the hash of the house's logo, for its URL (logo.go).
	logoTag string
	// versions keeps the rules versions the rules pages loaded, with their
	// house edges (package approval).
	versions *approval.Versions
	// trusted is Config.TrustedProxies.
	trusted proxies
	// health answers /healthz (health.go): Config.Health, or its own.
	health *Health
	// live hands the live drills to their projectors and tablets
	// (package live: live.Hub).
	live *live.Hub
}

// startTimeout bounds the database work New does before the kiosk serves.
const startTimeout = 30 * time.Second

// New builds the server on db and the validated rules of book, training the
// house cfg.House, serving the static files of static (a tree with a static/
// directory, as web.Static).
func New(cfg Config, db trainer.Store, book *rulebook.Book, static fs.FS) (*Server, error) {
	if n := len(cfg.SessionKey); n != 32 && n != 64 {
		return nil, errors.New("server: the session key must be 32 or 64 bytes")
	}
	// The catalogues are checked like the rules: a language that lacks a
	// message stops the kiosk before it serves a page. They are the
	// embedded ones, loaded once for the process (the books use them too).
	catalog, err := i18n.LoadDefault()
	if err != nil {
		return nil, err
	}
	house, err := book.House(cfg.House)
	if err != nil {
		return nil, fmt.Errorf("server: %w", err)
	}
	sub, err := fs.Sub(static, "static")
	if err != nil {
		return nil, err
	}
	etags, err := staticETags(sub)
	if err != nil {
		return nil, err
	}
	log := cfg.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	gen := cfg.Drills
	if gen == nil {
		if gen, err = drills.Load(book, rules.FS); err != nil {
			return nil, fmt.Errorf("server: %w", err)
		}
	}
	// Every rules version the kiosk runs with is kept, with its files, so
	// that what was made under it can be rebuilt after the rules change.
	ctx, cancel := context.WithTimeout(context.Background(), startTimeout)
	defer cancel()
	if _, err := db.RecordRulesVersion(ctx, book.Version, book.Files); err != nil {
		return nil, fmt.Errorf("server: record the rules version: %w", err)
	}
	plan := practice.NewPlanner(gen, house.Name, book.Version).WithSnapshots(func(v string) (map[string][]byte, error) {
		rv, err := db.FindRulesVersion(context.Background(), v)
		if err != nil {
			return nil, err
		}
		return rv.Files, nil
	})
	// The certification standards name drill kinds and levels, which only
	// the drill content knows: check them against it before serving.
	if err := house.CheckCertification(plan.Offers, len(plan.Levels())); err != nil {
		return nil, fmt.Errorf("server: %w", err)
	}
	s := &Server{
		db:      db,
		book:    book,
		house:   house,
		site:    cmp.Or(cfg.Site, trainer.FirstSiteID),
		catalog: catalog,
		pseudo:  cfg.PseudoLocale,
		log:     log,
		cookies: newCookieStore(cfg.SessionKey),
		static:  sub,
		etags:   etags,
		plan:    plan,
		gen:     gen,
		hashes:  lockout.NewGate(lockout.Slots),
		trusted: cfg.TrustedProxies,
		health:  cfg.Health,
	}
	if s.health == nil {
		s.health = NewHealth(db, log)
	}
	s.live = live.NewHub(db, s.liveLog)
	s.certs = &certs.Certs{DB: db, Book: book, House: house}
	s.flow = &practice.Flow{DB: db, Plan: plan, Certs: s.certs}
	s.drive = &class.Drive{DB: db, Plan: plan, House: house.Name}
	s.accounts = &account.Accounts{DB: db, Hashes: s.hashes}
	s.view = &view.Kiosk{Book: book, House: house, Plan: plan, Gen: gen}
	if house.Logo != nil {
		s.logoTag = logoTag(house.Logo.Data)
	}
	wait := cfg.FigureWait
	if wait <= 0 {
		wait = time.Second
	}
	s.figures = figure.New(book, house, wait, log)
	s.versions = approval.New(book, s.figures.Calc, log)
	s.handler = s.routes()
	return s, nil
}

// ServeHTTP serves a request.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.handler.ServeHTTP(w, r) }

// Warm builds what the first drill of each game builds once in a process
// (drills.Generator.Warm), so that neither the first trainee nor a live
// class's first question waits for it. The kiosk calls it in the
// background once it listens: at start it would slow the start itself.
func (s *Server) Warm() { s.gen.Warm(s.house.Name) }

// Close stops the background computations (the pay-table figures still
// being counted or simulated) and waits for them to return. Call it once the
// HTTP server has shut down; the Server serves no figure afterwards.
func (s *Server) Close() {
	s.live.Close()
	s.figures.Close()
}
