package trainer

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// Checking the certification records against the audit trail.
//
// Whoever holds the database file can change an exam's result or a
// certification event directly, and the kiosk computes a certification's
// state from those rows. Every exam and every event was recorded by an audit
// entry in the same transaction, and a keyed entry cannot be forged without
// the key: CheckCertRecords compares the rows with the entries, field by
// field, and names each difference.

// RecordMismatch is one way a trainee's certification records disagree with
// the audit entries that recorded them.
type RecordMismatch struct {
	UserID int64
	Game   string
	// Text names the records and entries by number, for the operator who
	// runs `trainer audit verify` and for the log.
	Text string
	// About says what differs by kind and date, for the manager who meets
	// the refusal on a page.
	About string
}

// CertRecords are what CheckCertRecords compares: every exam (with its
// items) and certification event, and every audit entry about a
// certification (subject "user:N/game:G"), with Keyed set as in the chain.
type CertRecords struct {
	Events  []CertEvent
	Exams   []*Exam
	Entries []*AuditEntry
}

// auditFacts is the detail of an entry, as the kiosk writes it.
type auditFacts struct {
	Event          *int64  `json:"event"`
	Exam           *int64  `json:"exam"`
	Passed         *bool   `json:"passed"`
	Result         *string `json:"result"`
	Notes          *string `json:"notes"`
	Reason         *string `json:"reason"`
	ExpiredAt      *string `json:"expired_at"`
	GrantedBy      *int64  `json:"granted_by_event"`
	RulesVersion   *string `json:"rules_version"`
	Items          *int    `json:"items"`
	StandardDigest *string `json:"standard_sha256"`
	ResultDigest   *string `json:"result_sha256"`
	// Retest marks a table test of a dealer in force (issue 24): it grants
	// nothing, so no grant goes with its pass.
	Retest *bool `json:"retest"`
}

// certActions are the actions of entries that record an exam or an event.
var certActions = map[string]bool{
	AuditExamStarted: true, AuditExamFinished: true, AuditRetakeAllowed: true, AuditTableTest: true,
	AuditGranted: true, AuditRevoked: true, AuditExpired: true, AuditRefresherAssigned: true,
}

// IsCertAction reports whether entries of action record an exam or a
// certification event.
func IsCertAction(action string) bool { return certActions[action] }

// CheckCertRecords compares the records with the audit entries and returns
// every disagreement, by trainee and game. An entry whose hash does not
// match its content (key nil cannot check a keyed one) is not believed: it
// is named, and the records it speaks for are then unrecorded.
func CheckCertRecords(r CertRecords, key []byte) []RecordMismatch {
	c := &recordCheck{}
	byEvent := map[int64][]*AuditEntry{}
	started := map[int64]*AuditEntry{}
	finished := map[int64]*AuditEntry{}
	for _, e := range r.Entries {
		if !certActions[e.Action] {
			continue
		}
		var f auditFacts
		userID, game, okSubject := parseCertSubject(e.Subject)
		if err := decodeFacts(e.Detail, &f); err != nil || !okSubject {
			c.add(userID, game, fmt.Sprintf("audit entry %d (%s) cannot be read", e.Seq, e.Action),
				"an entry of the audit trail cannot be read")
			continue
		}
		if !e.Intact(key) {
			c.add(userID, game, fmt.Sprintf("audit entry %d (%s) does not match its hash: it was changed, so it is not believed", e.Seq, e.Action),
				"an entry of the audit trail was changed")
			continue
		}
		if e.Action == AuditExamStarted && f.Exam != nil {
			started[*f.Exam] = e
		}
		if e.Action == AuditExamFinished && f.Exam != nil {
			finished[*f.Exam] = e
		}
		if f.Event != nil {
			byEvent[*f.Event] = append(byEvent[*f.Event], e)
		}
	}
	events := map[int64]bool{}
	for i := range r.Events {
		ev := &r.Events[i]
		events[ev.ID] = true
		c.event(ev, byEvent[ev.ID])
	}
	exams := map[int64]bool{}
	for _, ex := range r.Exams {
		exams[ex.ID] = true
		c.exam(ex, started[ex.ID], finished[ex.ID])
	}
	// Entries that record what the records no longer hold.
	for id, es := range byEvent {
		if events[id] {
			continue
		}
		for _, e := range es {
			if e.Action == AuditRefresherAssigned {
				continue // its event's own entry is named
			}
			u, g, _ := parseCertSubject(e.Subject)
			c.add(u, g, fmt.Sprintf("audit entry %d (%s, %s) records certification event %d, which is missing from the records: it was deleted",
				e.Seq, e.Action, e.At.UTC().Format(AuditTimeLayout), id),
				fmt.Sprintf("a record of %s is missing", e.At.Local().Format("2 Jan 2006")))
		}
	}
	for id, e := range started {
		if exams[id] {
			continue
		}
		u, g, _ := parseCertSubject(e.Subject)
		c.add(u, g, fmt.Sprintf("audit entry %d records the start of exam %d, which is missing from the records: it was deleted", e.Seq, id),
			fmt.Sprintf("the exam started on %s is missing", e.At.Local().Format("2 Jan 2006")))
	}
	sort.SliceStable(c.out, func(i, j int) bool {
		a, b := c.out[i], c.out[j]
		if a.UserID != b.UserID {
			return a.UserID < b.UserID
		}
		if a.Game != b.Game {
			return a.Game < b.Game
		}
		return a.Text < b.Text
	})
	return c.out
}

