package records_test

import (
	"errors"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/dealerkiosk/trainer/content/rules"
	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/records"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// policy is the shipped policy: three sittings per cycle, 48 hours apart,
// a certificate for 12 months, due in its last 30 days.
var policy = rulebook.Policy{Retakes: 2, RetakeWaitHours: 48, ValidityMonths: 12, DueDays: 30}

var t0 = time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)

func day(d int) time.Time { return t0.AddDate(0, 0, d) }

const dealerID, pitID = 7, 3

var (
	dealer = &trainer.User{ID: dealerID, Name: "Dana Rossi", Role: trainer.RoleTrainee, Active: true}
	pit    = &trainer.User{ID: pitID, Name: "Paolo Bianchi", Role: trainer.RoleManager, Active: true}
)

// approved is an approved version of a programme with a three-item checklist.
func approved() *trainer.ProgrammeVersion {
	return &trainer.ProgrammeVersion{ID: 11, Game: "uth", Number: 1, ApprovedAt: t0, ApprovedBy: 1,
		Body: trainer.ProgrammeBody{Game: "uth", Checklist: []trainer.ProgrammeItem{{ID: "shuffle"}, {ID: "payouts"}, {ID: "protection"}}}}
}

func ev(id int64, k trainer.CertEventKind, d int) trainer.CertEvent {
	return trainer.CertEvent{ID: id, UserID: dealerID, Game: "uth", Kind: k, At: day(d), ActorID: pitID}
}

// examPassed is a record whose passed exam waits for its table test.
func examPassed() trainer.CertRecord {
	return trainer.CertRecord{UserID: dealerID, Game: "uth", Events: []trainer.CertEvent{ev(1, trainer.EventExamPassed, 0)}}
}

// granted is a record authorised to deal since day 1.
func granted() trainer.CertRecord {
	r := examPassed()
	r.Events = append(r.Events, ev(2, trainer.EventTablePass, 1))
	return r
}

func items(results ...trainer.ItemResult) []trainer.ChecklistResult {
	ids := []string{"shuffle", "payouts", "protection"}
	var out []trainer.ChecklistResult
	for i, r := range results {
		out = append(out, trainer.ChecklistResult{Item: ids[i], Result: r})
	}
	return out
}

func facts(rec trainer.CertRecord, now int) trainer.TableTestFacts {
	return trainer.TableTestFacts{Record: rec, Holder: dealer, Signer: pit, MaySign: true, Programme: approved(), Now: day(now)}
}

func sheet(rs ...trainer.ItemResult) *trainer.TableTest {
	return &trainer.TableTest{Event: trainer.CertEvent{UserID: dealerID, Game: "uth", ActorID: pitID}, Signature: "Paolo Bianchi", Items: items(rs...)}
}

const pass, fail, notJudged = trainer.ItemPass, trainer.ItemFail, trainer.ItemNotJudged

// TestRecordsTableTestGrants: a passed table test after a passed exam,
// signed by a marked signer with their full name, is the grant; one failed
// item makes it a fail that names the item.
func TestRecordsTableTestGrants(t *testing.T) {
	t.Parallel()
	check := records.TableTestCheck(policy)
	tt := sheet(pass, pass, pass)
	tt.Signature = "  paolo   BIANCHI " // case and spaces are not a different name
	if err := check(tt, facts(examPassed(), 1)); err != nil {
		t.Fatalf("check = %v; want a grant", err)
	}
	if tt.Event.Kind != trainer.EventTablePass || tt.Retest || tt.EndsAuthorisation || tt.ProgrammeID != 11 {
		t.Errorf("got kind %s, retest %v, ends %v, programme %d; want a pass that grants under version 11",
			tt.Event.Kind, tt.Retest, tt.EndsAuthorisation, tt.ProgrammeID)
	}
	tt = sheet(pass, fail, pass)
	if err := check(tt, facts(examPassed(), 1)); err != nil {
		t.Fatalf("check fail = %v", err)
	}
	if tt.Event.Kind != trainer.EventTableFail || tt.EndsAuthorisation {
		t.Errorf("a failed item gave kind %s, ends %v; want a fail of a sitting", tt.Event.Kind, tt.EndsAuthorisation)
	}
	if diff := cmp.Diff([]string{"payouts"}, tt.Failed()); diff != "" {
		t.Errorf("Failed() (-want +got):\n%s", diff)
	}
	// A granted dealer is authorised to deal, by that table test.
	rec := granted()
	a := records.Authorise(rec, policy, day(2))
	if !a.MayDeal || a.Grant == nil || a.Grant.ID != 2 || !a.Expires.Equal(day(1).AddDate(0, 12, 0)) {
		t.Errorf("Authorise after the pass = %+v; want authorised by event 2 for 12 months", a)
	}
}

