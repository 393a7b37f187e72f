package main

import (
	"context"
	"database/sql"
	"encoding/hex"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/postgres"
	"github.com/dealerkiosk/trainer/internal/postgres/pgtest"
	"github.com/dealerkiosk/trainer/internal/server/servertest"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// TestLoad_Group is the group edition's load benchmark (docs/load.md). It
// runs only with TRAINER_LOAD=1: it takes minutes and the machine's cores.
// It measures the same load twice, on the built trainer binary over real
// HTTP: a group of five sites on one PostgreSQL (a cluster of its own), and
// one kiosk process on a SQLite file. 2,000 simulated trainees (400 a site,
// each site's practising one game) sign in with their PINs, then answer
// payout drills — fetch the question, post the answer, ask for the next —
// offered at TRAINER_LOAD_RATE answers a second (default 300; open loop:
// whichever trainee is free takes the next answer due) until
// TRAINER_LOAD_ANSWERS (default 6,000) are acknowledged; with
// TRAINER_LOAD_RATE=0, closed loop: TRAINER_LOAD_CONCURRENCY trainees
// (default 32) answer at once, as fast as the kiosks answer. It reports
// answers a second, the p50 and p99 latency of every request of the loop,
// the CPU time per answer of the kiosk processes and of PostgreSQL's
// processes (from /proc, before and after the timed part), and, on
// PostgreSQL, how often a write waited for an advisory lock (pg_locks,
// sampled every 10 ms; TRAINER_LOAD_LOCKS=0 leaves the sampling out, and
// its own queries' cost with it).
//
// Two probes more, for finding where the time goes: TRAINER_LOAD_PROFILE=DIR
// writes a CPU profile of each kiosk process's timed part to DIR
// (postgres-1.pprof …, sqlite-1.pprof; TRAINER_CPUPROFILE, profile_unix.go),
// and TRAINER_LOAD_PGSTAT=1 starts PostgreSQL with pg_stat_statements and
// logs, per answer, the statements each kind of query ran and their time in
// the server (the STATEMENTS lines), and the commits, WAL and rows written
// (the WRITES lines). TRAINER_LOAD_PGSQL runs its SQL on the group's
// database before the kiosks start: an experiment on the schema; and
// TRAINER_LOAD_PGSOCKET=1 connects the kiosks through PostgreSQL's Unix
// socket instead of TCP.
//
// A kiosk process serves one site (`serve -site`), so five sites take five
// processes at least: the group runs one process a site, the fewest the code
// allows (the three processes cannot serve five sites). The
// processes share the machine's two cores as three would.
// TRAINER_LOAD_PGPROCS_CORES=N sets GOMAXPROCS=N in each of the group's
// processes: how many cores each uses when several share a machine.
// TRAINER_LOAD_SITES=1 runs a group of one site on one process instead: the
// shape of the SQLite kiosk it is compared with, so that the difference is
// the store's alone, not five Go runtimes'.
//
//	TRAINER_LOAD=1 go test -run TestLoad_Group -timeout 30m -v ./cmd/trainer
func TestLoad_Group(t *testing.T) {
	if os.Getenv("TRAINER_LOAD") != "1" {
		t.Skip("the load benchmark runs with TRAINER_LOAD=1")
	}
	n := envInt(t, "TRAINER_LOAD_TRAINEES", 2000)
	rate := envInt(t, "TRAINER_LOAD_RATE", 300)
	concurrency := envInt(t, "TRAINER_LOAD_CONCURRENCY", 32)
	answers := envInt(t, "TRAINER_LOAD_ANSWERS", 6000)
	bin := trainerBinary(t)
	profiles := os.Getenv("TRAINER_LOAD_PROFILE")
	profileEnv := func(store string, i int) []string {
		if profiles == "" {
			return nil
		}
		return []string{"TRAINER_CPUPROFILE=" + filepath.Join(profiles, fmt.Sprintf("%s-%d.pprof", store, i+1))}
	}

	if loadSites = envInt(t, "TRAINER_LOAD_SITES", 5); loadSites < 1 {
		t.Fatal("TRAINER_LOAD_SITES: a group has one site at least")
	}
	t.Run(fmt.Sprintf("postgres-%d-sites", loadSites), func(t *testing.T) {
		pgstat := os.Getenv("TRAINER_LOAD_PGSTAT") == "1"
		var settings []string
		if pgstat {
			settings = []string{"shared_preload_libraries=pg_stat_statements", "pg_stat_statements.track_utility=on", "pg_stat_statements.track=all", "pg_stat_statements.track_planning=on"}
		}
		c := pgtest.NewCluster(t, settings...)
		key := pgtest.Key()
		ids, sites := createSiteTrainees(t, c.URL(), key, n, loadSites, "2468")
		if q := os.Getenv("TRAINER_LOAD_PGSQL"); q != "" {
			alterSchema(t, c.URL(), q)
		}
		// The kiosks reach PostgreSQL over TCP, as they would on a machine
		// of their own, or with TRAINER_LOAD_PGSOCKET=1 through its Unix
		// socket, as a group on one machine can.
		kioskURL := c.URL()
		if os.Getenv("TRAINER_LOAD_PGSOCKET") == "1" {
			kioskURL = fmt.Sprintf("postgres://postgres@/trainer?host=%s&port=%d&sslmode=disable", c.Dir, c.Port)
		}
		if conns := os.Getenv("TRAINER_LOAD_PGCONNS"); conns != "" {
			kioskURL += "&pool_max_conns=" + conns
		}
		procs := make([]*kioskProcess, loadSites)
		for i := range procs {
			env := append([]string{"TRAINER_AUDIT_KEY=" + hex.EncodeToString(key)}, profileEnv("postgres", i)...)
			if n := os.Getenv("TRAINER_LOAD_PGPROCS_CORES"); n != "" {
				env = append(env, "GOMAXPROCS="+n) // the cores each process of the group uses
			}
			procs[i] = &kioskProcess{bin: bin, db: kioskURL, env: env, args: []string{"-site", sites[i]}}
			procs[i].start(t)
			t.Cleanup(procs[i].stop)
		}
		p := probes{profiles: profiles != ""}
		if os.Getenv("TRAINER_LOAD_LOCKS") != "0" {
			p.locks = sampleLocks(t, c.URL())
		}
		if pgstat {
			p.stats = statementStats(t, c.URL())
		}
		runLoad(t, ids, procs, func(i int) int { return siteOf(i, n) }, rate, concurrency, answers,
			func() float64 { return clusterCPU(t, c.Dir) }, p)
	})
	t.Run("sqlite-1", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "trainer.db")
		ids := createTrainees(t, path, n, "2468")
		k := &kioskProcess{bin: bin, db: path, env: profileEnv("sqlite", 0)}
		k.start(t)
		t.Cleanup(k.stop)
		runLoad(t, ids, []*kioskProcess{k}, func(int) int { return 0 }, rate, concurrency, answers, nil, probes{profiles: profiles != ""})
	})
}

