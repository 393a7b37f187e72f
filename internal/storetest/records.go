package storetest

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/dealerkiosk/trainer/internal/records"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// The records a gaming regulator inspects (issue 24): the store keeps them,
// runs the domain's checks in its transactions and audits every change, on
// both databases.

var recordsPolicy = rulebook.Policy{Retakes: 2, RetakeWaitHours: 48, ValidityMonths: 12, DueDays: 30}

// recordsBody is a programme of uth with a three-item checklist.
func recordsBody(minimum int) trainer.ProgrammeBody {
	return trainer.ProgrammeBody{Game: "uth", MinimumHours: minimum, DrillKinds: []string{"payout"},
		Topics:    []trainer.ProgrammeTopic{{ID: "payouts", Hours: 8}},
		Checklist: []trainer.ProgrammeItem{{ID: "shuffle"}, {ID: "payouts"}, {ID: "protection"}},
		Standard:  json.RawMessage(`{"game":"uth"}`)}
}

// recordsSite is a kiosk with an administrator, a pit manager, a manager
// who is no signer and a dealer whose passed uth exam waits for its table
// test, and an approved programme of uth.
type recordsSite struct {
	db                      Store
	clock                   *clock
	admin, pit, mgr, dealer *trainer.User
	programme               *trainer.ProgrammeVersion
}

func newRecordsSite(t *testing.T, open Opener) *recordsSite {
	t.Helper()
	s := &recordsSite{db: open(t)}
	s.clock = newClock(s.db)
	s.admin = mustCreateUser(t, s.db, "Ada Admin", trainer.RoleAdministrator, "")
	s.pit = mustCreateUser(t, s.db, "Paolo Bianchi", trainer.RoleManager, "")
	s.mgr = mustCreateUser(t, s.db, "Mia Manager", trainer.RoleManager, "")
	s.dealer = mustCreateUser(t, s.db, "Dana Rossi", trainer.RoleTrainee, "")
	mustApprove(t, s.db, s.mgr, "v1")
	s.passExam(t)
	v, err := s.db.RecordProgrammeVersion(t.Context(), &trainer.ProgrammeVersion{Body: recordsBody(40)})
	if err != nil {
		t.Fatal(err)
	}
	if s.programme, err = s.db.ApproveProgrammeVersion(trainer.WithActor(t.Context(), s.admin), v.ID); err != nil {
		t.Fatal(err)
	}
	return s
}