// TestRecordsTableTestRefusals: every way a table test is refused, each
// with its reason.
func TestRecordsTableTestRefusals(t *testing.T) {
	t.Parallel()
	inactive := *pit
	inactive.Active = false
	tests := []struct {
		name  string
		tt    *trainer.TableTest
		facts func(f *trainer.TableTestFacts)
		want  string // the catalogue id of the refusal
	}{
		{"signer not marked", sheet(pass, pass, pass), func(f *trainer.TableTestFacts) { f.MaySign = false }, "records.err.signer_not_marked"},
		{"signer marked but deactivated", sheet(pass, pass, pass), func(f *trainer.TableTestFacts) { f.Signer = &inactive }, "records.err.signer_not_marked"},
		{"own table test", sheet(pass, pass, pass), func(f *trainer.TableTestFacts) { f.Holder = pit }, "records.err.own_records"},
		{"initials", func() *trainer.TableTest { s := sheet(pass, pass, pass); s.Signature = "P. B."; return s }(), nil, "records.err.signature"},
		{"first name only", func() *trainer.TableTest { s := sheet(pass, pass, pass); s.Signature = "Paolo"; return s }(), nil, "records.err.signature"},
		{"another's name", func() *trainer.TableTest { s := sheet(pass, pass, pass); s.Signature = "Dana Rossi"; return s }(), nil, "records.err.signature"},
		{"programme not approved", sheet(pass, pass, pass), func(f *trainer.TableTestFacts) { f.Programme.ApprovedAt = time.Time{} }, "records.err.programme_not_approved"},
		{"no programme", sheet(pass, pass, pass), func(f *trainer.TableTestFacts) { f.Programme = nil }, "records.err.programme_not_approved"},
		{"an item left out", sheet(pass, pass), nil, "records.err.checklist_incomplete"},
		{"an item without a result", sheet(pass, "", pass), nil, "records.err.checklist_incomplete"},
		{"another checklist", func() *trainer.TableTest { s := sheet(pass, pass, pass); s.Items[1].Item = "chip_cutting"; return s }(), nil, "records.err.checklist_stale"},
		{"an item too many", func() *trainer.TableTest {
			s := sheet(pass, pass, pass)
			s.Items = append(s.Items, trainer.ChecklistResult{Item: "guest_presence", Result: pass})
			return s
		}(), nil, "records.err.checklist_stale"},
		{"not judged in a sitting", sheet(pass, notJudged, pass), nil, "records.err.not_judged"},
		{"no exam passed, not authorised", sheet(pass, pass, pass), func(f *trainer.TableTestFacts) { f.Record = trainer.CertRecord{UserID: dealerID, Game: "uth"} }, "records.err.nothing_to_test"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := facts(examPassed(), 1)
			if tc.facts != nil {
				tc.facts(&f)
			}
			err := records.TableTestCheck(policy)(tc.tt, f)
			var e *trainer.Error
			if !errors.As(err, &e) || e.ID != tc.want {
				t.Fatalf("check = %v; want the refusal %s", err, tc.want)
			}
		})
	}
	// The refusal of an unmarked signer names them, in every language.
	err := records.TableTestCheck(policy)(sheet(pass, pass, pass), func() trainer.TableTestFacts { f := facts(examPassed(), 1); f.MaySign = false; return f }())
	if got, want := err.Error(), "Paolo Bianchi may not sign table tests: an administrator marks who may."; got != want {
		t.Errorf("refusal = %q; want %q", got, want)
	}
}

