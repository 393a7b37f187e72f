package certs

import (
	"context"

	"github.com/dealerkiosk/trainer/internal/eval"
	"github.com/dealerkiosk/trainer/internal/records"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// FileGame is one game of a trainee's file, as the managers read it.
type FileGame struct {
	Game   string
	Status eval.CertStatus
	Events []trainer.CertEvent // oldest first
	Exams  []*trainer.Exam
	// Standings say where a valid certification holds across the group's
	// sites (nil at a kiosk of one site).
	Standings []eval.SiteStanding
	// Checklist: the game's programme has an approved version, so its
	// table test is recorded with the checklist and a typed signature
	// (issue 24), not with the quick form.
	Checklist bool
}

// FileGame reads game of trainee u's file: the certification now (an
// expiry seen for the first time put on record, Find), its events, where
// it holds across the group's sites, the exams, and whether the game's
// programme has an approved version.
func (c *Certs) FileGame(ctx context.Context, u *trainer.User, game string) (FileGame, error) {
	fg := FileGame{Game: game}
	var err error
	if fg.Status, err = c.Find(ctx, u.ID, game); err != nil {
		return fg, err
	}
	rec, err := c.DB.FindCertRecord(ctx, u.ID, game)
	if err != nil {
		return fg, err
	}
	fg.Events = rec.Events
	vs, err := c.DB.ListProgrammeVersions(ctx, game)
	if err != nil {
		return fg, err
	}
	fg.Checklist = records.Approved(vs) != nil
	if fg.Standings, err = c.Standings(ctx, u, game, fg.Status); err != nil {
		return fg, err
	}
	fg.Exams, err = c.DB.ListExams(ctx, trainer.ExamFilter{UserID: u.ID, Game: game})
	return fg, err
}

// File is what a trainee's file shows of their certifications and
// records: each game's (FileGame), the recorded rules versions by code, the
// last audit entries about the trainee, the table hours entered and the
// topics completed outside the games.
type File struct {
	Games    []FileGame
	Versions map[string]*trainer.RulesVersion
	Audit    []*trainer.AuditEntry
	Hours    []trainer.TableHours
	Topics   []trainer.TopicCompletion
}

// fileAudit is how many of the latest audit entries about the trainee the
// file lists.
const fileAudit = 50

// File reads trainee u's file in games: each game (FileGame: expiries seen
// for the first time put on record), the rules versions (Versions), the
// audit entries, the table hours and the topics.
func (c *Certs) File(ctx context.Context, u *trainer.User, games []string) (File, error) {
	var f File
	for _, g := range games {
		fg, err := c.FileGame(ctx, u, g)
		if err != nil {
			return f, err
		}
		f.Games = append(f.Games, fg)
	}
	var err error
	if f.Versions, err = c.Versions(ctx); err != nil {
		return f, err
	}
	if f.Audit, err = c.DB.ListAudit(ctx, trainer.AuditFilter{SubjectPrefix: trainer.UserSubject(u.ID), Limit: fileAudit}); err != nil {
		return f, err
	}
	if f.Hours, err = c.DB.ListTableHours(ctx, u.ID); err != nil {
		return f, err
	}
	f.Topics, err = c.DB.ListTopicCompletions(ctx, u.ID)
	return f, err
}

// Mismatch is the first of games in which trainee userID's records
// disagree with the audit trail (changed behind the kiosk's back), with
// its first disagreement; "" and nil when they all agree. No certificate
// is granted or printed from such records (Record, Certificate).
func (c *Certs) Mismatch(ctx context.Context, userID int64, games []string) (string, *trainer.RecordMismatch, error) {
	for _, g := range games {
		ms, err := c.DB.CheckCertRecords(ctx, userID, g)
		if err != nil {
			return "", nil, err
		}
		if len(ms) > 0 {
			return g, &ms[0], nil
		}
	}
	return "", nil, nil
}
