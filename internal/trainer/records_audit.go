package trainer

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// Checking the records of issue 24 against the audit trail, as
// CheckCertRecords checks exams and certification events: each row was
// written with its audit entry in one transaction, so a row changed, added
// or deleted behind the kiosk's back disagrees with the entries, and each
// difference is named. The entries' details, as the stores write them, are
// the contract (recordFacts).

// RecordsFacts are what CheckRecords compares: the rows, and every audit
// entry of a records action (IsRecordsAction), with Keyed set as in the
// chain.
type RecordsFacts struct {
	// TableTests are every table test, with a sheet or without one.
	TableTests []TableTest
	// Revocations are every revocation (a failed table test's names it).
	Revocations []CertEvent
	Hours       []TableHours
	Completions []ProgrammeCompletion
	Topics      []TopicCompletion
	Programmes  []*ProgrammeVersion
	Assignments []ProgrammeAssignment
	Signers     []Signer
	Entries     []*AuditEntry
}

// recordsActions are the actions whose entries CheckRecords reads: its own
// and the two of the certification whose details carry a table test's
// sheet and the failed table test a revocation follows.
var recordsActions = []string{AuditTableTest, AuditRevoked, AuditSignerAllowed, AuditSignerWithdrawn,
	AuditHoursEntered, AuditHoursStruck, AuditHoursDeleted, AuditProgrammeRecorded, AuditProgrammeApproved,
	AuditProgrammeAssigned, AuditProgrammeCompleted, AuditTopicCompleted}

// RecordsActions lists the actions of the entries CheckRecords reads.
func RecordsActions() []string { return slices.Clone(recordsActions) }

// recordFacts is the detail of a records entry, as the stores write it.
type recordFacts struct {
	Event      *int64             `json:"event"`
	Signature  *string            `json:"signature"`
	Programme  *int64             `json:"programme"`
	Checklist  *[]ChecklistResult `json:"checklist"`
	Retest     *bool              `json:"retest"`
	TableTest  *int64             `json:"table_test"`
	Hours      *int64             `json:"hours"`
	Game       *string            `json:"game"`
	Day        *string            `json:"day"`
	Table      *string            `json:"table"`
	Minutes    *int               `json:"minutes"`
	Note       *string            `json:"note"`
	Reason     *string            `json:"reason"`
	Version    *int64             `json:"version"`
	Number     *int               `json:"number"`
	Digest     *string            `json:"digest"`
	Assignment *int64             `json:"assignment"`
	Completion *int64             `json:"completion"`
	MeasuredMS *int64             `json:"measured_ms"`
	Entered    *int               `json:"entered_minutes"`
	Topic      *string            `json:"topic"`
	Evidence   *string            `json:"evidence"`
	User       *int64             `json:"user"`
	// SameAsGroup marks a moved school's entry about its version of a
	// game's programme whose content the group held already as a version
	// of its own: the entry names the group's version, as the school's
	// history; the group's own entries record that version.
	SameAsGroup bool `json:"same_as_group"`
}