func (s *recordsSite) passExam(t *testing.T) {
	t.Helper()
	ex := newExam(s.dealer, "uth", 1)
	if err := s.db.StartExam(t.Context(), ex, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := s.db.FinishExam(t.Context(), ex, true, json.RawMessage(`{}`)); err != nil {
		t.Fatal(err)
	}
}

// tableTest records a table test of the dealer signed by signer with
// results (pass, fail) per item.
func (s *recordsSite) tableTest(t *testing.T, signer *trainer.User, signature, notes string, results ...trainer.ItemResult) (*trainer.TableTest, error) {
	t.Helper()
	tt := &trainer.TableTest{Event: trainer.CertEvent{UserID: s.dealer.ID, Game: "uth", ActorID: signer.ID, Notes: notes}, Signature: signature}
	for i, r := range results {
		tt.Items = append(tt.Items, trainer.ChecklistResult{Item: s.programme.Body.Checklist[i].ID, Result: r})
	}
	return tt, s.db.RecordTableTest(trainer.WithActor(t.Context(), signer), tt, records.TableTestCheck(recordsPolicy))
}

func (s *recordsSite) authorisation(t *testing.T) records.Authorisation {
	t.Helper()
	rec, err := s.db.FindCertRecord(t.Context(), s.dealer.ID, "uth")
	if err != nil {
		t.Fatal(err)
	}
	return records.Authorise(rec, recordsPolicy, s.db.Clock())
}

// verifyClean fails the test when VerifyRecords finds any disagreement.
func verifyClean(t *testing.T, db Store) trainer.RecordsReport {
	t.Helper()
	rep, ms, err := db.VerifyRecords(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range ms {
		t.Errorf("VerifyRecords: %s", m.Text)
	}
	return rep
}

func testRecordsSigners(t *testing.T, open Opener) {
	t.Parallel()
	s := newRecordsSite(t, open)
	ctx := trainer.WithActor(t.Context(), s.admin)
	if _, err := s.db.SetTableTestSigner(trainer.WithActor(t.Context(), s.mgr), s.pit.ID, true); !errors.Is(err, trainer.ErrOnlyAdministrator) {
		t.Errorf("a manager marking a signer: %v; want ErrOnlyAdministrator", err)
	}
	if _, err := s.db.SetTableTestSigner(ctx, s.dealer.ID, true); trainer.KindOf(err) != trainer.KindInvalid ||
		!strings.Contains(err.Error(), "Dana Rossi cannot sign table tests") {
		t.Errorf("marking a dealer: %v; want refused by name", err)
	}
	sg, err := s.db.SetTableTestSigner(ctx, s.pit.ID, true)
	if err != nil {
		t.Fatal(err)
	}
	if sg.UserID != s.pit.ID || sg.Name != "Paolo Bianchi" || sg.AllowedBy != s.admin.ID || sg.AllowedByName != "Ada Admin" {
		t.Errorf("mark = %+v; want Paolo marked by Ada", sg)
	}
	if again, err := s.db.SetTableTestSigner(ctx, s.pit.ID, true); err != nil || !again.AllowedAt.Equal(sg.AllowedAt) {
		t.Errorf("marking twice = %+v, %v; want the first mark kept", again, err)
	}
	if _, err := s.db.SetTableTestSigner(ctx, s.mgr.ID, true); err != nil {
		t.Fatal(err)
	}
	if sg, err := s.db.SetTableTestSigner(ctx, s.mgr.ID, false); err != nil || sg != nil {
		t.Errorf("withdrawing = %+v, %v; want no mark", sg, err)
	}
	list, err := s.db.ListTableTestSigners(t.Context())
	if err != nil || len(list) != 1 || list[0].UserID != s.pit.ID {
		t.Errorf("signers = %+v (%v); want Paolo only", list, err)
	}
	es, _ := s.db.ListAudit(t.Context(), trainer.AuditFilter{SubjectPrefix: trainer.UserSubject(s.mgr.ID), Limit: 2})
	if len(es) != 2 || es[0].Action != trainer.AuditSignerWithdrawn || es[1].Action != trainer.AuditSignerAllowed || es[0].Actor != "Ada Admin" {
		t.Errorf("audit of Mia's mark: %+v; want allowed then withdrawn, by Ada", es)
	}
	rep := verifyClean(t, s.db)
	if rep.Records.Signers != 1 || rep.Records.Programmes != 1 {
		t.Errorf("VerifyRecords compared %+v; want 1 signer and 1 programme", rep.Records)
	}
}

func testRecordsTableTest(t *testing.T, open Opener) {
	t.Parallel()
	s := newRecordsSite(t, open)
	const pass, fail = trainer.ItemPass, trainer.ItemFail

	// Signed by someone no administrator marked: refused, with the reason.
	_, err := s.tableTest(t, s.pit, "Paolo Bianchi", "", pass, pass, pass)
	if err == nil || err.Error() != "Paolo Bianchi may not sign table tests: an administrator marks who may." {
		t.Fatalf("an unmarked signer: %v; want refused by name", err)
	}
	if _, err := s.db.SetTableTestSigner(trainer.WithActor(t.Context(), s.admin), s.pit.ID, true); err != nil {
		t.Fatal(err)
	}
	if _, err := s.tableTest(t, s.pit, "P.B.", "", pass, pass, pass); trainer.KindOf(err) != trainer.KindInvalid {
		t.Errorf("initials: %v; want refused", err)
	}
	if tests, _ := s.db.ListTableTests(t.Context(), s.dealer.ID, "uth"); len(tests) != 0 {
		t.Fatalf("refused table tests left %d records", len(tests))
	}

	// A fail names its items; the next sitting shows them.
	failed, err := s.tableTest(t, s.pit, "paolo bianchi", "Slow on the Trips payouts.", pass, fail, pass)
	if err != nil {
		t.Fatal(err)
	}
	if failed.Event.Kind != trainer.EventTableFail || failed.Retest {
		t.Errorf("failed table test: %+v; want a fail of a sitting", failed)
	}
	tests, err := s.db.ListTableTests(t.Context(), s.dealer.ID, "uth")
	if err != nil || len(tests) != 1 || tests[0].Signature != "paolo bianchi" || tests[0].ProgrammeID != s.programme.ID || tests[0].Event.Actor != "Paolo Bianchi" {
		t.Fatalf("table tests = %+v (%v); want the fail with its sheet", tests, err)
	}
	if got := records.NextSitting(tests, "uth", s.programme).Failed; len(got) != 1 || got[0] != "payouts" {
		t.Errorf("next sitting shows %v; want payouts", got)
	}

	// The pass grants the authorisation.
	s.clock.Advance(time.Hour)
	if _, err := s.tableTest(t, s.pit, "Paolo Bianchi", "", pass, pass, pass); err != nil {
		t.Fatal(err)
	}
	if a := s.authorisation(t); !a.MayDeal || a.Grant == nil || a.Grant.Actor != "Paolo Bianchi" {
		t.Fatalf("after the pass: %+v; want authorised, signed by Paolo", a)
	}

	// A re-test of the dealer in force: a pass grants nothing, a fail ends
	// the authorisation, with its revocation recorded at once.
	s.clock.Advance(30 * 24 * time.Hour)
	re, err := s.tableTest(t, s.pit, "Paolo Bianchi", "", pass, pass, pass)
	if err != nil || !re.Retest {
		t.Fatalf("re-test pass: %+v, %v; want a re-test", re, err)
	}
	s.clock.Advance(24 * time.Hour)
	re, err = s.tableTest(t, s.pit, "Paolo Bianchi", "Exposed the hole cards twice.", pass, pass, fail)
	if err != nil || !re.EndsAuthorisation || re.Revocation == nil || re.Revocation.RefID != re.Event.ID {
		t.Fatalf("re-test fail: %+v, %v; want the authorisation ended", re, err)
	}
	if a := s.authorisation(t); a.MayDeal || a.Ending != records.EndRetest {
		t.Errorf("after the failed re-test: %+v; want ended by it", a)
	}
	es, _ := s.db.ListAudit(t.Context(), trainer.AuditFilter{SubjectPrefix: trainer.CertSubject(s.dealer.ID, "uth"), Limit: 4})
	if es[1].Action != trainer.AuditRevoked || es[2].Action != trainer.AuditTableTest || !strings.Contains(es[2].Detail, `"retest":true`) {
		t.Errorf("audit after the re-test fail: %s, %s, %s", es[0].Action, es[1].Action, es[2].Action)
	}
	rep := verifyClean(t, s.db)
	if rep.Records.TableTests != 4 {
		t.Errorf("VerifyRecords compared %d table tests; want 4", rep.Records.TableTests)
	}
	if _, err := s.tableTest(t, s.pit, "Paolo Bianchi", "", pass, pass, pass); !errors.Is(err, records.ErrNothingToTest) {
		t.Errorf("a table test after the end: %v; want nothing to test", err)
	}
}

func testRecordsProgrammeVersions(t *testing.T, open Opener) {
	t.Parallel()
	s := newRecordsSite(t, open)
	same, err := s.db.RecordProgrammeVersion(t.Context(), &trainer.ProgrammeVersion{Body: recordsBody(40)})
	if err != nil || same.ID != s.programme.ID || !same.Approved() {
		t.Errorf("the same content again = %+v, %v; want version 1, approved", same, err)
	}
	v2, err := s.db.RecordProgrammeVersion(t.Context(), &trainer.ProgrammeVersion{Body: recordsBody(60)})
	if err != nil || v2.Number != 2 || v2.Approved() || v2.Digest == s.programme.Digest {
		t.Fatalf("a changed content = %+v, %v; want version 2 waiting for approval", v2, err)
	}
	if _, err := s.db.ApproveProgrammeVersion(trainer.WithActor(t.Context(), s.pit), v2.ID); !errors.Is(err, trainer.ErrOnlyAdministrator) {
		t.Errorf("a manager approving: %v; want ErrOnlyAdministrator", err)
	}
	got, err := s.db.ApproveProgrammeVersion(trainer.WithActor(t.Context(), s.admin), v2.ID)
	if err != nil || !got.Approved() || got.ApprovedByName != "Ada Admin" || got.Body.MinimumHours != 60 {
		t.Errorf("approved = %+v, %v", got, err)
	}
	if _, err := s.db.ApproveProgrammeVersion(trainer.WithActor(t.Context(), s.admin), v2.ID); !errors.Is(err, trainer.ErrProgrammeApproved) {
		t.Errorf("approving twice: %v; want ErrProgrammeApproved", err)
	}
	if _, err := s.db.ApproveProgrammeVersion(t.Context(), 999); !errors.Is(err, trainer.ErrProgrammeNotFound) {
		t.Errorf("approving nothing: %v; want ErrProgrammeNotFound", err)
	}
	vs, err := s.db.ListProgrammeVersions(t.Context(), "uth")
	if err != nil || len(vs) != 2 {
		t.Errorf("versions = %d (%v); want 2", len(vs), err)
	}
	if rep := verifyClean(t, s.db); rep.Records.Programmes != 2 {
		t.Errorf("VerifyRecords compared %d programme versions; want 2", rep.Records.Programmes)
	}
}

func testRecordsHours(t *testing.T, open Opener) {
	t.Parallel()
	s := newRecordsSite(t, open)
	// Two practice answers: one of 4.2 s, one left on the tablet for two
	// hours, capped at three times its 12 s target.
	ps := mustStart(t, s.db, s.dealer, 2)
	for _, elapsed := range []time.Duration{4200 * time.Millisecond, 2 * time.Hour} {
		a := mustServe(t, s.db, ps, uint64(elapsed))
		g := grade(true)
		g.Elapsed = elapsed
		if _, err := s.db.AnswerAttempt(t.Context(), a.ID, s.dealer.ID, s.db.Clock(), g); err != nil {
			t.Fatal(err)
		}
	}
	ms, err := s.db.MeasuredTime(t.Context(), s.dealer.ID)
	if err != nil {
		t.Fatal(err)
	}
	want := records.Capped(4200*time.Millisecond, 12) + records.Capped(2*time.Hour, 12)
	var practice *trainer.MeasuredTime
	for i := range ms {
		if ms[i].Mode == trainer.ModePractice {
			practice = &ms[i]
		}
	}
	if practice == nil || practice.Capped != want || practice.Answers != 2 || practice.Raw != 2*time.Hour+4200*time.Millisecond {
		t.Errorf("measured = %+v; want 2 answers, %v counted (capped at idle)", ms, want)
	}
	for _, m := range ms {
		if m.Mode == trainer.ModeExam {
			t.Errorf("the exam counted: %+v", m)
		}
	}

	h := &trainer.TableHours{UserID: s.dealer.ID, Game: "uth", Day: time.Date(2026, 11, 21, 0, 0, 0, 0, time.UTC), Table: "UTH 3", Minutes: 90, Note: "Dealt the late shift with Paolo."}
	if err := s.db.EnterTableHours(trainer.WithActor(t.Context(), s.dealer), h); !errors.Is(err, trainer.ErrOwnRecords) {
		t.Errorf("a dealer entering their own hours: %v; want ErrOwnRecords", err)
	}
	bad := *h
	bad.Minutes = 0
	if err := s.db.EnterTableHours(trainer.WithActor(t.Context(), s.pit), &bad); !errors.Is(err, trainer.ErrHoursMinutes) {
		t.Errorf("0 minutes: %v; want ErrHoursMinutes", err)
	}
	if err := s.db.EnterTableHours(trainer.WithActor(t.Context(), s.pit), h); err != nil {
		t.Fatal(err)
	}
	hs, err := s.db.ListTableHours(t.Context(), s.dealer.ID)
	if err != nil || len(hs) != 1 || hs[0].EnteredByName != "Paolo Bianchi" || hs[0].Minutes != 90 || !hs[0].Day.Equal(h.Day) {
		t.Fatalf("table hours = %+v (%v)", hs, err)
	}
	p := records.HoursIn("uth", 2, ms, hs)
	if p.Entered != 90*time.Minute || p.Measured != want {
		t.Errorf("progress = %+v", p)
	}
	if rep := verifyClean(t, s.db); rep.Records.Hours != 1 {
		t.Errorf("VerifyRecords compared %d hours; want 1", rep.Records.Hours)
	}
}

func testRecordsRetention(t *testing.T, open Opener) {
	t.Parallel()
	s := newRecordsSite(t, open)
	ctx := trainer.WithActor(t.Context(), s.pit)
	h := &trainer.TableHours{UserID: s.dealer.ID, Game: "uth", Day: time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC), Table: "UTH 1", Minutes: 60}
	if err := s.db.EnterTableHours(ctx, h); err != nil {
		t.Fatal(err)
	}
	c := &trainer.TopicCompletion{UserID: s.dealer.ID, Topic: "cpr", Day: time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC), Evidence: "Red Cross certificate 4411"}
	if err := s.db.RecordTopicCompletion(ctx, c); err != nil {
		t.Fatal(err)
	}
	cs, err := s.db.ListTopicCompletions(t.Context(), s.dealer.ID)
	if err != nil || len(cs) != 1 || cs[0].Actor != "Paolo Bianchi" || cs[0].Evidence != c.Evidence {
		t.Fatalf("topic completions = %+v (%v)", cs, err)
	}
	check := records.RetentionCheck(&rulebook.Records{FreshnessYears: 5, RetentionYears: 7})
	admin := trainer.WithActor(t.Context(), s.admin)
	if err := s.db.DeleteRecord(ctx, trainer.RecordTableHours, h.ID, "entered twice", check); !errors.Is(err, trainer.ErrOnlyAdministrator) {
		t.Errorf("a manager deleting: %v; want ErrOnlyAdministrator", err)
	}
	if err := s.db.DeleteRecord(admin, trainer.RecordTableHours, h.ID, "", check); !errors.Is(err, trainer.ErrDeleteReason) {
		t.Errorf("no reason: %v; want ErrDeleteReason", err)
	}
	err = s.db.DeleteRecord(admin, trainer.RecordTableHours, h.ID, "entered twice", check)
	if trainer.KindOf(err) != trainer.KindForbidden || !strings.Contains(err.Error(), "may be deleted from 2033-11-22 on") {
		t.Errorf("deleting inside the period: %v; want refused with the day", err)
	}
	es, _ := s.db.ListAudit(t.Context(), trainer.AuditFilter{Limit: 1})
	if es[0].Action != trainer.AuditRecordDeleteRefused || !strings.Contains(es[0].Detail, "entered twice") {
		t.Errorf("the refusal's audit entry: %s %s", es[0].Action, es[0].Detail)
	}
	if err := s.db.DeleteRecord(admin, trainer.RecordTopicCompletion, c.ID, "old", check); !errors.Is(err, records.ErrKeptPermanently) {
		t.Errorf("deleting a completion: %v; want kept permanently", err)
	}
	// Deactivating the dealer keeps every record.
	if err := s.db.SetUserActive(admin, s.dealer.ID, false); err != nil {
		t.Fatal(err)
	}
	if hs, _ := s.db.ListTableHours(t.Context(), s.dealer.ID); len(hs) != 1 {
		t.Errorf("after deactivation: %d hours; want 1", len(hs))
	}
	s.clock.Advance(7*366*24*time.Hour + time.Hour)
	if err := s.db.DeleteRecord(admin, trainer.RecordTableHours, h.ID, "past the retention period", check); err != nil {
		t.Fatalf("deleting after the period: %v", err)
	}
	if hs, _ := s.db.ListTableHours(t.Context(), s.dealer.ID); len(hs) != 0 {
		t.Errorf("after the deletion: %d hours; want none", len(hs))
	}
	if err := s.db.DeleteRecord(admin, trainer.RecordTableHours, h.ID, "again", check); !errors.Is(err, trainer.ErrRecordNotFound) {
		t.Errorf("deleting twice: %v; want ErrRecordNotFound", err)
	}
	if rep := verifyClean(t, s.db); rep.Records.Topics != 1 || rep.Records.Hours != 0 {
		t.Errorf("VerifyRecords compared %+v; want 1 topic, no hours", rep.Records)
	}
}

