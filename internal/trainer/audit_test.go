package trainer_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

// chain builds n chained entries.
func chain(n int) []*trainer.AuditEntry {
	t0 := time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)
	var out []*trainer.AuditEntry
	prev := trainer.GenesisHash
	for i := range n {
		e := &trainer.AuditEntry{Seq: int64(i + 1), At: t0.Add(time.Duration(i) * time.Minute), ActorID: 2, Actor: "Max Manager",
			Action: trainer.AuditTableTest, Subject: trainer.CertSubject(7, "uth"),
			Detail: trainer.AuditDetail(map[string]any{"result": "pass", "n": i}), PrevHash: prev}
		e.Hash = e.ComputeHash()
		prev = e.Hash
		out = append(out, e)
	}
	return out
}

func verify(es []*trainer.AuditEntry) (*trainer.ChainVerifier, error) {
	var v trainer.ChainVerifier
	for _, e := range es {
		if err := v.Add(e); err != nil {
			return &v, err
		}
	}
	return &v, nil
}

func TestChainVerifier(t *testing.T) {
	t.Parallel()
	es := chain(5)
	v, err := verify(es)
	if err != nil || v.Count() != 5 || v.Head() != es[4].Hash {
		t.Fatalf("an intact chain: count %d, head %s, %v", v.Count(), v.Head(), err)
	}
	tests := []struct {
		name    string
		tamper  func([]*trainer.AuditEntry) []*trainer.AuditEntry
		seq     int64
		because string
	}{
		{"content changed", func(es []*trainer.AuditEntry) []*trainer.AuditEntry {
			es[2].Detail = `{"result":"fail"}`
			return es
		}, 3, "changed after it was written"},
		{"content changed and rehashed", func(es []*trainer.AuditEntry) []*trainer.AuditEntry {
			es[2].Actor = "Someone Else"
			es[2].Hash = es[2].ComputeHash()
			return es
		}, 4, "does not follow"},
		{"entry deleted", func(es []*trainer.AuditEntry) []*trainer.AuditEntry {
			return append(es[:1], es[2:]...)
		}, 3, "entries 2 to 2 before it are missing"},
		{"first entry deleted", func(es []*trainer.AuditEntry) []*trainer.AuditEntry { return es[1:] }, 2, "missing"},
		{"entries swapped", func(es []*trainer.AuditEntry) []*trainer.AuditEntry {
			es[1], es[2] = es[2], es[1]
			return es
		}, 3, "missing"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := verify(tt.tamper(chain(5)))
			var ce *trainer.ChainError
			if !errors.As(err, &ce) || ce.Seq != tt.seq || !strings.Contains(ce.Reason, tt.because) {
				t.Errorf("verify = %v; want entry %d: …%s…", err, tt.seq, tt.because)
			}
		})
	}
	// Deleting the last entries leaves a chain that verifies: only the head
	// hash, kept elsewhere, shows it (docs/certification.md).
	v, err = verify(chain(5)[:3])
	if err != nil || v.Head() == es[4].Hash {
		t.Errorf("tail cut: %v, head %s", err, v.Head())
	}
}

func TestAuditEncodeIsUnambiguous(t *testing.T) {
	t.Parallel()
	a := trainer.AuditEntry{Seq: 1, Actor: "ab", Action: "c"}
	b := trainer.AuditEntry{Seq: 1, Actor: "a", Action: "bc"}
	if string(a.Encode()) == string(b.Encode()) {
		t.Error("two entries with different fields encode alike")
	}
}

func TestActorContext(t *testing.T) {
	t.Parallel()
	if trainer.ActorOf(context.Background()) != nil {
		t.Error("an empty context has an actor")
	}
	u := &trainer.User{ID: 3, Name: "Max"}
	if got := trainer.ActorOf(trainer.WithActor(context.Background(), u)); got != u {
		t.Errorf("ActorOf = %v; want %v", got, u)
	}
}

func TestCertEventValidate(t *testing.T) {
	t.Parallel()
	tests := []struct {
		e    trainer.CertEvent
		kind trainer.Kind // 0 (KindInternal) for no error
		msg  string
	}{
		{trainer.CertEvent{UserID: 7, ActorID: 2, Kind: trainer.EventTablePass}, 0, ""},
		{trainer.CertEvent{UserID: 7, ActorID: 7, Kind: trainer.EventTablePass}, trainer.KindForbidden, "your own certification"},
		{trainer.CertEvent{UserID: 7, ActorID: 7, Kind: trainer.EventRevoked, Notes: "x"}, trainer.KindForbidden, "your own certification"},
		{trainer.CertEvent{UserID: 7, ActorID: 2, Kind: trainer.EventTableFail}, trainer.KindInvalid, "Write what went wrong"},
		{trainer.CertEvent{UserID: 7, ActorID: 2, Kind: trainer.EventTableRetest}, trainer.KindInvalid, "taken again"},
		{trainer.CertEvent{UserID: 7, ActorID: 2, Kind: trainer.EventRevoked}, trainer.KindInvalid, "reason"},
		{trainer.CertEvent{UserID: 7, ActorID: 2, Kind: trainer.EventTableFail, Notes: strings.Repeat("x", 2001)}, trainer.KindInvalid, "at most 2000"},
		{trainer.CertEvent{UserID: 7, Kind: trainer.EventTablePass}, trainer.KindInvalid, "manager must sign"},
	}
	for _, tt := range tests {
		err := tt.e.Validate()
		if tt.msg == "" {
			if err != nil {
				t.Errorf("%+v: %v", tt.e, err)
			}
			continue
		}
		if err == nil || trainer.KindOf(err) != tt.kind || !strings.Contains(err.Error(), tt.msg) {
			t.Errorf("%+v: Validate = %v; want %v …%s…", tt.e, err, tt.kind, tt.msg)
		}
	}
}