// ProgrammeDigest is the digest of a programme version's body: the SHA-256
// of its JSON as the stores keep it, in hex.
func ProgrammeDigest(b ProgrammeBody) string {
	data, err := json.Marshal(b)
	if err != nil { // only a body that cannot be JSON: a programming error
		panic(fmt.Sprintf("programme digest: %v", err))
	}
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

// CheckRecords compares the records of issue 24 with the audit entries that
// recorded them and returns every disagreement. An entry whose hash does not
// match its content (key nil cannot check a keyed one) is not believed: it
// is named, and the rows it speaks for are then unrecorded.
func CheckRecords(r RecordsFacts, key []byte) []RecordMismatch {
	c := &recordsCheck{recordCheck: &recordCheck{}, by: map[string]map[int64][]*auditFacted{}, signers: map[int64][]*auditFacted{},
		same: map[int64][]*auditFacted{}}
	for _, e := range r.Entries {
		if !slices.Contains(recordsActions, e.Action) {
			continue
		}
		var f recordFacts
		if err := json.Unmarshal([]byte(e.Detail), &f); err != nil {
			c.add(0, "", fmt.Sprintf("audit entry %d (%s) cannot be read", e.Seq, e.Action), "an entry of the audit trail cannot be read")
			continue
		}
		if !e.Intact(key) {
			c.add(0, "", fmt.Sprintf("audit entry %d (%s) does not match its hash: it was changed, so it is not believed", e.Seq, e.Action),
				"an entry of the audit trail was changed")
			continue
		}
		c.note(&auditFacted{e, f})
	}
	for i := range r.TableTests {
		c.tableTest(&r.TableTests[i])
	}
	for i := range r.Revocations {
		c.revocation(&r.Revocations[i])
	}
	for i := range r.Hours {
		c.hours(&r.Hours[i])
	}
	c.deletedHours(r.Hours)
	for i := range r.Completions {
		c.completion(&r.Completions[i])
	}
	for i := range r.Topics {
		c.topic(&r.Topics[i])
	}
	for _, v := range r.Programmes {
		c.programme(v)
	}
	for i := range r.Assignments {
		c.assignment(&r.Assignments[i])
	}
	c.signerMarks(r.Signers)
	c.missing(r)
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

// auditFacted is an entry with its detail read.
type auditFacted struct {
	e *AuditEntry
	f recordFacts
}

type recordsCheck struct {
	*recordCheck
	// by is the entries by action and the id their detail names.
	by      map[string]map[int64][]*auditFacted
	signers map[int64][]*auditFacted // signer.allowed and .withdrawn by user, in log order
	// same are a moved school's entries about versions the group held
	// already (SameAsGroup), by the version they name.
	same map[int64][]*auditFacted
}

// idKey is the detail key that names an action's row.
func (f *recordFacts) id(action string) *int64 {
	switch action {
	case AuditTableTest, AuditRevoked:
		return f.Event
	case AuditHoursEntered, AuditHoursStruck, AuditHoursDeleted:
		return f.Hours
	case AuditProgrammeRecorded, AuditProgrammeApproved:
		return f.Version
	case AuditProgrammeAssigned:
		return f.Assignment
	case AuditProgrammeCompleted, AuditTopicCompleted:
		return f.Completion
	case AuditSignerAllowed, AuditSignerWithdrawn:
		return f.User
	}
	return nil
}

func (c *recordsCheck) note(a *auditFacted) {
	id := a.f.id(a.e.Action)
	if id == nil {
		c.add(0, "", fmt.Sprintf("audit entry %d (%s) names no record", a.e.Seq, a.e.Action), "an entry of the audit trail cannot be read")
		return
	}
	if a.e.Action == AuditSignerAllowed || a.e.Action == AuditSignerWithdrawn {
		c.signers[*id] = append(c.signers[*id], a)
		return
	}
	if a.f.SameAsGroup && (a.e.Action == AuditProgrammeRecorded || a.e.Action == AuditProgrammeApproved) {
		c.same[*id] = append(c.same[*id], a)
		return
	}
	if c.by[a.e.Action] == nil {
		c.by[a.e.Action] = map[int64][]*auditFacted{}
	}
	c.by[a.e.Action][*id] = append(c.by[a.e.Action][*id], a)
}

// one is the entry of action naming id, or nil.
func (c *recordsCheck) one(action string, id int64) *auditFacted {
	es := c.by[action][id]
	if len(es) == 0 {
		return nil
	}
	return es[len(es)-1]
}

// subjectUser is the user a subject "user:12…" names, or 0.
func subjectUser(s string) int64 {
	rest, ok := strings.CutPrefix(s, "user:")
	if !ok {
		return 0
	}
	num, _, _ := strings.Cut(rest, "/")
	id, _ := strconv.ParseInt(num, 10, 64)
	return id
}

func at(a *AuditEntry) string { return a.At.UTC().Format(AuditTimeLayout) }

func strOf(s *string) string {
	if s == nil {
		return "(none)"
	}
	return *s
}

func intOf(n *int) string {
	if n == nil {
		return "(none)"
	}
	return strconv.Itoa(*n)
}

func int64Of(n *int64) string {
	if n == nil {
		return "(none)"
	}
	return strconv.FormatInt(*n, 10)
}

// tableTest compares a table test's sheet (or its absence) with the entry
// that recorded the table test.
func (c *recordsCheck) tableTest(t *TableTest) {
	ev := &t.Event
	a := c.one(AuditTableTest, ev.ID)
	if a == nil {
		return // CheckCertRecords names an event no entry records
	}
	name := fmt.Sprintf("table test %d (trainee %d in %s, %s)", ev.ID, ev.UserID, ev.Game, ev.At.UTC().Format(AuditTimeLayout))
	what := fmt.Sprintf("the table test of %s", ev.At.Local().Format("2 Jan 2006"))
	bad := func(text, about string) { c.add(ev.UserID, ev.Game, name+": "+text, what+" "+about) }
	entry := fmt.Sprintf("audit entry %d", a.e.Seq)
	f := a.f
	switch {
	case !t.HasSheet() && f.Checklist == nil:
		return // recorded before checklists, and so recorded
	case !t.HasSheet():
		bad(fmt.Sprintf("%s recorded its checklist and signature, which are missing from the records: they were deleted", entry),
			"has lost its checklist, which the audit trail records")
		return
	case f.Checklist == nil:
		bad(fmt.Sprintf("no audit entry records its checklist and signature (%s recorded the table test without them): they were added behind the kiosk's back", entry),
			"has a checklist the audit trail does not record")
		return
	}
	if f.Signature == nil || *f.Signature != t.Signature {
		bad(fmt.Sprintf("%s recorded the signature %q; the records hold %q", entry, strOf(f.Signature), t.Signature),
			"has another signature than the audit trail records")
	}
	if f.Programme == nil || *f.Programme != t.ProgrammeID {
		bad(fmt.Sprintf("%s recorded programme version %s, not %d", entry, int64Of(f.Programme), t.ProgrammeID),
			"was judged on another programme in the audit trail")
	}
	if !slices.Equal(*f.Checklist, t.Items) {
		var diff []string
		for _, r := range t.Items {
			i := slices.IndexFunc(*f.Checklist, func(x ChecklistResult) bool { return x.Item == r.Item })
			switch {
			case i < 0:
				diff = append(diff, fmt.Sprintf("%s is not in it", r.Item))
			case (*f.Checklist)[i].Result != r.Result:
				diff = append(diff, fmt.Sprintf("%s was %s, not %s", r.Item, (*f.Checklist)[i].Result, r.Result))
			}
		}
		if len(diff) == 0 {
			diff = append(diff, "its items differ")
		}
		bad(fmt.Sprintf("%s recorded another checklist: %s", entry, strings.Join(diff, "; ")),
			"has other results on its checklist than the audit trail records")
	}
	if f.Retest == nil || *f.Retest != t.Retest {
		bad(fmt.Sprintf("%s recorded it as a %s", entry, map[bool]string{true: "re-test of a dealer in force", false: "sitting after a passed exam"}[f.Retest != nil && *f.Retest]),
			"is another kind of table test in the audit trail")
	}
}

// revocation compares the failed table test a revocation follows (its RefID)
// with the entry that recorded the revocation.
func (c *recordsCheck) revocation(ev *CertEvent) {
	a := c.one(AuditRevoked, ev.ID)
	if a == nil {
		return // CheckCertRecords names it
	}
	got := int64(0)
	if a.f.TableTest != nil {
		got = *a.f.TableTest
	}
	if got != ev.RefID {
		c.add(ev.UserID, ev.Game,
			fmt.Sprintf("certification event %d (revoked of trainee %d in %s, %s): audit entry %d recorded it as following table test %d, not %d",
				ev.ID, ev.UserID, ev.Game, ev.At.UTC().Format(AuditTimeLayout), a.e.Seq, got, ev.RefID),
			fmt.Sprintf("the revocation of %s has another cause in the audit trail", ev.At.Local().Format("2 Jan 2006")))
	}
}

func (c *recordsCheck) hours(h *TableHours) {
	name := fmt.Sprintf("table hours %d (trainee %d in %s, %s)", h.ID, h.UserID, h.Game, h.Day.Format("2006-01-02"))
	what := fmt.Sprintf("the table hours of %s", h.Day.Format("2 Jan 2006"))
	bad := func(text, about string) { c.add(h.UserID, h.Game, name+": "+text, what+" "+about) }
	a := c.one(AuditHoursEntered, h.ID)
	if a == nil {
		bad("no audit entry records them: they were added behind the kiosk's back", "are not in the audit trail")
	} else {
		f, entry := a.f, fmt.Sprintf("audit entry %d", a.e.Seq)
		switch {
		case a.e.Subject != CertSubject(h.UserID, h.Game) || f.Game == nil || *f.Game != h.Game:
			bad(fmt.Sprintf("%s recorded them for %s", entry, a.e.Subject), "belong to another dealer or game in the audit trail")
		}
		if f.Minutes == nil || *f.Minutes != h.Minutes {
			bad(fmt.Sprintf("%s recorded %s minutes; the records hold %d", entry, intOf(f.Minutes), h.Minutes),
				fmt.Sprintf("show %d minutes; the audit trail records %s", h.Minutes, intOf(f.Minutes)))
		}
		if f.Day == nil || *f.Day != h.Day.Format("2006-01-02") {
			bad(fmt.Sprintf("%s recorded the day %s", entry, strOf(f.Day)), "have another day in the audit trail")
		}
		if f.Table == nil || *f.Table != h.Table {
			bad(fmt.Sprintf("%s recorded the table %q", entry, strOf(f.Table)), "name another table in the audit trail")
		}
		if f.Note == nil || *f.Note != h.Note {
			bad(fmt.Sprintf("%s recorded another note", entry), "have another note in the audit trail")
		}
		if a.e.ActorID != h.EnteredBy {
			bad(fmt.Sprintf("%s recorded them as entered by %s (user %d), not user %d", entry, a.e.Actor, a.e.ActorID, h.EnteredBy),
				"were entered by someone else in the audit trail")
		}
		if at(a.e) != h.EnteredAt.UTC().Format(AuditTimeLayout) {
			bad(fmt.Sprintf("%s recorded them at %s", entry, at(a.e)), "were entered at another time in the audit trail")
		}
	}
	s := c.one(AuditHoursStruck, h.ID)
	switch {
	case h.Struck == nil && s != nil:
		bad(fmt.Sprintf("audit entry %d recorded them struck out, but the records count them", s.e.Seq),
			"count, though the audit trail records them struck out")
	case h.Struck != nil && s == nil:
		bad("they are struck out, but no audit entry records it", "are struck out without a record in the audit trail")
	case h.Struck != nil:
		if s.f.Reason == nil || *s.f.Reason != h.Struck.Reason || s.e.ActorID != h.Struck.ActorID ||
			at(s.e) != h.Struck.At.UTC().Format(AuditTimeLayout) {
			bad(fmt.Sprintf("audit entry %d recorded another strike (who, when or why)", s.e.Seq),
				"were struck out otherwise in the audit trail")
		}
	}
	if d := c.one(AuditHoursDeleted, h.ID); d != nil {
		bad(fmt.Sprintf("audit entry %d recorded their deletion, but they are in the records", d.e.Seq),
			"were deleted in the audit trail, yet are in the records")
	}
}

// deletedHours names entered hours whose row is gone without a deletion on
// record.
func (c *recordsCheck) deletedHours(hours []TableHours) {
	have := map[int64]bool{}
	for _, h := range hours {
		have[h.ID] = true
	}
	for id, es := range c.by[AuditHoursEntered] {
		if have[id] || c.one(AuditHoursDeleted, id) != nil {
			continue
		}
		a := es[len(es)-1]
		u, g, _ := parseCertSubject(a.e.Subject)
		c.add(u, g, fmt.Sprintf("audit entry %d (hours.entered, %s) records table hours %d, which are missing from the records: they were deleted behind the kiosk's back",
			a.e.Seq, at(a.e), id),
			fmt.Sprintf("table hours entered on %s are missing", a.e.At.Local().Format("2 Jan 2006")))
	}
}

func (c *recordsCheck) completion(p *ProgrammeCompletion) {
	name := fmt.Sprintf("programme completion %d (trainee %d in %s, %s)", p.ID, p.UserID, p.Game, p.At.UTC().Format(AuditTimeLayout))
	what := fmt.Sprintf("the completion of the programme on %s", p.At.Local().Format("2 Jan 2006"))
	bad := func(text, about string) { c.add(p.UserID, p.Game, name+": "+text, what+" "+about) }
	a := c.one(AuditProgrammeCompleted, p.ID)
	if a == nil {
		bad("no audit entry records it: it was added behind the kiosk's back", "is not in the audit trail")
		return
	}
	f, entry := a.f, fmt.Sprintf("audit entry %d", a.e.Seq)
	if a.e.Subject != CertSubject(p.UserID, p.Game) {
		bad(fmt.Sprintf("%s recorded it for %s", entry, a.e.Subject), "belongs to another dealer or game in the audit trail")
	}
	if f.Programme == nil || *f.Programme != p.ProgrammeID {
		bad(fmt.Sprintf("%s recorded programme version %s, not %d", entry, int64Of(f.Programme), p.ProgrammeID), "names another programme in the audit trail")
	}
	if f.MeasuredMS == nil || *f.MeasuredMS != p.Measured.Milliseconds() || f.Entered == nil || *f.Entered != p.EnteredMinutes {
		bad(fmt.Sprintf("%s recorded other hours (%s ms measured, %s minutes entered)", entry, int64Of(f.MeasuredMS), intOf(f.Entered)),
			"has other hours than the audit trail records")
	}
	if f.Note == nil || *f.Note != p.Note {
		bad(fmt.Sprintf("%s recorded another note", entry), "has another note in the audit trail")
	}
	if a.e.ActorID != p.ActorID || at(a.e) != p.At.UTC().Format(AuditTimeLayout) {
		bad(fmt.Sprintf("%s recorded it by user %d at %s", entry, a.e.ActorID, at(a.e)), "was recorded by someone else or at another time in the audit trail")
	}
}

func (c *recordsCheck) topic(t *TopicCompletion) {
	name := fmt.Sprintf("topic completion %d (trainee %d, %s, %s)", t.ID, t.UserID, t.Topic, t.Day.Format("2006-01-02"))
	what := fmt.Sprintf("the completion of %s", t.Day.Format("2 Jan 2006"))
	bad := func(text, about string) { c.add(t.UserID, "", name+": "+text, what+" "+about) }
	a := c.one(AuditTopicCompleted, t.ID)
	if a == nil {
		bad("no audit entry records it: it was added behind the kiosk's back", "is not in the audit trail")
		return
	}
	f, entry := a.f, fmt.Sprintf("audit entry %d", a.e.Seq)
	if a.e.Subject != TopicSubject(t.UserID, t.Topic) || f.Topic == nil || *f.Topic != t.Topic {
		bad(fmt.Sprintf("%s recorded it for %s", entry, a.e.Subject), "belongs to another dealer or topic in the audit trail")
	}
	if f.Day == nil || *f.Day != t.Day.Format("2006-01-02") {
		bad(fmt.Sprintf("%s recorded the day %s", entry, strOf(f.Day)), "has another day in the audit trail")
	}
	if f.Evidence == nil || *f.Evidence != t.Evidence {
		bad(fmt.Sprintf("%s recorded other evidence", entry), "has other evidence in the audit trail")
	}
	if a.e.ActorID != t.ActorID || at(a.e) != t.At.UTC().Format(AuditTimeLayout) {
		bad(fmt.Sprintf("%s recorded it by user %d at %s", entry, a.e.ActorID, at(a.e)), "was recorded by someone else or at another time in the audit trail")
	}
}

func (c *recordsCheck) programme(v *ProgrammeVersion) {
	name := fmt.Sprintf("programme version %d (%s)", v.ID, ProgrammeVersionName(v.Game, v.Number))
	what := fmt.Sprintf("version %d of the programme", v.Number)
	bad := func(text, about string) { c.add(0, v.Game, name+": "+text, what+" "+about) }
	if d := ProgrammeDigest(v.Body); d != v.Digest {
		bad("its content is not the content its digest was made of: it was changed behind the kiosk's back", "was changed after it was recorded")
	}
	a := c.one(AuditProgrammeRecorded, v.ID)
	if a == nil {
		bad("no audit entry records it: it was added behind the kiosk's back", "is not in the audit trail")
	} else if a.f.Digest == nil || *a.f.Digest != v.Digest || a.f.Number == nil || *a.f.Number != v.Number ||
		a.f.Game == nil || *a.f.Game != v.Game {
		bad(fmt.Sprintf("audit entry %d recorded version %s of %s with digest %s", a.e.Seq, intOf(a.f.Number), strOf(a.f.Game), strOf(a.f.Digest)),
			"is not the version the audit trail records")
	}
	for _, s := range c.same[v.ID] {
		if s.f.Digest == nil || *s.f.Digest != v.Digest || s.f.Number == nil || *s.f.Number != v.Number ||
			s.f.Game == nil || *s.f.Game != v.Game {
			bad(fmt.Sprintf("audit entry %d (%s, moved from a school) recorded version %s of %s with digest %s, which it names as this one", s.e.Seq,
				s.e.Action, intOf(s.f.Number), strOf(s.f.Game), strOf(s.f.Digest)), "is not the version a school's entry in the audit trail names")
		}
	}
	ap := c.one(AuditProgrammeApproved, v.ID)
	switch {
	case v.Approved() && ap == nil:
		bad("it is recorded as approved, but no audit entry records the approval", "is approved without a record in the audit trail")
	case !v.Approved() && ap != nil:
		bad(fmt.Sprintf("audit entry %d recorded its approval, but the records show it not approved", ap.e.Seq),
			"is not approved, but the audit trail records its approval")
	case ap != nil && (ap.e.ActorID != v.ApprovedBy || at(ap.e) != v.ApprovedAt.UTC().Format(AuditTimeLayout) ||
		ap.f.Digest == nil || *ap.f.Digest != v.Digest):
		bad(fmt.Sprintf("audit entry %d recorded another approval (who, when or which content)", ap.e.Seq),
			"was approved otherwise in the audit trail")
	}
}

func (c *recordsCheck) assignment(p *ProgrammeAssignment) {
	name := fmt.Sprintf("programme assignment %d (trainee %d in %s, %s)", p.ID, p.UserID, p.Game, p.At.UTC().Format(AuditTimeLayout))
	what := fmt.Sprintf("the programme given on %s", p.At.Local().Format("2 Jan 2006"))
	a := c.one(AuditProgrammeAssigned, p.ID)
	switch {
	case a == nil:
		c.add(p.UserID, p.Game, name+": no audit entry records it: it was added behind the kiosk's back", what+" is not in the audit trail")
	case a.e.Subject != CertSubject(p.UserID, p.Game) || a.f.Programme == nil || *a.f.Programme != p.ProgrammeID ||
		a.e.ActorID != p.ActorID || at(a.e) != p.At.UTC().Format(AuditTimeLayout):
		c.add(p.UserID, p.Game, fmt.Sprintf("%s: audit entry %d recorded programme version %s for %s", name, a.e.Seq, int64Of(a.f.Programme), a.e.Subject),
			what+" names another version in the audit trail")
	}
}

// signerMarks compares the marks of who may sign table tests with the last
// entry that set or took away each.
func (c *recordsCheck) signerMarks(signers []Signer) {
	marked := map[int64]*Signer{}
	for i := range signers {
		marked[signers[i].UserID] = &signers[i]
	}
	ids := map[int64]bool{}
	for id := range marked {
		ids[id] = true
	}
	for id := range c.signers {
		ids[id] = true
	}
	for id := range ids {
		s := marked[id]
		es := c.signers[id]
		var last *auditFacted
		if len(es) > 0 {
			last = es[len(es)-1]
		}
		name := fmt.Sprintf("the mark of user %d as one who may sign table tests", id)
		switch {
		case s != nil && (last == nil || last.e.Action != AuditSignerAllowed):
			c.add(id, "", name+": no audit entry records it: it was added behind the kiosk's back", "a right to sign table tests is not in the audit trail")
		case s == nil && last != nil && last.e.Action == AuditSignerAllowed:
			c.add(id, "", fmt.Sprintf("%s: audit entry %d recorded it, but it is missing from the records: it was deleted behind the kiosk's back", name, last.e.Seq),
				"a right to sign table tests the audit trail records is missing")
		case s != nil && (last.e.ActorID != s.AllowedBy || at(last.e) != s.AllowedAt.UTC().Format(AuditTimeLayout)):
			c.add(id, "", fmt.Sprintf("%s: audit entry %d recorded it by user %d at %s", name, last.e.Seq, last.e.ActorID, at(last.e)),
				"a right to sign table tests was given otherwise in the audit trail")
		}
	}
}

// missing names the rows an entry records that are gone (the entered hours
// have their own: deletedHours).
func (c *recordsCheck) missing(r RecordsFacts) {
	have := func(action string, ids []int64) {
		set := map[int64]bool{}
		for _, id := range ids {
			set[id] = true
		}
		for id, es := range c.by[action] {
			if set[id] {
				continue
			}
			a := es[len(es)-1]
			u, g := subjectUser(a.e.Subject), ""
			if _, game, ok := parseCertSubject(a.e.Subject); ok {
				g = game
			}
			if action == AuditProgrammeRecorded && a.f.Game != nil {
				g = *a.f.Game
			}
			c.add(u, g, fmt.Sprintf("audit entry %d (%s, %s) records %d, which is missing from the records: it was deleted behind the kiosk's back",
				a.e.Seq, a.e.Action, at(a.e), id),
				fmt.Sprintf("a record of %s is missing", a.e.At.Local().Format("2 Jan 2006")))
		}
	}
	var ids []int64
	for _, p := range r.Completions {
		ids = append(ids, p.ID)
	}
	have(AuditProgrammeCompleted, ids)
	ids = nil
	for _, t := range r.Topics {
		ids = append(ids, t.ID)
	}
	have(AuditTopicCompleted, ids)
	ids = nil
	for _, v := range r.Programmes {
		ids = append(ids, v.ID)
	}
	have(AuditProgrammeRecorded, ids)
	for id, es := range c.same {
		if slices.Contains(ids, id) {
			continue
		}
		a := es[len(es)-1]
		c.add(0, strOf(a.f.Game), fmt.Sprintf("audit entry %d (%s, %s) names programme version %d, which is missing from the records: it was deleted behind the kiosk's back",
			a.e.Seq, a.e.Action, at(a.e), id), fmt.Sprintf("a record of %s is missing", a.e.At.Local().Format("2 Jan 2006")))
	}
	ids = nil
	for _, p := range r.Assignments {
		ids = append(ids, p.ID)
	}
	have(AuditProgrammeAssigned, ids)
}
