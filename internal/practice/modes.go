package practice

import "github.com/dealerkiosk/trainer/internal/trainer"

// Practised are the answers of as that count towards a trainee's practice
// figures and mastery: every mode but the exam's (issue 23). An exam is
// sat under its own rules and judged by certification; counting its
// answers in mastery let one failed exam swamp weeks of practice ("Mastered
// 0 of N" after an exam where it read 6). Exams are the rest (Exams).
func Practised(as []*trainer.Attempt) []*trainer.Attempt {
	out := make([]*trainer.Attempt, 0, len(as))
	for _, a := range as {
		if a.Mode != trainer.ModeExam {
			out = append(out, a)
		}
	}
	return out
}

// Exams are the answers of as given in an exam, reported apart from
// practice.
func Exams(as []*trainer.Attempt) []*trainer.Attempt {
	var out []*trainer.Attempt
	for _, a := range as {
		if a.Mode == trainer.ModeExam {
			out = append(out, a)
		}
	}
	return out
}
