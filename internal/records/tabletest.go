package records

import (
	"slices"
	"strings"

	"github.com/dealerkiosk/trainer/internal/eval"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// The refusals of a table test, each a sentence of content/i18n/records.
var (
	ErrNothingToTest = (&trainer.Error{Kind: trainer.KindConflict,
		Message: "No passed exam waits for a table test, and the dealer is not authorised to deal this game: there is nothing to test."}).In("records.err.nothing_to_test")
	ErrChecklistIncomplete = (&trainer.Error{Kind: trainer.KindInvalid,
		Message: "Judge every item of the checklist, pass or fail."}).In("records.err.checklist_incomplete")
	ErrChecklistStale = (&trainer.Error{Kind: trainer.KindConflict,
		Message: "The checklist is not the one of the dealer's programme: open the table test again and judge it anew."}).In("records.err.checklist_stale")
	ErrNotJudged = (&trainer.Error{Kind: trainer.KindInvalid,
		Message: "Judge every item pass or fail, unless the table test is to be taken again."}).In("records.err.not_judged")
)

// SignatureRefused refuses a typed signature that is not the signer's full
// name as their account has it (initials, another name).
func SignatureRefused(name string) *trainer.Error {
	return (&trainer.Error{Kind: trainer.KindInvalid,
		Message: "Sign with your full name as your account has it (" + name + "), not initials or another name."}).In("records.err.signature", "Name", name)
}

// SignatureMatches reports whether typed is the full name name, as typed at
// signing: the same words in the same order, compared without regard to
// case, spaces or Unicode form. Initials never match a full name: a
// signature is a full signature (Nevada's MICS).
func SignatureMatches(typed, name string) bool {
	a, b := trainer.NormalizeName(typed), trainer.NormalizeName(name)
	return a != "" && strings.EqualFold(a, b)
}

// TableTestCheck is the decision on a table test with its checklist, made
// inside the store's transaction on the facts it read there, under the
// certification policy p of the game:
//
//   - the signer is not the dealer, and an administrator marked them as one
//     who may sign table tests (else NotMarkedSigner, with their name);
//   - the signature is the signer's full name (SignatureRefused);
//   - the dealer's programme version is approved, and the checklist judges
//     each of its items once, in its order (ErrChecklistStale,
//     ErrChecklistIncomplete); an item is not judged only in a table test
//     to be taken again (ErrNotJudged);
//   - a passed exam waits for it (a sitting: a pass grants), or the dealer
//     is authorised to deal the game (a re-test: a pass grants nothing, a
//     fail ends the authorisation); else ErrNothingToTest.
//
// It sets the event's kind from the checklist (every item passed: a pass;
// one failed: a fail) unless it was asked to be taken again, and Retest
// and EndsAuthorisation.
func TableTestCheck(p rulebook.Policy) trainer.TableTestCheck {
	return func(t *trainer.TableTest, f trainer.TableTestFacts) error {
		if f.Signer.ID == f.Holder.ID {
			return trainer.ErrOwnRecords
		}
		if !f.MaySign || !f.Signer.Active {
			return trainer.NotMarkedSigner(f.Signer.Name)
		}
		if !SignatureMatches(t.Signature, f.Signer.Name) {
			return SignatureRefused(f.Signer.Name)
		}
		if f.Programme == nil || !f.Programme.Approved() {
			return trainer.ErrProgrammeNotApproved
		}
		if err := judge(t, &f.Programme.Body); err != nil {
			return err
		}
		st := eval.Certification(eval.CertHistory{Events: f.Record.Events, RefresherAt: f.Record.RefresherAt}, p, f.Now)
		switch {
		case st.CanSignOff:
			t.Retest, t.EndsAuthorisation = false, false
		case st.State.MayDeal():
			t.Retest = true
			t.EndsAuthorisation = t.Event.Kind == trainer.EventTableFail
		default:
			return ErrNothingToTest
		}
		t.ProgrammeID = f.Programme.ID
		return nil
	}
}

// judge checks t's checklist against the programme's and sets the event's
// kind from it.
func judge(t *trainer.TableTest, b *trainer.ProgrammeBody) error {
	if len(t.Items) != len(b.Checklist) {
		if len(t.Items) < len(b.Checklist) && slices.EqualFunc(t.Items, b.Checklist[:len(t.Items)],
			func(r trainer.ChecklistResult, it trainer.ProgrammeItem) bool { return r.Item == it.ID }) {
			return ErrChecklistIncomplete
		}
		return ErrChecklistStale
	}
	failed, notJudged := false, false
	for i, r := range t.Items {
		if r.Item != b.Checklist[i].ID {
			return ErrChecklistStale
		}
		switch r.Result {
		case trainer.ItemPass:
		case trainer.ItemFail:
			failed = true
		case trainer.ItemNotJudged:
			notJudged = true
		default:
			return ErrChecklistIncomplete
		}
	}
	switch {
	case t.Event.Kind == trainer.EventTableRetest:
	case notJudged:
		return ErrNotJudged
	case failed:
		t.Event.Kind = trainer.EventTableFail
	default:
		t.Event.Kind = trainer.EventTablePass
	}
	return nil
}

// Sheet is what the next sitting of a dealer's table test in one game
// shows: the items of the programme's checklist, and those the last table
// test failed, so the signer looks at them again.
type Sheet struct {
	Items  []trainer.ProgrammeItem
	Failed []string // ids of Items the last table test failed; nil when it passed or there was none
}

// NextSitting is the sheet of the next table test in game, from the
// dealer's table tests (any order, every game) and their programme version
// v: the failed items are those of the last table test judged in the game,
// when it failed (a sitting to be taken again judges nothing, so the fail
// before it still shows), and only those v's checklist still has.
func NextSitting(tests []trainer.TableTest, game string, v *trainer.ProgrammeVersion) Sheet {
	s := Sheet{Items: slices.Clone(v.Body.Checklist)}
	var last *trainer.TableTest
	for i := range tests {
		t := &tests[i]
		if t.Event.Game != game || t.Event.Kind == trainer.EventTableRetest {
			continue
		}
		if last == nil || t.Event.At.After(last.Event.At) || (t.Event.At.Equal(last.Event.At) && t.Event.ID > last.Event.ID) {
			last = t
		}
	}
	if last == nil || last.Event.Kind != trainer.EventTableFail {
		return s
	}
	for _, id := range last.Failed() {
		if v.Body.HasItem(id) {
			s.Failed = append(s.Failed, id)
		}
	}
	return s
}
