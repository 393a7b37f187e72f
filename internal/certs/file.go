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