type recordCheck struct{ out []RecordMismatch }

func (c *recordCheck) add(userID int64, game, text, about string) {
	c.out = append(c.out, RecordMismatch{UserID: userID, Game: game, Text: text, About: about})
}

// eventPrimary is the action of the entry that records an event of kind k.
func eventPrimary(k CertEventKind) string {
	switch k {
	case EventExamPassed, EventExamFailed:
		return AuditExamFinished
	case EventTablePass, EventTableFail, EventTableRetest:
		return AuditTableTest
	case EventRevoked:
		return AuditRevoked
	case EventRetakeAllowed:
		return AuditRetakeAllowed
	case EventExpired:
		return AuditExpired
	}
	return ""
}

// event compares one certification event with the entries that name it.
func (c *recordCheck) event(ev *CertEvent, es []*AuditEntry) {
	name := fmt.Sprintf("certification event %d (%s of trainee %d in %s, %s)", ev.ID, ev.Kind, ev.UserID, ev.Game,
		ev.At.UTC().Format(AuditTimeLayout))
	what := fmt.Sprintf("the record %q of %s", ev.Kind.Label(), ev.At.Local().Format("2 Jan 2006"))
	bad := func(text, about string) { c.add(ev.UserID, ev.Game, name+": "+text, what+" "+about) }
	var primary, grant *AuditEntry
	for _, e := range es {
		switch e.Action {
		case eventPrimary(ev.Kind):
			primary = e
		case AuditGranted:
			grant = e
		}
	}
	if primary == nil {
		// The entries that name the event are of another kind: its kind
		// was changed (a failed table test made a pass, say).
		for _, e := range es {
			if e.Action != AuditRefresherAssigned && e.Action != AuditGranted {
				bad(fmt.Sprintf("audit entry %d recorded it as %s", e.Seq, e.Action),
					"does not match the audit trail: its kind was changed")
				return
			}
		}
		bad("no audit entry records it: it was added or changed behind the kiosk's back",
			"is not in the audit trail")
		return
	}
	var f auditFacts
	decodeFacts(primary.Detail, &f) // read before: it decodes
	entry := fmt.Sprintf("audit entry %d", primary.Seq)
	if subject := CertSubject(ev.UserID, ev.Game); primary.Subject != subject {
		bad(fmt.Sprintf("%s recorded it for %s", entry, primary.Subject), "belongs to another trainee or game in the audit trail")
	}
	at := ev.At.UTC().Format(AuditTimeLayout)
	if ev.Kind == EventExpired {
		if f.ExpiredAt == nil || *f.ExpiredAt != at {
			bad(fmt.Sprintf("%s recorded the expiry at %s", entry, deref(f.ExpiredAt)), "has another date in the audit trail")
		}
		if f.GrantedBy == nil || *f.GrantedBy != ev.RefID {
			bad(fmt.Sprintf("%s recorded the expiry of another grant", entry), "names another certificate in the audit trail")
		}
	} else if primary.At.UTC().Format(AuditTimeLayout) != at {
		bad(fmt.Sprintf("%s recorded it at %s", entry, primary.At.UTC().Format(AuditTimeLayout)), "has another date in the audit trail")
	}
	switch ev.Kind {
	case EventExamPassed, EventExamFailed:
		if f.Passed == nil || *f.Passed != (ev.Kind == EventExamPassed) {
			bad(fmt.Sprintf("%s recorded the exam as %s", entry, passedWord(f.Passed)),
				fmt.Sprintf("says the exam was %s; the audit trail says it was %s", passedWord(ptr(ev.Kind == EventExamPassed)), passedWord(f.Passed)))
		}
		if f.Exam == nil || *f.Exam != ev.ExamID {
			bad(fmt.Sprintf("%s recorded the result of exam %d, not of exam %d", entry, deref64(f.Exam), ev.ExamID), "names another exam in the audit trail")
		}
	case EventTablePass, EventTableFail, EventTableRetest:
		if f.Result == nil || *f.Result != ev.Kind.FormValue() {
			bad(fmt.Sprintf("%s recorded the table test as %q", entry, deref(f.Result)),
				fmt.Sprintf("does not match the audit trail, where the table test was %s", tableWord(deref(f.Result))))
		}
		if f.Exam != nil && *f.Exam != ev.ExamID {
			bad(fmt.Sprintf("%s recorded a table test after exam %d, not exam %d", entry, *f.Exam, ev.ExamID), "names another exam in the audit trail")
		}
		if f.Notes == nil || *f.Notes != ev.Notes {
			bad(fmt.Sprintf("%s recorded other notes", entry), "has other notes in the audit trail")
		}
		if ev.Kind == EventTablePass && grant == nil && (f.Retest == nil || !*f.Retest) {
			bad("no audit entry records the grant of the certificate", "grants a certificate the audit trail does not record")
		}
	case EventRevoked:
		if f.Reason == nil || *f.Reason != ev.Notes {
			bad(fmt.Sprintf("%s recorded another reason", entry), "has another reason in the audit trail")
		}
	case EventRetakeAllowed:
		if f.Notes == nil || *f.Notes != ev.Notes {
			bad(fmt.Sprintf("%s recorded other notes", entry), "has other notes in the audit trail")
		}
	}
	if ev.Kind != EventExamPassed && ev.Kind != EventExamFailed && ev.Kind != EventExpired && primary.ActorID != ev.ActorID {
		bad(fmt.Sprintf("%s recorded it as signed by %s (user %d), not user %d", entry, primary.Actor, primary.ActorID, ev.ActorID),
			"was signed by someone else in the audit trail")
	}
}

