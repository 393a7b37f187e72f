package templates_test

import (
	"testing"

	"github.com/dealerkiosk/trainer/web/templates"
)

// TestPercent checks that a figure's decimal text becomes a percentage by
// moving its point, every digit kept and none invented.
func TestPercent(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"0.019040493163", "1.9040493163%"},
		{"0.0000323206205559", "0.00323206205559%"},
		{"-0.0112144480649", "−1.12144480649%"},
		{"-0.5", "−50%"},
		{"0", "0%"},
		{"1", "100%"},
		{"12.5", "1250%"},
		{"6.005079e-05", "0.006005079%"},
		{"-1.2e-3", "−0.12%"},
		{"2.5E+1", "2500%"},
		{"0.001", "0.1%"},
		{"", "–"},
		{"null", "–"}, // edge's figure that could not be estimated
	} {
		if got := templates.Percent(tt.in); got != tt.want {
			t.Errorf("Percent(%q) = %q; want %q", tt.in, got, tt.want)
		}
	}
}

func TestPoints(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"-0.0302549412279", "−3.02549412279 percentage points"},
		{"0.0159364754953", "+1.59364754953 percentage points"},
		{"0", "0 percentage points"},
	} {
		if got := templates.Points(tt.in); got != tt.want {
			t.Errorf("Points(%q) = %q; want %q", tt.in, got, tt.want)
		}
	}
}

func TestCount(t *testing.T) {
	for _, tt := range []struct {
		in   int64
		want string
	}{{0, "0"}, {999, "999"}, {1000, "1,000"}, {133784560, "133,784,560"}, {-2598960, "−2,598,960"}} {
		if got := templates.Count(tt.in); got != tt.want {
			t.Errorf("Count(%d) = %q; want %q", tt.in, got, tt.want)
		}
	}
}

func TestRoundSignificant(t *testing.T) {
	tests := []struct {
		in   string
		n    int
		want string
	}{
		{"0.004985965", 2, "0.0050"},
		{"0.004935965", 2, "0.0049"},
		{"0.0000123", 2, "0.000012"},
		{"-0.00125", 2, "-0.0013"}, // halves away from zero
		{"12.345", 2, "12"},
		{"0.5", 3, "0.500"},
		{"0", 2, "0"},
		{"null", 2, "null"},
		{"", 2, ""},
		{"1e-3", 2, "1e-3"},
	}
	for _, tt := range tests {
		if got := templates.RoundSignificant(tt.in, tt.n); got != tt.want {
			t.Errorf("RoundSignificant(%q, %d) = %q; want %q", tt.in, tt.n, got, tt.want)
		}
	}
}

// TestPercentSig checks the figures a manager reads: three significant
// digits, rounded half away from zero, zeros kept.
func TestPercentSig(t *testing.T) {
	for _, tt := range []struct {
		in   string
		n    int
		want string
	}{
		{"0.019040493163", 3, "1.90%"},
		{"0.980959506837", 3, "98.1%"},
		{"0.0000323206205559", 3, "0.00323%"},
		{"3.23206205559e-05", 3, "0.00323%"},
		{"0.02596500", 3, "2.60%"},
		{"-0.0302549412279", 3, "−3.03%"},
		{"0.99996", 3, "100%"},
		{"0.0999951", 3, "10.0%"},
		{"0.5", 3, "50.0%"},
		{"1", 3, "100%"},
		{"12.5", 3, "1250%"},
		{"0", 3, "0%"},
		{"0.00125", 2, "0.13%"},
		{"null", 3, "–"},
		{"", 3, "–"},
	} {
		if got := templates.PercentSig(tt.in, tt.n); got != tt.want {
			t.Errorf("PercentSig(%q, %d) = %q; want %q", tt.in, tt.n, got, tt.want)
		}
	}
	if got := templates.PointsSig("-0.0302549412279"); got != "−3.03 percentage points" {
		t.Errorf("PointsSig = %q", got)
	}
	if got := templates.PointsSig("0.000123"); got != "+0.0123 percentage points" {
		t.Errorf("PointsSig = %q", got)
	}
}
