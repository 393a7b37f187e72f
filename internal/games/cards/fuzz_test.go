package cards

import (
	"slices"
	"testing"
)

// FuzzParseList checks that no text makes the parser panic, and that what it
// accepts is a list of valid, distinct cards that formats and parses back to
// itself. The seed corpus is in testdata/fuzz/FuzzParseList.
func FuzzParseList(f *testing.F) {
	for _, s := range []string{"As Kd 10h Jk", "1x", "As As", "", ",,", "10", "Jk jk", "as,kd,qh,jc,ts"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		cs, err := ParseList(s)
		if err != nil {
			if cs != nil {
				t.Errorf("ParseList(%q) returned cards %v with error %v", s, cs, err)
			}
			return
		}
		var seen Set
		for _, c := range cs {
			if !c.Valid() || seen.Has(c) {
				t.Fatalf("ParseList(%q) = %v: invalid or repeated card %v", s, cs, c)
			}
			seen = seen.Add(c)
		}
		back, err := ParseList(Format(cs))
		if err != nil || !slices.Equal(back, cs) {
			t.Errorf("ParseList(Format(%v)) = %v, %v", cs, back, err)
		}
		if _, err := ParseHand(s, len(cs), true); err != nil {
			t.Errorf("ParseHand(%q, %d, true) = %v after ParseList accepted it", s, len(cs), err)
		}
	})
}