// alterSchema runs q on the group's database before its kiosks start: an
// experiment on the schema (TRAINER_LOAD_PGSQL, docs/load.md), such as a
// trigger or an index dropped to see what it costs. What q breaks is the
// experiment's to say; the benchmark checks only that answers are answered.
func alterSchema(t *testing.T, url, q string) {
	db, err := sql.Open("pgx", url)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.ExecContext(t.Context(), q); err != nil {
		t.Fatalf("TRAINER_LOAD_PGSQL: %v", err)
	}
	t.Logf("TRAINER_LOAD_PGSQL ran: %s", q)
}

// profileOf is the CPU profile file kiosk k writes (TRAINER_CPUPROFILE).
func profileOf(k *kioskProcess) string {
	for _, e := range k.env {
		if v, ok := strings.CutPrefix(e, "TRAINER_CPUPROFILE="); ok {
			return v
		}
	}
	return ""
}

// probes are what runLoad measures besides the CPU times and latencies.
type probes struct {
	locks    *lockSampler // PostgreSQL's advisory locks, or nil
	stats    *pgStats     // PostgreSQL's pg_stat_statements, or nil
	profiles bool         // the kiosks write CPU profiles of the timed part
}

// pgStats reads PostgreSQL's pg_stat_statements around the timed part.
type pgStats struct {
	t  *testing.T
	db *sql.DB
}