// TestRecordsRevoking: an authorisation ends by expiry, by a failed re-test
// (a table test of a dealer in force, which grants nothing when passed) and
// by a manager with a reason.
func TestRecordsRevoking(t *testing.T) {
	t.Parallel()
	check := records.TableTestCheck(policy)

	// A re-test passed: a table test of a dealer in force grants nothing.
	tt := sheet(pass, pass, pass)
	if err := check(tt, facts(granted(), 30)); err != nil {
		t.Fatalf("re-test pass: %v", err)
	}
	if !tt.Retest || tt.EndsAuthorisation || tt.Event.Kind != trainer.EventTablePass {
		t.Errorf("re-test pass: retest %v, ends %v, kind %s; want a re-test that ends nothing", tt.Retest, tt.EndsAuthorisation, tt.Event.Kind)
	}

	// A re-test failed ends the authorisation: the store records the
	// revocation it brings, naming the failed test.
	tt = sheet(pass, pass, fail)
	if err := check(tt, facts(granted(), 30)); err != nil {
		t.Fatalf("re-test fail: %v", err)
	}
	if !tt.Retest || !tt.EndsAuthorisation {
		t.Fatalf("re-test fail: retest %v, ends %v; want it to end the authorisation", tt.Retest, tt.EndsAuthorisation)
	}
	rec := granted()
	failed := ev(3, trainer.EventTableFail, 30)
	revoked := ev(4, trainer.EventRevoked, 30)
	revoked.RefID = failed.ID
	rec.Events = append(rec.Events, failed, revoked)
	a := records.Authorise(rec, policy, day(31))
	if a.MayDeal || a.Ending != records.EndRetest || a.Ended == nil || a.Ended.RefID != 3 {
		t.Errorf("after a failed re-test: %+v; want ended by the re-test (event 3)", a)
	}
	// Once ended, a table test has nothing to test until an exam is passed again.
	if err := check(sheet(pass, pass, pass), facts(rec, 32)); !errors.Is(err, records.ErrNothingToTest) {
		t.Errorf("a table test after the end = %v; want ErrNothingToTest", err)
	}

	// A manager revokes with a reason.
	rec = granted()
	byManager := ev(3, trainer.EventRevoked, 40)
	byManager.Notes = "Repeated payout errors on the floor."
	rec.Events = append(rec.Events, byManager)
	a = records.Authorise(rec, policy, day(41))
	if a.MayDeal || a.Ending != records.EndRevoked || a.Ended.Notes != byManager.Notes {
		t.Errorf("after a manager's revocation: %+v; want revoked with the reason", a)
	}

	// Expiry: 12 months after the grant, recorded or not.
	rec = granted()
	if a := records.Authorise(rec, policy, day(1).AddDate(0, 12, 0).Add(-time.Minute)); !a.MayDeal {
		t.Errorf("a minute before the expiry: %+v; want authorised", a)
	}
	a = records.Authorise(rec, policy, day(1).AddDate(0, 12, 0))
	if a.MayDeal || a.Ending != records.EndExpired {
		t.Errorf("at the expiry: %+v; want expired", a)
	}
	exp := ev(3, trainer.EventExpired, 0)
	exp.At, exp.RefID, exp.ActorID = day(1).AddDate(0, 12, 0), 2, 0
	rec.Events = append(rec.Events, exp)
	if a := records.Authorise(rec, policy, day(400)); a.Ending != records.EndExpired || a.Ended == nil || a.Ended.ID != 3 {
		t.Errorf("after the expiry on record: %+v; want ended by event 3", a)
	}
	// Never granted.
	if a := records.Authorise(examPassed(), policy, day(2)); a.MayDeal || a.Ending != records.EndNotGiven {
		t.Errorf("never granted: %+v; want not yet", a)
	}
}

