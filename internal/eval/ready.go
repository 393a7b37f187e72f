package eval

// ReadySkills is how many skills of a game a trainee must have answered
// enough (MinAttempts) for Ready to judge them ready for the exam.
const ReadySkills = 3

// Ready reports whether a trainee's practice in one game (the masteries of
// its skills) makes them ready for the exam, by the mastery rule of
// docs/classes.md: at least ReadySkills skills answered MinAttempts times
// or more, none of them still learning, and at least half of them
// mastered. Skills answered fewer times are not judged. It decides
// nothing about certification: the exam's own rules do.
func Ready(ms []Mastery) bool {
	judged, mastered := 0, 0
	for _, m := range ms {
		switch m.Stage {
		case StageNew:
			continue
		case StageLearning:
			return false
		case StageMastered:
			mastered++
		}
		judged++
	}
	return judged >= ReadySkills && 2*mastered >= judged
}
