package class

import "github.com/dealerkiosk/trainer/internal/trainer"

// Live is a class's live drill as read at one moment: the class with its
// roster, the live drill and its current question with the instructor's
// actions, the answers to it, and the standings and names the class shows.
type Live struct {
	Class *Class
	Live  *trainer.ClassLive // read for no trainee: the counts, no answer of anyone's
	// Answers are the answers to Live.Question, in the order given; ByUser
	// the same by trainee.
	Answers []*trainer.Attempt
	ByUser  map[int64]*trainer.Attempt
	// Places and Teams are the standings once the current question is
	// closed, when the class shows one; nil otherwise.
	Places map[int64]Place
	Teams  []Team
	// Names are the roster's names, read when the projector may show them.
	Names map[int64]string
}

// Question is the current question as package class reads it, or nil.
func (lv *Live) Question() *Question {
	if lv.Live.Question == nil {
		return nil
	}
	return (*Question)(lv.Live.Question)
}

// AnswerOf is trainee userID's answer to the current question, or nil.
func (lv *Live) AnswerOf(userID int64) *trainer.Attempt { return lv.ByUser[userID] }

// Running reports whether a live drill of the class runs.
func (lv *Live) Running() bool { return lv.Live.Run != nil }

// RunID is the running drill's ID, 0 for none.
func (lv *Live) RunID() int64 {
	if lv.Live.Run == nil {
		return 0
	}
	return lv.Live.Run.ID
}
