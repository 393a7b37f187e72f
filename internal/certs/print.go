package certs

import (
	"context"

	"github.com/dealerkiosk/trainer/internal/eval"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// Transcript is what a trainee's printed transcript in one game lists
// beside the state: every finished exam, every event of the record, and
// the rules versions they name, by code.
type Transcript struct {
	Exams    []*trainer.Exam
	Events   []trainer.CertEvent
	Versions map[string]*trainer.RulesVersion
}

// Transcript reads the transcript of trainee userID in game.
func (c *Certs) Transcript(ctx context.Context, userID int64, game string) (Transcript, error) {
	var t Transcript
	var err error
	if t.Exams, err = c.DB.ListExams(ctx, trainer.ExamFilter{UserID: userID, Game: game, Finished: true}); err != nil {
		return t, err
	}
	rec, err := c.DB.FindCertRecord(ctx, userID, game)
	if err != nil {
		return t, err
	}
	t.Events = rec.Events
	t.Versions, err = c.Versions(ctx)
	return t, err
}

// Versions are the recorded rules versions by their code, which a print
// says by their approval (say.RulesVersion).
func (c *Certs) Versions(ctx context.Context) (map[string]*trainer.RulesVersion, error) {
	vs, err := c.DB.ListRulesVersions(ctx)
	if err != nil {
		return nil, err
	}
	m := make(map[string]*trainer.RulesVersion, len(vs))
	for _, v := range vs {
		m[v.Version] = v
	}
	return m, nil
}

// Certificate is what a certificate says beside the status: the exam the
// grant followed (nil if none is found) and the audit entry that records
// the grant (nil if none).
type Certificate struct {
	Exam  *trainer.Exam
	Rules *trainer.RulesVersion // the exam's rules version, nil if not on record
	Entry *trainer.AuditEntry
}

// Certificate reads the certificate of the grant of st (st.Grant is not
// nil), trainee userID's in game. A certificate printed from records
// changed behind the kiosk's back would carry their word: it is refused
// with a *trainer.RecordsError while they disagree with the audit trail.
func (c *Certs) Certificate(ctx context.Context, userID int64, game string, st eval.CertStatus) (Certificate, error) {
	var cert Certificate
	if ms, err := c.DB.CheckCertRecords(ctx, userID, game); err != nil {
		return cert, err
	} else if len(ms) > 0 {
		return cert, &trainer.RecordsError{Mismatches: ms}
	}
	if st.Grant.ExamID != 0 {
		if exams, err := c.DB.ListExams(ctx, trainer.ExamFilter{ID: st.Grant.ExamID, Finished: true}); err == nil && len(exams) == 1 {
			cert.Exam = exams[0]
			if cert.Rules, err = c.DB.FindRulesVersion(ctx, cert.Exam.RulesVersion); err != nil && trainer.KindOf(err) != trainer.KindNotFound {
				return cert, err
			}
		}
	}
	var err error
	cert.Entry, err = c.GrantEntry(ctx, userID, game, st.Grant.ID)
	return cert, err
}