// TestRecordsHoursCappedAtIdle: each question counts at most MeasuredCap
// times its target, so a tablet left on a question adds minutes; exams
// count nothing; struck-out table hours count nothing.
func TestRecordsHoursCappedAtIdle(t *testing.T) {
	t.Parallel()
	tests := []struct {
		elapsed time.Duration
		target  int
		want    time.Duration
	}{
		{7 * time.Second, 10, 7 * time.Second},   // working
		{30 * time.Second, 10, 30 * time.Second}, // slow, still counted whole
		{31 * time.Second, 10, 30 * time.Second}, // the cap
		{3 * time.Hour, 10, 30 * time.Second},    // a tablet left on a question over lunch
		{time.Minute, 0, 0},                      // no target: nothing
		{-time.Second, 10, 0},                    // a clock gone backwards
	}
	for _, tc := range tests {
		if got := records.Capped(tc.elapsed, tc.target); got != tc.want {
			t.Errorf("Capped(%v, %d) = %v; want %v", tc.elapsed, tc.target, got, tc.want)
		}
	}
	measured := []trainer.MeasuredTime{
		{Game: "uth", Mode: trainer.ModePractice, Kind: "payout", Capped: 90 * time.Minute},
		{Game: "uth", Mode: trainer.ModeClass, Kind: "hand", Capped: 30 * time.Minute},
		{Game: "uth", Mode: trainer.ModeExam, Kind: "payout", Capped: 5 * time.Hour},
		{Game: "lunar", Mode: trainer.ModePractice, Kind: "payout", Capped: 9 * time.Hour},
	}
	entered := []trainer.TableHours{
		{Game: "uth", Minutes: 120},
		{Game: "uth", Minutes: 600, Struck: &trainer.HoursStrike{Reason: "entered twice"}},
		{Game: "oracle", Minutes: 60},
	}
	p := records.HoursIn("uth", 5, measured, entered)
	if p.Measured != 2*time.Hour || p.Entered != 2*time.Hour || p.Total() != 4*time.Hour || p.Reached() || p.Percent() != 80 {
		t.Errorf("HoursIn = %+v (%d%%); want 2 h measured, 2 h entered, 80%% of 5 h", p, p.Percent())
	}
	err := records.MayStartExam(p, true)
	if want := "The house requires its minimum of training hours before the exam: 4 of 5 hours so far."; err == nil || err.Error() != want {
		t.Errorf("MayStartExam = %v; want %q", err, want)
	}
	if err := records.MayStartExam(p, false); err != nil {
		t.Errorf("MayStartExam without the house's requirement = %v", err)
	}
	if err := records.MayStartExam(records.HoursIn("uth", 4, measured, entered), true); err != nil {
		t.Errorf("MayStartExam at the minimum = %v", err)
	}
}