func testRecordsFileCode(t *testing.T, open Opener) {
	t.Parallel()
	s := newRecordsSite(t, open)
	ctx := trainer.WithActor(t.Context(), s.pit)
	h := &trainer.TableHours{UserID: s.dealer.ID, Game: "uth", Day: time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC), Table: "UTH 1", Minutes: 60}
	if err := s.db.EnterTableHours(ctx, h); err != nil {
		t.Fatal(err)
	}
	code, err := s.db.DealerFileCode(t.Context(), s.dealer.ID)
	if err != nil {
		t.Fatal(err)
	}
	if parsed, err := trainer.ParseFileCode(strings.ToLower(code.String())); err != nil || parsed != code {
		t.Errorf("ParseFileCode(%q) = %v, %v", code, parsed, err)
	}
	c, err := s.db.CheckFileCode(t.Context(), code)
	if err != nil {
		t.Fatal(err)
	}
	// The dealer's entries: the exam's start and end, and the hours.
	if !c.OK() || c.Entries != 4 || c.Later != 0 || c.User.Name != "Dana Rossi" {
		t.Errorf("check = %+v; want OK over Dana's 4 entries", c)
	}
	// Another entry about the dealer: the code still vouches for the file
	// as printed, and says it has changed since.
	if err := s.db.RecordTopicCompletion(ctx, &trainer.TopicCompletion{UserID: s.dealer.ID, Topic: "cpr", Day: h.Day, Evidence: "Red Cross 4411"}); err != nil {
		t.Fatal(err)
	}
	if c, err := s.db.CheckFileCode(t.Context(), code); err != nil || !c.OK() || c.Later != 1 {
		t.Errorf("after another entry: %+v, %v; want OK, one entry later", c, err)
	}
	if now, _ := s.db.DealerFileCode(t.Context(), s.dealer.ID); now == code {
		t.Error("the code did not change with the dealer's records")
	}
	forged := code
	forged.Digest = "AAAAAAAA"
	if c, err := s.db.CheckFileCode(t.Context(), forged); err != nil || c.OK() || c.DigestOK || !c.Found {
		t.Errorf("a wrong digest: %+v, %v; want found, the digest refused", c, err)
	}
	other := code
	other.UserID = s.pit.ID
	if c, err := s.db.CheckFileCode(t.Context(), other); err != nil || c.OK() || c.Found {
		t.Errorf("another user's code: %+v, %v; want not found", c, err)
	}
	nobody := code
	nobody.UserID = 999
	if c, err := s.db.CheckFileCode(t.Context(), nobody); err != nil || c.User != nil || c.OK() {
		t.Errorf("nobody's code: %+v, %v", c, err)
	}
}

