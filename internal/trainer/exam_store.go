package trainer

// ErrExamOpen refuses to start a practice session, or another exam, while
// the trainee's exam is open: it resumes instead (KindConflict).
var ErrExamOpen = Errorf(KindConflict, "Your exam is still open: finish it first. It carries on where it stopped.").In("err.exam_open")

// ExamFilter narrows ListExams. Zero values match everything.
type ExamFilter struct {
	ID       int64 // one exam
	UserID   int64
	Game     string
	Finished bool // only finished exams
}