// TestRecordsProgrammeApproval: a programme's body is the same for the same
// files (one version), a change makes a new one whose differences are
// listed, and only an active administrator or the director approves.
func TestRecordsProgrammeApproval(t *testing.T) {
	t.Parallel()
	book, err := rulebook.Load(rules.FS)
	if err != nil {
		t.Fatal(err)
	}
	h, err := book.House(book.HouseNames()[0])
	if err != nil {
		t.Fatal(err)
	}
	b1, err := records.Body(h.Programmes["uth"], h.Certification["uth"])
	if err != nil {
		t.Fatal(err)
	}
	again, _ := records.Body(h.Programmes["uth"], h.Certification["uth"])
	if trainer.ProgrammeDigest(b1) != trainer.ProgrammeDigest(again) {
		t.Fatal("two bodies of the same files have different digests")
	}
	if len(b1.Checklist) != 7 || len(b1.Standard) == 0 {
		t.Errorf("body has %d checklist items and a standard of %d bytes; want 7 and the standard", len(b1.Checklist), len(b1.Standard))
	}
	b2 := b1
	b2.MinimumHours = 60
	b2.Topics = append(append([]trainer.ProgrammeTopic{}, b1.Topics[1:]...), trainer.ProgrammeTopic{ID: "mentoring", Hours: 2})
	b2.Checklist = b1.Checklist[:6]
	if trainer.ProgrammeDigest(b2) == trainer.ProgrammeDigest(b1) {
		t.Fatal("a changed body has the same digest")
	}
	want := []records.Change{
		{Kind: records.ChangeMinimumHours, From: 40, To: 60},
		{Kind: records.ChangeTopicAdded, Item: "mentoring", To: 2},
		{Kind: records.ChangeTopicRemoved, Item: b1.Topics[0].ID},
		{Kind: records.ChangeItemRemoved, Item: "guest_presence"},
	}
	if diff := cmp.Diff(want, records.Changes(&b1, b2)); diff != "" {
		t.Errorf("Changes (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]records.Change{{Kind: records.ChangeFirst}}, records.Changes(nil, b1)); diff != "" {
		t.Errorf("Changes of the first version (-want +got):\n%s", diff)
	}
	if got := records.Changes(&b1, again); len(got) != 0 {
		t.Errorf("Changes of the same body = %v; want none", got)
	}
	for _, tc := range []struct {
		u    *trainer.User
		want bool
	}{
		{&trainer.User{Role: trainer.RoleAdministrator, Active: true}, true},
		{&trainer.User{Role: trainer.RoleDirector, Active: true}, true},
		{&trainer.User{Role: trainer.RoleAdministrator}, false},
		{pit, false},
		{dealer, false},
		{nil, false},
	} {
		if got := records.MayApprove(tc.u); got != tc.want {
			t.Errorf("MayApprove(%+v) = %v; want %v", tc.u, got, tc.want)
		}
	}
}

// TestRecordsFailedItemsAtNextSitting: the next sitting shows the items the
// last table test judged failed; a sitting to be taken again keeps them, a
// pass clears them, another game's do not count.
func TestRecordsFailedItemsAtNextSitting(t *testing.T) {
	t.Parallel()
	v := approved()
	tt := func(id int64, game string, k trainer.CertEventKind, d int, rs ...trainer.ItemResult) trainer.TableTest {
		e := ev(id, k, d)
		e.Game = game
		return trainer.TableTest{Event: e, ProgrammeID: 11, Items: items(rs...)}
	}
	failed := tt(2, "uth", trainer.EventTableFail, 1, pass, fail, fail)
	tests := []struct {
		name  string
		tests []trainer.TableTest
		want  []string
	}{
		{"none yet", nil, nil},
		{"after a fail", []trainer.TableTest{failed}, []string{"payouts", "protection"}},
		{"a sitting to be taken again since", []trainer.TableTest{tt(3, "uth", trainer.EventTableRetest, 2, notJudged, notJudged, notJudged), failed}, []string{"payouts", "protection"}},
		{"a pass since", []trainer.TableTest{failed, tt(3, "uth", trainer.EventTablePass, 3, pass, pass, pass)}, nil},
		{"another game's fail", []trainer.TableTest{tt(3, "lunar", trainer.EventTableFail, 3, fail, fail, fail), failed}, []string{"payouts", "protection"}},
	}
	for _, tc := range tests {
		s := records.NextSitting(tc.tests, "uth", v)
		if diff := cmp.Diff(tc.want, s.Failed); diff != "" {
			t.Errorf("%s: failed items (-want +got):\n%s", tc.name, diff)
		}
		if len(s.Items) != 3 {
			t.Errorf("%s: %d items on the sheet; want the checklist's 3", tc.name, len(s.Items))
		}
	}
	// An item the programme has since dropped is not shown.
	v.Body.Checklist = v.Body.Checklist[:2]
	if diff := cmp.Diff([]string{"payouts"}, records.NextSitting([]trainer.TableTest{failed}, "uth", v).Failed); diff != "" {
		t.Errorf("after the checklist changed (-want +got):\n%s", diff)
	}
}

// TestRecordsTopicsAndFreshness: a topic outside the games expires after
// its validity; a programme completion older than the house's limit is
// stale.
func TestRecordsTopicsAndFreshness(t *testing.T) {
	t.Parallel()
	r := &rulebook.Records{FreshnessYears: 5, RetentionYears: 7, Topics: []rulebook.Topic{
		{ID: "cpr", ValidityMonths: 24}, {ID: "aml", ValidityMonths: 0}, {ID: "problem_gambling", ValidityMonths: 12}}}
	done := []trainer.TopicCompletion{
		{ID: 1, Topic: "cpr", Day: day(0)},
		{ID: 2, Topic: "cpr", Day: day(100)},
		{ID: 3, Topic: "aml", Day: day(0)},
	}
	got := records.Topics(r, done, day(100).AddDate(2, 0, -1))
	if len(got) != 3 || !got[0].Valid || got[0].Last.ID != 2 || !got[0].Expires.Equal(day(100).AddDate(2, 0, 0)) {
		t.Errorf("cpr = %+v; want valid from the later completion, for 24 months", got[0])
	}
	if !got[1].Valid || !got[1].Expires.IsZero() {
		t.Errorf("aml = %+v; want valid for ever", got[1])
	}
	if got[2].Valid || got[2].Last != nil {
		t.Errorf("problem_gambling = %+v; want not done", got[2])
	}
	if got := records.Topics(r, done, day(100).AddDate(2, 0, 0)); got[0].Valid {
		t.Errorf("cpr on its expiry = %+v; want expired", got[0])
	}
	if err := records.CheckTopic(r, &trainer.TopicCompletion{Topic: "fire_safety", Day: day(0), Evidence: "x"}, day(1)); !errors.Is(err, records.ErrTopicUnknown) {
		t.Errorf("CheckTopic(unknown) = %v", err)
	}
	if err := records.CheckTopic(r, &trainer.TopicCompletion{Topic: "cpr", Day: day(3), Evidence: "Red Cross 4411"}, day(1)); !errors.Is(err, trainer.ErrFutureDay) {
		t.Errorf("CheckTopic(a day ahead) = %v; want ErrFutureDay", err)
	}
	if err := records.CheckTopic(r, &trainer.TopicCompletion{Topic: "cpr", Day: day(0), Evidence: " "}, day(1)); !errors.Is(err, trainer.ErrEvidence) {
		t.Errorf("CheckTopic(no evidence) = %v; want ErrEvidence", err)
	}
	completed := day(0)
	if records.Stale(completed, 5, completed.AddDate(5, 0, -1)) {
		t.Error("a completion a day short of 5 years is stale")
	}
	if !records.Stale(completed, 5, completed.AddDate(5, 0, 0)) {
		t.Error("a completion 5 years old is not stale")
	}
	if records.Stale(time.Time{}, 5, completed) {
		t.Error("no completion is stale")
	}
}

// TestRecordsRetentionRefusesEarlyDeletion: entered hours are kept for the
// house's period and refused before its end, with the day they may go;
// completions and table tests are kept for ever.
func TestRecordsRetentionRefusesEarlyDeletion(t *testing.T) {
	t.Parallel()
	check := records.RetentionCheck(&rulebook.Records{FreshnessYears: 5, RetentionYears: 7})
	hours := trainer.RecordRef{Kind: trainer.RecordTableHours, ID: 1, At: day(0)}
	err := check(hours, day(0).AddDate(7, 0, 0).Add(-time.Second))
	if want := "This record is inside the house's retention period (7 years): it may be deleted from 2033-03-02 on."; err == nil || err.Error() != want {
		t.Errorf("deleting a second early = %v; want %q", err, want)
	}
	if trainer.KindOf(err) != trainer.KindForbidden {
		t.Errorf("kind = %v; want forbidden", trainer.KindOf(err))
	}
	if err := check(hours, day(0).AddDate(7, 0, 0)); err != nil {
		t.Errorf("deleting at the end of the period = %v; want allowed", err)
	}
	for _, k := range []trainer.RecordKind{trainer.RecordProgrammeCompletion, trainer.RecordTopicCompletion, trainer.RecordTableTest} {
		if err := check(trainer.RecordRef{Kind: k, ID: 1, At: day(0)}, day(0).AddDate(90, 0, 0)); !errors.Is(err, records.ErrKeptPermanently) {
			t.Errorf("deleting a %s after 90 years = %v; want kept permanently", k, err)
		}
	}
}

// TestRecordsRefusalsSayTheCatalogue: every refusal of the records says in
// English what the catalogue says, and has its message in every language.
func TestRecordsRefusalsSayTheCatalogue(t *testing.T) {
	t.Parallel()
	errs := []error{
		records.ErrNothingToTest, records.ErrChecklistIncomplete, records.ErrChecklistStale, records.ErrNotJudged,
		records.SignatureRefused("Paolo Bianchi"), records.ErrTopicUnknown, records.ErrKeptPermanently,
		records.KeptRefused(day(0), 7), records.MayStartExam(records.Progress{Minimum: time.Hour}, true),
		trainer.ErrProgrammeNotApproved, trainer.ErrProgrammeApproved, trainer.ErrProgrammeOtherGame,
		trainer.ErrProgrammeNotFound, trainer.ErrOnlyAdministrator, trainer.ErrNotInstructor, trainer.ErrOwnRecords,
		trainer.ErrDealerNotFound, trainer.ErrRecordNotFound, trainer.ErrHoursStruck, trainer.ErrStrikeReason,
		trainer.ErrDeleteReason, trainer.SignerRefused("Tina"), trainer.NotMarkedSigner("Tina"), trainer.ErrFileCode,
		trainer.ErrHoursMinutes, trainer.ErrFutureDay, trainer.ErrHoursTable, trainer.ErrNoteLong, trainer.ErrEvidence,
		trainer.ErrSignatureMissing,
	}
	c := i18n.Default()
	for _, err := range errs {
		var e *trainer.Error
		if !errors.As(err, &e) || e.ID == "" {
			t.Errorf("%v names no catalogue message", err)
			continue
		}
		if got := c.Localizer(i18n.Source).T(e.ID, e.Args...); got != e.Message {
			t.Errorf("%s in English says %q; the error says %q", e.ID, got, e.Message)
		}
		for _, l := range i18n.Offered {
			if c.Text(l.Tag, e.ID) == nil {
				t.Errorf("%s is missing in %s", e.ID, l.Tag)
			}
		}
	}
}

// TestApproved: the programme a table test is judged against is the highest
// approved version of the kiosk's own, never one a move copied from a
// school, whatever the list's order.
func TestApproved(t *testing.T) {
	v := func(n int, approved bool, movedFrom string) *trainer.ProgrammeVersion {
		p := &trainer.ProgrammeVersion{Number: n, MovedFrom: movedFrom}
		if approved {
			p.ApprovedAt = day(n)
		}
		return p
	}
	tests := []struct {
		name string
		vs   []*trainer.ProgrammeVersion
		want int // the number, 0 for none
	}{
		{"none", nil, 0},
		{"recorded, not approved", []*trainer.ProgrammeVersion{v(1, false, "")}, 0},
		{"the highest approved", []*trainer.ProgrammeVersion{v(2, true, ""), v(1, true, ""), v(3, false, "")}, 2},
		{"a school's moved version listed last", []*trainer.ProgrammeVersion{v(1, true, ""), v(2, true, "school-a")}, 1},
		{"only a school's", []*trainer.ProgrammeVersion{v(4, true, "school-a")}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := 0
			if a := records.Approved(tt.vs); a != nil {
				got = a.Number
			}
			if got != tt.want {
				t.Errorf("Approved = version %d, want %d", got, tt.want)
			}
		})
	}
}

