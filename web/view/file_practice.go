package view

import (
	"context"

	"github.com/dealerkiosk/trainer/internal/practice"
	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web/say"
	"github.com/dealerkiosk/trainer/web/templates"
)

// A trainee's practice on their file (issue 23): the trainee's own
// progress panels, and their last answers with the mode each came from
// and its feedback.

// FileAnswers is how many of the last answers a trainee's file lists.
const FileAnswers = 20

// filePractice is the practice section of a file: games as the progress
// page sums them (exam answers apart), and the last answers of as (newest
// first).
func filePractice(ctx context.Context, games []GameProgress, as []*trainer.Attempt) templates.FilePractice {
	var p templates.FilePractice
	for _, g := range games {
		gp := gameProgress(ctx, g.Game, g.Attempts, g.Sessions)
		gp.StartURL = "" // the manager does not practise for the trainee
		p.Games = append(p.Games, gp)
	}
	for _, a := range as[:min(len(as), FileAnswers)] {
		r := templates.FileAnswer{When: a.AnsweredAt, Game: say.Game(ctx, a.Game), Skill: say.Skill(ctx, a.Skill),
			Mode: say.Mode(ctx, a.Mode), ModeClass: string(a.Mode), Correct: a.Correct, Result: say.Verdict(ctx, a.Correct),
			Elapsed: say.Seconds(ctx, a.Elapsed, 1), HintUsed: a.HintUsed}
		if a.MistakeID != "" {
			r.Feedback = say.Mistake(ctx, a.MistakeID)
		}
		p.Answers = append(p.Answers, r)
	}
	return p
}

// Weakest names the weakest skills of a trainee's answers as, leaving out
// exam answers (practice.Practised).
func WeakestPractised(ctx context.Context, as []*trainer.Attempt) []string {
	return Weakest(ctx, practice.Skills(practice.Practised(as)))
}
