package postgres

import "testing"

// TestMoveSubject: a school's audit subjects are translated to the group's
// users; its classes, which a move does not copy, stay named as the
// school's, never as the group's class of the same number.
func TestMoveSubject(t *testing.T) {
	t.Parallel()
	mv := &mover{m: SchoolMove{School: "0123456789abcdef"}, ids: map[string]map[int64]int64{"user": {5: 42}}}
	for in, want := range map[string]string{
		"user:5":            "user:42",
		"user:5/game:uth":   "user:42/game:uth",
		"user:5/class:3":    "user:42/school:0123456789ab/class:3",
		"class:3":           "school:0123456789ab/class:3",
		"audit":             "school:0123456789ab/audit",
		"rules:2026.11.02a": "rules:2026.11.02a",
	} {
		if got, err := mv.subject(in); err != nil || got != want {
			t.Errorf("subject(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
}