// statementStats makes the pg_stat_statements extension in the database
// at url (its server loaded the library).
func statementStats(t *testing.T, url string) *pgStats {
	db, err := sql.Open("pgx", url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if _, err := db.ExecContext(t.Context(), `CREATE EXTENSION IF NOT EXISTS pg_stat_statements`); err != nil {
		t.Fatal(err)
	}
	return &pgStats{t: t, db: db}
}

// reset forgets the statements run so far (the sign-ins), and the
// database's counts of transactions, WAL and rows written.
func (s *pgStats) reset() {
	if _, err := s.db.ExecContext(s.t.Context(), `SELECT pg_stat_statements_reset(), pg_stat_reset(), pg_stat_reset_shared('wal')`); err != nil {
		s.t.Fatal(err)
	}
}

// writes is what the database wrote since reset, per answer, in lines to
// log: its commits and rollbacks, its WAL (records, full pages, bytes), and
// the rows inserted and updated in each table written, with how many of the
// updates were HOT (no index touched). Each backend sends its counts at
// most once a second, at the end of a transaction: those of the second
// before reset come after it and those of the last second are missing,
// about as many, so the figures are near, not exact.
func (s *pgStats) writes(answers float64) []string {
	ctx := s.t.Context()
	var commits, rollbacks, walRecords, walFPI, walBytes float64
	if err := s.db.QueryRowContext(ctx, `SELECT d.xact_commit, d.xact_rollback, w.wal_records, w.wal_fpi, w.wal_bytes
		FROM pg_stat_database d, pg_stat_wal w WHERE d.datname = current_database()`).Scan(&commits, &rollbacks, &walRecords, &walFPI, &walBytes); err != nil {
		s.t.Fatal(err)
	}
	lines := []string{fmt.Sprintf("WRITES %.2f commits, %.2f rollbacks an answer; WAL %.1f records, %.2f full pages, %.0f bytes an answer",
		commits/answers, rollbacks/answers, walRecords/answers, walFPI/answers, walBytes/answers)}
	rows, err := s.db.QueryContext(ctx, `SELECT relname, n_tup_ins, n_tup_upd, n_tup_hot_upd, n_tup_del FROM pg_stat_user_tables
		WHERE n_tup_ins + n_tup_upd + n_tup_del > 0 ORDER BY relname`)
	if err != nil {
		s.t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var name string
		var ins, upd, hot, del float64
		if err := rows.Scan(&name, &ins, &upd, &hot, &del); err != nil {
			s.t.Fatal(err)
		}
		lines = append(lines, fmt.Sprintf("WRITES %-20s %.2f inserted, %.2f updated (%.2f HOT), %.2f deleted an answer",
			name, ins/answers, upd/answers, hot/answers, del/answers))
	}
	if err := rows.Err(); err != nil {
		s.t.Fatal(err)
	}
	return lines
}

// explainAnswer is PostgreSQL's plan of an answer's UPDATE (the statement
// of sqlstore.AnswerAttemptInSession, as it stands in pg_stat_statements)
// on a question still waiting, run with EXPLAIN (ANALYZE, BUFFERS) and
// rolled back, in lines to log: where its time goes, its trigger's among
// it.
func (s *pgStats) explainAnswer() []string {
	ctx := s.t.Context()
	var q string
	if err := s.db.QueryRowContext(ctx, `SELECT query FROM pg_stat_statements
		WHERE query LIKE 'UPDATE attempts SET answered_at%' ORDER BY calls DESC LIMIT 1`).Scan(&q); err != nil {
		return []string{fmt.Sprintf("EXPLAIN no answer's UPDATE found: %v", err)}
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		s.t.Fatal(err)
	}
	defer tx.Rollback()
	var id, userID int64
	if err := tx.QueryRowContext(ctx, `SELECT id, user_id FROM attempts WHERE answered_at IS NULL ORDER BY id DESC LIMIT 1`).Scan(&id, &userID); err != nil {
		return []string{fmt.Sprintf("EXPLAIN no question waiting: %v", err)}
	}
	// pg_stat_statements shows the statement's constants as parameters
	// after its own ten; NULL stands for them (they are coalesce's
	// defaults in RETURNING, and NOT EXISTS's SELECT 1).
	q = regexp.MustCompile(`\$(1[1-9]|[2-9][0-9])\b`).ReplaceAllString(q, "NULL")
	rows, err := tx.QueryContext(ctx, `EXPLAIN (ANALYZE, BUFFERS, VERBOSE OFF) `+q,
		time.Now().UTC(), "1", "1", 1, 1.0, "fast", 1500, nil, id, userID)
	if err != nil {
		return []string{fmt.Sprintf("EXPLAIN failed: %v", err)}
	}
	defer rows.Close()
	var lines []string
	for rows.Next() {
		var l string
		if err := rows.Scan(&l); err != nil {
			s.t.Fatal(err)
		}
		lines = append(lines, "EXPLAIN "+l)
	}
	return lines
}

// report is the statements run since reset, per answer, in lines to log:
// all of them, the transactions' BEGIN and COMMIT among them, and the most
// called, with the time each took in the server. The probes' own queries
// are left out.
func (s *pgStats) report(answers float64) []string {
	rows, err := s.db.QueryContext(s.t.Context(), `SELECT calls, plans, total_exec_time, total_plan_time, rows, query FROM pg_stat_statements
		WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
			AND query NOT LIKE '%pg_locks%' AND query NOT LIKE '%pg_stat_statements%'
		ORDER BY calls DESC, total_exec_time DESC`)
	if err != nil {
		s.t.Fatal(err)
	}
	defer rows.Close()
	var calls, plans, ms, planMS float64
	var lines []string
	for rows.Next() {
		var c, pl, r int64
		var total, planned float64
		var q string
		if err := rows.Scan(&c, &pl, &total, &planned, &r, &q); err != nil {
			s.t.Fatal(err)
		}
		calls, plans, ms, planMS = calls+float64(c), plans+float64(pl), ms+total, planMS+planned
		if len(lines) < 30 {
			q = strings.Join(strings.Fields(q), " ")
			if len(q) > 110 {
				q = q[:110] + "…"
			}
			lines = append(lines, fmt.Sprintf("STATEMENTS %6.2f/answer %7.3f ms/answer (%6.3f ms each, %5.2f rows; planned %.2f/answer, %.3f ms/answer) %s",
				float64(c)/answers, total/answers, total/float64(max(c, 1)), float64(r)/float64(max(c, 1)), float64(pl)/answers, planned/answers, q))
		}
	}
	if err := rows.Err(); err != nil {
		s.t.Fatal(err)
	}
	return append([]string{fmt.Sprintf("STATEMENTS in all: %.2f an answer, %.3f ms an answer in the server (pg_stat_statements); planned %.2f an answer, %.3f ms",
		calls/answers, ms/answers, plans/answers, planMS/answers)}, lines...)
}

// loadSites is the number of sites of the benchmark's group: 5, or
// TRAINER_LOAD_SITES (1 runs PostgreSQL in SQLite's shape, one process).
var loadSites = 5

// siteOf is the site (0 to loadSites-1) of the benchmark's trainee i of n:
// blocks of n/loadSites, in order.
func siteOf(i, n int) int { return min(i*loadSites/max(n, 1), loadSites-1) }

// createSiteTrainees makes a group of the given number of sites (the first,
// which every group has, and "Site 2" on, all playing the default house)
// and n trainees spread over them in blocks (siteOf), with one PIN. It
// returns the trainees' ids in order and the sites' names.
func createSiteTrainees(t *testing.T, url string, key []byte, n, sites int, pin string) ([]int64, []string) {
	t.Helper()
	db, err := postgres.Open(t.Context(), url, key)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	all, err := db.ListSites(t.Context())
	if err != nil || len(all) != 1 {
		t.Fatalf("a new group's sites = %v, %v; want one", all, err)
	}
	names := []string{all[0].Name}
	ids := []int64{all[0].ID}
	for i := 2; i <= sites; i++ {
		s := &trainer.Site{Name: fmt.Sprintf("Site %d", i), House: all[0].House}
		if err := db.CreateSite(t.Context(), s); err != nil {
			t.Fatal(err)
		}
		names, ids = append(names, s.Name), append(ids, s.ID)
	}
	hash, err := trainer.HashSecret(pin)
	if err != nil {
		t.Fatal(err)
	}
	var out []int64
	for i := range n {
		u := &trainer.User{Name: fmt.Sprintf("Trainee %04d", i+1), Role: trainer.RoleTrainee, SecretHash: hash, SiteID: ids[siteOf(i, n)]}
		if err := db.CreateUser(t.Context(), u); err != nil {
			t.Fatal(err)
		}
		out = append(out, u.ID)
	}
	return out, names
}

// lockSampler counts, while the load runs, the backends waiting for an
// advisory lock: the group's write lock, and any other (the finer locks).
type lockSampler struct {
	samples, busy         atomic.Int64 // samples; those with a backend waiting
	waitGlobal, waitOther atomic.Int64 // backends seen waiting, summed over samples
	maxWaiting            atomic.Int64
	stop                  func()
}

// sampleLocks starts sampling pg_locks every 10 ms on a connection of its
// own; the caller reads the counts after the timed part (report).
func sampleLocks(t *testing.T, url string) *lockSampler {
	db, err := sql.Open("pgx", url)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	ls := &lockSampler{}
	var wg sync.WaitGroup
	ls.stop = func() { cancel(); wg.Wait(); db.Close() }
	t.Cleanup(ls.stop)
	return ls.start(ctx, db, &wg)
}

func (ls *lockSampler) start(ctx context.Context, db *sql.DB, wg *sync.WaitGroup) *lockSampler {
	wg.Go(func() {
		tick := time.NewTicker(10 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-tick.C:
			}
			var global, other int64
			// The write lock is the two-number advisory lock whose first
			// number is writeLock ("TRNR"; objsubid 2 marks two numbers).
			err := db.QueryRowContext(ctx, `SELECT
				count(*) FILTER (WHERE classid = 1414680146 AND objsubid = 2),
				count(*) FILTER (WHERE NOT (classid = 1414680146 AND objsubid = 2))
				FROM pg_locks WHERE locktype = 'advisory' AND NOT granted`).Scan(&global, &other)
			if err != nil {
				continue // the load ended, or the sample was cut: not counted
			}
			ls.samples.Add(1)
			ls.waitGlobal.Add(global)
			ls.waitOther.Add(other)
			if global+other > 0 {
				ls.busy.Add(1)
			}
			if w := global + other; w > ls.maxWaiting.Load() {
				ls.maxWaiting.Store(w)
			}
		}
	})
	return ls
}

