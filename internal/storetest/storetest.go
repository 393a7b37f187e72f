// Package storetest is the conformance suite of the kiosk's stores: the
// behaviour the server relies on, written once against trainer.Store and run
// against every store (internal/sqlite always, internal/postgres when a
// database is given), so that the two cannot drift apart. Tests of one
// technology's internals (SQLite's pragmas, its backup, a row changed behind
// the kiosk's back) stay in that store's package.
package storetest

import (
	"sync/atomic"
	"testing"
	"time"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

// Store is a store under test: every service, and a clock the test sets.
type Store interface {
	trainer.Store
	// SetNow replaces the time source of the store's transactions.
	SetNow(now func() time.Time)
}

// Opener returns a new, empty, migrated store for one test, closed when the
// test ends. Each call gives a store no other test sees.
type Opener func(t *testing.T) Store

// Run runs the whole suite against the stores open returns, each test in
// parallel on a store of its own.
func Run(t *testing.T, open Opener) {
	tests := []struct {
		name string
		test func(*testing.T, Opener)
	}{
		{"AnswerAttempt_SessionEnded", testAnswerAttempt_SessionEnded},
		{"StartPracticeSession", testStartPracticeSession},
		{"ServeAttempt", testServeAttempt},
		{"AttemptLanguage", testAttemptLanguage},
		{"AnswerAttempt", testAnswerAttempt},
		{"ReviewMistakes", testReviewMistakes},
		{"FindPracticeSessionLast", testFindPracticeSessionLast},
		{"StartExam", testStartExam},
		{"FinishExam", testFinishExam},
		{"RecordCertEvent", testRecordCertEvent},
		{"CertRecordRefresher", testCertRecordRefresher},
		{"RulesVersions", testRulesVersions},
		{"Session", testSession},
		{"ReserveSigninAttempt_Left", testReserveSigninAttempt_Left},
		{"UpdateUser", testUpdateUser},
		{"CreateUser", testCreateUser},
		{"CreateFirstAdministrator", testCreateFirstAdministrator},
		{"FindUser_ErrNotFound", testFindUser_ErrNotFound},
		{"ListUsers", testListUsers},
		{"SetUserActive", testSetUserActive},
		{"SetUserSecret", testSetUserSecret},
		{"SetUserLanguage", testSetUserLanguage},
		{"CreateUser_Lookalike", testCreateUser_Lookalike},
		{"ReserveSigninAttempt", testReserveSigninAttempt},
		{"Unlock", testUnlock},
		{"Settings", testSettings},
		{"AuditUserChanges", testAuditUserChanges},
		{"MissedSkills", testMissedSkills},
		{"Glance", testGlance},
		{"ListAuditSubject", testListAuditSubject},
		{"Sites", testSites},
		{"SiteWithAdministrator", testSiteWithAdministrator},
		{"RenameSite", testRenameSite},
		{"CreateClass", testCreateClass},
		{"UpdateClass", testUpdateClass},
		{"ClassLists", testClassLists},
		{"ImportClassRoster", testImportClassRoster},
		{"ClassLive", testClassLive},
		{"ClassAnswers_Exams", testClassAnswers_Exams},
		{"ClassAnswers_Concurrent", testClassAnswers_Concurrent},
		{"RecordsSigners", testRecordsSigners},
		{"RecordsTableTest", testRecordsTableTest},
		{"RecordsProgrammeVersions", testRecordsProgrammeVersions},
		{"RecordsHours", testRecordsHours},
		{"RecordsRetention", testRecordsRetention},
		{"RecordsFileCode", testRecordsFileCode},
		{"RecordsStrikeHours", testRecordsStrikeHours},
		{"RecordsTopicCompletion", testRecordsTopicCompletion},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { tt.test(t, open) })
	}
}

// clock is a settable time source for a store.
type clock struct{ ns atomic.Int64 }

func newClock(db Store) *clock {
	c := &clock{}
	c.ns.Store(time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC).UnixNano())
	db.SetNow(c.Now)
	return c
}

func (c *clock) Now() time.Time          { return time.Unix(0, c.ns.Load()).UTC() }
func (c *clock) Advance(d time.Duration) { c.ns.Add(int64(d)) }

// mustCreateUser stores a user with a cheap placeholder hash (the store does
// not look inside it) and returns it.
func mustCreateUser(tb testing.TB, db Store, name string, role trainer.Role, badge string) *trainer.User {
	tb.Helper()
	u := &trainer.User{Name: name, Role: role, Badge: badge, SecretHash: "$test$" + name}
	if err := db.CreateUser(tb.Context(), u); err != nil {
		tb.Fatalf("CreateUser(%q): %v", name, err)
	}
	return u
}