// exam compares one exam with the entries of its start and end.
func (c *recordCheck) exam(ex *Exam, start, end *AuditEntry) {
	name := fmt.Sprintf("exam %d (trainee %d in %s, started %s)", ex.ID, ex.UserID, ex.Game, ex.StartedAt.UTC().Format(AuditTimeLayout))
	what := fmt.Sprintf("the exam of %s", ex.StartedAt.Local().Format("2 Jan 2006"))
	bad := func(text, about string) { c.add(ex.UserID, ex.Game, name+": "+text, what+" "+about) }
	subject := CertSubject(ex.UserID, ex.Game)
	if start == nil {
		bad("no audit entry records its start: it was added behind the kiosk's back", "is not in the audit trail")
	} else {
		var f auditFacts
		decodeFacts(start.Detail, &f)
		entry := fmt.Sprintf("audit entry %d", start.Seq)
		switch {
		case start.Subject != subject:
			bad(fmt.Sprintf("%s recorded it for %s", entry, start.Subject), "belongs to another trainee or game in the audit trail")
		case start.At.UTC().Format(AuditTimeLayout) != ex.StartedAt.UTC().Format(AuditTimeLayout):
			bad(fmt.Sprintf("%s recorded its start at %s", entry, start.At.UTC().Format(AuditTimeLayout)), "has another date in the audit trail")
		}
		if f.RulesVersion != nil && *f.RulesVersion != ex.RulesVersion {
			bad(fmt.Sprintf("%s recorded rules version %s, not %s", entry, *f.RulesVersion, ex.RulesVersion), "ran under other rules in the audit trail")
		}
		if f.Items != nil && *f.Items != len(ex.Items) {
			bad(fmt.Sprintf("%s recorded %d questions; the records hold %d", entry, *f.Items, len(ex.Items)), "has other questions than the audit trail records")
		}
		if f.StandardDigest != nil && *f.StandardDigest != AuditDigest(ex.Standard) {
			bad(fmt.Sprintf("%s recorded another standard (pass marks) than the one stored", entry), "is judged by other pass marks than the audit trail records")
		}
	}
	switch {
	case !ex.Finished() && end != nil:
		bad(fmt.Sprintf("audit entry %d recorded its end (%s), but the records show it open", end.Seq, passedWord(factsOf(end).Passed)),
			"is shown as not finished, but the audit trail records its result")
	case ex.Finished() && end == nil:
		bad(fmt.Sprintf("it is recorded as %s on %s, but no audit entry records its end", passedWord(&ex.Passed), ex.FinishedAt.UTC().Format(AuditTimeLayout)),
			"has a result the audit trail does not record")
	case ex.Finished():
		f := factsOf(end)
		entry := fmt.Sprintf("audit entry %d", end.Seq)
		if f.Passed == nil || *f.Passed != ex.Passed {
			bad(fmt.Sprintf("it is recorded as %s, but %s recorded it %s", passedWord(&ex.Passed), entry, passedWord(f.Passed)),
				fmt.Sprintf("is shown as %s, but the audit trail says it was %s", passedWord(&ex.Passed), passedWord(f.Passed)))
		}
		if end.Subject != subject {
			bad(fmt.Sprintf("%s recorded its end for %s", entry, end.Subject), "belongs to another trainee or game in the audit trail")
		}
		if end.At.UTC().Format(AuditTimeLayout) != ex.FinishedAt.UTC().Format(AuditTimeLayout) {
			bad(fmt.Sprintf("%s recorded its end at %s", entry, end.At.UTC().Format(AuditTimeLayout)), "has another date in the audit trail")
		}
		if f.ResultDigest != nil && *f.ResultDigest != AuditDigest(ex.Result) {
			bad(fmt.Sprintf("its stored result (the marks per kind) is not the one %s recorded", entry), "has other marks than the audit trail records")
		}
	}
}