// reset starts the counts again (at the timed part).
func (ls *lockSampler) reset() {
	ls.samples.Store(0)
	ls.busy.Store(0)
	ls.waitGlobal.Store(0)
	ls.waitOther.Store(0)
	ls.maxWaiting.Store(0)
}

// report is the counts in a line.
func (ls *lockSampler) report() string {
	n := max(ls.samples.Load(), 1)
	return fmt.Sprintf("advisory locks, %d samples: a backend waiting in %.0f%% of them; waiting on average %.2f for the write lock, %.2f for finer locks (most at once %d)",
		ls.samples.Load(), float64(ls.busy.Load())*100/float64(n), float64(ls.waitGlobal.Load())/float64(n),
		float64(ls.waitOther.Load())/float64(n), ls.maxWaiting.Load())
}

func envInt(t *testing.T, name string, def int) int {
	v := os.Getenv(name)
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 {
		t.Fatalf("%s=%q: want a number, 0 or more", name, v)
	}
	return n
}

// runLoad signs the trainees in, trainee i at process procOf(i), has each
// answer once (the warm-up), then offers answers at rate a second until want
// are acknowledged, and logs the figures. dbCPU, if set, is the CPU seconds the database's own processes
// have used so far; p are the other measurements to take.
func runLoad(t *testing.T, ids []int64, procs []*kioskProcess, procOf func(int) int, rate, concurrency, want int, dbCPU func() float64, p probes) {
	gamesList := []string{"uth", "oracle", "thrill", "lunar", "uth"} // one a group
	// A trainee answers as an htmx tablet does: the answer and "Next", whose
	// reply is the next question. TRAINER_LOAD_RELOAD=1 fetches the
	// session's page before each answer too, as a tablet does after a
	// reload, which is how the figures in docs/load.md before 6 December
	// 2026 were taken.
	reload := os.Getenv("TRAINER_LOAD_RELOAD") == "1"
	transport := &http.Transport{MaxIdleConns: 512, MaxIdleConnsPerHost: 512}
	defer transport.CloseIdleConnections()
	trainees := make([]*servertest.Trainee, len(ids))
	for i, id := range ids {
		k := procs[procOf(i)]
		trainees[i] = servertest.NewTrainee(id, "2468", k.url, transport)
		trainees[i].Swap = !reload
		trainees[i].Game = gamesList[siteOf(i, len(ids))] // one game a site
	}
	start := time.Now()
	if err := eachTrainee(trainees, 16, func(tr *servertest.Trainee) error { return tr.SignIn(t.Context()) }); err != nil {
		t.Fatalf("sign-in: %v", err)
	}
	t.Logf("%d trainees signed in on %d process(es) in %v", len(ids), len(procs), time.Since(start).Round(time.Millisecond))

	// The warm-up, not timed: every trainee answers once, as many at a time
	// as in the timed part. A kiosk that has run a while has its
	// connections open, its statements prepared and each trainee's practice
	// session started; without it the timed part would count the growth of
	// each process's pool (new PostgreSQL backends, each preparing and
	// planning every statement afresh) and a session started for every
	// trainee, and the more processes, the more of it.
	// TRAINER_LOAD_WARMUP=0 leaves it out.
	if envInt(t, "TRAINER_LOAD_WARMUP", 1) > 0 {
		start = time.Now()
		err := eachTrainee(trainees, max(concurrency, 1), func(tr *servertest.Trainee) error {
			_, _, err := tr.Answer(t.Context(), games.Unit)
			return err
		})
		if err != nil {
			t.Fatalf("warm-up: %v", err)
		}
		t.Logf("warm-up: each trainee answered once, in %v", time.Since(start).Round(time.Millisecond))
	}
	var wg sync.WaitGroup

	var (
		mu  sync.Mutex
		lat []time.Duration
	)
	for _, tr := range trainees {
		tr.Observe = func(_ string, d time.Duration) {
			mu.Lock()
			lat = append(lat, d)
			mu.Unlock()
		}
	}
	kioskCPU := func() float64 {
		var s float64
		for _, k := range procs {
			s += procCPU(t, k.pid(), false)
		}
		return s
	}
	if p.locks != nil {
		p.locks.reset()
	}
	if p.stats != nil {
		p.stats.reset()
	}
	if p.profiles {
		for _, k := range procs {
			syscall.Kill(k.pid(), syscall.SIGUSR1) // start the CPU profile
		}
	}
	cpu0, db0 := kioskCPU(), 0.0
	if dbCPU != nil {
		db0 = dbCPU()
	}

	// Open loop: a token for each answer due, at rate a second; a free
	// trainee takes the next token.
	ctx, stop := context.WithCancel(t.Context())
	defer stop()
	// With rate 0, closed loop instead: concurrency trainees answer at
	// once, each taking the next as soon as its last is acknowledged,
	// which measures what the kiosks can take.
	tokens := make(chan struct{}, want+want/10)
	if rate == 0 {
		for range concurrency {
			tokens <- struct{}{}
		}
	} else {
		go func() {
			tick := time.NewTicker(time.Second / time.Duration(rate))
			defer tick.Stop()
			for range want + want/10 {
				select {
				case <-tick.C:
					tokens <- struct{}{}
				case <-ctx.Done():
					return
				}
			}
		}()
	}
	var acked, failures atomic.Int64
	t0 := time.Now()
	done := make(chan struct{})
	var once sync.Once
	for i, tr := range trainees {
		wg.Go(func() {
			for n := 1; ; n++ {
				select {
				case <-tokens:
				case <-ctx.Done():
					return
				}
				_, ok, err := tr.Answer(ctx, games.Money((i+n)%500+1)*games.Unit) // amounts a form takes
				if rate == 0 {
					tokens <- struct{}{} // the next trainee's turn
				}
				if err != nil && ctx.Err() == nil {
					// A timeout (30 s) is the kiosks falling behind the
					// offered rate: counted and shown. Anything else is a
					// wrong answer from them.
					if failures.Add(1) <= 3 {
						if servertest.IsNetError(err) {
							t.Logf("trainee %d: %v", tr.ID, err)
						} else {
							t.Errorf("trainee %d: %v", tr.ID, err)
						}
					}
				}
				if ok && acked.Add(1) == int64(want) {
					once.Do(func() { close(done) })
				}
			}
		})
	}
	select {
	case <-done:
	case <-time.After(10 * time.Minute):
		t.Errorf("only %d answers of %d after 10 minutes", acked.Load(), want)
	}
	elapsed := time.Since(t0)
	// The answers counted are those acknowledged when the CPU times are
	// read: the trainees' requests in flight go on until stop.
	got := float64(acked.Load())
	cpu1 := kioskCPU()
	db1 := 0.0
	if dbCPU != nil {
		db1 = dbCPU()
	}
	var statLines []string
	if p.stats != nil {
		statLines = p.stats.report(got)
		statLines = append(statLines, p.stats.writes(got)...)
		statLines = append(statLines, p.stats.explainAnswer()...)
	}
	if p.profiles {
		for _, k := range procs {
			syscall.Kill(k.pid(), syscall.SIGUSR2) // write the CPU profile
		}
	}
	var lockLine string
	if p.locks != nil {
		lockLine = p.locks.report()
	}
	stop()
	wg.Wait()
	if p.profiles {
		// Each kiosk writes its profile at SIGUSR2; wait for the file to
		// be whole (its size no longer changing) before the kiosk stops.
		for _, k := range procs {
			path := profileOf(k)
			var last int64 = -1
			for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
				st, err := os.Stat(path)
				if err == nil && st.Size() > 0 && st.Size() == last {
					break
				}
				if err == nil {
					last = st.Size()
				}
			}
		}
	}

	mu.Lock()
	slices.Sort(lat)
	pct := func(p float64) float64 {
		if len(lat) == 0 {
			return 0
		}
		return float64(lat[int(p*float64(len(lat)-1))].Microseconds()) / 1000
	}
	kioskMs := (cpu1 - cpu0) * 1000 / got
	dbMs := (db1 - db0) * 1000 / got
	offered := fmt.Sprintf("offered %d/s", rate)
	if rate == 0 {
		offered = fmt.Sprintf("closed loop, %d at once", concurrency)
	}
	t.Logf("RESULT %d process(es), %d trainees, %s: %.1f answers/s, p50 %.2f ms, p99 %.1f ms (%d requests, %d failed), CPU ms/answer: kiosk %.2f + database %.2f = %.2f",
		len(procs), len(ids), offered, got/elapsed.Seconds(), pct(0.50), pct(0.99), len(lat), failures.Load(), kioskMs, dbMs, kioskMs+dbMs)
	if lockLine != "" {
		t.Logf("LOCKS %s", lockLine)
	}
	mu.Unlock()
	for _, l := range statLines {
		t.Log(l)
	}
}