// testRecordsStrikeHours: entered hours struck out with a reason stay
// listed, struck (who, when, why), count nothing towards the minimum, and
// are audited once; a strike without a reason, of one's own hours, or of
// hours struck already is refused and records nothing.
func testRecordsStrikeHours(t *testing.T, open Opener) {
	t.Parallel()
	s := newRecordsSite(t, open)
	pit := trainer.WithActor(t.Context(), s.pit)
	h := &trainer.TableHours{UserID: s.dealer.ID, Game: "uth", Day: time.Date(2026, 11, 21, 0, 0, 0, 0, time.UTC), Table: "UTH 3", Minutes: 90}
	if err := s.db.EnterTableHours(pit, h); err != nil {
		t.Fatal(err)
	}
	if _, err := s.db.StrikeTableHours(pit, s.dealer.ID, h.ID, "  "); !errors.Is(err, trainer.ErrStrikeReason) {
		t.Errorf("a strike without a reason: %v; want ErrStrikeReason", err)
	}
	if _, err := s.db.StrikeTableHours(trainer.WithActor(t.Context(), s.dealer), s.dealer.ID, h.ID, "mine"); !errors.Is(err, trainer.ErrOwnRecords) {
		t.Errorf("a dealer striking their own hours: %v; want ErrOwnRecords", err)
	}
	if _, err := s.db.StrikeTableHours(pit, s.dealer.ID, h.ID+100, "entered twice"); !errors.Is(err, trainer.ErrRecordNotFound) {
		t.Errorf("striking hours that do not exist: %v; want ErrRecordNotFound", err)
	}
	if _, err := s.db.StrikeTableHours(pit, s.pit.ID, h.ID, "entered twice"); !errors.Is(err, trainer.ErrRecordNotFound) {
		t.Errorf("striking the hours under another user: %v; want ErrRecordNotFound", err)
	}
	s.clock.Advance(time.Hour)
	got, err := s.db.StrikeTableHours(trainer.WithActor(t.Context(), s.mgr), s.dealer.ID, h.ID, "Entered twice: the shift was one.")
	if err != nil {
		t.Fatal(err)
	}
	if got.Struck == nil || got.Struck.Actor != "Mia Manager" || got.Struck.ActorID != s.mgr.ID ||
		got.Struck.Reason != "Entered twice: the shift was one." || !got.Struck.At.Equal(s.db.Clock()) {
		t.Errorf("struck = %+v; want struck by Mia Manager now with the reason", got.Struck)
	}
	if _, err := s.db.StrikeTableHours(pit, s.dealer.ID, h.ID, "again"); !errors.Is(err, trainer.ErrHoursStruck) {
		t.Errorf("striking again: %v; want ErrHoursStruck", err)
	}
	hs, err := s.db.ListTableHours(t.Context(), s.dealer.ID)
	if err != nil || len(hs) != 1 || hs[0].Struck == nil || hs[0].Minutes != 90 {
		t.Fatalf("after the strike the hours are %+v (%v); want the entry kept, struck", hs, err)
	}
	if p := records.HoursIn("uth", 2, nil, hs); p.Entered != 0 {
		t.Errorf("struck hours count %v", p.Entered)
	}
	es, err := s.db.ListAudit(t.Context(), trainer.AuditFilter{Limit: 100})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range es {
		if e.Action == trainer.AuditHoursStruck {
			n++
		}
	}
	if n != 1 {
		t.Errorf("%d hours.struck entries; want 1", n)
	}
	if rep := verifyClean(t, s.db); rep.Records.Hours != 1 {
		t.Errorf("VerifyRecords compared %d hours; want 1", rep.Records.Hours)
	}
}

