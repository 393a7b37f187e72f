package games

import (
	"fmt"
	"strconv"
	"strings"
)

// Odds are "Win:Per": Win units paid for every Per units staked, the stake
// returned on top (RULES.md's convention). 3:2 is Odds{3, 2}; a half pay is 1:2.
type Odds struct{ Win, Per int64 }

// ParseOdds reads "3:2", "20,000:1" or "1:2". Both sides are whole numbers,
// Per is at least 1.
func ParseOdds(s string) (Odds, error) {
	a, b, ok := strings.Cut(strings.ReplaceAll(strings.TrimSpace(s), ",", ""), ":")
	if !ok {
		return Odds{}, fmt.Errorf("bad odds %q: want \"X:Y\"", s)
	}
	w, err1 := strconv.ParseInt(strings.TrimSpace(a), 10, 64)
	p, err2 := strconv.ParseInt(strings.TrimSpace(b), 10, 64)
	if err1 != nil || err2 != nil || w < 0 || p < 1 || w > 1e7 || p > 1e7 {
		return Odds{}, fmt.Errorf("bad odds %q: want \"X:Y\" with whole numbers, Y at least 1", s)
	}
	return Odds{w, p}, nil
}

// String writes the odds as "3:2".
func (o Odds) String() string { return fmt.Sprintf("%d:%d", o.Win, o.Per) }

// MarshalText writes "3:2".
func (o Odds) MarshalText() ([]byte, error) { return []byte(o.String()), nil }

// UnmarshalText reads odds as ParseOdds does, for content/rules.
func (o *Odds) UnmarshalText(b []byte) error {
	v, err := ParseOdds(string(b))
	if err != nil {
		return err
	}
	*o = v
	return nil
}

// IsZero reports whether the odds are unset.
func (o Odds) IsZero() bool { return o.Per == 0 }

// Ratio returns the odds as a fraction numerator/denominator, for exact math.
func (o Odds) Ratio() (num, den int64) { return o.Win, o.Per }