func decodeFacts(detail string, f *auditFacts) error {
	d := json.NewDecoder(bytes.NewReader([]byte(detail)))
	return d.Decode(f)
}

func factsOf(e *AuditEntry) auditFacts {
	var f auditFacts
	decodeFacts(e.Detail, &f)
	return f
}

// parseCertSubject reads "user:12/game:uth".
func parseCertSubject(s string) (userID int64, game string, ok bool) {
	u, g, found := strings.Cut(s, "/game:")
	if !found || !strings.HasPrefix(u, "user:") {
		return 0, "", false
	}
	id, err := strconv.ParseInt(strings.TrimPrefix(u, "user:"), 10, 64)
	return id, g, err == nil
}

func passedWord(p *bool) string {
	switch {
	case p == nil:
		return "of unknown result"
	case *p:
		return "passed"
	}
	return "failed"
}

func tableWord(result string) string {
	switch result {
	case "pass":
		return "passed"
	case "fail":
		return "failed"
	case "retest":
		return "to be taken again"
	}
	return "of unknown result"
}

func ptr[T any](v T) *T { return &v }

func deref(s *string) string {
	if s == nil {
		return "(none)"
	}
	return *s
}

func deref64(n *int64) int64 {
	if n == nil {
		return 0
	}
	return *n
}
