package trainer_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

// TestRecordsMovedProgrammeEntries: a moved school's entries about its
// version of a programme whose content the group held already
// (same_as_group) are the school's history: they agree when they name the
// group's version by its number and digest, whoever approved it and when;
// one naming another content, or a version that is not there, is named.
func TestRecordsMovedProgrammeEntries(t *testing.T) {
	t0 := time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)
	body := trainer.ProgrammeBody{Game: "uth", MinimumHours: 40, Standard: json.RawMessage(`{}`)}
	v := &trainer.ProgrammeVersion{ID: 5, Game: "uth", Number: 2, Digest: trainer.ProgrammeDigest(body), Body: body,
		RecordedAt: t0, ApprovedAt: t0.Add(time.Hour), ApprovedBy: 3}
	var seq int64
	entry := func(action string, actor int64, at time.Time, d map[string]any) *trainer.AuditEntry {
		seq++
		e := &trainer.AuditEntry{Seq: seq, At: at, ActorID: actor, Actor: "someone", Action: action,
			Subject: trainer.ProgrammeSubject("uth"), Detail: trainer.AuditDetail(d)}
		e.Hash = e.ComputeHash()
		return e
	}
	own := []*trainer.AuditEntry{
		entry(trainer.AuditProgrammeRecorded, 0, t0, map[string]any{"version": 5, "game": "uth", "number": 2, "digest": v.Digest}),
		entry(trainer.AuditProgrammeApproved, 3, t0.Add(time.Hour), map[string]any{"version": 5, "game": "uth", "number": 2, "digest": v.Digest}),
	}
	school := func(id int64, digest string) []*trainer.AuditEntry {
		d := map[string]any{"version": id, "game": "uth", "number": 2, "digest": digest, "school_number": 1, "same_as_group": true,
			"moved_from": "abc", "moved_seq": 9}
		return []*trainer.AuditEntry{
			entry(trainer.AuditProgrammeRecorded, 0, t0.Add(-48*time.Hour), d),
			entry(trainer.AuditProgrammeApproved, 12, t0.Add(-24*time.Hour), d),
		}
	}
	for _, tc := range []struct {
		name    string
		entries []*trainer.AuditEntry
		want    string
	}{
		{"the same content", append(append([]*trainer.AuditEntry{}, own...), school(5, v.Digest)...), ""},
		{"another content", append(append([]*trainer.AuditEntry{}, own...), school(5, strings.Repeat("0", 64))...), "which it names as this one"},
		{"a version not there", append(append([]*trainer.AuditEntry{}, own...), school(6, v.Digest)...), "names programme version 6, which is missing"},
		{"without the mark", append(own, entry(trainer.AuditProgrammeApproved, 12, t0.Add(-24*time.Hour),
			map[string]any{"version": 5, "game": "uth", "number": 2, "digest": v.Digest, "moved_from": "abc"})), "recorded another approval"},
	} {
		ms := trainer.CheckRecords(trainer.RecordsFacts{Programmes: []*trainer.ProgrammeVersion{v}, Entries: tc.entries}, nil)
		var texts []string
		for _, m := range ms {
			texts = append(texts, m.Text)
		}
		got := strings.Join(texts, "; ")
		if tc.want == "" && got != "" || tc.want != "" && !strings.Contains(got, tc.want) {
			t.Errorf("%s: %q; want %q", tc.name, got, tc.want)
		}
	}
}