// eachTrainee runs do for every trainee, workers at a time, and returns one
// of the errors, if any.
func eachTrainee(trainees []*servertest.Trainee, workers int, do func(*servertest.Trainee) error) error {
	work := make(chan *servertest.Trainee)
	var wg sync.WaitGroup
	var failed atomic.Value
	for range workers {
		wg.Go(func() {
			for tr := range work {
				if err := do(tr); err != nil {
					failed.Store(err)
				}
			}
		})
	}
	for _, tr := range trainees {
		work <- tr
	}
	close(work)
	wg.Wait()
	err, _ := failed.Load().(error)
	return err
}

// clockTick is the kernel's USER_HZ, the unit of /proc's CPU times (100
// on Linux everywhere).
const clockTick = 100

// procCPU is the CPU seconds process pid has used (user and system), with
// those of its waited-for children when children is set.
func procCPU(t *testing.T, pid int, children bool) float64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		t.Fatalf("CPU of process %d: %v", pid, err)
	}
	f := statFields(string(b))
	ticks := f[11] + f[12] // utime, stime
	if children {
		ticks += f[13] + f[14] // cutime, cstime
	}
	return float64(ticks) / clockTick
}

// statFields are the numeric fields of /proc/PID/stat after the command's
// name, from field 3 (state, as 0) on: f[11] is field 14, utime.
func statFields(s string) []int64 {
	_, rest, _ := strings.Cut(s[strings.LastIndexByte(s, ')'):], " ")
	var out []int64
	for _, w := range strings.Fields(rest) {
		n, _ := strconv.ParseInt(w, 10, 64)
		out = append(out, n)
	}
	return out
}

// clusterCPU is the CPU seconds of a PostgreSQL cluster's processes: the
// postmaster with the backends that ended, and every live child (backends,
// checkpointer, WAL writer).
func clusterCPU(t *testing.T, dataDir string) float64 {
	b, err := os.ReadFile(filepath.Join(dataDir, "postmaster.pid"))
	if err != nil {
		t.Fatal(err)
	}
	first, _, _ := strings.Cut(string(b), "\n")
	pm, err := strconv.Atoi(strings.TrimSpace(first))
	if err != nil {
		t.Fatalf("postmaster.pid: %v", err)
	}
	total := procCPU(t, pm, true)
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
		if err != nil {
			continue // ended meanwhile
		}
		f := statFields(string(b))
		if len(f) > 14 && f[1] == int64(pm) { // f[1] is field 4, the parent
			total += float64(f[11]+f[12]) / clockTick
		}
	}
	return total
}