func TestDealerProgramme(t *testing.T) {
	v := func(id int64, n int, movedFrom string) *trainer.ProgrammeVersion {
		return &trainer.ProgrammeVersion{ID: id, Number: n, MovedFrom: movedFrom, ApprovedAt: day(n)}
	}
	// uth: the group's version 1 (id 10), a school's moved in as version 2
	// (id 20), and the group's version 3 (id 30) approved after.
	vs := []*trainer.ProgrammeVersion{v(10, 1, ""), v(20, 2, "school-a"), v(30, 3, "")}
	test := func(game string, programme int64) trainer.TableTest {
		return trainer.TableTest{Event: trainer.CertEvent{Game: game}, ProgrammeID: programme}
	}
	tests := []struct {
		name  string
		tests []trainer.TableTest
		want  int // the number, 0 for none
	}{
		{"never table-tested: the one the next test follows", nil, 3},
		{"tested at the school before the move", []trainer.TableTest{test("uth", 20)}, 2},
		{"tested under the group's first version", []trainer.TableTest{test("uth", 10)}, 1},
		{"the newest test counts", []trainer.TableTest{test("uth", 20), test("uth", 30)}, 3},
		{"another game's test does not", []trainer.TableTest{test("uth", 10), test("lunar", 99)}, 1},
		{"a test without a checklist (quick form) does not", []trainer.TableTest{test("uth", 0)}, 3},
		{"a version no longer listed: the one the next test follows", []trainer.TableTest{test("uth", 77)}, 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := 0
			if a := records.DealerProgramme(vs, tt.tests, "uth"); a != nil {
				got = a.Number
			}
			if got != tt.want {
				t.Errorf("DealerProgramme = version %d, want %d", got, tt.want)
			}
		})
	}
	if got := records.DealerProgramme(nil, nil, "uth"); got != nil {
		t.Errorf("DealerProgramme with no versions = %+v, want none", got)
	}
}