// testRecordsTopicCompletion: an instructor records a dealer's topic
// outside the games with its day and evidence, audited; the dealer's own,
// a day to come and no evidence are refused and record nothing.
func testRecordsTopicCompletion(t *testing.T, open Opener) {
	t.Parallel()
	s := newRecordsSite(t, open)
	day := time.Date(2026, 11, 2, 0, 0, 0, 0, time.UTC)
	c := &trainer.TopicCompletion{UserID: s.dealer.ID, Topic: "cpr", Day: day, Evidence: "Red Cross certificate 4471"}
	if err := s.db.RecordTopicCompletion(trainer.WithActor(t.Context(), s.dealer), c); !errors.Is(err, trainer.ErrOwnRecords) {
		t.Errorf("a dealer recording their own topic: %v; want ErrOwnRecords", err)
	}
	bad := *c
	bad.Evidence = ""
	if err := s.db.RecordTopicCompletion(trainer.WithActor(t.Context(), s.pit), &bad); trainer.KindOf(err) != trainer.KindInvalid {
		t.Errorf("no evidence: %v; want KindInvalid", err)
	}
	if err := s.db.RecordTopicCompletion(trainer.WithActor(t.Context(), s.pit), c); err != nil {
		t.Fatal(err)
	}
	cs, err := s.db.ListTopicCompletions(t.Context(), s.dealer.ID)
	if err != nil || len(cs) != 1 || cs[0].Actor != "Paolo Bianchi" || !cs[0].Day.Equal(day) || cs[0].Evidence != c.Evidence {
		t.Fatalf("topic completions = %+v (%v)", cs, err)
	}
	if rep := verifyClean(t, s.db); rep.Records.Topics != 1 {
		t.Errorf("VerifyRecords compared %d topic completions; want 1", rep.Records.Topics)
	}
}
