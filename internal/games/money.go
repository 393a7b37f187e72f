package games

import (
	"fmt"
	"strconv"
	"strings"
)

// Money is an amount in minor units: hundredths of the table's currency unit.
// It is never a float, inside or on the wire: 7.5 is Money(750).
type Money int64

// Unit is one whole currency unit.
const Unit Money = 100

// ParseMoney reads decimal text ("10", "7.5", "0.25", "-3") exactly.
// More than two decimal places, an exponent or anything else is an error.
func ParseMoney(s string) (Money, error) {
	t := strings.TrimSpace(s)
	neg := strings.HasPrefix(t, "-")
	if neg {
		t = t[1:]
	}
	whole, frac, dot := strings.Cut(t, ".")
	if whole == "" || (dot && frac == "") || !digits(whole) || !digits(frac) {
		return 0, fmt.Errorf("%q is not an amount", s)
	}
	frac = strings.TrimRight(frac, "0")
	if len(frac) > 2 {
		return 0, fmt.Errorf("%q has more than two decimal places", s)
	}
	for len(frac) < 2 {
		frac += "0"
	}
	w, err := strconv.ParseInt(whole, 10, 64)
	if err != nil || w > 1e15 {
		return 0, fmt.Errorf("%q is too large", s)
	}
	f, _ := strconv.ParseInt(frac, 10, 64)
	m := Money(w)*Unit + Money(f)
	if neg {
		m = -m
	}
	return m, nil
}

func digits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// String writes the amount as short decimal text: "7.5", "10", "-0.25".
func (m Money) String() string {
	neg := m < 0
	if neg {
		m = -m
	}
	s := strconv.FormatInt(int64(m/Unit), 10)
	if f := m % Unit; f != 0 {
		fs := fmt.Sprintf("%02d", int64(f))
		s += "." + strings.TrimRight(fs, "0")
	}
	if neg {
		s = "-" + s
	}
	return s
}

// Fixed writes the amount with exactly two decimals, for tables and exports: "7.50".
func (m Money) Fixed() string {
	neg := m < 0
	if neg {
		m = -m
	}
	s := fmt.Sprintf("%d.%02d", int64(m/Unit), int64(m%Unit))
	if neg {
		s = "-" + s
	}
	return s
}

// MarshalJSON writes the amount as a JSON number in decimal text.
func (m Money) MarshalJSON() ([]byte, error) { return []byte(m.String()), nil }

// MarshalText writes the amount as decimal text (TOML, forms).
func (m Money) MarshalText() ([]byte, error) { return []byte(m.String()), nil }

// UnmarshalText reads decimal text, so that content/rules can write amounts as "2.5".
func (m *Money) UnmarshalText(b []byte) error {
	v, err := ParseMoney(string(b))
	if err != nil {
		return err
	}
	*m = v
	return nil
}

// UnmarshalJSON reads a JSON number (or a string holding one) exactly.
func (m *Money) UnmarshalJSON(b []byte) error {
	s := strings.Trim(string(b), `"`)
	v, err := ParseMoney(s)
	if err != nil {
		return err
	}
	*m = v
	return nil
}
