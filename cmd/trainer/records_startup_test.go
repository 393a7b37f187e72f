package main

import (
	"encoding/hex"
	"path/filepath"
	"testing"

	"github.com/dealerkiosk/trainer/internal/postgres"
	"github.com/dealerkiosk/trainer/internal/postgres/pgtest"
	"github.com/dealerkiosk/trainer/internal/sqlite"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// startupVersions checks the programme versions a kiosk's start recorded:
// one per game of the default house, none approved, recorded by the kiosk,
// each with its audit entry.
func startupVersions(t *testing.T, db trainer.Store) {
	t.Helper()
	vs, err := db.ListProgrammeVersions(t.Context(), "")
	if err != nil {
		t.Fatal(err)
	}
	games := map[string]bool{}
	for _, v := range vs {
		games[v.Game] = true
		if v.Number != 1 || v.Approved() || v.RecordedBy != 0 {
			t.Errorf("version %d of %s: approved %v, recorded by %d; want version 1, waiting for approval, recorded by the kiosk",
				v.Number, v.Game, v.Approved(), v.RecordedBy)
		}
	}
	if len(vs) != 4 || len(games) != 4 {
		t.Errorf("after the kiosk's starts: %d programme versions of %d games; want one of each of the house's 4 games", len(vs), len(games))
	}
	es, err := db.ListAudit(t.Context(), trainer.AuditFilter{Limit: 1000})
	if err != nil {
		t.Fatal(err)
	}
	recorded := 0
	for _, e := range es {
		if e.Action == trainer.AuditProgrammeRecorded {
			recorded++
		}
	}
	if recorded != 4 {
		t.Errorf("%d programme.recorded entries; want 4", recorded)
	}
}

// TestRecords_ProgrammesAtStartUp: a kiosk's start records each game's
// programme as its house's files hold it as a version waiting for approval,
// once: a second start records nothing new. On SQLite, and on PostgreSQL
// with two processes of a group.
func TestRecords_ProgrammesAtStartUp(t *testing.T) {
	t.Parallel()
	t.Run("sqlite", func(t *testing.T) {
		t.Parallel()
		path := filepath.Join(t.TempDir(), "kiosk.db")
		serveOnce(t, path)
		serveOnce(t, path)
		db, err := sqlite.OpenReadOnly(t.Context(), path)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		startupVersions(t, db)
	})
	t.Run("postgres", func(t *testing.T) {
		t.Parallel()
		url := pgtest.URL(t)
		raw := pgtest.Key()
		key := hex.EncodeToString(raw)
		getenv := func(k string) string {
			if k == "TRAINER_AUDIT_KEY" {
				return key
			}
			return ""
		}
		startGroupKiosk(t, getenv, url)
		startGroupKiosk(t, getenv, url)
		db, err := postgres.Open(t.Context(), url, raw)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		startupVersions(t, db)
	})
}
