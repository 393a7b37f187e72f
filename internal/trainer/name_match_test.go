package trainer

import "testing"

// TestNameMatches: the sign-in grid's filter finds a name by the start of
// its words, without regard to case, accents, hyphens or apostrophes.
func TestNameMatches(t *testing.T) {
	for _, c := range []struct {
		name, q string
		want    bool
	}{
		{"José Pérez", "jo pe", true},
		{"José Pérez", "", true},
		{"José Pérez", "pérez", true},
		{"José Pérez", "ez", false},
		{"Anne-Marie O'Neil", "marie neil", true},
		{"Anne-Marie O’Neil", "o", true},
		{"Ivan Petrov", "ivan ivan", true},
		{"Ivan Petrov", "ivan sidorov", false},
	} {
		if got := NameMatches(c.name, c.q); got != c.want {
			t.Errorf("NameMatches(%q, %q) = %t, want %t", c.name, c.q, got, c.want)
		}
	}
}
